//! The engine facade: everything a front end drives, behind one type.
//!
//! [`Engine`] owns the position (with its game history), the banned root
//! moves, the searcher, the opening book and the options. Front ends (the
//! UCCI/UCI protocol, `chuhe play`, the arena's in-process player) only
//! parse their input, call the facade and print what it returns:
//! [`Engine::set_position`], [`Engine::go`] (a search on its own thread,
//! controlled through a [`SearchHandle`]: `stop`, `ponderhit`, `wait`),
//! [`Engine::think`] (the same, waited for), [`Engine::probe`],
//! [`Engine::eval`], [`Engine::book_move`] and [`Engine::reply`] (the
//! legal-move fallback plus the resign and draw policy).

pub mod options;
pub mod preset;
pub mod table;

use crate::board::{Colour, Move, PieceKind, Position, PositionError};
use crate::book::{choose_move, BookSet, Randomness};
use crate::search::{
    mate_distance, IterationInfo, Limits, SearchControl, SearchEvent, SearchResult, Searcher, TtHit,
};
use options::{EngineOptions, SetOutcome};
use rand::{rngs::StdRng, SeedableRng};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

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
/// The book choice's random generator: seeded with `seed`, or from the
/// operating system when it is 0 (then every process chooses differently).
fn book_rng(seed: u64) -> StdRng {
    if seed == 0 {
        StdRng::from_entropy()
    } else {
        StdRng::seed_from_u64(seed)
    }
}

/// Why a search request was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// A `searchmoves` entry is not ICCS text.
    #[error("searchmoves: {0}")]
    BadSearchMove(String),
    /// None of the `searchmoves` (or no unbanned move at all) is legal.
    #[error("none of the searchmoves is legal here")]
    NoSearchMove,
    /// The search thread could not be started.
    #[error("cannot start the search thread: {0}")]
    Thread(String),
}

/// One search request: the limits plus the protocol-level extras.
#[derive(Clone, Debug, Default)]
pub struct GoRequest {
    /// Depth, nodes, time, mate, ...
    pub limits: Limits,
    /// Start pondering (no time limit until `ponderhit`).
    pub ponder: bool,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
}

/// The answer to a finished search, ready to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move (`None`: no legal, unbanned move).
    pub best: Option<Move>,
    /// The expected reply, if legal after `best`.
    pub ponder: Option<Move>,
    /// Accept the opponent's draw offer.
    pub draw: bool,
    /// Resign.
    pub resign: bool,
}

/// A running search. Dropping it leaves the search running; call
/// [`SearchHandle::stop`] first if that is not wanted.
pub struct SearchHandle {
    control: Arc<SearchControl>,
    thread: Option<JoinHandle<SearchResult>>,
    /// The searched position and the root moves it may play.
    pos: Position,
    excluded: Vec<Move>,
}

impl SearchHandle {
    /// Asks the search to end (it answers at once with its best so far).
    pub fn stop(&self) {
        self.control.stop();
    }

    /// The pondered move was played: the clock starts now.
    pub fn ponderhit(&self) {
        self.control.ponderhit();
    }

    /// The position being searched.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Root moves the search must not play (bans and `searchmoves`).
    pub fn excluded(&self) -> &[Move] {
        &self.excluded
    }

    /// Waits for the result.
    pub fn wait(mut self) -> SearchResult {
        let thread = self.thread.take().expect("waited once");
        thread.join().unwrap_or_else(|_| fallback_result())
    }
}

/// What a search that could not run reports.
fn fallback_result() -> SearchResult {
    SearchResult {
        best_move: None,
        ponder_move: None,
        score: 0,
        depth: 0,
        pv: Vec::new(),
        stats: Default::default(),
        time_ms: 0,
        iterations: Vec::new(),
    }
}

/// A book move and all the candidates it was chosen from, with weights.
pub type BookChoice = (Move, Vec<(Move, u32)>);

/// The engine: position, bans, searcher, book and options.
pub struct Engine {
    options: EngineOptions,
    pos: Position,
    banned: Vec<Move>,
    /// Shared with the search thread while a search runs.
    searcher: Arc<Mutex<Searcher>>,
    /// The books of `bookfiles` (the built-in book when empty), loaded when
    /// first needed and again after the option changes.
    books: Option<BookSet>,
    rng: StdRng,
    resign_streak: u32,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(EngineOptions::default())
    }
}

