//! Search helpers shared by the switch tests (`mod search_helpers;`).

use chuhe::board::Position;
use chuhe::search::{Limits, SearchControl, SearchOptions, SearchResult, Searcher};

/// `pos` searched to `depth` by a fresh searcher (a fresh table).
pub fn search(options: SearchOptions, pos: &Position, depth: i32) -> SearchResult {
    let mut s = Searcher::new(options);
    s.search(
        pos,
        &Limits::depth(depth),
        &SearchControl::new(),
        &[],
        &mut |_| {},
    )
}

/// `pos` searched to `depth` twice with `options`: asserts that both
/// searches agree (statistics, best move, score) and that the principal
/// variation is legal; `label` names the setting in a failure.
pub fn repeatable_search(
    options: &SearchOptions,
    pos: &Position,
    depth: i32,
    label: &str,
) -> SearchResult {
    let first = search(options.clone(), pos, depth);
    let again = search(options.clone(), pos, depth);
    assert_eq!(
        (first.stats, first.best_move, first.score),
        (again.stats, again.best_move, again.score),
        "{label}"
    );
    let mut p = pos.clone();
    for &mv in &first.pv {
        assert!(
            p.is_legal(mv),
            "{label}: illegal pv move in {}",
            pos.to_fen()
        );
        p.make_move(mv);
    }
    first
}
