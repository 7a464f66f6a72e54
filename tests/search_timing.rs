//! Stopping and clock limits, checked so that no machine load can fail
//! them: by counting what the search did (nodes, iterations) and by the
//! time budget's arithmetic, not by wall-clock speed. The only wall-clock
//! bound here is a hang guard no loaded machine comes near (seconds for a
//! search told to stop at once). The measured latencies are reported by
//! `scripts/latency.sh`, which the README quotes.

use chuhe::board::Position;
use chuhe::search::{
    Clock, Limits, SearchControl, SearchEvent, SearchOptions, Searcher, TimeBudget,
};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// Longest a stopped or clocked search may take before the test calls it
/// hung: two orders of magnitude above the real figures on a loaded
/// 2-core machine (`scripts/latency.sh`).
const HANG: Duration = Duration::from_secs(30);

/// Nodes a search may still visit after its stop flag is set: the flag is
/// polled every 1024 nodes (`POLL_INTERVAL` in `src/search/context.rs`),
/// plus the unwinding of the tree; four intervals leave room for a
/// different interval without letting a search ignore the flag.
const NODES_AFTER_STOP: u64 = 4 * 1024;

fn infinite() -> Limits {
    Limits {
        infinite: true,
        ..Limits::default()
    }
}

#[test]
fn a_stop_before_the_search_is_seen_at_the_first_poll() {
    // one depth-10 iteration without iterative deepening: hundreds of
    // thousands of nodes when it runs to the end
    let mut options = SearchOptions::default();
    options.set("iterative", "off").unwrap();
    let pos = Position::startpos();
    let full = Searcher::new(options.clone()).search(
        &pos,
        &Limits::depth(10),
        &SearchControl::new(),
        &[],
        &mut |_| {},
    );
    assert!(
        full.stats.nodes > 20 * NODES_AFTER_STOP,
        "{}",
        full.stats.nodes
    );
    let control = SearchControl::new();
    control.stop();
    let stopped =
        Searcher::new(options).search(&pos, &Limits::depth(10), &control, &[], &mut |_| {});
    eprintln!(
        "stopped search: {} nodes, full search: {} nodes",
        stopped.stats.nodes, full.stats.nodes
    );
    assert!(
        stopped.stats.nodes <= NODES_AFTER_STOP,
        "{} nodes searched after stop",
        stopped.stats.nodes
    );
    // even a search stopped at once returns a legal move
    assert!(pos.is_legal(stopped.best_move.unwrap()));
}

#[test]
fn a_stop_between_iterations_searches_no_further_node() {
    let pos = Position::startpos();
    let control = SearchControl::new();
    let mut nodes_at_stop = 0;
    let r = Searcher::default().search(&pos, &infinite(), &control, &[], &mut |e| {
        let SearchEvent::Iteration(info) = e;
        if info.depth == 4 {
            nodes_at_stop = info.stats.nodes;
            control.stop();
        }
    });
    assert_eq!(r.depth, 4);
    assert_eq!(r.stats.nodes, nodes_at_stop);
    assert!(pos.is_legal(r.best_move.unwrap()));
}

#[test]
fn a_stop_from_another_thread_ends_an_infinite_search() {
    let control = Arc::new(SearchControl::new());
    let c = control.clone();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let r =
            Searcher::default().search(&Position::startpos(), &infinite(), &c, &[], &mut |_| {});
        let _ = tx.send(r);
    });
    std::thread::sleep(Duration::from_millis(100));
    control.stop();
    let r = rx.recv_timeout(HANG).expect("the search ignored stop");
    assert!(Position::startpos().is_legal(r.best_move.unwrap()));
}

fn clock(time_ms: u64, inc_ms: u64, movestogo: Option<u32>) -> Limits {
    Limits {
        clock: Some(Clock {
            time: Duration::from_millis(time_ms),
            increment: Duration::from_millis(inc_ms),
            movestogo,
        }),
        ..Limits::default()
    }
}

