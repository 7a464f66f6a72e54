//! Part 4, piece coordination (棋子配合). Each side is scored for:
//!
//! - **linked cannons** (担子炮): two cannons that guard each other over one
//!   screen on a rank or file;
//! - **double cannons aimed at the king** (重炮): both cannons among the
//!   first three pieces on a line out from the enemy king, more when they
//!   are the first two (the rear one checks over the front one);
//! - **linked horses** (连环马): two horses that guard each other, legs free;
//! - **rook + cannon battery**: a rook and a cannon among the first three
//!   pieces on a line out from the enemy king;
//! - **rook + horse attack**: a horse and a rook both attacking the enemy
//!   palace;
//! - **intact guards**: both advisors present, and connected (guarding each
//!   other); both elephants present, and connected (eye free).
//!
//! The part is Red's total minus Black's.

use super::attacks::{AttackInfo, Bits, CLASS_HORSE, CLASS_ROOK};
use super::Profile;
use crate::board::{Colour, Piece, PieceKind, Position};

/// Bonuses of one profile.
#[derive(Copy, Clone, Debug)]
pub struct Bonuses {
    /// 担子炮: cannons guarding each other.
    pub linked_cannons: i32,
    /// Both cannons among the first three pieces on a line from the enemy king.
    pub double_cannons: i32,
    /// Extra when they are the first two pieces (重炮).
    pub stacked_cannons: i32,
    /// 连环马: horses guarding each other.
    pub linked_horses: i32,
    /// Rook and cannon among the first three pieces on a line from the enemy king.
    pub rook_cannon: i32,
    /// A horse and a rook both attacking the enemy palace.
    pub rook_horse: i32,
    /// Both advisors on the board.
    pub advisor_pair: i32,
    /// The advisors guard each other.
    pub advisors_connected: i32,
    /// Both elephants on the board.
    pub elephant_pair: i32,
    /// The elephants guard each other.
    pub elephants_connected: i32,
}

const DEFAULT: Bonuses = Bonuses {
    linked_cannons: 10,
    double_cannons: 15,
    stacked_cannons: 15,
    linked_horses: 12,
    rook_cannon: 20,
    rook_horse: 15,
    advisor_pair: 6,
    advisors_connected: 6,
    elephant_pair: 6,
    elephants_connected: 6,
};

/// The default bonuses scaled by 0.7.
const PAPER: Bonuses = Bonuses {
    linked_cannons: 7,
    double_cannons: 10,
    stacked_cannons: 10,
    linked_horses: 8,
    rook_cannon: 14,
    rook_horse: 10,
    advisor_pair: 4,
    advisors_connected: 4,
    elephant_pair: 4,
    elephants_connected: 4,
};

impl Bonuses {
    /// The bonuses in the order of [`patterns`] (and of the coordination
    /// parameters of [`super::layout`]).
    pub const fn as_array(&self) -> [i32; 10] {
        [
            self.linked_cannons,
            self.double_cannons,
            self.stacked_cannons,
            self.linked_horses,
            self.rook_cannon,
            self.rook_horse,
            self.advisor_pair,
            self.advisors_connected,
            self.elephant_pair,
            self.elephants_connected,
        ]
    }
}

/// The bonuses of `profile`.
pub const fn bonuses(profile: Profile) -> &'static Bonuses {
    match profile {
        Profile::Paper => &PAPER,
        Profile::Default => &DEFAULT,
    }
}

const ABSENT: u8 = u8::MAX;

const fn palace(c: usize) -> Bits {
    let mut m: Bits = 0;
    let mut r = 0;
    while r < 3 {
        let rank = if c == 0 { r } else { 9 - r };
        let mut f = 3;
        while f <= 5 {
            m |= 1 << (rank * 9 + f);
            f += 1;
        }
        r += 1;
    }
    m
}

/// The squares of each side's palace.
pub const PALACE: [Bits; 2] = [palace(0), palace(1)];

/// File and rank of each square index (a load instead of a division by
/// 9 in the hot loops). The board has the same table (`board::file_rank`),
/// but calling it here measured 1 % more instructions for the whole
/// search (callgrind, bench depth 7: 1 119.5 M against 1 107.6 M Ir), an
/// effect of how the evaluator is compiled, so this copy stays.
static FILE_RANK: [(u8, u8); 90] = file_rank();

const fn file_rank() -> [(u8, u8); 90] {
    let mut t = [(0, 0); 90];
    let mut s = 0;
    while s < 90 {
        t[s] = ((s % 9) as u8, (s / 9) as u8);
        s += 1;
    }
    t
}

/// Per square, the other squares of its file and rank.
static LINES_THROUGH: [Bits; 90] = {
    let mut t = [0 as Bits; 90];
    let mut s = 0;
    while s < 90 {
        let mut o = 0;
        while o < 90 {
            if o != s && (o % 9 == s % 9 || o / 9 == s / 9) {
                t[s] |= 1 << o;
            }
            o += 1;
        }
        s += 1;
    }
    t
};

/// File and rank of square `s` as `usize`.
#[inline(always)]
fn file_rank_of(s: u8) -> (usize, usize) {
    let (f, r) = FILE_RANK[s as usize];
    (f as usize, r as usize)
}

/// Whether squares `x` and `y` are `d` files and `d` ranks apart.
#[inline(always)]
fn diagonal_apart(x: u8, y: u8, d: usize) -> bool {
    let (xf, xr) = file_rank_of(x);
    let (yf, yr) = file_rank_of(y);
    xf.abs_diff(yf) == d && xr.abs_diff(yr) == d
}

