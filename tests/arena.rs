//! The arena: matches, PGN replay, adjudication, JSONL, statistics,
//! shards and merge, external engines.

use chuhe::arena::external::parse_info;
use chuhe::arena::game::{
    adjudicate, adjudicate_with, play_game, GameConfig, GameSetup, Outcome, ScoreAdjudication,
};
use chuhe::arena::player::PlayerSpec;
use chuhe::arena::report::pgn_moves;
use chuhe::arena::stats::{elo_estimate, elo_of_score, los, score_of_elo, Sprt, Wdl};
use chuhe::board::rules::RuleConfig;
use chuhe::board::{Move, Position, START_FEN};
use std::path::{Path, PathBuf};
use std::process::Command;

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("chuhe-arena-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn arena(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("arena")
        .args(args)
        .output()
        .expect("run chuhe arena");
    assert!(
        out.status.success(),
        "chuhe arena {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The arguments of a small depth-2 match into `out`, plus `extra`.
fn small_match_args<'a>(out: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "--a",
        "iprobcut:depth=2",
        "--b",
        "alphabeta:depth=2",
        "--max-plies",
        "24",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    args
}

fn small_match(out: &Path, extra: &[&str]) -> String {
    arena(&small_match_args(out, extra))
}

/// A run's moves.jsonl lines without their timings, sorted.
fn moves_without_times(dir: &Path) -> Vec<String> {
    let mut lines: Vec<String> = std::fs::read_to_string(dir.join("moves.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("time_ms");
            v.to_string()
        })
        .collect();
    lines.sort();
    lines
}

#[test]
fn two_game_match_runs_and_pgns_replay_legally() {
    let out = tmp("two");
    let table = small_match(&out, &["--games", "2"]);
    assert!(table.contains("max A/B"), "{table}");
    assert!(table.contains("Elo"), "{table}");
    for n in 1..=2 {
        let text = std::fs::read_to_string(out.join(format!("game-{n:04}.pgn"))).unwrap();
        assert!(text.contains("[Game \"Chinese Chess\"]"));
        assert!(text.contains("[Format \"ICCS\"]"));
        assert!(text.contains("[Termination \""));
        let (fen, moves) = pgn_moves(&text);
        assert!(!moves.is_empty());
        let mut pos = Position::from_fen(&fen).unwrap();
        for m in &moves {
            let mv = Move::from_iccs(m).unwrap();
            assert!(
                pos.is_legal(mv),
                "game {n}: {m} illegal in {}",
                pos.to_fen()
            );
            pos.make_move(mv);
        }
        assert!(pos.ply_count() <= 24);
    }
    // colours swapped over the same opening
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(s["games"], 2);
    assert_eq!(s["rows"][0]["a_colour"], "red");
    assert_eq!(s["rows"][1]["a_colour"], "black");
    assert_eq!(s["rows"][0]["opening"], s["rows"][1]["opening"]);
    assert!(s["rows"][0]["ratio_mean"].as_f64().unwrap() > 0.0);
    assert!(out.join("ratio-game-0001.svg").exists());
    assert!(out.join("evals-game-0002.svg").exists());
    assert!(out.join("score-game-0001.svg").exists());
}

#[test]
fn jsonl_fields_present_and_typed() {
    let out = tmp("jsonl");
    small_match(&out, &["--games", "1", "--shadow", "--plot-games", "none"]);
    let text = std::fs::read_to_string(out.join("moves.jsonl")).unwrap();
    let mut n = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["game"].is_u64());
        assert!(v["ply"].is_u64());
        assert!(v["side"] == "red" || v["side"] == "black");
        assert!(v["player"] == "A" || v["player"] == "B");
        assert!(Position::from_fen(v["fen"].as_str().unwrap()).is_ok());
        assert_eq!(v["move"].as_str().unwrap().len(), 4);
        assert!(v["score"].is_i64());
        assert!(v["depth"].is_u64());
        assert!(v["nodes"].is_u64());
        assert!(v["evals"].is_u64());
        assert!(v["time_ms"].is_u64());
        assert!(v["pv"].is_array());
        if v["player"] == "A" {
            assert!(v["shadow_evals"].is_u64(), "shadow evals missing: {line}");
        }
        n += 1;
    }
    assert!(n > 0);
}

