//! Players: the [`Player`] trait, player specs (`iprobcut:paper,depth=8`,
//! `ucci:/path/engine,hashsize=16,tc=10+0.1`) and the in-process engine.

use crate::board::{Move, Position};
use crate::engine::options::EngineOptions;
use crate::engine::preset::{check_deepening, preset_for_limit};
use crate::engine::Engine;
use crate::protocol::ranks::Ranks;
use crate::search::{Algorithm, Clock, Limits, SearchOptions, MATE, MATE_BOUND};
use std::time::Duration;

/// How long one move may take.
#[derive(Clone, Debug, PartialEq)]
pub enum Limit {
    /// Fixed depth in plies.
    Depth(i32),
    /// Node budget.
    Nodes(u64),
    /// Fixed time per move, milliseconds.
    MoveTime(u64),
    /// A game clock: base time and increment per move, milliseconds.
    Clock {
        /// Time at the start of the game.
        base_ms: u64,
        /// Added after every move.
        inc_ms: u64,
    },
}

impl Limit {
    /// Whether this limit runs on wall time (clocked or fixed time).
    pub fn is_timed(&self) -> bool {
        matches!(self, Limit::MoveTime(_) | Limit::Clock { .. })
    }

    /// Parses the value of `tc=` (`10+0.1`, `60`: seconds, increment).
    pub fn parse_tc(v: &str) -> Result<Limit, String> {
        let (base, inc) = v.split_once('+').unwrap_or((v, "0"));
        let secs = |x: &str| -> Result<u64, String> {
            let f: f64 = x
                .trim()
                .parse()
                .map_err(|_| format!("bad tc '{v}': want seconds[+increment]"))?;
            if !(f >= 0.0 && f.is_finite()) {
                return Err(format!("bad tc '{v}'"));
            }
            Ok((f * 1000.0).round() as u64)
        };
        Ok(Limit::Clock {
            base_ms: secs(base)?,
            inc_ms: secs(inc)?,
        })
    }
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Depth(d) => write!(f, "depth={d}"),
            Limit::Nodes(n) => write!(f, "nodes={n}"),
            Limit::MoveTime(ms) => write!(f, "movetime={ms}"),
            Limit::Clock { base_ms, inc_ms } => {
                write!(
                    f,
                    "tc={}+{}",
                    *base_ms as f64 / 1000.0,
                    *inc_ms as f64 / 1000.0
                )
            }
        }
    }
}

/// The clock situation handed to a player for one move (clocked games only).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockInfo {
    /// Time left for the side to move, ms.
    pub time_ms: u64,
    /// Its increment, ms.
    pub inc_ms: u64,
    /// Time left for the opponent, ms.
    pub opp_time_ms: u64,
    /// The opponent's increment, ms.
    pub opp_inc_ms: u64,
}

/// What a player is asked to move in: the game's first position, the moves
/// since, and the current position (with that history).
pub struct Situation<'a> {
    /// FEN the game started from.
    pub start_fen: &'a str,
    /// Moves played from it.
    pub moves: &'a [Move],
    /// The position now.
    pub pos: &'a Position,
}

/// One move's outcome as the player reports it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveRecord {
    /// The move in ICCS text (not yet checked for legality).
    pub mv: String,
    /// Score from the mover's view, centipawns (mate as ±(30000 − plies)).
    pub score: Option<i32>,
    /// Depth of the last completed iteration.
    pub depth: Option<i32>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Evaluation calls (in-process engines, and chuhe over the protocol).
    pub evals: Option<u64>,
    /// Wall time of the move as measured by the arena, ms.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<String>,
}

/// Why a player failed to produce a move.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerError {
    /// The engine could not be started.
    Start(String),
    /// The process exited or closed its output.
    Crashed(String),
    /// No answer in time (a silent engine loses).
    Timeout(String),
    /// `nobestmove` or no move although legal moves exist.
    NoMove,
    /// Something unreadable.
    Protocol(String),
}

impl std::fmt::Display for PlayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerError::Start(s) => write!(f, "engine failed to start: {s}"),
            PlayerError::Crashed(s) => write!(f, "engine crashed: {s}"),
            PlayerError::Timeout(s) => write!(f, "engine silent: {s}"),
            PlayerError::NoMove => write!(f, "engine returned no move"),
            PlayerError::Protocol(s) => write!(f, "protocol error: {s}"),
        }
    }
}

/// A participant of a match.
pub trait Player: Send {
    /// Prepares for a new game (clears hash tables and the like).
    fn new_game(&mut self) -> Result<(), PlayerError>;
    /// Chooses a move in `situation`; `clock` is set in clocked games.
    fn think(
        &mut self,
        situation: &Situation<'_>,
        clock: Option<ClockInfo>,
    ) -> Result<MoveRecord, PlayerError>;
    /// Display name.
    fn name(&self) -> String;
}

