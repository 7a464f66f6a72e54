//! Whole protocol sessions against the built binary, through pipes. Every
//! wait has a timeout, so a hang fails the test instead of blocking it.

mod engine_process;
use chuhe::board::{Move, Position};
use engine_process::EngineProcess as Engine;
use std::process::Command;
use std::thread;
use std::time::Duration;

const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// Generous limit for replies that involve no deliberate waiting. No test
/// here measures speed: wall-clock bounds only catch hangs (or, for the
/// time units, tell 600 ms from 600 s); the latencies themselves are
/// measured by `scripts/latency.sh` (see the README).
const QUICK: Duration = Duration::from_secs(10);

/// A UCCI session that searches every position (the opening book,
/// on by default, would answer the first moves from the start).
fn ucci() -> Engine {
    let mut e = ucci_with_book();
    e.send("setoption usebook false");
    e
}

fn ucci_with_book() -> Engine {
    Engine::handshake(QUICK, "ucci", "ucciok")
}

/// A UCI session without the opening book.
fn uci() -> Engine {
    let mut e = Engine::handshake(QUICK, "uci", "uciok");
    e.send("setoption name UseBook value false");
    e
}

/// The move of a `bestmove` line.
fn best_move(line: &str) -> Move {
    let t: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(t[0], "bestmove", "{line}");
    Move::from_iccs(t[1]).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn fen_of(lines: &[String]) -> String {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("fen "))
        .expect("a fen line")
        .to_string()
}

#[test]
fn handshake_ucci() {
    let mut e = Engine::start(QUICK);
    e.send("ucci");
    let (_, lines) = e.until_within("ucciok", QUICK);
    assert!(lines[0].starts_with("id name chuhe"), "{lines:?}");
    assert!(lines.contains(&"option hashsize type spin min 1 max 4096 default 64".to_string()));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option usemillisec type check")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option batch type check")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option randomness type combo default none var none var tiny")));
    // the default first among the choices too (XBoard's adapter offers the
    // first choice as the default), and a choice named "default" after the
    // keyword
    assert!(lines.contains(
        &"option pruning type combo default medium var medium var none var small var large"
            .to_string()
    ));
    assert!(lines
        .contains(&"option profile type combo default default var default var paper".to_string()));
    // the UCI variant list is UCI's
    assert!(lines.iter().all(|l| !l.contains("UCI_Variant")));
    assert!(lines.iter().any(|l| l == "option newgame type button"));
    assert!(lines.iter().all(|l| !l.contains("option name")));
    e.send("isready");
    e.expect("readyok");
    e.send("quit");
    e.expect("bye");
    assert!(e.wait_exit(QUICK).is_some_and(|s| s.success()));
}

#[test]
fn handshake_uci() {
    let mut e = Engine::start(QUICK);
    e.send("uci");
    let (_, lines) = e.until_within("uciok", QUICK);
    assert!(lines[0].starts_with("id name chuhe"), "{lines:?}");
    assert!(lines.contains(&"option name Hash type spin default 64 min 1 max 4096".to_string()));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Ponder type check")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Threads type spin")));
    // what XBoard's UCI adapter needs to offer chuhe for xiangqi
    assert!(lines
        .contains(&"option name UCI_Variant type combo default xiangqi var xiangqi".to_string()));
    // a GUI that echoes the advertised "<empty>" back means an empty string
    e.send("setoption name BookFiles value <empty>");
    e.send("position startpos");
    e.send("go depth 1");
    let (_, answer) = e.until_within("bestmove", QUICK);
    assert!(
        answer.iter().all(|l| !l.contains("bookfiles")),
        "{answer:?}"
    );
    e.send("isready");
    e.expect("readyok");
    e.send("quit");
    assert!(e.wait_exit(QUICK).is_some_and(|s| s.success()));
}

