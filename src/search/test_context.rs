//! Test support: a one-thread search context on a position, for unit
//! tests that call one step of the search (`quiesce`, `improving`, ...)
//! directly rather than through a whole search.

use super::context::Context;
use super::limits::Limits;
use super::options::SearchOptions;
use super::params::SearchParams;
use super::shared::SharedSearch;
use super::thread::ThreadData;
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use super::SearchControl;
use crate::board::Position;
use std::time::Duration;

/// Runs `f` on a context at the root of `pos` (its evaluator installed)
/// searching with `options`, a 1 MB table, no clock and at most
/// `node_limit` nodes, on the tables of `data`.
pub(super) fn with_context<R>(
    mut pos: Position,
    options: &SearchOptions,
    node_limit: u64,
    data: &mut ThreadData,
    f: impl FnOnce(&mut Context) -> R,
) -> R {
    let evaluator = options.evaluator();
    let tt = TranspositionTable::new(1);
    let control = SearchControl::new();
    let budget = TimeBudget::new(&Limits::depth(1), Duration::ZERO);
    let shared = SharedSearch::new(
        SearchParams::new(options),
        &evaluator,
        &tt,
        &control,
        pos.legal_moves().iter().copied().collect(),
        &[],
        budget,
        node_limit,
        1,
    );
    evaluator.install(&mut pos);
    let mut ctx = Context::new(pos, &shared, data, 0);
    f(&mut ctx)
}
