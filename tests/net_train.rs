//! The NNUE trainer on tiny generated data: it learns that a rook is worth
//! having, a resumed run equals an uninterrupted one, the same seed gives
//! the same weights on any thread count, the quantized net scores like
//! the float one, and the command's log reads cleanly from a file.

use chuhe::board::{Colour, PieceKind, Position, Square};
use chuhe::eval::nnue::arch::SCALE;
use chuhe::eval::nnue::buckets::{bucket_of, Buckets};
use chuhe::eval::nnue::file::QuantizedNet;
use chuhe::train::checkpoint::Checkpoint;
use chuhe::train::features::{features, TrainSet};
use chuhe::train::model::{forward, score_cp};
use chuhe::train::optim::AdamConfig;
use chuhe::train::quantize::{calibrate, error_sigma, int_score, int_score_of, quantize};
use chuhe::train::source::{read_text, Labelled};
use chuhe::train::trainer::{train, TrainConfig, TrainState};
use chuhe::tune::data::{red_result, short_fen, GameRecords};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::convert::Infallible;

fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Rook => 500,
        PieceKind::Cannon | PieceKind::Knight => 250,
        PieceKind::Advisor | PieceKind::Bishop => 100,
        PieceKind::Pawn => 50,
        PieceKind::King => 0,
    }
}

/// Material balance from Red's view: the "search score" of the test data.
fn material(pos: &Position) -> i32 {
    Colour::ALL
        .iter()
        .flat_map(|&c| pos.pieces_of(c))
        .map(|(_, p)| p.colour().sign() * value(p.kind()))
        .sum()
}

/// Random games from the start; every position after a few plies is
/// labelled with its material balance and a result that follows it. The
/// data goes through the text format and its reader, as real data does.
fn generated(seed: u64, games: usize) -> Vec<Labelled> {
    read_text(generated_text(seed, games).as_bytes(), seed).expect("generated data reads back")
}

/// The games of [`generated`] in the text format of `chuhe datagen`.
fn generated_text(seed: u64, games: usize) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut text = String::new();
    for g in 0..games {
        let mut pos = Position::startpos();
        let mut rec = GameRecords {
            game: g as u64,
            ..GameRecords::default()
        };
        let plies = rng.gen_range(20..120);
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves.as_slice()[rng.gen_range(0..moves.len())]);
            if ply >= 6 && ply % 3 == 0 {
                rec.positions.push((short_fen(&pos), Some(material(&pos))));
            }
        }
        let m = material(&pos);
        rec.result = red_result(match m {
            m if m > 150 => Some(Colour::Red),
            m if m < -150 => Some(Colour::Black),
            _ => None,
        });
        text.push_str(&rec.to_text());
    }
    text
}

fn set_of(v: &[Labelled]) -> TrainSet {
    let mut s = TrainSet::new();
    for l in v {
        s.push(l);
    }
    s
}

fn config(epochs: usize) -> TrainConfig {
    TrainConfig {
        epochs,
        batch: 256,
        lr: 4e-3,
        final_lr_frac: 0.1,
        lambda: 0.0,
        k: 400.0,
        seed: 7,
        adam: AdamConfig::default(),
        buckets: Buckets::None,
    }
}

fn run(set: &TrainSet, val: &TrainSet, cfg: &TrainConfig, until: usize) -> (TrainState, Vec<f64>) {
    let mut state = TrainState::fresh(cfg.seed, cfg.buckets);
    let mut losses = Vec::new();
    train::<Infallible>(
        set,
        val,
        cfg,
        &mut state,
        until,
        &mut |_| {},
        &mut |r, _| {
            losses.push(r.val_loss);
            Ok(())
        },
    )
    .unwrap();
    (state, losses)
}

