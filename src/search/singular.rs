//! Singular extensions with multi-cut, a standard technique of modern
//! alpha-beta engines (singular extensions: Anantharaman, Campbell and
//! Hsu, 1988; multi-cut: Björnsson and Marsland, 1998; Stockfish and
//! Pikafish run the same step). Both algorithms run it (`se`); it is not
//! the paper's iProbcut, whose per-child ranking is `iprobcut.rs`.
//!
//! At a node whose hash move is known to some depth, every *other* child
//! is searched together by one half-depth null-window search of the node
//! with the hash move excluded, against a bound just below the hash
//! move's value. If no sibling reaches it, the hash move is the lone best
//! child and is followed one ply deeper; if the siblings clear beta as
//! well, several children refute the node and it is cut at once
//! (multi-cut); if the hash move's value is above beta but the siblings'
//! is not, the hash move is followed a ply shallower.
//!
//! Until issue 55 this was called iProbcut's "singular step" and ran only
//! under `algorithm=iprobcut`; the old option names stay as aliases.

use super::context::Context;
use super::limits::MAX_EXTENSION_PLY;
use super::node::{Node, NonPv, Singular};
use super::params::SearchParams;
use super::score::MATE_BOUND;
use super::tt::{Bound, TtHit};
use crate::board::Move;

impl Context<'_> {
    /// Step 6b: singular extensions, at a node whose table entry is deep
    /// enough and holds the hash move (see the module docs).
    pub(super) fn singular(
        &mut self,
        node: &Node,
        hash_move: Move,
        hit: Option<&TtHit>,
    ) -> Singular {
        let depth = node.depth;
        // not inside another node's excluded-move search
        let applies = node.excluded.is_null()
            && self.params.switches.singular_extensions
            && !node.in_check
            && node.ply > 0
            && node.ply < MAX_EXTENSION_PLY
            && (node.ply as i32) < 2 * self.root_depth
            && depth >= self.params.tune.se_depth
            // a window at mate scores asks for a mate, which a half-depth
            // search cannot refute or confirm
            && node.alpha.abs() < MATE_BOUND
            && node.beta.abs() < MATE_BOUND
            && !hash_move.is_null();
        let hit = hit.filter(|h| {
            h.depth >= depth - 3 && h.bound != Bound::Upper && h.score.abs() < MATE_BOUND
        });
        match hit {
            Some(hit) if applies => {
                let verdict = self.singular_search(node, hash_move, hit);
                if self.inner_level == 0 {
                    if let Some(log) = self.data.log.as_mut() {
                        let bound = singular_beta(self.params, depth, hit.score);
                        let root_depth = self.root_depth;
                        log.singular(
                            &self.pos, node, root_depth, hash_move, hit.score, bound, verdict,
                        );
                    }
                }
                verdict
            }
            _ => Singular::Plain,
        }
    }

    /// The singular step's search: the node without `hash_move` at half
    /// depth, against a bound just below the entry's value.
    pub(super) fn singular_search(
        &mut self,
        node: &Node,
        hash_move: Move,
        hit: &TtHit,
    ) -> Singular {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let singular_beta = singular_beta(self.params, depth, hit.score);
        let nodes_before = self.stats.nodes;
        let outermost = self.inner_level == 0;
        self.inner_level += 1;
        self.stack[ply].excluded = hash_move;
        let (window, cut_node) = ((singular_beta - 1, singular_beta), node.cut_node);
        let v = self.negamax::<NonPv>(
            (depth - 1) / 2,
            window.0,
            window.1,
            ply,
            cut_node,
            Some(false),
        );
        self.stack[ply].excluded = Move::NULL;
        self.inner_level -= 1;
        // the excluded search wrote its own line at this ply
        self.stack.clear_pv(ply);
        self.stats.singular_searches += 1;
        if outermost {
            self.stats.singular_nodes += self.stats.nodes - nodes_before;
        }
        if self.aborted {
            Singular::Plain
        } else if v < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if hit.score >= beta {
            Singular::Reduce(self.params.tune.se_reduce)
        } else {
            Singular::Plain
        }
    }
}

/// The singular step's bound at a node of `depth` whose hash move is
/// worth `score` in the table.
pub(super) fn singular_beta(p: &SearchParams, depth: i32, score: i32) -> i32 {
    let margin = p.tune.se_margin * depth / 8;
    (score - margin).max(-MATE_BOUND + 1)
}
