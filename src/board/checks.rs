//! Which moves may give check: a filter computed once per position so the
//! search tests only those moves for check after making them.
//!
//! A move checks the enemy king only if the moved piece attacks it from its
//! new square (a rook, cannon or the facing king on its file or rank, a
//! horse from a horse square, a pawn next to it) or if it uncovers an
//! attack of another piece: it leaves the line between the king and one
//! of our rooks (or our king) with only itself between, or a cannon's line
//! with two pieces between, enters a cannon's empty line, or vacates the
//! leg of one of our horses aimed at the king. Any other move leaves the
//! enemy king as safe as it was (it is never in check when we are to
//! move). The same reasoning, for the enemy's pieces and our king, lets
//! move generation skip the legality test of most moves.

use super::moves::Move;
use super::piece::{Colour, Piece, PieceKind};
use super::position::{Position, NO_SQUARE};
use super::square::{file_rank, set_has};
use super::tables::{FILE_SPREAD, KNIGHT_ATTACKERS, KNIGHT_ATTACK_LEG, NO_LEG};

/// Every square of each file (bit = square index).
const FILE_MASK: [u128; 9] = file_masks();
/// Every square of each rank.
const RANK_MASK: [u128; 10] = rank_masks();

const fn file_masks() -> [u128; 9] {
    let mut t = [0; 9];
    let mut s = 0;
    while s < 90 {
        t[s % 9] |= 1 << s;
        s += 1;
    }
    t
}

const fn rank_masks() -> [u128; 10] {
    let mut t = [0; 10];
    let mut s = 0;
    while s < 90 {
        t[s / 9] |= 1 << s;
        s += 1;
    }
    t
}

/// The squares a move of the side to move must leave or reach to possibly
/// give check (see the module documentation). Conservative: a move it
/// lets through may still give no check; a move it stops never does.
#[derive(Copy, Clone, Debug)]
pub struct CheckCandidates {
    from: u128,
    to: u128,
}

impl CheckCandidates {
    /// Whether `mv` (a legal move of the side to move in the position the
    /// filter was made for) can give check.
    #[inline(always)]
    pub fn may_give_check(&self, mv: Move) -> bool {
        set_has(self.from, mv.from().index()) || set_has(self.to, mv.to().index())
    }
}

/// The bits strictly between line positions `a` and `b`.
#[inline(always)]
fn line_between(a: usize, b: usize) -> u16 {
    let (lo, hi) = (a.min(b), a.max(b));
    ((1u16 << hi) - 1) & !((2u16 << lo) - 1)
}

/// The squares strictly between `a` and `b` (on one file or rank) and how
/// many pieces stand on them.
#[inline(always)]
fn between(pos: &Position, a: usize, b: usize) -> (u128, u32) {
    let ((af, ar), (bf, br)) = (file_rank(a), file_rank(b));
    if af == bf {
        let bits = line_between(ar, br);
        let count = (pos.file_occ[af] & bits).count_ones();
        (FILE_SPREAD[bits as usize] << af, count)
    } else {
        let bits = line_between(af, bf);
        let count = (pos.rank_occ[ar] & bits).count_ones();
        ((bits as u128) << (ar * 9), count)
    }
}

/// Where a move must start (`from`) or end (`to`) to possibly uncover an
/// attack of `by` on the king square `k`, when that king is not attacked
/// now: between `k` and a rook or king of `by` with one piece between
/// (leaving opens the line), between `k` and a cannon with two (leaving
/// leaves one screen) or none (entering makes one), and the occupied leg
/// of a horse of `by` aimed at `k`.
#[inline]
pub(crate) fn uncovering_squares(pos: &Position, k: usize, by: Colour) -> (u128, u128) {
    let base = by.index() * 16;
    let (mut from, mut to) = (0u128, 0u128);
    for slot in LINE_SLOTS {
        let Some((_, mask, count, cannon)) = line_piece(pos, k, by, slot) else {
            continue;
        };
        if count == 1 + u32::from(cannon) {
            from |= mask;
        } else if cannon && count == 0 {
            to |= mask;
        }
    }
    // `by`'s two horses (slots 5, 6) that could attack k: their legs
    let horse = Piece::new(by, PieceKind::Knight).code() as u8;
    let legs = &KNIGHT_ATTACK_LEG[k];
    for &h in &pos.piece_sq[base + 5..base + 7] {
        if h != NO_SQUARE {
            let leg = legs[h as usize];
            if leg != NO_LEG && pos.pieces[h as usize] == horse {
                from |= 1 << leg;
            }
        }
    }
    (from, to)
}

/// The piece-list slots of the king, the rooks and the cannons.
const LINE_SLOTS: [usize; 5] = [0, 7, 8, 9, 10];

/// The piece of `by` in `slot` (one of [`LINE_SLOTS`]) if it stands on a
/// line with the square `k` (the king on its file only): its square, the
/// squares strictly between it and `k` with how many pieces stand there,
/// and whether it is a cannon. (A plain loop over the slots calling this
/// compiles to fewer instructions than an iterator adaptor chain.)
#[inline(always)]
fn line_piece(
    pos: &Position,
    k: usize,
    by: Colour,
    slot: usize,
) -> Option<(usize, u128, u32, bool)> {
    let sq = pos.piece_sq[by.index() * 16 + slot];
    if sq == NO_SQUARE {
        return None;
    }
    let sq = sq as usize;
    let ((sf, sr), (kf, kr)) = (file_rank(sq), file_rank(k));
    if sf != kf && (slot == 0 || sr != kr) {
        return None;
    }
    let (mask, count) = between(pos, k, sq);
    Some((sq, mask, count, slot >= 9))
}

