//! Continuation history (part of `histstats`): how a quiet move (by piece
//! and target square) fared right after a given move one ply earlier (the
//! opponent's reply it answers) and two plies earlier (our own move it
//! follows up), moved by the same bonuses and maluses as the main history,
//! by the same rule (a [`HistoryTable`], `history.rs`), and added to it in
//! the ordering of quiet moves, as in Stockfish's continuation histories.

use super::history::HistoryTable;
use crate::board::Move;
use crate::board::Position;

/// Piece codes × squares: one side of an entry's key.
const KEYS: usize = 16 * 90;
/// Entries of one table (previous move × this move).
const TABLE: usize = KEYS * KEYS;

/// A move as the tables key it: the moving piece's code and its target.
pub(crate) type ContKey = Option<(u8, u8)>;

/// The key of `mv` just made in `pos` (the piece now on its target).
pub(crate) fn key_after(pos: &Position, mv: Move) -> ContKey {
    let to = mv.to().index();
    Some((pos.piece_code_at(to) as u8, to as u8))
}

/// The two tables (one and two plies back) as one [`HistoryTable`],
/// allocated on first use so a search without `histstats` pays nothing
/// for them. Gravity keeps an entry within ±2^14, so it is stored in 16
/// bits (8 MB per thread; 32 bits were measured 4 % slower on
/// `bench --depth 9`).
pub(crate) struct ContinuationHistory {
    table: HistoryTable<i16>,
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        ContinuationHistory {
            table: HistoryTable::lazy(2 * TABLE),
        }
    }
}

impl ContinuationHistory {
    fn index(back: usize, prev: (u8, u8), now: (u8, u8)) -> usize {
        let p = prev.0 as usize * 90 + prev.1 as usize;
        let n = now.0 as usize * 90 + now.1 as usize;
        back * TABLE + p * KEYS + n
    }

    /// The key of the quiet `mv` (not yet made) in `pos`.
    #[inline(always)]
    fn now(pos: &Position, mv: Move) -> (u8, u8) {
        (
            pos.piece_code_at(mv.from().index()) as u8,
            mv.to().index() as u8,
        )
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Between searches: old scores fade.
    pub fn age(&mut self) {
        self.table.age();
    }

    /// The score of the quiet `mv` (not yet made) in `pos` after the moves
    /// keyed `prev` (one and two plies back).
    #[inline]
    pub fn score(&self, pos: &Position, mv: Move, prev: &[ContKey; 2]) -> i32 {
        if !self.table.is_allocated() {
            return 0;
        }
        let now = Self::now(pos, mv);
        prev.iter()
            .enumerate()
            .filter_map(|(back, p)| p.map(|p| self.table.get(Self::index(back, p, now))))
            .sum()
    }

    /// Moves the quiet `mv`'s (not yet made) entries after `prev` by `bonus`
    /// (negative for a move tried before the cut-off move), by the rule
    /// every history table follows (`history::gravity`).
    pub fn update(&mut self, pos: &Position, mv: Move, prev: &[ContKey; 2], bonus: i32) {
        let now = Self::now(pos, mv);
        for (back, p) in prev.iter().enumerate() {
            if let Some(p) = p {
                self.table.update(Self::index(back, *p, now), bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::history::HISTORY_GRAVITY_MAX;

    #[test]
    fn an_updated_reply_scores_after_its_move_only() {
        let mut pos = Position::startpos();
        let first = Move::from_iccs("h2e2").unwrap();
        pos.make_move(first);
        let prev = [key_after(&pos, first), None];
        let reply = Move::from_iccs("h9g7").unwrap();
        let other = Move::from_iccs("b9c7").unwrap();
        let mut h = ContinuationHistory::default();
        assert_eq!(h.score(&pos, reply, &prev), 0);
        h.update(&pos, reply, &prev, 1000);
        assert_eq!(h.score(&pos, reply, &prev), 1000);
        assert_eq!(h.score(&pos, other, &prev), 0);
        assert_eq!(h.score(&pos, reply, &[None, None]), 0);
        h.age();
        assert_eq!(h.score(&pos, reply, &prev), 250);
        h.clear();
        assert_eq!(h.score(&pos, reply, &prev), 0);
    }

    #[test]
    fn bounded_updates_stay_within_the_gravity_bound() {
        let mut pos = Position::startpos();
        let first = Move::from_iccs("h2e2").unwrap();
        pos.make_move(first);
        let second = Move::from_iccs("h9g7").unwrap();
        let prev = [key_after(&pos, first), None];
        let mut h = ContinuationHistory::default();
        h.update(&pos, second, &prev, 1000);
        assert_eq!(h.score(&pos, second, &prev), 1000);
        // an equal malus takes it just below zero: gravity pulls a
        // positive entry down by a little more than the malus itself
        h.update(&pos, second, &prev, -1000);
        let after = h.score(&pos, second, &prev);
        assert!((-100..0).contains(&after), "{after}");
        for _ in 0..1000 {
            h.update(&pos, second, &prev, 5000);
        }
        let top = h.score(&pos, second, &prev);
        assert!(
            top <= HISTORY_GRAVITY_MAX && top > HISTORY_GRAVITY_MAX * 9 / 10,
            "{top}"
        );
        for _ in 0..1000 {
            h.update(&pos, second, &prev, -50_000);
        }
        assert_eq!(h.score(&pos, second, &prev), -HISTORY_GRAVITY_MAX);
        // both plies back are keyed: after our own move two plies up too
        let both = [key_after(&pos, first), key_after(&pos, first)];
        let mut g = ContinuationHistory::default();
        g.update(&pos, second, &both, 300);
        assert_eq!(g.score(&pos, second, &both), 600);
        assert_eq!(g.score(&pos, second, &prev), 300);
    }
}
