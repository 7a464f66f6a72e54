//! Static exchange evaluation (SEE) by xiangqi rules: the material balance
//! of the exchange a capture starts on its target square, both sides
//! recapturing with their least valuable piece and free to stop.
//!
//! The exchange is played out with real make/unmake on the board, so every
//! xiangqi rule holds without special cases: a cannon needs exactly one
//! screen (and a capture can create or remove one), a horse's leg and an
//! elephant's eye must be empty, advisors and the king stay in the palace,
//! a pinned piece or a king walking into check (facing kings included)
//! cannot recapture.

use crate::board::{tables, Move, PieceKind, Position, Square};

/// Exchange values in centipawn-like units (horse 100). The king's value
/// only has to exceed everything else: it can take part in an exchange as
/// the last recapturer, never be captured.
const SEE_VALUE: [i32; 7] = [10_000, 22, 22, 100, 220, 105, 10];
/// A pawn across the river is worth about twice an uncrossed one.
const CROSSED_PAWN: i32 = 20;

/// The exchange value of the piece on `sq` (0 for an empty square).
fn value_at(pos: &Position, sq: Square) -> i32 {
    match pos.piece_at(sq) {
        None => 0,
        Some(p)
            if p.kind() == PieceKind::Pawn
                && tables::pawn_crossed(p.colour(), (sq.index() / 9) as isize) =>
        {
            CROSSED_PAWN
        }
        Some(p) => SEE_VALUE[p.kind().index()],
    }
}

/// Whether the capture `mv` obviously does not lose material: the victim
/// is worth at least the capturer, so SEE is at least zero.
#[inline]
pub fn surely_not_losing(pos: &Position, mv: Move) -> bool {
    value_at(pos, mv.to()) >= value_at(pos, mv.from())
}

/// The static exchange value of the legal capture `mv` for the side making
/// it (material won minus material lost on the target square).
pub fn see(pos: &mut Position, mv: Move) -> i32 {
    let gain = value_at(pos, mv.to());
    let mover = value_at(pos, mv.from());
    pos.make_move(mv);
    let v = gain - best_recapture(pos, mv.to(), mover);
    pos.unmake_move();
    v
}

/// Whether SEE of the legal capture `mv` is at least `threshold`, skipping
/// the exchange when the victim alone settles it.
pub fn see_at_least(pos: &mut Position, mv: Move, threshold: i32) -> bool {
    if threshold <= 0 && surely_not_losing(pos, mv) {
        return true;
    }
    see(pos, mv) >= threshold
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

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, s: &str) -> Move {
        let m = Move::from_iccs(s).unwrap();
        assert!(pos.is_legal(m), "{s} illegal");
        m
    }

    #[test]
    fn an_undefended_piece_is_won_outright() {
        // the red rook takes a lone black horse
        let mut pos = Position::from_fen("4k4/9/9/9/4n4/9/9/9/9/4RK3 w - - 0 1").unwrap();
        let m = mv(&pos, "e0e5");
        assert_eq!(see(&mut pos, m), 100);
    }

    #[test]
    fn a_rook_taking_a_defended_pawn_loses() {
        // the black pawn on e5 is defended by the horse on d7 (leg d6 empty)
        let mut pos = Position::from_fen("4k4/9/3n5/9/4p4/9/9/9/9/4RK3 w - - 0 1").unwrap();
        let m = mv(&pos, "e0e5");
        assert_eq!(see(&mut pos, m), 10 - 220);
        assert!(!see_at_least(&mut pos, m, 0));
    }

    #[test]
    fn a_blocked_horse_leg_defends_nothing() {
        // the same, but a red pawn on d6 blocks the horse's leg
        let mut pos = Position::from_fen("4k4/9/3n5/3P5/4p4/9/9/9/9/4RK3 w - - 0 1").unwrap();
        let m = mv(&pos, "e0e5");
        assert_eq!(see(&mut pos, m), 10);
    }

    #[test]
    fn a_cannon_recaptures_over_its_screen() {
        // the red rook takes the pawn on e5; the black cannon on e8
        // recaptures over the elephant on e7, its screen
        let mut pos = Position::from_fen("3k5/4c4/4b4/9/4p4/9/9/9/9/4RK3 w - - 0 1").unwrap();
        let m = mv(&pos, "e0e5");
        assert_eq!(see(&mut pos, m), 10 - 220);
        // with no screen the cannon cannot recapture
        let mut pos = Position::from_fen("3k5/4c4/9/9/4p4/9/9/9/9/4RK3 w - - 0 1").unwrap();
        let m = mv(&pos, "e0e5");
        assert_eq!(see(&mut pos, m), 10);
    }
}
