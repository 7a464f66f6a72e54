//! The opening book: source validity, binary format, mirror-aware probing,
//! weighted choice, loading, and the committed binary kept in step.

use chuhe::board::{Colour, Move, PieceKind, Position};
use chuhe::book::{
    choose_move, Book, BookError, BookSet, BookSource, MoveVerifier, Randomness, BUILTIN_BINARY,
    BUILTIN_SOURCE, HEADER_LEN, MAGIC,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

fn after(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        let m = mv(m);
        assert!(pos.is_legal(m), "{m} illegal in {}", pos.to_fen());
        pos.make_move(m);
    }
    pos
}

#[test]
fn every_source_line_is_legal_and_8_to_16_plies() {
    let src = BookSource::builtin().expect("book/lines.txt parses");
    assert!(src.lines().len() >= 60, "only {} lines", src.lines().len());
    for line in src.lines() {
        let n = line.moves.len();
        assert!(
            (8..=16).contains(&n),
            "line {} ({}) has {n} plies",
            line.line_no,
            line.name
        );
        assert!(line.weight >= 1 && line.weight <= 100);
        // Replay independently of the parser.
        let mut pos = Position::startpos();
        for &m in &line.moves {
            assert!(pos.legal_moves().contains(m), "line {}: {m}", line.line_no);
            pos.make_move(m);
        }
    }
    // The required families are present (by first moves / names).
    let names: Vec<&str> = src.lines().iter().map(|l| l.name.as_str()).collect();
    for family in [
        "屏风马",
        "顺炮",
        "列炮",
        "单提马",
        "反宫马",
        "左炮封车",
        "仙人指路",
        "飞相",
        "起马",
        "过宫炮",
        "仕角炮",
    ] {
        assert!(
            names.iter().any(|n| n.contains(family)),
            "no line for {family}"
        );
    }
    let firsts: std::collections::HashSet<String> =
        src.lines().iter().map(|l| l.moves[0].to_string()).collect();
    for m in [
        "h2e2", "c3c4", "g3g4", "c0e2", "g0e2", "h0g2", "b0c2", "h2d2", "h2f2",
    ] {
        assert!(firsts.contains(m), "no line starts with {m}");
    }
}

#[test]
fn committed_binary_matches_source() {
    let built = BookSource::builtin().unwrap().to_book().to_bytes();
    assert!(
        built == BUILTIN_BINARY,
        "book/chuhe.bin is stale: run `chuhe book build` and commit it"
    );
    assert_eq!(Book::builtin().to_bytes(), built);
}

#[test]
fn start_position_has_several_candidates() {
    let pos = Position::startpos();
    let cands = Book::builtin().probe(&pos);
    assert!(cands.len() >= 5, "{cands:?}");
    assert_eq!(cands[0].0, mv("h2e2"));
    // Heaviest first, all legal.
    for w in cands.windows(2) {
        assert!(w[0].1 >= w[1].1);
    }
    for (m, _) in &cands {
        assert!(pos.is_legal(*m));
    }
    // The start position is its own mirror: weights stay as written (h2e2 is
    // not merged with the unbooked b2e2).
    assert!(!cands.iter().any(|(m, _)| *m == mv("b2e2")));
}

#[test]
fn both_sides_are_answered() {
    let book = Book::builtin();
    let black = after("h2e2");
    assert_eq!(black.side_to_move(), Colour::Black);
    let c = book.probe(&black);
    assert!(c.iter().any(|(m, _)| *m == mv("h9g7")), "{c:?}");
    assert!(c.iter().any(|(m, _)| *m == mv("h7e7")), "{c:?}");
    let red = after("h2e2 h9g7");
    assert!(book.probe(&red).iter().any(|(m, _)| *m == mv("h0g2")));
}

