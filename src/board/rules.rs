//! Game rules beyond the moves themselves: repetition with perpetual check
//! and perpetual chase, the natural move limit, and the adjudication of a
//! finished game.
//!
//! # Repetition
//!
//! A *repetition* occurs when the current position has the same Zobrist key
//! (placement and side to move) as an earlier position of the
//! [`Position`]'s own history, at least one full cycle (≥ 4 plies, an even
//! number) before, with no capture and no null move in between (a capture
//! changes the material for good, so the search for an equal key stops at
//! the last capture). The history is the game's move list (`position ...
//! moves`) followed by the search path: both are simply the moves made on
//! the `Position`. The *nearest* earlier occurrence defines the cycle.
//!
//! [`repetition_verdict`] judges the **first** repetition (the position has
//! occurred twice), as engines do in search. [`game_result`], which ends
//! games, follows the leagues: a forbidden perpetual check or chase loses
//! as soon as its cycle repeats once, but a repetition that is a draw
//! (idle, or both sides alike) ends the game only when the position occurs
//! for the [`RuleConfig::repetition_count`]-th time (default 3).
//!
//! # Grading a cycle (computer xiangqi league rules, simplified)
//!
//! Every move of the cycle is graded by [`grade_move`] as [`MoveGrade::Check`],
//! [`MoveGrade::Chase`] or [`MoveGrade::Idle`]; check outranks chase. For
//! each side, over its own moves in the cycle:
//! - every move is a check → the side *checks perpetually*;
//! - otherwise every move is a check or a chase → the side *chases
//!   perpetually* (so "one check, one chase" counts as a chase);
//! - otherwise the side is idle.
//!
//! Then: both check perpetually → draw; exactly one checks perpetually → it
//! loses (even if the other chases perpetually); otherwise both chase
//! perpetually → draw; exactly one chases perpetually → it loses; otherwise
//! the repetition is a draw.
//!
//! # Chase
//!
//! A move by side S *chases* when, after it, some piece A of S attacks a
//! piece T of the opponent O such that all of the following hold:
//! 1. A is a rook, horse, cannon, advisor or elephant — attacks by the king
//!    or by a pawn are never chases;
//! 2. T is not the king (that is a check) and not a pawn that has not
//!    crossed the river;
//! 3. the attack is real: with S to move, A capturing T is a legal move
//!    (pins and the facing kings are respected);
//! 4. the attack is new: before the move, the same piece A (at its origin
//!    square if A is the piece that moved) did not attack T, pins and
//!    checks aside (a geometric attack: the move of a side escaping check,
//!    which makes its other attacks legal again, creates no new attack). A
//!    piece that merely keeps attacking the same target is not a new chase,
//!    but a chaser that follows a fleeing piece attacks it anew on each
//!    move, and an attack discovered by moving a blocker or a cannon screen
//!    is new too;
//! 5. T cannot legally capture A (with O to move) — an attack that can be
//!    answered by taking the attacker is an offer, not a chase;
//! 6. either T is *worth more* than A, with the classes rook (3) > horse =
//!    cannon (2) > advisor = elephant = crossed pawn (1) — e.g. a rook
//!    attacked by a horse or cannon, or a horse or cannon attacked by an
//!    advisor or elephant — in which case protection does not matter; or T
//!    is *unprotected*: after A takes T, O has no legal move that recaptures
//!    on T's square.
//!
//! A move that gives check is graded [`MoveGrade::Check`] whatever else it
//! does. Each move is graded on its own: a side chasing different pieces on
//! different moves of the cycle is still chasing on every move.
//!
//! # Move limit
//!
//! [`RuleConfig::move_limit_plies`] plies (default 120 = 60 moves) without a
//! capture draw the game; moves that give check and moves that reply to a
//! check do not count ([`plies_toward_limit`]).

use super::moves::Move;
use super::piece::{Colour, PieceKind};
use super::position::Position;
use super::square::Square;
use super::tables::pawn_crossed;
use std::fmt;

