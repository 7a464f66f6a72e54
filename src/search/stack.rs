//! The search stack: one [`Frame`] per ply of the path from the root, the
//! state a node keeps for itself and its descendants (the way Pikafish's
//! `Stack` and Reckless's `stack.rs` do). A node at ply `p` owns frame
//! `p`; it reads the frames above it (`improving`, the continuation
//! history) and writes its own before it searches a child.
//!
//! The principal variation is a triangular table kept in the frames:
//! frame `p`'s line is the best line found from ply `p`, built from the
//! child's line at `p + 1` whenever a move raises alpha.
//!
//! What a node is told by its caller (its window, depth, kind, whether it
//! is an expected cut node, whether it is in check when the caller knows)
//! travels as arguments of the node function, not through the stack.

use super::conthist::ContKey;
use super::limits::MAX_PLY;
use crate::board::{Move, MAX_MOVES};

/// Frames in a stack: one per ply a node can be at.
const FRAMES: usize = MAX_PLY + 1;

/// One ply's state.
pub(super) struct Frame {
    /// The node's static evaluation for `improving` (`None` in check, or
    /// not taken).
    pub static_eval: Option<i32>,
    /// The move this node's search leaves out (the singular step's search
    /// of the hash move's siblings); `Move::NULL` when none.
    pub excluded: Move,
    /// The move made from this ply towards the child being searched
    /// (`Move::NULL`: a null move). A node below a null move does not pass
    /// again.
    pub current_move: Move,
    /// The same move as the continuation history keys it (`None`: a null
    /// move).
    pub cont_key: ContKey,
    /// The picking keys of this node's moves (see `movepick.rs`): its move
    /// loop keeps them while its descendants, all deeper, use theirs.
    pub keys: [i32; MAX_MOVES],
    /// The best line found from this ply, `pv_len` long.
    pv: [Move; FRAMES],
    pv_len: usize,
}

impl Frame {
    const EMPTY: Frame = Frame {
        static_eval: None,
        excluded: Move::NULL,
        current_move: Move::NULL,
        cont_key: None,
        keys: [0; MAX_MOVES],
        pv: [Move::NULL; FRAMES],
        pv_len: 0,
    };
}

/// One thread's search stack (see the module docs).
pub(super) struct Stack {
    frames: Box<[Frame; FRAMES]>,
}

impl Default for Stack {
    fn default() -> Self {
        Stack {
            frames: Box::new([Frame::EMPTY; FRAMES]),
        }
    }
}

impl std::ops::Index<usize> for Stack {
    type Output = Frame;

    #[inline(always)]
    fn index(&self, ply: usize) -> &Frame {
        &self.frames[ply]
    }
}

impl std::ops::IndexMut<usize> for Stack {
    #[inline(always)]
    fn index_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.frames[ply]
    }
}

impl Stack {
    /// The line found from `ply`.
    pub fn pv(&self, ply: usize) -> &[Move] {
        let frame = &self.frames[ply];
        &frame.pv[..frame.pv_len]
    }

    /// Forgets the line of `ply` (a node starts with none).
    #[inline(always)]
    pub fn clear_pv(&mut self, ply: usize) {
        self.frames[ply].pv_len = 0;
    }

    /// `mv` raised alpha at `ply`: the line from `ply` is `mv` and then
    /// the child's line, which the child's ply forgets.
    pub fn update_pv(&mut self, ply: usize, mv: Move) {
        let (this, below) = self.frames.split_at_mut(ply + 1);
        let frame = &mut this[ply];
        frame.pv[0] = mv;
        let child_len = match below.first_mut() {
            Some(child) => {
                let len = child.pv_len;
                frame.pv[1..=len].copy_from_slice(&child.pv[..len]);
                child.pv_len = 0;
                len
            }
            None => 0,
        };
        frame.pv_len = child_len + 1;
    }

    /// The moves one and two plies before a node at `ply`, as the
    /// continuation history keys them.
    #[inline(always)]
    pub fn cont_keys_before(&self, ply: usize) -> [ContKey; 2] {
        [
            ply.checked_sub(1).and_then(|p| self.frames[p].cont_key),
            ply.checked_sub(2).and_then(|p| self.frames[p].cont_key),
        ]
    }

    /// Whether the node at `ply` was reached by a null move.
    #[inline(always)]
    pub fn after_null_move(&self, ply: usize) -> bool {
        ply > 0 && self.frames[ply - 1].current_move.is_null()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_the_move_and_the_childs_line() {
        let mut stack = Stack::default();
        let (a, b, c) = (
            Move::from_iccs("h2e2").unwrap(),
            Move::from_iccs("h9g7").unwrap(),
            Move::from_iccs("h0g2").unwrap(),
        );
        stack.update_pv(2, c);
        stack.update_pv(1, b);
        assert_eq!(stack.pv(2), &[] as &[Move], "the child's line is taken");
        stack.update_pv(0, a);
        assert_eq!(stack.pv(0), &[a, b, c]);
        stack.clear_pv(0);
        assert!(stack.pv(0).is_empty());
        // the deepest frame has no child
        stack.update_pv(MAX_PLY, a);
        assert_eq!(stack.pv(MAX_PLY), &[a]);
    }
}
