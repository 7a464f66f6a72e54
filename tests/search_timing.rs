//! Stop latency and clock limits, measured on real searches. These run one
//! at a time (a single test function) so they do not compete for the cores.

use chuhe::board::Position;
use chuhe::search::{Clock, Limits, SearchControl, Searcher};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn stop_latency() -> Duration {
    let control = Arc::new(SearchControl::new());
    let c = control.clone();
    let handle = std::thread::spawn(move || {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let r = Searcher::default().search(&Position::startpos(), &limits, &c, &[], &mut |_| {});
        (Instant::now(), r)
    });
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    control.stop();
    let (done, result) = handle.join().unwrap();
    assert!(result.best_move.is_some());
    done.duration_since(asked)
}

fn clocked_search_time(fen: &str, time_ms: u64) -> Duration {
    let pos = Position::from_fen(fen).unwrap();
    let limits = Limits {
        clock: Some(Clock {
            time: Duration::from_millis(time_ms),
            increment: Duration::ZERO,
            movestogo: Some(1),
        }),
        ..Limits::default()
    };
    // the engine's searcher exists before the clock starts, as in a game
    let mut searcher = Searcher::default();
    let start = Instant::now();
    let r = searcher.search(&pos, &limits, &SearchControl::new(), &[], &mut |_| {});
    let spent = start.elapsed();
    assert!(pos.is_legal(r.best_move.unwrap()));
    spent
}

#[test]
fn stop_and_clock_limits() {
    for _ in 0..3 {
        let l = stop_latency();
        assert!(l < Duration::from_millis(50), "stop took {l:?}");
    }
    let fens = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1abr1/4k4/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/R1B1KAB1R w - - 0 9",
        "3akab2/9/4b4/p1p1p1p1p/9/9/P1P1P1P1P/4B4/9/3AKAB2 w - - 0 30",
    ];
    for fen in fens {
        // "time 200" with everything left for this move: never exceeded
        let t = clocked_search_time(fen, 200);
        assert!(t < Duration::from_millis(200), "{t:?} for {fen}");
    }
}
