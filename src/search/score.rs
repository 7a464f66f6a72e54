//! Score conventions: centipawns (or the paper profile's units) from the
//! side to move; mate as ±(MATE − plies to mate); a loss by the repetition
//! rules as ±RULE_LOSS, well away from mate scores so it never reads as a
//! false mate.

use super::limits::MAX_PLY;

/// Score of giving mate at the root.
pub const MATE: i32 = 30000;
/// Beyond any real score.
pub const INFINITY: i32 = 32000;
/// Scores at least this large (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A forbidden perpetual (check or chase): a lost game, but not a mate.
pub const RULE_LOSS: i32 = 20000;

/// Score for the side to move being mated at `ply`.
#[inline(always)]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Plies to mate (positive: the side to move mates) for a mate score.
pub fn mate_distance(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// Win, draw and loss chances in permille of a search `score` (the side to
/// move's view) at game `phase` (see [`crate::eval::Evaluator::phase`]):
/// the fitted model of [`crate::eval::wdl`], and a certain result for a
/// mate score.
pub fn wdl_permille(score: i32, phase: i32) -> [u32; 3] {
    match mate_distance(score) {
        Some(_) if score > 0 => [1000, 0, 0],
        Some(_) => [0, 0, 1000],
        None => crate::eval::wdl::wdl_permille(score, phase),
    }
}

/// Mate scores are stored relative to the node, not the root.
#[inline(always)]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`score_to_tt`].
#[inline(always)]
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