/// Plays `plies` plies, each `bestmove` checked legal and then applied.
fn play_game(e: &mut Engine, go: &str, plies: usize, per_move: Duration) {
    let mut pos = Position::startpos();
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..plies {
        if moves.is_empty() {
            e.send("position startpos");
        } else {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        let sent = e.send(go);
        let line = e.best_within(per_move);
        if line.starts_with("nobestmove") || line == "bestmove (none)" {
            assert!(
                pos.legal_moves().is_empty(),
                "gave up at ply {ply} with legal moves"
            );
            return;
        }
        let mv = best_move(&line);
        assert!(
            pos.is_legal(mv),
            "ply {ply}: illegal {mv} in {}",
            pos.to_fen()
        );
        assert!(sent.elapsed() < per_move, "ply {ply}: {:?}", sent.elapsed());
        pos.make_move(mv);
        moves.push(mv.to_string());
        if pos.legal_moves().is_empty() {
            return;
        }
    }
}

#[test]
fn game_ucci_with_clock() {
    let mut e = ucci();
    // 2 seconds left (UCCI seconds), increment 0
    play_game(&mut e, "go time 2 increment 0", 40, QUICK);
    e.send("setoption usemillisec true");
    play_game(
        &mut e,
        "go time 1500 increment 20 opptime 1500 oppincrement 20",
        6,
        QUICK,
    );
}

#[test]
fn game_uci_with_clock() {
    let mut e = uci();
    e.send("ucinewgame");
    play_game(
        &mut e,
        "go wtime 2000 btime 2000 winc 10 binc 10",
        40,
        QUICK,
    );
    play_game(&mut e, "go movetime 50", 4, QUICK);
}

/// Time from `stop` to `bestmove` during `go infinite`.
fn stop_latency(e: &mut Engine) -> Duration {
    e.send("position startpos moves h2e2 h9g7");
    e.send("go infinite");
    // let it get deep enough to be busy
    thread::sleep(Duration::from_millis(300));
    let sent = e.send("stop");
    let (at, lines) = e.until_within("bestmove", QUICK);
    let mv = best_move(lines.last().unwrap());
    let mut pos = Position::startpos();
    pos.make_move(Move::from_iccs("h2e2").unwrap());
    pos.make_move(Move::from_iccs("h9g7").unwrap());
    assert!(pos.is_legal(mv));
    at.duration_since(sent)
}

#[test]
fn stop_is_answered_with_a_legal_move() {
    let mut e = ucci();
    // answered (within QUICK) with a legal move; the latency is a figure
    // of scripts/latency.sh, not a test bound
    let lat: Vec<Duration> = (0..3).map(|_| stop_latency(&mut e)).collect();
    eprintln!("stop latencies {lat:?}");
    // stop while idle: UCCI answers nobestmove
    e.send("stop");
    e.expect("nobestmove");
}

#[test]
fn quit_during_search_exits() {
    let mut e = ucci();
    e.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    let sent = e.send("quit");
    let status = e.wait_exit(QUICK).expect("exit after quit");
    eprintln!("quit latency {:?}", sent.elapsed());
    assert!(status.success());
    e.expect("bye");
}

#[test]
fn eof_exits_even_mid_search() {
    let mut e = uci();
    e.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    let closed = e.close_stdin();
    assert!(e.wait_exit(QUICK).is_some());
    eprintln!("EOF exit {:?}", closed.elapsed());
    let mut idle = ucci();
    idle.close_stdin();
    assert!(idle.wait_exit(QUICK).is_some());
}

#[test]
fn banned_moves_are_never_chosen() {
    let mut e = ucci();
    e.send("position startpos");
    e.send("go depth 3");
    let first = best_move(&e.best_within(QUICK));
    e.send(&format!("banmoves {first}"));
    e.send("go depth 3");
    let second = best_move(&e.best_within(QUICK));
    assert_ne!(first, second);
    // the next position clears the list (a new game makes the search repeat)
    e.send("position startpos");
    e.send("setoption newgame");
    e.send("go depth 3");
    assert_eq!(best_move(&e.best_within(QUICK)), first);
    // banning every legal move leaves nothing
    let fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let all: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert!(!all.is_empty());
    e.send(&format!("position fen {fen}"));
    e.send(&format!("banmoves {}", all[..all.len() - 1].join(" ")));
    e.send("go depth 4");
    assert_eq!(
        best_move(&e.best_within(QUICK)).to_string(),
        all[all.len() - 1]
    );
    e.send(&format!("banmoves {}", all.join(" ")));
    e.send("go depth 4");
    assert_eq!(e.best_within(QUICK), "nobestmove");
}

#[test]
fn bad_input_never_crashes() {
    let mut e = ucci();
    e.send("position startpos moves h2e2 h9g7");
    // garbage bytes, empty lines, CRLF, whitespace, a 1 MB line
    e.send_bytes(b"\xff\xfe\x00\x80garbage\n\n\r\n   \t  \n");
    e.send_bytes(b"  ISREADY  \r\n");
    e.expect("readyok");
    let big = "x".repeat(1 << 20);
    e.send(&big);
    e.send(&format!("position fen {big}"));
    e.expect("info string bad FEN");
    e.send(&format!(
        "position startpos moves {}",
        "h2e2 ".repeat(200_000)
    ));
    e.expect("info string illegal move h2e2 at ply 2");
    e.send("foo bar");
    e.send("isready");
    // UCCI ignores unknown commands: the next reply is readyok
    assert_eq!(e.next_line(QUICK).unwrap().1, "readyok");
    // malformed FEN and illegal moves keep the last valid position
    e.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9 w - - 0 1");
    assert!(e.expect("info string").contains("bad FEN"));
    e.send("position startpos moves h2e2 h9g7 h2h9");
    let msg = e.expect("info string");
    assert!(
        msg.starts_with("info string illegal move h2h9 at ply 3 in position "),
        "{msg}"
    );
    e.send("position startpos moves h2e2 zz99");
    assert!(e.expect("info string").contains("zz99"));
    e.send("position");
    e.expect("info string");
    e.send("d");
    let (_, lines) = e.until_within("key", QUICK);
    let mut expected = Position::startpos();
    expected.make_move(Move::from_iccs("h2e2").unwrap());
    expected.make_move(Move::from_iccs("h9g7").unwrap());
    assert_eq!(fen_of(&lines), expected.to_fen());
    // nonsense numbers are clamped, never fatal
    e.send("go depth -5 nodes -1 time -3");
    let line = e.best_within(QUICK);
    assert!(expected.is_legal(best_move(&line)));
    // times beyond any clock (they once overflowed `Duration`): a search
    // that runs until stopped
    for go in [
        "go movetime 1e30",
        "go movetime 99999999999999999999999",
        "go time 1e300 increment 1e300",
    ] {
        e.send(go);
        e.send("stop");
        let line = e.best_within(QUICK);
        assert!(expected.is_legal(best_move(&line)), "{go}: {line}");
    }
    e.send("setoption usemillisec true");
    e.send("go time 1e30 increment 1e30");
    e.send("stop");
    assert!(expected.is_legal(best_move(&e.best_within(QUICK))));
    e.send("setoption usemillisec false");
    // a limit without its value starts no search (not an endless one)
    e.send("go depth");
    assert!(e
        .expect("info string")
        .starts_with("info string go: depth needs a number"));
    assert_eq!(e.best_within(QUICK), "nobestmove");
    e.send("setoption");
    e.send("setoption hashsize banana");
    e.send("setoption nosuchoption 3");
    e.send("banmoves qq");
    e.send("ponderhit");
    e.send("isready");
    e.expect("readyok");
    e.send("quit");
    e.expect("bye");
    assert!(e.wait_exit(QUICK).is_some());
}

#[test]
fn unknown_command_in_uci_is_answered() {
    let mut e = uci();
    e.send("frobnicate now");
    assert_eq!(
        e.expect("info string"),
        "info string unknown command: frobnicate now"
    );
    e.send("setoption name NoSuchThing value 1");
    assert!(e.expect("info string").contains("NoSuchThing"));
}

#[test]
fn depth_zero_is_static_evaluation() {
    let mut e = ucci();
    e.send("position startpos");
    e.send("go depth 0");
    let (_, lines) = e.until_within("nobestmove", QUICK);
    assert!(lines[0].starts_with("info depth 0 score "), "{lines:?}");
    let mut u = uci();
    u.send("go depth 0");
    let (_, lines) = u.until_within("bestmove", QUICK);
    assert!(lines[0].starts_with("info depth 0 score cp "), "{lines:?}");
}

#[test]
fn probe_reports_the_hash() {
    let mut e = ucci();
    e.send("probe startpos");
    assert_eq!(e.expect("pophash"), "pophash");
    e.send("position startpos");
    e.send("go depth 4");
    let best = best_move(&e.best_within(QUICK));
    e.send("probe startpos");
    let line = e.expect("pophash");
    assert!(
        line.starts_with(&format!("pophash bestmove {best}")),
        "{line}"
    );
    assert!(line.contains("depth 4"), "{line}");
    e.send(&format!("probe fen {START_FEN} moves a3a4 a6a5 a4a5"));
    assert_eq!(e.expect("pophash"), "pophash");
}

#[test]
fn display_eval_perft() {
    let mut e = ucci();
    e.send("startpos moves h2e2");
    e.send("d");
    let (_, lines) = e.until_within("key", QUICK);
    assert_eq!(
        fen_of(&lines),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("0  R N B A K A B N R")),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("eval");
    e.expect("total");
    e.send("go perft 2");
    let (_, lines) = e.until_within("Nodes searched", QUICK);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1920");
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 45);
    e.send(&format!("fen {START_FEN}"));
    e.send("isready");
    e.expect("readyok");
}

