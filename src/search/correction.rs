//! Correction history (`corrhist`): how far searches have found the static
//! evaluation off in positions of the same pawn and king structure, learnt
//! from the nodes' results and added to the static evaluation the pruning
//! rules read (reverse futility, futility). The evaluation misjudges some
//! structures consistently (an exposed king, pawns about to break
//! through); the search's own results correct it where it matters, as in
//! Stockfish and its derivatives (pawn-keyed correction history).

use crate::board::{Colour, Piece, PieceKind, Position};

/// Entries per side to move (a power of two).
const SIZE: usize = 1 << 14;
/// Corrections are kept in 1/GRAIN evaluation units.
const GRAIN: i32 = 256;
/// The largest correction, in evaluation units.
const LIMIT: i32 = 64;
/// How fast an entry follows new results: a node of depth d moves it by
/// (d + 1)/RATE of the way, at most MAX_WEIGHT/RATE.
const RATE: i32 = 256;
const MAX_WEIGHT: i32 = 16;

/// One thread's correction table, kept between the searches of a game.
pub(crate) struct CorrectionHistory {
    table: Box<[[i32; SIZE]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: Box::new([[0; SIZE]; 2]),
        }
    }
}

impl CorrectionHistory {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|side| side.fill(0));
    }

    /// The entry of `pos`: its side to move, and its pawns and kings.
    fn slot(pos: &Position) -> (usize, usize) {
        let mut key: u64 = 0x9e37_79b9_7f4a_7c15;
        for colour in Colour::ALL {
            for kind in [PieceKind::Pawn, PieceKind::King] {
                let set = pos.piece_set(Piece::new(colour, kind));
                for half in [set as u64, (set >> 64) as u64] {
                    key = (key ^ half).wrapping_mul(0xff51_afd7_ed55_8ccd);
                    key ^= key >> 29;
                }
            }
        }
        let side = usize::from(pos.side_to_move() == Colour::Black);
        (side, (key >> 40) as usize & (SIZE - 1))
    }

    /// What to add to `pos`'s static evaluation (side to move's view).
    #[inline]
    pub fn correction(&self, pos: &Position) -> i32 {
        let (side, i) = Self::slot(pos);
        self.table[side][i] / GRAIN
    }

    /// Learns that a search of `depth` found `pos` worth `found` where the
    /// corrected static evaluation said `eval`: the entry moves by part of
    /// the remaining error.
    pub fn update(&mut self, pos: &Position, depth: i32, eval: i32, found: i32) {
        let (side, i) = Self::slot(pos);
        let weight = (depth + 1).min(MAX_WEIGHT);
        let error = (found - eval).clamp(-LIMIT, LIMIT);
        let entry = &mut self.table[side][i];
        *entry = (*entry + error * GRAIN * weight / RATE).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_results_pull_the_correction_toward_the_error_and_no_further() {
        let pos = Position::startpos();
        let mut h = CorrectionHistory::default();
        assert_eq!(h.correction(&pos), 0);
        for _ in 0..200 {
            let eval = h.correction(&pos);
            h.update(&pos, 8, eval, 30);
        }
        let c = h.correction(&pos);
        assert!((25..=30).contains(&c), "correction {c}");
        for _ in 0..200 {
            let eval = 1000 + h.correction(&pos);
            h.update(&pos, 8, eval, -1000);
        }
        assert_eq!(h.correction(&pos), -LIMIT);
        // the other side to move has its own entries
        let mut other = pos.clone();
        other.make_null_move();
        assert_eq!(h.correction(&other), 0);
        h.clear();
        assert_eq!(h.correction(&pos), 0);
    }
}
