//! Every number the search and the time manager decide by, declared once:
//! name, default, range, SPSA step, how it was fitted (and with which
//! evaluator) and what it controls. The search reads
//! them as plain `i32` fields of [`Tunables`] (no string lookups on the hot
//! path); the option layer, `--list-options`, docs/tunables.md and the SPSA
//! tuner read the same entries through [`TUNABLES`].
//!
//! Adding a tunable is one line in the `tunables!` block below plus its
//! use (`self.options.tune.<field>` in the search). Every default was
//! fitted while the five-part evaluator played (by hand, by SPSA run sc2,
//! on the mate puzzles, or measured by `chuhe sigma`), before the net
//! became the default; `fit` says which, so that a refit for the net shows
//! in the table. The bench signature checks the search they give.

use super::option_error::OptionError;

/// One tunable: its entry in the table and its access to [`Tunables`].
#[derive(Clone, Copy)]
pub struct Tunable {
    /// Option name (`--set name=value`, `setoption`, arena specs).
    pub name: &'static str,
    /// The field of [`Tunables`] it is stored in.
    pub field: &'static str,
    /// Today's value.
    pub default: i32,
    /// Smallest accepted value.
    pub min: i32,
    /// Largest accepted value.
    pub max: i32,
    /// SPSA perturbation at the end of a run (`c_end`, in the tunable's own
    /// units): about the smallest change a few thousand games can see.
    pub step: f64,
    /// Whether GUIs see it in the UCCI/UCI handshake (the iProbcut
    /// parameters the paper names); the others are still accepted by
    /// `setoption`.
    pub advertised: bool,
    /// How today's default was fitted and with which evaluator (e.g.
    /// "SPSA sc2, five parts"): a value fitted on one evaluator's scale may
    /// not suit another's.
    pub fitted: &'static str,
    /// What it controls, one line.
    pub help: &'static str,
    get: fn(&Tunables) -> i32,
    put: fn(&mut Tunables, i32),
}

impl std::fmt::Debug for Tunable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} = {} in {}..={} step {}",
            self.name, self.default, self.min, self.max, self.step
        )
    }
}

impl Tunable {
    /// The current value in `t`.
    pub fn get(&self, t: &Tunables) -> i32 {
        (self.get)(t)
    }

    /// Stores `value` in `t`; a value outside `min..=max` is refused (never
    /// clamped).
    pub fn set(&self, t: &mut Tunables, value: i64) -> Result<(), OptionError> {
        if !(i64::from(self.min)..=i64::from(self.max)).contains(&value) {
            return Err(OptionError::OutOfRange {
                key: self.name.to_string(),
                value,
                min: self.min.into(),
                max: self.max.into(),
            });
        }
        (self.put)(t, value as i32);
        Ok(())
    }

    /// The line of the docs table: name, default, range, step, how it was
    /// fitted, help.
    pub fn markdown_row(&self) -> String {
        format!(
            "| `{}` | {} | {}..{} | {} | {} | {} |",
            self.name, self.default, self.min, self.max, self.step, self.fitted, self.help
        )
    }
}

/// Declares [`Tunables`] (one `i32` field per entry), its `Default` and
/// [`TUNABLES`] from one list of
/// `field "name" = default, min..=max, step s, advertised, fit "how", "help";`.
macro_rules! tunables {
    ($($field:ident $name:literal = $default:expr, $min:literal ..= $max:literal,
        step $step:literal, $adv:literal, fit $fitted:literal, $help:literal;)*) => {
        /// The values of every tunable (see [`TUNABLES`] for their names,
        /// ranges and meaning). `Default` holds today's values.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Tunables {
            $(#[doc = $help] pub $field: i32,)*
        }

        impl Default for Tunables {
            fn default() -> Self {
                Tunables { $($field: $default,)* }
            }
        }

        /// Every tunable, in the order `--list-options` and the docs show them.
        pub static TUNABLES: &[Tunable] = &[$(Tunable {
            name: $name,
            field: stringify!($field),
            default: $default,
            min: $min,
            max: $max,
            step: $step,
            advertised: $adv,
            fitted: $fitted,
            help: $help,
            get: |t| t.$field,
            put: |t, v| t.$field = v,
        },)*];
    };
}

