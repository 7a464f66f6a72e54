//! Search statistics.

/// Counters of one search (cumulative over its iterations).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes visited (main search and quiescence).
    pub nodes: u64,
    /// Of which quiescence nodes.
    pub qnodes: u64,
    /// Static evaluation calls (quiescence included).
    pub evals: u64,
    /// Pre-evaluation searches run by iProbcut (one per child ranked).
    pub pre_searches: u64,
    /// Nodes spent inside pre-evaluation searches.
    pub pre_nodes: u64,
    /// Evaluation calls made inside pre-evaluation searches.
    pub pre_evals: u64,
    /// Transposition table probes.
    pub tt_probes: u64,
    /// Probes that found the position.
    pub tt_hits: u64,
    /// Beta cut-offs.
    pub cutoffs: u64,
    /// Children forward-pruned by iProbcut.
    pub pruned: u64,
    /// Deepest ply reached.
    pub seldepth: u32,
}
