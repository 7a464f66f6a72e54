//! The `chuhe` command line: with no subcommand it speaks UCCI / xiangqi UCI
//! on stdin/stdout; subcommands run tools (perft, ...).

use chuhe::board::{perft, perft_divide, Position, START_FEN};
use chuhe::eval::{Evaluator, Profile};
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "chuhe", version, about = "chuhe (楚河): a xiangqi engine")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree.
    Perft {
        /// Depth in plies.
        #[arg(long, short)]
        depth: u32,
        /// Position to start from (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// One line per legal root move, `<move>: <count>`.
        #[arg(long)]
        divide: bool,
    },
    /// Print the static evaluation: the five parts (raw score from Red's
    /// view, weight, weighted) and the total from the side to move's view.
    Eval {
        /// Position to evaluate (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Evaluation profile: `paper` or `default`.
        #[arg(long, default_value = "default")]
        profile: Profile,
    },
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft { depth, fen, divide }) => run_perft(depth, &fen, divide),
        Some(Command::Eval { fen, profile }) => run_eval(&fen, profile),
        None => {
            eprintln!("protocol loop not built yet");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(depth: u32, fen: &str, divide: bool) -> ExitCode {
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad FEN: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let total = if divide {
        let rows = perft_divide(&mut pos, depth);
        for (mv, n) in &rows {
            println!("{mv}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {total}");
    eprintln!(
        "time {:.3} s, {:.1} M leaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
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
    println!("{}", evaluator.breakdown(&pos));
    ExitCode::SUCCESS
}
