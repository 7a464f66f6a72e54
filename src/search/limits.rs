//! What ends a search: depth, nodes, fixed time, or a clock with a soft
//! target and a hard limit.

use std::time::Duration;

/// The deepest a search can go, in plies from the root.
pub const MAX_PLY: usize = 128;

/// A game clock for the side to move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub movestogo: Option<u32>,
}

/// Limits of one search. Several may be combined; the first reached ends it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<i32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// The clock.
    pub clock: Option<Clock>,
    /// Search until stopped (no limit but depth `MAX_PLY`).
    pub infinite: bool,
    /// `go mate N`: stop once a mate in at most this many moves is proven.
    pub mate: Option<u32>,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: i32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `ms` milliseconds.
    pub fn movetime_ms(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    /// Search at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// Time budget derived from the limits: iterations stop starting after
/// `soft`, the search is aborted at `hard`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeBudget {
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Abort the search at this.
    pub hard: Option<Duration>,
}

/// Moves assumed left when the clock gives no `movestogo`.
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// The hard limit is at most this many soft targets.
const HARD_OVER_SOFT: u32 = 4;
/// Never plan to use more than this share (in percent) of the time left.
const MAX_SHARE_PERCENT: u32 = 60;

impl TimeBudget {
    /// The budget for `limits`, keeping `overhead` off every clock.
    pub fn new(limits: &Limits, overhead: Duration) -> TimeBudget {
        if limits.infinite {
            return TimeBudget {
                soft: None,
                hard: None,
            };
        }
        let mut soft = None;
        let mut hard = None;
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(c) = &limits.clock {
            let left = c
                .time
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            let mtg = c.movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 100);
            let mut target = left / mtg + c.increment * 3 / 4;
            let cap = left * MAX_SHARE_PERCENT / 100;
            // the last move before the control may use more, but keeps a quarter
            // of the time for scheduling delays on a loaded machine
            let cap = if mtg == 1 { left * 3 / 4 } else { cap };
            target = target.min(cap).max(Duration::from_millis(1));
            let h = (target * HARD_OVER_SOFT).min(cap.max(target));
            soft = Some(soft.map_or(target, |s: Duration| s.min(target)));
            hard = Some(hard.map_or(h, |x: Duration| x.min(h)));
        }
        TimeBudget { soft, hard }
    }
}
