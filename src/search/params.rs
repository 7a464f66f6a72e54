//! What the node functions read of the settings, built once per search
//! from the [`SearchOptions`]: the switches as plain values, the
//! tunables, the late-move-reduction table for them, and the few other
//! numbers the tree depends on. The options themselves (evaluator, hash
//! size, threads, strength, MultiPV) stay with the driver.

use super::lmr::LmrTable;
use super::options::{Algorithm, SearchOptions};
use super::switches::Switches;
use super::tunables::Tunables;
use std::sync::Arc;

/// The settings of one search as its nodes read them.
#[derive(Clone, Debug)]
pub(crate) struct SearchParams {
    /// Every on/off technique.
    pub switches: Switches,
    /// Every number the search decides by.
    pub tune: Tunables,
    /// The late-move-reduction table for `tune`'s `lmr_divisor` and
    /// `lmr_base`.
    pub lmr: Arc<LmrTable>,
    /// The paper's step runs (`algorithm=iprobcut`).
    pub iprobcut: bool,
    /// iProbcut's `ipcreduce`: 0 prunes, above 0 searches the children it
    /// would prune this many plies shallower.
    pub ipc_reduce: i32,
    /// Plies without a capture that draw the game (0: off).
    pub move_limit_plies: u32,
}

impl SearchParams {
    /// The parameters `options` give.
    pub fn new(options: &SearchOptions) -> SearchParams {
        SearchParams {
            switches: options.switches.clone(),
            tune: options.tune.clone(),
            lmr: LmrTable::for_tunables(&options.tune),
            iprobcut: options.algorithm == Algorithm::IProbcut,
            ipc_reduce: options.iprobcut.reduce,
            move_limit_plies: options.move_limit_plies,
        }
    }
}
