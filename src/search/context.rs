//! The per-search state and the recursive node functions: negamax
//! alpha-beta (every enhancement a switch), the iProbcut forward-pruning
//! step, and quiescence.

use super::evalcache::EvalCache;
use super::limits::MAX_PLY;
use super::options::{Algorithm, SearchOptions};
use super::ordering::{order_moves, History, OrderingHints};
use super::pruning::{lmp_quiets, lmr_reduction, FUTILITY_MAX_DEPTH, LMP_MAX_DEPTH, RFP_MAX_DEPTH};
use super::score::{mated_in, INFINITY, MATE_BOUND, RULE_LOSS};
use super::shared::SharedSearch;
use super::stats::SearchStats;
use super::thread::ThreadData;
use super::tt::{Bound, TranspositionTable};
use crate::board::rules::{self, Verdict};
use crate::board::{Move, MoveList, PieceKind, Position, MAX_MOVES};
use crate::eval::{EvalCounter, Evaluator};
use std::time::Instant;

/// Nodes between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 1024;
/// Null-move reduction (plus one more from this depth on).
const NULL_REDUCTION: i32 = 2;
const NULL_DEEP_DEPTH: i32 = 6;
/// Late move reductions: from this move index on, at this depth or more,
/// quiet moves that are not killers and give no check are searched one ply
/// shallower first (two plies from `LMR_DEEP_MOVE` at `LMR_DEEP_DEPTH`).
const LMR_FIRST_MOVE: usize = 3;
const LMR_MIN_DEPTH: i32 = 3;
const LMR_DEEP_MOVE: usize = 8;
const LMR_DEEP_DEPTH: i32 = 6;
/// Deepest ply at which a check still extends (keeps the tree finite).
const MAX_EXTENSION_PLY: usize = MAX_PLY / 2;
/// Lazy SMP move deferral (`smpdefer`) from this remaining depth on:
/// shallower subtrees end too soon for another thread to be in them.
const DEFER_MIN_DEPTH: i32 = 3;
/// Moves one node may defer (a small array: every node pays for it).
const MAX_DEFERRED: usize = 32;

/// One thread's working state for one search: its position, counters,
/// stack flags and PV, its own history and evaluation cache, and what all
/// threads share (through `shared`; the hot fields are copied here).
pub(crate) struct Context<'a> {
    pub pos: Position,
    pub shared: &'a SharedSearch<'a>,
    pub options: &'a SearchOptions,
    pub evaluator: &'a Evaluator,
    pub tt: &'a TranspositionTable,
    pub history: &'a mut History,
    /// Static evaluations by position key (per thread).
    pub eval_cache: &'a mut EvalCache,
    /// Root moves not to search (banned ones, and earlier MultiPV lines).
    pub banned: Vec<Move>,
    /// 0 for the main thread (which keeps time and limits), 1.. for helpers.
    index: usize,
    pub counter: EvalCounter,
    pub stats: SearchStats,
    /// When the clock started: the search start, or `ponderhit` (what the
    /// time budget counts from).
    pub clock_start: Instant,
    /// The whole search's node limit, counted with `others_nodes` (each
    /// thread checks it, so a descheduled thread cannot let the others
    /// run past it).
    node_limit: u64,
    /// The other threads' nodes as published at the last poll.
    others_nodes: u64,
    pub aborted: bool,
    was_pondering: bool,
    /// > 0 while inside an iProbcut pre-evaluation search.
    pub(super) pre_level: u32,
    /// Whether the side to move is in check, when the caller of the next
    /// node function already knows (it tested the move for check); taken
    /// by that call, so it never outlives it.
    pub(super) known_check: Option<bool>,
    /// Triangular principal-variation table: row `ply` holds the line
    /// found from that ply, `pv_len[ply]` long.
    pub pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 1],
    /// The score of the root move that last raised alpha, i.e. of the line
    /// in `pv[0]`; what a stopped iteration reports for its partial line.
    pub root_score: i32,
    /// Scratch space of move ordering (see [`order_moves`]).
    order_scores: [i32; MAX_MOVES],
}

