//! The iterative-deepening driver: the main thread's loop over depths
//! (with aspiration windows, mate mode's sound window, MultiPV lines),
//! what a stopped iteration still reports (a partial iteration's better
//! move), the reports to the caller, when to stop between iterations
//! (the time manager, `time.rs`, decides how long), the helper threads
//! it runs beside (`smp.rs`) and the weakened choice of a skill level
//! (`strength.rs`).

use super::context::Context;
use super::multipv;
use super::node::Root;
use super::params::SearchParams;
use super::shared::SharedSearch;
use super::strength::{self, Skill};
use super::time::{TimeBudget, TimeScaler};
use super::RootLine;
use super::{
    mate_distance, IterationInfo, Limits, SearchControl, SearchEvent, SearchOptions, SearchResult,
    SearchStats, Searcher, INFINITY, MATE, MAX_PLY,
};
use crate::board::{Move, Position};
use std::time::{Duration, Instant};

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
            hashfull: if shared.params.switches.tt {
                shared.tt.hashfull()
            } else {
                0
            },
            lines,
        }
    }
}

impl Searcher {
    /// [`search`](Self::search) with these `options`; with `mate` = N it
    /// searches each depth only for a mate in at most N moves and reports
    /// nothing (depth 0) unless it finds one.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_with(
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
        self.tt.new_search();
        self.main.new_search();
        let overhead = Duration::from_millis(options.move_overhead_ms);
        let budget = TimeBudget::tuned(limits, overhead, &options.tune);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 16)
            .clamp(1, MAX_PLY as i32 - 16);
        let skill = Skill::limited(
            options.skill_level,
            options.limit_strength,
            options.elo,
            options.skill_seed,
        );
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
            SearchParams::new(options),
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
                // depth 1 always runs and neither the node nor the time
                // limit cuts it short (`ThreadClock::first_iteration`; an
                // outside stop still can, at the next poll), so that even
                // `go nodes 1` gets a searched move; later iterations do not
                // start once stopped
                if depth > first && control.is_stopped() {
                    break;
                }
                ctx.clock.first_iteration = depth == 1;
                // mate mode: fail low at once unless a mate in n or less
                let mate_floor = mate.map(|n| MATE - 2 * n as i32);
                let score = if let Some(floor) = mate_floor {
                    ctx.negamax::<Root>(depth, floor, INFINITY, 0, false, None)
                } else if options.switches.aspiration && depth >= options.tune.aspiration_min_depth
                {
                    ctx.aspiration_search(depth, result.score)
                } else {
                    ctx.negamax::<Root>(depth, -INFINITY, INFINITY, 0, false, None)
                };
                ctx.clock.first_iteration = false;
                if ctx.aborted {
                    // a root move that completed at the new depth and beat
                    // every move searched before it is the better move
                    if options.switches.partial_iteration
                        && !ctx.stack.pv(0).is_empty()
                        && depth > first
                    {
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
                // the clock counts from ponderhit when pondering ended
                let spent = ctx.clock.start.elapsed();
                let best = result.pv.first().copied();
                if !scaler.another_iteration(best, score, &budget, spent, options) {
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
