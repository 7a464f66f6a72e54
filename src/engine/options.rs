//! Engine options: the protocol-level settings plus the search's, and
//! the view of the option table (see [`super::table`]) that the handshake
//! advertises and `setoption` applies.
//!
//! Names are matched without regard to case, spaces, `_` and `-`, and
//! either dialect's name works in either dialect (`Hash` = `hashsize`).

use super::table::{self, Effect, Kind, TABLE};
use crate::search::{OptionError, SearchOptions};

/// The kind and default of an option, as advertised.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionKind {
    /// On/off.
    Check(bool),
    /// A whole number in a range.
    Spin {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// Default.
        default: i64,
    },
    /// One of a list of words.
    Combo {
        /// Default.
        default: String,
        /// The choices.
        vars: &'static [&'static str],
    },
    /// Free text.
    Text(String),
    /// An action.
    Button,
}

/// One advertised option.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionSpec {
    /// Name in UCCI (`None`: not advertised in UCCI).
    pub ucci: Option<&'static str>,
    /// Name in UCI (`None`: not advertised in UCI).
    pub uci: Option<&'static str>,
    /// Type and default.
    pub kind: OptionKind,
}

/// Choices of `randomness`.
pub const RANDOMNESS: &[&str] = &["none", "tiny", "small", "medium", "large", "huge"];
/// Choices of `ranks` (UCI only): how UCI moves number the ranks.
pub const RANKS: &[&str] = &["auto", "0-9", "1-10"];
/// Choices of `pruning`.
pub const PRUNING: &[&str] = &["none", "small", "medium", "large"];
/// Choices of `knowledge`.
pub const KNOWLEDGE: &[&str] = &["none", "small", "medium", "large"];
/// Choices of `algorithm`.
pub const ALGORITHMS: &[&str] = &["alphabeta", "iprobcut"];
/// Choices of `profile`.
pub const PROFILES: &[&str] = &["default", "paper"];

/// The protocol-level settings plus the search options they shape.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineOptions {
    /// UCCI `time`/`increment` in milliseconds instead of seconds.
    pub usemillisec: bool,
    /// Read input only after a search ends.
    pub batch: bool,
    /// Extra `info string` output.
    pub debug: bool,
    /// The GUI may ponder.
    pub ponder: bool,
    /// Use the opening book.
    pub usebook: bool,
    /// Book files, `;`-separated.
    pub bookfiles: String,
    /// Randomness level (stored; see the module notes).
    pub randomness: String,
    /// Seed of the book's random choice; 0 draws a fresh seed from the
    /// operating system, so each process chooses differently.
    pub book_seed: u64,
    /// UCI move notation: `auto`, `0-9` or `1-10` (see
    /// [`crate::protocol::ranks`]).
    pub ranks: String,
    /// Pruning level (applied to the iProbcut parameters).
    pub pruning: String,
    /// Knowledge level (applied to the evaluation weights).
    pub knowledge: String,
    /// Print the `evals` field in `info` lines.
    pub show_evals: bool,
    /// UCI `UCI_ShowWDL`: win/draw/loss permille in `info` lines (when the
    /// model is wired in; see `protocol::printer::wdl_permille`).
    pub show_wdl: bool,
    /// Resign hopeless positions.
    pub resign: bool,
    /// Accept draw offers in dead-level positions.
    pub draw: bool,
    /// Everything the search takes.
    pub search: SearchOptions,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            usemillisec: false,
            batch: false,
            debug: false,
            ponder: false,
            usebook: true,
            bookfiles: String::new(),
            randomness: "none".into(),
            book_seed: 0,
            ranks: "auto".into(),
            pruning: "medium".into(),
            knowledge: "large".into(),
            show_evals: true,
            show_wdl: false,
            resign: false,
            draw: true,
            search: SearchOptions::default(),
        }
    }
}

/// What a `setoption` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetOutcome {
    /// A protocol-level setting changed.
    Stored,
    /// The search options changed: hand them to the searcher.
    SearchChanged,
    /// `newgame` / `Clear Hash`: forget the hash table and history.
    NewGame,
    /// No option of that name.
    Unknown,
    /// The value was not acceptable (out of range, not a number, ...).
    Bad(OptionError),
}

impl EngineOptions {
    /// The options advertised at the handshake (the entries of the table
    /// with a name in either dialect), with current defaults.
    pub fn specs() -> Vec<OptionSpec> {
        let d = EngineOptions::default();
        TABLE
            .iter()
            .filter(|def| def.ucci.is_some() || def.uci.is_some())
            .map(|def| OptionSpec {
                ucci: def.ucci,
                uci: def.uci,
                kind: match def.kind {
                    Kind::Check { get, .. } => OptionKind::Check(get(&d)),
                    Kind::Switch(s) => OptionKind::Check(s.get(&d.search.switches)),
                    Kind::Spin { min, max, get, .. } => OptionKind::Spin {
                        min,
                        max: max.value(),
                        default: get(&d),
                    },
                    Kind::Combo { vars, get, .. } => OptionKind::Combo {
                        default: get(&d),
                        vars,
                    },
                    Kind::Tunable(t) => OptionKind::Spin {
                        min: t.min.into(),
                        max: t.max.into(),
                        default: t.get(&d.search.tune).into(),
                    },
                    Kind::Text { get, .. } => OptionKind::Text(get(&d)),
                    Kind::NewGame | Kind::Ignored => OptionKind::Button,
                },
            })
            .collect()
    }

