//! `chuhe sigma`: measures σ, the spread between iProbcut's pre-evaluation
//! (a shallow search of a child) and a deeper search of the same child, as
//! ProbCut does: over the children of sample positions, fit
//! `deep ≈ a·shallow + b` and report the residual standard deviation along
//! with the plain standard deviation of `deep − shallow`.

use super::build_options;
use chuhe::board::Position;
use chuhe::search::{bench_positions, Algorithm, Limits, SearchControl, Searcher};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `chuhe sigma`.
#[derive(Args)]
pub struct SigmaArgs {
    /// Depth of the shallow (pre-evaluation) search of each child.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(i32).range(1..=super::MAX_DEPTH), allow_negative_numbers = true)]
    pre: i32,
    /// Depth of the deep search of each child.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(i32).range(1..=super::MAX_DEPTH), allow_negative_numbers = true)]
    deep: i32,
    /// Start from the paper configuration (paper profile, no quiescence).
    #[arg(long)]
    paper: bool,
    /// At most this many children per position (in generation order).
    #[arg(long, default_value_t = 12)]
    children: usize,
    /// Any search option as key=value.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

/// Sample positions: the built-in openings and the bench set.
fn samples() -> Vec<Position> {
    let mut out: Vec<Position> = include_str!("../../tests/data/openings.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').nth(1))
        .filter_map(|fen| Position::from_fen(fen).ok())
        .collect();
    out.extend(bench_positions());
    out
}

/// Runs `chuhe sigma`.
pub fn run(args: SigmaArgs) -> ExitCode {
    if args.pre >= args.deep {
        eprintln!(
            "error: --pre {} must be shallower than --deep {}: σ is the spread of a shallow search about a deeper one",
            args.pre, args.deep
        );
        return ExitCode::FAILURE;
    }
    let mut options = match build_options(Some("alphabeta"), args.paper, &args.set, true) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    options.algorithm = Algorithm::AlphaBeta;
    let mut searcher = Searcher::new(options);
    let control = SearchControl::new();
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    for pos in samples() {
        for &mv in pos.legal_moves().iter().take(args.children) {
            let mut child = pos.clone();
            child.make_move(mv);
            let mut value = |depth| {
                searcher.clear();
                -searcher
                    .search(&child, &Limits::depth(depth), &control, &[], &mut |_| {})
                    .score as f64
            };
            let shallow = value(args.pre);
            let deep = value(args.deep);
            // mate scores say nothing about the spread of normal scores
            if shallow.abs() < 5000.0 && deep.abs() < 5000.0 {
                pairs.push((shallow, deep));
            }
        }
    }
    let n = pairs.len() as f64;
    if n < 3.0 {
        eprintln!("error: too few samples");
        return ExitCode::FAILURE;
    }
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>() / n;
    let (mx, my) = (mean(&|p| p.0), mean(&|p| p.1));
    let sxx = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum::<f64>();
    let sxy = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum::<f64>();
    let a = if sxx > 0.0 { sxy / sxx } else { 1.0 };
    let b = my - a * mx;
    let resid = (pairs
        .iter()
        .map(|p| (p.1 - a * p.0 - b).powi(2))
        .sum::<f64>()
        / (n - 2.0))
        .sqrt();
    let md = mean(&|p| p.1 - p.0);
    let sd = (pairs.iter().map(|p| (p.1 - p.0 - md).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    println!("pairs {}", pairs.len());
    println!("fit deep = {a:.3} * shallow + {b:.1}");
    println!("sigma_fit {resid:.1}");
    println!("sigma_diff {sd:.1} (mean deep-shallow {md:.1})");
    ExitCode::SUCCESS
}
