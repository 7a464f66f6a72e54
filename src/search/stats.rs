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
    /// Times an issue-55 ranking form acted (`sefree`: a sibling moved
    /// up; `rankcut`: a node's rest ranked; `mpclow`: a fail-low test run).
    pub ranked: u64,
    /// Moves put off to the end of a move list because another thread
    /// was searching them (lazy SMP, `busy.rs`).
    pub deferred: u64,
    /// Deepest ply reached.
    pub seldepth: u32,
}

impl SearchStats {
    /// Adds another thread's counters (the deepest `seldepth` wins).
    pub fn add(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.qnodes += other.qnodes;
        self.evals += other.evals;
        self.pre_searches += other.pre_searches;
        self.pre_nodes += other.pre_nodes;
        self.pre_evals += other.pre_evals;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.cutoffs += other.cutoffs;
        self.pruned += other.pruned;
        self.deferred += other.deferred;
        self.ranked += other.ranked;
        self.seldepth = self.seldepth.max(other.seldepth);
    }
}
