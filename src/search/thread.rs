//! What each search thread owns and keeps from one search to the next:
//! its history and killer tables and its evaluation cache. (The rest of a
//! thread's state, position, stack, PV and counters, lives in its
//! `Context` for one search.)

use super::conthist::ContinuationHistory;
use super::evalcache::EvalCache;
use super::history::History;

/// One thread's tables, kept between the searches of a game.
#[derive(Default)]
pub(crate) struct ThreadData {
    pub history: History,
    pub eval_cache: EvalCache,
    /// Quiet moves by the moves before them (`conthist.rs`).
    pub conthist: ContinuationHistory,
    /// Nodes where iProbcut's steps ran, logged for `chuhe ipc-quality`
    /// (`None`, nothing logged, except in that measure).
    pub log: Option<super::steplog::NodeLog>,
}

impl ThreadData {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.history.clear();
        self.eval_cache.clear();
        self.conthist.clear();
    }

    /// Prepares for a new search: old history fades, killers are dropped
    /// (the continuation history's form is set by `Context::new`).
    pub fn new_search(&mut self) {
        self.history.age();
        self.conthist.age();
    }
}
