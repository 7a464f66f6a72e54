//! The forms of the paper's ranking tried on top of the full search
//! (issue 55, docs/iprobcut-forms.md): each behind its own option, off by
//! default, and each changing the search when on.

use chuhe::board::Position;
use chuhe::search::{
    bench_positions, Algorithm, Limits, SearchControl, SearchOptions, SearchResult, Searcher,
};

fn search(options: &SearchOptions, pos: &Position, depth: i32) -> SearchResult {
    let mut s = Searcher::new(options.clone());
    s.search(
        pos,
        &Limits::depth(depth),
        &SearchControl::new(),
        &[],
        &mut |_| {},
    )
}

fn with(mut o: SearchOptions, settings: &[(&str, &str)]) -> SearchOptions {
    for (key, value) in settings {
        o.set(key, value).unwrap();
    }
    o
}

/// Searches the first bench positions with `off` and `on`; returns
/// whether any node count differs and the `on` searches' summed
/// (`ranked`, `pruned`) counters. `off` must leave no `ranked` count.
fn compare(off: &SearchOptions, on: &SearchOptions, depth: i32) -> (bool, u64, u64) {
    let (mut changed, mut ranked, mut pruned) = (false, 0, 0);
    for pos in bench_positions().iter().take(4) {
        let a = search(off, pos, depth);
        let b = search(on, pos, depth);
        let again = search(on, pos, depth);
        assert_eq!((b.stats, b.best_move), (again.stats, again.best_move));
        assert!(b.best_move.is_some());
        assert_eq!(a.stats.ranked, 0, "an off form counted");
        changed |= a.stats.nodes != b.stats.nodes;
        ranked += b.stats.ranked;
        pruned += b.stats.pruned;
    }
    (changed, ranked, pruned)
}

#[test]
fn the_forms_are_off_by_default() {
    let o = SearchOptions::default();
    assert!(!o.switches.se_free && !o.switches.ipc_order && !o.switches.mpc_low);
    for paper in [
        SearchOptions::paper_alphabeta(),
        SearchOptions::paper_iprobcut(),
    ] {
        assert!(!paper.switches.se_free && !paper.switches.ipc_order);
        assert!(!paper.switches.mpc_low);
    }
}

#[test]
fn sefree_reorders_and_reduces_by_the_excluded_move_search() {
    let off = SearchOptions::default();
    let on = with(off.clone(), &[("sefree", "on")]);
    let (changed, promoted, _) = compare(&off, &on, 9);
    assert!(changed, "sefree changed no node count");
    assert!(promoted > 0, "sefree never moved a sibling up");
}

#[test]
fn ipcorder_ranks_without_pruning() {
    let ipc = SearchOptions {
        algorithm: Algorithm::IProbcut,
        ..SearchOptions::default()
    };
    let order = with(ipc.clone(), &[("ipcorder", "on"), ("pre", "0")]);
    let (changed, _, pruned) = compare(&SearchOptions::default(), &order, 9);
    assert!(changed, "ipcorder ranked nothing");
    assert_eq!(pruned, 0, "ipcorder pruned");
    let (_, _, pruned) = compare(&SearchOptions::default(), &ipc, 9);
    assert!(pruned > 0, "the paper's step pruned nothing");
}

#[test]
fn mpclow_tests_late_quiet_moves_at_deep_all_nodes() {
    let off = SearchOptions::default();
    // the gate lowered so that a depth-9 search reaches it
    let on = with(off.clone(), &[("mpclow", "on"), ("mpcdepth", "5")]);
    let (changed, tests, pruned) = compare(&off, &on, 9);
    assert!(changed, "mpclow changed no node count");
    assert!(
        tests > 0 && pruned > 0 && pruned <= tests,
        "{pruned} of {tests}"
    );
    // out of reach, the switch changes nothing
    let far = with(on.clone(), &[("mpcdepth", "60")]);
    let pos = &bench_positions()[0];
    assert_eq!(search(&off, pos, 8).stats, search(&far, pos, 8).stats);
}
