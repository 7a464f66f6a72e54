//! Search tests: mates found, iProbcut with n = ∞ equals alpha-beta, the
//! baseline equals brute-force minimax, determinism.

mod mate_solver;

use chuhe::board::{Move, Position};
use chuhe::eval::{EvalCounter, Evaluator};
use chuhe::search::{
    mate_distance, Algorithm, Limits, SearchControl, SearchOptions, SearchResult, Searcher, MATE,
};
use mate_solver::{defender_lost, forced_mate};

fn search(options: SearchOptions, pos: &Position, limits: Limits) -> SearchResult {
    let mut s = Searcher::new(options);
    s.search(pos, &limits, &SearchControl::new(), &[], &mut |_| {})
}

/// Hand-built positions: (FEN, plies to mate). Each is checked with the
/// brute-force solver (`tests/mate_solver`) before the engine is asked.
const MATES: &[(&str, u32)] = &[
    ("4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1", 1),
    ("3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1", 1),
    ("3ak4/4a4/9/9/9/9/9/9/9/R3K3R w - - 0 1", 1),
    ("4ka3/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1", 1), // stalemate counts as mate
    ("5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1", 1),
    ("3k5/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1", 1),
    ("3k5/4a4/3a5/9/9/9/9/9/4C4/4KR3 w - - 0 1", 3),
    ("3ak4/9/4N4/9/9/9/9/9/9/3K1R3 w - - 0 1", 3),
    ("4k4/4a4/9/9/9/9/9/9/9/R2K4R w - - 0 1", 3),
    ("4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1", 3),
    ("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1", 3),
    ("4k4/9/3P1P3/9/9/9/9/9/9/3K5 w - - 0 1", 3),
    ("3ak4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1", 5),
];

fn all_mate_positions() -> Vec<(Position, u32)> {
    let mut out = Vec::new();
    for &(fen, plies) in MATES {
        let pos = Position::from_fen(fen).unwrap();
        // the same mates for Black, and on the other wing
        out.push((pos.colour_flipped(), plies));
        out.push((pos.mirrored(), plies));
        out.push((pos, plies));
    }
    out
}

#[test]
fn mate_positions_are_what_they_claim() {
    for (pos, plies) in all_mate_positions() {
        let mut p = pos.clone();
        assert!(
            forced_mate(&mut p, plies),
            "no mate in {plies} in {}",
            pos.to_fen()
        );
        if plies > 1 {
            assert!(
                !forced_mate(&mut p, plies - 2),
                "shorter mate in {}",
                pos.to_fen()
            );
        }
    }
}

#[test]
fn mates_are_found_by_both_algorithms() {
    for (pos, plies) in all_mate_positions() {
        for options in [
            SearchOptions::default(),
            SearchOptions {
                algorithm: Algorithm::AlphaBeta,
                ..SearchOptions::default()
            },
            SearchOptions::paper_alphabeta(),
        ] {
            let r = search(options.clone(), &pos, Limits::depth(plies as i32 + 2));
            assert_eq!(
                mate_distance(r.score),
                Some(plies as i32),
                "{:?} in {}",
                options.algorithm,
                pos.to_fen()
            );
            assert_eq!(r.score, MATE - plies as i32);
            // the chosen move keeps the mate: the defender is lost in plies-1
            let mut p = pos.clone();
            p.make_move(r.best_move.unwrap());
            assert!(
                defender_lost(&mut p, plies - 1),
                "{:?} in {}",
                r.best_move,
                pos.to_fen()
            );
        }
    }
}

fn sample_positions(n: usize) -> Vec<Position> {
    include_str!("data/movegen-oracle.tsv")
        .lines()
        .step_by(3000 / n)
        .take(n)
        .map(|l| Position::from_fen(l.split('\t').next().unwrap()).unwrap())
        .collect()
}

fn exact_options(algorithm: Algorithm, pvs_and_qs: bool) -> SearchOptions {
    let mut o = SearchOptions {
        algorithm,
        ..SearchOptions::default()
    };
    let s = &mut o.switches;
    (s.tt, s.null_move, s.lmr, s.check_extension, s.iterative) =
        (false, false, false, false, false);
    (s.pvs, s.quiescence, s.history, s.killers) = (pvs_and_qs, pvs_and_qs, pvs_and_qs, pvs_and_qs);
    // the futility family prunes by the window, which pre-searches change
    o.switches.reverse_futility = false;
    o.switches.futility = false;
    o.switches.late_move_pruning = false;
    o.tune.ipc_n = 0;
    o.tune.ipc_pre = 1;
    o.tune.ipc_threshold = 0;
    // with iprobcut, the paper's per-child step, which keeping every
    // child makes exact; no singular extension in either
    o.switches.singular_extensions = false;
    o
}

