//! `chuhe datagen`: self-play training games (see `chuhe::tune`), appended
//! to a data file in the compact games format or the text format; also
//! imports recorded arena games (text) and sums up data files (`--stats`).

use chuhe::search::{SearchOptions, Searcher};
use chuhe::tune::data::{games_in, parse_text_line, TextLine};
use chuhe::tune::datagen::{play_full_game, play_full_game_with, DatagenConfig};
use chuhe::tune::games::{segment_header, summarize, summarize_games};
use chuhe::tune::import;
use chuhe::tune::input::{is_xz, open, Opened};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Mutex;

/// Games each thread plays in one chunk (see `run_inner`).
const GAMES_A_THREAD_PER_CHUNK: usize = 32;

/// The data file's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Whole games, a move and a score in 4 bytes (`chuhe::tune::games`).
    Games,
    /// One FEN line a kept position (`chuhe::tune::data`).
    Text,
}

/// Arguments of `chuhe datagen`.
#[derive(Args)]
pub struct DatagenArgs {
    /// Data file to append to (created if missing; a run resumes after the
    /// last complete game in it).
    #[arg(long, required_unless_present = "stats")]
    out: Option<PathBuf>,
    /// Format of a new file (an existing file keeps its own; default games).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Instead of playing, sum up data files: games, positions, bytes a
    /// position (raw and xz -9).
    #[arg(long, num_args = 1.., conflicts_with = "import")]
    stats: Vec<PathBuf>,
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
    #[arg(long, short)]
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
    /// (games.jsonl + moves.jsonl) or PGN files (`.pgn`, or a kept
    /// record's `games.pgn.xz`, read through `xz -dc`).
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

/// Where a run starts in an existing file: its format and the next game.
/// A games file whose last game was cut off (a run killed while writing)
/// is cut back to its last complete game.
fn resume_point(path: &Path, asked: Option<Format>) -> Result<(Format, u64), String> {
    let shown = |e: std::io::Error| format!("{}: {e}", path.display());
    let len = match std::fs::metadata(path) {
        Ok(m) => m.len(),
        Err(_) => return Ok((asked.unwrap_or(Format::Games), 0)),
    };
    if len == 0 {
        return Ok((asked.unwrap_or(Format::Games), 0));
    }
    let mut head = [0u8; 6];
    let n = File::open(path)
        .map_err(shown)?
        .read(&mut head)
        .map_err(shown)?;
    if head[..n].starts_with(&[0xfd, b'7', b'z', b'X', b'Z']) {
        return Err(format!(
            "{} is xz-compressed: decompress it (xz -dk) to extend it",
            path.display()
        ));
    }
    let (format, next) = match open(path).map_err(shown)? {
        Opened::Games(_) => {
            let s = summarize(BufReader::new(File::open(path).map_err(shown)?)).map_err(shown)?;
            if s.complete_bytes < len {
                eprintln!(
                    "{}: cutting off an incomplete last game ({} bytes)",
                    path.display(),
                    len - s.complete_bytes
                );
                let f = OpenOptions::new().write(true).open(path).map_err(shown)?;
                f.set_len(s.complete_bytes).map_err(shown)?;
            }
            (Format::Games, s.last_game.map_or(0, |g| g + 1))
        }
        Opened::Text(r) => (
            Format::Text,
            games_in(r).map_err(shown)?.1.map_or(0, |g| g + 1),
        ),
    };
    match asked {
        Some(f) if f != format => Err(format!(
            "{} is in the {format:?} format, not {f:?}",
            path.display()
        )),
        _ => Ok((format, next)),
    }
}

/// `datagen --stats`: what a data file holds and how many bytes a kept
/// position takes in it, raw and compressed with `xz -9`.
fn stats(path: &Path) -> Result<String, String> {
    let shown = |e: std::io::Error| format!("{}: {e}", path.display());
    let file_bytes = std::fs::metadata(path).map_err(shown)?.len();
    let mut made_by = None;
    let (kind, games, moves, kept, raw) = match open(path).map_err(shown)? {
        Opened::Games(r) => {
            let s = summarize_games(r).map_err(shown)?;
            made_by = s.provenance;
            ("games", s.games, Some(s.moves), s.kept, s.complete_bytes)
        }
        Opened::Text(r) => {
            let (mut games, mut kept, mut raw) = (0u64, 0u64, 0u64);
            for (i, line) in r.lines().enumerate() {
                let line = line.map_err(shown)?;
                if raw == 0 {
                    made_by = line.strip_prefix("# ").map(str::to_string);
                }
                raw += line.len() as u64 + 1;
                // each line read as the trainer reads it: a file that is
                // not training data is refused, not counted
                let bad = |what: &str| {
                    format!(
                        "{}: not a chuhe data file: line {}: {what}: '{}'",
                        path.display(),
                        i + 1,
                        line.trim()
                    )
                };
                match parse_text_line(line.trim()).map_err(bad)? {
                    TextLine::Skip => {}
                    TextLine::Game(..) => games += 1,
                    TextLine::Position(..) if games == 0 => {
                        return Err(bad("position before any '#g' line"))
                    }
                    TextLine::Position(..) => kept += 1,
                }
            }
            ("text", games, None, kept, raw)
        }
    };
    // by its first bytes, not its size: a plain file being written, or
    // ending in a cut-off game, holds more bytes than its complete games
    let compressed = if is_xz(path).map_err(|e| e.to_string())? {
        file_bytes
    } else {
        xz_size(path, raw.min(file_bytes))?
    };
    let per = |b: u64| b as f64 / kept.max(1) as f64;
    let moves = moves.map_or(String::new(), |m| format!(", {m} moves"));
    Ok(format!(
        "{}: {kind}, {games} games{moves}, {kept} positions; {raw} bytes ({:.2} a position), \
         xz -9 {compressed} bytes ({:.2} a position)\n  made by: {}",
        path.display(),
        per(raw),
        per(compressed),
        made_by.as_deref().unwrap_or("(not recorded)")
    ))
}

/// The size of the first `len` bytes of `path` compressed by `xz -9`.
fn xz_size(path: &Path, len: u64) -> Result<u64, String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut child = Command::new("xz")
        .args(["-9", "-c"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run xz: {e}"))?;
    let mut input = child.stdin.take().expect("stdin is piped");
    // fed from a thread while this one drains xz's output: a pipe each way
    // would otherwise fill and stall both
    let feeder = std::thread::spawn(move || std::io::copy(&mut file.take(len), &mut input));
    let mut out = child.stdout.take().expect("stdout is piped");
    let n = std::io::copy(&mut out, &mut std::io::sink()).map_err(|e| e.to_string())?;
    feeder
        .join()
        .map_err(|_| "the xz feeder panicked".to_string())?
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("xz -9 failed on {} ({status})", path.display()));
    }
    Ok(n)
}

