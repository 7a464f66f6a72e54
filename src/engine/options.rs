//! Engine options: what each dialect advertises and how a `setoption`
//! changes the engine.
//!
//! Names are matched without regard to case, spaces, `_` and `-`, and
//! either dialect's name works in either dialect (`Hash` = `hashsize`).
//!
//! Mappings of the UCCI combos onto chuhe's own settings:
//! - `pruning` sets iProbcut's aggressiveness (how many children survive
//!   forward pruning): `none` keeps every child (n = all, the search is
//!   then exactly alpha-beta), `small` n = 10 with k = 150/250 % of σ
//!   (opening/endgame), `medium` (the default) n = 6 with k = 100/200 %,
//!   `large` n = 4 with k = 60/120 %. `pre`, `threshold` and `sigma` are
//!   left as they are.
//! - `knowledge` sets the evaluation weights: `none` material only, `small`
//!   material and position, `medium` material and position at 100 % plus
//!   mobility, coordination and threats at 50 %, `large` (the default)
//!   every part at 100 %.
//! - `randomness` is stored and reported but does not change play yet
//!   (the search has no root randomisation; the opening book will use it).

use crate::search::{parse_bool, KeepChildren, OptionError, SearchOptions};

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
/// Choices of `pruning`.
pub const PRUNING: &[&str] = &["none", "small", "medium", "large"];
/// Choices of `knowledge`.
pub const KNOWLEDGE: &[&str] = &["none", "small", "medium", "large"];
/// Choices of `algorithm`.
pub const ALGORITHMS: &[&str] = &["iprobcut", "alphabeta"];
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
    /// Pruning level (applied to the iProbcut parameters).
    pub pruning: String,
    /// Knowledge level (applied to the evaluation weights).
    pub knowledge: String,
    /// Threads (only 1 is supported).
    pub threads: u32,
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
            pruning: "medium".into(),
            knowledge: "large".into(),
            threads: 1,
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

/// Lower case without spaces, `_` and `-`.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .collect::<String>()
        .to_ascii_lowercase()
}

/// UCCI options that are accepted and ignored (no effect in chuhe).
const IGNORED: &[&str] = &["useegtb", "egtbpaths", "idle", "promotion", "style"];

impl EngineOptions {
    /// The options advertised at the handshake, with current defaults.
    pub fn specs() -> Vec<OptionSpec> {
        let d = EngineOptions::default();
        let s = &d.search;
        let check = |ucci, uci, v| OptionSpec {
            ucci,
            uci,
            kind: OptionKind::Check(v),
        };
        let spin = |ucci, uci, min, max, default| OptionSpec {
            ucci,
            uci,
            kind: OptionKind::Spin { min, max, default },
        };
        let combo = |ucci, uci, default: &str, vars| OptionSpec {
            ucci,
            uci,
            kind: OptionKind::Combo {
                default: default.to_string(),
                vars,
            },
        };
        let both = |n: &'static str| (Some(n), Some(n));
        // whole-number ranges come from the search's one list of them
        let range = |key: &str| SearchOptions::range(key).expect("a declared range");
        let (hash_min, hash_max) = range("hash");
        let (overhead_min, overhead_max) = range("moveoverhead");
        let mut v = vec![
            spin(
                Some("hashsize"),
                Some("Hash"),
                hash_min,
                hash_max,
                s.hash_mb as i64,
            ),
            spin(Some("threads"), Some("Threads"), 1, 1, 1),
            check(Some("usemillisec"), None, d.usemillisec),
            check(Some("batch"), None, d.batch),
            check(Some("debug"), Some("Debug"), d.debug),
            check(Some("ponder"), Some("Ponder"), d.ponder),
            check(Some("usebook"), Some("UseBook"), d.usebook),
            OptionSpec {
                ucci: Some("bookfiles"),
                uci: Some("BookFiles"),
                kind: OptionKind::Text(d.bookfiles.clone()),
            },
            combo(
                Some("randomness"),
                Some("Randomness"),
                &d.randomness,
                RANDOMNESS,
            ),
            combo(Some("pruning"), Some("Pruning"), &d.pruning, PRUNING),
            combo(
                Some("knowledge"),
                Some("Knowledge"),
                &d.knowledge,
                KNOWLEDGE,
            ),
            OptionSpec {
                ucci: Some("newgame"),
                uci: Some("Clear Hash"),
                kind: OptionKind::Button,
            },
            spin(
                Some("moveoverhead"),
                Some("Move Overhead"),
                overhead_min,
                overhead_max,
                s.move_overhead_ms as i64,
            ),
        ];
        let (a, b) = both("algorithm");
        v.push(combo(a, b, &s.algorithm.to_string(), ALGORITHMS));
        let ipc = &s.iprobcut;
        let n = ipc.n.to_option();
        for (name, default) in [
            ("pre", ipc.pre as i64),
            ("threshold", ipc.threshold as i64),
            ("n", n),
            ("k", ipc.k_open as i64),
            ("sigma", ipc.sigma as i64),
        ] {
            let (a, b) = both(name);
            let (min, max) = range(name);
            v.push(spin(a, b, min, max, default));
        }
        let (a, b) = both("profile");
        v.push(combo(a, b, &s.profile.to_string(), PROFILES));
        let w = &s.weights;
        for (name, default) in [
            ("w_material", w.material),
            ("w_position", w.position),
            ("w_mobility", w.mobility),
            ("w_coordination", w.coordination),
            ("w_threat", w.threat),
        ] {
            let (a, b) = both(name);
            let (min, max) = range(name);
            v.push(spin(a, b, min, max, default as i64));
        }
        v.push(check(None, Some("UCI_ShowWDL"), d.show_wdl));
        for (name, default) in [
            ("showevals", d.show_evals),
            ("resign", d.resign),
            ("draw", d.draw),
        ] {
            let (a, b) = both(name);
            v.push(check(a, b, default));
        }
        v
    }

