//! The input features by piece id, as the accumulator needs them: the
//! feature of [`super::arch::feature_index`] split into a part that depends
//! on the piece id alone and one that depends on the square, so a lookup
//! is two loads and an add (the tables are checked against the contract's
//! function in the tests).

use super::arch::{MirrorRule, KINDS, SQUARES};
use crate::board::{Position, Square, SLOT_KIND};

/// Per perspective (colour index) and piece id (0..32: slot, +16 for
/// Black), `(own/enemy · KINDS + kind) · SQUARES`.
static BASE: [[u16; 32]; 2] = {
    let mut t = [[0u16; 32]; 2];
    let mut p = 0;
    while p < 2 {
        let mut id = 0;
        while id < 32 {
            let side = (id / 16 != p) as usize;
            let kind = SLOT_KIND[id % 16].index();
            t[p][id] = ((side * KINDS + kind) * SQUARES) as u16;
            id += 1;
        }
        p += 1;
    }
    t
};

/// Per perspective, mirror flag and square: the square as the perspective
/// sees it (ranks flipped for Black, files mirrored when the flag is set).
static REL: [[[u8; SQUARES]; 2]; 2] = {
    let mut t = [[[0u8; SQUARES]; 2]; 2];
    let mut p = 0;
    while p < 2 {
        let mut m = 0;
        while m < 2 {
            let mut s = 0;
            while s < SQUARES {
                let mut sq = match Square::from_index(s) {
                    Some(sq) => sq,
                    None => panic!("square index in range"),
                };
                if p == 1 {
                    sq = sq.flip_rank();
                }
                if m == 1 {
                    sq = sq.mirror_file();
                }
                t[p][m][s] = sq.index() as u8;
                s += 1;
            }
            m += 1;
        }
        p += 1;
    }
    t
};

/// The feature of piece `id` on square index `sq` for the perspective of
/// colour index `p`, mirrored or not.
#[inline(always)]
pub fn feature(p: usize, mirror: bool, id: usize, sq: u8) -> u16 {
    BASE[p][id] + u16::from(REL[p][mirror as usize][sq as usize])
}

/// Whether each perspective (Red's, Black's) of `pos` sees the board
/// mirrored under `rule` ([`super::arch::mirrored_by`]).
#[inline(always)]
pub fn mirrors_of(rule: MirrorRule, pos: &Position) -> [bool; 2] {
    [
        super::arch::mirrored_by(rule, 0, &pos.pieces, &pos.piece_sq),
        super::arch::mirrored_by(rule, 1, &pos.pieces, &pos.piece_sq),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Colour, Piece};

    #[test]
    fn the_tables_agree_with_the_contract() {
        for p in 0..2 {
            for mirror in [false, true] {
                for id in 0..32 {
                    let piece = Piece::new(Colour::from_index(id / 16), SLOT_KIND[id % 16]);
                    for sq in Square::all() {
                        assert_eq!(
                            usize::from(feature(p, mirror, id, sq.index() as u8)),
                            super::super::arch::feature_index(
                                Colour::from_index(p),
                                mirror,
                                piece,
                                sq
                            ),
                            "perspective {p}, mirror {mirror}, id {id}, {sq}"
                        );
                    }
                }
            }
        }
    }
}
