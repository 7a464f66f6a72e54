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
use crate::board::Position;

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
const PALACE: [Bits; 2] = [palace(0), palace(1)];

/// Pushes the piece codes of the first three pieces along `bits` (an
/// occupancy in line coordinates, already restricted to one direction),
/// nearest first; `rev` when the nearest is the highest bit.
#[inline(always)]
fn first_three(
    mut bits: u16,
    rev: bool,
    to_sq: impl Fn(usize) -> usize,
    pieces: &[u8; 90],
) -> [u8; 3] {
    let mut out = [0u8; 3];
    for o in out.iter_mut() {
        if bits == 0 {
            break;
        }
        let i = if rev {
            15 - bits.leading_zeros() as usize
        } else {
            bits.trailing_zeros() as usize
        };
        bits &= !(1 << i);
        *o = pieces[to_sq(i)];
    }
    out
}

/// Bonus of side `c` for rook/cannon batteries on lines from the enemy king.
#[inline]
fn king_lines(pos: &Position, c: usize, b: &Bonuses) -> i32 {
    let k = pos.piece_sq[(c ^ 1) * 16];
    if k == ABSENT {
        return 0;
    }
    let k = k as usize;
    let (f, r) = (k % 9, k / 9);
    let rook = (5 | (c << 3)) as u8;
    let cannon = (6 | (c << 3)) as u8;
    let pieces = &pos.pieces;
    let fo = pos.file_occ[f];
    let ro = pos.rank_occ[r];
    let lines = [
        first_three(fo & !((2u16 << r) - 1), false, |i| i * 9 + f, pieces),
        first_three(fo & ((1u16 << r) - 1), true, |i| i * 9 + f, pieces),
        first_three(ro & !((2u16 << f) - 1), false, |i| r * 9 + i, pieces),
        first_three(ro & ((1u16 << f) - 1), true, |i| r * 9 + i, pieces),
    ];
    let mut score = 0;
    for l in lines {
        let rooks = l.iter().filter(|&&p| p == rook).count();
        let cannons = l.iter().filter(|&&p| p == cannon).count();
        if rooks > 0 && cannons > 0 {
            score += b.rook_cannon;
        }
        if cannons == 2 {
            score += b.double_cannons;
            if l[0] == cannon && l[1] == cannon {
                score += b.stacked_cannons;
            }
        }
    }
    score
}

/// Side `c`'s coordination bonus.
#[inline]
fn side(pos: &Position, a: &AttackInfo, c: usize, b: &Bonuses) -> i32 {
    let sq = &pos.piece_sq[c * 16..c * 16 + 16];
    let mut score = 0;
    // linked cannons: guarding each other (the relation is symmetric)
    if sq[9] != ABSENT && sq[10] != ABSENT && a.cannon[c][0] & (1 << sq[10]) != 0 {
        score += b.linked_cannons;
    }
    // linked horses: both directions must hold (legs differ)
    if sq[5] != ABSENT
        && sq[6] != ABSENT
        && a.horse[c][0] & (1 << sq[6]) != 0
        && a.horse[c][1] & (1 << sq[5]) != 0
    {
        score += b.linked_horses;
    }
    // rook + horse on the enemy palace
    let enemy_palace = PALACE[c ^ 1];
    if a.by_class[c][CLASS_HORSE] & enemy_palace != 0
        && a.by_class[c][CLASS_ROOK] & enemy_palace != 0
    {
        score += b.rook_horse;
    }
    // advisors
    if sq[1] != ABSENT && sq[2] != ABSENT {
        score += b.advisor_pair;
        let (x, y) = (sq[1] as i32, sq[2] as i32);
        if (x % 9 - y % 9).abs() == 1 && (x / 9 - y / 9).abs() == 1 {
            score += b.advisors_connected;
        }
    }
    // elephants
    if sq[3] != ABSENT && sq[4] != ABSENT {
        score += b.elephant_pair;
        let (x, y) = (sq[3] as i32, sq[4] as i32);
        if (x % 9 - y % 9).abs() == 2
            && (x / 9 - y / 9).abs() == 2
            && pos.pieces[((x + y) / 2) as usize] == 0
        {
            score += b.elephants_connected;
        }
    }
    score + king_lines(pos, c, b)
}

/// Red's coordination bonus minus Black's.
#[inline]
pub fn score(pos: &Position, a: &AttackInfo, profile: Profile) -> i32 {
    let b = bonuses(profile);
    side(pos, a, 0, b) - side(pos, a, 1, b)
}
