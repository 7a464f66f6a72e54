//! The modern-search switches of issue 28 (`iir`, `improving`, ...): off in the
//! paper presets, and when on they change the search deterministically and
//! keep the principal variation legal.

use chuhe::search::{
    bench_positions, Group, Limits, SearchControl, SearchOptions, SearchResult, Searcher, SWITCHES,
};

/// The switches, each tried on its own: the modern group of the switch
/// table (those off in the paper presets).
fn switches() -> Vec<&'static str> {
    SWITCHES
        .iter()
        .filter(|s| s.group == Group::Modern && !s.paper)
        .map(|s| s.name)
        .collect()
}

/// Switches of the evaluation the search uses: off in the paper presets
/// too, tested on the endgames they are about (the bench's middlegames
/// seldom reach them at the depths of a test).
fn eval_switches() -> Vec<&'static str> {
    SWITCHES
        .iter()
        .filter(|s| s.group == Group::Eval)
        .map(|s| s.name)
        .collect()
}

fn with(mut o: SearchOptions, key: &str, value: &str) -> SearchOptions {
    o.set(key, value).unwrap();
    o
}

/// Two searches in a row with one searcher, as in a game: what a table
/// kept between searches learnt in the first shows in the second.
fn two_searches(
    options: SearchOptions,
    pos: &chuhe::board::Position,
) -> (SearchResult, SearchResult) {
    let mut s = Searcher::new(options);
    let mut go = || {
        s.search(
            pos,
            &Limits::depth(9),
            &SearchControl::new(),
            &[],
            &mut |_| {},
        )
    };
    let first = go();
    (first, go())
}

#[test]
fn the_paper_presets_leave_every_modern_switch_off() {
    for paper in [
        SearchOptions::paper_alphabeta(),
        SearchOptions::paper_iprobcut(),
    ] {
        for key in switches().into_iter().chain(eval_switches()) {
            assert_eq!(with(paper.clone(), key, "off"), paper, "{key}");
        }
        // and every switch is as the table's paper column has it
        for sw in SWITCHES {
            assert_eq!(sw.get(&paper.switches), sw.paper, "{}", sw.name);
        }
    }
}

#[test]
fn each_switch_changes_the_search_deterministically_with_a_legal_line() {
    // A one-megabyte table: at the default size a depth-9 search never
    // fills a bucket, and what a switch changes in which entries stay
    // shows only when entries compete for room.
    let small_table = SearchOptions {
        hash_mb: 1,
        ..SearchOptions::default()
    };
    for key in switches() {
        let table = small_table.clone();
        for base in [table.clone(), with(table, "algorithm", "alphabeta")] {
            let on = with(base.clone(), key, "on");
            let mut changed = false;
            for pos in bench_positions().iter().take(6) {
                let (off_a, off_b) = two_searches(with(base.clone(), key, "off"), pos);
                let (a, b) = two_searches(on.clone(), pos);
                let (again_a, again_b) = two_searches(on.clone(), pos);
                assert_eq!(
                    (a.stats, b.stats, b.best_move, b.score),
                    (
                        again_a.stats,
                        again_b.stats,
                        again_b.best_move,
                        again_b.score
                    ),
                    "{key}"
                );
                let mut p = pos.clone();
                for &mv in &b.pv {
                    assert!(p.is_legal(mv), "{key}: illegal pv move in {}", pos.to_fen());
                    p.make_move(mv);
                }
                changed |= (a.stats.nodes, b.stats.nodes) != (off_a.stats.nodes, off_b.stats.nodes);
            }
            assert!(changed, "{key} changed no node count");
        }
    }
}

/// `drawish`: advisors, elephants and pawns on the last rank (which only
/// move sideways) cannot mate, however much they are worth, and the
/// search says so with the scaling on; with a pawn that can still advance
/// against a bare king the side ahead is not scaled. (Both positions are
/// well ahead unscaled: the earlier ones, a black pawn against Red's
/// defenders, searched to about 0 with `drawish` off after the `r28a`
/// refit and no longer tested the scaling.)
#[test]
fn drawish_material_searches_near_a_draw() {
    let search = |fen: &str, drawish: &str| {
        let pos = chuhe::board::Position::from_fen(fen).unwrap();
        // drawish scales the five parts' score (the net has no scaling)
        let options = with(SearchOptions::default(), "eval", "classic");
        let options = with(options, "drawish", drawish);
        let mut s = Searcher::new(options);
        s.search(
            &pos,
            &Limits::depth(8),
            &SearchControl::new(),
            &[],
            &mut |_| {},
        )
        .score
    };
    let dead = "P2k3PP/9/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1";
    let (on, off) = (search(dead, "on"), search(dead, "off"));
    assert!(off >= 40, "unscaled: {off}");
    assert!(on.abs() <= off / 4, "{on} against {off}");
    let alive = "3k5/9/9/9/9/9/P8/9/9/2BAKAB2 w - - 0 1";
    let (on, off) = (search(alive, "on"), search(alive, "off"));
    assert!(off >= 40, "unscaled: {off}");
    assert!(on >= off / 2, "{on} against {off}");
}
