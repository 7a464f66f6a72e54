//! The history tables: what one search thread learns about quiet moves
//! from the cut-offs it sees. Every table is a [`HistoryTable`] (scores
//! by an index its owner computes) moved by one rule, [`gravity`]: a
//! bonus for the move that cut off, a malus for the quiet moves tried
//! before it, each pulled toward ±[`HISTORY_GRAVITY_MAX`] (Stockfish's
//! "gravity"), so a score says how often a move cut off against how often
//! it failed and stays comparable over a game. Two tables use it: the
//! main history here (moving piece × target square) and the continuation
//! histories (`conthist.rs`). The killers sit beside the main history.
//!
//! With `histstats` off (no preset does so) the main history keeps its
//! older rule, [`HistoryTable::add_halving`]: depth² for a cut-off, no
//! malus, every entry halved once one reaches [`HISTORY_MAX`].

use super::large_pages::{LargeBuffer, Zeroable};
use super::limits::MAX_PLY;
use crate::board::{Move, Position};

/// Gravity keeps every entry within ±this.
pub const HISTORY_GRAVITY_MAX: i32 = 1 << 14;

/// The older rule halves the table when an entry reaches this; quiet
/// moves are ordered by scores capped here (below the killers).
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

    /// The older rule (`histstats` off): `amount` added at `i`, and every
    /// entry halved once that one reaches `cap`. Returns the new score
    /// and whether the table was halved.
    pub fn add_halving(&mut self, i: usize, amount: i32, cap: i32) -> (i32, bool) {
        self.allocate();
        self.mark(i);
        let new = self.entries[i].get() + amount;
        self.entries[i] = E::from_i32(new);
        let halve = new >= cap;
        if halve {
            self.for_written_blocks(|block| {
                block.iter_mut().for_each(|v| *v = E::from_i32(v.get() / 2))
            });
        }
        (new, halve)
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
    /// The largest score so far (kept through aging and halving), the
    /// yardstick of "good history" for late move reductions without
    /// `histstats`.
    max: i32,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: HistoryTable::new(MAIN_LEN),
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            max: 0,
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
        self.max = 0;
    }

    /// Called between searches: old history fades, killers are dropped.
    pub fn age(&mut self) {
        self.table.age();
        self.max /= 4;
        self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
    }

    /// Moves the quiet `mv`'s score by `bonus` ([`bounded_bonus`];
    /// negative for a move that failed before the cut-off move) by the
    /// one rule, [`gravity`].
    pub fn update(&mut self, pos: &Position, mv: Move, bonus: i32) {
        let v = self.table.update(Self::index(pos, mv), bonus);
        self.max = self.max.max(v);
    }

    /// The older rule (`histstats` off, no preset): the quiet `mv` that
    /// cut off at `depth` gains depth², every score halved once one
    /// reaches [`HISTORY_MAX`].
    pub fn reward_unbounded(&mut self, pos: &Position, mv: Move, depth: i32) {
        let (v, halved) = self
            .table
            .add_halving(Self::index(pos, mv), depth * depth, HISTORY_MAX);
        self.max = self.max.max(v);
        if halved {
            self.max /= 2;
        }
    }

    /// The quiet `mv`'s score (not yet made).
    #[inline(always)]
    pub fn score(&self, pos: &Position, mv: Move) -> i32 {
        self.table.get(Self::index(pos, mv))
    }

    /// Whether the quiet move `mv` (not yet made) has a score in the top
    /// quarter of the table's range.
    pub fn is_good(&self, pos: &Position, mv: Move) -> bool {
        self.max > 0 && self.score(pos, mv) * 4 >= self.max
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
        // the older rule's halving also reaches every written block
        let mut wide = HistoryTable::<i32>::new(len);
        let mut plain = vec![0i32; len];
        for i in [3, BLOCK * 10 + 1, len - 1] {
            wide.add_halving(i, 1000, 1 << 20);
            plain[i] += 1000;
        }
        assert!(wide.add_halving(70, 1 << 20, 1 << 20).1);
        plain[70] += 1 << 20;
        plain.iter_mut().for_each(|v| *v /= 2);
        assert_eq!((0..len).map(|i| wide.get(i)).collect::<Vec<_>>(), plain);
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
        // the older rule: added, and every entry halved at the cap
        wide.update(2, 1000);
        assert_eq!(wide.add_halving(3, 90, 100), (90, false));
        assert_eq!(wide.add_halving(3, 20, 100), (110, true));
        assert_eq!((wide.get(2), wide.get(3)), (500, 55));
        wide.clear();
        assert_eq!(wide.get(3), 0);
    }

    #[test]
    fn good_history_is_the_top_quarter_of_the_largest_score() {
        let pos = Position::startpos();
        let (a, b) = (
            Move::from_iccs("h2e2").unwrap(),
            Move::from_iccs("h0g2").unwrap(),
        );
        let mut h = History::default();
        assert!(!h.is_good(&pos, a), "nothing learnt: nothing good");
        h.reward_unbounded(&pos, a, 4);
        h.reward_unbounded(&pos, b, 1);
        assert_eq!((h.score(&pos, a), h.score(&pos, b)), (16, 1));
        assert!(h.is_good(&pos, a) && !h.is_good(&pos, b));
        h.update(&pos, b, 2400);
        assert!(h.is_good(&pos, b) && !h.is_good(&pos, a));
        h.age();
        assert_eq!(h.score(&pos, a), 4);
    }
}
