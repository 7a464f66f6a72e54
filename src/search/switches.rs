//! Every on/off technique of the search, declared once: field, option
//! name and aliases, the value in each preset (play, `--paper`, `go
//! mate`'s sound search), the group it belongs to, the record that
//! justified it and one line of help. The search reads them as plain
//! `bool` fields of [`Switches`]; the option table, `--list-options`,
//! `--list-switches` (the table of docs/search.md) and the tests read the
//! same entries through [`SWITCHES`].
//!
//! Adding a switch is one entry in the `switches!` block below plus its
//! use (`self.options.switches.<field>` in the search).

/// Where a switch comes from, which also says what `enhancements` toggles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    /// The alpha-beta enhancements the paper's baseline turns off.
    Classic,
    /// Iterative deepening itself (not toggled by `enhancements`).
    Driver,
    /// The Search II techniques of issue 13, iProbcut's play switches
    /// among them.
    Search2,
    /// The modern techniques of issue 28 (and later), each measured on
    /// its own.
    Modern,
    /// Switches of the evaluation the search uses.
    Eval,
}

impl Group {
    /// Whether `enhancements` turns the group's switches on and off.
    pub fn in_enhancements(self) -> bool {
        matches!(self, Group::Classic | Group::Search2)
    }

    /// The group's name in the docs table.
    pub fn name(self) -> &'static str {
        match self {
            Group::Classic => "classic",
            Group::Driver => "driver",
            Group::Search2 => "search2",
            Group::Modern => "modern",
            Group::Eval => "eval",
        }
    }
}

/// What `go mate`'s sound search does with a switch.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mate {
    /// Left as the game's options have it (it changes how fast a mate is
    /// proven, never whether).
    Keep,
    /// Off: an unsound forward pruning or reduction.
    Off,
}

/// One switch: its entry in the table and its access to [`Switches`].
#[derive(Clone, Copy)]
pub struct Switch {
    /// Option name (`--set name=on`, arena specs).
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// The field of [`Switches`] it is stored in.
    pub field: &'static str,
    /// Its value in play (the default).
    pub default: bool,
    /// Its value in the `--paper` presets.
    pub paper: bool,
    /// What `go mate` does with it.
    pub mate: Mate,
    /// Where it comes from.
    pub group: Group,
    /// The measurement or record that decided its default.
    pub record: &'static str,
    /// What it does, one line.
    pub help: &'static str,
    get: fn(&Switches) -> bool,
    put: fn(&mut Switches, bool),
}

impl std::fmt::Debug for Switch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} = {}", self.name, self.default)
    }
}

impl Switch {
    /// The current value in `s`.
    pub fn get(&self, s: &Switches) -> bool {
        (self.get)(s)
    }

    /// Stores `on` in `s`.
    pub fn set(&self, s: &mut Switches, on: bool) {
        (self.put)(s, on)
    }

    /// The line of the docs table: name, play, paper, mate, group, help,
    /// record.
    pub fn markdown_row(&self) -> String {
        let onoff = |b: bool| if b { "on" } else { "off" };
        let mate = match self.mate {
            Mate::Keep => onoff(self.default),
            Mate::Off => "off",
        };
        format!(
            "| `{}` | {} | {} | {} | {} | {} | {} |",
            self.name,
            onoff(self.default),
            onoff(self.paper),
            mate,
            self.group.name(),
            self.help,
            self.record
        )
    }
}

/// Declares [`Switches`] (one `bool` field per entry), its `Default`, the
/// paper preset and [`SWITCHES`] from one list of
/// `field "name" [aliases] = play, paper P, mate M, Group, "record", "help";`.
macro_rules! switches {
    ($($field:ident $name:literal [$($alias:literal),*] = $default:literal,
        paper $paper:literal, mate $mate:ident, $group:ident, $record:literal,
        $help:literal;)*) => {
        /// The value of every switch (see [`SWITCHES`] for their names,
        /// presets and meaning). `Default` holds the playing values.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Switches {
            $(#[doc = $help] pub $field: bool,)*
        }

        impl Default for Switches {
            fn default() -> Self {
                Switches { $($field: $default,)* }
            }
        }

        impl Switches {
            /// The `--paper` presets' values.
            pub fn paper() -> Switches {
                Switches { $($field: $paper,)* }
            }
        }

        /// Every switch, in the order `--list-options` and the docs show them.
        pub static SWITCHES: &[Switch] = &[$(Switch {
            name: $name,
            aliases: &[$($alias),*],
            field: stringify!($field),
            default: $default,
            paper: $paper,
            mate: Mate::$mate,
            group: Group::$group,
            record: $record,
            help: $help,
            get: |s| s.$field,
            put: |s, v| s.$field = v,
        },)*];
    };
}

