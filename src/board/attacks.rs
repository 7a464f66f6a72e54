//! Attacks and check detection.

use super::piece::{Colour, Piece, PieceKind};
use super::position::{Position, NO_SQUARE};
use super::square::{file_rank, Square};
use super::tables::{
    ADVISOR_MOVES, BISHOP_MOVES, FILE_LINES, KING_MOVES, KNIGHT_ATTACKERS, KNIGHT_ATTACK_LEG,
    NO_LEG, RANK_LINES,
};

#[inline(always)]
const fn code(colour: Colour, kind: PieceKind) -> u8 {
    Piece::new(colour, kind).code() as u8
}

/// Up to 16 attacker squares, kept on the stack (SEE asks for them at
/// every exchange step, where a heap list cost more than the scan).
#[derive(Copy, Clone, Debug)]
pub struct Attackers {
    squares: [Square; 16],
    len: usize,
}

impl Attackers {
    fn new() -> Attackers {
        Attackers {
            squares: [Square::from_index_unchecked(0); 16],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, sq: Square) {
        // a side has 16 pieces, so there is always room
        self.squares[self.len] = sq;
        self.len += 1;
    }
}

impl std::ops::Deref for Attackers {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        &self.squares[..self.len]
    }
}

impl std::ops::DerefMut for Attackers {
    fn deref_mut(&mut self) -> &mut [Square] {
        &mut self.squares[..self.len]
    }
}

impl IntoIterator for Attackers {
    type Item = Square;
    type IntoIter = std::iter::Take<std::array::IntoIter<Square, 16>>;
    fn into_iter(self) -> Self::IntoIter {
        self.squares.into_iter().take(self.len)
    }
}

