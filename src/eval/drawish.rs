//! Material that cannot win, or seldom does: the `default` evaluation of
//! a side ahead is scaled toward 0 when what it has left cannot mate the
//! defenders it faces (Stockfish's endgame scale factors, with xiangqi's
//! endgame theory instead of chess's).
//!
//! A linear evaluation cannot say this: a lone horse is worth 100 against
//! a bare king, where it wins, and against two advisors and two
//! elephants, where it cannot (单马难胜士象全). The fit learns the
//! average of both. The rules below are the textbook cases whose outcome
//! depends on the material alone; each scales the score of the side the
//! evaluation favours by a number out of [`FULL`]:
//!
//! | strong side's attack (no other rook, horse, cannon or live pawn) | weak side | scale |
//! |---|---|---|
//! | nothing (king, advisors, elephants only) | any | 0 (no mate is possible) |
//! | pawns on the last rank only (老兵, they move sideways only) | any | 1 |
//! | one live pawn | ≥ 2 advisors and elephants | 2 |
//! | one horse | two advisors and two elephants | 2 |
//! | one cannon | ≥ 1 advisor or elephant | 2 |
//! | one rook | a rook and nothing else that attacks | 2 |
//! | one rook | a horse and two advisors | 4 (车难胜马双士) |
//! | no live pawn, attack at most a cannon above the weak side's | ≥ 2 advisors and elephants | 8 |
//!
//! "Attack" counts rooks, horses and cannons at their material values
//! (220, 100, 105, `material::DEFAULT_MATERIAL`); a live pawn is one not yet on the enemy's last rank.
//! The scale keeps the sign: a drawn position the evaluation favours still
//! prefers the side with more, only far less.

use super::features::{Counts, ABSENT};
use super::material::DEFAULT_MATERIAL;
use crate::board::{Colour, PieceKind, Position};

/// The scale of a score left as it is.
pub const FULL: i32 = 16;

/// Whether evaluators scale drawish material unless told otherwise
/// (`drawish` in the search options).
pub const DEFAULT_ON: bool = true;

/// Where a side's five pawns are in `Position::piece_sq` (after its
/// king, advisors, elephants, horses, rooks and cannons).
const PAWN_SLOTS: std::ops::Range<usize> = 11..16;

/// `colour`'s pawn squares (`ABSENT` for a captured one).
#[inline(always)]
fn pawn_slots(pos: &Position, colour: Colour) -> &[u8] {
    let base = colour.index() * 16;
    &pos.piece_sq[base + PAWN_SLOTS.start..base + PAWN_SLOTS.end]
}

/// `colour`'s live pawns: on the board and not on the enemy's last rank.
/// Branch-free: this runs at every evaluation.
#[inline(always)]
fn live_pawns(pos: &Position, colour: Colour) -> i32 {
    // live squares: 0..=80 for Red, 9..=89 for Black (an absent pawn's
    // 255 falls outside both once shifted)
    let first_live = if colour == Colour::Red { 0 } else { 9 };
    pawn_slots(pos, colour)
        .iter()
        .map(|&s| (s.wrapping_sub(first_live) < 81) as i32)
        .sum()
}

/// `colour`'s pawns on the board.
fn pawns_present(pos: &Position, colour: Colour) -> i32 {
    pawn_slots(pos, colour)
        .iter()
        .map(|&s| (s != ABSENT) as i32)
        .sum()
}

