//! Search II (issue 13): every technique is a switch that the paper
//! presets leave off, each switch changes the search when on, and the
//! search stays deterministic with all of them on.

use chuhe::board::Position;
use chuhe::search::{
    bench_positions, Limits, SearchControl, SearchOptions, SearchResult, Searcher,
};

/// The Search II switches that shape a fixed-depth search, by option key.
const DEPTH_SWITCHES: &[&str] = &[
    "aspiration",
    "rfp",
    "futility",
    "lmp",
    "lmrtable",
    "see",
    "staged",
    "countermove",
    "capturehistory",
];
/// Switches that change the work but not the tree: the evaluation cache
/// and lazy stand-pat return the same or a bounded value faster.
const WORK_SWITCHES: &[&str] = &["evalcache", "lazyeval"];
/// Switches that change the tree only with the futility family on.
const FUTILITY_SWITCHES: &[&str] = &["lazysearch"];
/// Switches that only act under a clock.
const CLOCK_SWITCHES: &[&str] = &["timescaling", "partialiteration"];

fn search(options: SearchOptions, pos: &Position, depth: i32) -> SearchResult {
    let mut s = Searcher::new(options);
    s.search(
        pos,
        &Limits::depth(depth),
        &SearchControl::new(),
        &[],
        &mut |_| {},
    )
}

fn with(mut o: SearchOptions, key: &str, on: bool) -> SearchOptions {
    o.set(key, if on { "on" } else { "off" }).unwrap();
    o
}

fn all_switches() -> impl Iterator<Item = &'static str> {
    DEPTH_SWITCHES
        .iter()
        .chain(WORK_SWITCHES)
        .chain(FUTILITY_SWITCHES)
        .chain(CLOCK_SWITCHES)
        .copied()
}

#[test]
fn every_switch_is_a_known_option_and_listed() {
    for key in all_switches() {
        assert!(
            chuhe::engine::table::TABLE.iter().any(|d| d.key == key),
            "{key} missing from the option table"
        );
        SearchOptions::default().set(key, "off").unwrap();
    }
}

#[test]
fn paper_presets_turn_every_search2_switch_off() {
    for paper in [
        SearchOptions::paper_alphabeta(),
        SearchOptions::paper_iprobcut(),
    ] {
        for key in all_switches() {
            assert_eq!(
                with(paper.clone(), key, false),
                paper,
                "{key} is on in paper mode"
            );
        }
    }
}

#[test]
fn each_depth_switch_changes_the_search() {
    let positions = bench_positions();
    for key in DEPTH_SWITCHES {
        let mut base = SearchOptions::default();
        base.set_search2(false);
        let on = with(base.clone(), key, true);
        let changed = positions.iter().take(10).any(|pos| {
            let a = search(base.clone(), pos, 6);
            let b = search(on.clone(), pos, 6);
            a.stats.nodes != b.stats.nodes
        });
        assert!(changed, "{key} changed no node count");
    }
}

#[test]
fn lazy_search_changes_the_search_with_the_futility_family_on() {
    let base = SearchOptions::default();
    assert!(!base.lazy_search, "lazysearch is off by default");
    let on = with(base.clone(), "lazysearch", true);
    let changed = bench_positions().iter().any(|pos| {
        let a = search(base.clone(), pos, 6);
        let b = search(on.clone(), pos, 6);
        a.stats.nodes != b.stats.nodes
    });
    assert!(changed, "lazysearch changed no node count");
    // without reverse futility and futility it has nothing to decide
    let mut plain = with(base, "rfp", false);
    plain = with(plain, "futility", false);
    for pos in bench_positions().iter().take(6) {
        let a = search(plain.clone(), pos, 6);
        let b = search(with(plain.clone(), "lazysearch", true), pos, 6);
        assert_eq!(
            (a.stats, a.best_move, a.score),
            (b.stats, b.best_move, b.score)
        );
    }
}

#[test]
fn the_evaluation_cache_changes_no_result_and_counts_every_evaluation() {
    let o = SearchOptions {
        lazy_eval: false,
        ..SearchOptions::default()
    };
    for pos in bench_positions().iter().take(8) {
        let a = search(with(o.clone(), "evalcache", false), pos, 6);
        let b = search(with(o.clone(), "evalcache", true), pos, 6);
        assert_eq!(
            (a.stats, a.best_move, a.score),
            (b.stats, b.best_move, b.score)
        );
    }
}

#[test]
fn all_techniques_on_stay_deterministic_and_legal() {
    for pos in bench_positions().iter().skip(8).take(8) {
        let a = search(SearchOptions::default(), pos, 7);
        let b = search(SearchOptions::default(), pos, 7);
        assert_eq!((a.stats, a.best_move, &a.pv), (b.stats, b.best_move, &b.pv));
        let mut p = pos.clone();
        for &mv in &a.pv {
            assert!(p.is_legal(mv), "illegal pv move in {}", pos.to_fen());
            p.make_move(mv);
        }
    }
}

#[test]
fn countermove_and_capture_history_stay_deterministic_and_legal() {
    let mut o = with(SearchOptions::default(), "countermove", true);
    o = with(o, "capturehistory", true);
    for pos in bench_positions().iter().take(6) {
        let a = search(o.clone(), pos, 6);
        let b = search(o.clone(), pos, 6);
        assert_eq!((a.stats, a.best_move, &a.pv), (b.stats, b.best_move, &b.pv));
        let mut p = pos.clone();
        for &mv in &a.pv {
            assert!(p.is_legal(mv), "illegal pv move in {}", pos.to_fen());
            p.make_move(mv);
        }
    }
}
