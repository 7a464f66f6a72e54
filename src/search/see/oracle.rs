//! The first SEE, kept as the test oracle of the one in `see/mod.rs`: it
//! plays the exchange out with real make/unmake, so every xiangqi rule
//! holds without special cases.

use super::value_at;
use crate::board::{Move, Position, Square};

/// The static exchange value of the legal capture `mv`, by make/unmake.
pub(crate) fn see(pos: &mut Position, mv: Move) -> i32 {
    let gain = value_at(pos, mv.to());
    let mover = value_at(pos, mv.from());
    pos.make_move(mv);
    let v = gain - best_recapture(pos, mv.to(), mover);
    pos.unmake_move();
    v
}

/// What the side to move gains at best by capturing on `sq`, where a piece
/// worth `occupant` stands (0 if it declines).
fn best_recapture(pos: &mut Position, sq: Square, occupant: i32) -> i32 {
    let side = pos.side_to_move();
    let mut attackers = pos.attackers(sq, side);
    // least valuable first; ties keep the attackers' fixed order
    attackers.sort_by_key(|&a| value_at(pos, a));
    for from in attackers {
        let value = value_at(pos, from);
        let mv = Move::new(from, sq);
        pos.make_move(mv);
        if pos.king_attacked(side) {
            // pinned, or a king stepping into check: try the next one
            pos.unmake_move();
            continue;
        }
        let gain = occupant - best_recapture(pos, sq, value);
        pos.unmake_move();
        return gain.max(0);
    }
    0
}
