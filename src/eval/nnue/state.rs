//! The accumulators of one thread, kept incrementally without any hook in
//! make/unmake.
//!
//! A [`NetState`] remembers the last positions it evaluated: per slot the
//! placement (`piece_sq`, the square of each of the 32 piece ids) and the
//! two accumulators (Red's and Black's perspective). To evaluate a
//! position it picks the cached slot whose placement differs least, brings
//! its accumulators to the position by adding and subtracting only the
//! columns of the pieces that differ (a quiet move: 2 per perspective, a
//! capture: 3), and runs the output layer (the position's bucket's, for a
//! net of output buckets). A perspective whose
//! orientation changed ([`super::arch::mirrored`]: its king crossed the
//! middle file, or with both kings on it the first left/right difference
//! changed sides) is refreshed: brought from the last accumulator it had
//! in its new orientation (a small cache per perspective and orientation)
//! when that differs by few pieces, else rebuilt from all the pieces.
//!
//! The slots form a ring indexed by the position's move-history length
//! (its ply count), so the slot of the node's parent (one ply less) and
//! grandparent are still there when a node is evaluated: within a search
//! the nearest cached placement is almost always the parent's, one move
//! away. Why not a hook in make/unmake: the search and the tools reach
//! positions many ways (make/unmake, null moves, clones, FENs), and a
//! cache that diffs placements is correct for all of them, whereas a hook
//! must be threaded through every one; the diff itself (32 bytes compared)
//! is cheap beside the columns.
//!
//! The output of the last evaluation of a slot is kept per side to move,
//! so evaluating the same position again (the lazy-evaluation tests ask
//! for a cheap score, then the full one) costs only the comparison.

use super::arch::HIDDEN;
use super::buckets::{self, Buckets};
use super::features::{feature, mirrors_of};
use super::network::{Column, Network, OutLayer};
use super::simd;
use crate::board::{Position, NO_SQUARE};

/// Slots in the ring (a power of two, well above the plies between a node
/// and its parent's evaluation).
const SLOTS: usize = 64;
/// A placement with no piece on the board (what [`changed`] compares
/// with to find the pieces present).
const ABSENT: [u8; 32] = [NO_SQUARE; 32];
/// Marks an output not computed yet.
const NO_SCORE: i32 = i32::MIN;
/// Columns of a perspective rebuilt from scratch: as many as the pieces,
/// counted as this for choosing a slot (about a middlegame's pieces).
const REFRESH_COST: u32 = 24;

/// A cached position: placement, accumulators, outputs.
#[derive(Clone)]
struct Slot {
    /// Accumulators by perspective colour (Red, Black).
    acc: [Column; 2],
    /// Square of each piece id (`NO_SQUARE`: not on the board).
    piece_sq: [u8; 32],
    /// Whether each perspective sees the board mirrored.
    mirror: [bool; 2],
    /// Whether the slot holds a position of the current network at all.
    valid: bool,
    /// The network's score with Red ([0]) or Black ([1]) to move.
    score: [i32; 2],
}

impl Slot {
    const EMPTY: Slot = Slot {
        acc: [Column::ZERO; 2],
        piece_sq: [NO_SQUARE; 32],
        mirror: [false; 2],
        valid: false,
        score: [NO_SCORE; 2],
    };
}

/// A perspective's accumulator kept for refreshes: when a perspective's
/// orientation changes, its accumulator is brought from the last one of
/// the new orientation by the pieces that differ, which within a search
/// are few (the orientation often flips back and forth between nearby
/// positions when both kings stand on the middle file), instead of being
/// rebuilt from all the pieces.
#[derive(Clone)]
struct Refresh {
    acc: Column,
    piece_sq: [u8; 32],
    valid: bool,
}

impl Refresh {
    const EMPTY: Refresh = Refresh {
        acc: Column::ZERO,
        piece_sq: [NO_SQUARE; 32],
        valid: false,
    };
}

