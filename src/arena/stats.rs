//! Match statistics: Elo difference with a 95% interval, likelihood of
//! superiority (LOS) and the sequential probability ratio test (SPRT).
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

/// Elo and LOS of a result (normal approximation of the mean score).
pub fn elo_estimate(wdl: &Wdl) -> EloEstimate {
    let n = wdl.games() as f64;
    let mu = wdl.score();
    let se = if n > 0.0 {
        (wdl.variance() / n).sqrt()
    } else {
        0.0
    };
    EloEstimate {
        elo: elo_of_score(mu),
        lo: elo_of_score(mu - Z95 * se),
        hi: elo_of_score(mu + Z95 * se),
        los: los(wdl),
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
        if !(alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0) || v[0] >= v[1] {
            return Err(format!(
                "bad --sprt '{s}': need elo0 < elo1, 0 < alpha, beta < 1"
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
        let n = wdl.games() as f64;
        let var = wdl.variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_of_elo(self.elo0);
        let s1 = score_of_elo(self.elo1);
        n * (s1 - s0) * (2.0 * wdl.score() - s0 - s1) / (2.0 * var)
    }

    /// The test's state after `wdl`.
    pub fn state(&self, wdl: &Wdl) -> SprtState {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        let verdict = if llr >= upper {
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
        }
    }
}

/// Formats an Elo value (±inf as text).
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{:+.1}", e + 0.0)
    }
}
