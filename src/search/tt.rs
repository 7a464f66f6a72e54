//! The transposition table: full 64-bit key verification, mate scores
//! stored relative to the node so they stay right at any ply, and aged
//! four-way buckets, one 64-byte cache line each: a new result replaces
//! its own key's entry (unless that one is from this search and clearly
//! deeper) or else the entry worth least, by depth less 8 plies for every
//! search it has aged, as Stockfish does it. (The two-tier pairs it
//! replaced, `ttbucket4` off, are in docs/search.md's "Tried and
//! removed".)
//!
//! Shared by every search thread without locks: a slot is two
//! `AtomicU64`s, the packed data and the key XOR the data. A reader
//! accepts a slot only when the two words XOR back to its key, so an entry
//! half-written by another thread reads as a miss, never as a wrong hit.
//! One thread sees exactly the table a plain array would be.

use super::large_pages::{LargeBuffer, Zeroable};
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

/// Slots in a cache line: one bucket.
const LINE_SLOTS: usize = 4;

/// Four slots on one 64-byte cache line.
#[derive(Default)]
#[repr(align(64))]
struct Line([Slot; LINE_SLOTS]);

// SAFETY: `AtomicU64` has the in-memory representation of `u64`, so a
// line of zero bytes is four empty slots (four 16-byte slots fill the
// line: no padding).
unsafe impl Zeroable for Line {}

/// Plies of depth an entry loses in the replacement for each search
/// since it was stored.
const AGE_PLIES: i32 = 8;

/// A fixed-size hash table of search results, shareable between threads
/// (`&TranspositionTable` is enough to probe and store).
pub struct TranspositionTable {
    /// On huge pages where the system offers them (see `large_pages`).
    lines: LargeBuffer<Line>,
    age: u8,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (rounded down to a power of two of
    /// 64-byte lines, at least one; `0` gives a single line, for searches
    /// that do not use the table).
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<Line>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        TranspositionTable {
            lines: LargeBuffer::zeroed(n),
            age: 0,
        }
    }

