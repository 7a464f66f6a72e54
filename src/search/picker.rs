//! Moves handed out best first, chosen one at a time: at a node that cuts
//! off after a move or two, the rest are never sorted and their captures
//! never go through SEE. The order is exactly that of a stable sort by
//! score (equal scores keep generation order).

use super::ordering::{demote_losing, score_move, History, OrderingHints};
use super::see;
use crate::board::{Move, MoveList, Position, MAX_MOVES};

#[derive(Copy, Clone)]
struct Entry {
    /// Score above, generation index below (lower index wins ties).
    key: i64,
    mv: Move,
    /// A capture whose score holds only if SEE finds it not losing.
    unsure: bool,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: Move::NULL,
    unsure: false,
};

#[inline(always)]
fn key(score: i32, index: usize) -> i64 {
    ((score as i64) << 8) | (255 - index as i64)
}

#[inline(always)]
fn score_of(key: i64) -> i32 {
    (key >> 8) as i32
}

/// A move list whose first `picked` entries are in their final order and
/// the rest still to be chosen.
pub(super) struct OrderedMoves {
    entries: [Entry; MAX_MOVES],
    len: usize,
    picked: usize,
}

impl OrderedMoves {
    /// `moves` in the order given (already final).
    pub fn from_list(moves: &MoveList) -> OrderedMoves {
        let mut o = OrderedMoves {
            entries: [EMPTY; MAX_MOVES],
            len: moves.len(),
            picked: moves.len(),
        };
        for (e, &mv) in o.entries.iter_mut().zip(moves.iter()) {
            e.mv = mv;
        }
        o
    }

    /// `moves` to be handed out best first by the ordering `hints`.
    pub fn new(
        pos: &Position,
        moves: &MoveList,
        hints: &OrderingHints,
        history: &History,
    ) -> OrderedMoves {
        let mut o = OrderedMoves {
            entries: [EMPTY; MAX_MOVES],
            len: moves.len(),
            picked: 0,
        };
        for (i, (e, &mv)) in o.entries.iter_mut().zip(moves.iter()).enumerate() {
            let (score, unsure) = score_move(pos, mv, hints, history);
            *e = Entry {
                key: key(score, i),
                mv,
                unsure,
            };
        }
        o
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`-th best move; moves are chosen in turn, so `i` is at most
    /// one past the last one asked for. `pos` is the node's position (SEE
    /// plays exchanges on it and takes them back).
    pub fn pick(&mut self, i: usize, pos: &mut Position) -> Move {
        debug_assert!(i <= self.picked && i < self.len);
        if i < self.picked {
            return self.entries[i].mv;
        }
        loop {
            let mut best = i;
            for j in i + 1..self.len {
                if self.entries[j].key > self.entries[best].key {
                    best = j;
                }
            }
            let e = &mut self.entries[best];
            if e.unsure {
                e.unsure = false;
                if !see::see_at_least(pos, e.mv, 0) {
                    let low = e.key & 0xff;
                    e.key = key(demote_losing(score_of(e.key)), 0) & !0xff | low;
                    continue;
                }
            }
            self.entries.swap(i, best);
            self.picked = i + 1;
            return self.entries[i].mv;
        }
    }

    /// Every move, best first.
    pub fn into_list(mut self, pos: &mut Position) -> MoveList {
        let mut list = MoveList::new();
        for i in 0..self.len {
            list.push(self.pick(i, pos));
        }
        list
    }

    /// Drops `mv` (before any move was chosen).
    pub fn remove(&mut self, mv: Move) {
        debug_assert_eq!(self.picked, 0);
        if let Some(at) = self.entries[..self.len].iter().position(|e| e.mv == mv) {
            self.entries.copy_within(at + 1..self.len, at);
            self.len -= 1;
        }
    }

    /// Puts `mv` first, ahead of every move still to be chosen (before any
    /// move was chosen).
    pub fn put_first(&mut self, mv: Move) {
        debug_assert_eq!(self.picked, 0);
        self.entries.copy_within(0..self.len, 1);
        self.entries[0] = Entry {
            key: 0,
            mv,
            unsure: false,
        };
        self.len += 1;
        self.picked = 1;
    }
}
