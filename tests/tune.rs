//! The tapered `default` evaluation, its linear trace, the WDL model and
//! the tuner: phase blending, colour-flip and mirror symmetry of every
//! term, trace = evaluation, and that tuning lowers the loss.

use chuhe::board::Position;
use chuhe::eval::features::MAX_PHASE;
use chuhe::eval::layout::{GROUPS, MATERIAL, N_PARAMS};
use chuhe::eval::params::{EG, MG};
use chuhe::eval::trace::trace;
use chuhe::eval::wdl::wdl_permille;
use chuhe::eval::{psq, EvalCounter, Evaluator, Profile};
use chuhe::tune::data::{read_samples, Sample};
use chuhe::tune::dataset::{split, Dataset};
use chuhe::tune::fit::{fit, fit_k, loss, FitConfig};

fn oracle_positions() -> Vec<Position> {
    include_str!("data/movegen-oracle.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut p = Position::from_fen(l.split('\t').next().unwrap()).unwrap();
            p.set_psq_tables(psq::tables());
            p
        })
        .collect()
}

fn params() -> (Vec<f64>, Vec<f64>) {
    (
        MG.iter().map(|&x| x as f64).collect(),
        EG.iter().map(|&x| x as f64).collect(),
    )
}

#[test]
fn phase_counts_rooks_horses_cannons() {
    let start = Position::startpos();
    assert_eq!(Evaluator::phase(&start), MAX_PHASE);
    for (fen, phase) in [
        // a black rook gone: 2 less
        (
            "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            14,
        ),
        // a horse and a cannon gone
        (
            "rnbakab1r/9/1c7/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            14,
        ),
        // pawns, advisors and elephants do not count
        ("3akab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w", 0),
        ("3k5/9/9/9/9/9/9/9/9/R3K4 w", 2),
    ] {
        assert_eq!(
            Evaluator::phase(&Position::from_fen(fen).unwrap()),
            phase,
            "{fen}"
        );
    }
}

/// The material part is blended between the middlegame and endgame values
/// by the phase.
#[test]
fn material_is_blended_by_phase() {
    let ev = Evaluator::new(Profile::Default);
    // Red has an extra rook (phase 2) or an extra pawn (phase 0)
    for (fen, kind, phase) in [
        ("3k5/9/9/9/9/9/9/9/9/R3K4 w", 4usize, 2),
        ("4k4/9/9/9/9/9/4P4/9/9/4K4 w", 6, 0),
        ("3k5/9/9/9/9/9/9/9/9/2R1K1R2 w", 4, 4),
    ] {
        let mut pos = Position::from_fen(fen).unwrap();
        ev.install(&mut pos);
        let n = pos.count(
            chuhe::board::Colour::Red,
            chuhe::board::PieceKind::ALL[kind],
        ) as i32;
        let (mg, eg) = (MG[MATERIAL + kind] as i32, EG[MATERIAL + kind] as i32);
        // imbalance terms ride on the material part: take them from the trace
        let t = trace(&pos);
        let imbalance: f64 = t
            .coefs
            .iter()
            .filter(|(i, _)| {
                GROUPS[1].start <= *i as usize && (*i as usize) < GROUPS[1].start + GROUPS[1].len
            })
            .map(|&(i, c)| {
                c as f64
                    * (MG[i as usize] as f64 * phase as f64
                        + EG[i as usize] as f64 * (MAX_PHASE - phase) as f64)
                    / MAX_PHASE as f64
            })
            .sum();
        let expected =
            (n * (mg * phase + eg * (MAX_PHASE - phase))) as f64 / MAX_PHASE as f64 + imbalance;
        let got = ev.breakdown(&pos).parts[0].raw as f64;
        assert!((got - expected).abs() <= 1.0, "{fen}: {got} vs {expected}");
    }
}

#[test]
fn every_term_is_colour_and_mirror_symmetric() {
    let mut nonzero = vec![false; N_PARAMS];
    for pos in oracle_positions() {
        let t = trace(&pos);
        for &(i, _) in &t.coefs {
            nonzero[i as usize] = true;
        }
        let flipped = trace(&pos.colour_flipped());
        assert_eq!(flipped.phase, t.phase);
        let negated: Vec<(u16, i16)> = t.coefs.iter().map(|&(i, c)| (i, -c)).collect();
        assert_eq!(flipped.coefs, negated, "colour flip of {pos:?}");
        assert_eq!(trace(&pos.mirrored()), t, "mirror of {pos:?}");
    }
    // every group is exercised by the oracle positions
    for g in GROUPS {
        assert!(
            (g.start..g.start + g.len).any(|i| nonzero[i]),
            "group {} never scores",
            g.name
        );
    }
}

#[test]
fn trace_reproduces_the_evaluation() {
    // The linear evaluation; the drawish scaling (on by default) has its
    // own test below.
    let ev = Evaluator::new(Profile::Default).with_drawish(false);
    let (mg, eg) = params();
    for pos in oracle_positions() {
        let red_view = ev.evaluate(&pos, &mut EvalCounter::default()) * pos.side_to_move().sign();
        let traced = trace(&pos).evaluate(&mg, &eg);
        // each of the five parts is rounded once
        assert!(
            (red_view as f64 - traced).abs() <= 5.0,
            "{pos:?}: {red_view} vs {traced}"
        );
    }
}