    /// Size in MB as built.
    pub fn size_mb(&self) -> usize {
        self.lines.len() * std::mem::size_of::<Line>() / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        // one memset (zero bytes are empty slots, see `Zeroable for Line`):
        // a loop storing empty slots through `get_mut` was not compiled to
        // one, and its clears between bench positions added about 15 % to
        // the bench's instruction count (callgrind)
        self.lines.zero_all();
        self.age = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The slots `key` may live in: its line.
    #[inline(always)]
    fn bucket(&self, key: u64) -> &[Slot] {
        &self.lines[self.line_index(key)].0
    }

    /// The line `key`'s bucket is on.
    #[inline(always)]
    fn line_index(&self, key: u64) -> usize {
        key as usize & (self.lines.len() - 1)
    }

    /// Asks the CPU to start loading the cache line `key` lives on, so a
    /// probe a little later (the child node's, after the move is made and
    /// the repetition and check tests are done) finds it in cache instead
    /// of waiting for memory. Only a hint: it changes no result.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let line = &self.lines[self.line_index(key)];
            // SAFETY: a prefetch reads nothing the program sees and cannot
            // fault; the pointer is to a live line of the table.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    (line as *const Line).cast::<i8>(),
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The stored result for `key`, with mate scores made relative to `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let e = self
            .bucket(key)
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

    /// Stores a result (see the module docs for which entry it replaces).
    /// Two threads storing into one bucket at once may lose one of the
    /// results (never mix them).
    pub fn store(&self, key: u64, depth: i32, score: i32, bound: Bound, mv: Move, ply: usize) {
        let age = self.age;
        let bucket = self.bucket(key);
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
        self.store_aged(bucket, entry);
    }

    /// The store: into the slot holding `entry`'s key, else
    /// into the one worth least (empty first, then by depth less
    /// [`AGE_PLIES`] per search of age).
    fn store_aged(&self, bucket: &[Slot], mut entry: Entry) {
        let slots = bucket.iter().map(Slot::load);
        if let Some((i, old)) = slots
            .clone()
            .enumerate()
            .find(|(_, e)| e.bound != 0 && e.key == entry.key)
        {
            if entry.mv == 0 {
                entry.mv = old.mv;
            }
            // a shallower bound from this search does not displace a
            // clearly deeper one: only the move is refreshed
            let keep_old = entry.bound != 1
                && old.age == entry.age
                && i32::from(entry.depth) + 4 <= i32::from(old.depth);
            if keep_old {
                entry = Entry {
                    mv: entry.mv,
                    ..old
                };
            }
            bucket[i].save(&entry);
            return;
        }
        let worth = |e: &Entry| {
            if e.bound == 0 {
                i32::MIN
            } else {
                i32::from(e.depth) - AGE_PLIES * i32::from(entry.age.wrapping_sub(e.age))
            }
        };
        let victim = slots
            .enumerate()
            .min_by_key(|(_, e)| worth(e))
            .map_or(0, |(i, _)| i);
        bucket[victim].save(&entry);
    }

    /// Permille of the first 2000 slots used in this search (UCI
    /// `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let lines = self.lines.len().min(2000 / LINE_SLOTS);
        let used = self.lines[..lines]
            .iter()
            .flat_map(|l| l.0.iter().map(Slot::load))
            .filter(|e| e.bound != 0 && e.age == self.age)
            .count();
        (used * 1000 / (lines * LINE_SLOTS)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_lie_where_the_key_puts_them() {
        // `bucket` and `prefetch` find the line through one `line_index`;
        // this pins that index to the layout, written out here
        // independently: line `key mod lines`, four slots
        let tt = TranspositionTable::new(1);
        let lines = tt.lines.len();
        let base = tt.lines.as_ptr() as usize;
        let mut key = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            key = key.rotate_left(7).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ 0x94d0;
            let bucket = tt.bucket(key);
            let first_slot = (bucket.as_ptr() as usize - base) / std::mem::size_of::<Slot>();
            assert_eq!(first_slot, (key as usize & (lines - 1)) * 4, "key {key:#x}");
            assert_eq!(bucket.len(), 4);
            // only a hint, for any key
            tt.prefetch(key);
        }
    }

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
        let slot = &tt.bucket(key)[0];
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

    /// Keys that share one line.
    fn crowd(tt: &TranspositionTable, n: u64) -> Vec<u64> {
        let stride = 2 * tt.lines.len() as u64;
        (1..=n)
            .map(|i| 0x5a5a_0000_0000_0003 + i * stride)
            .collect()
    }

    #[test]
    fn a_bucket_keeps_four_crowded_keys() {
        let mv = Move::from_iccs("h2e2").unwrap();
        let tt = TranspositionTable::new(1);
        let keys = crowd(&tt, 5);
        for (d, &k) in keys.iter().enumerate() {
            tt.store(k, 10 - d as i32, 7, Bound::Exact, mv, 0);
        }
        let found = keys.iter().filter(|&&k| tt.probe(k, 0).is_some()).count();
        assert_eq!(found, 4);
    }

    #[test]
    fn depth_decides_within_a_search_and_age_across_searches() {
        let mv = Move::from_iccs("h2e2").unwrap();
        let mut tt = TranspositionTable::new(1);
        let keys = crowd(&tt, 8);
        let (old, new) = keys.split_at(4);
        let present = |tt: &TranspositionTable, ks: &[u64]| {
            ks.iter().filter(|&&k| tt.probe(k, 0).is_some()).count()
        };
        for &k in old {
            tt.store(k, 20, 1, Bound::Lower, mv, 0);
        }
        // one search later: a full bucket drops one deep entry (20 - 8)
        // for the first shallow one, then the shallow one for the next
        tt.new_search();
        tt.store(new[0], 1, 2, Bound::Exact, mv, 0);
        assert_eq!(present(&tt, old), 3);
        tt.store(new[1], 1, 2, Bound::Exact, mv, 0);
        assert_eq!(present(&tt, old), 3);
        assert!(tt.probe(new[0], 0).is_none() && tt.probe(new[1], 0).is_some());
        // two searches on: the shallow entry (1 - 16) goes first, then the
        // deep ones, three searches old (20 - 24), before a fresh 5
        tt.new_search();
        tt.new_search();
        tt.store(new[2], 5, 3, Bound::Upper, mv, 0);
        assert!(tt.probe(new[1], 0).is_none());
        tt.store(new[3], 5, 3, Bound::Upper, mv, 0);
        assert_eq!(present(&tt, old), 2);
        assert_eq!(present(&tt, &new[2..]), 2);
    }

    #[test]
    fn a_shallow_bound_keeps_a_deeper_entry_of_its_own_key_but_takes_its_move() {
        let (a, b) = (
            Move::from_iccs("h2e2").unwrap(),
            Move::from_iccs("b2e2").unwrap(),
        );
        let tt = TranspositionTable::new(1);
        let key = crowd(&tt, 1)[0];
        tt.store(key, 10, 50, Bound::Lower, a, 0);
        tt.store(key, 3, -5, Bound::Upper, b, 0);
        let hit = tt.probe(key, 0).unwrap();
        assert_eq!(
            (hit.depth, hit.score, hit.bound, hit.mv),
            (10, 50, Bound::Lower, Some(b))
        );
        // an exact result, or one nearly as deep, replaces it
        tt.store(key, 7, 9, Bound::Upper, Move::NULL, 0);
        let hit = tt.probe(key, 0).unwrap();
        assert_eq!((hit.depth, hit.score, hit.mv), (7, 9, Some(b)));
        tt.store(key, 1, 4, Bound::Exact, a, 0);
        assert_eq!(tt.probe(key, 0).map(|h| (h.depth, h.score)), Some((1, 4)));
    }
}
