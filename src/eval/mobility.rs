//! Part 3, mobility (灵活度): the number of moves of each piece kind (to
//! empty or enemy squares; blocked horse legs and elephant eyes, rook slides
//! and cannon screens respected, see [`super::attacks`]), weighted per kind.

use super::attacks::AttackInfo;
use super::Profile;

/// Weight per move in tenths, indexed by kind (king, advisor, elephant,
/// horse, rook, cannon, pawn). The horse's mobility matters most — a horse
/// with its legs blocked is nearly useless; the pawn's sideways freedom is
/// already in its position table.
const DEFAULT_WEIGHTS: [i32; 7] = [0, 5, 5, 40, 20, 10, 0];
/// The same on the paper's scale (0.7 of the default).
const PAPER_WEIGHTS: [i32; 7] = [0, 3, 3, 28, 14, 7, 0];

/// The per-move weights (tenths) of `profile`.
pub const fn weights(profile: Profile) -> &'static [i32; 7] {
    match profile {
        Profile::Paper => &PAPER_WEIGHTS,
        Profile::Default => &DEFAULT_WEIGHTS,
    }
}

/// Red's weighted mobility minus Black's.
#[inline(always)]
pub fn score(a: &AttackInfo, profile: Profile) -> i32 {
    let w = weights(profile);
    let sum: i32 = w
        .iter()
        .zip(a.moves[0].iter().zip(&a.moves[1]))
        .map(|(w, (&red, &black))| w * (red as i32 - black as i32))
        .sum();
    sum / 10
}
