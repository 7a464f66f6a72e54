//! The node function of the main search, `negamax`, as a sequence of
//! named steps (the way Pikafish's `search.cpp` numbers its own): draws
//! and mate distance, the horizon, the transposition table, the static
//! evaluation, each pruning rule (functions in `pruning.rs`; their numbers
//! are tunables, `tunables.rs`), the move loop (`moveloop.rs`: futility
//! and late-move pruning, LMR, PVS; iProbcut's picker where the paper's
//! step runs) and the table store.

use super::context::Context;
use super::limits::{MAX_EXTENSION_PLY, MAX_PLY};
use super::moveloop::LoopEnd;
use super::node::Singular;
pub(super) use super::node::{Node, NodeKind, NonPv};
use super::pruning;
use super::score::{mated_in, MATE_BOUND};
use super::tt::{Bound, TtHit};
use crate::board::Move;

/// What the transposition table says about a node.
enum Probe {
    /// A stored score that settles the node.
    Cutoff(i32),
    /// Search on, starting with this move (`Move::NULL`: none); the
    /// entry, if any.
    Search(Move, Option<TtHit>),
}

impl Context<'_> {
    /// Negamax alpha-beta from the side to move's view, at `ply` of the
    /// stack, for a node of kind `NODE` (`node.rs`: the root, a PV node
    /// with an open window, or a non-PV node with a null one). `cut_node`: the caller expects a fail-high here (a null
    /// window: a late move's reduced search, the first move of an expected
    /// all node). `known_check`: whether the side to move is in check, when
    /// the caller already knows (it tested the move for check).
    pub fn negamax<NODE: NodeKind>(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
        known_check: Option<bool>,
    ) -> i32 {
        let pv_node = NODE::PV;
        debug_assert_eq!(pv_node, beta - alpha > 1, "node kind against window");
        debug_assert!(!NODE::ROOT || ply == 0, "a root node at ply {ply}");
        let cut_node = cut_node && !pv_node;
        let excluded = self.stack[ply].excluded;
        self.stack.clear_pv(ply);
        if ply == 0 {
            self.root_depth = depth;
        }

        // Step 1. Draws and losses by rule, mate-distance pruning
        if ply > 0 {
            if let Some(score) = self.repetition_score(ply) {
                return score;
            }
            if self.move_limit_reached() {
                return 0;
            }
            // no line from here can beat a mate already found nearer the root
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(-mated_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        // Step 2. Check extension, and quiescence at the horizon
        let in_check = known_check.unwrap_or_else(|| self.pos.in_check());
        if in_check && self.params.switches.check_extension && ply < MAX_EXTENSION_PLY {
            depth += 1;
        }
        if depth <= 0 {
            return self.horizon(in_check, alpha, beta, ply);
        }
        self.enter_node(ply);
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let node = Node {
            depth,
            alpha,
            beta,
            ply,
            pv_node,
            cut_node,
            in_check,
            excluded,
            improving: false,
        };

        // Step 3. Transposition table probe
        let key = self.pos.key();
        let (hash_move, tt_hit) = match self.probe_tt(key, &node) {
            Probe::Cutoff(score) => return score,
            Probe::Search(mv, hit) => (mv, hit),
        };

        // Step 3b. Internal iterative reduction (`iir`): a deep node the
        // table knows nothing about is searched a ply shallower; its move
        // order is poor, and the next iteration comes back with a hash move
        let mut node = node;
        if self.params.switches.iir
            && hash_move.is_null()
            && excluded.is_null()
            && depth >= self.params.tune.iir_depth
        {
            node.depth -= 1;
        }

        // Step 4. Static evaluation (for the futility family only), and
        // whether it improves on the one two plies up (`improving`)
        let static_eval = pruning::wants_static_eval(self.params, &node).then(|| self.evaluate());
        let node = self.improving(node, static_eval);

        // Step 5. Reverse futility pruning
        if let Some(score) = pruning::reverse_futility(self.params, &node, static_eval) {
            return score;
        }

        // Step 6. Null-move pruning
        // not twice in a row, nor in a search with a move left out
        if excluded.is_null() && !self.stack.after_null_move(ply) {
            if let Some(score) = self.null_move(&node) {
                return score;
            }
        }

        // Step 6b. Singular extensions with multi-cut (`singular.rs`): is
        // the hash move alone above its siblings?
        let hash_extension = match self.singular(&node, hash_move, tt_hit.as_ref()) {
            Singular::Plain => 0,
            Singular::Extend => 1,
            Singular::Reduce(plies) => -plies,
            Singular::Cut(score) => return score,
        };
        if self.aborted {
            return 0;
        }

        // Step 7. Futility and late-move pruning: what the move loop skips
        let futility_value = pruning::futility_value(self.params, &node, static_eval);
        let lmp_limit = pruning::lmp_limit(self.params, &node);

        // Step 8. The move loop (LMR, PVS; `moveloop.rs`), with iProbcut's
        // picker where the paper's step runs (`iprobcut.rs`)
        let end = self.search_moves(node, hash_move, hash_extension, futility_value, lmp_limit);
        match end {
            LoopEnd::Searched { best, best_move } => {
                // Step 9. Store the result in the transposition table
                self.store_tt(key, &node, best, best_move);
                best
            }
            // mated (no moves) or aborted: nothing to store
            LoopEnd::Final(score) => score,
        }
    }

    /// Step 4b (`improving`): the node's static evaluation (taken now if
    /// the futility family did not need it) on the stack, and
    /// whether it is above the one two plies up (four when that node was in
    /// check).
    fn improving(&mut self, mut node: Node, static_eval: Option<i32>) -> Node {
        if !self.params.switches.improving {
            return node;
        }
        let eval = if node.in_check {
            None
        } else {
            Some(static_eval.unwrap_or_else(|| self.evaluate()))
        };
        let ply = node.ply;
        self.stack[ply].static_eval = eval;
        let earlier = [2, 4]
            .iter()
            .filter(|&&back| ply >= back)
            .find_map(|&back| self.stack[ply - back].static_eval);
        node.improving = matches!((eval, earlier), (Some(now), Some(then)) if now > then);
        node
    }

    /// Step 6: null-move pruning (`pruning::null_move_reduction` says
    /// whether and how deep): passing and still failing high on a reduced
    /// null-window search ends a non-PV node. Returns the score the node
    /// takes (0 when aborted).
    fn null_move(&mut self, node: &Node) -> Option<i32> {
        let r = pruning::null_move_reduction(self.params, node, || self.force())?;
        let beta = node.beta;
        self.make_null_move_at(node.ply);
        self.tt.prefetch(self.pos.key());
        let (depth, ply) = (node.depth - 1 - r, node.ply + 1);
        let v = -self.negamax::<NonPv>(depth, -beta, -beta + 1, ply, !node.cut_node, None);
        self.pos.unmake_null_move();
        if self.aborted {
            return Some(0);
        }
        (v >= beta).then_some(if v >= MATE_BOUND { beta } else { v })
    }

    /// Past the horizon: quiescence, or the static evaluation without it.
    fn horizon(&mut self, in_check: bool, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.params.switches.quiescence {
            self.quiesce(alpha, beta, ply, Some(in_check))
        } else {
            self.enter_node(ply);
            self.evaluate()
        }
    }

    /// Looks the node up in the transposition table: a deep enough entry
    /// whose bound settles the window ends a non-PV node; otherwise its
    /// move (if pseudo-legal here) is searched first.
    #[inline(always)]
    fn probe_tt(&mut self, key: u64, node: &Node) -> Probe {
        let mut hash_move = Move::NULL;
        // a search with a move left out is not the node's search: it
        // neither takes nor leaves a table entry
        if !self.params.switches.tt || !node.excluded.is_null() {
            return Probe::Search(hash_move, None);
        }
        let found = self.tt.probe(key, node.ply);
        if let Some(hit) = found {
            if let Some(m) = hit.mv.filter(|&m| self.pos.is_pseudo_legal(m)) {
                hash_move = m;
            }
            if !node.pv_node && node.ply > 0 && hit.depth >= node.depth {
                // A window at mate scores asks only "a shorter mate?", and the
                // move loop then prunes nothing. An entry left by
                // a search that did prune (an earlier search of the game, from
                // another root, with an ordinary window) may say "no mate" or
                // "a longer one" only because it pruned the quiet mating move:
                // taking it lost a mate in 4 that a fresh table finds (issue
                // 54; tests/mates.rs). So at such a window only an entry that
                // proves a mate settles the node; one that denies it is
                // searched again.
                let deny_low = node.alpha >= MATE_BOUND;
                let deny_high = node.beta <= -MATE_BOUND;
                let usable = match hit.bound {
                    Bound::Exact if hit.score <= node.alpha => !deny_low,
                    Bound::Exact if hit.score >= node.beta => !deny_high,
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= node.beta && !deny_high,
                    Bound::Upper => hit.score <= node.alpha && !deny_low,
                };
                if usable {
                    return Probe::Cutoff(hit.score);
                }
            }
        }
        Probe::Search(hash_move, found)
    }

    /// Step 9: the node's result into the transposition table, with the
    /// bound its window gives it.
    #[inline(always)]
    fn store_tt(&mut self, key: u64, node: &Node, best: i32, best_move: Move) {
        let alpha = node.alpha;
        if self.params.switches.tt && node.excluded.is_null() {
            let bound = if best >= node.beta {
                Bound::Lower
            } else if best > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(key, node.depth, best, bound, best_move, node.ply);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Node;
    use crate::board::{Move, Position};
    use crate::search::options::SearchOptions;
    use crate::search::score::INFINITY;
    use crate::search::test_context::with_context;
    use crate::search::thread::ThreadData;

    /// A node whose static evaluation the futility family did not take (a
    /// principal-variation node) stacks its evaluation too, and
    /// `improving` compares it with the one two plies up.
    #[test]
    fn improving_stacks_the_evaluation_and_compares_two_plies_up() {
        let pos = Position::from_fen(
            "r1ba1abr1/4k4/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/R1B1KAB1R w - - 0 9",
        )
        .expect("valid FEN");
        let mut options = SearchOptions::default();
        options.switches.improving = true;
        let mut data = ThreadData::default();
        with_context(pos, &options, u64::MAX, &mut data, |ctx| {
            let raw = ctx.evaluate();
            for (then, improving) in [(raw - 1, true), (raw, false)] {
                ctx.stack[0].static_eval = Some(then);
                let node = Node {
                    depth: 5,
                    alpha: -INFINITY,
                    beta: INFINITY,
                    ply: 2,
                    pv_node: true,
                    cut_node: false,
                    in_check: false,
                    excluded: Move::NULL,
                    improving: false,
                };
                let node = ctx.improving(node, None);
                assert_eq!(ctx.stack[2].static_eval, Some(raw));
                assert_eq!(node.improving, improving, "two plies up {then}, now {raw}");
            }
        });
    }
}
