//! The move picker: one node's moves, best first, each brought into its
//! place only when the move loop asks for it
//! (`while let Some(picked) = picker.next(ctx, &node)`). The stages:
//!
//! 1. the hash move, alone, before any other move is generated: its
//!    cut-off saves generating and scoring the rest, and the rest is then
//!    ordered by the history as the hash move's search left it;
//! 2. captures that do not lose material, by MVV/LVA;
//! 3. the two killers;
//! 4. quiet moves, by history (main plus continuation, `history.rs`,
//!    `conthist.rs`);
//! 5. captures that lose material by SEE.
//!
//! Stages 2 to 5 are one list scored once: each move's score falls in its
//! stage's band, and the moves come in the order of a stable sort of the
//! scores (equal scores keep generation order), brought about lazily by
//! `lazysort.rs`: the moves of stages 1 to 3 one at a time, the rest
//! sorted at once when the loop gets there. SEE is lazy too: a capture
//! counts as good (an upper bound) until it leads the moves left, and is
//! asked then, so SEE runs only for captures the loop reaches.
//!
//! Two things change the order after the scoring, and the picker does
//! both: iProbcut's step (`iprobcut.rs`) pre-evaluates the moves from one
//! point on and ranks them anew (dropping, or keeping last to search
//! shallower, the ones it prunes); with several threads, a move another
//! thread is searching is deferred to the end of the list (lazy SMP,
//! `busy.rs`), keeping its number in the order for the reductions.

use super::context::Context;
use super::conthist::{ContKey, ContinuationHistory};
use super::history::{History, HISTORY_MAX};
use super::lazysort::{bound, exact, score_of, LazySort};
use super::node::Node;
use super::see;
use crate::board::{Move, MoveList, PieceKind, Position, MAX_MOVES};

/// Victim values for MVV/LVA (indexed by `PieceKind::index`).
const VICTIM: [i32; 7] = [1000, 2, 2, 4, 9, 4, 1];
/// Attacker values for MVV/LVA.
const ATTACKER: [i32; 7] = [1, 2, 2, 4, 9, 4, 1];

/// The stages' bands of scores. The hash move is above every other
/// score (captures reach 2^28 + 2^26 at most), and low enough to double
/// into a picking key.
const HASH_MOVE: i32 = 1 << 29;
const CAPTURE_BASE: i32 = 1 << 28;
const KILLER_BASE: i32 = 1 << 27;
/// Captures that lose material by SEE go after every quiet move (whose
/// scores stay within ±[`HISTORY_MAX`]).
const LOSING_CAPTURE_BASE: i32 = -(1 << 28);

/// The highest key of a quiet move: the ceiling of every move the
/// lazy sort does not pick one at a time.
const QUIET_CEILING: i32 = exact(HISTORY_MAX);

/// Moves one node may defer (a small array: every node pays for it).
const MAX_DEFERRED: usize = 32;

/// What the ordering of one node uses.
#[derive(Copy, Clone)]
pub(super) struct OrderingHints {
    /// The hash move, if any.
    pub hash_move: Move,
    /// Killer moves (NULL when off).
    pub killers: [Move; 2],
    /// Use history scores for quiet moves.
    pub use_history: bool,
    /// Order captures that lose material by SEE after the quiet moves.
    pub use_see: bool,
    /// Captures with SEE below this count as losing (`see_order`).
    pub see_threshold: i32,
}

impl OrderingHints {
    /// What the ordering at `ply` may use, with `hash_move`.
    #[inline(always)]
    pub fn at(ctx: &Context, ply: usize, hash_move: Move) -> OrderingHints {
        let o = ctx.params;
        OrderingHints {
            hash_move,
            killers: if o.switches.killers {
                ctx.data.history.killers(ply)
            } else {
                [Move::NULL; 2]
            },
            use_history: o.switches.history,
            use_see: o.switches.see,
            see_threshold: o.tune.see_order,
        }
    }
}

/// Where the picker stands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Stage {
    /// Only the legal hash move is in the list (stage 1).
    HashMove,
    /// Every move is in the list, scored (stages 2 to 5).
    Scored,
}

/// A move the picker gives and its place.
#[derive(Copy, Clone, Debug)]
pub(super) struct Picked {
    /// The move.
    pub mv: Move,
    /// Its place in the order, 0 first (what late-move pruning and
    /// reductions count; a deferred move keeps its own).
    pub number: usize,
    /// Given a second time, after being deferred.
    pub deferred: bool,
    /// Pruned by iProbcut but kept to be searched shallower
    /// (`ipcreduce`).
    pub reduced: bool,
}

