//! The one table of options. Every setting is declared here once: its
//! name on the command line and in the arena (`key`), its name in each
//! protocol dialect (or none when it is not advertised there), its type and
//! range, and what it sets. The default is whatever
//! [`EngineOptions::default`] holds. The handshake, `setoption`, the CLI's
//! `--set key=value` and `--list-options`, and the arena's player specs all
//! read this table (see [`lookup`] and [`OptionDef::apply`]).
//!
//! The mappings of the UCCI combos onto chuhe's settings are described at
//! their entries (`pruning`, `knowledge`).

use super::options::EngineOptions;
use crate::search::{parse_bool, OptionError, Switch, Tunable, SWITCHES, TUNABLES};
use std::sync::LazyLock;

mod entries;
pub use entries::FIXED;

/// Every option: the fixed entries (see `entries.rs`), then one per
/// search switch ([`crate::search::SWITCHES`]), then one per search
/// tunable ([`crate::search::TUNABLES`], marked `[tunable]` in
/// `--list-options`).
pub static TABLE: LazyLock<Vec<OptionDef>> = LazyLock::new(|| {
    FIXED
        .iter()
        .cloned()
        .chain(SWITCHES.iter().map(OptionDef::switch))
        .chain(TUNABLES.iter().map(OptionDef::tunable))
        .collect()
});

/// The largest value of a whole-number option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Max {
    /// A fixed bound.
    Fixed(i64),
    /// This machine's logical cores (see [`crate::search::max_threads`]):
    /// `threads` goes as far as the hardware, no further.
    Cores,
}

impl Max {
    /// The bound as a number.
    pub fn value(self) -> i64 {
        match self {
            Max::Fixed(v) => v,
            Max::Cores => crate::search::max_threads() as i64,
        }
    }
}

/// What a setting's type is and how it reads and writes [`EngineOptions`].
#[derive(Clone, Copy)]
pub enum Kind {
    /// On/off.
    Check {
        /// The current value.
        get: fn(&EngineOptions) -> bool,
        /// Stores a value.
        set: fn(&mut EngineOptions, bool),
    },
    /// A whole number from `min` to `max`; other numbers are refused.
    Spin {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: Max,
        /// The current value.
        get: fn(&EngineOptions) -> i64,
        /// Stores a value (already in range).
        set: fn(&mut EngineOptions, i64),
    },
    /// One of a list of words.
    Combo {
        /// The choices.
        vars: &'static [&'static str],
        /// The current choice.
        get: fn(&EngineOptions) -> String,
        /// Stores a choice (one of `vars`).
        set: fn(&mut EngineOptions, &'static str),
    },
    /// Free text.
    Text {
        /// The current text.
        get: fn(&EngineOptions) -> String,
        /// Stores a text, or says why it cannot (the options stay as
        /// they were).
        set: fn(&mut EngineOptions, &str) -> Result<(), String>,
    },
    /// A search switch (on/off, see [`crate::search::Switches`]).
    Switch(&'static Switch),
    /// A search tunable (a whole number in its range, see
    /// [`crate::search::Tunables`]).
    Tunable(&'static Tunable),
    /// An action: forget the hash table and history (a new game).
    NewGame,
    /// Accepted for compatibility, with no effect in chuhe.
    Ignored,
}

/// What a change touches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A protocol-level setting (output, book, policy).
    Protocol,
    /// The searcher's options: hand them to the searcher.
    Search,
}

/// One option.
#[derive(Clone)]
pub struct OptionDef {
    /// Name on the command line (`--set key=value`) and in arena specs.
    pub key: &'static str,
    /// Name advertised in UCCI (`None`: not advertised there).
    pub ucci: Option<&'static str>,
    /// Name advertised in UCI (`None`: not advertised there).
    pub uci: Option<&'static str>,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// One line of help.
    pub help: &'static str,
    /// Type, range and access.
    pub kind: Kind,
    /// What a change touches.
    pub effect: Effect,
}

/// Lower case without spaces, `_` and `-`: how names are compared.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .collect::<String>()
        .to_ascii_lowercase()
}

