//! The `chuhe` command line: with no subcommand it speaks UCCI / xiangqi UCI
//! on stdin/stdout; subcommands run tools (perft, ...).

use chuhe::board::{perft, perft_divide, Move, Position, START_FEN};
use chuhe::search::{
    mate_distance, run_bench, Limits, SearchControl, SearchEvent, SearchOptions, Searcher,
};
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
    /// Search one position and print info lines and the best move.
    Search {
        /// Position to search (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Moves (ICCS) played from the FEN before searching.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// iprobcut or alphabeta.
        #[arg(long)]
        algo: Option<String>,
        /// Fixed depth.
        #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
        depth: Option<i32>,
        /// Fixed time in milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Node budget.
        #[arg(long)]
        nodes: Option<u64>,
        /// Start from the paper's configuration of the algorithm.
        #[arg(long)]
        paper: bool,
        /// Any search option as key=value (see `chuhe search --list-options`).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
        /// Print the option names and exit.
        #[arg(long)]
        list_options: bool,
    },
    /// Play a match between two players (see docs/arena.md).
    Arena(Box<chuhe::arena::ArenaArgs>),
    /// Search a fixed set of positions; the last line is `<nodes> nodes <nps> nps`.
    Bench {
        /// Depth of each search.
        #[arg(long, short, default_value_t = 8)]
        depth: i32,
        /// iprobcut or alphabeta.
        #[arg(long)]
        algo: Option<String>,
        /// Any search option as key=value.
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
    },
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft { depth, fen, divide }) => run_perft(depth, &fen, divide),
        Some(Command::Search {
            fen,
            moves,
            algo,
            depth,
            movetime,
            nodes,
            paper,
            set,
            list_options,
        }) => {
            if list_options {
                for (k, help) in SearchOptions::KEYS {
                    println!("{k:16} {help}");
                }
                return ExitCode::SUCCESS;
            }
            let limits = Limits {
                depth,
                movetime: movetime.map(std::time::Duration::from_millis),
                nodes,
                ..Limits::default()
            };
            let limits = if limits == Limits::default() {
                Limits::depth(6)
            } else {
                limits
            };
            run_search(&fen, &moves, algo.as_deref(), paper, &set, &limits)
        }
        Some(Command::Bench { depth, algo, set }) => {
            match build_options(algo.as_deref(), false, &set) {
                Ok(options) => {
                    let r = run_bench(&options, depth);
                    eprintln!("bench: depth {depth}, {} evals, {} ms", r.evals, r.time_ms);
                    println!("{} nodes {} nps", r.nodes, r.nps);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Arena(args)) => match chuhe::arena::run(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
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

/// Builds search options from an algorithm name, the paper switch and
/// `key=value` settings.
fn build_options(algo: Option<&str>, paper: bool, set: &[String]) -> Result<SearchOptions, String> {
    use chuhe::search::Algorithm;
    let algorithm: Option<Algorithm> = algo.map(str::parse).transpose()?;
    let mut options = match (paper, algorithm) {
        (true, Some(Algorithm::AlphaBeta)) => SearchOptions::paper_alphabeta(),
        (true, _) => SearchOptions::paper_iprobcut(),
        (false, _) => SearchOptions::default(),
    };
    if let Some(a) = algorithm {
        options.algorithm = a;
    }
    for kv in set {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("'{kv}' is not key=value"))?;
        options.set(k, v)?;
    }
    Ok(options)
}

fn run_search(
    fen: &str,
    moves: &[String],
    algo: Option<&str>,
    paper: bool,
    set: &[String],
    limits: &Limits,
) -> ExitCode {
    let options = match build_options(algo, paper, set) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad FEN: {e}");
            return ExitCode::FAILURE;
        }
    };
    for text in moves {
        match Move::from_iccs(text) {
            Ok(mv) if pos.is_legal(mv) => pos.make_move(mv),
            Ok(mv) => {
                eprintln!("error: {mv} is not legal in {}", pos.to_fen());
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut searcher = Searcher::new(options);
    let control = SearchControl::new();
    let result = searcher.search(&pos, limits, &control, &[], &mut |event| {
        let SearchEvent::Iteration(info) = event;
        let score = match mate_distance(info.score) {
            Some(d) => format!("mate {d}"),
            None => info.score.to_string(),
        };
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "info depth {} score {} time {} nodes {} nps {} evals {} pre {} pruned {} pv {}",
            info.depth,
            score,
            info.time_ms,
            info.stats.nodes,
            info.nps,
            info.stats.evals,
            info.stats.pre_searches,
            info.stats.pruned,
            pv.join(" ")
        );
    });
    match result.best_move {
        Some(mv) => println!("bestmove {mv}"),
        None => println!("nobestmove"),
    }
    println!(
        "nodes {} evals {} time {}",
        result.stats.nodes, result.stats.evals, result.time_ms
    );
    ExitCode::SUCCESS
}
