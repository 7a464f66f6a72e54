//! The node function of the main search, `negamax`, as a sequence of
//! named steps (the way Pikafish's `search.cpp` numbers its own): draws
//! and mate distance, the horizon, the transposition table, the static
//! evaluation, each pruning rule (see `pruning.rs`, beside their
//! tunables), and the move loop with iProbcut's step and late move
//! reductions.

use super::context::Context;
use super::limits::MAX_PLY;
use super::ordering::OrderingHints;
use super::score::{mated_in, INFINITY, MATE_BOUND};
use super::tt::Bound;
use crate::board::{Move, MoveList, MAX_MOVES};

/// Deepest ply at which a check still extends (keeps the tree finite).
const MAX_EXTENSION_PLY: usize = MAX_PLY / 2;
/// Moves one node may defer (a small array: every node pays for it).
const MAX_DEFERRED: usize = 32;

/// What the pruning rules ask of a node: its window, remaining depth,
/// distance from the root, and kind.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub depth: i32,
    pub alpha: i32,
    pub beta: i32,
    pub ply: usize,
    /// An open window (a principal-variation node): nothing is pruned.
    pub pv_node: bool,
    pub in_check: bool,
}

/// What the transposition table says about a node.
enum Probe {
    /// A stored score that settles the node.
    Cutoff(i32),
    /// Search on, starting with this move (`Move::NULL`: none).
    Search(Move),
}

