//! Move ordering: hash move, captures by MVV/LVA, killer moves, then quiet
//! moves by the history heuristic. The moves are scored here; the move loop brings
//! them into that order lazily (`picker.rs`).

use super::conthist::{ContKey, ContinuationHistory};
use super::history::{History, HISTORY_MAX};
use super::picker::{bound, exact, score_of, sort_rest};
use super::see;
use crate::board::{Move, MoveList, PieceKind, Position};

/// Victim values for MVV/LVA (indexed by `PieceKind::index`).
const VICTIM: [i32; 7] = [1000, 2, 2, 4, 9, 4, 1];
/// Attacker values for MVV/LVA.
const ATTACKER: [i32; 7] = [1, 2, 2, 4, 9, 4, 1];

/// Above every other score (captures reach 2^28 + 2^26 at most), and
/// low enough to double into a picking key.
const HASH_MOVE: i32 = 1 << 29;
const CAPTURE_BASE: i32 = 1 << 28;
const KILLER_BASE: i32 = 1 << 27;

/// Captures that lose material by SEE go after every quiet move.
const LOSING_CAPTURE_BASE: i32 = -(1 << 28);

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

/// The highest key of a quiet move ranked by history: the ceiling of
/// every move outside the set [`score_moves`] returns.
pub const QUIET_CEILING: i32 = exact(HISTORY_MAX);

/// The picking key of every move of `moves` (at most 128) into `keys`
/// (the same index; see `picker.rs`), and the set of places of the moves
/// ranked above the quiet ones ([`high_key`]); quiet moves rank by
/// history, up to [`QUIET_CEILING`].
pub fn score_moves(
    pos: &Position,
    moves: &[Move],
    hints: &OrderingHints,
    history: &History,
    continuation: Option<(&ContinuationHistory, &[ContKey; 2])>,
    keys: &mut [i32],
) -> u128 {
    let mut high = 0;
    for (i, (key, &mv)) in keys.iter_mut().zip(moves).enumerate() {
        *key = match high_key(pos, mv, hints) {
            Some(k) => {
                high |= 1 << i;
                k
            }
            None if hints.use_history => {
                let follow_up = continuation.map_or(0, |(c, prev)| c.score(pos, mv, prev));
                exact((history.score(pos, mv) + follow_up).min(HISTORY_MAX))
            }
            None => exact(0),
        };
    }
    high
}

/// The key of `mv` if it ranks above the quiet moves: the hash move,
/// captures and killers, in that order. A capture that
/// may lose material by SEE is given as a bound, its score as if it did
/// not: SEE is asked only when the picker gets to it ([`resolve_capture`]).
#[inline(always)]
fn high_key(pos: &Position, mv: Move, hints: &OrderingHints) -> Option<i32> {
    Some(if mv == hints.hash_move {
        exact(HASH_MOVE)
    } else if pos.is_capture(mv) {
        let rank = mvv_lva(pos, mv);
        if hints.use_see {
            bound(CAPTURE_BASE + rank)
        } else {
            exact(CAPTURE_BASE + rank)
        }
    } else if mv == hints.killers[0] {
        exact(KILLER_BASE + 1)
    } else if mv == hints.killers[1] {
        exact(KILLER_BASE)
    } else {
        return None;
    })
}

/// The exact key of the capture `mv` whose `key` ([`score_moves`]) took
/// it for one that does not lose material: so it stays if SEE is at
/// least `threshold` (`see_order`), else it goes after every quiet move.
pub fn resolve_capture(pos: &mut Position, mv: Move, key: i32, threshold: i32) -> i32 {
    let score = score_of(key);
    if see::see_at_least(pos, mv, threshold) {
        exact(score)
    } else {
        exact(score - CAPTURE_BASE + LOSING_CAPTURE_BASE)
    }
}

/// Sorts `moves` best first, all at once (where the whole order is
/// wanted; the move loop picks lazily instead). The sort is stable, so
/// equal scores keep generation order and the search stays deterministic.
/// `keys` is scratch space for the moves' keys (the caller keeps one, so
/// that no array is cleared per call; its contents do not matter).
pub fn order_moves(
    pos: &mut Position,
    moves: &mut MoveList,
    hints: &OrderingHints,
    history: &History,
    continuation: Option<(&ContinuationHistory, &[ContKey; 2])>,
    keys: &mut [i32; crate::board::MAX_MOVES],
) {
    let keys = &mut keys[..moves.len()];
    score_moves(pos, moves.as_slice(), hints, history, continuation, keys);
    let threshold = hints.see_threshold;
    sort_rest(keys, moves.as_mut_slice(), 0, |mv, key| {
        resolve_capture(pos, mv, key, threshold)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bench::bench_positions;
    use crate::search::history::bounded_bonus;
    use crate::search::picker::Picker;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    /// A random legal move of `legal`, or NULL now and then.
    fn any(rng: &mut StdRng, legal: &[Move]) -> Move {
        match rng.gen_range(0..4) {
            0 => Move::NULL,
            _ => *legal.choose(rng).unwrap_or(&Move::NULL),
        }
    }

    /// On the bench positions and random games from them, with random
    /// hints and histories: the move loop's lazy picking from
    /// [`score_moves`] gives the order of the full sort of
    /// [`order_moves`], move for move.
    #[test]
    fn lazy_order_is_the_full_order() {
        let mut rng = StdRng::seed_from_u64(7);
        for (p, mut pos) in bench_positions().into_iter().enumerate() {
            for round in 0..40 {
                let list = pos.legal_moves();
                let legal = list.as_slice();
                if legal.is_empty() {
                    break;
                }
                let mut history = History::default();
                for _ in 0..rng.gen_range(0..60) {
                    let mv = any(&mut rng, legal);
                    if mv.is_null() {
                        continue;
                    }
                    if pos.is_capture(mv) {
                        continue;
                    }
                    if rng.gen_bool(0.5) {
                        history.reward_unbounded(&pos, mv, rng.gen_range(1..4));
                    } else {
                        history.update(&pos, mv, -bounded_bonus(3));
                    }
                }
                let hints = OrderingHints {
                    hash_move: any(&mut rng, legal),
                    killers: [any(&mut rng, legal), any(&mut rng, legal)],
                    use_history: rng.gen_bool(0.8),
                    use_see: rng.gen_bool(0.8),
                    see_threshold: rng.gen_range(-2..3),
                };
                let mut full = list.clone();
                let mut keys = [0; crate::board::MAX_MOVES];
                order_moves(&mut pos, &mut full, &hints, &history, None, &mut keys);

                let mut lazy = list.clone();
                let n = lazy.len();
                let high = score_moves(
                    &pos,
                    lazy.as_slice(),
                    &hints,
                    &history,
                    None,
                    &mut keys[..n],
                );
                let mut picker = Picker::new(n, high, QUIET_CEILING);
                for i in 0..n {
                    let resolve = |mv, key| resolve_capture(&mut pos, mv, key, hints.see_threshold);
                    picker.prepare(i, &mut keys, lazy.as_mut_slice(), resolve);
                    assert_eq!(lazy[i], full[i], "position {p}, round {round}, place {i}");
                }
                pos.make_move(*legal.choose(&mut rng).unwrap());
            }
        }
    }
}
