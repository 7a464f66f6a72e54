//! The engine's net inference against the trainer's reference integer
//! forward (straight from `eval::nnue::arch`'s formula), over random
//! games: the incremental accumulators (SIMD where the CPU has AVX2, and
//! scalar) and the from-scratch ones give the same score, and a position,
//! its left-right mirror and its colour flip give the same score too; all
//! of it for nets of output buckets as well, and a net file of one bucket
//! keeps its bytes.

use chuhe::board::{Colour, Move, PieceKind, Position};
use chuhe::eval::nnue::arch::{self, MirrorRule, HIDDEN};
use chuhe::eval::nnue::buckets::{bucket_of, Buckets};
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

/// The score of `pos` on every path: SIMD and scalar incremental states
/// (each following its own game), from scratch, and the trainer's
/// reference; all must agree.
fn score_on_every_path(
    qnet: &QuantizedNet,
    net: &Network,
    simd: &mut NetState,
    scalar: &mut NetState,
    pos: &Position,
) -> i32 {
    let a = simd.evaluate(net, pos);
    assert_eq!(
        a,
        scalar.evaluate(net, pos),
        "SIMD/scalar at {}",
        pos.to_fen()
    );
    assert_eq!(
        a,
        NetState::evaluate_from_scratch(net, pos),
        "incremental/from scratch at {}",
        pos.to_fen()
    );
    assert_eq!(
        a,
        int_score_of(qnet, pos),
        "engine/trainer at {}",
        pos.to_fen()
    );
    a
}

/// The features of both perspectives of `pos`, each list sorted.
fn sorted_features(pos: &Position) -> (Vec<u16>, Vec<u16>) {
    let (mut us, mut them) = chuhe::train::features::features(pos);
    us.sort_unstable();
    them.sort_unstable();
    (us, them)
}

/// The embedded net, as it plays: trained under the exact rule (n5).
fn embedded_exact() -> QuantizedNet {
    let qnet = QuantizedNet::from_bytes(EMBEDDED_BYTES).expect("the embedded net reads");
    assert_eq!(qnet.rule, MirrorRule::Exact);
    qnet
}

/// n5 (today's default: one output layer, the exact rule), read from its
/// file so that it stays the base of the made-up bucketed nets below
/// whatever the default becomes.
fn one_bucket_exact() -> QuantizedNet {
    let qnet = QuantizedNet::from_bytes(include_bytes!("../nets/chuhe-n5.nnue")).expect("n5 reads");
    assert_eq!(
        (qnet.rule, qnet.buckets),
        (MirrorRule::Exact, Buckets::None)
    );
    qnet
}

#[test]
fn a_position_its_mirror_and_its_colour_flip_score_alike_on_every_path() {
    mirror_and_colour_flip_score_alike(&embedded_exact(), 76);
}

#[test]
fn a_bucketed_net_scores_mirrors_and_colour_flips_alike_on_every_path() {
    for (buckets, seed) in [(Buckets::Majors, 761), (Buckets::Pieces8, 762)] {
        let qnet = bucketed(&one_bucket_exact(), buckets, seed);
        mirror_and_colour_flip_score_alike(&qnet, seed);
    }
}

