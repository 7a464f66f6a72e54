//! Match statistics: Elo difference with a 95% interval, likelihood of
//! superiority (LOS) and the sequential probability ratio test (SPRT), from
//! single games (trinomial W/D/L) or from pairs of games that share an
//! opening with colours swapped (pentanomial: 0, ½, 1, 1½ or 2 points per
//! pair).
//!
//! All from player A's point of view. The Elo model is the logistic one:
//! expected score `1 / (1 + 10^(-elo/400))`.

use serde::{Deserialize, Serialize};

/// 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Expected score of a player `elo` points stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference that gives expected score `score` (±inf at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// Wins, draws and losses from A's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// A won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// A lost.
    pub losses: u32,
}

impl Wdl {
    /// Counts one game in which A scored `a_points` (1, ½ or 0).
    pub fn add_game(&mut self, a_points: f64) {
        if a_points == 1.0 {
            self.wins += 1;
        } else if a_points == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score in [0, 1] (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Per-game variance of A's score (trinomial).
    pub fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let mu = self.score();
        (self.wins as f64 * (1.0 - mu).powi(2)
            + self.draws as f64 * (0.5 - mu).powi(2)
            + self.losses as f64 * mu.powi(2))
            / n
    }
}

/// Elo estimate with its 95% confidence interval and LOS.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// Elo difference A − B.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub lo: f64,
    /// Upper end of the 95% interval.
    pub hi: f64,
    /// Likelihood of superiority: P(A stronger than B), from wins and losses.
    pub los: f64,
}

/// Elo and LOS of a result (normal approximation of the mean score). A
/// perfect score (all wins or all losses) has no variance, so its finite
/// end is the exact one-sided 97.5% bound of a win probability after n
/// wins in n games, `0.025^(1/n)` (Clopper–Pearson); the other end is
/// infinite.
pub fn elo_estimate(wdl: &Wdl) -> EloEstimate {
    let n = wdl.games() as f64;
    let mut e = normal_estimate(n, wdl.score(), wdl.variance(), wdl);
    if n > 0.0 && wdl.wins as f64 == n {
        e.lo = elo_of_score(0.025f64.powf(1.0 / n));
    } else if n > 0.0 && wdl.losses as f64 == n {
        e.hi = elo_of_score(1.0 - 0.025f64.powf(1.0 / n));
    }
    e
}

/// Elo of the mean score `mu` over `n` samples of variance `var`, with the
/// normal-approximation 95% interval; LOS from `wdl`.
///
/// Samples that are all alike (every game drawn, every pair split) have no
/// variance, and the normal interval would shrink to a point: "exactly
/// equal" after a handful of draws. Then the interval is the exact one
/// instead: another outcome has a probability of at most
/// `q = 1 − 0.025^(1/n)` (one-sided 97.5%, Clopper–Pearson for zero
/// events in n), and at worst all of it goes one way, so the mean score
/// lies in `[mu − q·mu, mu + q·(1 − mu)]`.
fn normal_estimate(n: f64, mu: f64, var: f64, wdl: &Wdl) -> EloEstimate {
    let (lo, hi) = if n > 0.0 && var <= 0.0 {
        let q = 1.0 - 0.025f64.powf(1.0 / n);
        (mu - q * mu, mu + q * (1.0 - mu))
    } else {
        let se = if n > 0.0 { (var / n).sqrt() } else { 0.0 };
        (mu - Z95 * se, mu + Z95 * se)
    };
    EloEstimate {
        elo: elo_of_score(mu),
        lo: elo_of_score(lo),
        hi: elo_of_score(hi),
        los: los(wdl),
    }
}

/// The largest Elo difference a match of `games` games can tell apart
/// from a perfect score: the Elo of a score half a point short of it,
/// `(n − ½) / n` (0 for fewer than two games). An infinite estimate is
/// shown as beyond this bound (see [`fmt_elo_bounded`]).
pub fn supported_elo(games: u32) -> f64 {
    if games < 2 {
        return 0.0;
    }
    let n = games as f64;
    elo_of_score((n - 0.5) / n)
}

