//! The pruning and reduction rules of `negamax`, one small function each,
//! in the order the node applies them: the static evaluation they share,
//! reverse futility, null move, futility, late-move pruning and late move
//! reductions. Their numbers are tunables (`super::tunables`: `rfp_*`,
//! `null_*`, `futility_*`, `lmp_*`, `lmr_*`); margins are in evaluation
//! units (a pawn is 10 in the default profile).

use super::context::Context;
use super::node::{Node, NonPv};
use super::score::MATE_BOUND;
use super::tunables::Tunables;
use std::sync::{Arc, Mutex};

impl Context<'_> {
    /// Step 4: the static evaluation the futility family decides by, at
    /// non-PV nodes not in check near enough to the leaves for reverse
    /// futility or futility to apply (`None` elsewhere: not needed).
    #[inline(always)]
    pub(super) fn static_eval(&mut self, node: &Node) -> Option<i32> {
        let o = self.options;
        let t = &o.tune;
        let wanted = !node.pv_node
            && !node.in_check
            && node.ply > 0
            && ((o.switches.reverse_futility && node.depth <= t.rfp_depth)
                || (o.switches.futility && node.depth <= t.futility_depth));
        wanted.then(|| self.evaluate())
    }

    /// Step 5, reverse futility (static null move): a static evaluation so
    /// far above beta that no quiet move of ours is needed to stay above it
    /// returns that evaluation. Not where beta is below `-losing_beta`: a
    /// side that is losing by that much faces an opponent with the material
    /// to mate, and a static margin does not see a mating attack coming
    /// (on the mate puzzles of `tests/data/mates.tsv` this was the pruning
    /// that lost most short mates, see docs/mates.md).
    #[inline(always)]
    pub(super) fn reverse_futility(&self, node: &Node, eval: Option<i32>) -> Option<i32> {
        let o = self.options;
        let eval = eval?;
        (o.switches.reverse_futility
            && node.depth <= o.tune.rfp_depth
            && node.beta.abs() < MATE_BOUND
            && node.beta >= -o.tune.losing_beta
            && eval - o.tune.rfp_margin * (node.depth - i32::from(node.improving)) >= node.beta)
            .then_some(eval)
    }

    /// Step 6, null-move pruning: passing and still failing high on a
    /// reduced null-window search ends a non-PV node. Never in check, at
    /// the root, near a mate score, with less force than `null_min_force`
    /// (zugzwang) or where beta is below `-losing_beta` (the opponent
    /// moving twice has the material to mate, which a reduced search may
    /// not see). Returns the score the node takes (0 when aborted).
    pub(super) fn null_move(&mut self, node: &Node) -> Option<i32> {
        let t = &self.options.tune;
        let tries = self.options.switches.null_move
            && !node.pv_node
            && !node.in_check
            && node.ply > 0
            && node.depth >= t.null_min_depth
            && node.beta.abs() < MATE_BOUND
            && node.beta >= -t.losing_beta
            && self.force() >= t.null_min_force;
        if !tries {
            return None;
        }
        let r = t.null_reduction + i32::from(node.depth >= t.null_deep_depth);
        let beta = node.beta;
        self.make_null_move_at(node.ply);
        self.tt.prefetch(self.pos.key());
        let (depth, ply) = (node.depth - 1 - r, node.ply + 1);
        let v = -self.negamax::<NonPv>(depth, -beta, -beta + 1, ply, !node.cut_node, None);
        self.pos.unmake_null_move();
        if self.aborted {
            return Some(0);
        }
        (v >= beta).then_some(if v >= MATE_BOUND { beta } else { v })
    }

    /// Step 7a, futility pruning: when the static evaluation plus
    /// `futilitymargin` per ply cannot reach alpha, quiet moves that give no
    /// check are skipped; the value is what the node scores them at.
    #[inline(always)]
    pub(super) fn futility_value(&self, node: &Node, eval: Option<i32>) -> Option<i32> {
        let o = self.options;
        eval.filter(|_| {
            o.switches.futility
                && node.depth <= o.tune.futility_depth
                && node.alpha.abs() < MATE_BOUND
        })
        .map(|e| e + o.tune.futility_margin * node.depth)
        .filter(|&v| v <= node.alpha)
    }

    /// Step 7b, late-move pruning: at shallow non-PV nodes only the first
    /// `lmp_<depth>` quiet moves are searched (xiangqi positions have some
    /// 40 moves, more than chess, so the counts are generous).
    #[inline(always)]
    pub(super) fn lmp_limit(&self, node: &Node) -> usize {
        let o = self.options;
        if o.switches.late_move_pruning
            && !node.pv_node
            && !node.in_check
            && node.ply > 0
            && node.depth <= o.tune.lmp_depth
        {
            let quiets = o.tune.lmp_quiets(node.depth);
            if node.improving {
                quiets + quiets / 2
            } else {
                quiets
            }
        } else {
            usize::MAX
        }
    }

    /// Late move reductions, in the move loop: plies less for the
    /// `number`-th move (0-based) when it is `quiet` (not a capture, killer
    /// or check) and late enough: from the log-log table less one for PV
    /// nodes and less `history_adjust` (one for good history, or the
    /// `histstats` statistic's plies, negative for a bad one), or the
    /// fixed one or two plies (`lmrtable` off).
    #[inline(always)]
    pub(super) fn late_move_reduction(
        &self,
        node: &Node,
        number: usize,
        quiet: bool,
        history_adjust: i32,
    ) -> i32 {
        let o = self.options;
        let t = &o.tune;
        let depth = node.depth;
        if !(o.switches.lmr
            && number >= t.lmr_first_move as usize
            && depth >= t.lmr_min_depth
            && quiet
            && !node.in_check)
        {
            return 0;
        }
        if o.switches.lmr_table {
            let r = self.shared.lmr.get(depth, number) - i32::from(node.pv_node) - history_adjust;
            r.clamp(0, depth - 2)
        } else {
            1 + i32::from(number >= t.lmr_deep_move as usize && depth >= t.lmr_deep_depth)
        }
    }
}

