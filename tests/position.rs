//! FEN reading and writing, rejections, make/unmake and Zobrist keys.

use chuhe::board::{Colour, FenError, Move, PieceKind, Position, START_FEN};
use rand::{rngs::StdRng, Rng, SeedableRng};

fn oracle_fens() -> Vec<&'static str> {
    include_str!("data/movegen-oracle.tsv")
        .lines()
        .filter_map(|l| l.split_once('\t').map(|(f, _)| f))
        .collect()
}

#[test]
fn fen_round_trip() {
    for fen in oracle_fens() {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.to_fen(), fen);
    }
    assert_eq!(Position::startpos().to_fen(), START_FEN);
}

#[test]
fn fen_variants_accepted() {
    let std = Position::from_fen(START_FEN).unwrap();
    let variants = [
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -",
    ];
    for v in variants {
        let p = Position::from_fen(v).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(p.key(), std.key(), "{v}");
        assert_eq!(p.side_to_move(), Colour::Red);
    }
    let b =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7")
            .unwrap();
    assert_eq!(b.side_to_move(), Colour::Black);
    assert_eq!(b.halfmove_clock(), 3);
    assert_eq!(b.fullmove_number(), 7);
    assert_ne!(b.key(), std.key());
}

#[test]
fn fen_rejections() {
    use FenError::*;
    type Expect = fn(&FenError) -> bool;
    let cases: &[(&str, Expect)] = &[
        ("", |e| *e == Empty),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
            |e| *e == RankCount(9),
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w",
            |e| *e == RankCount(11),
        ),
        (
            "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            |e| matches!(e, RankLength { rank: 8, files: 8 }),
        ),
        (
            "rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            |e| matches!(e, RankLength { rank: 8, .. }),
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
            |e| matches!(e, RankLength { rank: 0, .. }),
        ),
        (
            "rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            |e| *e == UnknownPiece('x'),
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            |e| matches!(e, BadSide(_)),
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
            |e| matches!(e, BadCounter(_)),
        ),
        // three red rooks
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w",
            |e| {
                matches!(
                    e,
                    TooMany {
                        colour: Colour::Red,
                        kind: PieceKind::Rook,
                        count: 3
                    }
                )
            },
        ),
        // six black pawns
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/p8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            |e| {
                matches!(
                    e,
                    TooMany {
                        colour: Colour::Black,
                        kind: PieceKind::Pawn,
                        count: 6
                    }
                )
            },
        ),
        // no black king
        (
            "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            |e| {
                matches!(
                    e,
                    KingCount {
                        colour: Colour::Black,
                        count: 0
                    }
                )
            },
        ),
        // two red kings
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w",
            |e| {
                matches!(
                    e,
                    KingCount {
                        colour: Colour::Red,
                        count: 2
                    }
                )
            },
        ),
        // advisor off the palace points
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/A8/RNB1KABNR w",
            |e| matches!(e, Unreachable { .. }),
        ),
        // elephant off its seven points
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C1B3C1/9/RN1AKABNR w",
            |e| matches!(e, Unreachable { .. }),
        ),
        // elephant across the river
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/2B6/9/P1P1P1P1P/1C5C1/9/RN1AKABNR w",
            |e| matches!(e, Unreachable { .. }),
        ),
        // king outside its palace
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w",
            |e| matches!(e, KingCount { .. }),
        ),
        (
            "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CK4C1/9/RNBA1ABNR w",
            |e| matches!(e, KingCount { .. } | Unreachable { .. }),
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAAKBNR w",
            |e| matches!(e, Unreachable { .. }),
        ),
        // red pawn behind its starting rank
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/PC5C1/9/RNBAKABNR w",
            |e| matches!(e, Unreachable { .. }),
        ),
        // red pawn on an odd file before the river
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/1PP1P1P1P/1C5C1/9/RNBAKABNR w",
            |e| matches!(e, Unreachable { .. }),
        ),
        // black to move, red king in check by a black rook
        ("3k5/9/9/9/9/9/9/9/9/4K3r b - - 0 1", |e| {
            *e == OpponentInCheck
        }),
        ("4k4/9/9/9/9/9/9/9/3r5/3K5 b - - 0 1", |e| {
            *e == OpponentInCheck
        }),
        // kings facing
        ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", |e| *e == KingsFacing),
    ];
    for (fen, ok) in cases {
        match Position::from_fen(fen) {
            Ok(_) => panic!("accepted bad FEN {fen:?}"),
            Err(e) => {
                assert!(ok(&e), "{fen:?} gave {e:?}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

#[test]
fn side_to_move_may_be_in_check() {
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3r w - - 0 1").unwrap();
    assert!(pos.in_check());
}

#[test]
fn garbage_fen_never_panics() {
    let mut rng = StdRng::seed_from_u64(7);
    let alphabet: Vec<char> = "rnbakcpRNBAKCPEH0123456789/ wb-x\u{4e2d}".chars().collect();
    for _ in 0..20000 {
        let len = rng.gen_range(0..80);
        let s: String = (0..len)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
            .collect();
        let _ = Position::from_fen(&s);
    }
}

#[test]
fn make_unmake_restores_position_and_key() {
    let mut rng = StdRng::seed_from_u64(42);
    for fen in oracle_fens().into_iter().step_by(10) {
        let mut pos = Position::from_fen(fen).unwrap();
        let start = pos.clone();
        let mut played = 0;
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            let before = pos.clone();
            pos.make_move(mv);
            assert_eq!(
                pos.key(),
                pos.key_from_scratch(),
                "key after {mv} in {}",
                before.to_fen()
            );
            assert_eq!(
                pos.square_sets(),
                pos.square_sets_from_scratch(),
                "square sets after {mv} in {}",
                before.to_fen()
            );
            assert!(
                !pos.king_attacked(pos.side_to_move().opposite()),
                "{mv} left king in check"
            );
            assert!(!pos.kings_facing());
            // the FEN written now reads back to the same position
            let reread = Position::from_fen(&pos.to_fen()).unwrap();
            assert!(reread.same_position(&pos));
            pos.unmake_move();
            assert!(pos.same_position(&before), "unmake {mv}");
            assert_eq!(pos.square_sets(), before.square_sets(), "unmake {mv}");
            assert_eq!(pos.legal_moves().as_slice(), moves.as_slice());
            pos.make_move(mv);
            played += 1;
        }
        for _ in 0..played {
            pos.unmake_move();
        }
        assert!(pos.same_position(&start));
        assert_eq!(pos.square_sets(), start.square_sets_from_scratch());
        assert_eq!(pos.to_fen(), start.to_fen());
    }
}

#[test]
fn null_move_round_trip() {
    let mut pos = Position::startpos();
    let key = pos.key();
    pos.make_null_move();
    assert_eq!(pos.side_to_move(), Colour::Black);
    assert_eq!(pos.key(), pos.key_from_scratch());
    assert_ne!(pos.key(), key);
    pos.unmake_null_move();
    assert_eq!(pos.key(), key);
}

#[test]
fn mate_and_stalemate_have_no_moves() {
    // mate: rook d0 checks along the d-file, e9 would face the red king
    let mate = Position::from_fen("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1").unwrap();
    assert!(mate.in_check());
    assert!(!mate.has_legal_move());
    // stalemate: not in check, d8 is covered by the rook, e9 faces the king
    let stale = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    assert!(!stale.in_check());
    assert!(!stale.has_legal_move());
    // the same with the red king off the e-file: e9 is free again
    let free = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert!(free.is_err(), "kings face on the d-file");
    let free = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/5K3 b - - 0 1").unwrap();
    let moves: Vec<String> = free.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, vec!["d9e9".to_string()]);
}

#[test]
fn move_text_round_trip() {
    for text in ["h2e2", "a0a9", "i9i0"] {
        assert_eq!(Move::from_iccs(text).unwrap().to_string(), text);
    }
    assert_eq!(Move::from_iccs("H2-E2").unwrap().to_string(), "h2e2");
    for bad in ["", "h2", "h2e", "j2e2", "h2ex", "h2h2", "h2e2e", "中炮平五"] {
        assert!(Move::from_iccs(bad).is_err(), "{bad}");
    }
}

/// The legality filter (king moves, uncovering squares, check evasions)
/// keeps exactly the moves the full test keeps, in check or not, on the
/// oracle positions and on positions of random games from them.
#[test]
fn filtered_legal_moves_equal_the_full_test() {
    let mut rng = StdRng::seed_from_u64(1313);
    let (mut positions, mut in_check) = (0, 0);
    for fen in oracle_fens().into_iter().step_by(4) {
        let mut pos = Position::from_fen(fen).unwrap();
        for _ in 0..24 {
            let full: Vec<_> = pos
                .pseudo_legal_moves()
                .iter()
                .copied()
                .filter(|&m| pos.is_legal(m))
                .collect();
            let moves = pos.legal_moves();
            assert_eq!(moves.as_slice(), full.as_slice(), "{}", pos.to_fen());
            let captures: Vec<_> = full
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect();
            assert_eq!(
                pos.legal_captures().as_slice(),
                captures.as_slice(),
                "{}",
                pos.to_fen()
            );
            positions += 1;
            in_check += usize::from(pos.in_check());
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.gen_range(0..moves.len())]);
        }
    }
    assert!(
        positions > 5000 && in_check > 200,
        "{positions} positions, {in_check} in check"
    );
}