/// One node's moves and where the move loop stands in them (see the
/// module docs).
pub(super) struct MovePicker {
    /// Given up to `next`; the rest scored (keys in the node's stack
    /// frame), brought into place one by one.
    list: MoveList,
    sort: LazySort,
    stage: Stage,
    ply: usize,
    hints: OrderingHints,
    /// The index of the next move to give.
    next: usize,
    /// iProbcut's step is still to come at this node ...
    prune_pending: bool,
    /// ... at this index (found once the list is scored) ...
    prune_at: Option<usize>,
    /// ... with the hash move searched before it.
    hash_first: bool,
    /// Moves from this index on were pruned by iProbcut and stayed only to
    /// be searched shallower (`ipcreduce`).
    reduced_from: usize,
    /// Deferred moves are copied to the end of the list: `deferred_from`
    /// is where the copies start, and `deferred_number[k]` the number
    /// copy k had, so a deferred move is searched as it would have been,
    /// only later.
    deferred_from: usize,
    deferred_number: [u8; MAX_DEFERRED],
}

impl MovePicker {
    /// The picker for `node`'s moves with `hash_move` first if legal
    /// (alone: the others are generated once it is searched), else every
    /// legal move scored; `None` when there is no legal move (the
    /// excluded one aside).
    #[inline(always)]
    pub fn new(ctx: &mut Context, node: &Node, hash_move: Move) -> Option<MovePicker> {
        let ply = node.ply;
        let mut picker = MovePicker {
            list: MoveList::new(),
            sort: LazySort::DONE,
            stage: Stage::Scored,
            ply,
            hints: OrderingHints::at(ctx, ply, hash_move),
            next: 0,
            prune_pending: false,
            prune_at: None,
            hash_first: false,
            reduced_from: usize::MAX,
            deferred_from: usize::MAX,
            deferred_number: [0; MAX_DEFERRED],
        };
        let staged = !hash_move.is_null()
            && ctx.pos.is_legal(hash_move)
            && !(ply == 0 && ctx.banned.contains(&hash_move));
        if staged {
            picker.list.push(hash_move);
            picker.stage = Stage::HashMove;
        } else {
            picker.generate(ctx, node.in_check, node.excluded);
            if picker.list.is_empty() {
                return None;
            }
            // the first move now, for the test of `hash_first` below
            picker.place(ctx, 0);
        }
        let prune_here = ctx.iprobcut_applies(node) && (staged || picker.list.len() > 1);
        picker.prune_pending = prune_here;
        // The hash move is never pruned and comes first; searching it
        // before the pre-evaluations saves them all when it already cuts
        // off. With `ipclate` the captures and killers that follow it are
        // searched first too, and only the quiet rest is pre-evaluated.
        picker.hash_first = prune_here && picker.list[0] == hash_move;
        Some(picker)
    }

    /// The next move in order (`None` when there is none left, when
    /// iProbcut pruned every move left, or when its pre-evaluation was
    /// aborted: see `ctx.aborted`).
    #[inline(always)]
    pub fn next(&mut self, ctx: &mut Context, node: &Node) -> Option<Picked> {
        let i = self.next;
        if self.stage == Stage::HashMove && i == 1 {
            // the rest, once the hash move is searched
            if !self.generate_rest(ctx, node) {
                return None;
            }
        } else if i >= self.list.len() {
            return None;
        }
        if self.prune_pending && !self.iprobcut_step(ctx, node, i) {
            return None;
        }
        self.place(ctx, i);
        self.next = i + 1;
        let deferred = i >= self.deferred_from;
        let number = match deferred {
            true => usize::from(self.deferred_number[i - self.deferred_from]),
            false => i,
        };
        Some(Picked {
            mv: self.list[i],
            number,
            deferred,
            reduced: number >= self.reduced_from,
        })
    }

    /// Whether `mv` is one of the node's killers.
    #[inline(always)]
    pub fn is_killer(&self, mv: Move) -> bool {
        self.hints.killers.contains(&mv)
    }

