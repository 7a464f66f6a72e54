//! Research tools, outside the search's core: `chuhe ipc-quality`'s
//! measure of iProbcut's steps ([`quality`]) and the exact mate prover
//! ([`prover`]). Nothing in the core imports this module; the measure
//! talks to the search through the few functions below, which run one
//! step of the search on a [`Context`] the way a node runs it, and through
//! the node log the search writes when one is installed (`steplog.rs`).

pub mod prover;
pub mod quality;

use super::context::Context;
use super::iprobcut;
use super::movepick::{self, OrderingHints};
use super::node::{Node, Ranked, Singular};
use super::singular;
use super::tt::TtHit;
use crate::board::{Move, MoveList, MAX_MOVES};

/// The legal moves at `ply` (banned root moves left out), best first,
/// into `moves`: the whole order the move picker would give at once.
pub(super) fn ordered_moves(
    ctx: &mut Context,
    in_check: bool,
    ply: usize,
    hints: &OrderingHints,
    moves: &mut MoveList,
) {
    let ctx = &mut ctx.picking();
    movepick::generate_legal(ctx, in_check, ply, moves);
    let mut sort = movepick::score_list(ctx, ply, hints, moves);
    movepick::finish_order(ctx, ply, &mut sort, moves);
}

/// The singular step's bound at a node of `depth` whose hash move is
/// worth `score` in the table.
pub(super) fn singular_bound(ctx: &Context, depth: i32, score: i32) -> i32 {
    singular::singular_beta(ctx.params, depth, score)
}

/// The singular step's search at `node` for `hash_move`, whose table
/// entry is `hit`, and its verdict.
pub(super) fn singular_verdict(
    ctx: &mut Context,
    node: &Node,
    hash_move: Move,
    hit: &TtHit,
) -> Singular {
    ctx.singular_search(node, hash_move, hit)
}

/// Where iProbcut's pre-evaluation starts in the ordered `moves` at the
/// context's position.
pub(super) fn prune_start(
    ctx: &Context,
    moves: &MoveList,
    hash_first: bool,
    hints: &OrderingHints,
) -> usize {
    iprobcut::prune_start(ctx.params, &ctx.pos, moves, hash_first, hints)
}

/// iProbcut's pre-evaluation of `moves` (children of the node at `ply`)
/// into `ranked`, best first; false when aborted.
pub(super) fn pre_evaluate(
    ctx: &mut Context,
    moves: &MoveList,
    ply: usize,
    killers: &[Move; 2],
    ranked: &mut [Ranked; MAX_MOVES],
) -> bool {
    ctx.pre_evaluate(moves, ply, killers, ranked)
}

/// The children of `ranked` that iProbcut's deep search follows, into
/// `moves`; how many.
pub(super) fn select_kept(
    ctx: &mut Context,
    ranked: &[Ranked],
    hash_move: Move,
    moves: &mut MoveList,
) -> usize {
    ctx.select_kept(ranked, hash_move, moves)
}
