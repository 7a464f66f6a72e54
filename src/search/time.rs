//! The time manager: how long a search may take and when it stops. A
//! [`TimeBudget`] from the limits (a soft target for starting iterations,
//! a hard limit that aborts one), a [`TimeScaler`] that stretches or
//! shrinks the target as iterations agree or not, and each thread's
//! [`ThreadClock`], which watches the hard limits inside an iteration.
//! The driver (`driver.rs`) asks [`TimeBudget::next_iteration_allowed`]
//! between iterations.

use super::limits::Limits;
use super::options::SearchOptions;
use super::tunables::Tunables;
use super::SearchControl;
use std::time::{Duration, Instant};

/// Time budget derived from the limits: iterations stop starting after
/// `soft` (scaled by [`TimeBudget::scaled_soft`] as the search learns how
/// settled the position is), the search is aborted at `hard`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeBudget {
    /// Do not start another iteration after this (the planned time).
    pub soft: Option<Duration>,
    /// Abort the search at this.
    pub hard: Option<Duration>,
    /// Whether the soft target comes from a game clock (and so may be
    /// stretched or shrunk between iterations); a fixed `movetime` is not.
    pub from_clock: bool,
}

// The time manager's numbers are tunables (`time_*` in
// `super::tunables`): the horizon the clock is planned over when it gives
// no `movestogo` (a horizon, not a guess of the game's length, so every
// move gets a share of what is left plus most of the increment), the share
// of the increment, the bank of increments, and the hard limit's bounds.

impl TimeBudget {
    /// The budget for `limits`, keeping `overhead` off every clock, with
    /// the default tunables.
    pub fn new(limits: &Limits, overhead: Duration) -> TimeBudget {
        TimeBudget::tuned(limits, overhead, &Tunables::default())
    }

