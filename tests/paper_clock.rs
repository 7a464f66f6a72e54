//! The paper's presets search one fixed depth (no iterative deepening);
//! given a clock, a move time or a node budget they must deepen
//! iteratively, or a move comes from no search at all (issue 75: games at
//! `tc=2+0.02` ended in 8 plies by repetition, every move at depth 0).

use chuhe::arena::player::{EngineKind, PlayerSpec, Situation};
use chuhe::board::{Position, START_FEN};
use std::process::Command;

fn iterative(spec: &str) -> bool {
    let spec: PlayerSpec = spec.parse().expect(spec);
    match spec.kind {
        EngineKind::InProcess(options) => options.switches.iterative,
        _ => unreachable!("in-process spec"),
    }
}

#[test]
fn paper_presets_deepen_under_a_clock_and_not_at_a_fixed_depth() {
    for algo in ["iprobcut", "alphabeta"] {
        assert!(!iterative(&format!("{algo}:paper,depth=6")), "{algo}");
        for limit in ["tc=2+0.02", "movetime=500", "nodes=1000"] {
            assert!(
                iterative(&format!("{algo}:paper,{limit}")),
                "{algo} {limit}"
            );
        }
    }
}

#[test]
fn iterative_off_without_a_depth_is_refused_with_the_reason() {
    let err = "iprobcut:paper,tc=2+0.02,iterative=off"
        .parse::<PlayerSpec>()
        .unwrap_err();
    assert!(
        err.contains("iterative=off") && err.contains("depth"),
        "{err}"
    );
    // with a depth it is the paper's own setting
    assert!(!iterative("iprobcut:paper,depth=8,iterative=off"));
}

#[test]
fn a_paper_preset_on_a_node_budget_searches_several_plies() {
    // a node budget, not a clock: the same depth on any machine
    for algo in ["iprobcut", "alphabeta"] {
        let spec: PlayerSpec = format!("{algo}:paper,nodes=30000").parse().unwrap();
        let mut player = spec.build().unwrap();
        let pos = Position::from_fen(START_FEN).unwrap();
        let situation = Situation {
            start_fen: START_FEN,
            moves: &[],
            pos: &pos,
        };
        let record = player.think(&situation, None).unwrap();
        let depth = record.depth.unwrap();
        assert!(depth >= 3, "{algo}: depth {depth}");
    }
}

#[test]
fn chuhe_search_paper_with_a_movetime_deepens_and_refuses_iterative_off() {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args(["search", "--paper", "--nodes", "30000"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("info depth 3 "), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args([
            "search",
            "--paper",
            "--movetime",
            "100",
            "--set",
            "iterative=off",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("iterative=off"), "{err}");
}
