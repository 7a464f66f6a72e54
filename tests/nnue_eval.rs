//! The network in the evaluator's other duties: evaluation-call counting
//! (the same count as the five parts over the same calls; nonzero and
//! deterministic in a search, every counted call reaching the net) and
//! `chuhe eval --eval net` (the net's score, Red's view, the WDL of the
//! `info` lines, and clear errors for a bad `--evalfile`).

use chuhe::board::Position;
use chuhe::eval::nnue::file::QuantizedNet;
use chuhe::eval::nnue::{self, EvalKind};
use chuhe::eval::{EvalCounter, Evaluator, Profile};
use chuhe::search::{wdl_permille, Limits, SearchControl, SearchOptions, Searcher};
use std::process::Command;

const FENS: [&str; 3] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "2bakab2/9/2n1c4/p3p1p1p/2p6/6P2/P1P1P3P/2N1C4/9/2BAKAB2 w - - 0 20",
];

fn net_evaluator() -> Evaluator {
    Evaluator::new(Profile::Default).with_net(Some(nnue::embedded()))
}

/// Evaluates every leaf of the two-ply tree below `pos` (after a cheap
/// score, as the lazy tests ask), returning the counted calls.
fn count_leaves(ev: &Evaluator, pos: &mut Position) -> u64 {
    let mut counter = EvalCounter::default();
    for a in pos.legal_moves().iter().copied().collect::<Vec<_>>() {
        pos.make_move(a);
        for b in pos.legal_moves().iter().copied().collect::<Vec<_>>() {
            pos.make_move(b);
            ev.cheap_score(pos);
            ev.evaluate(pos, &mut counter);
            pos.unmake_move();
        }
        pos.unmake_move();
    }
    counter.calls
}

#[test]
fn the_net_counts_one_call_per_evaluation_as_the_five_parts_do() {
    let mut pos = Position::startpos();
    let classic = Evaluator::new(Profile::Default);
    classic.install(&mut pos);
    let net = net_evaluator();
    let before = nnue::thread_stats().evals;
    let net_calls = count_leaves(&net, &mut pos);
    let reached = nnue::thread_stats().evals - before;
    // perft 2 of the start position: 1920 leaves, one counted call each
    assert_eq!(net_calls, 1920);
    assert_eq!(count_leaves(&classic, &mut pos), net_calls);
    // the cheap score and the full one both reach the net; the counter
    // counts only the full one
    assert_eq!(reached, 2 * net_calls);
}

#[test]
fn a_net_search_counts_evaluations_deterministically() {
    let options = SearchOptions {
        eval: EvalKind::Net,
        threads: 1,
        ..SearchOptions::default()
    };
    for fen in FENS {
        let pos = Position::from_fen(fen).unwrap();
        let run = || {
            let mut s = Searcher::new(options.clone());
            let before = nnue::thread_stats().evals;
            let r = s.search(
                &pos,
                &Limits::depth(5),
                &SearchControl::new(),
                &[],
                &mut |_| {},
            );
            (
                r.stats.nodes,
                r.stats.evals,
                r.best_move,
                nnue::thread_stats().evals - before,
            )
        };
        let (nodes, evals, best, reached) = run();
        assert!(evals > 0 && nodes > 0, "{fen}");
        assert!(best.is_some(), "{fen}");
        // one thread: the search ran here, and each counted call reached
        // this thread's net state
        assert!(
            reached >= evals,
            "{fen}: {reached} net evaluations, {evals} counted"
        );
        assert_eq!(
            run(),
            (nodes, evals, best, reached),
            "{fen}: not deterministic"
        );
    }
}

/// `chuhe eval` with `args`: its success and stdout, after checking that
/// nothing panicked.
fn chuhe_eval(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("eval")
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        err,
    )
}