/// Formats an Elo value finitely: `+12.3`, or for an infinite value the
/// bound the match supports, `> +338` / `< -338` (see [`supported_elo`]).
pub fn fmt_elo_bounded(e: f64, supported: f64) -> String {
    if e.is_infinite() {
        let b = supported.abs().round();
        if e > 0.0 {
            format!("> +{b:.0}")
        } else {
            format!("< -{b:.0}")
        }
    } else {
        format!("{:+.1}", e + 0.0)
    }
}

/// Results of game pairs that share an opening with colours swapped, as
/// A's points over the pair: `counts[k]` pairs scored `k / 2` points
/// (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// Pairs by A's points ×2: LL, LD, (WL or DD), WD, WW.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts a pair with A's `points` (0, 0.5, ... 2) over its two games.
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// A's mean score per game in [0, 1] (0.5 with no pairs).
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        let pts: f64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(k, &c)| c as f64 * k as f64 / 4.0)
            .sum();
        pts / n as f64
    }

    /// Variance of a pair's mean score per game (k/4 for k = 0..4).
    pub fn variance(&self) -> f64 {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let mu = self.score();
        self.counts
            .iter()
            .enumerate()
            .map(|(k, &c)| c as f64 * (k as f64 / 4.0 - mu).powi(2))
            .sum::<f64>()
            / n
    }

    /// Elo with the 95% interval from the pair statistics (the pairs are
    /// the independent samples); LOS from `wdl`, the same games counted
    /// singly.
    pub fn elo_estimate(&self, wdl: &Wdl) -> EloEstimate {
        let mu = self.score();
        let mut e = normal_estimate(self.pairs() as f64, mu, self.variance(), wdl);
        // a perfect score: the single-game exact bound (see elo_estimate)
        let single = elo_estimate(wdl);
        if mu >= 1.0 {
            e.lo = single.lo;
        } else if mu <= 0.0 {
            e.hi = single.hi;
        }
        e
    }
}

/// Likelihood of superiority: `0.5 · (1 + erf((W − L) / sqrt(2(W + L))))`.
pub fn los(wdl: &Wdl) -> f64 {
    let decisive = (wdl.wins + wdl.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((wdl.wins as f64 - wdl.losses as f64) / (2.0 * decisive).sqrt()))
}

/// SPRT parameters: H0 elo = `elo0` against H1 elo = `elo1` (logistic Elo),
/// error rates `alpha` (false accept of H1) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
}

/// The fewest samples (games, or pairs for the pentanomial model) on
/// which an SPRT reaches a verdict: the usual minimum for the normal
/// approximation of a mean, which the GSPRT's LLR relies on.
pub const SPRT_MIN_SAMPLES: u32 = 30;

/// Where an SPRT stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtState {
    /// Log-likelihood ratio so far.
    pub llr: f64,
    /// Lower bound `ln(beta / (1 − alpha))`: accept H0 below it.
    pub lower: f64,
    /// Upper bound `ln((1 − beta) / alpha)`: accept H1 above it.
    pub upper: f64,
    /// "H0", "H1" or "continue".
    pub verdict: String,
    /// "trinomial" (games) or "pentanomial" (game pairs).
    #[serde(default)]
    pub model: String,
}

