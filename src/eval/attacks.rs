//! One pass over both sides' pieces that computes everything mobility,
//! coordination and threats need: per side the squares each class of piece
//! attacks (or defends), as 90-bit sets in a `u128` (bit = square index),
//! and the number of moves per piece kind.
//!
//! Rooks and cannons use the board's rank and file line tables (quiet
//! slides, first and second piece), the other pieces the step-set tables
//! (horses and elephants indexed by their occupied legs and eyes, see
//! [`super::step_sets`]), so blocked legs and lines are respected.

use super::coordination::PALACE;
use super::step_sets::{ADVISOR_SETS, BISHOP_SETS, KING_SETS, KNIGHT_SETS, PAWN_SETS};
use crate::board::tables::{FILE_LINES, FILE_SPREAD, RANK_LINES};
use crate::board::Position;

/// A set of squares: bit `s` for the square with index `s`.
pub type Bits = crate::board::SquareSet;

// The palace tests of `compute_sets` read one 64-bit half of a set.
const _: () = assert!(PALACE[0] >> 64 == 0 && PALACE[1] as u64 == 0);

/// Attacker classes in rising value: pawns, advisors and elephants,
/// horses, cannons, rooks, king.
pub const CLASS_PAWN: usize = 0;
/// Advisors and elephants.
pub const CLASS_GUARD: usize = 1;
/// Horses.
pub const CLASS_HORSE: usize = 2;
/// Cannons.
pub const CLASS_CANNON: usize = 3;
/// Rooks.
pub const CLASS_ROOK: usize = 4;
/// The king.
pub const CLASS_KING: usize = 5;

/// Piece-list slot (see the board's piece list) to piece kind index
/// (king 0, advisor 1, elephant 2, horse 3, rook 4, cannon 5, pawn 6).
pub const SLOT_KIND: [usize; 16] = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 6];

/// Absent piece marker in the piece list.
const ABSENT: u8 = u8::MAX;

pub use crate::board::SQUARE_BIT as SQ_BIT;

/// The attack information of one position.
#[derive(Clone, Debug, Default)]
pub struct AttackInfo {
    /// Squares occupied by each side (0 Red, 1 Black), copied from the
    /// position's incremental sets.
    pub occ: [Bits; 2],
    /// Squares each side attacks or defends.
    pub all: [Bits; 2],
    /// Squares each side attacks or defends, per attacker class.
    pub by_class: [[Bits; 6]; 2],
    /// Number of moves (to empty or enemy squares) per side and kind index.
    pub moves: [[u32; 7]; 2],
    /// Per side, the attack set of each horse slot (0 when absent).
    pub horse: [[Bits; 2]; 2],
    /// Per side, the attack set of each cannon slot (0 when absent).
    pub cannon: [[Bits; 2]; 2],
    /// Per side, how many of its rooks, horses and cannons (in that
    /// order) attack at least one square of the enemy palace.
    pub palace_attackers: [[u32; 3]; 2],
    /// Per side, how many of its horses have 0, 1 and 2 moves (not
    /// counting horses with every leg blocked).
    pub low_horses: [[u32; 3]; 2],
}

impl AttackInfo {
    /// Computes the attack information of `pos`: one lookup per piece in
    /// the step-set and line tables, move counts as population counts of
    /// the reach minus own pieces (for cannons: quiet slides plus enemy
    /// pieces behind a screen). Inlined, so that a caller compiled with the
    /// popcnt instruction (see [`super::Evaluator`]) counts with it.
    #[inline(always)]
    pub fn compute(pos: &Position) -> AttackInfo {
        let mut a = AttackInfo::default();
        compute_sets(pos, &mut a, true);
        a
    }

    /// [`AttackInfo::compute`] into `self`, which must be empty (as made
    /// by `default()`): filling in place spares the caller a copy of the
    /// whole structure. Without `detailed`,
    /// [`AttackInfo::palace_attackers`] and [`AttackInfo::low_horses`] stay
    /// empty (the `paper` profile does not read them).
    #[inline(always)]
    pub fn fill(&mut self, pos: &Position, detailed: bool) {
        compute_sets(pos, self, detailed);
    }
}