#[test]
fn adjudication_mate_stalemate_max_plies_repetition() {
    // Black king d9 checked by the rook on d0, e9 covered by the rook on e1
    let mate = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/3RK4 b - - 0 1").unwrap();
    let v = adjudicate(&mate, 300).unwrap();
    assert_eq!(v.outcome, Outcome::RedWins);
    assert_eq!(v.reason, "checkmate");
    // not in check, but d8 and e9 are covered: stalemate loses in xiangqi
    let stale = Position::from_fen("3k5/R8/9/9/9/9/9/9/4R4/5K3 b - - 0 1").unwrap();
    assert!(!stale.in_check());
    let v = adjudicate(&stale, 300).unwrap();
    assert_eq!(v.outcome, Outcome::RedWins);
    assert_eq!(v.reason, "stalemate");
    // max plies
    let mut pos = Position::from_fen(START_FEN).unwrap();
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        pos.make_move(Move::from_iccs(m).unwrap());
    }
    assert_eq!(adjudicate(&pos, 5), None);
    let v = adjudicate(&pos, 4).unwrap();
    assert_eq!(v.outcome, Outcome::Draw);
    // an idle repetition draws at the third occurrence of the position (the
    // start position after 8 plies), not at the first repetition (4 plies)
    let lap = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let mut pos = Position::from_fen(START_FEN).unwrap();
    for (i, m) in lap.iter().chain(lap.iter()).enumerate() {
        pos.make_move(Move::from_iccs(m).unwrap());
        let v = adjudicate(&pos, 0);
        if i < 7 {
            assert_eq!(v, None, "after {} plies", i + 1);
        } else {
            let v = v.unwrap();
            assert_eq!(v.outcome, Outcome::Draw);
            assert_eq!(v.reason, "repetition (3-fold)");
        }
    }
    // --repetition 2 restores the first-repetition draw
    let mut pos = Position::from_fen(START_FEN).unwrap();
    for m in lap {
        pos.make_move(Move::from_iccs(m).unwrap());
    }
    let first = RuleConfig {
        repetition_count: 2,
        ..RuleConfig::default()
    };
    assert_eq!(
        adjudicate_with(&pos, 0, &first).map(|v| v.reason),
        Some("repetition (2-fold)".to_string())
    );
    // perpetual check loses (the rook checks from a9, steps back, checks again)
    let mut pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    for m in ["a8a9", "e9e8", "a9a8", "e8e9"] {
        pos.make_move(Move::from_iccs(m).unwrap());
    }
    let v = adjudicate(&pos, 300).unwrap();
    assert_eq!(v.outcome, Outcome::BlackWins);
    assert_eq!(v.reason, "perpetual check");
}

#[test]
fn adjudication_draws_when_neither_side_has_an_attacking_piece() {
    // kings, advisors and elephants only: a draw at once, with Red to move
    // or Black
    for fen in [
        "3akab2/9/9/9/9/9/9/9/4A4/2B1KAB2 w - - 0 1",
        "3akab2/9/9/9/9/9/9/9/4A4/2B1KAB2 b - - 0 1",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let v = adjudicate(&pos, 300).unwrap_or_else(|| panic!("{fen}: no verdict"));
        assert_eq!(v.outcome, Outcome::Draw, "{fen}");
        assert_eq!(v.reason, "no attacking pieces", "{fen}");
    }
    // one pawn, horse, cannon or rook on either side keeps the game going
    for fen in [
        "3akab2/9/9/9/9/9/4p4/9/4A4/2B1KAB2 w - - 0 1",
        "3akab2/9/9/9/9/9/9/9/4A4/2BNKAB2 w - - 0 1",
        "3akab2/9/9/9/9/9/9/9/4A4/2B1KABC1 b - - 0 1",
        "3akabr1/9/9/9/9/9/9/9/4A4/2B1KAB2 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(adjudicate(&pos, 300), None, "{fen}");
    }
}

#[test]
fn elo_los_sprt_known_values() {
    assert!((elo_of_score(0.75) - 190.8485).abs() < 1e-3);
    assert!(elo_of_score(0.5).abs() < 1e-12);
    assert!((score_of_elo(190.8485) - 0.75).abs() < 1e-6);
    let w = Wdl {
        wins: 10,
        draws: 0,
        losses: 0,
    };
    assert!((los(&w) - 0.999_217).abs() < 1e-5);
    let even = Wdl {
        wins: 5,
        draws: 10,
        losses: 5,
    };
    assert!((los(&even) - 0.5).abs() < 1e-6);
    let e = elo_estimate(&even);
    assert!(e.elo.abs() < 1e-9 && e.lo < 0.0 && e.hi > 0.0);
    assert!((e.lo + e.hi).abs() < 1e-6);
    let sprt: Sprt = "0,10".parse().unwrap();
    let (lo, hi) = sprt.bounds();
    assert!((lo + 2.944_439).abs() < 1e-5 && (hi - 2.944_439).abs() < 1e-5);
    let w = Wdl {
        wins: 60,
        draws: 20,
        losses: 20,
    };
    // n (s1 - s0)(2 mu - s0 - s1) / (2 var) with mu = 0.7, var = 0.16
    assert!((sprt.llr(&w) - 1.733_713).abs() < 1e-5);
    assert_eq!(sprt.state(&w).verdict, "continue");
    let w = Wdl {
        wins: 300,
        draws: 100,
        losses: 100,
    };
    assert_eq!(sprt.state(&w).verdict, "H1");
    let w = Wdl {
        wins: 100,
        draws: 100,
        losses: 300,
    };
    assert_eq!(sprt.state(&w).verdict, "H0");
    assert!("10,0".parse::<Sprt>().is_err());
    for bad in [
        "nan,5",
        "0,nan",
        "-inf,5",
        "0,inf",
        "0,5,nan,0.05",
        "0,5,0.05,nan",
    ] {
        assert!(bad.parse::<Sprt>().is_err(), "{bad}");
    }
}