/// What a [`NetState`] has done, for measuring the cache.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct NetStats {
    /// Evaluations.
    pub evals: u64,
    /// Evaluations answered by a slot's remembered output.
    pub repeats: u64,
    /// Perspectives rebuilt from scratch.
    pub refreshes: u64,
    /// Of the refreshes, those of a perspective brought from a cached
    /// position whose orientation differed ([`super::arch::mirrored`]).
    pub flips: u64,
    /// Of the flips, those where the perspective's own king crossed the
    /// middle file (the only flips of the rule before the exact mirror
    /// symmetry, which went by the own king's file alone).
    pub king_flips: u64,
    /// Of the refreshes, those brought from the perspective's refresh
    /// cache (the last position refreshed into the same orientation)
    /// rather than built from the biases.
    pub cached: u64,
    /// Feature columns added or subtracted (refreshes included).
    pub columns: u64,
}

/// One thread's cached accumulators (see the module docs).
pub struct NetState {
    /// The network the slots belong to (its [`Network::id`]).
    net_id: u64,
    /// Use the AVX2 kernels.
    simd: bool,
    slots: Box<[Slot]>,
    /// Per perspective and orientation (not mirrored, mirrored): the last
    /// accumulator refreshed into that orientation.
    refresh: Box<[[Refresh; 2]; 2]>,
    /// Counters.
    pub stats: NetStats,
}

/// The ids whose squares differ between two placements, as a bit set.
/// On x86-64 two SSE2 byte compares (part of the base instruction set):
/// the byte loop is not vectorised by the compiler and cost about a
/// quarter of an evaluation's instructions (callgrind, `chuhe bench`).
#[inline(always)]
fn changed(a: &[u8; 32], b: &[u8; 32]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86-64; the unaligned loads read the
        // two 16-byte halves of 32-byte arrays.
        unsafe {
            let half = |x: &[u8; 32], i: usize| _mm_loadu_si128(x.as_ptr().add(i).cast());
            let lo = _mm_movemask_epi8(_mm_cmpeq_epi8(half(a, 0), half(b, 0))) as u32;
            let hi = _mm_movemask_epi8(_mm_cmpeq_epi8(half(a, 16), half(b, 16))) as u32;
            !(lo | hi << 16)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    changed_portable(a, b)
}

/// The portable [`changed`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn changed_portable(a: &[u8; 32], b: &[u8; 32]) -> u32 {
    let mut mask = 0u32;
    for i in 0..32 {
        mask |= u32::from(a[i] != b[i]) << i;
    }
    mask
}

/// The output layer of `net` (of output buckets `b`) for the placement
/// `cur` with colour index `side` to move: the bucket goes by the pieces
/// present, found by one compare of the placement with an empty one.
#[inline(never)]
fn bucket_layer<'n>(net: &'n Network, b: Buckets, cur: &[u8; 32], side: usize) -> &'n OutLayer {
    net.layer(b.bucket(buckets::relative(changed(cur, &ABSENT), side)))
}

/// `a` and `b` of `slots` (`a != b`), the first mutable.
fn pair(slots: &mut [Slot], a: usize, b: usize) -> (&mut Slot, &Slot) {
    if a < b {
        let (lo, hi) = slots.split_at_mut(b);
        (&mut lo[a], &hi[0])
    } else {
        let (lo, hi) = slots.split_at_mut(a);
        (&mut hi[0], &lo[b])
    }
}

impl NetState {
    /// An empty state; `simd` chooses the AVX2 kernels and is honoured
    /// only when the CPU has AVX2.
    pub fn new(simd: bool) -> NetState {
        NetState {
            net_id: 0,
            simd: simd && simd::avx2_available(),
            slots: vec![Slot::EMPTY; SLOTS].into_boxed_slice(),
            refresh: Box::new([
                [Refresh::EMPTY, Refresh::EMPTY],
                [Refresh::EMPTY, Refresh::EMPTY],
            ]),
            stats: NetStats::default(),
        }
    }

    /// Whether this state runs the AVX2 kernels.
    pub fn simd(&self) -> bool {
        self.simd
    }

