//! The measure's report as plain-text tables (`chuhe ipc-quality`'s
//! output; the JSON is the rows themselves, `report.rs`).

use super::report::{ratio, ClassicRow, QualityReport, SingularRow};
use std::fmt::Write;

impl QualityReport {
    /// The plain-text tables.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "ipc-quality: {} positions, depths {:?}, options: {}",
            self.positions, self.depths, self.options
        );
        classic_table(
            &mut out,
            "classic step as in play (lead = children searched before the step; ranked = pre-evaluated)",
            &self.classic,
        );
        classic_table(
            &mut out,
            "classic step's ranking alone (every child ranked, cleared tables, no hash move)",
            &self.ranking,
        );
        singular_table(
            &mut out,
            "singular step at the root, beta = singular bound",
            &self.singular,
        );
        if !self.node_samples.is_empty() {
            classic_table(
                &mut out,
                "classic step at nodes sampled in the search (depth = the node's; chg = result changed in its window; cost columns root-only)",
                &self.node_classic,
            );
            singular_table(
                &mut out,
                "singular step at nodes sampled in the search, beta = the node's",
                &self.node_singular,
            );
        }
        out
    }
}

/// One classic-step table into `out`.
fn classic_table(out: &mut String, title: &str, rows: &[ClassicRow]) {
    if rows.first().is_none_or(|all| all.samples == 0) {
        let _ = writeln!(out, "\n{title}: no samples");
        return;
    }
    let _ = writeln!(
        out,
        "\n{title}; loss in score units, decisive = {}",
        super::DECISIVE
    );
    let _ = writeln!(
        out,
        "{:<11} {:>5} {:>5} {:>6} {:>5} {:>6} {:>5} {:>6} {:>7} {:>4} {:>6} {:>4} {:>4} {:>4} {:>5} {:>7} {:>8} {:>6}",
        "group", "n", "lead", "ranked", "kept", "pruned", "srch", "bestpr", "rate", "chg", "loss",
        "p50", "p90", "p99", "max", "loss|pr", "prenodes", "pre/ab"
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{:<11} {:>5} {:>5.1} {:>6.1} {:>5.1} {:>6.1} {:>5.1} {:>6} {:>7.3} {:>4} {:>6.1} {:>4} {:>4} {:>4} {:>5} {:>7.1} {:>8.0} {:>6.3}",
            r.group, r.samples, r.leading, r.ranked, r.kept, r.pruned, r.searched,
            r.best_pruned, r.best_pruned_rate, r.changed, r.loss_mean, r.loss_p50, r.loss_p90,
            r.loss_p99, r.loss_max, r.loss_mean_pruned, r.pre_nodes, r.pre_nodes_ratio
        );
    }
}

/// One singular-step table into `out`.
fn singular_table(out: &mut String, title: &str, rows: &[SingularRow]) {
    if rows.first().is_none_or(|all| all.samples == 0) {
        let _ = writeln!(out, "\n{title}: no samples (the step is off)");
        return;
    }
    let _ = writeln!(
        out,
        "\n{title} (ext = extend, cut = multi-cut, red = reduce, plain = none of them; right = the truth agrees)"
    );
    let _ = writeln!(
        out,
        "{:<11} {:>5} {:>5} {:>9} {:>9} {:>5} {:>9} {:>9} {:>5} {:>9} {:>5} {:>6} {:>8}",
        "group",
        "n",
        "ext",
        "ext right",
        "hash best",
        "cut",
        "cut right",
        "sibs>=b",
        "red",
        "red right",
        "plain",
        "missed",
        "prenodes"
    );
    let pct = |a: usize, b: usize| format!("{:.1}%", 100.0 * ratio(a as f64, b as f64));
    for r in rows {
        let _ = writeln!(
            out,
            "{:<11} {:>5} {:>5} {:>9} {:>9} {:>5} {:>9} {:>9} {:>5} {:>9} {:>5} {:>6} {:>8.0}",
            r.group,
            r.samples,
            r.extend,
            pct(r.extend_right, r.extend),
            pct(r.extend_hash_best, r.extend),
            r.cut,
            pct(r.cut_right, r.cut),
            pct(r.cut_siblings_clear, r.cut),
            r.reduce,
            pct(r.reduce_right, r.reduce),
            r.samples - r.extend - r.cut - r.reduce,
            r.missed_extend,
            r.pre_nodes
        );
    }
}
