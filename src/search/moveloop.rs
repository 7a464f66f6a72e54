//! Step 8 of `negamax`: the move loop. Moves come best first from a
//! [`Picker`]: the move picker (`movepick.rs`: the hash move, captures,
//! killers, quiet moves, losing captures; moves another thread is
//! searching deferred), or where the paper's step runs iProbcut's picker
//! around it (`iprobcut.rs`: its ranking of the rest); quiet late moves
//! near the leaves are
//! skipped by futility and late-move pruning; each remaining move is
//! searched with late move reductions and principal variation search, and
//! a cut-off teaches the history tables (`history.rs`).

use super::context::Context;
use super::iprobcut::{self, IProbcutPicker};
use super::movepick::{MovePicker, Picked};
use super::node::Node;
use super::pruning;
use super::score::{mated_in, INFINITY, MATE_BOUND};
use crate::board::Move;

/// Quiet moves remembered per node for the history's malus.
const MAX_FAILED_QUIETS: usize = 32;

/// What the move loop asks of a node's moves: [`MovePicker`], or a picker
/// that wraps it.
pub(super) trait Picker: Sized {
    /// The picker for `node`'s moves with `hash_move` first if legal;
    /// `None` when there is no legal move (the excluded one aside).
    fn new(ctx: &mut Context, node: &Node, hash_move: Move) -> Option<Self>;
    /// The next move in order (`None` when there is none left, or when a
    /// search the picker ran was aborted: see `ctx.aborted`).
    fn next(&mut self, ctx: &mut Context, node: &Node) -> Option<Picked>;
    /// Whether `mv` is one of the node's killers.
    fn is_killer(&self, mv: Move) -> bool;
    /// Whether `picked`, the move just given, may be deferred.
    fn may_defer(&self, picked: &Picked) -> bool;
    /// Gives `picked` again once every other move is given.
    fn defer(&mut self, picked: &Picked);
    /// The late move reduction of `picked` at `depth`, given the one the
    /// node's rules chose.
    #[inline(always)]
    fn reduction(&self, _picked: &Picked, reduction: i32, _depth: i32) -> i32 {
        reduction
    }
}

impl Picker for MovePicker {
    #[inline(always)]
    fn new(ctx: &mut Context, node: &Node, hash_move: Move) -> Option<Self> {
        MovePicker::new(&mut ctx.picking(), node, hash_move)
    }

    #[inline(always)]
    fn next(&mut self, ctx: &mut Context, node: &Node) -> Option<Picked> {
        MovePicker::next(self, &mut ctx.picking(), node)
    }

    #[inline(always)]
    fn is_killer(&self, mv: Move) -> bool {
        MovePicker::is_killer(self, mv)
    }

    #[inline(always)]
    fn may_defer(&self, picked: &Picked) -> bool {
        MovePicker::may_defer(self, picked)
    }

    #[inline(always)]
    fn defer(&mut self, picked: &Picked) {
        MovePicker::defer(self, picked)
    }
}

/// How the move loop ended.
pub(super) enum LoopEnd {
    /// The moves were searched: the best score and move (the move is NULL
    /// when every move was pruned).
    Searched { best: i32, best_move: Move },
    /// The node's score, not to be stored: mated, or the search aborted.
    Final(i32),
}