/// `pos` without the piece on `sq`, if that is still a legal position.
fn without(pos: &Position, sq: Square) -> Option<Position> {
    let fen = short_fen(pos);
    let (board, side) = fen.split_once(' ')?;
    let mut rows: Vec<Vec<char>> = board
        .split('/')
        .map(|r| {
            r.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    rows[9 - sq.rank() as usize][sq.file() as usize] = '.';
    let board: Vec<String> = rows
        .iter()
        .map(|r| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in r.iter().chain(std::iter::once(&'/')) {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                if c != '/' {
                    s.push(c);
                }
            }
            s
        })
        .collect();
    Position::from_fen(&format!("{} {side}", board.join("/"))).ok()
}

#[test]
fn a_tiny_net_learns_that_a_rook_is_worth_having() {
    let data = set_of(&generated(1, 400));
    let held_out = generated(2, 60);
    let val = set_of(&held_out);
    let cfg = config(12);
    let (state, losses) = run(&data, &val, &cfg, cfg.epochs);
    assert!(losses.last() < losses.first(), "validation loss {losses:?}");
    // held-out positions where the side to move has a rook: taking it off
    // must lower the net's score
    let (mut pairs, mut right, mut gain) = (0, 0, 0.0f32);
    for l in &held_out {
        let pos = &l.position;
        let us = pos.side_to_move();
        let Some(sq) = pos.squares_of(us, PieceKind::Rook).next() else {
            continue;
        };
        let Some(less) = without(pos, sq) else {
            continue;
        };
        let score = |p| score_cp(&state.params, cfg.buckets, p);
        let (a, b) = (score(pos), score(&less));
        pairs += 1;
        right += usize::from(a > b);
        gain += a - b;
    }
    assert!(pairs >= 100, "only {pairs} pairs");
    assert!(right * 10 >= pairs * 9, "{right} of {pairs} pairs ordered");
    assert!(
        gain / pairs as f32 > 100.0,
        "a rook is worth {} cp",
        gain / pairs as f32
    );
}

#[test]
fn a_resumed_run_equals_an_uninterrupted_one() {
    resumed_run_equals_an_uninterrupted_one(Buckets::None);
}

#[test]
fn a_resumed_bucketed_run_equals_an_uninterrupted_one() {
    resumed_run_equals_an_uninterrupted_one(Buckets::Majors);
}

fn resumed_run_equals_an_uninterrupted_one(buckets: Buckets) {
    let data = set_of(&generated(3, 120));
    let val = set_of(&generated(4, 20));
    let cfg = TrainConfig {
        buckets,
        ..config(3)
    };
    let (straight, _) = run(&data, &val, &cfg, 3);
    let (half, _) = run(&data, &val, &cfg, 2);
    assert_eq!(half.epoch, 2);
    assert_ne!(half.params, straight.params);
    // through the checkpoint's bytes, as `--resume` reads it
    let ck = Checkpoint {
        config: cfg,
        state: half,
        n_train: data.len() as u64,
        n_val: val.len() as u64,
        best_val: f64::INFINITY,
    };
    let back = Checkpoint::from_bytes(&ck.to_bytes()).unwrap();
    assert_eq!(back.config.buckets, buckets);
    let mut resumed = back.state;
    train::<Infallible>(
        &data,
        &val,
        &back.config,
        &mut resumed,
        3,
        &mut |_| {},
        &mut |_, _| Ok(()),
    )
    .unwrap();
    assert_eq!(resumed, straight);
}

#[test]
fn the_same_seed_gives_the_same_weights_on_any_thread_count() {
    let data = set_of(&generated(5, 80));
    let val = set_of(&generated(6, 10));
    let cfg = config(2);
    let on = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run(&data, &val, &cfg, 2).0)
    };
    let one = on(1);
    assert_eq!(one, on(1));
    assert_eq!(one, on(3));
    let other = TrainConfig { seed: 8, ..cfg };
    assert_ne!(one.params, run(&data, &val, &other, 2).0.params);
}

#[test]
fn the_quantized_net_scores_like_the_float_one() {
    quantized_net_scores_like_the_float_one(Buckets::None);
}

#[test]
fn a_quantized_bucketed_net_scores_like_the_float_one() {
    quantized_net_scores_like_the_float_one(Buckets::Majors);
    quantized_net_scores_like_the_float_one(Buckets::Pieces8);
}

fn quantized_net_scores_like_the_float_one(buckets: Buckets) {
    let data = set_of(&generated(9, 200));
    let held_out = generated(10, 40);
    let cfg = TrainConfig {
        buckets,
        ..config(6)
    };
    let (state, _) = run(&data, &set_of(&held_out), &cfg, cfg.epochs);
    let mut net = quantize(&state.params, buckets);
    // the bias correction, fitted on the training positions, leaves no
    // mean offset there (in each bucket, so none over all)
    calibrate(&mut net, &state.params, &data, data.len());
    let offset: f32 = (0..data.len())
        .map(|i| {
            let (us, them) = data.features(i);
            let k = data.bucket(i, buckets);
            forward(&state.params, k, us, them) * SCALE as f32 - int_score(&net, k, us, them) as f32
        })
        .sum::<f32>()
        / data.len() as f32;
    assert!(offset.abs() < 0.5, "{buckets}: mean offset {offset} cp");
    let net = QuantizedNet::from_bytes(&net.to_bytes()).unwrap();
    assert_eq!(net.buckets, buckets);
    let mut total = 0.0;
    let mut used = vec![false; buckets.count()];
    for l in &held_out {
        let (us, them) = features(&l.position);
        let k = bucket_of(buckets, &l.position);
        used[k] = true;
        let float = forward(&state.params, k, &us, &them) * SCALE as f32;
        let int = int_score(&net, k, &us, &them);
        assert_eq!(int, int_score_of(&net, &l.position));
        let tol = 4.0 * error_sigma(&state.params, k, &us, &them) + 1.5;
        assert!(
            (float - int as f32).abs() <= tol,
            "{float} vs {int}, tolerance {tol}"
        );
        total += (float - int as f32).abs();
    }
    assert!(total / (held_out.len() as f32) < 10.0);
    // random games from the start reach several buckets
    assert!(
        used.iter().filter(|&&u| u).count() >= used.len().min(3),
        "{buckets}: buckets used {used:?}"
    );
}