impl Engine {
    /// An engine at the start position with `options`.
    pub fn new(options: EngineOptions) -> Engine {
        Engine {
            searcher: Arc::new(Mutex::new(Searcher::new(options.search.clone()))),
            rng: book_rng(options.book_seed),
            options,
            pos: Position::startpos(),
            banned: Vec::new(),
            books: None,
            resign_streak: 0,
        }
    }

    fn searcher(&self) -> MutexGuard<'_, Searcher> {
        self.searcher.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Reseeds the book's random choice (0: a fresh seed from the
    /// operating system).
    pub fn seed_book(&mut self, seed: u64) {
        self.rng = book_rng(seed);
    }

    /// Applies `setoption name [value]` (see [`EngineOptions::set`]); the
    /// searcher follows at once.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> SetOutcome {
        let outcome = self.options.set(name, value);
        // setting the seed (even to its old value) restarts its sequence
        if outcome == SetOutcome::Stored && table::lookup(name).is_some_and(|d| d.key == "bookseed")
        {
            self.seed_book(self.options.book_seed);
        }
        match &outcome {
            SetOutcome::SearchChanged => {
                let o = self.options.search.clone();
                self.searcher().set_options(o);
            }
            SetOutcome::NewGame => self.new_game(),
            // `bookfiles` may have changed: load again when next needed
            SetOutcome::Stored => self.books = None,
            _ => {}
        }
        outcome
    }

    /// Forgets the hash table, history and resign streak.
    pub fn new_game(&mut self) {
        self.searcher().clear();
        self.resign_streak = 0;
    }

    /// The position after `moves` from `fen` (`None`: the start position);
    /// on error the position stays as it was. Bans are cleared.
    pub fn set_position<S: AsRef<str>>(
        &mut self,
        fen: Option<&str>,
        moves: impl IntoIterator<Item = S>,
    ) -> Result<(), PositionError> {
        self.pos = Position::from_fen_and_moves(fen, moves)?;
        self.banned.clear();
        Ok(())
    }

    /// Sets the position directly (with its history). Bans are cleared.
    pub fn set_position_to(&mut self, pos: &Position) {
        self.pos = pos.clone();
        self.banned.clear();
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Root moves later searches must not play (until the next position).
    pub fn ban(&mut self, moves: Vec<Move>) {
        self.banned = moves;
    }

    /// What the hash table knows about `pos`.
    pub fn probe(&self, pos: &Position) -> Option<TtHit> {
        self.searcher().probe(pos)
    }

    /// The static evaluation of the current position (side to move's view).
    pub fn eval(&self) -> i32 {
        self.searcher().static_eval(&self.pos)
    }

    /// The evaluator's table of the five parts, ending in `total <v>`;
    /// with `eval=net`, then a line `net <v>`: the network's score, which
    /// is what the search plays with.
    pub fn eval_breakdown(&self) -> String {
        let s = self.searcher();
        let mut pos = self.pos.clone();
        let ev = s.evaluator();
        ev.install(&mut pos);
        let mut text = ev.breakdown(&pos).to_string();
        if let Some(net) = ev.net() {
            let score = ev.evaluate(&pos, &mut Default::default());
            text.push_str(&format!(
                "\nnet {score} (side to move; the {} net plays, not the parts above)",
                net.source()
            ));
        }
        text
    }

    /// A book move for the current position (never a banned one) and the
    /// candidates with their weights; `None` when the book is off or has
    /// nothing. A broken `bookfiles` is reported in the error slot once.
    pub fn book_move(&mut self) -> (Option<BookChoice>, Option<String>) {
        if !self.options.usebook {
            return (None, None);
        }
        let mut warning = None;
        if self.books.is_none() {
            let files = self.options.bookfiles.trim();
            self.books = Some(if files.is_empty() {
                BookSet::builtin()
            } else {
                BookSet::load_list(files).unwrap_or_else(|e| {
                    warning = Some(format!("cannot load bookfiles: {e}"));
                    BookSet::new()
                })
            });
        }
        let Some(books) = self.books.as_ref() else {
            return (None, warning);
        };
        let mut candidates = books.probe(&self.pos);
        candidates.retain(|(m, _)| !self.banned.contains(m));
        let randomness: Randomness = self.options.randomness.parse().unwrap_or(Randomness::None);
        let chosen = choose_move(&candidates, randomness, &mut self.rng);
        (chosen.map(|m| (m, candidates)), warning)
    }

    /// The root moves a search must not play: the banned ones, and with
    /// `searchmoves` every legal move not listed.
    pub fn excluded_moves(&self, searchmoves: &[Move]) -> Result<Vec<Move>, GoError> {
        let mut excluded = self.banned.clone();
        let legal = self.pos.legal_moves();
        if !searchmoves.is_empty() {
            excluded.extend(legal.iter().filter(|m| !searchmoves.contains(m)));
            if legal.iter().all(|m| excluded.contains(m)) {
                return Err(GoError::NoSearchMove);
            }
        }
        Ok(excluded)
    }

    /// Starts a search of the current position on its own thread;
    /// `on_info` hears every completed iteration, `on_done` the result
    /// (also available from [`SearchHandle::wait`]).
    pub fn go(
        &mut self,
        request: &GoRequest,
        mut on_info: impl FnMut(&IterationInfo) + Send + 'static,
        on_done: impl FnOnce(&SearchResult) + Send + 'static,
    ) -> Result<SearchHandle, GoError> {
        let excluded = self.excluded_moves(&request.searchmoves)?;
        let control = Arc::new(SearchControl::new());
        control.set_pondering(request.ponder);
        let (pos, limits, banned) = (self.pos.clone(), request.limits.clone(), excluded.clone());
        let (searcher, ctl) = (self.searcher.clone(), control.clone());
        let thread = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let mut s = searcher.lock().unwrap_or_else(|e| e.into_inner());
                let result = s.search(&pos, &limits, &ctl, &banned, &mut |e| {
                    let SearchEvent::Iteration(info) = e;
                    on_info(info);
                });
                drop(s);
                on_done(&result);
                result
            })
            .map_err(|e| GoError::Thread(e.to_string()))?;
        Ok(SearchHandle {
            control,
            thread: Some(thread),
            pos: self.pos.clone(),
            excluded,
        })
    }

    /// Searches the current position within `limits` and waits.
    pub fn think(&mut self, limits: &Limits) -> SearchResult {
        let request = GoRequest {
            limits: limits.clone(),
            ..GoRequest::default()
        };
        match self.go(&request, |_| {}, |_| {}) {
            Ok(h) => h.wait(),
            Err(_) => fallback_result(),
        }
    }

    /// The reply to a finished search of `handle_pos` (excluding
    /// `excluded`): a legal move whatever the search returned, the ponder
    /// move if legal, and the resign / draw decisions (`draw_offered`: the
    /// opponent offered one).
    pub fn reply(
        &mut self,
        searched: &Position,
        excluded: &[Move],
        result: &SearchResult,
        draw_offered: bool,
    ) -> Reply {
        let mut legal = searched.legal_moves();
        legal.retain(|m| !excluded.contains(&m));
        let best = match result.best_move {
            Some(m) if legal.contains(m) => Some(m),
            _ => legal.first().copied(),
        };
        let Some(best) = best else {
            return Reply {
                best: None,
                ponder: None,
                draw: false,
                resign: false,
            };
        };
        let ponder = result.ponder_move.filter(|&p| {
            let mut after = searched.clone();
            after.make_move(best);
            after.is_legal(p)
        });
        let resign = self.should_resign(result);
        let draw = draw_offered && self.options.draw && dead_level(searched, result);
        Reply {
            best: Some(best),
            ponder,
            draw,
            resign,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facade_searches_and_replies_legally() {
        let mut e = Engine::default();
        e.set_position(None, ["h2e2"]).unwrap();
        assert!(e.set_position(None, ["h2e2", "h2e2"]).is_err());
        assert_eq!(e.position().moves_played().count(), 1);
        let r = e.think(&Limits::depth(2));
        let pos = e.position().clone();
        let reply = e.reply(&pos, &[], &r, false);
        assert!(pos.is_legal(reply.best.unwrap()));
        // searchmoves restrict the root
        let only = Move::from_iccs("a6a5").unwrap();
        let request = GoRequest {
            limits: Limits::depth(2),
            searchmoves: vec![only],
            ..GoRequest::default()
        };
        let h = e.go(&request, |_| {}, |_| {}).unwrap();
        assert_eq!(h.wait().best_move, Some(only));
        let request = GoRequest {
            searchmoves: vec![Move::from_iccs("a0a9").unwrap()],
            ..request
        };
        assert!(matches!(
            e.go(&request, |_| {}, |_| {}),
            Err(GoError::NoSearchMove)
        ));
    }
}
