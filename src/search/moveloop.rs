//! Step 8 of `negamax`: the move loop. Moves come best first (a legal
//! hash move before the others are even generated), each brought into
//! place only when the loop gets to it (`picker.rs`); iProbcut's step
//! pre-evaluates and prunes the rest once the hash move, captures and
//! killers are searched; quiet late moves near the leaves are skipped by
//! futility and late-move pruning; with several threads a move another
//! thread is searching is deferred; each remaining move is searched with
//! late move reductions and principal variation search, and a cut-off
//! teaches the history tables.

use super::context::Context;
use super::node::Node;
use super::ordering::OrderingHints;
use super::picker::Picker;
use super::score::{mated_in, INFINITY, MATE_BOUND};
use crate::board::{Move, MoveList, MAX_MOVES};

/// Moves one node may defer (a small array: every node pays for it).
const MAX_DEFERRED: usize = 32;
/// Quiet moves remembered per node for the history's malus (`histstats`).
const MAX_FAILED_QUIETS: usize = 32;

/// How the move loop ended.
pub(super) enum LoopEnd {
    /// The moves were searched: the best score and move (the move is NULL
    /// when every move was pruned).
    Searched { best: i32, best_move: Move },
    /// The node's score, not to be stored: mated, or the search aborted.
    Final(i32),
}

/// What iProbcut's step did at the current move.
enum PruneStep {
    /// Nothing more to do (or done): search the move.
    Search,
    /// Every move left was pruned.
    NoneLeft,
    /// The pre-evaluation was aborted.
    Aborted,
}

/// The moves of one node and where the loop stands in them.
struct NodeMoves {
    /// Best first up to where the loop stands; the rest scored, and
    /// brought into place one by one as the loop gets to them.
    list: MoveList,
    picker: Picker,
    /// False while only the hash move is in `list` (staged generation).
    generated: bool,
    hints: OrderingHints,
    /// iProbcut's step is still to come at this node ...
    prune_pending: bool,
    /// ... at this index (found once the list is generated) ...
    prune_at: Option<usize>,
    /// ... with the hash move searched before it.
    hash_first: bool,
    /// Moves from this index on were pruned by iProbcut and stayed only to
    /// be searched shallower (`ipcreduce`).
    reduced_from: usize,
    /// Lazy SMP: moves another thread is searching go to the end of the
    /// list; `deferred_from` is where the moved copies start, and
    /// `deferred_index[k]` the place copy k had (what LMR and the pruning
    /// rules count), so a deferred move is searched as it would have
    /// been, only later.
    deferred_from: usize,
    deferred_index: [u8; MAX_DEFERRED],
}

impl NodeMoves {
    /// The place in the order of the move at `i` (a deferred copy keeps
    /// its own).
    #[inline(always)]
    fn number(&self, i: usize) -> usize {
        if i >= self.deferred_from {
            usize::from(self.deferred_index[i - self.deferred_from])
        } else {
            i
        }
    }
}