impl Position {
    /// Whether the king of `colour` is attacked (by a rook, cannon, horse or
    /// pawn, or by the other king facing it on an open file).
    #[inline]
    pub fn king_attacked(&self, colour: Colour) -> bool {
        let k = self.piece_sq[colour.index() * 16] as usize;
        self.king_square_attacked(k, colour.opposite())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// Whether a king standing on square index `k` would be attacked by `by`.
    /// Unlike [`Position::is_attacked`] it counts the facing king, and needs
    /// no advisor or elephant test (they cannot reach the other palace).
    #[inline]
    pub(crate) fn king_square_attacked(&self, k: usize, by: Colour) -> bool {
        let (f, r) = file_rank(k);
        let rook = code(by, PieceKind::Rook);
        let cannon = code(by, PieceKind::Cannon);
        let king = code(by, PieceKind::King);
        // along the file: rook or facing king first, cannon second
        let line = &FILE_LINES[r][self.file_occ[f] as usize];
        let mut m = line.first;
        while m != 0 {
            let p = self.pieces[m.trailing_zeros() as usize * 9 + f];
            if p == rook || p == king {
                return true;
            }
            m &= m - 1;
        }
        let mut m = line.second;
        while m != 0 {
            if self.pieces[m.trailing_zeros() as usize * 9 + f] == cannon {
                return true;
            }
            m &= m - 1;
        }
        // along the rank
        let line = &RANK_LINES[f][self.rank_occ[r] as usize];
        let mut m = line.first;
        while m != 0 {
            if self.pieces[r * 9 + m.trailing_zeros() as usize] == rook {
                return true;
            }
            m &= m - 1;
        }
        let mut m = line.second;
        while m != 0 {
            if self.pieces[r * 9 + m.trailing_zeros() as usize] == cannon {
                return true;
            }
            m &= m - 1;
        }
        // horses whose leg is free: look at `by`'s two horses (slots 5, 6);
        // the legality test moves pieces without the piece list, so a
        // listed square must still hold the horse
        let knight = code(by, PieceKind::Knight);
        let legs = &KNIGHT_ATTACK_LEG[k];
        for &h in &self.piece_sq[by.index() * 16 + 5..by.index() * 16 + 7] {
            if h != NO_SQUARE {
                let leg = legs[h as usize];
                if leg != NO_LEG
                    && self.pieces[leg as usize] == 0
                    && self.pieces[h as usize] == knight
                {
                    return true;
                }
            }
        }
        // pawns: in front of the king (from the pawn's view) or beside it
        let pawn = code(by, PieceKind::Pawn);
        let front = match by {
            Colour::Red => k.checked_sub(9),
            Colour::Black => Some(k + 9).filter(|&s| s < 90),
        };
        if front.is_some_and(|s| self.pieces[s] == pawn) {
            return true;
        }
        (f > 0 && self.pieces[k - 1] == pawn && super::tables::pawn_crossed(by, r as isize))
            || (f < 8 && self.pieces[k + 1] == pawn && super::tables::pawn_crossed(by, r as isize))
    }

    /// Whether any piece of `by` attacks `sq` (could capture a piece of the
    /// other side standing there). The facing-king rule is not an attack here.
    pub fn is_attacked(&self, sq: Square, by: Colour) -> bool {
        !self.attackers(sq, by).is_empty()
    }

    /// The squares of `by`'s pieces that attack `sq`, in a fixed order
    /// (rooks and cannons on the file, then the rank, horses, pawns, king,
    /// advisors, elephants). Pins are not considered.
    pub fn attackers(&self, sq: Square, by: Colour) -> Attackers {
        let mut out = Attackers::new();
        let s = sq.index();
        let (f, r) = (s % 9, s / 9);
        let is = |p: u8, kind| p == code(by, kind);
        let line = &FILE_LINES[r][self.file_occ[f] as usize];
        for (mask, kind) in [
            (line.first, PieceKind::Rook),
            (line.second, PieceKind::Cannon),
        ] {
            let mut m = mask;
            while m != 0 {
                let a = m.trailing_zeros() as usize * 9 + f;
                if is(self.pieces[a], kind) {
                    out.push(Square::from_index_unchecked(a));
                }
                m &= m - 1;
            }
        }
        let line = &RANK_LINES[f][self.rank_occ[r] as usize];
        for (mask, kind) in [
            (line.first, PieceKind::Rook),
            (line.second, PieceKind::Cannon),
        ] {
            let mut m = mask;
            while m != 0 {
                let a = r * 9 + m.trailing_zeros() as usize;
                if is(self.pieces[a], kind) {
                    out.push(Square::from_index_unchecked(a));
                }
                m &= m - 1;
            }
        }
        for (h, leg) in KNIGHT_ATTACKERS[s].iter() {
            if is(self.pieces[h], PieceKind::Knight) && self.pieces[leg] == 0 {
                out.push(Square::from_index_unchecked(h));
            }
        }
        // a pawn of `by` attacks from behind `sq` (its forward step) or from
        // beside it once it has crossed the river
        let behind = match by {
            Colour::Red => s.checked_sub(9),
            Colour::Black => Some(s + 9).filter(|&x| x < 90),
        };
        if let Some(b) = behind.filter(|&b| is(self.pieces[b], PieceKind::Pawn)) {
            out.push(Square::from_index_unchecked(b));
        }
        if super::tables::pawn_crossed(by, r as isize) {
            for a in [(f > 0).then(|| s - 1), (f < 8).then(|| s + 1)]
                .into_iter()
                .flatten()
            {
                if is(self.pieces[a], PieceKind::Pawn) {
                    out.push(Square::from_index_unchecked(a));
                }
            }
        }
        // king, advisor and elephant steps are symmetric, so the squares they
        // reach from `sq` are the squares they attack it from
        for (a, _) in KING_MOVES[s].iter() {
            if is(self.pieces[a], PieceKind::King) {
                out.push(Square::from_index_unchecked(a));
            }
        }
        for (a, _) in ADVISOR_MOVES[s].iter() {
            if is(self.pieces[a], PieceKind::Advisor) {
                out.push(Square::from_index_unchecked(a));
            }
        }
        for (a, eye) in BISHOP_MOVES[s].iter() {
            if is(self.pieces[a], PieceKind::Bishop) && self.pieces[eye] == 0 {
                out.push(Square::from_index_unchecked(a));
            }
        }
        out
    }

    /// Whether the two kings face each other on a file with nothing between.
    pub fn kings_facing(&self) -> bool {
        let r = self.piece_sq[0] as usize;
        let b = self.piece_sq[16] as usize;
        if r % 9 != b % 9 {
            return false;
        }
        let line = &FILE_LINES[r / 9][self.file_occ[r % 9] as usize];
        line.first & (1 << (b / 9)) != 0
    }
}
