//! The `default` profile's terms beyond material and piece-square tables,
//! written once over a [`Sink`]: the evaluator's sink adds each term's
//! parameter (packed middlegame/endgame) times its coefficient, the trace's
//! sink records the coefficient per parameter (see [`super::trace`]). Every
//! term is computed for each side and enters with that side's sign (Red
//! +, Black −), so the parts stay Red's value minus Black's.
//!
//! Parts: mobility (per move per kind, low-mobility horses), coordination
//! (the ten patterns of [`super::coordination`], crossed-pawn structure),
//! threat (hanging and attacked pieces, defended pieces, king safety), and
//! the piece-count imbalances of the material part.

use super::attacks::{AttackInfo, Bits, CLASS_KING, SQ_BIT};
use super::coordination::{patterns, PALACE};
use super::layout::*;
use crate::board::{Colour, Piece, PieceKind, Position};

/// Receives `coef` times parameter `param`.
pub trait Sink {
    /// Adds `coef` units of parameter `param`.
    fn add(&mut self, param: usize, coef: i32);
}

/// An absent piece's square in `Position::piece_sq`.
pub(crate) const ABSENT: u8 = u8::MAX;

/// Rooks, horses and cannons per side (0 Red, 1 Black).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Rooks.
    pub rooks: [i32; 2],
    /// Horses.
    pub horses: [i32; 2],
    /// Cannons.
    pub cannons: [i32; 2],
    /// Advisors.
    pub advisors: [i32; 2],
    /// Elephants.
    pub elephants: [i32; 2],
}

impl Counts {
    /// Counts the pieces of `pos` from its piece lists.
    #[inline]
    pub fn of(pos: &Position) -> Counts {
        let sq = &pos.piece_sq;
        let n = |c: usize, a: usize| {
            (sq[c * 16 + a] != ABSENT) as i32 + (sq[c * 16 + a + 1] != ABSENT) as i32
        };
        Counts {
            advisors: [n(0, 1), n(1, 1)],
            elephants: [n(0, 3), n(1, 3)],
            horses: [n(0, 5), n(1, 5)],
            rooks: [n(0, 7), n(1, 7)],
            cannons: [n(0, 9), n(1, 9)],
        }
    }

    /// Decodes the count lane of the piece-square sums (see
    /// [`super::psq::count_shift`]).
    #[inline(always)]
    pub fn from_code(code: i32) -> Counts {
        let f = |kind: PieceKind| {
            Colour::ALL.map(|colour| match super::psq::count_shift(colour, kind) {
                Some(shift) => (code >> shift) & 3,
                None => 0,
            })
        };
        Counts {
            rooks: f(PieceKind::Rook),
            horses: f(PieceKind::Knight),
            cannons: f(PieceKind::Cannon),
            advisors: f(PieceKind::Advisor),
            elephants: f(PieceKind::Bishop),
        }
    }

    /// The game phase: 2 per rook, 1 per horse and cannon, so
    /// [`MAX_PHASE`] with all of them on the board and 0 with none.
    #[inline]
    pub fn phase(&self) -> i32 {
        let c = self;
        2 * (c.rooks[0] + c.rooks[1]) + c.horses[0] + c.horses[1] + c.cannons[0] + c.cannons[1]
    }
}

/// The phase of the start position (pure middlegame values).
pub const MAX_PHASE: i32 = 16;

const SIGN: [i32; 2] = [1, -1];

const _: () = assert!(
    Piece::new(Colour::Black, PieceKind::Pawn).code() == 1 << 3 | (6 + 1)
        && Piece::new(Colour::Red, PieceKind::King).code() == 1
);

/// The squares of side `c`'s pieces of kind index `kind` (king 0 ..
/// pawn 6), from the position's incremental sets.
#[inline(always)]
fn kind_set(pos: &Position, c: usize, kind: usize) -> Bits {
    // the piece code is `kind + 1 | colour << 3` (asserted above)
    pos.piece_sets[c << 3 | (kind + 1)]
}

/// Piece-count imbalances (material part).
#[inline(always)]
pub fn imbalance<S: Sink>(n: &Counts, s: &mut S) {
    for (c, sign) in SIGN.into_iter().enumerate() {
        let e = c ^ 1;
        let terms = [
            (IMB_ROOK_PAIR, n.rooks[c] == 2),
            (IMB_HORSE_PAIR, n.horses[c] == 2),
            (IMB_CANNON_PAIR, n.cannons[c] == 2),
            (IMB_HORSE_CANNON, n.horses[c] > 0 && n.cannons[c] > 0),
            (IMB_ROOKLESS, n.rooks[c] == 0 && n.rooks[e] > 0),
        ];
        for (i, on) in terms {
            if on {
                s.add(IMBALANCE + i, sign);
            }
        }
    }
}