const LMR_SIZE: usize = 64;

/// The base late move reductions by depth and move number:
/// ln(depth)·ln(move number) / (`lmr_divisor`/100) + `lmr_base`/100,
/// floored at 0.
#[derive(Debug, PartialEq)]
pub(crate) struct LmrTable {
    /// The tunables it was built from: (`lmr_divisor`, `lmr_base`).
    key: (i32, i32),
    table: Box<[[u8; LMR_SIZE]; LMR_SIZE]>,
}

impl LmrTable {
    fn build(divisor: i32, base: i32) -> LmrTable {
        let mut t = Box::new([[0u8; LMR_SIZE]; LMR_SIZE]);
        let (div, add) = (f64::from(divisor.max(1)) / 100.0, f64::from(base) / 100.0);
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = (d as f64).ln() * (m as f64).ln() / div + add;
                *r = v.clamp(0.0, 255.0) as u8;
            }
        }
        LmrTable {
            key: (divisor, base),
            table: t,
        }
    }

    /// The table for these tunables: built once and shared while searches
    /// keep asking for the same values (a few recent ones are kept, so
    /// tuner players with different values do not rebuild every search).
    pub fn for_tunables(t: &Tunables) -> Arc<LmrTable> {
        static RECENT: Mutex<Vec<Arc<LmrTable>>> = Mutex::new(Vec::new());
        let key = (t.lmr_divisor, t.lmr_base);
        let mut recent = RECENT.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = recent.iter().position(|x| x.key == key) {
            let table = recent.remove(i);
            recent.push(table.clone());
            return table;
        }
        let table = Arc::new(LmrTable::build(key.0, key.1));
        if recent.len() >= 8 {
            recent.remove(0);
        }
        recent.push(table.clone());
        table
    }

    /// The base reduction of the `index`-th move (0-based) at `depth`.
    #[inline(always)]
    pub fn get(&self, depth: i32, index: usize) -> i32 {
        self.table[(depth.max(0) as usize).min(LMR_SIZE - 1)][index.min(LMR_SIZE - 1)] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let t = LmrTable::for_tunables(&Tunables::default());
        assert_eq!(t.get(1, 30), 0);
        assert!(t.get(3, 3) >= 1);
        for d in 2..40 {
            for m in 2..60 {
                assert!(t.get(d + 1, m) >= t.get(d, m));
                assert!(t.get(d, m + 1) >= t.get(d, m));
            }
        }
        assert!(t.get(20, 40) >= 4);
    }

    /// Every entry of `table` is ln(d)·ln(m)/`divisor` + `base`, floored.
    fn assert_formula(table: &LmrTable, divisor: f64, base: f64) {
        for d in 1..LMR_SIZE {
            for m in 1..LMR_SIZE {
                let r = ((d as f64).ln() * (m as f64).ln() / divisor + base) as i32;
                assert_eq!(table.get(d as i32, m), r, "{d} {m}");
            }
        }
    }

    #[test]
    fn the_table_follows_its_formula() {
        // ln(d)·ln(m)/2 + 0.5, the constants before SPSA tuned them
        let old_constants = Tunables {
            lmr_divisor: 200,
            lmr_base: 50,
            ..Tunables::default()
        };
        let t = LmrTable::for_tunables(&old_constants);
        assert_formula(&t, 2.0, 0.5);
        let other = Tunables {
            lmr_divisor: 100,
            ..old_constants
        };
        assert!(LmrTable::for_tunables(&other).get(20, 40) > t.get(20, 40));
        // the defaults: ln(d)·ln(m)/1.84 + 0.76 (SPSA run sc2)
        assert_formula(&LmrTable::for_tunables(&Tunables::default()), 1.84, 0.76);
    }
}
