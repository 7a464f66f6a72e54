//! One game between two players, with adjudication and per-move records.

use super::eval_calls::EvalCalls;
use super::external::GRACE_MS;
use super::player::{ClockInfo, Limit, MoveRecord, Player, PlayerError, PlayerSpec, Situation};
use crate::board::rules::{game_result, EndReason, RuleConfig};
use crate::board::{Colour, Move, Position};
use serde::{Deserialize, Serialize};

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Red won.
    RedWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
}

impl Outcome {
    /// PGN result text.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::RedWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The loss of `side`.
    pub fn loss_of(side: Colour) -> Outcome {
        match side {
            Colour::Red => Outcome::BlackWins,
            Colour::Black => Outcome::RedWins,
        }
    }
}

/// The reason of a draw because neither side has a piece that can attack.
pub const NO_ATTACKING_PIECES: &str = "no attacking pieces";
/// The start of the reason of a game drawn at the referee's ply limit.
pub const MAX_PLIES: &str = "max plies";
/// The start of the reason of a game ended by its scores (resign or draw).
pub const ADJUDICATED: &str = "adjudicated";

/// An adjudicated end: the result and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Result.
    pub outcome: Outcome,
    /// Reason, e.g. "checkmate", "stalemate", "perpetual check", "repetition".
    pub reason: String,
}

/// Decides whether `pos` ends the game by chuhe's rules
/// ([`crate::board::rules::game_result`]: checkmate and stalemate lose for
/// the side to move; a forbidden perpetual check or chase loses as soon as
/// its cycle repeats, any other repetition draws when the position occurs
/// for the third time (`cfg.repetition_count`); the natural move limit of
/// `cfg` draws),
/// or whether `max_plies` (plies played since the game's start position;
/// 0 = no limit) is reached, which draws.
pub fn adjudicate(pos: &Position, max_plies: usize) -> Option<Verdict> {
    adjudicate_with(pos, max_plies, &RuleConfig::default())
}

/// [`adjudicate`] with explicit rule settings.
pub fn adjudicate_with(pos: &Position, max_plies: usize, cfg: &RuleConfig) -> Option<Verdict> {
    if let Some(r) = game_result(pos, cfg) {
        let outcome = match r.winner() {
            Some(c) => Outcome::loss_of(c.opposite()),
            None => Outcome::Draw,
        };
        let reason = match r.reason() {
            EndReason::Checkmate => "checkmate".to_string(),
            EndReason::Stalemate => "stalemate".to_string(),
            EndReason::PerpetualCheck => "perpetual check".to_string(),
            EndReason::PerpetualChase => "perpetual chase".to_string(),
            EndReason::Repetition => {
                format!("repetition ({}-fold)", cfg.repetition_count.max(2))
            }
            EndReason::MoveLimit => format!("move limit ({} plies)", cfg.move_limit_plies),
        };
        return Some(Verdict { outcome, reason });
    }
    if no_attacking_pieces(pos) {
        return Some(Verdict {
            outcome: Outcome::Draw,
            reason: NO_ATTACKING_PIECES.to_string(),
        });
    }
    if max_plies > 0 && pos.ply_count() >= max_plies {
        return Some(Verdict {
            outcome: Outcome::Draw,
            reason: format!("{MAX_PLIES} ({max_plies})"),
        });
    }
    None
}

/// Whether neither side has a rook, horse, cannon or pawn left: kings,
/// advisors and elephants never leave their own half and cannot mate, so
/// the referee draws the game at once (as xiangqi's rules judge a game
/// neither side can win). Engines read such a position differently —
/// ElephantEye answers `nobestmove` — so waiting for one to move would
/// score the game by its answer instead of by the position.
fn no_attacking_pieces(pos: &Position) -> bool {
    use crate::board::PieceKind::{Cannon, Knight, Pawn, Rook};
    Colour::ALL.iter().all(|&c| {
        [Rook, Knight, Cannon, Pawn]
            .iter()
            .all(|&k| pos.count(c, k) == 0)
    })
}

