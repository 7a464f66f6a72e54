//! The log of the nodes where iProbcut's step and the singular step ran,
//! for `chuhe ipc-quality` (`research/quality`): the search writes it only
//! when one is installed in its thread data (`ThreadData::log`), and the
//! measure reads it afterwards. Plain data and the two writers the steps
//! call; nothing here searches.

use super::node::{Node, Ranked, Singular};
use crate::board::{Move, Position};

/// What one logged step did.
#[derive(Clone, Debug)]
pub enum LoggedStep {
    /// The classic step: the ranked children (best first) and the kept ones.
    Classic { ranked: Vec<Move>, kept: Vec<Move> },
    /// The singular step: the hash move, its value in the table, the
    /// singular bound and the verdict.
    Singular {
        hash_move: Move,
        hash_score: i32,
        singular_beta: i32,
        verdict: &'static str,
    },
}

/// A node where a step ran: its position (with the game and search path
/// for repetitions), remaining depth, window and distance from the root.
#[derive(Clone, Debug)]
pub struct LoggedNode {
    pub pos: Position,
    pub depth: i32,
    pub alpha: i32,
    pub beta: i32,
    pub ply: usize,
    pub step: LoggedStep,
}

/// The log a search writes when one is installed in its thread data.
#[derive(Clone, Debug, Default)]
pub struct NodeLog {
    /// Only the iteration of this depth is logged.
    pub depth: i32,
    /// At most this many nodes of each step.
    pub cap: usize,
    pub classic: Vec<LoggedNode>,
    pub singular: Vec<LoggedNode>,
}

impl NodeLog {
    /// An empty log of the iteration at `depth`.
    pub fn new(depth: i32, cap: usize) -> NodeLog {
        NodeLog {
            depth,
            cap,
            ..NodeLog::default()
        }
    }
}

impl NodeLog {
    /// Whether a step at `node` of the iteration at `root_depth` is to be
    /// logged, `count` of its kind logged so far: the logged iteration,
    /// below the cap, not a search with a move left out.
    fn wants(&self, node: &Node, root_depth: i32, count: usize) -> bool {
        self.depth == root_depth && count < self.cap && node.excluded.is_null()
    }

    /// Logs iProbcut's step at `node` of `pos`: the `ranked` children (best
    /// first) and the `kept` ones.
    pub(super) fn classic(
        &mut self,
        pos: &Position,
        node: &Node,
        root_depth: i32,
        ranked: &[Ranked],
        kept: &[Move],
    ) {
        if !self.wants(node, root_depth, self.classic.len()) {
            return;
        }
        let step = LoggedStep::Classic {
            ranked: ranked.iter().map(|&(_, m, _)| m).collect(),
            kept: kept.to_vec(),
        };
        self.classic.push(LoggedNode::at(pos, node, step));
    }

    /// Logs the singular step at `node` of `pos`: the hash move, its value
    /// in the table, the singular bound and the verdict.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn singular(
        &mut self,
        pos: &Position,
        node: &Node,
        root_depth: i32,
        hash_move: Move,
        hash_score: i32,
        singular_beta: i32,
        verdict: Singular,
    ) {
        if !self.wants(node, root_depth, self.singular.len()) {
            return;
        }
        let step = LoggedStep::Singular {
            hash_move,
            hash_score,
            singular_beta,
            verdict: verdict_name(verdict),
        };
        self.singular.push(LoggedNode::at(pos, node, step));
    }
}

impl LoggedNode {
    fn at(pos: &Position, node: &Node, step: LoggedStep) -> LoggedNode {
        LoggedNode {
            pos: pos.clone(),
            depth: node.depth,
            alpha: node.alpha,
            beta: node.beta,
            ply: node.ply,
            step,
        }
    }
}

/// The report's name of a singular verdict.
pub(crate) fn verdict_name(verdict: Singular) -> &'static str {
    match verdict {
        Singular::Extend => "extend",
        Singular::Cut(_) => "cut",
        Singular::Reduce(_) => "reduce",
        Singular::Plain => "plain",
    }
}