    /// The budget for `limits` with the time manager's tunables `t`.
    pub fn tuned(limits: &Limits, overhead: Duration, t: &Tunables) -> TimeBudget {
        let horizon = t.time_horizon.max(1) as u32;
        if limits.infinite {
            return TimeBudget {
                soft: None,
                hard: None,
                from_clock: false,
            };
        }
        let mut soft = None;
        let mut hard = None;
        let mut from_clock = false;
        if let Some(mt) = limits.movetime {
            // a fixed move time is the GUI's to spend: keep the overhead
            // off it, but never more than 5 % of it (a 100 ms overhead
            // would take a fifth of `go movetime 500`)
            let keep = overhead.min(mt / 20);
            let t = mt.saturating_sub(keep).max(Duration::from_millis(1));
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(c) = &limits.clock {
            let left = c
                .time
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            let mtg = c.movestogo.unwrap_or(horizon).clamp(1, horizon);
            // the increment arrives after the move; it is spent in full only
            // while the clock holds a bank of several increments, so a low
            // clock recovers instead of living from one increment to the
            // next, where one scheduling delay on a loaded machine loses
            let inc = c.increment * t.time_inc_percent as u32 / 100;
            let bank = c.increment * t.time_inc_bank as u32;
            let inc = if bank > left && !bank.is_zero() {
                inc.mul_f64(left.as_secs_f64() / bank.as_secs_f64())
            } else {
                inc
            }
            .min(left / 2);
            let cap = if mtg == 1 {
                // the last move before the control keeps a quarter for
                // scheduling delays on a loaded machine
                left * t.time_last_share as u32 / 100
            } else {
                left * t.time_max_share as u32 / 100
            };
            let target = (left / mtg + inc).min(cap).max(Duration::from_millis(1));
            let h = (target * t.time_hard_ratio as u32).min(cap).max(target);
            from_clock = soft.is_none();
            soft = Some(soft.map_or(target, |s: Duration| s.min(target)));
            hard = Some(hard.map_or(h, |x: Duration| x.min(h)));
        }
        TimeBudget {
            soft,
            hard,
            from_clock,
        }
    }

    /// Whether another iteration may start once `spent` of the budget is
    /// gone, the plan scaled by `percent` (see [`scaled_soft`]): on a game
    /// clock not once `next_iter_percent` percent of the plan is spent
    /// (the next iteration would take several times the last, and time
    /// not spent now is there for later moves); with a fixed move time
    /// always — the time is the move's whatever it does, UCI's `movetime`
    /// means "search exactly this long", and the hard limit stops the
    /// search inside the last iteration.
    ///
    /// [`scaled_soft`]: TimeBudget::scaled_soft
    pub fn next_iteration_allowed(
        &self,
        spent: Duration,
        percent: u32,
        next_iter_percent: i32,
    ) -> bool {
        match self.scaled_soft(percent) {
            Some(soft) if self.from_clock => {
                spent.as_micros() * 100 < soft.as_micros() * next_iter_percent.max(0) as u128
            }
            _ => true,
        }
    }

    /// The soft target scaled by `percent` (100 = as planned), never past
    /// the hard limit; a fixed move time is never scaled.
    pub fn scaled_soft(&self, percent: u32) -> Option<Duration> {
        let soft = self.soft?;
        if !self.from_clock {
            return Some(soft);
        }
        let scaled = soft * percent / 100;
        Some(self.hard.map_or(scaled, |h| scaled.min(h)))
    }
}

/// How sure the search is of its move, learned between iterations of
/// iterative deepening: the planned time is stretched when the best move
/// keeps changing or the score falls, and shrunk when one move has held
/// through many iterations.
#[derive(Clone, Copy, Debug, Default)]
pub struct TimeScaler {
    /// Best-move changes, halved at every iteration (recent ones count more).
    changes_x100: u32,
    /// Consecutive iterations with the same best move.
    stable: u32,
    last_best: Option<crate::board::Move>,
    last_score: Option<i32>,
    /// The latest score drop, evaluation units (0 when it rose).
    drop: i32,
}

impl TimeScaler {
    /// After a completed iteration whose best move is `best` and score
    /// `score`, with `spent` of the `budget` gone: whether another
    /// iteration may start (the plan scaled with `timescaling`).
    pub(super) fn another_iteration(
        &mut self,
        best: Option<crate::board::Move>,
        score: i32,
        budget: &TimeBudget,
        spent: Duration,
        options: &SearchOptions,
    ) -> bool {
        if let Some(best) = best {
            self.update(best, score);
        }
        let percent = if options.switches.time_scaling {
            self.percent(&options.tune)
        } else {
            100
        };
        budget.next_iteration_allowed(spent, percent, options.tune.time_next_iter)
    }
}

// A fall of `time_drop_units` units (a pawn is 10 in the default
// profile) adds 10 % to the plan, up to `time_drop_max` percent.

impl TimeScaler {
    /// Records a completed iteration's best move and score.
    pub fn update(&mut self, best: crate::board::Move, score: i32) {
        self.changes_x100 /= 2;
        if self.last_best.is_some_and(|m| m != best) {
            self.changes_x100 += 100;
            self.stable = 0;
        } else {
            self.stable += 1;
        }
        self.drop = self
            .last_score
            .map_or(0, |s| (s - score).clamp(0, super::score::MATE_BOUND));
        self.last_best = Some(best);
        self.last_score = Some(score);
    }