/// With `drawish` on, the trace's scale reproduces the scaled evaluation,
/// on the oracle's positions and on endings the scaling is about; and the
/// data set evaluates the same way when told to.
#[test]
fn trace_reproduces_the_drawish_scaled_evaluation() {
    let ev = Evaluator::new(Profile::Default).with_drawish(true);
    let (mg, eg) = params();
    let endings = [
        "4k4/9/9/4p4/9/9/9/9/9/2BAKAB2 w - - 0 1",
        "2bakab2/9/9/9/9/9/9/4N4/9/3K5 w - - 0 1",
        "3akab2/9/9/9/9/9/r8/9/9/R2K5 w - - 0 1",
        "3akab2/9/9/9/9/9/r8/9/4N4/R2K5 b - - 0 1",
    ];
    let mut scaled = 0;
    let positions = oracle_positions()
        .into_iter()
        .chain(endings.iter().map(|f| Position::from_fen(f).unwrap()));
    for pos in positions {
        let red_view = ev.evaluate(&pos, &mut EvalCounter::default()) * pos.side_to_move().sign();
        let t = trace(&pos);
        let linear = t.evaluate(&mg, &eg);
        let traced = t.scaled(linear);
        scaled += usize::from(t.scale_factor(linear) < 1.0);
        assert!(
            (red_view as f64 - traced).abs() <= 5.0,
            "{pos:?}: {red_view} vs {traced}"
        );
    }
    assert!(scaled >= endings.len(), "only {scaled} positions scaled");
    let samples: Vec<Sample> = endings
        .iter()
        .map(|f| Sample {
            fen: f.to_string(),
            result: 0.5,
            score: None,
            game: 0,
        })
        .collect();
    let theta: Vec<f64> = mg.iter().chain(&eg).copied().collect();
    let plain = Dataset::from_samples(&samples);
    let drawish = Dataset::from_samples(&samples).with_drawish(true);
    for (j, fen) in endings.iter().enumerate() {
        let t = trace(&Position::from_fen(fen).unwrap());
        let linear = t.evaluate(&mg, &eg);
        assert!((plain.eval(j, &theta) - linear).abs() < 1e-6, "{fen}");
        assert!(
            (drawish.eval(j, &theta) - t.scaled(linear)).abs() < 1e-6,
            "{fen}"
        );
    }
}

#[test]
fn cheap_score_is_material_plus_position() {
    for profile in [Profile::Paper, Profile::Default] {
        // Unscaled: with `drawish` on, the cheap score is scaled as the
        // full evaluation is.
        let mut ev = Evaluator::new(profile).with_drawish(false);
        ev.set_weight("position", 70).unwrap();
        for pos in oracle_positions().iter().step_by(5) {
            let b = ev.breakdown(pos);
            let expected =
                (b.parts[0].raw * 100 + b.parts[1].raw * 70) / 100 * pos.side_to_move().sign();
            assert_eq!(ev.cheap_score(pos), expected, "{profile} {pos:?}");
        }
    }
}

#[test]
fn wdl_is_monotone_and_sums_to_1000() {
    for phase in [0, 5, MAX_PHASE] {
        let mut last = wdl_permille(-5000, phase);
        for s in -5000..=5000 {
            let v = wdl_permille(s, phase);
            assert_eq!(v.iter().sum::<u32>(), 1000);
            assert!(v[0] >= last[0] && v[2] <= last[2]);
            last = v;
        }
        assert!(wdl_permille(-5000, phase)[2] > 950);
        assert!(wdl_permille(5000, phase)[0] > 950);
        let even = wdl_permille(0, phase);
        assert_eq!(even[0], even[2]);
        assert!(wdl_permille(200, phase)[0] > wdl_permille(0, phase)[0]);
    }
}

#[test]
fn tuning_lowers_the_loss_on_the_sample() {
    let samples = read_samples(include_str!("data/tune-sample.txt").as_bytes()).unwrap();
    assert!(samples.len() > 5000);
    let (train, held) = split(&samples);
    assert!(!held.is_empty() && train.len() > held.len());
    let d = Dataset::from_samples(train);
    let hand = chuhe::eval::hand::HAND;
    let theta0: Vec<f64> = hand.iter().chain(&hand).map(|&x| x as f64).collect();
    let k = fit_k(&d, &theta0, 10.0, 2000.0);
    assert!(k > 10.5 && k < 1999.5, "K = {k}");
    let before = loss(&d, &theta0, k);
    let cfg = FitConfig {
        epochs: 40,
        ..FitConfig::default()
    };
    let theta = fit(
        &d,
        &theta0,
        &vec![false; theta0.len()],
        k,
        &cfg,
        &mut |_, _| {},
    );
    let after = loss(&d, &theta, k);
    assert!(after < before - 0.005, "{before} -> {after}");
}