/// One played move as written to `moves.jsonl`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MoveEntry {
    /// Game number (1-based).
    pub game: usize,
    /// Ply number in the game (1-based, opening moves included).
    pub ply: usize,
    /// "red" or "black".
    pub side: String,
    /// "A" or "B".
    pub player: String,
    /// The mover's k-th move of the game (1-based).
    pub move_number: usize,
    /// Position before the move.
    pub fen: String,
    /// The move (ICCS).
    #[serde(rename = "move")]
    pub mv: String,
    /// Score, mover's view.
    pub score: Option<i32>,
    /// Depth reached.
    pub depth: Option<i32>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// Evaluation calls.
    pub evals: Option<u64>,
    /// Wall time, ms.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<String>,
    /// Clock left after the move, ms (clocked games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<u64>,
    /// B's evaluation calls on the same position (`--shadow`, A's moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shadow_evals: Option<u64>,
    /// B's nodes on the same position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shadow_nodes: Option<u64>,
    /// B's move on the same position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shadow_move: Option<String>,
    /// B's score on the same position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shadow_score: Option<i32>,
}

/// A finished game (header; its moves are [`GameRecord::moves`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Game number (1-based index into the schedule).
    pub game: usize,
    /// Opening name.
    pub opening: String,
    /// FEN the game started from (before the opening moves).
    pub start_fen: String,
    /// Opening moves played before the engines took over.
    pub opening_moves: Vec<String>,
    /// Whether A played Red.
    pub a_is_red: bool,
    /// Red's name.
    pub red: String,
    /// Black's name.
    pub black: String,
    /// Result.
    pub outcome: Outcome,
    /// Why the game ended.
    pub termination: String,
    /// Plies played by the engines (opening moves excluded).
    pub plies: usize,
    /// Evaluation-call totals kept with the header, for a game read back
    /// without its moves (see [`EvalCalls::of`], which prefers the moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval_calls: Option<EvalCalls>,
    /// Engine moves (not serialized with the header).
    #[serde(skip)]
    pub moves: Vec<MoveEntry>,
    /// The engine failure that ended the game, if one did (not serialized).
    #[serde(skip)]
    pub failure: Option<PlayerFailure>,
}

/// A player that failed during a game: could not start, crashed, fell
/// silent, answered no move or garbage.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerFailure {
    /// "A" or "B".
    pub player: String,
    /// Moves it had played in this game before failing.
    pub moves_played: usize,
    /// What went wrong.
    pub error: PlayerError,
}

impl GameRecord {
    /// 1, 0.5 or 0 for A.
    pub fn a_points(&self) -> f64 {
        match (self.outcome, self.a_is_red) {
            (Outcome::Draw, _) => 0.5,
            (Outcome::RedWins, true) | (Outcome::BlackWins, false) => 1.0,
            _ => 0.0,
        }
    }
}

/// Score-based adjudication settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScoreAdjudication {
    /// Resign when the loser's score ≤ −cp and the winner's ≥ cp ...
    pub resign_score: Option<i32>,
    /// ... for this many consecutive moves of each side.
    pub resign_moves: usize,
    /// Draw when both engines' |score| ≤ cp ...
    pub draw_score: Option<i32>,
    /// ... for this many consecutive moves of each side ...
    pub draw_moves: usize,
    /// ... once this many plies were played.
    pub draw_after: usize,
}

/// Settings of every game of a match.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// Plies (from the game's start position) after which the game is drawn.
    pub max_plies: usize,
    /// Let B search every position where A moved.
    pub shadow: bool,
    /// Score adjudication.
    pub adjudication: ScoreAdjudication,
    /// chuhe's rules (natural move limit).
    pub rules: RuleConfig,
}

/// What the game needs to know about an opening.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    /// Game number (1-based).
    pub game: usize,
    /// Opening name.
    pub opening: String,
    /// Start FEN.
    pub fen: String,
    /// Opening moves.
    pub moves: Vec<String>,
    /// Whether A plays Red.
    pub a_is_red: bool,
}

struct Side {
    player: Box<dyn Player>,
    limit: Limit,
    clock_ms: i64,
    moves: usize,
}