/// Where a move other than the king's must start or land to answer a
/// check on the king at `k` by `by` (a superset; the legality test still
/// decides): it captures a checker, lands between a rook, cannon or the
/// facing king and `k`, leaves the line between a cannon and `k` (a
/// screen going away), lands on the leg of a checking horse, or lands next
/// to `k` (where a checking pawn stands). `None` when no checker is found.
pub(crate) fn evasion_squares(pos: &Position, k: usize, by: Colour) -> Option<(u128, u128)> {
    let (kf, _) = file_rank(k);
    let base = by.index() * 16;
    let (mut from, mut to) = (0u128, 0u128);
    let mut checkers = 0;
    for slot in LINE_SLOTS {
        let Some((sq, mask, count, cannon)) = line_piece(pos, k, by, slot) else {
            continue;
        };
        if count == u32::from(cannon) {
            checkers += 1;
            to |= mask | 1 << sq;
            if cannon {
                from |= mask;
            }
        }
    }
    let horse = Piece::new(by, PieceKind::Knight).code() as u8;
    let legs = &KNIGHT_ATTACK_LEG[k];
    for &h in &pos.piece_sq[base + 5..base + 7] {
        if h != NO_SQUARE {
            let leg = legs[h as usize];
            if leg != NO_LEG && pos.pieces[h as usize] == horse && pos.pieces[leg as usize] == 0 {
                checkers += 1;
                to |= 1 << h | 1 << leg;
            }
        }
    }
    // a checking pawn stands next to the king: its square is one of these
    let pawn = Piece::new(by, PieceKind::Pawn).code() as u8;
    for n in [
        k.checked_sub(9),
        Some(k + 9).filter(|&s| s < 90),
        (kf > 0).then(|| k - 1),
        (kf < 8).then(|| k + 1),
    ]
    .into_iter()
    .flatten()
    {
        if pos.pieces[n] == pawn {
            checkers += 1;
            to |= 1 << n;
        }
    }
    (checkers > 0).then_some((from, to))
}

impl Position {
    /// The check filter for the moves of the side to move.
    pub fn check_candidates(&self) -> CheckCandidates {
        let us = self.side;
        let k = self.piece_sq[us.opposite().index() * 16] as usize;
        let (kf, kr) = file_rank(k);
        // direct checks land on the king's lines (a pawn beside or before
        // the king is on them too) or on a horse square
        let mut to = FILE_MASK[kf] | RANK_MASK[kr];
        for (h, _) in KNIGHT_ATTACKERS[k].iter() {
            to |= 1 << h;
        }
        let (from, new_screens) = uncovering_squares(self, k, us);
        CheckCandidates {
            from,
            to: to | new_screens,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks every legal move `plies` deep from `pos`: a move the filter
    /// stops gives no check. Counts checks and stopped moves.
    fn walk(pos: &mut Position, plies: u32, checks: &mut usize, stopped: &mut usize) {
        let filter = pos.check_candidates();
        for mv in pos.legal_moves().iter().copied().collect::<Vec<_>>() {
            pos.make_move(mv);
            let check = pos.in_check();
            if !filter.may_give_check(mv) {
                assert!(!check, "{mv} checks unseen before {}", pos.to_fen());
                *stopped += 1;
            }
            *checks += usize::from(check);
            if plies > 1 {
                walk(pos, plies - 1, checks, stopped);
            }
            pos.unmake_move();
        }
    }

    /// Every legal move the filter stops gives no check, three plies deep
    /// from positions of every stage.
    #[test]
    fn the_filter_never_stops_a_checking_move() {
        let fens = [
            "r1ba1abr1/4k4/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/R1B1KAB1R w - - 0 9",
            "2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P3P2/P3P3P/2N1C1N2/9/2BAKAB2 w - - 0 12",
            "3akab2/9/4b4/4p4/2p3p2/9/2P3P2/4B4/9/2BAKA3 w - - 0 35",
            "3ak4/4a4/9/9/9/9/9/9/4R4/4K4 w - - 0 50",
            "2bak4/4a4/4b4/9/9/9/9/4C4/4A4/3AK4 w - - 0 50",
            "3ak4/4a4/4b4/9/9/6N2/9/9/9/4K4 w - - 0 50",
            "4k4/4a4/4b4/9/9/9/9/9/3p5/5K3 w - - 0 60",
        ];
        let (mut checks, mut stopped) = (0, 0);
        for fen in fens {
            let mut pos = Position::from_fen(fen).unwrap();
            walk(&mut pos, 3, &mut checks, &mut stopped);
        }
        // the filter must meet many checks and stop many moves
        assert!(checks > 1_000, "{checks} checks");
        assert!(stopped > 20_000, "{stopped} stopped");
    }
}