impl Context<'_> {
    /// Step 8: searches the moves of `node` in order (see the module docs).
    /// `futility_value` and `lmp_limit` are steps 7's verdicts.
    pub(super) fn move_loop(
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
        // Step 8a. The first moves (the hash move alone when staged)
        let mut moves = NodeMoves {
            list: MoveList::new(),
            picker: Picker::DONE,
            generated: true,
            hints: self.hints(ply, hash_move),
            prune_pending: false,
            prune_at: None,
            hash_first: false,
            reduced_from: usize::MAX,
            deferred_from: usize::MAX,
            deferred_index: [0; MAX_DEFERRED],
        };
        if !self.first_moves(&node, &mut moves) {
            return LoopEnd::Final(if node.excluded.is_null() {
                // checkmate and stalemate alike lose for the side to move
                mated_in(ply)
            } else {
                // the left-out move was the only one: its siblings fail low
                alpha
            });
        };
        let busy = self.shared.busy.as_ref().filter(|_| {
            ply > 0 && depth >= self.options.tune.defer_min_depth && self.pre_level == 0
        });
        // quiet moves searched here that did not cut off (history malus)
        let mut failed_quiets = [Move::NULL; MAX_FAILED_QUIETS];
        let mut failed_quiet_count = 0;
        // the moves the continuation histories key this node's quiet moves
        // by, for `histstats`' reductions
        let stats_prev = self
            .options
            .switches
            .history_stats
            .then(|| self.moves_before(ply));
        let check_candidates = self.pos.check_candidates();
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut quiets_tried = 0;
        let mpc_bound = self.mpclow_bound(&node);
        let mut i = 0;
        while i < moves.list.len() || !moves.generated {
            // Step 8b. The rest of the moves, once the hash move is searched
            if i == 1 && !moves.generated && !self.generate_rest(&node, &mut moves) {
                break;
            }
            // Step 8c. iProbcut's step: pre-evaluate, rank and prune the rest
            match self.iprobcut_step(&node, &mut moves, i) {
                PruneStep::Search => {}
                PruneStep::NoneLeft => break,
                PruneStep::Aborted => return LoopEnd::Final(0),
            }
            self.place_move(ply, &mut moves.picker, &mut moves.list, i);
            let mv = moves.list[i];
            let deferred = i >= moves.deferred_from;
            let number = moves.number(i);
            let quiet = !self.pos.is_capture(mv);
            let is_killer = moves.hints.killers.contains(&mv);
            // the quiet move's main history and, with `histstats`, both
            // continuation entries: read once for the reduction
            let (main_history, cont_history) = match &stats_prev {
                Some(prev) if quiet => (
                    self.data.history.quiet_score(&self.pos, mv),
                    self.data.conthist.score(&self.pos, mv, prev),
                ),
                _ => (0, 0),
            };
            let history_adjust = self.lmr_history_adjust(quiet, mv, main_history, cont_history);
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
            let mate_in_hand = self.options.switches.mate_guard && alpha >= MATE_BOUND;
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
                i += 1;
                continue;
            }

            // Step 8d'. Multi-ProbCut on the fail-low side (`mpclow.rs`)
            if let Some(bound) = mpc_bound.filter(|_| prunable && !gives_check && !mate_in_hand) {
                let pruned = self.mpclow_prunes(&node, number, bound);
                if pruned || self.aborted {
                    self.pos.unmake_move();
                    if self.aborted {
                        return LoopEnd::Final(0);
                    }
                    best = best.max(bound - 1);
                    i += 1;
                    continue;
                }
            }

            // Step 8e. Lazy SMP: a move another thread is searching waits
            let child_key = self.pos.key();
            if let Some(busy) = busy {
                // deferred once at most, and only once the list is final
                if number > 0
                    && !deferred
                    && moves.generated
                    && !moves.prune_pending
                    && moves.list.len() < MAX_MOVES
                    && moves.list.len() - moves.deferred_from.min(moves.list.len()) < MAX_DEFERRED
                    && busy.searched_by_another(child_key, self.index)
                {
                    self.pos.unmake_move();
                    let len = moves.list.len();
                    moves.deferred_from = moves.deferred_from.min(len);
                    moves.deferred_index[len - moves.deferred_from] = i as u8;
                    moves.list.push(mv);
                    self.stats.deferred += 1;
                    if quiet {
                        quiets_tried -= 1;
                    }
                    i += 1;
                    continue;
                }
                busy.enter(child_key, self.index);
            }

            // Step 8f. Reductions: LMR, and iProbcut's for the moves it
            // would have pruned (`ipcreduce`)
            let mut reduction = self.late_move_reduction(
                &node,
                number,
                quiet && !is_killer && !gives_check,
                history_adjust,
            );
            if number >= moves.reduced_from {
                reduction = reduction.max(self.options.iprobcut.reduce).min(depth - 2);
            }
            if mate_in_hand {
                reduction = 0;
            }
            // the siblings of a lone best hash move were all below it at
            // half depth (the singular step): follow them shallower
            if hash_extension > 0 && mv != hash_move && !gives_check {
                let sibling = self.options.tune.se_sibling;
                reduction = (reduction + sibling).min(depth - 2).max(0);
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
                        self.stats.cutoffs += 1;
                        self.learn_cutoff(&node, mv, quiet, &failed_quiets[..failed_quiet_count]);
                        break;
                    }
                }
            }
            if quiet && failed_quiet_count < failed_quiets.len() {
                failed_quiets[failed_quiet_count] = mv;
                failed_quiet_count += 1;
            }
            i += 1;
        }
        LoopEnd::Searched { best, best_move }
    }

    /// What move ordering may use at `ply`.
    #[inline(always)]
    pub(super) fn hints(&self, ply: usize, hash_move: Move) -> OrderingHints {
        let o = self.options;
        OrderingHints {
            hash_move,
            killers: if o.switches.killers {
                self.data.history.killers(ply)
            } else {
                [Move::NULL; 2]
            },
            use_history: o.switches.history,
            use_see: o.switches.see,
            see_threshold: o.tune.see_order,
        }
    }

    /// Step 8a: the first moves into `moves`: a legal hash move alone (its
    /// cut-off saves generating and ordering the others, and the others are
    /// ordered by the history as its search left it), else every legal
    /// move in order; false when there is none.
    #[inline(always)]
    fn first_moves(&mut self, node: &Node, moves: &mut NodeMoves) -> bool {
        let ply = node.ply;
        let hash_move = moves.hints.hash_move;
        let staged = !hash_move.is_null()
            && self.pos.is_legal(hash_move)
            && !(ply == 0 && self.banned.contains(&hash_move));
        if staged {
            moves.list.push(hash_move);
            moves.generated = false;
        } else {
            let (hints, excluded) = (&moves.hints, node.excluded);
            moves.picker = self.scored_moves(node.in_check, ply, hints, excluded, &mut moves.list);
            if moves.list.is_empty() {
                return false;
            }
            // the first move now, for the test of `hash_first` below
            self.place_move(ply, &mut moves.picker, &mut moves.list, 0);
        }
        let prune_here = self.iprobcut_applies(node) && (staged || moves.list.len() > 1);
        moves.prune_pending = prune_here;
        // The hash move is never pruned and comes first; searching it
        // before the pre-evaluations saves them all when it already cuts
        // off. With `ipclate` the captures and killers that follow it are
        // searched first too, and only the quiet rest is pre-evaluated.
        moves.hash_first = prune_here && moves.list[0] == hash_move;
        true
    }

    /// Step 8b: after a staged hash move, the other moves in order behind
    /// it; false when there are none.
    fn generate_rest(&mut self, node: &Node, moves: &mut NodeMoves) -> bool {
        moves.generated = true;
        let (hints, ply) = (&moves.hints, node.ply);
        moves.list.clear();
        moves.picker = self.scored_moves(node.in_check, ply, hints, Move::NULL, &mut moves.list);
        // the hash move, ranked above all, takes its place again
        self.place_move(ply, &mut moves.picker, &mut moves.list, 0);
        debug_assert_eq!(
            moves.list[0], hints.hash_move,
            "staged hash move not generated"
        );
        moves.list.len() > 1
    }

    /// Step 8c: iProbcut's step (see `iprobcut.rs`), once per node when
    /// the loop reaches the first move to pre-evaluate: the moves from
    /// there on are ranked by their pre-evaluation, and the pruned ones
    /// dropped (or kept at the end to be searched shallower).
    #[inline(always)]
    fn iprobcut_step(&mut self, node: &Node, moves: &mut NodeMoves, i: usize) -> PruneStep {
        if !moves.prune_pending {
            return PruneStep::Search;
        }
        if moves.generated && moves.prune_at.is_none() {
            // where the pre-evaluation starts, found once per node in the
            // whole order, which the pre-evaluation then ranks anew
            self.finish_order(node.ply, &mut moves.picker, &mut moves.list);
            moves.prune_at = Some(self.prune_start(&moves.list, moves.hash_first, &moves.hints));
        }
        if moves.prune_at.is_none_or(|at| i < at) {
            return PruneStep::Search;
        }
        moves.prune_pending = false;
        let mut rest = MoveList::new();
        moves.list[i..].iter().for_each(|&m| rest.push(m));
        let killers = moves.hints.killers;
        let kept = self.forward_prune(&mut rest, node, moves.hints.hash_move, &killers);
        if self.aborted {
            return PruneStep::Aborted;
        }
        // keep the ranking of the pre-evaluation for the rest
        moves.list.truncate(i);
        rest.iter().for_each(|&m| moves.list.push(m));
        moves.reduced_from = i + kept;
        if i >= moves.list.len() {
            PruneStep::NoneLeft
        } else {
            PruneStep::Search
        }
    }

    /// Step 8f: the plies the history takes off a quiet move's late move
    /// reduction (see `late_move_reduction`): one for a move in the top
    /// quarter of the history, or with `histstats` twice the main history
    /// plus both continuation histories (`main_history`, `cont_history`)
    /// per `lmr_hist_div` (negative, a deeper reduction, for moves that
    /// mostly failed).
    #[inline(always)]
    fn lmr_history_adjust(
        &self,
        quiet: bool,
        mv: Move,
        main_history: i32,
        cont_history: i32,
    ) -> i32 {
        let o = self.options;
        if !quiet || !o.switches.lmr_table {
            0
        } else if o.switches.history_stats {
            (2 * main_history + cont_history) / o.tune.lmr_hist_div
        } else {
            i32::from(self.data.history.is_good(&self.pos, mv))
        }
    }

    /// Step 8h: what a cut-off by `mv` teaches: a quiet move is rewarded
    /// in the history (and the `failed_quiets` before it penalised, with
    /// `histstats`) and becomes a killer; a capture teaches nothing.
    #[inline(always)]
    fn learn_cutoff(&mut self, node: &Node, mv: Move, quiet: bool, failed_quiets: &[Move]) {
        let o = self.options;
        let depth = node.depth;
        if quiet {
            let bonus = super::ordering::bounded_bonus(depth);
            if o.switches.history && o.switches.history_stats {
                self.data.history.update_bounded(&self.pos, mv, bonus);
                for &q in failed_quiets {
                    self.data.history.update_bounded(&self.pos, q, -bonus);
                }
            } else if o.switches.history {
                self.data.history.reward(&self.pos, mv, depth);
            }
            if o.switches.history_stats {
                let prev = self.moves_before(node.ply);
                self.data
                    .conthist
                    .update_bounded(&self.pos, mv, &prev, bonus);
                for &q in failed_quiets {
                    self.data
                        .conthist
                        .update_bounded(&self.pos, q, &prev, -bonus);
                }
            }
            if o.switches.killers {
                self.data.history.add_killer(node.ply, mv);
            }
        }
    }
}
