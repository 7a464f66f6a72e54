//! The iterative-deepening driver: the main thread's loop over depths
//! ([`Deepening`]: one iteration with aspiration windows or mate mode's
//! sound window, MultiPV lines, what a stopped iteration still reports (a
//! partial iteration's better move), the reports to the caller, when to
//! stop between iterations (the time manager, `time.rs`, decides how
//! long)), the helper threads it runs beside (`smp.rs`) and the weakened
//! choice of a skill level (`strength.rs`).

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
    SearchStats, Searcher, INFINITY, MATE, MATE_BOUND, MAX_PLY,
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
        let mut deepening = Deepening::new(options, limits, control, mate, legal.first().copied());
        if legal.is_empty() {
            return deepening.result;
        }
        self.tt.new_search();
        self.main.new_search();
        let mut shared = SharedSearch::new(
            SearchParams::new(options),
            &self.evaluator,
            &self.tt,
            control,
            legal.iter().copied().collect(),
            banned,
            deepening.budget,
            deepening.node_limit(limits),
            self.helpers.threads(),
        );
        shared.start = started;
        let shared = &shared;
        let mut ctx = Context::new(root.clone(), shared, &mut self.main, 0);
        let (ctx, helper_stats) = self.helpers.run(shared, &root, deepening.first, || {
            deepening.run(&mut ctx, shared, on_event);
            ctx
        });
        let mut result = deepening.result;
        result.stats = ctx.own_stats();
        result.stats.add(&helper_stats);
        let chosen = deepening.skill.as_ref();
        if let Some(line) = chosen.and_then(|s| s.choose(&deepening.last_lines, pos.key())) {
            (result.best_move, result.ponder_move) = strength::chosen_moves(line);
            (result.score, result.pv) = (line.score, line.pv.clone());
        }
        result.time_ms = started.elapsed().as_millis() as u64;
        result
    }
}

/// The main thread's iterative deepening: the settings it runs by, what
/// it carries from one iteration to the next (the time scaler, the last
/// root lines) and the result so far.
struct Deepening<'s> {
    options: &'s SearchOptions,
    limits: &'s Limits,
    control: &'s SearchControl,
    /// `go mate N`'s N: each depth searched only for a mate in N moves.
    mate: Option<u32>,
    budget: TimeBudget,
    skill: Option<Skill>,
    /// The first depth searched (the only one with `iterative` off) and
    /// the last.
    first: i32,
    max_depth: i32,
    /// MultiPV lines shown, and searched (a weakened search chooses among
    /// more).
    shown_lines: usize,
    want_lines: usize,
    scaler: TimeScaler,
    last_lines: Vec<RootLine>,
    result: SearchResult,
}

impl<'s> Deepening<'s> {
    /// The loop for a search with `options` within `limits`, its result
    /// so far `best_move` (the first legal move) and nothing else.
    fn new(
        options: &'s SearchOptions,
        limits: &'s Limits,
        control: &'s SearchControl,
        mate: Option<u32>,
        best_move: Option<Move>,
    ) -> Self {
        let overhead = Duration::from_millis(options.move_overhead_ms);
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
        let shown_lines = options.multipv.max(1) as usize;
        let skill_lines = if skill.is_some() {
            strength::SKILL_LINES
        } else {
            1
        };
        Deepening {
            options,
            limits,
            control,
            mate,
            budget: TimeBudget::tuned(limits, overhead, &options.tune),
            skill,
            first: if options.switches.iterative {
                1
            } else {
                max_depth
            },
            max_depth,
            shown_lines,
            want_lines: shown_lines.max(skill_lines),
            scaler: TimeScaler::default(),
            last_lines: Vec::new(),
            result: SearchResult {
                best_move,
                ponder_move: None,
                score: 0,
                depth: 0,
                pv: Vec::new(),
                stats: SearchStats::default(),
                time_ms: 0,
                iterations: Vec::new(),
            },
        }
    }

    /// The nodes the whole search may spend: the limit's, or a weakened
    /// search's cap.
    fn node_limit(&self, limits: &Limits) -> u64 {
        limits
            .nodes
            .unwrap_or(u64::MAX)
            .min(self.skill.as_ref().map_or(u64::MAX, Skill::node_cap))
            .max(1)
    }

    /// Iterative deepening on the main thread's `ctx`, until a limit or a
    /// stop rule ends it.
    fn run(
        &mut self,
        ctx: &mut Context,
        shared: &SharedSearch,
        on_event: &mut dyn FnMut(&SearchEvent),
    ) {
        for depth in self.first..=self.max_depth {
            // depth 1 always runs and neither the node nor the time
            // limit cuts it short (`ThreadClock::first_iteration`; an
            // outside stop still can, at the next poll), so that even
            // `go nodes 1` gets a searched move; later iterations do not
            // start once stopped
            if depth > self.first && self.control.is_stopped() {
                break;
            }
            let score = self.iteration(ctx, depth);
            if ctx.aborted {
                self.partial_iteration(ctx, shared, depth, on_event);
                break;
            }
            if self.mate_floor().is_some_and(|floor| score <= floor) {
                // no mate within this depth: nothing to report
                continue;
            }
            let score = self.completed(ctx, shared, depth, score, on_event);
            if ctx.aborted {
                // stopped while searching the later lines of MultiPV
                break;
            }
            if self.control.is_pondering() {
                continue;
            }
            // notice a ponderhit that came since the last poll, so the
            // budget below counts from it
            ctx.poll();
            if self.stops_after(ctx, shared, depth, score) {
                break;
            }
        }
    }

    /// Mate mode's window floor: fail low at once unless a mate in n or
    /// less.
    fn mate_floor(&self) -> Option<i32> {
        self.mate.map(|n| MATE - 2 * n as i32)
    }

