//! Search throughput at fixed depth: nodes/s and evaluation calls/s for the
//! alpha-beta baseline and iProbcut, on the same positions in the same run.
//! Criterion reports time per search; the node and evaluation counts of
//! each search are deterministic and printed once, so rates follow from them.

use chuhe::board::Position;
use chuhe::search::{Algorithm, Limits, SearchControl, SearchOptions, Searcher};
use criterion::{criterion_group, criterion_main, Criterion};

const FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 6 4",
    "r1ba1abr1/4k4/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/R1B1KAB1R w - - 0 9",
];

/// Hash size of the benchmark's searchers (cleared before every search).
const HASH_MB: usize = 16;

fn run(searcher: &mut Searcher, positions: &[Position], depth: i32) -> (u64, u64) {
    let control = SearchControl::new();
    let (mut nodes, mut evals) = (0, 0);
    for pos in positions {
        searcher.clear();
        let r = searcher.search(pos, &Limits::depth(depth), &control, &[], &mut |_| {});
        nodes += r.stats.nodes;
        evals += r.stats.evals;
    }
    (nodes, evals)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let configs = [
        (
            "alphabeta-enhanced-d7",
            SearchOptions {
                algorithm: Algorithm::AlphaBeta,
                ..SearchOptions::default()
            },
            7,
        ),
        ("iprobcut-enhanced-d7", SearchOptions::default(), 7),
        ("alphabeta-paper-d4", SearchOptions::paper_alphabeta(), 4),
        ("iprobcut-paper-d5", SearchOptions::paper_iprobcut(), 5),
    ];
    let positions: Vec<Position> = FENS
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    for (name, mut options, depth) in configs {
        options.hash_mb = HASH_MB;
        let mut searcher = Searcher::new(options);
        let (nodes, evals) = run(&mut searcher, &positions, depth);
        eprintln!("{name}: {nodes} nodes, {evals} evals per iteration");
        group.bench_function(name, |b| b.iter(|| run(&mut searcher, &positions, depth)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
