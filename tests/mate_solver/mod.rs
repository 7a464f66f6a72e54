//! A brute-force mate solver shared by the search tests
//! (`mod mate_solver;`): plain exhaustive search, independent of the
//! engine's, so it can check the moves the engine chooses. A side with no
//! legal move has lost (checkmate and stalemate alike).

use chuhe::board::{Move, Position};

/// Whether the side to move can force mate within `plies` plies (odd).
pub fn forced_mate(pos: &mut Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    for mv in pos.legal_moves().iter().copied().collect::<Vec<_>>() {
        pos.make_move(mv);
        let wins = defender_lost(pos, plies - 1);
        pos.unmake_move();
        if wins {
            return true;
        }
    }
    false
}

/// Whether the side to move (the defender) is mated now or within `plies`.
pub fn defender_lost(pos: &mut Position, plies: u32) -> bool {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    if moves.is_empty() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    moves.into_iter().all(|mv| {
        pos.make_move(mv);
        let lost = forced_mate(pos, plies - 1);
        pos.unmake_move();
        lost
    })
}