/// Plays one game. Player start-up failures lose for that player.
pub fn play_game(
    setup: &GameSetup,
    a: &PlayerSpec,
    b: &PlayerSpec,
    cfg: &GameConfig,
) -> GameRecord {
    let (red_spec, black_spec) = if setup.a_is_red { (a, b) } else { (b, a) };
    let mut record = GameRecord {
        game: setup.game,
        opening: setup.opening.clone(),
        start_fen: setup.fen.clone(),
        opening_moves: setup.moves.clone(),
        a_is_red: setup.a_is_red,
        red: red_spec.name.clone(),
        black: black_spec.name.clone(),
        outcome: Outcome::Draw,
        termination: String::new(),
        plies: 0,
        eval_calls: None,
        moves: Vec::new(),
        failure: None,
    };
    let label = |red: bool| if red == setup.a_is_red { "A" } else { "B" }.to_string();
    let finish = |mut r: GameRecord, outcome: Outcome, reason: String| {
        r.outcome = outcome;
        r.termination = reason;
        r
    };
    let mut pos = match Position::from_fen_and_moves(Some(&setup.fen), &setup.moves) {
        Ok(p) => p,
        Err(e) => return finish(record, Outcome::Draw, format!("bad opening: {e}")),
    };
    let mut moves: Vec<Move> = pos.moves_played().collect();
    let make_side = |spec: &PlayerSpec| -> Result<Side, PlayerError> {
        let mut player = spec.build()?;
        player.new_game()?;
        let clock_ms = match spec.limit {
            Limit::Clock { base_ms, .. } => base_ms as i64,
            _ => 0,
        };
        Ok(Side {
            player,
            limit: spec.limit.clone(),
            clock_ms,
            moves: 0,
        })
    };
    let mut red = match make_side(red_spec) {
        Ok(s) => s,
        Err(e) => {
            record.failure = Some(PlayerFailure {
                player: label(true),
                moves_played: 0,
                error: e.clone(),
            });
            return finish(record, Outcome::BlackWins, format!("Red: {e}"));
        }
    };
    let mut black = match make_side(black_spec) {
        Ok(s) => s,
        Err(e) => {
            record.failure = Some(PlayerFailure {
                player: label(false),
                moves_played: 0,
                error: e.clone(),
            });
            return finish(record, Outcome::RedWins, format!("Black: {e}"));
        }
    };
    let mut shadow = if cfg.shadow {
        match b.build().and_then(|mut p| p.new_game().map(|_| p)) {
            Ok(p) => Some(p),
            Err(e) => {
                log::warn!("shadow player could not start: {e}");
                None
            }
        }
    } else {
        None
    };
    // each side's scores, for score adjudication
    let mut scores: [Vec<Option<i32>>; 2] = [Vec::new(), Vec::new()];
    loop {
        if let Some(v) = adjudicate_with(&pos, cfg.max_plies, &cfg.rules) {
            return finish(record, v.outcome, v.reason);
        }
        let side = pos.side_to_move();
        let a_moves = (side == Colour::Red) == setup.a_is_red;
        let (me, opp) = match side {
            Colour::Red => (&mut red, &black),
            Colour::Black => (&mut black, &red),
        };
        let clock = match (&me.limit, &opp.limit) {
            (Limit::Clock { inc_ms, .. }, opp_limit) => {
                let opp_inc = match opp_limit {
                    Limit::Clock { inc_ms, .. } => *inc_ms,
                    _ => 0,
                };
                Some(ClockInfo {
                    time_ms: me.clock_ms.max(0) as u64,
                    inc_ms: *inc_ms,
                    opp_time_ms: opp.clock_ms.max(0) as u64,
                    opp_inc_ms: opp_inc,
                })
            }
            _ => None,
        };
        let fen = pos.to_fen();
        let situation = Situation {
            start_fen: &setup.fen,
            moves: &moves,
            pos: &pos,
        };
        let side_name = if side == Colour::Red { "Red" } else { "Black" };
        let rec: MoveRecord = match me.player.think(&situation, clock) {
            Ok(r) => r,
            Err(e) => {
                record.failure = Some(PlayerFailure {
                    player: label(side == Colour::Red),
                    moves_played: me.moves,
                    error: e.clone(),
                });
                return finish(record, Outcome::loss_of(side), format!("{side_name}: {e}"));
            }
        };
        let mv = match Move::from_iccs(&rec.mv) {
            Ok(m) if pos.is_legal(m) => m,
            _ => {
                return finish(
                    record,
                    Outcome::loss_of(side),
                    format!("{side_name}: illegal move {}", rec.mv),
                )
            }
        };
        let mut clock_after = None;
        if let Limit::Clock { inc_ms, .. } = me.limit {
            me.clock_ms -= rec.time_ms as i64;
            if me.clock_ms < -(GRACE_MS as i64) {
                return finish(
                    record,
                    Outcome::loss_of(side),
                    format!("{side_name}: time forfeit ({} ms over)", -me.clock_ms),
                );
            }
            me.clock_ms = me.clock_ms.max(0) + inc_ms as i64;
            clock_after = Some(me.clock_ms as u64);
        } else if let Limit::MoveTime(ms) = me.limit {
            if rec.time_ms > ms + GRACE_MS + 900 {
                log::warn!(
                    "game {}: {side_name} used {} ms of {ms}",
                    setup.game,
                    rec.time_ms
                );
            }
        }
        me.moves += 1;
        let mut entry = MoveEntry {
            game: setup.game,
            ply: pos.ply_count() + 1,
            side: if side == Colour::Red { "red" } else { "black" }.into(),
            player: if a_moves { "A" } else { "B" }.into(),
            move_number: me.moves,
            fen,
            mv: mv.to_string(),
            score: rec.score,
            depth: rec.depth,
            nodes: rec.nodes,
            evals: rec.evals,
            time_ms: rec.time_ms,
            pv: rec.pv.clone(),
            clock_ms: clock_after,
            ..MoveEntry::default()
        };
        if a_moves {
            if let Some(sp) = shadow.as_mut() {
                match sp.think(&situation, clock) {
                    Ok(s) => {
                        entry.shadow_evals = s.evals;
                        entry.shadow_nodes = s.nodes;
                        entry.shadow_move = Some(s.mv);
                        entry.shadow_score = s.score;
                    }
                    Err(e) => log::warn!("game {}: shadow search failed: {e}", setup.game),
                }
            }
        }
        scores[side.index()].push(rec.score);
        record.moves.push(entry);
        record.plies += 1;
        pos.make_move(mv);
        moves.push(mv);
        if let Some(v) = score_verdict(&cfg.adjudication, &scores, side, record.plies) {
            return finish(record, v.outcome, v.reason);
        }
    }
}

