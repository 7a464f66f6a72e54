//! `chuhe ipc-quality` (`chuhe::search::quality`): its samples and rows
//! are consistent on real positions at low depth, a free rook is found
//! and kept, and with the step narrowed to one child the verdicts follow
//! the ranking exactly.

use chuhe::board::Position;
use chuhe::search::quality::{measure, Plan, QualityReport, Sample};
use chuhe::search::SearchOptions;

/// The first `n` positions of the sample of real games.
fn real_positions(n: usize) -> Vec<Position> {
    include_str!("data/quality-positions.epd")
        .lines()
        .filter_map(|l| Position::from_fen(l.trim()).ok())
        .take(n)
        .collect()
}

/// The playing defaults with the paper's per-child step on (the step the
/// measure is about: `algorithm=iprobcut`) and singular extensions off,
/// then `settings`.
fn options(settings: &[(&str, &str)]) -> SearchOptions {
    let mut o = SearchOptions::default();
    o.set("hash", "4").unwrap();
    o.set("algorithm", "iprobcut").unwrap();
    o.set("se", "false").unwrap();
    for (k, v) in settings {
        o.set(k, v).unwrap();
    }
    o
}

fn plan(depths: &[i32], nodes_per_step: usize) -> Plan {
    Plan {
        depths: depths.to_vec(),
        node_depth: 8,
        nodes_per_step,
    }
}

/// Every classic measure of a sample (as in play, and the ranking alone).
fn classic(s: &Sample) -> impl Iterator<Item = &chuhe::search::quality::ClassicSample> {
    s.classic.iter().chain(s.ranking.iter())
}

#[test]
fn samples_and_rows_are_consistent() {
    let positions = real_positions(3);
    assert_eq!(positions.len(), 3);
    let depths = vec![4, 5];
    let o = options(&[("se", "true")]);
    let (samples, nodes) = measure(&o, &positions, &plan(&depths, 2), &mut |_, _| {});
    assert!(!samples.is_empty());
    // both steps ran at nodes of the depth-8 searches
    assert!(nodes.iter().any(|s| s.classic.is_some()));
    assert!(nodes.iter().any(|s| s.singular.is_some()));
    for s in samples.iter().chain(&nodes) {
        for c in classic(s) {
            assert_eq!(c.kept + c.pruned, c.ranked, "{s:?}");
            assert!(c.searched as usize <= c.ranked);
            assert!(c.loss >= 0);
            // a pruned best was ranked, and only a pruned best loses
            if c.best_pruned {
                assert!(c.best_rank.is_some());
            } else {
                assert_eq!(c.loss, 0);
                assert!(!c.changed);
            }
        }
        // the ranking alone searches nothing before the step
        if let Some(r) = &s.ranking {
            assert_eq!(r.leading, 0);
            assert!(r.best_rank.is_some());
        }
        if let Some(g) = &s.singular {
            // at the root beta is the singular bound: extend or cut
            let verdicts: &[&str] = if s.ply == 0 {
                &["extend", "cut"]
            } else {
                &["extend", "cut", "reduce", "plain"]
            };
            assert!(verdicts.contains(&g.verdict), "{g:?}");
        }
        assert!(s.alpha < s.beta);
    }
    let report = QualityReport::new("test".into(), depths, positions.len(), samples, nodes);
    for rows in [&report.classic, &report.ranking, &report.node_classic] {
        let all = &rows[0];
        assert_eq!(all.group, "all");
        assert!((0.0..=1.0).contains(&all.best_pruned_rate));
        assert!(all.loss_p50 <= all.loss_p90 && all.loss_p90 <= all.loss_p99);
        assert!(all.loss_p99 <= all.loss_max);
        let sum = |prefix: &str| {
            rows.iter()
                .filter(|r| r.group.starts_with(prefix))
                .map(|r| r.samples)
                .sum::<usize>()
        };
        assert_eq!(sum("depth"), all.samples);
        let phases = sum("opening") + sum("middlegame") + sum("endgame");
        assert_eq!(phases, all.samples);
        assert_eq!(sum("rank") + sum("best leads"), all.samples);
        assert_eq!(
            rows.iter()
                .filter(|r| r.group.starts_with("rank") || r.group == "best leads")
                .map(|r| r.best_pruned)
                .sum::<usize>(),
            all.best_pruned
        );
    }
    let s = &report.singular[0];
    assert_eq!(s.extend + s.cut, s.samples);
    for s in [&report.singular[0], &report.node_singular[0]] {
        assert!(s.extend + s.cut <= s.samples);
        assert!(s.extend_right <= s.extend_hash_best && s.extend_hash_best <= s.extend);
        assert!(s.cut_right <= s.cut && s.cut_siblings_clear <= s.cut);
    }
    assert!(report.table().contains("singular step at nodes"));
}

#[test]
fn a_free_rook_is_the_best_move_and_kept() {
    // Red's rook takes Black's undefended rook straight ahead
    let pos = Position::from_fen("4k4/9/9/9/r8/R8/9/9/9/3K5 w - - 0 1").unwrap();
    let (samples, _) = measure(&options(&[]), &[pos], &plan(&[4, 5], 0), &mut |_, _| {});
    assert_eq!(samples.len(), 2);
    for s in &samples {
        assert_eq!(s.truth.best_move, "a4a5");
        assert!(s.truth.score > 200, "{s:?}");
        for c in classic(s) {
            assert!(!c.best_pruned && c.loss == 0, "{c:?}");
        }
    }
}

#[test]
fn a_step_kept_to_one_child_prunes_every_best_ranked_below_it() {
    // n = 1, no σ band, no tactical exemption: the ranking alone keeps
    // exactly its first child
    let o = options(&[("n", "1"), ("sigma", "0"), ("keeptactical", "false")]);
    let (samples, _) = measure(&o, &real_positions(4), &plan(&[4], 0), &mut |_, _| {});
    for s in &samples {
        let r = s.ranking.as_ref().expect("not in check");
        assert_eq!(r.kept, 1, "{s:?}");
        assert_eq!(r.best_pruned, r.best_rank != Some(1), "{s:?}");
    }
    // and with every child kept nothing is pruned
    let o = options(&[("n", "1000")]);
    let (samples, nodes) = measure(&o, &real_positions(4), &plan(&[4], 2), &mut |_, _| {});
    for s in samples.iter().chain(&nodes) {
        for c in classic(s) {
            assert_eq!((c.pruned, c.best_pruned), (0, false), "{s:?}");
        }
    }
}

/// `chuhe sigma` measures a shallow search against a deeper one: a
/// `--pre` as deep as `--deep` or deeper (which printed σ 0, or a spread
/// of the wrong sign) is refused by name, before any search.
#[test]
fn sigma_refuses_a_pre_evaluation_as_deep_as_the_deep_search() {
    for (pre, deep) in [("5", "2"), ("3", "3"), ("0", "4"), ("-1", "4")] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chuhe"))
            .args(["sigma", "--pre", pre, "--deep", deep])
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "--pre {pre} --deep {deep}: {log}");
        assert!(log.contains("--pre"), "--pre {pre} --deep {deep}: {log}");
        assert!(out.stdout.is_empty(), "--pre {pre} --deep {deep}");
    }
}