/// Random games played three ways at once (the original, its mirror and
/// its colour flip), with take-backs: every path scores each position
/// alike, and the three games alike.
fn mirror_and_colour_flip_score_alike(qnet: &QuantizedNet, seed: u64) {
    let net = Network::new(qnet, "exact rule");
    // one SIMD and one scalar state per game: the original, its mirror
    // and its colour flip, played move for move
    let mut states: Vec<(NetState, NetState)> = (0..3)
        .map(|_| (NetState::new(true), NetState::new(false)))
        .collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut checked, mut by_difference, mut by_difference_mirrored) = (0, 0, 0);
    for _game in 0..24 {
        let start = Position::startpos();
        let mut games = [start.clone(), start.mirrored(), start.colour_flipped()];
        for _ply in 0..140 {
            let scores: Vec<i32> = games
                .iter()
                .zip(states.iter_mut())
                .map(|(pos, (simd, scalar))| score_on_every_path(qnet, &net, simd, scalar, pos))
                .collect();
            let pos = &games[0];
            assert_eq!(scores[0], scores[1], "mirror of {}", pos.to_fen());
            assert_eq!(scores[0], scores[2], "colour flip of {}", pos.to_fen());
            // the features themselves, not only the scores, are shared
            assert_eq!(sorted_features(pos), sorted_features(&games[1]));
            let flipped = sorted_features(&games[2]);
            assert_eq!(sorted_features(pos), flipped);
            checked += 1;
            // how often the rule's last step (both kings on the middle
            // file, the first differing pair) decides, and both ways
            let middle = |c| pos.king_square(c).file() == 4;
            if middle(Colour::Red) && middle(Colour::Black) && !pos.same_position(&pos.mirrored()) {
                by_difference += 1;
                by_difference_mirrored += usize::from(arch::mirrored_in(Colour::Red, pos));
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if pos.ply_count() > 2 && rng.gen_range(0..5) == 0 {
                games.iter_mut().for_each(|g| g.unmake_move());
                continue;
            }
            let mv = moves
                .iter()
                .nth(rng.gen_range(0..moves.len()))
                .copied()
                .expect("a move");
            games[0].make_move(mv);
            games[1].make_move(mv.mirror_file());
            games[2].make_move(mv.flip_rank());
        }
    }
    assert!(checked > 1000, "only {checked} positions checked");
    // the refresh cache (an orientation change brought from the last
    // accumulator of that orientation) was taken on every path
    for (simd, scalar) in &states {
        assert!(simd.stats.cached > 0 && scalar.stats.cached > 0);
    }
    assert!(
        by_difference > 100 && by_difference_mirrored > 20 && by_difference_mirrored < by_difference,
        "the first-difference step decided {by_difference} times ({by_difference_mirrored} mirrored)"
    );
}

/// Equal features give equal scores whatever the weights; a trained net
/// might also score some mirrors alike by near-symmetric weights, so this
/// checks the rule with random weights (no two columns alike), over
/// random games in which the kings stay on the middle file, where the
/// rule's last step decides.
#[test]
fn a_random_net_scores_mirrors_alike_where_both_kings_stand_on_the_middle_file() {
    let mut rng = StdRng::seed_from_u64(7676);
    let mut qnet = QuantizedNet::zeros();
    qnet.ft_weights
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-60..60));
    qnet.ft_bias
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-60..200));
    qnet.out_weights
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-100..100));
    let net = Network::new(&qnet, "random");
    let (mut simd, mut scalar) = (NetState::new(true), NetState::new(false));
    let (mut msimd, mut mscalar) = (NetState::new(true), NetState::new(false));
    let mut checked = 0;
    for _game in 0..40 {
        let mut pos = Position::startpos();
        let mut mir = pos.mirrored();
        for _ply in 0..80 {
            let a = score_on_every_path(&qnet, &net, &mut simd, &mut scalar, &pos);
            let b = score_on_every_path(&qnet, &net, &mut msimd, &mut mscalar, &mir);
            assert_eq!(a, b, "mirror of {}", pos.to_fen());
            checked += usize::from(
                pos.king_square(Colour::Red).file() == 4
                    && pos.king_square(Colour::Black).file() == 4,
            );
            // keep the kings home: no king moves, so most positions
            // reach the rule's last step
            let moves: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(
                    |m| !matches!(pos.piece_at(m.from()), Some(p) if p.kind() == PieceKind::King),
                )
                .collect();
            if moves.is_empty() {
                break;
            }
            if pos.ply_count() > 2 && rng.gen_range(0..5) == 0 {
                pos.unmake_move();
                mir.unmake_move();
                continue;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            pos.make_move(mv);
            mir.make_move(mv.mirror_file());
        }
    }
    assert!(
        checked > 1000,
        "only {checked} positions with both kings on the middle file"
    );
}

/// The rule before issue 76 (n1–n4's files) leaves a position with the own
/// king on the middle file and its mirror apart: with random weights
/// such pairs score differently, which the exact rule never lets happen;
/// a file's magic keeps its net on the rule it was trained under.
#[test]
fn the_own_king_rule_of_the_older_nets_is_kept_for_their_files() {
    let mut rng = StdRng::seed_from_u64(7677);
    let mut qnet = QuantizedNet::zeros();
    qnet.ft_weights
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-60..60));
    qnet.out_weights
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-100..100));
    qnet.rule = MirrorRule::OwnKing;
    let read = QuantizedNet::from_bytes(&qnet.to_bytes()).expect("reads back");
    assert_eq!(read.rule, MirrorRule::OwnKing);
    let net = Network::new(&read, "own king");
    let mut pos = Position::startpos();
    let mut apart = 0;
    for mv in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        pos.make_move(Move::from_iccs(mv).expect("a move"));
        let a = NetState::evaluate_from_scratch(&net, &pos);
        assert_eq!(a, int_score_of(&qnet, &pos));
        apart += usize::from(a != NetState::evaluate_from_scratch(&net, &pos.mirrored()));
    }
    assert!(apart > 0);
}

