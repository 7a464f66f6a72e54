//! Epochs of shuffled minibatches.
//!
//! Each minibatch is cut into [`SLOTS`] fixed parts whatever the thread
//! count; rayon computes each part's gradient into its own buffer, and the
//! buffers are summed in slot order. Every floating-point sum therefore
//! happens in the same order on 1, 2 or 8 threads, and the same seed, data
//! and settings give bit-identical weights on any thread count (on the
//! same machine and build).

use super::features::sigmoid;
use super::features::TrainSet;
use super::model::{backward, forward, init_params, n_params};
use super::optim::{cosine_lr, Adam, AdamConfig};
use super::rng::Rng;
use crate::eval::nnue::arch::SCALE;
use crate::eval::nnue::buckets::Buckets;
use rayon::prelude::*;
use std::time::Instant;

/// Parts a minibatch is cut into (the unit of parallel work).
pub const SLOTS: usize = 8;

/// The settings of a training run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// Epochs in the whole run (the learning-rate schedule spans them).
    pub epochs: usize,
    /// Positions per minibatch.
    pub batch: usize,
    /// Starting learning rate.
    pub lr: f32,
    /// The learning rate at the end, as a fraction of `lr` (cosine decay).
    pub final_lr_frac: f32,
    /// Weight of the game result in the target.
    pub lambda: f32,
    /// The sigmoid's scale in centipawns: win probability `σ(score/K)`.
    pub k: f32,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Adam's settings.
    pub adam: AdamConfig,
    /// The output buckets of the net trained.
    pub buckets: Buckets,
}

/// Everything that changes during training (what a checkpoint holds).
#[derive(Clone, Debug, PartialEq)]
pub struct TrainState {
    /// The float parameters ([`super::model`]'s layout).
    pub params: Vec<f32>,
    /// The optimizer's moments and step count.
    pub adam: Adam,
    /// Epochs completed.
    pub epoch: usize,
    /// The shuffling generator, as it stands after `epoch` epochs.
    pub rng: Rng,
}

impl TrainState {
    /// The state before the first epoch of a net of `buckets`: weights
    /// drawn from the seed.
    pub fn fresh(seed: u64, buckets: Buckets) -> TrainState {
        let mut rng = Rng::new(seed);
        let params = init_params(&mut rng, buckets.count());
        TrainState {
            adam: Adam::new(params.len()),
            params,
            epoch: 0,
            rng,
        }
    }
}

/// What an epoch measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch's number, from 1.
    pub epoch: usize,
    /// Mean loss over the epoch's minibatches (measured as they trained).
    pub train_loss: f64,
    /// Mean loss on the validation set after the epoch.
    pub val_loss: f64,
    /// The validation loss against the searched score alone (λ = 0) and
    /// against the game result alone (λ = 1): comparable between runs of
    /// different λ.
    pub val_parts: [f64; 2],
    /// Learning rate at the epoch's end.
    pub lr: f32,
    /// Wall-clock seconds of the epoch (training and validation).
    pub seconds: f64,
}

/// Mean loss of `params` (a net of `buckets`) over `set` (fixed-order sum).
pub fn mean_loss(params: &[f32], buckets: Buckets, set: &TrainSet, lambda: f32, k: f32) -> f64 {
    mean_losses(params, buckets, set, &[lambda], k)[0]
}

/// Mean losses of `params` (a net of `buckets`) over `set` against the
/// targets of each of `lambdas`, from one forward pass per position
/// (fixed-order sums).
pub fn mean_losses(
    params: &[f32],
    buckets: Buckets,
    set: &TrainSet,
    lambdas: &[f32],
    k: f32,
) -> Vec<f64> {
    if set.is_empty() {
        return vec![f64::NAN; lambdas.len()];
    }
    const CHUNK: usize = 4096;
    let idx: Vec<usize> = (0..set.len()).collect();
    let parts: Vec<Vec<f64>> = idx
        .par_chunks(CHUNK)
        .map(|c| {
            let mut sums = vec![0.0f64; lambdas.len()];
            for &i in c {
                let (us, them) = set.features(i);
                let out = forward(params, set.bucket(i, buckets), us, them);
                let p = sigmoid(out * SCALE as f32 / k);
                for (s, &l) in sums.iter_mut().zip(lambdas) {
                    let e = p - set.target(i, l, k);
                    *s += f64::from(e * e);
                }
            }
            sums
        })
        .collect();
    (0..lambdas.len())
        .map(|j| parts.iter().map(|p| p[j]).sum::<f64>() / set.len() as f64)
        .collect()
}