    /// The share of the planned time to use now, in percent, with the
    /// time manager's tunables `t`.
    pub fn percent(&self, t: &Tunables) -> u32 {
        // 100 % to 220 % for a restless best move (changes_x100 stays
        // below 200)
        let instability = 100 + self.changes_x100 * t.time_instability as u32 / 100;
        // 70 % once one move has held for six iterations
        let stability = if self.stable >= t.time_stable_iters as u32 {
            t.time_stable_percent as u32
        } else if self.stable >= t.time_steady_iters as u32 {
            t.time_steady_percent as u32
        } else {
            100
        };
        let falling =
            100 + (self.drop * 10 / t.time_drop_units.max(1)).clamp(0, t.time_drop_max) as u32;
        instability * stability / 100 * falling / 100
    }
}

/// The clock and the node limit as one search thread watches them: the
/// hard limits that abort a search inside an iteration (the soft ones,
/// between iterations, are [`TimeBudget`]'s and the driver's).
pub(crate) struct ThreadClock {
    /// When the clock started: the search start, or `ponderhit` (what the
    /// time budget counts from).
    pub start: Instant,
    /// The whole search's node limit, counted with `others_nodes` (each
    /// thread checks it, so a descheduled thread cannot let the others
    /// run past it).
    pub(super) node_limit: u64,
    /// The hard time limit (the budget's), counted from `start`.
    hard: Option<Duration>,
    /// The other threads' nodes as published at the last poll.
    pub(super) others_nodes: u64,
    /// Set by the driver while the main thread searches depth 1: neither
    /// the node limit nor the hard time limit stops it then (an outside
    /// `stop` does), so that every search answers with a searched move.
    /// Depth 1 needs tens of nodes, rarely more than a thousand. (Stockfish's
    /// `check_time` waits for `completedDepth >= 1` the same way.)
    pub(super) first_iteration: bool,
    was_pondering: bool,
}

impl ThreadClock {
    /// A clock started at `start` (the search's start) for a search of
    /// at most `node_limit` nodes and `hard` time (`None`: no limit),
    /// started `pondering` or not.
    pub fn new(start: Instant, node_limit: u64, hard: Option<Duration>, pondering: bool) -> Self {
        ThreadClock {
            start,
            node_limit,
            hard,
            others_nodes: 0,
            first_iteration: false,
            was_pondering: pondering,
        }
    }

