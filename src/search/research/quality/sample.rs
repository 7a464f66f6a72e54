//! What the measure records per position (or logged node) and depth: the
//! truth of the full-width searches and what each of iProbcut's steps
//! chose, with the judgements drawn from them.

use crate::board::{Colour, PieceKind, Position};
use serde::Serialize;

/// Game phase by the material on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Phase {
    /// 16–20 units of rooks (3 each), horses and cannons (1 each).
    Opening,
    /// 9–15 units.
    Middlegame,
    /// 8 units or fewer (e.g. a rook and a horse a side).
    Endgame,
}

impl Phase {
    /// The phase of `pos` (both sides' rooks ×3, horses and cannons).
    pub fn of(pos: &Position) -> Phase {
        let mut units = 0;
        for colour in Colour::ALL {
            units += 3 * pos.count(colour, PieceKind::Rook);
            units += pos.count(colour, PieceKind::Knight);
            units += pos.count(colour, PieceKind::Cannon);
        }
        match units {
            16.. => Phase::Opening,
            9..=15 => Phase::Middlegame,
            _ => Phase::Endgame,
        }
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Middlegame => "middlegame",
            Phase::Endgame => "endgame",
        }
    }
}

/// The full-width truth at one position and depth.
#[derive(Clone, Debug, Serialize)]
pub struct Truth {
    /// The best move of the alpha-beta search of depth `d` (ICCS).
    pub best_move: String,
    /// Its value, side to move's view.
    pub score: i32,
    /// That search's nodes (the scale for the pre-evaluation cost).
    pub nodes: u64,
}

/// What the classic step did at the root, and what it cost.
#[derive(Clone, Debug, Serialize)]
pub struct ClassicSample {
    /// Whether play applies the step at this depth (`algorithm=iprobcut`
    /// and the depth above `threshold`).
    pub in_play: bool,
    /// Moves searched before the step (hash move, and with `ipclate` the
    /// captures and killers leading the order): never pruned.
    pub leading: usize,
    /// Children pre-evaluated (ranked).
    pub ranked: usize,
    /// Of those, pre-evaluated by a search (the rest from the table).
    pub searched: u64,
    /// Ranked children kept.
    pub kept: usize,
    /// Ranked children pruned.
    pub pruned: usize,
    /// The true best move's place in the ranking (1 = best); `None` when
    /// it was among the leading moves.
    pub best_rank: Option<usize>,
    /// Whether the true best move was pruned.
    pub best_pruned: bool,
    /// True best − best kept (both clamped to ±[`DECISIVE`](super::DECISIVE); 0 when the
    /// best is kept).
    pub loss: i32,
    /// Whether pruning changed the node's result in its window: a fail
    /// high became a fail low, or an exact value moved.
    pub changed: bool,
    /// Nodes of the pre-evaluation searches.
    pub pre_nodes: u64,
}

/// What the singular step said at the root, and the truth about it.
#[derive(Clone, Debug, Serialize)]
pub struct SingularSample {
    /// Whether play runs the step at this depth (`ipcsdepth`).
    pub in_play: bool,
    /// The hash move (ICCS) and its value in the table.
    pub hash_move: String,
    pub hash_score: i32,
    /// The singular bound (hash value − margin).
    pub singular_beta: i32,
    /// The node's beta (at the root: the singular bound).
    pub beta: i32,
    /// `extend` (the hash move is the lone best), `cut` (its siblings
    /// reach the bound too: multi-cut), `reduce` (they reach the bound
    /// below beta: the hash move is searched shallower) or `plain`.
    pub verdict: &'static str,
    /// Truth: the hash move is the full-width best.
    pub hash_best: bool,
    /// Truth: the best value of the other moves.
    pub second: i32,
    /// Nodes of the excluded-move search.
    pub pre_nodes: u64,
}

impl SingularSample {
    /// "Extend" is right: the hash move is the best and its siblings stay
    /// below the singular bound.
    pub fn extend_right(&self) -> bool {
        self.hash_best && self.second < self.singular_beta
    }

    /// "Cut" is right: the node's full-width value reaches beta.
    pub fn cut_right(&self, truth: &Truth) -> bool {
        truth.score >= self.beta
    }

    /// The stronger claim of multi-cut: the siblings alone reach beta.
    pub fn siblings_clear(&self) -> bool {
        self.second >= self.beta
    }

    /// "Reduce" is right: the node's result in its window `alpha..beta`
    /// does not need the hash move — its siblings alone give the node the
    /// same bounded value — so searching the hash move shallower can cost
    /// nothing. Wrong when the hash move alone lifts the node (above
    /// alpha, or to beta).
    pub fn reduce_right(&self, truth: &Truth, alpha: i32) -> bool {
        self.second.clamp(alpha, self.beta) >= truth.score.clamp(alpha, self.beta)
    }
}

/// One position at one depth.
#[derive(Clone, Debug, Serialize)]
pub struct Sample {
    /// Index of the position in the input (from 0).
    pub position: usize,
    pub fen: String,
    /// The node's remaining depth (at the root: the depth measured).
    pub depth: i32,
    /// The node's distance from the root it was sampled in (0: a root
    /// sample) and its window there (the root's is open).
    pub ply: usize,
    pub alpha: i32,
    pub beta: i32,
    pub phase: Phase,
    pub truth: Truth,
    /// The classic step as in play (`None` in check, or when `pre` ≥
    /// `d − 1`: no shallower search).
    pub classic: Option<ClassicSample>,
    /// The classic step's ranking alone: every child pre-evaluated from
    /// cleared tables, no hash move, nothing searched before it.
    pub ranking: Option<ClassicSample>,
    /// `None` without a usable hash entry (move, depth ≥ d − 3, not an
    /// upper bound, not a mate score) or in check.
    pub singular: Option<SingularSample>,
}