tunables! {
    // Thirteen defaults here were moved by SPSA run sc2 (issue 27; it fitted
    // 21 numbers, 19 of them still here; the values before it and the
    // matches in docs/spsa.md, "The tuned defaults").
    // --- pruning before the move loop (see `pruning.rs`)
    rfp_depth "rfp_depth" = 6, 0..=20, step 0.5, false, fit "SPSA sc2, five parts",
        "reverse futility applies at this remaining depth or less";
    rfp_margin "rfpmargin" = 24, 0..=10_000, step 2.0, false, fit "SPSA sc2, five parts",
        "reverse futility margin per ply (evaluation units)";
    losing_beta "losing_beta" = 200, 0..=100_000, step 20.0, false, fit "mate puzzles, five parts",
        "reverse futility and null move do not apply where beta is below minus this (the side to move is losing: a mating attack is likelier than they see)";
    iir_depth "iir_depth" = 4, 2..=20, step 0.5, false, fit "by hand, five parts",
        "internal iterative reduction from this depth on (with iir)";
    null_min_force "null_min_force" = 2, 0..=10, step 0.5, false, fit "mate puzzles, five parts",
        "null move needs this much force on the side to move (rook 2, horse and cannon 1 each): a lone minor piece is prone to zugzwang";
    null_min_depth "null_min_depth" = 7, 1..=20, step 0.5, false, fit "SPSA sc2, five parts",
        "null move is tried from this remaining depth on";
    null_reduction "null_reduction" = 2, 0..=10, step 0.5, false, fit "SPSA sc2, five parts",
        "null-move reduction in plies (beyond the move itself)";
    null_deep_depth "null_deep_depth" = 6, 1..=60, step 0.5, false, fit "by hand, five parts",
        "from this depth on the null move is reduced one ply more";
    futility_depth "futility_depth" = 5, 0..=20, step 0.5, false, fit "SPSA sc2, five parts",
        "futility pruning applies at this remaining depth or less";
    futility_margin "futilitymargin" = 19, 0..=10_000, step 2.0, false, fit "SPSA sc2, five parts",
        "futility margin per ply (evaluation units)";
    lmp_depth "lmp_depth" = 4, 0..=4, step 0.5, false, fit "by hand, five parts",
        "late-move pruning applies at this remaining depth or less (at most 4)";
    lmp_1 "lmp_1" = 7, 0..=200, step 1.0, false, fit "SPSA sc2, five parts",
        "quiet moves searched at depth 1 before late-move pruning";
    lmp_2 "lmp_2" = 7, 0..=200, step 1.0, false, fit "SPSA sc2, five parts",
        "quiet moves searched at depth 2 before late-move pruning";
    lmp_3 "lmp_3" = 17, 0..=200, step 1.5, false, fit "SPSA sc2, five parts",
        "quiet moves searched at depth 3 before late-move pruning";
    lmp_4 "lmp_4" = 25, 0..=200, step 2.0, false, fit "SPSA sc2, five parts",
        "quiet moves searched at depth 4 before late-move pruning";
    // --- late move reductions (see `pruning.rs`)
    lmr_first_move "lmr_first_move" = 3, 1..=64, step 0.5, false, fit "SPSA sc2, five parts",
        "LMR starts at this move number (0-based)";
    lmr_min_depth "lmr_min_depth" = 3, 1..=60, step 0.5, false, fit "by hand, five parts",
        "LMR applies from this remaining depth on";
    lmr_divisor "lmr_divisor" = 184, 50..=1000, step 10.0, false, fit "SPSA sc2, five parts",
        "LMR table: ln(depth)*ln(move) divided by this/100";
    lmr_base "lmr_base" = 76, -200..=300, step 8.0, false, fit "SPSA sc2, five parts",
        "LMR table: plus this/100 before flooring";
    lmr_hist_div "lmr_hist_div" = 16384, 1024..=1_000_000, step 1024.0, false, fit "by hand, five parts",
        "LMR: a ply less reduction per this much history statistic (2 main + both continuation histories)";
    // --- static exchange thresholds
    see_order "see_order" = -5, -1000..=1000, step 1.0, false, fit "SPSA sc2, five parts",
        "captures with SEE below this are ordered after the killers";
    see_quiesce "see_quiesce" = 0, -1000..=1000, step 1.0, false, fit "by hand, five parts",
        "quiescence skips captures with SEE below this";
    see_keep "see_keep" = 0, -1000..=1000, step 1.0, false, fit "by hand, five parts",
        "keeptactical: iProbcut keeps captures with SEE at least this";
    // --- evaluation shortcuts. The lazy margin is the most the attack-map
    // parts (mobility, coordination, threat) are taken to add: the 99th
    // percentile of |full - cheap| over 1000 positions of
    // tests/data/movegen-oracle.tsv was 108 (median 25, 95th 82, max 165)
    // for the default profile; it was 110 until SPSA run sc2 moved it to 137.
    lazy_margin "lazymargin" = 137, 0..=100_000, step 6.0, false, fit "SPSA sc2, five parts",
        "lazy evaluation margin in evaluation units";
    // --- iProbcut (see IPROBCUT.md)
    ipc_pre "pre" = 2, 0..=20, step 0.5, true, fit "by hand, five parts",
        "iProbcut pre-evaluation depth";
    ipc_threshold "threshold" = 6, 0..=60, step 0.5, true, fit "by hand, five parts",
        "iProbcut prunes above this remaining depth";
    ipc_n "n" = 6, 0..=1000, step 0.5, true, fit "by hand, five parts",
        "iProbcut children always kept (0 = all)";
    ipc_k_open "k_open" = 100, 0..=100_000, step 10.0, false, fit "by hand, five parts",
        "iProbcut k (percent of sigma) with full material";
    ipc_k_end "k_end" = 200, 0..=100_000, step 15.0, false, fit "by hand, five parts",
        "iProbcut k (percent of sigma) in the endgame";
    ipc_sigma "sigma" = SIGMA_DEFAULT_PROFILE, 0..=10_000, step 1.0, true, fit "chuhe sigma, five parts",
        "iProbcut sigma in evaluation units";
    // --- singular extensions with multi-cut (see `singular.rs`)
    se_depth "sedepth" = 6, 1..=60, step 0.5, false, fit "SPSA sc2, five parts",
        "singular extensions from this remaining depth on";
    se_margin "semargin" = 8, 0..=200, step 1.0, false, fit "SPSA sc2, five parts",
        "singular bound below the hash move's value (eighths of a unit per ply)";
    se_reduce "sereduce" = 1, 0..=8, step 0.5, false, fit "SPSA sc2, five parts",
        "singular extensions: plies less for a hash move above beta whose siblings reach its bound";
    // --- root: aspiration windows and lazy SMP
    aspiration_window "aspirationwindow" = 6, 1..=10_000, step 2.0, false, fit "SPSA sc2, five parts",
        "first aspiration half-width in evaluation units";
    aspiration_min_depth "aspiration_min_depth" = 4, 1..=60, step 0.5, false, fit "by hand, five parts",
        "aspiration windows from this depth on (earlier scores swing too much)";
    aspiration_give_up "aspiration_give_up" = 1000, 1..=100_000, step 50.0, false, fit "by hand, five parts",
        "beyond this half-width an aspiration window opens fully";
    defer_min_depth "defer_min_depth" = 3, 1..=60, step 0.5, false, fit "by hand, five parts",
        "threads > 1: moves are deferred from this remaining depth on";
    // --- time management (see `limits.rs`)
    time_horizon "time_horizon" = 22, 1..=200, step 1.5, false, fit "by hand, five parts",
        "moves the clock is planned over without movestogo";
    time_inc_percent "time_inc_percent" = 90, 0..=100, step 4.0, false, fit "by hand, five parts",
        "share of the increment (percent) added to each move's plan";
    time_inc_bank "time_inc_bank" = 10, 0..=100, step 1.0, false, fit "by hand, five parts",
        "increments on the clock for the increment to be spent in full";
    time_hard_ratio "time_hard_ratio" = 5, 1..=20, step 0.5, false, fit "by hand, five parts",
        "hard limit: at most this many planned shares";
    time_max_share "time_max_share" = 50, 1..=100, step 3.0, false, fit "by hand, five parts",
        "hard limit: at most this share (percent) of the time left";
    time_last_share "time_last_share" = 75, 1..=100, step 3.0, false, fit "by hand, five parts",
        "the last move before the control uses at most this percent";
    time_next_iter "time_next_iter" = 55, 1..=200, step 4.0, false, fit "by hand, five parts",
        "no new iteration once this percent of the plan is spent";
    time_instability "time_instability" = 60, 0..=300, step 5.0, false, fit "by hand, five parts",
        "percent more time per best-move change (100..220 % by default)";
    time_stable_iters "time_stable_iters" = 6, 1..=30, step 0.5, false, fit "by hand, five parts",
        "a best move held this many iterations is settled ...";
    time_stable_percent "time_stable_percent" = 70, 10..=100, step 3.0, false, fit "by hand, five parts",
        "... and gets this percent of the plan";
    time_steady_iters "time_steady_iters" = 4, 1..=30, step 0.5, false, fit "by hand, five parts",
        "a best move held this many iterations is steady ...";
    time_steady_percent "time_steady_percent" = 85, 10..=100, step 3.0, false, fit "by hand, five parts",
        "... and gets this percent of the plan";
    time_drop_units "time_drop_units" = 2, 1..=100, step 0.5, false, fit "by hand, five parts",
        "a score drop of this many units adds 10 % to the plan ...";
    time_drop_max "time_drop_max" = 100, 0..=500, step 8.0, false, fit "by hand, five parts",
        "... up to this percent";
}