/// The scale (out of [`FULL`]) of a score that favours `strong` in `pos`.
pub fn scale(pos: &Position, strong: Colour) -> i32 {
    // every rule wants at most one live pawn, and one only without
    // pieces: the common case (two pawns or more) is settled here
    let live = live_pawns(pos, strong);
    if live >= 2 {
        return FULL;
    }
    let n = Counts::of(pos);
    let (s, w) = (strong.index(), strong.opposite().index());
    let attackers = |c: usize| n.rooks[c] + n.horses[c] + n.cannons[c];
    let defenders = |c: usize| n.advisors[c] + n.elephants[c];
    let value = |kind: PieceKind| DEFAULT_MATERIAL[kind.index()];
    let attack = |c: usize| {
        value(PieceKind::Rook) * n.rooks[c]
            + value(PieceKind::Knight) * n.horses[c]
            + value(PieceKind::Cannon) * n.cannons[c]
    };
    if attackers(s) == 0 && live == 0 {
        return if pawns_present(pos, strong) == 0 {
            0
        } else {
            1
        };
    }
    if live == 0 && attackers(s) == 1 {
        let lone_attacker = attackers(w) == 1;
        if n.horses[s] == 1 && n.advisors[w] == 2 && n.elephants[w] == 2 {
            return 2;
        }
        if n.cannons[s] == 1 && defenders(w) >= 1 {
            return 2;
        }
        let weak = strong.opposite();
        if n.rooks[s] == 1 && n.rooks[w] == 1 && lone_attacker && live_pawns(pos, weak) == 0 {
            return 2;
        }
        if n.rooks[s] == 1 && n.horses[w] == 1 && lone_attacker && n.advisors[w] == 2 {
            return 4;
        }
    }
    if attackers(s) == 0 && live == 1 && defenders(w) >= 2 {
        return 2;
    }
    if live == 0 && defenders(w) >= 2 && attack(s) - attack(w) <= value(PieceKind::Cannon) {
        return 8;
    }
    FULL
}

/// `score` (Red's view) scaled by the rules for the side it favours.
#[inline]
pub fn apply(pos: &Position, score: i32) -> i32 {
    let strong = match score {
        0 => return 0,
        s if s > 0 => Colour::Red,
        _ => Colour::Black,
    };
    score * scale(pos, strong) / FULL
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scale_for(fen: &str, strong: Colour) -> i32 {
        scale(&Position::from_fen(fen).unwrap(), strong)
    }

    #[test]
    fn the_start_position_is_not_scaled() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(scale_for(fen, Colour::Red), FULL);
        assert_eq!(scale_for(fen, Colour::Black), FULL);
    }

    #[test]
    fn a_lone_horse_draws_against_full_defenders_but_not_against_fewer() {
        // Red: king and horse; Black: king, two advisors, two elephants
        let full = "2bakab2/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1";
        assert_eq!(scale_for(full, Colour::Red), 2);
        // three defenders: still hard (the general rule, half)
        let three = "2bak1b2/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1";
        assert_eq!(scale_for(three, Colour::Red), 8);
        let one_advisor = "3ak4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1";
        assert_eq!(scale_for(one_advisor, Colour::Red), FULL);
        // the defenders are never scaled for being short of attackers
        // when they have none: they cannot mate either
        assert_eq!(scale_for(full, Colour::Black), 0);
    }

    #[test]
    fn pawns_on_the_last_rank_and_lone_pawns() {
        // a Red pawn on rank 9 (Black's back rank) cannot come back
        let old = "3k1P3/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(scale_for(old, Colour::Red), 1);
        // one live pawn against two advisors
        let lone = "3aka3/9/9/4P4/9/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(scale_for(lone, Colour::Red), 2);
        // two live pawns may win
        let two = "3aka3/9/9/3PP4/9/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(scale_for(two, Colour::Red), FULL);
    }

    #[test]
    fn rook_endings() {
        let rook_vs_rook = "3akab2/9/9/9/9/9/r8/9/9/R2K5 w - - 0 1";
        assert_eq!(scale_for(rook_vs_rook, Colour::Red), 2);
        let rook_vs_horse_advisors = "3aka3/9/4n4/9/9/9/9/9/9/R2K5 w - - 0 1";
        assert_eq!(scale_for(rook_vs_horse_advisors, Colour::Red), 4);
        let rook_and_horse_vs_rook = "3akab2/9/9/9/9/9/r8/9/4N4/R2K5 w - - 0 1";
        assert_eq!(scale_for(rook_and_horse_vs_rook, Colour::Red), 8);
        // with a live pawn to help, rook and horse against a rook is left alone
        let with_pawn = "3akab2/9/9/9/9/4P4/r8/9/4N4/R2K5 w - - 0 1";
        assert_eq!(scale_for(with_pawn, Colour::Red), FULL);
    }

    #[test]
    fn apply_keeps_the_sign_and_scales_only_the_favoured_side() {
        let pos = Position::from_fen("2bakab2/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1").unwrap();
        assert_eq!(apply(&pos, 160), 20);
        // a score for Black here: Black has no attacker at all
        assert_eq!(apply(&pos, -160), 0);
        assert_eq!(apply(&pos, 0), 0);
    }
}
