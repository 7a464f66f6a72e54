//! The entries of the option table, one per setting (see the parent
//! module). Names are `(command line, UCCI, UCI)`; `None` means not
//! advertised in that dialect.

use super::{set_enhancements, set_knowledge, set_pruning, Effect, Kind, Max, OptionDef};
use crate::engine::options::{ALGORITHMS, KNOWLEDGE, PROFILES, PRUNING, RANDOMNESS, RANKS};
use crate::search::{ELO_MAX, ELO_MIN, FULL_LEVEL, MAX_MULTIPV};

/// An on/off setting stored in `$field` (an expression on `$o`).
macro_rules! check {
    ($key:literal, $ucci:expr, $uci:expr, [$($alias:literal),*], $effect:ident, $help:literal, |$o:ident| $field:expr) => {
        OptionDef {
            key: $key,
            ucci: $ucci,
            uci: $uci,
            aliases: &[$($alias),*],
            help: $help,
            kind: Kind::Check { get: |$o| $field, set: |$o, v| $field = v },
            effect: Effect::$effect,
        }
    };
}

/// A whole-number setting from `$min` to `$max` stored in `$field`.
macro_rules! spin {
    ($key:literal, $ucci:expr, $uci:expr, [$($alias:literal),*], $min:expr, $max:expr, $effect:ident, $help:literal, |$o:ident| $field:expr) => {
        OptionDef {
            key: $key,
            ucci: $ucci,
            uci: $uci,
            aliases: &[$($alias),*],
            help: $help,
            kind: Kind::Spin {
                min: $min,
                max: Max::Fixed($max),
                get: |$o| $field as i64,
                set: |$o, v| $field = v as _,
            },
            effect: Effect::$effect,
        }
    };
}

/// A search switch known on the command line only.
macro_rules! switch {
    ($key:literal, [$($alias:literal),*], $help:literal, $field:ident) => {
        check!($key, None, None, [$($alias),*], Search, $help, |o| o.search.$field)
    };
}

/// A whole-number search setting known on the command line only.
macro_rules! number {
    ($key:literal, $min:expr, $max:expr, $help:literal, |$o:ident| $field:expr) => {
        spin!($key, None, None, [], $min, $max, Search, $help, |$o| $field)
    };
}

/// A UCCI option accepted with no effect.
macro_rules! ignored {
    ($key:literal) => {
        OptionDef {
            key: $key,
            ucci: None,
            uci: None,
            aliases: &[],
            help: "UCCI option accepted without effect",
            kind: Kind::Ignored,
            effect: Effect::Protocol,
        }
    };
}

