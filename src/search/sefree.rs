//! Free ranking from the excluded-move search (issue 55, switch `sefree`;
//! an experiment, off by default).
//!
//! The singular step (`singular.rs`) searches the hash move's siblings
//! once, at half depth, against a bound just below the hash move's value.
//! That search already ranks them, at no extra cost: the sibling that
//! reached the bound (a null-window search stops at the first) is the
//! likeliest to matter after the hash move, and the siblings that stayed
//! below it in an *unreduced* search are the likeliest not to. With
//! `sefree` the node's own move loop searches the sibling that reached
//! the bound right after the hash move, without late move reduction, and
//! reduces one ply more the siblings that failed low unreduced. This is
//! the paper's idea — a shallow pre-evaluation ranks the children, the
//! deep search follows the top and searches the tail shallower — with
//! the pre-evaluation nodes the search pays for anyway.

use super::context::Context;
use crate::board::{Move, MoveList};

/// Siblings remembered as failed low per node (the excluded-move search
/// searches few moves unreduced: the first ones, captures, killers).
const MAX_LOW: usize = 16;

/// What the excluded-move search at one node said about its moves.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SiblingRanks {
    /// The position the record belongs to (0: none).
    key: u64,
    /// The sibling that reached the singular bound (`Move::NULL`: none).
    pub reached: Move,
    /// Siblings searched without reduction that stayed below the bound.
    low: [Move; MAX_LOW],
    low_len: u8,
}

impl SiblingRanks {
    /// No record.
    pub const EMPTY: SiblingRanks = SiblingRanks {
        key: 0,
        reached: Move::NULL,
        low: [Move::NULL; MAX_LOW],
        low_len: 0,
    };

    /// Whether `mv` failed low in an unreduced search.
    pub fn failed_low(&self, mv: Move) -> bool {
        self.low[..usize::from(self.low_len)].contains(&mv)
    }
}

impl Context<'_> {
    /// Before the excluded-move search at `ply`: a fresh record for this
    /// position.
    pub(super) fn sefree_start(&mut self, ply: usize) {
        if self.options.switches.se_free {
            self.stack[ply].sibling_ranks = SiblingRanks {
                key: self.pos.key(),
                ..SiblingRanks::default()
            };
        }
    }

    /// In the excluded-move search's loop at `ply` (the move just
    /// unmade): `mv` scored `v` against the null window above `alpha`,
    /// `reduction` plies shallower at first.
    #[inline(always)]
    pub(super) fn sefree_note(&mut self, ply: usize, mv: Move, v: i32, alpha: i32, reduction: i32) {
        let r = &mut self.stack[ply].sibling_ranks;
        if v > alpha {
            r.reached = mv;
        } else if reduction <= 0 && usize::from(r.low_len) < MAX_LOW {
            r.low[usize::from(r.low_len)] = mv;
            r.low_len += 1;
        }
    }

    /// At the node's own move loop: the record of its excluded-move
    /// search, if one ran for this position (taken: used once).
    pub(super) fn sefree_take(&mut self, ply: usize) -> Option<SiblingRanks> {
        if !self.options.switches.se_free {
            return None;
        }
        let r = std::mem::take(&mut self.stack[ply].sibling_ranks);
        (r.key == self.pos.key() && r.key != 0).then_some(r)
    }

    /// Once the moves behind the hash move are generated: the sibling
    /// that reached the bound moves up to index 1 (the order after it
    /// unchanged).
    pub(super) fn sefree_promote(&mut self, ply: usize, ranks: &SiblingRanks, list: &mut MoveList, picker: &mut super::picker::Picker) {
        if ranks.reached.is_null() || list.len() < 3 {
            return;
        }
        self.finish_order(ply, picker, list);
        if let Some(at) = list[1..].iter().position(|&m| m == ranks.reached) {
            list.as_mut_slice()[1..=at + 1].rotate_right(1);
            self.stats.ranked += 1;
        }
    }
}
