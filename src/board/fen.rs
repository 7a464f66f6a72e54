//! Reading and writing FEN, with every rejection as a typed error.

use super::piece::{Colour, Piece, PieceKind};
use super::position::{Position, KIND_FIRST_SLOT};
use super::square::Square;
use super::tables::can_stand;
use super::zobrist::SIDE_KEY;
use std::fmt;

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The placement does not have exactly 10 ranks.
    RankCount(usize),
    /// A rank (given as 9 = top) does not describe exactly 9 files.
    RankLength {
        /// The rank, 9 (first in the FEN) to 0.
        rank: u8,
        /// The number of files it describes.
        files: usize,
    },
    /// A character that is not a piece letter or a digit.
    UnknownPiece(char),
    /// The side-to-move field is not `w`, `r` or `b`.
    BadSide(String),
    /// The half-move clock or move number is not a number.
    BadCounter(String),
    /// More pieces of a kind than a side starts with.
    TooMany {
        /// The side.
        colour: Colour,
        /// The kind.
        kind: PieceKind,
        /// How many the FEN has.
        count: usize,
    },
    /// A side does not have exactly one king.
    KingCount {
        /// The side.
        colour: Colour,
        /// How many kings it has.
        count: usize,
    },
    /// A piece stands where its kind can never go.
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// The two kings face each other on an open file.
    KingsFacing,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::RankCount(n) => write!(f, "the placement has {n} ranks, expected 10"),
            FenError::RankLength { rank, files } => {
                write!(f, "rank {rank} describes {files} files, expected 9")
            }
            FenError::UnknownPiece(c) => write!(f, "'{}' is not a piece letter", c.escape_debug()),
            FenError::BadSide(s) => {
                write!(f, "side to move '{}' is not w, r or b", s.escape_debug())
            }
            FenError::BadCounter(s) => {
                write!(f, "move counter '{}' is not a number", s.escape_debug())
            }
            FenError::TooMany {
                colour,
                kind,
                count,
            } => write!(
                f,
                "{colour} has {count} {kind}s, at most {} allowed",
                kind.max_count(),
                kind = kind.name()
            ),
            FenError::KingCount { colour, count } => {
                write!(f, "{colour} has {count} kings, expected exactly 1")
            }
            FenError::Unreachable { piece, square } => write!(
                f,
                "a {} {} can never stand on {square}",
                piece.colour(),
                piece.kind().name()
            ),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::KingsFacing => write!(f, "the kings face each other on an open file"),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Reads a FEN. Accepts `E`/`H` for elephant/horse, `r` for Red to
    /// move, and missing side or clock fields (Red to move, 0, 1).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut pos = Position::empty();
        let mut counts = [[0usize; 7]; 2];
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let piece = Piece::from_fen_char(c).ok_or(FenError::UnknownPiece(c))?;
                if file >= 9 {
                    file += 1;
                    continue; // reported as a rank-length error below
                }
                let (colour, kind) = (piece.colour(), piece.kind());
                let n = &mut counts[colour.index()][kind.index()];
                *n += 1;
                if *n > kind.max_count() {
                    if kind == PieceKind::King {
                        file += 1;
                        continue; // reported as a king-count error below
                    }
                    return Err(FenError::TooMany {
                        colour,
                        kind,
                        count: *n,
                    });
                }
                let square = Square::new(file as u8, rank);
                if !can_stand(colour, kind, file as isize, rank as isize) {
                    return Err(FenError::Unreachable { piece, square });
                }
                let id = colour.index() * 16 + KIND_FIRST_SLOT[kind.index()] + *n - 1;
                pos.put(square, piece, id);
                file += 1;
            }
            if file != 9 {
                return Err(FenError::RankLength { rank, files: file });
            }
        }
        for colour in Colour::ALL {
            let count = counts[colour.index()][PieceKind::King.index()];
            if count != 1 {
                return Err(FenError::KingCount { colour, count });
            }
        }
        pos.side = match fields.next() {
            None | Some("w") | Some("r") | Some("W") | Some("R") => Colour::Red,
            Some("b") | Some("B") => Colour::Black,
            Some(s) => return Err(FenError::BadSide(s.to_string())),
        };
        if pos.side == Colour::Black {
            pos.key ^= SIDE_KEY;
        }
        // fields 3 and 4 are '-' in xiangqi; skip whatever they hold
        let rest: Vec<&str> = fields.skip(2).collect();
        let counter = |s: &str| {
            s.parse::<u16>()
                .map_err(|_| FenError::BadCounter(s.to_string()))
        };
        if let Some(h) = rest.first() {
            pos.halfmove = counter(h)?;
        }
        if let Some(m) = rest.get(1) {
            pos.fullmove = counter(m)?.max(1);
        }
        if pos.kings_facing() {
            return Err(FenError::KingsFacing);
        }
        if pos.king_attacked(pos.side.opposite()) {
            return Err(FenError::OpponentInCheck);
        }
        Ok(pos)
    }

    /// Writes the position as FEN (`w`/`b`, standard letters).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(100);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.piece_at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if self.side == Colour::Red { 'w' } else { 'b' };
        s.push_str(&format!(" {side} - - {} {}", self.halfmove, self.fullmove));
        s
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}