/// `base`'s feature transformer with `buckets`'s output layers: each
/// bucket `base`'s output weights moved by a random amount (within the
/// clip of a trained net, ±64) and a bias of its own, so that a wrong
/// bucket gives a wrong score.
fn bucketed(base: &QuantizedNet, buckets: Buckets, seed: u64) -> QuantizedNet {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut net = QuantizedNet::zeros_with(buckets);
    net.ft_weights.clone_from(&base.ft_weights);
    net.ft_bias.clone_from(&base.ft_bias);
    for (i, w) in net.out_weights.iter_mut().enumerate() {
        let from = i32::from(base.out_weights[i % (2 * HIDDEN)]);
        *w = (from + rng.gen_range(-24..=24)).clamp(-64, 64) as i16;
    }
    for b in &mut net.out_bias {
        *b = base.out_bias[0] + rng.gen_range(-60_000..60_000);
    }
    net
}

/// A random bucketed net, written and read back, scores every position
/// as the net it was made from on every path (SIMD and scalar
/// incremental, from scratch, the trainer's reference) over random games
/// with take-backs; and a bucketed net whose buckets are all the one
/// output layer of a net scores exactly as that net.
#[test]
fn a_bucketed_net_reads_back_and_every_path_agrees_over_random_games() {
    let one = one_bucket_exact();
    let one_net = Network::new(&one, "one bucket");
    for (buckets, seed) in [(Buckets::Majors, 763), (Buckets::Pieces8, 764)] {
        let qnet = bucketed(&one, buckets, seed);
        let bytes = qnet.to_bytes();
        assert_eq!(&bytes[..8], b"CHUHENB1");
        assert_eq!(bytes.len(), arch::bucketed_file_bytes(buckets.count()));
        let read = QuantizedNet::from_bytes(&bytes).expect("reads back");
        assert_eq!(read, qnet);
        let net = Network::from_bytes(&bytes, "bucketed").expect("loads");
        assert_eq!(net.buckets(), buckets);
        assert!(net.narrow_output());
        // every bucket the one layer of `one`
        let mut same = qnet.clone();
        for k in 0..buckets.count() {
            same.out_weights[k * 2 * HIDDEN..(k + 1) * 2 * HIDDEN]
                .copy_from_slice(&one.out_weights);
            same.out_bias[k] = one.out_bias[0];
        }
        let same_net = Network::new(&same, "bucketed, all alike");
        let mut states: Vec<NetState> = (0..4).map(|i| NetState::new(i % 2 == 0)).collect();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut used = vec![0usize; buckets.count()];
        let mut differ = 0;
        for _game in 0..16 {
            let mut pos = Position::startpos();
            for _ply in 0..160 {
                let [a, b, c, d] = &mut states[..] else {
                    unreachable!()
                };
                let score = score_on_every_path(&read, &net, a, b, &pos);
                let plain = score_on_every_path(&same, &same_net, c, d, &pos);
                assert_eq!(plain, NetState::evaluate_from_scratch(&one_net, &pos));
                used[bucket_of(buckets, &pos)] += 1;
                differ += usize::from(score != plain);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if pos.ply_count() > 2 && rng.gen_range(0..5) == 0 {
                    pos.unmake_move();
                    continue;
                }
                // captures first, now and then, so the games reach the
                // buckets of little material
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| pos.piece_at(m.to()).is_some())
                    .collect();
                let mv = if !captures.is_empty() && rng.gen_range(0..2) == 0 {
                    captures[rng.gen_range(0..captures.len())]
                } else {
                    moves.as_slice()[rng.gen_range(0..moves.len())]
                };
                pos.make_move(mv);
            }
        }
        let reached = used.iter().filter(|&&n| n > 0).count();
        assert!(reached >= 5, "{buckets}: buckets reached {used:?}");
        let total: usize = used.iter().sum();
        assert!(differ > total / 2, "{buckets}: the buckets hardly matter");
    }
}

