//! Tapered values: a middlegame and an endgame value packed in one `i32`
//! (`eg · 2¹⁶ + mg`), so that sums and integer multiples of packed values
//! are the packed sums and multiples (as long as each half stays within
//! `i16`), and the blend of the two by the game phase.

use super::features::MAX_PHASE;
use super::layout::N_PARAMS;
use super::params::{EG, MG};

/// Packs a middlegame and an endgame value.
#[inline(always)]
pub const fn pack(mg: i32, eg: i32) -> i32 {
    (eg << 16) + mg
}

/// The middlegame half of a packed value.
#[inline(always)]
pub const fn mg(s: i32) -> i32 {
    s as i16 as i32
}

/// The endgame half of a packed value.
#[inline(always)]
pub const fn eg(s: i32) -> i32 {
    (s - mg(s)) >> 16
}

/// The blend of a packed value at `phase` (0 = bare endgame,
/// [`MAX_PHASE`] = all rooks, horses and cannons on the board).
#[inline(always)]
pub const fn taper(s: i32, phase: i32) -> i32 {
    (mg(s) * phase + eg(s) * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The parameters of [`super::params`], packed.
pub static PACKED: [i32; N_PARAMS] = {
    let mut t = [0; N_PARAMS];
    let mut i = 0;
    while i < N_PARAMS {
        t[i] = pack(MG[i] as i32, EG[i] as i32);
        i += 1;
    }
    t
};

/// A [`super::features::Sink`] that sums packed parameter values.
#[derive(Copy, Clone, Debug, Default)]
pub struct PackedSum(pub i32);

impl super::features::Sink for PackedSum {
    #[inline(always)]
    fn add(&mut self, param: usize, coef: i32) {
        self.0 += coef * PACKED[param];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_is_linear() {
        for (a, b, c, d) in [(3, -7, -200, 45), (-1, -1, 1, 1), (500, -600, -30, 12)] {
            let s = pack(a, b) + 3 * pack(c, d) - pack(b, a);
            assert_eq!(mg(s), a + 3 * c - b);
            assert_eq!(eg(s), b + 3 * d - a);
        }
        assert_eq!(taper(pack(100, 20), MAX_PHASE), 100);
        assert_eq!(taper(pack(100, 20), 0), 20);
        assert_eq!(taper(pack(100, 20), MAX_PHASE / 2), 60);
        assert_eq!(taper(pack(-100, -20), MAX_PHASE / 2), -60);
    }
}
