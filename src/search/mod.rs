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
mod evalcache;
mod iprobcut;
mod limits;
mod moveloop;
mod mpclow;
mod multipv;
mod negamax;
mod options;
mod ordering;
mod picker;
pub mod prover;
mod pruning;
pub mod quality;
mod quiesce;
mod score;
mod see;
mod sefree;
mod shared;
mod singular;
mod smp;
mod stats;
mod strength;
mod switches;
#[cfg(test)]
mod test_context;
mod thread;
mod tt;
mod tunables;

pub use bench::{bench_positions, run_bench, BenchReport};
pub use limits::{Clock, Limits, TimeBudget, TimeScaler, MAX_PLY};
pub use multipv::{RootLine, MAX_LINES as MAX_MULTIPV};
pub use options::{
    parse_bool, Algorithm, IProbcutParams, KeepChildren, OptionError, SearchOptions,
    SIGMA_DEFAULT_PROFILE, SIGMA_PAPER_PROFILE,
};
pub use score::{mate_distance, wdl_permille, INFINITY, MATE, MATE_BOUND, RULE_LOSS};
pub use smp::{max_threads, MAX_THREADS};
pub use stats::SearchStats;
pub use strength::{level_for_elo, Skill, ELO_MAX, ELO_MIN, ELO_TABLE, FULL_LEVEL};
pub use switches::{find_switch, Group, Mate, Switch, Switches, SWITCHES};
pub use tt::{Bound, TranspositionTable, TtHit};
pub use tunables::{find_tunable, Tunable, Tunables, TUNABLES};

use crate::board::{Move, Position};
use crate::eval::{EvalCounter, Evaluator};
use context::Context;
use shared::SharedSearch;
use smp::HelperPool;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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

