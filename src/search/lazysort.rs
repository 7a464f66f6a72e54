//! The move picker's lazy stable sort (`movepick.rs`). The picker scores
//! every move once, but brings a move into its place only when the move
//! loop reaches it: at a cut node the first one to three moves mostly end
//! the loop, and sorting the other forty would be wasted. The order the loop sees is exactly that of a stable
//! sort, best first (equal scores keep generation order), so laziness
//! changes the cost of ordering and nothing else.
//!
//! The few moves that lead the order (hash move, captures, killers: the
//! "high" ones) are picked one at a time from a bit set
//! of their places, without a look at the quiet rest; once none of them
//! is left above the quiet moves, the rest is sorted at once (a node that
//! gets that far mostly searches it all).
//!
//! Keys are ordering scores doubled, plus one where the score is only an
//! upper bound: a capture scored as winning before its SEE was asked.
//! A bound is resolved (made exact, possibly lower) once it is the
//! best key left, so SEE runs only for captures the loop gets to.

use crate::board::Move;

/// The key of an exact ordering `score`.
#[inline(always)]
pub const fn exact(score: i32) -> i32 {
    score * 2
}

/// The key of an ordering `score` that is only an upper bound.
#[inline(always)]
pub const fn bound(score: i32) -> i32 {
    score * 2 + 1
}

/// The ordering score (or bound) of `key`.
#[inline(always)]
pub const fn score_of(key: i32) -> i32 {
    key >> 1
}

/// Whether `key` is only an upper bound.
#[inline(always)]
const fn is_bound(key: i32) -> bool {
    key & 1 != 0
}

/// The places below `k` (0 to 128) as a bit set.
#[inline(always)]
const fn below(k: usize) -> u128 {
    match k {
        0 => 0,
        _ => u128::MAX >> (128 - k),
    }
}

/// Where the lazy sort stands in one node's move list.
#[derive(Copy, Clone, Debug)]
pub struct LazySort {
    /// The moves before this index are in their final places.
    next: usize,
    /// The moves from this index on were not scored (appended later):
    /// they stay where they are, after all scored moves.
    end: usize,
    /// The places (from `next` on) of the high moves, the only ones whose
    /// keys may be above `ceiling`; every other key is exact and at most
    /// `ceiling`.
    high: u128,
    ceiling: i32,
}

impl LazySort {
    /// A sort with nothing left to order.
    pub const DONE: LazySort = LazySort {
        next: 0,
        end: 0,
        high: 0,
        ceiling: 0,
    };

    /// A sort of `len` (at most 128) freshly scored moves whose keys
    /// are exact and at most `ceiling` except at the places in `high`.
    pub const fn new(len: usize, high: u128, ceiling: i32) -> LazySort {
        LazySort {
            next: 0,
            end: len,
            high,
            ceiling,
        }
    }

    /// Brings the move due at `i` into its place (nothing if it is
    /// there already, or unscored). The loop asks for each index in turn.
    #[inline(always)]
    pub fn prepare(
        &mut self,
        i: usize,
        keys: &mut [i32],
        moves: &mut [Move],
        mut resolve: impl FnMut(Move, i32) -> i32,
    ) {
        if i < self.next || i >= self.end {
            return;
        }
        debug_assert_eq!(i, self.next, "moves picked out of turn");
        match self.best_high(keys, moves, &mut resolve) {
            Some(best) => {
                rotate_to(keys, moves, i, best);
                // the places from i to best move one on; best's is taken
                // (none of the set is below i, so none comes to i)
                self.high = (self.high & !below(best + 1)) | ((self.high & below(best)) << 1);
                self.next = i + 1;
            }
            None => self.finish(keys, moves, resolve),
        }
    }

    /// The place of the first of the best keys left, if it is a high
    /// move above `ceiling` (so above every other move). Bounds are
    /// resolved as they come to lead the high moves: an exact key that
    /// leads every key left, bounds included, leads every exact key they
    /// stand for too (a bound only falls when resolved), and a move before
    /// it with the same exact key would have led already.
    #[inline(always)]
    fn best_high(
        &mut self,
        keys: &mut [i32],
        moves: &[Move],
        resolve: &mut impl FnMut(Move, i32) -> i32,
    ) -> Option<usize> {
        loop {
            let mut bits = self.high;
            let (mut best, mut top) = (usize::MAX, i32::MIN);
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if keys[j] > top {
                    (best, top) = (j, keys[j]);
                }
            }
            if top <= self.ceiling {
                return None;
            }
            if !is_bound(top) {
                return Some(best);
            }
            keys[best] = resolve(moves[best], top);
        }
    }

    /// Sorts every move not yet in its place: for readers of the whole
    /// rest of the list.
    pub fn finish(
        &mut self,
        keys: &mut [i32],
        moves: &mut [Move],
        resolve: impl FnMut(Move, i32) -> i32,
    ) {
        if self.next < self.end {
            let (keys, moves) = (&mut keys[..self.end], &mut moves[..self.end]);
            sort_rest(keys, moves, self.next, resolve);
        }
        self.next = self.end;
        self.high = 0;
    }
}

/// Brings the move at `best` to `i`, the moves it passes shifted one
/// place on: they keep their relative order, as in a stable sort.
#[inline(always)]
fn rotate_to(keys: &mut [i32], moves: &mut [Move], i: usize, best: usize) {
    let (key, mv) = (keys[best], moves[best]);
    keys.copy_within(i..best, i + 1);
    moves.copy_within(i..best, i + 1);
    keys[i] = key;
    moves[i] = mv;
}

