//! The rules core: squares, pieces, moves, positions, FEN, Zobrist keys,
//! legal move generation, check detection and perft, and the game rules
//! beyond moves ([`rules`]: repetition, perpetual check and chase, move
//! limit, adjudication). It knows nothing of evaluation or search.

mod attacks;
mod checks;
mod fen;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod replay;
pub mod rules;
mod square;
pub mod tables;
mod zobrist;

pub(crate) use square::file_rank;

pub use attacks::Attackers;
pub use checks::CheckCandidates;
pub use fen::{FenError, START_FEN};
pub use moves::{Move, MoveList, MoveParseError, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use piece::{Colour, Piece, PieceKind};
pub use position::{Position, PsqTables, SquareSet, PSQ_LANES, SQUARE_BIT, ZERO_PSQ_TABLES};
pub(crate) use position::{NO_SQUARE, SLOT_KIND};
pub use replay::{IllegalMove, PositionError};
pub use square::{Square, SquareParseError, FILES, RANKS};
pub use zobrist::{PIECE_KEYS, SIDE_KEY};