#[test]
fn setoption_in_either_dialect() {
    // UCCI handshake, UCI-style setoption
    let mut e = ucci();
    e.send("setoption name showevals value false");
    e.send("go depth 2");
    let (_, lines) = e.until_within("bestmove", QUICK);
    assert!(lines.iter().all(|l| !l.contains(" evals ")), "{lines:?}");
    e.send("setoption showevals true");
    e.send("go depth 2");
    let (_, lines) = e.until_within("bestmove", QUICK);
    assert!(lines.iter().any(|l| l.contains(" evals ")), "{lines:?}");
    // UCI handshake, UCCI-style setoption
    let mut u = uci();
    u.send("setoption hashsize 8");
    u.send("setoption showevals off");
    u.send("SetOption Name Hash Value 16");
    u.send("go depth 2");
    let (_, lines) = u.until_within("bestmove", QUICK);
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    assert!(lines.iter().all(|l| !l.contains(" evals ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains(" score cp ")), "{lines:?}");
}

#[test]
fn usemillisec_changes_time_units() {
    let mut e = ucci();
    e.send("setoption usemillisec true");
    e.send("position startpos");
    // 600 ms with one move to go: read as seconds it would be ten
    // minutes (up to 450 s for this move), so a minute tells them apart on
    // any machine
    let units = Duration::from_secs(60);
    let sent = e.send("go time 600 movestogo 1");
    best_move(&e.best_within(units));
    let ms = sent.elapsed();
    assert!(ms < units, "{ms:?}");
    // in seconds (the default), 600 would be ten minutes: stop it instead
    e.send("setoption usemillisec false");
    e.send("go time 600 movestogo 1");
    e.quiet(Duration::from_millis(800), "info");
    e.send("stop");
    best_move(&e.best_within(QUICK));
}

#[test]
fn ponder_then_ponderhit() {
    let mut e = ucci();
    e.send("setoption usemillisec true");
    e.send("position startpos moves h2e2");
    // a short ponder search finishes quickly but its answer is held
    e.send("go ponder depth 3");
    e.quiet(Duration::from_millis(500), "info");
    e.send("ponderhit");
    best_move(&e.best_within(QUICK));
    // a clocked ponder search keeps thinking until ponderhit, then obeys the clock
    e.send("go ponder time 3000 increment 0");
    e.quiet(Duration::from_millis(600), "info");
    // the clock (3 s) ends the search: a ponder search that ignored it
    // would never answer
    e.send("ponderhit draw");
    best_move(&e.best_within(QUICK));
    // a ponder miss: stop answers at once
    e.send("go ponder time 3000");
    thread::sleep(Duration::from_millis(200));
    e.send("stop");
    best_move(&e.best_within(QUICK));
    // the same in UCI
    let mut u = uci();
    u.send("position startpos moves h2e2");
    u.send("go ponder wtime 3000 btime 3000");
    u.quiet(Duration::from_millis(400), "info");
    u.send("ponderhit");
    best_move(&u.best_within(QUICK));
}

#[test]
fn isready_during_search() {
    let mut e = ucci();
    e.send("go infinite");
    thread::sleep(Duration::from_millis(100));
    e.send("isready");
    // readyok comes while the infinite search goes on (no bestmove first)
    let (_, lines) = e.until_within("readyok", QUICK);
    assert!(lines.iter().all(|l| !l.starts_with("bestmove")));
    e.send("stop");
    best_move(&e.best_within(QUICK));
}

#[test]
fn batch_mode_reads_after_the_search() {
    let mut e = ucci();
    e.send("setoption batch on");
    e.send("position startpos");
    e.send("go depth 5");
    e.send("isready");
    let (_, lines) = e.until_within("readyok", QUICK);
    assert!(lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    // input after EOF in batch mode: the search still finishes
    e.send("go depth 3");
    e.close_stdin();
    best_move(&e.best_within(QUICK));
    assert!(e.wait_exit(QUICK).is_some());
}

#[test]
fn bench_does_not_kill_the_engine() {
    let mut e = ucci();
    e.send("bench 1");
    e.send("isready");
    let (_, lines) = e.until_within("readyok", Duration::from_secs(60));
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with(" nps") || l.starts_with("info string bench")),
        "{lines:?}"
    );
}

#[test]
fn resign_and_draw_suffixes() {
    let mut e = ucci();
    // Red mates in 3 plies; after Red's first move Black is lost
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3");
    let attack = best_move(&e.best_within(QUICK));
    e.send(&format!("position fen {fen} moves {attack}"));
    e.send("go depth 4");
    let line = e.best_within(QUICK);
    assert!(!line.contains("resign"), "resign is off by default: {line}");
    e.send("setoption resign true");
    e.send("go depth 4");
    let line = e.best_within(QUICK);
    assert!(line.ends_with(" resign"), "{line}");
    best_move(&line);
    // a dead-level ending late in the game: a draw offer is accepted
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 80");
    e.send("go depth 3");
    assert!(!e.best_within(QUICK).contains("draw"));
    e.send("go draw depth 3");
    assert!(e.best_within(QUICK).ends_with(" draw"));
    e.send("setoption draw false");
    e.send("go draw depth 3");
    assert!(!e.best_within(QUICK).contains("draw"));
}

#[test]
fn opening_book_answers_known_positions_only_when_enabled() {
    let mut e = ucci_with_book();
    e.send("position startpos");
    e.send("go time 5");
    let (_, lines) = e.until_within("bestmove", QUICK);
    let book: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string book "))
        .collect();
    assert!(book.len() >= 3, "{lines:?}");
    let best = best_move(lines.last().unwrap());
    assert!(
        book.iter()
            .any(|l| l.starts_with(&format!("info string book {best} weight "))),
        "{lines:?}"
    );
    // a banned book move is not played
    e.send("banmoves h2e2");
    e.send("go time 5");
    let (_, lines) = e.until_within("bestmove", QUICK);
    assert_ne!(best_move(lines.last().unwrap()).to_string(), "h2e2");
    // without the book the engine searches
    e.send("setoption usebook false");
    e.send("position startpos");
    e.send("go depth 3");
    let (_, lines) = e.until_within("bestmove", QUICK);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3")),
        "{lines:?}"
    );
}

/// The `time` fields of `info depth` lines.
fn info_times(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            let at = t.iter().position(|&w| w == "time")?;
            t.get(at + 1)?.parse().ok()
        })
        .collect()
}

