//! The float net rounded into the integer net the engine plays, and that
//! integer net's forward pass written straight from the formula in
//! [`crate::eval::nnue::arch`] (a reference for tests and `net info`, not
//! the engine's fast path).

use super::features::TrainSet;
use super::model::{n_params, out_off, B_OFF, WO_OFF, W_OFF};
use crate::board::Position;
use crate::eval::nnue::arch::{MirrorRule, HIDDEN, INPUTS, QA, QB, SCALE};
use crate::eval::nnue::buckets::{bucket_of, Buckets};
use crate::eval::nnue::file::QuantizedNet;

fn round_i16(x: f32, scale: i32) -> i16 {
    (x * scale as f32)
        .round()
        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
}

fn round_bias(x: f32) -> i32 {
    (x as f64 * (QA * QB) as f64)
        .round()
        .clamp(i32::MIN as f64, i32::MAX as f64) as i32
}

/// `W_q = round(W·QA)`, `b_q = round(b·QA)`, `w_o,q = round(w_o·QB)`,
/// `b_o,q = round(b_o·QA·QB)`, each output bucket's alike, for a net of
/// `buckets`. The trainer's clips keep every value in range (the clamps
/// here only guard against a hand-made parameter file).
///
/// # Panics
/// If `params` is not a net of `buckets` (a bug in the caller).
pub fn quantize(params: &[f32], buckets: Buckets) -> QuantizedNet {
    let b = buckets.count();
    assert_eq!(params.len(), n_params(b), "parameters of another net");
    QuantizedNet {
        ft_weights: params[W_OFF..W_OFF + INPUTS * HIDDEN]
            .iter()
            .map(|&w| round_i16(w, QA))
            .collect(),
        ft_bias: params[B_OFF..WO_OFF]
            .iter()
            .map(|&b| round_i16(b, QA))
            .collect(),
        out_weights: (0..b)
            .flat_map(|k| &params[out_off(k)..out_off(k) + 2 * HIDDEN])
            .map(|&w| round_i16(w, QB))
            .collect(),
        out_bias: (0..b)
            .map(|k| round_bias(params[out_off(k) + 2 * HIDDEN]))
            .collect(),
        // the trainer encodes positions by the exact rule
        rule: MirrorRule::Exact,
        buckets,
    }
}

/// Rounding leaves the integer net off the float one by an amount that
/// is much the same for every position of a bucket (the output weights'
/// rounding errors weighted by activations that vary little), so this
/// moves each bucket's output bias by the mean difference `float −
/// integer` over its positions among the first (at most) `n` of `set`
/// (a bucket without any keeps its bias). Returns the mean correction
/// over those positions in centipawns.
pub fn calibrate(net: &mut QuantizedNet, params: &[f32], set: &TrainSet, n: usize) -> f64 {
    let n = set.len().min(n);
    if n == 0 {
        return 0.0;
    }
    let b = net.buckets.count();
    let (mut sum, mut count) = (vec![0.0f64; b], vec![0usize; b]);
    for i in 0..n {
        let (us, them) = set.features(i);
        let k = set.bucket(i, net.buckets);
        let float = super::model::forward(params, k, us, them) * SCALE as f32;
        sum[k] += f64::from(float) - f64::from(int_score(net, k, us, them));
        count[k] += 1;
    }
    for k in (0..b).filter(|&k| count[k] > 0) {
        let mean = sum[k] / count[k] as f64;
        let step = (mean * f64::from(QA * QB) / f64::from(SCALE)).round();
        net.out_bias[k] =
            (f64::from(net.out_bias[k]) + step).clamp(i32::MIN as f64, i32::MAX as f64) as i32;
    }
    sum.iter().sum::<f64>() / n as f64
}

