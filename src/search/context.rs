//! The per-search state of one thread: its position, counters, PV and
//! limits, and the services the node functions (`negamax.rs`,
//! `quiesce.rs`, `iprobcut.rs`, ...) share: evaluation, node counting and
//! polling, repetitions, the moves made along the path.

use super::movepick::Picking;
use super::params::SearchParams;
use super::score::RULE_LOSS;
use super::shared::SharedSearch;
use super::stack::Stack;
use super::stats::SearchStats;
use super::thread::ThreadData;
use super::time::ThreadClock;
use super::tt::TranspositionTable;
use crate::board::rules::{self, Verdict};
use crate::board::{Move, PieceKind, Position};
use crate::eval::{EvalCounter, Evaluator};

/// Nodes between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 1024;

/// One thread's working state for one search: its position, counters,
/// stack flags and PV, its own history and evaluation cache, and what all
/// threads share (through `shared`; the hot fields are copied here).
pub(crate) struct Context<'a> {
    pub pos: Position,
    pub shared: &'a SharedSearch<'a>,
    /// The settings as the nodes read them (`params.rs`).
    pub params: &'a SearchParams,
    pub evaluator: &'a Evaluator,
    pub tt: &'a TranspositionTable,
    /// This thread's tables kept between searches: history and killers,
    /// continuation history, evaluation cache, `ipc-quality`'s node log.
    pub data: &'a mut ThreadData,
    /// One frame per ply of the path (`stack.rs`): static evaluations,
    /// excluded moves, moves made, picking keys and the PV.
    pub(super) stack: Stack,
    /// Root moves not to search (banned ones, and earlier MultiPV lines).
    pub banned: Vec<Move>,
    /// 0 for the main thread (which keeps time and limits), 1.. for helpers.
    pub(super) index: usize,
    pub counter: EvalCounter,
    pub stats: SearchStats,
    /// The clock and the node limit as this thread watches them
    /// (`time.rs`).
    pub clock: ThreadClock,
    /// The search ran out of time or nodes, or was stopped: every node
    /// returns at once.
    pub aborted: bool,
    /// Above 0 inside a search run on a node's behalf (iProbcut's
    /// pre-evaluations, the singular step's excluded-move search): such a
    /// search defers no move and logs no step, and the step that started
    /// the outermost one counts its nodes.
    pub(super) inner_level: u32,
    /// The score of the root move that last raised alpha, i.e. of the
    /// line the stack holds at ply 0; what a stopped iteration reports for
    /// its partial line.
    pub root_score: i32,
    /// The depth of the current iteration (bounds singular extensions).
    pub(super) root_depth: i32,
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
            params: &shared.params,
            evaluator: shared.evaluator,
            tt: shared.tt,
            data,
            stack: Stack::default(),
            banned: shared.banned.to_vec(),
            index,
            counter: EvalCounter::default(),
            stats: SearchStats::default(),
            clock: ThreadClock::new(
                shared.start,
                shared.node_limit,
                shared.budget.hard,
                shared.control.is_pondering(),
            ),
            aborted: false,
            inner_level: 0,
            root_score: 0,
            root_depth: 0,
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
        self.stack.pv(0).to_vec()
    }

    /// The static evaluation (side to move's view), through the
    /// evaluation cache: the cache is exact, so it changes no value and no
    /// tree, and every call counts one evaluation, also when the cache
    /// answers it (the paper's evaluation counts stay comparable).
    #[inline(always)]
    pub(super) fn evaluate(&mut self) -> i32 {
        let key = self.pos.key();
        if let Some(v) = self.data.eval_cache.get(key) {
            self.counter.calls += 1;
            return v;
        }
        let v = self.evaluator.evaluate(&self.pos, &mut self.counter);
        self.data.eval_cache.put(key, v);
        v
    }

    /// Counts a node and looks at the limits now and then.
    #[inline(always)]
    pub(super) fn enter_node(&mut self, ply: usize) {
        self.stats.nodes += 1;
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        if self.stats.nodes + self.clock.others_nodes >= self.clock.node_limit
            && !self.clock.first_iteration
        {
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
            self.clock.others_nodes = shared.nodes_except(self.index);
        }
        let stop = if self.index == 0 {
            self.clock.must_stop(shared.control)
        } else {
            shared.control.is_stopped() || shared.is_finished()
        };
        if stop {
            self.aborted = true;
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
        let limit = self.params.move_limit_plies;
        limit > 0 && self.pos.halfmove_clock() as u32 >= limit
    }

    /// Makes `mv`, the move at `ply`, before a search of its child, and
    /// records it for the child's continuation history: every search below
    /// a made move must see that move, not a sibling made there before.
    #[inline(always)]
    pub(super) fn make_move_at(&mut self, ply: usize, mv: Move) {
        self.pos.make_move(mv);
        let frame = &mut self.stack[ply];
        frame.current_move = mv;
        frame.cont_key = super::conthist::key_after(&self.pos, mv);
    }

    /// Makes a null move at `ply` (see [`Self::make_move_at`]).
    pub(super) fn make_null_move_at(&mut self, ply: usize) {
        self.pos.make_null_move();
        let frame = &mut self.stack[ply];
        frame.current_move = Move::NULL;
        frame.cont_key = None;
    }

    /// The moves one and two plies before a node at `ply`, as the
    /// continuation history keys them.
    #[inline(always)]
    pub(super) fn moves_before(&self, ply: usize) -> [super::conthist::ContKey; 2] {
        self.stack.cont_keys_before(ply)
    }

    /// What the move picker reads and writes of this thread's state.
    #[inline(always)]
    pub(super) fn picking(&mut self) -> Picking<'_> {
        Picking {
            pos: &mut self.pos,
            stack: &mut self.stack,
            history: &self.data.history,
            conthist: &self.data.conthist,
            banned: &self.banned,
            params: self.params,
        }
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

    /// `mv` raised alpha at `ply`: the PV from there is it and the
    /// child's line.
    #[inline(always)]
    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        self.stack.update_pv(ply, mv);
    }
}
