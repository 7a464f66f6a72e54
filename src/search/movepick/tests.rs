//! The picker against a plain stable sort of scores computed move by
//! move, on the bench positions and random games from them.

use super::*;
use crate::board::{Piece, PieceKind};
use crate::search::bench::bench_positions;
use crate::search::context::Context;
use crate::search::history::bounded_bonus;
use crate::search::options::SearchOptions;
use crate::search::score::INFINITY;
use crate::search::test_context::with_context;
use crate::search::thread::ThreadData;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A random move of `legal`, or NULL now and then.
fn any(rng: &mut StdRng, legal: &[Move]) -> Move {
    match rng.gen_range(0..4) {
        0 => Move::NULL,
        _ => *legal.choose(rng).unwrap_or(&Move::NULL),
    }
}

/// The order the picker must give at `ply` of `ctx`: every legal move
/// but `excluded`, by a stable sort of exact scores computed here for
/// each move (SEE asked for every capture), best first.
fn expected_order(
    ctx: &mut Context,
    ply: usize,
    hints: &OrderingHints,
    excluded: Move,
) -> Vec<Move> {
    let prev = ctx.stack.cont_keys_before(ply);
    let legal: Vec<Move> = ctx
        .pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| m != excluded)
        .collect();
    let mut scored: Vec<(i32, Move)> = legal
        .iter()
        .map(|&mv| {
            let pos = &mut ctx.pos;
            let score = if mv == hints.hash_move {
                HASH_MOVE
            } else if pos.is_capture(mv) {
                let rank = mvv_lva(pos, mv);
                match !hints.use_see || see::see_at_least(pos, mv, hints.see_threshold) {
                    true => CAPTURE_BASE + rank,
                    false => LOSING_CAPTURE_BASE + rank,
                }
            } else if mv == hints.killers[0] {
                KILLER_BASE + 1
            } else if mv == hints.killers[1] {
                KILLER_BASE
            } else if hints.use_history {
                let follow_up = ctx.data.conthist.score(pos, mv, &prev);
                (ctx.data.history.score(pos, mv) + follow_up).min(HISTORY_MAX)
            } else {
                0
            };
            (score, mv)
        })
        .collect();
    scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
    scored.into_iter().map(|(_, m)| m).collect()
}

/// The two moves before the node at `ply` as the continuation history
/// keys them (a piece of the opponent's one ply back, one of the mover's
/// two plies back, on some square), and some history after them.
fn random_moves_before(ctx: &mut Context, ply: usize, legal: &[Move], rng: &mut StdRng) {
    let mover = ctx.pos.side_to_move();
    for (back, colour) in [(1, mover.opposite()), (2, mover)] {
        let kind = PieceKind::from_index(rng.gen_range(0..7));
        let code = Piece::new(colour, kind).code() as u8;
        ctx.stack[ply - back].cont_key = Some((code, rng.gen_range(0..90)));
    }
    let prev = ctx.stack.cont_keys_before(ply);
    for _ in 0..40 {
        let mv = *legal.choose(rng).unwrap();
        let bonus = bounded_bonus(rng.gen_range(1..8)) * [1, -1][rng.gen_range(0..2)];
        ctx.data.conthist.update(&ctx.pos, mv, &prev, bonus);
    }
}

