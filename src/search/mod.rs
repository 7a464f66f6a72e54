//! The search: iterative deepening over negamax alpha-beta (the baseline)
//! or iProbcut iterative forward pruning, sharing a transposition table,
//! the history heuristic, killers, quiescence and time control; with
//! `threads` above one, helper threads search the same root (lazy SMP,
//! see `smp`).
//!
//! The search knows nothing of the protocol: it reports through
//! [`SearchEvent`]s passed to a callback and returns a [`SearchResult`].

mod bench;
mod busy;
mod context;
mod conthist;
mod driver;
mod evalcache;
mod history;
mod iprobcut;
mod large_pages;
mod lazysort;
mod limits;
mod lmr;
mod moveloop;
mod movepick;
mod multipv;
mod negamax;
mod node;
mod option_error;
mod options;
mod params;
mod pruning;
mod pvs;
mod quiesce;
pub mod research;
mod score;
mod see;
mod shared;
mod singular;
mod smp;
mod stack;
mod stats;
mod steplog;
mod strength;
mod switches;
#[cfg(test)]
mod test_context;
mod thread;
mod time;
mod tt;
mod tunables;

pub use bench::{bench_positions, run_bench, BenchReport};
pub use limits::{Clock, Limits, MAX_PLY};
pub use multipv::MAX_LINES as MAX_MULTIPV;
pub use option_error::OptionError;
pub use options::{parse_bool, Algorithm, IProbcutParams, SearchOptions};
pub use research::{prover, quality};
pub use score::{mate_distance, wdl_permille, INFINITY, MATE, MATE_BOUND, RULE_LOSS};
pub use smp::{max_threads, MAX_THREADS};
pub use stats::SearchStats;
pub use strength::{level_for_elo, Skill, ELO_MAX, ELO_MIN, ELO_TABLE, FULL_LEVEL};
pub use switches::{find_switch, Group, Mate, Switch, Switches, SWITCHES};
pub use time::{TimeBudget, TimeScaler};
pub use tt::{Bound, TranspositionTable, TtHit};
pub use tunables::{
    find_tunable, KeepChildren, Tunable, Tunables, SIGMA_DEFAULT_PROFILE, SIGMA_PAPER_PROFILE,
    TUNABLES,
};

use crate::board::{Move, Position};
use crate::eval::{EvalCounter, Evaluator};
use smp::HelperPool;
use std::sync::atomic::{AtomicBool, Ordering};

/// Flags shared between a running search and whoever controls it (the
/// protocol's controller): the search polls them at least every 1024 nodes.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
}

impl SearchControl {
    /// Fresh flags: not stopped, not pondering.
    pub fn new() -> SearchControl {
        SearchControl::default()
    }

    /// Asks the search to end as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Marks the search as pondering (no time limit applies) or not.
    pub fn set_pondering(&self, on: bool) {
        self.pondering.store(on, Ordering::Relaxed);
    }

    /// Whether the search is pondering.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// The pondered move was played: the clock starts now.
    pub fn ponderhit(&self) {
        self.set_pondering(false);
    }

    /// Clears both flags before a new search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }
}

/// One root move's line.
#[derive(Clone, Debug, PartialEq)]
pub struct RootLine {
    /// Score from the side to move's view.
    pub score: i32,
    /// The line, its root move first.
    pub pv: Vec<Move>,
}

/// What one completed iteration found.
#[derive(Clone, Debug, PartialEq)]
pub struct IterationInfo {
    /// Nominal depth.
    pub depth: i32,
    /// Score from the side to move's view.
    pub score: i32,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Cumulative statistics.
    pub stats: SearchStats,
    /// Transposition table use in permille.
    pub hashfull: u32,
    /// With MultiPV above 1, the best root lines, best first (line 1 is
    /// `score` and `pv`); empty otherwise.
    pub lines: Vec<RootLine>,
}