fn run_inner(args: DatagenArgs) -> Result<(), String> {
    if !args.stats.is_empty() {
        for p in &args.stats {
            println!("{}", stats(p)?);
        }
        return Ok(());
    }
    let Some(path) = args.out.clone() else {
        return Err("--out is required".into());
    };
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
    let asked = match (args.import.is_empty(), args.format) {
        (false, Some(Format::Games)) => {
            return Err("--import writes the text format (--format text)".into())
        }
        (false, _) => Some(Format::Text),
        (true, f) => f,
    };
    let (format, next_game) = resume_point(&path, asked)?;
    let open_out = || {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))
    };
    if !args.import.is_empty() {
        // read everything first, so a file that cannot be read leaves no
        // empty output behind
        let imported = import::import_paths(&args.import, next_game, &options)?;
        for why in &imported.skipped {
            eprintln!("{why}");
        }
        let mut out = open_out()?;
        let n: usize = imported.games.iter().map(|g| g.positions.len()).sum();
        for g in &imported.games {
            out.write_all(g.to_text().as_bytes())
                .map_err(|e| e.to_string())?;
        }
        eprintln!(
            "imported {} games, {n} positions; {} games left out",
            imported.games.len(),
            imported.skipped.len()
        );
        return Ok(());
    }
    let mut out = open_out()?;
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
        let command = provenance_command(&args);
        let header = match format {
            Format::Games => segment_header(&command),
            Format::Text => format!("# {command}\n").into_bytes(),
        };
        out.write_all(&header).map_err(|e| e.to_string())?;
    } else {
        eprintln!("resuming at game {next_game}");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    // one searcher a pool thread, cleared between its games; a slot found
    // busy (a game started inside another's rayon call) gets a fresh one
    let searchers: Vec<Mutex<Option<Searcher>>> = (0..pool.current_num_threads())
        .map(|_| Mutex::new(None))
        .collect();
    let play = |g: u64| {
        let slot = rayon::current_thread_index().and_then(|i| searchers.get(i)?.try_lock().ok());
        match slot {
            Some(mut slot) => {
                let searcher = slot.get_or_insert_with(|| Searcher::new(cfg.options.clone()));
                play_full_game_with(&cfg, g, searcher)
            }
            None => play_full_game(&cfg, g),
        }
    };
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
    // depend on the thread count; while a chunk's last game finishes the
    // other threads idle, so a chunk holds many games a thread (with 4 a
    // thread the two threads of the 2-core machine were busy 1.81 of 2
    // cores; a stopped run loses at most the chunk under way)
    let chunk = (args.threads.max(1) * GAMES_A_THREAD_PER_CHUNK) as u64;
    let mut first = next_game;
    let end = next_game + args.games;
    while first < end {
        let last = (first + chunk).min(end);
        let games: Vec<_> = pool.install(|| (first..last).into_par_iter().map(play).collect());
        let mut bytes = Vec::new();
        for g in &games {
            positions += g.kept.positions.len();
            match format {
                Format::Games => g
                    .record
                    .encode(&mut bytes)
                    .map_err(|e| format!("game {}: {e}", g.record.game))?,
                Format::Text => bytes.extend(g.kept.to_text().as_bytes()),
            }
        }
        out.write_all(&bytes).map_err(|e| e.to_string())?;
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
                "iir=false",
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
