//! Output buckets: the output layer in several copies, one chosen per
//! position by the material on the board (the feature transformer stays
//! shared). A net's scheme is chosen at training time and recorded in its
//! file ([`super::arch`]); both the trainer and the inference call
//! [`Buckets::bucket`] on the position's [`material`] mask, so they cannot
//! disagree on a position's bucket.
//!
//! Why by material: the weight of a unit's activation in the score
//! depends on the phase (an exposed king matters with the rooks on, a
//! passed pawn without them); a per-material output layer lets the shared
//! accumulator's units be read differently in each, at the cost of one
//! table look-up per evaluation.

use crate::board::{Colour, PieceKind, Position, NO_SQUARE, SLOT_KIND};
use std::fmt;
use std::str::FromStr;

/// The ids (piece slots, [`SLOT_KIND`]) of one side's pieces of the kinds
/// `kinds`, as a 16-bit mask.
const fn slots_of(kinds: [PieceKind; 2]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < 16 {
        let k = SLOT_KIND[i].index();
        if k == kinds[0].index() || k == kinds[1].index() {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// The side's rook slots.
const ROOKS: u32 = slots_of([PieceKind::Rook, PieceKind::Rook]);
/// The side's horse and cannon slots.
const MINORS: u32 = slots_of([PieceKind::Knight, PieceKind::Cannon]);

/// How a net picks its output layer. The file records the scheme by
/// [`Buckets::id`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Buckets {
    /// One output layer (every net before output buckets; the file keeps
    /// the one-bucket format byte for byte).
    #[default]
    None,
    /// Eight buckets by the pieces on the board, kings included:
    /// `(n − 1) / 4` clamped to 0..=7, so 2–5 pieces are bucket 0, 6–9
    /// bucket 1, …, 30–32 bucket 7.
    Pieces8,
    /// Eight buckets by the heavy pieces, after Pikafish's layer-stack
    /// bucket for xiangqi (its `make_layer_stack_bucket`, which splits
    /// sixteen ways by each side's rooks and by each side's horses plus
    /// cannons, from the side to move's view), folded into eight. With
    /// `r_us`, `r_them` the rooks of the side to move and of the other
    /// side (0–2 each) and `m_us`, `m_them` their horses plus cannons
    /// (0–4 each):
    ///
    /// - equal rooks (`r_us == r_them = r`): `2·r + [m_us + m_them ≥ 4]`,
    ///   buckets 0–5 (no rooks, one each, two each; few or many minor
    ///   pieces);
    /// - the side to move has more rooks: bucket 6;
    /// - the side to move has fewer rooks: bucket 7.
    ///
    /// Pikafish also tells 2-against-1 from 1-or-2-against-0 and splits
    /// the equal-rook buckets again by whether the minor counts are
    /// equal; with one hidden layer and little data, eight buckets keep
    /// every bucket well populated.
    Majors,
}

impl Buckets {
    /// Every scheme, in [`Buckets::id`] order.
    pub const ALL: [Buckets; 3] = [Buckets::None, Buckets::Pieces8, Buckets::Majors];

    /// The scheme's number in a net file.
    pub const fn id(self) -> u32 {
        match self {
            Buckets::None => 0,
            Buckets::Pieces8 => 1,
            Buckets::Majors => 2,
        }
    }

    /// The scheme of file number `id`, if this build knows it.
    pub fn from_id(id: u32) -> Option<Buckets> {
        Buckets::ALL.into_iter().find(|b| b.id() == id)
    }

    /// How many output layers a net of this scheme has.
    pub const fn count(self) -> usize {
        match self {
            Buckets::None => 1,
            Buckets::Pieces8 | Buckets::Majors => 8,
        }
    }

    /// The scheme's name on the command line (`--buckets`).
    pub const fn name(self) -> &'static str {
        match self {
            Buckets::None => "none",
            Buckets::Pieces8 => "pieces8",
            Buckets::Majors => "majors",
        }
    }

    /// The bucket (`0..self.count()`) of a position whose pieces are
    /// `material` (see [`material`]).
    #[inline(always)]
    pub fn bucket(self, material: u32) -> usize {
        match self {
            Buckets::None => 0,
            Buckets::Pieces8 => (material.count_ones().saturating_sub(1) / 4).min(7) as usize,
            Buckets::Majors => {
                let (us, them) = (material & 0xffff, material >> 16);
                let (r_us, r_them) = ((us & ROOKS).count_ones(), (them & ROOKS).count_ones());
                if r_us == r_them {
                    let minors = (us & MINORS).count_ones() + (them & MINORS).count_ones();
                    (2 * r_us + u32::from(minors >= 4)) as usize
                } else if r_us > r_them {
                    6
                } else {
                    7
                }
            }
        }
    }
}

impl fmt::Display for Buckets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Buckets {
    type Err = String;

    fn from_str(s: &str) -> Result<Buckets, String> {
        Buckets::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| format!("unknown output buckets '{s}' (none, pieces8 or majors)"))
    }
}

