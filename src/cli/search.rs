//! `chuhe search` and `chuhe bench`.

use super::{build_options, position_with_moves};
use chuhe::board::START_FEN;
use chuhe::search::{mate_distance, run_bench, Limits, SearchControl, SearchEvent, Searcher};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `chuhe search`.
#[derive(Args)]
pub struct SearchArgs {
    /// Position to search (default: the start position).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Moves (ICCS) played from the FEN before searching.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// alphabeta (the default) or iprobcut.
    #[arg(long)]
    algo: Option<String>,
    /// Fixed depth.
    #[arg(long, short, conflicts_with_all = ["movetime", "nodes"], value_parser = clap::value_parser!(i32).range(1..=super::MAX_DEPTH), allow_negative_numbers = true)]
    depth: Option<i32>,
    /// Fixed time in milliseconds.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Node budget.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
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
    /// Print the search tunables (name, default, min, max, SPSA step) and
    /// exit.
    #[arg(long)]
    list_tunables: bool,
    /// Print the search switches as the markdown table of docs/search.md
    /// (play, `--paper` and `go mate` values, group, help, record) and exit.
    #[arg(long)]
    list_switches: bool,
    /// With `--list-tunables`: as the markdown table of docs/tunables.md.
    #[arg(long, requires = "list_tunables")]
    markdown: bool,
}

/// Arguments of `chuhe bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Depth of each search.
    #[arg(long, short, default_value_t = 8, value_parser = clap::value_parser!(i32).range(1..=super::MAX_DEPTH), allow_negative_numbers = true)]
    depth: i32,
    /// alphabeta (the default) or iprobcut.
    #[arg(long)]
    algo: Option<String>,
    /// Any search option as key=value.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Search threads (lazy SMP; default 1, or `--set threads=N`). With
    /// more than one the node count is no longer a signature; compare the
    /// nodes per second.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=chuhe::search::MAX_THREADS as u64))]
    threads: Option<u64>,
}

/// Runs `chuhe search`.
pub fn run_search_command(a: SearchArgs) -> ExitCode {
    if a.list_options {
        for def in chuhe::engine::table::TABLE.iter() {
            println!("{}", def.list_line());
        }
        return ExitCode::SUCCESS;
    }
    if a.list_switches {
        print!("{}", chuhe::search::Switches::markdown_table());
        return ExitCode::SUCCESS;
    }
    if a.list_tunables {
        if a.markdown {
            print!("{}", chuhe::search::Tunables::markdown_table());
        } else {
            for t in chuhe::search::TUNABLES {
                println!("{} {} {} {} {}", t.name, t.default, t.min, t.max, t.step);
            }
        }
        return ExitCode::SUCCESS;
    }
    let limits = Limits {
        depth: a.depth,
        movetime: a.movetime.map(std::time::Duration::from_millis),
        nodes: a.nodes,
        ..Limits::default()
    };
    let limits = if limits == Limits::default() {
        Limits::depth(6)
    } else {
        limits
    };
    run_search(
        &a.fen,
        &a.moves,
        a.algo.as_deref(),
        a.paper,
        &a.set,
        &limits,
    )
}

/// Runs `chuhe bench`: the last line is `<nodes> nodes <nps> nps`.
pub fn run_bench_command(a: BenchArgs) -> ExitCode {
    match build_options(a.algo.as_deref(), false, &a.set, true) {
        Ok(mut options) => {
            if let Some(t) = a.threads {
                options.threads = t as usize;
            }
            let r = run_bench(&options, a.depth);
            eprintln!(
                "bench: depth {}, {} thread(s), {} evals, {} ms",
                a.depth, options.threads, r.evals, r.time_ms
            );
            println!("{} nodes {} nps", r.nodes, r.nps);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_search(
    fen: &str,
    moves: &[String],
    algo: Option<&str>,
    paper: bool,
    set: &[String],
    limits: &Limits,
) -> ExitCode {
    let options = match build_options(
        algo,
        paper,
        set,
        limits.depth.is_some() && limits.movetime.is_none() && limits.nodes.is_none(),
    ) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let pos = match position_with_moves(fen, moves.iter().map(String::as_str)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
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
            "info depth {} score {} time {} nodes {} nps {} evals {} pre {} prenodes {} pruned {} singular {} singularnodes {} pv {}",
            info.depth,
            score,
            info.time_ms,
            info.stats.nodes,
            info.nps,
            info.stats.evals,
            info.stats.pre_searches,
            info.stats.pre_nodes,
            info.stats.pruned,
            info.stats.singular_searches,
            info.stats.singular_nodes,
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
