//! What a node of the main search is: its kind, fixed when it is
//! called (the root, a principal-variation node, or a non-PV node: the
//! `NODE` type parameter of `Context::negamax`, as Reckless's
//! `search::<NODE>` and Stockfish's `NodeType`), and the [`Node`] the
//! pruning rules and the move loop read, and the verdicts of the
//! steps that search on a node's behalf ([`Singular`], [`Ranked`]).
//!
//! A PV node has an open window and prunes nothing; a non-PV node has a
//! null window (`alpha + 1 == beta`). The kind is the caller's: a
//! node's first move and a PVS re-search open a PV child (when the
//! node's window is still open), every other search a non-PV one.
//! Rules that concern the distance from the root (repetitions, mate
//! distance, banned root moves) read the ply: `chuhe ipc-quality` runs
//! the singular step's non-PV search at ply 0.

use crate::board::Move;

/// A node kind: the root, PV or non-PV.
pub(crate) trait NodeKind {
    /// The root of the search (a PV node at ply 0).
    const ROOT: bool;
    /// A principal-variation node: an open window.
    const PV: bool;
}

/// The root node of an iteration (of an aspiration window, of a MultiPV
/// line).
pub(crate) struct Root;

/// A principal-variation node below the root.
pub(crate) struct Pv;

/// A node searched with a null window.
pub(crate) struct NonPv;

impl NodeKind for Root {
    const ROOT: bool = true;
    const PV: bool = true;
}

impl NodeKind for Pv {
    const ROOT: bool = false;
    const PV: bool = true;
}

impl NodeKind for NonPv {
    const ROOT: bool = false;
    const PV: bool = false;
}

/// What the pruning rules ask of a node: its window, remaining depth,
/// distance from the root, and kind.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub depth: i32,
    pub alpha: i32,
    pub beta: i32,
    pub ply: usize,
    /// An open window (a principal-variation node): nothing is pruned.
    pub pv_node: bool,
    /// A null-window node where a fail-high is expected (the node type
    /// of Knuth and Moore's analysis, as Stockfish tracks it): the first
    /// move of an expected all node, a late move's reduced search. It
    /// decides the kind of the node's children (`pvs.rs`), and the
    /// singular step's excluded-move search inherits it.
    pub cut_node: bool,
    pub in_check: bool,
    /// The move this search of the node leaves out (`Move::NULL`: none):
    /// the singular step searches the hash move's siblings this way.
    pub excluded: Move,
    /// The static evaluation is above the one two plies up (`improving`;
    /// reverse futility and late-move pruning read it, `pruning.rs`).
    pub improving: bool,
}

/// What the singular step found about the hash move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Singular {
    /// Nothing conclusive: search the node as usual.
    Plain,
    /// The hash move is the lone best child: search it a ply deeper.
    Extend,
    /// Other children clear beta too: the node fails high with this value.
    Cut(i32),
    /// The hash move is above beta but not alone: search it this many
    /// plies shallower (`sereduce`).
    Reduce(i32),
}

/// One child iProbcut's step pre-evaluated: its pre-evaluation, the move,
/// and whether it is kept whatever its rank (a tactical move under
/// `keeptactical`).
pub(crate) type Ranked = (i32, Move, bool);