switches! {
    // --- the classic enhancements (the paper's baseline has none)
    tt "tt" [] = true, paper false, mate Keep, Classic, "alpha-beta textbook",
        "transposition table";
    history "history" [] = true, paper false, mate Keep, Classic, "alpha-beta textbook",
        "history heuristic";
    killers "killers" [] = true, paper false, mate Keep, Classic, "alpha-beta textbook",
        "killer moves";
    pvs "pvs" [] = true, paper false, mate Keep, Classic, "alpha-beta textbook",
        "principal variation search";
    quiescence "quiescence" ["qs"] = true, paper false, mate Keep, Classic, "alpha-beta textbook",
        "quiescence search";
    null_move "nullmove" ["null"] = true, paper false, mate Off, Classic, "alpha-beta textbook",
        "null-move pruning";
    lmr "lmr" [] = true, paper false, mate Off, Classic, "alpha-beta textbook",
        "late move reductions";
    check_extension "checkext" ["checkextension"] = true, paper false, mate Keep, Classic,
        "alpha-beta textbook", "check extension";
    iterative "iterative" ["id"] = true, paper false, mate Keep, Driver, "alpha-beta textbook",
        "iterative deepening";
    // --- iProbcut's play switches (issue 13)
    keep_tactical "keeptactical" [] = true, paper false, mate Keep, Search2,
        "issue 13 matches (docs/measured.md)",
        "iProbcut never prunes checks, captures with SEE >= 0, killers, or near mate";
    ipc_late "ipclate" [] = true, paper false, mate Keep, Search2,
        "issue 13 matches (docs/measured.md)",
        "iProbcut pre-evaluates only the quiet moves after the hash move, captures and killers";
    ipc_tt "ipctt" [] = true, paper false, mate Keep, Search2,
        "issue 13 matches (docs/measured.md)",
        "iProbcut takes a child's pre-evaluation from the hash table when it is deep enough";
    singular_extensions "se" ["ipcsingular", "singular"] = true, paper false, mate Keep, Modern,
        "+29.8, SPRT H1 on 0e69bca as iProbcut's 'singular step' (docs/matches/ipc-tuned-vs-ab-10+0.1-seed103); +0.0 [-45, +45] on 7e1fe1a (issue 55)",
        "singular extensions (Anantharaman, Campbell and Hsu 1988) with multi-cut (Bjornsson and Marsland 1998): a hash move alone above its siblings' half-depth search is followed deeper, several above beta cut; in both algorithms";
    // --- Search II (issue 13)
    time_scaling "timescaling" [] = true, paper false, mate Keep, Search2,
        "issue 13 (docs/measured.md)",
        "more time for restless best moves and falling scores";
    partial_iteration "partialiteration" [] = true, paper false, mate Keep, Search2,
        "issue 13 (docs/measured.md)",
        "play a better root move from an unfinished iteration";
    aspiration "aspiration" [] = true, paper false, mate Keep, Search2,
        "issue 13 (docs/measured.md)",
        "aspiration windows";
    reverse_futility "rfp" ["reversefutility"] = true, paper false, mate Off, Search2,
        "issue 13 (docs/measured.md)",
        "reverse futility pruning (static null move)";
    iir "iir" [] = true, paper false, mate Off, Modern,
        "+24.3, SPRT H1 (docs/matches/stack-vs-main-10+0.1-seed104)",
        "internal iterative reduction: deep nodes without a hash move a ply shallower";
    improving "improving" [] = true, paper false, mate Keep, Modern,
        "+24.3, SPRT H1 (docs/matches/stack-vs-main-10+0.1-seed104)",
        "reverse futility a ply bolder and late-move pruning half as strict where the static evaluation rose since two plies up";
    drawish "drawish" [] = true, paper false, mate Keep, Eval,
        "+24.3, SPRT H1 (docs/matches/stack-vs-main-10+0.1-seed104)",
        "scale the evaluation toward a draw where the side ahead cannot mate the defenders it faces (lone horse against full defenders, rook against rook, ...)";
    // --- Search II, continued
    futility "futility" [] = true, paper false, mate Off, Search2,
        "issue 13 (docs/measured.md)",
        "futility pruning of quiet moves near the leaves";
    late_move_pruning "lmp" ["latemovepruning"] = true, paper false, mate Off, Search2,
        "issue 13 (docs/measured.md)",
        "late-move pruning";
    see "see" [] = true, paper false, mate Keep, Search2,
        "issue 13 (docs/measured.md)",
        "static exchange evaluation for ordering and quiescence";
    lazy_eval "lazyeval" [] = true, paper false, mate Keep, Search2,
        "issue 13 (docs/measured.md)",
        "lazy stand-pat on material and position in quiescence";
}

