//! The `chuhe` binary as a protocol test drives it (`mod engine_process;`):
//! a child process whose stdout lines are read on a thread (with the time
//! each arrived) and whose stderr is collected on another, so a test
//! reads answers with a timeout that only catches hangs.
//!
//! Not every test uses every method.
#![allow(dead_code)]

use chuhe::protocol::lines::read_line_lossy;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// A running `chuhe` (killed when dropped).
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    stderr: Option<JoinHandle<String>>,
    /// Every line read so far, for failure messages.
    seen: Vec<String>,
    /// How long `until` and `answer` wait before they fail.
    pub patience: Duration,
}

impl EngineProcess {
    /// Starts the binary; `patience` bounds every wait (it only catches
    /// hangs: make it far above any loaded machine's answer time).
    pub fn start(patience: Duration) -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start chuhe");
        let stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            // lossily, not `lines()`: a garbage answer must not end the reader
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            while let Ok(Some(line)) = read_line_lossy(&mut r, &mut buf) {
                if tx
                    .send((Instant::now(), line.trim_end().to_string()))
                    .is_err()
                {
                    break;
                }
            }
        });
        let errs = thread::spawn(move || {
            let mut s = String::new();
            let _ = stderr.read_to_string(&mut s);
            s
        });
        EngineProcess {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            stderr: Some(errs),
            seen: Vec::new(),
            patience,
        }
    }

    /// Starts the binary and sends `handshake` (`ucci`, `uci`), waiting
    /// for `ok` (`ucciok`, `uciok`).
    pub fn handshake(patience: Duration, handshake: &str, ok: &str) -> EngineProcess {
        let mut e = EngineProcess::start(patience);
        e.send(handshake);
        e.until(ok);
        e
    }

    /// Writes raw bytes to stdin; when they were written.
    pub fn send_bytes(&mut self, b: &[u8]) -> Instant {
        let s = self.stdin.as_mut().expect("stdin open");
        s.write_all(b).expect("write to chuhe");
        s.flush().unwrap();
        Instant::now()
    }

    /// Writes `line` and a newline; when it was written.
    pub fn send(&mut self, line: &str) -> Instant {
        self.send_bytes(format!("{line}\n").as_bytes())
    }

    /// Closes stdin (end of input); when it was closed.
    pub fn close_stdin(&mut self) -> Instant {
        self.stdin = None;
        Instant::now()
    }

    /// The next line and when it arrived, if one comes within `t`.
    pub fn next_line(&mut self, t: Duration) -> Option<(Instant, String)> {
        let (at, l) = self.lines.recv_timeout(t).ok()?;
        self.seen.push(l.clone());
        Some((at, l))
    }

    /// The lines up to and including the first that starts with `prefix`,
    /// and when that one arrived; fails after `t`.
    pub fn until_within(&mut self, prefix: &str, t: Duration) -> (Instant, Vec<String>) {
        let deadline = Instant::now() + t;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some((at, l)) => {
                    let done = l.starts_with(prefix);
                    got.push(l);
                    if done {
                        return (at, got);
                    }
                }
                None => panic!(
                    "no '{prefix}' within {t:?}; got {got:?}; session so far {:?}",
                    self.seen
                ),
            }
        }
    }

    /// The lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_within(prefix, self.patience).1
    }

    /// The first line starting with `prefix`.
    pub fn expect(&mut self, prefix: &str) -> String {
        self.until(prefix).pop().unwrap()
    }

    /// The `bestmove` or `nobestmove` line ending the current search;
    /// fails after `t`.
    pub fn best_within(&mut self, t: Duration) -> String {
        let deadline = Instant::now() + t;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some((_, l)) if l.starts_with("bestmove") || l.starts_with("nobestmove") => {
                    return l
                }
                Some(_) => {}
                None => panic!("no bestmove within {t:?}; session {:?}", self.seen),
            }
        }
    }

    /// Sends `line`, then `isready`: the lines it caused, without the
    /// `readyok`.
    pub fn answer(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut got = self.until("readyok");
        got.pop();
        got
    }

    /// Asserts that only lines starting with `allowed` arrive within `t`.
    pub fn quiet(&mut self, t: Duration, allowed: &str) {
        let deadline = Instant::now() + t;
        while let Some((_, l)) = self.next_line(deadline.saturating_duration_since(Instant::now()))
        {
            assert!(l.starts_with(allowed), "unexpected line {l:?}");
        }
    }

    /// The exit status, if the process ends within `t`.
    pub fn wait_exit(&mut self, t: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + t;
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                return Some(s);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// Ends the session with `quit` and returns what the engine wrote to
    /// stderr.
    pub fn finish(mut self) -> String {
        self.send("quit");
        self.stdin = None;
        let _ = self.child.wait();
        self.stderr.take().unwrap().join().unwrap()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
