//! External engines over UCCI or xiangqi UCI.
//!
//! The engine runs as a child process; a reader thread forwards its stdout
//! lines through a channel so that every read has a timeout. A silent
//! engine, a crash (closed stdout), `nobestmove` or an unparsable reply is
//! a [`PlayerError`]; the game turns it into a loss with the reason
//! recorded. Under a clock the engine is allowed its time left plus
//! [`GRACE_MS`]; a `stop` is sent when the clock runs out and the answer
//! must come within the grace. The process gets `quit` and is killed
//! when the player is dropped.
//!
//! Xiangqi UCI has two rank numberings (see [`crate::protocol::ranks`]):
//! 0-9 (Pikafish, chuhe) and 1-10 (Fairy-Stockfish). The spec's
//! `ranks=0|1` says which; without it an engine whose `id name` is
//! Fairy-Stockfish's counts from 1 (its `uci` mode always does, its source
//! `UCI::square` shows), any other from 0. An engine that offers
//! `UCI_Variant` with `xiangqi` but defaults to another game is switched
//! to xiangqi unless the spec sets `UCI_Variant` itself.

use super::player::{ClockInfo, Limit, MoveRecord, Player, PlayerError, Situation};
use crate::protocol::lines::read_line_lossy;
use crate::protocol::ranks::Ranks;
use crate::search::MATE;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Time allowed beyond the clock or movetime before a time forfeit, ms.
pub const GRACE_MS: u64 = 100;
/// Time allowed for the handshake and `readyok`, ms.
pub const HANDSHAKE_MS: u64 = 10_000;

/// An engine process driven over UCCI or UCI.
pub struct ExternalPlayer {
    name: String,
    ucci: bool,
    /// How the engine's moves number the ranks.
    ranks: Ranks,
    limit: Limit,
    timeout_ms: u64,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// Values parsed from `info` lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InfoLine {
    /// `depth`.
    pub depth: Option<i32>,
    /// `score [cp] v` or `score mate n` (converted to ±(30000 − plies)).
    pub score: Option<i32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// chuhe's `evals`.
    pub evals: Option<u64>,
    /// `pv ...`.
    pub pv: Vec<String>,
}

/// Parses one `info` line (fields it does not know are skipped).
pub fn parse_info(line: &str) -> InfoLine {
    let t: Vec<&str> = line.split_whitespace().collect();
    let mut info = InfoLine::default();
    let mut i = 1;
    while i < t.len() {
        let next = t.get(i + 1).copied().unwrap_or("");
        match t[i] {
            "depth" => {
                info.depth = next.parse().ok();
                i += 2;
            }
            "nodes" => {
                info.nodes = next.parse().ok();
                i += 2;
            }
            "evals" => {
                info.evals = next.parse().ok();
                i += 2;
            }
            "score" => match next {
                "cp" => {
                    info.score = t.get(i + 2).and_then(|v| v.parse().ok());
                    i += 3;
                }
                "mate" => {
                    info.score = t.get(i + 2).and_then(|v| v.parse::<i32>().ok()).map(|n| {
                        if n > 0 {
                            MATE - (2 * n - 1)
                        } else {
                            -MATE - 2 * n
                        }
                    });
                    i += 3;
                }
                _ => {
                    info.score = next.parse().ok();
                    i += 2;
                }
            },
            "pv" => {
                info.pv = t[i + 1..].iter().map(|s| s.to_string()).collect();
                break;
            }
            "string" | "message" => break,
            _ => i += 1,
        }
    }
    info
}

