//! Continuation history: how a quiet move (by piece
//! and target square) fared right after a given move one ply earlier (the
//! opponent's reply it answers) and two plies earlier (our own move it
//! follows up), moved by the same bonuses and maluses as the main history,
//! by the same rule (a [`HistoryTable`], `history.rs`), and added to it in
//! the ordering of quiet moves, as in Stockfish's continuation histories.

use super::history::HistoryTable;
use crate::board::Move;
use crate::board::Position;

/// Piece kinds × squares: one side of an entry's key. The colour is left
/// out: the move one ply back is always the opponent's and the one two
/// plies back always the mover's own (a null move keys nothing), so the
/// mover's colour fixes both, and one table per mover's colour keeps them
/// apart. Keyed by the 16 piece codes instead, three in eight keys would
/// never occur and the tables would take 8 MB a thread instead of 3.2 MB,
/// which the cache pays for on every quiet move.
const KEYS: usize = 7 * 90;
/// Entries of one table (previous move × this move).
const TABLE: usize = KEYS * KEYS;

/// A move as the tables key it: the moving piece's code and its target.
pub(crate) type ContKey = Option<(u8, u8)>;

/// The key of `mv` just made in `pos` (the piece now on its target).
pub(crate) fn key_after(pos: &Position, mv: Move) -> ContKey {
    let to = mv.to().index();
    Some((pos.piece_code_at(to) as u8, to as u8))
}

/// The two tables (one and two plies back), each for either mover's
/// colour, as one [`HistoryTable`], allocated on first use (a thread that
/// never searches pays nothing for them). Gravity keeps an entry
/// within ±2^14, so it is stored in 16 bits (3.2 MB per thread; 32 bits
/// were measured 4 % slower on `bench --depth 9`).
pub(crate) struct ContinuationHistory {
    table: HistoryTable<i16>,
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        ContinuationHistory {
            table: HistoryTable::lazy(4 * TABLE),
        }
    }
}

impl ContinuationHistory {
    /// Where the entry of `now` after `prev` (`back` + 1 plies earlier)
    /// lies: the table of `back` and the mover's colour, then the kind and
    /// square of `prev`, then those of `now`.
    #[inline(always)]
    fn index(back: usize, prev: (u8, u8), now: (u8, u8)) -> usize {
        let colour = (now.0 >> 3) as usize;
        debug_assert_eq!(
            (prev.0 >> 3) as usize,
            colour ^ (back == 0) as usize,
            "one ply back moved the opponent, two plies back the mover"
        );
        let key = |(code, square): (u8, u8)| ((code & 7) as usize - 1) * 90 + square as usize;
        ((back * 2 + colour) * KEYS + key(prev)) * KEYS + key(now)
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
        // both plies back are keyed: after the opponent's reply and after
        // our own move two plies up
        pos.make_move(second);
        let third = Move::from_iccs("h0g2").unwrap();
        let one_back = key_after(&pos, second);
        let both = [one_back, key_after(&pos, first)];
        let mut g = ContinuationHistory::default();
        g.update(&pos, third, &both, 300);
        assert_eq!(g.score(&pos, third, &both), 600);
        assert_eq!(g.score(&pos, third, &[one_back, None]), 300);
    }

    #[test]
    fn every_key_the_search_can_form_has_an_entry_of_its_own_and_none_is_spare() {
        // codes of both colours' seven kinds: kind | colour << 3
        let codes = |colour: u8| (1..=7u8).map(move |kind| kind | colour << 3);
        let mut seen = vec![false; 4 * TABLE];
        for back in 0..2 {
            for mover in 0..2u8 {
                let before = if back == 0 { mover ^ 1 } else { mover };
                for p in codes(before) {
                    for now in codes(mover) {
                        for (ps, ns) in (0..90u8).flat_map(|a| (0..90u8).map(move |b| (a, b))) {
                            let i = ContinuationHistory::index(back, (p, ps), (now, ns));
                            assert!(!seen[i], "{back} {p} {ps} {now} {ns}");
                            seen[i] = true;
                        }
                    }
                }
            }
        }
        // and no entry is left over: the tables are as small as the keys
        assert!(seen.iter().all(|&s| s));
    }
}