    /// Whether the main thread must stop now: stopped from outside, or,
    /// past its first iteration, the hard time limit is reached, counted
    /// from ponderhit when it pondered. (Helpers stop when `control` does
    /// or the main thread has finished: `Context::poll`.)
    pub fn must_stop(&mut self, control: &SearchControl) -> bool {
        if control.is_stopped() {
            return true;
        }
        if control.is_pondering() {
            return false;
        }
        if self.was_pondering {
            // ponderhit: the clock starts now (the reports still count
            // from the search's start)
            self.was_pondering = false;
            self.start = Instant::now();
        }
        !self.first_iteration && self.hard.is_some_and(|hard| self.start.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
                movestogo: mtg,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn the_plan_uses_a_share_of_the_clock_and_most_of_the_increment() {
        let b = TimeBudget::new(&clock(15_000, 250, None), Duration::from_millis(30));
        let soft = b.soft.unwrap().as_millis();
        assert!((800..1000).contains(&soft), "soft {soft}");
        let hard = b.hard.unwrap().as_millis();
        assert!(hard > soft && hard <= 15_000 / 2, "hard {hard}");
    }

    #[test]
    fn a_nearly_empty_clock_never_plans_past_half_of_it() {
        for ms in [1u64, 10, 40, 100, 300] {
            let b = TimeBudget::new(&clock(ms, 250, None), Duration::from_millis(30));
            let left = ms.saturating_sub(30).max(1) as u128;
            assert!(b.hard.unwrap().as_millis() <= left.max(1), "{ms}");
            assert!(b.scaled_soft(300).unwrap() <= b.hard.unwrap());
        }
    }

    #[test]
    fn a_low_clock_spends_less_than_the_increment_and_recovers() {
        // 5 s + 50 ms: with 300 ms left the plan must stay below the
        // increment so the bank grows back
        let b = TimeBudget::new(&clock(300, 50, None), Duration::from_millis(30));
        assert!(b.soft.unwrap() < Duration::from_millis(50), "{b:?}");
        // a simulated game on a steady clock never falls below a few
        // increments, even when every move uses its whole hard limit
        let (mut left, inc) = (5_000u64, 50u64);
        for _ in 0..300 {
            let b = TimeBudget::new(&clock(left, inc, None), Duration::from_millis(30));
            let used = b.scaled_soft(100).unwrap().as_millis() as u64;
            left = left - used + inc;
        }
        assert!(left >= 150, "{left} ms left");
    }

    #[test]
    fn a_fixed_move_time_is_never_scaled() {
        let b = TimeBudget::new(&Limits::movetime_ms(500), Duration::from_millis(30));
        assert_eq!(b.scaled_soft(250), b.soft);
        assert_eq!(b.scaled_soft(50), b.soft);
    }

    #[test]
    fn a_fixed_move_time_is_searched_to_its_end() {
        // `go movetime 1500` with 30 ms overhead: 1470 ms, and every
        // iteration may start until the hard limit stops the search
        let b = TimeBudget::new(&Limits::movetime_ms(1500), Duration::from_millis(30));
        assert_eq!(b.hard, Some(Duration::from_millis(1470)));
        assert_eq!(b.soft, b.hard);
        for ms in [100, 800, 1000, 1400, 1469] {
            assert!(
                b.next_iteration_allowed(Duration::from_millis(ms), 100, 55),
                "{ms}"
            );
        }
        // a clock plan stops starting iterations past 55 % of the plan
        let c = TimeBudget::new(&clock(60_000, 0, None), Duration::from_millis(30));
        let plan = c.soft.unwrap();
        assert!(c.next_iteration_allowed(plan * 50 / 100, 100, 55));
        assert!(!c.next_iteration_allowed(plan * 60 / 100, 100, 55));
        // a move time under a clock: the shorter, and it is a fixed time
        let both = Limits {
            movetime: Some(Duration::from_millis(2000)),
            ..clock(600_000, 0, None)
        };
        let m = TimeBudget::new(&both, Duration::from_millis(30));
        assert_eq!(m.hard, Some(Duration::from_millis(1970)));
        assert!(m.next_iteration_allowed(Duration::from_millis(1900), 100, 55));
        // the overhead kept off a short move time is at most 5 % of it
        let short = TimeBudget::new(&Limits::movetime_ms(500), Duration::from_millis(100));
        assert_eq!(short.hard, Some(Duration::from_millis(475)));
    }

    #[test]
    fn restless_best_moves_and_falling_scores_take_more_time() {
        let a = Move::from_iccs("h2e2").unwrap();
        let b = Move::from_iccs("b2e2").unwrap();
        let mut settled = TimeScaler::default();
        for _ in 0..8 {
            settled.update(a, 10);
        }
        let mut restless = TimeScaler::default();
        for i in 0..8 {
            restless.update(if i % 2 == 0 { a } else { b }, 10);
        }
        let mut falling = TimeScaler::default();
        for i in 0..8 {
            falling.update(a, 100 - 10 * i);
        }
        let t = Tunables::default();
        assert!(settled.percent(&t) < 100);
        assert!(restless.percent(&t) > 150);
        assert!(falling.percent(&t) > settled.percent(&t));
    }

    use crate::board::Move;

    /// The hard limit waits for the main thread's first iteration (so
    /// that a search always answers with a searched move); an outside
    /// stop does not.
    #[test]
    fn the_first_iteration_outlasts_the_hard_limit_but_not_a_stop() {
        use crate::search::SearchControl;
        let control = SearchControl::new();
        // 0 ms (1 ms at least): past once the clock below has waited 2 ms
        let budget = TimeBudget::new(&Limits::movetime_ms(0), Duration::ZERO);
        assert!(budget.hard.is_some_and(|h| h <= Duration::from_millis(1)));
        let mut clock = ThreadClock::new(Instant::now(), u64::MAX, budget.hard, false);
        std::thread::sleep(Duration::from_millis(2));
        clock.first_iteration = true;
        assert!(!clock.must_stop(&control), "depth 1 cut by the clock");
        clock.first_iteration = false;
        assert!(clock.must_stop(&control), "the hard limit ignored");
        clock.first_iteration = true;
        control.stop();
        assert!(clock.must_stop(&control), "a stop ignored in depth 1");
    }
}
