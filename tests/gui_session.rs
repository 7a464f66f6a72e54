//! What a GUI meets across processes and dialects, against the built
//! binary: the book's random choice (a fresh seed per process unless
//! `BookSeed` fixes it) and the rank numbering of UCI moves (0-9, or 1-10
//! as Fairy-Stockfish writes them). Every read has a timeout.

mod engine_process;
use chuhe::board::{Move, Position};
use engine_process::EngineProcess as Engine;
use std::time::Duration;

/// Only catches hangs; nothing here measures speed.
const QUICK: Duration = Duration::from_secs(30);

/// A UCI session.
fn uci() -> Engine {
    Engine::handshake(QUICK, "uci", "uciok")
}

/// The move of the next `bestmove` line, and the lines before it.
fn best(e: &mut Engine) -> (String, Vec<String>) {
    let lines = e.until("bestmove");
    let last = lines.last().unwrap();
    let mv = last.split_whitespace().nth(1).unwrap().to_string();
    (mv, lines)
}

/// Book choices asked for in one session.
const DRAWS: usize = 30;

/// The next `n` book moves from the start position.
fn draws(e: &mut Engine, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            e.send("position startpos");
            e.send("go depth 1");
            best(e).0
        })
        .collect()
}

/// A fresh process's first `DRAWS` book moves from the start position
/// with `Randomness` huge, after `setup` commands.
fn book_choices(setup: &[&str]) -> Vec<String> {
    let mut e = uci();
    e.send("setoption name Randomness value huge");
    for s in setup {
        e.send(s);
    }
    draws(&mut e, DRAWS)
}

/// Two processes without a fixed seed choose differently.
///
/// The built-in book offers 11 moves at the start (weights 648, 118, 45,
/// 45, 36, 30, 22, 18, 8, 8, 8); `huge` draws them with probability
/// proportional to weight^(1/3), so no move is drawn with probability
/// above 8.65 / 38.5 < 0.23. The processes' seeds come from the operating
/// system; whatever the first process drew, the second repeats its 30
/// draws with probability at most 0.23^30 < 1e-19 (seeds colliding by
/// chance is rarer still), so this test cannot flake.
#[test]
fn two_processes_without_a_seed_choose_differently() {
    let a = book_choices(&[]);
    let b = book_choices(&[]);
    let start = Position::startpos();
    for m in a.iter().chain(&b) {
        assert!(start.is_legal(Move::from_iccs(m).unwrap()), "{m}");
    }
    assert_ne!(a, b, "two processes drew the same {DRAWS} book moves");
}

/// Two processes with the same `BookSeed` choose the same moves; setting
/// the seed again restarts its sequence.
#[test]
fn two_processes_with_one_seed_choose_alike() {
    let a = book_choices(&["setoption name BookSeed value 4242"]);
    let b = book_choices(&["setoption name BookSeed value 4242"]);
    assert_eq!(a, b);
    // the draws do vary within the session (else the test proves nothing)
    assert!(a.iter().any(|m| m != &a[0]), "{a:?}");
    // set again after a few draws (UCCI's name): the sequence starts over
    let mut e = uci();
    e.send("setoption name Randomness value huge");
    e.send("setoption name BookSeed value 4242");
    assert_eq!(draws(&mut e, 3), a[..3]);
    e.send("setoption bookseed 4242");
    assert_eq!(draws(&mut e, DRAWS), a);
}

/// The ranks of a UCI move text (one or two digits each).
fn ranks_of(mv: &str) -> (u32, u32) {
    let digits: Vec<&str> = mv
        .split(|c: char| c.is_ascii_alphabetic())
        .filter(|s| !s.is_empty())
        .collect();
    (digits[0].parse().unwrap(), digits[1].parse().unwrap())
}

/// ICCS (ranks 0-9) of a move written with ranks 1-10.
fn iccs_of_ranks_from_one(mv: &str) -> String {
    let files: Vec<char> = mv.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    let (from, to) = ranks_of(mv);
    format!("{}{}{}{}", files[0], from - 1, files[1], to - 1)
}

/// A GUI writing Fairy-Stockfish's ranks 1-10 (`h3e3`) is recognised from
/// its move list and answered in the same numbering; a UCI-cyclone GUI
/// (bare `fen`, as XBoard's adapter sends) keeps 0-9.
#[test]
fn ranks_from_one_are_recognised_and_answered() {
    let mut e = uci();
    e.send("setoption name UseBook value false");
    e.send("setoption name UCI_Variant value xiangqi");
    // h3e3 is illegal with ranks 0-9 (h3 is empty) and legal with 1-10
    e.send("position startpos moves h3e3");
    e.send("go depth 3");
    let (mv, lines) = best(&mut e);
    assert!(
        lines.iter().any(|l| l.contains("ranks 1-10")),
        "no note: {lines:?}"
    );
    let (from, to) = ranks_of(&mv);
    assert!((1..=10).contains(&from) && (1..=10).contains(&to), "{mv}");
    // Black's reply, read back with ranks 1-10, is legal after h2e2
    let mut pos = Position::from_fen_and_moves(None, ["h2e2"]).unwrap();
    let reply = Move::from_iccs(&iccs_of_ranks_from_one(&mv)).unwrap();
    assert!(pos.is_legal(reply), "{mv}");
    pos.make_move(reply);
    // the session stays at 1-10: Red's answer is written with it as well
    e.send(&format!("position startpos moves h3e3 {mv}"));
    e.send("go depth 2");
    let (mv, lines) = best(&mut e);
    assert!(lines.iter().all(|l| !l.contains("illegal")), "{lines:?}");
    let answer = Move::from_iccs(&iccs_of_ranks_from_one(&mv)).unwrap();
    assert!(pos.is_legal(answer), "{mv}");

    // a new session starts over at 0-9; a bare `fen` is UCI-cyclone
    let mut e = uci();
    e.send("setoption name UseBook value false");
    e.send("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves c3c4");
    e.send("go depth 2");
    let (mv, lines) = best(&mut e);
    assert!(lines.iter().all(|l| !l.contains("ranks 1-10")), "{lines:?}");
    let pos = Position::from_fen_and_moves(None, ["c3c4"]).unwrap();
    assert!(pos.is_legal(Move::from_iccs(&mv).unwrap()), "{mv}");
}

/// With `Ranks` fixed to 0-9 a move list written with ranks 1-10 is
/// refused with a message, never misread; fixed to 1-10 it is read.
#[test]
fn a_fixed_numbering_refuses_the_other() {
    let mut e = uci();
    e.send("setoption name UseBook value false");
    e.send("setoption name Ranks value 0-9");
    e.send("position startpos moves h3e3");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string illegal move h3e3")),
        "{lines:?}"
    );
    e.send("setoption name Ranks value 1-10");
    e.send("position startpos moves h3e3 h10g8");
    e.send("go depth 2");
    let (mv, lines) = best(&mut e);
    assert!(lines.iter().all(|l| !l.contains("illegal")), "{lines:?}");
    // Red to move: its back rank is 1, never 0
    let (from, to) = ranks_of(&mv);
    assert!(from >= 1 && to >= 1, "{mv}");
}
