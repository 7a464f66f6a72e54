//! Singular extensions with multi-cut (`src/search/singular.rs`, switch
//! `se`): on in play in both algorithms, off in the paper presets,
//! deterministic, counted as its own searches (not iProbcut's
//! pre-evaluations), and the only difference between the algorithms is
//! iProbcut's own ranking step.

mod search_helpers;

use chuhe::board::Position;
use chuhe::search::{bench_positions, mate_distance, Algorithm, SearchOptions};
use search_helpers::{repeatable_search, search};

/// The numbers of singular extensions, with values away from their
/// defaults. (`sedouble`, `sesibling`, `seequal` and `secut`, whose
/// default 0 turned them off, are gone: docs/search.md, "Tried and
/// removed".)
const SE_NUMBERS: &[(&str, &str)] = &[("sereduce", "3"), ("semargin", "16"), ("sedepth", "4")];

fn with(mut o: SearchOptions, key: &str, value: &str) -> SearchOptions {
    o.set(key, value).unwrap();
    o
}

#[test]
fn play_runs_singular_extensions_in_alpha_beta_and_the_paper_presets_do_not() {
    let play = SearchOptions::default();
    assert_eq!(play.algorithm, Algorithm::AlphaBeta);
    assert!(play.switches.singular_extensions);
    // the old name still reaches the switch
    assert_eq!(with(play.clone(), "ipcsingular", "on"), play);
    assert_ne!(with(play.clone(), "ipcsingular", "off"), play);
    for paper in [
        SearchOptions::paper_alphabeta(),
        SearchOptions::paper_iprobcut(),
    ] {
        assert_eq!(with(paper.clone(), "se", "off"), paper);
    }
    assert_eq!(
        SearchOptions::paper_iprobcut().algorithm,
        Algorithm::IProbcut
    );
}

#[test]
fn singular_extensions_change_the_search_deterministically_in_both_algorithms() {
    let positions = bench_positions();
    let mut singular_nodes = 0;
    for algorithm in [Algorithm::AlphaBeta, Algorithm::IProbcut] {
        let on = SearchOptions {
            algorithm,
            ..SearchOptions::default()
        };
        let off = with(on.clone(), "se", "off");
        let mut changed = false;
        for pos in positions.iter().take(6) {
            let a = search(off.clone(), pos, 9);
            let b = repeatable_search(&on, pos, 9, &algorithm.to_string());
            assert!(b.stats.singular_nodes <= b.stats.nodes);
            assert_eq!(a.stats.singular_searches, 0, "a search with se off");
            changed |= a.stats.nodes != b.stats.nodes;
            if algorithm == Algorithm::AlphaBeta {
                // alpha-beta runs no pre-evaluation of iProbcut's
                assert_eq!(b.stats.pre_searches, 0, "alpha-beta");
                singular_nodes += b.stats.singular_nodes;
            }
        }
        assert!(changed, "{algorithm}: se changed no node count");
    }
    assert!(singular_nodes > 0, "se counted no excluded-move search");
}

#[test]
fn each_number_of_singular_extensions_changes_its_search() {
    let positions = bench_positions();
    for (key, value) in SE_NUMBERS {
        let changed = positions.iter().take(6).any(|pos| {
            let a = search(SearchOptions::default(), pos, 9);
            let b = search(with(SearchOptions::default(), key, value), pos, 9);
            a.stats.nodes != b.stats.nodes
        });
        assert!(changed, "{key}={value} changed no node count");
    }
}

#[test]
fn the_algorithms_differ_only_by_iprobcuts_ranking_step() {
    // with the step's threshold out of reach, iprobcut is alpha-beta
    // node for node, singular extensions included
    let ab = SearchOptions::default();
    let ipc = with(
        SearchOptions {
            algorithm: Algorithm::IProbcut,
            ..ab.clone()
        },
        "threshold",
        "60",
    );
    let ranked = SearchOptions {
        algorithm: Algorithm::IProbcut,
        ..ab.clone()
    };
    let mut ranking_changed = false;
    for pos in bench_positions().iter().take(3) {
        let a = search(ab.clone(), pos, 9);
        let b = search(ipc.clone(), pos, 9);
        assert_eq!((a.stats, a.best_move), (b.stats, b.best_move));
        ranking_changed |= search(ranked.clone(), pos, 9).stats.nodes != a.stats.nodes;
    }
    assert!(ranking_changed, "iprobcut's step changed no search");
}

#[test]
fn singular_extensions_keep_short_mates() {
    // mates in 2 whose first move is quiet: the excluded-move searches
    // must not hide them
    for fen in [
        "3k5/4a4/3a5/9/9/9/9/9/4C4/4KR3 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let r = search(SearchOptions::default(), &pos, 8);
        assert_eq!(mate_distance(r.score), Some(3), "{fen}");
    }
}