impl std::str::FromStr for Sprt {
    type Err = String;
    /// `elo0,elo1[,alpha,beta]` (alpha and beta default to 0.05).
    fn from_str(s: &str) -> Result<Sprt, String> {
        let v: Vec<f64> = s
            .split(',')
            .map(|x| x.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("bad --sprt '{s}': want elo0,elo1[,alpha,beta]"))?;
        let (alpha, beta) = match v.len() {
            2 => (0.05, 0.05),
            4 => (v[2], v[3]),
            _ => return Err(format!("bad --sprt '{s}': want elo0,elo1[,alpha,beta]")),
        };
        // written so that NaN fails every test: `nan,5` would otherwise
        // run an SPRT whose LLR is always 0, a match that never stops early
        let elos_ordered = v[0].is_finite() && v[1].is_finite() && v[0] < v[1];
        if !(alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0 && elos_ordered) {
            return Err(format!(
                "bad --sprt '{s}': need finite elo0 < elo1, 0 < alpha, beta < 1"
            ));
        }
        Ok(Sprt {
            elo0: v[0],
            elo1: v[1],
            alpha,
            beta,
        })
    }
}

impl Sprt {
    /// Lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Generalized SPRT log-likelihood ratio of the trinomial (W/D/L)
    /// result, in the normal approximation used by Fishtest and cutechess:
    /// `LLR = n · (s1 − s0) · (2·mu − s0 − s1) / (2·var)` with `s0`, `s1`
    /// the expected scores under H0 and H1 and `mu`, `var` the sample mean
    /// and per-game variance of the score. 0 while the variance is 0.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        self.gsprt_llr(wdl.games() as f64, wdl.score(), wdl.variance())
    }

    /// `n · (s1 − s0) · (2·mu − s0 − s1) / (2·var)` over `n` samples of
    /// mean score `mu` and per-sample variance `var`; 0 without samples or
    /// spread.
    fn gsprt_llr(&self, n: f64, mu: f64, var: f64) -> f64 {
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_of_elo(self.elo0);
        let s1 = score_of_elo(self.elo1);
        n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    /// The same log-likelihood ratio over game pairs: the pairs are the
    /// samples, `LLR = pairs · (s1 − s0) · (2·mu − s0 − s1) / (2·var)` with
    /// `mu` the mean score per game and `var` the variance of a pair's mean
    /// score (Fishtest's normalized pentanomial GSPRT). 0 while the
    /// variance is 0.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.gsprt_llr(p.pairs() as f64, p.score(), p.variance())
    }

    /// The test's state after the pairs `p`, whose games counted singly
    /// are `wdl` (see [`Sprt::state`] for when a verdict may be reached).
    pub fn state_pentanomial(&self, p: &Pentanomial, wdl: &Wdl) -> SprtState {
        self.state_of(self.llr_pentanomial(p), "pentanomial", wdl, p.pairs())
    }

    /// The test's state after `wdl`.
    ///
    /// No verdict is reached until the games hold at least one win, one
    /// draw and one loss (the rule cutechess uses), and not before
    /// [`SPRT_MIN_SAMPLES`] samples (games here, pairs for the
    /// pentanomial model). Before that the sample variance in the LLR's
    /// denominator is not an estimate of anything, and a few games give a
    /// huge LLR: two pairs scoring 1½ and 2 gave LLR 3.1 for 0 against +50
    /// Elo ("H1" after four games), and six pairs scoring 1, 1, 1, 1, 1 and
    /// ½ (+1 =9 −2) gave LLR −3.8 ("H0" after twelve games) because five
    /// equal pairs made the variance look tiny. The LLR is still reported.
    pub fn state(&self, wdl: &Wdl) -> SprtState {
        self.state_of(self.llr(wdl), "trinomial", wdl, wdl.games())
    }

    fn state_of(&self, llr: f64, model: &str, wdl: &Wdl, samples: u32) -> SprtState {
        let (lower, upper) = self.bounds();
        let spread = wdl.wins > 0 && wdl.draws > 0 && wdl.losses > 0;
        let verdict = if !spread || samples < SPRT_MIN_SAMPLES {
            "continue"
        } else if llr >= upper {
            "H1"
        } else if llr <= lower {
            "H0"
        } else {
            "continue"
        }
        .to_string();
        SprtState {
            llr,
            lower,
            upper,
            verdict,
            model: model.to_string(),
        }
    }
}