/// The AVX2 output layer's 32-bit path (an output weight beyond 16-bit
/// products) with buckets: random weights, the kings kept home so the
/// exact rule's last step decides often, mirrors alike on every path.
#[test]
fn a_wide_random_bucketed_net_scores_mirrors_alike_on_every_path() {
    let mut rng = StdRng::seed_from_u64(765);
    let mut qnet = QuantizedNet::zeros_with(Buckets::Majors);
    qnet.ft_weights
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-60..60));
    qnet.ft_bias
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-60..200));
    qnet.out_weights
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-50..50));
    qnet.out_bias
        .iter_mut()
        .for_each(|b| *b = rng.gen_range(-100_000..100_000));
    // one weight per bucket too wide for 16-bit products
    for k in 0..8 {
        qnet.out_weights[k * 2 * HIDDEN + 3 * k + 1] = 900;
    }
    let net = Network::new(&qnet, "random, wide");
    assert!(!net.narrow_output());
    let (mut simd, mut scalar) = (NetState::new(true), NetState::new(false));
    let (mut msimd, mut mscalar) = (NetState::new(true), NetState::new(false));
    let (mut fsimd, mut fscalar) = (NetState::new(true), NetState::new(false));
    let mut checked = 0;
    for _game in 0..20 {
        let mut pos = Position::startpos();
        let mut mir = pos.mirrored();
        let mut flip = pos.colour_flipped();
        for _ply in 0..100 {
            let a = score_on_every_path(&qnet, &net, &mut simd, &mut scalar, &pos);
            let b = score_on_every_path(&qnet, &net, &mut msimd, &mut mscalar, &mir);
            let c = score_on_every_path(&qnet, &net, &mut fsimd, &mut fscalar, &flip);
            assert_eq!(a, b, "mirror of {}", pos.to_fen());
            assert_eq!(a, c, "colour flip of {}", pos.to_fen());
            checked += 1;
            let moves: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(
                    |m| !matches!(pos.piece_at(m.from()), Some(p) if p.kind() == PieceKind::King),
                )
                .collect();
            if moves.is_empty() {
                break;
            }
            if pos.ply_count() > 2 && rng.gen_range(0..5) == 0 {
                pos.unmake_move();
                mir.unmake_move();
                flip.unmake_move();
                continue;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            pos.make_move(mv);
            mir.make_move(mv.mirror_file());
            flip.make_move(mv.flip_rank());
        }
    }
    assert!(checked > 1000, "only {checked} positions");
}

/// Every net in nets/ reads and writes back to the same bytes, magic and
/// all; a net of one bucket (n1–n5) keeps the file format from before
/// buckets, length and all, and a bucketed one (n6) has its scheme's count
/// of output layers and the bucketed length.
#[test]
fn the_net_files_keep_their_bytes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/nets");
    let (mut one_bucket, mut bucketed) = (0, 0);
    for entry in std::fs::read_dir(dir).expect("nets/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "nnue") {
            continue;
        }
        let bytes = std::fs::read(&path).expect("reads");
        let net = QuantizedNet::from_bytes(&bytes).expect("a valid net");
        assert!(net.to_bytes() == bytes, "{path:?} written back differs");
        assert_eq!(net.out_bias.len(), net.buckets.count(), "{path:?}");
        if net.buckets == Buckets::None {
            assert_eq!(bytes.len(), arch::FILE_BYTES, "{path:?}");
            one_bucket += 1;
        } else {
            assert_eq!(
                bytes.len(),
                arch::bucketed_file_bytes(net.buckets.count()),
                "{path:?}"
            );
            bucketed += 1;
        }
    }
    assert!(
        one_bucket >= 3,
        "only {one_bucket} one-bucket nets in {dir}"
    );
    assert!(bucketed >= 1, "no bucketed net in {dir}");
    let embedded = QuantizedNet::from_bytes(EMBEDDED_BYTES).expect("reads");
    assert!(embedded.to_bytes() == EMBEDDED_BYTES);
    assert_eq!(embedded.buckets, Buckets::None, "the default net is n5");
}
