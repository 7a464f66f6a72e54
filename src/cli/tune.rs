//! `chuhe tune`: fits the `default` profile's parameters to training data
//! (see `chuhe::tune`) and writes them as `src/eval/params.rs`.

use super::numbers;
use chuhe::eval::hand::HAND;
use chuhe::eval::layout::{group_mask, N_PARAMS};
use chuhe::eval::params::{EG, MG, WDL};
use chuhe::tune::data::{read_any, Sample};
use chuhe::tune::dataset::{split, Dataset};
use chuhe::tune::emit::{params_source, write_formatted};
use chuhe::tune::fit::{fit, fit_k, loss, FitConfig};
use chuhe::tune::wdlfit::{fit_wdl, nll, points};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `chuhe tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// Data files written by `chuhe datagen` (text or games format, plain
    /// or xz-compressed).
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Only report K and the losses of the hand-set and the current
    /// parameters on the training and the held-out 10 %.
    #[arg(long)]
    check: bool,
    /// Full-batch Adam steps.
    #[arg(long, default_value_t = 600)]
    epochs: usize,
    /// Starting step size (centipawns), falling linearly to a tenth.
    #[arg(long, default_value_t = 2.0, value_parser = numbers::positive::<f64>, allow_negative_numbers = true)]
    lr: f64,
    /// Weight of the game result in the target; the rest is σ(score/K).
    #[arg(long, default_value_t = 1.0, value_parser = numbers::fraction::<f64>, allow_negative_numbers = true)]
    lambda: f64,
    /// L2 pull toward the starting values.
    #[arg(long, default_value_t = 0.0, value_parser = numbers::non_negative::<f64>, allow_negative_numbers = true)]
    l2: f64,
    /// L2 pull of the piece-square entries (default: `--l2`).
    #[arg(long, value_parser = numbers::non_negative::<f64>, allow_negative_numbers = true)]
    l2_psq: Option<f64>,
    /// Start from the hand-set values (`hand`) or the compiled ones (`current`).
    #[arg(long, default_value = "hand")]
    start: String,
    /// Use at most this many positions (the first ones).
    #[arg(long)]
    max_positions: Option<usize>,
    /// Rayon threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Fit the evaluation as scaled for drawish material (`drawish` in
    /// the search): positions whose side ahead cannot mate are not
    /// explained by the linear terms.
    #[arg(long, default_value_t = chuhe::eval::drawish::DEFAULT_ON, action = clap::ArgAction::Set)]
    drawish: bool,
    /// Parameter groups kept at their starting values, to refit the other
    /// terms around them: names as in the generated `params.rs`, such as
    /// material or psq (an unknown name is answered with the list).
    #[arg(long, num_args = 1..)]
    freeze: Vec<String>,
    /// Where to write the tuned parameters.
    #[arg(long, default_value = "src/eval/params.rs")]
    out: PathBuf,
}

/// Runs `chuhe tune`.
pub fn run(args: TuneArgs) -> ExitCode {
    match run_inner(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn theta_of(mg: &[i16], eg: &[i16]) -> Vec<f64> {
    mg.iter().chain(eg).map(|&x| x as f64).collect()
}

fn run_inner(args: &TuneArgs) -> Result<(), String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build_global()
        .map_err(|e| e.to_string())?;
    // checked before the data is read
    let frozen = group_mask(&args.freeze)?;
    if !args.check {
        super::make_parent_dir(&args.out)?;
    }
    let started = Instant::now();
    let mut samples: Vec<Sample> = Vec::new();
    let mut header = Vec::new();
    for path in &args.data {
        let loaded = read_any(path).map_err(|e| e.to_string())?;
        for cmd in loaded.provenance.iter().take(1) {
            if cmd.starts_with("chuhe ") {
                header.push(format!("{cmd}  (data: {})", path.display()));
            }
        }
        samples.extend(loaded.samples);
    }
    if let Some(n) = args.max_positions {
        samples.truncate(n);
    }
    let (train_s, test_s) = split(&samples);
    // nothing to fit: stop before writing parameters fitted to no data
    if train_s.is_empty() {
        return Err(format!(
            "no training positions ({} read from {} file(s))",
            samples.len(),
            args.data.len()
        ));
    }
    let train = Dataset::from_samples(train_s.clone()).with_drawish(args.drawish);
    let test = Dataset::from_samples(test_s).with_drawish(args.drawish);
    eprintln!(
        "{} positions ({} training, {} held out) traced in {:.1} s",
        samples.len(),
        train.len(),
        test.len(),
        started.elapsed().as_secs_f64()
    );
    let hand = theta_of(&HAND, &HAND);
    let current = theta_of(&MG, &EG);
    let start = match args.start.as_str() {
        "hand" => hand.clone(),
        "current" => current.clone(),
        s => return Err(format!("unknown --start '{s}' (hand or current)")),
    };
    let k = fit_k(&train, &start, 10.0, 2000.0);
    println!("K {k:.1}");
    for (name, theta) in [("hand", &hand), ("current", &current)] {
        println!(
            "loss {name}: training {:.6} held-out {:.6}",
            loss(&train, theta, k),
            loss(&test, theta, k)
        );
    }
    if args.check {
        return Ok(());
    }
    let cfg = FitConfig {
        epochs: args.epochs,
        lr: args.lr,
        lambda: args.lambda,
        l2: args.l2,
        l2_psq: args.l2_psq,
    };
    let fit_start = Instant::now();
    let theta = fit(&train, &start, &frozen, k, &cfg, &mut |epoch, theta| {
        eprintln!(
            "epoch {epoch}: training {:.6} held-out {:.6} ({:.1} s)",
            loss(&train, theta, k),
            loss(&test, theta, k),
            fit_start.elapsed().as_secs_f64()
        );
    });
    let round = |x: f64| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
    let mg: Vec<i16> = theta[..N_PARAMS].iter().map(|&x| round(x)).collect();
    let eg: Vec<i16> = theta[N_PARAMS..].iter().map(|&x| round(x)).collect();
    let tuned = theta_of(&mg, &eg);
    let (train_loss, test_loss) = (loss(&train, &tuned, k), loss(&test, &tuned, k));
    println!("loss tuned: training {train_loss:.6} held-out {test_loss:.6}");
    let pts = points(&samples);
    let wdl = fit_wdl(&pts, WDL, 300);
    println!(
        "wdl [{:.1}, {:.1}, {:.1}, {:.1}] nll {:.6} (was {:.6}, {} points)",
        wdl[0],
        wdl[1],
        wdl[2],
        wdl[3],
        nll(&pts, &wdl),
        nll(&pts, &WDL),
        pts.len()
    );
    let argv: Vec<String> = std::env::args().collect();
    header.push(argv.join(" "));
    header.push(format!(
        "{} positions, K = {k:.1}, {} epochs; held-out loss {:.6} (hand-set {:.6})",
        samples.len(),
        args.epochs,
        test_loss,
        loss(&test, &hand, k)
    ));
    write_formatted(&args.out, &params_source(&header, &mg, &eg, &wdl))
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    eprintln!(
        "wrote {} in {:.1} s",
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