#[test]
fn mirrored_lookup_serves_the_other_wing() {
    let book = Book::builtin();
    // The book holds only 炮二平五 (h2e2) lines; 炮八平五 (b2e2) positions
    // are answered through the mirror.
    let right = after("h2e2 h9g7 h0g2");
    let left = after("b2e2 b9c7 b0c2");
    assert_eq!(left.key(), right.mirrored().key());
    assert!(book.probe_key(left.key()).is_empty());
    assert!(book.probe_direct(&left).is_empty());
    let r = book.probe(&right);
    let l = book.probe(&left);
    assert!(!l.is_empty());
    let mirrored: Vec<(Move, u32)> = r.iter().map(|&(m, w)| (m.mirror_file(), w)).collect();
    let mut a = l.clone();
    let mut b = mirrored;
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(l.iter().any(|(m, _)| *m == mv("a9b9")), "{l:?}"); // 车1平2 for 车9平8
    for (m, _) in &l {
        assert!(left.is_legal(*m));
    }
}

#[test]
fn mirrored_and_direct_entries_merge() {
    // After c3c4 the book has direct lines and g3g4 lines seen mirrored:
    // 卒底炮 b7c7 gets weight from both.
    let book = Book::builtin();
    let pos = after("c3c4");
    let direct: HashMap<Move, u32> = book.probe_direct(&pos).into_iter().collect();
    let mirror_pos = after("g3g4");
    let mirror: HashMap<Move, u32> = book
        .probe_direct(&mirror_pos)
        .into_iter()
        .map(|(m, w)| (m.mirror_file(), w))
        .collect();
    let merged: HashMap<Move, u32> = book.probe(&pos).into_iter().collect();
    let c7 = mv("b7c7");
    assert!(direct.contains_key(&c7) && mirror.contains_key(&c7));
    assert_eq!(merged[&c7], direct[&c7] + mirror[&c7]);
    for (m, w) in &merged {
        assert_eq!(
            *w,
            direct.get(m).unwrap_or(&0) + mirror.get(m).unwrap_or(&0)
        );
    }
}

#[test]
fn probe_returns_only_legal_moves() {
    // A book whose entry for the start position holds an illegal move.
    let pos = Position::startpos();
    let book = Book::from_entries([(pos.key(), mv("h2e2"), 5), (pos.key(), mv("a0a5"), 50)]);
    assert_eq!(book.probe(&pos), vec![(mv("h2e2"), 5)]);
}

#[test]
fn none_randomness_always_plays_the_top_move() {
    let pos = Position::startpos();
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..200 {
        assert_eq!(
            Book::builtin().choose(&pos, Randomness::None, &mut rng),
            Some(mv("h2e2"))
        );
    }
    // Ties go to the smaller move text.
    let c = [(mv("h2e2"), 7), (mv("b2e2"), 7), (mv("c3c4"), 3)];
    assert_eq!(
        choose_move(&c, Randomness::None, &mut rng),
        Some(mv("b2e2"))
    );
    assert_eq!(choose_move(&[], Randomness::Huge, &mut rng), None);
}

#[test]
fn medium_randomness_follows_the_weights() {
    let pos = Position::startpos();
    let book = Book::builtin();
    let cands = book.probe(&pos);
    let total: u32 = cands.iter().map(|c| c.1).sum();
    let mut rng = StdRng::seed_from_u64(0x5eed);
    let n = 40_000;
    let mut counts: HashMap<Move, u32> = HashMap::new();
    for _ in 0..n {
        let m = book.choose(&pos, Randomness::Medium, &mut rng).unwrap();
        *counts.entry(m).or_default() += 1;
    }
    for (m, w) in &cands {
        let expect = *w as f64 / total as f64;
        let got = *counts.get(m).unwrap_or(&0) as f64 / n as f64;
        assert!(
            (got - expect).abs() < 0.01 + 0.05 * expect,
            "{m}: drawn {got:.4}, weight share {expect:.4}"
        );
    }
    assert_eq!(counts.values().sum::<u32>(), n);
}