impl Context<'_> {
    /// Negamax alpha-beta from the side to move's view.
    pub fn negamax(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let known_check = self.known_check.take();
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = 0;

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
        if in_check && self.options.check_extension && ply < MAX_EXTENSION_PLY {
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
            in_check,
        };

        // Step 3. Transposition table probe
        let key = self.pos.key();
        let hash_move = match self.probe_tt(key, &node) {
            Probe::Cutoff(score) => return score,
            Probe::Search(mv) => mv,
        };

        // Step 4. Static evaluation (for the futility family only)
        let static_eval = self.static_eval(&node);

        // Step 5. Reverse futility pruning
        if let Some(score) = self.reverse_futility(&node, static_eval) {
            return score;
        }

        // Step 6. Null-move pruning
        if allow_null {
            if let Some(score) = self.null_move(&node) {
                return score;
            }
        }

        // Step 7. Futility and late-move pruning: what the move loop skips
        let futility_value = self.futility_value(&node, static_eval);
        let lmp_limit = self.lmp_limit(&node);

        // Step 8. The move loop (iProbcut's step, LMR, PVS)
        // Step 9 (inside). Store the result in the transposition table
        self.move_loop(node, key, hash_move, futility_value, lmp_limit)
    }

    /// Past the horizon: quiescence, or the static evaluation without it.
    fn horizon(&mut self, in_check: bool, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.options.quiescence {
            self.known_check = Some(in_check);
            self.quiesce(alpha, beta, ply)
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
        if !self.options.tt {
            return Probe::Search(hash_move);
        }
        self.stats.tt_probes += 1;
        if let Some(hit) = self.tt.probe(key, node.ply) {
            self.stats.tt_hits += 1;
            if let Some(m) = hit.mv.filter(|&m| self.pos.is_pseudo_legal(m)) {
                hash_move = m;
            }
            if !node.pv_node && node.ply > 0 && hit.depth >= node.depth {
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= node.beta,
                    Bound::Upper => hit.score <= node.alpha,
                };
                if usable {
                    return Probe::Cutoff(hit.score);
                }
            }
        }
        Probe::Search(hash_move)
    }

    /// Step 8: searches the moves in order, stores the result in the
    /// transposition table (step 9) and returns the best score.
    fn move_loop(
        &mut self,
        node: Node,
        key: u64,
        hash_move: Move,
        futility_value: Option<i32>,
        lmp_limit: usize,
    ) -> i32 {
        let Node {
            depth,
            mut alpha,
            beta,
            ply,
            in_check,
            ..
        } = node;
        let hints = OrderingHints {
            hash_move,
            killers: if self.options.killers {
                self.history.killers(ply)
            } else {
                [Move::NULL; 2]
            },
            use_history: self.options.history,
            use_see: self.options.see,
            see_threshold: self.options.tune.see_order,
            countermove: if self.options.countermove {
                self.history.countermove(&self.pos)
            } else {
                Move::NULL
            },
            use_capture_history: self.options.capture_history,
        };
        // captures searched here that did not cut off (capture history)
        let mut failed_captures = [Move::NULL; 16];
        let mut failed_count = 0;
        // Staged generation: a legal hash move is searched before the other
        // moves are generated (and ordered); its cut-off saves both. The
        // order of the moves searched is the same either way.
        let staged = self.options.staged_movegen
            && !hash_move.is_null()
            && self.pos.is_legal(hash_move)
            && !(ply == 0 && self.banned.contains(&hash_move));
        let mut generated = !staged;
        let mut moves = MoveList::new();
        if staged {
            moves.push(hash_move);
        } else {
            self.ordered_moves(in_check, ply, &hints, &mut moves);
            if moves.is_empty() {
                // checkmate and stalemate alike lose for the side to move
                return mated_in(ply);
            }
        }

        let ipc = &self.options.iprobcut;
        let prune_here = self.iprobcut_applies(&node) && (!generated || moves.len() > 1);
        // The hash move is never pruned and comes first; searching it before
        // the pre-evaluations saves them all when it already cuts off. With
        // `ipclate` the captures and killers that follow it are searched
        // first too, and only the quiet rest is pre-evaluated.
        let hash_first = prune_here && moves[0] == hash_move;
        let mut prune_pending = prune_here;
        let mut prune_at: Option<usize> = None;
        // moves from this index on were pruned by iProbcut and stayed only
        // to be searched shallower (`ipcreduce`)
        let mut reduced_from = usize::MAX;

        // lazy SMP: moves another thread is searching go to the end of the
        // list; `deferred_from` is where the moved copies start, and
        // `deferred_index[k]` the place copy k had (what LMR and the
        // pruning rules count), so a deferred move is searched as it would
        // have been, only later
        let busy = self.shared.busy.as_ref().filter(|_| {
            ply > 0 && depth >= self.options.tune.defer_min_depth && self.pre_level == 0
        });
        let mut deferred_from = usize::MAX;
        let mut deferred_index = [0u8; MAX_DEFERRED];

        let check_candidates = self.pos.check_candidates();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut quiets_tried = 0;
        let mut i = 0;
        while i < moves.len() || !generated {
            if i == 1 && !generated {
                generated = true;
                let mut rest = MoveList::new();
                self.ordered_moves(in_check, ply, &hints, &mut rest);
                moves.clear();
                moves.push(hash_move);
                rest.iter()
                    .filter(|&&m| m != hash_move)
                    .for_each(|&m| moves.push(m));
                if moves.len() == 1 {
                    break;
                }
            }
            if prune_pending && generated && prune_at.is_none() {
                // where the pre-evaluation starts, found once per node
                prune_at = Some(self.prune_start(&moves, hash_first, &hints));
            }
            if prune_pending && prune_at.is_some_and(|at| i >= at) {
                prune_pending = false;
                let mut rest = MoveList::new();
                moves[i..].iter().for_each(|&m| rest.push(m));
                let kept = self.forward_prune(&mut rest, ply, hash_move, &hints.killers);
                if self.aborted {
                    return 0;
                }
                // keep the ranking of the pre-evaluation for the rest
                moves.truncate(i);
                rest.iter().for_each(|&m| moves.push(m));
                reduced_from = i + kept;
                if i >= moves.len() {
                    break;
                }
            }
            let mv = moves[i];
            let deferred = i >= deferred_from;
            // the move's place in the order (a deferred copy keeps its own)
            let number = if deferred {
                usize::from(deferred_index[i - deferred_from])
            } else {
                i
            };
            let quiet = !self.pos.is_capture(mv);
            let is_killer = hints.killers.contains(&mv);
            let good_history =
                quiet && self.options.lmr_table && self.history.is_good(&self.pos, mv);
            // quiet late moves near the leaves that neither give check nor
            // were special before may be skipped (futility, late-move pruning)
            let prunable =
                quiet && number > 0 && !is_killer && mv != hash_move && best > -MATE_BOUND;
            if quiet {
                quiets_tried += 1;
            }
            let may_check = check_candidates.may_give_check(mv);
            let prune = prunable && (futility_value.is_some() || quiets_tried > lmp_limit);
            // a pruned move is only made to see whether it gives check
            // (checks are never pruned): a move that cannot is skipped unmade
            let gives_check = if prune && !may_check {
                false
            } else {
                self.pos.make_move(mv);
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
            let child_key = self.pos.key();
            if let Some(busy) = busy {
                // deferred once at most, and only once the list is final
                if number > 0
                    && !deferred
                    && generated
                    && !prune_pending
                    && moves.len() < MAX_MOVES
                    && moves.len() - deferred_from.min(moves.len()) < MAX_DEFERRED
                    && busy.searched_by_another(child_key, self.index)
                {
                    self.pos.unmake_move();
                    deferred_from = deferred_from.min(moves.len());
                    deferred_index[moves.len() - deferred_from] = i as u8;
                    moves.push(mv);
                    self.stats.deferred += 1;
                    if quiet {
                        quiets_tried -= 1;
                    }
                    i += 1;
                    continue;
                }
                busy.enter(child_key, self.index);
            }
            let reduction = self.late_move_reduction(
                &node,
                number,
                quiet && !is_killer && !gives_check,
                good_history,
            );
            let reduction = if number >= reduced_from {
                reduction.max(ipc.reduce).min(depth - 2)
            } else {
                reduction
            };
            let new_depth = depth - 1;
            let mut v = 0;
            if number == 0 {
                v = -self.child(gives_check, new_depth, -beta, -alpha, ply + 1);
            } else {
                if reduction > 0 {
                    v = -self.child(
                        gives_check,
                        new_depth - reduction,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                    );
                }
                if (reduction == 0 || v > alpha) && !self.aborted {
                    if self.options.pvs {
                        v = -self.child(gives_check, new_depth, -alpha - 1, -alpha, ply + 1);
                        if v > alpha && v < beta && !self.aborted {
                            v = -self.child(gives_check, new_depth, -beta, -alpha, ply + 1);
                        }
                    } else {
                        v = -self.child(gives_check, new_depth, -beta, -alpha, ply + 1);
                    }
                }
            }
            self.pos.unmake_move();
            if let Some(busy) = busy {
                busy.leave(child_key, self.index);
            }
            if self.aborted {
                return 0;
            }
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
                        if quiet {
                            if self.options.history {
                                self.history.reward(&self.pos, mv, depth);
                            }
                            if self.options.killers {
                                self.history.add_killer(ply, mv);
                            }
                            if self.options.countermove {
                                self.history.add_countermove(&self.pos, mv);
                            }
                        } else if self.options.capture_history {
                            self.history.update_capture(&self.pos, mv, depth * depth);
                            for &c in &failed_captures[..failed_count] {
                                self.history.update_capture(&self.pos, c, -depth * depth);
                            }
                        }
                        break;
                    }
                }
            }
            if !quiet && failed_count < failed_captures.len() {
                failed_captures[failed_count] = mv;
                failed_count += 1;
            }
            i += 1;
        }

        self.store_tt(key, &node, original_alpha, best, best_move);
        best
    }

    /// Step 9: the node's result into the transposition table, with the
    /// bound the window it was searched in (`alpha` on entry) gives it.
    #[inline(always)]
    fn store_tt(&mut self, key: u64, node: &Node, alpha: i32, best: i32, best_move: Move) {
        if self.options.tt {
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
