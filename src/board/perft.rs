//! Perft: counting the leaves of the legal move tree, the standard check of
//! a move generator.

use super::moves::Move;
use super::position::Position;

/// Counts the leaf nodes `depth` plies below `pos`. The last ply is counted
/// from the legal move list without making those moves (bulk counting).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        pos.make_move(mv);
        nodes += perft(pos, depth - 1);
        pos.unmake_move();
    }
    nodes
}

/// Perft split by root move: `(move, leaves below it)`, sorted by the
/// move's ICCS text.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&mv| {
            pos.make_move(mv);
            let n = perft(pos, depth.saturating_sub(1));
            pos.unmake_move();
            (mv, n)
        })
        .collect();
    out.sort_by_key(|(mv, _)| mv.to_string());
    out
}