/// What kind of engine a spec names.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineKind {
    /// chuhe's own search, in process.
    InProcess(Box<SearchOptions>),
    /// An external engine speaking UCCI (`ucci: true`) or xiangqi UCI.
    External {
        /// UCCI rather than UCI.
        ucci: bool,
        /// Executable.
        path: String,
        /// Options sent with `setoption`, in order.
        options: Vec<(String, String)>,
        /// How its UCI moves number the ranks (`ranks=0|1`; `None`: told
        /// by its handshake, see [`super::external`]).
        ranks: Option<Ranks>,
    },
}

/// A parsed player spec.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// The text it was parsed from.
    pub text: String,
    /// Display name (`name=` or derived from the spec).
    pub name: String,
    /// The engine.
    pub kind: EngineKind,
    /// Its limit per move.
    pub limit: Limit,
    /// Read timeout for fixed-depth/node searches of external engines, ms.
    pub timeout_ms: u64,
}

/// The deepest `depth=` a spec accepts (the search's own ceiling).
pub const MAX_SPEC_DEPTH: u64 = crate::search::MAX_PLY as u64 - 16;

/// Default limit when a spec gives none.
pub const DEFAULT_DEPTH: i32 = 4;
/// Default silence allowed from an external engine under depth/node limits.
pub const DEFAULT_TIMEOUT_MS: u64 = 600_000;

impl std::str::FromStr for PlayerSpec {
    type Err = String;

    /// `KIND[:ITEM,ITEM...]` with KIND `iprobcut`, `alphabeta` or `chuhe`
    /// (in process; items `paper` and any key=value of the option table,
    /// `crate::engine::table`),
    /// or `ucci`/`uci` (first item the executable path, then engine options
    /// key=value, and for `uci` `ranks=0` or `ranks=1`: the first rank's
    /// number in the engine's moves). Items common to both: `depth=N`, `nodes=N`,
    /// `movetime=MS`, `tc=SECONDS[+INC]`, `name=LABEL`, `timeout=SECONDS`.
    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = kind.trim().to_ascii_lowercase();
        let mut items: Vec<&str> = rest
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let mut limit = None;
        let mut name = None;
        let mut timeout_ms = DEFAULT_TIMEOUT_MS;
        let mut ranks = None;
        let mut rest_items = Vec::new();
        let external = kind == "ucci" || kind == "uci";
        let path = if external {
            if items.is_empty() {
                return Err(format!("'{text}': {kind}: needs the engine's path"));
            }
            Some(items.remove(0).to_string())
        } else {
            None
        };
        for item in items {
            let Some((k, v)) = item.split_once('=') else {
                rest_items.push((item.to_string(), None));
                continue;
            };
            let (k, v) = (k.trim(), v.trim());
            let num = |v: &str| -> Result<u64, String> {
                v.parse()
                    .map_err(|_| format!("'{text}': {k}={v} is not a whole number"))
            };
            // a limit of 0 nodes or 0 ms asks for no search at all
            let at_least_one = |v: &str| match num(v)? {
                0 => Err(format!("'{text}': {k}=0 is out of range (from 1)")),
                n => Ok(n),
            };
            match k.to_ascii_lowercase().as_str() {
                "depth" => {
                    let d = num(v)?;
                    if !(1..=MAX_SPEC_DEPTH).contains(&d) {
                        return Err(format!(
                            "'{text}': depth={d} is out of range (from 1 to {MAX_SPEC_DEPTH})"
                        ));
                    }
                    limit = Some(Limit::Depth(d as i32));
                }
                "nodes" => limit = Some(Limit::Nodes(at_least_one(v)?)),
                "movetime" => limit = Some(Limit::MoveTime(at_least_one(v)?)),
                "tc" => limit = Some(Limit::parse_tc(v)?),
                "name" => name = Some(v.to_string()),
                // cut to 10^9 s: a deadline past what an `Instant` holds
                // would panic when it is computed
                "timeout" => timeout_ms = at_least_one(v)?.min(1_000_000_000) * 1000,
                // other values (chuhe's own `Ranks=1-10`) go to the engine
                "ranks" if external && (v == "0" || v == "1") => {
                    if kind == "ucci" && v == "1" {
                        return Err(format!(
                            "'{text}': UCCI counts ranks from 0 (ranks=1 is for uci:)"
                        ));
                    }
                    ranks = Some(if v == "1" {
                        Ranks::FromOne
                    } else {
                        Ranks::FromZero
                    });
                }
                _ => rest_items.push((k.to_string(), Some(v.to_string()))),
            }
        }
        let limit = limit.unwrap_or(Limit::Depth(DEFAULT_DEPTH));
        let kind = if let Some(path) = path {
            let mut options = Vec::new();
            for (k, v) in rest_items {
                options.push((k, v.unwrap_or_default()));
            }
            EngineKind::External {
                ucci: kind == "ucci",
                path,
                options,
                ranks,
            }
        } else {
            let algorithm: Option<Algorithm> = match kind.as_str() {
                "chuhe" | "" => None,
                k => Some(k.parse()?),
            };
            let paper = rest_items.iter().any(|(k, v)| k == "paper" && v.is_none());
            let fixed_depth = matches!(limit, Limit::Depth(_));
            let mut options = preset_for_limit(algorithm, paper, fixed_depth);
            for (k, v) in rest_items {
                match v {
                    None if k == "paper" => {}
                    None => return Err(format!("'{text}': '{k}' is not key=value")),
                    Some(v) => options.set(&k, &v).map_err(|e| format!("'{text}': {e}"))?,
                }
            }
            check_deepening(&options, fixed_depth).map_err(|e| format!("'{text}': {e}"))?;
            EngineKind::InProcess(Box::new(options))
        };
        let name = name.unwrap_or_else(|| text.to_string());
        Ok(PlayerSpec {
            text: text.to_string(),
            name,
            kind,
            limit,
            timeout_ms,
        })
    }
}

