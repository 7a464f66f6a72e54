//! Fitting the win/draw/loss model of [`crate::eval::wdl`] to the search
//! scores and results of the data: maximum likelihood of the observed
//! outcome (win, draw or loss for Red) given Red's score and the phase, by
//! Adam on numeric gradients (four parameters).

use super::data::Sample;
use crate::board::Position;
use crate::eval::wdl::probabilities;
use crate::eval::Evaluator;
use rayon::prelude::*;

/// `(score Red's view, phase, outcome index 0 win / 1 draw / 2 loss)`.
pub type WdlPoint = (f64, i32, usize);

/// The points of the samples that have a search score.
pub fn points(samples: &[Sample]) -> Vec<WdlPoint> {
    samples
        .par_iter()
        .filter_map(|s| {
            let score = s.score? as f64;
            let pos = Position::from_fen(&s.fen).ok()?;
            let outcome = if s.result == 1.0 {
                0
            } else if s.result == 0.5 {
                1
            } else {
                2
            };
            Some((score, Evaluator::phase(&pos), outcome))
        })
        .collect()
}

/// Mean negative log-likelihood of `points` under model parameters `p`.
pub fn nll(points: &[WdlPoint], p: &[f64; 4]) -> f64 {
    if points.is_empty() {
        return 0.0;
    }
    let sum: f64 = points
        .par_iter()
        .map(|&(s, phase, o)| -probabilities(s, phase, p)[o].max(1e-9).ln())
        .sum();
    sum / points.len() as f64
}

/// Fits the model parameters `[a0, a1, b0, b1]` from `start`.
pub fn fit_wdl(points: &[WdlPoint], start: [f64; 4], steps: usize) -> [f64; 4] {
    let mut p = start;
    let (mut m, mut v) = ([0.0; 4], [0.0; 4]);
    let (b1, b2) = (0.9f64, 0.999f64);
    for t in 1..=steps {
        let mut g = [0.0; 4];
        for i in 0..4 {
            let h = 0.5;
            let (mut up, mut down) = (p, p);
            up[i] += h;
            down[i] -= h;
            g[i] = (nll(points, &up) - nll(points, &down)) / (2.0 * h);
        }
        let lr = 2.0 * (1.0 - 0.9 * (t - 1) as f64 / steps as f64);
        for i in 0..4 {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            p[i] -= lr * mh / (vh.sqrt() + 1e-12);
        }
    }
    p
}
