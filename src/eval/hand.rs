//! The hand-set values of the `default` profile before tuning, transcribed
//! into the parameter layout (middlegame = endgame, new terms 0): the
//! starting point of `chuhe tune` and the "before" of its figures.

use super::layout::*;
use super::{coordination, material, mobility, position, threat, Profile};

/// The hand-set parameters, the same for the middlegame and the endgame.
pub const HAND: [i16; N_PARAMS] = hand_values();

const fn hand_values() -> [i16; N_PARAMS] {
    let mut p = [0i16; N_PARAMS];
    let mat = material::values(Profile::Default);
    let mut k = 0;
    while k < 7 {
        p[MATERIAL + k] = mat[k] as i16;
        let t = position::DEFAULT_TABLES[k];
        let mut rank = 0;
        while rank < 10 {
            let mut file = 0;
            while file < 5 {
                p[psq_index(k, file, rank)] = t[9 - rank][file] as i16;
                file += 1;
            }
            rank += 1;
        }
        // tenths per move, rounded
        p[MOBILITY + k] = ((mobility::weights(Profile::Default)[k] + 5) / 10) as i16;
        k += 1;
    }
    let b = coordination::bonuses(Profile::Default);
    let co = b.as_array();
    let mut i = 0;
    while i < COORDINATION_LEN {
        p[COORDINATION + i] = co[i] as i16;
        i += 1;
    }
    // threats: victim values (a crossed pawn counts double), attacker
    // class values, charged at the side's rate
    let r = threat::rates(Profile::Default);
    let victim = [mat[1], mat[2], mat[3], mat[4], mat[5], mat[6], 2 * mat[6]];
    let class = [mat[6], mat[1], mat[3], mat[5], mat[4]];
    let pct = [r.to_move_pct, r.waiting_pct];
    let mut m = 0;
    while m < 2 {
        let mut v = 0;
        while v < VICTIMS {
            p[HANGING + m * VICTIMS + v] = (-victim[v] * pct[m] / 100) as i16;
            let mut c = 0;
            while c < ATTACKER_CLASSES {
                let gain = victim[v] - class[c];
                if gain > 0 {
                    p[ATTACKED + (m * VICTIMS + v) * ATTACKER_CLASSES + c] =
                        (-gain * pct[m] / 100) as i16;
                }
                c += 1;
            }
            p[DEFENDED + v] = r.defended as i16;
            v += 1;
        }
        m += 1;
    }
    p
}
