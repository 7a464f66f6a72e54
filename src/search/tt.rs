//! The transposition table: two-entry buckets (one kept by depth, one
//! always replaced), full 64-bit key verification, mate scores stored
//! relative to the node so they stay right at any ply.

use super::score::{score_from_tt, score_to_tt};
use crate::board::Move;

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is exactly the score.
    Exact,
    /// The true value is at least the score (a cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One probe result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// Best (or refuting) move found, if any.
    pub mv: Option<Move>,
    /// Score adjusted to the probing node's ply.
    pub score: i32,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower, 3 upper
    bound: u8,
    age: u8,
}

const BUCKET: usize = 2;

/// A fixed-size hash table of search results.
pub struct TranspositionTable {
    buckets: Vec<[Entry; BUCKET]>,
    age: u8,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (rounded down to a power of two of
    /// buckets, at least one; `0` gives a single bucket, for searches that
    /// do not use the table).
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<[Entry; BUCKET]>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        TranspositionTable {
            buckets: vec![[Entry::default(); BUCKET]; n],
            age: 0,
        }
    }

    /// Size in MB as built.
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<[Entry; BUCKET]>() / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); BUCKET]);
        self.age = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline(always)]
    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.buckets.len() - 1)
    }

    /// The stored result for `key`, with mate scores made relative to `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let bucket = &self.buckets[self.index(key)];
        let e = bucket.iter().find(|e| e.bound != 0 && e.key == key)?;
        Some(TtHit {
            mv: Move::from_raw(e.mv),
            score: score_from_tt(e.score as i32, ply),
            depth: e.depth as i32,
            bound: match e.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores a result. The first slot keeps the deeper (or newer) entry,
    /// the second takes whatever the first refused.
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: Move, ply: usize) {
        let age = self.age;
        let idx = self.index(key);
        let bucket = &mut self.buckets[idx];
        let entry = Entry {
            key,
            mv: mv.raw(),
            score: score_to_tt(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            age,
        };
        // keep the old move when the new result has none
        let keep_move = |old: &Entry, mut new: Entry| {
            if mv.is_null() && old.key == key {
                new.mv = old.mv;
            }
            new
        };
        let first = &bucket[0];
        if first.bound == 0 || first.key == key || first.age != age || entry.depth >= first.depth {
            if first.key != key && first.bound != 0 {
                bucket[1] = bucket[0];
            }
            bucket[0] = keep_move(&bucket[0], entry);
        } else {
            bucket[1] = keep_move(&bucket[1], entry);
        }
    }

    /// Permille of the first 1000 buckets' slots used in this search (UCI
    /// `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(1000);
        let used: usize = self.buckets[..n]
            .iter()
            .map(|b| {
                b.iter()
                    .filter(|e| e.bound != 0 && e.age == self.age)
                    .count()
            })
            .sum();
        (used * 1000 / (n * BUCKET)) as u32
    }
}