#[test]
fn quit_during_a_search_answers_it_first() {
    // the reproduction: piped commands ending in `quit`
    for stop_first in [false, true] {
        let mut e = ucci();
        e.send("position startpos moves h2e2 h9g7");
        e.send("go depth 30");
        if stop_first {
            e.send("stop");
        }
        e.send("quit");
        let (_, lines) = e.until_within("bye", QUICK);
        let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(best.len(), 1, "{lines:?}");
        let mut pos = Position::startpos();
        pos.make_move(Move::from_iccs("h2e2").unwrap());
        pos.make_move(Move::from_iccs("h9g7").unwrap());
        assert!(pos.is_legal(best_move(best[0])));
        assert!(e.wait_exit(QUICK).is_some_and(|s| s.success()));
    }
    // UCI: the bestmove comes, there is no `bye`
    let mut u = uci();
    u.send("go infinite");
    u.send("quit");
    best_move(&u.best_within(QUICK));
    assert!(u.wait_exit(QUICK).is_some());
}

#[test]
fn malformed_go_starts_no_search() {
    // the fuzzer's minimal case
    let mut e = uci();
    e.send("go nodes x");
    assert_eq!(
        e.expect("info string"),
        "info string go: nodes needs a number, not 'x'; no search"
    );
    assert_eq!(e.best_within(QUICK), "bestmove (none)");
    e.send("go movetime ");
    e.expect("info string go: movetime needs a number");
    assert_eq!(e.best_within(QUICK), "bestmove (none)");
    e.send("stop");
    e.send("isready");
    e.expect("readyok");
    e.send("position startpos moves h2e2");
    e.send("go depth 2");
    let mv = best_move(&e.best_within(QUICK));
    assert!(Position::from_fen_and_moves(None, ["h2e2", &mv.to_string()]).is_ok());
    // UCCI answers nobestmove
    let mut c = ucci();
    for bad in [
        "go depth notanumber",
        "go depth",
        "go time 5 increment",
        "go wibble",
    ] {
        c.send(bad);
        let (_, lines) = c.until_within("nobestmove", QUICK);
        assert!(lines[0].starts_with("info string go:"), "{bad}: {lines:?}");
    }
    c.send("isready");
    c.expect("readyok");
}