impl ExternalPlayer {
    /// Spawns `path`, shakes hands and sends `options`; `ranks` is the
    /// engine's rank numbering (`None`: judged from its handshake).
    pub fn start(
        name: String,
        path: &str,
        ucci: bool,
        options: &[(String, String)],
        ranks: Option<Ranks>,
        limit: Limit,
        timeout_ms: u64,
    ) -> Result<ExternalPlayer, PlayerError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| PlayerError::Start(format!("{path}: {e}")))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            let mut buf = Vec::new();
            // lossily: a GBK `info string` is a line, not a closed output
            while let Ok(Some(line)) = read_line_lossy(&mut out, &mut buf) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = ExternalPlayer {
            name,
            ucci,
            ranks: ranks.unwrap_or(Ranks::FromZero),
            limit,
            timeout_ms,
            child,
            stdin,
            lines: rx,
        };
        let (hello, ok) = if ucci {
            ("ucci", "ucciok")
        } else {
            ("uci", "uciok")
        };
        p.send(hello)?;
        let hello = p.handshake(ok)?;
        if ucci {
            p.send("setoption usemillisec true")?;
        } else {
            if ranks.is_none() && hello.fairy_stockfish {
                p.ranks = Ranks::FromOne;
            }
            let variant_set = options
                .iter()
                .any(|(k, _)| k.eq_ignore_ascii_case("UCI_Variant"));
            if hello.needs_xiangqi && !variant_set {
                p.send("setoption name UCI_Variant value xiangqi")?;
            }
        }
        for (k, v) in options {
            if ucci {
                p.send(&format!("setoption {k} {v}"))?;
            } else {
                p.send(&format!("setoption name {k} value {v}"))?;
            }
        }
        p.send("isready")?;
        p.wait_for("readyok", HANDSHAKE_MS)?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| PlayerError::Crashed("stdin closed".into()))?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|e| PlayerError::Crashed(format!("writing '{line}': {e}")))
    }

    /// The next line, waiting at most until `deadline`.
    fn next_line(&mut self, deadline: Instant, what: &str) -> Result<String, PlayerError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(PlayerError::Timeout(format!(
                "no {what} within the time allowed"
            ))),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self
                    .child
                    .try_wait()
                    .ok()
                    .flatten()
                    .map(|s| s.to_string())
                    .unwrap_or_else(|| "output closed".into());
                Err(PlayerError::Crashed(format!(
                    "while waiting for {what}: {status}"
                )))
            }
        }
    }

    /// Reads the handshake up to `ok`, noting what it tells about the
    /// engine's dialect.
    fn handshake(&mut self, ok: &str) -> Result<Hello, PlayerError> {
        let deadline = Instant::now() + Duration::from_millis(HANDSHAKE_MS);
        let mut hello = Hello::default();
        loop {
            let line = self.next_line(deadline, ok)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [w] if *w == ok => return Ok(hello),
                ["id", "name", name, ..] => {
                    hello.fairy_stockfish = name.starts_with("Fairy-Stockfish")
                }
                ["option", "name", "UCI_Variant", rest @ ..] => {
                    let default = rest.windows(2).find(|w| w[0] == "default").map(|w| w[1]);
                    let offers = rest.windows(2).any(|w| w[0] == "var" && w[1] == "xiangqi");
                    hello.needs_xiangqi = offers && default != Some("xiangqi");
                }
                _ => {}
            }
        }
    }

    fn wait_for(&mut self, token: &str, ms: u64) -> Result<(), PlayerError> {
        let deadline = Instant::now() + Duration::from_millis(ms);
        loop {
            let line = self.next_line(deadline, token)?;
            if line.split_whitespace().next() == Some(token) {
                return Ok(());
            }
        }
    }

    fn go_command(&self, clock: Option<ClockInfo>, red_to_move: bool) -> String {
        match (&self.limit, clock) {
            (Limit::Depth(d), _) => format!("go depth {d}"),
            (Limit::Nodes(n), _) => format!("go nodes {n}"),
            (Limit::MoveTime(ms), _) => {
                if self.ucci {
                    format!("go time {ms} movestogo 1")
                } else {
                    format!("go movetime {ms}")
                }
            }
            (Limit::Clock { .. }, Some(c)) => {
                if self.ucci {
                    format!(
                        "go time {} increment {} opptime {} oppincrement {}",
                        c.time_ms, c.inc_ms, c.opp_time_ms, c.opp_inc_ms
                    )
                } else {
                    let (w, b, wi, bi) = if red_to_move {
                        (c.time_ms, c.opp_time_ms, c.inc_ms, c.opp_inc_ms)
                    } else {
                        (c.opp_time_ms, c.time_ms, c.opp_inc_ms, c.inc_ms)
                    };
                    format!("go wtime {w} btime {b} winc {wi} binc {bi}")
                }
            }
            (Limit::Clock { base_ms, .. }, None) => format!("go depth 1 movetime {base_ms}"),
        }
    }
}

