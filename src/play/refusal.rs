//! Why a move typed in `chuhe play` is refused: the rule it breaks, in
//! words a player knows (own piece on the point, not a move that piece
//! makes and why, a blocked horse leg or elephant eye, a cannon without
//! its screen, a king left or put in check, the flying general), instead
//! of a bare "cannot move there".

use crate::board::{Colour, Move, PieceKind, Position, Square};

/// Why `mv` is not legal in `pos`. `mv` starts on a piece of the side to
/// move; a legal move gets "legal".
pub fn why_illegal(pos: &Position, mv: Move) -> String {
    let side = pos.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = pos.piece_at(from) else {
        return format!("there is no piece on {from}");
    };
    let name = piece.kind().name();
    if pos.is_legal(mv) {
        return "legal".into();
    }
    if let Some(there) = pos.piece_at(to).filter(|p| p.colour() == side) {
        return format!("your own {} stands on {to}", there.kind().name());
    }
    if !pos.is_pseudo_legal(mv) {
        return format!(
            "the {name} on {from} cannot go to {to}: {}",
            movement_rule(pos, piece.kind(), side, from, to)
        );
    }
    check_reason(pos, mv, side)
}

/// The movement rule the geometric move `from`–`to` of a `kind` breaks.
fn movement_rule(
    pos: &Position,
    kind: PieceKind,
    side: Colour,
    from: Square,
    to: Square,
) -> String {
    let (df, dr) = (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    );
    let in_palace = |sq: Square| {
        (3..=5).contains(&sq.file())
            && match side {
                Colour::Red => sq.rank() <= 2,
                Colour::Black => sq.rank() >= 7,
            }
    };
    let own_half = |sq: Square| match side {
        Colour::Red => sq.rank() <= 4,
        Colour::Black => sq.rank() >= 5,
    };
    let piece_name = |sq: Square| match pos.piece_at(sq) {
        Some(p) => format!("the {} {} on {sq}", p.colour(), p.kind().name()),
        None => format!("a piece on {sq}"),
    };
    match kind {
        PieceKind::King if !in_palace(to) => "the king never leaves its palace".into(),
        PieceKind::King => "the king moves one point along a file or rank".into(),
        PieceKind::Advisor if !in_palace(to) => "an advisor never leaves the palace".into(),
        PieceKind::Advisor => "an advisor moves one point diagonally".into(),
        PieceKind::Bishop if !own_half(to) => "an elephant never crosses the river".into(),
        PieceKind::Bishop if df.abs() != 2 || dr.abs() != 2 => {
            "an elephant moves exactly two points diagonally".into()
        }
        PieceKind::Bishop => {
            let eye = from.offset(df / 2, dr / 2).expect("between two squares");
            format!("its eye on {eye} is blocked by {}", piece_name(eye))
        }
        PieceKind::Knight if !matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)) => {
            "a horse moves one point straight, then one diagonally outward".into()
        }
        PieceKind::Knight => {
            let leg = if df.abs() == 2 {
                from.offset(df / 2, 0)
            } else {
                from.offset(0, dr / 2)
            }
            .expect("next to the horse");
            format!("its leg on {leg} is blocked by {}", piece_name(leg))
        }
        PieceKind::Rook | PieceKind::Cannon if df != 0 && dr != 0 => {
            format!("a {} moves along a file or rank", kind.name())
        }
        PieceKind::Rook | PieceKind::Cannon => {
            let between = between(from, to)
                .into_iter()
                .filter(|&sq| pos.piece_at(sq).is_some())
                .collect::<Vec<_>>();
            let capture = pos.piece_at(to).is_some();
            match (kind, capture, between.first()) {
                (PieceKind::Cannon, true, None) => {
                    "a cannon captures only by jumping over exactly one piece (a screen), and there is none between"
                        .into()
                }
                (PieceKind::Cannon, true, Some(_)) => format!(
                    "a cannon captures by jumping over exactly one piece, and there are {} between",
                    between.len()
                ),
                (_, _, Some(&first)) => format!("{} is in the way", piece_name(first)),
                _ => format!("the {} cannot go there", kind.name()),
            }
        }
        PieceKind::Pawn => {
            let forward = match side {
                Colour::Red => 1,
                Colour::Black => -1,
            };
            if dr == -forward {
                "a pawn never moves back".into()
            } else if dr == 0 && df != 0 && own_half(from) {
                "a pawn moves sideways only after crossing the river".into()
            } else {
                "a pawn moves one point at a time: forward, or sideways once across the river"
                    .into()
            }
        }
    }
}

