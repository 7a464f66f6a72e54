//! Every position of tests/data/movegen-oracle.tsv (from an independent
//! generator) must yield exactly the listed legal moves.

use chuhe::board::{Move, Position};

#[test]
fn oracle_positions_match_exactly() {
    let mut n = 0;
    for line in include_str!("data/movegen-oracle.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (fen, moves) = line.split_once('\t').unwrap();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        ours.sort();
        let mut theirs: Vec<String> = moves.split_whitespace().map(String::from).collect();
        theirs.sort();
        assert_eq!(ours, theirs, "legal moves of {fen}");
        // every listed move is also accepted one at a time
        for m in &theirs {
            assert!(pos.is_legal(Move::from_iccs(m).unwrap()), "{m} in {fen}");
        }
        // the capture generator yields exactly the legal captures
        let mut caps: Vec<String> = pos.legal_captures().iter().map(|m| m.to_string()).collect();
        caps.sort();
        let mut expected: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| pos.piece_at(m.to()).is_some())
            .map(|m| m.to_string())
            .collect();
        expected.sort();
        assert_eq!(caps, expected, "captures of {fen}");
        n += 1;
    }
    assert_eq!(n, 3000);
}

#[test]
fn pseudo_legal_test_agrees_with_generator() {
    // is_pseudo_legal must accept exactly the generated pseudo-legal moves
    for line in include_str!("data/movegen-oracle.tsv").lines().take(400) {
        let (fen, _) = line.split_once('\t').unwrap();
        let pos = Position::from_fen(fen).unwrap();
        let pseudo = pos.pseudo_legal_moves();
        for from in chuhe::board::Square::all() {
            for to in chuhe::board::Square::all() {
                if from == to {
                    continue;
                }
                let mv = Move::new(from, to);
                assert_eq!(
                    pos.is_pseudo_legal(mv),
                    pseudo.contains(mv),
                    "{mv} in {fen}"
                );
            }
        }
    }
}
