//! `chuhe play`: notations both ways, and the game loop driven through
//! in-memory buffers and through the binary's piped stdin.

use chuhe::board::rules::{EndReason, GameResult, RuleConfig};
use chuhe::board::{Colour, Move, Position, START_FEN};
use chuhe::play::{announce, parse_move, to_chinese, to_wxf, PlayConfig, Session};
use chuhe::search::Limits;
use std::io::Write;
use std::process::{Command, Stdio};

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

#[test]
fn specific_notations() {
    let mut p = Position::startpos();
    assert_eq!(parse_move(&p, "炮二平五"), Ok(mv("h2e2")));
    assert_eq!(parse_move(&p, "C2=5"), Ok(mv("h2e2")));
    assert_eq!(parse_move(&p, "h2-e2"), Ok(mv("h2e2")));
    assert_eq!(parse_move(&p, "R1+1"), Ok(mv("i0i1")));
    assert_eq!(parse_move(&p, "车一进一"), Ok(mv("i0i1")));
    assert_eq!(parse_move(&p, "相三进五"), Ok(mv("g0e2")));
    assert_eq!(parse_move(&p, "仕四进五"), Ok(mv("f0e1")));
    assert_eq!(parse_move(&p, "帅五进一"), Ok(mv("e0e1")));
    assert_eq!(parse_move(&p, "兵七进一"), Ok(mv("c3c4")));
    p.make_move(mv("h2e2"));
    assert_eq!(parse_move(&p, "马8进7"), Ok(mv("h9g7")));
    assert_eq!(parse_move(&p, "馬8進7"), Ok(mv("h9g7")));
    assert_eq!(parse_move(&p, "马八进七"), Ok(mv("h9g7")));
    assert_eq!(parse_move(&p, "H8+7"), Ok(mv("h9g7")));
    assert_eq!(parse_move(&p, "炮8平5"), Ok(mv("h7e7")));
    assert_eq!(parse_move(&p, "卒3进1"), Ok(mv("c6c5")));
    assert_eq!(to_chinese(&p, mv("h9g7")), "马8进7");
    assert_eq!(to_wxf(&p, mv("h9g7")), "H8+7");
    assert_eq!(to_chinese(&p, mv("b7e7")), "炮2平5");
    assert_eq!(to_chinese(&p, mv("a9a7")), "车1进2");
}

/// parse(to_chinese(m)) == m and parse(to_wxf(m)) == m for every legal move
/// of the 3000 oracle positions.
#[test]
fn notation_round_trip_over_oracle_positions() {
    let data = std::fs::read_to_string("tests/data/movegen-oracle.tsv").unwrap();
    let mut positions = 0;
    let mut moves = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split('\t').next().unwrap();
        let pos = Position::from_fen(fen).unwrap();
        positions += 1;
        for &m in pos.legal_moves().iter() {
            let c = to_chinese(&pos, m);
            assert_eq!(parse_move(&pos, &c), Ok(m), "{fen}: {m} as {c}");
            let w = to_wxf(&pos, m);
            assert_eq!(parse_move(&pos, &w), Ok(m), "{fen}: {m} as {w}");
            assert_eq!(parse_move(&pos, &m.to_string()), Ok(m));
            moves += 1;
        }
    }
    assert!(positions >= 3000, "{positions}");
    assert!(moves > 50_000, "{moves}");
}

#[test]
fn tandem_pawns_on_two_files() {
    // red pawns doubled on files 三 (g) and 七 (c)
    let p = Position::from_fen("3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1").unwrap();
    let m = mv("c6b6");
    let c = to_chinese(&p, m);
    assert_eq!(c, "前七平八");
    assert_eq!(parse_move(&p, &c), Ok(m));
    assert_eq!(parse_move(&p, "前兵七平八"), Ok(m));
    let e = parse_move(&p, "前兵平八").unwrap_err();
    assert!(e.contains("ambiguous"), "{e}");
    assert_eq!(to_wxf(&p, m), "+P7=8");
}

#[test]
fn announcements() {
    let r = GameResult::Win {
        winner: Colour::Red,
        reason: EndReason::PerpetualCheck,
    };
    assert_eq!(
        announce(&r, &RuleConfig::default()),
        "红方胜 / red wins by perpetual check (black checked on every move of the cycle)"
    );
    let d = GameResult::Draw {
        reason: EndReason::MoveLimit,
    };
    assert!(announce(&d, &RuleConfig::default()).starts_with("和棋 / draw by move limit"));
}

fn config(fen: &str, human: Colour) -> PlayConfig {
    PlayConfig {
        human,
        fen: fen.to_string(),
        limits: Limits::depth(2),
        book: false,
        echo: true,
        colour: false,
        seed: Some(1),
        ..PlayConfig::default()
    }
}

