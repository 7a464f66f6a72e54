//! Move ordering: hash move, captures by MVV/LVA (or by victim and capture
//! history), killer moves, the countermove, then quiet moves by the
//! history heuristic.

use super::conthist::{ContKey, ContinuationHistory};
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

/// The countermove ranks just below the killers.
const COUNTERMOVE: i32 = KILLER_BASE - 1;

/// With `histmalus` the history moves by bonuses and maluses pulled
/// toward ±this (Stockfish's "gravity"): a score says how often a move
/// cut off against how often it failed, and stays comparable over a game.
pub const HISTORY_GRAVITY_MAX: i32 = 1 << 14;

/// The bounded history's bonus (or malus) for a cut-off at `depth`:
/// linear in depth, from 0.3 % to 15 % of the range (Stockfish's shape).
pub fn bounded_bonus(depth: i32) -> i32 {
    (300 * depth - 250).clamp(50, 2400)
}

/// Captures that lose material by SEE go after every quiet move.
const LOSING_CAPTURE_BASE: i32 = -(1 << 28);

/// Capture history scores stay within ±this (the update pulls them toward
/// the bound, never past it), so victim value still ranks first.
const CAPTURE_HISTORY_MAX: i32 = 1 << 14;
/// With capture history, captures rank by victim value times this, plus
/// their capture history.
const VICTIM_SCALE: i32 = 4 * CAPTURE_HISTORY_MAX;

/// Capture history entries: by moving piece code, target square and victim
/// kind.
type CaptureTable = [[[i32; 7]; 90]; 16];

/// History, killer, countermove and capture history tables: everything
/// one search thread learns about move order.
pub struct History {
    table: Box<[[i32; 90]; 16]>,
    killers: [[Move; 2]; MAX_PLY + 2],
    /// The largest history score (kept through aging and halving), the
    /// yardstick of "good history" for late move reductions.
    max: i32,
    /// The quiet reply that last refuted a move, by that move's piece code
    /// and target square.
    countermoves: Box<[[Move; 90]; 16]>,
    /// How often a capture caused a cut-off (rewarded) or was tried
    /// before the one that did (penalised).
    captures: Box<CaptureTable>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: Box::new([[0; 90]; 16]),
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            max: 0,
            countermoves: Box::new([[Move::NULL; 90]; 16]),
            captures: Box::new([[[0; 7]; 90]; 16]),
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
        // nested plain loops: the flattening iterator was not vectorised
        for row in self.captures.iter_mut() {
            for cell in row.iter_mut() {
                for v in cell.iter_mut() {
                    *v /= 4;
                }
            }
        }
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

    /// `histmalus`: moves the quiet `mv`'s history by `bonus` (see
    /// [`bounded_bonus`], negative for a move that failed before the
    /// cut-off move), pulled
    /// toward ±[`HISTORY_GRAVITY_MAX`] so it never leaves that range.
    pub fn update_bounded(&mut self, pos: &Position, mv: Move, bonus: i32) {
        let b = bonus.clamp(-HISTORY_GRAVITY_MAX, HISTORY_GRAVITY_MAX);
        let v = &mut self.table[pos.piece_code_at(mv.from().index())][mv.to().index()];
        *v += b - *v * b.abs() / HISTORY_GRAVITY_MAX;
        self.max = self.max.max(*v);
    }

