//! What the caller asks a search to stop at: depth, nodes, fixed time,
//! a game clock, a mate. (How the clock is spent is `time.rs`.)

use std::time::Duration;

/// The deepest a search can go, in plies from the root.
pub const MAX_PLY: usize = 128;

/// Deepest ply at which a check (or a singular move) still extends
/// (keeps the tree finite).
pub(crate) const MAX_EXTENSION_PLY: usize = MAX_PLY / 2;

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