/// σ for the default profile, centipawns: the residual of deep (5 plies)
/// on shallow (1–2 plies) child scores, measured by `chuhe sigma` over the
/// opening and bench positions (9.0 for pre 1, 10.4 for pre 2).
pub const SIGMA_DEFAULT_PROFILE: i32 = 10;
/// σ for the paper profile, in its units: `chuhe sigma --paper --pre 2
/// --deep 6` measured 17.9 (fit deep = 1.25·shallow − 10).
pub const SIGMA_PAPER_PROFILE: i32 = 18;

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

/// How names are compared: case, spaces, `_` and `-` do not matter.
fn same_name(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '_' | '-'))
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    norm(a) == norm(b)
}

/// Old names still accepted, `(old, current)`: the singular-extension
/// numbers were named as iProbcut's "singular step" until issue 55 (kept
/// so that recorded SPSA runs and match commands still read).
pub const TUNABLE_ALIASES: &[(&str, &str)] = &[
    ("ipcsdepth", "sedepth"),
    ("ipcsmargin", "semargin"),
    ("ipcsreduce", "sereduce"),
];

/// The tunable called `name` or an old name of it (case, spaces, `_` and
/// `-` do not matter).
pub fn find_tunable(name: &str) -> Option<&'static Tunable> {
    let name = TUNABLE_ALIASES
        .iter()
        .find(|(old, _)| same_name(old, name))
        .map_or(name, |&(_, current)| current);
    TUNABLES.iter().find(|t| same_name(t.name, name))
}

