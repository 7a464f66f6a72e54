//! Evaluation benchmark: nanoseconds per `evaluate()` over a fixed set of
//! positions — the openings of `tests/data/openings.tsv`, each played out a
//! few plies deterministically (after 2, 4 and 6 plies), plus every 30th
//! position of `tests/data/movegen-oracle.tsv`. Each iteration evaluates
//! one position, cycling through the set, so the reported time is the
//! time of one call.
//!
//! The group `eval_line` compares the evaluators as the search calls them:
//! along game lines (the openings played on a few dozen plies), each node
//! is evaluated and then each of its children, reached by make/unmake on
//! one live position; one step is one call (the parent's evaluation, or
//! make + evaluate + unmake of a child). `make_unmake` walks the same steps
//! without evaluating: subtract it to get ns per evaluation call. The net
//! runs incrementally from its per-thread cache (AVX2 where the CPU has
//! it), and with the portable kernels for comparison.

use chuhe::arena::schedule::{parse_openings, DEFAULT_OPENINGS};
use chuhe::board::{Move, Position};
use chuhe::eval::nnue::{self, NetState};
use chuhe::eval::{EvalCounter, Evaluator, Profile};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// Plies played from each opening for [`lines`].
const LINE_PLIES: usize = 24;

/// The positions at the end of each built-in opening
/// (`tests/data/openings.tsv`, as the arena reads it), numbered, with `ev`
/// installed.
fn openings(ev: &Evaluator) -> impl Iterator<Item = (usize, Position)> + '_ {
    parse_openings(DEFAULT_OPENINGS)
        .expect("built-in openings")
        .into_iter()
        .enumerate()
        .map(move |(i, o)| {
            let mut pos =
                Position::from_fen_and_moves(Some(&o.fen), &o.moves).expect("built-in opening");
            ev.install(&mut pos);
            (i, pos)
        })
}

/// The nodes of the game lines: every position along each line, with its
/// legal moves (the children the walk visits).
fn lines(ev: &Evaluator) -> Vec<(Position, Vec<Move>)> {
    let mut out = Vec::new();
    for (i, mut pos) in openings(ev) {
        for ply in 0..LINE_PLIES {
            let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
            if moves.is_empty() {
                break;
            }
            out.push((pos.clone(), moves.clone()));
            pos.make_move(moves[(i * 5 + ply * 11) % moves.len()]);
        }
    }
    out
}

/// One step of the walk over [`lines`]: the node's evaluation (`child`
/// 0) or make + evaluate + unmake of child `child - 1`; returns the next
/// step's indices.
#[inline(always)]
fn step(
    nodes: &mut [(Position, Vec<Move>)],
    node: usize,
    child: usize,
    eval: &mut impl FnMut(&Position) -> i32,
) -> (usize, usize, i32) {
    let (pos, moves) = &mut nodes[node];
    let v = if child == 0 {
        eval(pos)
    } else {
        pos.make_move(moves[child - 1]);
        let v = eval(pos);
        pos.unmake_move();
        v
    };
    if child == moves.len() {
        ((node + 1) % nodes.len(), 0, v)
    } else {
        (node, child + 1, v)
    }
}

fn bench_line(c: &mut Criterion) {
    let classic = Evaluator::new(Profile::Default);
    let net = classic.clone().with_net(Some(nnue::embedded()));
    let mut nodes = lines(&classic);
    let steps: usize = nodes.iter().map(|(_, m)| m.len() + 1).sum();
    let mut group = c.benchmark_group(format!("eval_line ({} nodes, {steps} calls)", nodes.len()));
    let mut counter = EvalCounter::default();
    let mut scalar = NetState::new(false);
    let network = nnue::embedded();
    type Eval<'a> = Box<dyn FnMut(&Position) -> i32 + 'a>;
    let runs: [(&str, Eval); 4] = [
        ("make_unmake", Box::new(|p: &Position| p.ply_count() as i32)),
        (
            "classic",
            Box::new(|p: &Position| classic.evaluate(p, &mut counter)),
        ),
        (
            "net",
            Box::new(|p: &Position| net.evaluate(p, &mut EvalCounter::default())),
        ),
        (
            "net_scalar",
            Box::new(|p: &Position| scalar.evaluate(&network, p)),
        ),
    ];
    for (name, mut eval) in runs {
        let (mut node, mut child) = (0, 0);
        group.bench_function(name, |b| {
            b.iter(|| {
                let (n, c, v) = step(&mut nodes, node, child, &mut eval);
                (node, child) = (n, c);
                black_box(v)
            })
        });
    }
    group.finish();
}

fn positions(ev: &Evaluator) -> Vec<Position> {
    let mut out = Vec::new();
    for (i, mut pos) in openings(ev) {
        for ply in 0..6 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves.as_slice()[(i * 3 + ply * 7) % moves.len()]);
            if ply % 2 == 1 {
                out.push(pos.clone());
            }
        }
    }
    for line in include_str!("../tests/data/movegen-oracle.tsv")
        .lines()
        .step_by(30)
    {
        let mut pos = Position::from_fen(line.split('\t').next().unwrap()).expect("oracle FEN");
        ev.install(&mut pos);
        out.push(pos);
    }
    out
}

fn bench(c: &mut Criterion) {
    for profile in [Profile::Default, Profile::Paper] {
        let ev = Evaluator::new(profile);
        let set = positions(&ev);
        let mut counter = EvalCounter::default();
        let mut i = 0;
        c.bench_function(
            &format!("evaluate {profile} ({} positions)", set.len()),
            |b| {
                b.iter(|| {
                    i = if i + 1 == set.len() { 0 } else { i + 1 };
                    ev.evaluate(black_box(&set[i]), &mut counter)
                })
            },
        );
    }
}

criterion_group!(benches, bench, bench_line);
criterion_main!(benches);