#[test]
fn go_while_searching_is_refused() {
    let mut e = ucci();
    e.send("position startpos moves h2e2");
    e.send("go infinite");
    e.send("go depth 1");
    e.send("go nodes x");
    let line = e.expect("info string");
    assert!(line.contains("go refused"), "{line}");
    let line = e.expect("info string");
    assert!(line.contains("nodes needs a number"), "{line}");
    // the running search goes on until stop, and only it is answered
    e.quiet(Duration::from_millis(300), "info depth");
    e.send("stop");
    best_move(&e.best_within(QUICK));
    e.send("isready");
    let (_, lines) = e.until_within("readyok", QUICK);
    assert!(lines.iter().all(|l| !l.contains("bestmove")), "{lines:?}");
}

/// A book move is announced without a score in either dialect: the
/// weight is no evaluation, and a GUI shows any `score` it gets (issue 75:
/// +4.60 on move 1). Every candidate is `info string book <move> weight <w>`,
/// the move in the dialect's notation, and one of them is the `bestmove`.
#[test]
fn book_moves_carry_no_score_in_either_dialect() {
    for uci in [false, true] {
        let mut e = if uci {
            let mut e = Engine::start(QUICK);
            e.send("uci");
            e.expect("uciok");
            e
        } else {
            ucci_with_book()
        };
        e.send("position startpos");
        e.send("go depth 5");
        let (_, lines) = e.until_within("bestmove", QUICK);
        let before_best = &lines[..lines.len() - 1];
        assert!(
            before_best.iter().all(|l| !l.contains("score")),
            "uci {uci}: {lines:?}"
        );
        let book: Vec<&String> = before_best
            .iter()
            .filter(|l| l.starts_with("info string book "))
            .collect();
        assert!(book.len() >= 2, "uci {uci}: {lines:?}");
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        assert!(
            book.iter()
                .any(|l| *l == &format!("info string book {best} weight {}", weight(l))),
            "uci {uci}: {lines:?}"
        );
        for l in book {
            assert!(weight(l) > 0, "{l}");
        }
    }
}

