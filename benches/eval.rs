//! Evaluation benchmark: nanoseconds per `evaluate()` over a fixed set of
//! positions — the openings of `tests/data/openings.tsv`, each played out a
//! few plies deterministically (after 2, 4 and 6 plies), plus every 30th
//! position of `tests/data/movegen-oracle.tsv`. Each iteration evaluates
//! one position, cycling through the set, so the reported time is the
//! time of one call.

use chuhe::board::{Move, Position};
use chuhe::eval::{EvalCounter, Evaluator, Profile};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn positions(ev: &Evaluator) -> Vec<Position> {
    let mut out = Vec::new();
    for (i, line) in include_str!("../tests/data/openings.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
    {
        let mut cols = line.split('\t');
        let (_name, fen) = (cols.next().unwrap(), cols.next().unwrap());
        let mut pos = Position::from_fen(fen).expect("opening FEN");
        ev.install(&mut pos);
        for m in cols.next().unwrap_or("").split_whitespace() {
            pos.make_move(Move::from_iccs(m).expect("opening move"));
        }
        for ply in 0..6 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves.as_slice()[(i * 3 + ply * 7) % moves.len()]);
            if ply % 2 == 1 {
                out.push(pos.clone());
            }
        }
    }
    for line in include_str!("../tests/data/movegen-oracle.tsv")
        .lines()
        .step_by(30)
    {
        let mut pos = Position::from_fen(line.split('\t').next().unwrap()).expect("oracle FEN");
        ev.install(&mut pos);
        out.push(pos);
    }
    out
}

fn bench(c: &mut Criterion) {
    for profile in [Profile::Default, Profile::Paper] {
        let ev = Evaluator::new(profile);
        let set = positions(&ev);
        let mut counter = EvalCounter::default();
        let mut i = 0;
        c.bench_function(
            &format!("evaluate {profile} ({} positions)", set.len()),
            |b| {
                b.iter(|| {
                    i = if i + 1 == set.len() { 0 } else { i + 1 };
                    ev.evaluate(black_box(&set[i]), &mut counter)
                })
            },
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
