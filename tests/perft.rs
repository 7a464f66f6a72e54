//! Perft counts against tests/data/perft.tsv (copied from the reference
//! data). Depth-5 rows run only with `--ignored` unless optimised, since
//! an unoptimised build would take minutes.

use chuhe::board::{perft, perft_divide, Position};

fn rows() -> Vec<(String, u32, u64)> {
    include_str!("data/perft.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

fn check(max_depth: u32, min_depth: u32) {
    let mut checked = 0;
    for (fen, depth, expected) in rows() {
        if depth < min_depth || depth > max_depth {
            continue;
        }
        let mut pos = Position::from_fen(&fen).unwrap();
        assert_eq!(perft(&mut pos, depth), expected, "perft {depth} of {fen}");
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_depth_1_to_4() {
    check(4, 1);
}

#[test]
fn perft_depth_5() {
    // cheap enough with opt-level 2 (the test profile): about 10 s in all
    check(5, 5);
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    let mut pos = Position::startpos();
    let rows = perft_divide(&mut pos, 3);
    assert_eq!(rows.len(), 44);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 79666);
    let names: Vec<String> = rows.iter().map(|r| r.0.to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}
