//! The measure's samples summed up: rows by depth, phase and (classic
//! step) the true best move's rank, as a plain-text table or JSON.

use super::{ClassicSample, Phase, Sample};
use serde::Serialize;

/// The classic step over one group of samples.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct ClassicRow {
    /// "all", "depth 7", "opening", "rank 1", ...
    pub group: String,
    /// Samples (position × depth).
    pub samples: usize,
    /// Mean children per sample: searched before the step, ranked, kept
    /// and pruned (of the ranked), pre-evaluated by a search.
    pub leading: f64,
    pub ranked: f64,
    pub kept: f64,
    pub pruned: f64,
    pub searched: f64,
    /// Samples whose true best move was pruned, and their share.
    pub best_pruned: usize,
    pub best_pruned_rate: f64,
    /// Of those, samples where pruning changed the node's result in its
    /// window (at the root: any loss).
    pub changed: usize,
    /// Score lost (true best − best kept; 0 when the best is kept) over
    /// all samples: mean and percentiles (nearest rank), and the mean over
    /// the samples whose best was pruned.
    pub loss_mean: f64,
    pub loss_p50: i32,
    pub loss_p90: i32,
    pub loss_p99: i32,
    pub loss_max: i32,
    pub loss_mean_pruned: f64,
    /// Mean pre-evaluation nodes per sample, and their share of the nodes
    /// of the full-width search of the same depth.
    pub pre_nodes: f64,
    pub pre_nodes_ratio: f64,
}

/// The singular step over one group of samples.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct SingularRow {
    pub group: String,
    /// Samples where the step ran (a usable hash entry, not in check).
    pub samples: usize,
    /// "Extend" verdicts, and how many were right (the hash move is the
    /// full-width best and its siblings stay below the singular bound) or
    /// at least had the best move right.
    pub extend: usize,
    pub extend_right: usize,
    pub extend_hash_best: usize,
    /// "Cut" verdicts (multi-cut at beta = the singular bound), how many
    /// were right (the full-width value reaches beta), and how many of
    /// them had the siblings alone reach it.
    pub cut: usize,
    pub cut_right: usize,
    pub cut_siblings_clear: usize,
    /// "Reduce" verdicts (the siblings reach the bound below beta, the
    /// hash move's value is above it: the hash move is searched
    /// `sereduce` plies shallower) and how many were right (the siblings alone give the
    /// node the same value in its window).
    pub reduce: usize,
    pub reduce_right: usize,
    /// Samples whose truth was a lone best hash move that the step did
    /// not extend.
    pub missed_extend: usize,
    /// Mean nodes of the excluded-move search.
    pub pre_nodes: f64,
}

/// Everything the command prints.
#[derive(Clone, Debug, Serialize)]
pub struct QualityReport {
    /// The options measured (as given on the command line).
    pub options: String,
    pub depths: Vec<i32>,
    pub positions: usize,
    /// The classic step as in play, and its ranking alone.
    pub classic: Vec<ClassicRow>,
    pub ranking: Vec<ClassicRow>,
    pub singular: Vec<SingularRow>,
    /// The same at nodes sampled on the way (no ranking-alone measure).
    pub node_classic: Vec<ClassicRow>,
    pub node_singular: Vec<SingularRow>,
    pub samples: Vec<Sample>,
    pub node_samples: Vec<Sample>,
}

/// Nearest-rank percentile `p` of sorted `v` (0 when empty).
pub fn percentile(sorted: &[i32], p: usize) -> i32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1]
}

/// The rank buckets, in order.
const RANK_GROUPS: [&str; 7] = [
    "best leads",
    "rank 1",
    "rank 2",
    "rank 3",
    "rank 4-6",
    "rank 7-10",
    "rank 11+",
];

/// The rank bucket of a true best move's place in the pre-evaluation.
fn rank_group(rank: Option<usize>) -> &'static str {
    match rank {
        None => "best leads",
        Some(1) => "rank 1",
        Some(2) => "rank 2",
        Some(3) => "rank 3",
        Some(4..=6) => "rank 4-6",
        Some(7..=10) => "rank 7-10",
        Some(_) => "rank 11+",
    }
}

/// Which of a sample's two classic measures a table shows.
type Pick = fn(&Sample) -> Option<&ClassicSample>;

