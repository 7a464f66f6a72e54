//! The transposition table: two-entry buckets (one kept by depth, one
//! always replaced), full 64-bit key verification, mate scores stored
//! relative to the node so they stay right at any ply.
//!
//! Shared by every search thread without locks: a slot is two
//! `AtomicU64`s, the packed data and the key XOR the data. A reader
//! accepts a slot only when the two words XOR back to its key, so an entry
//! half-written by another thread reads as a miss, never as a wrong hit.
//! One thread sees exactly the table a plain array would be.

use super::score::{score_from_tt, score_to_tt};
use crate::board::Move;
use std::sync::atomic::{AtomicU64, Ordering};

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

/// An entry unpacked from (or to be packed into) a slot.
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

impl Entry {
    /// The data word: move (bits 0–15), score (16–31), depth (32–39),
    /// bound (40–47), age (48–55).
    fn data(&self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.depth as u8) << 32
            | u64::from(self.bound) << 40
            | u64::from(self.age) << 48
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8 as i8,
            bound: (data >> 40) as u8,
            age: (data >> 48) as u8,
        }
    }
}

/// One slot: the key XOR the data, and the data (both zero when empty).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry as read (its key recovered from the check word; a torn
    /// slot gives a key no probe asks for).
    #[inline(always)]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        Entry::unpack(check ^ data, data)
    }

    #[inline(always)]
    fn save(&self, e: &Entry) {
        let data = e.data();
        self.data.store(data, Ordering::Relaxed);
        self.check.store(e.key ^ data, Ordering::Relaxed);
    }
}

const BUCKET: usize = 2;
type Bucket = [Slot; BUCKET];

/// A fixed-size hash table of search results, shareable between threads
/// (`&TranspositionTable` is enough to probe and store).
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: u8,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (rounded down to a power of two of
    /// buckets, at least one; `0` gives a single bucket, for searches that
    /// do not use the table).
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        TranspositionTable {
            buckets: (0..n).map(|_| Bucket::default()).collect(),
            age: 0,
        }
    }

    /// Size in MB as built.
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        // one memset: a loop storing empty slots through `get_mut` was
        // not compiled to one, and its clears between bench positions
        // added about 15 % to the bench's instruction count (callgrind)
        let len = self.buckets.len();
        // SAFETY: `AtomicU64` has the same in-memory representation as
        // `u64`, so all-zero bytes are empty slots; `&mut self` means no
        // other thread can look at the table meanwhile.
        unsafe { std::ptr::write_bytes(self.buckets.as_mut_ptr(), 0, len) };
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
        let e = bucket
            .iter()
            .map(Slot::load)
            .find(|e| e.bound != 0 && e.key == key)?;
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
    /// the second takes whatever the first refused. Two threads storing
    /// into one bucket at once may lose one of the results (never mix
    /// them).
    pub fn store(&self, key: u64, depth: i32, score: i32, bound: Bound, mv: Move, ply: usize) {
        let age = self.age;
        let bucket = &self.buckets[self.index(key)];
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
        let first = bucket[0].load();
        if first.bound == 0 || first.key == key || first.age != age || entry.depth >= first.depth {
            if first.key != key && first.bound != 0 {
                bucket[1].save(&first);
            }
            bucket[0].save(&keep_move(&first, entry));
        } else {
            let second = bucket[1].load();
            bucket[1].save(&keep_move(&second, entry));
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
                    .map(Slot::load)
                    .filter(|e| e.bound != 0 && e.age == self.age)
                    .count()
            })
            .sum();
        (used * 1000 / (n * BUCKET)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips_every_field() {
        let e = Entry {
            key: 0x1234_5678_9abc_def0,
            mv: 0xbeef,
            score: -31_000,
            depth: -1,
            bound: 3,
            age: 255,
        };
        let back = Entry::unpack(e.key, e.data());
        assert_eq!(
            (back.mv, back.score, back.depth, back.bound, back.age),
            (e.mv, e.score, e.depth, e.bound, e.age)
        );
    }

    #[test]
    fn a_slot_with_mismatched_words_is_a_miss() {
        let tt = TranspositionTable::new(1);
        let key = 0xdead_beef_0000_0001u64;
        let mv = Move::from_iccs("h2e2").unwrap();
        tt.store(key, 5, 42, Bound::Exact, mv, 0);
        assert_eq!(tt.probe(key, 0).map(|h| h.score), Some(42));
        // another entry's data under this entry's check word: a torn write
        let slot = &tt.buckets[tt.index(key)][0];
        let other = Entry {
            key: key ^ 1,
            mv: 7,
            score: 99,
            depth: 3,
            bound: 1,
            age: tt.age,
        };
        slot.data.store(other.data(), Ordering::Relaxed);
        assert_eq!(tt.probe(key, 0), None);
        assert_eq!(tt.probe(key ^ 1, 0), None);
    }
}
