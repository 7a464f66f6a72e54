//! MultiPV: the k best root moves of each iteration.
//!
//! Line 1 is the ordinary iteration (so `multipv 1` is the plain search,
//! node for node). Each further line searches the root again at the same
//! depth, full window, with the moves of the lines before it excluded, as
//! if they were banned. The root's hash entry is put back to line 1
//! afterwards, so the next iteration starts from the same best move.

use super::context::Context;
use super::score::INFINITY;
use super::tt::Bound;
use super::RootLine;
use crate::board::Move;

/// The most lines a search reports (more than any GUI shows usefully).
pub const MAX_LINES: u32 = 64;

/// The `want` best lines at `depth`, best first, given line 1 (`score`,
/// `pv`) just found by the iteration. Fewer come back when the root has
/// fewer moves or the search was aborted meanwhile (then `ctx.aborted` is
/// set and the lines are the complete ones). Returns just line 1 when
/// `want` is 1, without searching.
pub(crate) fn root_lines(
    ctx: &mut Context<'_>,
    depth: i32,
    score: i32,
    pv: &[Move],
    want: usize,
) -> Vec<RootLine> {
    let mut lines = vec![RootLine {
        score,
        pv: pv.to_vec(),
    }];
    if want <= 1 || pv.is_empty() {
        return lines;
    }
    let banned_before = ctx.banned.len();
    while lines.len() < want {
        let last = lines[lines.len() - 1].pv[0];
        ctx.banned.push(last);
        let v = ctx.negamax::<super::node::Root>(depth, -INFINITY, INFINITY, 0, false, None);
        if ctx.aborted || ctx.stack.pv(0).is_empty() {
            break;
        }
        lines.push(RootLine {
            score: v,
            pv: ctx.root_pv(),
        });
    }
    ctx.banned.truncate(banned_before);
    if ctx.params.switches.tt {
        // the later lines stored their own move for the root
        let key = ctx.pos.key();
        ctx.tt.store(key, depth, score, Bound::Exact, pv[0], 0);
    }
    // a later line may come out above an earlier one (the search is not
    // exact with forward pruning); the order shown is by score
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
    lines
}
