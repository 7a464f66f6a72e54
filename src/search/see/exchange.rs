//! An exchange on one square in progress: the captures are played on the
//! placement only ([`Position::shallow_make`]) and taken back one by one.
//! Each side recaptures with its least valuable piece that may: the
//! attackers are looked for by rising value (pawns, advisors, elephants,
//! horses, cannons, rooks, the king), ties in the fixed order of
//! [`Position::attackers`], and the first whose capture leaves its king
//! safe is played. Nothing is looked at beyond it.

use super::{value_at, KING_VALUE, SEE_VALUE};
use crate::board::tables::{
    pawn_crossed, ADVISOR_MOVES, BISHOP_MOVES, FILE_LINES, KING_MOVES, KNIGHT_ATTACKERS, RANK_LINES,
};
use crate::board::{Colour, Move, Piece, PieceKind, Position, Square};

/// What [`Exchange::capture_least_valuable`] played: its origin, what it
/// took and the capturer's exchange value.
type Capture = (usize, u8, i32);

/// See the module documentation.
pub(super) struct Exchange<'a> {
    pos: &'a mut Position,
    /// The square fought over.
    sq: usize,
    /// The side to capture next.
    side: Colour,
    /// Each side's king square (the placement-only moves leave the piece
    /// list behind).
    kings: [usize; 2],
    /// The first capture: origin and what it took.
    first: (usize, u8),
}