/// `chuhe net train` run as from a script, stderr going to a file: every
/// line of its log stands on its own (no `\r` progress lines run into the
/// summary), and the summary counts the positions the data holds.
#[test]
fn the_command_writes_a_plain_log_when_stderr_is_not_a_terminal() {
    let dir = std::env::temp_dir().join(format!("chuhe-net-train-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("tiny.txt");
    std::fs::write(&data, generated_text(5, 6)).unwrap();
    let net = dir.join("tiny.nnue");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args([
            "net",
            "train",
            "--epochs",
            "1",
            "--batch",
            "64",
            "--threads",
            "1",
        ])
        .arg("--data")
        .arg(&data)
        .arg("--out")
        .arg(&net)
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(!log.contains('\r'), "{log:?}");
    let summary = format!("{} positions: ", generated(5, 6).len());
    assert!(
        log.lines().any(|l| l.starts_with(&summary)),
        "no line starts with {summary:?}: {log}"
    );
    assert!(net.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `net train --buckets majors` writes a bucketed net that `net info`
/// reads and names; `--resume` keeps the checkpoint's buckets, and
/// refuses other buckets before reading the data.
#[test]
fn the_command_trains_a_bucketed_net_and_resumes_it_with_its_buckets() {
    let dir = std::env::temp_dir().join(format!("chuhe-net-train-buckets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("tiny.txt");
    std::fs::write(&data, generated_text(7, 6)).unwrap();
    let net = dir.join("tiny.nnue");
    let chuhe = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .args(args)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.success(), text)
    };
    let (data, net_s) = (data.to_str().unwrap(), net.to_str().unwrap());
    let train = [
        "net",
        "train",
        "--data",
        data,
        "--out",
        net_s,
        "--threads",
        "1",
    ];
    let (ok, log) = chuhe(&[&train[..], &["--epochs", "1", "--buckets", "majors"]].concat());
    assert!(ok, "{log}");
    assert!(log.contains("output buckets majors"), "{log}");
    let (ok, info) = chuhe(&["net", "info", net_s]);
    assert!(ok, "{info}");
    assert!(
        info.contains("output buckets majors (8 output layers)"),
        "{info}"
    );
    assert!(info.contains("output bias of bucket 7"), "{info}");
    let bytes = std::fs::read(&net).unwrap();
    assert_eq!(&bytes[..8], b"CHUHENB1");
    let (ok, log) = chuhe(&[&train[..], &["--resume", "--buckets", "none"]].concat());
    assert!(!ok, "{log}");
    assert!(
        log.contains("the checkpoint is of output buckets majors, not none"),
        "{log}"
    );
    assert!(!log.contains("positions:"), "read the data first: {log}");
    let (ok, log) = chuhe(&[&train[..], &["--resume", "--epochs", "2"]].concat());
    assert!(ok, "{log}");
    assert!(log.contains("resuming after epoch 1 of 2"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Learning rates, blend weights and scales that are not finite or out of
/// range are refused by name before any data is read (a NaN learning rate
/// once trained a net of NaNs and wrote it). The data file does not exist,
/// so a command that got as far as reading would fail with another error.
#[test]
fn numbers_that_would_train_nonsense_are_refused_before_the_data_is_read() {
    let dir = std::env::temp_dir().join(format!("chuhe-net-train-numbers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("never.nnue");
    let missing = dir.join("no-such-data.txt");
    let cases: [(&[&str], &str, &str); 9] = [
        (&["net", "train"], "--lr", "nan"),
        (&["net", "train"], "--lambda", "1.5"),
        (&["net", "train"], "--weight-decay", "-0.5"),
        (&["net", "train"], "--final-lr", "inf"),
        (&["net", "train"], "--k", "0"),
        (&["net", "train"], "--val-percent", "NaN"),
        (&["net", "train"], "--epochs", "0"),
        (&["tune"], "--lr", "nan"),
        (&["tune"], "--lambda", "-1"),
    ];
    for (command, flag, value) in cases {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .args(command)
            .arg("--data")
            .arg(&missing)
            .arg("--out")
            .arg(&net)
            .args([flag, value])
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{command:?} {flag} {value}: {log}");
        assert!(
            log.contains(&format!("invalid value '{value}' for '{flag}")),
            "{command:?} {flag} {value}: {log}"
        );
        assert!(!net.exists(), "{command:?} {flag} {value} wrote a net");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An output whose directory cannot be made (in `/proc`, not even by
/// root) is refused before the data is read: `net train` used to read and
/// train an epoch and `tune` to fit to the end before failing to write.
#[cfg(target_os = "linux")]
#[test]
fn an_output_that_cannot_be_written_fails_before_the_training() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tune-sample.txt");
    let dir = format!("/proc/chuhe-net-train-{}", std::process::id());
    for (command, out, work) in [
        (
            &["net", "train", "--epochs", "1"][..],
            "never.nnue",
            "epoch",
        ),
        (&["tune", "--epochs", "1"][..], "never.rs", "tuned"),
    ] {
        let out = format!("{dir}/{out}");
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .args(command)
            .args(["--data", data, "--out", &out])
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{command:?}: {log}");
        assert!(
            log.contains(&format!("{out}: cannot make {dir}")),
            "{command:?}: {log}"
        );
        assert!(!log.contains(work), "{command:?} worked first: {log}");
    }
}