/// Resign / draw adjudication from both engines' recent scores (`just_moved`
/// made the last move).
fn score_verdict(
    adj: &ScoreAdjudication,
    scores: &[Vec<Option<i32>>; 2],
    just_moved: Colour,
    plies: usize,
) -> Option<Verdict> {
    let last = |c: Colour, k: usize| -> Option<Vec<i32>> {
        let s = &scores[c.index()];
        if k == 0 || s.len() < k {
            return None;
        }
        s[s.len() - k..].iter().copied().collect()
    };
    let me = just_moved;
    let opp = me.opposite();
    if let Some(r) = adj.resign_score {
        if let (Some(a), Some(b)) = (last(me, adj.resign_moves), last(opp, adj.resign_moves)) {
            for (loser, ls, ws) in [(me, &a, &b), (opp, &b, &a)] {
                if ls.iter().all(|&s| s <= -r) && ws.iter().all(|&s| s >= r) {
                    return Some(Verdict {
                        outcome: Outcome::loss_of(loser),
                        reason: format!("{ADJUDICATED}: resign score {r}"),
                    });
                }
            }
        }
    }
    if let Some(d) = adj.draw_score {
        if plies >= adj.draw_after {
            if let (Some(a), Some(b)) = (last(me, adj.draw_moves), last(opp, adj.draw_moves)) {
                if a.iter().chain(b.iter()).all(|s| s.abs() <= d) {
                    return Some(Verdict {
                        outcome: Outcome::Draw,
                        reason: format!("{ADJUDICATED}: draw score {d}"),
                    });
                }
            }
        }
    }
    None
}