#[test]
fn iprobcut_keeping_every_child_equals_alphabeta() {
    let mut pruned_nowhere = 0;
    let mut pre_searches = 0;
    for (i, pos) in sample_positions(60).into_iter().enumerate() {
        for rich in [false, true] {
            // depths 2 to 4 without quiescence, 2 to 3 with it
            let depth = if rich { 2 + (i % 2) } else { 2 + (i % 3) } as i32;
            let ab = search(
                exact_options(Algorithm::AlphaBeta, rich),
                &pos,
                Limits::depth(depth),
            );
            let ipc = search(
                exact_options(Algorithm::IProbcut, rich),
                &pos,
                Limits::depth(depth),
            );
            assert_eq!(
                ab.score,
                ipc.score,
                "depth {depth} rich {rich} in {}",
                pos.to_fen()
            );
            assert_eq!(ipc.stats.pruned, 0);
            pre_searches += ipc.stats.pre_searches;
            pruned_nowhere += 1;
        }
    }
    assert_eq!(pruned_nowhere, 120);
    // the pre-evaluations really ran
    assert!(pre_searches > 1000, "{pre_searches}");
}

/// Plain minimax over legal moves with the engine's evaluator at the leaves
/// and the engine's mate convention.
fn minimax(pos: &mut Position, depth: i32, ply: i32, ev: &Evaluator) -> i32 {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    if moves.is_empty() {
        return -MATE + ply;
    }
    if depth == 0 {
        return ev.evaluate(pos, &mut EvalCounter::default());
    }
    let mut best = i32::MIN;
    for mv in moves {
        pos.make_move(mv);
        best = best.max(-minimax(pos, depth - 1, ply + 1, ev));
        pos.unmake_move();
    }
    best
}

#[test]
fn baseline_returns_the_exact_minimax_value() {
    let options = SearchOptions {
        algorithm: Algorithm::AlphaBeta,
        ..SearchOptions::paper_alphabeta()
    };
    let ev = options.evaluator();
    for pos in sample_positions(25) {
        let mut p = pos.clone();
        ev.install(&mut p);
        let expected = minimax(&mut p, 3, 0, &ev);
        let r = search(options.clone(), &pos, Limits::depth(3));
        assert_eq!(r.score, expected, "{}", pos.to_fen());
        // and the best move really has that value
        let mut q = p.clone();
        q.make_move(r.best_move.unwrap());
        assert_eq!(-minimax(&mut q, 2, 1, &ev), expected);
    }
}

#[test]
fn alphabeta_prunes_but_agrees_with_itself_across_move_orders() {
    // capture-first ordering must not change the value, only the cost
    let pos = sample_positions(10)[4].clone();
    let plain = search(
        exact_options(Algorithm::AlphaBeta, false),
        &pos,
        Limits::depth(4),
    );
    let rich = search(
        exact_options(Algorithm::AlphaBeta, true),
        &pos,
        Limits::depth(4),
    );
    let mut q_off = exact_options(Algorithm::AlphaBeta, true);
    q_off.switches.quiescence = false;
    let rich_no_qs = search(q_off, &pos, Limits::depth(4));
    assert_eq!(plain.score, rich_no_qs.score);
    assert!(rich.stats.nodes > 0);
}

#[test]
fn searches_are_deterministic() {
    for pos in sample_positions(5) {
        for options in [SearchOptions::default(), SearchOptions::paper_iprobcut()] {
            let a = search(options.clone(), &pos, Limits::depth(5));
            let b = search(options.clone(), &pos, Limits::depth(5));
            assert_eq!(a.stats, b.stats);
            assert_eq!(a.pv, b.pv);
            assert_eq!(a.score, b.score);
        }
    }
}

#[test]
fn node_limit_is_respected_and_deterministic() {
    let pos = Position::startpos();
    let a = search(SearchOptions::default(), &pos, Limits::nodes(20_000));
    let b = search(SearchOptions::default(), &pos, Limits::nodes(20_000));
    assert!(a.stats.nodes <= 20_000);
    assert_eq!(a.best_move, b.best_move);
    assert!(pos.is_legal(a.best_move.unwrap()));
}

