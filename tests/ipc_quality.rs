//! `chuhe ipc-quality` (`chuhe::search::quality`): its samples and rows
//! are consistent on real positions at low depth, a free rook is found
//! and kept, and with the step narrowed to one child the verdicts follow
//! the ranking exactly.

use chuhe::board::Position;
use chuhe::search::quality::{measure, QualityReport, Sample};
use chuhe::search::SearchOptions;

/// The first `n` positions of the sample of real games.
fn real_positions(n: usize) -> Vec<Position> {
    include_str!("data/quality-positions.epd")
        .lines()
        .filter_map(|l| Position::from_fen(l.trim()).ok())
        .take(n)
        .collect()
}

fn options(settings: &[(&str, &str)]) -> SearchOptions {
    let mut o = SearchOptions::default();
    o.set("hash", "4").unwrap();
    for (k, v) in settings {
        o.set(k, v).unwrap();
    }
    o
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
    let samples = measure(&options(&[]), &positions, &depths, &mut |_, _| {});
    assert!(!samples.is_empty());
    for s in &samples {
        for c in classic(s) {
            assert_eq!(c.kept + c.pruned, c.ranked, "{s:?}");
            assert!(c.searched as usize <= c.ranked);
            assert!(c.loss >= 0);
            // a pruned best was ranked, and only a pruned best loses
            if c.best_pruned {
                assert!(c.best_rank.is_some());
            } else {
                assert_eq!(c.loss, 0);
            }
        }
        // the ranking alone searches nothing before the step
        if let Some(r) = &s.ranking {
            assert_eq!(r.leading, 0);
            assert!(r.best_rank.is_some());
        }
        if let Some(g) = &s.singular {
            assert!(["extend", "cut"].contains(&g.verdict), "{g:?}");
        }
    }
    let report = QualityReport::new("test".into(), depths, positions.len(), samples);
    for rows in [&report.classic, &report.ranking] {
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
    assert!(s.extend_right <= s.extend_hash_best && s.extend_hash_best <= s.extend);
    assert!(s.cut_right <= s.cut && s.cut_siblings_clear <= s.cut_right);
    assert!(report.table().contains("singular step"));
}

#[test]
fn a_free_rook_is_the_best_move_and_kept() {
    // Red's rook takes Black's undefended rook straight ahead
    let pos = Position::from_fen("4k4/9/9/9/r8/R8/9/9/9/3K5 w - - 0 1").unwrap();
    let samples = measure(&options(&[]), &[pos], &[4, 5], &mut |_, _| {});
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
    let samples = measure(&o, &real_positions(4), &[4], &mut |_, _| {});
    for s in &samples {
        let r = s.ranking.as_ref().expect("not in check");
        assert_eq!(r.kept, 1, "{s:?}");
        assert_eq!(r.best_pruned, r.best_rank != Some(1), "{s:?}");
    }
    // and with every child kept nothing is pruned
    let o = options(&[("n", "1000")]);
    for s in measure(&o, &real_positions(4), &[4], &mut |_, _| {}) {
        for c in classic(&s) {
            assert_eq!((c.pruned, c.best_pruned), (0, false), "{s:?}");
        }
    }
}