/// What an engine's handshake told.
#[derive(Default)]
struct Hello {
    /// `id name Fairy-Stockfish ...`: its UCI counts ranks 1-10.
    fairy_stockfish: bool,
    /// It offers `UCI_Variant` `xiangqi` but defaults to another game.
    needs_xiangqi: bool,
}

impl ExternalPlayer {
    /// An engine's move in ICCS (as written when it is no coordinate move
    /// in the engine's numbering: the game then reports it illegal).
    fn iccs(&self, text: &str) -> String {
        self.ranks.to_iccs(text).unwrap_or_else(|| text.to_string())
    }
}

impl Player for ExternalPlayer {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        if self.ucci {
            self.send("setoption newgame")?;
        } else {
            self.send("ucinewgame")?;
        }
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_MS)
    }

    fn think(
        &mut self,
        situation: &Situation<'_>,
        clock: Option<ClockInfo>,
    ) -> Result<MoveRecord, PlayerError> {
        // Synchronise before every search: a `stop` sent as the clock ran
        // out can cross the engine's `bestmove` on the pipe, and the engine
        // then answers that stop with a stray `nobestmove` (as UCCI asks of
        // an idle engine). Read up to `readyok` so that such a line is never
        // taken for the answer to this move; this happens off the clock.
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_MS)?;
        let mut cmd = format!("position fen {}", situation.start_fen);
        if !situation.moves.is_empty() {
            cmd.push_str(" moves");
            for m in situation.moves {
                cmd.push(' ');
                cmd.push_str(&self.ranks.write(*m));
            }
        }
        self.send(&cmd)?;
        let red = situation.pos.side_to_move() == crate::board::Colour::Red;
        let go = self.go_command(clock, red);
        // the time the engine may use before a stop / forfeit
        let budget = match (&self.limit, clock) {
            (Limit::MoveTime(ms), _) => Some(*ms),
            (Limit::Clock { .. }, Some(c)) => Some(c.time_ms),
            _ => None,
        };
        let started = Instant::now();
        self.send(&go)?;
        let mut deadline = match budget {
            Some(ms) => started + Duration::from_millis(ms),
            None => started + Duration::from_millis(self.timeout_ms),
        };
        let mut stopped = false;
        let mut info = InfoLine::default();
        loop {
            let line = match self.next_line(deadline, "bestmove") {
                Ok(l) => l,
                Err(PlayerError::Timeout(_)) if budget.is_some() && !stopped => {
                    // out of time: ask for the move, allow the grace
                    stopped = true;
                    self.send("stop")?;
                    deadline = Instant::now() + Duration::from_millis(GRACE_MS);
                    continue;
                }
                Err(e) => return Err(e),
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    let i = parse_info(&line);
                    if i.depth.is_some() || i.score.is_some() {
                        // a new iteration report: keep its fields
                        if i.score.is_some() {
                            info.score = i.score;
                        }
                        if i.depth.is_some() {
                            info.depth = i.depth;
                        }
                        if !i.pv.is_empty() {
                            info.pv = i.pv.iter().map(|m| self.iccs(m)).collect();
                        }
                    }
                    if i.nodes.is_some() {
                        info.nodes = i.nodes;
                    }
                    if i.evals.is_some() {
                        info.evals = i.evals;
                    }
                }
                Some("bestmove") => {
                    let mv = words
                        .next()
                        .ok_or_else(|| PlayerError::Protocol("bestmove without a move".into()))?;
                    return Ok(MoveRecord {
                        mv: self.iccs(mv),
                        score: info.score,
                        depth: info.depth,
                        nodes: info.nodes,
                        evals: info.evals,
                        time_ms: started.elapsed().as_millis() as u64,
                        pv: info.pv,
                    });
                }
                Some("nobestmove") => return Err(PlayerError::NoMove),
                _ => {}
            }
        }
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}

impl Drop for ExternalPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