#[test]
fn shards_merged_equal_unsharded_run() {
    let full = tmp("full");
    let s0 = tmp("s0");
    let s1 = tmp("s1");
    let merged = tmp("merged");
    let common = ["--games", "4", "--plot-games", "none", "--quiet"];
    small_match(&full, &common);
    small_match(&s0, &[&common[..], &["--shard", "0/2"]].concat());
    small_match(&s1, &[&common[..], &["--shard", "1/2"]].concat());
    arena(&[
        "merge",
        s1.to_str().unwrap(),
        s0.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
        "--plot-games",
        "none",
        "--quiet",
    ]);
    assert_eq!(moves_without_times(&full), moves_without_times(&merged));
    let games = |dir: &Path| std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert_eq!(games(&full), games(&merged));
    for n in 1..=4 {
        assert_eq!(
            std::fs::read_to_string(full.join(format!("game-{n:04}.pgn"))).unwrap(),
            std::fs::read_to_string(merged.join(format!("game-{n:04}.pgn"))).unwrap()
        );
    }
}

#[test]
fn info_lines_parse() {
    let i =
        parse_info("info depth 5 seldepth 9 score cp 31 time 12 nodes 1000 evals 700 pv h2e2 h9g7");
    assert_eq!(i.depth, Some(5));
    assert_eq!(i.score, Some(31));
    assert_eq!(i.nodes, Some(1000));
    assert_eq!(i.evals, Some(700));
    assert_eq!(i.pv, vec!["h2e2", "h9g7"]);
    let i = parse_info("info depth 3 score -12 pv a0a1");
    assert_eq!(i.score, Some(-12));
}

fn mock_engine(name: &str, on_go: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chuhe-mock-{}-{name}.sh", std::process::id()));
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    ucci) echo 'id name mock'; echo ucciok ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

fn game_against_mock(mock: &Path, spec_extra: &str) -> chuhe::arena::game::GameRecord {
    let a: PlayerSpec = format!("ucci:{},depth=3{spec_extra}", mock.display())
        .parse()
        .unwrap();
    game_from_start(&a, 20)
}

/// One game from the start position, `a` (red) against a depth-1
/// alpha-beta, cut at `max_plies`.
fn game_from_start(a: &PlayerSpec, max_plies: usize) -> chuhe::arena::game::GameRecord {
    let b: PlayerSpec = "alphabeta:depth=1".parse().unwrap();
    let setup = GameSetup {
        game: 1,
        opening: "startpos".into(),
        fen: START_FEN.into(),
        moves: vec![],
        a_is_red: true,
    };
    let cfg = GameConfig {
        max_plies,
        shadow: false,
        adjudication: ScoreAdjudication::default(),
        rules: Default::default(),
    };
    play_game(&setup, a, &b, &cfg)
}

/// An in-process player with helper threads plays a complete legal game
/// and its records carry nodes and evaluation calls summed over threads.
#[test]
fn an_in_process_player_with_threads_plays_legal_games() {
    let threads = chuhe::search::max_threads().min(2);
    let a: PlayerSpec = format!("chuhe:threads={threads},depth=4").parse().unwrap();
    let g = game_from_start(&a, 30);
    assert!(!g.termination.contains("illegal"), "{}", g.termination);
    let mut pos = Position::startpos();
    let mut evals = 0;
    for (i, m) in g.moves.iter().enumerate() {
        let mv = Move::from_iccs(&m.mv).unwrap();
        assert!(pos.is_legal(mv), "ply {i}: {}", m.mv);
        pos.make_move(mv);
        if i % 2 == 0 {
            assert!(m.nodes.unwrap() > 0, "ply {i}");
            // one move may take no evaluation at all: the helpers searched
            // past depth 4 on the move before, so every child of the root
            // can be a table hit, and on a loaded machine the helper may
            // not start before the main thread is done
            evals += m.evals.unwrap();
        }
    }
    assert!(evals > 0);
    assert!(g.moves.len() >= 10, "{}", g.termination);
}

#[cfg(unix)]
#[test]
fn external_illegal_move_crash_and_silence_lose() {
    let illegal = mock_engine(
        "illegal",
        "echo 'info depth 1 score 5 nodes 10 evals 7 pv e0e2'; echo 'bestmove e0e2'",
    );
    let g = game_against_mock(&illegal, "");
    assert_eq!(g.outcome, Outcome::BlackWins);
    assert!(
        g.termination.contains("illegal move e0e2"),
        "{}",
        g.termination
    );

    let crash = mock_engine("crash", "exit 3");
    let g = game_against_mock(&crash, "");
    assert_eq!(g.outcome, Outcome::BlackWins);
    assert!(g.termination.contains("crashed"), "{}", g.termination);

    let silent = mock_engine("silent", "true");
    let t = std::time::Instant::now();
    let g = game_against_mock(&silent, ",timeout=1");
    assert_eq!(g.outcome, Outcome::BlackWins);
    assert!(g.termination.contains("silent"), "{}", g.termination);
    assert!(
        t.elapsed().as_secs() < 60,
        "a 1 s silence timeout took {:?}",
        t.elapsed()
    );

    // a legal first move is played and its info recorded
    let legal = mock_engine(
        "legal",
        "echo 'info depth 2 score cp 15 nodes 11 evals 9 pv h2e2'; echo 'bestmove h2e2'",
    );
    let g = game_against_mock(&legal, "");
    assert_eq!(g.moves[0].mv, "h2e2");
    assert_eq!(g.moves[0].evals, Some(9));
    assert_eq!(g.moves[0].score, Some(15));
    // its second move (h2e2 again) is illegal
    assert!(
        g.termination.contains("illegal move h2e2"),
        "{}",
        g.termination
    );
}