/// The switch called `name` or one of its aliases (case, spaces, `_` and
/// `-` do not matter).
pub fn find_switch(name: &str) -> Option<&'static Switch> {
    let norm = |s: &str| {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '_' | '-'))
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let wanted = norm(name);
    SWITCHES.iter().find(|s| {
        std::iter::once(s.name)
            .chain(s.aliases.iter().copied())
            .any(|n| norm(n) == wanted)
    })
}

impl Switches {
    /// These switches with every unsound forward pruning and reduction
    /// off (`go mate`'s sound search: the entries marked `mate Off`).
    pub fn for_mate(&self) -> Switches {
        let mut s = self.clone();
        for sw in SWITCHES.iter().filter(|sw| sw.mate == Mate::Off) {
            sw.set(&mut s, false);
        }
        s
    }

    /// `enhancements`: off turns every switch of the classic and Search II
    /// groups off; on turns those of them on that are on in play and
    /// leaves the others as they are.
    pub fn set_enhancements(&mut self, on: bool) {
        for sw in SWITCHES.iter().filter(|sw| sw.group.in_enhancements()) {
            if !on || sw.default {
                sw.set(self, on);
            }
        }
    }

    /// The markdown table of every switch (docs/search.md holds it).
    pub fn markdown_table() -> String {
        let mut s = String::from(
            "| switch | play | `--paper` | `go mate` | group | what it does | record |\n|---|---|---|---|---|---|---|\n",
        );
        for sw in SWITCHES {
            s.push_str(&sw.markdown_row());
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for (i, sw) in SWITCHES.iter().enumerate() {
            let mut s = Switches::default();
            assert_eq!(sw.get(&s), sw.default, "{}", sw.name);
            assert_eq!(sw.get(&Switches::paper()), sw.paper, "{}", sw.name);
            sw.set(&mut s, !sw.default);
            assert_eq!(sw.get(&s), !sw.default, "{}", sw.name);
            // only its own field moved
            sw.set(&mut s, sw.default);
            assert_eq!(s, Switches::default(), "{}", sw.name);
            for other in &SWITCHES[..i] {
                assert_ne!(sw.field, other.field);
                assert!(find_switch(sw.name).is_some_and(|f| f.field == sw.field));
                assert!(!std::ptr::eq(find_switch(other.name).unwrap(), sw));
            }
            for alias in sw.aliases {
                assert_eq!(find_switch(alias).map(|f| f.field), Some(sw.field));
            }
        }
        assert!(find_switch("nosuch").is_none());
        assert_eq!(find_switch("Null-Move").map(|s| s.field), Some("null_move"));
    }

    #[test]
    fn enhancements_off_then_on_restores_play() {
        let mut s = Switches::default();
        s.set_enhancements(false);
        assert!(!s.tt && !s.futility && !s.keep_tactical);
        assert!(s.iterative && s.drawish, "outside the groups");
        s.set_enhancements(true);
        assert_eq!(s, Switches::default());
    }

    #[test]
    fn mate_turns_the_unsound_prunings_off_only() {
        let m = Switches::default().for_mate();
        assert!(!m.null_move && !m.lmr && !m.futility && !m.iir);
        assert!(m.tt && m.check_extension && m.singular_extensions);
    }
}
