//! The `chuhe` command line: with no subcommand it speaks UCCI / xiangqi UCI
//! on stdin/stdout; subcommands run tools (perft, search, bench, eval,
//! book, ...). Each subcommand lives in its own module under `cli/`.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "chuhe",
    version,
    about = "chuhe (楚河): a xiangqi engine",
    long_about = "chuhe (楚河): a xiangqi (Chinese chess) engine.\n\n\
        With no subcommand chuhe speaks UCCI or xiangqi UCI on stdin/stdout, \
        as GUIs and match referees expect: the first `ucci` or `uci` picks \
        the dialect, and `help` lists the protocol commands.",
    after_help = "With no subcommand, chuhe reads UCCI / UCI commands on stdin \
        (start with `ucci` or `uci`; `help` lists the commands)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree.
    Perft(cli::perft::PerftArgs),
    /// Search one position and print info lines and the best move.
    Search(cli::search::SearchArgs),
    /// Search a fixed set of positions; the last line is `<nodes> nodes <nps> nps`.
    Bench(cli::search::BenchArgs),
    /// Print the static evaluation: by default the network's score (the
    /// engine's evaluator); with `--eval classic` or `--profile paper` the
    /// five parts (raw score from Red's view, weight, weighted) and their
    /// total from the side to move's view.
    Eval(cli::eval::EvalArgs),
    /// Play a match between two players (see docs/arena.md).
    Arena(Box<chuhe::arena::ArenaArgs>),
    /// Measure iProbcut's sigma: spread between shallow and deep scores.
    Sigma(cli::sigma::SigmaArgs),
    /// Measure how well iProbcut's steps choose against a full-width
    /// search of the same depth (docs/iprobcut-quality.md).
    IpcQuality(cli::quality::QualityArgs),
    /// Play a game against the engine in the terminal.
    Play(cli::play::PlayArgs),
    /// Self-play training data for `net train` and `tune` (or import
    /// recorded games).
    Datagen(cli::datagen::DatagenArgs),
    /// Fit the default profile's parameters to training data.
    Tune(cli::tune::TuneArgs),
    /// Tune search tunables by SPSA self-play (see docs/spsa.md).
    Spsa(cli::spsa::SpsaArgs),
    /// The evaluation network: train one, inspect a net file.
    Net {
        #[command(subcommand)]
        command: cli::net::NetCommand,
    },
    /// Opening book tools: probe, statistics, build.
    Book {
        #[command(subcommand)]
        command: cli::book::BookCommand,
    },
}

/// Whether `command` only computes and prints: it writes to no engine or
/// other program whose pipe could close under it (`xz` and `rustfmt`,
/// which some start, are only read from or waited for).
fn prints_only(command: &Option<Command>) -> bool {
    matches!(
        command,
        Some(
            Command::Perft(_)
                | Command::Search(_)
                | Command::Bench(_)
                | Command::Eval(_)
                | Command::Book { .. }
                | Command::Net { .. }
                | Command::Sigma(_)
                | Command::IpcQuality(_)
                | Command::Datagen(_)
                | Command::Tune(_)
                | Command::Spsa(_)
        )
    )
}

/// Lets a printing subcommand end as Unix tools do when its reader goes
/// (`chuhe perft 5 --divide | head`): Rust ignores SIGPIPE, so `println!`
/// would panic on the broken pipe; with the default action the process
/// just stops. Not for the protocol loop or the arena, which talk to
/// other programs and handle a closed pipe as an error.
fn stop_quietly_when_the_reader_goes() {
    #[cfg(unix)]
    // SAFETY: called at start-up, before any thread exists; restoring a
    // signal's default action touches no Rust state.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    if prints_only(&cli.command) {
        stop_quietly_when_the_reader_goes();
    }
    match cli.command {
        Some(Command::Perft(args)) => cli::perft::run(args),
        Some(Command::Search(args)) => cli::search::run_search_command(args),
        Some(Command::Bench(args)) => cli::search::run_bench_command(args),
        Some(Command::Eval(args)) => cli::eval::run(args),
        Some(Command::Play(args)) => cli::play::run(args),
        Some(Command::Book { command }) => cli::book::run(command),
        Some(Command::Net { command }) => cli::net::run(command),
        Some(Command::Sigma(args)) => cli::sigma::run(args),
        Some(Command::IpcQuality(args)) => cli::quality::run(args),
        Some(Command::Datagen(args)) => cli::datagen::run(args),
        Some(Command::Tune(args)) => cli::tune::run(args),
        Some(Command::Spsa(args)) => cli::spsa::run(args),
        Some(Command::Arena(args)) => match chuhe::arena::run(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            chuhe::protocol::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
            ExitCode::SUCCESS
        }
    }
}
