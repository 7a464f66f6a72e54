//! Lazy static evaluation for the futility family in the main search
//! (`lazy_search`): material and position first, the attack-map parts only
//! when the cheap score is within `lazy_margin` of a pruning decision.
//!
//! The static evaluation at a non-PV node is only compared: reverse
//! futility fires when `eval − rfp·depth ≥ beta`, futility when
//! `eval + futility·depth ≤ alpha`. If the attack-map parts are taken to add
//! at most `lazy_margin` either way, a cheap score far enough from both
//! thresholds settles them, and a bound stands in for the evaluation:
//! `cheap − margin` (a lower bound) when reverse futility fires, `cheap +
//! margin` (an upper bound) when it cannot and futility either fires or
//! does not apply. The margin holds for about 99 % of positions, so the
//! tree can change: a switch, off in the paper presets.

use super::context::Context;
use super::score::MATE_BOUND;

impl Context<'_> {
    /// The static evaluation the futility family at a non-PV node uses:
    /// the full [`Context::evaluate`], or with `lazy_search` a bound from
    /// the cheap score that leads to the same pruning decisions (see the
    /// module docs). Counts one evaluation either way.
    #[inline(always)]
    pub(super) fn pruning_eval(&mut self, depth: i32, alpha: i32, beta: i32) -> i32 {
        let o = self.options;
        if !o.switches.lazy_search
            || (o.switches.eval_cache && self.eval_cache.get(self.pos.key()).is_some())
        {
            return self.evaluate();
        }
        let cheap = self.evaluator.cheap_score(&self.pos);
        let (low, high) = (cheap - o.tune.lazy_margin, cheap + o.tune.lazy_margin);
        let rfp_applies =
            o.switches.reverse_futility && depth <= o.tune.rfp_depth && beta.abs() < MATE_BOUND;
        let futility_applies =
            o.switches.futility && depth <= o.tune.futility_depth && alpha.abs() < MATE_BOUND;
        let settled = if rfp_applies && low - o.tune.rfp_margin * depth >= beta {
            // reverse futility fires on the lower bound
            Some(low)
        } else if futility_applies && high + o.tune.futility_margin * depth <= alpha {
            // futility fires on the upper bound (reverse futility cannot:
            // high − rfp·depth ≤ alpha < beta)
            Some(high)
        } else if !futility_applies && (!rfp_applies || high - o.tune.rfp_margin * depth < beta) {
            // nothing fires, whatever the attack-map parts add
            Some(high)
        } else {
            None
        };
        match settled {
            Some(v) => {
                self.counter.calls += 1;
                v
            }
            None => self.evaluate(),
        }
    }
}