/// Every option but the tunables (which follow them, see
/// [`super::TABLE`]), in the order the handshake advertises them.
pub static FIXED: &[OptionDef] = &[
    spin!(
        "hash",
        Some("hashsize"),
        Some("Hash"),
        [],
        1,
        4096,
        Search,
        "transposition table MB",
        |o| o.search.hash_mb
    ),
    OptionDef {
        key: "threads",
        ucci: Some("threads"),
        uci: Some("Threads"),
        aliases: &[],
        help: "search threads (lazy SMP), up to the logical cores",
        kind: Kind::Spin {
            min: 1,
            max: Max::Cores,
            get: |o| o.search.threads as i64,
            set: |o, v| o.search.threads = v as usize,
        },
        effect: Effect::Search,
    },
    check!(
        "usemillisec",
        Some("usemillisec"),
        None,
        [],
        Protocol,
        "UCCI time and increment in milliseconds",
        |o| o.usemillisec
    ),
    check!(
        "batch",
        Some("batch"),
        None,
        [],
        Protocol,
        "read input only between searches",
        |o| o.batch
    ),
    check!(
        "debug",
        Some("debug"),
        Some("Debug"),
        [],
        Protocol,
        "extra info string output",
        |o| o.debug
    ),
    check!(
        "ponder",
        Some("ponder"),
        Some("Ponder"),
        [],
        Protocol,
        "the GUI may ponder",
        |o| o.ponder
    ),
    check!(
        "usebook",
        Some("usebook"),
        Some("UseBook"),
        ["ownbook"],
        Protocol,
        "use the opening book",
        |o| o.usebook
    ),
    OptionDef {
        key: "bookfiles",
        ucci: Some("bookfiles"),
        uci: Some("BookFiles"),
        aliases: &["bookfile"],
        help: "opening book files, ';'-separated",
        kind: Kind::Text {
            get: |o| o.bookfiles.clone(),
            set: |o, v| o.bookfiles = v.to_string(),
        },
        effect: Effect::Protocol,
    },
    // XBoard's UCI adapters (UCI2WB) offer a UCI engine for a variant
    // only when its UCI_Variant lists it
    OptionDef {
        key: "variant",
        ucci: None,
        uci: Some("UCI_Variant"),
        aliases: &[],
        help: "the game played: xiangqi only",
        kind: Kind::Combo {
            vars: &["xiangqi"],
            get: |_| "xiangqi".into(),
            set: |_, _| {},
        },
        effect: Effect::Protocol,
    },
    OptionDef {
        key: "randomness",
        ucci: Some("randomness"),
        uci: Some("Randomness"),
        aliases: &[],
        help: "variety of the opening book's choice",
        kind: Kind::Combo {
            vars: RANDOMNESS,
            get: |o| o.randomness.clone(),
            set: |o, v| o.randomness = v.into(),
        },
        effect: Effect::Protocol,
    },
    // 0 (the default) seeds each process from the operating system, so a
    // GUI that starts a new engine per game does not get one opening
    // forever; a fixed seed makes the choices reproducible
    OptionDef {
        key: "bookseed",
        ucci: Some("bookseed"),
        uci: Some("BookSeed"),
        aliases: &[],
        help: "seed of the book's random choice (0: a fresh one per process)",
        kind: Kind::Spin {
            min: 0,
            max: Max::Fixed(u32::MAX as i64),
            get: |o| o.book_seed as i64,
            set: |o, v| o.book_seed = v as u64,
        },
        effect: Effect::Protocol,
    },
    // UCCI counts ranks 0-9 by definition; in UCI, Fairy-Stockfish's
    // dialect counts them 1-10 (docs/gui.md)
    OptionDef {
        key: "ranks",
        ucci: None,
        uci: Some("Ranks"),
        aliases: &[],
        help: "UCI move ranks: auto (0-9 unless the GUI's moves prove 1-10), 0-9 or 1-10",
        kind: Kind::Combo {
            vars: RANKS,
            get: |o| o.ranks.clone(),
            set: |o, v| o.ranks = v.into(),
        },
        effect: Effect::Protocol,
    },
    OptionDef {
        key: "pruning",
        ucci: Some("pruning"),
        uci: Some("Pruning"),
        aliases: &[],
        help: "iProbcut aggressiveness (sets n, k_open, k_end)",
        kind: Kind::Combo {
            vars: PRUNING,
            get: |o| o.pruning.clone(),
            set: set_pruning,
        },
        effect: Effect::Search,
    },
    OptionDef {
        key: "knowledge",
        ucci: Some("knowledge"),
        uci: Some("Knowledge"),
        aliases: &[],
        help: "evaluation parts in use (sets the w_ weights)",
        kind: Kind::Combo {
            vars: KNOWLEDGE,
            get: |o| o.knowledge.clone(),
            set: set_knowledge,
        },
        effect: Effect::Search,
    },
    OptionDef {
        key: "newgame",
        ucci: Some("newgame"),
        uci: Some("Clear Hash"),
        aliases: &[],
        help: "forget the hash table and history",
        kind: Kind::NewGame,
        effect: Effect::Protocol,
    },
    spin!(
        "moveoverhead",
        Some("moveoverhead"),
        Some("Move Overhead"),
        [],
        0,
        10_000,
        Search,
        "clock safety margin in ms",
        |o| o.search.move_overhead_ms
    ),
    spin!(
        "multipv",
        Some("multipv"),
        Some("MultiPV"),
        [],
        1,
        MAX_MULTIPV as i64,
        Search,
        "root lines reported per iteration",
        |o| o.search.multipv
    ),
    spin!(
        "skill",
        Some("skilllevel"),
        Some("Skill Level"),
        ["level"],
        0,
        FULL_LEVEL as i64,
        Search,
        "strength level, 20 is full strength",
        |o| o.search.skill_level
    ),
    check!(
        "limitstrength",
        Some("limitstrength"),
        Some("UCI_LimitStrength"),
        [],
        Search,
        "play at the strength of elo instead of skill",
        |o| o.search.limit_strength
    ),
    spin!(
        "elo",
        Some("elo"),
        Some("UCI_Elo"),
        [],
        ELO_MIN,
        ELO_MAX,
        Search,
        "strength wanted with limitstrength",
        |o| o.search.elo
    ),
    OptionDef {
        key: "skillseed",
        ucci: None,
        uci: None,
        aliases: &["seed"],
        help: "seed of a weakened search's choice (0: a fresh one each search)",
        kind: Kind::Spin {
            min: 0,
            max: Max::Fixed(u32::MAX as i64),
            get: |o| o.search.skill_seed.unwrap_or(0) as i64,
            set: |o, v| o.search.skill_seed = (v != 0).then_some(v as u64),
        },
        effect: Effect::Search,
    },
    OptionDef {
        key: "algorithm",
        ucci: Some("algorithm"),
        uci: Some("algorithm"),
        aliases: &["algo"],
        help: "tree search",
        kind: Kind::Combo {
            vars: ALGORITHMS,
            get: |o| o.search.algorithm.to_string(),
            set: |o, v| o.search.algorithm = v.parse().expect("one of ALGORITHMS"),
        },
        effect: Effect::Search,
    },
    OptionDef {
        key: "k",
        ucci: Some("k"),
        uci: Some("k"),
        aliases: &[],
        help: "iProbcut k in percent of sigma (sets k_open and k_end)",
        kind: Kind::Spin {
            min: 0,
            max: Max::Fixed(100_000),
            get: |o| o.search.tune.ipc_k_open as i64,
            set: |o, v| {
                o.search.tune.ipc_k_open = v as i32;
                o.search.tune.ipc_k_end = v as i32;
            },
        },
        effect: Effect::Search,
    },
    OptionDef {
        key: "profile",
        ucci: Some("profile"),
        uci: Some("profile"),
        aliases: &[],
        help: "evaluation profile",
        kind: Kind::Combo {
            vars: PROFILES,
            get: |o| o.search.profile.to_string(),
            set: |o, v| o.search.profile = v.parse().expect("one of PROFILES"),
        },
        effect: Effect::Search,
    },
    spin!(
        "w_material",
        Some("w_material"),
        Some("w_material"),
        [],
        -1000,
        1000,
        Search,
        "weight of material (percent)",
        |o| o.search.weights.material
    ),
    spin!(
        "w_position",
        Some("w_position"),
        Some("w_position"),
        [],
        -1000,
        1000,
        Search,
        "weight of position (percent)",
        |o| o.search.weights.position
    ),
    spin!(
        "w_mobility",
        Some("w_mobility"),
        Some("w_mobility"),
        [],
        -1000,
        1000,
        Search,
        "weight of mobility (percent)",
        |o| o.search.weights.mobility
    ),
    spin!(
        "w_coordination",
        Some("w_coordination"),
        Some("w_coordination"),
        [],
        -1000,
        1000,
        Search,
        "weight of coordination (percent)",
        |o| o.search.weights.coordination
    ),
    spin!(
        "w_threat",
        Some("w_threat"),
        Some("w_threat"),
        [],
        -1000,
        1000,
        Search,
        "weight of threats and protection (percent)",
        |o| o.search.weights.threat
    ),
    check!(
        "showwdl",
        None,
        Some("UCI_ShowWDL"),
        [],
        Protocol,
        "win/draw/loss permille in info lines (when a model is wired in)",
        |o| o.show_wdl
    ),
    check!(
        "showevals",
        Some("showevals"),
        Some("showevals"),
        [],
        Protocol,
        "the evals field in info lines",
        |o| o.show_evals
    ),
    check!(
        "resign",
        Some("resign"),
        Some("resign"),
        [],
        Protocol,
        "resign hopeless positions",
        |o| o.resign
    ),
    check!(
        "draw",
        Some("draw"),
        Some("draw"),
        [],
        Protocol,
        "accept draw offers in dead-level positions",
        |o| o.draw
    ),
    // the search's switches and margins, on the command line and in arena
    // specs (a GUI has no use for them)
    switch!("tt", [], "transposition table", tt),
    switch!("history", [], "history heuristic", history),
    switch!("killers", [], "killer moves", killers),
    switch!("pvs", [], "principal variation search", pvs),
    switch!("quiescence", ["qs"], "quiescence search", quiescence),
    switch!("nullmove", ["null"], "null-move pruning", null_move),
    switch!("lmr", [], "late move reductions", lmr),
    switch!(
        "checkext",
        ["checkextension"],
        "check extension",
        check_extension
    ),
    switch!("iterative", ["id"], "iterative deepening", iterative),
    OptionDef {
        key: "enhancements",
        ucci: None,
        uci: None,
        aliases: &[],
        help: "all of tt ... checkext and the Search II techniques",
        kind: Kind::Check {
            get: |o| o.search.tt,
            set: set_enhancements,
        },
        effect: Effect::Search,
    },
    check!(
        "helpermove",
        None,
        None,
        [],
        Search,
        "with threads > 1, play the move of a helper that searched deeper",
        |o| o.search.helper_move
    ),
    check!(
        "smpskip",
        None,
        None,
        [],
        Search,
        "with threads > 1, helpers skip some depths so as to run ahead of the main thread",
        |o| o.search.smp_skip
    ),
    check!(
        "smpdefer",
        None,
        None,
        [],
        Search,
        "with threads > 1, search a move another thread is searching last",
        |o| o.search.smp_defer
    ),
    check!(
        "keeptactical",
        None,
        None,
        [],
        Search,
        "iProbcut never prunes checks, captures with SEE >= 0, killers, or near mate",
        |o| o.search.iprobcut.keep_tactical
    ),
    check!(
        "ipclate",
        None,
        None,
        [],
        Search,
        "iProbcut pre-evaluates only the quiet moves after the hash move, captures and killers",
        |o| o.search.iprobcut.late
    ),
    check!(
        "ipctt",
        None,
        None,
        [],
        Search,
        "iProbcut takes a child's pre-evaluation from the hash table when it is deep enough",
        |o| o.search.iprobcut.tt_pre
    ),
    check!(
        "ipcnull",
        None,
        None,
        [],
        Search,
        "iProbcut pre-evaluates the children after the n-th with a null window at the pruning floor",
        |o| o.search.iprobcut.null_window
    ),
    check!(
        "ipcfreepre",
        None,
        None,
        [],
        Search,
        "diagnostic: iProbcut's pre-evaluation nodes are not charged to a nodes limit",
        |o| o.search.iprobcut.free_pre
    ),
    check!(
        "ipcttonly",
        None,
        None,
        [],
        Search,
        "iProbcut's step ranks only children the hash table knows to pre plies, keeps the rest in order, and searches no pre-evaluation",
        |o| o.search.iprobcut.tt_only
    ),
    check!(
        "ipcpvonly",
        None,
        None,
        [],
        Search,
        "iProbcut's step only at principal-variation nodes",
        |o| o.search.iprobcut.pv_only
    ),
    check!(
        "ipcttreduce",
        None,
        None,
        [],
        Search,
        "iProbcut grades its children's reductions by their hash-table values: a ply shallower per ipcttrmargin below alpha, a ply deeper above it",
        |o| o.search.iprobcut.tt_reduce
    ),
    check!(
        "ipcclassic",
        None,
        None,
        [],
        Search,
        "iProbcut pre-evaluates every child above the threshold and searches only the best (the paper's step)",
        |o| o.search.iprobcut.classic
    ),
    check!(
        "ipcsingular",
        None,
        None,
        [],
        Search,
        "iProbcut ranks the hash move against its siblings' half-depth search: a lone best is followed deeper, several above beta cut",
        |o| o.search.iprobcut.singular
    ),
    check!(
        "ipcprobcut",
        None,
        None,
        [],
        Search,
        "iProbcut cuts expected cut nodes on a good capture whose shallow search clears beta by a margin (ProbCut)",
        |o| o.search.iprobcut.probcut
    ),
    number!(
        "ipcreduce",
        0,
        16,
        "iProbcut: plies less for the children it would prune (0 = prune them)",
        |o| o.search.iprobcut.reduce
    ),
    number!(
        "movelimit",
        0,
        10_000,
        "plies without capture that draw (0 = off)",
        |o| o.search.move_limit_plies
    ),
    switch!(
        "timescaling",
        [],
        "more time for restless best moves and falling scores",
        time_scaling
    ),
    switch!(
        "partialiteration",
        [],
        "play a better root move from an unfinished iteration",
        partial_iteration
    ),
    switch!("aspiration", [], "aspiration windows", aspiration),
    switch!(
        "rfp",
        ["reversefutility"],
        "reverse futility pruning (static null move)",
        reverse_futility
    ),
    switch!(
        "corrhist",
        [],
        "correct the pruning's static evaluation by what searches found for the same pawn and king structure",
        correction_history
    ),
    switch!(
        "iir",
        [],
        "internal iterative reduction: deep nodes without a hash move a ply shallower",
        iir
    ),
    switch!(
        "mateguard",
        [],
        "with a mate in hand nothing is pruned or reduced, and the singular step skips mate windows (short mates kept)",
        mate_guard
    ),
    switch!(
        "cutlmr",
        [],
        "late-move reductions lmr_cut plies deeper at expected cut nodes",
        cut_lmr
    ),
    switch!(
        "improving",
        [],
        "reverse futility a ply bolder and late-move pruning half as strict where the static evaluation rose since two plies up",
        improving
    ),
    switch!(
        "conthist",
        [],
        "order quiet moves by continuation history (the moves one and two plies back)",
        continuation_history
    ),
    switch!(
        "ttbucket4",
        [],
        "aged four-way hash-table buckets (replace by depth less 8 plies per search of age) instead of two-tier pairs",
        tt_bucket4
    ),
    switch!(
        "histmalus",
        [],
        "history with maluses: quiet moves tried before a quiet cut-off lose what it gains, scores bounded",
        history_malus
    ),
    switch!(
        "histstats",
        [],
        "bounded main and continuation histories with maluses order quiet moves by their sum, and late-move reductions follow it",
        history_stats
    ),
    switch!(
        "seeprune",
        [],
        "SEE pruning: near the leaves, late moves (no check) whose exchange loses more than sp_capture per ply, or sp_quiet per ply squared for a quiet move, are skipped",
        see_pruning
    ),
    switch!(
        "nulleval",
        [],
        "null move only from a static evaluation at or above beta, a ply more reduction per null_eval_div above it (at most 3)",
        null_eval
    ),
    switch!(
        "drawish",
        [],
        "scale the evaluation toward a draw where the side ahead cannot mate the defenders it faces (lone horse against full defenders, rook against rook, ...)",
        drawish
    ),
    switch!(
        "histprune",
        [],
        "history pruning (with histmalus): near the leaves, late quiet moves of history below -hp_margin per ply are skipped",
        history_pruning
    ),
    switch!(
        "futility",
        [],
        "futility pruning of quiet moves near the leaves",
        futility
    ),
    switch!(
        "lmp",
        ["latemovepruning"],
        "late-move pruning",
        late_move_pruning
    ),
    switch!(
        "lmrtable",
        [],
        "LMR from a log-log table with history (off: fixed 1-2 plies)",
        lmr_table
    ),
    switch!(
        "see",
        [],
        "static exchange evaluation for ordering and quiescence",
        see
    ),
    switch!("evalcache", [], "evaluation cache", eval_cache),
    switch!(
        "staged",
        [],
        "search a legal hash move before generating the others",
        staged_movegen
    ),
    switch!(
        "lazyeval",
        [],
        "lazy stand-pat on material and position in quiescence",
        lazy_eval
    ),
    switch!(
        "lazysearch",
        [],
        "lazy evaluation for reverse futility and futility in the main search",
        lazy_search
    ),
    switch!(
        "countermove",
        [],
        "countermove heuristic (after the killers)",
        countermove
    ),
    switch!(
        "capturehistory",
        [],
        "order captures by victim and capture history",
        capture_history
    ),
    ignored!("useegtb"),
    ignored!("egtbpaths"),
    ignored!("idle"),
    ignored!("promotion"),
    ignored!("style"),
];