/// Whether the incrementally kept rank and file occupancy masks of `pos`
/// equal the ones read off the board square by square.
fn occupancy_matches_board(pos: &Position) -> bool {
    use chuhe::board::Square;
    let mut ranks = [0u16; 10];
    let mut files = [0u16; 9];
    for r in 0..10u8 {
        for f in 0..9u8 {
            if pos.piece_at(Square::new(f, r)).is_some() {
                ranks[r as usize] |= 1 << f;
                files[f as usize] |= 1 << r;
            }
        }
    }
    (0..10u8).all(|r| pos.rank_occupancy(r) == ranks[r as usize])
        && (0..9u8).all(|f| pos.file_occupancy(f) == files[f as usize])
}

#[test]
fn occupancy_masks_follow_make_and_unmake() {
    // make/unmake update the masks incrementally: after every move and
    // every take-back they must equal a board scan
    let mut rng = StdRng::seed_from_u64(7);
    let mut checked = 0;
    for fen in oracle_fens().into_iter().step_by(5) {
        let mut pos = Position::from_fen(fen).unwrap();
        assert!(occupancy_matches_board(&pos), "{fen}");
        let mut played = 0;
        for _ in 0..30 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            pos.make_move(mv);
            assert!(occupancy_matches_board(&pos), "after {mv} from {fen}");
            played += 1;
            checked += 1;
        }
        for _ in 0..played {
            pos.unmake_move();
            assert!(occupancy_matches_board(&pos), "take-back from {fen}");
        }
    }
    assert!(checked > 1000, "only {checked} moves");
}