impl PlayerSpec {
    /// Builds a fresh player (spawns the process for external engines).
    pub fn build(&self) -> Result<Box<dyn Player>, PlayerError> {
        match &self.kind {
            EngineKind::InProcess(options) => Ok(Box::new(InProcessPlayer::new(
                self.name.clone(),
                (**options).clone(),
                self.limit.clone(),
            ))),
            EngineKind::External {
                ucci,
                path,
                options,
                ranks,
            } => {
                let p = super::external::ExternalPlayer::start(
                    self.name.clone(),
                    path,
                    *ucci,
                    options,
                    *ranks,
                    self.limit.clone(),
                    self.timeout_ms,
                )?;
                Ok(Box::new(p))
            }
        }
    }
}

/// The book seed of in-process players (any fixed value: reproducible).
pub const ARENA_BOOK_SEED: u64 = 0x0063_6875_6865;

/// chuhe run in the arena's process, through the engine facade (without
/// its opening book: the arena chooses the openings).
pub struct InProcessPlayer {
    name: String,
    engine: Engine,
    limit: Limit,
}

impl InProcessPlayer {
    /// A player searching with `options` within `limit`.
    pub fn new(name: String, options: SearchOptions, limit: Limit) -> InProcessPlayer {
        // the book is off, and its seed fixed all the same: an arena game
        // must depend on the match's own seed only
        let options = EngineOptions {
            search: options,
            usebook: false,
            book_seed: ARENA_BOOK_SEED,
            ..EngineOptions::default()
        };
        InProcessPlayer {
            name,
            engine: Engine::new(options),
            limit,
        }
    }
}

impl Player for InProcessPlayer {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.engine.new_game();
        Ok(())
    }

    fn think(
        &mut self,
        situation: &Situation<'_>,
        clock: Option<ClockInfo>,
    ) -> Result<MoveRecord, PlayerError> {
        let limits = match (&self.limit, clock) {
            (Limit::Depth(d), _) => Limits::depth(*d),
            (Limit::Nodes(n), _) => Limits::nodes(*n),
            (Limit::MoveTime(ms), _) => Limits::movetime_ms(*ms),
            (Limit::Clock { .. }, Some(c)) => Limits {
                clock: Some(Clock {
                    time: Duration::from_millis(c.time_ms),
                    increment: Duration::from_millis(c.inc_ms),
                    movestogo: None,
                }),
                ..Limits::default()
            },
            (Limit::Clock { base_ms, .. }, None) => Limits::movetime_ms((*base_ms / 30).max(1)),
        };
        let started = std::time::Instant::now();
        self.engine.set_position_to(situation.pos);
        let r = self.engine.think(&limits);
        let time_ms = started.elapsed().as_millis() as u64;
        let mv = r.best_move.ok_or(PlayerError::NoMove)?;
        Ok(MoveRecord {
            mv: mv.to_string(),
            score: Some(r.score),
            depth: Some(r.depth),
            nodes: Some(r.stats.nodes),
            evals: Some(r.stats.evals),
            time_ms,
            pv: r.pv.iter().map(|m| m.to_string()).collect(),
        })
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}

/// Whether a score is a mate score (either sign).
pub fn is_mate_score(score: i32) -> bool {
    score.abs() >= MATE_BOUND && score.abs() <= MATE
}
