//! `chuhe eval`: the game phase, the win/draw/loss chances of the static
//! score, and the five parts of the static evaluation.

use chuhe::board::{Colour, Position, START_FEN};
use chuhe::eval::drawish::{scale, FULL};
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
    /// Scale the `default` score toward a draw where the side ahead
    /// cannot mate the defenders it faces (`drawish` in the search).
    #[arg(long, default_value_t = chuhe::eval::drawish::DEFAULT_ON, action = clap::ArgAction::Set)]
    drawish: bool,
}

/// Runs `chuhe eval`.
pub fn run(args: EvalArgs) -> ExitCode {
    run_eval(&args.fen, args.profile, args.drawish)
}

fn run_eval(fen: &str, profile: Profile, drawish: bool) -> ExitCode {
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad FEN: {e}");
            return ExitCode::FAILURE;
        }
    };
    let evaluator = Evaluator::new(profile).with_drawish(drawish);
    evaluator.install(&mut pos);
    let breakdown = evaluator.breakdown(&pos);
    let phase = Evaluator::phase(&pos);
    println!("phase {phase}");
    if profile == Profile::Default {
        let [w, d, l] = wdl_permille(breakdown.total, phase);
        println!("wdl {w} {d} {l} (permille, side to move)");
        if drawish {
            for side in [Colour::Red, Colour::Black] {
                let k = scale(&pos, side);
                if k != FULL {
                    println!("drawish {side:?} ahead: score scaled by {k}/{FULL}");
                }
            }
        }
    }
    println!("{breakdown}");
    ExitCode::SUCCESS
}