#[test]
fn the_time_budget_never_exceeds_the_clock() {
    let overhead = Duration::from_millis(SearchOptions::default().move_overhead_ms);
    for time_ms in [1, 50, 200, 1_000, 60_000, 3_600_000] {
        for inc_ms in [0, 100, 2_000] {
            for mtg in [None, Some(1), Some(2), Some(40)] {
                let b = TimeBudget::new(&clock(time_ms, inc_ms, mtg), overhead);
                let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
                let left = Duration::from_millis(time_ms);
                let what = format!("time {time_ms} inc {inc_ms} movestogo {mtg:?}");
                assert!(soft <= hard, "{what}: soft {soft:?} > hard {hard:?}");
                // never the whole clock: a quarter at least stays for delays
                assert!(
                    hard <= (left * 3 / 4).max(Duration::from_millis(1)),
                    "{what}: hard {hard:?}"
                );
            }
        }
    }
    // "time 200" for the last move: the search is aborted by 150 ms at most
    let b = TimeBudget::new(&clock(200, 0, Some(1)), overhead);
    assert!(b.hard.unwrap() <= Duration::from_millis(150));
    assert_eq!(
        TimeBudget::new(&infinite(), overhead),
        TimeBudget {
            soft: None,
            hard: None,
            from_clock: false
        }
    );
}

#[test]
fn clocked_searches_end_and_return_legal_moves() {
    let fens = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1abr1/4k4/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/R1B1KAB1R w - - 0 9",
        "3akab2/9/4b4/p1p1p1p1p/9/9/P1P1P1P1P/4B4/9/3AKAB2 w - - 0 30",
    ];
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        let (tx, rx) = mpsc::channel();
        let p = pos.clone();
        std::thread::spawn(move || {
            let r = Searcher::default().search(
                &p,
                &clock(200, 0, Some(1)),
                &SearchControl::new(),
                &[],
                &mut |_| {},
            );
            let _ = tx.send(r);
        });
        // the budget (checked above) stops it; only a hang fails here
        let r = rx.recv_timeout(HANG).expect("a clocked search hung");
        assert!(pos.is_legal(r.best_move.unwrap()), "{fen}");
        assert!(r.depth >= 1, "{fen}");
    }
}

/// A node limit below what depth 1 needs still gets a searched move:
/// depth 1 runs to its end and the move played is the one it reported.
/// Before, `go nodes 400` in a bench position whose depth 1 takes 732
/// nodes played the first legal move, a king step nothing had searched.
/// Past depth 1 the limit holds again: the search stops right after it.
#[test]
fn a_node_limit_below_depth_one_still_answers_with_a_searched_move() {
    let mut short = 0;
    for pos in chuhe::search::bench_positions() {
        let fen = pos.to_fen();
        let depth_one = Searcher::new(SearchOptions::default())
            .search(
                &pos,
                &Limits::depth(1),
                &SearchControl::new(),
                &[],
                &mut |_| {},
            )
            .stats
            .nodes;
        for nodes in [1, 10, 100, 400] {
            let r = Searcher::new(SearchOptions::default()).search(
                &pos,
                &Limits::nodes(nodes),
                &SearchControl::new(),
                &[],
                &mut |_| {},
            );
            let last = r
                .iterations
                .last()
                .unwrap_or_else(|| panic!("no iteration at {nodes} nodes in {fen}"));
            assert_eq!(
                r.best_move,
                last.pv.first().copied(),
                "{nodes} nodes in {fen}"
            );
            assert!(r.depth >= 1, "{nodes} nodes in {fen}");
            if nodes < depth_one {
                short += 1;
                assert_eq!(r.depth, 1, "{nodes} nodes in {fen}: past depth 1");
                // depth 2's first node sees the limit
                assert!(r.stats.nodes <= depth_one + 1, "{nodes} nodes in {fen}");
            }
        }
    }
    assert!(
        short > 0,
        "no limit fell short of depth 1: the test tests nothing"
    );
}