    /// The network's score of `pos` (side to move's view, the contract's
    /// integer formula, not clamped), from the nearest cached accumulators.
    pub fn evaluate(&mut self, net: &Network, pos: &Position) -> i32 {
        if self.net_id != net.id() {
            self.slots.iter_mut().for_each(|s| s.valid = false);
            self.refresh
                .iter_mut()
                .flatten()
                .for_each(|r| r.valid = false);
            self.net_id = net.id();
        }
        self.stats.evals += 1;
        let cur = &pos.piece_sq;
        let mirror = mirrors_of(net.rule(), pos);
        let ply = pos.ply_count();
        let target = ply % SLOTS;
        // the nearest cached placement among this ply's, the parent's and
        // the grandparent's slots
        let mut best = None;
        let mut best_cost = u32::MAX;
        for back in 0..3 {
            let i = ply.wrapping_sub(back) % SLOTS;
            let s = &self.slots[i];
            if !s.valid {
                continue;
            }
            let moved = changed(&s.piece_sq, cur).count_ones() * 2;
            let cost: u32 = (0..2)
                .map(|p| {
                    if s.mirror[p] == mirror[p] {
                        moved
                    } else {
                        REFRESH_COST
                    }
                })
                .sum();
            if cost < best_cost {
                best_cost = cost;
                best = Some(i);
            }
        }
        let side = pos.side_to_move().index();
        if best == Some(target) && best_cost == 0 {
            let known = self.slots[target].score[side];
            if known != NO_SCORE {
                self.stats.repeats += 1;
                return known;
            }
        } else {
            self.bring(net, pos, target, best, mirror);
        }
        // a net of one bucket (n1–n5, the default n5 among them) pays
        // only this predictable branch; the bucket's look-up stays out of
        // line: inlined, it cost the bucketed n6 more instructions on
        // `chuhe bench`, not fewer (callgrind, nets/README.md)
        let layer = match net.buckets() {
            Buckets::None => net.single_layer(),
            b => bucket_layer(net, b, cur, side),
        };
        let slot = &mut self.slots[target];
        let sum = simd::output_sum(self.simd, &slot.acc[side], &slot.acc[1 - side], net, layer);
        let score = layer.score_of_sum(sum);
        slot.score[side] = score;
        score
    }

    /// Makes slot `target` hold `pos`'s accumulators, starting from slot
    /// `from` (`None`: from scratch).
    fn bring(
        &mut self,
        net: &Network,
        pos: &Position,
        target: usize,
        from: Option<usize>,
        mirror: [bool; 2],
    ) {
        let cur = &pos.piece_sq;
        let simd = self.simd;
        let stats = &mut self.stats;
        let refresh = &mut self.refresh;
        let (dst, src) = match from {
            Some(f) if f != target => {
                let (d, s) = pair(&mut self.slots, target, f);
                (d, Some(s))
            }
            Some(_) => (&mut self.slots[target], None),
            None => {
                let d = &mut self.slots[target];
                d.valid = false;
                (d, None)
            }
        };
        let (old_sq, old_mirror, old_valid) = match src {
            Some(s) => (s.piece_sq, s.mirror, s.valid),
            None => (dst.piece_sq, dst.mirror, dst.valid),
        };
        let diff = changed(&old_sq, cur);
        for p in 0..2 {
            let m = mirror[p];
            let mut adds = [0u16; 32];
            let mut subs = [0u16; 32];
            let (mut na, mut ns) = (0, 0);
            if !old_valid || old_mirror[p] != m {
                if old_valid {
                    stats.flips += 1;
                    let right = |sq: u8| sq != NO_SQUARE && sq % 9 > 4;
                    let king = 16 * p;
                    stats.king_flips += u64::from(right(old_sq[king]) != right(cur[king]));
                }
                let entry = &mut refresh[p][usize::from(m)];
                let near = changed(&entry.piece_sq, cur);
                if entry.valid && near.count_ones() * 2 < REFRESH_COST {
                    let mut bits = near;
                    while bits != 0 {
                        let id = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if entry.piece_sq[id] != NO_SQUARE {
                            subs[ns] = feature(p, m, id, entry.piece_sq[id]);
                            ns += 1;
                        }
                        if cur[id] != NO_SQUARE {
                            adds[na] = feature(p, m, id, cur[id]);
                            na += 1;
                        }
                    }
                    stats.cached += 1;
                    simd::update(
                        simd,
                        &mut dst.acc[p],
                        Some(&entry.acc),
                        &net.ft,
                        &adds[..na],
                        &subs[..ns],
                    );
                } else {
                    for (id, &sq) in cur.iter().enumerate() {
                        if sq != NO_SQUARE {
                            adds[na] = feature(p, m, id, sq);
                            na += 1;
                        }
                    }
                    simd::update(
                        simd,
                        &mut dst.acc[p],
                        Some(&net.bias),
                        &net.ft,
                        &adds[..na],
                        &[],
                    );
                }
                stats.refreshes += 1;
                entry.acc = dst.acc[p];
                entry.piece_sq = *cur;
                entry.valid = true;
            } else {
                let mut bits = diff;
                while bits != 0 {
                    let id = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if old_sq[id] != NO_SQUARE {
                        subs[ns] = feature(p, m, id, old_sq[id]);
                        ns += 1;
                    }
                    if cur[id] != NO_SQUARE {
                        adds[na] = feature(p, m, id, cur[id]);
                        na += 1;
                    }
                }
                let from = src.map(|s| &s.acc[p]);
                simd::update(
                    simd,
                    &mut dst.acc[p],
                    from,
                    &net.ft,
                    &adds[..na],
                    &subs[..ns],
                );
            }
            stats.columns += (na + ns) as u64;
        }
        dst.piece_sq = *cur;
        dst.mirror = mirror;
        dst.valid = true;
        dst.score = [NO_SCORE; 2];
    }