/// The coordination patterns show up in the trace with the right sign.
#[test]
fn coordination_patterns_are_traced() {
    use chuhe::eval::layout::*;
    let coef = |fen: &str, param: usize| {
        let t = trace(&Position::from_fen(fen).unwrap());
        t.coefs
            .iter()
            .find(|&&(i, _)| i as usize == param)
            .map_or(0, |&(_, c)| c)
    };
    let co = |i| COORDINATION + i;
    assert_eq!(
        coef("4k4/9/9/9/9/9/4N4/2N6/9/4K4 w", co(CO_LINKED_HORSES)),
        1
    );
    assert_eq!(
        coef("4k4/9/9/9/9/4N4/9/2N6/9/4K4 w", co(CO_LINKED_HORSES)),
        0
    );
    assert_eq!(
        coef("4k4/9/9/9/9/9/9/1C2N2C1/9/4K4 w", co(CO_LINKED_CANNONS)),
        1
    );
    assert_eq!(
        coef("4k4/9/9/9/4C4/4C4/9/9/9/3K5 b", co(CO_STACKED_CANNONS)),
        1
    );
    assert_eq!(coef("4k4/9/9/9/4R4/4C4/9/9/9/3K5 b", co(CO_ROOK_CANNON)), 1);
    assert_eq!(
        coef(
            "3k1ab2/4a4/4b4/9/9/9/9/9/9/4K4 w",
            co(CO_ELEPHANTS_CONNECTED)
        ),
        -1
    );
    // crossed pawns side by side, one of them in the palace
    let fen = "4k4/9/3PP4/9/9/9/9/9/9/5K3 w";
    assert_eq!(coef(fen, PAWNS + PAWN_CONNECTED), 1);
    assert_eq!(coef(fen, PAWNS + PAWN_IN_PALACE), 2);
    // king safety (counted for the defender, Red here; the parameters are
    // the penalties): a black rook on the open e-file, no red advisors
    let fen = "3k5/9/9/9/9/4r4/9/9/9/4K4 w";
    assert_eq!(coef(fen, KING_SAFETY + KS_OPEN_FILE), 1);
    assert_eq!(coef(fen, KING_SAFETY + KS_NO_ADVISOR), 2);
    assert_eq!(coef(fen, KING_SAFETY + KS_ROOK_ON_PALACE), 1);
}

/// The training part of `tests/data/tune-sample.txt` and the hand-set
/// values (middlegame, then endgame) to start a fit from.
fn sample_training_set() -> (Dataset, Vec<f64>) {
    let samples = read_samples(include_str!("data/tune-sample.txt").as_bytes()).unwrap();
    let d = Dataset::from_samples(split(&samples).0);
    let hand = chuhe::eval::hand::HAND;
    let theta0: Vec<f64> = hand.iter().chain(&hand).map(|&x| x as f64).collect();
    (d, theta0)
}

/// `l2_psq` holds the piece-square entries near their start while the
/// other parameters still move.
#[test]
fn psq_l2_holds_the_piece_square_entries() {
    use chuhe::eval::layout::{MATERIAL, N_PARAMS, PSQ, PSQ_KIND_LEN};
    let (d, theta0) = sample_training_set();
    let frozen = vec![false; theta0.len()];
    let drift = |l2_psq: Option<f64>| {
        let cfg = FitConfig {
            epochs: 20,
            l2_psq,
            ..FitConfig::default()
        };
        let theta = fit(&d, &theta0, &frozen, 150.0, &cfg, &mut |_, _| {});
        let psq: f64 = (PSQ..PSQ + 7 * PSQ_KIND_LEN)
            .flat_map(|i| [i, N_PARAMS + i])
            .map(|i| (theta[i] - theta0[i]).abs())
            .sum();
        let material: f64 = (MATERIAL + 1..MATERIAL + 7)
            .map(|i| (theta[i] - theta0[i]).abs())
            .sum();
        (psq, material)
    };
    let (free_psq, free_material) = drift(None);
    let (held_psq, held_material) = drift(Some(1.0));
    assert!(held_psq < free_psq / 4.0, "{held_psq} against {free_psq}");
    assert!(
        held_material > free_material / 2.0,
        "{held_material} against {free_material}"
    );
}

/// `--freeze`: the parameters of the named groups keep their starting
/// values exactly while the others move.
#[test]
fn frozen_groups_keep_their_values() {
    use chuhe::eval::layout::{group_mask, group_of, N_PARAMS};
    let (d, theta0) = sample_training_set();
    let frozen = group_mask(&["material".to_string(), "psq".to_string()]).unwrap();
    let cfg = FitConfig {
        epochs: 20,
        ..FitConfig::default()
    };
    let theta = fit(&d, &theta0, &frozen, 150.0, &cfg, &mut |_, _| {});
    let moved = |i: usize| theta[i] != theta0[i];
    assert_eq!(frozen.len(), 2 * N_PARAMS);
    for (i, _) in frozen.iter().enumerate().filter(|(_, &f)| f) {
        assert!(!moved(i), "{} {i} moved", group_of(i % N_PARAMS).name);
    }
    let free_moved = (0..frozen.len())
        .filter(|&i| !frozen[i] && moved(i))
        .count();
    assert!(free_moved > 20, "only {free_moved} free parameters moved");
}