    /// Applies `setoption name [value]` through the option table (either
    /// dialect's name, the command-line key or an alias).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> SetOutcome {
        let Some(def) = table::lookup(name) else {
            return SetOutcome::Unknown;
        };
        if matches!(def.kind, Kind::NewGame) {
            return SetOutcome::NewGame;
        }
        match def.apply(self, value.unwrap_or("")) {
            Ok(()) => match def.effect {
                Effect::Protocol => SetOutcome::Stored,
                Effect::Search => SetOutcome::SearchChanged,
            },
            Err(e) => SetOutcome::Bad(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_both_dialects() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("Hash", Some("16")), SetOutcome::SearchChanged);
        assert_eq!(o.search.hash_mb, 16);
        assert_eq!(o.set("hashsize", Some("8")), SetOutcome::SearchChanged);
        assert_eq!(o.search.hash_mb, 8);
        assert_eq!(
            o.set("Move Overhead", Some("50")),
            SetOutcome::SearchChanged
        );
        assert_eq!(o.search.move_overhead_ms, 50);
        assert_eq!(o.set("usemillisec", Some("on")), SetOutcome::Stored);
        assert!(o.usemillisec);
        assert_eq!(o.set("nonsense", Some("1")), SetOutcome::Unknown);
        assert!(matches!(o.set("batch", Some("maybe")), SetOutcome::Bad(_)));
        assert_eq!(o.set("pruning", Some("none")), SetOutcome::SearchChanged);
        assert_eq!(o.search.tune.ipc_keep(), crate::search::KeepChildren::All);
        assert_eq!(o.set("knowledge", Some("none")), SetOutcome::SearchChanged);
        assert_eq!(o.search.weights.mobility, 0);
        assert_eq!(o.set("w_material", Some("90")), SetOutcome::SearchChanged);
        assert_eq!(o.search.weights.material, 90);
        assert_eq!(o.set("Clear Hash", None), SetOutcome::NewGame);
    }

    /// Every advertised option, in both dialects, accepts its own default
    /// and the ends of its advertised range, and refuses one past them
    /// with a message naming the range.
    #[test]
    fn the_handshake_matches_the_setter() {
        for spec in EngineOptions::specs() {
            for name in [spec.ucci, spec.uci].into_iter().flatten() {
                let mut o = EngineOptions::default();
                let outcome = |o: &mut EngineOptions, v: &str| o.set(name, Some(v));
                match &spec.kind {
                    OptionKind::Check(d) => {
                        let r = outcome(&mut o, &d.to_string());
                        assert!(
                            !matches!(r, SetOutcome::Unknown | SetOutcome::Bad(_)),
                            "{name}"
                        );
                        assert!(
                            matches!(outcome(&mut o, "maybe"), SetOutcome::Bad(_)),
                            "{name}"
                        );
                    }
                    OptionKind::Spin { min, max, default } => {
                        for v in [min, max, default] {
                            let r = outcome(&mut o, &v.to_string());
                            assert!(
                                !matches!(r, SetOutcome::Unknown | SetOutcome::Bad(_)),
                                "{name} {v}: {r:?}"
                            );
                        }
                        for v in [min - 1, max + 1] {
                            let r = outcome(&mut o, &v.to_string());
                            let SetOutcome::Bad(e) = r else {
                                panic!("{name} {v} accepted")
                            };
                            let text = e.to_string();
                            assert!(text.contains(&format!("from {min} to {max}")), "{text}");
                        }
                    }
                    OptionKind::Combo { default, vars } => {
                        assert!(vars.contains(&default.as_str()), "{name}");
                        for v in vars.iter() {
                            let r = outcome(&mut o, v);
                            assert!(
                                !matches!(r, SetOutcome::Unknown | SetOutcome::Bad(_)),
                                "{name} {v}"
                            );
                        }
                        assert!(
                            matches!(outcome(&mut o, "nonsense"), SetOutcome::Bad(_)),
                            "{name}"
                        );
                    }
                    OptionKind::Text(_) | OptionKind::Button => {
                        let r = o.set(name, None);
                        assert!(
                            !matches!(r, SetOutcome::Unknown | SetOutcome::Bad(_)),
                            "{name}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn specs_have_names() {
        for s in EngineOptions::specs() {
            assert!(s.ucci.is_some() || s.uci.is_some());
        }
    }
}
