//! The float network of [`crate::eval::nnue::arch`], as trained: its
//! parameters in one flat vector, the forward pass and the gradient of one
//! position's loss.
//!
//! The loss of a position is `(σ(out·SCALE/K) − t)²`, the squared error
//! between the net's score through the sigmoid and the target `t`. Its
//! first-layer gradient touches only the rows of the position's active
//! features (about 2 × 30 of the 1 260), which is what makes a CPU epoch
//! over millions of positions take seconds per million.

use super::features::sigmoid;
use super::rng::Rng;
use crate::board::Position;
use crate::eval::nnue::arch::{HIDDEN, INPUTS, SCALE};

/// Offset of the feature-transformer weights (feature-major, `HIDDEN` per feature).
pub const W_OFF: usize = 0;
/// Offset of the feature-transformer biases.
pub const B_OFF: usize = INPUTS * HIDDEN;
/// Offset of the output weights ("us" then "them").
pub const WO_OFF: usize = B_OFF + HIDDEN;
/// Offset of the output bias.
pub const BO_OFF: usize = WO_OFF + 2 * HIDDEN;
/// Number of parameters.
pub const N_PARAMS: usize = BO_OFF + 1;

/// One perspective's hidden pre-activations.
pub type Hidden = [f32; HIDDEN];

/// A fresh net: feature weights uniform in ±1/√32 · 0.5 (about a full
/// board's worth of inputs), output weights uniform in ±1/√(2·HIDDEN),
/// biases zero.
pub fn init_params(rng: &mut Rng) -> Vec<f32> {
    let mut p = vec![0.0f32; N_PARAMS];
    let w_scale = 0.5 / 32f32.sqrt();
    for w in &mut p[W_OFF..B_OFF] {
        *w = rng.symmetric() * w_scale;
    }
    let o_scale = 1.0 / ((2 * HIDDEN) as f32).sqrt();
    for w in &mut p[WO_OFF..BO_OFF] {
        *w = rng.symmetric() * o_scale;
    }
    p
}

/// The row of feature `f` (its `HIDDEN` weights).
#[inline(always)]
fn row(params: &[f32], f: u16) -> &Hidden {
    let at = W_OFF + f as usize * HIDDEN;
    params[at..at + HIDDEN].try_into().expect("HIDDEN weights")
}

/// `h = b + Σ W[f]` over the active features.
#[inline(always)]
pub fn accumulate(params: &[f32], feats: &[u16], h: &mut Hidden) {
    h.copy_from_slice(&params[B_OFF..B_OFF + HIDDEN]);
    for &f in feats {
        let r = row(params, f);
        for j in 0..HIDDEN {
            h[j] += r[j];
        }
    }
}

/// The squared clipped ReLU.
#[inline(always)]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// `w · screlu(h)` summed in 8 lanes, then the lanes in order: a fixed
/// order, so the result is the same whatever the compiler vectorises.
#[inline(always)]
fn dot_screlu(w: &[f32], h: &Hidden) -> f32 {
    let mut lanes = [0.0f32; 8];
    for (wc, hc) in w.chunks_exact(8).zip(h.chunks_exact(8)) {
        for l in 0..8 {
            lanes[l] += wc[l] * screlu(hc[l]);
        }
    }
    lanes.iter().sum()
}

/// The output from both perspectives' pre-activations.
#[inline(always)]
pub fn output(params: &[f32], us: &Hidden, them: &Hidden) -> f32 {
    let wo = &params[WO_OFF..BO_OFF];
    dot_screlu(&wo[..HIDDEN], us) + dot_screlu(&wo[HIDDEN..], them) + params[BO_OFF]
}

/// The net's output (`score / SCALE`) for feature lists.
pub fn forward(params: &[f32], us: &[u16], them: &[u16]) -> f32 {
    let (mut hu, mut ht) = ([0.0; HIDDEN], [0.0; HIDDEN]);
    accumulate(params, us, &mut hu);
    accumulate(params, them, &mut ht);
    output(params, &hu, &ht)
}

