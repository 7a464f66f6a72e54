//! MultiPV and strength levels: k distinct legal root moves with scores
//! best first and exact under a full-width search, MultiPV 1 is the plain
//! search, weakened levels play legal moves, deterministically for a fixed
//! seed, and differently from full strength.

use chuhe::board::{Move, Position};
use chuhe::search::{
    bench_positions, Limits, SearchControl, SearchOptions, SearchResult, Searcher,
};

fn search(
    options: &SearchOptions,
    pos: &Position,
    limits: &Limits,
    banned: &[Move],
) -> SearchResult {
    let mut s = Searcher::new(options.clone());
    s.search(pos, limits, &SearchControl::new(), banned, &mut |_| {})
}

fn with(options: &SearchOptions, settings: &[(&str, &str)]) -> SearchOptions {
    let mut o = options.clone();
    for (k, v) in settings {
        o.set(k, v).unwrap();
    }
    o
}

#[test]
fn multipv_lines_are_distinct_legal_and_best_first() {
    let options = with(&SearchOptions::default(), &[("multipv", "4")]);
    for pos in bench_positions().iter().take(4) {
        let r = search(&options, pos, &Limits::depth(5), &[]);
        let last = r.iterations.last().unwrap();
        let legal = pos.legal_moves();
        let firsts: Vec<Move> = last.lines.iter().map(|l| l.pv[0]).collect();
        assert_eq!(firsts.len(), 4.min(legal.len()));
        for (i, m) in firsts.iter().enumerate() {
            assert!(legal.contains(*m), "{m}");
            assert!(!firsts[..i].contains(m), "{m} twice");
        }
        for w in last.lines.windows(2) {
            assert!(w[0].score >= w[1].score, "{:?}", last.lines);
        }
        assert_eq!(r.best_move, Some(firsts[0]));
        assert_eq!(r.score, last.lines[0].score);
    }
}

/// With a full-width search (plain alpha-beta, no hash table, no
/// pruning), line k's score is the k-th best of the root moves' exact
/// scores, each found by a search allowed only that move.
#[test]
fn multipv_scores_are_exact_under_full_width_search() {
    let base = SearchOptions::paper_alphabeta();
    let options = with(&base, &[("multipv", "3")]);
    for pos in bench_positions().iter().take(3) {
        let r = search(&options, pos, &Limits::depth(3), &[]);
        let lines = &r.iterations.last().unwrap().lines;
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let mut exact: Vec<i32> = legal
            .iter()
            .map(|&m| {
                let others: Vec<Move> = legal.iter().copied().filter(|&x| x != m).collect();
                search(&base, pos, &Limits::depth(3), &others).score
            })
            .collect();
        exact.sort_by(|a, b| b.cmp(a));
        let got: Vec<i32> = lines.iter().map(|l| l.score).collect();
        assert_eq!(got, exact[..3].to_vec());
    }
}

#[test]
fn multipv_one_is_the_plain_search() {
    let one = with(&SearchOptions::default(), &[("multipv", "1")]);
    for pos in bench_positions().iter().take(3) {
        let a = search(&SearchOptions::default(), pos, &Limits::depth(6), &[]);
        let b = search(&one, pos, &Limits::depth(6), &[]);
        assert_eq!(a.stats.nodes, b.stats.nodes);
        assert_eq!((a.best_move, a.score, &a.pv), (b.best_move, b.score, &b.pv));
        assert!(b.iterations.iter().all(|i| i.lines.is_empty()));
    }
}

#[test]
fn levels_are_legal_and_deterministic_with_a_seed() {
    for level in ["0", "5", "10", "19"] {
        let options = with(
            &SearchOptions::default(),
            &[("skill", level), ("skillseed", "42")],
        );
        for pos in bench_positions().iter().take(4) {
            let a = search(&options, pos, &Limits::depth(8), &[]);
            let b = search(&options, pos, &Limits::depth(8), &[]);
            let mv = a.best_move.unwrap();
            assert!(pos.legal_moves().contains(mv), "level {level}: {mv}");
            assert_eq!(a.best_move, b.best_move, "level {level}");
            assert_eq!(a.stats.nodes, b.stats.nodes, "level {level}");
        }
    }
}

#[test]
fn a_weak_level_plays_differently_and_searches_less() {
    let full = SearchOptions::default();
    let weak = with(&full, &[("skill", "0"), ("skillseed", "7")]);
    let mut differ = 0;
    for pos in bench_positions() {
        let a = search(&full, &pos, &Limits::depth(6), &[]);
        let b = search(&weak, &pos, &Limits::depth(6), &[]);
        assert!(
            b.stats.nodes <= a.stats.nodes.max(400),
            "the node cap holds"
        );
        differ += usize::from(a.best_move != b.best_move);
    }
    assert!(
        differ > 0,
        "level 0 played the full-strength move everywhere"
    );
}

/// The strength limit `o` asks for.
fn skill(o: &SearchOptions) -> Option<chuhe::search::Skill> {
    chuhe::search::Skill::limited(o.skill_level, o.limit_strength, o.elo, o.skill_seed)
}

#[test]
fn uci_elo_chooses_the_level() {
    let weakest = with(
        &SearchOptions::default(),
        &[
            ("limitstrength", "on"),
            ("elo", &chuhe::search::ELO_MIN.to_string()),
        ],
    );
    assert_eq!(skill(&weakest).unwrap().level, 0);
    let strongest = with(&weakest, &[("elo", &chuhe::search::ELO_MAX.to_string())]);
    assert!(skill(&strongest).is_none());
    // without limitstrength the skill level rules
    let off = with(&weakest, &[("limitstrength", "off"), ("skill", "7")]);
    assert_eq!(skill(&off).unwrap().level, 7);
}