/// The points strictly between `from` and `to` on one file or rank.
fn between(from: Square, to: Square) -> Vec<Square> {
    let (df, dr) = (
        (to.file() as i8 - from.file() as i8).signum(),
        (to.rank() as i8 - from.rank() as i8).signum(),
    );
    let mut out = Vec::new();
    let mut sq = from;
    while let Some(next) = sq.offset(df, dr) {
        if next == to {
            break;
        }
        out.push(next);
        sq = next;
    }
    out
}

/// Why the pseudo-legal `mv` leaves `side`'s king attacked.
fn check_reason(pos: &Position, mv: Move, side: Colour) -> String {
    let was_in_check = pos.in_check();
    let mut after = pos.clone();
    after.make_move(mv);
    if after.kings_facing() {
        return format!(
            "it would leave the two kings facing each other on file {} with nothing between (the flying general)",
            (b'a' + after.king_square(side).file()) as char
        );
    }
    let king = after.king_square(side);
    let attackers: Vec<String> = after
        .attackers(king, side.opposite())
        .into_iter()
        .map(|sq| match after.piece_at(sq) {
            Some(p) => format!("the {} {} on {sq}", p.colour(), p.kind().name()),
            None => sq.to_string(),
        })
        .collect();
    let by = if attackers.is_empty() {
        String::new()
    } else {
        format!(" by {}", attackers.join(" and "))
    };
    if was_in_check {
        format!("your king is in check and stays in check{by}")
    } else {
        format!("it would put your own king in check{by}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(fen: &str, iccs: &str) -> String {
        let pos = Position::from_fen(fen).unwrap();
        why_illegal(&pos, Move::from_iccs(iccs).unwrap())
    }

    const START: &str = crate::board::START_FEN;

    #[test]
    fn own_piece_and_movement_rules() {
        // the red cannon on h2 onto its own cannon's file: b2 -> h2 holds a cannon
        assert_eq!(why(START, "b2h2"), "your own cannon stands on h2");
        assert!(why(START, "a3a2").contains("never moves back"));
        assert!(why(START, "a3b3").contains("only after crossing the river"));
        assert!(why(START, "e0e2").contains("one point along a file or rank"));
        assert!(why(START, "d0d1").contains("one point diagonally"));
        assert!(why(START, "c0c2").contains("two points diagonally"));
        assert!(why(START, "h0h1").contains("one point straight"));
        assert!(why(START, "a0a5").contains("the red pawn on a3 is in the way"));
        // a cannon needs exactly one screen to capture
        assert!(why(START, "b2b7").contains("there is none between"));
        let two_screens = "rnbakabnr/9/1c5c1/2p1p1p1p/9/1p7/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert!(why(two_screens, "b2b9").contains("there are 2 between"));
    }

    #[test]
    fn blocked_leg_and_eye() {
        // red horse b0, own piece on b1 blocks the leg toward c2/a2
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/1R7/RNBAKABN1 w - - 0 1";
        let r = why(fen, "b0c2");
        assert!(r.contains("leg on b1") && r.contains("red rook"), "{r}");
        // red elephant c0, eye d1 blocked by a red horse
        let fen = "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1";
        let r = why(fen, "c0e2");
        assert!(r.contains("eye on d1") && r.contains("red horse"), "{r}");
        let fen = "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1";
        assert!(why(fen, "c4e6").contains("never crosses the river"));
    }

    #[test]
    fn check_and_flying_general() {
        // the red horse on e3 is the only piece between the kings
        let fen = "4k4/9/9/9/9/9/4N4/9/9/4K4 w - - 0 1";
        let r = why(fen, "e3c4");
        assert!(r.contains("flying general"), "{r}");
        // red king in check from a black rook on the d file; a rook move elsewhere keeps it
        let fen = "3rk4/9/9/9/9/9/9/9/9/3K4R w - - 0 1";
        let r = why(fen, "i0i1");
        assert!(
            r.contains("stays in check") && r.contains("black rook on d9"),
            "{r}"
        );
        // a pinned red horse: moving it opens the file to the black rook
        let fen = "3k5/9/9/9/9/4r4/9/4N4/9/4K4 w - - 0 1";
        let r = why(fen, "e2c3");
        assert!(
            r.contains("put your own king in check") && r.contains("black rook on e4"),
            "{r}"
        );
    }
}
