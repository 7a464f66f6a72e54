//! Search II (issue 13): every technique is a switch that the paper
//! presets leave off, each switch changes the search when on, and the
//! search stays deterministic with all of them on.

mod search_helpers;

use chuhe::board::Position;
use chuhe::search::{
    bench_positions, Group, Limits, SearchControl, SearchOptions, Searcher, SWITCHES,
};
use search_helpers::{repeatable_search, search};

/// The Search II switches that shape a fixed-depth search, by option key.
const DEPTH_SWITCHES: &[&str] = &["aspiration", "rfp", "futility", "lmp", "see"];
/// Switches that change the work: lazy stand-pat returns a bounded value
/// faster.
const WORK_SWITCHES: &[&str] = &["lazyeval"];
/// Switches that only act under a clock.
const CLOCK_SWITCHES: &[&str] = &["timescaling", "partialiteration"];

fn with(mut o: SearchOptions, key: &str, on: bool) -> SearchOptions {
    o.set(key, if on { "on" } else { "off" }).unwrap();
    o
}

fn all_switches() -> impl Iterator<Item = &'static str> {
    DEPTH_SWITCHES
        .iter()
        .chain(WORK_SWITCHES)
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
        // every Search II technique off, the classic ones left on
        for sw in SWITCHES.iter().filter(|sw| sw.group == Group::Search2) {
            sw.set(&mut base.switches, false);
        }
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

/// The playing defaults with iProbcut's per-child step (the paper's,
/// `algorithm=iprobcut`) and no singular extensions: what the play
/// switches below act on.
fn classic_iprobcut() -> SearchOptions {
    let mut o = with(SearchOptions::default(), "se", false);
    o.set("eval", "classic").unwrap();
    o.algorithm = chuhe::search::Algorithm::IProbcut;
    o
}

/// iProbcut pruning as hard as it can (every node, pre-evaluation one ply
/// deep, only the best child kept) with or without `keeptactical`.
fn aggressive_iprobcut(keep_tactical: bool) -> SearchOptions {
    let mut o = classic_iprobcut();
    for (key, value) in [
        ("threshold", "0"),
        ("pre", "1"),
        ("n", "1"),
        ("k", "0"),
        ("ipclate", "off"),
        ("ipctt", "off"),
    ] {
        o.set(key, value).unwrap();
    }
    o.set("keeptactical", if keep_tactical { "on" } else { "off" })
        .unwrap();
    o
}

#[test]
fn keeptactical_keeps_the_checks_a_shallow_pre_evaluation_misjudges() {
    // Both are mates in 3 plies that begin with a check whose point a
    // one-ply pre-evaluation does not see.
    for fen in [
        "3k5/4a4/3a5/9/9/9/9/9/4C4/4KR3 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let pruned = search(aggressive_iprobcut(false), &pos, 6);
        let kept = search(aggressive_iprobcut(true), &pos, 6);
        assert_eq!(chuhe::search::mate_distance(kept.score), Some(3), "{fen}");
        assert_ne!(
            chuhe::search::mate_distance(pruned.score),
            Some(3),
            "{fen}: plain pruning finds the mate too, the position tests nothing"
        );
    }
}

/// iProbcut's switches for play (off in the paper presets).
const IPROBCUT_PLAY_SWITCHES: &[&str] = &["keeptactical", "ipclate", "ipctt"];

#[test]
fn the_iprobcut_play_switches_are_off_in_the_paper_presets() {
    for paper in [
        SearchOptions::paper_alphabeta(),
        SearchOptions::paper_iprobcut(),
    ] {
        for key in IPROBCUT_PLAY_SWITCHES {
            assert_eq!(with(paper.clone(), key, false), paper, "{key}");
        }
        let mut prune = paper.clone();
        prune.set("ipcreduce", "0").unwrap();
        assert_eq!(prune, paper, "the paper prunes, it does not reduce");
    }
}

#[test]
fn each_iprobcut_play_switch_changes_the_search_and_keeps_it_deterministic() {
    let positions = bench_positions();
    let mut off = classic_iprobcut();
    for key in IPROBCUT_PLAY_SWITCHES {
        off = with(off, key, false);
    }
    for key in IPROBCUT_PLAY_SWITCHES {
        let on = with(off.clone(), key, true);
        let mut changed = false;
        for pos in positions.iter().take(6) {
            let a = search(off.clone(), pos, 8);
            let b = repeatable_search(&on, pos, 8, key);
            changed |= a.stats.nodes != b.stats.nodes;
        }
        assert!(changed, "{key} changed no node count");
    }
}

#[test]
fn ipcreduce_searches_the_pruned_children_shallower_instead() {
    // the mates a hard-pruning iProbcut loses (above) come back when the
    // children it would prune are searched one ply shallower instead
    for fen in [
        "3k5/4a4/3a5/9/9/9/9/9/4C4/4KR3 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let mut o = aggressive_iprobcut(false);
        o.set("ipcreduce", "1").unwrap();
        let r = search(o, &pos, 6);
        assert_eq!(chuhe::search::mate_distance(r.score), Some(3), "{fen}");
    }
    // the children it used to drop are searched now, and cost nodes
    let pos = &bench_positions()[3];
    let mut o = aggressive_iprobcut(false);
    let pruned = search(o.clone(), pos, 6).stats;
    o.set("ipcreduce", "2").unwrap();
    let reduced = search(o, pos, 6).stats;
    assert!(
        reduced.nodes > pruned.nodes,
        "{reduced:?} against {pruned:?}"
    );
}

/// A search stopped inside an iteration may play the partial iteration's
/// new best move (`partialiteration`); it must then also report that line
/// last, so a GUI never shows one move and receives another. Node limits
/// make the stops deterministic; the limits are dense enough that some
/// stops do change the move, which the test also requires.
#[test]
fn a_partial_iterations_move_is_the_line_reported_last() {
    let mut changed = 0;
    for pos in bench_positions().iter().take(8) {
        let fen = pos.to_fen();
        for nodes in (3_000..=30_000).step_by(3_000) {
            let mut searcher = Searcher::new(SearchOptions::default());
            let mut last = None;
            let r = searcher.search(
                pos,
                &Limits::nodes(nodes),
                &SearchControl::new(),
                &[],
                &mut |e| {
                    let chuhe::search::SearchEvent::Iteration(info) = e;
                    last = Some((info.depth, info.pv.clone()));
                },
            );
            let (depth, pv) = last.expect("at least one iteration is reported");
            assert_eq!(r.best_move, pv.first().copied(), "{nodes} nodes in {fen}");
            assert_eq!((r.depth, &r.pv), (depth, &pv), "{nodes} nodes in {fen}");
            assert_eq!(r.ponder_move, pv.get(1).copied(), "{nodes} nodes in {fen}");
            // without the switch the last completed iteration's move is played
            let whole = Searcher::new(with(SearchOptions::default(), "partialiteration", false))
                .search(
                    pos,
                    &Limits::nodes(nodes),
                    &SearchControl::new(),
                    &[],
                    &mut |_| {},
                );
            changed += usize::from(whole.best_move != r.best_move);
        }
    }
    assert!(
        changed > 0,
        "no stop changed the move: the test tests nothing"
    );
}
