//! Lazy SMP: helper threads search the same root as the main thread,
//! sharing the transposition table and the table of positions being
//! searched (a move another thread is searching is searched last, so that
//! threads split a node's moves rather than search the same one at once:
//! `busy.rs`), each with its own
//! history, killers and evaluation cache. Every thread searches every
//! depth of iterative deepening. The main thread alone reports, keeps time
//! and decides the move.
//!
//! The helpers run on a rayon pool built once per thread count and reused
//! by every search; a search borrows the pool for its length (a rayon
//! scope), so the helpers can borrow the table and the options.

use super::context::Context;
use super::limits::MAX_PLY;
use super::node::Root;
use super::score::INFINITY;
use super::shared::SharedSearch;
use super::stats::SearchStats;
use super::thread::ThreadData;
use crate::board::Position;

/// The deepest iteration (as for the main thread).
const MAX_DEPTH: i32 = MAX_PLY as i32 - 16;

/// The most threads a search may use.
pub const MAX_THREADS: usize = 256;

/// Stack of a helper thread: as deep a recursion as the main thread's.
const HELPER_STACK_BYTES: usize = 16 * 1024 * 1024;

/// How many threads this machine runs at once (logical cores, at most
/// [`MAX_THREADS`]): the largest `threads` setting.
pub fn max_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, MAX_THREADS)
}

/// The helper threads of a searcher and the tables each one keeps.
pub(crate) struct HelperPool {
    /// `None` with one thread (or when the pool could not be built).
    pool: Option<rayon::ThreadPool>,
    helpers: Vec<ThreadData>,
}

impl HelperPool {
    /// A pool for searches by `threads` threads in all (the caller's
    /// thread is the main one, so `threads - 1` helpers are started).
    pub fn new(threads: usize) -> HelperPool {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        if helpers == 0 {
            return HelperPool::single();
        }
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(helpers)
            .thread_name(|i| format!("search-helper-{}", i + 1))
            .stack_size(HELPER_STACK_BYTES)
            .build();
        match built {
            Ok(pool) => HelperPool {
                pool: Some(pool),
                helpers: (0..helpers).map(|_| ThreadData::default()).collect(),
            },
            Err(e) => {
                log::warn!("cannot start {helpers} helper threads ({e}); searching with one");
                HelperPool::single()
            }
        }
    }

    fn single() -> HelperPool {
        HelperPool {
            pool: None,
            helpers: Vec::new(),
        }
    }

    /// Threads a search uses, the main one included.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Forgets the helpers' tables (a new game).
    pub fn clear(&mut self) {
        self.helpers.iter_mut().for_each(ThreadData::clear);
    }

    /// Forgets the helpers' evaluation caches (the evaluator changed).
    pub fn clear_eval_caches(&mut self) {
        self.helpers.iter_mut().for_each(|h| h.eval_cache.clear());
    }

    /// Runs `main` (the main thread's search) on the calling thread while
    /// the helpers search `root` (past `max_depth` too, as long as the
    /// main thread has not decided: a depth limit is the main thread's
    /// to obey, and idle helpers would help nobody); once `main` returns
    /// (or panics) the helpers are told to stop, and are waited for.
    /// Returns what `main` returned and the helpers' statistics summed.
    pub fn run<R>(
        &mut self,
        shared: &SharedSearch<'_>,
        root: &Position,
        first_depth: i32,
        main: impl FnOnce() -> R,
    ) -> (R, SearchStats) {
        // inside another rayon pool, waiting for the helpers could run that
        // pool's queued jobs on this thread: search alone there
        let nested = rayon::current_thread_index().is_some();
        let Some(pool) = self.pool.as_ref().filter(|_| !nested) else {
            let r = main();
            shared.finish();
            return (r, SearchStats::default());
        };
        let mut stats = vec![SearchStats::default(); self.helpers.len()];
        let r = pool.in_place_scope(|scope| {
            let finish_on_exit = FinishOnDrop(shared);
            for (i, (data, out)) in self.helpers.iter_mut().zip(stats.iter_mut()).enumerate() {
                scope.spawn(move |_| *out = helper_search(shared, data, root, i + 1, first_depth));
            }
            let r = main();
            drop(finish_on_exit);
            r
        });
        let mut total = SearchStats::default();
        stats.iter().for_each(|s| total.add(s));
        (r, total)
    }
}

