//! Move ordering: hash move, captures by MVV/LVA, killer moves, then quiet
//! moves by the history heuristic.

use super::limits::MAX_PLY;
use super::see;
use crate::board::{Move, MoveList, PieceKind, Position};

/// Victim values for MVV/LVA (indexed by `PieceKind::index`).
const VICTIM: [i32; 7] = [1000, 2, 2, 4, 9, 4, 1];
/// Attacker values for MVV/LVA.
const ATTACKER: [i32; 7] = [1, 2, 2, 4, 9, 4, 1];

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE_BASE: i32 = 1 << 28;
const KILLER_BASE: i32 = 1 << 27;
/// History scores are kept below this so they never pass the killers.
const HISTORY_MAX: i32 = 1 << 26;

/// Captures that lose material by SEE go after every quiet move.
const LOSING_CAPTURE_BASE: i32 = -(1 << 28);

/// History and killer tables.
pub struct History {
    table: Box<[[i32; 90]; 16]>,
    killers: [[Move; 2]; MAX_PLY + 2],
    /// The largest history score (kept through aging and halving), the
    /// yardstick of "good history" for late move reductions.
    max: i32,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: Box::new([[0; 90]; 16]),
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            max: 0,
        }
    }
}

impl History {
    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// Called between searches: old history fades, killers are dropped.
    pub fn age(&mut self) {
        for row in self.table.iter_mut() {
            for v in row.iter_mut() {
                *v /= 4;
            }
        }
        self.max /= 4;
        self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
    }

    /// Rewards a quiet move that caused a cut-off at `depth`.
    pub fn reward(&mut self, pos: &Position, mv: Move, depth: i32) {
        let p = pos.piece_code_at(mv.from().index());
        let v = &mut self.table[p][mv.to().index()];
        *v += depth * depth;
        self.max = self.max.max(*v);
        if *v >= HISTORY_MAX {
            for row in self.table.iter_mut() {
                for x in row.iter_mut() {
                    *x /= 2;
                }
            }
            self.max /= 2;
        }
    }

    /// Remembers a killer at `ply`.
    pub fn add_killer(&mut self, ply: usize, mv: Move) {
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
    }

    /// The killers at `ply`.
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    fn score(&self, pos: &Position, mv: Move) -> i32 {
        self.table[pos.piece_code_at(mv.from().index())][mv.to().index()]
    }

    /// Whether the quiet move `mv` (not yet made) has a history score in
    /// the top quarter of the table's range.
    pub fn is_good(&self, pos: &Position, mv: Move) -> bool {
        self.max > 0 && self.score(pos, mv) * 4 >= self.max
    }
}

/// What the orderer may use.
#[derive(Copy, Clone)]
pub struct OrderingHints {
    /// The hash move, if any.
    pub hash_move: Move,
    /// Killer moves (NULL when off).
    pub killers: [Move; 2],
    /// Use history scores for quiet moves.
    pub use_history: bool,
    /// Order captures that lose material by SEE after the quiet moves.
    pub use_see: bool,
}

/// MVV/LVA score of a capture (higher first).
#[inline]
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos
        .piece_at(mv.to())
        .map_or(0, |p| VICTIM[p.kind().index()]);
    let attacker = pos
        .piece_at(mv.from())
        .map_or(PieceKind::Pawn.index(), |p| p.kind().index());
    victim * 16 - ATTACKER[attacker]
}

/// Sorts `moves` best first. The sort is stable, so equal scores keep
/// generation order and the search stays deterministic.
pub fn order_moves(
    pos: &mut Position,
    moves: &mut MoveList,
    hints: &OrderingHints,
    history: &History,
) {
    let mut scored: [(i32, Move); crate::board::MAX_MOVES] =
        [(0, Move::NULL); crate::board::MAX_MOVES];
    let n = moves.len();
    for (i, &mv) in moves.iter().enumerate() {
        let s = if mv == hints.hash_move {
            HASH_MOVE
        } else if pos.is_capture(mv) {
            if hints.use_see && !see::see_at_least(pos, mv, 0) {
                LOSING_CAPTURE_BASE + mvv_lva(pos, mv)
            } else {
                CAPTURE_BASE + mvv_lva(pos, mv)
            }
        } else if mv == hints.killers[0] {
            KILLER_BASE + 1
        } else if mv == hints.killers[1] {
            KILLER_BASE
        } else if hints.use_history {
            history.score(pos, mv)
        } else {
            0
        };
        scored[i] = (s, mv);
    }
    scored[..n].sort_by_key(|&(s, _)| std::cmp::Reverse(s));
    for (slot, (_, mv)) in moves.as_mut_slice().iter_mut().zip(scored[..n].iter()) {
        *slot = *mv;
    }
}
