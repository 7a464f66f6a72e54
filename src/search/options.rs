//! Search settings: the algorithm, its enhancements (each a switch), the
//! iProbcut parameters, the evaluator's profile and weights, MultiPV and
//! the strength level. Their names, ranges and help live in the one option
//! table (`crate::engine::table`), which also provides
//! `SearchOptions::set(key, value)`.

use super::switches::Switches;
use super::tunables::{Tunables, SIGMA_PAPER_PROFILE};
use crate::eval::nnue::{EvalKind, NetChoice};
use crate::eval::{EvalWeights, Profile};

/// Which tree search runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Negamax alpha-beta with every technique its switches turn on
    /// (singular extensions and multi-cut among them): the default. With
    /// the `--paper` preset, the paper's plain alpha-beta baseline.
    AlphaBeta,
    /// The same search plus the paper's iProbcut step: at nodes deeper
    /// than `threshold`, a shallow pre-evaluation ranks the children and
    /// the deep search follows the best `n` (the rest pruned, or searched
    /// `ipcreduce` plies shallower).
    IProbcut,
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Algorithm, String> {
        match s.to_ascii_lowercase().as_str() {
            "alphabeta" | "ab" | "alpha-beta" => Ok(Algorithm::AlphaBeta),
            "iprobcut" | "ipc" => Ok(Algorithm::IProbcut),
            _ => Err(format!("unknown algorithm '{s}' (alphabeta or iprobcut)")),
        }
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::IProbcut => "iprobcut",
        })
    }
}

/// iProbcut's one setting that is not a switch or a tunable (its
/// switches are in [`super::Switches`], its numbers `pre`, `threshold`,
/// `n`, `k_open`, `k_end`, `sigma` tunables: [`super::Tunables`]'s `ipc_*`
/// fields).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IProbcutParams {
    /// 0: children outside the kept set are pruned (the paper). Above 0:
    /// they are searched this many plies shallower instead, after the kept
    /// ones and with a null window, and again at full depth if they beat
    /// alpha — the pre-evaluation then decides how deep, not whether.
    pub reduce: i32,
}

/// Everything that shapes a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOptions {
    /// The tree search.
    pub algorithm: Algorithm,
    /// Every on/off technique (see [`super::SWITCHES`]).
    pub switches: Switches,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// iProbcut's pruning depth (`ipcreduce`).
    pub iprobcut: IProbcutParams,
    /// Every number the search and the time manager decide by (margins,
    /// depths, counts, iProbcut's parameters): see [`Tunables`].
    pub tune: Tunables,
    /// Evaluation profile.
    pub profile: Profile,
    /// Evaluation weights (percent).
    pub weights: EvalWeights,
    /// Which evaluator plays (`eval`): the five parts or the network (the
    /// `paper` profile always uses the five parts).
    pub eval: EvalKind,
    /// The network of `eval=net` (`evalfile`; embedded by default).
    pub net: NetChoice,
    /// Safety margin kept off the clock for transmission and scheduling, ms.
    pub move_overhead_ms: u64,
    /// Plies without a capture that draw the game (0 = off).
    pub move_limit_plies: u32,
    /// Threads searching (lazy SMP; 1 = the deterministic single-thread
    /// search).
    pub threads: usize,

    // --- what the user asks for rather than how the search works
    /// Root lines reported each iteration (MultiPV); 1 is the plain search.
    pub multipv: u32,
    /// Strength level, 0 (weakest) to 20 (full strength; see
    /// the `strength` module of the search), used unless `limit_strength` is on.
    pub skill_level: u32,
    /// `UCI_LimitStrength`: play at the level of `elo` instead.
    pub limit_strength: bool,
    /// `UCI_Elo`: the strength wanted with `limit_strength`.
    pub elo: i64,
    /// Seed of a weakened search's random choice (`None`: a fresh one).
    pub skill_seed: Option<u64>,
}

