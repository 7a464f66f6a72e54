//! `chuhe perft`: leaf counts of the legal move tree.

use chuhe::board::{perft, perft_divide, Position, START_FEN};
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `chuhe perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// Depth in plies.
    #[arg(long, short)]
    depth: u32,
    /// Position to start from (default: the start position).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// One line per legal root move, `<move>: <count>`.
    #[arg(long)]
    divide: bool,
}

/// Runs `chuhe perft`.
pub fn run(args: PerftArgs) -> ExitCode {
    run_perft(args.depth, &args.fen, args.divide)
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