/// The float net's score of `pos` in centipawns, side to move's view.
pub fn score_cp(params: &[f32], pos: &Position) -> f32 {
    let (us, them) = super::features::features(pos);
    forward(params, &us, &them) * SCALE as f32
}

/// Adds `weight ×` the gradient of one position's loss to `grad` and
/// returns the loss `(σ(out·SCALE/K) − target)²`.
#[inline(always)]
pub fn backward(
    params: &[f32],
    us: &[u16],
    them: &[u16],
    target: f32,
    k: f32,
    weight: f32,
    grad: &mut [f32],
) -> f32 {
    let (mut hu, mut ht) = ([0.0; HIDDEN], [0.0; HIDDEN]);
    accumulate(params, us, &mut hu);
    accumulate(params, them, &mut ht);
    let out = output(params, &hu, &ht);
    let c = SCALE as f32 / k;
    let p = sigmoid(out * c);
    let err = p - target;
    // d loss / d out
    let g = 2.0 * err * p * (1.0 - p) * c * weight;
    grad[BO_OFF] += g;
    let (wo_us, wo_them) = params[WO_OFF..BO_OFF].split_at(HIDDEN);
    for (h, wo, feats, off) in [(&hu, wo_us, us, 0), (&ht, wo_them, them, HIDDEN)] {
        let mut dh = [0.0f32; HIDDEN];
        {
            let go = &mut grad[WO_OFF + off..WO_OFF + off + HIDDEN];
            for j in 0..HIDDEN {
                let x = h[j];
                let inside = x > 0.0 && x < 1.0;
                let c = if inside { x } else { x.clamp(0.0, 1.0) };
                go[j] += g * c * c;
                dh[j] = if inside { 2.0 * g * wo[j] * x } else { 0.0 };
            }
        }
        let gb = &mut grad[B_OFF..B_OFF + HIDDEN];
        for j in 0..HIDDEN {
            gb[j] += dh[j];
        }
        for &f in feats {
            let at = W_OFF + f as usize * HIDDEN;
            let gr: &mut Hidden = (&mut grad[at..at + HIDDEN]).try_into().expect("row");
            for j in 0..HIDDEN {
                gr[j] += dh[j];
            }
        }
    }
    err * err
}

/// The loss of one position, without the gradient.
pub fn loss(params: &[f32], us: &[u16], them: &[u16], target: f32, k: f32) -> f32 {
    let out = forward(params, us, them);
    let e = sigmoid(out * SCALE as f32 / k) - target;
    e * e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut rng = Rng::new(3);
        let mut p = init_params(&mut rng);
        // biases so that some units are inside the clip
        for b in &mut p[B_OFF..WO_OFF] {
            *b = 0.5 + 0.3 * rng.symmetric();
        }
        let (us, them): (Vec<u16>, Vec<u16>) = ((0..20).collect(), (100..125).collect());
        let (t, k) = (0.7, 150.0);
        let mut grad = vec![0.0; N_PARAMS];
        backward(&p, &us, &them, t, k, 1.0, &mut grad);
        for &i in &[
            W_OFF + 3 * HIDDEN + 7,
            W_OFF + 110 * HIDDEN + 9,
            B_OFF + 5,
            WO_OFF + 2,
            WO_OFF + HIDDEN + 11,
            BO_OFF,
        ] {
            let eps = 1e-3;
            let mut q = p.clone();
            q[i] += eps;
            let up = loss(&q, &us, &them, t, k) as f64;
            q[i] -= 2.0 * eps;
            let down = loss(&q, &us, &them, t, k) as f64;
            let numeric = (up - down) / (2.0 * eps as f64);
            assert!(
                (numeric - grad[i] as f64).abs() < 1e-3 * (1.0 + numeric.abs()) + 2e-5,
                "param {i}: numeric {numeric} analytic {}",
                grad[i]
            );
        }
        // untouched rows get no gradient
        assert_eq!(grad[W_OFF + 50 * HIDDEN + 1], 0.0);
    }
}