fn classic_row(group: String, samples: &[&Sample], pick: Pick) -> ClassicRow {
    let cs: Vec<_> = samples
        .iter()
        .filter_map(|s| pick(s).map(|c| (c, s.truth.nodes)))
        .collect();
    let n = cs.len();
    let mean = |f: &dyn Fn(&ClassicSample) -> f64| {
        if n == 0 {
            0.0
        } else {
            cs.iter().map(|(c, _)| f(c)).sum::<f64>() / n as f64
        }
    };
    let mut losses: Vec<i32> = cs.iter().map(|(c, _)| c.loss).collect();
    losses.sort_unstable();
    let best_pruned = cs.iter().filter(|(c, _)| c.best_pruned).count();
    let pre: u64 = cs.iter().map(|(c, _)| c.pre_nodes).sum();
    let full: u64 = cs.iter().map(|&(_, nodes)| nodes).sum();
    let pruned_loss: i64 = cs
        .iter()
        .filter(|(c, _)| c.best_pruned)
        .map(|(c, _)| i64::from(c.loss))
        .sum();
    ClassicRow {
        group,
        samples: n,
        leading: mean(&|c| c.leading as f64),
        ranked: mean(&|c| c.ranked as f64),
        kept: mean(&|c| c.kept as f64),
        pruned: mean(&|c| c.pruned as f64),
        searched: mean(&|c| c.searched as f64),
        best_pruned,
        best_pruned_rate: ratio(best_pruned as f64, n as f64),
        changed: cs.iter().filter(|(c, _)| c.changed).count(),
        loss_mean: mean(&|c| f64::from(c.loss)),
        loss_p50: percentile(&losses, 50),
        loss_p90: percentile(&losses, 90),
        loss_p99: percentile(&losses, 99),
        loss_max: losses.last().copied().unwrap_or(0),
        loss_mean_pruned: ratio(pruned_loss as f64, best_pruned as f64),
        pre_nodes: mean(&|c| c.pre_nodes as f64),
        pre_nodes_ratio: ratio(pre as f64, full as f64),
    }
}

fn singular_row(group: String, samples: &[&Sample]) -> SingularRow {
    let mut row = SingularRow {
        group,
        ..SingularRow::default()
    };
    let mut pre = 0u64;
    for s in samples {
        let Some(g) = &s.singular else { continue };
        row.samples += 1;
        pre += g.pre_nodes;
        if g.verdict == "extend" {
            row.extend += 1;
            row.extend_right += usize::from(g.extend_right());
            row.extend_hash_best += usize::from(g.hash_best);
        } else {
            row.missed_extend += usize::from(g.extend_right());
        }
        if g.verdict == "cut" {
            row.cut += 1;
            row.cut_right += usize::from(g.cut_right(&s.truth));
            row.cut_siblings_clear += usize::from(g.siblings_clear());
        }
        if g.verdict == "reduce" {
            row.reduce += 1;
            row.reduce_right += usize::from(g.reduce_right(&s.truth, s.alpha));
        }
    }
    row.pre_nodes = ratio(pre as f64, row.samples as f64);
    row
}

/// The groups of `all`: all, by depth (those present), by phase.
fn groups<'a>(all: &[&'a Sample]) -> Vec<(String, Vec<&'a Sample>)> {
    let mut out = vec![("all".to_string(), all.to_vec())];
    let mut depths: Vec<i32> = all.iter().map(|s| s.depth).collect();
    depths.sort_unstable();
    depths.dedup();
    for d in depths {
        let g = all.iter().copied().filter(|s| s.depth == d).collect();
        out.push((format!("depth {d}"), g));
    }
    for phase in [Phase::Opening, Phase::Middlegame, Phase::Endgame] {
        let g = all.iter().copied().filter(|s| s.phase == phase).collect();
        out.push((phase.name().to_string(), g));
    }
    out
}

/// The classic rows: the groups, then the rank buckets.
fn classic_rows(all: &[&Sample], groups: &[(String, Vec<&Sample>)], pick: Pick) -> Vec<ClassicRow> {
    let mut rows: Vec<ClassicRow> = groups
        .iter()
        .map(|(name, g)| classic_row(name.clone(), g, pick))
        .collect();
    for bucket in RANK_GROUPS {
        let g: Vec<&Sample> = all
            .iter()
            .copied()
            .filter(|s| pick(s).is_some_and(|c| rank_group(c.best_rank) == bucket))
            .collect();
        rows.push(classic_row(bucket.to_string(), &g, pick));
    }
    rows
}

fn singular_rows(groups: &[(String, Vec<&Sample>)]) -> Vec<SingularRow> {
    groups
        .iter()
        .map(|(name, g)| singular_row(name.clone(), g))
        .collect()
}

/// `a / b`, 0 when `b` is 0.
pub(super) fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        0.0
    } else {
        a / b
    }
}