impl<'a> Context<'a> {
    /// Thread `index`'s context for a search of `pos` (0: the main thread).
    pub fn new(
        pos: Position,
        shared: &'a SharedSearch<'a>,
        data: &'a mut ThreadData,
        index: usize,
    ) -> Context<'a> {
        Context {
            pos,
            shared,
            options: shared.options,
            evaluator: shared.evaluator,
            tt: shared.tt,
            history: &mut data.history,
            eval_cache: &mut data.eval_cache,
            banned: shared.banned.to_vec(),
            index,
            counter: EvalCounter::default(),
            stats: SearchStats::default(),
            clock_start: shared.start,
            node_limit: shared.node_limit,
            others_nodes: 0,
            aborted: false,
            was_pondering: shared.control.is_pondering(),
            pre_level: 0,
            known_check: None,
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            root_score: 0,
            order_scores: [0; MAX_MOVES],
        }
    }

    /// This thread's statistics so far, evaluation calls included.
    pub fn own_stats(&self) -> SearchStats {
        let mut stats = self.stats;
        stats.evals = self.counter.calls;
        stats
    }

    /// The principal variation found at the root.
    pub fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    /// The static evaluation (side to move's view). Every call counts one
    /// evaluation, also when the cache answers it.
    #[inline(always)]
    pub(super) fn evaluate(&mut self) -> i32 {
        if !self.options.eval_cache {
            return self.evaluator.evaluate(&self.pos, &mut self.counter);
        }
        let key = self.pos.key();
        if let Some(v) = self.eval_cache.get(key) {
            self.counter.calls += 1;
            return v;
        }
        let v = self.evaluator.evaluate(&self.pos, &mut self.counter);
        self.eval_cache.put(key, v);
        v
    }

    /// Counts a node and looks at the limits now and then.
    #[inline(always)]
    pub(super) fn enter_node(&mut self, ply: usize) {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        if self.stats.nodes + self.others_nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.stats.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
    }

    /// Checks the stop flag, ponderhit and the hard time limit (helpers:
    /// the stop flag and the main thread's decision), and publishes this
    /// thread's counters when several threads search.
    pub fn poll(&mut self) {
        let shared = self.shared;
        if shared.threads() > 1 {
            shared.publish(self.index, self.stats.nodes, self.counter.calls);
            self.others_nodes = shared.nodes_except(self.index);
        }
        if shared.control.is_stopped() {
            self.aborted = true;
            return;
        }
        if self.index != 0 {
            if shared.is_finished() {
                self.aborted = true;
            }
            return;
        }
        if shared.control.is_pondering() {
            return;
        }
        if self.was_pondering {
            // ponderhit: the clock starts now (the reports still count
            // from the search's start)
            self.was_pondering = false;
            self.clock_start = Instant::now();
        }
        if let Some(hard) = shared.budget.hard {
            if self.clock_start.elapsed() >= hard {
                self.aborted = true;
            }
        }
    }

    /// The score of a repeated position by the xiangqi rules: 0 for a
    /// draw, a lost score for the side whose perpetual check or chase is
    /// forbidden (never a mate score). Repetitions are looked for over the
    /// game history and the search path alike; the cycle is graded only
    /// when the cheap key scan finds one.
    fn repetition_score(&self, ply: usize) -> Option<i32> {
        if self.pos.halfmove_clock() < 4 || !rules::has_repetition(&self.pos, 0) {
            return None;
        }
        let verdict = rules::repetition_verdict(&self.pos)?;
        Some(match verdict {
            Verdict::Draw => 0,
            Verdict::Loss(c) if c == self.pos.side_to_move() => -RULE_LOSS + ply as i32,
            Verdict::Loss(_) => RULE_LOSS - ply as i32,
        })
    }

    /// The draw by the natural move limit (approximated by the plain
    /// half-move clock inside the search; the arena and protocol apply the
    /// exact rule).
    fn move_limit_reached(&self) -> bool {
        let limit = self.options.move_limit_plies;
        limit > 0 && self.pos.halfmove_clock() as u32 >= limit
    }

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
        if ply > 0 {
            if let Some(score) = self.repetition_score(ply) {
                return score;
            }
            if self.move_limit_reached() {
                return 0;
            }
            // mate-distance pruning: no line from here can beat a mate
            // already found nearer the root
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(-mated_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = known_check.unwrap_or_else(|| self.pos.in_check());
        if in_check && self.options.check_extension && ply < MAX_EXTENSION_PLY {
            depth += 1;
        }
        if depth <= 0 {
            return if self.options.quiescence {
                self.known_check = Some(in_check);
                self.quiesce(alpha, beta, ply)
            } else {
                self.enter_node(ply);
                self.evaluate()
            };
        }
        self.enter_node(ply);
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }

        let key = self.pos.key();
        let mut hash_move = Move::NULL;
        if self.options.tt {
            self.stats.tt_probes += 1;
            if let Some(hit) = self.tt.probe(key, ply) {
                self.stats.tt_hits += 1;
                if let Some(m) = hit.mv.filter(|&m| self.pos.is_pseudo_legal(m)) {
                    hash_move = m;
                }
                if !pv_node && ply > 0 && hit.depth >= depth {
                    let usable = match hit.bound {
                        Bound::Exact => true,
                        Bound::Lower => hit.score >= beta,
                        Bound::Upper => hit.score <= alpha,
                    };
                    if usable {
                        return hit.score;
                    }
                }
            }
        }

        // the static evaluation, for the futility family at non-PV nodes
        let o = self.options;
        let static_eval = if !pv_node
            && !in_check
            && ply > 0
            && ((o.reverse_futility && depth <= RFP_MAX_DEPTH)
                || (o.futility && depth <= FUTILITY_MAX_DEPTH))
        {
            Some(self.pruning_eval(depth, alpha, beta))
        } else {
            None
        };
        if let Some(eval) = static_eval {
            // reverse futility: so far above beta that a quiet move of
            // ours is not needed to stay above it
            if o.reverse_futility
                && depth <= RFP_MAX_DEPTH
                && beta.abs() < MATE_BOUND
                && eval - o.rfp_margin * depth >= beta
            {
                return eval;
            }
        }
        // futility: quiet moves cannot lift a score this far below alpha
        let futility_value = static_eval
            .filter(|_| o.futility && depth <= FUTILITY_MAX_DEPTH && alpha.abs() < MATE_BOUND)
            .map(|e| e + o.futility_margin * depth)
            .filter(|&v| v <= alpha);
        let lmp_limit =
            if o.late_move_pruning && !pv_node && !in_check && ply > 0 && depth <= LMP_MAX_DEPTH {
                lmp_quiets(depth)
            } else {
                usize::MAX
            };

        if self.options.null_move
            && allow_null
            && !pv_node
            && !in_check
            && ply > 0
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && self.has_heavy_pieces()
        {
            let r = NULL_REDUCTION + i32::from(depth >= NULL_DEEP_DEPTH);
            self.pos.make_null_move();
            let v = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.pos.unmake_null_move();
            if self.aborted {
                return 0;
            }
            if v >= beta {
                return if v >= MATE_BOUND { beta } else { v };
            }
        }

        let hints = OrderingHints {
            hash_move,
            killers: if self.options.killers {
                self.history.killers(ply)
            } else {
                [Move::NULL; 2]
            },
            use_history: self.options.history,
            use_see: self.options.see,
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
        let prune_here = self.options.algorithm == Algorithm::IProbcut
            && depth > ipc.threshold
            && ipc.pre < depth - 1
            && !in_check
            && (!generated || moves.len() > 1)
            && !(ipc.keep_tactical && (alpha.abs() >= MATE_BOUND || beta.abs() >= MATE_BOUND));
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
        let busy = self
            .shared
            .busy
            .as_ref()
            .filter(|_| ply > 0 && depth >= DEFER_MIN_DEPTH && self.pre_level == 0);
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
            let reduction = if self.options.lmr
                && number >= LMR_FIRST_MOVE
                && depth >= LMR_MIN_DEPTH
                && quiet
                && !in_check
                && !is_killer
                && !gives_check
            {
                if self.options.lmr_table {
                    let r =
                        lmr_reduction(depth, number) - i32::from(pv_node) - i32::from(good_history);
                    r.clamp(0, depth - 2)
                } else {
                    1 + i32::from(number >= LMR_DEEP_MOVE && depth >= LMR_DEEP_DEPTH)
                }
            } else {
                0
            };
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

        if self.options.tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, depth, best, bound, best_move, ply);
        }
        best
    }

    /// Searches the child reached by a move that `gives_check` or not.
    #[inline(always)]
    fn child(&mut self, gives_check: bool, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.known_check = Some(gives_check);
        self.negamax(depth, alpha, beta, ply, true)
    }

    /// The legal moves (banned root moves left out), best first, into
    /// `moves` (filled in place: no list copied out of a return value).
    fn ordered_moves(
        &mut self,
        in_check: bool,
        ply: usize,
        hints: &OrderingHints,
        moves: &mut MoveList,
    ) {
        self.pos.legal_moves_into(in_check, moves);
        if ply == 0 && !self.banned.is_empty() {
            moves.retain(|m| !self.banned.contains(&m));
        }
        order_moves(
            &mut self.pos,
            moves,
            hints,
            self.history,
            &mut self.order_scores,
        );
    }

    /// Whether the side to move has a rook, horse or cannon (null move is
    /// unsafe in zugzwang-prone endgames without them).
    fn has_heavy_pieces(&self) -> bool {
        let side = self.pos.side_to_move();
        [PieceKind::Rook, PieceKind::Knight, PieceKind::Cannon]
            .iter()
            .any(|&k| self.pos.squares_of(side, k).next().is_some())
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        self.pv[ply][0] = mv;
        for i in 0..child_len {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len + 1;
        if ply < MAX_PLY {
            self.pv_len[ply + 1] = 0;
        }
    }
}

impl Context<'_> {
    /// The root search at `depth` in a window around the previous
    /// iteration's score `guess`, widened (doubling) on the side it fails
    /// until the score falls inside; mate scores search the full window.
    pub fn aspiration_search(&mut self, depth: i32, guess: i32, window: i32) -> i32 {
        if guess.abs() >= MATE_BOUND {
            return self.negamax(depth, -INFINITY, INFINITY, 0, true);
        }
        let mut delta = window.max(1);
        let mut alpha = (guess - delta).max(-INFINITY);
        let mut beta = (guess + delta).min(INFINITY);
        loop {
            let v = self.negamax(depth, alpha, beta, 0, true);
            if self.aborted {
                return v;
            }
            if v <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INFINITY);
            } else if v >= beta && beta < INFINITY {
                beta = (v + delta).min(INFINITY);
            } else {
                return v;
            }
            delta *= 2;
            if delta > ASPIRATION_GIVE_UP {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }
}

/// Beyond this half-width an aspiration window opens fully.
const ASPIRATION_GIVE_UP: i32 = 1000;
