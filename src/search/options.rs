//! Search settings: the algorithm, its enhancements (each a switch), the
//! iProbcut parameters, the evaluator's profile and weights, MultiPV and
//! the strength level. Their names, ranges and help live in the one option
//! table (`crate::engine::table`), which also provides
//! `SearchOptions::set(key, value)`.

use super::tunables::Tunables;
use crate::eval::{EvalWeights, Profile};

/// Which tree search runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain negamax alpha-beta (the baseline).
    AlphaBeta,
    /// iProbcut iterative forward pruning.
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

/// How many children iProbcut always keeps (the option `n`, where 0
/// means all).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KeepChildren {
    /// Every child: no forward pruning, iProbcut is exact alpha-beta.
    All,
    /// The best this many by pre-evaluation (at least 1).
    Best(usize),
}

impl KeepChildren {
    /// From the option's number: 0 is all.
    pub fn from_option(n: i64) -> KeepChildren {
        if n <= 0 {
            KeepChildren::All
        } else {
            KeepChildren::Best(n as usize)
        }
    }

    /// The option's number: 0 for all.
    pub fn to_option(self) -> i64 {
        match self {
            KeepChildren::All => 0,
            KeepChildren::Best(n) => n as i64,
        }
    }

    /// The rank below which no child is pruned (unbounded for all).
    pub fn rank_limit(self) -> usize {
        match self {
            KeepChildren::All => usize::MAX,
            KeepChildren::Best(n) => n,
        }
    }
}

/// The switches of iProbcut (see IPROBCUT.md); its numbers (`pre`,
/// `threshold`, `n`, `k_open`, `k_end`, `sigma`) are tunables
/// ([`super::Tunables`]'s `ipc_*` fields).
#[derive(Clone, Debug, PartialEq)]
pub struct IProbcutParams {
    /// Tactical moves are never pruned: checks, captures that do not lose
    /// material (SEE ≥ 0) and killers; nor is anything pruned while the
    /// window is near a mate score. A shallow pre-evaluation misjudges
    /// exactly these (a sacrifice or a mating attack pays off deeper than
    /// `pre` plies), so playing strength wants them kept; the paper's
    /// experiment prunes by rank alone.
    pub keep_tactical: bool,
    /// 0: children outside the kept set are pruned (the paper). Above 0:
    /// they are searched this many plies shallower instead, after the kept
    /// ones and with a null window, and again at full depth if they beat
    /// alpha — the pre-evaluation then decides how deep, not whether.
    pub reduce: i32,
    /// Pre-evaluate only the quiet rest of the moves: the hash move, the
    /// captures and the killers that lead the move order are searched
    /// first, and a node that cuts off on one of them pays for no
    /// pre-evaluation at all.
    pub late: bool,
    /// A child whose transposition-table entry is at least `pre` plies
    /// deep takes its stored score (whatever the bound) as its
    /// pre-evaluation instead of a search: in iterative deepening the
    /// previous iteration has mostly searched every child of a node that
    /// deep already.
    pub tt_pre: bool,
    /// Pre-searches after the n-th use a null window at the pruning floor
    /// instead of an open one above it: they only have to tell whether the
    /// child clears the floor, and a null-window search answers that far
    /// cheaper. A child that clears it is ranked by the bound it proved,
    /// so `best` and the n-th value may be underestimated — the floor can
    /// only come out lower and keep more, never prune a child the exact
    /// scores would keep.
    pub null_window: bool,
    /// The paper's step: every child of a node above `threshold` gets a
    /// pre-evaluation and only the best are searched (`iprobcut.rs`).
    pub classic: bool,
    /// The pre-evaluation as singular extensions and multi-cut use it: at
    /// a node with a deep enough hash move, the other children are
    /// searched together at half depth against a bound just below the
    /// hash move's value; a lone best child is followed a ply deeper, a
    /// node whose other children clear beta too is cut (`singular.rs`).
    pub singular: bool,
    /// ProbCut (Buro) in its modern form at expected cut nodes: good
    /// captures get a quiescence and then a reduced null-window search
    /// above beta plus a margin; the first that clears it cuts the node
    /// (`singular.rs`).
    pub probcut: bool,
    /// Diagnostic (`ipcfreepre`), off for play: nodes spent inside
    /// pre-evaluation searches do not count against a `nodes` limit (they
    /// are still counted in `nodes` and `pre_nodes`), to ask whether
    /// iProbcut's ranking pays when its pre-evaluations cost nothing.
    pub free_pre: bool,
    /// The paper's step ranked by what the hash table already knows: a
    /// child with an entry at least `pre` plies deep is ranked by its
    /// stored score, a child without one is kept and not pre-evaluated
    /// (no pre-evaluation search at all); the kept children stay in the
    /// move order (`iprobcut.rs`, `ipcttonly`, with `ipcclassic`).
    pub tt_only: bool,
    /// The paper's step at principal-variation nodes only (`ipcpvonly`,
    /// with `ipcclassic`): where nodes are few and a better order pays
    /// most.
    pub pv_only: bool,
    /// Children graded by what the hash table already knows of them
    /// (`ipcttreduce`): a child whose entry (at least `pre` plies deep)
    /// puts it a margin or more below alpha is searched a ply shallower
    /// per `ipcttrmargin` (two at most), one whose entry puts it above
    /// alpha a ply less shallow (`moveloop.rs`).
    pub tt_reduce: bool,
}

