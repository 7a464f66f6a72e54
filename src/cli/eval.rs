//! `chuhe eval`: the game phase, the win/draw/loss chances of the static
//! score, and the five parts of the static evaluation; with `--eval net`,
//! the network's score instead (the five parts' total beside it).

use chuhe::board::{Colour, Position, START_FEN};
use chuhe::eval::drawish::{scale, FULL};
use chuhe::eval::nnue::{EvalKind, NetChoice};
use chuhe::eval::wdl::wdl_permille;
use chuhe::eval::{EvalCounter, Evaluator, Profile};
use chuhe::search::wdl_permille as search_wdl;
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
    /// Evaluator: `net` (the network, the engine's default) or `classic`
    /// (the five parts; the `paper` profile always uses them), as the
    /// `eval` option.
    #[arg(long)]
    eval: Option<EvalKind>,
    /// Net file for `--eval net` (default: the embedded net), as the
    /// `evalfile` option; a missing or bad file is an error.
    #[arg(long, value_name = "PATH")]
    evalfile: Option<String>,
}

/// Runs `chuhe eval`.
pub fn run(args: EvalArgs) -> ExitCode {
    // as the engine: the net unless the paper profile is asked for
    let eval = args.eval.unwrap_or(match args.profile {
        Profile::Paper => EvalKind::Classic,
        _ => EvalKind::Net,
    });
    let net = match (&args.evalfile, eval) {
        (Some(path), EvalKind::Net) => match NetChoice::load(path) {
            Ok(net) => Some(net),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
        (Some(_), EvalKind::Classic) => {
            eprintln!("error: --evalfile needs --eval net");
            return ExitCode::FAILURE;
        }
        (None, EvalKind::Net) => Some(NetChoice::embedded()),
        (None, EvalKind::Classic) => None,
    };
    if net.is_some() && args.profile == Profile::Paper {
        eprintln!("note: the paper profile always uses the five parts; --eval net ignored");
    }
    run_eval(&args.fen, args.profile, args.drawish, net)
}

fn run_eval(fen: &str, profile: Profile, drawish: bool, net: Option<NetChoice>) -> ExitCode {
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad FEN: {e}");
            return ExitCode::FAILURE;
        }
    };
    let classic = Evaluator::new(profile).with_drawish(drawish);
    let evaluator = classic.clone().with_net(net.map(|n| n.network()));
    evaluator.install(&mut pos);
    let phase = Evaluator::phase(&pos);
    println!("phase {phase}");
    if let Some(net) = evaluator.net() {
        // the score the search plays with, and its WDL by the same model
        // as the `info ... wdl` lines
        let score = evaluator.evaluate(&pos, &mut EvalCounter::default());
        let [w, d, l] = search_wdl(score, phase);
        println!("wdl {w} {d} {l} (permille, side to move)");
        println!("net {}", net.source());
        println!("red {} (Red's view)", score * pos.side_to_move().sign());
        println!(
            "classic {} (side to move, the five parts; not playing)",
            classic.breakdown(&pos).total
        );
        println!("total {score}");
        return ExitCode::SUCCESS;
    }
    let breakdown = evaluator.breakdown(&pos);
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
