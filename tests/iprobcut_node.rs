//! iProbcut's per-node form (`src/search/singular.rs`): the singular
//! step is a switch that the paper presets leave off, that plain
//! alpha-beta ignores, and that changes the search deterministically when
//! on, with its searches counted as pre-evaluation.

use chuhe::board::Position;
use chuhe::search::{
    bench_positions, mate_distance, Algorithm, Limits, SearchControl, SearchOptions, SearchResult,
    Searcher,
};

/// The per-node switches, each on its own.
const NODE_SWITCHES: &[&str] = &["ipcsingular"];

/// The per-node forms' numbers, with values away from their defaults.
const NODE_NUMBERS: &[(&str, &str)] = &[
    ("ipcsdouble", "20"),
    ("ipcsibling", "1"),
    ("ipcsreduce", "3"),
    ("ipcsequal", "1"),
    ("ipcscut", "2"),
];

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

fn with(mut o: SearchOptions, key: &str, value: &str) -> SearchOptions {
    o.set(key, value).unwrap();
    o
}

/// The playing defaults with no form of iProbcut's pre-evaluation on.
fn every_form_off() -> SearchOptions {
    NODE_SWITCHES.iter().fold(
        with(SearchOptions::default(), "ipcclassic", "off"),
        |o, key| with(o, key, "off"),
    )
}

/// The playing defaults with only the per-node form `key` of iProbcut.
fn node_form(key: &str) -> SearchOptions {
    with(every_form_off(), key, "on")
}

#[test]
fn the_paper_presets_keep_the_classic_step_and_no_per_node_form() {
    for paper in [
        SearchOptions::paper_alphabeta(),
        SearchOptions::paper_iprobcut(),
    ] {
        for key in NODE_SWITCHES {
            assert_eq!(with(paper.clone(), key, "off"), paper, "{key}");
        }
        assert_eq!(with(paper.clone(), "ipcclassic", "on"), paper);
    }
}

#[test]
fn each_per_node_form_changes_the_search_deterministically_and_counts_as_pre_evaluation() {
    let positions = bench_positions();
    let classic_off = every_form_off();
    for key in NODE_SWITCHES {
        let on = node_form(key);
        let (mut changed, mut pre_nodes) = (false, 0);
        for pos in positions.iter().take(6) {
            let a = search(classic_off.clone(), pos, 9);
            let b = search(on.clone(), pos, 9);
            let again = search(on.clone(), pos, 9);
            assert_eq!(
                (b.stats, b.best_move, b.score),
                (again.stats, again.best_move, again.score),
                "{key}"
            );
            let mut p = pos.clone();
            for &mv in &b.pv {
                assert!(p.is_legal(mv), "{key}: illegal pv move in {}", pos.to_fen());
                p.make_move(mv);
            }
            assert_eq!(
                a.stats.pre_nodes, 0,
                "no pre-evaluation with every form off"
            );
            assert!(b.stats.pre_nodes <= b.stats.nodes);
            changed |= a.stats.nodes != b.stats.nodes;
            pre_nodes += b.stats.pre_nodes;
        }
        assert!(changed, "{key} changed no node count");
        assert!(pre_nodes > 0, "{key} counted no pre-evaluation nodes");
    }
}

#[test]
fn each_number_of_the_singular_step_changes_its_search() {
    let singular = node_form("ipcsingular");
    let positions = bench_positions();
    for (key, value) in NODE_NUMBERS {
        let changed = positions.iter().take(6).any(|pos| {
            let a = search(singular.clone(), pos, 9);
            let b = search(with(singular.clone(), key, value), pos, 9);
            a.stats.nodes != b.stats.nodes
        });
        assert!(changed, "{key}={value} changed no node count");
    }
}

#[test]
fn alpha_beta_ignores_every_iprobcut_form() {
    let plain = SearchOptions {
        algorithm: Algorithm::AlphaBeta,
        ..SearchOptions::default()
    };
    let mut all = plain.clone();
    for key in NODE_SWITCHES {
        all = with(all, key, "on");
    }
    for (key, value) in NODE_NUMBERS {
        all = with(all, key, value);
    }
    for pos in bench_positions().iter().take(3) {
        let a = search(plain.clone(), pos, 8);
        let b = search(all.clone(), pos, 8);
        assert_eq!((a.stats, a.best_move), (b.stats, b.best_move));
    }
}

#[test]
fn the_per_node_forms_keep_short_mates() {
    // mates in 2 whose first move is quiet: the singular step's excluded
    // searches must not hide them
    for fen in [
        "3k5/4a4/3a5/9/9/9/9/9/4C4/4KR3 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let r = search(node_form("ipcsingular"), &pos, 8);
        assert_eq!(mate_distance(r.score), Some(3), "{fen}");
    }
}