/// The moves the picker gives at `node`, deferring each it may with odds
/// `defer_odds` (and moving it to the end of `expected`): every deferred
/// move comes again, with its number.
fn picked_order(
    ctx: &mut Context,
    node: &Node,
    hash_move: Move,
    expected: &mut Vec<Move>,
    defer_odds: f64,
    rng: &mut StdRng,
) -> Vec<Move> {
    let mut got = Vec::new();
    let mut deferred = Vec::new();
    let Some(mut picker) = MovePicker::new(&mut ctx.picking(), node, hash_move) else {
        return got;
    };
    while let Some(picked) = picker.next(&mut ctx.picking(), node) {
        if picked.deferred {
            assert_eq!(Some(&(picked.mv, picked.number)), deferred.first());
            deferred.remove(0);
        } else {
            assert_eq!(
                picked.number,
                got.len() + deferred.len(),
                "numbers count the order"
            );
        }
        if picker.may_defer(&picked) && rng.gen_bool(defer_odds) {
            picker.defer(&picked);
            deferred.push((picked.mv, picked.number));
            // the deferred move is expected again at the end
            let at = expected.iter().position(|&m| m == picked.mv).unwrap();
            expected.remove(at);
            expected.push(picked.mv);
            continue;
        }
        got.push(picked.mv);
    }
    assert!(deferred.is_empty(), "every deferred move given again");
    got
}

/// With random histories, killers, hash moves, excluded moves and
/// switches, at the root and two plies down: the picker gives every legal
/// move once, the hash move first, in the order of the stable sort; moves
/// deferred on the way come last, in the order deferred, with the
/// numbers they had.
#[test]
fn the_picker_gives_the_stable_sort_order() {
    let mut rng = StdRng::seed_from_u64(54);
    for (p, start) in bench_positions().into_iter().enumerate() {
        let mut pos = start;
        for round in 0..8 {
            let list = pos.legal_moves();
            let legal: Vec<Move> = list.iter().copied().collect();
            if legal.is_empty() {
                break;
            }
            let mut options = SearchOptions::default();
            options.switches.history = rng.gen_bool(0.8);
            options.switches.killers = rng.gen_bool(0.8);
            options.switches.see = rng.gen_bool(0.8);
            options.tune.see_order = rng.gen_range(-2..3);
            let ply = if rng.gen_bool(0.5) { 0 } else { 2 };
            let excluded = match rng.gen_bool(0.2) {
                true => *legal.choose(&mut rng).unwrap(),
                false => Move::NULL,
            };
            // as in the search: a node with a move left out has no hash move
            let hash_move = match excluded.is_null() {
                true => any(&mut rng, &legal),
                false => Move::NULL,
            };
            let mut data = ThreadData::default();
            for _ in 0..rng.gen_range(0..60) {
                let mv = any(&mut rng, &legal);
                if mv.is_null() || pos.is_capture(mv) {
                    continue;
                }
                let bonus = bounded_bonus(rng.gen_range(1..8)) * [1, -1][rng.gen_range(0..2)];
                match rng.gen_range(0..2) {
                    0 => data.history.update(&pos, mv, bonus),
                    _ => data.history.add_killer(ply, mv),
                }
            }
            let defer_odds = [0.0, 0.3][rng.gen_range(0..2)];
            let seed = rng.gen();
            let (got, expected) = with_context(pos.clone(), &options, u64::MAX, &mut data, |ctx| {
                let mut rng = StdRng::seed_from_u64(seed);
                if ply == 2 {
                    random_moves_before(ctx, ply, &legal, &mut rng);
                }
                let hints = OrderingHints::at(&ctx.picking(), ply, hash_move);
                let mut expected = expected_order(ctx, ply, &hints, excluded);
                let node = Node {
                    depth: 6,
                    alpha: -INFINITY,
                    beta: INFINITY,
                    ply,
                    pv_node: true,
                    cut_node: false,
                    in_check: ctx.pos.in_check(),
                    excluded,
                    improving: false,
                };
                let got = picked_order(ctx, &node, hash_move, &mut expected, defer_odds, &mut rng);
                (got, expected)
            });
            assert_eq!(got, expected, "position {p}, round {round}");
            if !hash_move.is_null() {
                assert_eq!(got.first(), Some(&hash_move), "hash move first");
            }
            let mut once = got.clone();
            once.sort_by_key(|m| (m.from().index(), m.to().index()));
            once.dedup();
            assert_eq!(
                once.len(),
                legal.len() - usize::from(!excluded.is_null()),
                "each move once"
            );
            pos.make_move(*legal.choose(&mut rng).unwrap());
        }
    }
}