/// What a move did, for the repetition rules. Check outranks chase.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum MoveGrade {
    /// Neither a check nor a chase.
    Idle,
    /// A chase (see the module documentation for the exact rule).
    Chase,
    /// The move gives check.
    Check,
}

/// The outcome of a repetition.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Verdict {
    /// The repetition is a draw.
    Draw,
    /// The side of this colour loses: its perpetual check or chase is
    /// forbidden.
    Loss(Colour),
}

/// Why a repetition was decided the way it was.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum RepetitionKind {
    /// Neither side checked or chased perpetually, or both did alike.
    Draw,
    /// The losing side checked on every one of its moves of the cycle.
    PerpetualCheck,
    /// The losing side chased (or checked) on every one of its moves of the
    /// cycle, and the other side did not.
    PerpetualChase,
}

/// A graded repetition cycle: see [`analyse_repetition`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Repetition {
    /// Ply index (into the position's history) of the first move of the
    /// cycle; the position before that move equals the current one.
    pub start_ply: usize,
    /// The side that made the first move of the cycle (the side to move
    /// now).
    pub first_mover: Colour,
    /// The grade of each move of the cycle, oldest first; even indices are
    /// `first_mover`'s moves.
    pub grades: Vec<MoveGrade>,
    /// The decision.
    pub verdict: Verdict,
    /// Why.
    pub kind: RepetitionKind,
}

/// Rule settings for [`game_result`].
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct RuleConfig {
    /// Plies without a capture (checks and replies to check not counted)
    /// after which the game is drawn; 0 turns the rule off. Default 120
    /// (60 moves).
    pub move_limit_plies: u32,
    /// The occurrence of a position (counting the current one) at which a
    /// drawn repetition ends the game; values below 2 act as 2 (the first
    /// repetition). Default 3. A forbidden perpetual loses at once.
    pub repetition_count: u32,
}

impl Default for RuleConfig {
    fn default() -> RuleConfig {
        RuleConfig {
            move_limit_plies: 120,
            repetition_count: 3,
        }
    }
}

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check but has no legal move (a loss in
    /// xiangqi).
    Stalemate,
    /// The loser checked perpetually.
    PerpetualCheck,
    /// The loser chased perpetually.
    PerpetualChase,
    /// A repetition without a forbidden perpetual.
    Repetition,
    /// The natural move limit (no capture for too long).
    MoveLimit,
}