#[test]
fn larger_randomness_flattens() {
    let weights = [100, 30, 10, 1];
    let top: Vec<f64> = Randomness::ALL
        .iter()
        .map(|r| r.probabilities(&weights)[0])
        .collect();
    assert_eq!(top[0], 1.0);
    for w in top.windows(2) {
        assert!(w[0] > w[1], "{top:?}");
    }
    // With huge randomness rare moves do get played.
    let c: Vec<(Move, u32)> = ["h2e2", "c3c4", "c0e2", "b0c2"]
        .iter()
        .zip(weights)
        .map(|(m, w)| (mv(m), w))
        .collect();
    let mut rng = StdRng::seed_from_u64(9);
    let rare = (0..5000)
        .filter(|_| choose_move(&c, Randomness::Huge, &mut rng) == Some(mv("b0c2")))
        .count();
    assert!(rare > 100, "{rare}");
    for r in Randomness::ALL {
        assert_eq!(r.name().parse::<Randomness>(), Ok(r));
        assert_eq!(r.name().to_uppercase().parse::<Randomness>(), Ok(r));
    }
    assert!("wild".parse::<Randomness>().is_err());
}

#[test]
fn garbage_bytes_are_rejected_without_panic() {
    let good = Book::builtin().to_bytes();
    // Every truncation.
    for len in 0..good.len() {
        assert!(Book::from_bytes(&good[..len]).is_err(), "len {len}");
    }
    // Extra bytes.
    let mut long = good.clone();
    long.push(0);
    assert!(Book::from_bytes(&long).is_err());
    // Bad magic, non-zero reserved field.
    let mut bad = good.clone();
    bad[0] = b'X';
    assert!(Book::from_bytes(&bad).is_err());
    let mut bad = good.clone();
    bad[13] = 1;
    assert!(Book::from_bytes(&bad).is_err());
    // Swapped entries (unsorted), duplicates, zero weight, bad move.
    let e = |i: usize| HEADER_LEN + 12 * i;
    let mut bad = good.clone();
    let (a, b) = (good[e(0)..e(1)].to_vec(), good[e(1)..e(2)].to_vec());
    bad[e(0)..e(1)].copy_from_slice(&b);
    bad[e(1)..e(2)].copy_from_slice(&a);
    assert!(Book::from_bytes(&bad).is_err());
    let mut bad = good.clone();
    bad[e(1)..e(2)].copy_from_slice(&a);
    assert!(Book::from_bytes(&bad).is_err());
    let mut bad = good.clone();
    bad[e(0) + 10] = 0;
    bad[e(0) + 11] = 0;
    assert!(Book::from_bytes(&bad).is_err());
    let mut bad = good.clone();
    bad[e(0) + 8] = 0xff;
    bad[e(0) + 9] = 0xff;
    assert!(Book::from_bytes(&bad).is_err());
    // Random junk, with and without the magic; random bit flips.
    let mut rng = StdRng::seed_from_u64(42);
    for _ in 0..2000 {
        let n = rng.gen_range(0..200);
        let mut junk: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        if rng.gen_bool(0.5) && junk.len() >= 8 {
            junk[..8].copy_from_slice(MAGIC);
        }
        if let Ok(b) = Book::from_bytes(&junk) {
            let _ = b.probe(&Position::startpos());
        }
        let mut flipped = good.clone();
        let i = rng.gen_range(0..flipped.len());
        flipped[i] ^= 1 << rng.gen_range(0..8);
        if let Ok(b) = Book::from_bytes(&flipped) {
            let _ = b.probe(&Position::startpos());
        }
    }
    assert!(matches!(
        Book::from_bytes(b"hello"),
        Err(BookError::Corrupt(_))
    ));
}

#[test]
fn binary_round_trip() {
    let book = Book::builtin();
    let again = Book::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(&again, book);
    let st = BookSource::builtin().unwrap().stats();
    assert_eq!(book.len(), st.entries);
    assert_eq!(book.positions(), st.positions);
    assert_eq!(book.to_bytes().len(), HEADER_LEN + 12 * st.entries);
}

