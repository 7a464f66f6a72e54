//! Quiescence search: captures only (all evasions when in check), with the
//! static evaluation as a floor when not in check; with SEE on, captures
//! that lose material are not tried.

use super::context::Context;
use super::limits::MAX_PLY;
use super::movepick::mvv_lva;
use super::score::{mated_in, INFINITY};
use super::see;
use crate::board::MoveList;

impl Context<'_> {
    /// Quiescence search of the position from the side to move's view
    /// (`known_check`: whether the side to move is in check, when the
    /// caller knows).
    pub(super) fn quiesce(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        known_check: Option<bool>,
    ) -> i32 {
        self.stack.clear_pv(ply);
        // Evasions that give check can go round for ever: a cannon's check
        // blocked by a piece that screens the other side's cannon, and back
        // (a depth-limited search with no clock then never ends). A repeated
        // position ends the line with the rules' verdict, as in `negamax`.
        if ply > 0 {
            if let Some(score) = self.repetition_score(ply) {
                return score;
            }
        }
        self.enter_node(ply);
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
            let stand = match self.stand_pat(beta) {
                Ok(stand) => stand,
                Err(cut) => return cut,
            };
            alpha = alpha.max(stand);
            best = stand;
            self.pos.legal_captures_into(false, &mut moves);
        }
        order_by_mvv_lva(&self.pos, &mut moves);
        let prune_losing = self.params.switches.see && !in_check;
        for &mv in moves.iter() {
            if prune_losing && !see::see_at_least(&mut self.pos, mv, self.params.tune.see_quiesce) {
                continue;
            }
            self.pos.make_move(mv);
            let v = -self.quiesce(-beta, -alpha, ply + 1, None);
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

impl Context<'_> {
    /// The static evaluation the side to move stands on, or `Err` with the
    /// score that ends the node when it is at least `beta`. With
    /// `lazyeval`, material and position alone that beat beta by more
    /// than the other parts ever add (`lazymargin`) stand without the
    /// attack maps.
    #[inline(always)]
    fn stand_pat(&mut self, beta: i32) -> Result<i32, i32> {
        if self.params.switches.lazy_eval {
            let cheap = self.evaluator.cheap_score(&self.pos);
            if cheap - self.params.tune.lazy_margin >= beta {
                self.counter.calls += 1;
                return Err(cheap);
            }
        }
        let stand = self.evaluate();
        if stand >= beta {
            return Err(stand);
        }
        Ok(stand)
    }
}

/// Captures first, by MVV/LVA (evasions that capture nothing last).
#[inline(always)]
fn order_by_mvv_lva(pos: &crate::board::Position, moves: &mut MoveList) {
    moves.as_mut_slice().sort_by_key(|&m| {
        if pos.is_capture(m) {
            -mvv_lva(pos, m)
        } else {
            i32::MAX
        }
    });
}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::search::options::SearchOptions;
    use crate::search::score::INFINITY;
    use crate::search::test_context::with_context;
    use crate::search::thread::ThreadData;

    /// Far more than the search needs, and what ends it when it loops.
    const NODE_LIMIT: u64 = 1_000_000;

    /// From a self-play game that hung at `depth 8` (datagen seed 2802,
    /// game 32293): Red's king is checked by Black's cannon through the
    /// horse; the advisor blocks and screens Red's cannon at the black king,
    /// the horse blocks that and screens Black's cannon again, and back,
    /// every four plies the same position. With no window to cut it, the
    /// quiescence search must stop at the repetition, not at `MAX_PLY`.
    #[test]
    fn a_cycle_of_checking_evasions_ends_at_the_repetition() {
        let pos = Position::from_fen("9/3kaPP2/4N4/9/2b6/6B2/9/1c2nK3/3CA4/3A5 w - - 81 131")
            .expect("valid FEN");
        assert!(pos.in_check());
        let options = SearchOptions::default();
        let mut data = ThreadData::default();
        let (aborted, seldepth) = with_context(pos, &options, NODE_LIMIT, &mut data, |ctx| {
            ctx.quiesce(-INFINITY, INFINITY, 1, None);
            (ctx.aborted, ctx.own_stats().seldepth)
        });
        assert!(!aborted, "no end in {NODE_LIMIT} nodes");
        // the cycle is four plies; a capture or two may follow its end
        assert!(seldepth <= 1 + 8, "quiescence went {seldepth} plies deep");
    }
}
