//! Protocol fuzzing: many sessions of random valid, mangled and garbage
//! lines (deterministic seed). Every session must end alive, answer
//! `isready`, and answer a final `position startpos moves h2e2` +
//! `go depth 2` with a legal move. Most sessions drive the protocol loop
//! in process (cheap); a few go through the binary.

mod common;
use chuhe::board::{Move, Position};
use common::Sink;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{Cursor, Write};
use std::sync::mpsc;
use std::time::Duration;

/// Sessions run in process.
const IN_PROCESS_SESSIONS: usize = 2000;
/// Sessions run through the binary.
const BINARY_SESSIONS: usize = 40;
/// Random lines per session (at most).
const MAX_LINES: usize = 12;
/// A session that takes longer is hung (nothing in it searches long).
const SESSION_LIMIT: Duration = Duration::from_secs(60);

/// Well-formed lines; searches are small or open-ended (then stopped).
const VALID: &[&str] = &[
    "uci",
    "ucci",
    "isready",
    "ucinewgame",
    "setoption usebook false",
    "setoption usebook true",
    "setoption name UseBook value false",
    "setoption name Hash value 1",
    "setoption hashsize 2",
    "setoption randomness small",
    "setoption pruning none",
    "setoption knowledge small",
    "setoption usemillisec true",
    "setoption name MultiPV value 2",
    "setoption name Skill Level value 3",
    "setoption name UCI_LimitStrength value true",
    "setoption name UCI_Elo value 1500",
    "setoption name UCI_ShowWDL value true",
    "setoption newgame",
    "setoption name Clear Hash",
    "setoption debug on",
    "position startpos",
    "position startpos moves h2e2 h9g7",
    "position startpos moves b0c2 b9c7 h0g2",
    "position fen 3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1",
    "position fen 4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 1",
    "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "startpos moves c3c4",
    "banmoves h2e2 b2e2",
    "banmoves",
    "go depth 1",
    "go depth 2",
    "go nodes 500",
    "go movetime 5",
    "go infinite",
    "go ponder depth 2",
    "go ponder movetime 10",
    "go draw depth 1",
    "go time 1 increment 0",
    "go wtime 300 btime 300 winc 0 binc 0",
    "go mate 1",
    "go depth 2 searchmoves h2e2 b2e2",
    "go depth 0",
    "ponderhit",
    "ponderhit draw",
    "stop",
    "probe startpos",
    "probe startpos moves h2e2",
    "d",
    "eval",
    "help",
];

/// Tokens that replace others when a line is mangled.
const GARBAGE: &[&str] = &[
    "x", "-5", "0", "3.7", "1e9", "-0", "moves", "fen", "startpos", "depth", "nodes", "name",
    "value", "go", "中", "h2e2", "zz99", "a0a9", "NaN", "inf", "\t", "w", "b", "-",
];

fn mangle(rng: &mut StdRng, line: &str) -> String {
    let mut tokens: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    for _ in 0..rng.gen_range(1..=3) {
        if tokens.is_empty() {
            break;
        }
        let i = rng.gen_range(0..tokens.len());
        match rng.gen_range(0..5) {
            0 => {
                tokens.remove(i);
            }
            1 => {
                let t = tokens[i].clone();
                tokens.insert(i, t);
            }
            2 => {
                let j = rng.gen_range(0..tokens.len());
                tokens.swap(i, j);
            }
            3 => tokens[i] = GARBAGE[rng.gen_range(0..GARBAGE.len())].to_string(),
            _ => {
                let t = &tokens[i];
                let cut = rng.gen_range(0..=t.len());
                if t.is_char_boundary(cut) {
                    tokens[i] = t[..cut].to_string();
                }
            }
        }
    }
    let mut s = tokens.join(" ");
    if rng.gen_bool(0.2) {
        s = s.to_uppercase();
    }
    if rng.gen_bool(0.2) {
        s.push('\r');
    }
    s
}