/// Lines that are not UTF-8 (a Chinese engine's GBK `info string`) are
/// read past, not taken for a closed output (they once lost the game as a
/// crash).
#[cfg(unix)]
#[test]
fn lines_that_are_not_utf8_are_read_past() {
    // "info string 将军" in GBK, then the move
    let gbk = mock_engine(
        "gbk",
        "printf 'info string \\275\\253\\276\\374\\n'; echo 'bestmove h2e2'",
    );
    let g = game_against_mock(&gbk, "");
    assert_eq!(
        g.moves.first().map(|m| m.mv.as_str()),
        Some("h2e2"),
        "{}",
        g.termination
    );
    assert!(!g.termination.contains("crash"), "{}", g.termination);
}

/// A `stop` that crosses the engine's `bestmove` is answered by a stray
/// `nobestmove`; the arena must not take it for the answer to the next
/// search (it did, scoring "engine returned no move" on loaded machines).
#[cfg(unix)]
#[test]
fn a_stray_nobestmove_is_not_the_next_answer() {
    let stray = mock_engine("stray", "echo 'bestmove h2e2'; echo nobestmove");
    let g = game_against_mock(&stray, "");
    assert_eq!(g.moves[0].mv, "h2e2");
    // the second answer read is the engine's real one (h2e2 again, now
    // illegal), not the stray line
    assert!(
        g.termination.contains("illegal move h2e2"),
        "{}",
        g.termination
    );
}

#[test]
fn external_match_against_chuhe_over_ucci() {
    let out = tmp("ucci");
    let engine = env!("CARGO_BIN_EXE_chuhe");
    let a = format!("ucci:{engine},depth=2");
    let b = format!("uci:{engine},depth=2");
    arena(&[
        "--a",
        &a,
        "--b",
        &b,
        "--games",
        "2",
        "--max-plies",
        "20",
        "--out",
        out.to_str().unwrap(),
    ]);
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    for r in s["rows"].as_array().unwrap() {
        let t = r["termination"].as_str().unwrap();
        assert!(
            !t.contains("illegal") && !t.contains("crash") && !t.contains("silent"),
            "{t}"
        );
    }
}

/// Runs `chuhe arena ARGS` expecting failure; returns stderr.
fn arena_fails(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("arena")
        .args(args)
        .output()
        .expect("run chuhe arena");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        !out.status.success(),
        "chuhe arena {args:?} succeeded: {stderr}"
    );
    stderr
}

/// Runs `chuhe arena ARGS` expecting success; returns (stdout, stderr).
fn arena_with_stderr(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .arg("arena")
        .args(args)
        .output()
        .expect("run chuhe arena");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "chuhe arena {args:?} failed: {stderr}"
    );
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