impl QualityReport {
    /// Sums the root `samples` and the `node_samples` up by depth, phase
    /// and (classic) rank.
    pub fn new(
        options: String,
        depths: Vec<i32>,
        positions: usize,
        samples: Vec<Sample>,
        node_samples: Vec<Sample>,
    ) -> Self {
        let (classic, ranking, singular) = {
            let all: Vec<&Sample> = samples.iter().collect();
            let groups = groups(&all);
            (
                classic_rows(&all, &groups, |s| s.classic.as_ref()),
                classic_rows(&all, &groups, |s| s.ranking.as_ref()),
                singular_rows(&groups),
            )
        };
        let (node_classic, node_singular) = {
            let all: Vec<&Sample> = node_samples.iter().collect();
            let groups = groups(&all);
            (
                classic_rows(&all, &groups, |s| s.classic.as_ref()),
                singular_rows(&groups),
            )
        };
        QualityReport {
            options,
            depths,
            positions,
            classic,
            ranking,
            singular,
            node_classic,
            node_singular,
            samples,
            node_samples,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ClassicSample, Sample, SingularSample, Truth};
    use super::*;

    fn sample(depth: i32, loss: i32, rank: Option<usize>, verdict: &'static str) -> Sample {
        Sample {
            position: 0,
            fen: String::new(),
            depth,
            ply: 0,
            alpha: -30000,
            beta: 30000,
            phase: Phase::Middlegame,
            truth: Truth {
                best_move: "h2e2".into(),
                score: 50,
                nodes: 1000,
            },
            classic: Some(ClassicSample {
                in_play: true,
                leading: 1,
                ranked: 10,
                searched: 8,
                kept: 6,
                pruned: 4,
                best_rank: rank,
                best_pruned: loss > 0,
                loss,
                changed: loss > 0,
                pre_nodes: 100,
            }),
            ranking: None,
            singular: Some(SingularSample {
                in_play: true,
                hash_move: "h2e2".into(),
                hash_score: 60,
                singular_beta: 40,
                beta: 40,
                verdict,
                hash_best: true,
                second: 30,
                pre_nodes: 50,
            }),
        }
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let v: Vec<i32> = (1..=10).collect();
        assert_eq!(percentile(&v, 50), 5);
        assert_eq!(percentile(&v, 90), 9);
        assert_eq!(percentile(&v, 99), 10);
        assert_eq!(percentile(&[], 50), 0);
    }

    #[test]
    fn rows_add_up() {
        let samples = vec![
            sample(7, 0, Some(1), "extend"),
            sample(7, 40, Some(8), "cut"),
            sample(8, 0, None, "extend"),
            sample(8, 20, Some(12), "cut"),
        ];
        let r = QualityReport::new(String::new(), vec![7, 8], 2, samples, Vec::new());
        let all = &r.classic[0];
        assert_eq!(all.samples, 4);
        assert_eq!((all.best_pruned, all.changed), (2, 2));
        assert!((all.best_pruned_rate - 0.5).abs() < 1e-9);
        assert!((all.loss_mean - 15.0).abs() < 1e-9);
        assert!((all.loss_mean_pruned - 30.0).abs() < 1e-9);
        assert_eq!(all.loss_max, 40);
        assert!((all.pre_nodes_ratio - 0.1).abs() < 1e-9);
        // the depth rows and the rank rows each partition the samples
        let by = |prefix: &str| {
            r.classic
                .iter()
                .filter(|row| row.group.starts_with(prefix) || row.group == "best leads")
                .filter(|row| prefix == "rank" || row.group != "best leads")
                .map(|row| row.samples)
                .sum::<usize>()
        };
        assert_eq!(by("depth"), 4);
        assert_eq!(by("rank"), 4);
        let s = &r.singular[0];
        assert_eq!((s.extend, s.cut, s.samples), (2, 2, 4));
        // second 30 < bound 40 with the hash move best: extension right,
        // the cuts' siblings do not clear beta but the node (50) does
        assert_eq!(
            (s.extend_right, s.cut_right, s.cut_siblings_clear),
            (2, 2, 0)
        );
        assert_eq!(s.missed_extend, 2);
        assert!(r.table().contains("rank 11+"));
    }

    #[test]
    fn a_reduction_is_right_when_the_siblings_alone_give_the_node_its_value() {
        // the truth 50 clears beta 40: right only if the siblings do too
        let mut right = sample(9, 0, None, "reduce");
        right.singular.as_mut().unwrap().second = 45;
        let wrong = sample(9, 0, None, "reduce");
        // below alpha the node fails low with or without the hash move
        let mut low = sample(9, 0, None, "reduce");
        low.alpha = 60;
        low.beta = 61;
        low.singular.as_mut().unwrap().beta = 61;
        let r = QualityReport::new(
            String::new(),
            vec![9],
            2,
            vec![right, wrong, low],
            Vec::new(),
        );
        let s = &r.singular[0];
        assert_eq!((s.samples, s.extend, s.cut), (3, 0, 0));
        assert_eq!((s.reduce, s.reduce_right), (3, 2));
        let table = r.table();
        assert!(table.contains("red right"), "{table}");
        assert!(table.contains("66.7%"), "{table}");
    }
}
