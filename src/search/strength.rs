//! Strength limiting: a weaker engine for people to play against.
//!
//! A level runs from 0 (weakest) to [`FULL_LEVEL`] (full strength, the
//! plain search). Below full strength the search
//! - stops after [`Skill::node_cap`] nodes (a cap that halves every two
//!   levels, so the level means the same on a fast and a slow machine);
//! - looks at [`SKILL_LINES`] root lines (MultiPV) and plays one of them:
//!   each line's score gets a random bonus from 0 to [`Skill::error`]
//!   (evaluation units; a horse is 100, a pawn 10) and the best sum is
//!   played. A line worse than the best by more than the error is never
//!   chosen, so the level bounds how much it can give away in one move.
//!
//! Mates are not thrown away: a winning mate found is played, and lines
//! that get mated are chosen only when every line does.
//!
//! The random choice is drawn from a seed when one is set (the same seed,
//! position and options give the same move), else from the thread's RNG.
//! `UCI_Elo` picks a level through [`ELO_TABLE`], measured with
//! `chuhe arena` (see docs/strength-levels.md).

use super::score::MATE_BOUND;
use super::RootLine;
use crate::board::Move;
use rand::{Rng, SeedableRng};

/// The full-strength level (no limits at all).
pub const FULL_LEVEL: u32 = 20;

/// Root lines a weakened search chooses among.
pub const SKILL_LINES: usize = 4;

/// Nodes a level-0 search may spend; the cap doubles every two levels.
const LEVEL0_NODES: f64 = 400.0;

/// Largest random bonus at level 0 (about two thirds of a horse); it falls
/// linearly to 0 at full strength. (Twice this made the levels too steep:
/// level 15, whose node cap was above the calibration's budget, lost about
/// 150 Elo to its random choice alone and level 11 every game.)
const LEVEL0_ERROR: i32 = 60;

/// `UCI_Elo` to level: `(level, Elo)` for the measured levels, Elo rising
/// with level. Full strength at 20,000 nodes a move is the nominal anchor
/// 2000; the others are the least-squares fit of eleven `chuhe arena`
/// matches of 100 games between levels (the net n4 evaluating; main
/// e336b56, 2026-12-02; `scripts/levels-fit.py`), standard errors 28
/// (level 18) to 83 (level 0). See docs/strength-levels.md for the matches.
pub const ELO_TABLE: &[(u32, i32)] = &[
    (0, 697),
    (3, 920),
    (5, 1122),
    (7, 1317),
    (10, 1630),
    (13, 1786),
    (15, 1804),
    (18, 1849),
    (20, 2000),
];

/// The `UCI_Elo` range: the table's ends.
pub const ELO_MIN: i64 = ELO_TABLE[0].1 as i64;
/// See [`ELO_MIN`].
pub const ELO_MAX: i64 = ELO_TABLE[ELO_TABLE.len() - 1].1 as i64;

/// The highest level whose measured Elo does not exceed `elo`, levels
/// between measured ones interpolated linearly (rounded down).
pub fn level_for_elo(elo: i64) -> u32 {
    let elo = elo as i32;
    let (first_level, first_elo) = ELO_TABLE[0];
    if elo <= first_elo {
        return first_level;
    }
    for pair in ELO_TABLE.windows(2) {
        let ((l0, e0), (l1, e1)) = (pair[0], pair[1]);
        if elo < e1 {
            let span = (e1 - e0).max(1);
            return l0 + ((l1 - l0) as i32 * (elo - e0) / span) as u32;
        }
    }
    FULL_LEVEL
}

/// A weakened search's settings, or `None` at full strength.
#[derive(Clone, Debug, PartialEq)]
pub struct Skill {
    /// The level, below [`FULL_LEVEL`].
    pub level: u32,
    /// Fixed seed for the random choice (`None`: the thread's RNG).
    pub seed: Option<u64>,
}

impl Skill {
    /// The skill of `level` (`None` at full strength or above).
    pub fn new(level: u32, seed: Option<u64>) -> Option<Skill> {
        (level < FULL_LEVEL).then_some(Skill { level, seed })
    }

    /// The limit the strength settings ask for: the level `skill_level`,
    /// or with `limit_strength` the level of `elo` ([`level_for_elo`]);
    /// `seed` for the random choice. `None` at full strength.
    pub fn limited(
        skill_level: u32,
        limit_strength: bool,
        elo: i64,
        seed: Option<u64>,
    ) -> Option<Skill> {
        let level = if limit_strength {
            level_for_elo(elo)
        } else {
            skill_level
        };
        Skill::new(level, seed)
    }

    /// The node budget of one move.
    pub fn node_cap(&self) -> u64 {
        (LEVEL0_NODES * 2f64.powf(self.level as f64 / 2.0)) as u64
    }

    /// The largest random bonus added to a line's score.
    pub fn error(&self) -> i32 {
        LEVEL0_ERROR * (FULL_LEVEL - self.level) as i32 / FULL_LEVEL as i32
    }

    /// The line to play among `lines` (best first); `key` (the position's
    /// key) varies a fixed seed from move to move.
    pub fn choose<'l>(&self, lines: &'l [RootLine], key: u64) -> Option<&'l RootLine> {
        let top = lines.first()?;
        if top.score >= MATE_BOUND {
            return Some(top);
        }
        let mut rng = match self.seed {
            Some(seed) => rand::rngs::StdRng::seed_from_u64(seed ^ key),
            None => rand::rngs::StdRng::from_rng(rand::thread_rng()).ok()?,
        };
        let error = self.error();
        let mut best: Option<(i32, &RootLine)> = None;
        for line in lines {
            if line.score <= -MATE_BOUND && top.score > -MATE_BOUND {
                continue;
            }
            let noisy = line.score + rng.gen_range(0..=error);
            if best.is_none_or(|(b, _)| noisy > b) {
                best = Some((noisy, line));
            }
        }
        best.map(|(_, l)| l)
    }
}

/// The first move of the chosen line and its reply, for the result.
pub fn chosen_moves(line: &RootLine) -> (Option<Move>, Option<Move>) {
    (line.pv.first().copied(), line.pv.get(1).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_maps_monotonically_onto_levels() {
        let mut last = 0;
        for elo in (ELO_MIN - 100..=ELO_MAX + 100).step_by(10) {
            let l = level_for_elo(elo);
            assert!(l >= last && l <= FULL_LEVEL, "{elo} -> {l}");
            last = l;
        }
        assert_eq!(level_for_elo(ELO_MIN), 0);
        assert_eq!(level_for_elo(ELO_MAX), FULL_LEVEL);
    }

    #[test]
    fn weaker_levels_search_less_and_err_more() {
        let a = Skill::new(3, None).unwrap();
        let b = Skill::new(12, None).unwrap();
        assert!(a.node_cap() < b.node_cap());
        assert!(a.error() > b.error());
        assert!(Skill::new(FULL_LEVEL, None).is_none());
    }

    #[test]
    fn a_line_far_below_the_best_is_never_chosen() {
        let lines = [
            RootLine {
                score: 50,
                pv: vec![],
            },
            RootLine {
                score: 50 - 500,
                pv: vec![],
            },
        ];
        let skill = Skill::new(0, Some(7)).unwrap();
        for key in 0..200 {
            assert_eq!(skill.choose(&lines, key).unwrap().score, 50);
        }
    }
}