/// The integer score in centipawns (side to move's view) of the feature
/// lists through output bucket `bucket`, exactly as
/// [`crate::eval::nnue::arch`] defines it.
pub fn int_score(net: &QuantizedNet, bucket: usize, us: &[u16], them: &[u16]) -> i32 {
    let acc = |feats: &[u16]| -> Vec<i16> {
        let mut a = net.ft_bias.clone();
        for &f in feats {
            let row = &net.ft_weights[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
            for (x, &w) in a.iter_mut().zip(row) {
                *x = x.checked_add(w).expect("accumulator overflow");
            }
        }
        a
    };
    let out_weights = net.bucket_weights(bucket);
    let mut sum: i32 = 0;
    for (persp, a) in [acc(us), acc(them)].iter().enumerate() {
        for (j, &x) in a.iter().enumerate() {
            let v = i32::from(x).clamp(0, QA);
            let w = i32::from(out_weights[persp * HIDDEN + j]);
            sum = sum.checked_add(v * v * w).expect("output sum overflow");
        }
    }
    let out = i64::from(sum / QA + net.out_bias[bucket]);
    (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
}

/// The integer score of a position (centipawns, side to move's view).
pub fn int_score_of(net: &QuantizedNet, pos: &Position) -> i32 {
    let (us, them) = super::features::features_by(net.rule, pos);
    int_score(net, bucket_of(net.buckets, pos), &us, &them)
}

/// The expected spread (one standard deviation, centipawns) of `float
/// score − integer score` for one position of output bucket `bucket`,
/// taking each rounding as an independent uniform error of half a unit:
/// the output weights (`1/QB` steps, times the unit's activation) and the
/// accumulators (`1/QA` steps per term, moving activation `h²` by `2h`
/// times as much). The two truncating divisions add at most about 1 cp on
/// top.
pub fn error_sigma(params: &[f32], bucket: usize, us: &[u16], them: &[u16]) -> f32 {
    use super::model::{accumulate, screlu};
    let uniform = 1.0 / 12.0f32; // variance of a rounding error, in steps²
    let mut var = 0.0f32;
    for (persp, feats) in [us, them].iter().enumerate() {
        let mut h = [0.0f32; HIDDEN];
        accumulate(params, feats, &mut h);
        let terms = (feats.len() + 1) as f32;
        for (j, &x) in h.iter().enumerate() {
            let a = screlu(x);
            let slope = if x > 0.0 && x < 1.0 { 2.0 * x } else { 0.0 };
            let wo = params[out_off(bucket) + persp * HIDDEN + j];
            var += a * a * uniform / (QB * QB) as f32
                + wo * wo * slope * slope * terms * uniform / (QA * QA) as f32;
        }
    }
    var.sqrt() * SCALE as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::model::{forward, init_params};
    use crate::train::rng::Rng;

    /// A fresh net of `buckets` with biases that put many units inside
    /// the clip, and a different output bias per bucket.
    fn test_params(buckets: Buckets) -> Vec<f32> {
        let mut rng = Rng::new(11);
        let mut p = init_params(&mut rng, buckets.count());
        for b in &mut p[B_OFF..WO_OFF] {
            *b = 0.4 + 0.3 * rng.symmetric();
        }
        for k in 0..buckets.count() {
            p[out_off(k) + 2 * HIDDEN] = 0.1 - 0.05 * k as f32;
        }
        p
    }

    #[test]
    fn the_integer_score_follows_the_float_one() {
        for buckets in Buckets::ALL {
            let p = test_params(buckets);
            assert_eq!(p.len(), n_params(buckets.count()));
            let q = quantize(&p, buckets);
            for s in 0..20u16 {
                let us: Vec<u16> = (0..30).map(|i| (i * 37 + s * 11) % INPUTS as u16).collect();
                let them: Vec<u16> = (0..30).map(|i| (i * 53 + s * 7) % INPUTS as u16).collect();
                let k = usize::from(s) % buckets.count();
                let float = forward(&p, k, &us, &them) * SCALE as f32;
                let int = int_score(&q, k, &us, &them);
                let sigma = error_sigma(&p, k, &us, &them);
                let tol = 4.0 * sigma + 1.5;
                assert!(
                    (float - int as f32).abs() <= tol,
                    "{buckets}, bucket {k}: {float} vs {int} (tolerance {tol})"
                );
                assert!(tol < 80.0, "a useless tolerance: {tol}");
            }
        }
    }

    #[test]
    fn the_buckets_are_quantized_apart() {
        let p = test_params(Buckets::Majors);
        let q = quantize(&p, Buckets::Majors);
        assert_eq!(q.out_weights.len(), 8 * 2 * HIDDEN);
        assert_eq!(q.out_bias.len(), 8);
        for k in 0..8 {
            assert_eq!(q.bucket_weights(k)[3], round_i16(p[out_off(k) + 3], QB));
            assert_eq!(q.out_bias[k], round_bias(p[out_off(k) + 2 * HIDDEN]));
        }
        // one bucket: the layout and the net from before buckets
        let one = test_params(Buckets::None);
        let q = quantize(&one, Buckets::None);
        assert_eq!(q.out_weights.len(), 2 * HIDDEN);
        assert_eq!(
            q.out_bias,
            vec![round_bias(one[super::super::model::BO_OFF])]
        );
    }
}
