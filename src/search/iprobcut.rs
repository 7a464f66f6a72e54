//! iProbcut's forward pruning at one node (see IPROBCUT.md): the
//! pre-evaluation of the children, their ranking, which of them the deep
//! search follows, and where in the move order the pre-evaluation starts.
//! The node itself is searched by `Context::negamax`.

use super::context::Context;
use super::movepick::OrderingHints;
use super::node::{Node, Pv};
use super::score::{INFINITY, MATE_BOUND};
use super::see::see_at_least;
use crate::board::{Move, MoveList, PieceKind, MAX_MOVES};

/// One pre-evaluated child: its pre-evaluation, the move, and whether it
/// is kept whatever its rank (a tactical move under `keeptactical`).
pub(super) type Ranked = (i32, Move, bool);

impl Context<'_> {
    /// iProbcut's step at one node: every child gets a pre-evaluation
    /// search of depth `pre` (itself a full search with these options, so
    /// deeper pre-searches prune in turn), children are ranked by it, and
    /// only the best `n` — plus any within k·σ of the best, plus the hash
    /// move — stay in `moves`, best first.
    ///
    /// Pre-searches after the n-th use a lower bound: a child that cannot
    /// beat both the n-th best value so far and best − k·σ would be pruned
    /// whatever its exact value, so a fail-low bound is enough for it.
    ///
    /// With `keep_tactical`, checks, captures that do not lose material and
    /// the `killers` stay whatever their pre-evaluation (ranked by it all
    /// the same).
    ///
    /// Returns how many moves were kept. With `reduce` > 0 the pruned moves
    /// follow the kept ones in `moves` (best first) instead of going.
    pub(super) fn forward_prune(
        &mut self,
        moves: &mut MoveList,
        node: &Node,
        hash_move: Move,
        killers: &[Move; 2],
    ) -> usize {
        let mut ranked = [(0i32, Move::NULL, false); MAX_MOVES];
        if !self.pre_evaluate(moves, node.ply, killers, &mut ranked) {
            return moves.len();
        }
        let len = moves.len();
        let kept = self.select_kept(&ranked[..len], hash_move, moves);
        if self.data.log.is_some() {
            self.log_classic(node, &ranked[..len], &moves[..kept]);
        }
        kept
    }

    /// The first half of [`Self::forward_prune`]: the pre-evaluation of
    /// `moves` into `ranked` (one entry per move, best first; ties keep
    /// the move order). False when the search was aborted meanwhile.
    pub(super) fn pre_evaluate(
        &mut self,
        moves: &MoveList,
        ply: usize,
        killers: &[Move; 2],
        ranked: &mut [Ranked; MAX_MOVES],
    ) -> bool {
        let params = &self.params.switches;
        let tune = &self.params.tune;
        let (pre, n) = (tune.ipc_pre, tune.ipc_keep().rank_limit());
        let margin = self.k_percent() * tune.ipc_sigma / 100;
        let see_keep = tune.see_keep;
        let outermost = self.pre_level == 0;
        let (calls_before, nodes_before) = (self.counter.calls, self.stats.nodes);
        self.pre_level += 1;

        let keep_tactical = params.keep_tactical;
        let tt_pre = params.ipc_tt && self.params.switches.tt;
        let mut top: Vec<i32> = Vec::with_capacity(n.min(MAX_MOVES) + 1); // best n values, descending
        let mut best = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            let floor = if top.len() < n {
                -INFINITY
            } else {
                top[n - 1].min(best - margin)
            };
            let mut tactical = keep_tactical
                && (killers.contains(&mv)
                    || (self.pos.is_capture(mv) && see_at_least(&mut self.pos, mv, see_keep)));
            self.make_move_at(ply, mv);
            tactical = tactical || (keep_tactical && self.pos.in_check());
            // a child the table knows to at least `pre` plies (from the
            // previous iteration, mostly) needs no pre-evaluation search
            let known = if tt_pre {
                self.tt
                    .probe(self.pos.key(), ply + 1)
                    .filter(|hit| hit.depth >= pre)
                    .map(|hit| -hit.score)
            } else {
                None
            };
            let v = match known {
                Some(v) => v,
                None => {
                    self.stats.pre_searches += 1;
                    -self.negamax::<Pv>(pre, -INFINITY, -floor, ply + 1, false, None)
                }
            };
            self.pos.unmake_move();
            if self.aborted {
                self.pre_level -= 1;
                return false;
            }
            ranked[i] = (v, mv, tactical);
            best = best.max(v);
            let at = top.partition_point(|&x| x >= v);
            if at < n {
                top.insert(at, v);
                top.truncate(n);
            }
        }
        self.pre_level -= 1;
        if outermost {
            self.stats.pre_evals += self.counter.calls - calls_before;
            self.stats.pre_nodes += self.stats.nodes - nodes_before;
        }
        ranked[..moves.len()].sort_by_key(|&(v, _, _)| std::cmp::Reverse(v)); // stable: ties keep move order
        true
    }

    /// The second half of [`Self::forward_prune`]: the children of the
    /// pre-evaluated `ranked` (best first) that the deep search follows,
    /// into `moves`, best first; returns how many. With `reduce` > 0 the
    /// pruned ones follow them.
    pub(super) fn select_kept(
        &mut self,
        ranked: &[Ranked],
        hash_move: Move,
        moves: &mut MoveList,
    ) -> usize {
        let tune = &self.params.tune;
        let n = tune.ipc_keep().rank_limit();
        let margin = self.k_percent() * tune.ipc_sigma / 100;
        let best = ranked.first().map_or(-INFINITY, |&(v, _, _)| v);
        let floor = best.saturating_sub(margin);
        moves.clear();
        let mut pruned = MoveList::new();
        for (rank, &(v, mv, tactical)) in ranked.iter().enumerate() {
            if rank < n || v > floor || mv == hash_move || tactical {
                moves.push(mv);
            } else {
                pruned.push(mv);
            }
        }
        let kept = moves.len();
        self.stats.pruned += pruned.len() as u64;
        if self.params.ipc_reduce > 0 {
            pruned.iter().for_each(|&mv| moves.push(mv));
        }
        kept
    }

    /// Whether iProbcut's step runs at this node: deep enough above
    /// `threshold` for a `pre`-ply pre-evaluation of the children to be
    /// shallower than their search, not in check, and (`keeptactical`)
    /// not with a mate score in the window.
    #[inline(always)]
    pub(super) fn iprobcut_applies(&self, node: &Node) -> bool {
        let t = &self.params.tune;
        self.params.iprobcut
            && node.excluded.is_null()
            && node.depth > t.ipc_threshold
            && t.ipc_pre < node.depth - 1
            && !node.in_check
            && !(self.params.switches.keep_tactical
                && (node.alpha.abs() >= MATE_BOUND || node.beta.abs() >= MATE_BOUND))
    }

    /// Where iProbcut's pre-evaluation starts in the ordered `moves`: after
    /// the hash move when it comes first, and with `ipclate` after the
    /// captures and killers that lead the order as well.
    pub(super) fn prune_start(
        &self,
        moves: &MoveList,
        hash_first: bool,
        hints: &OrderingHints,
    ) -> usize {
        let first = usize::from(hash_first);
        if !self.params.switches.ipc_late {
            return first;
        }
        first
            + moves[first..]
                .iter()
                .take_while(|&&m| self.pos.is_capture(m) || hints.killers.contains(&m))
                .count()
    }

    /// `k` for the current material: from `k_open` with full armies to
    /// `k_end` with no rooks, horses or cannons left.
    fn k_percent(&self) -> i32 {
        let t = &self.params.tune;
        let phase = self.material_phase();
        t.ipc_k_end + (t.ipc_k_open - t.ipc_k_end) * phase / 256
    }

    /// 256 with all rooks, horses and cannons on the board, 0 with none.
    fn material_phase(&self) -> i32 {
        let mut units = 0;
        for colour in crate::board::Colour::ALL {
            units += 3 * self.pos.count(colour, PieceKind::Rook) as i32;
            units += self.pos.count(colour, PieceKind::Knight) as i32;
            units += self.pos.count(colour, PieceKind::Cannon) as i32;
        }
        units * 256 / 20
    }
}
