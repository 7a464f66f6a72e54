//! The controller: owns the position (with its move history), the banned
//! moves, the options and the searcher, and runs each search on a thread
//! of its own. While a search runs, `stop`, `ponderhit`, `isready` and
//! `quit` (and the end of input) are acted on at once; other commands wait
//! until it ends. With `batch` on, everything waits (except when the
//! search cannot end by itself: pondering or infinite).
//!
//! Replies follow the protocols: `bestmove` of a ponder search is held
//! until `ponderhit`/`stop`, of an infinite search until `stop`; a position
//! with a legal (unbanned) move always gets a legal `bestmove`.

use super::command::{Command, GoParams, PositionSpec};
use super::options::{EngineOptions, SetOutcome};
use super::printer::Printer;
use super::{Dialect, Event};
use crate::board::{perft_divide, Colour, Move, PieceKind, Position, PositionError};
use crate::book::{choose_move, BookSet, Randomness};
use crate::search::{
    mate_distance, run_bench, Clock, Limits, SearchControl, SearchEvent, SearchResult, Searcher,
    MAX_PLY,
};
use rand::{rngs::StdRng, SeedableRng};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Resign when the score stays below minus this (about a rook and a horse
/// in the default profile's centipawns) ...
pub const RESIGN_SCORE: i32 = 1300;
/// ... for this many searches in a row ...
pub const RESIGN_STREAK: u32 = 3;
/// ... each at least this deep.
pub const RESIGN_MIN_DEPTH: i32 = 8;
/// A draw offer is accepted only when |score| is at most this ...
pub const DRAW_SCORE: i32 = 10;
/// ... from this move number on ...
pub const DRAW_MIN_MOVE: u16 = 60;
/// ... with at most this much attacking material per side (rook 4,
/// horse/cannon 2, pawn 1).
pub const DRAW_MAX_MATERIAL: usize = 6;
/// `bench` depth when none is given.
pub const BENCH_DEPTH: i32 = 8;

/// A search in progress.
struct Active {
    control: Arc<SearchControl>,
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
    /// The searched position.
    pos: Position,
    /// The banned root moves of that search.
    banned: Vec<Move>,
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

/// Seed of the book choice's random generator.
const BOOK_SEED: u64 = 0x0063_6875_6865;

/// Owns the engine state and answers commands.
pub struct Controller {
    printer: Arc<Mutex<Printer>>,
    /// Set once the engine has said goodbye: the search thread prints no more.
    closed: Arc<AtomicBool>,
    options: EngineOptions,
    pos: Position,
    banned: Vec<Move>,
    searcher: Option<Searcher>,
    active: Option<Active>,
    queue: VecDeque<Pending>,
    events: Sender<Event>,
    resign_streak: u32,
    /// The books of `bookfiles` (the built-in book when empty), loaded when
    /// first needed and again after the option changes.
    books: Option<BookSet>,
    /// Drives the weighted book choice (`randomness`); seeded once, so
    /// a session is reproducible.
    rng: StdRng,
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
        Controller {
            printer: Arc::new(Mutex::new(printer)),
            closed: Arc::new(AtomicBool::new(false)),
            searcher: Some(Searcher::new(options.search.clone())),
            options,
            pos: Position::startpos(),
            banned: Vec::new(),
            active: None,
            queue: VecDeque::new(),
            events,
            resign_streak: 0,
            books: None,
            rng: StdRng::seed_from_u64(BOOK_SEED),
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
                Event::Done(searcher, result) => self.finished(*searcher, result),
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
        self.options.batch && !self.search_is_open_ended()
    }

    /// Stops the running search; its answer follows (at once if it was
    /// already held for `stop`).
    fn stop_active(&mut self) {
        if let Some(a) = self.active.as_mut() {
            a.stopped = true;
            a.control.stop();
            if let Some(r) = a.held.take() {
                self.answer(r);
            }
        }
    }

    /// Stops any search and silences the search thread.
    fn shut_down(&mut self) {
        if let Some(a) = &self.active {
            a.control.stop();
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
                        a.control.ponderhit();
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
    fn finished(&mut self, searcher: Searcher, result: SearchResult) {
        self.searcher = Some(searcher);
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
        let mut legal = a.pos.legal_moves();
        legal.retain(|m| !a.banned.contains(&m));
        let best = match result.best_move {
            Some(m) if legal.contains(m) => Some(m),
            _ => legal.first().copied(),
        };
        let Some(best) = best else {
            self.out().nobestmove();
            return;
        };
        let ponder = result.ponder_move.filter(|&p| {
            let mut after = a.pos.clone();
            after.make_move(best);
            after.is_legal(p)
        });
        if self.options.debug {
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
        let resign = self.should_resign(&result);
        let draw = a.draw_offered && self.options.draw && dead_level(&a.pos, &result);
        self.out().bestmove(best, ponder, draw, resign);
    }

    /// Updates the hopeless-score streak and says whether to resign.
    fn should_resign(&mut self, r: &SearchResult) -> bool {
        if r.depth >= RESIGN_MIN_DEPTH && r.score < -RESIGN_SCORE {
            self.resign_streak += 1;
        } else if r.depth > 0 {
            self.resign_streak = 0;
        }
        let mated = r.depth > 0 && mate_distance(r.score).is_some_and(|d| d < 0);
        self.options.resign && (mated || self.resign_streak >= RESIGN_STREAK)
    }

    /// An idle command.
    fn command(&mut self, c: Command) -> Flow {
        match c {
            Command::Ucci => self.handshake(Dialect::Ucci),
            Command::Uci => self.handshake(Dialect::Uci),
            Command::IsReady => self.out().readyok(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position(spec) => match build_position(&spec) {
                Ok(p) => {
                    self.pos = p;
                    self.banned.clear();
                }
                Err(e) => self.out().info_string(&e.to_string()),
            },
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
            Command::Probe(spec) => match build_position(&spec) {
                Ok(p) => {
                    let hit = self.searcher.as_ref().and_then(|s| s.probe(&p));
                    self.out().pophash(hit);
                }
                Err(e) => {
                    self.out().info_string(&e.to_string());
                    self.out().pophash(None);
                }
            },
            Command::Quit => {
                self.out().bye();
                return Flow::Quit;
            }
            Command::NewGame => self.new_game(),
            Command::Display => {
                let text = self.pos.to_string();
                self.out().block(&text);
            }
            Command::Eval => {
                let text = self.eval_text();
                self.out().block(&text);
            }
            Command::Bench(depth) => {
                let depth = depth.unwrap_or(BENCH_DEPTH).clamp(1, 64);
                let options = self.options.search.clone();
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
        let mut out = self.out();
        out.dialect = dialect;
        out.handshake(&EngineOptions::specs());
    }

    fn new_game(&mut self) {
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
        self.resign_streak = 0;
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(name, value) {
            SetOutcome::Stored => {
                let show = self.options.show_evals;
                self.out().show_evals = show;
                // `bookfiles` may have changed: load again when next needed
                self.books = None;
            }
            SetOutcome::SearchChanged => {
                if let Some(s) = self.searcher.as_mut() {
                    s.set_options(self.options.search.clone());
                }
            }
            SetOutcome::NewGame => self.new_game(),
            SetOutcome::Unknown => self.out().unknown_option(name),
            SetOutcome::Bad(e) => self
                .out()
                .info_string(&format!("option {name} unchanged: {e}")),
        }
    }

    fn ban(&mut self, moves: &[String]) {
        self.banned.clear();
        for t in moves {
            match Move::from_iccs(t) {
                Ok(m) => self.banned.push(m),
                Err(e) => self.out().info_string(&format!("banmoves: {e}")),
            }
        }
    }

    /// The evaluator's view of the current position.
    /// The evaluator's table of the five parts, ending in `total <v>`.
    fn eval_text(&self) -> String {
        match self.searcher.as_ref() {
            Some(s) => {
                let mut pos = self.pos.clone();
                s.evaluator().install(&mut pos);
                s.evaluator().breakdown(&pos).to_string()
            }
            None => String::new(),
        }
    }

    /// A book move for the current position (never a banned one), after
    /// printing the candidates as `info depth 0 score <weight> pv <move>`.
    fn book_move(&mut self) -> Option<Move> {
        if self.books.is_none() {
            let files = self.options.bookfiles.trim();
            self.books = Some(if files.is_empty() {
                BookSet::builtin()
            } else {
                match BookSet::load_list(files) {
                    Ok(b) => b,
                    Err(e) => {
                        self.out()
                            .info_string(&format!("cannot load bookfiles: {e}"));
                        BookSet::new()
                    }
                }
            });
        }
        let books = self.books.as_ref()?;
        let mut candidates = books.probe(&self.pos);
        candidates.retain(|(m, _)| !self.banned.contains(m));
        if candidates.is_empty() {
            return None;
        }
        let randomness: Randomness = self.options.randomness.parse().unwrap_or(Randomness::None);
        let chosen = choose_move(&candidates, randomness, &mut self.rng)?;
        let mut out = self.out();
        for (mv, weight) in &candidates {
            out.book_candidate(*mv, *weight);
        }
        Some(chosen)
    }

    /// The limits of `go`, in the units of the dialect and options.
    fn limits(&self, g: &GoParams) -> Limits {
        let ms = |v: f64| Duration::from_secs_f64(v.max(0.0) / 1000.0);
        let ucci_time = |v: f64| {
            if self.options.usemillisec {
                ms(v)
            } else {
                Duration::from_secs_f64(v.clamp(0.0, 1e9))
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
            let (time, inc) = match self.pos.side_to_move() {
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

    /// The root moves a search must not play: the banned ones, and with
    /// `searchmoves` every legal move not listed.
    fn root_moves_excluded(&self, searchmoves: &[String]) -> Result<Vec<Move>, String> {
        let mut excluded = self.banned.clone();
        if searchmoves.is_empty() {
            return Ok(excluded);
        }
        let mut wanted = Vec::new();
        for t in searchmoves {
            match Move::from_iccs(t) {
                Ok(m) => wanted.push(m),
                Err(e) => return Err(format!("go: searchmoves: {e}; no search")),
            }
        }
        let legal = self.pos.legal_moves();
        excluded.extend(legal.iter().filter(|m| !wanted.contains(m)));
        if legal.iter().all(|m| excluded.contains(m)) {
            return Err("go: none of the searchmoves is legal here; no search".into());
        }
        Ok(excluded)
    }

    fn go(&mut self, g: &GoParams) {
        if let Some(depth) = g.perft {
            let rows = perft_divide(&mut self.pos.clone(), depth);
            self.out().perft(&rows);
            return;
        }
        if g.depth == Some(0) {
            let v = self
                .searcher
                .as_ref()
                .map_or(0, |s| s.static_eval(&self.pos));
            let mut out = self.out();
            out.static_eval(v);
            out.nobestmove();
            return;
        }
        let limits = self.limits(g);
        let banned = match self.root_moves_excluded(&g.searchmoves) {
            Ok(b) => b,
            Err(e) => {
                let mut out = self.out();
                out.info_string(&e);
                out.nobestmove();
                return;
            }
        };
        if self.options.usebook && !g.ponder && !limits.infinite && g.searchmoves.is_empty() {
            if let Some(mv) = self.book_move() {
                self.out().bestmove(mv, None, false, false);
                return;
            }
        }
        let Some(mut searcher) = self.searcher.take() else {
            log::error!("go without a searcher");
            return;
        };
        let control = Arc::new(SearchControl::new());
        control.set_pondering(g.ponder);
        let active = Active {
            control: control.clone(),
            ponder: g.ponder,
            infinite: limits.infinite,
            stopped: false,
            ponderhit: false,
            draw_offered: g.draw,
            held: None,
            pos: self.pos.clone(),
            banned: banned.clone(),
        };
        let pos = self.pos.clone();
        let printer = self.printer.clone();
        let closed = self.closed.clone();
        let events = self.events.clone();
        self.active = Some(active);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let result = searcher.search(&pos, &limits, &control, &banned, &mut |e| {
                    let SearchEvent::Iteration(info) = e;
                    if !closed.load(Ordering::SeqCst) {
                        printer
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .iteration(info);
                    }
                });
                let _ = events.send(Event::Done(Box::new(searcher), result));
            });
        if let Err(e) = spawned {
            log::error!("cannot start the search thread: {e}");
            self.searcher = Some(Searcher::new(self.options.search.clone()));
            let a = self.active.as_mut().expect("just set");
            a.stopped = true;
            let fallback = SearchResult {
                best_move: None,
                ponder_move: None,
                score: 0,
                depth: 0,
                pv: Vec::new(),
                stats: Default::default(),
                time_ms: 0,
                iterations: Vec::new(),
            };
            self.answer(fallback);
        }
    }
}

/// The position described by `spec`, or what was wrong with it.
pub fn build_position(spec: &PositionSpec) -> Result<Position, PositionError> {
    Position::from_fen_and_moves(spec.fen.as_deref(), &spec.moves)
}

/// A level position late in the game with little material left.
fn dead_level(pos: &Position, r: &SearchResult) -> bool {
    let material = |c: Colour| {
        4 * pos.count(c, PieceKind::Rook)
            + 2 * (pos.count(c, PieceKind::Knight) + pos.count(c, PieceKind::Cannon))
            + pos.count(c, PieceKind::Pawn)
    };
    r.depth > 0
        && r.score.abs() <= DRAW_SCORE
        && pos.fullmove_number() >= DRAW_MIN_MOVE
        && Colour::ALL
            .iter()
            .all(|&c| material(c) <= DRAW_MAX_MATERIAL)
}
