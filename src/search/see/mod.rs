//! Static exchange evaluation (SEE) by xiangqi rules: the material balance
//! of the exchange a capture starts on its target square, both sides
//! recapturing with their least valuable piece and free to stop.
//!
//! The exchange is played on the placement only (pieces and occupancy, no
//! key, sums or history: [`Position::shallow_make`]), and the attackers
//! are found anew after every capture, so every xiangqi rule holds without
//! special cases: a cannon needs exactly one screen (and a capture can
//! create or remove one), a horse's leg and an elephant's eye must be
//! empty, advisors and the king stay in the palace, a pinned piece or a
//! king walking into check (facing kings included) cannot recapture.
//! [`see_at_least`] stops as soon as the answer is known (a bound on the
//! rest of the exchange settles it). The first SEE, played with full
//! make/unmake, is kept in `oracle.rs` as the tests' reference: the values
//! are the same.

mod exchange;
#[cfg(test)]
mod oracle;

use crate::board::{tables, Move, PieceKind, Position, Square};
use exchange::Exchange;

/// Exchange values in centipawn-like units (horse 100). The king's value
/// only has to exceed everything else: it can take part in an exchange as
/// the last recapturer, never be captured. In rising value: pawn,
/// advisor and elephant, horse, cannon, rook, king (the exchange looks
/// for attackers in this order).
const SEE_VALUE: [i32; 7] = [KING_VALUE, 22, 22, 100, 220, 105, 10];
/// The king's exchange value.
const KING_VALUE: i32 = 10_000;
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

/// The static exchange value of the legal capture `mv` for the side making
/// it (material won minus material lost on the target square). The search
/// asks [`see_at_least`]; the tests compare both with the oracle.
#[cfg(test)]
pub fn see(pos: &mut Position, mv: Move) -> i32 {
    let gain = value_at(pos, mv.to());
    let mover = value_at(pos, mv.from());
    let mut ex = Exchange::start(pos, mv);
    let v = gain - ex.best_recapture(mover);
    ex.finish();
    v
}

/// Whether SEE of the legal capture `mv` is at least `threshold`: the
/// same answer as `see(pos, mv) >= threshold`, found with as little of
/// the exchange as settles it.
pub fn see_at_least(pos: &mut Position, mv: Move, threshold: i32) -> bool {
    let gain = value_at(pos, mv.to());
    let mover = value_at(pos, mv.from());
    // the opponent wins back between nothing and the mover
    if gain - mover >= threshold {
        return true;
    }
    if gain < threshold {
        return false;
    }
    let mut ex = Exchange::start(pos, mv);
    let ok = ex.recapture_at_most(mover, gain - threshold);
    ex.finish();
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, s: &str) -> Move {
        let m = Move::from_iccs(s).unwrap();
        assert!(pos.is_legal(m), "{s} illegal");
        m
    }

    /// Every legal capture of `pos`.
    fn captures(pos: &Position) -> Vec<Move> {
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m))
            .collect()
    }

    /// Asserts that `see` and `see_at_least` agree with the make/unmake
    /// oracle on every capture of `pos`, and that they leave it unchanged.
    fn assert_same_as_oracle(pos: &mut Position) -> usize {
        let fen = pos.to_fen();
        let moves = captures(pos);
        for &m in &moves {
            let expected = oracle::see(pos, m);
            assert_eq!(see(pos, m), expected, "{fen} {m}");
            for t in [expected - 1, expected, expected + 1, 0, 100] {
                assert_eq!(see_at_least(pos, m, t), expected >= t, "{fen} {m} {t}");
            }
            assert_eq!(pos.to_fen(), fen, "{m} changed the position");
            assert_eq!(pos.key(), pos.key_from_scratch());
        }
        moves.len()
    }

    #[test]
    fn the_same_values_as_the_make_unmake_oracle() {
        // the oracle positions and every position one move later (so
        // exchanges already under way are among them)
        let data = include_str!("../../../tests/data/movegen-oracle.tsv");
        let mut tested = 0;
        for line in data.lines() {
            let fen = line.split('\t').next().unwrap();
            let mut pos = Position::from_fen(fen).unwrap();
            tested += assert_same_as_oracle(&mut pos);
            for m in pos.legal_moves().iter().copied() {
                pos.make_move(m);
                tested += assert_same_as_oracle(&mut pos);
                pos.unmake_move();
            }
        }
        assert!(tested > 50_000, "only {tested} captures");
    }

    /// A quiet move's exchange is the capture it walks into (what SEE
    /// pruning asks of quiet moves): the same values as the oracle's on
    /// every quiet move of the oracle positions, some of them losing.
    #[test]
    fn quiet_moves_agree_with_the_oracle_too() {
        let data = include_str!("../../../tests/data/movegen-oracle.tsv");
        let (mut tested, mut losing) = (0, 0);
        for line in data.lines().take(300) {
            let fen = line.split('\t').next().unwrap();
            let mut pos = Position::from_fen(fen).unwrap();
            let quiets: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| !pos.is_capture(m))
                .collect();
            for m in quiets {
                let expected = oracle::see(&mut pos, m);
                assert!(expected <= 0, "{fen} {m}: a quiet move gains {expected}");
                losing += usize::from(expected < 0);
                for t in [expected - 1, expected, expected + 1, -36, 0] {
                    assert_eq!(see_at_least(&mut pos, m, t), expected >= t, "{fen} {m} {t}");
                }
                assert_eq!(pos.to_fen(), fen, "{m} changed the position");
                tested += 1;
            }
        }
        assert!(
            tested > 5_000 && losing > 200,
            "{tested} quiet moves, {losing} losing"
        );
    }

    #[test]
    fn pins_and_a_king_in_the_exchange() {
        // exchanges where a recapture is illegal or a screen moves, each
        // against the oracle
        for fen in [
            // a red rook takes a pawn defended by a pinned black rook
            "4k4/9/9/9/4p4/9/9/r3R4/9/3K5 w - - 0 1",
            // the black king recaptures in its palace
            "4k4/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1",
            // facing kings: the king may not recapture on the open file
            "4k4/4a4/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
            // a cannon loses its screen when its screen recaptures
            "4k4/4c4/4n4/9/4p4/9/9/9/4R4/3K5 w - - 0 1",
        ] {
            let mut pos = Position::from_fen(fen).unwrap();
            assert!(assert_same_as_oracle(&mut pos) > 0, "{fen}");
        }
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
