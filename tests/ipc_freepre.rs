//! `ipcfreepre` (a diagnostic, off by default): iProbcut's pre-evaluation
//! nodes are not charged to a `nodes` limit.

use chuhe::board::Position;
use chuhe::search::{Limits, SearchControl, SearchOptions, Searcher};

fn nodes_searched(free_pre: &str) -> u64 {
    let pos = Position::from_fen(
        include_str!("data/quality-positions.epd")
            .lines()
            .nth(39)
            .unwrap(),
    )
    .unwrap();
    let mut options = SearchOptions::default();
    options.set("ipcfreepre", free_pre).unwrap();
    let limits = Limits {
        nodes: Some(50_000),
        ..Limits::default()
    };
    Searcher::new(options)
        .search(&pos, &limits, &SearchControl::new(), &[], &mut |_| {})
        .stats
        .nodes
}

#[test]
fn free_pre_evaluations_let_the_search_past_the_node_limit() {
    assert!(!SearchOptions::default().switches.ipc_free_pre);
    assert!(nodes_searched("false") <= 50_000);
    assert!(nodes_searched("true") > 50_000);
}