/// Mobility part.
#[inline(always)]
pub fn mobility<S: Sink>(a: &AttackInfo, s: &mut S) {
    for k in 1..7 {
        s.add(MOBILITY + k, a.moves[0][k] as i32 - a.moves[1][k] as i32);
    }
    // branch-free: a data-dependent skip of zero counts mispredicts
    for n in 0..3 {
        let count = a.low_horses[0][n] as i32 - a.low_horses[1][n] as i32;
        s.add(HORSE_LOW_MOBILITY + n, count);
    }
}

/// Crossed pawns of side `c`: on the enemy half of the board.
const fn enemy_half(c: usize) -> Bits {
    let mut m: Bits = 0;
    let mut s = 0;
    while s < 90 {
        if (s >= 45) == (c == 0) {
            m |= 1 << s;
        }
        s += 1;
    }
    m
}

const ENEMY_HALF: [Bits; 2] = [enemy_half(0), enemy_half(1)];

/// Every square except those of file `i` (so that a shift by one square
/// pairs only neighbours on the same rank).
const NOT_LAST_FILE: Bits = {
    let mut m: Bits = 0;
    let mut s = 0;
    while s < 90 {
        if s % 9 != 8 {
            m |= 1 << s;
        }
        s += 1;
    }
    m
};

/// Coordination part: the ten patterns and the crossed-pawn structure.
#[inline(always)]
pub fn coordination<S: Sink>(pos: &Position, a: &AttackInfo, s: &mut S) {
    let red = patterns(pos, a, 0);
    let black = patterns(pos, a, 1);
    for i in 0..COORDINATION_LEN {
        s.add(COORDINATION + i, red[i] - black[i]);
    }
    crossed_pawns::<0, S>(pos, s);
    crossed_pawns::<1, S>(pos, s);
}

/// Side `C`'s crossed-pawn structure (its sign).
#[inline(always)]
fn crossed_pawns<const C: usize, S: Sink>(pos: &Position, s: &mut S) {
    let crossed = kind_set(pos, C, 6) & ENEMY_HALF[C];
    if crossed != 0 {
        let connected = (crossed & NOT_LAST_FILE & (crossed >> 1)).count_ones() as i32;
        let in_palace = (crossed & PALACE[C ^ 1]).count_ones() as i32;
        s.add(PAWNS + PAWN_CONNECTED, SIGN[C] * connected);
        s.add(PAWNS + PAWN_IN_PALACE, SIGN[C] * in_palace);
    }
}

/// Per side and square, the squares strictly in front of it on its file
/// (toward the enemy).
static FILE_AHEAD: [[Bits; 90]; 2] = {
    let mut t = [[0 as Bits; 90]; 2];
    let mut k = 0;
    while k < 90 {
        let mut s = k % 9;
        while s < 90 {
            if s > k {
                t[0][k] |= 1 << s;
            }
            if s < k {
                t[1][k] |= 1 << s;
            }
            s += 9;
        }
        k += 1;
    }
    t
};

/// Threat part: hanging and attacked pieces, defended pieces, and king
/// safety. The king-safety terms that depend on the piece counts alone
/// are added by `king_material(c, file_open, s)` for defender `c`: it
/// must add [`king_material`] and, when `file_open`, [`open_file`] (the
/// evaluator looks their sum up in a table, the trace calls them).
#[inline(always)]
pub fn threat<S: Sink>(
    pos: &Position,
    a: &AttackInfo,
    s: &mut S,
    mut king_material: impl FnMut(usize, bool, &mut S),
) {
    // one call per side with the side a constant, so that its masks and
    // signs fold into the code
    let to_move = pos.side_to_move().index();
    threat_of::<0, S>(pos, a, to_move, s, &mut king_material);
    threat_of::<1, S>(pos, a, to_move, s, &mut king_material);
}