impl IterationInfo {
    /// The report of `line` (depth, score, principal variation) as of now:
    /// elapsed time and nodes per second from the search's start.
    fn at_now(
        shared: &SharedSearch,
        (depth, score, pv): (i32, i32, Vec<Move>),
        stats: SearchStats,
        lines: Vec<RootLine>,
    ) -> Self {
        let elapsed = shared.start.elapsed();
        IterationInfo {
            depth,
            score,
            time_ms: elapsed.as_millis() as u64,
            nps: (stats.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
            pv,
            stats,
            hashfull: if shared.options.switches.tt {
                shared.tt.hashfull()
            } else {
                0
            },
            lines,
        }
    }
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

    /// [`search`](Self::search) with these `options`; with `mate` = N it
    /// searches each depth only for a mate in at most N moves and reports
    /// nothing (depth 0) unless it finds one.
    #[allow(clippy::too_many_arguments)]
    fn search_with(
        &mut self,
        pos: &Position,
        limits: &Limits,
        control: &SearchControl,
        banned: &[Move],
        on_event: &mut dyn FnMut(&SearchEvent),
        options: &SearchOptions,
        mate: Option<u32>,
    ) -> SearchResult {
        let started = Instant::now();
        let mut root = pos.clone();
        self.evaluator.install(&mut root);
        let mut legal = root.legal_moves();
        legal.retain(|m| !banned.contains(&m));
        let mut result = SearchResult {
            best_move: legal.first().copied(),
            ponder_move: None,
            score: 0,
            depth: 0,
            pv: Vec::new(),
            stats: SearchStats::default(),
            time_ms: 0,
            iterations: Vec::new(),
        };
        if legal.is_empty() {
            return result;
        }
        self.tt.set_four_way(options.switches.tt_bucket4);
        self.tt.new_search();
        self.main.new_search();
        let overhead = Duration::from_millis(options.move_overhead_ms);
        let budget = TimeBudget::tuned(limits, overhead, &options.tune);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 16)
            .clamp(1, MAX_PLY as i32 - 16);
        let skill = options.skill();
        let node_limit = limits
            .nodes
            .unwrap_or(u64::MAX)
            .min(skill.as_ref().map_or(u64::MAX, Skill::node_cap))
            .max(1);
        // MultiPV lines searched: those shown, or those a weakened search
        // chooses among
        let shown_lines = options.multipv.max(1) as usize;
        let want_lines = shown_lines.max(if skill.is_some() {
            strength::SKILL_LINES
        } else {
            1
        });
        let mut last_lines = Vec::new();
        let timed = budget.soft.is_some();
        let mut shared = SharedSearch::new(
            options,
            &self.evaluator,
            &self.tt,
            control,
            legal.iter().copied().collect(),
            banned,
            budget,
            node_limit,
            self.helpers.threads(),
        );
        shared.start = started;
        let shared = &shared;
        let mut ctx = Context::new(root.clone(), shared, &mut self.main, 0);
        let legal = &shared.root_moves;
        let first = if options.switches.iterative {
            1
        } else {
            max_depth
        };
        let (ctx, helper_stats) = self.helpers.run(shared, &root, first, || {
            let mut scaler = TimeScaler::default();
            for depth in first..=max_depth {
                // depth 1 always runs so that even an instant stop gets a
                // searched move; later iterations do not start once stopped
                if depth > first && control.is_stopped() {
                    break;
                }
                // mate mode: fail low at once unless a mate in n or less
                let mate_floor = mate.map(|n| MATE - 2 * n as i32);
                let score = if let Some(floor) = mate_floor {
                    ctx.negamax(depth, floor, INFINITY, 0, true)
                } else if options.switches.aspiration && depth >= options.tune.aspiration_min_depth
                {
                    ctx.aspiration_search(depth, result.score)
                } else {
                    ctx.negamax(depth, -INFINITY, INFINITY, 0, true)
                };
                if ctx.aborted {
                    // a root move that completed at the new depth and beat
                    // every move searched before it is the better move
                    if options.switches.partial_iteration && ctx.pv_len[0] > 0 && depth > first {
                        let pv = ctx.root_pv();
                        // report the partial line, so that the move played
                        // is always the one shown last
                        if result.pv.first() != pv.first() {
                            let stats = shared.with_others(0, ctx.own_stats());
                            let info = IterationInfo::at_now(
                                shared,
                                (depth, ctx.root_score, pv.clone()),
                                stats,
                                Vec::new(),
                            );
                            on_event(&SearchEvent::Iteration(info.clone()));
                            result.iterations.push(info);
                            result.best_move = Some(pv[0]);
                            result.ponder_move = pv.get(1).copied();
                            (result.score, result.depth, result.pv) = (ctx.root_score, depth, pv);
                        }
                    }
                    break;
                }
                if mate_floor.is_some_and(|floor| score <= floor) {
                    // no mate within this depth: nothing to report
                    continue;
                }
                let mut pv = ctx.root_pv();
                let mut score = score;
                let lines = multipv::root_lines(&mut ctx, depth, score, &pv, want_lines);
                if lines.len() > 1 {
                    (score, pv) = (lines[0].score, lines[0].pv.clone());
                }
                if let Some(&best) = pv.first() {
                    result.best_move = Some(best);
                    result.ponder_move = pv.get(1).copied();
                }
                result.score = score;
                result.depth = depth;
                result.pv = pv.clone();
                let stats = shared.with_others(0, ctx.own_stats());
                let shown = if shown_lines > 1 {
                    lines.iter().take(shown_lines).cloned().collect()
                } else {
                    Vec::new()
                };
                let info = IterationInfo::at_now(shared, (depth, score, pv), stats, shown);
                last_lines = lines;
                on_event(&SearchEvent::Iteration(info.clone()));
                result.iterations.push(info);
                if ctx.aborted {
                    // stopped while searching the later lines of MultiPV
                    break;
                }
                if control.is_pondering() {
                    continue;
                }
                // notice a ponderhit that came since the last poll, so the
                // budget below counts from it
                ctx.poll();
                // an only move needs no thought under a clock
                if timed && legal.len() == 1 {
                    break;
                }
                // a mate found within this depth will not improve
                if mate_distance(score).is_some_and(|d| d.abs() <= depth) && !limits.infinite {
                    break;
                }
                // `go mate N`: a mate in N moves or fewer is proven
                if let (Some(n), Some(d)) = (limits.mate, mate_distance(score)) {
                    if d > 0 && (d as u32).div_ceil(2) <= n {
                        break;
                    }
                }
                if let Some(&best) = result.pv.first() {
                    scaler.update(best, score);
                }
                let percent = if options.switches.time_scaling {
                    scaler.percent(&options.tune)
                } else {
                    100
                };
                // the clock counts from ponderhit when pondering ended
                let spent = ctx.clock_start.elapsed();
                if !budget.next_iteration_allowed(spent, percent, options.tune.time_next_iter) {
                    break;
                }
            }
            ctx
        });
        let mut stats = ctx.own_stats();
        stats.add(&helper_stats);
        result.stats = stats;
        if let Some(line) = skill.and_then(|s| s.choose(&last_lines, pos.key())) {
            (result.best_move, result.ponder_move) = strength::chosen_moves(line);
            (result.score, result.pv) = (line.score, line.pv.clone());
        }
        result.time_ms = started.elapsed().as_millis() as u64;
        result
    }
}