impl Context<'_> {
    /// Step 8 with the picker `node` needs: iProbcut's where the paper's
    /// step runs (`iprobcut::applies`), else the move picker.
    #[inline(always)]
    pub(super) fn search_moves(
        &mut self,
        node: Node,
        hash_move: Move,
        hash_extension: i32,
        futility_value: Option<i32>,
        lmp_limit: usize,
    ) -> LoopEnd {
        let (ext, fut, lmp) = (hash_extension, futility_value, lmp_limit);
        if iprobcut::applies(self.params, &node) {
            self.move_loop::<IProbcutPicker>(node, hash_move, ext, fut, lmp)
        } else {
            self.move_loop::<MovePicker>(node, hash_move, ext, fut, lmp)
        }
    }

    /// Step 8: searches the moves of `node` in order (see the module docs).
    /// `futility_value` and `lmp_limit` are steps 7's verdicts.
    pub(super) fn move_loop<P: Picker>(
        &mut self,
        node: Node,
        hash_move: Move,
        hash_extension: i32,
        futility_value: Option<i32>,
        lmp_limit: usize,
    ) -> LoopEnd {
        let Node {
            depth, beta, ply, ..
        } = node;
        let mut alpha = node.alpha;
        // Step 8a. The move picker, its first move ready (the hash move
        // alone when it is legal)
        let Some(mut picker) = P::new(self, &node, hash_move) else {
            return LoopEnd::Final(if node.excluded.is_null() {
                // checkmate and stalemate alike lose for the side to move
                mated_in(ply)
            } else {
                // the left-out move was the only one: its siblings fail low
                alpha
            });
        };
        let busy = self.shared.busy.as_ref().filter(|_| {
            ply > 0 && depth >= self.params.tune.defer_min_depth && self.inner_level == 0
        });
        // quiet moves searched here that did not cut off (history malus)
        let mut failed_quiets = [Move::NULL; MAX_FAILED_QUIETS];
        let mut failed_quiet_count = 0;
        // the moves the continuation histories key this node's quiet moves
        // by, for the reductions
        let prev = self.moves_before(ply);
        let check_candidates = self.pos.check_candidates();
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut quiets_tried = 0;
        // Steps 8b and 8c, in the picker: the rest of the moves once the
        // hash move is searched, and (iProbcut's picker) the paper's step:
        // pre-evaluate, rank and prune the rest
        while let Some(picked) = picker.next(self, &node) {
            let (mv, number) = (picked.mv, picked.number);
            let quiet = !self.pos.is_capture(mv);
            let is_killer = picker.is_killer(mv);
            // the quiet move's main history and both continuation entries:
            // read once for the reduction
            let (main_history, cont_history) = if quiet {
                (
                    self.data.history.score(&self.pos, mv),
                    self.data.conthist.score(&self.pos, mv, &prev),
                )
            } else {
                (0, 0)
            };
            let history_adjust =
                pruning::lmr_history_adjust(self.params, quiet, main_history, cont_history);
            if quiet {
                quiets_tried += 1;
            }

            // Step 8d. Futility and late-move pruning of quiet late moves
            // that were not special before and give no check
            let late = number > 0 && !is_killer && mv != hash_move && best > -MATE_BOUND;
            let prunable = quiet && late;
            let by_rule = futility_value.is_some() || quiets_tried > lmp_limit;
            // with a mate in hand only a shorter one can raise alpha, and
            // neither a pruned nor a reduced move would show it
            let mate_in_hand = alpha >= MATE_BOUND;
            let prune = prunable && by_rule && !mate_in_hand;
            let may_check = check_candidates.may_give_check(mv);
            // a pruned move is only made to see whether it gives check
            // (checks are never pruned): a move that cannot is skipped unmade
            let gives_check = if prune && !may_check {
                false
            } else {
                self.make_move_at(ply, mv);
                self.tt.prefetch(self.pos.key());
                debug_assert!(may_check || !self.pos.in_check(), "{mv} checks unseen");
                may_check && self.pos.in_check()
            };
            if prune && !gives_check {
                if may_check {
                    self.pos.unmake_move();
                }
                if let Some(v) = futility_value {
                    best = best.max(v);
                }
                continue;
            }

            // Step 8e. Lazy SMP: a move another thread is searching waits
            let child_key = self.pos.key();
            if let Some(busy) = busy {
                if picker.may_defer(&picked) && busy.searched_by_another(child_key, self.index) {
                    self.pos.unmake_move();
                    picker.defer(&picked);
                    self.stats.deferred += 1;
                    if quiet {
                        quiets_tried -= 1;
                    }
                    continue;
                }
                busy.enter(child_key, self.index);
            }

            // Step 8f. Reductions: LMR, and iProbcut's for the moves it
            // would have pruned (`ipcreduce`)
            let mut reduction = pruning::late_move_reduction(
                self.params,
                &node,
                number,
                quiet && !is_killer && !gives_check,
                history_adjust,
            );
            reduction = picker.reduction(&picked, reduction, depth);
            if mate_in_hand {
                reduction = 0;
            }
            let extension = match mv == hash_move {
                true if mate_in_hand => hash_extension.max(0),
                true => hash_extension,
                false => 0,
            };

            // Step 8g. Search the child (PVS, re-searched when it surprises)
            let v = self.search_move(&node, alpha, number, reduction, extension, gives_check);
            self.pos.unmake_move();
            if let Some(busy) = busy {
                busy.leave(child_key, self.index);
            }
            if self.aborted {
                return LoopEnd::Final(0);
            }

            // Step 8h. A new best move; at a cut-off the history learns
            if v > best {
                best = v;
                best_move = mv;
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, mv);
                    if ply == 0 {
                        self.root_score = v;
                    }
                    if v >= beta {
                        self.learn_cutoff(&node, mv, quiet, &failed_quiets[..failed_quiet_count]);
                        break;
                    }
                }
            }
            if quiet && failed_quiet_count < failed_quiets.len() {
                failed_quiets[failed_quiet_count] = mv;
                failed_quiet_count += 1;
            }
        }
        if self.aborted {
            // in a search the picker ran (iProbcut's pre-evaluation)
            return LoopEnd::Final(0);
        }
        LoopEnd::Searched { best, best_move }
    }

    /// Step 8h: what a cut-off by `mv` teaches: a quiet move is rewarded
    /// in the main and continuation histories (and the `failed_quiets`
    /// before it penalised) and becomes a killer; a capture teaches
    /// nothing.
    #[inline(always)]
    fn learn_cutoff(&mut self, node: &Node, mv: Move, quiet: bool, failed_quiets: &[Move]) {
        let o = self.params;
        let depth = node.depth;
        if quiet {
            let bonus = super::history::bounded_bonus(depth);
            if o.switches.history {
                let history = &mut self.data.history;
                history.update(&self.pos, mv, bonus);
                for &q in failed_quiets {
                    history.update(&self.pos, q, -bonus);
                }
            }
            let prev = self.moves_before(node.ply);
            let conthist = &mut self.data.conthist;
            conthist.update(&self.pos, mv, &prev, bonus);
            for &q in failed_quiets {
                conthist.update(&self.pos, q, &prev, -bonus);
            }
            if o.switches.killers {
                self.data.history.add_killer(node.ply, mv);
            }
        }
    }
}
