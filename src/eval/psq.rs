//! The one set of piece-square tables both profiles share, installed into
//! positions so that material and position are summed incrementally by
//! make/unmake:
//!
//! | lane | contents |
//! |---|---|
//! | 0 | paper material |
//! | 1 | paper position |
//! | 2 | default material |
//! | 3 | default position |
//!
//! All lanes are from Red's view: Black entries are negated, so a lane's
//! sum over the board is Red's score minus Black's. The default lanes hold
//! packed middlegame/endgame values (see [`super::taper`]) of the tuned
//! parameters ([`super::params`]).

use super::layout::{psq_index, MATERIAL};
use super::taper::PACKED;
use super::trace::own_rank;
use super::{material, position, Profile};
use crate::board::{Colour, Piece, PieceKind, Position, PsqTables, Square, PSQ_LANES};
use std::sync::LazyLock;

/// Lane of the material sum of `profile`; the position sum is the next lane.
pub const fn material_lane(profile: Profile) -> usize {
    match profile {
        Profile::Paper => 0,
        Profile::Default => 2,
    }
}

/// Lane of the position sum of `profile`.
pub const fn position_lane(profile: Profile) -> usize {
    material_lane(profile) + 1
}

static TABLES: LazyLock<PsqTables> = LazyLock::new(build);

fn build() -> PsqTables {
    let mut t = [[[0; PSQ_LANES]; 90]; 16];
    for colour in Colour::ALL {
        for kind in PieceKind::ALL {
            let code = Piece::new(colour, kind).code();
            for sq in Square::all() {
                let e = &mut t[code][sq.index()];
                let paper = Profile::Paper;
                e[material_lane(paper)] = colour.sign() * material::value(paper, kind);
                e[position_lane(paper)] = colour.sign() * position::value(paper, colour, kind, sq);
                let k = kind.index();
                let psq = psq_index(k, sq.file() as usize, own_rank(colour, sq));
                e[material_lane(Profile::Default)] = colour.sign() * PACKED[MATERIAL + k];
                e[position_lane(Profile::Default)] = colour.sign() * PACKED[psq];
            }
        }
    }
    t
}

/// The evaluator's tables (built once, on first use).
pub fn tables() -> &'static PsqTables {
    &TABLES
}

/// `[material, position]` of `profile`, Red view (packed middlegame and
/// endgame values for the default profile): read from the position's
/// incremental sums when it has these tables installed, otherwise summed
/// from scratch over the board (correct, but slower).
#[inline]
pub fn sums(pos: &Position, profile: Profile) -> [i32; 2] {
    let t = tables();
    let lanes = if std::ptr::eq(pos.psq_tables(), t) {
        pos.psq()
    } else {
        from_scratch(pos, t)
    };
    [lanes[material_lane(profile)], lanes[position_lane(profile)]]
}

#[cold]
fn from_scratch(pos: &Position, t: &PsqTables) -> [i32; PSQ_LANES] {
    let mut sum = [0; PSQ_LANES];
    for sq in Square::all() {
        let s = sq.index();
        let p = pos.piece_code_at(s);
        if p != 0 {
            for (acc, v) in sum.iter_mut().zip(t[p][s]) {
                *acc += v;
            }
        }
    }
    sum
}