    /// One iteration at `depth`: mate mode's window, an aspiration
    /// window around the last score, or the full window.
    fn iteration(&self, ctx: &mut Context, depth: i32) -> i32 {
        let o = self.options;
        ctx.clock.first_iteration = depth == 1;
        let score = if let Some(floor) = self.mate_floor() {
            ctx.negamax::<Root>(depth, floor, INFINITY, 0, false, None)
        } else if o.switches.aspiration && depth >= o.tune.aspiration_min_depth {
            aspiration_search(ctx, depth, self.result.score)
        } else {
            ctx.negamax::<Root>(depth, -INFINITY, INFINITY, 0, false, None)
        };
        ctx.clock.first_iteration = false;
        score
    }

    /// A stopped iteration at `depth`: a root move that completed at the
    /// new depth and beat every move searched before it is the better
    /// move (`partialiteration`), and its line is reported, so that the
    /// move played is always the one shown last.
    fn partial_iteration(
        &mut self,
        ctx: &Context,
        shared: &SharedSearch,
        depth: i32,
        on_event: &mut dyn FnMut(&SearchEvent),
    ) {
        let usable = self.options.switches.partial_iteration
            && !ctx.stack.pv(0).is_empty()
            && depth > self.first;
        if !usable {
            return;
        }
        let pv = ctx.root_pv();
        let result = &mut self.result;
        if result.pv.first() == pv.first() {
            return;
        }
        let stats = shared.with_others(0, ctx.own_stats());
        let line = (depth, ctx.root_score, pv.clone());
        let info = IterationInfo::at_now(shared, line, stats, Vec::new());
        on_event(&SearchEvent::Iteration(info.clone()));
        result.iterations.push(info);
        result.best_move = Some(pv[0]);
        result.ponder_move = pv.get(1).copied();
        (result.score, result.depth, result.pv) = (ctx.root_score, depth, pv);
    }

    /// A completed iteration at `depth` whose score is `score`: the
    /// MultiPV lines (line 1 is the iteration's), the result and the
    /// report. Returns line 1's score.
    fn completed(
        &mut self,
        ctx: &mut Context,
        shared: &SharedSearch,
        depth: i32,
        score: i32,
        on_event: &mut dyn FnMut(&SearchEvent),
    ) -> i32 {
        let mut pv = ctx.root_pv();
        let mut score = score;
        let lines = multipv::root_lines(ctx, depth, score, &pv, self.want_lines);
        if lines.len() > 1 {
            (score, pv) = (lines[0].score, lines[0].pv.clone());
        }
        let result = &mut self.result;
        if let Some(&best) = pv.first() {
            result.best_move = Some(best);
            result.ponder_move = pv.get(1).copied();
        }
        result.score = score;
        result.depth = depth;
        result.pv = pv.clone();
        let stats = shared.with_others(0, ctx.own_stats());
        let shown = if self.shown_lines > 1 {
            lines.iter().take(self.shown_lines).cloned().collect()
        } else {
            Vec::new()
        };
        let info = IterationInfo::at_now(shared, (depth, score, pv), stats, shown);
        self.last_lines = lines;
        on_event(&SearchEvent::Iteration(info.clone()));
        result.iterations.push(info);
        score
    }

    /// The stop rules between iterations, after one at `depth` scored
    /// `score`: an only move under a clock, a mate that will not improve,
    /// `go mate N` proven, or the time manager's plan spent.
    fn stops_after(
        &mut self,
        ctx: &Context,
        shared: &SharedSearch,
        depth: i32,
        score: i32,
    ) -> bool {
        let timed = self.budget.soft.is_some();
        // an only move needs no thought under a clock
        if timed && shared.root_moves.len() == 1 {
            return true;
        }
        // a mate found within this depth will not improve
        if mate_distance(score).is_some_and(|d| d.abs() <= depth) && !self.limits.infinite {
            return true;
        }
        // `go mate N`: a mate in N moves or fewer is proven
        if let (Some(n), Some(d)) = (self.limits.mate, mate_distance(score)) {
            if d > 0 && (d as u32).div_ceil(2) <= n {
                return true;
            }
        }
        // the clock counts from ponderhit when pondering ended
        let spent = ctx.clock.start.elapsed();
        let best = self.result.pv.first().copied();
        !self
            .scaler
            .another_iteration(best, score, &self.budget, spent, self.options)
    }
}

/// The root search at `depth` in a window around the previous
/// iteration's score `guess`, `aspirationwindow` wide on each side,
/// widened (doubling) on the side it fails until the score falls
/// inside; mate scores search the full window, and beyond
/// `aspiration_give_up` the window opens fully. (The helper threads'
/// iterations use it too, `smp.rs`.)
pub(super) fn aspiration_search(ctx: &mut Context, depth: i32, guess: i32) -> i32 {
    let window = ctx.params.tune.aspiration_window;
    let give_up = ctx.params.tune.aspiration_give_up;
    if guess.abs() >= MATE_BOUND {
        return ctx.negamax::<Root>(depth, -INFINITY, INFINITY, 0, false, None);
    }
    let mut delta = window.max(1);
    let mut alpha = (guess - delta).max(-INFINITY);
    let mut beta = (guess + delta).min(INFINITY);
    loop {
        let v = ctx.negamax::<Root>(depth, alpha, beta, 0, false, None);
        if ctx.aborted {
            return v;
        }
        if v <= alpha && alpha > -INFINITY {
            beta = (alpha + beta) / 2;
            alpha = (v - delta).max(-INFINITY);
        } else if v >= beta && beta < INFINITY {
            beta = (v + delta).min(INFINITY);
        } else {
            return v;
        }
        delta *= 2;
        if delta > give_up {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}
