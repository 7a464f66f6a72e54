//! An exact mate prover, independent of the search: a plain AND/OR search
//! over every legal move (the board module's generation and legality), no
//! evaluation, no pruning, a table of proven and disproven (position, moves
//! left) pairs. It checks the mate puzzles (tests/data/mates.tsv) that the
//! search must solve.
//!
//! Checkmate and stalemate alike lose for the side to move. Repetitions
//! play no part: along a shortest mate the distance to mate falls with
//! every move of either side, so no position repeats, and a proof here
//! holds under any repetition rule.

use crate::board::{Move, Position};
use std::collections::HashMap;

/// Tags table entries of defending nodes (apart from attacking ones of
/// the same key).
const DEFEND_TAG: u64 = 0x9e37_79b9_7f4a_7c15;

/// What the prover found for a position, within its node budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateProof {
    /// The side to move mates in exactly `n` moves (2n − 1 plies) and not
    /// fewer; `moves` are all its first moves that do so.
    Mate { n: u32, moves: Vec<Move> },
    /// No mate in this many moves or fewer.
    NoMate(u32),
    /// The node budget ran out first.
    Unknown,
}

/// The prover: its table and node budget (one budget per [`exact_mate`]
/// call).
///
/// [`exact_mate`]: MateProver::exact_mate
pub struct MateProver {
    table: HashMap<(u64, u32), bool>,
    nodes: u64,
    budget: u64,
}

impl MateProver {
    /// A prover that gives up after `budget` nodes per question.
    pub fn new(budget: u64) -> MateProver {
        MateProver {
            table: HashMap::new(),
            nodes: 0,
            budget,
        }
    }

    /// Nodes visited by the last question.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The shortest mate of the side to move in at most `max_n` moves.
    pub fn exact_mate(&mut self, pos: &Position, max_n: u32) -> MateProof {
        self.nodes = 0;
        let mut pos = pos.clone();
        for n in 1..=max_n {
            match self.attack(&mut pos, n) {
                None => return MateProof::Unknown,
                Some(false) => continue,
                Some(true) => {
                    return match self.mating_moves(&mut pos, n) {
                        Some(moves) => MateProof::Mate { n, moves },
                        None => MateProof::Unknown,
                    }
                }
            }
        }
        MateProof::NoMate(max_n)
    }

    /// Every first move of the side to move after which the opponent is
    /// mated within `n` moves in all (`None`: out of budget).
    pub fn mating_moves(&mut self, pos: &mut Position, n: u32) -> Option<Vec<Move>> {
        let mut found = Vec::new();
        for mv in pos.legal_moves().iter().copied() {
            pos.make_move(mv);
            let r = self.defend(pos, n);
            pos.unmake_move();
            if r? {
                found.push(mv);
            }
        }
        Some(found)
    }

    /// Whether the side to move mates in at most `n` moves.
    fn attack(&mut self, pos: &mut Position, n: u32) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let key = (pos.key(), n);
        if let Some(&r) = self.table.get(&key) {
            return Some(r);
        }
        let mut moves = pos.legal_moves();
        // checks first: they mate most often (an order, not a filter)
        let mut checks = 0;
        for i in 0..moves.len() {
            let mv = moves[i];
            pos.make_move(mv);
            let check = pos.in_check();
            pos.unmake_move();
            if check {
                moves.as_mut_slice().swap(i, checks);
                checks += 1;
            }
        }
        let mut result = false;
        for mv in moves.iter().copied() {
            pos.make_move(mv);
            let r = self.defend(pos, n);
            pos.unmake_move();
            if r? {
                result = true;
                break;
            }
        }
        self.table.insert(key, result);
        Some(result)
    }

    /// Whether the side to move (the defender, after the attacker's move)
    /// is mated now or within `n` − 1 more attacker moves.
    fn defend(&mut self, pos: &mut Position, n: u32) -> Option<bool> {
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return Some(true);
        }
        if n == 1 {
            return Some(false);
        }
        let key = (pos.key() ^ DEFEND_TAG, n);
        if let Some(&r) = self.table.get(&key) {
            return Some(r);
        }
        self.nodes += 1;
        let mut result = true;
        for mv in replies.iter().copied() {
            pos.make_move(mv);
            let r = self.attack(pos, n - 1);
            pos.unmake_move();
            if !r? {
                result = false;
                break;
            }
        }
        self.table.insert(key, result);
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_no_short_mate() {
        let mut p = MateProver::new(u64::MAX);
        assert_eq!(p.exact_mate(&Position::startpos(), 1), MateProof::NoMate(1));
    }

    #[test]
    fn a_mated_side_has_no_mate_and_a_mate_in_one_is_found() {
        // a rook to the back rank mates: the other rook holds rank 8, the
        // red king's file (flying generals) the d file
        let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/8R/3K5 w - - 0 1").unwrap();
        let mut p = MateProver::new(u64::MAX);
        match p.exact_mate(&pos, 2) {
            MateProof::Mate { n, moves } => {
                assert_eq!(n, 1);
                assert!(moves.contains(&Move::from_iccs("i1i9").unwrap()));
            }
            other => panic!("{other:?}"),
        }
    }
}
