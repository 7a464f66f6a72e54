//! The pruning and reduction rules of `negamax`, one small pure function
//! each of the node, its static evaluation and the search's parameters
//! (`params.rs`), in the order the node applies them: whether the static
//! evaluation is wanted, reverse futility, null move, futility, late-move
//! pruning and late move reductions. Their numbers are tunables
//! (`super::tunables`: `rfp_*`, `null_*`, `futility_*`, `lmp_*`, `lmr_*`);
//! margins are in evaluation units (a pawn is 10 in the default profile).
//! The searches some of them ask for (the null move's) are the node
//! function's (`negamax.rs`).

use super::node::Node;
use super::params::SearchParams;
use super::score::MATE_BOUND;

/// Step 4: whether the futility family needs the static evaluation: at
/// non-PV nodes not in check near enough to the leaves for reverse
/// futility or futility to apply.
#[inline(always)]
pub(super) fn wants_static_eval(p: &SearchParams, node: &Node) -> bool {
    let t = &p.tune;
    !node.pv_node
        && !node.in_check
        && node.ply > 0
        && ((p.switches.reverse_futility && node.depth <= t.rfp_depth)
            || (p.switches.futility && node.depth <= t.futility_depth))
}

/// Step 5, reverse futility (static null move): a static evaluation so
/// far above beta that no quiet move of ours is needed to stay above it
/// returns that evaluation. Not where beta is below `-losing_beta`: a
/// side that is losing by that much faces an opponent with the material
/// to mate, and a static margin does not see a mating attack coming
/// (on the mate puzzles of `tests/data/mates.tsv` this was the pruning
/// that lost most short mates, see docs/mates.md).
#[inline(always)]
pub(super) fn reverse_futility(p: &SearchParams, node: &Node, eval: Option<i32>) -> Option<i32> {
    let eval = eval?;
    (p.switches.reverse_futility
        && node.depth <= p.tune.rfp_depth
        && node.beta.abs() < MATE_BOUND
        && node.beta >= -p.tune.losing_beta
        && eval - p.tune.rfp_margin * (node.depth - i32::from(node.improving)) >= node.beta)
        .then_some(eval)
}

/// Step 6, null-move pruning: the plies the null move's search is reduced
/// by (beyond the move itself), or `None` when it is not tried: never in
/// check, at the root, near a mate score, with less `force` than
/// `null_min_force` (zugzwang; asked last, it costs a count of pieces) or
/// where beta is below `-losing_beta` (the opponent moving twice has the
/// material to mate, which a reduced search may not see).
#[inline(always)]
pub(super) fn null_move_reduction(
    p: &SearchParams,
    node: &Node,
    force: impl FnOnce() -> i32,
) -> Option<i32> {
    let t = &p.tune;
    let tries = p.switches.null_move
        && !node.pv_node
        && !node.in_check
        && node.ply > 0
        && node.depth >= t.null_min_depth
        && node.beta.abs() < MATE_BOUND
        && node.beta >= -t.losing_beta
        && force() >= t.null_min_force;
    tries.then(|| t.null_reduction + i32::from(node.depth >= t.null_deep_depth))
}

/// Step 7a, futility pruning: when the static evaluation plus
/// `futilitymargin` per ply cannot reach alpha, quiet moves that give no
/// check are skipped; the value is what the node scores them at.
#[inline(always)]
pub(super) fn futility_value(p: &SearchParams, node: &Node, eval: Option<i32>) -> Option<i32> {
    eval.filter(|_| {
        p.switches.futility && node.depth <= p.tune.futility_depth && node.alpha.abs() < MATE_BOUND
    })
    .map(|e| e + p.tune.futility_margin * node.depth)
    .filter(|&v| v <= node.alpha)
}

/// Step 7b, late-move pruning: at shallow non-PV nodes only the first
/// `lmp_<depth>` quiet moves are searched (xiangqi positions have some
/// 40 moves, more than chess, so the counts are generous).
#[inline(always)]
pub(super) fn lmp_limit(p: &SearchParams, node: &Node) -> usize {
    if p.switches.late_move_pruning
        && !node.pv_node
        && !node.in_check
        && node.ply > 0
        && node.depth <= p.tune.lmp_depth
    {
        let quiets = p.tune.lmp_quiets(node.depth);
        if node.improving {
            quiets + quiets / 2
        } else {
            quiets
        }
    } else {
        usize::MAX
    }
}

/// Late move reductions, in the move loop: plies less for the
/// `number`-th move (0-based) when it is `quiet` (not a capture, killer
/// or check) and late enough: from the log-log table (`lmr.rs`) less one
/// for PV nodes and less `history_adjust` ([`lmr_history_adjust`]).
#[inline(always)]
pub(super) fn late_move_reduction(
    p: &SearchParams,
    node: &Node,
    number: usize,
    quiet: bool,
    history_adjust: i32,
) -> i32 {
    let t = &p.tune;
    let depth = node.depth;
    if !(p.switches.lmr
        && number >= t.lmr_first_move as usize
        && depth >= t.lmr_min_depth
        && quiet
        && !node.in_check)
    {
        return 0;
    }
    let r = p.lmr.get(depth, number) - i32::from(node.pv_node) - history_adjust;
    r.clamp(0, depth - 2)
}

/// The plies the history takes off a quiet move's late move reduction:
/// twice the main history plus both continuation histories
/// (`main_history`, `cont_history`) per `lmr_hist_div` (negative, a
/// deeper reduction, for moves that mostly failed); 0 for a capture.
#[inline(always)]
pub(super) fn lmr_history_adjust(
    p: &SearchParams,
    quiet: bool,
    main_history: i32,
    cont_history: i32,
) -> i32 {
    if quiet {
        (2 * main_history + cont_history) / p.tune.lmr_hist_div
    } else {
        0
    }
}