#[test]
fn banned_moves_are_never_chosen() {
    let pos = Position::startpos();
    let free = search(SearchOptions::default(), &pos, Limits::depth(4));
    let banned = [free.best_move.unwrap()];
    let mut s = Searcher::default();
    let r = s.search(
        &pos,
        &Limits::depth(4),
        &SearchControl::new(),
        &banned,
        &mut |_| {},
    );
    assert_ne!(r.best_move, free.best_move);
    assert!(pos.is_legal(r.best_move.unwrap()));
    let all: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let r = s.search(
        &pos,
        &Limits::depth(4),
        &SearchControl::new(),
        &all,
        &mut |_| {},
    );
    assert_eq!(r.best_move, None);
}

#[test]
fn iprobcut_prunes_and_saves_evaluations() {
    let pos = Position::startpos();
    let ab = search(
        SearchOptions {
            algorithm: Algorithm::AlphaBeta,
            ..SearchOptions::paper_alphabeta()
        },
        &pos,
        Limits::depth(6),
    );
    let mut o = SearchOptions::paper_iprobcut();
    o.tune.ipc_threshold = 3;
    let ipc = search(o, &pos, Limits::depth(6));
    assert!(ipc.stats.pruned > 0);
    assert!(ipc.stats.pre_searches > 0);
    assert!(
        ipc.stats.evals < ab.stats.evals,
        "{} vs {}",
        ipc.stats.evals,
        ab.stats.evals
    );
}

#[test]
fn stopped_search_still_gives_a_legal_move() {
    let control = SearchControl::new();
    control.stop();
    let pos = Position::startpos();
    let r = Searcher::default().search(&pos, &Limits::depth(30), &control, &[], &mut |_| {});
    assert!(pos.is_legal(r.best_move.unwrap()));
    assert!(
        r.depth <= 1,
        "a stopped search went on to depth {}",
        r.depth
    );
}

#[test]
fn no_legal_move_gives_none() {
    let pos = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    let r = search(SearchOptions::default(), &pos, Limits::depth(3));
    assert_eq!(r.best_move, None);
}

fn play(fen: &str, moves: &[&str]) -> Position {
    let mut pos = Position::from_fen(fen).unwrap();
    for m in moves {
        let mv = Move::from_iccs(m).unwrap();
        assert!(pos.is_legal(mv), "{m} in {}", pos.to_fen());
        pos.make_move(mv);
    }
    pos
}

/// Red, a rook down, has checked a8-a9-a8 against a king stepping e8-e9;
/// checking again would complete a perpetual check, which loses.
#[test]
fn worse_side_does_not_complete_a_perpetual_check() {
    let fen = "9/4k4/R8/9/7rr/9/9/4B4/9/3AKA3 w - - 0 1";
    let pos = play(fen, &["a7a8", "e8e9", "a8a9", "e9e8"]);
    // the static balance is clearly Black's
    assert!(Searcher::default().static_eval(&pos) < -100);
    let r = search(SearchOptions::default(), &pos, Limits::depth(5));
    assert_ne!(
        r.best_move,
        Some(Move::from_iccs("a9a8").unwrap()),
        "{:?}",
        r.pv
    );
    // without the history the same check is not a perpetual yet
    let fresh = Position::from_fen(&pos.to_fen()).unwrap();
    let mut p = fresh.clone();
    p.make_move(Move::from_iccs("a9a8").unwrap());
    assert!(chuhe::board::rules::repetition_verdict(&p).is_none());
}

/// Red, a rook and horse down, can repeat the position with an idle
/// advisor move: it takes the draw.
#[test]
fn worse_side_takes_an_idle_repetition_draw() {
    let fen = "4k4/9/9/9/r1n5r/9/9/4B4/9/3AK4 w - - 0 1";
    let pos = play(fen, &["d0e1", "e9f9", "e1d0", "f9e9"]);
    assert!(Searcher::default().static_eval(&pos) < -100);
    let r = search(SearchOptions::default(), &pos, Limits::depth(5));
    assert_eq!(
        r.best_move,
        Some(Move::from_iccs("d0e1").unwrap()),
        "{:?}",
        r.pv
    );
    assert_eq!(r.score, 0);
}

#[test]
fn bench_positions_are_valid_and_searchable() {
    let positions = chuhe::search::bench_positions();
    assert!(positions.len() >= 20);
    for pos in positions {
        assert!(pos.has_legal_move(), "{}", pos.to_fen());
    }
}
