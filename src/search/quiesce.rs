//! Quiescence search: captures only (all evasions when in check), with the
//! static evaluation as a floor when not in check; with SEE on, captures
//! that lose material are not tried.

use super::context::Context;
use super::limits::MAX_PLY;
use super::ordering::mvv_lva;
use super::score::{mated_in, INFINITY};
use super::see;
use crate::board::MoveList;

impl Context<'_> {
    /// Quiescence search of the position from the side to move's view.
    pub(super) fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let known_check = self.known_check.take();
        self.pv_len[ply] = 0;
        self.enter_node(ply);
        self.stats.qnodes += 1;
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let in_check = known_check.unwrap_or_else(|| self.pos.in_check());
        let mut best;
        let mut moves = MoveList::new();
        if in_check {
            self.pos.legal_moves_into(true, &mut moves);
            if moves.is_empty() {
                return mated_in(ply);
            }
            best = -INFINITY;
        } else {
            if self.options.lazy_eval {
                // material and position alone beat beta by more than the
                // other parts ever add: stand pat without the attack maps
                let cheap = self.evaluator.cheap_score(&self.pos);
                if cheap - self.options.tune.lazy_margin >= beta {
                    self.counter.calls += 1;
                    return cheap;
                }
            }
            let stand = self.evaluate();
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            self.pos.legal_captures_into(false, &mut moves);
        }
        let pos = &self.pos;
        moves.as_mut_slice().sort_by_key(|&m| {
            if pos.is_capture(m) {
                -mvv_lva(pos, m)
            } else {
                i32::MAX
            }
        });
        let prune_losing = self.options.see && !in_check;
        for &mv in moves.iter() {
            if prune_losing && !see::see_at_least(&mut self.pos, mv, self.options.tune.see_quiesce)
            {
                continue;
            }
            self.pos.make_move(mv);
            let v = -self.quiesce(-beta, -alpha, ply + 1);
            self.pos.unmake_move();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, mv);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
