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
//! | 4 | piece counts ([`COUNT_LANE`], see [`count_code`]) |
//!
//! Lanes 0 to 3 are from Red's view: Black entries are negated, so a
//! lane's sum over the board is Red's score minus Black's. Lane 4 counts
//! the advisors, elephants, horses, rooks and cannons of each side in
//! two-bit fields, so the game phase and the imbalance terms need no scan
//! of the piece lists. The default lanes hold
//! packed middlegame/endgame values (see [`mod@super::taper`]) of the tuned
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

/// Lane of the piece counts (see [`count_code`]).
pub const COUNT_LANE: usize = 4;

/// The bit offset of the two-bit count field of `kind` of `colour` in the
/// count lane, if that kind is counted. The fields are laid out so that
/// each table the evaluator keys on them reads one run of bits:
///
/// | bits | fields | key of |
/// |---|---|---|
/// | 0..4 | Red's advisors, elephants | Red's king table (bits 0..10) |
/// | 4..10 | Black's rooks, horses, cannons | Red's king table, material table (bits 4..16) |
/// | 10..16 | Red's rooks, horses, cannons | material table, Black's king table (bits 10..20) |
/// | 16..20 | Black's advisors, elephants | Black's king table |
pub const fn count_shift(colour: Colour, kind: PieceKind) -> Option<u32> {
    let c = colour.index() as u32;
    let pieces = 10 - 6 * c;
    let guards = 16 * c;
    match kind {
        PieceKind::Rook => Some(pieces),
        PieceKind::Knight => Some(pieces + 2),
        PieceKind::Cannon => Some(pieces + 4),
        PieceKind::Advisor => Some(guards),
        PieceKind::Bishop => Some(guards + 2),
        PieceKind::King | PieceKind::Pawn => None,
    }
}

/// The count lane's entry for one piece of `kind` of `colour`.
pub const fn count_code(colour: Colour, kind: PieceKind) -> i32 {
    match count_shift(colour, kind) {
        Some(s) => 1 << s,
        None => 0,
    }
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
                e[COUNT_LANE] = count_code(colour, kind);
            }
        }
    }
    t
}

/// The evaluator's tables (built once, on first use).
pub fn tables() -> &'static PsqTables {
    &TABLES
}

/// All lanes of `pos` (see [`sums`]).
#[inline]
pub fn lanes(pos: &Position) -> [i32; PSQ_LANES] {
    let t = tables();
    if std::ptr::eq(pos.psq_tables(), t) {
        pos.psq()
    } else {
        from_scratch(pos, t)
    }
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
