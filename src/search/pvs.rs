//! Step 8g of `negamax`: one child searched by principal variation
//! search. The first move gets the full window; a later one a null
//! window, first reduced (LMR, `moveloop.rs`) and then at full depth, and
//! the full window again only while it beats alpha. The child's kind
//! (`node.rs`) follows from its window.

use super::context::Context;
use super::node::{Node, NonPv, Pv};

impl Context<'_> {
    /// Step 8g: the score of the move just made, the `number`-th of the
    /// node, `extension` plies deeper than the others (the singular
    /// step's verdict on the hash move): the first with the full window;
    /// the others with a null window (`pvs`), `reduction` plies shallower
    /// first, and again at full depth and then with the full window while
    /// they beat alpha.
    #[inline(always)]
    pub(super) fn search_move(
        &mut self,
        node: &Node,
        alpha: i32,
        number: usize,
        reduction: i32,
        extension: i32,
        gives_check: bool,
    ) -> i32 {
        let (beta, ply) = (node.beta, node.ply + 1);
        let new_depth = node.depth - 1 + extension;
        // node types: below a cut node the first move is expected to fail
        // low (an all node), below an all node to fail high; a reduced
        // late move is expected to fail high
        let flipped = !node.cut_node;
        let check = Some(gives_check);
        // a PV node's window may already be closed to a null one (by mate
        // distance pruning, or by a best move one below beta with `pvs`
        // off): its full-window child is then a non-PV node
        let open = node.pv_node && beta - alpha > 1;
        if number == 0 {
            return -self.full_window_child(open, new_depth, alpha, beta, ply, flipped, check);
        }
        let mut v = 0;
        if reduction > 0 {
            let reduced = new_depth - reduction;
            v = -self.negamax::<NonPv>(reduced, -alpha - 1, -alpha, ply, true, check);
        }
        if (reduction == 0 || v > alpha) && !self.aborted {
            if self.params.switches.pvs {
                v = -self.negamax::<NonPv>(new_depth, -alpha - 1, -alpha, ply, flipped, check);
                // alpha < v < beta: the window is open
                if v > alpha && v < beta && !self.aborted {
                    v = -self.negamax::<Pv>(new_depth, -beta, -alpha, ply, false, check);
                }
            } else {
                v = -self.full_window_child(open, new_depth, alpha, beta, ply, false, check);
            }
        }
        v
    }

    /// The child at `ply` searched with the parent's whole window
    /// (`alpha`, `beta`), a PV node if the window is `open`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn full_window_child(
        &mut self,
        open: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
        check: Option<bool>,
    ) -> i32 {
        if open {
            self.negamax::<Pv>(depth, -beta, -alpha, ply, cut_node, check)
        } else {
            self.negamax::<NonPv>(depth, -beta, -alpha, ply, cut_node, check)
        }
    }
}
