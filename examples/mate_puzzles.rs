//! Writes the mate-puzzle set `tests/data/mates.tsv`: positions from the
//! games recorded under docs/matches (their `games.pgn.xz`; the last plies
//! of every game that ended in a mate), each kept when the exact prover
//! (`chuhe::search::prover`) finds the shortest forced mate of the side to
//! move to be 1 to 5 moves, within its node budget. Nothing is hand-picked.
//! (One prover table per position: one table for all grew past 1.7 GB.)
//! To spend the prover's budget where a mate is, a position is proven only
//! when a pruning-free alpha-beta search (`go mate`'s options) to 10 plies
//! sees a mate for the side to move; the prover alone decides N.
//!
//!     cargo run --release --example mate_puzzles -- docs/matches > tests/data/mates.tsv
//!
//! Output lines: `N<TAB>FEN<TAB>first moves that mate in N` (sorted by N,
//! then FEN), at most `PER_N` per N.
//!
//! Options (before the directories), to grow the set with new positions:
//! `--lengths A-B` (mates of A to B moves only; default 1-5), `--per N`
//! (puzzles per length; default 12), `--last N` (plies before a game's
//! end tried; default 10), `--exclude FILE` (skip the FENs of a puzzle
//! file, e.g. the set itself). Issue 78's additions to the set:
//!
//!     cargo run --release --example mate_puzzles -- --lengths 2-4 --per 10 \
//!         --exclude tests/data/mates.tsv docs/matches/n4-vs-n3-400-10+0.1-seed5636

use chuhe::arena::report::pgn_moves;
use chuhe::board::{Move, Position};
use chuhe::search::prover::{MateProof, MateProver};
use chuhe::search::{Limits, SearchControl, SearchOptions, Searcher, MATE_BOUND};
use chuhe::tune::import::read_pgn_file;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Plies before a game's end whose positions are tried (a mate in 5 is
/// 9 plies; `--last`).
const LAST_PLIES: usize = 10;
/// Puzzles kept per mate length (`--per`).
const PER_N: usize = 12;
/// Longest mate looked for, in moves (`--lengths`).
const MAX_N: u32 = 5;
/// Prover nodes per position.
const BUDGET: u64 = 3_000_000;

fn pgn_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pgn_files(&p, out);
        } else if [".pgn", ".pgn.xz"]
            .iter()
            .any(|e| p.to_string_lossy().ends_with(e))
        {
            out.push(p);
        }
    }
}

/// The command line: the options of the module docs, then directories.
struct Args {
    min_n: u32,
    max_n: u32,
    per_n: usize,
    last_plies: usize,
    /// FENs not to list again (`--exclude`).
    exclude: BTreeSet<String>,
    roots: Vec<String>,
}

fn parse_args() -> Args {
    let mut a = Args {
        min_n: 1,
        max_n: MAX_N,
        per_n: PER_N,
        last_plies: LAST_PLIES,
        exclude: BTreeSet::new(),
        roots: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    let usage = "usage: mate_puzzles [--lengths A-B] [--per N] [--last N] [--exclude FILE] DIR...";
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| panic!("{arg} needs a value; {usage}"))
        };
        match arg.as_str() {
            "--lengths" => {
                let v = value();
                let (lo, hi) = v.split_once('-').unwrap_or((&v, &v));
                a.min_n = lo.parse().expect(usage);
                a.max_n = hi.parse().expect(usage);
                assert!(1 <= a.min_n && a.min_n <= a.max_n, "{usage}");
            }
            "--per" => a.per_n = value().parse().expect(usage),
            "--last" => a.last_plies = value().parse().expect(usage),
            "--exclude" => {
                let path = value();
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
                a.exclude.extend(
                    text.lines()
                        .filter(|l| !l.starts_with('#'))
                        .filter_map(|l| l.split('\t').nth(1))
                        .map(str::to_string),
                );
            }
            _ => a.roots.push(arg),
        }
    }
    a
}

fn main() {
    let args = parse_args();
    let (min_n, max_n, per_n) = (args.min_n, args.max_n, args.per_n);
    let lengths = (max_n - min_n + 1) as usize;
    let roots = args.roots;
    let mut files = Vec::new();
    for r in if roots.is_empty() {
        vec!["docs/matches".to_string()]
    } else {
        roots
    } {
        pgn_files(Path::new(&r), &mut files);
    }
    let mut seen = BTreeSet::new();
    let mut found: BTreeMap<u32, Vec<(String, String)>> = BTreeMap::new();
    let mut tried = 0;
    for file in &files {
        // a kept record's games.pgn.xz is read through `xz -dc`
        let text = read_pgn_file(file).unwrap_or_else(|e| {
            eprintln!("{e}");
            String::new()
        });
        for game in text.split("[Game ").skip(1) {
            if found.len() == lengths && found.values().all(|l| l.len() >= per_n) {
                break;
            }
            if !game.contains("[Termination \"checkmate\"]") {
                continue;
            }
            let (fen, moves) = pgn_moves(game);
            let Ok(mut pos) = Position::from_fen(&fen) else {
                continue;
            };
            let mut positions = vec![pos.clone()];
            for m in &moves {
                match Move::from_iccs(m) {
                    Ok(mv) if pos.is_legal(mv) => pos.make_move(mv),
                    _ => break,
                }
                positions.push(pos.clone());
            }
            let from = positions.len().saturating_sub(args.last_plies);
            for p in &positions[from..] {
                let key = p.to_fen();
                if args.exclude.contains(&key) || !seen.insert(key.clone()) {
                    continue;
                }
                tried += 1;
                if tried % 200 == 0 {
                    let counts: Vec<usize> = found.values().map(Vec::len).collect();
                    eprintln!("{tried} positions tried, found per N {counts:?}");
                }
                let seen_mate = Searcher::new(SearchOptions::default().mate_options())
                    .search(
                        p,
                        &Limits::depth(2 * max_n as i32),
                        &SearchControl::new(),
                        &[],
                        &mut |_| {},
                    )
                    .score
                    >= MATE_BOUND;
                if !seen_mate {
                    continue;
                }
                // a fresh table per position: the proofs of one position
                // rarely help another, and one table for all grows without end
                let mut prover = MateProver::new(BUDGET);
                if let MateProof::Mate { n, moves } = prover.exact_mate(p, max_n) {
                    if n < min_n {
                        continue;
                    }
                    let list = found.entry(n).or_default();
                    if list.len() < per_n {
                        let first: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                        list.push((key, first.join(" ")));
                    }
                }
            }
        }
    }
    eprintln!("{} files, {tried} positions tried", files.len());
    println!("# mate puzzles: N (moves), FEN, every first move that mates in N;");
    println!(
        "# generated by examples/mate_puzzles.rs from docs/matches, proven by src/search/prover.rs"
    );
    for (n, list) in &found {
        eprintln!("mate in {n}: {}", list.len());
        let mut list = list.clone();
        list.sort();
        for (fen, moves) in list {
            println!("{n}\t{fen}\t{moves}");
        }
    }
}
