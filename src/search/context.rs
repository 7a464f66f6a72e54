//! The per-search state of one thread: its position, counters, PV and
//! limits, and the services the node functions (`negamax.rs`,
//! `quiesce.rs`, `iprobcut.rs`) share: evaluation, node counting and
//! polling, repetitions, move generation in order, aspiration windows.

use super::evalcache::EvalCache;
use super::limits::MAX_PLY;
use super::options::SearchOptions;
use super::ordering::{
    order_moves, resolve_capture, score_moves, History, OrderingHints, QUIET_CEILING,
};
use super::picker::Picker;
use super::pruning::LmrTable;
use super::score::{INFINITY, MATE_BOUND, RULE_LOSS};
use super::shared::SharedSearch;
use super::stats::SearchStats;
use super::thread::ThreadData;
use super::tt::TranspositionTable;
use crate::board::rules::{self, Verdict};
use crate::board::{Move, MoveList, PieceKind, Position, MAX_MOVES};
use crate::eval::{EvalCounter, Evaluator};
use std::time::Instant;

/// Nodes between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 1024;

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
    /// The late-move-reduction table for these options' tunables.
    pub(super) lmr: &'a LmrTable,
    /// Static evaluations by position key (per thread).
    pub eval_cache: &'a mut EvalCache,
    /// Continuation history (per thread, `histstats`).
    pub(super) conthist: &'a mut super::conthist::ContinuationHistory,
    /// The move made at each ply of the path, as the continuation history
    /// keys it (`None`: a null move; read only with `histstats`).
    pub(super) moved: [super::conthist::ContKey; MAX_PLY + 1],
    /// Root moves not to search (banned ones, and earlier MultiPV lines).
    pub banned: Vec<Move>,
    /// 0 for the main thread (which keeps time and limits), 1.. for helpers.
    pub(super) index: usize,
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
    /// Whether the next node searched is an expected cut node (a null
    /// window where the caller expects a fail-high: a late move's reduced
    /// search, the first move of an expected all node); taken by that
    /// call like `known_check`, so callers that do not say give false.
    pub(super) next_cut_node: bool,
    /// Triangular principal-variation table: row `ply` holds the line
    /// found from that ply, `pv_len[ply]` long.
    pub pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 1],
    /// The score of the root move that last raised alpha, i.e. of the line
    /// in `pv[0]`; what a stopped iteration reports for its partial line.
    pub root_score: i32,
    /// The picking keys of the moves of the node at each ply (see
    /// `picker.rs`): a node's move loop keeps its row while its
    /// descendants, all deeper, use theirs.
    pub(super) order_keys: Box<[[i32; MAX_MOVES]; MAX_PLY + 1]>,
    /// The move a node at this ply leaves out (the singular step's search
    /// of the hash move's siblings); `Move::NULL` when none.
    pub(super) excluded: [Move; MAX_PLY + 1],
    /// What each ply's excluded-move search said about the siblings
    /// (`sefree`, `sefree.rs`).
    pub(super) sibling_ranks: Box<[super::sefree::SiblingRanks; MAX_PLY + 1]>,
    /// Static evaluations along the path (`improving`; `None` in check).
    pub(super) eval_stack: [Option<i32>; MAX_PLY + 1],
    /// The depth of the current iteration (bounds singular extensions).
    pub(super) root_depth: i32,
    /// Where `chuhe ipc-quality` logs the nodes iProbcut's steps ran at
    /// (`None` in play).
    pub(super) log: Option<&'a mut super::quality::NodeLog>,
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
            lmr: &shared.lmr,
            eval_cache: &mut data.eval_cache,
            conthist: &mut data.conthist,
            moved: [None; MAX_PLY + 1],
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
            next_cut_node: false,
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            root_score: 0,
            order_keys: Box::new([[0; MAX_MOVES]; MAX_PLY + 1]),
            excluded: [Move::NULL; MAX_PLY + 1],
            sibling_ranks: Box::new([Default::default(); MAX_PLY + 1]),
            eval_stack: [None; MAX_PLY + 1],
            root_depth: 0,
            log: data.log.as_mut(),
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

    /// The static evaluation (side to move's view), through the
    /// evaluation cache: the cache is exact, so it changes no value and no
    /// tree, and every call counts one evaluation, also when the cache
    /// answers it (the paper's evaluation counts stay comparable).
    #[inline(always)]
    pub(super) fn evaluate(&mut self) -> i32 {
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
    pub(super) fn repetition_score(&self, ply: usize) -> Option<i32> {
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
    pub(super) fn move_limit_reached(&self) -> bool {
        let limit = self.options.move_limit_plies;
        limit > 0 && self.pos.halfmove_clock() as u32 >= limit
    }

    /// Searches the child reached by a move that `gives_check` or not.
    #[inline(always)]
    pub(super) fn child(
        &mut self,
        gives_check: bool,
        cut_node: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.known_check = Some(gives_check);
        self.next_cut_node = cut_node;
        self.negamax(depth, alpha, beta, ply, true)
    }

    /// The legal moves (banned root moves left out), best first, into
    /// `moves` (filled in place: no list copied out of a return value).
    pub(super) fn ordered_moves(
        &mut self,
        in_check: bool,
        ply: usize,
        hints: &OrderingHints,
        moves: &mut MoveList,
    ) {
        self.legal_moves(in_check, ply, moves);
        let prev = self.moves_before(ply);
        let continuation = self
            .options
            .switches
            .history_stats
            .then_some((&*self.conthist, &prev));
        order_moves(
            &mut self.pos,
            moves,
            hints,
            self.history,
            continuation,
            &mut self.order_keys[ply],
        );
    }

    /// The legal moves (banned root moves and `excluded` left out) into
    /// `moves` in generation order, and their picking keys into the row
    /// of `ply`, for the move loop to order lazily: a [`Picker`] for them.
    /// (Leaving a move out before the stable sort or after it comes to
    /// the same order.)
    pub(super) fn scored_moves(
        &mut self,
        in_check: bool,
        ply: usize,
        hints: &OrderingHints,
        excluded: Move,
        moves: &mut MoveList,
    ) -> Picker {
        self.legal_moves(in_check, ply, moves);
        if !excluded.is_null() {
            moves.retain(|m| m != excluded);
        }
        let prev = self.moves_before(ply);
        let continuation = self
            .options
            .switches
            .history_stats
            .then_some((&*self.conthist, &prev));
        let keys = &mut self.order_keys[ply][..moves.len()];
        let high = score_moves(
            &self.pos,
            moves.as_slice(),
            hints,
            self.history,
            continuation,
            keys,
        );
        Picker::new(moves.len(), high, QUIET_CEILING)
    }

    /// Brings the move the loop at `ply` is about to search at `i` into
    /// its place (see `picker.rs`).
    #[inline(always)]
    pub(super) fn place_move(
        &mut self,
        ply: usize,
        picker: &mut Picker,
        moves: &mut MoveList,
        i: usize,
    ) {
        let threshold = self.options.tune.see_order;
        let pos = &mut self.pos;
        let resolve = |mv, key| resolve_capture(pos, mv, key, threshold);
        picker.prepare(i, &mut self.order_keys[ply], moves.as_mut_slice(), resolve);
    }

    /// Brings every move the loop at `ply` has not reached into its place:
    /// for readers of the whole rest of the list.
    pub(super) fn finish_order(&mut self, ply: usize, picker: &mut Picker, moves: &mut MoveList) {
        let threshold = self.options.tune.see_order;
        let pos = &mut self.pos;
        let resolve = |mv, key| resolve_capture(pos, mv, key, threshold);
        picker.finish(&mut self.order_keys[ply], moves.as_mut_slice(), resolve);
    }

    /// The legal moves (banned root moves left out) into `moves`.
    fn legal_moves(&mut self, in_check: bool, ply: usize, moves: &mut MoveList) {
        self.pos.legal_moves_into(in_check, moves);
        if ply == 0 && !self.banned.is_empty() {
            moves.retain(|m| !self.banned.contains(&m));
        }
    }

    /// Makes `mv`, the move at `ply`, before a search of its child, and
    /// records it for the child's continuation history: every search below
    /// a made move must see that move, not a sibling made there before.
    pub(super) fn make_move_at(&mut self, ply: usize, mv: Move) {
        self.pos.make_move(mv);
        if self.options.switches.history_stats {
            self.moved[ply] = super::conthist::key_after(&self.pos, mv);
        }
    }

    /// The moves one and two plies before a node at `ply`, as the
    /// continuation history keys them.
    pub(super) fn moves_before(&self, ply: usize) -> [super::conthist::ContKey; 2] {
        [
            ply.checked_sub(1).and_then(|p| self.moved[p]),
            ply.checked_sub(2).and_then(|p| self.moved[p]),
        ]
    }

    /// The side to move's force for the null move's zugzwang guard: 2 per
    /// rook, 1 per horse and cannon (with one minor piece alone, passing
    /// is often the only thing it cannot afford).
    pub(super) fn force(&self) -> i32 {
        let side = self.pos.side_to_move();
        [
            (PieceKind::Rook, 2),
            (PieceKind::Knight, 1),
            (PieceKind::Cannon, 1),
        ]
        .iter()
        .map(|&(k, w)| w * self.pos.squares_of(side, k).count() as i32)
        .sum()
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
    /// iteration's score `guess`, `aspirationwindow` wide on each side,
    /// widened (doubling) on the side it fails until the score falls
    /// inside; mate scores search the full window, and beyond
    /// `aspiration_give_up` the window opens fully.
    pub fn aspiration_search(&mut self, depth: i32, guess: i32) -> i32 {
        let window = self.options.tune.aspiration_window;
        let give_up = self.options.tune.aspiration_give_up;
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
            if delta > give_up {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }
}
