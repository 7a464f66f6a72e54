//! The linear trace of the `default` evaluation: for a position, the
//! coefficient of every parameter (material and piece-square tables from
//! the pieces on the board, the other terms from [`super::features`]), and
//! the game phase. With all part weights at 100 the evaluation is
//! `Σ coef_i · (mg_i · phase + eg_i · (MAX_PHASE − phase)) / MAX_PHASE`
//! (up to the rounding of each part), Red's view — linear in the
//! parameters, which is what makes tuning fast.

use super::attacks::AttackInfo;
use super::features::{self, Counts, Sink, MAX_PHASE};
use super::layout::{psq_index, MATERIAL, N_PARAMS};
use crate::board::{Colour, Position, Square};

/// The coefficients of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// Game phase, 0..=[`MAX_PHASE`].
    pub phase: i32,
    /// `(parameter, coefficient)`, nonzero coefficients only, by index.
    pub coefs: Vec<(u16, i16)>,
    /// The drawish-material scale ([`super::drawish`], out of
    /// [`super::drawish::FULL`]) of a score favouring Red, and of one
    /// favouring Black: not linear, so kept beside the coefficients.
    pub scale: [i32; 2],
}

struct Dense([i32; N_PARAMS]);

impl Sink for Dense {
    #[inline]
    fn add(&mut self, param: usize, coef: i32) {
        self.0[param] += coef;
    }
}

/// The trace of `pos`.
pub fn trace(pos: &Position) -> Trace {
    let mut d = Dense([0; N_PARAMS]);
    for colour in Colour::ALL {
        let sign = colour.sign();
        for (sq, piece) in pos.pieces_of(colour) {
            let kind = piece.kind().index();
            d.add(MATERIAL + kind, sign);
            d.add(
                psq_index(kind, sq.file() as usize, own_rank(colour, sq)),
                sign,
            );
        }
    }
    let n = Counts::of(pos);
    features::imbalance(&n, &mut d);
    let a = AttackInfo::compute(pos);
    features::mobility(&a, &mut d);
    features::coordination(pos, &a, &mut d);
    features::threat(pos, &a, &mut d, |c, file_open, d| {
        features::king_material(&n, c, d);
        if file_open {
            features::open_file(&n, c, d);
        }
    });
    Trace {
        phase: n.phase(),
        scale: Colour::ALL.map(|strong| super::drawish::scale(pos, strong)),
        coefs: d
            .0
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c as i16))
            .collect(),
    }
}

/// The rank of `sq` as seen from `colour`'s side (0 = its back rank).
#[inline]
pub fn own_rank(colour: Colour, sq: Square) -> usize {
    match colour {
        Colour::Red => sq.rank() as usize,
        Colour::Black => 9 - sq.rank() as usize,
    }
}

impl Trace {
    /// The evaluation of the traced position (Red's view, all part weights
    /// 100) with parameters `mg` and `eg`, without rounding.
    pub fn evaluate(&self, mg: &[f64], eg: &[f64]) -> f64 {
        let p = self.phase as f64 / MAX_PHASE as f64;
        self.coefs
            .iter()
            .map(|&(i, c)| c as f64 * (mg[i as usize] * p + eg[i as usize] * (1.0 - p)))
            .sum()
    }

    /// `red_view` (an evaluation of the traced position, e.g. from
    /// [`Trace::evaluate`]) scaled for drawish material as an evaluator
    /// with `drawish` on scales it.
    pub fn scaled(&self, red_view: f64) -> f64 {
        red_view * self.scale_factor(red_view)
    }

    /// The factor [`Trace::scaled`] multiplies `red_view` by.
    pub fn scale_factor(&self, red_view: f64) -> f64 {
        let k = if red_view > 0.0 {
            self.scale[0]
        } else {
            self.scale[1]
        };
        k as f64 / super::drawish::FULL as f64
    }
}
