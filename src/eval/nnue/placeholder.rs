//! The placeholder net: a deterministic stand-in shipped in `nets/` until
//! the trainer's first net replaces it, built so that it is not nonsense:
//! it scores about the five-part evaluator's material and piece-square
//! values (the `default` profile's middlegame values), nothing more.
//!
//! SCReLU squares, but the difference of two squares is linear:
//! `(c + a)² − (c − a)² = 4·c·a`. So each piece kind gets pairs of hidden
//! units, both with bias `c = 128` (of `QA = 255`), fed `+a` and `−a`
//! where `a` is the kind's scaled value sum (own pieces minus the
//! enemy's, each at its square), and output weights `+w` and `−w`. The
//! scale keeps `|a| ≤ 120`, inside the clip, so the output is exactly
//! linear in the summed values (up to rounding). Regenerate with
//! `cargo run --release --example nnue_placeholder -- nets/placeholder.nnue`.

use super::arch::{feature_index, HIDDEN, QA, QB, SCALE};
use super::file::QuantizedNet;
use crate::board::{Colour, Piece, PieceKind, Square};
use crate::eval::{psq, taper};

/// Largest `|a|` a pair is fed (the clip is at ±127 around the bias).
const SPAN: f64 = 120.0;
/// The units' bias (the middle of the clip range).
const MIDDLE: i16 = 128;

/// The classic value (centipawns, middlegame) of a Red piece of `kind` on
/// `sq`: material plus position, `default` profile.
fn classic_value(kind: PieceKind, sq: Square) -> f64 {
    let t = psq::tables();
    let lanes = &t[Piece::new(Colour::Red, kind).code()][sq.index()];
    let m = psq::material_lane(crate::eval::Profile::Default);
    let p = psq::position_lane(crate::eval::Profile::Default);
    f64::from(taper::mg(lanes[m]) + taper::mg(lanes[p]))
}

/// The placeholder net (see the module docs).
pub fn placeholder_net() -> QuantizedNet {
    let mut net = QuantizedNet::zeros();
    // centipawns of output per unit of `a` per pair, both perspectives
    // together: sum = 2 · 512 · w · a, score = sum · SCALE / (QA² · QB)
    let cp_per_a_w = 1024.0 * f64::from(SCALE) / (f64::from(QA * QA) * f64::from(QB));
    let king = Square::new(4, 0);
    let mut unit = 0;
    for kind in PieceKind::ALL.into_iter().skip(1) {
        let max_value = Square::all()
            .map(|sq| classic_value(kind, sq).abs())
            .fold(1.0, f64::max);
        let gain = SPAN / (kind.max_count() as f64 * max_value);
        // output weight for one pair; more pairs when it would pass the
        // narrow AVX2 bound
        let w_total = 1.0 / (gain * cp_per_a_w);
        let pairs = (w_total / 127.0).ceil().max(1.0) as usize;
        let w = (w_total / pairs as f64).round() as i16;
        for _ in 0..pairs {
            assert!(unit + 2 <= HIDDEN, "placeholder needs too many units");
            for (u, sign) in [(unit, 1i16), (unit + 1, -1i16)] {
                net.ft_bias[u] = MIDDLE;
                net.out_weights[u] = sign * w;
                net.out_weights[HIDDEN + u] = -sign * w;
                for colour in Colour::ALL {
                    let piece = Piece::new(colour, kind);
                    for sq in Square::all() {
                        // Red's perspective (Red's king on e0): an own piece
                        // is worth its value on its square, an enemy one
                        // minus its value on its own side's square
                        let own_sq = if colour == Colour::Red {
                            sq
                        } else {
                            sq.flip_rank()
                        };
                        let value = classic_value(kind, own_sq) * gain;
                        let signed = if colour == Colour::Red { value } else { -value };
                        let f = feature_index(Colour::Red, king, piece, sq);
                        net.ft_weights[f * HIDDEN + u] = sign * signed.round() as i16;
                    }
                }
            }
            unit += 2;
        }
    }
    net
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::eval::nnue::{NetState, Network};

    fn score(net: &Network, fen: &str) -> i32 {
        NetState::evaluate_from_scratch(net, &Position::from_fen(fen).unwrap())
    }

    #[test]
    fn the_placeholder_counts_material_like_the_classic_evaluator() {
        let net = Network::new(&placeholder_net(), "placeholder");
        assert!(net.narrow_output());
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(score(&net, start), 0);
        // Black without its a9 rook: Red is ahead by about a rook, from
        // either side's view
        let up = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let red = score(&net, up);
        let rook = classic_value(PieceKind::Rook, Square::new(0, 0)) as i32;
        assert!((red - rook).abs() <= rook / 10, "{red} vs {rook}");
        let black_to_move = up.replace(" w ", " b ");
        assert_eq!(score(&net, &black_to_move), -red);
    }
}
