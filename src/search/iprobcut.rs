//! iProbcut's forward pruning at one node (see IPROBCUT.md), the paper's
//! step: its own move picker, [`IProbcutPicker`], which wraps the
//! ordinary one (`movepick.rs`) and, once the loop reaches the first move
//! to pre-evaluate, pre-evaluates the children from there on, ranks them
//! and keeps the ones the deep search follows (the pruned ones dropped,
//! or kept last to be searched shallower with `ipcreduce`). The node
//! function asks for this picker only where [`applies`] says the step
//! runs, which with `algorithm=alphabeta` is nowhere.

use super::context::Context;
use super::moveloop::Picker;
use super::movepick::{MovePicker, OrderingHints, Picked};
use super::node::{Node, Pv, Ranked};
use super::params::SearchParams;
use super::score::{INFINITY, MATE_BOUND};
use super::see::see_at_least;
use crate::board::{Move, MoveList, PieceKind, Position, MAX_MOVES};

/// Whether iProbcut's step runs at `node`: with `algorithm=iprobcut`,
/// deep enough above `threshold` for a `pre`-ply pre-evaluation of the
/// children to be shallower than their search, not in check, not in a
/// search with a move left out, and (`keeptactical`) not with a mate score
/// in the window.
#[inline(always)]
pub(super) fn applies(p: &SearchParams, node: &Node) -> bool {
    let t = &p.tune;
    p.iprobcut
        && node.excluded.is_null()
        && node.depth > t.ipc_threshold
        && t.ipc_pre < node.depth - 1
        && !node.in_check
        && !(p.switches.keep_tactical
            && (node.alpha.abs() >= MATE_BOUND || node.beta.abs() >= MATE_BOUND))
}

/// The move picker of a node where iProbcut's step runs: the ordinary
/// picker's moves up to the first one to pre-evaluate, then the rest as
/// the pre-evaluation ranks them.
pub(super) struct IProbcutPicker {
    picker: MovePicker,
    /// The step is still to come at this node ...
    pending: bool,
    /// ... at this index (found once the list is scored) ...
    prune_at: Option<usize>,
    /// ... with the hash move searched before it.
    hash_first: bool,
    /// Moves from this number on were pruned and stayed only to be
    /// searched shallower (`ipcreduce`).
    reduced_from: usize,
    /// `ipcreduce`.
    reduce: i32,
}

impl Picker for IProbcutPicker {
    fn new(ctx: &mut Context, node: &Node, hash_move: Move) -> Option<IProbcutPicker> {
        let picker = MovePicker::new(&mut ctx.picking(), node, hash_move)?;
        // nothing to rank with a single move
        let pending = picker.is_staged() || picker.moves().len() > 1;
        // The hash move is never pruned and comes first; searching it
        // before the pre-evaluations saves them all when it already cuts
        // off. With `ipclate` the captures and killers that follow it are
        // searched first too, and only the quiet rest is pre-evaluated.
        let hash_first = pending && picker.moves()[0] == hash_move;
        Some(IProbcutPicker {
            picker,
            pending,
            prune_at: None,
            hash_first,
            reduced_from: usize::MAX,
            reduce: ctx.params.ipc_reduce,
        })
    }

    /// The next move; `None` also when the step pruned every move left,
    /// or its pre-evaluation was aborted.
    fn next(&mut self, ctx: &mut Context, node: &Node) -> Option<Picked> {
        if !self.picker.advance(&mut ctx.picking(), node) {
            return None;
        }
        if self.pending && !self.step(ctx, node) {
            return None;
        }
        Some(self.picker.take(&mut ctx.picking()))
    }

    fn is_killer(&self, mv: Move) -> bool {
        self.picker.is_killer(mv)
    }

    /// Only once the step is done (the list is final).
    fn may_defer(&self, picked: &Picked) -> bool {
        !self.pending && self.picker.may_defer(picked)
    }

    fn defer(&mut self, picked: &Picked) {
        self.picker.defer(picked)
    }

    /// A move the step would have pruned is reduced at least `ipcreduce`
    /// plies (`ipcreduce` > 0 keeps them).
    fn reduction(&self, picked: &Picked, reduction: i32, depth: i32) -> i32 {
        if picked.number >= self.reduced_from {
            reduction.max(self.reduce).min(depth - 2)
        } else {
            reduction
        }
    }
}

impl IProbcutPicker {
    /// The step, once per node when the picker reaches the first move to
    /// pre-evaluate: the moves from there on are ranked by their
    /// pre-evaluation, and the pruned ones dropped (or kept last, to be
    /// searched shallower). False when no move is left or the
    /// pre-evaluation was aborted.
    fn step(&mut self, ctx: &mut Context, node: &Node) -> bool {
        let i = self.picker.next_index();
        if !self.picker.is_staged() && self.prune_at.is_none() {
            // where the pre-evaluation starts, found once per node in the
            // whole order, which the pre-evaluation then ranks anew
            self.picker.finish_order(&mut ctx.picking());
            let (moves, hints) = (self.picker.moves(), self.picker.hints());
            self.prune_at = Some(prune_start(
                ctx.params,
                &ctx.pos,
                moves,
                self.hash_first,
                hints,
            ));
        }
        if self.prune_at.is_none_or(|at| i < at) {
            return true;
        }
        self.pending = false;
        let mut rest = MoveList::new();
        self.picker.moves()[i..].iter().for_each(|&m| rest.push(m));
        let hints = *self.picker.hints();
        let kept = ctx.forward_prune(&mut rest, node, hints.hash_move, &hints.killers);
        if ctx.aborted {
            return false;
        }
        // keep the ranking of the pre-evaluation for the rest
        self.picker.replace_from(i, &rest);
        self.reduced_from = i + kept;
        i < self.picker.moves().len()
    }
}

/// Where iProbcut's pre-evaluation starts in the ordered `moves` of `pos`:
/// after the hash move when it comes first, and with `ipclate` after the
/// captures and killers that lead the order as well.
pub(super) fn prune_start(
    p: &SearchParams,
    pos: &Position,
    moves: &MoveList,
    hash_first: bool,
    hints: &OrderingHints,
) -> usize {
    let first = usize::from(hash_first);
    if !p.switches.ipc_late {
        return first;
    }
    first
        + moves[first..]
            .iter()
            .take_while(|&&m| pos.is_capture(m) || hints.killers.contains(&m))
            .count()
}

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
        if self.inner_level == 0 {
            if let Some(log) = self.data.log.as_mut() {
                log.classic(
                    &self.pos,
                    node,
                    self.root_depth,
                    &ranked[..len],
                    &moves[..kept],
                );
            }
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
        let outermost = self.inner_level == 0;
        let (calls_before, nodes_before) = (self.counter.calls, self.stats.nodes);
        self.inner_level += 1;

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
                self.inner_level -= 1;
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
        self.inner_level -= 1;
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
