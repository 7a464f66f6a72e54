//! The float network of [`crate::eval::nnue::arch`], as trained: its
//! parameters in one flat vector, the forward pass and the gradient of one
//! position's loss.
//!
//! The vector holds the feature weights, the feature biases, then one
//! block of [`OUT_BLOCK`] per output bucket (its `2·HIDDEN` weights, then
//! its bias): a net of one bucket has exactly the layout from before
//! buckets, so its checkpoints read as they did. Every function takes the
//! position's bucket (0 for a net of one).
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
use crate::eval::nnue::buckets::{bucket_of, Buckets};

/// Offset of the feature-transformer weights (feature-major, `HIDDEN` per feature).
pub const W_OFF: usize = 0;
/// Offset of the feature-transformer biases.
pub const B_OFF: usize = INPUTS * HIDDEN;
/// Offset of the (first bucket's) output weights ("us" then "them").
pub const WO_OFF: usize = B_OFF + HIDDEN;
/// Offset of the first bucket's output bias.
pub const BO_OFF: usize = WO_OFF + 2 * HIDDEN;
/// Parameters of one bucket's output layer: weights, then the bias.
pub const OUT_BLOCK: usize = 2 * HIDDEN + 1;
/// Number of parameters of a net of one bucket.
pub const N_PARAMS: usize = n_params(1);

/// Offset of bucket `k`'s output layer (its weights; the bias follows
/// them at `+ 2·HIDDEN`).
#[inline(always)]
pub const fn out_off(k: usize) -> usize {
    WO_OFF + k * OUT_BLOCK
}

/// Number of parameters of a net of `buckets` output buckets.
pub const fn n_params(buckets: usize) -> usize {
    out_off(buckets)
}

/// One perspective's hidden pre-activations.
pub type Hidden = [f32; HIDDEN];