/// The transcript of a session fed `input` (text, or bytes that need not
/// be UTF-8).
fn run(config: PlayConfig, input: impl AsRef<[u8]>) -> String {
    let mut session = Session::new(config).unwrap();
    let mut out = Vec::new();
    session.run(input.as_ref(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn short_game_in_three_notations() {
    let t = run(
        config(START_FEN, Colour::Red),
        "h2e2\n马二进三\nR1=2\nmoves\nquit\n",
    );
    assert!(t.contains("you play h2e2  炮二平五  C2=5"), "{t}");
    assert!(t.contains("you play h0g2  马二进三  H2+3"), "{t}");
    assert!(t.contains("you play i0h0  车一平二  R1=2"), "{t}");
    assert_eq!(t.matches("chuhe (黑方 black) plays").count(), 3, "{t}");
    assert!(t.contains("  pv "), "{t}");
    // every engine move says its chances, and they add up to 100 %
    let chances: Vec<&str> = t.lines().filter(|l| l.contains("chances for")).collect();
    assert_eq!(chances.len(), 3, "{t}");
    for line in chances {
        let sum: f64 = line
            .split(['%', ' '])
            .filter_map(|w| w.parse::<f64>().ok())
            .sum();
        assert!((sum - 100.0).abs() < 0.15, "{line}");
    }
    assert!(!t.contains("try again"), "{t}");
    assert!(!t.contains('\x1b'));
    assert!(t.trim_end().ends_with("bye"));
}

#[test]
fn illegal_and_ambiguous_input_is_explained_and_asked_again() {
    let fen = "3k5/9/9/9/9/9/9/7N1/9/4K2N1 w - - 0 1";
    let t = run(
        config(fen, Colour::Red),
        "马二进三\n炮二平五\nh0h5\nxyz\n前马进三\nquit\n",
    );
    assert!(
        t.contains("马二进三: ambiguous: two red horses on that file can do it"),
        "{t}"
    );
    assert!(t.contains("use 前/后"), "{t}");
    assert!(t.contains("炮二平五: no red cannon on file 二"), "{t}");
    assert!(
        t.contains("h0h5: the horse on h0 cannot go to h5: a horse moves one point straight"),
        "{t}"
    );
    assert!(t.contains("'xyz' is not a move"), "{t}");
    assert_eq!(t.matches("try again").count(), 4, "{t}");
    assert!(t.contains("you play h2g4  前马进三  +H+3"), "{t}");
}

#[test]
fn bytes_that_are_not_utf8_are_asked_again() {
    let t = run(
        config(START_FEN, Colour::Red),
        b"\xff\xfe\x80garbage\nh2e2\nquit\n",
    );
    assert!(t.contains("is not a move"), "{t}");
    assert_eq!(t.matches("try again").count(), 1, "{t}");
    assert!(t.contains("you play h2e2"), "{t}");
    assert!(t.trim_end().ends_with("bye"), "{t}");
}

fn fen_lines(t: &str) -> Vec<&str> {
    t.lines()
        .filter_map(|l| l.rsplit("> ").next())
        .filter(|l| l.split_whitespace().count() == 6 && l.contains('/'))
        .collect()
}

#[test]
fn undo_restores_the_position() {
    let t = run(
        config(START_FEN, Colour::Red),
        "fen\nh2e2\nfen\nundo\nfen\nundo\nquit\n",
    );
    let fens = fen_lines(&t);
    assert_eq!(fens.first(), Some(&START_FEN), "{t}");
    assert_ne!(fens[1], START_FEN);
    assert!(t.contains("took back 2 moves"), "{t}");
    assert_eq!(fens.last(), Some(&START_FEN), "{t}");
    assert!(t.contains("nothing to undo"), "{t}");
}

#[test]
fn save_writes_a_pgn_that_replays() {
    let dir = std::env::temp_dir().join(format!("chuhe-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let t = run(
        config(START_FEN, Colour::Red),
        format!("炮二平五\nH2+3\nsave {}\nquit\n", file.display()),
    );
    assert!(t.contains("saved 4 moves"), "{t}");
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(pgn.contains(&format!("[FEN \"{START_FEN}\"]")), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    let (fen, moves) = chuhe::arena::report::pgn_moves(&pgn);
    assert_eq!(moves.len(), 4, "{pgn}");
    let mut pos = Position::from_fen(&fen).unwrap();
    for m in &moves {
        let m = mv(m);
        assert!(pos.is_legal(m), "{pgn}");
        pos.make_move(m);
    }
    assert_eq!(moves[0], "h2e2");
    assert_eq!(moves[2], "h0g2");
    let _ = std::fs::remove_dir_all(&dir);
}

const MATE_IN_ONE: &str = "4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1";

#[test]
fn mate_by_the_human_is_announced() {
    let dir = std::env::temp_dir().join(format!("chuhe-play-mate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mate.pgn");
    let t = run(
        config(MATE_IN_ONE, Colour::Red),
        format!("i0i9\nh2e2\nsave {}\n", file.display()),
    );
    assert!(
        t.contains("红方胜 / red wins by checkmate (black is checkmated)"),
        "{t}"
    );
    assert!(t.contains("the game is over"), "{t}");
    assert!(!t.contains("chuhe (黑方 black) plays"), "{t}");
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(
        pgn.contains("[Result \"1-0\"]") && pgn.contains("i0i9 1-0"),
        "{pgn}"
    );
    // EOF ends the session cleanly
    assert!(t.trim_end().ends_with("bye"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mate_by_the_engine_is_announced() {
    let t = run(config(MATE_IN_ONE, Colour::Black), "");
    assert!(t.contains("chuhe (红方 red) plays"), "{t}");
    assert!(t.contains("红方胜 / red wins by checkmate"), "{t}");
    assert!(t.contains("mate in 1"), "{t}");
}

#[test]
fn coloured_output_has_escape_codes_only_when_asked() {
    let mut c = config(START_FEN, Colour::Red);
    c.colour = true;
    let t = run(c, "h2e2\n");
    assert!(t.contains("\x1b[1;31m"), "{t}");
    assert!(t.contains("\x1b[7m"), "{t}");
    let t = run(config(START_FEN, Colour::Red), "h2e2\nflip\n");
    assert!(!t.contains('\x1b'));
}

#[test]
fn binary_plays_with_threads() {
    let threads = format!("threads={}", chuhe::search::max_threads().min(2));
    let t = play_piped(&["--depth", "4", "--set", &threads], "h2e2\nh0g2\n");
    assert_eq!(t.matches("chuhe (黑方 black) plays").count(), 2, "{t}");
}

#[test]
fn binary_plays_through_piped_stdin() {
    let t = play_piped(&["--depth", "2"], "h2e2\nhint\nfen\nhelp\n");
    assert!(!t.contains('\x1b'), "{t}");
    assert!(t.contains("楚  河") && t.contains("漢  界"), "{t}");
    assert!(t.contains("九  八  七  六  五  四  三  二  一"), "{t}");
    assert!(t.contains("1   2   3   4   5   6   7   8   9"), "{t}");
    assert!(t.contains("you play h2e2  炮二平五  C2=5"), "{t}");
    assert!(t.contains("chuhe (黑方 black) plays"), "{t}");
    assert!(t.contains("hint: "), "{t}");
    assert!(t.contains("save FILE"), "{t}");
    assert_eq!(fen_lines(&t).len(), 1, "{t}");
    assert!(t.trim_end().ends_with("bye"), "{t}");
}

/// Round trips in crafted positions full of tandem pieces: up to five pawns
/// on a file, pawns doubled on two files, doubled rooks, cannons, horses,
/// advisors and elephants, for both sides.
#[test]
fn notation_round_trip_with_tandem_pieces() {
    let fens = [
        "3k5/4P4/4P4/4P4/4P4/9/2P6/9/9/4K4 w - - 0 1",
        "3k5/4P4/4P4/4P4/4P4/9/4P4/9/9/5K3 w - - 0 1",
        "4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b - - 0 1",
        "4k4/9/9/9/2p6/2p6/2p6/2p6/2p6/3K5 b - - 0 1",
        "r1b1k4/r8/1c1a3n1/9/1cb6/9/9/9/9/3K3n1 b - - 0 1",
        "3k5/9/9/9/9/2B6/1C7/R2A2N2/RC7/2BAK1N2 w - - 0 1",
        "3k5/9/9/9/9/2B6/1C7/R2A2N2/RC7/2BAK1N2 b - - 0 1",
    ];
    let mut tandem_seen = 0;
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let legal = pos.legal_moves();
        assert!(!legal.is_empty(), "{fen}");
        for &m in legal.iter() {
            let c = to_chinese(&pos, m);
            assert_eq!(parse_move(&pos, &c), Ok(m), "{fen}: {m} as {c}");
            let w = to_wxf(&pos, m);
            assert_eq!(parse_move(&pos, &w), Ok(m), "{fen}: {m} as {w}");
            if c.starts_with(['前', '中', '后', '一', '二', '三', '四', '五']) {
                tandem_seen += 1;
            }
        }
    }
    assert!(tandem_seen > 20, "{tandem_seen}");
}

#[test]
fn check_is_announced() {
    // the rook gives check from the side; black can escape
    let t = run(
        config("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1", Colour::Red),
        "i0i9\nquit\n",
    );
    assert!(t.contains("将军 / check!"), "{t}");
    assert!(t.contains("chuhe (黑方 black) plays"), "{t}");
}

/// Runs `chuhe play ARGS` with `input` piped to it (no colours) and returns
/// its standard output, after checking that it exited successfully.
fn play_piped(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("play")
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}
