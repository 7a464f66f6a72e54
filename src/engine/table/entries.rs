//! The entries of the option table, one per setting (see the parent
//! module). Names are `(command line, UCCI, UCI)`; `None` means not
//! advertised in that dialect.

use super::{set_knowledge, set_pruning, Effect, Kind, Max, OptionDef};
use crate::engine::options::{ALGORITHMS, KNOWLEDGE, PROFILES, PRUNING, RANDOMNESS, RANKS};
use crate::eval::nnue::choice::EVAL_KINDS;
use crate::eval::nnue::NetChoice;
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
            set: |o, v| {
                o.bookfiles = v.to_string();
                Ok(())
            },
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
        help: "tree search: alphabeta (the full search, the default) or iprobcut (the same plus the paper's per-child ranking step)",
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
    OptionDef {
        key: "eval",
        ucci: Some("eval"),
        uci: Some("eval"),
        aliases: &[],
        help: "evaluator: the five-part classic one or the network (profile paper: always classic)",
        kind: Kind::Combo {
            vars: EVAL_KINDS,
            get: |o| o.search.eval.to_string(),
            set: |o, v| o.search.eval = v.parse().expect("one of EVAL_KINDS"),
        },
        effect: Effect::Search,
    },
    OptionDef {
        key: "evalfile",
        ucci: Some("evalfile"),
        uci: Some("EvalFile"),
        aliases: &[],
        help: "net file for eval=net (empty: the embedded net; a bad file is refused)",
        kind: Kind::Text {
            get: |o| o.search.net.path(),
            set: |o, v| {
                o.search.net = if v.is_empty() {
                    NetChoice::embedded()
                } else {
                    NetChoice::load(v).map_err(|e| e.to_string())?
                };
                Ok(())
            },
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
    OptionDef {
        key: "enhancements",
        ucci: None,
        uci: None,
        aliases: &[],
        help: "all of tt ... checkext and the Search II techniques",
        kind: Kind::Check {
            get: |o| o.search.switches.tt,
            set: |o, on| o.search.switches.set_enhancements(on),
        },
        effect: Effect::Search,
    },
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
    ignored!("useegtb"),
    ignored!("egtbpaths"),
    ignored!("idle"),
    ignored!("promotion"),
    ignored!("style"),
];
