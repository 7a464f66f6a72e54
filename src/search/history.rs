//! The history tables: what one search thread learns about quiet moves
//! from the cut-offs it sees. Every table is a [`HistoryTable`] (scores
//! by an index its owner computes) moved by one rule, [`gravity`]: a
//! bonus for the move that cut off, a malus for the quiet moves tried
//! before it, each pulled toward ±[`HISTORY_GRAVITY_MAX`] (Stockfish's
//! "gravity"), so a score says how often a move cut off against how often
//! it failed and stays comparable over a game. Two tables use it: the
//! main history here (moving piece × target square) and the continuation
//! histories (`conthist.rs`). The killers sit beside the main history.

use super::large_pages::{LargeBuffer, Zeroable};
use super::limits::MAX_PLY;
use crate::board::{Move, Position};

/// Gravity keeps every entry within ±this.
pub const HISTORY_GRAVITY_MAX: i32 = 1 << 14;

/// Quiet moves are ordered by scores capped here (below the killers).
pub const HISTORY_MAX: i32 = 1 << 26;

/// The bonus (or malus) for a cut-off at `depth`: linear in depth, from
/// 0.3 % to 15 % of the range (Stockfish's shape).
pub fn bounded_bonus(depth: i32) -> i32 {
    (300 * depth - 250).clamp(50, 2400)
}

/// The one update of every table: `v` moved by `bonus` (clamped to the
/// range) and pulled toward ±[`HISTORY_GRAVITY_MAX`]: the closer `v` is
/// to the bound `bonus` points at, the less it moves, so it never leaves
/// the range.
#[inline(always)]
pub fn gravity(v: i32, bonus: i32) -> i32 {
    let b = bonus.clamp(-HISTORY_GRAVITY_MAX, HISTORY_GRAVITY_MAX);
    v + b - v * b.abs() / HISTORY_GRAVITY_MAX
}

/// What a table stores per entry: `i32`, or `i16` where the table is
/// large (gravity keeps a value within ±2^14).
pub trait Entry: Copy + Default + Zeroable {
    /// The stored value.
    fn get(self) -> i32;
    /// `v` as stored (it fits: see the table's rule).
    fn from_i32(v: i32) -> Self;
}

impl Entry for i32 {
    #[inline(always)]
    fn get(self) -> i32 {
        self
    }
    #[inline(always)]
    fn from_i32(v: i32) -> Self {
        v
    }
}

impl Entry for i16 {
    #[inline(always)]
    fn get(self) -> i32 {
        i32::from(self)
    }
    #[inline(always)]
    fn from_i32(v: i32) -> Self {
        v as i16
    }
}

/// Entries per block of the written-blocks set: aging and clearing visit
/// only blocks written since they were last all zero.
const BLOCK: usize = 64;

/// One history table: `len` scores by an index its owner computes
/// (allocated on first update when made [`HistoryTable::lazy`]).
///
/// Every search ages the table, and the continuation histories hold 1.6 M
/// entries (3.2 MB; 4 M and 8 MB when this was measured) of which a short
/// search writes a few thousand: walking all of them made aging 14 % of a
/// 5 000-node self-play search's time (perf, issue 56's data generation).
/// So the table keeps a bit per [`BLOCK`] entries, set when one of them is
/// written; an entry outside a set block is zero, and aging or clearing
/// skips it (zero stays zero).
pub struct HistoryTable<E: Entry> {
    /// On huge pages where the system offers them: the continuation
    /// histories are a 3.2 MB table probed at random (see `large_pages`).
    entries: LargeBuffer<E>,
    len: usize,
    /// One bit per block that may hold a non-zero entry.
    written: Vec<u64>,
}

impl<E: Entry> HistoryTable<E> {
    /// A table of `len` zeros.
    pub fn new(len: usize) -> Self {
        HistoryTable {
            entries: LargeBuffer::zeroed(len),
            len,
            written: vec![0; Self::words(len)],
        }
    }

    /// A table of `len` zeros, allocated on its first update (a search
    /// that never updates it pays nothing).
    pub const fn lazy(len: usize) -> Self {
        HistoryTable {
            entries: LargeBuffer::empty(),
            len,
            written: Vec::new(),
        }
    }

    /// Words of the written-blocks set for `len` entries.
    const fn words(len: usize) -> usize {
        len.div_ceil(BLOCK).div_ceil(64)
    }

    /// Notes that the block of entry `i` may hold a non-zero entry.
    #[inline(always)]
    fn mark(&mut self, i: usize) {
        let block = i / BLOCK;
        self.written[block / 64] |= 1 << (block % 64);
    }