    /// Applies `setoption name [value]`.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> SetOutcome {
        let key = normalize(name);
        let value = value.map(str::trim).unwrap_or("");
        let invalid = |reason: String| OptionError::Invalid {
            key: name.to_string(),
            reason,
        };
        let flag = |v: &str| {
            parse_bool(v).ok_or_else(|| invalid(format!("'{v}' is not true/false or on/off")))
        };
        let set_flag = |slot: &mut bool| match flag(value) {
            Ok(b) => {
                *slot = b;
                SetOutcome::Stored
            }
            Err(e) => SetOutcome::Bad(e),
        };
        match key.as_str() {
            "usemillisec" => set_flag(&mut self.usemillisec),
            "batch" => set_flag(&mut self.batch),
            "debug" => set_flag(&mut self.debug),
            "ponder" => set_flag(&mut self.ponder),
            "usebook" | "ownbook" => set_flag(&mut self.usebook),
            "showevals" => set_flag(&mut self.show_evals),
            "ucishowwdl" | "showwdl" => set_flag(&mut self.show_wdl),
            "resign" => set_flag(&mut self.resign),
            "draw" => set_flag(&mut self.draw),
            "bookfiles" | "bookfile" => {
                self.bookfiles = value.to_string();
                SetOutcome::Stored
            }
            "threads" => match value.parse::<i64>() {
                Ok(1) => {
                    self.threads = 1;
                    SetOutcome::Stored
                }
                Ok(v) => SetOutcome::Bad(OptionError::OutOfRange {
                    key: "threads".into(),
                    value: v,
                    min: 1,
                    max: 1,
                }),
                Err(_) => SetOutcome::Bad(invalid(format!("'{value}' is not a whole number"))),
            },
            "randomness" => match pick(RANDOMNESS, value) {
                Some(v) => {
                    self.randomness = v.into();
                    SetOutcome::Stored
                }
                None => SetOutcome::Bad(invalid(format!(
                    "'{value}' is not one of {}",
                    RANDOMNESS.join("/")
                ))),
            },
            "pruning" => match pick(PRUNING, value) {
                Some(v) => {
                    self.pruning = v.into();
                    let (n, k_open, k_end) = match v {
                        "none" => (KeepChildren::All, 100, 200),
                        "small" => (KeepChildren::Best(10), 150, 250),
                        "medium" => (KeepChildren::Best(6), 100, 200),
                        _ => (KeepChildren::Best(4), 60, 120),
                    };
                    let p = &mut self.search.iprobcut;
                    p.n = n;
                    p.k_open = k_open;
                    p.k_end = k_end;
                    SetOutcome::SearchChanged
                }
                None => SetOutcome::Bad(invalid(format!(
                    "'{value}' is not one of {}",
                    PRUNING.join("/")
                ))),
            },
            "knowledge" => match pick(KNOWLEDGE, value) {
                Some(v) => {
                    self.knowledge = v.into();
                    let [position, rest] = match v {
                        "none" => [0, 0],
                        "small" => [100, 0],
                        "medium" => [100, 50],
                        _ => [100, 100],
                    };
                    let w = &mut self.search.weights;
                    w.material = 100;
                    w.position = position;
                    w.mobility = rest;
                    w.coordination = rest;
                    w.threat = rest;
                    SetOutcome::SearchChanged
                }
                None => SetOutcome::Bad(invalid(format!(
                    "'{value}' is not one of {}",
                    KNOWLEDGE.join("/")
                ))),
            },
            "newgame" | "clearhash" => SetOutcome::NewGame,
            k if IGNORED.contains(&k) => SetOutcome::Stored,
            _ => {
                let mut s = self.search.clone();
                match s.set(&key, value) {
                    Ok(()) => {
                        self.search = s;
                        SetOutcome::SearchChanged
                    }
                    Err(OptionError::Unknown(_)) => SetOutcome::Unknown,
                    Err(e) => SetOutcome::Bad(e),
                }
            }
        }
    }
}

/// The choice in `vars` equal to `value` (any case).
fn pick(vars: &'static [&'static str], value: &str) -> Option<&'static str> {
    vars.iter().copied().find(|v| v.eq_ignore_ascii_case(value))
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
        assert_eq!(o.search.iprobcut.n, KeepChildren::All);
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