/// The weight of an `info string book <move> weight <w>` line.
fn weight(line: &str) -> u32 {
    line.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn ponderhit_keeps_the_search_clock() {
    let mut e = uci();
    e.send("position startpos moves h2e2");
    e.send("go ponder movetime 1500");
    let (_, mut lines) = e.until_within("info depth 3", QUICK);
    thread::sleep(Duration::from_millis(300));
    e.send("ponderhit");
    let (_, rest) = e.until_within("bestmove", QUICK);
    lines.extend(rest);
    let times = info_times(&lines);
    assert!(times.len() >= 3, "{lines:?}");
    // `time` counts from the start of the search: it never goes back
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
}

#[test]
fn go_mate_and_searchmoves() {
    let mut e = uci();
    // two rooks mate in one; `go mate 2` ends by itself once it is proven
    e.send("position fen 3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1");
    e.send("go mate 2");
    let (_, lines) = e.until_within("bestmove", QUICK);
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert_eq!(best_move(lines.last().unwrap()).to_string(), "a1d1");
    // no mate there: the search is bounded by the mate distance
    e.send("position startpos");
    e.send("go mate 1");
    best_move(&e.best_within(QUICK));
    // searchmoves: only the listed root moves are considered
    e.send("position startpos");
    e.send("go depth 3 searchmoves a3a4 i3i4");
    let mv = best_move(&e.best_within(QUICK)).to_string();
    assert!(mv == "a3a4" || mv == "i3i4", "{mv}");
    e.send("go depth 2 searchmoves a0a5");
    let (_, lines) = e.until_within("bestmove", QUICK);
    assert!(
        lines.iter().any(|l| l.contains("none of the searchmoves")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
}

#[test]
fn help_in_the_loop_and_on_the_command_line() {
    let mut e = ucci();
    e.send("help");
    let (_, lines) = e.until_within("info string debugging", QUICK);
    assert!(
        lines.iter().any(|l| l.contains("position {startpos|fen")),
        "{lines:?}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("--help")
        .output()
        .expect("run chuhe --help");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("With no subcommand"), "{text}");
    assert!(text.contains("UCCI") && text.contains("stdin"), "{text}");
}

#[test]
fn out_of_range_values_are_refused_with_their_range() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .args(args)
            .output()
            .expect("run chuhe")
    };
    let out = run(&["search", "--depth", "-3"]);
    assert!(!out.status.success());
    let out = run(&["search", "--depth", "2", "--set", "hash=99999999"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("from 1 to 4096"), "{err}");
    // the protocol names the range and keeps the old value
    let mut e = uci();
    e.send("setoption name Hash value 99999999");
    let line = e.expect("info string");
    assert!(line.contains("from 1 to 4096"), "{line}");
    e.send("setoption name n value 5000");
    let line = e.expect("info string");
    assert!(line.contains("from 0 to 1000"), "{line}");
    let max = chuhe::search::max_threads();
    e.send(&format!("setoption name Threads value {}", max + 1));
    assert!(e
        .expect("info string")
        .contains(&format!("from 1 to {max}")));
}

/// `threads` in both dialects: the helpers search with the main thread,
/// and the move, the `info` lines and `stop` work as with one thread.
#[test]
fn threads_search_in_both_dialects() {
    let threads = chuhe::search::max_threads().min(2);
    let mut e = uci();
    e.send(&format!("setoption name Threads value {threads}"));
    e.send("isready");
    e.expect("readyok");
    e.send("position startpos moves h2e2");
    e.send("go depth 6");
    let (_, lines) = e.until_within("bestmove", QUICK);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 6")),
        "{lines:?}"
    );
    let line = lines.last().unwrap();
    let mv = line.split_whitespace().nth(1).unwrap();
    let pos = chuhe::board::Position::from_fen_and_moves(None, ["h2e2"]).unwrap();
    assert!(
        pos.is_legal(chuhe::board::Move::from_iccs(mv).unwrap()),
        "{line}"
    );
    e.send("quit");
    assert!(e.wait_exit(QUICK).is_some_and(|s| s.success()));

    let mut e = ucci();
    e.send(&format!("setoption threads {threads}"));
    e.send("position startpos");
    e.send("go infinite");
    e.expect("info depth 3");
    e.send("stop");
    let line = e.expect("bestmove");
    let mv = line.split_whitespace().nth(1).unwrap();
    assert!(chuhe::board::Position::startpos().is_legal(chuhe::board::Move::from_iccs(mv).unwrap()));
    e.send("quit");
    assert!(e.wait_exit(QUICK).is_some_and(|s| s.success()));
}

#[test]
fn multipv_reports_k_lines_and_plays_line_one() {
    for (mut e, name) in [
        (uci(), "setoption name MultiPV value 3"),
        (ucci(), "setoption multipv 3"),
    ] {
        e.send(name);
        e.send("position startpos moves h2e2 h9g7");
        e.send("go depth 4");
        let (_, lines) = e.until_within("bestmove", Duration::from_secs(60));
        let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
        let depth4: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth 4 "))
            .collect();
        assert_eq!(depth4.len(), 3, "{lines:?}");
        let mut firsts = Vec::new();
        for (k, l) in depth4.iter().enumerate() {
            assert!(l.contains(&format!(" multipv {} ", k + 1)), "{l}");
            firsts.push(l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap());
        }
        assert_eq!(firsts[0], best, "{lines:?}");
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "{lines:?}");
    }
}