/// The result of a finished game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum GameResult {
    /// `winner` won.
    Win {
        /// The winning side.
        winner: Colour,
        /// Why.
        reason: EndReason,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl GameResult {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Colour> {
        match *self {
            GameResult::Win { winner, .. } => Some(winner),
            GameResult::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    pub fn reason(&self) -> EndReason {
        match *self {
            GameResult::Win { reason, .. } | GameResult::Draw { reason } => reason,
        }
    }

    /// The score from Red's point of view: 1 win, 0.5 draw, 0 loss.
    pub fn red_score(&self) -> f64 {
        match self.winner() {
            Some(Colour::Red) => 1.0,
            Some(Colour::Black) => 0.0,
            None => 0.5,
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::PerpetualChase => "perpetual chase",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move limit",
        })
    }
}

impl fmt::Display for GameResult {
    /// E.g. "red wins by perpetual check" (Black checked perpetually),
    /// "draw by repetition".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, reason } => write!(f, "{winner} wins by {reason}"),
            GameResult::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}

/// The chase value class of a kind: rook 3, horse and cannon 2, advisor,
/// elephant and pawn 1, king 0.
fn class(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Rook => 3,
        PieceKind::Knight | PieceKind::Cannon => 2,
        PieceKind::Advisor | PieceKind::Bishop | PieceKind::Pawn => 1,
        PieceKind::King => 0,
    }
}

/// Whether the piece of `colour` and `kind` on `sq` can be the target of a
/// chase: not the king, and not a pawn still on its own side of the river.
fn chase_target(colour: Colour, kind: PieceKind, sq: Square) -> bool {
    match kind {
        PieceKind::King => false,
        PieceKind::Pawn => pawn_crossed(colour, sq.rank() as isize),
        _ => true,
    }
}

/// Whether a piece of `kind` can chase (not the king, not a pawn).
fn can_chase(kind: PieceKind) -> bool {
    !matches!(kind, PieceKind::King | PieceKind::Pawn)
}

/// The geometric attacks (pins and checks ignored) of the side to move by
/// pieces that can chase: pairs (attacker square, target square).
fn pseudo_attacks(pos: &Position) -> Vec<(Square, Square)> {
    let us = pos.side_to_move();
    let mut out = Vec::new();
    for (t, _) in pos.pieces_of(us.opposite()) {
        for a in pos.attackers(t, us) {
            if pos.piece_at(a).is_some_and(|p| can_chase(p.kind())) {
                out.push((a, t));
            }
        }
    }
    out
}

/// The real attacks of the side to move on chase targets: pairs
/// (attacker square, target square) where capturing is legal.
fn real_attacks(pos: &Position) -> Vec<(Square, Square)> {
    let us = pos.side_to_move();
    let them = us.opposite();
    let mut out = Vec::new();
    for (t, piece) in pos.pieces_of(them) {
        if !chase_target(them, piece.kind(), t) {
            continue;
        }
        for a in pos.attackers(t, us) {
            let Some(attacker) = pos.piece_at(a) else {
                continue;
            };
            if can_chase(attacker.kind()) && pos.is_legal(Move::new(a, t)) {
                out.push((a, t));
            }
        }
    }
    out
}

/// Grades `mv`, played by the side to move of `p`, in place: `p` is left as
/// it was. See [`grade_move`].
fn grade_in_place(p: &mut Position, mv: Move) -> MoveGrade {
    let before = pseudo_attacks(p);
    p.make_move(mv);
    if p.in_check() {
        p.unmake_move();
        return MoveGrade::Check;
    }
    // look at the attacks with the mover to move again
    p.make_null_move();
    let after = real_attacks(p);
    let mut chase = false;
    for (a, t) in after {
        let origin = if a == mv.to() { mv.from() } else { a };
        if before.contains(&(origin, t)) {
            continue; // an old attack
        }
        let attacker = p.piece_at(a).expect("attacker present").kind();
        let target = p.piece_at(t).expect("target present").kind();
        // can the target take the attacker? (opponent to move)
        p.unmake_move();
        let capture_back = p.is_legal(Move::new(t, a));
        p.make_null_move();
        if capture_back {
            continue;
        }
        if class(target) > class(attacker) {
            chase = true;
            break;
        }
        // unprotected: after the capture no legal recapture on t
        p.make_move(Move::new(a, t));
        let protected = p.legal_moves().iter().any(|m| m.to() == t);
        p.unmake_move();
        if !protected {
            chase = true;
            break;
        }
    }
    p.unmake_move(); // the null move
    p.unmake_move(); // mv
    if chase {
        MoveGrade::Chase
    } else {
        MoveGrade::Idle
    }
}

/// Grades the legal move `mv` played from `pos` (the position before the
/// move): [`MoveGrade::Check`] if it gives check, else
/// [`MoveGrade::Chase`] if it chases (see the module documentation for the
/// exact rule), else [`MoveGrade::Idle`].
pub fn grade_move(pos: &Position, mv: Move) -> MoveGrade {
    debug_assert!(pos.is_legal(mv), "grade_move: {mv} is not legal");
    let mut p = pos.clone();
    p.clear_history();
    grade_in_place(&mut p, mv)
}

/// The ply index where the cycle ending in the current position starts, if
/// the current position repeats one at ply index `first_ply` or later: the
/// position before the move at that index has the current key, the cycle is
/// at least 4 plies long and contains no capture and no null move. The
/// nearest such index is returned. Cheap (a backward scan of keys, stopped
/// at the last capture): the search can call it at every node and grade
/// the cycle only when it finds one.
pub fn repetition_start(pos: &Position, first_ply: usize) -> Option<usize> {
    let h = &pos.history;
    let n = h.len();
    let key = pos.key();
    let mut k = n;
    while k > first_ply {
        k -= 1;
        let u = &h[k];
        if u.captured != 0 || u.mv.is_null() {
            return None;
        }
        let len = n - k;
        if len >= 4 && len.is_multiple_of(2) && u.key == key {
            return Some(k);
        }
    }
    None
}

/// How many times the current position has occurred from ply index
/// `first_ply` on, counting the current occurrence: 1 plus the earlier
/// positions with its key at an even distance of at least 4 plies, with
/// no capture and no null move in between (the scan of
/// [`repetition_start`], not stopped at the nearest match).
pub fn occurrences(pos: &Position, first_ply: usize) -> u32 {
    let h = &pos.history;
    let n = h.len();
    let key = pos.key();
    let mut count = 1;
    let mut k = n;
    while k > first_ply {
        k -= 1;
        let u = &h[k];
        if u.captured != 0 || u.mv.is_null() {
            break;
        }
        let len = n - k;
        if len >= 4 && len.is_multiple_of(2) && u.key == key {
            count += 1;
        }
    }
    count
}

/// Whether the current position repeats one from ply index `first_ply` on
/// (see [`repetition_start`]).
pub fn has_repetition(pos: &Position, first_ply: usize) -> bool {
    repetition_start(pos, first_ply).is_some()
}

/// Finds the repetition (from ply index `first_ply` on, see
/// [`repetition_start`]) and grades its cycle: replays the cycle on a copy
/// and grades each move with [`grade_move`]. Costs a copy of the position
/// and a few move generations per move of the cycle; called only when a
/// repetition exists.
pub fn analyse_repetition(pos: &Position, first_ply: usize) -> Option<Repetition> {
    let start = repetition_start(pos, first_ply)?;
    let moves: Vec<Move> = pos.history[start..].iter().map(|u| u.mv).collect();
    let mut p = pos.clone();
    for _ in 0..moves.len() {
        p.unmake_move();
    }
    let first_mover = p.side_to_move();
    let mut grades = Vec::with_capacity(moves.len());
    for &mv in &moves {
        grades.push(grade_in_place(&mut p, mv));
        p.make_move(mv);
    }
    debug_assert_eq!(p.key(), pos.key());
    let (verdict, kind) = decide(first_mover, &grades);
    Some(Repetition {
        start_ply: start,
        first_mover,
        grades,
        verdict,
        kind,
    })
}

/// A side's conduct over its moves of a cycle.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Conduct {
    Idle,
    Chase,
    Check,
}

