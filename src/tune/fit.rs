//! Fitting the parameters: the logistic (cross-entropy) loss of
//! `σ(E/K)` against the target `λ·result + (1 − λ)·σ(score/K)`, `K` fitted
//! first with the starting parameters, then every parameter by Adam over
//! full-batch gradients computed in parallel.

use super::dataset::Dataset;
use crate::eval::layout::{PSQ, PSQ_KIND_LEN};
use rayon::prelude::*;

/// The logistic function.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The training target of position `j`.
#[inline]
fn target(d: &Dataset, j: usize, k: f64, lambda: f64) -> f64 {
    let s = d.score[j];
    if lambda >= 1.0 || s.is_nan() {
        d.result[j]
    } else {
        lambda * d.result[j] + (1.0 - lambda) * sigmoid(s / k)
    }
}

/// Cross-entropy of prediction `q` against target `y`.
#[inline]
fn cross_entropy(q: f64, y: f64) -> f64 {
    let q = q.clamp(1e-12, 1.0 - 1e-12);
    -(y * q.ln() + (1.0 - y) * (1.0 - q).ln())
}

/// Mean loss of `theta` on `d` against the game results (λ = 1).
pub fn loss(d: &Dataset, theta: &[f64], k: f64) -> f64 {
    loss_with(d, theta, k, 1.0)
}

/// Mean loss of `theta` on `d` against the blended target.
pub fn loss_with(d: &Dataset, theta: &[f64], k: f64, lambda: f64) -> f64 {
    if d.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..d.len())
        .into_par_iter()
        .map(|j| cross_entropy(sigmoid(d.eval(j, theta) / k), target(d, j, k, lambda)))
        .sum();
    sum / d.len() as f64
}

/// The `K` in `[lo, hi]` that minimises the loss of `theta` (golden-section
/// search; the loss is unimodal in `K`).
pub fn fit_k(d: &Dataset, theta: &[f64], lo: f64, hi: f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    let mut c = b - g * (b - a);
    let mut e = a + g * (b - a);
    let (mut fc, mut fe) = (loss(d, theta, c), loss(d, theta, e));
    while b - a > 0.5 {
        if fc < fe {
            b = e;
            e = c;
            fe = fc;
            c = b - g * (b - a);
            fc = loss(d, theta, c);
        } else {
            a = c;
            c = e;
            fc = fe;
            e = a + g * (b - a);
            fe = loss(d, theta, e);
        }
    }
    (a + b) / 2.0
}

/// The gradient of the mean blended loss with respect to `theta`.
pub fn gradient(d: &Dataset, theta: &[f64], k: f64, lambda: f64) -> Vec<f64> {
    let n = theta.len() / 2;
    let chunk = (d.len() / (4 * rayon::current_num_threads()).max(1)).max(256);
    let starts: Vec<usize> = (0..d.len()).step_by(chunk).collect();
    let mut g = starts
        .into_par_iter()
        .map(|start| {
            let mut g = vec![0.0; 2 * n];
            for j in start..(start + chunk).min(d.len()) {
                let raw = d.linear_eval(j, theta);
                let factor = d.scale_factor(j, raw);
                let q = sigmoid(raw * factor / k);
                // d(cross-entropy)/dE, times dE/d(linear evaluation)
                let de = (q - target(d, j, k, lambda)) / k * factor;
                let p = d.phase[j];
                for t in d.offset[j]..d.offset[j + 1] {
                    let i = d.index[t] as usize;
                    let c = de * d.coef[t] as f64;
                    g[i] += c * p;
                    g[n + i] += c * (1.0 - p);
                }
            }
            g
        })
        .reduce(
            || vec![0.0; 2 * n],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let scale = 1.0 / d.len().max(1) as f64;
    g.iter_mut().for_each(|x| *x *= scale);
    g
}

/// Settings of a fit.
#[derive(Clone, Debug)]
pub struct FitConfig {
    /// Full-batch Adam steps.
    pub epochs: usize,
    /// Step size at the start (centipawns); it falls linearly to a tenth.
    pub lr: f64,
    /// Weight of the game result in the target (1 = results only).
    pub lambda: f64,
    /// L2 pull toward the starting values, per parameter and position.
    pub l2: f64,
    /// The L2 pull of the piece-square entries instead of `l2`, if set:
    /// there are many of them and most are rarely seen, so they overfit
    /// first.
    pub l2_psq: Option<f64>,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            epochs: 600,
            lr: 2.0,
            lambda: 1.0,
            l2: 0.0,
            l2_psq: None,
        }
    }
}

/// Fits `theta` (middlegame values then endgame values) to `d` with `K`
/// fixed; `frozen[i]` parameters keep their value. Calls `report(epoch,
/// theta)` every 50 epochs and at the end.
pub fn fit(
    d: &Dataset,
    theta0: &[f64],
    frozen: &[bool],
    k: f64,
    cfg: &FitConfig,
    report: &mut dyn FnMut(usize, &[f64]),
) -> Vec<f64> {
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    // theta holds the middlegame values, then the endgame values
    let n = theta0.len() / 2;
    let l2: Vec<f64> = (0..theta0.len())
        .map(|i| {
            let psq = (PSQ..PSQ + 7 * PSQ_KIND_LEN).contains(&(i % n.max(1)));
            match cfg.l2_psq {
                Some(x) if psq => x,
                _ => cfg.l2,
            }
        })
        .collect();
    let mut theta = theta0.to_vec();
    let mut m = vec![0.0; theta.len()];
    let mut v = vec![0.0; theta.len()];
    for epoch in 1..=cfg.epochs {
        let g = gradient(d, &theta, k, cfg.lambda);
        let lr = cfg.lr * (1.0 - 0.9 * (epoch - 1) as f64 / cfg.epochs.max(1) as f64);
        let (c1, c2) = (1.0 - b1_pow(b1, epoch), 1.0 - b1_pow(b2, epoch));
        for i in 0..theta.len() {
            if frozen[i] {
                continue;
            }
            let gi = g[i] + l2[i] * (theta[i] - theta0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            theta[i] -= lr * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
        }
        if epoch % 50 == 0 || epoch == cfg.epochs {
            report(epoch, &theta);
        }
    }
    theta
}

fn b1_pow(b: f64, n: usize) -> f64 {
    b.powi(n.min(i32::MAX as usize) as i32)
}