#[test]
fn strength_options_refuse_values_outside_their_range() {
    let mut e = uci();
    e.send("setoption name Skill Level value 21");
    assert!(e.expect("info string").contains("from 0 to 20"));
    e.send("setoption name MultiPV value 0");
    assert!(e.expect("info string").contains("from 1 to"));
    e.send("setoption name UCI_Elo value 1");
    assert!(e.expect("info string").contains("out of range"));
    // a weakened engine still answers with a legal move
    e.send("setoption name Skill Level value 0");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 3");
    let best = e.best_within(Duration::from_secs(60));
    let mv = best.split(' ').nth(1).unwrap();
    let pos = Position::from_fen_and_moves(None, ["h2e2", "h9g7"]).unwrap();
    assert!(
        pos.legal_moves().iter().any(|m| m.to_string() == mv),
        "{best}"
    );
}

#[test]
fn play_level_is_checked() {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(["play", "--level", "21"])
        .output()
        .expect("run chuhe play");
    assert!(!out.status.success());
}

/// The `wdl W D L` field of an `info` line, if any.
fn wdl_of(line: &str) -> Option<[u32; 3]> {
    let rest = line.split(" wdl ").nth(1)?;
    let v: Vec<u32> = rest
        .split(' ')
        .take(3)
        .map(|t| t.parse().expect("wdl number"))
        .collect();
    Some([v[0], v[1], v[2]])
}

