//! `chuhe book`: probe, statistics and build of the opening book. The
//! build verifies every book move with a search (the `MoveVerifier` hook).

use super::position_with_moves;
use chuhe::board::{Move, Position, START_FEN};
use chuhe::book::{BookSet, BookSource, MoveVerifier, BUILTIN_SOURCE};
use chuhe::search::{Limits, SearchControl, SearchOptions, Searcher};
use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;

/// The book subcommands.
#[derive(Subcommand)]
pub enum BookCommand {
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
        /// leave its side below -50 centipawns). 0 = off.
        #[arg(long, default_value_t = 0)]
        verify_depth: u32,
    },
}

/// Runs `chuhe book ...`.
pub fn run(command: BookCommand) -> ExitCode {
    match command {
        BookCommand::Probe { fen, moves, file } => run_book_probe(&fen, &moves, file.as_deref()),
        BookCommand::Stats { source } => run_book_stats(source.as_deref()),
        BookCommand::Build {
            source,
            out,
            verify_depth,
        } => run_book_build(&source, &out, verify_depth),
    }
}

/// No book move may leave the side that plays it below this (centipawns).
const VERIFY_MIN_SCORE: i32 = -50;

/// Scores a book move by a fixed-depth search of the position after it.
struct SearchVerifier {
    searcher: Searcher,
    depth: i32,
}

impl MoveVerifier for SearchVerifier {
    fn score_after(&mut self, pos: &Position, mv: Move) -> i32 {
        let mut after = pos.clone();
        after.make_move(mv);
        self.searcher.clear();
        let r = self.searcher.search(
            &after,
            &Limits::depth(self.depth),
            &SearchControl::new(),
            &[],
            &mut |_| {},
        );
        // the search scores for the side to move after the book move
        -r.score
    }
}

fn run_book_probe(fen: &str, moves: &str, file: Option<&str>) -> ExitCode {
    let pos = match position_with_moves(fen, moves.split_whitespace()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
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

/// The book source at `path` (else the built-in one); every error names
/// the file.
fn read_source(path: Option<&std::path::Path>) -> Result<BookSource, String> {
    let (name, text) = match path {
        Some(p) => (
            p.display().to_string(),
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?,
        ),
        None => (
            "the built-in book source".to_string(),
            BUILTIN_SOURCE.to_string(),
        ),
    };
    BookSource::parse(&text).map_err(|e| format!("{name}: {e}"))
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
    let src = match read_source(Some(source)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if verify_depth > 0 {
        let mut verifier = SearchVerifier {
            searcher: Searcher::new(SearchOptions::default()),
            depth: verify_depth as i32,
        };
        let failures = src.verify(&mut verifier, VERIFY_MIN_SCORE);
        for f in &failures {
            eprintln!("weak book move: {f:?}");
        }
        if !failures.is_empty() {
            eprintln!(
                "error: {} book moves leave their side below {VERIFY_MIN_SCORE} at depth {verify_depth}",
                failures.len()
            );
            return ExitCode::FAILURE;
        }
    }
    let book = src.to_book();
    if let Err(e) = std::fs::write(out, book.to_bytes()) {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    let st = src.stats();
    println!(
        "{}: {} lines, {} positions, {} entries -> {} ({} bytes); {}",
        source.display(),
        st.lines,
        st.positions,
        st.entries,
        out.display(),
        book.to_bytes().len(),
        if verify_depth > 0 {
            format!("every move verified by a depth-{verify_depth} search")
        } else {
            "moves not search-verified".to_string()
        }
    );
    ExitCode::SUCCESS
}
