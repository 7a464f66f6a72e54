//! The controller: the protocol's state machine over the engine facade.
//! It parses nothing and decides nothing about chess: commands come
//! parsed, the [`Engine`] holds the position, options, book and searcher,
//! and every line goes out through the [`Printer`]. While a search runs on
//! its thread, `stop`, `ponderhit`, `isready` and `quit` (and the end of
//! input) are acted on at once; other commands wait until it ends. With
//! `batch` on, everything waits (except when the search cannot end by
//! itself: pondering or infinite).
//!
//! Replies follow the protocols: `bestmove` of a ponder search is held
//! until `ponderhit`/`stop`, of an infinite search until `stop`; a position
//! with a legal (unbanned) move always gets a legal `bestmove`.

use super::command::{Command, GoParams};
use super::printer::Printer;
use super::ranks::RankState;

mod notation;
use super::{Dialect, Event};
use crate::board::{perft_divide, Colour, Move, Position};
use crate::engine::options::{EngineOptions, SetOutcome};
use crate::engine::{Engine, GoRequest, SearchHandle};
use crate::search::{run_bench, Clock, Limits, OptionError, SearchResult, MAX_PLY};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// `bench` depth when none is given.
pub const BENCH_DEPTH: i32 = 8;

/// The longest time (seconds) a `go` time, increment or movetime is read
/// as: about 31 years; longer numbers mean "no limit" as well and are cut
/// to it.
const LONGEST_TIME_SECONDS: f64 = 1e9;

/// A search in progress.
struct Active {
    handle: SearchHandle,
    /// `go ponder`: the answer waits for `ponderhit` or `stop`.
    ponder: bool,
    /// `go infinite`: the answer waits for `stop`.
    infinite: bool,
    /// `stop` arrived.
    stopped: bool,
    /// `ponderhit` arrived.
    ponderhit: bool,
    /// The opponent offered a draw (`go draw` / `ponderhit draw`).
    draw_offered: bool,
    /// A finished result waiting for `stop`/`ponderhit`.
    held: Option<SearchResult>,
}

impl Active {
    /// Whether a finished result may be answered now.
    fn may_answer(&self) -> bool {
        self.stopped || (!self.infinite && (!self.ponder || self.ponderhit))
    }
}

/// What the loop does after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// Input kept for later (during a search).
enum Pending {
    Command(Box<Command>),
    /// `quit` (`true`: say `bye`) or the end of input (`false`).
    Quit(bool),
}

/// The protocol's state: the engine, the printer, the running search and
/// the input waiting for it.
pub struct Controller {
    printer: Arc<Mutex<Printer>>,
    /// Set once the engine has said goodbye: the search thread prints no more.
    closed: Arc<AtomicBool>,
    engine: Engine,
    active: Option<Active>,
    queue: VecDeque<Pending>,
    events: Sender<Event>,
    /// How UCI moves number the ranks (option `Ranks`, or learnt).
    ranks: RankState,
}

impl Controller {
    /// A controller writing to `output`; search threads report on `events`.
    pub fn new(output: Box<dyn Write + Send>, events: Sender<Event>) -> Controller {
        Controller::with_options(output, events, EngineOptions::default())
    }

    /// A controller starting from `options`.
    pub fn with_options(
        output: Box<dyn Write + Send>,
        events: Sender<Event>,
        options: EngineOptions,
    ) -> Controller {
        let mut printer = Printer::new(output);
        printer.show_evals = options.show_evals;
        let mut ranks = RankState::default();
        ranks.set_option(&options.ranks);
        Controller {
            ranks,
            printer: Arc::new(Mutex::new(printer)),
            closed: Arc::new(AtomicBool::new(false)),
            engine: Engine::new(options),
            active: None,
            queue: VecDeque::new(),
            events,
        }
    }

    fn out(&self) -> std::sync::MutexGuard<'_, Printer> {
        self.printer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Handles events until `quit` or the end of input.
    ///
    /// Input is handled strictly in order through a queue: during a search
    /// only `stop`, `ponderhit`, `isready`, `quit`, `help` and a refused
    /// `go` are acted on; anything else waits for the search's `bestmove`
    /// (and so does everything behind it). A `quit` or the end of input
    /// stops the search it waits behind, so leaving is prompt and every
    /// search is still answered.
    pub fn run(&mut self, events: Receiver<Event>) {
        loop {
            if self.drain_queue() == Flow::Quit {
                return self.shut_down();
            }
            let Ok(event) = events.recv() else {
                return self.shut_down();
            };
            match event {
                Event::Done(result) => self.finished(result),
                // batch: a `stop` meant for this search would only produce
                // a stray `nobestmove` after it
                Event::Input(Command::Stop) if self.reads_after_search() => {}
                Event::Input(c) => self.queue.push_back(Pending::Command(Box::new(c))),
                Event::Eof => self.queue.push_back(Pending::Quit(false)),
            }
        }
    }