/// Trains `state` on `train` until `until` epochs are done (at most
/// `cfg.epochs`), measuring `val` after each epoch. `on_batch` hears the
/// positions done in the current epoch; `on_epoch` gets each epoch's
/// report and the state after it (to checkpoint it) and may fail, which
/// stops training with its error.
pub fn train<E>(
    train: &TrainSet,
    val: &TrainSet,
    cfg: &TrainConfig,
    state: &mut TrainState,
    until: usize,
    on_batch: &mut dyn FnMut(usize),
    on_epoch: &mut dyn FnMut(&EpochReport, &TrainState) -> Result<(), E>,
) -> Result<(), E> {
    let n = train.len();
    let batch = cfg.batch.max(1);
    let batches_per_epoch = n.div_ceil(batch) as u64;
    let total_steps = batches_per_epoch * cfg.epochs as u64;
    let n_params = n_params(cfg.buckets.count());
    assert_eq!(
        state.params.len(),
        n_params,
        "the state's net has other buckets"
    );
    let mut grads: Vec<Vec<f32>> = (0..SLOTS).map(|_| vec![0.0; n_params]).collect();
    let mut grad = vec![0.0f32; n_params];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    while state.epoch < until.min(cfg.epochs) {
        let started = Instant::now();
        order.clear();
        order.extend(0..n as u32);
        state.rng.shuffle(&mut order);
        let mut loss_sum = 0.0f64;
        let mut lr = cfg.lr;
        for (b, idx) in order.chunks(batch).enumerate() {
            let step = state.epoch as u64 * batches_per_epoch + b as u64;
            lr = cosine_lr(cfg.lr, cfg.final_lr_frac, step, total_steps);
            let weight = 1.0 / idx.len() as f32;
            let part = idx.len().div_ceil(SLOTS);
            let params = &state.params;
            let losses: Vec<f64> = grads
                .par_iter_mut()
                .enumerate()
                .map(|(s, g)| {
                    g.fill(0.0);
                    let lo = (s * part).min(idx.len());
                    let hi = ((s + 1) * part).min(idx.len());
                    let mut sum = 0.0f64;
                    for &i in &idx[lo..hi] {
                        let i = i as usize;
                        let (us, them) = train.features(i);
                        let t = train.target(i, cfg.lambda, cfg.k);
                        let b = train.bucket(i, cfg.buckets);
                        sum += backward(params, b, us, them, t, cfg.k, weight, g) as f64;
                    }
                    sum
                })
                .collect();
            loss_sum += losses.iter().sum::<f64>();
            const CHUNK: usize = 1 << 14;
            grad.par_chunks_mut(CHUNK).enumerate().for_each(|(c, out)| {
                let at = c * CHUNK;
                let len = out.len();
                out.copy_from_slice(&grads[0][at..at + len]);
                for g in &grads[1..] {
                    for (o, x) in out.iter_mut().zip(&g[at..at + len]) {
                        *o += x;
                    }
                }
            });
            state.adam.step(&mut state.params, &grad, lr, &cfg.adam);
            on_batch((b * batch + idx.len()).min(n));
        }
        state.epoch += 1;
        let losses = mean_losses(
            &state.params,
            cfg.buckets,
            val,
            &[cfg.lambda, 0.0, 1.0],
            cfg.k,
        );
        let report = EpochReport {
            epoch: state.epoch,
            train_loss: loss_sum / n.max(1) as f64,
            val_loss: losses[0],
            val_parts: [losses[1], losses[2]],
            lr,
            seconds: started.elapsed().as_secs_f64(),
        };
        on_epoch(&report, state)?;
    }
    Ok(())
}