impl Tunables {
    /// The value of the tunable called `name`.
    pub fn get(&self, name: &str) -> Option<i32> {
        find_tunable(name).map(|t| t.get(self))
    }

    /// Sets the tunable called `name`; unknown names and values outside
    /// the range are refused.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), OptionError> {
        find_tunable(name)
            .ok_or_else(|| OptionError::Unknown(name.to_string()))?
            .set(self, value)
    }

    /// Quiet moves searched at `depth` before late-move pruning starts.
    #[inline]
    pub fn lmp_quiets(&self, depth: i32) -> usize {
        let n = match depth {
            ..=0 => 0,
            1 => self.lmp_1,
            2 => self.lmp_2,
            3 => self.lmp_3,
            _ => self.lmp_4,
        };
        n as usize
    }

    /// The children iProbcut always keeps (`n`, 0 meaning all).
    #[inline]
    pub fn ipc_keep(&self) -> KeepChildren {
        KeepChildren::from_option(self.ipc_n.into())
    }

    /// The markdown table of every tunable (docs/tunables.md holds it).
    pub fn markdown_table() -> String {
        let mut s = String::from(
            "| name | default | range | SPSA step | fitted by, with | what it controls |\n|---|---|---|---|---|---|\n",
        );
        for t in TUNABLES {
            s.push_str(&t.markdown_row());
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        let d = Tunables::default();
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert_eq!(t.get(&d), t.default, "{}", t.name);
            assert!(t.step > 0.0 && t.step.is_finite(), "{t:?}");
            for u in &TUNABLES[..i] {
                assert!(!same_name(t.name, u.name), "{} twice", t.name);
                assert_ne!(t.field, u.field);
            }
        }
    }

    #[test]
    fn set_and_get_round_trip_and_out_of_range_is_refused() {
        for t in TUNABLES {
            let mut v = Tunables::default();
            for x in [t.min, t.max, (t.min + t.max) / 2] {
                t.set(&mut v, x.into()).unwrap();
                assert_eq!(v.get(t.name), Some(x));
                // only its own field moved
                let mut back = v.clone();
                t.set(&mut back, t.default.into()).unwrap();
                assert_eq!(back, Tunables::default(), "{}", t.name);
            }
            let before = v.clone();
            let low = v.set(t.name, i64::from(t.min) - 1);
            assert!(matches!(low, Err(OptionError::OutOfRange { .. })));
            assert!(v.set(t.name, i64::from(t.max) + 1).is_err());
            assert_eq!(v, before, "a refused value changed {}", t.name);
        }
        let mut v = Tunables::default();
        assert!(matches!(v.set("nosuch", 1), Err(OptionError::Unknown(_))));
        v.set("RFP-Margin", 40).unwrap();
        assert_eq!(v.rfp_margin, 40);
    }

    #[test]
    fn old_names_reach_the_current_tunable_and_clash_with_none() {
        for &(old, current) in TUNABLE_ALIASES {
            let t = find_tunable(current).expect(current);
            assert_eq!(find_tunable(old).map(|u| u.field), Some(t.field), "{old}");
            assert!(TUNABLES.iter().all(|u| !same_name(u.name, old)), "{old}");
            let mut v = Tunables::default();
            v.set(old, i64::from(t.max)).unwrap();
            assert_eq!(v.get(current), Some(t.max), "{old}");
        }
    }

    #[test]
    fn late_move_pruning_counts_follow_depth() {
        let d = Tunables::default();
        let counts: Vec<usize> = (0..=5).map(|depth| d.lmp_quiets(depth)).collect();
        assert_eq!(
            counts,
            [0, d.lmp_1, d.lmp_2, d.lmp_3, d.lmp_4, d.lmp_4].map(|c| c as usize)
        );
        let old = Tunables {
            lmp_1: 6,
            lmp_2: 10,
            lmp_3: 16,
            lmp_4: 24,
            ..Tunables::default()
        };
        let counts: Vec<usize> = (0..=5).map(|depth| old.lmp_quiets(depth)).collect();
        assert_eq!(counts, [0, 6, 10, 16, 24, 24]);
    }
}