/// The option called `name` in any dialect, on the command line or by an
/// alias (case, spaces, `_` and `-` do not matter).
pub fn lookup(name: &str) -> Option<&'static OptionDef> {
    let wanted = normalize(name);
    TABLE
        .iter()
        .find(|d| d.names().any(|n| normalize(n) == wanted))
}

/// Applies `name=value` to `options` through the table.
pub fn set(options: &mut EngineOptions, name: &str, value: &str) -> Result<Effect, OptionError> {
    let def = lookup(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
    def.apply(options, value)?;
    Ok(def.effect)
}

/// Applies `key=value` to search options alone (the command line and the
/// arena's in-process players): any option of the table is accepted, and
/// what it sets outside the search is dropped.
pub fn set_search(
    options: &mut crate::search::SearchOptions,
    name: &str,
    value: &str,
) -> Result<(), OptionError> {
    let mut all = EngineOptions {
        search: options.clone(),
        ..EngineOptions::default()
    };
    set(&mut all, name, value)?;
    *options = all.search;
    Ok(())
}

impl crate::search::SearchOptions {
    /// Changes one setting by its name in the option table (see
    /// [`set_search`]): numbers outside their range are refused, never
    /// clamped.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        set_search(self, key, value)
    }
}

impl OptionDef {
    /// The option of a search tunable: named as the tunable, advertised
    /// under that name in both dialects when the tunable is.
    fn tunable(t: &'static Tunable) -> OptionDef {
        let advertised = t.advertised.then_some(t.name);
        OptionDef {
            key: t.name,
            ucci: advertised,
            uci: advertised,
            aliases: &[],
            help: t.help,
            kind: Kind::Tunable(t),
            effect: Effect::Search,
        }
    }

    /// The option of a search switch: named as the switch, with its
    /// aliases, known on the command line and in arena specs only (a GUI
    /// has no use for them).
    fn switch(s: &'static Switch) -> OptionDef {
        OptionDef {
            key: s.name,
            ucci: None,
            uci: None,
            aliases: s.aliases,
            help: s.help,
            kind: Kind::Switch(s),
            effect: Effect::Search,
        }
    }

    /// The range of a whole-number option (a spin or a tunable).
    pub fn range(&self) -> Option<(i64, i64)> {
        match self.kind {
            Kind::Spin { min, max, .. } => Some((min, max.value())),
            Kind::Tunable(t) => Some((t.min.into(), t.max.into())),
            _ => None,
        }
    }

