//! `chuhe play`: a game against the engine in the terminal (the logic is
//! in `chuhe::play`).

use super::build_options;
use chuhe::board::{Colour, START_FEN};
use chuhe::play::{PlayConfig, Session};
use chuhe::search::Limits;
use clap::Args;
use std::io::IsTerminal;
use std::process::ExitCode;

/// Arguments of `chuhe play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Play Red (the default).
    #[arg(long, conflicts_with = "black")]
    red: bool,
    /// Play Black.
    #[arg(long)]
    black: bool,
    /// Starting position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The engine's time per move in milliseconds (default 1000).
    #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// The engine searches to this depth instead of by time.
    #[arg(long, short, value_parser = clap::value_parser!(i32).range(1..=super::MAX_DEPTH), allow_negative_numbers = true)]
    depth: Option<i32>,
    /// alphabeta (the default) or iprobcut.
    #[arg(long)]
    algo: Option<String>,
    /// Any search option as key=value (see `chuhe search --list-options`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Do not use the built-in opening book.
    #[arg(long)]
    no_book: bool,
    /// No ANSI colours (also when NO_COLOR is set or stdout is not a terminal).
    #[arg(long)]
    no_color: bool,
    /// Seed of the book's random choice.
    #[arg(long)]
    seed: Option<u64>,
    /// The engine's strength level, 0 (weakest) to 20 (full strength, the
    /// default); see docs/strength-levels.md.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=chuhe::search::FULL_LEVEL as i64))]
    level: Option<u32>,
}

/// Runs `chuhe play`.
pub fn run(a: PlayArgs) -> ExitCode {
    let mut set = a.set.clone();
    if let Some(level) = a.level {
        set.push(format!("skill={level}"));
    }
    let options = match build_options(a.algo.as_deref(), false, &set, a.depth.is_some()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let limits = match a.depth {
        Some(d) => Limits::depth(d),
        None => Limits::movetime_ms(a.movetime.unwrap_or(1000)),
    };
    let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let config = PlayConfig {
        human: if a.black { Colour::Black } else { Colour::Red },
        fen: a.fen,
        limits,
        options,
        colour: !a.no_color && !no_color_env && std::io::stdout().is_terminal(),
        book: !a.no_book,
        echo: !std::io::stdin().is_terminal(),
        seed: a.seed,
        ..PlayConfig::default()
    };
    let mut session = match Session::new(config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    match session.run(stdin.lock(), &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
