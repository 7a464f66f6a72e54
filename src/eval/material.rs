//! Part 1, material (子力): a fixed value per piece kind.
//!
//! The values live in lanes 0 (paper) and 2 (default) of the shared
//! piece-square tables (see [`super::psq`]), so the position keeps their sum
//! incrementally and [`super::Evaluator::evaluate`] only reads it.

use super::Profile;
use crate::board::PieceKind;

/// The paper's Table 1, indexed by [`PieceKind::index`]
/// (king, advisor, elephant, horse, rook, cannon, pawn).
pub const PAPER_MATERIAL: [i32; 7] = [10000, 20, 20, 70, 165, 70, 8];

/// The default profile's values in centipawns where a horse is 100. The
/// king is worth 0 here: it is never captured (mate is the search's
/// business), and both kings would cancel anyway.
pub const DEFAULT_MATERIAL: [i32; 7] = [0, 22, 22, 100, 220, 105, 10];

/// The material value of `kind` in `profile`.
pub const fn value(profile: Profile, kind: PieceKind) -> i32 {
    match profile {
        Profile::Paper => PAPER_MATERIAL[kind.index()],
        Profile::Default => DEFAULT_MATERIAL[kind.index()],
    }
}

/// The table of all seven values of `profile`.
pub const fn values(profile: Profile) -> &'static [i32; 7] {
    match profile {
        Profile::Paper => &PAPER_MATERIAL,
        Profile::Default => &DEFAULT_MATERIAL,
    }
}