    /// The quiet `mv`'s history score (not yet made).
    pub fn quiet_score(&self, pos: &Position, mv: Move) -> i32 {
        self.score(pos, mv)
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

    /// The quiet move that last refuted the move just played in `pos`
    /// (NULL if none, or after a null move).
    pub fn countermove(&self, pos: &Position) -> Move {
        match pos.last_move() {
            Some(prev) if !prev.is_null() => {
                let to = prev.to().index();
                self.countermoves[pos.piece_code_at(to)][to]
            }
            _ => Move::NULL,
        }
    }

    /// Remembers the quiet `mv` as the refutation of the move just played
    /// in `pos`.
    pub fn add_countermove(&mut self, pos: &Position, mv: Move) {
        if let Some(prev) = pos.last_move().filter(|m| !m.is_null()) {
            let to = prev.to().index();
            self.countermoves[pos.piece_code_at(to)][to] = mv;
        }
    }

    fn capture_entry(&mut self, pos: &Position, mv: Move) -> &mut i32 {
        let victim = pos.piece_at(mv.to()).map_or(0, |p| p.kind().index());
        &mut self.captures[pos.piece_code_at(mv.from().index())][mv.to().index()][victim]
    }

    /// Moves the capture history of the capture `mv` (not yet made) by
    /// `bonus` (positive for a cut-off, negative for a capture tried before
    /// it), pulled toward the bound so it never leaves ±CAPTURE_HISTORY_MAX.
    pub fn update_capture(&mut self, pos: &Position, mv: Move, bonus: i32) {
        let bonus = bonus.clamp(-CAPTURE_HISTORY_MAX, CAPTURE_HISTORY_MAX);
        let v = self.capture_entry(pos, mv);
        *v += bonus - *v * bonus.abs() / CAPTURE_HISTORY_MAX;
    }

    /// The ordering score of the capture `mv` by capture history: victim
    /// value first, capture history within equal victims.
    fn capture_score(&self, pos: &Position, mv: Move) -> i32 {
        let victim = pos.piece_at(mv.to()).map_or(0, |p| p.kind().index());
        let h = self.captures[pos.piece_code_at(mv.from().index())][mv.to().index()][victim];
        VICTIM[victim] * VICTIM_SCALE + h
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
    /// Captures with SEE below this count as losing (`see_order`).
    pub see_threshold: i32,
    /// The countermove (NULL when off): ranked after the killers.
    pub countermove: Move,
    /// Order captures by victim and capture history instead of MVV/LVA.
    pub use_capture_history: bool,
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

/// Sorts `moves` by `scores` (the same index), highest first, by
/// insertion: equal scores keep their order (the order of a stable sort),
/// and it is cheaper than a library sort for lists of some 40 moves.
#[inline]
fn insertion_sort_descending(scores: &mut [i32], moves: &mut [Move]) {
    for i in 1..moves.len() {
        let (x, mv) = (scores[i], moves[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < x {
            scores[j] = scores[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        scores[j] = x;
        moves[j] = mv;
    }
}

/// Sorts `moves` best first. The sort is stable, so equal scores keep
/// generation order and the search stays deterministic. `scores` is
/// scratch space for the moves' scores (the caller keeps one, so that no
/// array is cleared per call; its contents do not matter).
pub fn order_moves(
    pos: &mut Position,
    moves: &mut MoveList,
    hints: &OrderingHints,
    history: &History,
    continuation: Option<(&ContinuationHistory, &[ContKey; 2])>,
    scores: &mut [i32; crate::board::MAX_MOVES],
) {
    let n = moves.len();
    for (i, &mv) in moves.iter().enumerate() {
        let s = if mv == hints.hash_move {
            HASH_MOVE
        } else if pos.is_capture(mv) {
            let rank = if hints.use_capture_history {
                history.capture_score(pos, mv)
            } else {
                mvv_lva(pos, mv)
            };
            if hints.use_see && !see::see_at_least(pos, mv, hints.see_threshold) {
                LOSING_CAPTURE_BASE + rank
            } else {
                CAPTURE_BASE + rank
            }
        } else if mv == hints.killers[0] {
            KILLER_BASE + 1
        } else if mv == hints.killers[1] {
            KILLER_BASE
        } else if mv == hints.countermove {
            COUNTERMOVE
        } else if hints.use_history {
            let follow_up = continuation.map_or(0, |(c, prev)| c.score(pos, mv, prev));
            (history.score(pos, mv) + follow_up).min(HISTORY_MAX)
        } else {
            0
        };
        scores[i] = s;
    }
    insertion_sort_descending(&mut scores[..n], moves.as_mut_slice());
}
