//! Colours, piece kinds and pieces.

use std::fmt;

/// The two sides. Red moves first and sits on ranks 0–4.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Colour {
    /// Red (帥, upper case in FEN), moves first.
    Red = 0,
    /// Black (將, lower case in FEN).
    Black = 1,
}

impl Colour {
    /// Both colours, Red first.
    pub const ALL: [Colour; 2] = [Colour::Red, Colour::Black];

    /// The other side.
    #[inline(always)]
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `+1` for Red, `-1` for Black: turns a Red-view score into this side's view.
    #[inline(always)]
    pub const fn sign(self) -> i32 {
        match self {
            Colour::Red => 1,
            Colour::Black => -1,
        }
    }

    /// The colour with index 0 (Red) or 1 (Black).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Colour {
        if i == 0 {
            Colour::Red
        } else {
            Colour::Black
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Red => "red",
            Colour::Black => "black",
        })
    }
}

/// The seven kinds of piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    /// King / general (帥/將), FEN `K`.
    King = 1,
    /// Advisor / guard (仕/士), FEN `A`.
    Advisor = 2,
    /// Elephant / bishop (相/象), FEN `B` (also `E`).
    Bishop = 3,
    /// Horse / knight (傌/馬), FEN `N` (also `H`).
    Knight = 4,
    /// Rook / chariot (俥/車), FEN `R`.
    Rook = 5,
    /// Cannon (炮/砲), FEN `C`.
    Cannon = 6,
    /// Pawn / soldier (兵/卒), FEN `P`.
    Pawn = 7,
}

impl PieceKind {
    /// All kinds, king first.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// The most pieces of this kind one side can have.
    pub const fn max_count(self) -> usize {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// 0-based index: King 0 .. Pawn 6.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The kind with 0-based index `i` (0..7).
    pub const fn from_index(i: usize) -> PieceKind {
        PieceKind::ALL[i]
    }

    /// Upper-case FEN letter (`K A B N R C P`).
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Bishop => 'B',
            PieceKind::Knight => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// English name in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Bishop => "elephant",
            PieceKind::Knight => "horse",
            PieceKind::Rook => "rook",
            PieceKind::Cannon => "cannon",
            PieceKind::Pawn => "pawn",
        }
    }
}

/// A coloured piece, packed as `kind | colour << 3` (values 1..=15, never 0,
/// so 0 can mean "empty" in board arrays).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// The piece of `colour` and `kind`.
    #[inline(always)]
    pub const fn new(colour: Colour, kind: PieceKind) -> Piece {
        Piece(kind as u8 | (colour as u8) << 3)
    }

    /// Rebuilds a piece from its packed code (1..=15, low three bits non-zero).
    #[inline(always)]
    pub(crate) const fn from_code(code: u8) -> Piece {
        debug_assert!(code & 7 != 0 && code < 16);
        Piece(code)
    }

    /// The packed code, 1..=15; usable as an index into 16-entry tables.
    #[inline(always)]
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    /// The piece's side.
    #[inline(always)]
    pub const fn colour(self) -> Colour {
        Colour::from_index((self.0 >> 3) as usize)
    }

    /// The piece's kind.
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        PieceKind::from_index((self.0 & 7) as usize - 1)
    }

    /// The same kind for the other side.
    pub const fn flip_colour(self) -> Piece {
        Piece(self.0 ^ 8)
    }

    /// Reads a FEN letter: `KABNRCP` (and `E`, `H`) for Red, lower case for Black.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let colour = if c.is_ascii_uppercase() {
            Colour::Red
        } else {
            Colour::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Bishop,
            'N' | 'H' => PieceKind::Knight,
            'R' => PieceKind::Rook,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        };
        Some(Piece::new(colour, kind))
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.kind().fen_char();
        match self.colour() {
            Colour::Red => c,
            Colour::Black => c.to_ascii_lowercase(),
        }
    }

    /// The traditional Chinese character (帥仕相傌俥炮兵 / 將士象馬車砲卒).
    pub const fn chinese(self) -> char {
        match (self.colour(), self.kind()) {
            (Colour::Red, PieceKind::King) => '帥',
            (Colour::Red, PieceKind::Advisor) => '仕',
            (Colour::Red, PieceKind::Bishop) => '相',
            (Colour::Red, PieceKind::Knight) => '傌',
            (Colour::Red, PieceKind::Rook) => '俥',
            (Colour::Red, PieceKind::Cannon) => '炮',
            (Colour::Red, PieceKind::Pawn) => '兵',
            (Colour::Black, PieceKind::King) => '將',
            (Colour::Black, PieceKind::Advisor) => '士',
            (Colour::Black, PieceKind::Bishop) => '象',
            (Colour::Black, PieceKind::Knight) => '馬',
            (Colour::Black, PieceKind::Rook) => '車',
            (Colour::Black, PieceKind::Cannon) => '砲',
            (Colour::Black, PieceKind::Pawn) => '卒',
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}