fn conduct(grades: impl Iterator<Item = MoveGrade>) -> Conduct {
    let mut all_check = true;
    for g in grades {
        match g {
            MoveGrade::Idle => return Conduct::Idle,
            MoveGrade::Chase => all_check = false,
            MoveGrade::Check => {}
        }
    }
    if all_check {
        Conduct::Check
    } else {
        Conduct::Chase
    }
}

/// Decides a cycle whose moves, alternating from `first_mover`, have
/// `grades`.
fn decide(first_mover: Colour, grades: &[MoveGrade]) -> (Verdict, RepetitionKind) {
    let first = conduct(grades.iter().copied().step_by(2));
    let second = conduct(grades.iter().copied().skip(1).step_by(2));
    let (red, black) = match first_mover {
        Colour::Red => (first, second),
        Colour::Black => (second, first),
    };
    use Conduct::*;
    match (red, black) {
        (Check, Check) => (Verdict::Draw, RepetitionKind::Draw),
        (Check, _) => (Verdict::Loss(Colour::Red), RepetitionKind::PerpetualCheck),
        (_, Check) => (Verdict::Loss(Colour::Black), RepetitionKind::PerpetualCheck),
        (Chase, Chase) => (Verdict::Draw, RepetitionKind::Draw),
        (Chase, _) => (Verdict::Loss(Colour::Red), RepetitionKind::PerpetualChase),
        (_, Chase) => (Verdict::Loss(Colour::Black), RepetitionKind::PerpetualChase),
        _ => (Verdict::Draw, RepetitionKind::Draw),
    }
}

