//! `chuhe net`: train the evaluation network (`net train`) and inspect a
//! net file (`net info`). The training itself is `chuhe::train`; this is
//! its command line (docs/nnue-training.md).

use super::numbers;
use chuhe::board::Position;
use chuhe::eval::drawish::DEFAULT_ON;
use chuhe::eval::nnue::arch::{HIDDEN, INPUTS, QA, QB, SCALE};
use chuhe::eval::nnue::buckets::Buckets;
use chuhe::eval::nnue::file::QuantizedNet;
use chuhe::eval::params::{EG, MG};
use chuhe::train::checkpoint::Checkpoint;
use chuhe::train::features::{load, TrainSet};
use chuhe::train::model::forward;
use chuhe::train::optim::{AdamConfig, FT_CLIP, OUT_CLIP};
use chuhe::train::quantize::{calibrate, error_sigma, int_score, int_score_of, quantize};
use chuhe::train::source::{Labelled, PositionSource, TextSource};
use chuhe::train::trainer::{train, EpochReport, TrainConfig, TrainState};
use chuhe::tune::data::{short_fen, Sample};
use chuhe::tune::dataset::Dataset;
use chuhe::tune::fit::fit_k;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The `chuhe net` subcommands.
#[derive(Subcommand)]
pub enum NetCommand {
    /// Fit the network to training data and write the quantized net.
    Train(TrainArgs),
    /// Check a net file and print its shape, checksum and statistics.
    Info(InfoArgs),
}

