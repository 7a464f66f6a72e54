//! Moves in ICCS coordinates and a fixed-capacity move list.

use super::square::Square;
use std::fmt;

/// A move from one square to another, packed into 16 bits
/// (`from | to << 7`). Whether it is legal depends on the position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move(u16);

impl Move {
    /// The "no move" value (never equal to a real move, whose squares differ).
    pub const NULL: Move = Move(0);

    /// The move `from` → `to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 7)
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7f) as usize)
    }

    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 >> 7) as usize)
    }

    /// Whether this is [`Move::NULL`].
    #[inline(always)]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The raw 16-bit encoding (for hash tables and books).
    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::raw`]; `None` if the bits do not name two
    /// different squares on the board.
    pub fn from_raw(raw: u16) -> Option<Move> {
        let (from, to) = ((raw & 0x7f) as usize, (raw >> 7) as usize);
        if from < Square::COUNT && to < Square::COUNT && from != to && raw >> 14 == 0 {
            Some(Move(raw))
        } else {
            None
        }
    }

    /// The left-right mirror of the move.
    pub const fn mirror_file(self) -> Move {
        Move::new(self.from().mirror_file(), self.to().mirror_file())
    }

    /// The move seen from the other side (ranks flipped).
    pub const fn flip_rank(self) -> Move {
        Move::new(self.from().flip_rank(), self.to().flip_rank())
    }

    /// Reads ICCS text: `h2e2`, also `H2-E2` / `h2-e2`. Checks only the
    /// syntax; legality is the position's business.
    pub fn from_iccs(text: &str) -> Result<Move, MoveParseError> {
        let t = text.trim();
        let (a, b) = match t.len() {
            4 if t.is_ascii() => (&t[0..2], &t[2..4]),
            5 if t.is_ascii() && &t[2..3] == "-" => (&t[0..2], &t[3..5]),
            _ => return Err(MoveParseError(text.to_string())),
        };
        let from: Square = a.parse().map_err(|_| MoveParseError(text.to_string()))?;
        let to: Square = b.parse().map_err(|_| MoveParseError(text.to_string()))?;
        if from == to {
            return Err(MoveParseError(text.to_string()));
        }
        Ok(Move::new(from, to))
    }
}

impl fmt::Display for Move {
    /// ICCS without the hyphen, lower case: `h2e2`. The null move prints `0000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            f.write_str("0000")
        } else {
            write!(f, "{}{}", self.from(), self.to())
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why text could not be read as a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveParseError(pub String);

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move in ICCS notation (expected e.g. h2e2)",
            self.0.escape_debug()
        )
    }
}

impl std::error::Error for MoveParseError {}

/// The most moves a xiangqi position can have: a full army has at most
/// 4 + 8 + 8 + 16 + 34 + 34 + 15 = 119 moves, pseudo-legal included.
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack, with room for every move of any position.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        // MAX_MOVES is above the proven maximum, so the (kept, predictable)
        // bounds check never fires
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for sorting by score).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Whether `mv` is in the list.
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }

    /// Keeps only the moves for which `keep` returns true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }

    /// Keeps the first `len` moves (all of them if there are fewer).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Like [`MoveList::retain`], but only the first `n` moves are offered
    /// to `keep`; the others stay, in order.
    pub fn retain_first(&mut self, n: usize, mut keep: impl FnMut(Move) -> bool) {
        let n = n.min(self.len);
        let mut j = 0;
        for i in 0..n {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        if j < n {
            self.moves.copy_within(n..self.len, j);
            self.len -= n - j;
        }
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