#[test]
fn uci_show_wdl_reports_the_model_and_ucci_never() {
    // Red a rook up: the side to move (Red) is winning; then Black to move
    // in the same position: losing
    let fen = "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    let mut e = uci();
    e.send("setoption name UCI_ShowWDL value true");
    let mut seen = Vec::new();
    for side in ["w", "b"] {
        e.send(&format!("position fen {fen} {side} - - 0 1"));
        e.send("go depth 3");
        let (_, lines) = e.until_within("bestmove", Duration::from_secs(60));
        let infos: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!infos.is_empty(), "{lines:?}");
        let last = infos.last().unwrap();
        let wdl = wdl_of(last).unwrap_or_else(|| panic!("no wdl: {last}"));
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{last}");
        seen.push(wdl);
    }
    assert!(seen[0][0] > seen[0][2], "Red to move, a rook up: {seen:?}");
    assert!(
        seen[1][2] > seen[1][0],
        "Black to move, a rook down: {seen:?}"
    );
    e.send("setoption name UCI_ShowWDL value false");
    e.send("go depth 2");
    let (_, lines) = e.until_within("bestmove", Duration::from_secs(60));
    assert!(lines.iter().all(|l| wdl_of(l).is_none()), "{lines:?}");
    let mut u = ucci();
    u.send("setoption UCI_ShowWDL true");
    u.send(&format!("position fen {fen} w - - 0 1"));
    u.send("go depth 2");
    let (_, lines) = u.until_within("bestmove", Duration::from_secs(60));
    assert!(lines.iter().all(|l| wdl_of(l).is_none()), "{lines:?}");
}