fn garbage(rng: &mut StdRng) -> Vec<u8> {
    let n = rng.gen_range(0..40);
    (0..n)
        .map(|_| rng.gen::<u8>())
        .filter(|&b| b != b'\n')
        .collect()
}

/// One session's input: random lines, then the final checks.
fn session(rng: &mut StdRng) -> Vec<u8> {
    let mut input = Vec::new();
    for _ in 0..rng.gen_range(0..=MAX_LINES) {
        let line = VALID[rng.gen_range(0..VALID.len())];
        match rng.gen_range(0..10) {
            0..=4 => input.extend_from_slice(line.as_bytes()),
            5..=8 => input.extend_from_slice(mangle(rng, line).as_bytes()),
            _ => input.extend(garbage(rng)),
        }
        input.push(b'\n');
    }
    input.extend_from_slice(b"stop\nisready\nposition startpos moves h2e2\ngo depth 2\n");
    input
}

/// Checks a session's output: `readyok`, and a final legal `bestmove`.
fn check(input: &[u8], output: &str) {
    let shown = String::from_utf8_lossy(input);
    let lines: Vec<&str> = output.lines().collect();
    let ready = lines
        .iter()
        .rposition(|l| *l == "readyok")
        .unwrap_or_else(|| panic!("no readyok\ninput:\n{shown}\noutput:\n{output}"));
    let last = lines[ready..]
        .iter()
        .rev()
        .find(|l| l.starts_with("bestmove") || l.starts_with("nobestmove"))
        .unwrap_or_else(|| panic!("no final bestmove\ninput:\n{shown}\noutput:\n{output}"));
    let text = last.split_whitespace().nth(1).unwrap_or("");
    let legal = Move::from_iccs(text).is_ok_and(|m| {
        let mut p = Position::from_fen_and_moves(None, ["h2e2"]).unwrap();
        p.try_play(m).is_ok()
    });
    assert!(
        legal,
        "final answer '{last}'\ninput:\n{shown}\noutput:\n{output}"
    );
}

#[test]
fn fuzz_sessions_in_process() {
    let mut rng = StdRng::seed_from_u64(0x5eed_c40e);
    for n in 0..IN_PROCESS_SESSIONS {
        let input = session(&mut rng);
        let sink = Sink::default();
        let out = sink.clone();
        let feed = input.clone();
        let (done_tx, done_rx) = mpsc::channel();
        std::thread::spawn(move || {
            // a small hash table: thousands of 64 MB tables would cost
            // more than the sessions
            let mut options = chuhe::protocol::EngineOptions::default();
            options.search.hash_mb = 1;
            chuhe::protocol::run_with_options(Cursor::new(feed), out, options);
            let _ = done_tx.send(());
        });
        if done_rx.recv_timeout(SESSION_LIMIT).is_err() {
            panic!(
                "session {n} hung (or panicked)\ninput:\n{}",
                String::from_utf8_lossy(&input)
            );
        }
        let output = String::from_utf8_lossy(&sink.0.lock().unwrap()).into_owned();
        check(&input, &output);
    }
}

#[test]
fn fuzz_sessions_through_the_binary() {
    use std::process::{Command, Stdio};
    let mut rng = StdRng::seed_from_u64(0x00b1_4a7e);
    for n in 0..BINARY_SESSIONS {
        let input = session(&mut rng);
        let mut child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chuhe");
        let mut stdin = child.stdin.take().unwrap();
        let feed = input.clone();
        std::thread::spawn(move || {
            let _ = stdin.write_all(&feed);
        });
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(child.wait_with_output());
        });
        let out = rx
            .recv_timeout(SESSION_LIMIT)
            .unwrap_or_else(|_| panic!("session {n} hung"))
            .expect("chuhe ran");
        assert!(out.status.success(), "session {n}: {:?}", out.status);
        check(&input, &String::from_utf8_lossy(&out.stdout));
    }
}
