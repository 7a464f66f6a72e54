//! `chuhe datagen`: self-play training positions (see `chuhe::tune`),
//! appended to a data file; also imports recorded arena games.

use chuhe::search::SearchOptions;
use chuhe::tune::data::games_in;
use chuhe::tune::datagen::{play_game, DatagenConfig};
use chuhe::tune::import;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chuhe datagen`.
#[derive(Args)]
pub struct DatagenArgs {
    /// Data file to append to (created if missing; a run resumes after the
    /// games already in it).
    #[arg(long)]
    out: PathBuf,
    /// Number of games to add.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Base seed (game i is seeded from it and i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Fixed depth per move instead of nodes.
    #[arg(long)]
    depth: Option<i32>,
    /// Random plies at the start: `N` or `MIN-MAX`.
    #[arg(long, default_value = "6-10")]
    random_plies: String,
    /// Play built-in book moves (weighted at random) before the random plies.
    #[arg(long)]
    book: bool,
    /// Games played in parallel (rayon threads).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Longest game in plies (then a draw).
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Search settings of the players, `key=value` (see `chuhe search --list-options`).
    #[arg(long = "set")]
    set: Vec<String>,
    /// Instead of playing, import recorded games: an arena output directory
    /// (games.jsonl + moves.jsonl) or PGN files.
    #[arg(long, num_args = 1..)]
    import: Vec<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad --random-plies '{s}' (N or MIN-MAX)");
    match s.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            );
            if a > b {
                return Err(bad());
            }
            Ok((a, b))
        }
        None => {
            let n = s.trim().parse().map_err(|_| bad())?;
            Ok((n, n))
        }
    }
}

/// The command line that plays the same games as `args` (the data file's
/// first line, so a file says how to regenerate or extend it): only the
/// options that decide the games, each spelt as the command line takes it.
fn provenance_command(args: &DatagenArgs) -> String {
    let mut cmd = format!("chuhe datagen --seed {}", args.seed);
    match args.depth {
        Some(depth) => cmd += &format!(" --depth {depth}"),
        None => cmd += &format!(" --nodes {}", args.nodes),
    }
    cmd += &format!(
        " --random-plies {} --max-plies {}",
        args.random_plies, args.max_plies
    );
    if args.book {
        cmd += " --book";
    }
    for kv in &args.set {
        cmd += &format!(" --set {kv}");
    }
    cmd
}

/// Runs `chuhe datagen`.
pub fn run(args: DatagenArgs) -> ExitCode {
    match run_inner(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_inner(args: DatagenArgs) -> Result<(), String> {
    let mut options = SearchOptions {
        hash_mb: 16,
        ..SearchOptions::default()
    };
    for kv in &args.set {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("'{kv}' is not key=value"))?;
        options.set(k, v).map_err(|e| e.to_string())?;
    }
    let next_game = match File::open(&args.out) {
        Ok(f) => games_in(BufReader::new(f))
            .map_err(|e| format!("{}: {e}", args.out.display()))?
            .1
            .map_or(0, |g| g + 1),
        Err(_) => 0,
    };
    let mut out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    if !args.import.is_empty() {
        let games = import::import_paths(&args.import, next_game, &options)?;
        let n: usize = games.iter().map(|g| g.positions.len()).sum();
        for g in &games {
            out.write_all(g.to_text().as_bytes())
                .map_err(|e| e.to_string())?;
        }
        eprintln!("imported {} games, {n} positions", games.len());
        return Ok(());
    }
    let cfg = DatagenConfig {
        seed: args.seed,
        nodes: args.nodes,
        depth: args.depth,
        random_plies: parse_range(&args.random_plies)?,
        book: args.book,
        max_plies: args.max_plies,
        options,
        ..DatagenConfig::default()
    };
    if next_game == 0 {
        let header = format!("# {}\n", provenance_command(&args));
        out.write_all(header.as_bytes())
            .map_err(|e| e.to_string())?;
    } else {
        eprintln!("resuming at game {next_game}");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games {msg} (eta {eta})",
        )
        .map_err(|e| e.to_string())?
        .progress_chars("=> "),
    );
    let mut positions = 0usize;
    // games are played in chunks and written in order, so the file does not
    // depend on the thread count
    let chunk = (args.threads.max(1) * 4) as u64;
    let mut first = next_game;
    let end = next_game + args.games;
    while first < end {
        let last = (first + chunk).min(end);
        let games: Vec<_> = pool.install(|| {
            (first..last)
                .into_par_iter()
                .map(|g| play_game(&cfg, g))
                .collect()
        });
        for g in &games {
            positions += g.positions.len();
            out.write_all(g.to_text().as_bytes())
                .map_err(|e| e.to_string())?;
        }
        out.flush().map_err(|e| e.to_string())?;
        bar.inc(last - first);
        bar.set_message(format!("{positions} positions"));
        first = last;
    }
    bar.finish();
    eprintln!("{} games, {positions} positions", args.games);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        datagen: DatagenArgs,
    }

    fn parse(words: &[&str]) -> DatagenArgs {
        Cli::try_parse_from(std::iter::once("datagen").chain(words.iter().copied()))
            .expect("arguments parse")
            .datagen
    }

    /// The header is a command the CLI accepts, and it plays the same games:
    /// parsed back it gives the same header.
    #[test]
    fn provenance_header_parses_back_to_itself() {
        for words in [
            &[
                "--out",
                "x.txt",
                "--depth",
                "8",
                "--book",
                "--seed",
                "2801",
                "--random-plies",
                "4-8",
            ][..],
            &[
                "--out",
                "x.txt",
                "--nodes",
                "20000",
                "--set",
                "histstats=false",
                "--set",
                "hash=32",
            ][..],
            &["--out", "x.txt"][..],
        ] {
            let header = provenance_command(&parse(words));
            let tokens: Vec<&str> = header.split_whitespace().collect();
            assert_eq!(&tokens[..2], ["chuhe", "datagen"], "{header}");
            let mut again = vec!["--out", "y.txt"];
            again.extend(&tokens[2..]);
            let reparsed = parse(&again);
            assert_eq!(provenance_command(&reparsed), header);
            assert!(
                !header.contains("Some(") && !header.contains('['),
                "{header}"
            );
        }
        let deep = provenance_command(&parse(&["--out", "x", "--depth", "8", "--book"]));
        assert!(
            deep.contains("--depth 8") && !deep.contains("--nodes"),
            "{deep}"
        );
        assert!(deep.contains(" --book"), "{deep}");
    }
}