    /// The two accumulators (Red's and Black's perspective) of `pos`
    /// built from scratch, with the portable kernel: the reference the
    /// tests compare the incremental ones with.
    pub fn accumulators_from_scratch(net: &Network, pos: &Position) -> [[i16; HIDDEN]; 2] {
        let cur = &pos.piece_sq;
        let mirror = mirrors_of(net.rule(), pos);
        std::array::from_fn(|p| {
            let adds: Vec<u16> = cur
                .iter()
                .enumerate()
                .filter(|&(_, &sq)| sq != NO_SQUARE)
                .map(|(id, &sq)| feature(p, mirror[p], id, sq))
                .collect();
            let mut acc = Column::ZERO;
            simd::update_scalar(&mut acc, Some(&net.bias), &net.ft, &adds, &[]);
            acc.0
        })
    }

    /// The accumulators this state holds for `pos` after evaluating it
    /// (`None` if its slot holds another position).
    pub fn accumulators_of(&self, pos: &Position) -> Option<[[i16; HIDDEN]; 2]> {
        let s = &self.slots[pos.ply_count() % SLOTS];
        (s.valid && s.piece_sq == pos.piece_sq).then(|| [s.acc[0].0, s.acc[1].0])
    }

    /// The network's score of `pos` from accumulators built from scratch
    /// with the portable kernels: the reference for the tests.
    pub fn evaluate_from_scratch(net: &Network, pos: &Position) -> i32 {
        let acc = Self::accumulators_from_scratch(net, pos);
        let side = pos.side_to_move().index();
        let layer = net.layer(buckets::bucket_of(net.buckets(), pos));
        let sum = simd::output_sum_scalar(&Column(acc[side]), &Column(acc[1 - side]), &layer.w);
        layer.score_of_sum(sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_ids_agree_with_the_byte_loop() {
        let mut a = [NO_SQUARE; 32];
        let mut b = a;
        assert_eq!(changed(&a, &b), 0);
        // a fixed pseudo-random walk over placements, one to four ids
        // differing at a time, every id and both halves covered
        let mut x = 0x9e37_79b9_u32;
        for step in 0..2000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            a[step % 32] = (x % 91) as u8;
            b[(x as usize >> 8) % 32] = (x >> 16) as u8 % 91;
            if step % 7 == 0 {
                b = a;
            }
            assert_eq!(changed(&a, &b), changed_portable(&a, &b), "{a:?} {b:?}");
        }
        b = a;
        b[0] = b[0].wrapping_add(1);
        b[31] = b[31].wrapping_add(1);
        assert_eq!(changed(&a, &b), 1 | 1 << 31);
    }
}