    /// Every name this option answers to.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        [Some(self.key), self.ucci, self.uci]
            .into_iter()
            .flatten()
            .chain(self.aliases.iter().copied())
    }

    /// The name in a dialect (`uci`: UCI, else UCCI), if advertised there.
    pub fn dialect_name(&self, uci: bool) -> Option<&'static str> {
        if uci {
            self.uci
        } else {
            self.ucci
        }
    }

    /// Checks and stores `value`: booleans as `true/false`, `on/off`,
    /// `1/0`, `yes/no`; numbers within the range (never clamped); combos
    /// one of their words (any case).
    pub fn apply(&self, options: &mut EngineOptions, value: &str) -> Result<(), OptionError> {
        let value = value.trim();
        let invalid = |reason: String| OptionError::Invalid {
            key: self.key.to_string(),
            reason,
        };
        match self.kind {
            Kind::Check { set, .. } => {
                let b = parse_bool(value)
                    .ok_or_else(|| invalid(format!("'{value}' is not true/false or on/off")))?;
                set(options, b);
            }
            Kind::Switch(s) => {
                let b = parse_bool(value)
                    .ok_or_else(|| invalid(format!("'{value}' is not true/false or on/off")))?;
                s.set(&mut options.search.switches, b);
            }
            Kind::Spin { min, max, set, .. } => {
                let max = max.value();
                let v: i64 = value
                    .parse()
                    .map_err(|_| invalid(format!("'{value}' is not a whole number")))?;
                if !(min..=max).contains(&v) {
                    return Err(OptionError::OutOfRange {
                        key: self.key.to_string(),
                        value: v,
                        min,
                        max,
                    });
                }
                set(options, v);
            }
            Kind::Combo { vars, set, .. } => {
                let v = vars
                    .iter()
                    .copied()
                    .find(|v| v.eq_ignore_ascii_case(value))
                    .ok_or_else(|| {
                        invalid(format!("'{value}' is not one of {}", vars.join("/")))
                    })?;
                set(options, v);
            }
            Kind::Tunable(t) => {
                let v: i64 = value
                    .parse()
                    .map_err(|_| invalid(format!("'{value}' is not a whole number")))?;
                t.set(&mut options.search.tune, v)?;
            }
            // GUIs echo the advertised default of an empty string back
            Kind::Text { set, .. } => {
                set(options, if value == "<empty>" { "" } else { value }).map_err(invalid)?
            }
            Kind::NewGame | Kind::Ignored => {}
        }
        Ok(())
    }

    /// The current value as text (`None` for actions).
    pub fn value(&self, options: &EngineOptions) -> Option<String> {
        match self.kind {
            Kind::Check { get, .. } => Some(get(options).to_string()),
            Kind::Switch(s) => Some(s.get(&options.search.switches).to_string()),
            Kind::Spin { get, .. } => Some(get(options).to_string()),
            Kind::Tunable(t) => Some(t.get(&options.search.tune).to_string()),
            Kind::Combo { get, .. } | Kind::Text { get, .. } => Some(get(options)),
            Kind::NewGame | Kind::Ignored => None,
        }
    }

    /// The line `--list-options` prints: key, type or range, default, help.
    pub fn list_line(&self) -> String {
        let d = EngineOptions::default();
        let kind = match self.kind {
            Kind::Check { .. } | Kind::Switch(_) => "on/off".to_string(),
            Kind::Spin { min, max, .. } => format!("{min}..{}", max.value()),
            Kind::Tunable(t) => format!("{}..{} [tunable]", t.min, t.max),
            Kind::Combo { vars, .. } => vars.join("|"),
            Kind::Text { .. } => "text".to_string(),
            Kind::NewGame => "action".to_string(),
            Kind::Ignored => "ignored".to_string(),
        };
        let default = self
            .value(&d)
            .map(|v| format!(" (default {})", if v.is_empty() { "empty" } else { &v }))
            .unwrap_or_default();
        let dialects: Vec<String> = [("UCCI", self.ucci), ("UCI", self.uci)]
            .iter()
            .filter_map(|(d, n)| n.map(|n| format!("{d} '{n}'")))
            .collect();
        let dialects = if dialects.is_empty() {
            String::new()
        } else {
            format!(" [{}]", dialects.join(", "))
        };
        format!(
            "{:18} {:22} {}{default}{dialects}",
            self.key, kind, self.help
        )
    }
}

/// The `pruning` combo: iProbcut's aggressiveness. `none` keeps every
/// child (the search is then exactly alpha-beta), `small` n = 10 with k =
/// 150/250 % of σ (opening/endgame), `medium` (the default) n = 6 with k =
/// 100/200 %, `large` n = 4 with k = 60/120 %. `pre`, `threshold` and
/// `sigma` are left as they are.
fn set_pruning(o: &mut EngineOptions, level: &'static str) {
    o.pruning = level.into();
    let (n, k_open, k_end) = match level {
        // n = 0 keeps every child
        "none" => (0, 100, 200),
        "small" => (10, 150, 250),
        "medium" => (6, 100, 200),
        _ => (4, 60, 120),
    };
    let t = &mut o.search.tune;
    t.ipc_n = n;
    t.ipc_k_open = k_open;
    t.ipc_k_end = k_end;
}

/// The `knowledge` combo: the evaluation weights. `none` material only,
/// `small` material and position, `medium` material and position at 100 %
/// plus mobility, coordination and threats at 50 %, `large` (the default)
/// every part at 100 %.
fn set_knowledge(o: &mut EngineOptions, level: &'static str) {
    o.knowledge = level.into();
    let [position, rest] = match level {
        "none" => [0, 0],
        "small" => [100, 0],
        "medium" => [100, 50],
        _ => [100, 100],
    };
    let w = &mut o.search.weights;
    w.material = 100;
    w.position = position;
    w.mobility = rest;
    w.coordination = rest;
    w.threat = rest;
}
