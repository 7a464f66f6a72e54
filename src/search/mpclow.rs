//! Multi-ProbCut on the fail-low side (issue 55, switch `mpclow`; an
//! experiment, off by default). Buro's ProbCut (1995) and Multi-ProbCut
//! (1997/1999; in chess Jiang and Buro 2003) predict a deep search from
//! a shallow one, `v_d ≈ v_p`, with error σ, and cut where the
//! prediction lies `t·σ` outside the window.
//!
//! Here only the side that iProbcut's ranking is about: at a deep
//! expected ALL node (not PV, not an expected cut node, remaining depth
//! ≥ `mpcdepth`), each late quiet move that gives no check is first
//! searched with a null window at depth `depth / 3` against
//! `α − t·σ` (`mpct` percent of `mpcsigma`); a move that stays below
//! is pruned, the others are searched as usual. σ is `chuhe sigma`'s
//! spread of deep on shallow child scores (docs/iprobcut-forms.md).

use super::node::NonPv;
use super::context::Context;
use super::negamax::Node;
use super::score::MATE_BOUND;

impl Context<'_> {
    /// The bound late quiet moves are tested against at `node`, or
    /// `None` where the test does not run.
    pub(super) fn mpclow_bound(&self, node: &Node) -> Option<i32> {
        let (o, t) = (self.options, &self.options.tune);
        let applies = o.switches.mpc_low
            && !node.pv_node
            && !node.cut_node
            && !node.in_check
            && node.excluded.is_null()
            && node.depth >= t.mpc_depth
            && node.alpha.abs() < MATE_BOUND / 2;
        applies.then(|| node.alpha - t.mpc_t * t.mpc_sigma / 100)
    }

    /// The test of the move just made (the `number`-th at `node`, not a
    /// check): true when its shallow search stays below `bound`, so the
    /// move is pruned.
    pub(super) fn mpclow_prunes(&mut self, node: &Node, number: usize, bound: i32) -> bool {
        if number < self.options.tune.mpc_first as usize {
            return false;
        }
        let p = node.depth / 3;
        // the child is expected to fail high (its parent low)
        let v = -self.negamax::<NonPv>(p, -bound, -bound + 1, node.ply + 1, true, Some(false));
        let prune = v < bound && !self.aborted;
        if prune {
            self.stats.pruned += 1;
        }
        prune
    }
}