/// See [`AttackInfo::compute`].
#[inline(always)]
fn compute_sets(pos: &Position, a: &mut AttackInfo, detailed: bool) {
    a.occ = pos.colour_sets;
    // one call per side with the side a constant, so that its tables and
    // masks fold into the code
    side_sets::<0>(pos, a, detailed);
    side_sets::<1>(pos, a, detailed);
}

/// [`compute_sets`] for side `C`.
#[inline(always)]
fn side_sets<const C: usize>(pos: &Position, a: &mut AttackInfo, detailed: bool) {
    let c = C;
    let sq = &pos.piece_sq;
    let pieces = &pos.pieces;
    let pawn_sets = &PAWN_SETS[c];
    let base = c * 16;
    let own = a.occ[c];
    let enemy = a.occ[c ^ 1];
    let mobile = |set: Bits| (set & !own).count_ones();
    // the enemy palace lies wholly in one 64-bit half of a set (ranks
    // 0-2 are squares 0-26, ranks 7-9 squares 63-89 with 63 outside
    // the palace), so testing that half is enough
    let on_palace = |set: Bits| -> u32 {
        if c == 0 {
            ((set >> 64) as u64 & (PALACE[1] >> 64) as u64 != 0) as u32
        } else {
            (set as u64 & PALACE[0] as u64 != 0) as u32
        }
    };
    // written in place: the record starts empty
    let class = &mut a.by_class[c];
    let moves = &mut a.moves[c];
    // king and advisors: an absent piece (255) has the empty set
    let set = KING_SETS[sq[base] as usize];
    class[CLASS_KING] = set;
    moves[0] = mobile(set);
    for &s in &sq[base + 1..base + 3] {
        let set = ADVISOR_SETS[s as usize];
        class[CLASS_GUARD] |= set;
        moves[1] += mobile(set);
    }
    // elephants
    for &s in &sq[base + 3..base + 5] {
        if s != ABSENT {
            let set = BISHOP_SETS[s as usize].on(pieces);
            class[CLASS_GUARD] |= set;
            moves[2] += mobile(set);
        }
    }
    // horses
    for i in 0..2 {
        let s = sq[base + 5 + i];
        if s != ABSENT {
            let set = KNIGHT_SETS[s as usize].on(pieces);
            a.horse[c][i] = set;
            class[CLASS_HORSE] |= set;
            let n = mobile(set);
            moves[3] += n;
            if detailed {
                a.palace_attackers[c][1] += on_palace(set);
                // a horse with no square in reach at all (every leg
                // blocked) is not counted: the fitted values of
                // `features::mobility` were fitted that way
                if n < 3 && set != 0 {
                    a.low_horses[c][n as usize] += 1;
                }
            }
        }
    }
    // rooks
    for i in 0..2 {
        let s = sq[base + 7 + i];
        if s != ABSENT {
            let (f, r) = (s as usize % 9, s as usize / 9);
            let fl = &FILE_LINES[r][pos.file_occ[f] as usize];
            let rl = &RANK_LINES[f][pos.rank_occ[r] as usize];
            let set = (FILE_SPREAD[(fl.quiet | fl.first) as usize] << f)
                | (((rl.quiet | rl.first) as Bits) << (r * 9));
            class[CLASS_ROOK] |= set;
            moves[4] += mobile(set);
            if detailed {
                a.palace_attackers[c][0] += on_palace(set);
            }
        }
    }
    // cannons: slide quietly, capture over one screen
    for i in 0..2 {
        let s = sq[base + 9 + i];
        if s != ABSENT {
            let (f, r) = (s as usize % 9, s as usize / 9);
            let fl = &FILE_LINES[r][pos.file_occ[f] as usize];
            let rl = &RANK_LINES[f][pos.rank_occ[r] as usize];
            let set = (FILE_SPREAD[fl.second as usize] << f) | ((rl.second as Bits) << (r * 9));
            a.cannon[c][i] = set;
            class[CLASS_CANNON] |= set;
            moves[5] += (fl.quiet as u32 | (rl.quiet as u32) << 16).count_ones()
                + (set & enemy).count_ones();
            if detailed {
                a.palace_attackers[c][2] += on_palace(set);
            }
        }
    }
    // pawns (an absent one has the empty set)
    for &s in &sq[base + 11..base + 16] {
        let set = pawn_sets[s as usize];
        class[CLASS_PAWN] |= set;
        moves[6] += mobile(set);
    }
    a.all[c] = class.iter().fold(0, |acc, &x| acc | x);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tables::{
        Steps, ADVISOR_MOVES, BISHOP_MOVES, KING_MOVES, KNIGHT_MOVES, PAWN_MOVES,
    };
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The squares `t` reaches (legs / eyes checked when `check_via`) and how
    /// many of them are not occupied by the side with colour bit `side_bit`.
    #[inline(always)]
    fn steps(t: &Steps, pieces: &[u8; 90], check_via: bool, side_bit: u8) -> (Bits, u32) {
        let mut set = 0;
        let mut n = 0;
        for i in 0..t.len as usize {
            let to = t.to[i] as usize;
            let open = !check_via || pieces[t.via[i] as usize] == 0;
            set |= SQ_BIT[to] & (open as Bits).wrapping_neg();
            let p = pieces[to];
            // own pieces have codes side_bit + 1 ..= side_bit + 7
            n += (open && (p ^ side_bit).wrapping_sub(1) >= 7) as u32;
        }
        (set, n)
    }

    /// How many of the squares in `mask` (a line mask, bit `i` = square
    /// `base + i * stride`) hold a piece of the side that is not `side_bit`.
    #[inline(always)]
    fn enemies_on(
        mut mask: u16,
        base: usize,
        stride: usize,
        pieces: &[u8; 90],
        side_bit: u8,
    ) -> u32 {
        let mut n = 0;
        while mask != 0 {
            let p = pieces[base + mask.trailing_zeros() as usize * stride];
            n += (p & 8 != side_bit) as u32;
            mask &= mask - 1;
        }
        n
    }

    /// The attack information step by step, square by square: the
    /// reference the table-driven [`AttackInfo::compute`] must equal.
    fn compute_by_steps(pos: &Position) -> AttackInfo {
        let mut a = AttackInfo::default();
        let sq = &pos.piece_sq;
        let pieces = &pos.pieces;
        for (c, pawn_table) in PAWN_MOVES.iter().enumerate() {
            let side_bit = (c as u8) << 3;
            let base = c * 16;
            let mut class = [0 as Bits; 6];
            let mut moves = [0u32; 7];
            let mut kinds = [0 as Bits; 7];
            // king
            let s = sq[base];
            if s != ABSENT {
                kinds[0] |= SQ_BIT[s as usize];
                let (set, n) = steps(&KING_MOVES[s as usize], pieces, false, side_bit);
                class[CLASS_KING] = set;
                moves[0] = n;
            }
            // advisors
            for &s in &sq[base + 1..base + 3] {
                if s != ABSENT {
                    kinds[1] |= SQ_BIT[s as usize];
                    let (set, n) = steps(&ADVISOR_MOVES[s as usize], pieces, false, side_bit);
                    class[CLASS_GUARD] |= set;
                    moves[1] += n;
                }
            }
            // elephants
            for &s in &sq[base + 3..base + 5] {
                if s != ABSENT {
                    kinds[2] |= SQ_BIT[s as usize];
                    let (set, n) = steps(&BISHOP_MOVES[s as usize], pieces, true, side_bit);
                    class[CLASS_GUARD] |= set;
                    moves[2] += n;
                }
            }
            // horses
            for i in 0..2 {
                let s = sq[base + 5 + i];
                if s != ABSENT {
                    kinds[3] |= SQ_BIT[s as usize];
                    let (set, n) = steps(&KNIGHT_MOVES[s as usize], pieces, true, side_bit);
                    a.horse[c][i] = set;
                    class[CLASS_HORSE] |= set;
                    moves[3] += n;
                    a.palace_attackers[c][1] += (set & PALACE[c ^ 1] != 0) as u32;
                    // a horse with no square in reach at all (every leg
                    // blocked) is not counted: the fitted values of
                    // `features::mobility` were fitted that way
                    if n < 3 && set != 0 {
                        a.low_horses[c][n as usize] += 1;
                    }
                }
            }
            // rooks
            for i in 0..2 {
                let s = sq[base + 7 + i];
                if s != ABSENT {
                    kinds[4] |= SQ_BIT[s as usize];
                    let (f, r) = (s as usize % 9, s as usize / 9);
                    let fl = &FILE_LINES[r][pos.file_occ[f] as usize];
                    let rl = &RANK_LINES[f][pos.rank_occ[r] as usize];
                    let set = (FILE_SPREAD[(fl.quiet | fl.first) as usize] << f)
                        | (((rl.quiet | rl.first) as Bits) << (r * 9));
                    class[CLASS_ROOK] |= set;
                    a.palace_attackers[c][0] += (set & PALACE[c ^ 1] != 0) as u32;
                    moves[4] += (fl.quiet as u32 | (rl.quiet as u32) << 16).count_ones()
                        + enemies_on(fl.first, f, 9, pieces, side_bit)
                        + enemies_on(rl.first, r * 9, 1, pieces, side_bit);
                }
            }
            // cannons: slide quietly, capture over one screen
            for i in 0..2 {
                let s = sq[base + 9 + i];
                if s != ABSENT {
                    kinds[5] |= SQ_BIT[s as usize];
                    let (f, r) = (s as usize % 9, s as usize / 9);
                    let fl = &FILE_LINES[r][pos.file_occ[f] as usize];
                    let rl = &RANK_LINES[f][pos.rank_occ[r] as usize];
                    let set =
                        (FILE_SPREAD[fl.second as usize] << f) | ((rl.second as Bits) << (r * 9));
                    a.cannon[c][i] = set;
                    class[CLASS_CANNON] |= set;
                    a.palace_attackers[c][2] += (set & PALACE[c ^ 1] != 0) as u32;
                    moves[5] += (fl.quiet as u32 | (rl.quiet as u32) << 16).count_ones()
                        + enemies_on(fl.second, f, 9, pieces, side_bit)
                        + enemies_on(rl.second, r * 9, 1, pieces, side_bit);
                }
            }
            // pawns
            for &s in &sq[base + 11..base + 16] {
                if s != ABSENT {
                    kinds[6] |= SQ_BIT[s as usize];
                    let (set, n) = steps(&pawn_table[s as usize], pieces, false, side_bit);
                    class[CLASS_PAWN] |= set;
                    moves[6] += n;
                }
            }
            a.occ[c] = kinds.iter().fold(0, |acc, &x| acc | x);
            for (k, &set) in kinds.iter().enumerate() {
                let piece = crate::board::Piece::new(
                    crate::board::Colour::ALL[c],
                    crate::board::PieceKind::ALL[k],
                );
                assert_eq!(pos.piece_set(piece), set, "{piece:?} {}", pos.to_fen());
            }
            a.all[c] = class.iter().fold(0, |acc, &x| acc | x);
            a.by_class[c] = class;
            a.moves[c] = moves;
        }
        a
    }

    /// Positions of the move-generation oracle and the ones met in random
    /// games from them (many blocked legs and eyes, few pieces, checks).
    fn sample_positions() -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(13);
        let mut out = Vec::new();
        let data = include_str!("../../tests/data/movegen-oracle.tsv");
        for line in data.lines().step_by(3) {
            let fen = line.split('\t').next().unwrap();
            let mut pos = Position::from_fen(fen).unwrap();
            out.push(pos.clone());
            for _ in 0..8 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make_move(moves.as_slice()[rng.gen_range(0..moves.len())]);
                out.push(pos.clone());
            }
        }
        out
    }

    fn assert_same(a: &AttackInfo, b: &AttackInfo, pos: &Position) {
        let fen = pos.to_fen();
        assert_eq!(a.occ, b.occ, "occ {fen}");
        assert_eq!(a.all, b.all, "all {fen}");
        assert_eq!(a.by_class, b.by_class, "by_class {fen}");
        assert_eq!(a.moves, b.moves, "moves {fen}");
        assert_eq!(a.horse, b.horse, "horse {fen}");
        assert_eq!(a.cannon, b.cannon, "cannon {fen}");
        assert_eq!(a.palace_attackers, b.palace_attackers, "palace {fen}");
        assert_eq!(a.low_horses, b.low_horses, "low horses {fen}");
    }

    #[test]
    fn tables_give_the_step_by_step_attack_maps() {
        let positions = sample_positions();
        assert!(positions.len() > 5000);
        for pos in &positions {
            let reference = compute_by_steps(pos);
            assert_same(&AttackInfo::compute(pos), &reference, pos);
        }
    }
}
