//! Training positions turned into linear traces (see
//! [`crate::eval::trace`]), stored flat for fast passes, and the split into
//! a training and a held-out part by game.

use super::data::Sample;
use crate::board::Position;
use crate::eval::trace::trace;
use rayon::prelude::*;

/// Traced positions in compressed rows.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Phase of each position as a fraction of the full phase (1 = start).
    pub phase: Vec<f64>,
    /// Game result, Red's view (1, 0.5, 0).
    pub result: Vec<f64>,
    /// Search score, Red's view, centipawns (`NaN` when unknown).
    pub score: Vec<f64>,
    /// Row `j` holds `index[offset[j]..offset[j + 1]]`.
    pub offset: Vec<usize>,
    /// Parameter index per coefficient.
    pub index: Vec<u16>,
    /// Coefficients.
    pub coef: Vec<f32>,
    /// Drawish-material scale factors of each position (a score
    /// favouring Red, one favouring Black; 1 = unscaled), see
    /// [`crate::eval::drawish`].
    pub scale: Vec<[f32; 2]>,
    /// Whether [`Dataset::eval`] applies them (the fit then models an
    /// evaluator with `drawish` on).
    pub drawish: bool,
}

impl Dataset {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.phase.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.phase.is_empty()
    }

    /// Traces `samples` (in parallel); unreadable FENs are skipped.
    pub fn from_samples<'a>(samples: impl IntoParallelIterator<Item = &'a Sample>) -> Dataset {
        let rows: Vec<_> = samples
            .into_par_iter()
            .filter_map(|s| {
                let pos = Position::from_fen(&s.fen).ok()?;
                Some((trace(&pos), s.result, s.score))
            })
            .collect();
        let mut d = Dataset {
            offset: vec![0],
            ..Dataset::default()
        };
        for (t, result, score) in rows {
            d.phase
                .push(t.phase as f64 / crate::eval::features::MAX_PHASE as f64);
            d.result.push(result as f64);
            let full = crate::eval::drawish::FULL as f32;
            d.scale.push(t.scale.map(|k| k as f32 / full));
            d.score.push(score.map_or(f64::NAN, f64::from));
            for (i, c) in t.coefs {
                d.index.push(i);
                d.coef.push(c as f32);
            }
            d.offset.push(d.index.len());
        }
        d
    }

    /// This data set with the drawish-material scaling applied by
    /// [`Dataset::eval`] or not.
    pub fn with_drawish(mut self, on: bool) -> Dataset {
        self.drawish = on;
        self
    }

    /// The evaluation of position `j` (Red's view) with parameters
    /// `theta` = middlegame values then endgame values, scaled for
    /// drawish material when the data set says so.
    #[inline]
    pub fn eval(&self, j: usize, theta: &[f64]) -> f64 {
        let raw = self.linear_eval(j, theta);
        raw * self.scale_factor(j, raw)
    }

    /// What [`Dataset::eval`] multiplies the linear evaluation `raw` of
    /// position `j` by (1 without the drawish scaling); the gradient of
    /// the evaluation is the linear one times this.
    #[inline]
    pub fn scale_factor(&self, j: usize, raw: f64) -> f64 {
        if !self.drawish {
            return 1.0;
        }
        let [red, black] = self.scale[j];
        f64::from(if raw > 0.0 { red } else { black })
    }

    /// The linear evaluation of position `j` (Red's view, unscaled).
    #[inline]
    pub fn linear_eval(&self, j: usize, theta: &[f64]) -> f64 {
        let n = theta.len() / 2;
        let p = self.phase[j];
        let (mg, eg) = theta.split_at(n);
        let mut e = 0.0;
        for k in self.offset[j]..self.offset[j + 1] {
            let i = self.index[k] as usize;
            e += self.coef[k] as f64 * (mg[i] * p + eg[i] * (1.0 - p));
        }
        e
    }
}

/// Whether game `game` belongs to the held-out tenth (by a hash of its
/// number, so that consecutive games spread over both parts).
pub fn held_out(game: u64) -> bool {
    let mut x = game.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (x ^ (x >> 31)).is_multiple_of(10)
}

/// Splits samples into (training, held-out) by game.
pub fn split(samples: &[Sample]) -> (Vec<&Sample>, Vec<&Sample>) {
    samples.iter().partition(|s| !held_out(s.game))
}
