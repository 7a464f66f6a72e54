//! The only place that formats protocol output. Every line is written
//! whole and flushed at once; the printer is shared (behind a mutex)
//! between the controller and the search thread.

use super::options::{OptionKind, OptionSpec};
use super::ranks::Ranks;
use super::Dialect;
use crate::board::Move;
use crate::search::{mate_distance, wdl_permille, IterationInfo, TtHit};
use std::io::Write;

/// Writes protocol lines in the current dialect.
pub struct Printer {
    out: Box<dyn Write + Send>,
    /// The dialect chosen by the handshake (UCCI until then).
    pub dialect: Dialect,
    /// Whether `info` lines carry the `evals` field.
    pub show_evals: bool,
    /// `UCI_ShowWDL`: `info` lines carry `wdl W D L` when a model gives one.
    pub show_wdl: bool,
    /// Set when the output can no longer be written (the GUI went away).
    pub broken: bool,
    /// The game phase of the position being searched (see
    /// [`crate::eval::Evaluator::phase`]): the WDL model reads it.
    pub phase: i32,
    /// How UCI moves number the ranks (UCCI always counts from 0).
    pub ranks: Ranks,
}

impl Printer {
    /// A printer writing to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Printer {
        Printer {
            out,
            dialect: Dialect::Ucci,
            show_evals: true,
            show_wdl: false,
            broken: false,
            phase: crate::eval::features::MAX_PHASE,
            ranks: Ranks::FromZero,
        }
    }

    /// A move as the dialect writes it.
    fn mv(&self, m: Move) -> String {
        match self.dialect {
            Dialect::Ucci => m.to_string(),
            Dialect::Uci => self.ranks.write(m),
        }
    }

    /// Writes one line (a newline is added) and flushes.
    pub fn line(&mut self, text: &str) {
        let mut buf = String::with_capacity(text.len() + 1);
        buf.push_str(text);
        buf.push('\n');
        if self.out.write_all(buf.as_bytes()).is_err() || self.out.flush().is_err() {
            if !self.broken {
                log::warn!("output closed");
            }
            self.broken = true;
        }
    }

    /// Writes a multi-line text block line by line.
    pub fn block(&mut self, text: &str) {
        for l in text.lines() {
            self.line(l);
        }
    }

    /// The handshake: ids, options, `ucciok`/`uciok`.
    pub fn handshake(&mut self, specs: &[OptionSpec]) {
        let version = env!("CARGO_PKG_VERSION");
        match self.dialect {
            Dialect::Ucci => {
                self.line(&format!("id name chuhe {version}"));
                self.line("id copyright 2026 the chuhe authors (MIT licence)");
                self.line("id author the chuhe authors");
                self.line("id user unknown");
            }
            Dialect::Uci => {
                self.line(&format!("id name chuhe {version}"));
                self.line("id author the chuhe authors");
            }
        }
        for spec in specs {
            if let Some(l) = self.option_line(spec) {
                self.line(&l);
            }
        }
        self.line(match self.dialect {
            Dialect::Ucci => "ucciok",
            Dialect::Uci => "uciok",
        });
    }

    /// One `option` line in the dialect's syntax, if advertised there.
    fn option_line(&self, spec: &OptionSpec) -> Option<String> {
        let (head, string_default) = match self.dialect {
            Dialect::Ucci => (format!("option {}", spec.ucci?), "<empty>"),
            Dialect::Uci => (format!("option name {}", spec.uci?), "<empty>"),
        };
        let uci = self.dialect == Dialect::Uci;
        Some(match &spec.kind {
            OptionKind::Check(d) => format!("{head} type check default {d}"),
            OptionKind::Spin { min, max, default } if uci => {
                format!("{head} type spin default {default} min {min} max {max}")
            }
            OptionKind::Spin { min, max, default } => {
                format!("{head} type spin min {min} max {max} default {default}")
            }
            // `default` before the choices and the default choice listed
            // first, in both dialects: XBoard's adapter (UCI2WB) reads
            // `default` only before the choices, takes a choice named
            // "default" after them for the keyword, and offers the GUI the
            // first choice as the default
            OptionKind::Combo { default, vars } => {
                let vars: String = std::iter::once(default.as_str())
                    .chain(vars.iter().copied().filter(|v| v != default))
                    .map(|v| format!(" var {v}"))
                    .collect();
                format!("{head} type combo default {default}{vars}")
            }
            OptionKind::Text(d) => {
                let d = if d.is_empty() { string_default } else { d };
                format!("{head} type string default {d}")
            }
            OptionKind::Button => format!("{head} type button"),
        })
    }

    /// `readyok`
    pub fn readyok(&mut self) {
        self.line("readyok");
    }

    /// `bye` (UCCI only; UCI has no reply to `quit`).
    pub fn bye(&mut self) {
        if self.dialect == Dialect::Ucci {
            self.line("bye");
        }
    }

    /// A score in the dialect: UCCI plain centipawns (mates as large
    /// numbers), UCI `cp v` or `mate n` (moves, negative when mated).
    fn score(&self, score: i32) -> String {
        match self.dialect {
            Dialect::Ucci => score.to_string(),
            Dialect::Uci => match mate_distance(score) {
                Some(plies) if plies > 0 => format!("mate {}", (plies + 1) / 2),
                Some(plies) => format!("mate {}", -((-plies + 1) / 2)),
                None => format!("cp {score}"),
            },
        }
    }

    /// The report of one completed iteration: one line, or with MultiPV
    /// one line per root line, each with `multipv k` (in both dialects).
    pub fn iteration(&mut self, info: &IterationInfo) {
        if info.lines.is_empty() {
            self.iteration_line(info, None, info.score, &info.pv);
        }
        for (k, line) in info.lines.iter().enumerate() {
            self.iteration_line(info, Some(k + 1), line.score, &line.pv);
        }
    }

    /// One `info depth ...` line of an iteration's report.
    fn iteration_line(&mut self, info: &IterationInfo, k: Option<usize>, score: i32, pv: &[Move]) {
        let mut s = format!("info depth {}", info.depth);
        if self.dialect == Dialect::Uci {
            s += &format!(" seldepth {}", info.stats.seldepth.max(info.depth as u32));
        }
        if let Some(k) = k {
            s += &format!(" multipv {k}");
        }
        s += &format!(
            " score {} time {} nodes {} nps {}",
            self.score(score),
            info.time_ms,
            info.stats.nodes,
            info.nps
        );
        if self.dialect == Dialect::Uci {
            s += &format!(" hashfull {}", info.hashfull);
        }
        if self.show_evals {
            s += &format!(" evals {}", info.stats.evals);
        }
        if k.unwrap_or(1) == 1 {
            if let Some(w) = self.wdl_field(Some(wdl_permille(info.score, self.phase))) {
                s += &w;
            }
        }
        if !pv.is_empty() {
            s += " pv";
            for m in pv {
                s += &format!(" {}", self.mv(*m));
            }
        }
        self.line(&s);
    }

    /// The ` wdl W D L` field (UCI with `UCI_ShowWDL` on, permille from
    /// the side to move's view), if there is a model's answer.
    pub fn wdl_field(&self, wdl: Option<[u32; 3]>) -> Option<String> {
        let [w, d, l] = wdl?;
        (self.show_wdl && self.dialect == Dialect::Uci).then(|| format!(" wdl {w} {d} {l}"))
    }

    /// One opening-book candidate before a book `bestmove`, as
    /// `info string book <move> weight <w>`: the weight is no score, and a
    /// GUI shows a `score` field as one (ElephantEye's `info depth 0 score
    /// <weight> pv <move>` showed +4.60 on move 1); see docs/books.md.
    pub fn book_candidate(&mut self, mv: Move, weight: u32) {
        let s = format!("book {} weight {weight}", self.mv(mv));
        self.info_string(&s);
    }

    /// The static evaluation answer to `go depth 0`.
    pub fn static_eval(&mut self, score: i32) {
        let s = format!("info depth 0 score {}", self.score(score));
        self.line(&s);
    }

    /// `bestmove m [ponder p] [draw|resign]` (the suffixes only in UCCI).
    pub fn bestmove(&mut self, mv: Move, ponder: Option<Move>, draw: bool, resign: bool) {
        let mut s = format!("bestmove {}", self.mv(mv));
        if let Some(p) = ponder {
            s += &format!(" ponder {}", self.mv(p));
        }
        if self.dialect == Dialect::Ucci {
            if resign {
                s += " resign";
            } else if draw {
                s += " draw";
            }
        }
        self.line(&s);
    }

    /// `nobestmove` (UCI: `bestmove (none)`; many UCI GUIs expect that).
    pub fn nobestmove(&mut self) {
        match self.dialect {
            Dialect::Ucci => self.line("nobestmove"),
            Dialect::Uci => self.line("bestmove (none)"),
        }
    }

    /// `info string <text>` (a message for the user).
    pub fn info_string(&mut self, text: &str) {
        self.line(&format!("info string {text}"));
    }

    /// An unknown command: UCCI ignores it (logged), UCI answers.
    pub fn unknown_command(&mut self, text: &str) {
        log::info!("unknown command: {text}");
        if self.dialect == Dialect::Uci {
            self.info_string(&format!("unknown command: {text}"));
        }
    }

    /// An unknown option: UCCI ignores it (logged), UCI answers.
    pub fn unknown_option(&mut self, name: &str) {
        log::info!("unknown option: {name}");
        if self.dialect == Dialect::Uci {
            self.info_string(&format!("unknown option: {name}"));
        }
    }

    /// The answer to `probe`.
    pub fn pophash(&mut self, hit: Option<TtHit>) {
        use crate::search::Bound;
        let mut s = String::from("pophash");
        if let Some(h) = hit {
            if let Some(m) = h.mv {
                s += &format!(" bestmove {m}");
            }
            if matches!(h.bound, Bound::Exact | Bound::Lower) {
                s += &format!(" lowerbound {} depth {}", h.score, h.depth);
            }
            if matches!(h.bound, Bound::Exact | Bound::Upper) {
                s += &format!(" upperbound {} depth {}", h.score, h.depth);
            }
        }
        self.line(&s);
    }

    /// `go perft N`: one line per root move, then the total.
    pub fn perft(&mut self, rows: &[(Move, u64)]) {
        for (m, n) in rows {
            let text = format!("{}: {n}", self.mv(*m));
            self.line(&text);
        }
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        self.line("");
        self.line(&format!("Nodes searched: {total}"));
    }

    /// The last line of `bench`.
    pub fn bench(&mut self, nodes: u64, nps: u64) {
        self.line(&format!("{nodes} nodes {nps} nps"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn option_lines_per_dialect() {
        let sink = Sink::default();
        let mut p = Printer::new(Box::new(sink.clone()));
        let spec = OptionSpec {
            ucci: Some("hashsize"),
            uci: Some("Hash"),
            kind: OptionKind::Spin {
                min: 1,
                max: 4096,
                default: 64,
            },
        };
        assert_eq!(
            p.option_line(&spec).unwrap(),
            "option hashsize type spin min 1 max 4096 default 64"
        );
        p.dialect = Dialect::Uci;
        assert_eq!(
            p.option_line(&spec).unwrap(),
            "option name Hash type spin default 64 min 1 max 4096"
        );
        assert_eq!(p.score(crate::search::MATE - 3), "mate 2");
        assert_eq!(p.score(-crate::search::MATE + 2), "mate -1");
        p.show_wdl = true;
        assert_eq!(
            p.wdl_field(Some([600, 300, 100])).unwrap(),
            " wdl 600 300 100"
        );
        assert_eq!(p.wdl_field(None), None);
        p.line("x");
        assert_eq!(sink.0.lock().unwrap().as_slice(), b"x\n");
    }
}
