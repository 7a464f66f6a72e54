//! A position from a FEN and a list of ICCS moves, each checked for
//! legality: the one replay every front end (protocol, command line,
//! arena, book source) goes through.

use super::fen::FenError;
use super::moves::{Move, MoveParseError};
use super::position::Position;

/// Why a FEN-plus-moves description was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The FEN could not be read.
    #[error("bad FEN '{fen}': {source}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// What was wrong with it.
        source: FenError,
    },
    /// A move is not ICCS text.
    #[error("bad move '{text}' at ply {ply} in position {fen}: {source}")]
    Syntax {
        /// The move as written.
        text: String,
        /// 1-based index in the move list.
        ply: usize,
        /// The position it was to be played in.
        fen: String,
        /// The parse error.
        source: MoveParseError,
    },
    /// A move is well formed but not legal where it is played.
    #[error("illegal move {mv} at ply {ply} in position {fen}")]
    Illegal {
        /// The move.
        mv: Move,
        /// 1-based index in the move list.
        ply: usize,
        /// The position it was to be played in.
        fen: String,
    },
}

impl PositionError {
    /// The 1-based ply of the offending move (`None` for a bad FEN).
    pub fn ply(&self) -> Option<usize> {
        match self {
            PositionError::Fen { .. } => None,
            PositionError::Syntax { ply, .. } | PositionError::Illegal { ply, .. } => Some(*ply),
        }
    }
}

/// A move that is not legal in a position (see [`Position::try_play`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0}")]
pub struct IllegalMove(pub Move);

impl Position {
    /// Plays `mv` if it is legal here; otherwise leaves the position as it is.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.make_move(mv);
            Ok(())
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// The position after playing the ICCS `moves` from `fen` (`None`: the
    /// start position), every move checked; the moves become the game
    /// history (so repetitions across them are seen).
    pub fn from_fen_and_moves<S: AsRef<str>>(
        fen: Option<&str>,
        moves: impl IntoIterator<Item = S>,
    ) -> Result<Position, PositionError> {
        let mut pos = match fen {
            None => Position::startpos(),
            Some(f) => Position::from_fen(f).map_err(|source| PositionError::Fen {
                fen: f.to_string(),
                source,
            })?,
        };
        for (i, text) in moves.into_iter().enumerate() {
            let text = text.as_ref();
            let ply = i + 1;
            let mv = Move::from_iccs(text).map_err(|source| PositionError::Syntax {
                text: text.to_string(),
                ply,
                fen: pos.to_fen(),
                source,
            })?;
            pos.try_play(mv).map_err(|_| PositionError::Illegal {
                mv,
                ply,
                fen: pos.to_fen(),
            })?;
        }
        Ok(pos)
    }

    /// Like [`Position::from_fen_and_moves`] with moves already parsed.
    pub fn from_fen_and_parsed_moves(
        fen: Option<&str>,
        moves: &[Move],
    ) -> Result<Position, PositionError> {
        let mut pos = Position::from_fen_and_moves(fen, std::iter::empty::<&str>())?;
        for (i, &mv) in moves.iter().enumerate() {
            pos.try_play(mv).map_err(|_| PositionError::Illegal {
                mv,
                ply: i + 1,
                fen: pos.to_fen(),
            })?;
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_and_reports_the_ply() {
        let p = Position::from_fen_and_moves(None, ["h2e2", "h9g7"]).unwrap();
        assert_eq!(p.moves_played().count(), 2);
        let e = Position::from_fen_and_moves(None, ["h2e2", "h2e2"]).unwrap_err();
        assert!(matches!(e, PositionError::Illegal { ply: 2, .. }), "{e}");
        let e = Position::from_fen_and_moves(None, ["h2e2", "zz"]).unwrap_err();
        assert_eq!(e.ply(), Some(2));
        let e = Position::from_fen_and_moves(Some("nonsense"), ["h2e2"]).unwrap_err();
        assert!(matches!(e, PositionError::Fen { .. }));
        let mut p = Position::startpos();
        let before = p.to_fen();
        assert!(p.try_play(Move::from_iccs("a0a5").unwrap()).is_err());
        assert_eq!(p.to_fen(), before);
    }
}
