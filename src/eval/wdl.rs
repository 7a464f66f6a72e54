//! Win/draw/loss probabilities from a score: a logistic model with a draw
//! band, fitted to self-play results by `chuhe tune` (its parameters are in
//! [`super::params::WDL`]):
//!
//! `P(win) = σ((s − a)/b)`, `P(loss) = σ((−s − a)/b)`, `P(draw) = 1 − both`,
//!
//! with `s` the score (centipawns, side to move's view), `σ` the logistic
//! function, and the draw margin `a` and scale `b` moving linearly with the
//! game phase `t = phase / MAX_PHASE` (`a = a0 + a1·t`, `b = b0 + b1·t`).
//! `a ≥ 0` keeps `P(draw) ≥ 0`.

use super::features::MAX_PHASE;
use super::params::WDL;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `[P(win), P(draw), P(loss)]` for the side whose score is `score` (cp)
/// at game `phase` (0 = no rooks, horses or cannons left, [`MAX_PHASE`] =
/// all of them), under the model parameters `p = [a0, a1, b0, b1]`.
pub fn probabilities(score: f64, phase: i32, p: &[f64; 4]) -> [f64; 3] {
    let t = phase.clamp(0, MAX_PHASE) as f64 / MAX_PHASE as f64;
    let a = (p[0] + p[1] * t).max(0.0);
    let b = (p[2] + p[3] * t).max(1.0);
    let w = sigmoid((score - a) / b);
    let l = sigmoid((-score - a) / b);
    [w, (1.0 - w - l).max(0.0), l]
}

/// Win, draw and loss chances in permille (they sum to 1000) for the side
/// whose score is `score_cp` (centipawns, its own view) at game `phase`
/// (see [`crate::eval::Evaluator::phase`]), with the fitted model.
/// Non-decreasing wins and non-increasing losses as the score rises.
pub fn wdl_permille(score_cp: i32, phase: i32) -> [u32; 3] {
    let [w, _, l] = probabilities(score_cp as f64, phase, &WDL);
    let w = (w * 1000.0).round() as u32;
    let l = ((l * 1000.0).round() as u32).min(1000 - w);
    [w, 1000 - w - l, l]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_to_1000_and_is_monotone() {
        for phase in 0..=MAX_PHASE {
            let mut last = [0, 0, 1000];
            for s in (-3000..=3000).step_by(7) {
                let v = wdl_permille(s, phase);
                assert_eq!(v.iter().sum::<u32>(), 1000);
                assert!(v[0] >= last[0] && v[2] <= last[2], "{s} {phase}");
                last = v;
            }
            assert!(wdl_permille(3000, phase)[0] > 900);
            assert!(wdl_permille(-3000, phase)[2] > 900);
            let level = wdl_permille(0, phase);
            assert_eq!(level[0], level[2]);
        }
    }
}