/// Progress reports of a running search.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchEvent {
    /// An iteration of iterative deepening completed.
    Iteration(IterationInfo),
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal (unbanned) move.
    pub best_move: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder_move: Option<Move>,
    /// Score of the last completed iteration, side to move's view.
    pub score: i32,
    /// Depth of the last completed iteration (0 if none completed).
    pub depth: i32,
    /// Principal variation of the last completed iteration.
    pub pv: Vec<Move>,
    /// Statistics of the whole search.
    pub stats: SearchStats,
    /// Wall time.
    pub time_ms: u64,
    /// Each completed iteration, in order.
    pub iterations: Vec<IterationInfo>,
}

/// The hash table size a searcher needs: none when the table is off.
fn table_mb(options: &SearchOptions) -> usize {
    if options.switches.tt {
        options.hash_mb
    } else {
        0
    }
}

/// A search engine instance: options, evaluator, transposition table,
/// and each thread's history and evaluation cache (the main thread's here,
/// the helpers' in their pool), kept between searches of one game.
pub struct Searcher {
    options: SearchOptions,
    evaluator: Evaluator,
    tt: TranspositionTable,
    main: thread::ThreadData,
    helpers: HelperPool,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(SearchOptions::default())
    }
}

impl Searcher {
    /// A searcher with `options`.
    pub fn new(options: SearchOptions) -> Searcher {
        Searcher {
            evaluator: options.evaluator(),
            tt: TranspositionTable::new(table_mb(&options)),
            main: thread::ThreadData::default(),
            helpers: HelperPool::new(options.threads),
            options,
        }
    }

    /// The current options.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// The evaluator in use.
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// Replaces the options (the hash table is rebuilt only if its size
    /// changes, the helper threads only if their number does).
    pub fn set_options(&mut self, options: SearchOptions) {
        if table_mb(&options) != table_mb(&self.options) {
            self.tt = TranspositionTable::new(table_mb(&options));
        }
        if options.threads != self.options.threads {
            self.helpers = HelperPool::new(options.threads);
        }
        self.evaluator = options.evaluator();
        self.main.eval_cache.clear();
        self.helpers.clear_eval_caches();
        self.options = options;
    }

    /// Threads a search uses (the main one included).
    pub fn threads(&self) -> usize {
        self.helpers.threads()
    }

    /// Forgets the hash table and every thread's history (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.clear();
        self.helpers.clear();
    }

    /// What the hash table knows about `pos`.
    pub fn probe(&self, pos: &Position) -> Option<TtHit> {
        self.tt.probe(pos.key(), 0)
    }

    /// The static evaluation of `pos` from the side to move's view.
    pub fn static_eval(&self, pos: &Position) -> i32 {
        let mut p = pos.clone();
        self.evaluator.install(&mut p);
        self.evaluator.evaluate(&p, &mut EvalCounter::default())
    }

    /// Searches `pos` (whose move history counts for repetitions) within
    /// `limits`, skipping `banned` root moves, reporting progress to
    /// `on_event`. Always returns a legal move when one exists, even if
    /// stopped before the first iteration completes.
    ///
    /// With `limits.mate` = N the search first looks for a mate in at most
    /// N moves soundly (see [`mate_options`](SearchOptions::mate_options):
    /// no forward pruning, a window that only asks "mate or not"); when
    /// there is none it searches as usual within the other limits.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        control: &SearchControl,
        banned: &[Move],
        on_event: &mut dyn FnMut(&SearchEvent),
    ) -> SearchResult {
        let Some(n) = limits.mate else {
            let options = self.options.clone();
            return self.search_with(pos, limits, control, banned, on_event, &options, None);
        };
        // a mate in n moves is 2n - 1 plies; one more ply lets the node
        // after the last move see a stalemate (a loss in xiangqi)
        let n = n.clamp(1, (MAX_PLY as u32 - 16) / 2);
        let mate_limits = Limits {
            depth: Some(2 * n as i32),
            ..limits.clone()
        };
        let options = self.options.mate_options();
        let found = self.search_with(
            pos,
            &mate_limits,
            control,
            banned,
            on_event,
            &options,
            Some(n),
        );
        if found.depth > 0 || control.is_stopped() {
            return found;
        }
        // no mate in n: the best move of an ordinary search
        let plain = Limits {
            mate: None,
            ..limits.clone()
        };
        let options = self.options.clone();
        self.search_with(pos, &plain, control, banned, on_event, &options, None)
    }
}