#[test]
fn source_errors_name_the_line() {
    let err = BookSource::parse("# c\n\nok\t5\th2e2 h9g7\nbad line\n").unwrap_err();
    assert!(matches!(err, BookError::Syntax { line: 4, .. }), "{err}");
    assert!(err.to_string().starts_with("line 4:"));
    let err = BookSource::parse("a\tx\th2e2\n").unwrap_err();
    assert!(matches!(err, BookError::Syntax { line: 1, .. }), "{err}");
    let err = BookSource::parse("a\t0\th2e2\n").unwrap_err();
    assert!(matches!(err, BookError::Syntax { line: 1, .. }), "{err}");
    let err = BookSource::parse("a\t1\th2e2 zz99\n").unwrap_err();
    assert!(matches!(err, BookError::Syntax { line: 1, .. }), "{err}");
    let err = BookSource::parse("a\t1\t\n").unwrap_err();
    assert!(matches!(err, BookError::Syntax { line: 1, .. }), "{err}");
    // Illegal move: names line, ply and move.
    let err = BookSource::parse("x\t1\th2e2\n\nbad\t3\th2e2 h9g7 h2e3\n").unwrap_err();
    match &err {
        BookError::IllegalMove { line, ply, mv, .. } => {
            assert_eq!((*line, *ply, mv.as_str()), (3, 3, "h2e3"));
        }
        e => panic!("{e}"),
    }
    assert!(err.to_string().contains("h2e3"));
}

#[test]
fn weights_merge_over_shared_prefixes() {
    let src =
        BookSource::parse("a\t10\th2e2 h9g7 h0g2\nb\t5\th2e2 h9g7 b0c2\nc\t1\tc3c4\n").unwrap();
    let book = src.to_book();
    assert_eq!(
        book.probe(&Position::startpos()),
        vec![(mv("h2e2"), 15), (mv("c3c4"), 1)]
    );
    assert_eq!(book.probe(&after("h2e2")), vec![(mv("h9g7"), 15)]);
    assert_eq!(
        book.probe(&after("h2e2 h9g7")),
        vec![(mv("h0g2"), 10), (mv("b0c2"), 5)]
    );
    let st = src.stats();
    assert_eq!(
        (st.lines, st.positions, st.entries, st.max_depth),
        (3, 3, 5, 3)
    );
}

#[test]
fn load_text_and_binary_files_and_book_sets() {
    let dir = std::env::temp_dir().join(format!("chuhe-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("main.bin");
    let txt = dir.join("extra.txt");
    std::fs::write(&bin, Book::builtin().to_bytes()).unwrap();
    std::fs::write(&txt, "extra\t7\th2e2 h9g7 e3e4\n").unwrap();
    let a = Book::load(&bin).unwrap();
    assert_eq!(&a, Book::builtin());
    let b = Book::load(&txt).unwrap();
    assert_eq!(b.len(), 3);
    let list = format!("{}; {} ;", bin.display(), txt.display());
    let set = BookSet::load_list(&list).unwrap();
    assert_eq!(set.len(), 2);
    let start = Position::startpos();
    let single: HashMap<Move, u32> = a.probe(&start).into_iter().collect();
    let merged: HashMap<Move, u32> = set.probe(&start).into_iter().collect();
    assert_eq!(merged[&mv("h2e2")], single[&mv("h2e2")] + 7);
    let pos = after("h2e2 h9g7");
    assert!(set
        .probe(&pos)
        .iter()
        .any(|(m, w)| *m == mv("e3e4") && *w == 7));
    assert!(Book::load(dir.join("missing.bin")).is_err());
    std::fs::write(dir.join("junk.bin"), [0xffu8, 0xfe, 0x00, 0x80]).unwrap();
    assert!(Book::load(dir.join("junk.bin")).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        BUILTIN_SOURCE.lines().next().map(|l| l.starts_with('#')),
        Some(true)
    );
}

/// Material values for the quiescence check below (centipawns).
fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::King => 10_000,
        PieceKind::Advisor | PieceKind::Bishop => 200,
        PieceKind::Knight => 400,
        PieceKind::Cannon => 450,
        PieceKind::Rook => 900,
        PieceKind::Pawn => 100,
    }
}