    /// Whether `picked`, the move just given, may be deferred (lazy
    /// SMP): not the first move nor a deferred one, and only once the
    /// list is final (scored, iProbcut's step done) and has room.
    #[inline(always)]
    pub fn may_defer(&self, picked: &Picked) -> bool {
        let len = self.list.len();
        picked.number > 0
            && !picked.deferred
            && self.stage == Stage::Scored
            && !self.prune_pending
            && len < MAX_MOVES
            && len - self.deferred_from.min(len) < MAX_DEFERRED
    }

    /// Gives `picked` (the move just given; see [`Self::may_defer`])
    /// again once every other move is given, with its number.
    pub fn defer(&mut self, picked: &Picked) {
        let len = self.list.len();
        self.deferred_from = self.deferred_from.min(len);
        self.deferred_number[len - self.deferred_from] = picked.number as u8;
        self.list.push(picked.mv);
    }

    /// Stages 2 to 5 after a staged hash move: every move, scored, the
    /// hash move (ranked above all) in its place again; false when it is
    /// the only one.
    fn generate_rest(&mut self, ctx: &mut Context, node: &Node) -> bool {
        self.stage = Stage::Scored;
        self.list.clear();
        self.generate(ctx, node.in_check, Move::NULL);
        self.place(ctx, 0);
        debug_assert_eq!(
            self.list[0], self.hints.hash_move,
            "staged hash move not generated"
        );
        self.list.len() > 1
    }

    /// The legal moves (banned root moves and `excluded` left out) into
    /// the list in generation order, their keys into the node's stack
    /// frame. (Leaving a move out before the stable sort or after it
    /// comes to the same order.)
    #[inline(always)]
    fn generate(&mut self, ctx: &mut Context, in_check: bool, excluded: Move) {
        generate_legal(ctx, in_check, self.ply, &mut self.list);
        if !excluded.is_null() {
            self.list.retain(|m| m != excluded);
        }
        self.sort = score_list(ctx, self.ply, &self.hints, &self.list);
    }

    /// Brings the move due at `i` into its place (its SEE asked when a
    /// capture's bound comes to lead).
    #[inline(always)]
    fn place(&mut self, ctx: &mut Context, i: usize) {
        let threshold = self.hints.see_threshold;
        let pos = &mut ctx.pos;
        let resolve = |mv, key| resolve_capture(pos, mv, key, threshold);
        let keys = &mut ctx.stack[self.ply].keys;
        self.sort
            .prepare(i, keys, self.list.as_mut_slice(), resolve);
    }

    /// iProbcut's step, once per node when the picker reaches the first
    /// move to pre-evaluate: the moves from there on are ranked by their
    /// pre-evaluation, and the pruned ones dropped (or kept last, to be
    /// searched shallower). False when no move is left or the
    /// pre-evaluation was aborted.
    #[inline(always)]
    fn iprobcut_step(&mut self, ctx: &mut Context, node: &Node, i: usize) -> bool {
        if self.stage == Stage::Scored && self.prune_at.is_none() {
            // where the pre-evaluation starts, found once per node in the
            // whole order, which the pre-evaluation then ranks anew
            finish_order(ctx, self.ply, &mut self.sort, &mut self.list);
            self.prune_at = Some(ctx.prune_start(&self.list, self.hash_first, &self.hints));
        }
        if self.prune_at.is_none_or(|at| i < at) {
            return true;
        }
        self.prune_pending = false;
        let mut rest = MoveList::new();
        self.list[i..].iter().for_each(|&m| rest.push(m));
        let killers = self.hints.killers;
        let kept = ctx.forward_prune(&mut rest, node, self.hints.hash_move, &killers);
        if ctx.aborted {
            return false;
        }
        // keep the ranking of the pre-evaluation for the rest
        self.list.truncate(i);
        rest.iter().for_each(|&m| self.list.push(m));
        self.reduced_from = i + kept;
        i < self.list.len()
    }
}

/// The legal moves at `ply` (banned root moves left out) into `moves`.
#[inline(always)]
fn generate_legal(ctx: &mut Context, in_check: bool, ply: usize, moves: &mut MoveList) {
    ctx.pos.legal_moves_into(in_check, moves);
    if ply == 0 && !ctx.banned.is_empty() {
        moves.retain(|m| !ctx.banned.contains(&m));
    }
}