/// The value after `key` on the line starting with it.
fn field(text: &str, key: &str) -> i32 {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{key} ")))
        .unwrap_or_else(|| panic!("no '{key}' line in {text}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn cli_eval_prints_the_nets_score_and_wdl() {
    let net = net_evaluator();
    for fen in FENS {
        let (ok, text, _) = chuhe_eval(&["--fen", fen, "--eval", "net"]);
        assert!(ok, "{text}");
        let mut pos = Position::from_fen(fen).unwrap();
        net.install(&mut pos);
        let score = net.evaluate(&pos, &mut EvalCounter::default());
        let phase = Evaluator::phase(&pos);
        assert_eq!(field(&text, "phase"), phase);
        assert_eq!(field(&text, "total"), score, "{text}");
        assert_eq!(text.lines().last().unwrap(), format!("total {score}"));
        assert_eq!(
            field(&text, "red"),
            score * pos.side_to_move().sign(),
            "{text}"
        );
        assert!(text.contains("\nnet embedded\n"), "{text}");
        let classic = Evaluator::new(Profile::Default);
        assert_eq!(
            field(&text, "classic"),
            classic.evaluate(&pos, &mut EvalCounter::default())
        );
        let wdl: Vec<u32> = text
            .lines()
            .find_map(|l| l.strip_prefix("wdl "))
            .unwrap()
            .split_whitespace()
            .take(3)
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(wdl, wdl_permille(score, phase).to_vec(), "{text}");
    }
    // Black to move a rook down: the net sees it too
    let (_, text, _) = chuhe_eval(&["--fen", FENS[1], "--eval", "net"]);
    assert!(field(&text, "total") < -100, "{text}");
    assert!(field(&text, "red") > 100, "{text}");
}

#[test]
fn cli_eval_takes_a_net_file_and_refuses_bad_ones() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nnue_eval");
    std::fs::create_dir_all(&dir).unwrap();
    let zero = dir.join("zero.nnue");
    std::fs::write(&zero, QuantizedNet::zeros().to_bytes()).unwrap();
    let zero = zero.to_string_lossy().into_owned();
    let (ok, text, _) = chuhe_eval(&["--eval", "net", "--evalfile", &zero]);
    assert!(ok);
    assert_eq!(field(&text, "total"), 0, "{text}");
    assert!(text.contains(&format!("\nnet {zero}\n")), "{text}");
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"CHUHENN1 but nothing else").unwrap();
    let bad = bad.to_string_lossy().into_owned();
    let missing = dir.join("missing.nnue").to_string_lossy().into_owned();
    for (args, why) in [
        (vec!["--eval", "net", "--evalfile", &bad], "refused"),
        (vec!["--eval", "net", "--evalfile", &missing], "cannot read"),
        (
            vec!["--eval", "classic", "--evalfile", &zero],
            "needs --eval net",
        ),
        (vec!["--eval", "nets"], "unknown evaluator"),
    ] {
        let (ok, text, err) = chuhe_eval(&args);
        assert!(!ok, "{args:?}: {text}");
        assert!(err.contains("error"), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
    // the paper profile plays the five parts whatever --eval says
    let (ok, text, err) = chuhe_eval(&["--eval", "net", "--profile", "paper"]);
    assert!(ok && err.contains("paper"), "{err}");
    assert!(text.contains("\nthreat "), "{text}");
}

/// How often a perspective is rebuilt on `chuhe bench` (depth 8, the net,
/// one thread): every refresh, those forced by an orientation change
/// (`flips`), and of those the ones where the own king crossed the middle
/// file (the only flips of the rule before the exact mirror symmetry), and
/// the refreshes brought from the refresh cache.
/// A measurement, run by hand (docs/evaluation.md):
/// `cargo test --release --test nnue_eval -- --ignored --nocapture bench_rebuilds`.
#[test]
#[ignore]
fn bench_rebuilds() {
    let before = nnue::thread_stats();
    let r = chuhe::search::run_bench(&SearchOptions::default(), 8);
    let s = nnue::thread_stats();
    let (evals, repeats) = (s.evals - before.evals, s.repeats - before.repeats);
    let (refreshes, flips, king_flips, cached) = (
        s.refreshes - before.refreshes,
        s.flips - before.flips,
        s.king_flips - before.king_flips,
        s.cached - before.cached,
    );
    let columns = s.columns - before.columns;
    eprintln!(
        "bench: {} nodes; net evaluations {evals} ({repeats} repeats), perspectives refreshed \
         {refreshes} ({flips} by an orientation change, {king_flips} of them a king crossing \
         the middle file; {cached} brought from the refresh cache), columns {columns} \
         ({:.2} an evaluation)",
        r.nodes,
        columns as f64 / (evals - repeats).max(1) as f64
    );
    assert!(evals > 0 && flips >= king_flips && refreshes >= flips);
}