/// A fresh net of `buckets` output buckets: feature weights uniform in
/// ±1/√32 · 0.5 (about a full board's worth of inputs), each bucket's
/// output weights uniform in ±1/√(2·HIDDEN) (drawn bucket after bucket,
/// so one bucket draws what the nets before buckets drew), biases zero.
pub fn init_params(rng: &mut Rng, buckets: usize) -> Vec<f32> {
    let mut p = vec![0.0f32; n_params(buckets)];
    let w_scale = 0.5 / 32f32.sqrt();
    for w in &mut p[W_OFF..B_OFF] {
        *w = rng.symmetric() * w_scale;
    }
    let o_scale = 1.0 / ((2 * HIDDEN) as f32).sqrt();
    for k in 0..buckets {
        for w in &mut p[out_off(k)..out_off(k) + 2 * HIDDEN] {
            *w = rng.symmetric() * o_scale;
        }
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

/// Bucket `bucket`'s output from both perspectives' pre-activations.
#[inline(always)]
pub fn output(params: &[f32], bucket: usize, us: &Hidden, them: &Hidden) -> f32 {
    let at = out_off(bucket);
    let wo = &params[at..at + 2 * HIDDEN];
    dot_screlu(&wo[..HIDDEN], us) + dot_screlu(&wo[HIDDEN..], them) + params[at + 2 * HIDDEN]
}

/// The net's output (`score / SCALE`) for feature lists, through output
/// bucket `bucket`.
pub fn forward(params: &[f32], bucket: usize, us: &[u16], them: &[u16]) -> f32 {
    let (mut hu, mut ht) = ([0.0; HIDDEN], [0.0; HIDDEN]);
    accumulate(params, us, &mut hu);
    accumulate(params, them, &mut ht);
    output(params, bucket, &hu, &ht)
}

/// The float net's score of `pos` in centipawns, side to move's view, for
/// a net of output buckets `buckets`.
pub fn score_cp(params: &[f32], buckets: Buckets, pos: &Position) -> f32 {
    let (us, them) = super::features::features(pos);
    forward(params, bucket_of(buckets, pos), &us, &them) * SCALE as f32
}

/// Adds `weight ×` the gradient of one position's loss to `grad` and
/// returns the loss `(σ(out·SCALE/K) − target)²`.
// the training loop's plain numbers and slices, as `forward` takes them
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn backward(
    params: &[f32],
    bucket: usize,
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
    let out = output(params, bucket, &hu, &ht);
    let c = SCALE as f32 / k;
    let p = sigmoid(out * c);
    let err = p - target;
    // d loss / d out
    let g = 2.0 * err * p * (1.0 - p) * c * weight;
    // only this bucket's output layer takes a gradient
    let wo_off = out_off(bucket);
    grad[wo_off + 2 * HIDDEN] += g;
    let (wo_us, wo_them) = params[wo_off..wo_off + 2 * HIDDEN].split_at(HIDDEN);
    for (h, wo, feats, off) in [(&hu, wo_us, us, 0), (&ht, wo_them, them, HIDDEN)] {
        let mut dh = [0.0f32; HIDDEN];
        {
            let go = &mut grad[wo_off + off..wo_off + off + HIDDEN];
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
pub fn loss(params: &[f32], bucket: usize, us: &[u16], them: &[u16], target: f32, k: f32) -> f32 {
    let out = forward(params, bucket, us, them);
    let e = sigmoid(out * SCALE as f32 / k) - target;
    e * e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The analytic gradient of `buckets` output buckets against finite
    /// differences, for a position in bucket `bucket`: other buckets'
    /// output layers get none.
    fn check_gradient(buckets: usize, bucket: usize) {
        let mut rng = Rng::new(3);
        let mut p = init_params(&mut rng, buckets);
        // biases so that some units are inside the clip
        for b in &mut p[B_OFF..WO_OFF] {
            *b = 0.5 + 0.3 * rng.symmetric();
        }
        let (us, them): (Vec<u16>, Vec<u16>) = ((0..20).collect(), (100..125).collect());
        let (t, k) = (0.7, 150.0);
        let mut grad = vec![0.0; n_params(buckets)];
        backward(&p, bucket, &us, &them, t, k, 1.0, &mut grad);
        let o = out_off(bucket);
        for &i in &[
            W_OFF + 3 * HIDDEN + 7,
            W_OFF + 110 * HIDDEN + 9,
            B_OFF + 5,
            o + 2,
            o + HIDDEN + 11,
            o + 2 * HIDDEN,
        ] {
            let eps = 1e-3;
            let mut q = p.clone();
            q[i] += eps;
            let up = loss(&q, bucket, &us, &them, t, k) as f64;
            q[i] -= 2.0 * eps;
            let down = loss(&q, bucket, &us, &them, t, k) as f64;
            let numeric = (up - down) / (2.0 * eps as f64);
            assert!(
                (numeric - grad[i] as f64).abs() < 1e-3 * (1.0 + numeric.abs()) + 2e-5,
                "param {i}: numeric {numeric} analytic {}",
                grad[i]
            );
        }
        // untouched rows get no gradient
        assert_eq!(grad[W_OFF + 50 * HIDDEN + 1], 0.0);
        for other in (0..buckets).filter(|&b| b != bucket) {
            let block = &grad[out_off(other)..out_off(other) + OUT_BLOCK];
            assert!(block.iter().all(|&g| g == 0.0), "bucket {other}");
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        check_gradient(1, 0);
    }

    #[test]
    fn a_bucketed_gradient_matches_finite_differences_in_its_bucket_only() {
        check_gradient(8, 5);
        check_gradient(8, 0);
    }

    #[test]
    fn one_bucket_keeps_the_layout_and_the_draws_from_before_buckets() {
        assert_eq!(N_PARAMS, INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN + 1);
        assert_eq!(out_off(0), WO_OFF);
        assert_eq!(out_off(0) + 2 * HIDDEN, BO_OFF);
        // bucket 0 of a net of eight starts as the net of one
        let one = init_params(&mut Rng::new(9), 1);
        let eight = init_params(&mut Rng::new(9), 8);
        assert_eq!(one[..], eight[..N_PARAMS]);
        assert_ne!(eight[out_off(1)..out_off(2)], eight[out_off(0)..out_off(1)]);
    }
}
