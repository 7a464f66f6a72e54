//! The engine's net inference against the trainer's reference integer
//! forward (straight from `eval::nnue::arch`'s formula), over random
//! games: the incremental accumulators (SIMD where the CPU has AVX2, and
//! scalar) and the from-scratch ones give the same score.

use chuhe::board::Position;
use chuhe::eval::nnue::file::QuantizedNet;
use chuhe::eval::nnue::state::NetState;
use chuhe::eval::nnue::{Network, EMBEDDED_BYTES};
use chuhe::train::quantize::int_score_of;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn incremental_simd_scalar_and_reference_scores_agree_over_random_games() {
    let qnet = QuantizedNet::from_bytes(EMBEDDED_BYTES).expect("the embedded net reads");
    let net = Network::new(&qnet, "embedded");
    let mut simd = NetState::new(true);
    let mut scalar = NetState::new(false);
    let mut rng = StdRng::seed_from_u64(56);
    let mut checked = 0;
    let mut nonzero = 0;
    for _game in 0..12 {
        let mut pos = Position::startpos();
        for _ply in 0..120 {
            let reference = int_score_of(&qnet, &pos);
            let a = simd.evaluate(&net, &pos);
            let b = scalar.evaluate(&net, &pos);
            let c = NetState::evaluate_from_scratch(&net, &pos);
            assert_eq!(a, b, "SIMD and scalar differ at {}", pos.to_fen());
            assert_eq!(
                a,
                c,
                "incremental and from scratch differ at {}",
                pos.to_fen()
            );
            assert_eq!(
                a,
                reference,
                "engine and trainer reference differ at {}",
                pos.to_fen()
            );
            checked += 1;
            nonzero += usize::from(a != 0);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Now and then take a move back, so the cached state must
            // follow the search's way through the tree, not only forward.
            if pos.ply_count() > 2 && rng.gen_range(0..5) == 0 {
                pos.unmake_move();
                continue;
            }
            let mv = moves
                .iter()
                .nth(rng.gen_range(0..moves.len()))
                .copied()
                .expect("a move");
            pos.make_move(mv);
        }
    }
    assert!(checked > 500, "only {checked} positions checked");
    assert!(nonzero > checked / 2, "the net scores almost everything 0");
}
