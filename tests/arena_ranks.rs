//! The arena's `uci:` players in either rank numbering: chuhe itself,
//! told to write ranks 1-10 (`Ranks=1-10`) and declared so to the arena
//! (`ranks=1`), plays a legal game; the spec items are checked.

use chuhe::arena::game::{play_game, GameConfig, GameSetup, ScoreAdjudication};
use chuhe::arena::player::{EngineKind, PlayerSpec};
use chuhe::board::{Move, Position, START_FEN};
use chuhe::protocol::ranks::Ranks;

#[test]
fn ranks_items_are_read_and_checked() {
    let engine = env!("CARGO_BIN_EXE_chuhe");
    let s: PlayerSpec = format!("uci:{engine},ranks=1,Ranks=1-10,depth=2")
        .parse()
        .unwrap();
    let EngineKind::External { ranks, options, .. } = s.kind else {
        panic!("not external")
    };
    assert_eq!(ranks, Some(Ranks::FromOne));
    // chuhe's own option (a value other than 0 or 1) goes to the engine
    assert_eq!(options, vec![("Ranks".to_string(), "1-10".to_string())]);
    let s: PlayerSpec = format!("uci:{engine},ranks=0").parse().unwrap();
    assert!(matches!(
        s.kind,
        EngineKind::External {
            ranks: Some(Ranks::FromZero),
            ..
        }
    ));
    let e = format!("ucci:{engine},ranks=1")
        .parse::<PlayerSpec>()
        .unwrap_err();
    assert!(e.contains("UCCI counts ranks from 0"), "{e}");
}

/// Both sides of the conversion: the arena writes the moves it sends with
/// ranks 1-10 and reads the engine's answers back.
#[test]
fn a_uci_engine_with_ranks_from_one_plays_legal_games() {
    let engine = env!("CARGO_BIN_EXE_chuhe");
    let a: PlayerSpec = format!("uci:{engine},ranks=1,Ranks=1-10,UseBook=false,depth=2")
        .parse()
        .unwrap();
    let b: PlayerSpec = "alphabeta:depth=1".parse().unwrap();
    let plies = 24;
    for a_is_red in [true, false] {
        let setup = GameSetup {
            game: 1,
            opening: "startpos".into(),
            fen: START_FEN.into(),
            moves: vec![],
            a_is_red,
        };
        let cfg = GameConfig {
            max_plies: plies,
            shadow: false,
            adjudication: ScoreAdjudication::default(),
            rules: Default::default(),
        };
        let g = play_game(&setup, &a, &b, &cfg);
        assert!(
            !g.termination.contains("illegal") && !g.termination.contains("protocol"),
            "{}",
            g.termination
        );
        assert!(g.moves.len() >= 2, "{}", g.termination);
        let mut pos = Position::startpos();
        for m in &g.moves {
            let mv = Move::from_iccs(&m.mv).unwrap();
            assert!(pos.is_legal(mv), "{}", m.mv);
            pos.make_move(mv);
        }
    }
}
