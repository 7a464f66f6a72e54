//! Which positions the search threads are searching right now, for lazy
//! SMP's move deferral (the "simplified ABDADA" idea): a thread about to
//! search a move whose position another thread is already searching
//! searches its other moves first, and comes back to that one at the end,
//! when the other thread's result is likely in the transposition table.
//! Two threads then split a node's moves instead of both searching the
//! same move at the same time.
//!
//! The table is small and lossy: a slot holds the position key with the
//! searching thread's index in its low byte, later marks overwrite earlier
//! ones, and a thread clears only its own mark. A lost or stale mark only
//! changes the order in which a thread searches its moves, never a score.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots in the table (a power of two).
const SLOTS: usize = 1 << 14;
/// The low byte of a slot holds the thread index (threads are at most 256).
const THREAD_BITS: u64 = 0xFF;

/// The positions being searched, shared by the threads of one search.
pub(crate) struct BusyTable {
    slots: Vec<AtomicU64>,
}

impl Default for BusyTable {
    fn default() -> BusyTable {
        BusyTable {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl BusyTable {
    #[inline(always)]
    fn slot(&self, key: u64) -> &AtomicU64 {
        // the high bits: the low ones are replaced by the thread index
        &self.slots[(key >> 50) as usize & (SLOTS - 1)]
    }

    #[inline(always)]
    fn mark_of(key: u64, thread: usize) -> u64 {
        (key & !THREAD_BITS) | (thread as u64 & THREAD_BITS)
    }

    /// Thread `thread` starts searching the position with `key`.
    #[inline]
    pub fn enter(&self, key: u64, thread: usize) {
        self.slot(key)
            .store(Self::mark_of(key, thread), Ordering::Relaxed);
    }

    /// Thread `thread` has finished the position with `key` (its mark is
    /// removed unless another thread's has replaced it).
    #[inline]
    pub fn leave(&self, key: u64, thread: usize) {
        let mine = Self::mark_of(key, thread);
        let _ = self
            .slot(key)
            .compare_exchange(mine, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether a thread other than `thread` is searching the position
    /// with `key`, as far as the table knows.
    #[inline]
    pub fn searched_by_another(&self, key: u64, thread: usize) -> bool {
        let mark = self.slot(key).load(Ordering::Relaxed);
        mark != 0
            && mark & !THREAD_BITS == key & !THREAD_BITS
            && (mark & THREAD_BITS) as usize != thread & THREAD_BITS as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_is_seen_by_other_threads_only_until_its_thread_leaves() {
        let t = BusyTable::default();
        let key = 0x1234_5678_9abc_def0;
        assert!(!t.searched_by_another(key, 0));
        t.enter(key, 1);
        assert!(t.searched_by_another(key, 0));
        assert!(t.searched_by_another(key, 2));
        assert!(!t.searched_by_another(key, 1), "a thread's own mark");
        // another thread's leave does not remove the mark
        t.leave(key, 0);
        assert!(t.searched_by_another(key, 0));
        t.leave(key, 1);
        assert!(!t.searched_by_another(key, 0));
    }

    #[test]
    fn a_different_position_in_the_same_slot_is_not_busy() {
        let t = BusyTable::default();
        let key = 0xfedc_0000_0000_1100;
        let other = key ^ 0x0000_0000_0100_0000; // same high bits: same slot
        t.enter(key, 1);
        assert!(!t.searched_by_another(other, 0));
        // a later mark replaces the earlier one
        t.enter(other, 1);
        assert!(t.searched_by_another(other, 0));
        assert!(!t.searched_by_another(key, 0));
        // leaving the replaced position leaves the newer mark alone
        t.leave(key, 1);
        assert!(t.searched_by_another(other, 0));
    }
}