impl Default for SearchOptions {
    /// The playing configuration: alpha-beta with every switch as
    /// [`Switches::default`] has it. Not iProbcut: its per-child ranking
    /// loses at equal time inside this search (README, docs/iprobcut-singular.md).
    fn default() -> Self {
        SearchOptions {
            algorithm: Algorithm::AlphaBeta,
            switches: Switches::default(),
            hash_mb: 64,
            iprobcut: IProbcutParams::default(),
            tune: Tunables::default(),
            profile: Profile::Default,
            weights: EvalWeights::default(),
            // the net won its equal-time SPRT against the five parts
            // (docs/matches/net-vs-classic-sprt-10+0.1-seed5612)
            eval: EvalKind::Net,
            net: NetChoice::embedded(),
            // 30 ms lost games on time (or to a late reply) at 5 s + 50 ms
            // on a loaded 2-core machine; 100 ms lost none (issue 13)
            move_overhead_ms: 100,
            move_limit_plies: 120,
            threads: 1,
            multipv: 1,
            skill_level: super::strength::FULL_LEVEL,
            limit_strength: false,
            elo: super::strength::ELO_MAX,
            skill_seed: None,
        }
    }
}

impl SearchOptions {
    /// These options with every unsound forward pruning off, for `go mate
    /// N`: plain alpha-beta (no iProbcut) and the switches marked `mate
    /// Off` in [`super::SWITCHES`] off (null move, reverse futility,
    /// futility and late-move pruning, late move and internal
    /// iterative reductions). What is left (TT, ordering, check extension,
    /// mate-distance pruning) changes how fast a mate is proven, never
    /// whether.
    pub fn mate_options(&self) -> SearchOptions {
        SearchOptions {
            algorithm: Algorithm::AlphaBeta,
            switches: self.switches.for_mate(),
            ..self.clone()
        }
    }

    /// Plain alpha-beta as in the paper's experiment: every switch as
    /// [`Switches::paper`] has it (every enhancement off except
    /// capture-first move order), paper evaluation profile.
    pub fn paper_alphabeta() -> SearchOptions {
        SearchOptions {
            algorithm: Algorithm::AlphaBeta,
            switches: Switches::paper(),
            profile: Profile::Paper,
            eval: EvalKind::Classic,
            ..SearchOptions::default()
        }
    }

    /// iProbcut for the paper's experiment: the same plain alpha-beta
    /// machinery, pre-evaluation depth 2, forward pruning at every node with
    /// more than 4 plies left, keeping the best 3 children (k = 0, so
    /// exactly n, with full material; k·σ widens toward the endgame as the
    /// paper raises k). The paper's own reading, pruning only the top two
    /// plies of a depth-8 search (threshold 6), is `threshold=6`.
    pub fn paper_iprobcut() -> SearchOptions {
        SearchOptions {
            algorithm: Algorithm::IProbcut,
            tune: Tunables {
                ipc_pre: 2,
                ipc_threshold: 4,
                ipc_n: 3,
                ipc_k_open: 0,
                // a margin of 42 units (≈ 2.3σ) with no rooks, horses or
                // cannons left
                ipc_k_end: 234,
                ipc_sigma: SIGMA_PAPER_PROFILE,
                ..Tunables::default()
            },
            ..SearchOptions::paper_alphabeta()
        }
    }

    /// The starting configuration for `algorithm` (the playing default when
    /// `None`): the paper experiment's when `paper`, else the playing one.
    pub fn preset(algorithm: Option<Algorithm>, paper: bool) -> SearchOptions {
        let mut options = match (paper, algorithm) {
            (true, Some(Algorithm::AlphaBeta)) => SearchOptions::paper_alphabeta(),
            (true, _) => SearchOptions::paper_iprobcut(),
            (false, _) => SearchOptions::default(),
        };
        if let Some(a) = algorithm {
            options.algorithm = a;
        }
        options
    }
}

/// Reads `true/false`, `on/off`, `1/0`, `yes/no` (any case).
pub fn parse_bool(s: &str) -> Option<bool> {
    match s.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "1" | "yes" => Some(true),
        "false" | "off" | "0" | "no" => Some(false),
        _ => None,
    }
}

impl SearchOptions {
    /// The evaluator these options choose ([`crate::eval::Evaluator::chosen`]).
    pub fn evaluator(&self) -> crate::eval::Evaluator {
        crate::eval::Evaluator::chosen(
            self.profile,
            self.weights,
            self.switches.drawish,
            self.eval,
            &self.net,
        )
    }
}
