//! The move picker: one node's moves, best first, each brought into its
//! place only when the move loop asks for it
//! (`while let Some(picked) = picker.next(&mut ctx.picking(), &node)`). The stages:
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
//! With several threads, a move another thread is searching is deferred
//! to the end of the list (lazy SMP, `busy.rs`), keeping its number in the
//! order for the reductions. The move loop asks for moves through the
//! [`Picker`] trait, so that another picker can wrap this one (the paper's
//! step, `iprobcut.rs`, reorders the moves from one point on).

use super::conthist::{ContKey, ContinuationHistory};
use super::history::{History, HISTORY_MAX};
use super::lazysort::{bound, exact, score_of, LazySort};
use super::node::Node;
use super::params::SearchParams;
use super::see;
use super::stack::Stack;
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

/// What the picker reads and writes of a search thread's state: its
/// position (made and unmade by SEE), its stack (the picking keys of each
/// ply, the moves before a node), its history tables, the banned root
/// moves and the parameters. `Context::picking` lends them.
pub(super) struct Picking<'c> {
    pub pos: &'c mut Position,
    pub stack: &'c mut Stack,
    pub history: &'c History,
    pub conthist: &'c ContinuationHistory,
    pub banned: &'c [Move],
    pub params: &'c SearchParams,
}

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
    pub fn at(ctx: &Picking, ply: usize, hash_move: Move) -> OrderingHints {
        let o = ctx.params;
        OrderingHints {
            hash_move,
            killers: if o.switches.killers {
                ctx.history.killers(ply)
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
    /// legal move scored.
    #[inline(always)]
    pub fn new(ctx: &mut Picking, node: &Node, hash_move: Move) -> Option<MovePicker> {
        let ply = node.ply;
        let mut picker = MovePicker {
            list: MoveList::new(),
            sort: LazySort::DONE,
            stage: Stage::Scored,
            ply,
            hints: OrderingHints::at(ctx, ply, hash_move),
            next: 0,
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
            // the first move in its place now (a wrapping picker reads it)
            picker.place(ctx, 0);
        }
        Some(picker)
    }

    #[inline(always)]
    pub fn next(&mut self, ctx: &mut Picking, node: &Node) -> Option<Picked> {
        if !self.advance(ctx, node) {
            return None;
        }
        Some(self.take(ctx))
    }

    #[inline(always)]
    pub fn is_killer(&self, mv: Move) -> bool {
        self.hints.killers.contains(&mv)
    }

    /// Whether `picked`, the move just given, may be deferred (lazy
    /// SMP): not the first move nor a deferred one, and only once the
    /// list is scored and has room.
    #[inline(always)]
    pub fn may_defer(&self, picked: &Picked) -> bool {
        let len = self.list.len();
        picked.number > 0
            && !picked.deferred
            && self.stage == Stage::Scored
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
}

impl MovePicker {
    /// Whether there is a move to give next: after a staged hash move,
    /// generates the rest (false when it was the only one).
    #[inline(always)]
    pub fn advance(&mut self, ctx: &mut Picking, node: &Node) -> bool {
        let i = self.next;
        if self.stage == Stage::HashMove && i == 1 {
            // the rest, once the hash move is searched
            self.generate_rest(ctx, node)
        } else {
            i < self.list.len()
        }
    }

    /// Gives the next move (there is one: [`Self::advance`]), brought into
    /// its place.
    #[inline(always)]
    pub fn take(&mut self, ctx: &mut Picking) -> Picked {
        let i = self.next;
        self.place(ctx, i);
        self.next = i + 1;
        let deferred = i >= self.deferred_from;
        let number = match deferred {
            true => usize::from(self.deferred_number[i - self.deferred_from]),
            false => i,
        };
        Picked {
            mv: self.list[i],
            number,
            deferred,
        }
    }

    /// The index of the next move to give.
    pub fn next_index(&self) -> usize {
        self.next
    }

    /// Whether only the staged hash move is in the list yet.
    pub fn is_staged(&self) -> bool {
        self.stage == Stage::HashMove
    }

    /// The moves as ordered so far (the first in place; the rest in place
    /// up to the next index, or all after [`Self::finish_order`]).
    pub fn moves(&self) -> &MoveList {
        &self.list
    }

    /// The ordering hints of the node.
    pub fn hints(&self) -> &OrderingHints {
        &self.hints
    }

    /// Brings every move not given yet into its place.
    pub fn finish_order(&mut self, ctx: &mut Picking) {
        finish_order(ctx, self.ply, &mut self.sort, &mut self.list);
    }

    /// Replaces the moves from index `i` on (none given yet) by `moves`,
    /// in that order (the sort done: call [`Self::finish_order`] first).
    pub fn replace_from(&mut self, i: usize, moves: &[Move]) {
        self.list.truncate(i);
        moves.iter().for_each(|&m| self.list.push(m));
    }

    /// Stages 2 to 5 after a staged hash move: every move, scored, the
    /// hash move (ranked above all) in its place again; false when it is
    /// the only one.
    #[inline(always)]
    fn generate_rest(&mut self, ctx: &mut Picking, node: &Node) -> bool {
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
    fn generate(&mut self, ctx: &mut Picking, in_check: bool, excluded: Move) {
        generate_legal(ctx, in_check, self.ply, &mut self.list);
        if !excluded.is_null() {
            self.list.retain(|m| m != excluded);
        }
        self.sort = score_list(ctx, self.ply, &self.hints, &self.list);
    }

    /// Brings the move due at `i` into its place (its SEE asked when a
    /// capture's bound comes to lead).
    #[inline(always)]
    fn place(&mut self, ctx: &mut Picking, i: usize) {
        let threshold = self.hints.see_threshold;
        let pos = &mut *ctx.pos;
        let resolve = |mv, key| resolve_capture(pos, mv, key, threshold);
        let keys = &mut ctx.stack[self.ply].keys;
        self.sort
            .prepare(i, keys, self.list.as_mut_slice(), resolve);
    }
}

/// The legal moves at `ply` (banned root moves left out) into `moves`.
#[inline(always)]
pub(super) fn generate_legal(ctx: &mut Picking, in_check: bool, ply: usize, moves: &mut MoveList) {
    ctx.pos.legal_moves_into(in_check, moves);
    if ply == 0 && !ctx.banned.is_empty() {
        moves.retain(|m| !ctx.banned.contains(&m));
    }
}

/// The keys of `moves` at `ply` into its stack frame (see
/// `lazysort.rs`), and the lazy sort of them.
#[inline(always)]
pub(super) fn score_list(
    ctx: &mut Picking,
    ply: usize,
    hints: &OrderingHints,
    moves: &MoveList,
) -> LazySort {
    let prev = ctx.stack.cont_keys_before(ply);
    let continuation = (ctx.conthist, &prev);
    let keys = &mut ctx.stack[ply].keys[..moves.len()];
    let high = score_moves(
        ctx.pos,
        moves.as_slice(),
        hints,
        ctx.history,
        continuation,
        keys,
    );
    LazySort::new(moves.len(), high, QUIET_CEILING)
}

/// Brings every move of `moves` at `ply` the loop has not reached into
/// its place.
pub(super) fn finish_order(
    ctx: &mut Picking,
    ply: usize,
    sort: &mut LazySort,
    moves: &mut MoveList,
) {
    let threshold = ctx.params.tune.see_order;
    let pos = &mut *ctx.pos;
    let resolve = |mv, key| resolve_capture(pos, mv, key, threshold);
    sort.finish(&mut ctx.stack[ply].keys, moves.as_mut_slice(), resolve);
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
    continuation: (&ContinuationHistory, &[ContKey; 2]),
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
                let (c, prev) = continuation;
                let follow_up = c.score(pos, mv, prev);
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