/// The keys of `moves` at `ply` into its stack frame (see
/// `lazysort.rs`), and the lazy sort of them.
#[inline(always)]
fn score_list(ctx: &mut Context, ply: usize, hints: &OrderingHints, moves: &MoveList) -> LazySort {
    let prev = ctx.stack.cont_keys_before(ply);
    let continuation = ctx
        .params
        .switches
        .history_stats
        .then_some((&ctx.data.conthist, &prev));
    let keys = &mut ctx.stack[ply].keys[..moves.len()];
    let high = score_moves(
        &ctx.pos,
        moves.as_slice(),
        hints,
        &ctx.data.history,
        continuation,
        keys,
    );
    LazySort::new(moves.len(), high, QUIET_CEILING)
}

/// Brings every move of `moves` at `ply` the loop has not reached into
/// its place.
fn finish_order(ctx: &mut Context, ply: usize, sort: &mut LazySort, moves: &mut MoveList) {
    let threshold = ctx.params.tune.see_order;
    let pos = &mut ctx.pos;
    let resolve = |mv, key| resolve_capture(pos, mv, key, threshold);
    sort.finish(&mut ctx.stack[ply].keys, moves.as_mut_slice(), resolve);
}

impl Context<'_> {
    /// The legal moves at `ply` (banned root moves left out), best first,
    /// into `moves`: the whole order at once, for the measures that read
    /// it (`ipc-quality`).
    pub(super) fn ordered_moves(
        &mut self,
        in_check: bool,
        ply: usize,
        hints: &OrderingHints,
        moves: &mut MoveList,
    ) {
        generate_legal(self, in_check, ply, moves);
        let mut sort = score_list(self, ply, hints, moves);
        finish_order(self, ply, &mut sort, moves);
    }
}

/// MVV/LVA score of a capture (higher first).
#[inline]
pub(super) fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos
        .piece_at(mv.to())
        .map_or(0, |p| VICTIM[p.kind().index()]);
    let attacker = pos
        .piece_at(mv.from())
        .map_or(PieceKind::Pawn.index(), |p| p.kind().index());
    victim * 16 - ATTACKER[attacker]
}

/// The picking key of every move of `moves` (at most 128) into `keys`
/// (the same index; see `lazysort.rs`), and the set of places of the
/// moves of stages 1 to 3 ([`high_key`]); quiet moves rank by history, up
/// to [`QUIET_CEILING`].
#[inline(always)]
fn score_moves(
    pos: &Position,
    moves: &[Move],
    hints: &OrderingHints,
    history: &History,
    continuation: Option<(&ContinuationHistory, &[ContKey; 2])>,
    keys: &mut [i32],
) -> u128 {
    let mut high = 0;
    for (i, (key, &mv)) in keys.iter_mut().zip(moves).enumerate() {
        *key = match high_key(pos, mv, hints) {
            Some(k) => {
                high |= 1 << i;
                k
            }
            None if hints.use_history => {
                let follow_up = continuation.map_or(0, |(c, prev)| c.score(pos, mv, prev));
                exact((history.score(pos, mv) + follow_up).min(HISTORY_MAX))
            }
            None => exact(0),
        };
    }
    high
}

/// The key of `mv` if it comes before the quiet moves: the hash move,
/// captures and killers, in that order. A capture that may lose material
/// by SEE is given as a bound, its score as if it did not: SEE is asked
/// only when the picker gets to it ([`resolve_capture`]).
#[inline(always)]
fn high_key(pos: &Position, mv: Move, hints: &OrderingHints) -> Option<i32> {
    Some(if mv == hints.hash_move {
        exact(HASH_MOVE)
    } else if pos.is_capture(mv) {
        let rank = mvv_lva(pos, mv);
        if hints.use_see {
            bound(CAPTURE_BASE + rank)
        } else {
            exact(CAPTURE_BASE + rank)
        }
    } else if mv == hints.killers[0] {
        exact(KILLER_BASE + 1)
    } else if mv == hints.killers[1] {
        exact(KILLER_BASE)
    } else {
        return None;
    })
}

/// The exact key of the capture `mv` whose `key` ([`score_moves`]) took
/// it for one that does not lose material: so it stays if SEE is at
/// least `threshold` (`see_order`), else it goes after every quiet move.
#[inline(always)]
fn resolve_capture(pos: &mut Position, mv: Move, key: i32, threshold: i32) -> i32 {
    let score = score_of(key);
    if see::see_at_least(pos, mv, threshold) {
        exact(score)
    } else {
        exact(score - CAPTURE_BASE + LOSING_CAPTURE_BASE)
    }
}

#[cfg(test)]
mod tests;