impl<'a> Exchange<'a> {
    /// Plays the legal capture `mv` on the placement.
    pub(super) fn start(pos: &'a mut Position, mv: Move) -> Exchange<'a> {
        let (from, sq) = (mv.from().index(), mv.to().index());
        let side = pos.side_to_move();
        let mut kings = [
            pos.king_square(Colour::Red).index(),
            pos.king_square(Colour::Black).index(),
        ];
        if kings[side.index()] == from {
            kings[side.index()] = sq;
        }
        let captured = pos.shallow_make(from, sq);
        Exchange {
            pos,
            sq,
            side: side.opposite(),
            kings,
            first: (from, captured),
        }
    }

    /// Takes the first capture back.
    pub(super) fn finish(self) {
        let (from, captured) = self.first;
        self.pos.shallow_unmake(from, self.sq, captured);
    }

    /// Plays `from`×square for the side to move if that leaves its king
    /// safe (else takes it back: pinned, or a king stepping into check).
    #[inline(always)]
    fn try_capture(&mut self, from: usize, value: i32) -> Option<Capture> {
        let us = self.side.index();
        let king = if from == self.kings[us] {
            self.sq
        } else {
            self.kings[us]
        };
        let captured = self.pos.shallow_make(from, self.sq);
        if self.pos.king_square_attacked(king, self.side.opposite()) {
            self.pos.shallow_unmake(from, self.sq, captured);
            return None;
        }
        self.kings[us] = king;
        self.side = self.side.opposite();
        Some((from, captured, value))
    }

    /// Captures on the square with the side to move's least valuable
    /// piece that may (ties in the order of [`Position::attackers`]), if
    /// any: pawns, advisors, elephants, horses, cannons, rooks, the king.
    #[inline(always)]
    pub(super) fn capture_least_valuable(&mut self) -> Option<Capture> {
        self.capture_by_pawn()
            .or_else(|| self.capture_by_stepper())
            .or_else(|| self.capture_by_line())
            .or_else(|| self.capture_by_king())
    }

    /// [`Self::capture_least_valuable`] by a pawn.
    #[inline(always)]
    fn capture_by_pawn(&mut self) -> Option<Capture> {
        let s = self.sq;
        let by = self.side;
        let code = |kind| Piece::new(by, kind).code() as u8;
        let (f, r) = crate::board::file_rank(s);
        // pawns: from behind the square (its forward step), then beside it
        // once across the river (always worth the crossed value)
        let pawn = code(PieceKind::Pawn);
        let behind = match by {
            Colour::Red => s.checked_sub(9),
            Colour::Black => Some(s + 9).filter(|&x| x < 90),
        };
        if let Some(b) = behind.filter(|&b| self.pos.pieces[b] == pawn) {
            let value = value_at(self.pos, Square::from_index_unchecked(b));
            if let Some(c) = self.try_capture(b, value) {
                return Some(c);
            }
        }
        if pawn_crossed(by, r as isize) {
            for a in [(f > 0).then(|| s - 1), (f < 8).then(|| s + 1)]
                .into_iter()
                .flatten()
            {
                if self.pos.pieces[a] == pawn {
                    if let Some(c) =
                        self.try_capture(a, value_at(self.pos, Square::from_index_unchecked(a)))
                    {
                        return Some(c);
                    }
                }
            }
        }
        None
    }

    /// [`Self::capture_least_valuable`] by an advisor, an elephant or a
    /// horse.
    #[inline(always)]
    fn capture_by_stepper(&mut self) -> Option<Capture> {
        let s = self.sq;
        let by = self.side;
        let code = |kind| Piece::new(by, kind).code() as u8;
        let advisor = code(PieceKind::Advisor);
        for (a, _) in ADVISOR_MOVES[s].iter() {
            if self.pos.pieces[a] == advisor {
                if let Some(c) = self.try_capture(a, SEE_VALUE[PieceKind::Advisor.index()]) {
                    return Some(c);
                }
            }
        }
        let elephant = code(PieceKind::Bishop);
        for (a, eye) in BISHOP_MOVES[s].iter() {
            if self.pos.pieces[a] == elephant && self.pos.pieces[eye] == 0 {
                if let Some(c) = self.try_capture(a, SEE_VALUE[PieceKind::Bishop.index()]) {
                    return Some(c);
                }
            }
        }
        let horse = code(PieceKind::Knight);
        for (h, leg) in KNIGHT_ATTACKERS[s].iter() {
            if self.pos.pieces[h] == horse && self.pos.pieces[leg] == 0 {
                if let Some(c) = self.try_capture(h, SEE_VALUE[PieceKind::Knight.index()]) {
                    return Some(c);
                }
            }
        }
        None
    }

    /// [`Self::capture_least_valuable`] by a cannon or a rook.
    #[inline(always)]
    fn capture_by_line(&mut self) -> Option<Capture> {
        let by = self.side;
        let code = |kind| Piece::new(by, kind).code() as u8;
        let (f, r) = crate::board::file_rank(self.sq);
        // cannons over one screen, then rooks: the file before the rank,
        // each by rising rank or file
        let file = FILE_LINES[r][self.pos.file_occ[f] as usize];
        let rank = RANK_LINES[f][self.pos.rank_occ[r] as usize];
        for kind in [PieceKind::Cannon, PieceKind::Rook] {
            let piece = code(kind);
            let value = SEE_VALUE[kind.index()];
            let (on_file, on_rank) = if kind == PieceKind::Cannon {
                (file.second, rank.second)
            } else {
                (file.first, rank.first)
            };
            let mut m = on_file;
            while m != 0 {
                let a = m.trailing_zeros() as usize * 9 + f;
                if self.pos.pieces[a] == piece {
                    if let Some(c) = self.try_capture(a, value) {
                        return Some(c);
                    }
                }
                m &= m - 1;
            }
            let mut m = on_rank;
            while m != 0 {
                let a = r * 9 + m.trailing_zeros() as usize;
                if self.pos.pieces[a] == piece {
                    if let Some(c) = self.try_capture(a, value) {
                        return Some(c);
                    }
                }
                m &= m - 1;
            }
        }
        None
    }

    /// [`Self::capture_least_valuable`] by the king.
    #[inline(always)]
    fn capture_by_king(&mut self) -> Option<Capture> {
        let s = self.sq;
        let by = self.side;
        let code = |kind| Piece::new(by, kind).code() as u8;
        let king = code(PieceKind::King);
        for (a, _) in KING_MOVES[s].iter() {
            if self.pos.pieces[a] == king {
                if let Some(c) = self.try_capture(a, KING_VALUE) {
                    return Some(c);
                }
            }
        }
        None
    }

    /// Takes back a capture made by [`Exchange::capture_least_valuable`].
    fn take_back(&mut self, (from, captured, _): Capture) {
        self.side = self.side.opposite();
        let us = self.side.index();
        if self.kings[us] == self.sq {
            self.kings[us] = from;
        }
        self.pos.shallow_unmake(from, self.sq, captured);
    }

    /// What the side to move gains at best by capturing on the square,
    /// where a piece worth `occupant` stands (0 if it declines).
    #[cfg(test)]
    pub(super) fn best_recapture(&mut self, occupant: i32) -> i32 {
        let Some(capture) = self.capture_least_valuable() else {
            return 0;
        };
        let gain = occupant - self.best_recapture(capture.2);
        self.take_back(capture);
        gain.max(0)
    }

    /// Whether `best_recapture(occupant)` is at most `limit`, for
    /// `0 <= limit < occupant` (outside that range the answer is known).
    pub(super) fn recapture_at_most(&mut self, occupant: i32, limit: i32) -> bool {
        debug_assert!((0..occupant).contains(&limit));
        let Some(capture) = self.capture_least_valuable() else {
            return true;
        };
        // occupant - (the reply's best) <= limit, the reply's best lying
        // between 0 and the capturer's value
        let value = capture.2;
        let reply_floor = occupant - limit;
        let ok = reply_floor <= value && !self.recapture_at_most(value, reply_floor - 1);
        self.take_back(capture);
        ok
    }
}
