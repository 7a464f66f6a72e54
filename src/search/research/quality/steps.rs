//! The two steps run at the root by the search's own functions, on the
//! tables the search to `d − 1` left (or cleared ones).

use super::super as research;
use super::{nodes, ClassicSample, SingularSample};
use crate::board::{Move, MoveList, MAX_MOVES};
use crate::search::context::Context;
use crate::search::movepick::OrderingHints;
use crate::search::node::Node;
use crate::search::score::MATE_BOUND;
use crate::search::tt::{Bound, TtHit};

/// What the classic step did, for the truth to judge.
pub(super) struct Step {
    pub sample: ClassicSample,
    /// The moves searched before it, the ranked ones best first, and the
    /// pruned ones.
    pub leading: Vec<Move>,
    pub ranked: Vec<Move>,
    pub pruned: Vec<Move>,
}

/// The singular step at the root as `Context::singular` runs it at a node
/// of `depth` whose beta is the singular bound; `None` when the table
/// entry `hit` does not qualify (no move, too shallow, an upper bound, a
/// mate score).
pub(super) fn singular_step(
    ctx: &mut Context,
    depth: i32,
    hit: &TtHit,
    hash_move: Move,
) -> Option<SingularSample> {
    let t = &ctx.params.tune;
    let usable = !hash_move.is_null()
        && hit.depth >= depth - 3
        && hit.bound != Bound::Upper
        && hit.score.abs() < MATE_BOUND;
    if !usable {
        return None;
    }
    let in_play = depth >= t.se_depth;
    let singular_beta = research::singular_bound(ctx, depth, hit.score);
    let node = Node {
        depth,
        alpha: singular_beta - 1,
        beta: singular_beta,
        ply: 0,
        pv_node: false,
        cut_node: false,
        in_check: false,
        excluded: Move::NULL,
        improving: false,
    };
    let before = ctx.stats.singular_nodes;
    let verdict = research::singular_verdict(ctx, &node, hash_move, hit);
    let verdict = nodes::verdict_name(verdict);
    Some(SingularSample {
        in_play,
        hash_move: hash_move.to_string(),
        hash_score: hit.score,
        singular_beta,
        beta: singular_beta,
        verdict,
        hash_best: false,
        second: 0,
        pre_nodes: ctx.stats.singular_nodes - before,
    })
}

/// The classic step at the root for a node of `depth`: with `in_play`
/// from where the move loop starts it (after the hash move, and with
/// `ipclate` the captures and killers leading the order), otherwise over
/// every child. `None` when `pre` ≥ `depth − 1`.
pub(super) fn classic_step(
    ctx: &mut Context,
    depth: i32,
    hash_move: Move,
    in_play: bool,
) -> Option<Step> {
    let t = &ctx.params.tune;
    if t.ipc_pre >= depth - 1 {
        return None;
    }
    let gate = ctx.params.iprobcut && depth > t.ipc_threshold;
    let hints = OrderingHints::at(&ctx.picking(), 0, hash_move);
    let mut list = MoveList::new();
    research::ordered_moves(ctx, false, 0, &hints, &mut list);
    let start = if in_play {
        let hash_first = !hash_move.is_null() && list.first() == Some(&hash_move);
        research::prune_start(ctx, &list, hash_first, &hints)
    } else {
        0
    };
    let mut rest = MoveList::new();
    list[start..].iter().for_each(|&m| rest.push(m));
    let (before, searches_before) = (ctx.stats.pre_nodes, ctx.stats.pre_searches);
    let mut ranked = [(0, Move::NULL, false); MAX_MOVES];
    research::pre_evaluate(ctx, &rest, 0, &hints.killers, &mut ranked);
    let ranked = &ranked[..rest.len()];
    let mut kept = MoveList::new();
    let kept_count = research::select_kept(ctx, ranked, hash_move, &mut kept);
    let kept = &kept[..kept_count];
    let order: Vec<Move> = ranked.iter().map(|&(_, m, _)| m).collect();
    let pruned: Vec<Move> = order
        .iter()
        .copied()
        .filter(|m| !kept.contains(m))
        .collect();
    let sample = ClassicSample {
        in_play: gate,
        leading: start,
        ranked: rest.len(),
        searched: ctx.stats.pre_searches - searches_before,
        kept: kept_count,
        pruned: pruned.len(),
        best_rank: None,
        best_pruned: false,
        loss: 0,
        changed: false,
        pre_nodes: ctx.stats.pre_nodes - before,
    };
    Some(Step {
        sample,
        leading: list[..start].to_vec(),
        ranked: order,
        pruned,
    })
}