/// Tells the helpers to stop when dropped (also when the main search
/// panics, so the scope never waits for them forever).
struct FinishOnDrop<'s, 'a>(&'s SharedSearch<'a>);

impl Drop for FinishOnDrop<'_, '_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

/// Helper `index` (1..)'s search: iterative deepening over every depth,
/// until the main thread decides (from depth
/// `first_depth`: the main thread's only depth when iterative deepening
/// is off).
fn helper_search(
    shared: &SharedSearch<'_>,
    data: &mut ThreadData,
    root: &Position,
    index: usize,
    first_depth: i32,
) -> SearchStats {
    let params = &shared.params;
    data.new_search();
    let mut ctx = Context::new(root.clone(), shared, data, index);
    let mut score = 0;
    let mut completed = 0;
    for depth in first_depth..=MAX_DEPTH {
        if shared.is_finished() || shared.control.is_stopped() {
            break;
        }
        let v = if params.switches.aspiration && depth >= params.tune.aspiration_min_depth {
            super::driver::aspiration_search(&mut ctx, depth, score)
        } else {
            ctx.negamax::<Root>(depth, -INFINITY, INFINITY, 0, false, None)
        };
        if ctx.aborted {
            break;
        }
        score = v;
        completed = depth;
    }
    let stats = ctx.own_stats();
    shared.publish(index, stats.nodes, stats.evals);
    log::debug!(
        "helper {index} stopped after {} nodes, deepest completed depth {}",
        stats.nodes,
        completed
    );
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Limits;
    use crate::search::options::SearchOptions;
    use crate::search::time::TimeBudget;
    use crate::search::tt::TranspositionTable;
    use crate::search::SearchControl;
    use std::time::Duration;

    /// Plain alpha-beta (no table, no pruning: its value does not depend
    /// on the move order) to `depth` from `pos` by the main thread of a
    /// two-thread search, with `busy` (positions two plies down) marked as
    /// searched by helper 1. Returns the score and the moves deferred.
    fn search_beside_a_busy_helper(pos: &Position, depth: i32, busy: &[u64]) -> (i32, u64) {
        let options = SearchOptions::paper_alphabeta();
        let evaluator = options.evaluator();
        let tt = TranspositionTable::new(1);
        let control = SearchControl::new();
        let budget = TimeBudget::new(&Limits::depth(depth), Duration::ZERO);
        let shared = SharedSearch::new(
            crate::search::params::SearchParams::new(&options),
            &evaluator,
            &tt,
            &control,
            pos.legal_moves().iter().copied().collect(),
            &[],
            budget,
            u64::MAX,
            2,
        );
        let table = shared.busy.as_ref().expect("two threads defer");
        busy.iter().for_each(|&key| table.enter(key, 1));
        let mut data = ThreadData::default();
        let mut ctx = Context::new(pos.clone(), &shared, &mut data, 0);
        let score = ctx.negamax::<Root>(depth, -INFINITY, INFINITY, 0, false, None);
        (score, ctx.own_stats().deferred)
    }

    #[test]
    fn moves_another_thread_is_searching_are_deferred_not_lost() {
        let pos = Position::from_fen(
            "r1ba1abr1/4k4/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/R1B1KAB1R w - - 0 9",
        )
        .unwrap();
        // every position two plies down is being searched by the helper
        let mut busy = Vec::new();
        let mut p = pos.clone();
        for m in pos.legal_moves().iter() {
            p.make_move(*m);
            for r in p.legal_moves().iter() {
                p.make_move(*r);
                busy.push(p.key());
                p.unmake_move();
            }
            p.unmake_move();
        }
        let (alone, none) = search_beside_a_busy_helper(&pos, 4, &[]);
        let (beside, deferred) = search_beside_a_busy_helper(&pos, 4, &busy);
        assert_eq!(none, 0, "nothing is busy: nothing deferred");
        assert!(deferred > 0, "busy moves were deferred");
        // every deferred move was still searched: plain alpha-beta's value
        // does not depend on the order
        assert_eq!(beside, alone);
    }

    #[test]
    fn max_threads_is_at_least_one_and_capped() {
        assert!((1..=MAX_THREADS).contains(&max_threads()));
    }
}