    /// Calls `f` on the entries of every written block, and forgets the
    /// blocks left all zero.
    fn for_written_blocks(&mut self, mut f: impl FnMut(&mut [E])) {
        for (w, word) in self.written.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let block = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let start = block * BLOCK;
                let entries = &mut self.entries[start..(start + BLOCK).min(self.len)];
                f(entries);
                if entries.iter().all(|v| v.get() == 0) {
                    *word &= !(1 << (block % 64));
                }
            }
        }
    }

    /// Whether the table holds anything but zeros so far (a lazy table is
    /// allocated).
    #[inline(always)]
    pub fn is_allocated(&self) -> bool {
        !self.entries.is_empty()
    }

    /// The score at `i` (the table must be allocated).
    #[inline(always)]
    pub fn get(&self, i: usize) -> i32 {
        self.entries[i].get()
    }

    /// The one update ([`gravity`]) at `i` by `bonus`; returns the new
    /// score.
    #[inline(always)]
    pub fn update(&mut self, i: usize, bonus: i32) -> i32 {
        self.allocate();
        self.mark(i);
        let v = &mut self.entries[i];
        let new = gravity(v.get(), bonus);
        *v = E::from_i32(new);
        new
    }

    /// Between searches: old scores fade to a quarter.
    pub fn age(&mut self) {
        self.for_written_blocks(|block| {
            block.iter_mut().for_each(|v| *v = E::from_i32(v.get() / 4))
        });
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.for_written_blocks(|block| block.fill(E::default()));
    }

    #[inline(always)]
    fn allocate(&mut self) {
        if self.entries.is_empty() {
            self.entries = LargeBuffer::zeroed(self.len);
            self.written = vec![0; Self::words(self.len)];
        }
    }
}

/// Piece codes × squares: the main history's index.
const MAIN_LEN: usize = 16 * 90;

/// The main history (moving piece × target square) and the killers:
/// what one search thread learns about quiet moves from their own
/// cut-offs.
pub(crate) struct History {
    table: HistoryTable<i32>,
    killers: [[Move; 2]; MAX_PLY + 2],
}

impl Default for History {
    fn default() -> Self {
        History {
            table: HistoryTable::new(MAIN_LEN),
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
        }
    }
}

impl History {
    /// The index of the quiet `mv` (not yet made) in `pos`.
    #[inline(always)]
    fn index(pos: &Position, mv: Move) -> usize {
        pos.piece_code_at(mv.from().index()) * 90 + mv.to().index()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
    }

    /// Called between searches: old history fades, killers are dropped.
    pub fn age(&mut self) {
        self.table.age();
        self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
    }

    /// Moves the quiet `mv`'s score by `bonus` ([`bounded_bonus`];
    /// negative for a move that failed before the cut-off move) by the
    /// one rule, [`gravity`].
    pub fn update(&mut self, pos: &Position, mv: Move, bonus: i32) {
        self.table.update(Self::index(pos, mv), bonus);
    }

    /// The quiet `mv`'s score (not yet made).
    #[inline(always)]
    pub fn score(&self, pos: &Position, mv: Move) -> i32 {
        self.table.get(Self::index(pos, mv))
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The table against a plain vector aged, halved and cleared entry by
    /// entry: skipping unwritten blocks changes no score.
    #[test]
    fn aging_only_written_blocks_equals_aging_every_entry() {
        // not a multiple of the block: the last block is short
        let len = 37 * BLOCK + 5;
        let mut table = HistoryTable::<i16>::lazy(len);
        let mut plain = vec![0i32; len];
        let mut rng = StdRng::seed_from_u64(56);
        for round in 0..400 {
            match rng.gen_range(0..100) {
                0..=79 => {
                    // clustered writes, as a search makes them
                    let i = (round * 7 % 40) * BLOCK + rng.gen_range(0..2 * BLOCK);
                    let i = i.min(len - 1);
                    let bonus = rng.gen_range(-3000..3000);
                    plain[i] = gravity(plain[i], bonus);
                    assert_eq!(table.update(i, bonus), plain[i]);
                }
                80..=97 => {
                    table.age();
                    plain.iter_mut().for_each(|v| *v /= 4);
                }
                _ => {
                    table.clear();
                    plain.fill(0);
                }
            }
            // a lazy table reads only once allocated (zeros until then)
            let scores: Vec<i32> = (0..len)
                .map(|i| {
                    if table.is_allocated() {
                        table.get(i)
                    } else {
                        0
                    }
                })
                .collect();
            assert_eq!(scores, plain, "round {round}");
        }
    }

    #[test]
    fn gravity_keeps_scores_in_range_and_moves_them_less_near_the_bound() {
        assert_eq!(gravity(0, 1000), 1000);
        // an equal malus takes it just below zero: the pull toward the
        // bound it points at is stronger the further the score is from it
        let back = gravity(1000, -1000);
        assert!((-100..0).contains(&back), "{back}");
        let mut v = 0;
        for _ in 0..1000 {
            v = gravity(v, 5000);
        }
        assert!(
            v <= HISTORY_GRAVITY_MAX && v > HISTORY_GRAVITY_MAX * 9 / 10,
            "{v}"
        );
        for _ in 0..1000 {
            v = gravity(v, -50_000);
        }
        assert_eq!(v, -HISTORY_GRAVITY_MAX);
    }

    #[test]
    fn one_table_type_serves_both_entry_widths() {
        let mut wide = HistoryTable::<i32>::new(4);
        let mut narrow = HistoryTable::<i16>::lazy(4);
        assert!(!narrow.is_allocated());
        for bonus in [2400, 2400, -700, 50_000, -3] {
            assert_eq!(wide.update(1, bonus), narrow.update(1, bonus));
        }
        assert!(narrow.is_allocated());
        assert_eq!(wide.get(1), narrow.get(1));
        assert_eq!(narrow.get(0), 0);
        narrow.age();
        assert_eq!(narrow.get(1), wide.get(1) / 4);
        wide.clear();
        assert_eq!(wide.get(1), 0);
    }
}
