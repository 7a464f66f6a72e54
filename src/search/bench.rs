//! The `bench` signature: a fixed set of positions searched to a fixed
//! depth with one thread and a fixed hash; the node total is deterministic,
//! so any change in search behaviour shows in it.

use super::{Limits, SearchControl, SearchOptions, Searcher};
use crate::board::Position;
use std::time::{Duration, Instant};

/// Positions of the bench: openings, middlegames and endgames.
const BENCH_FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RN1AKABNR w - - 0 1",
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B2C1/9/RN1AKABNR w - - 2 2",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C1C5/9/RNBAKABNR b - - 1 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 6 4",
    "r1ba1abr1/4k4/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/R1B1KAB1R w - - 0 9",
    "2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P3P2/P3P3P/2N1C1N2/9/2BAKAB2 w - - 0 12",
    "r2akab2/9/2n1b1n1c/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B1N2/9/R2AKAB2 b - - 0 10",
    "3akab2/9/4b4/p1p1p1p1p/9/9/P1P1P1P1P/4B4/9/3AKAB2 w - - 0 30",
    "4kab2/4a4/4b4/9/2p6/6P2/9/4B4/4A4/3AK1B2 w - - 0 40",
    "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 50",
    "4k4/9/9/9/9/9/9/3R5/9/3K5 w - - 0 50",
    "3ak4/4a4/9/9/9/9/9/9/4R4/4K4 w - - 0 50",
    "2bak4/4a4/4b4/9/9/9/9/4C4/4A4/3AK4 w - - 0 50",
    "3ak4/4a4/4b4/9/9/6N2/9/9/9/4K4 w - - 0 50",
    "r1bakab1r/9/2n3n2/p1p1p1p1p/9/9/P1P1P1P1P/2N3N2/9/R1BAKAB1R w - - 0 5",
    "1rbakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/1RBAKABR1 w - - 0 5",
    "2bakabr1/9/2n1c1n2/p1p1p1C1p/9/9/P1P1P1P1P/2N3N2/9/R1BAKAB2 b - - 0 8",
    "3akab2/9/4b4/4p4/2p3p2/9/2P3P2/4B4/9/2BAKA3 w - - 0 35",
    "4k4/4a4/4b4/9/9/9/9/9/3p5/5K3 w - - 0 60",
];

/// The bench positions.
pub fn bench_positions() -> Vec<Position> {
    BENCH_FENS
        .iter()
        .map(|f| Position::from_fen(f).expect("bench FEN is valid"))
        .collect()
}

/// The result of a bench run.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    /// Total nodes (the signature).
    pub nodes: u64,
    /// Total evaluation calls.
    pub evals: u64,
    /// Wall time of the searches in milliseconds (clearing the table and
    /// histories between positions is not counted: at the bench's depth
    /// it takes a sizeable share of the run, the same for any evaluator,
    /// and would make a smaller tree look slower per node).
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
}

/// Hash size used by the bench, fixed so the signature is reproducible.
pub const BENCH_HASH_MB: usize = 16;

/// Searches every bench position to `depth` with `options` (hash forced to
/// `BENCH_HASH_MB`, 16 MB, cleared between positions).
pub fn run_bench(options: &SearchOptions, depth: i32) -> BenchReport {
    let mut options = options.clone();
    options.hash_mb = BENCH_HASH_MB;
    let mut searcher = Searcher::new(options);
    let control = SearchControl::new();
    let (mut nodes, mut evals) = (0, 0);
    let mut searching = Duration::ZERO;
    for pos in bench_positions() {
        searcher.clear();
        let start = Instant::now();
        let r = searcher.search(&pos, &Limits::depth(depth), &control, &[], &mut |_| {});
        searching += start.elapsed();
        nodes += r.stats.nodes;
        evals += r.stats.evals;
    }
    let ms = searching.as_millis() as u64;
    BenchReport {
        nodes,
        evals,
        time_ms: ms,
        nps: nodes * 1000 / ms.max(1),
    }
}
