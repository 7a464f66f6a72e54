//! Continuation history (`conthist`): how often a quiet move (by piece and
//! target square) cut off right after a given move one ply earlier (the
//! opponent's reply it answers) and two plies earlier (our own move it
//! follows up), rewarded like the main history (depth² per cut-off) and
//! added to it in the ordering of quiet moves, as in Stockfish's
//! continuation histories. Under `histstats` the entries move instead by
//! the bounded bonuses and maluses of the main history
//! ([`ContinuationHistory::update_bounded`]).

use super::ordering::HISTORY_GRAVITY_MAX;
use crate::board::Move;
use crate::board::Position;

/// Piece codes × squares: one side of an entry's key.
const KEYS: usize = 16 * 90;
/// Entries of one table (previous move × this move).
const TABLE: usize = KEYS * KEYS;
/// Scores are halved when one passes this (the main history's bound).
const SCORE_MAX: i32 = 1 << 25;

/// A move as the tables key it: the moving piece's code and its target.
pub(crate) type ContKey = Option<(u8, u8)>;

/// The key of `mv` just made in `pos` (the piece now on its target).
pub(crate) fn key_after(pos: &Position, mv: Move) -> ContKey {
    let to = mv.to().index();
    Some((pos.piece_code_at(to) as u8, to as u8))
}

/// The two tables (one and two plies back), allocated on first use so a
/// search without `conthist` pays nothing for them.
#[derive(Default)]
pub(crate) struct ContinuationHistory {
    tables: Vec<i32>,
}

impl ContinuationHistory {
    fn index(back: usize, prev: (u8, u8), now: (u8, u8)) -> usize {
        let p = prev.0 as usize * 90 + prev.1 as usize;
        let n = now.0 as usize * 90 + now.1 as usize;
        back * TABLE + p * KEYS + n
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.tables.fill(0);
    }

    /// Between searches: old scores fade.
    pub fn age(&mut self) {
        self.tables.iter_mut().for_each(|v| *v /= 4);
    }

    /// The score of the quiet `mv` (not yet made) in `pos` after the moves
    /// keyed `prev` (one and two plies back).
    #[inline]
    pub fn score(&self, pos: &Position, mv: Move, prev: &[ContKey; 2]) -> i32 {
        if self.tables.is_empty() {
            return 0;
        }
        let now = (
            pos.piece_code_at(mv.from().index()) as u8,
            mv.to().index() as u8,
        );
        prev.iter()
            .enumerate()
            .filter_map(|(back, p)| p.map(|p| self.tables[Self::index(back, p, now)]))
            .sum()
    }

    /// `histstats`: moves the quiet `mv`'s (not yet made) entries after
    /// `prev` by `bonus` (negative for a move tried before the cut-off
    /// move), pulled toward ±[`HISTORY_GRAVITY_MAX`] so they never leave
    /// that range, as the main history's `update_bounded` does.
    pub fn update_bounded(&mut self, pos: &Position, mv: Move, prev: &[ContKey; 2], bonus: i32) {
        if self.tables.is_empty() {
            self.tables = vec![0; 2 * TABLE];
        }
        let b = bonus.clamp(-HISTORY_GRAVITY_MAX, HISTORY_GRAVITY_MAX);
        let now = (
            pos.piece_code_at(mv.from().index()) as u8,
            mv.to().index() as u8,
        );
        for (back, p) in prev.iter().enumerate() {
            if let Some(p) = p {
                let v = &mut self.tables[Self::index(back, *p, now)];
                *v += b - *v * b.abs() / HISTORY_GRAVITY_MAX;
            }
        }
    }

    /// Rewards the quiet `mv` (not yet made) that cut off at `depth`.
    pub fn reward(&mut self, pos: &Position, mv: Move, prev: &[ContKey; 2], depth: i32) {
        if self.tables.is_empty() {
            self.tables = vec![0; 2 * TABLE];
        }
        let now = (
            pos.piece_code_at(mv.from().index()) as u8,
            mv.to().index() as u8,
        );
        let mut overflow = false;
        for (back, p) in prev.iter().enumerate() {
            if let Some(p) = p {
                let v = &mut self.tables[Self::index(back, *p, now)];
                *v += depth * depth;
                overflow |= *v >= SCORE_MAX;
            }
        }
        if overflow {
            self.tables.iter_mut().for_each(|v| *v /= 2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewarded_reply_scores_after_its_move_only() {
        let mut pos = Position::startpos();
        let first = Move::from_iccs("h2e2").unwrap();
        pos.make_move(first);
        let prev = [key_after(&pos, first), None];
        let reply = Move::from_iccs("h9g7").unwrap();
        let other = Move::from_iccs("b9c7").unwrap();
        let mut h = ContinuationHistory::default();
        assert_eq!(h.score(&pos, reply, &prev), 0);
        h.reward(&pos, reply, &prev, 5);
        assert_eq!(h.score(&pos, reply, &prev), 25);
        assert_eq!(h.score(&pos, other, &prev), 0);
        assert_eq!(h.score(&pos, reply, &[None, None]), 0);
        h.age();
        assert_eq!(h.score(&pos, reply, &prev), 6);
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
        h.update_bounded(&pos, second, &prev, 1000);
        assert_eq!(h.score(&pos, second, &prev), 1000);
        // an equal malus takes it just below zero: gravity pulls a
        // positive entry down by a little more than the malus itself
        h.update_bounded(&pos, second, &prev, -1000);
        let after = h.score(&pos, second, &prev);
        assert!((-100..0).contains(&after), "{after}");
        for _ in 0..1000 {
            h.update_bounded(&pos, second, &prev, 5000);
        }
        let top = h.score(&pos, second, &prev);
        assert!(
            top <= HISTORY_GRAVITY_MAX && top > HISTORY_GRAVITY_MAX * 9 / 10,
            "{top}"
        );
        for _ in 0..1000 {
            h.update_bounded(&pos, second, &prev, -50_000);
        }
        assert_eq!(h.score(&pos, second, &prev), -HISTORY_GRAVITY_MAX);
        // both plies back are keyed: after our own move two plies up too
        let both = [key_after(&pos, first), key_after(&pos, first)];
        let mut g = ContinuationHistory::default();
        g.update_bounded(&pos, second, &both, 300);
        assert_eq!(g.score(&pos, second, &both), 600);
        assert_eq!(g.score(&pos, second, &prev), 300);
    }
}