fn material(pos: &Position) -> i32 {
    let side = pos.side_to_move();
    let mut s = 0;
    for c in [Colour::Red, Colour::Black] {
        let sign = if c == side { 1 } else { -1 };
        for (_, p) in pos.pieces_of(c) {
            s += sign * value(p.kind());
        }
    }
    s
}

fn qsearch(pos: &mut Position, mut alpha: i32, beta: i32, depth: u32) -> i32 {
    let stand = material(pos);
    if stand >= beta || depth == 0 {
        return stand;
    }
    alpha = alpha.max(stand);
    for m in pos.legal_captures().iter().copied() {
        pos.make_move(m);
        let s = -qsearch(pos, -beta, -alpha, depth - 1);
        pos.unmake_move();
        if s >= beta {
            return s;
        }
        alpha = alpha.max(s);
    }
    alpha
}

/// A crude stand-in verifier: material after captures only. Not the depth-10
/// search verification the issue asks for (that waits for the search
/// module); it catches pieces left hanging.
struct MaterialQs;

impl MoveVerifier for MaterialQs {
    fn score_after(&mut self, pos: &Position, m: Move) -> i32 {
        let mut p = pos.clone();
        p.make_move(m);
        -qsearch(&mut p, -100_000, 100_000, 8)
    }
}

/// No book move may lose more than a pawn's worth of material to a
/// captures-only search (pawn-level "losses" are left to the real depth-10
/// verification: opening pressure such as 卒底炮 on the 7th pawn or the
/// central cannon taking e6 for tempo is beyond a material count).
#[test]
fn no_book_move_hangs_material() {
    let src = BookSource::builtin().unwrap();
    let fails = src.verify(&mut MaterialQs, -150);
    let text: Vec<String> = fails
        .iter()
        .map(|f| {
            format!(
                "line {} {} ply {} {} ({}) {}",
                f.line_no, f.name, f.ply, f.mv, f.score, f.fen
            )
        })
        .collect();
    assert!(fails.is_empty(), "{}", text.join("\n"));
}

#[test]
fn verifier_hook_reports_weak_moves() {
    struct Hates(Move);
    impl MoveVerifier for Hates {
        fn score_after(&mut self, _pos: &Position, m: Move) -> i32 {
            if m == self.0 {
                -300
            } else {
                0
            }
        }
    }
    let src = BookSource::parse("a\t1\th2e2 h9g7\nb\t1\th2e2 h9g7 h0g2\n").unwrap();
    let f = src.verify(&mut Hates(mv("h9g7")), -50);
    assert_eq!(f.len(), 1, "each (position, move) is asked once");
    assert_eq!(
        (f[0].line_no, f[0].ply, f[0].mv, f[0].score),
        (1, 2, mv("h9g7"), -300)
    );
    assert!(src.verify(&mut Hates(mv("a0a1")), -50).is_empty());
}

/// `book stats` and `book build` name the source file in their errors: a
/// bad line by file and line, an unreadable file once (not twice).
#[test]
fn book_commands_name_the_source_in_their_errors() {
    let dir = std::env::temp_dir().join(format!("chuhe-book-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad-lines.txt");
    std::fs::write(&bad, "no tabs here\n").unwrap();
    let missing = dir.join("missing.txt");
    let out_bin = dir.join("never.bin");
    let errors = |sub: &str, source: &std::path::Path| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .args(["book", sub, "--source"])
            .arg(source)
            .args(if sub == "build" {
                vec!["--out"]
            } else {
                vec![]
            })
            .args(if sub == "build" {
                vec![&out_bin]
            } else {
                vec![]
            })
            .output()
            .unwrap();
        assert!(!out.status.success(), "{sub} {}", source.display());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    for sub in ["stats", "build"] {
        let log = errors(sub, &bad);
        let named = format!("{}: line 1:", bad.display());
        assert!(log.contains(&named), "{sub}: {log}");
        let log = errors(sub, &missing);
        let name = missing.display().to_string();
        assert_eq!(log.matches(&name).count(), 1, "{sub}: {log}");
    }
    assert!(!out_bin.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
