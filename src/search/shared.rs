//! What every thread of one search shares: the settings (`params.rs`), the evaluator,
//! the transposition table, the stop/ponder control, the time budget and
//! node limit, the root moves, and each thread's published counters (so
//! the main thread can report and limit the whole search's nodes).

use super::busy::BusyTable;
use super::params::SearchParams;
use super::stats::SearchStats;
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use super::SearchControl;
use crate::board::Move;
use crate::eval::Evaluator;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// One thread's counters as last published (every poll), alone on its
/// cache line so publishing does not slow the other threads.
#[derive(Default)]
#[repr(align(128))]
struct PublishedCounts {
    nodes: AtomicU64,
    evals: AtomicU64,
}

/// The state of one search that all its threads read (thread 0 is the
/// main thread, which decides the move; the others are helpers).
pub(crate) struct SharedSearch<'a> {
    /// The settings as the nodes read them.
    pub params: SearchParams,
    pub evaluator: &'a Evaluator,
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    /// The legal root moves the search may play.
    pub root_moves: Vec<Move>,
    /// Root moves excluded (bans and `searchmoves`).
    pub banned: &'a [Move],
    pub budget: TimeBudget,
    /// Nodes of all threads together after which the main thread stops.
    pub node_limit: u64,
    /// When the search started (what `info time` and `nps` count from).
    pub start: Instant,
    /// Set once the main thread has decided: the helpers stop.
    finished: AtomicBool,
    counts: Vec<PublishedCounts>,
    /// The positions threads are searching (move deferral; only with
    /// several threads).
    pub busy: Option<BusyTable>,
}

impl<'a> SharedSearch<'a> {
    /// The shared state of a search by `threads` threads.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        params: SearchParams,
        evaluator: &'a Evaluator,
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        root_moves: Vec<Move>,
        banned: &'a [Move],
        budget: TimeBudget,
        node_limit: u64,
        threads: usize,
    ) -> SharedSearch<'a> {
        SharedSearch {
            params,
            evaluator,
            tt,
            control,
            root_moves,
            banned,
            budget,
            node_limit,
            start: Instant::now(),
            finished: AtomicBool::new(false),
            counts: (0..threads.max(1))
                .map(|_| PublishedCounts::default())
                .collect(),
            busy: (threads > 1).then(BusyTable::default),
        }
    }

    /// How many threads search.
    pub fn threads(&self) -> usize {
        self.counts.len()
    }

    /// Thread `index` has visited `nodes` and evaluated `evals` times.
    #[inline]
    pub fn publish(&self, index: usize, nodes: u64, evals: u64) {
        let c = &self.counts[index];
        c.nodes.store(nodes, Ordering::Relaxed);
        c.evals.store(evals, Ordering::Relaxed);
    }

    /// Nodes published by every thread but `index`.
    pub fn nodes_except(&self, index: usize) -> u64 {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, c)| c.nodes.load(Ordering::Relaxed))
            .sum()
    }

    /// Thread `index`'s own statistics with the other threads' published
    /// nodes and evaluation calls added (what `info` reports mid-search).
    pub fn with_others(&self, index: usize, own: SearchStats) -> SearchStats {
        let mut s = own;
        for (_, c) in self.counts.iter().enumerate().filter(|&(i, _)| i != index) {
            s.nodes += c.nodes.load(Ordering::Relaxed);
            s.evals += c.evals.load(Ordering::Relaxed);
        }
        s
    }

    /// The main thread has decided: helpers end their searches.
    pub fn finish(&self) {
        self.finished.store(true, Ordering::Relaxed);
    }

    /// Whether the main thread has decided.
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Relaxed)
    }
}
