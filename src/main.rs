//! The `chuhe` command line: with no subcommand it speaks UCCI / xiangqi UCI
//! on stdin/stdout; subcommands run tools (perft, ...).

use chuhe::board::{perft, perft_divide, Move, Position, START_FEN};
use chuhe::book::{BookSet, BookSource, BUILTIN_SOURCE};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
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
    /// Opening book tools: probe, statistics, build.
    Book {
        #[command(subcommand)]
        command: BookCommand,
    },
}

#[derive(Subcommand)]
enum BookCommand {
    /// List the book moves of a position, `<move> <weight>`, heaviest first.
    Probe {
        /// Position to probe (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Moves (ICCS, space-separated) to play from the FEN first.
        #[arg(long, default_value = "")]
        moves: String,
        /// Book files, `;`-separated, binary or text (default: the built-in book).
        #[arg(long)]
        file: Option<String>,
    },
    /// Statistics of a book source: lines, positions, entries, depths, first moves.
    Stats {
        /// Book source in text format (default: the built-in book/lines.txt).
        #[arg(long)]
        source: Option<PathBuf>,
    },
    /// Check a book source (every move legal) and write the binary book.
    Build {
        /// Book source in text format.
        #[arg(long, default_value = "book/lines.txt")]
        source: PathBuf,
        /// Binary book to write.
        #[arg(long, default_value = "book/chuhe.bin")]
        out: PathBuf,
        /// Verify every book move with a search of this depth (no move may
        /// leave its side below -50 centipawns). 0 = off. Not available yet:
        /// the engine has no search module.
        #[arg(long, default_value_t = 0)]
        verify_depth: u32,
    },
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft { depth, fen, divide }) => run_perft(depth, &fen, divide),
        Some(Command::Book { command }) => match command {
            BookCommand::Probe { fen, moves, file } => {
                run_book_probe(&fen, &moves, file.as_deref())
            }
            BookCommand::Stats { source } => run_book_stats(source.as_deref()),
            BookCommand::Build {
                source,
                out,
                verify_depth,
            } => run_book_build(&source, &out, verify_depth),
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

fn run_book_probe(fen: &str, moves: &str, file: Option<&str>) -> ExitCode {
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad FEN: {e}");
            return ExitCode::FAILURE;
        }
    };
    for text in moves.split_whitespace() {
        match Move::from_iccs(text) {
            Ok(mv) if pos.is_legal(mv) => pos.make_move(mv),
            Ok(_) => {
                eprintln!("error: move {text} is illegal in {}", pos.to_fen());
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let books = match file {
        Some(list) => match BookSet::load_list(list) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => BookSet::builtin(),
    };
    for (mv, w) in books.probe(&pos) {
        println!("{mv} {w}");
    }
    ExitCode::SUCCESS
}

fn read_source(path: Option<&std::path::Path>) -> Result<BookSource, String> {
    let text = match path {
        Some(p) => {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?
        }
        None => BUILTIN_SOURCE.to_string(),
    };
    BookSource::parse(&text).map_err(|e| e.to_string())
}

fn run_book_stats(source: Option<&std::path::Path>) -> ExitCode {
    let src = match read_source(source) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let st = src.stats();
    println!("lines      {}", st.lines);
    println!("positions  {}", st.positions);
    println!("entries    {}", st.entries);
    println!("max depth  {} plies", st.max_depth);
    println!("min depth  {} plies", st.min_depth);
    println!("first moves (lines, summed weight):");
    for (mv, n, w) in &st.first_moves {
        println!("  {mv} {n} {w}");
    }
    ExitCode::SUCCESS
}

fn run_book_build(source: &std::path::Path, out: &std::path::Path, verify_depth: u32) -> ExitCode {
    if verify_depth > 0 {
        eprintln!(
            "error: --verify-depth {verify_depth}: no search is available yet to verify book \
             moves (the MoveVerifier hook in chuhe::book is not wired to a search); \
             build without verification or wait for the search module"
        );
        return ExitCode::FAILURE;
    }
    let src = match read_source(Some(source)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", source.display());
            return ExitCode::FAILURE;
        }
    };
    let book = src.to_book();
    if let Err(e) = std::fs::write(out, book.to_bytes()) {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    let st = src.stats();
    println!(
        "{}: {} lines, {} positions, {} entries -> {} ({} bytes); moves not search-verified",
        source.display(),
        st.lines,
        st.positions,
        st.entries,
        out.display(),
        book.to_bytes().len()
    );
    ExitCode::SUCCESS
}
