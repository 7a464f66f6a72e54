//! One pass over both sides' pieces that computes everything mobility,
//! coordination and threats need: per side the squares each class of piece
//! attacks (or defends), as 90-bit sets in a `u128` (bit = square index),
//! and the number of moves per piece kind.
//!
//! Rooks and cannons use the board's rank and file line tables (quiet
//! slides, first and second piece), horses and elephants the step tables
//! with their legs and eyes, so blocked legs and lines are respected.

use crate::board::tables::{
    Steps, ADVISOR_MOVES, BISHOP_MOVES, FILE_LINES, KING_MOVES, KNIGHT_MOVES, PAWN_MOVES,
    RANK_LINES,
};
use crate::board::Position;

/// A set of squares: bit `s` for the square with index `s`.
pub type Bits = u128;

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

/// A file's rank mask (bit `r`) spread onto the squares of file `a`
/// (bit `r * 9`); shift left by the file for other files.
static FILE_SPREAD: [Bits; 1024] = file_spread();

const fn file_spread() -> [Bits; 1024] {
    let mut t = [0; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m & (1 << r) != 0 {
                t[m] |= 1 << (r * 9);
            }
            r += 1;
        }
        m += 1;
    }
    t
}

/// The attack information of one position.
#[derive(Clone, Debug, Default)]
pub struct AttackInfo {
    /// Squares occupied by each side (0 Red, 1 Black).
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
}

#[inline(always)]
fn steps(t: &Steps, pieces: &[u8; 90], check_via: bool) -> Bits {
    let mut set = 0;
    for i in 0..t.len as usize {
        if !check_via || pieces[t.via[i] as usize] == 0 {
            set |= 1 << t.to[i];
        }
    }
    set
}

impl AttackInfo {
    /// Computes the attack information of `pos`.
    pub fn compute(pos: &Position) -> AttackInfo {
        let mut a = AttackInfo::default();
        let sq = &pos.piece_sq;
        let pieces = &pos.pieces;
        for c in 0..2 {
            for &s in &sq[c * 16..c * 16 + 16] {
                if s != ABSENT {
                    a.occ[c] |= 1 << s;
                }
            }
        }
        for c in 0..2 {
            let own = a.occ[c];
            let enemy = a.occ[c ^ 1];
            let base = c * 16;
            let mut class = [0 as Bits; 6];
            let mut moves = [0u32; 7];
            // king
            let s = sq[base];
            if s != ABSENT {
                let set = steps(&KING_MOVES[s as usize], pieces, false);
                class[CLASS_KING] = set;
                moves[0] = (set & !own).count_ones();
            }
            // advisors
            for &s in &sq[base + 1..base + 3] {
                if s != ABSENT {
                    let set = steps(&ADVISOR_MOVES[s as usize], pieces, false);
                    class[CLASS_GUARD] |= set;
                    moves[1] += (set & !own).count_ones();
                }
            }
            // elephants
            for &s in &sq[base + 3..base + 5] {
                if s != ABSENT {
                    let set = steps(&BISHOP_MOVES[s as usize], pieces, true);
                    class[CLASS_GUARD] |= set;
                    moves[2] += (set & !own).count_ones();
                }
            }
            // horses
            for i in 0..2 {
                let s = sq[base + 5 + i];
                if s != ABSENT {
                    let set = steps(&KNIGHT_MOVES[s as usize], pieces, true);
                    a.horse[c][i] = set;
                    class[CLASS_HORSE] |= set;
                    moves[3] += (set & !own).count_ones();
                }
            }
            // rooks
            for &s in &sq[base + 7..base + 9] {
                if s != ABSENT {
                    let (f, r) = (s as usize % 9, s as usize / 9);
                    let fl = &FILE_LINES[r][pos.file_occ[f] as usize];
                    let rl = &RANK_LINES[f][pos.rank_occ[r] as usize];
                    let set = (FILE_SPREAD[(fl.quiet | fl.first) as usize] << f)
                        | (((rl.quiet | rl.first) as Bits) << (r * 9));
                    class[CLASS_ROOK] |= set;
                    moves[4] += (set & !own).count_ones();
                }
            }
            // cannons: slide quietly, capture over one screen
            for i in 0..2 {
                let s = sq[base + 9 + i];
                if s != ABSENT {
                    let (f, r) = (s as usize % 9, s as usize / 9);
                    let fl = &FILE_LINES[r][pos.file_occ[f] as usize];
                    let rl = &RANK_LINES[f][pos.rank_occ[r] as usize];
                    let set =
                        (FILE_SPREAD[fl.second as usize] << f) | ((rl.second as Bits) << (r * 9));
                    a.cannon[c][i] = set;
                    class[CLASS_CANNON] |= set;
                    moves[5] +=
                        fl.quiet.count_ones() + rl.quiet.count_ones() + (set & enemy).count_ones();
                }
            }
            // pawns
            let pawn_table = &PAWN_MOVES[c];
            for &s in &sq[base + 11..base + 16] {
                if s != ABSENT {
                    let set = steps(&pawn_table[s as usize], pieces, false);
                    class[CLASS_PAWN] |= set;
                    moves[6] += (set & !own).count_ones();
                }
            }
            a.all[c] = class.iter().fold(0, |acc, &x| acc | x);
            a.by_class[c] = class;
            a.moves[c] = moves;
        }
        a
    }
}
