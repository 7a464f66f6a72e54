//! Part 5, threat and protection (威胁与保护).
//!
//! For every piece but the king: if the enemy attacks it and nothing of its
//! own side defends it, the threat is its whole value (hanging); if it is
//! defended but attacked by a cheaper piece, the threat is the difference;
//! otherwise nothing. A side's threats are charged at a lower rate when
//! that side is to move (it can still save a piece) than when it is not (the
//! opponent can take at once). Every defended piece earns a small bonus.
//! Pins, x-rays and the order of exchanges are ignored: that is the search's
//! (quiescence) job.
//!
//! The part is Red's total minus Black's.

use super::attacks::{AttackInfo, SQ_BIT};
use super::{material, Profile};
use crate::board::Position;

/// Parameters of one profile.
#[derive(Copy, Clone, Debug)]
pub struct Rates {
    /// Percent of a side's threatened value charged when it is to move.
    pub to_move_pct: i32,
    /// Percent charged when the opponent is to move.
    pub waiting_pct: i32,
    /// Bonus per defended piece.
    pub defended: i32,
}

const DEFAULT: Rates = Rates {
    to_move_pct: 10,
    waiting_pct: 35,
    defended: 2,
};

const PAPER: Rates = Rates {
    to_move_pct: 10,
    waiting_pct: 35,
    defended: 1,
};

/// The rates of `profile`.
pub const fn rates(profile: Profile) -> &'static Rates {
    match profile {
        Profile::Paper => &PAPER,
        Profile::Default => &DEFAULT,
    }
}

const ABSENT: u8 = u8::MAX;

/// Side `c`'s threat penalty rate-free (sum of threatened value) and count
/// of defended pieces.
#[inline(always)]
fn side(
    pos: &Position,
    a: &AttackInfo,
    c: usize,
    values: &[i32; 7],
    class_value: &[i32; 6],
) -> (i32, i32) {
    let enemy = c ^ 1;
    let king = pos.piece_sq[c * 16];
    let king_bit = if king == ABSENT {
        0
    } else {
        SQ_BIT[king as usize]
    };
    let own = a.occ[c] & !king_bit;
    let defended = a.all[c];
    let n_defended = (own & defended).count_ones() as i32;
    let mut threatened = 0;
    let by = &a.by_class[enemy];
    let mut m = own & a.all[enemy];
    while m != 0 {
        let s = m.trailing_zeros() as usize;
        let bit = SQ_BIT[s];
        m &= !bit;
        let kind = (pos.pieces[s] & 7) as usize - 1;
        let mut value = values[kind];
        // a pawn across the river is worth about two at home
        if kind == 6 && (s >= 45) == (c == 0) {
            value *= 2;
        }
        if defended & bit == 0 {
            threatened += value;
        } else {
            // the cheapest attacker
            let cheapest = (0..6)
                .find(|&k| by[k] & bit != 0)
                .map_or(i32::MAX, |k| class_value[k]);
            if cheapest < value {
                threatened += value - cheapest;
            }
        }
    }
    (threatened, n_defended)
}

/// Red's threat-and-protection score minus Black's; depends on the side to
/// move.
#[inline(always)]
pub fn score(pos: &Position, a: &AttackInfo, profile: Profile) -> i32 {
    let values = material::values(profile);
    let r = rates(profile);
    // attacker class values: pawn, advisor/elephant, horse, cannon, rook, king
    let class_value = [
        values[6],
        values[1],
        values[3],
        values[5],
        values[4],
        i32::MAX,
    ];
    let to_move = pos.side_to_move().index();
    let mut total = 0;
    for c in 0..2 {
        let (threatened, n_defended) = side(pos, a, c, values, &class_value);
        let pct = if c == to_move {
            r.to_move_pct
        } else {
            r.waiting_pct
        };
        let s = n_defended * r.defended - threatened * pct / 100;
        total += if c == 0 { s } else { -s };
    }
    total
}