impl Default for IProbcutParams {
    fn default() -> Self {
        IProbcutParams {
            // the three switches for play: on since session 4's matches
            // (README, Measured)
            keep_tactical: true,
            reduce: 0,
            late: true,
            tt_pre: true,
            null_window: false,
            // the singular step in place of the paper's per-child step:
            // at 10 s + 0.1 s it beats alpha-beta where the per-child step
            // lost (docs/iprobcut-singular.md)
            classic: false,
            singular: true,
            probcut: false,
            free_pre: false,
            tt_only: false,
            pv_only: false,
            tt_reduce: false,
        }
    }
}

/// σ for the default profile, centipawns: the residual of deep (5 plies)
/// on shallow (1–2 plies) child scores, measured by `chuhe sigma` over the
/// opening and bench positions (9.0 for pre 1, 10.4 for pre 2).
pub const SIGMA_DEFAULT_PROFILE: i32 = 10;
/// σ for the paper profile, in its units: `chuhe sigma --paper --pre 2
/// --deep 6` measured 17.9 (fit deep = 1.25·shallow − 10).
pub const SIGMA_PAPER_PROFILE: i32 = 18;

/// Everything that shapes a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOptions {
    /// The tree search.
    pub algorithm: Algorithm,
    /// Transposition table.
    pub tt: bool,
    /// History heuristic for quiet-move order.
    pub history: bool,
    /// Killer moves.
    pub killers: bool,
    /// Principal variation search (null windows after the first move).
    pub pvs: bool,
    /// Quiescence search of captures (and evasions) at the horizon.
    pub quiescence: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// Late move reductions (quiet late moves searched shallower first).
    pub lmr: bool,
    /// One ply more when in check.
    pub check_extension: bool,
    /// Iterative deepening; when off, one search at the target depth.
    pub iterative: bool,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// iProbcut switches.
    pub iprobcut: IProbcutParams,
    /// Every number the search and the time manager decide by (margins,
    /// depths, counts, iProbcut's parameters): see [`Tunables`].
    pub tune: Tunables,
    /// Evaluation profile.
    pub profile: Profile,
    /// Evaluation weights (percent).
    pub weights: EvalWeights,
    /// Safety margin kept off the clock for transmission and scheduling, ms.
    pub move_overhead_ms: u64,
    /// Plies without a capture that draw the game (0 = off).
    pub move_limit_plies: u32,
    /// Threads searching (lazy SMP; 1 = the deterministic single-thread
    /// search).
    pub threads: usize,
    /// With several threads, play a helper's move when that helper
    /// completed a deeper iteration than the main thread (within the depth
    /// limit, one line, full strength).
    pub helper_move: bool,
    /// With several threads, helpers skip some depths of iterative
    /// deepening (each its own set) so that they run ahead of the main
    /// thread; off (the default since a match measured it together with
    /// `smp_defer`), every helper searches every depth.
    pub smp_skip: bool,
    /// With several threads, a thread defers a move whose position another
    /// thread is searching to the end of its move list (simplified ABDADA),
    /// so the threads split a node's moves instead of duplicating them
    /// (on by default: measured +65.9 Elo for 2 threads over 1 with it,
    /// against +7.6 without; see the README).
    pub smp_defer: bool,

    // --- Search II (issue 13): every technique a switch, all off in the
    // paper presets; their margins and depths are tunables (`tune`), in
    // evaluation units (a pawn is 10 in the default profile).
    /// Stretch or shrink the planned time between iterations (best-move
    /// changes, score drops, a settled best move).
    pub time_scaling: bool,
    /// When time runs out mid-iteration, play a root move that completed at
    /// the new depth and beat the earlier ones.
    pub partial_iteration: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Reverse futility (static null move): a non-PV node whose static
    /// evaluation beats beta by `tune.rfp_margin` per ply of depth returns.
    pub reverse_futility: bool,
    /// Futility pruning: near the leaves, quiet moves are skipped when the
    /// static evaluation plus `tune.futility_margin` per ply cannot reach alpha.
    pub futility: bool,
    /// Late-move pruning: at shallow non-PV nodes only the first quiet
    /// moves (a count growing with depth) are searched.
    pub late_move_pruning: bool,
    /// LMR from a log(depth)·log(move number) table, less for good history
    /// (off: the fixed one or two plies).
    pub lmr_table: bool,
    /// Static exchange evaluation: losing captures ordered after the
    /// quiet killers, and skipped in quiescence.
    pub see: bool,
    /// Evaluation cache keyed by the position key.
    pub eval_cache: bool,
    /// Staged move generation: a legal hash move is searched before the
    /// other moves are generated (same nodes, less work).
    pub staged_movegen: bool,
    /// Lazy evaluation in quiescence: stand pat on material and position
    /// alone when they beat beta by `tune.lazy_margin`.
    pub lazy_eval: bool,
    /// Lazy evaluation in the main search: the futility family's static
    /// evaluation from material and position alone when they are more than
    /// `lazy_margin` from its decisions (see `search/lazy.rs`).
    pub lazy_search: bool,
    /// Countermove heuristic: the quiet move that last refuted the previous
    /// move is ordered right after the killers.
    pub countermove: bool,
    /// Capture history: captures ordered by victim, then by how often the
    /// same capture (piece, square, victim) cut off before, instead of by
    /// MVV/LVA.
    pub capture_history: bool,
    /// Correction history: the static evaluation the pruning rules read is
    /// corrected by what searches found in positions of the same pawn and
    /// king structure (`search/correction.rs`).
    pub correction_history: bool,
    /// Internal iterative reduction: a node of depth ≥ `tune.iir_depth`
    /// without a hash move is searched a ply shallower.
    pub iir: bool,
    /// Mate guards: with a mate in hand (alpha at a mate score) no move is
    /// pruned, reduced or searched shallower by the singular step, since
    /// only a shorter mate can raise alpha; and the singular step skips
    /// windows at mate scores. Reverse futility and null move have their
    /// own guards, the tunables `losing_beta` and `null_min_force`.
    pub mate_guard: bool,
    /// Late-move reductions `tune.lmr_cut` plies deeper at expected cut
    /// nodes (null-window nodes whose parent expects a fail-high).
    pub cut_lmr: bool,
    /// `improving`, at a node whose static evaluation rose since two plies
    /// up: reverse futility asks a ply's margin less (a rising position
    /// is likelier to stay above beta) and late-move pruning keeps half as
    /// many quiet moves again (its quiet moves are likelier to matter), as
    /// in Stockfish.
    pub improving: bool,
    /// Continuation history: quiet moves also ordered by how often they cut
    /// off after the same moves one and two plies back
    /// (`search/conthist.rs`).
    pub continuation_history: bool,
    /// Aged four-way buckets in the transposition table instead of
    /// two-tier pairs (`search/tt.rs`).
    pub tt_bucket4: bool,
    /// History with maluses: quiet moves searched before a quiet cut-off
    /// lose what the cut-off move gains, and scores stay within
    /// ±`HISTORY_GRAVITY_MAX` (`search/ordering.rs`).
    pub history_malus: bool,
    /// History pruning (with `histmalus`): near the leaves of non-PV
    /// nodes, a late quiet move whose history fell below
    /// −`hp_margin`·depth is skipped.
    pub history_pruning: bool,
    /// History statistics as in modern engines (`histstats`): the main
    /// history and the continuation histories (one and two plies back)
    /// all move by bounded bonuses and maluses (gravity), quiet moves are
    /// ordered by their sum, and late move reductions shrink or grow with
    /// it (a ply per `lmr_hist_div`) instead of the one-ply "good history"
    /// step.
    pub history_stats: bool,
    /// SEE pruning (`seeprune`): near the leaves, a late move that gives
    /// no check is skipped when its static exchange loses more than
    /// `sp_capture` per ply (a capture) or `sp_quiet` per ply squared (a
    /// quiet move, which may walk into a capture), as in Stockfish.
    pub see_pruning: bool,
    /// Null move only from a static evaluation at or above beta, reduced
    /// a ply more per `null_eval_div` above it (at most three), as in
    /// Stockfish (`nulleval`): a side already below beta seldom stays above
    /// it after passing, and the search it costs is wasted.
    pub null_eval: bool,
    /// Drawish material: the `default` evaluation of a side whose
    /// material cannot mate the defenders it faces (a lone horse against
    /// two advisors and two elephants, a rook against a rook, …) is
    /// scaled toward 0 (`eval/drawish.rs`).
    pub drawish: bool,

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
    /// The playing configuration: iProbcut with every enhancement.
    fn default() -> Self {
        SearchOptions {
            algorithm: Algorithm::IProbcut,
            tt: true,
            history: true,
            killers: true,
            pvs: true,
            quiescence: true,
            null_move: true,
            lmr: true,
            check_extension: true,
            iterative: true,
            hash_mb: 64,
            iprobcut: IProbcutParams::default(),
            tune: Tunables::default(),
            profile: Profile::Default,
            weights: EvalWeights::default(),
            // 30 ms lost games on time (or to a late reply) at 5 s + 50 ms
            // on a loaded 2-core machine; 100 ms lost none (issue 13)
            move_overhead_ms: 100,
            move_limit_plies: 120,
            threads: 1,
            helper_move: false,
            smp_skip: false,
            smp_defer: true,
            time_scaling: true,
            partial_iteration: true,
            aspiration: true,
            reverse_futility: true,
            futility: true,
            late_move_pruning: true,
            lmr_table: true,
            see: true,
            eval_cache: true,
            staged_movegen: true,
            lazy_eval: true,
            lazy_search: false,
            countermove: false,
            capture_history: false,
            correction_history: false,
            // on since the equal-time SPRT of issue 28
            // (docs/matches/stack-vs-main-10+0.1-seed104)
            iir: true,
            mate_guard: true,
            cut_lmr: false,
            improving: true,
            continuation_history: false,
            tt_bucket4: true,
            history_malus: false,
            history_pruning: false,
            // on since its equal-time SPRT of issue 28
            // (docs/matches/histstats-vs-stack-10+0.1-seed106)
            history_stats: true,
            see_pruning: false,
            null_eval: false,
            drawish: crate::eval::drawish::DEFAULT_ON,
            multipv: 1,
            skill_level: super::strength::FULL_LEVEL,
            limit_strength: false,
            elo: super::strength::ELO_MAX,
            skill_seed: None,
        }
    }
}