/// The material mask of a placement (`piece_sq`: square of each piece id,
/// [`NO_SQUARE`] when absent) with `side` (colour index) to move: bit `i`
/// set when the side to move's piece of slot `i` is on the board, bit
/// `16 + i` for the other side's. Every bucket scheme goes by the counts
/// of kinds in each half alone (which of a kind's slots a piece holds
/// does not matter), so a position, its left–right mirror and its colour
/// flip share their bucket.
#[inline(always)]
pub fn material_of(piece_sq: &[u8; 32], side: usize) -> u32 {
    let mut red_black = 0u32;
    for (id, &sq) in piece_sq.iter().enumerate() {
        red_black |= u32::from(sq != NO_SQUARE) << id;
    }
    relative(red_black, side)
}

/// A presence mask by piece id (Red's ids in the low half) turned to the
/// side to move's view ([`material_of`]).
#[inline(always)]
pub fn relative(by_id: u32, side: usize) -> u32 {
    if side == 0 {
        by_id
    } else {
        by_id.rotate_left(16)
    }
}

/// [`material_of`] for `pos`.
pub fn material(pos: &Position) -> u32 {
    material_of(&pos.piece_sq, pos.side_to_move().index())
}

/// The bucket of `pos` under `buckets`.
pub fn bucket_of(buckets: Buckets, pos: &Position) -> usize {
    buckets.bucket(material(pos))
}

/// The majors bucket from piece counts ([`Buckets::Majors`]'s definition
/// spelled out, for the tests).
pub fn majors_from_counts(pos: &Position) -> usize {
    let us = pos.side_to_move();
    let them = us.opposite();
    let rooks = |c: Colour| pos.count(c, PieceKind::Rook);
    let minors = |c: Colour| pos.count(c, PieceKind::Knight) + pos.count(c, PieceKind::Cannon);
    let (r_us, r_them) = (rooks(us), rooks(them));
    if r_us == r_them {
        2 * r_us + usize::from(minors(us) + minors(them) >= 4)
    } else if r_us > r_them {
        6
    } else {
        7
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slot_masks_are_the_rooks_and_the_horses_and_cannons() {
        assert_eq!(ROOKS.count_ones(), 2);
        assert_eq!(MINORS.count_ones(), 4);
        for (i, &k) in SLOT_KIND.iter().enumerate() {
            assert_eq!(ROOKS >> i & 1 == 1, k == PieceKind::Rook);
            assert_eq!(
                MINORS >> i & 1 == 1,
                matches!(k, PieceKind::Knight | PieceKind::Cannon)
            );
        }
    }

    #[test]
    fn names_and_ids_round_trip() {
        for b in Buckets::ALL {
            assert_eq!(b.name().parse::<Buckets>(), Ok(b));
            assert_eq!(Buckets::from_id(b.id()), Some(b));
        }
        assert!("pieces".parse::<Buckets>().is_err());
        assert_eq!(Buckets::from_id(3), None);
    }

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid FEN")
    }

    #[test]
    fn the_buckets_follow_their_definitions() {
        let start = Position::startpos();
        assert_eq!(bucket_of(Buckets::None, &start), 0);
        assert_eq!(bucket_of(Buckets::Pieces8, &start), 7);
        assert_eq!(bucket_of(Buckets::Majors, &start), 5);
        // two kings: the fewest pieces
        let kings = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        assert_eq!(bucket_of(Buckets::Pieces8, &kings), 0);
        assert_eq!(bucket_of(Buckets::Majors, &kings), 0);
        // Red a rook against a horse: Red to move is up a rook (6),
        // Black to move down one (7); one minor in all
        let w = pos("3k5/9/4n4/9/9/9/9/9/9/4K3R w - - 0 1");
        let b = pos("3k5/9/4n4/9/9/9/9/9/9/4K3R b - - 0 1");
        assert_eq!(bucket_of(Buckets::Majors, &w), 6);
        assert_eq!(bucket_of(Buckets::Majors, &b), 7);
        assert_eq!(bucket_of(Buckets::Pieces8, &w), 0);
        // one rook each and four minors: bucket 3
        let p = pos("r2k5/9/1cn6/9/9/9/9/1CN6/9/R3K4 w - - 0 1");
        assert_eq!(bucket_of(Buckets::Majors, &p), 3);
        assert_eq!(bucket_of(Buckets::Pieces8, &p), 1);
    }

    #[test]
    fn the_masks_agree_with_piece_counts_over_random_games() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(76);
        let mut seen = [[false; 8]; 2];
        for _ in 0..30 {
            let mut p = Position::startpos();
            for _ in 0..200 {
                let n = Colour::ALL
                    .iter()
                    .map(|&c| p.pieces_of(c).count())
                    .sum::<usize>();
                let pieces = bucket_of(Buckets::Pieces8, &p);
                let majors = bucket_of(Buckets::Majors, &p);
                assert_eq!(pieces, ((n - 1) / 4).min(7));
                assert_eq!(majors, majors_from_counts(&p), "{}", p.to_fen());
                // the same for the mirror and the colour flip
                for b in Buckets::ALL {
                    assert_eq!(bucket_of(b, &p.mirrored()), bucket_of(b, &p));
                    assert_eq!(bucket_of(b, &p.colour_flipped()), bucket_of(b, &p));
                }
                seen[0][pieces] = true;
                seen[1][majors] = true;
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.make_move(moves.as_slice()[rng.gen_range(0..moves.len())]);
            }
        }
        // random games reach most buckets of both schemes
        assert!(seen[0].iter().filter(|&&s| s).count() >= 5, "{seen:?}");
        assert!(seen[1].iter().filter(|&&s| s).count() >= 6, "{seen:?}");
    }
}
