//! AdamW over the flat parameter vector, the learning-rate schedule, and
//! the clips that keep the quantized net inside its integer types.
//!
//! ## Why these clips
//! The engine's accumulator is `i16`: `acc = b_q + Σ W_q` over at most 32
//! pieces, and an incremental update may briefly hold one more term (a
//! capture adds the mover's new square before removing the captured piece),
//! so at most 34 terms of at most `round(c·QA)` each: `34 · round(3.75 ·
//! 255) = 34 · 956 = 32 504 ≤ 32 767`. Hence `|W|, |b| ≤` [`FT_CLIP`].
//!
//! The output sum is `i32`: `Σ v²·w_o,q` over `2·HIDDEN = 512` units with
//! `v ≤ QA = 255`, so `512 · 255² · |w_o,q| ≤ 2³¹ − 1` needs `|w_o,q| ≤ 64`,
//! that is `|w_o| ≤ 1.0` = [`OUT_CLIP`] (`QB = 64`). That also keeps
//! `v·w_o,q ≤ 255 · 64` inside `i16`, for an inference that multiplies in
//! 16 bits before widening. The output bias is `i32` in units of `QA·QB`,
//! clipped far inside it ([`OUT_BIAS_CLIP`]).

use super::model::{OUT_BLOCK, WO_OFF};
use crate::eval::nnue::arch::{QA, QB};
use rayon::prelude::*;

/// Bound of the feature-transformer weights and biases (see the module notes).
pub const FT_CLIP: f32 = 3.75;
/// Bound of the output weights.
pub const OUT_CLIP: f32 = 1.0;
/// Bound of the output bias (in output units; `×SCALE` centipawns).
pub const OUT_BIAS_CLIP: f32 = 100.0;

// The bounds above, checked at compile time in the integer units.
const _: () = assert!(34 * ((FT_CLIP * QA as f32 + 0.5) as i32) <= i16::MAX as i32);
const _: () = assert!(
    ((OUT_CLIP * QB as f32 + 0.5) as i64) * 512 * (QA as i64 * QA as i64) <= i32::MAX as i64
);

/// The allowed range of parameter `i` (any number of output buckets:
/// each bucket's block is its weights, then its bias).
#[inline]
pub fn clip_of(i: usize) -> f32 {
    if i < WO_OFF {
        FT_CLIP
    } else if (i - WO_OFF) % OUT_BLOCK < OUT_BLOCK - 1 {
        OUT_CLIP
    } else {
        OUT_BIAS_CLIP
    }
}

/// Adam's hyper-parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdamConfig {
    /// First-moment decay.
    pub beta1: f32,
    /// Second-moment decay.
    pub beta2: f32,
    /// Denominator guard.
    pub eps: f32,
    /// Decoupled weight decay (AdamW), per unit of learning rate.
    pub weight_decay: f32,
}

impl Default for AdamConfig {
    fn default() -> Self {
        AdamConfig {
            beta1: 0.9,
            beta2: 0.999,
            eps: 1e-8,
            weight_decay: 0.0,
        }
    }
}

/// Adam's state: both moments and the step count.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
    /// Steps taken.
    pub step: u64,
}

impl Adam {
    /// Fresh state for `n` parameters.
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            step: 0,
        }
    }

    /// One AdamW step of size `lr` along `grad`, then the clips. Each
    /// parameter's update depends on its own numbers only, so splitting
    /// the work over threads does not change the result.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32, cfg: &AdamConfig) {
        self.step += 1;
        let t = self.step as i32;
        let c1 = 1.0 / (1.0 - cfg.beta1.powi(t));
        let c2 = 1.0 / (1.0 - cfg.beta2.powi(t));
        const CHUNK: usize = 1 << 14;
        params
            .par_chunks_mut(CHUNK)
            .zip(self.m.par_chunks_mut(CHUNK))
            .zip(self.v.par_chunks_mut(CHUNK))
            .zip(grad.par_chunks(CHUNK))
            .enumerate()
            .for_each(|(c, (((p, m), v), g))| {
                for i in 0..p.len() {
                    m[i] = cfg.beta1 * m[i] + (1.0 - cfg.beta1) * g[i];
                    v[i] = cfg.beta2 * v[i] + (1.0 - cfg.beta2) * g[i] * g[i];
                    let update = (m[i] * c1) / ((v[i] * c2).sqrt() + cfg.eps);
                    let x = p[i] * (1.0 - lr * cfg.weight_decay) - lr * update;
                    let lim = clip_of(c * CHUNK + i);
                    p[i] = x.clamp(-lim, lim);
                }
            });
    }
}

/// The learning rate after `done` of `total` steps: cosine from `lr` down
/// to `lr · final_frac`.
pub fn cosine_lr(lr: f32, final_frac: f32, done: u64, total: u64) -> f32 {
    let x = if total == 0 {
        1.0
    } else {
        (done as f64 / total as f64).min(1.0)
    };
    let lo = lr as f64 * final_frac as f64;
    (lo + 0.5 * (lr as f64 - lo) * (1.0 + (std::f64::consts::PI * x).cos())) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::model::{n_params, out_off, BO_OFF, B_OFF, N_PARAMS};

    #[test]
    fn steps_go_against_the_gradient_and_stay_inside_the_clips() {
        let mut p = vec![0.0f32; N_PARAMS];
        p[B_OFF] = 3.7;
        p[WO_OFF] = 0.995;
        let mut g = vec![0.0f32; N_PARAMS];
        g[0] = 1.0;
        g[B_OFF] = -1.0;
        g[WO_OFF] = -1.0;
        let mut adam = Adam::new(N_PARAMS);
        for _ in 0..100 {
            adam.step(&mut p, &g, 0.01, &AdamConfig::default());
        }
        assert!(p[0] < -0.5);
        assert_eq!(p[B_OFF], FT_CLIP);
        assert_eq!(p[WO_OFF], OUT_CLIP);
        assert_eq!(p[1], 0.0);
    }

    #[test]
    fn every_bucket_has_its_weight_and_bias_clips() {
        assert_eq!(clip_of(BO_OFF), OUT_BIAS_CLIP);
        for k in 0..8 {
            assert_eq!(clip_of(out_off(k)), OUT_CLIP);
            assert_eq!(clip_of(out_off(k) + OUT_BLOCK - 2), OUT_CLIP);
            assert_eq!(clip_of(out_off(k) + OUT_BLOCK - 1), OUT_BIAS_CLIP);
        }
        assert_eq!(out_off(8), n_params(8));
        assert_eq!(clip_of(WO_OFF - 1), FT_CLIP);
    }

    #[test]
    fn the_schedule_falls_from_lr_to_its_floor() {
        assert_eq!(cosine_lr(1.0, 0.1, 0, 100), 1.0);
        assert!((cosine_lr(1.0, 0.1, 100, 100) - 0.1).abs() < 1e-6);
        assert!(cosine_lr(1.0, 0.1, 60, 100) < cosine_lr(1.0, 0.1, 40, 100));
    }
}
