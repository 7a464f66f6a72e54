//! Simultaneous-perturbation stochastic approximation (SPSA) over search
//! tunables, as the chess testing frameworks run it (Fishtest, OpenBench):
//! each iteration draws a ±1 perturbation Δ for every parameter at once,
//! plays θ + c_k·Δ against θ − c_k·Δ, and moves θ along Δ by the result.
//!
//! The gains follow Spall's sequences with OpenBench's per-parameter
//! calibration: a parameter declares `c_end` (the perturbation it should
//! have at the last iteration; the tunable's SPSA step) and `r_end` (the
//! learning rate a_end / c_end² there, 0.002 by default); then
//! `c_k = c / (k + 1)^γ` and `a_k = a / (A + k + 1)^α` with `c` and `a`
//! chosen so that `c_N = c_end` and `a_N = r_end · c_end²`.
//!
//! This module is the optimiser alone: what a "result" is (a game pair,
//! or a synthetic objective in the tests) is the caller's business
//! (`spsa_games.rs` plays games).

use serde::{Deserialize, Serialize};

/// Spall's exponent of the learning-rate decay.
pub const ALPHA: f64 = 0.602;
/// Spall's exponent of the perturbation decay.
pub const GAMMA: f64 = 0.101;
/// The default learning rate at the last iteration, relative to `c_end²`.
pub const R_END: f64 = 0.002;

/// One parameter under tuning and where it stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaParam {
    /// The tunable's name (as `--set` takes it).
    pub name: String,
    /// The current estimate θ.
    pub theta: f64,
    /// The value the run started from.
    pub start: f64,
    /// The allowed range; θ and both perturbed values stay inside it.
    pub min: f64,
    pub max: f64,
    /// The perturbation at the last iteration.
    pub c_end: f64,
    /// The learning rate at the last iteration (a_end / c_end²).
    pub r_end: f64,
}

impl SpsaParam {
    /// A parameter starting at `start` within `[min, max]`, perturbed by
    /// `c_end` at the end of the run, with the default `r_end`.
    pub fn new(name: &str, start: f64, min: f64, max: f64, c_end: f64) -> SpsaParam {
        SpsaParam {
            name: name.to_string(),
            theta: start,
            start,
            min,
            max,
            c_end,
            r_end: R_END,
        }
    }
}

/// The whole optimiser state: what `--resume` reads back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaState {
    pub params: Vec<SpsaParam>,
    /// Iterations planned (N of the gain sequences).
    pub iterations: u64,
    /// Iterations done.
    pub k: u64,
    /// Seed of the perturbations (iteration k's Δ depends on seed and k
    /// only, so a resumed run draws what an unbroken one would).
    pub seed: u64,
    /// Sum of the results (plus side's points minus minus side's).
    pub result_sum: f64,
    /// θ after every `record_every` iterations, for the trajectory plot.
    pub trajectory: Vec<(u64, Vec<f64>)>,
    /// The player spec the games were last played with (what a bare
    /// `--resume` plays on with); absent in states of older versions.
    #[serde(default)]
    pub engine: Option<String>,
    /// θ goes into the trajectory every this many iterations (0 in states
    /// of older versions: the caller's choice).
    #[serde(default)]
    pub record_every: u64,
}

/// What one iteration plays: the perturbation and the two parameter
/// vectors (each clamped to its range).
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration this belongs to (0-based).
    pub k: u64,
    /// +1 or −1 per parameter.
    pub delta: Vec<f64>,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
}

impl SpsaState {
    /// A fresh run of `iterations` over `params`.
    pub fn new(params: Vec<SpsaParam>, iterations: u64, seed: u64) -> SpsaState {
        let start = params.iter().map(|p| p.theta).collect();
        SpsaState {
            params,
            iterations: iterations.max(1),
            k: 0,
            seed,
            result_sum: 0.0,
            trajectory: vec![(0, start)],
            engine: None,
            record_every: 0,
        }
    }

    /// The stability constant A: 10 % of the planned iterations.
    fn big_a(&self) -> f64 {
        self.iterations as f64 * 0.1
    }

