//! Search statistics: what `info` lines and the paper's tables report.
//! Only counters someone reads are kept, each a plain addition where its
//! step runs (the node count and depth at every node, the rest in the
//! steps that search on a node's behalf).

/// Counters of one search (cumulative over its iterations).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes visited (main search and quiescence).
    pub nodes: u64,
    /// Static evaluation calls (quiescence included).
    pub evals: u64,
    /// Pre-evaluation searches run by iProbcut's step (one per child
    /// ranked).
    pub pre_searches: u64,
    /// Nodes spent inside pre-evaluation searches.
    pub pre_nodes: u64,
    /// Evaluation calls made inside pre-evaluation searches.
    pub pre_evals: u64,
    /// The singular step's excluded-move searches.
    pub singular_searches: u64,
    /// Nodes spent inside them.
    pub singular_nodes: u64,
    /// Children forward-pruned by iProbcut.
    pub pruned: u64,
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
        self.evals += other.evals;
        self.pre_searches += other.pre_searches;
        self.pre_nodes += other.pre_nodes;
        self.pre_evals += other.pre_evals;
        self.singular_searches += other.singular_searches;
        self.singular_nodes += other.singular_nodes;
        self.pruned += other.pruned;
        self.deferred += other.deferred;
        self.seldepth = self.seldepth.max(other.seldepth);
    }
}
