//! Move generation and perft benchmarks.

use chuhe::board::{perft, Position};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let mut start = Position::startpos();
    c.bench_function("legal_moves startpos", |b| {
        b.iter(|| black_box(&start).legal_moves().len())
    });
    c.bench_function("perft 3 startpos", |b| b.iter(|| perft(&mut start, 3)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