/// The bits strictly between line points `a` and `b`.
#[inline(always)]
fn between(a: usize, b: usize) -> u16 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    ((1u16 << hi) - 1) & !((2u16 << lo) - 1)
}

/// Side `c`'s rook/cannon batteries on lines from the enemy king, per
/// direction out from the king (up, down, right, left along its file and
/// rank): which of `c`'s rooks and cannons are among the first three
/// pieces (at most two pieces between them and the king). Returns the
/// number of rook+cannon lines, double-cannon lines and, of those, lines
/// where both cannons are among the first two pieces.
#[inline(always)]
fn king_lines(pos: &Position, c: usize) -> [i32; 3] {
    let k = pos.piece_sq[(c ^ 1) * 16];
    if k == ABSENT {
        return [0; 3];
    }
    // most of the time no rook or cannon stands on the king's file or rank
    let colour = Colour::ALL[c];
    let rooks_and_cannons = pos.piece_set(Piece::new(colour, PieceKind::Rook))
        | pos.piece_set(Piece::new(colour, PieceKind::Cannon));
    if rooks_and_cannons & LINES_THROUGH[k as usize] == 0 {
        return [0; 3];
    }
    let (kf, kr) = file_rank_of(k);
    let mut rooks = [0u8; 4];
    let mut cannons = [0u8; 4];
    // cannons among the first two pieces
    let mut front = [0u8; 4];
    let mut any = false;
    for slot in 7..11 {
        let s = pos.piece_sq[c * 16 + slot];
        if s == ABSENT {
            continue;
        }
        let (f, r) = file_rank_of(s);
        let (dir, n) = if f == kf {
            let n = (pos.file_occ[f] & between(r, kr)).count_ones();
            (if r > kr { 0 } else { 1 }, n)
        } else if r == kr {
            let n = (pos.rank_occ[r] & between(f, kf)).count_ones();
            (if f > kf { 2 } else { 3 }, n)
        } else {
            continue;
        };
        if n > 2 {
            continue;
        }
        any = true;
        if slot < 9 {
            rooks[dir] += 1;
        } else {
            cannons[dir] += 1;
            front[dir] += (n <= 1) as u8;
        }
    }
    let mut counts = [0; 3];
    if !any {
        return counts;
    }
    for d in 0..4 {
        counts[0] += (rooks[d] > 0 && cannons[d] > 0) as i32;
        counts[1] += (cannons[d] == 2) as i32;
        counts[2] += (cannons[d] == 2 && front[d] == 2) as i32;
    }
    counts
}

/// How often side `c` shows each pattern, in the order of the fields of
/// [`Bonuses`] (linked cannons, double cannons, stacked cannons, linked
/// horses, rook + cannon, rook + horse, advisor pair, advisors connected,
/// elephant pair, elephants connected).
#[inline(always)]
pub fn patterns(pos: &Position, a: &AttackInfo, c: usize) -> [i32; 10] {
    let sq = &pos.piece_sq[c * 16..c * 16 + 16];
    let mut n = [0; 10];
    // linked cannons: guarding each other (the relation is symmetric)
    n[0] = (sq[9] != ABSENT && sq[10] != ABSENT && a.cannon[c][0] & (1 << sq[10]) != 0) as i32;
    // linked horses: both directions must hold (legs differ)
    n[3] = (sq[5] != ABSENT
        && sq[6] != ABSENT
        && a.horse[c][0] & (1 << sq[6]) != 0
        && a.horse[c][1] & (1 << sq[5]) != 0) as i32;
    // rook + horse on the enemy palace
    let enemy_palace = PALACE[c ^ 1];
    n[5] = (a.by_class[c][CLASS_HORSE] & enemy_palace != 0
        && a.by_class[c][CLASS_ROOK] & enemy_palace != 0) as i32;
    // advisors
    if sq[1] != ABSENT && sq[2] != ABSENT {
        n[6] = 1;
        n[7] = diagonal_apart(sq[1], sq[2], 1) as i32;
    }
    // elephants
    if sq[3] != ABSENT && sq[4] != ABSENT {
        n[8] = 1;
        let (x, y) = (sq[3], sq[4]);
        n[9] = (diagonal_apart(x, y, 2) && pos.pieces[(x as usize + y as usize) / 2] == 0) as i32;
    }
    let [rook_cannon, double, stacked] = king_lines(pos, c);
    n[4] = rook_cannon;
    n[1] = double;
    n[2] = stacked;
    n
}

/// Side `c`'s coordination bonus.
#[inline]
fn side(pos: &Position, a: &AttackInfo, c: usize, b: &Bonuses) -> i32 {
    let values = b.as_array();
    patterns(pos, a, c)
        .iter()
        .zip(values)
        .map(|(n, v)| n * v)
        .sum()
}

/// Red's coordination bonus minus Black's.
#[inline(always)]
pub fn score(pos: &Position, a: &AttackInfo, profile: Profile) -> i32 {
    let b = bonuses(profile);
    side(pos, a, 0, b) - side(pos, a, 1, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_apart_is_the_file_and_rank_distance_test() {
        // the lookup must agree with the arithmetic it replaced
        for x in 0..90i32 {
            for y in 0..90i32 {
                for d in 1..=2 {
                    let by_division = (x % 9 - y % 9).abs() == d && (x / 9 - y / 9).abs() == d;
                    assert_eq!(
                        diagonal_apart(x as u8, y as u8, d as usize),
                        by_division,
                        "{x} {y} {d}"
                    );
                }
            }
        }
    }
}