/// If the current position repeats an earlier one of `pos`'s history (same
/// key and side to move, ≥ 4 plies before, no capture in between), grades
/// the cycle and decides it; `None` if there is no repetition. Applied at
/// the first repetition.
pub fn repetition_verdict(pos: &Position) -> Option<Verdict> {
    repetition_verdict_since(pos, 0)
}

/// Like [`repetition_verdict`], but only history from ply index `first_ply`
/// on is considered (the cycle must start at `first_ply` or later). The
/// search passes the index where the relevant history starts.
pub fn repetition_verdict_since(pos: &Position, first_ply: usize) -> Option<Verdict> {
    analyse_repetition(pos, first_ply).map(|r| r.verdict)
}

/// Plies since the last capture, not counting moves that give check nor
/// moves that reply to a check. When the history holds no capture, the
/// half-move clock the position was set up with (FEN) is added in full.
/// Replays the plies since the last capture on a copy (linear in them).
pub fn plies_toward_limit(pos: &Position) -> u32 {
    let h = &pos.history;
    let n = h.len();
    let start = (0..n)
        .rev()
        .find(|&i| h[i].captured != 0)
        .map_or(0, |i| i + 1);
    let base = if start == 0 {
        h.first().map_or(pos.halfmove_clock(), |u| u.halfmove) as u32
    } else {
        0
    };
    let mut p = pos.clone();
    // walk back from the end: check status after and before each move
    let mut count = 0;
    let mut after_in_check = p.in_check();
    for _ in start..n {
        let was_null = p.history.last().is_some_and(|u| u.mv.is_null());
        p.unmake_move();
        let before_in_check = !was_null && p.in_check();
        if !after_in_check && !before_in_check {
            count += 1;
        }
        after_in_check = before_in_check;
    }
    base + count
}

/// Adjudicates the game at `pos`: no legal move loses for the side to move
/// ([`EndReason::Checkmate`] if in check, else [`EndReason::Stalemate`]);
/// then a repetition in the history is decided: a forbidden perpetual loses
/// at once ([`EndReason::PerpetualCheck`], [`EndReason::PerpetualChase`]),
/// a drawn cycle ends the game ([`EndReason::Repetition`]) only once the
/// position has occurred [`RuleConfig::repetition_count`] times
/// ([`occurrences`]); then the move limit of `cfg` ([`EndReason::MoveLimit`]).
/// `None` while the game goes on.
pub fn game_result(pos: &Position, cfg: &RuleConfig) -> Option<GameResult> {
    let side = pos.side_to_move();
    if !pos.has_legal_move() {
        let reason = if pos.in_check() {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        return Some(GameResult::Win {
            winner: side.opposite(),
            reason,
        });
    }
    if let Some(rep) = analyse_repetition(pos, 0) {
        match (rep.verdict, rep.kind) {
            (Verdict::Loss(loser), RepetitionKind::PerpetualCheck) => {
                return Some(GameResult::Win {
                    winner: loser.opposite(),
                    reason: EndReason::PerpetualCheck,
                })
            }
            (Verdict::Loss(loser), _) => {
                return Some(GameResult::Win {
                    winner: loser.opposite(),
                    reason: EndReason::PerpetualChase,
                })
            }
            (Verdict::Draw, _) => {
                if occurrences(pos, 0) >= cfg.repetition_count.max(2) {
                    return Some(GameResult::Draw {
                        reason: EndReason::Repetition,
                    });
                }
            }
        }
    }
    if cfg.move_limit_plies > 0 && plies_toward_limit(pos) >= cfg.move_limit_plies {
        return Some(GameResult::Draw {
            reason: EndReason::MoveLimit,
        });
    }
    None
}