/// Arguments of `chuhe net train`.
#[derive(Args)]
pub struct TrainArgs {
    /// Data files of `chuhe datagen` in either format (whole games, its
    /// default, or text positions), plain or `.xz` (read through the `xz`
    /// command).
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Where to write the quantized net: the net of the epoch with the
    /// lowest validation loss so far, rewritten when an epoch beats it.
    #[arg(long)]
    out: PathBuf,
    /// The checkpoint file (default: the net's path with `.ckpt`).
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Go on from the checkpoint (its settings are kept; `--epochs` may
    /// extend the run).
    #[arg(long)]
    resume: bool,
    /// Epochs in the whole run.
    #[arg(long, default_value_t = 10, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    epochs: usize,
    /// Stop after this many epochs (for a run continued later with
    /// `--resume`; the schedule still spans `--epochs`).
    #[arg(long)]
    stop_after: Option<usize>,
    /// Positions per minibatch.
    #[arg(long, default_value_t = 8192)]
    batch: usize,
    /// Starting learning rate (Adam).
    #[arg(long, default_value_t = 2e-3, value_parser = numbers::positive::<f32>, allow_negative_numbers = true)]
    lr: f32,
    /// Final learning rate as a fraction of the first (cosine decay).
    #[arg(long, default_value_t = 0.05, value_parser = numbers::fraction::<f32>, allow_negative_numbers = true)]
    final_lr: f32,
    /// AdamW decoupled weight decay (0.5 generalised best on data/train,
    /// docs/nnue-training.md).
    #[arg(long, default_value_t = 0.5, value_parser = numbers::non_negative::<f32>, allow_negative_numbers = true)]
    weight_decay: f32,
    /// Weight of the game result in the target; the rest is σ(score/K).
    #[arg(long, default_value_t = 0.3, value_parser = numbers::fraction::<f32>, allow_negative_numbers = true)]
    lambda: f32,
    /// The sigmoid's scale in centipawns (default: fitted to the results
    /// with the five-part evaluator, as `chuhe tune` does).
    #[arg(long, value_parser = numbers::positive::<f32>, allow_negative_numbers = true)]
    k: Option<f32>,
    /// Seed of the initial weights, the shuffles and the validation split.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Share of the games held out for validation, in percent.
    #[arg(long, default_value_t = 5.0, value_parser = numbers::percent::<f64>, allow_negative_numbers = true)]
    val_percent: f64,
    /// Use at most this many positions (the first ones read).
    #[arg(long)]
    max_positions: Option<usize>,
    /// Rayon threads (the weights do not depend on it).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Output buckets: `none` (the default: one output layer, the file
    /// format of the nets before buckets), `pieces8` (eight output layers by the pieces
    /// on the board: 2–5, 6–9, …, 30–32) or `majors` (eight by each side's
    /// rooks and horses plus cannons, after Pikafish). The accumulators
    /// are shared; a bucketed net is written with magic CHUHENB1. A
    /// resumed run keeps its checkpoint's buckets (and refuses others).
    #[arg(long, value_parser = clap::value_parser!(Buckets))]
    buckets: Option<Buckets>,
}

/// Arguments of `chuhe net info`.
#[derive(Args)]
pub struct InfoArgs {
    /// A net file.
    file: PathBuf,
}

/// Runs a `chuhe net` subcommand.
pub fn run(command: NetCommand) -> ExitCode {
    let result = match command {
        NetCommand::Train(args) => run_train(&args),
        NetCommand::Info(args) => run_info(&args.file),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Passes positions through and keeps a copy of the first `cap` as
/// samples (for fitting K).
struct Tee<'a> {
    inner: &'a mut dyn PositionSource,
    kept: Vec<Sample>,
    cap: usize,
}

impl PositionSource for Tee<'_> {
    fn next_chunk(&mut self) -> io::Result<Option<Vec<Labelled>>> {
        let chunk = self.inner.next_chunk()?;
        if let Some(c) = &chunk {
            let room = self.cap.saturating_sub(self.kept.len());
            self.kept.extend(c.iter().take(room).map(|l| Sample {
                fen: short_fen(&l.position),
                score: l.score,
                result: l.result,
                game: l.game,
            }));
        }
        Ok(chunk)
    }
}

/// K fitted as `chuhe tune` fits it: the scale at which the five-part
/// evaluator's scores best predict the game results.
fn fitted_k(samples: &[Sample]) -> f32 {
    let d = Dataset::from_samples(samples).with_drawish(DEFAULT_ON);
    let theta: Vec<f64> = MG.iter().chain(EG.iter()).map(|&x| x as f64).collect();
    fit_k(&d, &theta, 10.0, 2000.0) as f32
}

fn print_epoch(r: &EpochReport, n_train: usize) {
    eprintln!(
        "epoch {:>3}: train {:.6} validation {:.6} (vs score {:.6}, vs result {:.6}) lr {:.2e} {:.1} s ({:.2} s per M positions)",
        r.epoch,
        r.train_loss,
        r.val_loss,
        r.val_parts[0],
        r.val_parts[1],
        r.lr,
        r.seconds,
        r.seconds / (n_train as f64 / 1e6)
    );
}

fn run_train(args: &TrainArgs) -> Result<(), String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build_global()
        .map_err(|e| e.to_string())?;
    let ckpt_path = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| args.out.with_extension("ckpt"));
    // before the data is read: the first epoch's end writes both
    super::make_parent_dir(&args.out)?;
    super::make_parent_dir(&ckpt_path)?;
    let resumed = if args.resume {
        Some(Checkpoint::load(&ckpt_path).map_err(|e| e.to_string())?)
    } else {
        None
    };
    if let Some(c) = &resumed {
        // before the data is read: a checkpoint's net has its buckets
        if let Some(b) = args.buckets.filter(|&b| b != c.config.buckets) {
            return Err(format!(
                "{}: the checkpoint is of output buckets {}, not {b}",
                ckpt_path.display(),
                c.config.buckets
            ));
        }
    }
    let seed = resumed.as_ref().map_or(args.seed, |c| c.config.seed);
    let started = Instant::now();
    let mut text = TextSource::new(args.data.clone());
    let mut tee = Tee {
        inner: &mut text,
        kept: Vec::new(),
        cap: if args.k.is_none() && resumed.is_none() {
            200_000
        } else {
            0
        },
    };
    // a spinner, not `\r` lines: indicatif draws nothing when stderr is a
    // log file, so the summary below stands on its own line there
    let reading = ProgressBar::new_spinner();
    reading.set_style(
        ProgressStyle::with_template("read {pos} positions [{elapsed_precise}]")
            .map_err(|e| e.to_string())?,
    );
    let loaded = load(
        &mut tee,
        seed,
        args.val_percent,
        args.max_positions,
        &mut |n| reading.set_position(n as u64),
    );
    reading.finish_and_clear();
    let (train_set, val_set): (TrainSet, TrainSet) = loaded.map_err(|e| e.to_string())?;
    eprintln!(
        "{} positions: {} training, {} validation (by game, seed {seed}), read in {:.1} s",
        train_set.len() + val_set.len(),
        train_set.len(),
        val_set.len(),
        started.elapsed().as_secs_f64()
    );
    if train_set.is_empty() {
        return Err("no training positions".into());
    }
    let mut best_val = resumed.as_ref().map_or(f64::INFINITY, |c| c.best_val);
    let (cfg, mut state) = match resumed {
        Some(c) => {
            if (c.n_train, c.n_val) != (train_set.len() as u64, val_set.len() as u64) {
                return Err(format!(
                    "the checkpoint was trained on {} + {} positions, this data has {} + {}",
                    c.n_train,
                    c.n_val,
                    train_set.len(),
                    val_set.len()
                ));
            }
            let cfg = TrainConfig {
                epochs: args.epochs.max(c.config.epochs),
                ..c.config
            };
            eprintln!("resuming after epoch {} of {}", c.state.epoch, cfg.epochs);
            (cfg, c.state)
        }
        None => {
            let k = args.k.unwrap_or_else(|| {
                let k = fitted_k(&tee.kept);
                eprintln!("K {k:.1} (fitted on {} positions)", tee.kept.len());
                k
            });
            let cfg = TrainConfig {
                epochs: args.epochs,
                batch: args.batch.max(1),
                lr: args.lr,
                final_lr_frac: args.final_lr,
                lambda: args.lambda,
                k,
                seed,
                adam: AdamConfig {
                    weight_decay: args.weight_decay,
                    ..AdamConfig::default()
                },
                buckets: args.buckets.unwrap_or_default(),
            };
            (cfg, TrainState::fresh(seed, cfg.buckets))
        }
    };
    eprintln!(
        "K {:.1} lambda {} batch {} lr {} -> {} epochs {} seed {} output buckets {} threads {}",
        cfg.k,
        cfg.lambda,
        cfg.batch,
        cfg.lr,
        cfg.lr * cfg.final_lr_frac,
        cfg.epochs,
        cfg.seed,
        cfg.buckets,
        rayon::current_num_threads()
    );
    let bar = ProgressBar::new(train_set.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "epoch {msg} [{elapsed_precise}] [{bar:40}] {pos}/{len} positions ({eta})",
        )
        .map_err(|e| e.to_string())?,
    );
    bar.set_message(format!("{}", state.epoch + 1));
    let until = args.stop_after.unwrap_or(cfg.epochs);
    let n_train = train_set.len();
    let mut best_params: Option<Vec<f32>> = None;
    train(
        &train_set,
        &val_set,
        &cfg,
        &mut state,
        until,
        &mut |done| bar.set_position(done as u64),
        &mut |report: &EpochReport, st: &TrainState| -> Result<(), String> {
            bar.suspend(|| print_epoch(report, n_train));
            bar.set_message(format!("{}", report.epoch + 1));
            bar.set_position(0);
            // the net file keeps the epoch with the lowest validation loss
            // (every epoch without a validation set)
            let improved = val_set.is_empty() || report.val_loss < best_val;
            if improved {
                best_val = report.val_loss;
                write_net(&args.out, &quantized(&st.params, cfg.buckets, &val_set))?;
                best_params = Some(st.params.clone());
                bar.suspend(|| {
                    eprintln!(
                        "  wrote {} (best validation loss so far)",
                        args.out.display()
                    )
                });
            }
            let ck = Checkpoint {
                config: cfg,
                state: st.clone(),
                n_train: n_train as u64,
                n_val: val_set.len() as u64,
                best_val,
            };
            ck.save(&ckpt_path)
                .map_err(|e| format!("{}: {e}", ckpt_path.display()))
        },
    )?;
    bar.finish_and_clear();
    if let Some(p) = &best_params {
        report_quantization(p, cfg.buckets, &val_set);
    }
    eprintln!(
        "{} holds the best epoch's net (validation loss {best_val:.6}); {} epochs done ({:.1} s in all)",
        args.out.display(),
        state.epoch,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The quantized net, its output biases corrected on up to 20 000
/// validation positions (`train::quantize::calibrate`).
fn quantized(params: &[f32], buckets: Buckets, val: &TrainSet) -> QuantizedNet {
    let mut net = quantize(params, buckets);
    calibrate(&mut net, params, val, 20_000);
    net
}

/// How far the written integer net's scores are from the float net's, on
/// (up to 100 000) validation positions.
fn report_quantization(params: &[f32], buckets: Buckets, val: &TrainSet) {
    let mut net = quantize(params, buckets);
    let shift = calibrate(&mut net, params, val, 20_000);
    eprintln!("output bias corrected by {shift:.2} cp for rounding");
    let n = val.len().min(100_000);
    let (mut sum, mut max, mut sigma) = (0.0f64, 0.0f32, 0.0f64);
    for i in 0..n {
        let (us, them) = val.features(i);
        let k = val.bucket(i, buckets);
        let float = forward(params, k, us, them) * SCALE as f32;
        let d = (float - int_score(&net, k, us, them) as f32).abs();
        sum += f64::from(d);
        max = max.max(d);
        sigma += f64::from(error_sigma(params, k, us, them));
    }
    if n > 0 {
        eprintln!(
            "integer vs float score on {n} validation positions: mean |diff| {:.2} cp, max {max:.1} cp (expected spread {:.2} cp)",
            sum / n as f64,
            sigma / n as f64
        );
    }
}

fn write_net(path: &Path, net: &QuantizedNet) -> Result<(), String> {
    let bytes = net.to_bytes();
    let tmp = path.with_extension("nnue.tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Sample positions for `net info`: the start, and the start with one of
/// Black's rooks (then also a horse) taken off, Red to move.
const SAMPLES: [(&str, &str); 4] = [
    (
        "start position, Red to move",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    ),
    (
        "start position, Black to move",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b",
    ),
    (
        "Red a rook up, Red to move",
        "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    ),
    (
        "Red a rook and a horse up",
        "2bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    ),
];

fn run_info(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let net = QuantizedNet::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let sum = u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().expect("8 bytes"));
    println!("{}: valid chuhe net, {} bytes", path.display(), bytes.len());
    println!("shape {INPUTS} inputs x {HIDDEN} hidden x 2 perspectives, QA {QA} QB {QB}");
    println!(
        "output buckets {} ({} output layer{}), mirror rule {:?}",
        net.buckets,
        net.buckets.count(),
        if net.buckets.count() == 1 { "" } else { "s" },
        net.rule
    );
    println!("checksum {sum:016x}");
    let stats = |name: &str, v: &[i16], clip: i32| {
        let max = v.iter().map(|&x| i32::from(x).abs()).max().unwrap_or(0);
        let mean = v.iter().map(|&x| f64::from(x).abs()).sum::<f64>() / v.len().max(1) as f64;
        let zeros = v.iter().filter(|&&x| x == 0).count();
        let at_clip = v.iter().filter(|&&x| i32::from(x).abs() >= clip).count();
        println!(
            "{name}: {} values, mean |x| {mean:.1}, max |x| {max}, zero {zeros}, at the clip ({clip}) {at_clip}",
            v.len()
        );
    };
    stats(
        "feature weights",
        &net.ft_weights,
        (FT_CLIP * QA as f32).round() as i32,
    );
    stats(
        "feature biases",
        &net.ft_bias,
        (FT_CLIP * QA as f32).round() as i32,
    );
    stats(
        "output weights",
        &net.out_weights,
        (OUT_CLIP * QB as f32).round() as i32,
    );
    for (k, &bias) in net.out_bias.iter().enumerate() {
        let which = if net.out_bias.len() == 1 {
            String::new()
        } else {
            format!(" of bucket {k}")
        };
        println!(
            "output bias{which} {bias} ({:.1} cp)",
            bias as f64 * 400.0 / (QA * QB) as f64
        );
    }
    for (name, fen) in SAMPLES {
        let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
        println!("{:>5} cp  {name}  ({fen})", int_score_of(&net, &pos));
    }
    Ok(())
}