    /// Handles queued input in order as far as the state allows.
    fn drain_queue(&mut self) -> Flow {
        while let Some(front) = self.queue.front() {
            if self.active.is_some() {
                let now = match front {
                    Pending::Command(c) => self.acts_during_search(c),
                    Pending::Quit(_) => false,
                };
                if !now {
                    let quitting = self.queue.iter().any(|p| matches!(p, Pending::Quit(_)));
                    if quitting && !self.reads_after_search() {
                        self.stop_active();
                    }
                    if self.active.is_some() {
                        return Flow::Continue;
                    }
                    continue;
                }
            }
            let flow = match self.queue.pop_front().expect("front exists") {
                Pending::Command(c) if self.active.is_some() => self.while_searching(*c),
                Pending::Command(c) => self.command(*c),
                Pending::Quit(bye) => {
                    if bye {
                        self.out().bye();
                    }
                    Flow::Quit
                }
            };
            if flow == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Whether `c` is acted on while a search runs (else it waits).
    fn acts_during_search(&self, c: &Command) -> bool {
        if self.reads_after_search() {
            return false;
        }
        match c {
            Command::Stop
            | Command::PonderHit { .. }
            | Command::IsReady
            | Command::Quit
            | Command::Help
            | Command::Empty => true,
            // after `stop` the search is only winding down: a GUI's next
            // `go` waits for its bestmove instead of being refused
            Command::Go(_) | Command::BadGo(_) => !self.is_stopping(),
            _ => false,
        }
    }

    /// Batch mode with a search that ends by itself: input waits for it.
    fn reads_after_search(&self) -> bool {
        self.engine.options().batch && !self.search_is_open_ended()
    }

    /// Stops the running search; its answer follows (at once if it was
    /// already held for `stop`).
    fn stop_active(&mut self) {
        if let Some(a) = self.active.as_mut() {
            a.stopped = true;
            a.handle.stop();
            if let Some(r) = a.held.take() {
                self.answer(r);
            }
        }
    }

    /// Stops any search and silences the search thread.
    fn shut_down(&mut self) {
        if let Some(a) = &self.active {
            a.handle.stop();
        }
        self.closed.store(true, Ordering::SeqCst);
    }

    /// A search was told to stop and has not answered yet.
    fn is_stopping(&self) -> bool {
        self.active.as_ref().is_some_and(|a| a.stopped)
    }

    /// A search that only `stop` (or `ponderhit`) can end.
    fn search_is_open_ended(&self) -> bool {
        self.active.as_ref().is_some_and(|a| a.infinite || a.ponder)
    }

    /// A command acted on during a search (see [`Self::acts_during_search`]).
    fn while_searching(&mut self, c: Command) -> Flow {
        match c {
            Command::Stop => self.stop_active(),
            Command::PonderHit { draw } => {
                if let Some(a) = self.active.as_mut() {
                    if a.ponder && !a.ponderhit {
                        a.ponderhit = true;
                        a.draw_offered |= draw;
                        a.handle.ponderhit();
                        if a.may_answer() {
                            if let Some(r) = a.held.take() {
                                self.answer(r);
                            }
                        }
                    }
                }
            }
            Command::IsReady => self.out().readyok(),
            // `quit` stops the search; its bestmove comes before `bye`
            Command::Quit => {
                self.stop_active();
                self.queue.push_front(Pending::Quit(true));
            }
            Command::Go(_) => self.out().info_string(
                "go refused: a search is running (send stop first, or setoption batch true to queue commands)",
            ),
            Command::BadGo(e) => self
                .out()
                .info_string(&format!("{e} (refused; the running search goes on)")),
            Command::Help => self.help(),
            Command::Empty => {}
            other => self.queue.push_front(Pending::Command(Box::new(other))),
        }
        Flow::Continue
    }

    /// `help`: the commands understood, as `info string` lines (so a GUI
    /// that sends it by mistake sees nothing it could misread).
    fn help(&mut self) {
        let mut out = self.out();
        for l in super::HELP.lines() {
            out.info_string(l);
        }
    }

    /// The search thread is done.
    fn finished(&mut self, result: SearchResult) {
        match self.active.as_mut() {
            Some(a) if !a.may_answer() => a.held = Some(result),
            Some(_) => self.answer(result),
            None => {}
        }
    }

    /// Prints the reply to the finished search and leaves the search state.
    fn answer(&mut self, result: SearchResult) {
        let Some(a) = self.active.take() else {
            return;
        };
        if self.engine.options().debug {
            let text = format!(
                "search: depth {} seldepth {} nodes {} evals {} pruned {} time {} ms",
                result.depth,
                result.stats.seldepth,
                result.stats.nodes,
                result.stats.evals,
                result.stats.pruned,
                result.time_ms
            );
            self.out().info_string(&text);
        }
        let (pos, excluded) = (a.handle.position().clone(), a.handle.excluded().to_vec());
        let reply = self.engine.reply(&pos, &excluded, &result, a.draw_offered);
        match reply.best {
            Some(best) => self
                .out()
                .bestmove(best, reply.ponder, reply.draw, reply.resign),
            None => self.out().nobestmove(),
        }
    }

    /// An idle command.
    fn command(&mut self, c: Command) -> Flow {
        match c {
            Command::Ucci => self.handshake(Dialect::Ucci),
            Command::Uci => self.handshake(Dialect::Uci),
            Command::IsReady => self.out().readyok(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position(spec) => self.position(&spec),
            Command::BanMoves(moves) => self.ban(&moves),
            Command::Go(g) => self.go(&g),
            Command::BadGo(e) => {
                let mut out = self.out();
                out.info_string(&format!("{e}; no search"));
                out.nobestmove();
            }
            Command::Help => self.help(),
            Command::PonderHit { .. } => log::info!("ponderhit while idle ignored"),
            Command::Stop => {
                if self.out().dialect == Dialect::Ucci {
                    self.out().nobestmove();
                }
            }
            Command::Probe(spec) => {
                match Position::from_fen_and_moves(spec.fen.as_deref(), &spec.moves) {
                    Ok(p) => {
                        let hit = self.engine.probe(&p);
                        self.out().pophash(hit);
                    }
                    Err(e) => {
                        self.out().info_string(&e.to_string());
                        self.out().pophash(None);
                    }
                }
            }
            Command::Quit => {
                self.out().bye();
                return Flow::Quit;
            }
            Command::NewGame => self.engine.new_game(),
            Command::Display => {
                let text = self.engine.position().to_string();
                self.out().block(&text);
            }
            Command::Eval => {
                let text = self.engine.eval_breakdown();
                self.out().block(&text);
            }
            Command::Bench(depth) => {
                let depth = depth.unwrap_or(BENCH_DEPTH).clamp(1, 64);
                let options = self.engine.options().search.clone();
                // a broken bench position must not take the engine down
                match std::panic::catch_unwind(|| run_bench(&options, depth)) {
                    Ok(r) => self.out().bench(r.nodes, r.nps),
                    Err(_) => self.out().info_string("bench failed (see stderr)"),
                }
            }
            Command::Empty => {}
            Command::Invalid(e) => self.out().info_string(&e),
            Command::Unknown(text) => self.out().unknown_command(&text),
        }
        Flow::Continue
    }

    fn handshake(&mut self, dialect: Dialect) {
        self.ranks.forget();
        let ranks = self.ranks.current();
        let mut out = self.out();
        out.dialect = dialect;
        out.ranks = ranks;
        out.handshake(&EngineOptions::specs());
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.engine.set_option(name, value) {
            SetOutcome::Stored => {
                let (evals, wdl) = (
                    self.engine.options().show_evals,
                    self.engine.options().show_wdl,
                );
                self.ranks.set_option(&self.engine.options().ranks);
                let ranks = self.ranks.current();
                let open = self.ranks.open();
                let mut out = self.out();
                out.show_evals = evals;
                out.show_wdl = wdl;
                out.ranks = ranks;
                // GUIs built on Fairy-Stockfish set UCI_Variant and may
                // never send a move list that shows their numbering
                let variant = crate::engine::table::normalize(name) == "ucivariant";
                if variant && open && out.dialect == Dialect::Uci {
                    out.info_string(
                        "UCI moves are read and written with ranks 0-9 (as Pikafish and XBoard); \
                         for ranks 1-10 (Fairy-Stockfish's notation) set option Ranks to 1-10 \
                         (a GUI's first move list with ranks 1-10 also switches)",
                    );
                }
            }
            SetOutcome::SearchChanged | SetOutcome::NewGame => {}
            SetOutcome::Unknown => self.out().unknown_option(name),
            SetOutcome::Bad(e) => {
                // the line names the option once: an invalid value's
                // reason alone, without the error's own key prefix
                let why = match e {
                    OptionError::Invalid { reason, .. } => reason,
                    OptionError::OutOfRange {
                        value, min, max, ..
                    } => format!("{value} is out of range (from {min} to {max})"),
                    other => other.to_string(),
                };
                self.out()
                    .info_string(&format!("option {name} unchanged: {why}"))
            }
        }
    }

    fn ban(&mut self, moves: &[String]) {
        let mut banned = Vec::new();
        for t in moves {
            match self.read_move(t) {
                Ok(m) => banned.push(m),
                Err(e) => self.out().info_string(&format!("banmoves: {e}")),
            }
        }
        self.engine.ban(banned);
    }

    /// A book move for the current position (never a banned one), after
    /// printing the candidates as `info string book <move> weight <w>`
    /// (no `score`: a book weight is not an evaluation).
    fn book_move(&mut self) -> Option<Move> {
        let (found, warning) = self.engine.book_move();
        let mut out = self.out();
        if let Some(w) = warning {
            out.info_string(&w);
        }
        let (chosen, candidates) = found?;
        for (mv, weight) in &candidates {
            out.book_candidate(*mv, *weight);
        }
        Some(chosen)
    }

    /// The limits of `go`, in the units of the dialect and options.
    fn limits(&self, g: &GoParams) -> Limits {
        // clamped first: `Duration::from_secs_f64` panics past u64 seconds,
        // and a GUI may send any number
        let seconds = |v: f64| Duration::from_secs_f64(v.clamp(0.0, LONGEST_TIME_SECONDS));
        let ms = |v: f64| seconds(v / 1000.0);
        let ucci_time = |v: f64| {
            if self.engine.options().usemillisec {
                ms(v)
            } else {
                seconds(v)
            }
        };
        let mut l = Limits {
            depth: g.depth,
            nodes: g.nodes,
            movetime: g.movetime.map(ms),
            mate: g.mate,
            ..Limits::default()
        };
        if let (Some(n), None) = (g.mate, g.depth) {
            // a mate in n moves is 2n - 1 plies; a little more lets the
            // search prove it past quiet replies, and bounds the search when
            // there is none
            l.depth = Some((2 * n as i32 + 2).min(MAX_PLY as i32 - 16));
        }
        if let Some(t) = g.time {
            l.clock = Some(Clock {
                time: ucci_time(t),
                increment: g.increment.map(ucci_time).unwrap_or_default(),
                movestogo: g.movestogo,
            });
        } else {
            let (time, inc) = match self.engine.position().side_to_move() {
                Colour::Red => (g.wtime, g.winc),
                Colour::Black => (g.btime, g.binc),
            };
            if let Some(t) = time {
                l.clock = Some(Clock {
                    time: ms(t),
                    increment: inc.map(ms).unwrap_or_default(),
                    movestogo: g.movestogo,
                });
            }
        }
        l.infinite = g.infinite
            || (l.depth.is_none()
                && l.nodes.is_none()
                && l.movetime.is_none()
                && l.clock.is_none());
        l
    }

    fn go(&mut self, g: &GoParams) {
        if let Some(depth) = g.perft {
            let rows = perft_divide(&mut self.engine.position().clone(), depth);
            self.out().perft(&rows);
            return;
        }
        if g.depth == Some(0) {
            let v = self.engine.eval();
            let mut out = self.out();
            out.static_eval(v);
            out.nobestmove();
            return;
        }
        let limits = self.limits(g);
        self.out().phase = crate::eval::Evaluator::phase(self.engine.position());
        let mut searchmoves = Vec::new();
        for t in &g.searchmoves {
            match self.read_move(t) {
                Ok(m) => searchmoves.push(m),
                Err(e) => {
                    let mut out = self.out();
                    out.info_string(&format!("go: searchmoves: {e}; no search"));
                    out.nobestmove();
                    return;
                }
            }
        }
        if !g.ponder && !limits.infinite && searchmoves.is_empty() {
            if let Some(mv) = self.book_move() {
                self.out().bestmove(mv, None, false, false);
                return;
            }
        }
        let request = GoRequest {
            limits,
            ponder: g.ponder,
            searchmoves,
        };
        let (printer, closed) = (self.printer.clone(), self.closed.clone());
        let on_info = move |info: &crate::search::IterationInfo| {
            if !closed.load(Ordering::SeqCst) {
                printer
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .iteration(info);
            }
        };
        let events = self.events.clone();
        let on_done = move |r: &SearchResult| {
            let _ = events.send(Event::Done(r.clone()));
        };
        match self.engine.go(&request, on_info, on_done) {
            Ok(handle) => {
                self.active = Some(Active {
                    handle,
                    ponder: g.ponder,
                    infinite: request.limits.infinite,
                    stopped: false,
                    ponderhit: false,
                    draw_offered: g.draw,
                    held: None,
                })
            }
            Err(e) => {
                log::error!("go: {e}");
                let mut out = self.out();
                out.info_string(&format!("go: {e}; no search"));
                out.nobestmove();
            }
        }
    }
}