/// [`threat`] for side `C` (the defender; its sign).
#[inline(always)]
fn threat_of<const C: usize, S: Sink>(
    pos: &Position,
    a: &AttackInfo,
    to_move: usize,
    s: &mut S,
    king_material: &mut impl FnMut(usize, bool, &mut S),
) {
    let c = C;
    let sign = SIGN[c];
    let e = c ^ 1;
    let waiting = (c != to_move) as usize;
    let attacked = a.all[e];
    let defended = a.all[c];
    let k = |kind: usize| kind_set(pos, c, kind);
    let pawns = k(6);
    let victims = [
        k(1),
        k(2),
        k(3),
        k(4),
        k(5),
        pawns & !ENEMY_HALF[c],
        pawns & ENEMY_HALF[c],
    ];
    for (v, set) in victims.into_iter().enumerate() {
        s.add(DEFENDED + v, sign * (set & defended).count_ones() as i32);
    }
    // attacked pieces: undefended ones hang, defended ones are
    // charged by their cheapest attacker
    let by = &a.by_class[e];
    let mut m = (a.occ[c] & !k(0)) & attacked;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        let bit = SQ_BIT[sq];
        m &= !bit;
        // victim index: advisor (kind code 2) .. cannon (6) are 0..4,
        // a pawn (7) is 5, or 6 once it has crossed the river
        let kind = (pos.pieces[sq] & 7) as usize;
        let v = if kind == 7 {
            5 + (ENEMY_HALF[c] & bit != 0) as usize
        } else {
            kind - 2
        };
        if defended & bit == 0 {
            s.add(HANGING + waiting * VICTIMS + v, sign);
        } else if let Some(cls) = (0..CLASS_KING).find(|&cls| by[cls] & bit != 0) {
            s.add(
                ATTACKED + (waiting * VICTIMS + v) * ATTACKER_CLASSES + cls,
                sign,
            );
        }
    }
    let file_open = king_safety(pos, a, c, s);
    king_material(c, file_open, s);
}

/// King safety of side `c` (the defender; its sign) from the board:
/// enemy pieces attacking the palace, an enemy cannon aimed at the king
/// over one screen. Returns whether no piece of `c` stands in front of
/// its king on the king's file (the open-file term, see [`open_file`]).
#[inline(always)]
fn king_safety<S: Sink>(pos: &Position, a: &AttackInfo, c: usize, s: &mut S) -> bool {
    let sign = SIGN[c];
    let e = c ^ 1;
    for (i, &k) in a.palace_attackers[e].iter().enumerate() {
        s.add(KING_SAFETY + KS_ROOK_ON_PALACE + i, sign * k as i32);
    }
    let k = pos.piece_sq[c * 16];
    if k == ABSENT {
        return false;
    }
    let (kf, kr) = (k as usize % 9, k as usize / 9);
    let file_occ = pos.file_occ[kf];
    for &cs in &pos.piece_sq[e * 16 + 9..e * 16 + 11] {
        if cs != ABSENT && cs as usize % 9 == kf {
            let r = cs as usize / 9;
            let (lo, hi) = if r < kr { (r, kr) } else { (kr, r) };
            let between = file_occ & ((1u16 << hi) - 1) & !((2u16 << lo) - 1);
            if between.count_ones() == 1 {
                s.add(KING_SAFETY + KS_CANNON_AIMED, sign);
            }
        }
    }
    a.occ[c] & FILE_AHEAD[c][k as usize] == 0
}

/// King safety of side `c` (the defender; its sign) from the piece counts:
/// missing advisors and elephants against each enemy rook, horse and
/// cannon.
#[inline(always)]
pub fn king_material<S: Sink>(n: &Counts, c: usize, s: &mut S) {
    let sign = SIGN[c];
    let e = c ^ 1;
    let enemy = [n.rooks[e], n.horses[e], n.cannons[e]];
    let missing = [2 - n.advisors[c], 2 - n.elephants[c]];
    for (m, base) in missing.into_iter().zip([KS_NO_ADVISOR, KS_NO_ELEPHANT]) {
        if m != 0 {
            for (i, k) in enemy.into_iter().enumerate() {
                if k != 0 {
                    s.add(KING_SAFETY + base + i, sign * m * k);
                }
            }
        }
    }
}

/// The open-file term of side `c` (the defender; its sign), to be added
/// when no piece of `c` stands in front of its king: per enemy rook.
#[inline(always)]
pub fn open_file<S: Sink>(n: &Counts, c: usize, s: &mut S) {
    let rooks = n.rooks[c ^ 1];
    if rooks != 0 {
        s.add(KING_SAFETY + KS_OPEN_FILE, SIGN[c] * rooks);
    }
}