#[test]
fn a_player_that_cannot_start_aborts_the_run() {
    let out = tmp("nostart");
    let err = arena_fails(&[
        "--a",
        "iprobcut:depth=2",
        "--b",
        "ucci:/nonexistent/engine",
        "--games",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        err.contains("player B (ucci:/nonexistent/engine) cannot start"),
        "{err}"
    );
    assert!(!out.exists(), "a failed start wrote {}", out.display());
}

/// `--games 0` is refused before anything is written: it used to "play"
/// an empty match and print a score of 50 % and an Elo of +0.0 for it.
#[test]
fn a_match_of_no_games_is_refused() {
    let out = tmp("nogames");
    let err = arena_fails(&small_match_args(&out, &["--games", "0"]));
    assert!(err.contains("--games"), "{err}");
    assert!(!out.exists(), "a refused run wrote {}", out.display());
}

/// An `--out` that does not exist and cannot be made (here: in `/proc`,
/// where no directory can be made, even by root) fails the run before the
/// first game, not after the whole match (it played every game and then
/// failed to write them).
#[cfg(target_os = "linux")]
#[test]
fn an_out_directory_that_cannot_be_made_fails_before_any_game() {
    let out = PathBuf::from(format!("/proc/chuhe-arena-test-{}", std::process::id()));
    let err = arena_fails(&small_match_args(&out, &["--games", "2"]));
    assert!(err.contains(&format!("--out {}", out.display())), "{err}");
    assert!(!err.contains("game 1"), "games were played first: {err}");
}

#[cfg(unix)]
#[test]
fn a_player_dying_before_its_first_move_aborts_the_run() {
    let out = tmp("dies");
    let crash = mock_engine("dies-on-go", "exit 3");
    let b = format!("ucci:{}", crash.display());
    let err = arena_fails(&[
        "--a",
        "alphabeta:depth=1",
        "--b",
        &b,
        "--games",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        err.contains("failed before its first move in game 1"),
        "{err}"
    );
    assert!(err.contains("crashed"), "{err}");
    assert!(!out.join("summary.json").exists());
}

#[cfg(unix)]
#[test]
fn a_lost_match_reports_a_finite_elo_bound() {
    // the mock answers h2e2 to everything: legal once as Red, illegal after
    // (and at once as Black), so A wins all four games
    let out = tmp("fourzero");
    let mock = mock_engine("h2e2", "echo 'bestmove h2e2'");
    let b = format!("ucci:{}", mock.display());
    let (table, _) = arena_with_stderr(&[
        "--a",
        "alphabeta:depth=1",
        "--b",
        &b,
        "--games",
        "4",
        "--plot-games",
        "none",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(table.contains("A: +4 =0 -0 of 4"), "{table}");
    assert!(!table.contains("inf"), "{table}");
    // a perfect 4/4 supports at most the Elo of 3.5/4, +338; the lower end
    // is the exact bound 0.025^(1/4) = 0.398 -> -72.15
    let lo = elo_of_score(0.025f64.powf(0.25));
    assert!((lo + 72.15).abs() < 0.01);
    let line = format!("Elo > +338 [{lo:+.1}, > +338] (95%)");
    assert!(table.contains(&line), "{line} not in {table}");
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(s["elo"]["elo"], "> +338");
    assert!((s["elo"]["lo"].as_f64().unwrap() - lo).abs() < 1e-9);
    assert_eq!(
        s["pentanomial"]["counts"],
        serde_json::json!([0, 0, 0, 0, 2])
    );
}

#[test]
fn finite_elo_display_and_pentanomial_statistics() {
    use chuhe::arena::stats::{fmt_elo_bounded, supported_elo, Pentanomial};
    assert_eq!(fmt_elo_bounded(f64::INFINITY, supported_elo(4)), "> +338");
    assert_eq!(
        fmt_elo_bounded(f64::NEG_INFINITY, supported_elo(20)),
        "< -636"
    );
    assert_eq!(fmt_elo_bounded(12.34, 100.0), "+12.3");
    let zero = elo_estimate(&Wdl {
        wins: 0,
        draws: 0,
        losses: 10,
    });
    assert!(zero.elo.is_infinite() && zero.hi.is_finite() && zero.hi < 0.0);
    // pairs scoring 0, 1/2, 1, 3/2, 2: 1, 2, 4, 2, 1 -> mean score 0.5;
    // pair means k/4 deviate by 1/2, 1/4, 0, 1/4, 1/2:
    // variance (0.25 + 2·0.0625 + 2·0.0625 + 0.25) / 10 = 0.075
    let p = Pentanomial {
        counts: [1, 2, 4, 2, 1],
    };
    assert_eq!(p.pairs(), 10);
    assert!((p.score() - 0.5).abs() < 1e-12);
    assert!((p.variance() - 0.075).abs() < 1e-12);
    let mut q = Pentanomial::default();
    for pts in [0.0, 0.5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.5, 1.5, 2.0] {
        q.add(pts);
    }
    assert_eq!(q, p);
    // pairs that split their points (2 x LD, 6 x WL, 2 x WD: the same games
    // as 8 W, 4 D, 8 L) vary less than single games: variance of the pair
    // mean 4·0.0625 / 10 = 0.025, against 0.2 / 2 for two free games, so
    // the paired interval is narrower
    let split = Pentanomial {
        counts: [0, 2, 6, 2, 0],
    };
    assert!((split.variance() - 0.025).abs() < 1e-12);
    let wdl = Wdl {
        wins: 8,
        draws: 4,
        losses: 8,
    };
    let single = elo_estimate(&wdl);
    let paired = split.elo_estimate(&wdl);
    assert!(paired.elo.abs() < 1e-9);
    assert!(paired.hi - paired.lo < 0.6 * (single.hi - single.lo));
    // GSPRT over pairs: pairs · (s1 − s0)(2mu − s0 − s1) / (2 var)
    let sprt: Sprt = "0,10".parse().unwrap();
    let s0 = score_of_elo(0.0);
    let s1 = score_of_elo(10.0);
    let expected = 10.0 * (s1 - s0) * (2.0 * 0.5 - s0 - s1) / (2.0 * 0.075);
    assert!((sprt.llr_pentanomial(&p) - expected).abs() < 1e-9);
    let spread = Wdl {
        wins: 6,
        draws: 8,
        losses: 6,
    };
    assert_eq!(sprt.state_pentanomial(&p, &spread).model, "pentanomial");
}

#[test]
fn out_must_be_new_or_empty_unless_forced() {
    let out = tmp("reuse");
    let dir = out.to_str().unwrap();
    small_match(&out, &["--games", "4", "--plot-games", "none", "--quiet"]);
    assert!(out.join("game-0004.pgn").exists());
    let err = arena_fails(&[
        "--a",
        "iprobcut:depth=2",
        "--b",
        "alphabeta:depth=2",
        "--games",
        "2",
        "--out",
        dir,
    ]);
    assert!(
        err.contains("is not empty") && err.contains("--force"),
        "{err}"
    );
    assert!(
        out.join("game-0004.pgn").exists(),
        "a refused run deleted files"
    );
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    small_match(
        &out,
        &["--games", "2", "--plot-games", "none", "--quiet", "--force"],
    );
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "game-0001.pgn",
            "game-0002.pgn",
            "games.jsonl",
            "moves.jsonl",
            "notes.txt",
            "summary.json",
            "table.txt"
        ]
    );
    // an empty directory is fine
    let empty = tmp("empty");
    std::fs::create_dir_all(&empty).unwrap();
    small_match(&empty, &["--games", "1", "--plot-games", "none", "--quiet"]);
}

#[test]
fn iprobcut_that_cannot_prune_is_warned_about() {
    // the warning comes before the first game; one ply of one game is
    // enough (`--games 0` is refused)
    let out = tmp("warn");
    let run = |a: &str| {
        let _ = std::fs::remove_dir_all(&out);
        arena_with_stderr(&[
            "--a",
            a,
            "--b",
            "alphabeta:depth=6",
            "--games",
            "1",
            "--max-plies",
            "1",
            "--out",
            out.to_str().unwrap(),
        ])
        .1
    };
    let err = run("iprobcut:depth=6");
    assert!(err.contains("depth=6 never exceeds it"), "{err}");
    assert!(err.contains("threshold=6"), "{err}");
    let err = run("iprobcut:depth=6,threshold=4");
    assert!(!err.contains("warning"), "{err}");
}

#[test]
fn report_every_prints_running_lines_and_pairs_are_counted() {
    let out = tmp("report");
    let (table, err) = arena_with_stderr(&[
        "--a",
        "iprobcut:depth=2",
        "--b",
        "alphabeta:depth=2",
        "--max-plies",
        "16",
        "--games",
        "4",
        "--report-every",
        "2",
        "--sprt",
        "0,50",
        "--plot-games",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(" games: A +")).collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with("2 games: A +"), "{err}");
    assert!(lines[1].starts_with("4 games: A +"), "{err}");
    assert!(lines.iter().all(|l| l.contains("(pentanomial)")), "{err}");
    assert!(lines.iter().all(|l| l.contains("LLR")), "{err}");
    assert!(table.contains("of 2 pairs"), "{table}");
    assert!(table.contains("(pentanomial)"), "{table}");
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let counts: u64 = s["pentanomial"]["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(counts, 2);
    assert_eq!(s["pentanomial"]["unpaired_games"], 0);
    assert_eq!(s["sprt"]["model"], "pentanomial");
    // the plots name the engines and the ratio plot has its line at 1
    let ratio = std::fs::read_to_string(out.join("ratio-game-0001.svg")).unwrap();
    assert!(ratio.contains("iprobcut:depth=2"), "no engine name");
    assert!(ratio.contains("ratio 1: equal calls"));
    let evals = std::fs::read_to_string(out.join("evals-game-0001.svg")).unwrap();
    assert!(evals.contains("A: iprobcut:depth=2") && evals.contains("B: alphabeta:depth=2"));
    // move-number ticks are whole numbers
    assert!(!evals.contains(">0.5<") && !evals.contains(">1.5<"));
}

#[test]
fn openings_read_tsv_fen_and_epd_lines() {
    use chuhe::arena::schedule::{is_paired, parse_openings, schedule, Shard};
    let text = "# mixed formats\n\
        central cannon\trnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\th2e2 h9g7\n\
        rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
        rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b2e2\n\
        rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - id \"screen horse\"; c0 \"a comment\";\n\
        rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b\n";
    let o = parse_openings(text).unwrap();
    assert_eq!(o.len(), 5);
    assert_eq!(o[0].name, "central cannon");
    assert_eq!(o[0].moves, ["h2e2", "h9g7"]);
    assert_eq!(o[1].name, "line 3");
    assert!(o[1].moves.is_empty());
    assert_eq!(o[2].moves, ["b2e2"]);
    assert_eq!(o[3].name, "screen horse");
    assert_eq!(
        o[3].fen,
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1"
    );
    assert!(o[4].fen.contains(" b - - 0 1"));
    assert!(parse_openings("rnbakabnr/9/1c5c1 w - - 0 1\n").is_err());
    assert!(parse_openings(&format!("{START_FEN} moves e0e5\n")).is_err());
    // shards keep colour-swapped pairs together
    let games = schedule(&o, 8);
    assert!(is_paired(&games));
    assert!(!is_paired(&schedule(&o, 7)), "game 7 has no partner");
    let shard: Shard = "1/2".parse().unwrap();
    let mine = shard.select(games);
    assert!(is_paired(&mine));
    let numbers: Vec<usize> = mine.iter().map(|g| g.game).collect();
    assert_eq!(numbers, [3, 4, 7, 8]);
}

#[test]
fn all_draws_have_an_interval_of_nonzero_width() {
    use chuhe::arena::stats::Pentanomial;
    // 20 draws: another result has probability at most q = 1 − 0.025^(1/20)
    // (about 0.168), so the score lies in 0.5 ± q/2 and the Elo interval is
    // symmetric, finite and wide, not the point [0, 0]
    let draws = Wdl {
        wins: 0,
        draws: 20,
        losses: 0,
    };
    let e = elo_estimate(&draws);
    let q = 1.0 - 0.025f64.powf(1.0 / 20.0);
    assert!(e.elo.abs() < 1e-9);
    assert!((e.hi - elo_of_score(0.5 + q / 2.0)).abs() < 1e-9);
    assert!((e.lo + e.hi).abs() < 1e-9);
    assert!(e.hi > 25.0 && e.hi.is_finite());
    // more draws, a narrower interval
    let more = elo_estimate(&Wdl {
        wins: 0,
        draws: 200,
        losses: 0,
    });
    assert!(more.hi > 0.0 && more.hi < e.hi / 5.0);
    // ten pairs that each split their points (WL or DD) have no pair
    // variance either: the paired interval is also finite and non-empty
    let split = Pentanomial {
        counts: [0, 0, 10, 0, 0],
    };
    let paired = split.elo_estimate(&draws);
    assert!(paired.lo < -25.0 && paired.hi > 25.0);
    assert!(paired.lo.is_finite() && paired.hi.is_finite());
    // a perfect score keeps its exact one-sided bound
    let wins = elo_estimate(&Wdl {
        wins: 10,
        draws: 0,
        losses: 0,
    });
    assert!(wins.hi.is_infinite());
    assert!((wins.lo - elo_of_score(0.025f64.powf(0.1))).abs() < 1e-9);
}

#[test]
fn sprt_reaches_no_verdict_before_a_win_a_draw_and_a_loss() {
    use chuhe::arena::stats::Pentanomial;
    // the SMP match's first four games: pairs scoring 1½ and 2 (3 wins, 1
    // draw); the normal approximation's LLR is past the upper bound ...
    let sprt: Sprt = "0,50".parse().unwrap();
    let p = Pentanomial {
        counts: [0, 0, 0, 1, 1],
    };
    let wdl = Wdl {
        wins: 3,
        draws: 1,
        losses: 0,
    };
    let early = sprt.state_pentanomial(&p, &wdl);
    assert!(early.llr > early.upper);
    // ... but four games without a loss decide nothing
    assert_eq!(early.verdict, "continue");
    assert_eq!(sprt.state(&wdl).verdict, "continue");
    // the same lopsided trend with every outcome seen does decide
    let p = Pentanomial {
        counts: [1, 0, 2, 10, 27],
    };
    // (one LL pair, two DD pairs, ten WD pairs, 27 WW pairs)
    let wdl = Wdl {
        wins: 64,
        draws: 14,
        losses: 2,
    };
    assert_eq!(sprt.state_pentanomial(&p, &wdl).verdict, "H1");
    assert_eq!(sprt.state(&wdl).verdict, "H1");
}

#[test]
fn sprt_reaches_no_verdict_on_too_few_samples() {
    use chuhe::arena::stats::{Pentanomial, SPRT_MIN_SAMPLES};
    // a later SMP match's first twelve games, +1 =9 −2: five pairs scoring
    // 1 and one scoring ½ make the pair variance tiny, so the LLR is far
    // below the lower bound although every outcome was seen ...
    let sprt: Sprt = "0,50".parse().unwrap();
    let p = Pentanomial {
        counts: [0, 1, 5, 0, 0],
    };
    let wdl = Wdl {
        wins: 1,
        draws: 9,
        losses: 2,
    };
    let early = sprt.state_pentanomial(&p, &wdl);
    assert!(early.llr < early.lower, "{early:?}");
    // ... but six pairs decide nothing
    assert_eq!(early.verdict, "continue");
    // the same proportions over enough pairs do
    let k = SPRT_MIN_SAMPLES.div_ceil(6);
    let p = Pentanomial {
        counts: [0, k, 5 * k, 0, 0],
    };
    let wdl = Wdl {
        wins: k,
        draws: 9 * k,
        losses: 2 * k,
    };
    assert!(p.pairs() >= SPRT_MIN_SAMPLES);
    assert_eq!(sprt.state_pentanomial(&p, &wdl).verdict, "H0");
    // and single games count as samples of the trinomial model
    let few = Wdl {
        wins: 1,
        draws: 1,
        losses: 20,
    };
    assert!(sprt.llr(&few) < sprt.bounds().0);
    assert_eq!(sprt.state(&few).verdict, "continue");
    let enough = Wdl {
        wins: 2,
        draws: 2,
        losses: 40,
    };
    assert_eq!(sprt.state(&enough).verdict, "H0");
}

#[test]
fn a_killed_match_keeps_the_games_it_finished() {
    let out = tmp("killed");
    let merged = tmp("killed-merged");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhe"))
        .args([
            "arena",
            "--a",
            "iprobcut:depth=1",
            "--b",
            "alphabeta:depth=1",
        ])
        .args(["--games", "400", "--quiet", "--plot-games", "none", "--out"])
        .arg(&out)
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run chuhe arena");
    // wait (without a wall-clock bound that a loaded machine could break:
    // a depth-1 game takes well under a second, so ten minutes is slack)
    // until two games are on disk, then kill the run with no warning
    let finished = |dir: &Path| {
        std::fs::read_to_string(dir.join("games.jsonl"))
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(600);
    while finished(&out) < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = finished(&out);
    assert!(kept >= 2, "{kept} games on disk");
    assert!(kept < 400, "the run was not cut short");
    // the summary covers games that are on disk, and the directory merges
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let counted = summary["games"].as_u64().unwrap() as usize;
    assert!(counted >= 1 && counted <= kept, "{counted} of {kept}");
    arena(&[
        "merge",
        out.to_str().unwrap(),
        "--quiet",
        "--plot-games",
        "none",
        "--out",
        merged.to_str().unwrap(),
    ]);
    let merged_games = finished(&merged);
    assert!(merged_games >= kept.min(2), "{merged_games}");
    for n in 1..=merged_games {
        assert!(merged.join(format!("game-{n:04}.pgn")).exists());
    }
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_dir_all(&merged).unwrap();
}

#[test]
fn a_resumed_run_plays_only_the_missing_games_and_equals_a_whole_run() {
    let full = tmp("resume-full");
    let part = tmp("resume-part");
    let common = ["--games", "4", "--plot-games", "none", "--quiet"];
    small_match(&full, &common);
    // games 1 and 3 played, as if a run had been killed after them
    small_match(&part, &[&common[..], &["--shard", "0/2"]].concat());
    let resume = [&common[..], &["--resume"]].concat();
    let (_, err) = arena_with_stderr(&small_match_args(&part, &resume));
    assert!(err.contains("2 of 4 games already played"), "{err}");
    assert_eq!(moves_without_times(&full), moves_without_times(&part));
    let games = |dir: &Path| std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert_eq!(games(&full), games(&part));
    // nothing left to play: the run just rewrites the same results
    small_match(&part, &resume);
    assert_eq!(games(&full), games(&part));
    // another schedule or other players are refused, the games kept
    let other_openings = [&resume[..], &["--random-plies", "4"]].concat();
    let err = arena_fails(&small_match_args(&part, &other_openings));
    assert!(err.contains("is not game 1 of this schedule"), "{err}");
    let mut other_player = small_match_args(&part, &resume);
    other_player[1] = "iprobcut:depth=3";
    let err = arena_fails(&other_player);
    assert!(err.contains("was played by"), "{err}");
    assert_eq!(games(&full), games(&part));
    std::fs::remove_dir_all(&full).unwrap();
    std::fs::remove_dir_all(&part).unwrap();
}

#[test]
fn a_record_without_its_move_log_resumes_and_merges() {
    // what docs/matches keeps of a run: games.jsonl and summary.json, not
    // the bulky moves.jsonl
    let full = tmp("record-full");
    let part = tmp("record-part");
    let merged = tmp("record-merged");
    let common = ["--games", "4", "--plot-games", "none", "--quiet"];
    small_match(&full, &common);
    small_match(&part, &[&common[..], &["--shard", "0/2"]].concat());
    std::fs::remove_file(part.join("moves.jsonl")).unwrap();
    let pgns = |dir: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("game-") && n.ends_with(".pgn"))
            .collect();
        names.sort();
        names
    };
    for name in pgns(&part) {
        std::fs::remove_file(part.join(name)).unwrap();
    }
    let games = |dir: &Path| std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    arena(&[
        "merge",
        part.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
        "--plot-games",
        "none",
        "--quiet",
    ]);
    assert_eq!(games(&merged).lines().count(), 2);
    // their evaluation-call figures (the paper's Table 3) were kept with
    // them: the merged table shows the whole run's figures for its games
    let summary = |dir: &Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap()
    };
    let (whole, merged_rows) = (summary(&full), summary(&merged));
    for row in merged_rows["rows"].as_array().unwrap() {
        let whole_row = whole["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["game"] == row["game"])
            .unwrap();
        assert_eq!(row["opening"], whole_row["opening"]);
        assert!(row["a_mean_evals"].as_f64().unwrap() > 0.0, "{row}");
        for field in [
            "a_mean_evals",
            "b_mean_evals",
            "ratio_mean",
            "ratio_max",
            "ratio_moves",
        ] {
            assert_eq!(
                row[field], whole_row[field],
                "{field}: {row} vs {whole_row}"
            );
        }
    }
    // games whose moves are unknown get no PGN (it would show them cut
    // short after the opening)
    assert!(pgns(&merged).is_empty(), "{:?}", pgns(&merged));
    let resume = [&common[..], &["--resume"]].concat();
    let (_, err) = arena_with_stderr(&small_match_args(&part, &resume));
    assert!(err.contains("2 of 4 games already played"), "{err}");
    assert_eq!(games(&full), games(&part));
    // and the resumed run's report is the whole run's
    let (whole, resumed) = (summary(&full), summary(&part));
    for field in ["rows", "ratio_mean", "ratio_max", "pentanomial"] {
        assert_eq!(resumed[field], whole[field], "{field}");
    }
    // the resumed games have their moves again, the old ones none
    let full_moves = moves_without_times(&full);
    let part_moves = moves_without_times(&part);
    assert!(!part_moves.is_empty() && part_moves.len() < full_moves.len());
    assert!(part_moves.iter().all(|m| full_moves.contains(m)));
    // only the games played by the resumed run have a PGN, the same as the
    // whole run's
    assert_eq!(pgns(&part).len(), 2, "{:?}", pgns(&part));
    for name in pgns(&part) {
        let text = |dir: &Path| std::fs::read_to_string(dir.join(&name)).unwrap();
        assert_eq!(text(&part), text(&full), "{name}");
    }
    for dir in [&full, &part, &merged] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// A player's limit must be at least 1 (`nodes=0` was silently made 1, a
/// search stopped at its first node); an external engine's `timeout` of
/// any size is taken, cut to 10^9 s (times 1000 it overflowed u64).
#[test]
fn spec_limits_of_zero_are_refused_and_huge_timeouts_taken() {
    for bad in [
        "alphabeta:nodes=0",
        "iprobcut:movetime=0",
        "ucci:/bin/true,timeout=0",
    ] {
        let err = bad.parse::<PlayerSpec>().err();
        assert!(
            err.as_deref()
                .is_some_and(|e| e.contains("=0 is out of range")),
            "{bad}: {err:?}"
        );
    }
    for good in [
        "alphabeta:nodes=1",
        "alphabeta:movetime=1",
        "ucci:/bin/true,timeout=18446744073709552",
    ] {
        assert!(good.parse::<PlayerSpec>().is_ok(), "{good}");
    }
}