    /// The perturbation size of parameter `i` at iteration `k`.
    pub fn c_k(&self, i: usize, k: u64) -> f64 {
        let p = &self.params[i];
        let c = p.c_end * (self.iterations as f64).powf(GAMMA);
        c / ((k + 1) as f64).powf(GAMMA)
    }

    /// The learning rate of parameter `i` at iteration `k`.
    pub fn a_k(&self, i: usize, k: u64) -> f64 {
        let p = &self.params[i];
        let a_end = p.r_end * p.c_end * p.c_end;
        let a = a_end * (self.big_a() + self.iterations as f64).powf(ALPHA);
        a / (self.big_a() + (k + 1) as f64).powf(ALPHA)
    }

    /// Iteration `k`'s perturbation around the current θ.
    pub fn perturbation(&self, k: u64) -> Perturbation {
        let mut rng = crate::arena::schedule::SplitMix::new(
            self.seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let delta: Vec<f64> = self
            .params
            .iter()
            .map(|_| if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let shifted = |sign: f64| -> Vec<f64> {
            self.params
                .iter()
                .enumerate()
                .map(|(i, p)| (p.theta + sign * self.c_k(i, k) * delta[i]).clamp(p.min, p.max))
                .collect()
        };
        Perturbation {
            k,
            plus: shifted(1.0),
            minus: shifted(-1.0),
            delta,
        }
    }

    /// Moves θ by the `result` of `perturbation` (the plus side's points
    /// minus the minus side's; a game pair gives −2..2) and counts the
    /// iteration. Perturbations drawn from an older θ (several played at
    /// once) are applied all the same, as asynchronous SPSA does.
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = perturbation.k;
        for i in 0..self.params.len() {
            let step = self.a_k(i, k) / self.c_k(i, k) * result * perturbation.delta[i];
            let p = &mut self.params[i];
            p.theta = (p.theta + step).clamp(p.min, p.max);
        }
        self.k += 1;
        self.result_sum += result;
    }

    /// Applies one per-parameter override, `name:key=value[,key=value…]`
    /// with keys `start` (also moves θ), `c_end`, `r_end`, `min`, `max`:
    /// OpenBench's per-parameter line, for a parameter whose table step or
    /// default does not suit this run.
    pub fn apply_override(params: &mut [SpsaParam], text: &str) -> Result<(), String> {
        let (name, settings) = text
            .split_once(':')
            .ok_or_else(|| format!("override '{text}' is not name:key=value[,key=value]"))?;
        let p = params
            .iter_mut()
            .find(|p| p.name == name.trim())
            .ok_or_else(|| format!("override '{text}': '{name}' is not among --params"))?;
        for kv in settings.split(',').filter(|s| !s.trim().is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| format!("override '{text}': '{kv}' is not key=value"))?;
            let v: f64 = v
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("override '{text}': '{v}' is not a number"))?;
            match k.trim() {
                "start" => {
                    p.start = v;
                    p.theta = v;
                }
                "c_end" if v > 0.0 => p.c_end = v,
                "r_end" if v > 0.0 => p.r_end = v,
                "min" => p.min = v,
                "max" => p.max = v,
                "c_end" | "r_end" => return Err(format!("override '{text}': {k} must be > 0")),
                _ => {
                    return Err(format!(
                        "override '{text}': unknown key '{k}' (start, c_end, r_end, min, max)"
                    ))
                }
            }
        }
        if !(p.min <= p.start && p.start <= p.max) {
            return Err(format!(
                "override '{text}': start {} is outside [{}, {}]",
                p.start, p.min, p.max
            ));
        }
        Ok(())
    }

    /// Records θ for the trajectory plot.
    pub fn record(&mut self) {
        let theta = self.params.iter().map(|p| p.theta).collect();
        self.trajectory.push((self.k, theta));
    }

    /// The current values as `--set name=value` arguments (rounded: every
    /// tunable is an integer).
    pub fn set_arguments(&self) -> String {
        self.params
            .iter()
            .map(|p| format!("--set {}={}", p.name, p.theta.round() as i64))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::schedule::SplitMix;

    /// A match between two parameter vectors on a noisy quadratic: the
    /// side nearer `optimum` wins more often (logistic in the difference of
    /// squared distances), as a game pair between two engines would.
    fn noisy_pair(plus: &[f64], minus: &[f64], optimum: &[f64], rng: &mut SplitMix) -> f64 {
        let cost = |x: &[f64]| -> f64 {
            x.iter()
                .zip(optimum)
                .map(|(a, b)| ((a - b) / 10.0).powi(2))
                .sum()
        };
        let p_plus = 1.0 / (1.0 + (cost(plus) - cost(minus)).exp());
        let mut result = 0.0;
        for _ in 0..2 {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            result += if u < p_plus { 1.0 } else { -1.0 };
        }
        result
    }

    #[test]
    fn gains_reach_the_declared_end_values() {
        let s = SpsaState::new(vec![SpsaParam::new("x", 0.0, -100.0, 100.0, 4.0)], 1000, 1);
        assert!((s.c_k(0, 999) - 4.0).abs() < 1e-9);
        assert!((s.a_k(0, 999) - R_END * 16.0).abs() < 1e-9);
        assert!(s.c_k(0, 0) > s.c_k(0, 500) && s.a_k(0, 0) > s.a_k(0, 500));
    }

    #[test]
    fn it_converges_to_the_optimum_of_a_noisy_quadratic() {
        let optimum = [40.0, -25.0, 70.0];
        let params = vec![
            SpsaParam::new("a", 0.0, -200.0, 200.0, 5.0),
            SpsaParam::new("b", 0.0, -200.0, 200.0, 5.0),
            SpsaParam::new("c", 0.0, -200.0, 200.0, 5.0),
        ];
        let mut params = params;
        for p in &mut params {
            // a faster schedule than games need: the objective is cheap
            p.r_end = 0.05;
        }
        let mut s = SpsaState::new(params, 20_000, 7);
        let mut rng = SplitMix::new(99);
        for k in 0..s.iterations {
            let p = s.perturbation(k);
            let r = noisy_pair(&p.plus, &p.minus, &optimum, &mut rng);
            s.update(&p, r);
        }
        for (p, o) in s.params.iter().zip(optimum) {
            assert!(
                (p.theta - o).abs() < 8.0,
                "{} ended at {:.1}, optimum {o}",
                p.name,
                p.theta
            );
        }
    }

    #[test]
    fn overrides_set_start_and_gains_and_reject_nonsense() {
        let mut ps = vec![
            SpsaParam::new("x", 5.0, 0.0, 10.0, 1.0),
            SpsaParam::new("y", 50.0, 0.0, 100.0, 4.0),
        ];
        SpsaState::apply_override(&mut ps, "y:start=60,c_end=8,r_end=0.01").unwrap();
        assert_eq!((ps[1].start, ps[1].theta, ps[1].c_end), (60.0, 60.0, 8.0));
        assert_eq!(ps[1].r_end, 0.01);
        assert_eq!(ps[0], SpsaParam::new("x", 5.0, 0.0, 10.0, 1.0));
        for bad in [
            "z:start=1",
            "x:c_end=0",
            "x:start=11",
            "x:foo=1",
            "x",
            "x:start=nan",
        ] {
            assert!(SpsaState::apply_override(&mut ps, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn perturbations_depend_on_seed_and_iteration_only() {
        let s = SpsaState::new(vec![SpsaParam::new("x", 5.0, 0.0, 10.0, 1.0); 8], 100, 3);
        let mut moved = s.clone();
        moved.params[0].theta = 6.0;
        assert_eq!(s.perturbation(17).delta, moved.perturbation(17).delta);
        assert_ne!(s.perturbation(17).delta, s.perturbation(18).delta);
        // both sides stay in range
        let edge = SpsaState::new(vec![SpsaParam::new("x", 0.0, 0.0, 10.0, 3.0)], 10, 3);
        let p = edge.perturbation(0);
        assert!(p.plus[0] >= 0.0 && p.minus[0] >= 0.0);
    }
}
