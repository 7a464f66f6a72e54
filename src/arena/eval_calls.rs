//! The evaluation calls of one game, summed per player: what the report's
//! table and plots show (the paper's Table 3). They are worked out from
//! the game's moves (moves.jsonl) and also kept in its games.jsonl line,
//! so a record committed without its bulky per-move log still reports
//! them when it is merged or resumed.

use super::game::{GameRecord, MoveEntry};
use serde::{Deserialize, Serialize};

/// A's evaluation calls divided by B's, move by move: A's k-th move against
/// B's k-th move of the same game, or against B's shadow search of the
/// same position when the move has `shadow_evals`. Moves without counts
/// on either side, or with B at 0, are skipped; the returned pairs are
/// (A's move number, ratio).
pub fn eval_ratios(game: &GameRecord) -> Vec<(usize, f64)> {
    let a: Vec<&MoveEntry> = game.moves.iter().filter(|m| m.player == "A").collect();
    let b: Vec<&MoveEntry> = game.moves.iter().filter(|m| m.player == "B").collect();
    let mut out = Vec::new();
    for (k, am) in a.iter().enumerate() {
        let Some(ae) = am.evals else { continue };
        let be = match am.shadow_evals {
            Some(s) => Some(s),
            None => b.get(k).and_then(|m| m.evals),
        };
        if let Some(be) = be.filter(|&x| x > 0) {
            out.push((k + 1, ae as f64 / be as f64));
        }
    }
    out
}

/// One game's evaluation-call totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EvalCalls {
    /// A's evaluation calls over its moves that report them.
    pub a_evals: u64,
    /// A's moves that report them.
    pub a_moves: usize,
    /// B's evaluation calls over its moves that report them.
    pub b_evals: u64,
    /// B's moves that report them.
    pub b_moves: usize,
    /// Sum of the per-move ratios A/B ([`eval_ratios`]).
    pub ratio_sum: f64,
    /// Largest per-move ratio.
    pub ratio_max: Option<f64>,
    /// Moves with a ratio.
    pub ratio_moves: usize,
    /// Whether the ratios came from B's shadow searches.
    pub shadow: bool,
}

impl EvalCalls {
    /// The totals of `game`'s moves.
    pub fn of_moves(game: &GameRecord) -> EvalCalls {
        let mut c = EvalCalls::default();
        for m in &game.moves {
            let Some(e) = m.evals else { continue };
            if m.player == "A" {
                c.a_evals += e;
                c.a_moves += 1;
            } else {
                c.b_evals += e;
                c.b_moves += 1;
            }
        }
        for (_, r) in eval_ratios(game) {
            c.ratio_sum += r;
            c.ratio_max = Some(c.ratio_max.map_or(r, |m| m.max(r)));
            c.ratio_moves += 1;
        }
        c.shadow = game.moves.iter().any(|m| m.shadow_evals.is_some());
        c
    }

    /// The totals of `game`: from its moves when it has them, else those
    /// kept with it (a game read back without its moves), else none.
    pub fn of(game: &GameRecord) -> Option<EvalCalls> {
        if game.moves.is_empty() {
            game.eval_calls
        } else {
            Some(EvalCalls::of_moves(game))
        }
    }

    /// A's mean evaluation calls per move.
    pub fn a_mean(&self) -> Option<f64> {
        (self.a_moves > 0).then(|| self.a_evals as f64 / self.a_moves as f64)
    }

    /// B's mean evaluation calls per move.
    pub fn b_mean(&self) -> Option<f64> {
        (self.b_moves > 0).then(|| self.b_evals as f64 / self.b_moves as f64)
    }

    /// Mean of the per-move ratios.
    pub fn ratio_mean(&self) -> Option<f64> {
        (self.ratio_moves > 0).then(|| self.ratio_sum / self.ratio_moves as f64)
    }

    /// The totals of several games together (the match's figures).
    pub fn add(&mut self, other: &EvalCalls) {
        self.a_evals += other.a_evals;
        self.a_moves += other.a_moves;
        self.b_evals += other.b_evals;
        self.b_moves += other.b_moves;
        self.ratio_sum += other.ratio_sum;
        self.ratio_max = match (self.ratio_max, other.ratio_max) {
            (Some(x), Some(y)) => Some(x.max(y)),
            (x, y) => x.or(y),
        };
        self.ratio_moves += other.ratio_moves;
        self.shadow |= other.shadow;
    }
}
