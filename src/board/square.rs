//! Squares of the 10×9 board and their ICCS names.
//!
//! Files `a`..`i` run left to right from Red's side, ranks `0`..`9` run from
//! Red's back rank to Black's. A square's index is `rank * 9 + file`, so the
//! 90 squares fit in a `u8` and index flat arrays directly.

use std::fmt;
use std::str::FromStr;

/// Number of files (columns) on the board.
pub const FILES: u8 = 9;
/// Number of ranks (rows) on the board.
pub const RANKS: u8 = 10;

/// File and rank of each square index, padded to 128 entries so that an
/// index taken from a move's 7-bit field needs no bounds check.
static FILE_RANK: [(u8, u8); 128] = file_rank_table();

const fn file_rank_table() -> [(u8, u8); 128] {
    let mut t = [(0, 0); 128];
    let mut s = 0;
    while s < 90 {
        t[s] = ((s % 9) as u8, (s / 9) as u8);
        s += 1;
    }
    t
}

/// File and rank of the square with index `s` (below 90): a table lookup
/// where hot code would otherwise divide by 9.
#[inline(always)]
pub(crate) fn file_rank(s: usize) -> (usize, usize) {
    debug_assert!(s < Square::COUNT);
    let (f, r) = FILE_RANK[s & 127];
    (f as usize, r as usize)
}

/// Whether the square set `set` (bit `s` for square index `s`) holds the
/// square with index `s` (below 90): a test on the one 64-bit half that
/// holds it, cheaper than shifting the whole 128-bit set.
#[inline(always)]
pub(crate) fn set_has(set: u128, s: usize) -> bool {
    debug_assert!(s < Square::COUNT);
    let half = if s < 64 {
        set as u64
    } else {
        (set >> 64) as u64
    };
    (half >> (s & 63)) & 1 != 0
}

/// One of the 90 points of the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 90;

    /// The square on `file` (0 = `a`) and `rank` (0 = Red's back rank).
    ///
    /// # Panics
    /// If the file or rank is off the board.
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < FILES && rank < RANKS);
        Square(rank * FILES + file)
    }

    /// The square with flat index `index` (`rank * 9 + file`), if on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Self::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Like [`Square::from_index`] for indices known to be on the board.
    pub(crate) const fn from_index_unchecked(index: usize) -> Square {
        debug_assert!(index < Self::COUNT);
        Square(index as u8)
    }

    /// The flat index `rank * 9 + file`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 (`a`) to 8 (`i`).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// Rank, 0 (Red's back rank) to 9 (Black's back rank).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < FILES as i8 && r >= 0 && r < RANKS as i8 {
            Some(Square::new(f as u8, r as u8))
        } else {
            None
        }
    }

    /// The square seen from the other side: rank `r` becomes `9 - r`.
    pub const fn flip_rank(self) -> Square {
        Square::new(self.file(), RANKS - 1 - self.rank())
    }

    /// The left-right mirror: file `f` becomes `8 - f`.
    pub const fn mirror_file(self) -> Square {
        Square::new(FILES - 1 - self.file(), self.rank())
    }

    /// Iterates over all 90 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareParseError(pub String);

impl fmt::Display for SquareParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square (expected a file a-i and a rank 0-9)",
            self.0
        )
    }
}

impl std::error::Error for SquareParseError {}

impl FromStr for Square {
    type Err = SquareParseError;

    /// Reads an ICCS square name such as `e0` (upper-case files accepted).
    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(SquareParseError(s.to_string()));
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'0');
        if file < FILES && rank < RANKS {
            Ok(Square::new(file, rank))
        } else {
            Err(SquareParseError(s.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_rank_table_divides_by_nine() {
        for s in 0..Square::COUNT {
            let sq = Square::from_index(s).unwrap();
            assert_eq!(
                file_rank(s),
                (sq.file() as usize, sq.rank() as usize),
                "{sq}"
            );
        }
    }

    #[test]
    fn set_has_tests_the_square_bit() {
        let sets: [u128; 4] = [
            0,
            u128::MAX,
            0x5555_5555_5555_5555_5555_5555_5555_5555,
            1 << 63 | 1 << 64 | 1 << 89,
        ];
        for set in sets {
            for s in 0..Square::COUNT {
                assert_eq!(set_has(set, s), (set >> s) & 1 != 0, "{set:x} {s}");
            }
        }
    }
}
