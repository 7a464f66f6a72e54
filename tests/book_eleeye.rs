//! ElephantEye `BOOK.DAT` books in `bookfiles`: built here from positions
//! and moves, they are read with ElephantEye's hashing (mirror included),
//! probed before chuhe's own books, obeyed by the engine, and broken files
//! are refused with a message. ElephantEye's real book is checked too when
//! `CHUHE_ELEEYE_BOOK` names one (skipped otherwise).

use chuhe::board::{Move, Position};
use chuhe::book::eleeye::{lock, EleeyeBook};
use chuhe::book::{Book, BookSet};
use chuhe::engine::options::EngineOptions;
use chuhe::engine::Engine;
use std::path::PathBuf;

fn mv(text: &str) -> Move {
    Move::from_iccs(text).unwrap()
}

fn after(moves: &str) -> Position {
    Position::from_fen_and_moves(None, moves.split_whitespace()).unwrap()
}

/// A temporary directory of this test process.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhe-eleeye-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small book: at the start h2e2 (weight 30) and g3g4 (weight 0, known
/// but never chosen); after b2e2 only b9c7 (so after h2e2 the mirror
/// lookup must answer h9g7).
fn small_book() -> Vec<u8> {
    EleeyeBook::image(&[
        (Position::startpos(), mv("h2e2"), 30),
        (Position::startpos(), mv("g3g4"), 0),
        (after("b2e2"), mv("b9c7"), 12),
    ])
}

#[test]
fn a_built_book_is_probed_with_elephanteye_hashing_and_its_mirror() {
    let book = EleeyeBook::from_bytes(&small_book()).unwrap();
    assert_eq!(book.len(), 3);
    let start = book.probe(&Position::startpos());
    assert!(start.contains(&(mv("h2e2"), 30)));
    assert!(start.contains(&(mv("g3g4"), 0)));
    // stored for b2e2 only: found after h2e2 through the mirror
    assert_eq!(book.probe(&after("b2e2")), vec![(mv("b9c7"), 12)]);
    assert_eq!(book.probe(&after("h2e2")), vec![(mv("h9g7"), 12)]);
    assert!(book.probe(&after("h2e2 h9g7")).is_empty());
    assert_ne!(lock(&after("h2e2")), lock(&after("b2e2")));
}

#[test]
fn bookfiles_detects_the_format_and_prefers_the_elephanteye_book() {
    let dir = temp_dir("set");
    let dat = dir.join("BOOK.DAT");
    let own = dir.join("own.txt");
    std::fs::write(&dat, small_book()).unwrap();
    std::fs::write(&own, "own\t5\tc3c4 c6c5\n").unwrap();
    let set = BookSet::load_list(&format!("{};{}", own.display(), dat.display())).unwrap();
    assert_eq!(set.len(), 2);
    // the ElephantEye book answers first; a zero weight is never offered
    assert_eq!(set.probe(&Position::startpos()), vec![(mv("h2e2"), 30)]);
    // where it has nothing, chuhe's book does
    assert_eq!(set.probe(&after("c3c4")), vec![(mv("c6c5"), 5)]);
    assert_eq!(Book::load(&own).unwrap().len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_engine_plays_the_book_move_of_a_book_dat() {
    let dir = temp_dir("engine");
    let dat = dir.join("BOOK.DAT");
    std::fs::write(&dat, small_book()).unwrap();
    let mut engine = Engine::new(EngineOptions::default());
    engine.set_option("bookfiles", Some(&dat.display().to_string()));
    for seed in 0..8 {
        engine.seed_book(seed);
        engine.set_position(None, Vec::<&str>::new()).unwrap();
        let (choice, warning) = engine.book_move();
        assert_eq!(warning, None);
        assert_eq!(choice.map(|c| c.0), Some(mv("h2e2")));
        engine.set_position(None, ["h2e2"]).unwrap();
        assert_eq!(engine.book_move().0.map(|c| c.0), Some(mv("h9g7")));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn broken_and_unsupported_book_files_are_refused_with_a_reason() {
    let dir = temp_dir("broken");
    let good = small_book();
    let cases: [(&str, Vec<u8>, &str); 3] = [
        ("truncated.dat", good[..good.len() - 3].to_vec(), "record"),
        ("unsorted.dat", [&good[16..], &good[..16]].concat(), "order"),
        ("book.obk", b"SQLite format 3\0rest".to_vec(), "SQLite"),
    ];
    for (name, bytes, reason) in cases {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let err = BookSet::load_list(&path.display().to_string()).unwrap_err();
        assert!(err.to_string().contains(reason), "{name}: {err}");
        let mut engine = Engine::new(EngineOptions::default());
        engine.set_option("bookfiles", Some(&path.display().to_string()));
        let (choice, warning) = engine.book_move();
        assert!(choice.is_none(), "{name}");
        assert!(warning.is_some_and(|w| w.contains(reason)), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn elephanteyes_own_book_opens_with_the_central_cannon_when_present() {
    let Some(path) = std::env::var_os("CHUHE_ELEEYE_BOOK") else {
        eprintln!("CHUHE_ELEEYE_BOOK not set: skipped");
        return;
    };
    let book = EleeyeBook::from_bytes(&std::fs::read(path).unwrap()).unwrap();
    let moves = book.probe(&Position::startpos());
    let heaviest = moves.iter().map(|&(_, w)| w).max().unwrap();
    let top: Vec<Move> = moves
        .iter()
        .filter(|&&(_, w)| w == heaviest)
        .map(|&(m, _)| m)
        .collect();
    assert!(
        top.contains(&mv("h2e2")) && top.contains(&mv("b2e2")),
        "{moves:?}"
    );
    let replies = book.probe(&after("h2e2"));
    assert!(replies.iter().any(|&(m, _)| m == mv("h9g7")), "{replies:?}");
}