impl SearchOptions {
    /// Whether the continuation histories are kept (`conthist`, or as
    /// part of `histstats`).
    pub fn uses_continuation(&self) -> bool {
        self.continuation_history || self.history_stats
    }

    /// Whether the main history is bounded and learns from the quiet moves
    /// that failed before a cut-off (`histmalus`, `histprune`, `histstats`).
    pub fn bounded_history(&self) -> bool {
        self.history_malus || self.history_pruning || self.history_stats
    }

    /// These options with every unsound forward pruning off, for `go mate
    /// N`: plain alpha-beta (no iProbcut), no null move, no reverse
    /// futility, futility, late-move or history pruning, no late move or
    /// internal iterative reductions. What is left (TT, ordering, check
    /// extension, mate-distance pruning) changes how fast a mate is proven,
    /// never whether.
    pub fn mate_options(&self) -> SearchOptions {
        SearchOptions {
            algorithm: Algorithm::AlphaBeta,
            iir: false,
            history_pruning: false,
            see_pruning: false,
            null_move: false,
            reverse_futility: false,
            futility: false,
            late_move_pruning: false,
            lmr: false,
            ..self.clone()
        }
    }

    /// Plain alpha-beta as in the paper's experiment: every enhancement
    /// off except capture-first move order, paper evaluation profile.
    pub fn paper_alphabeta() -> SearchOptions {
        SearchOptions {
            algorithm: Algorithm::AlphaBeta,
            // (alpha-beta ignores them; off so that the presets agree)
            iprobcut: IProbcutParams {
                keep_tactical: false,
                late: false,
                tt_pre: false,
                null_window: false,
                classic: true,
                singular: false,
                probcut: false,
                ..IProbcutParams::default()
            },
            tt: false,
            history: false,
            killers: false,
            pvs: false,
            quiescence: false,
            null_move: false,
            lmr: false,
            check_extension: false,
            iterative: false,
            profile: Profile::Paper,
            time_scaling: false,
            partial_iteration: false,
            aspiration: false,
            reverse_futility: false,
            futility: false,
            late_move_pruning: false,
            lmr_table: false,
            see: false,
            eval_cache: false,
            staged_movegen: false,
            lazy_eval: false,
            lazy_search: false,
            countermove: false,
            capture_history: false,
            correction_history: false,
            iir: false,
            cut_lmr: false,
            improving: false,
            continuation_history: false,
            tt_bucket4: false,
            history_malus: false,
            history_pruning: false,
            history_stats: false,
            see_pruning: false,
            null_eval: false,
            drawish: false,
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
            iprobcut: IProbcutParams {
                keep_tactical: false,
                reduce: 0,
                late: false,
                tt_pre: false,
                null_window: false,
                classic: true,
                singular: false,
                probcut: false,
                free_pre: false,
                tt_only: false,
                pv_only: false,
                tt_reduce: false,
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

/// Why a setting was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No setting of that name.
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// A number outside the setting's range.
    #[error("{key}={value} is out of range (from {min} to {max})")]
    OutOfRange {
        /// The setting.
        key: String,
        /// The value given.
        value: i64,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// A value of the wrong kind.
    #[error("{key}: {reason}")]
    Invalid {
        /// The setting.
        key: String,
        /// What was wrong.
        reason: String,
    },
}

impl SearchOptions {
    /// The strength limit in force (`None`: full strength).
    pub fn skill(&self) -> Option<super::strength::Skill> {
        let level = if self.limit_strength {
            super::strength::level_for_elo(self.elo)
        } else {
            self.skill_level
        };
        super::strength::Skill::new(level, self.skill_seed)
    }

    /// Turns every Search II technique (issue 13) on or off at once.
    pub fn set_search2(&mut self, on: bool) {
        self.time_scaling = on;
        self.partial_iteration = on;
        self.aspiration = on;
        self.reverse_futility = on;
        self.futility = on;
        self.late_move_pruning = on;
        self.lmr_table = on;
        self.see = on;
        self.eval_cache = on;
        self.lazy_eval = on;
        // not on by default yet: `on` leaves it as it is
        self.lazy_search &= on;
        self.staged_movegen = on;
        self.iprobcut.keep_tactical = on;
        self.iprobcut.late = on;
        self.iprobcut.tt_pre = on;
        // off by default (no gain measured): `on` leaves it as it is
        self.iprobcut.null_window &= on;
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
    /// The evaluator these options describe: profile, part weights and
    /// the drawish-material scaling.
    pub fn evaluator(&self) -> crate::eval::Evaluator {
        crate::eval::Evaluator::with_weights(self.profile, self.weights).with_drawish(self.drawish)
    }
}
