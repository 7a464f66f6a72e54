//! Evaluates a fixed set of positions many times, for instruction counts
//! per call under callgrind (stable on a loaded machine, where criterion's
//! wall times are not):
//!
//! ```text
//! cargo build --release --example eval_calls
//! valgrind --tool=callgrind target/release/examples/eval_calls [default|paper] [ROUNDS]
//! ```
//!
//! Run it with 0 rounds as well: the difference of the two totals divided
//! by the difference in calls is the cost of one call. The positions are
//! the oracle's (every 10th line of `tests/data/movegen-oracle.tsv`).

use chuhe::board::Position;
use chuhe::eval::{EvalCounter, Evaluator, Profile};
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let profile: Profile = args
        .next()
        .unwrap_or_else(|| "default".into())
        .parse()
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let rounds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let ev = Evaluator::new(profile);
    let positions: Vec<Position> = include_str!("../tests/data/movegen-oracle.tsv")
        .lines()
        .step_by(10)
        .filter_map(|l| Position::from_fen(l.split('\t').next()?).ok())
        .map(|mut p| {
            ev.install(&mut p);
            p
        })
        .collect();
    let mut counter = EvalCounter::default();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for p in &positions {
            sum += ev.evaluate(black_box(p), &mut counter) as i64;
        }
    }
    println!("{} calls, checksum {sum}", counter.calls);
}
