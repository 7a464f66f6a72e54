//! `chuhe eval`: the game phase, the win/draw/loss chances of the static
//! score, and the five parts of the static evaluation.

use chuhe::board::{Position, START_FEN};
use chuhe::eval::wdl::wdl_permille;
use chuhe::eval::{Evaluator, Profile};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `chuhe eval`.
#[derive(Args)]
pub struct EvalArgs {
    /// Position to evaluate (default: the start position).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Evaluation profile: `paper` or `default`.
    #[arg(long, default_value = "default")]
    profile: Profile,
}

/// Runs `chuhe eval`.
pub fn run(args: EvalArgs) -> ExitCode {
    run_eval(&args.fen, args.profile)
}

fn run_eval(fen: &str, profile: Profile) -> ExitCode {
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad FEN: {e}");
            return ExitCode::FAILURE;
        }
    };
    let evaluator = Evaluator::new(profile);
    evaluator.install(&mut pos);
    let breakdown = evaluator.breakdown(&pos);
    let phase = Evaluator::phase(&pos);
    println!("phase {phase}");
    if profile == Profile::Default {
        let [w, d, l] = wdl_permille(breakdown.total, phase);
        println!("wdl {w} {d} {l} (permille, side to move)");
    }
    println!("{breakdown}");
    ExitCode::SUCCESS
}
