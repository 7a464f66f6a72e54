//! Nodes sampled on the way: the search logs the nodes where iProbcut's
//! steps ran in its last iteration (a hook in `forward_prune` and one in
//! `singular`, live only when a [`NodeLog`] is installed), and the
//! measure judges a few of them, evenly spread over the log, by
//! alpha-beta searches of the node's own depth.

use super::super::context::Context;
use super::super::iprobcut::Ranked;
use super::super::node::Node;
use super::super::singular::Singular;
use super::super::tt::TtHit;
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

/// `k` of `items`, evenly spread (all of them when there are fewer).
pub fn spread<T: Clone>(items: &[T], k: usize) -> Vec<T> {
    if items.len() <= k {
        return items.to_vec();
    }
    (0..k).map(|i| items[i * items.len() / k].clone()).collect()
}

impl Context<'_> {
    /// The node as the log keeps it, if this step is to be logged: outside
    /// pre-evaluations, in the logged iteration, below the cap.
    fn loggable(&self, node: &Node, count: impl Fn(&NodeLog) -> usize) -> bool {
        self.pre_level == 0
            && self
                .data
                .log
                .as_ref()
                .is_some_and(|log| log.depth == self.root_depth && count(log) < log.cap)
            && node.excluded.is_null()
    }

    fn logged(&self, node: &Node, step: LoggedStep) -> LoggedNode {
        LoggedNode {
            pos: self.pos.clone(),
            depth: node.depth,
            alpha: node.alpha,
            beta: node.beta,
            ply: node.ply,
            step,
        }
    }

    /// Hook of `forward_prune`: logs the classic step at `node`.
    pub(in super::super) fn log_classic(&mut self, node: &Node, ranked: &[Ranked], kept: &[Move]) {
        if !self.loggable(node, |log| log.classic.len()) {
            return;
        }
        let step = LoggedStep::Classic {
            ranked: ranked.iter().map(|&(_, m, _)| m).collect(),
            kept: kept.to_vec(),
        };
        let entry = self.logged(node, step);
        if let Some(log) = self.data.log.as_mut() {
            log.classic.push(entry);
        }
    }

    /// Hook of `singular`: logs the singular step at `node`.
    pub(in super::super) fn log_singular(
        &mut self,
        node: &Node,
        hash_move: Move,
        hit: &TtHit,
        verdict: Singular,
    ) {
        if !self.loggable(node, |log| log.singular.len()) {
            return;
        }
        let step = LoggedStep::Singular {
            hash_move,
            hash_score: hit.score,
            singular_beta: self.singular_beta(node.depth, hit.score),
            verdict: verdict_name(verdict),
        };
        let entry = self.logged(node, step);
        if let Some(log) = self.data.log.as_mut() {
            log.singular.push(entry);
        }
    }
}

/// The report's name of a singular verdict.
pub(super) fn verdict_name(verdict: Singular) -> &'static str {
    match verdict {
        Singular::Extend(_) => "extend",
        Singular::Cut(_) => "cut",
        Singular::Reduce(_) => "reduce",
        Singular::Plain => "plain",
    }
}

#[cfg(test)]
mod tests {
    use super::spread;

    #[test]
    fn spread_takes_evenly() {
        let v: Vec<i32> = (0..10).collect();
        assert_eq!(spread(&v, 3), vec![0, 3, 6]);
        assert_eq!(spread(&v, 20), v);
        assert!(spread(&v, 0).is_empty());
    }
}
