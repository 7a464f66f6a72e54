//! The evaluation cache: static evaluations remembered by position key, so
//! a position reached again (by transposition, or at once as a quiescence
//! stand-pat after a futility test) is not evaluated twice. Per thread.

/// Entries in the cache (a power of two; 16 bytes each, 1 MB).
const ENTRIES: usize = 1 << 16;
/// Marks an empty entry (no evaluation is this low).
const EMPTY: i32 = i32::MIN;

#[derive(Copy, Clone)]
struct Entry {
    key: u64,
    score: i32,
}

/// A direct-mapped table of `key → static evaluation` (side to move's
/// view), always replacing.
pub struct EvalCache {
    entries: Vec<Entry>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            entries: vec![
                Entry {
                    key: 0,
                    score: EMPTY
                };
                ENTRIES
            ],
        }
    }
}

impl EvalCache {
    /// Forgets everything (the evaluator changed, or a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry {
            key: 0,
            score: EMPTY,
        });
    }

    /// The cached evaluation of the position with `key`, if any.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<i32> {
        let e = self.entries[key as usize & (ENTRIES - 1)];
        (e.key == key && e.score != EMPTY).then_some(e.score)
    }

    /// Remembers the evaluation of the position with `key`.
    #[inline(always)]
    pub fn put(&mut self, key: u64, score: i32) {
        self.entries[key as usize & (ENTRIES - 1)] = Entry { key, score };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_and_replaces_by_key() {
        let mut c = EvalCache::default();
        assert_eq!(c.get(42), None);
        c.put(42, -7);
        assert_eq!(c.get(42), Some(-7));
        // same slot, other key: replaced, and the old key misses
        let other = 42 + ENTRIES as u64;
        c.put(other, 5);
        assert_eq!(c.get(42), None);
        assert_eq!(c.get(other), Some(5));
        c.clear();
        assert_eq!(c.get(other), None);
    }
}