/// Sorts `moves[from..]` by `keys` (the same index), highest first, with
/// every bound resolved first. By insertion: equal keys keep their order
/// (the order of a stable sort), and it is cheaper than a library sort
/// for lists of some 40 moves.
pub fn sort_rest(
    keys: &mut [i32],
    moves: &mut [Move],
    from: usize,
    mut resolve: impl FnMut(Move, i32) -> i32,
) {
    debug_assert_eq!(keys.len(), moves.len());
    for j in from..keys.len() {
        if is_bound(keys[j]) {
            keys[j] = resolve(moves[j], keys[j]);
        }
    }
    for i in from + 1..keys.len().min(moves.len()) {
        // the sorted part and the move to insert: slices whose bounds the
        // compiler sees, so the inner loop needs no bounds checks
        let (keys, moves) = (&mut keys[from..=i], &mut moves[from..=i]);
        let mut j = keys.len() - 1;
        let (x, mv) = (keys[j], moves[j]);
        while j > 0 && keys[j - 1] < x {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        keys[j] = x;
        moves[j] = mv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Square, MAX_MOVES};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// `n` distinct moves (told apart by their squares).
    fn moves(n: usize) -> Vec<Move> {
        (0..n)
            .map(|i| {
                let sq = |k: usize| Square::from_index(k).unwrap();
                Move::new(sq(i), sq(i + 1))
            })
            .collect()
    }

    /// A random list as the move loop gets it: exact scores from a small
    /// range (many ties), the keys to start from, the high set and the
    /// ceiling. Above the ceiling only high moves, some of them given as
    /// bounds whose exact score is lower or the same (even below the
    /// ceiling); some high moves are below it from the start.
    fn random_case(rng: &mut StdRng) -> (Vec<i32>, Vec<i32>, u128, i32) {
        let n = rng.gen_range(0..80);
        let ceiling = exact(rng.gen_range(-2..3));
        let (mut scores, mut keys, mut high) = (Vec::new(), Vec::new(), 0u128);
        for i in 0..n {
            let s = rng.gen_range(-4..6);
            let key = match rng.gen_range(0..3) {
                0 => bound(s + rng.gen_range(0..4)),
                _ => exact(s),
            };
            if key > ceiling || rng.gen_range(0..4) == 0 {
                high |= 1 << i;
            }
            scores.push(s);
            keys.push(key);
        }
        (scores, keys, high, ceiling)
    }

    /// The order of a stable sort by the exact scores, best first.
    fn stable_order(list: &[Move], exact_scores: &[i32]) -> Vec<Move> {
        let mut pairs: Vec<(i32, Move)> = exact_scores.iter().copied().zip(list.to_vec()).collect();
        pairs.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        pairs.into_iter().map(|(_, m)| m).collect()
    }

    /// Whatever mixture of picks, a mid-way finish and appended moves:
    /// the moves come in the order of the stable sort, appended ones
    /// last in the order appended, and only bounds are resolved.
    #[test]
    fn lazy_picks_give_the_stable_sort_order() {
        let mut rng = StdRng::seed_from_u64(0x5eed);
        for case in 0..5000 {
            let (exact_scores, start_keys, high, ceiling) = random_case(&mut rng);
            let n = exact_scores.len();
            let all = moves(n + 8);
            let list = &all[..n];
            let score = |m: Move| exact_scores[list.iter().position(|&x| x == m).unwrap()];
            let mut expected = stable_order(list, &exact_scores);

            let mut keys = [0; MAX_MOVES];
            keys[..n].copy_from_slice(&start_keys);
            let mut got: Vec<Move> = list.to_vec();
            let mut sort = LazySort::new(n, high, ceiling);
            let finish_at = rng.gen_range(0..n + 2);
            let (append_at, appended) = (rng.gen_range(0..n + 1), rng.gen_range(0..4));
            let mut i = 0;
            while i < got.len() {
                let mut resolve = |m: Move, key: i32| {
                    assert!(is_bound(key), "exact key resolved");
                    exact(score(m))
                };
                if i == finish_at {
                    sort.finish(&mut keys, &mut got, &mut resolve);
                    assert_eq!(got[..n], expected[..n], "case {case}: finish");
                }
                sort.prepare(i, &mut keys, &mut got, &mut resolve);
                // moves appended mid-way stay behind every scored move
                if i == append_at {
                    for &m in &all[n..n + appended] {
                        got.push(m);
                        expected.push(m);
                    }
                }
                assert_eq!(got[i], expected[i], "case {case}: place {i}");
                i += 1;
            }
            assert_eq!(got, expected, "case {case}");
        }
    }

    /// A bound is only resolved once it leads the high moves.
    #[test]
    fn bounds_resolve_only_as_candidates() {
        let list = moves(4);
        let mut keys = [exact(0), exact(5), bound(4), bound(6)];
        let mut asked = Vec::new();
        let mut got = list.clone();
        let mut sort = LazySort::new(4, 0b1110, exact(0));
        sort.prepare(0, &mut keys, &mut got, |m, k| {
            asked.push(m);
            exact(score_of(k) - 10)
        });
        assert_eq!(asked, vec![list[3]]);
        assert_eq!(got, vec![list[1], list[0], list[2], list[3]]);
    }
}
