//! Positions turned once into what training needs, stored flat: each
//! position's active features from both perspectives (one `u16` per piece
//! and perspective, [`arch::feature_index`]), its material mask (which
//! output bucket it uses, [`crate::eval::nnue::buckets`]), its search
//! score and game result from the side to move's view, and which part
//! (training or validation) its game belongs to.
//!
//! About 4·pieces + 20 bytes a position (≈ 115 bytes in a middlegame), so
//! 30 M positions take about 3 GB.

use super::rng::mix;
use super::source::{Labelled, PositionSource};
use crate::board::{Colour, Position};
use crate::eval::nnue::arch::{self, MirrorRule};
use crate::eval::nnue::buckets::{material, Buckets};
use std::io;

/// The feature lists of `pos` as the trainer encodes it (the rule of
/// [`arch::mirrored`]): the side to move's ("us") then the other side's
/// ("them"), one feature per piece in each.
pub fn features(pos: &Position) -> (Vec<u16>, Vec<u16>) {
    features_by(MirrorRule::Exact, pos)
}

/// [`features`] under `rule` (the reference forward of a net file of
/// either rule).
pub fn features_by(rule: MirrorRule, pos: &Position) -> (Vec<u16>, Vec<u16>) {
    let us = pos.side_to_move();
    let list = |persp: Colour| -> Vec<u16> {
        let mirror = arch::mirrored_in_by(rule, persp, pos);
        Colour::ALL
            .iter()
            .flat_map(|&c| pos.pieces_of(c))
            .map(|(sq, piece)| arch::feature_index(persp, mirror, piece, sq) as u16)
            .collect()
    };
    (list(us), list(us.opposite()))
}

/// Encoded positions, flat.
#[derive(Clone, Debug, Default)]
pub struct TrainSet {
    /// Position `i`'s features are `feats[start[i]..start[i + 1]]`: first
    /// half "us", second half "them".
    pub feats: Vec<u16>,
    /// Start of each position's features, plus the end.
    pub start: Vec<u64>,
    /// Material mask of each position ([`material`]): its output bucket
    /// under any scheme.
    pub material: Vec<u32>,
    /// Search score, centipawns, side to move's view (`NaN` when unknown).
    pub score: Vec<f32>,
    /// Game result from the side to move's view: 1, 0.5 or 0.
    pub result: Vec<f32>,
}

impl TrainSet {
    /// An empty set.
    pub fn new() -> TrainSet {
        TrainSet {
            start: vec![0],
            ..TrainSet::default()
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.score.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.score.is_empty()
    }

    /// Adds one labelled position.
    pub fn push(&mut self, l: &Labelled) {
        let (us, them) = features(&l.position);
        debug_assert_eq!(us.len(), them.len());
        self.feats.extend_from_slice(&us);
        self.feats.extend_from_slice(&them);
        self.start.push(self.feats.len() as u64);
        self.material.push(material(&l.position));
        let red = l.position.side_to_move() == Colour::Red;
        let score = l.score.map_or(f32::NAN, |s| s as f32);
        self.score.push(if red { score } else { -score });
        self.result
            .push(if red { l.result } else { 1.0 - l.result });
    }

    /// Position `i`'s ("us", "them") features.
    #[inline]
    pub fn features(&self, i: usize) -> (&[u16], &[u16]) {
        let (a, b) = (self.start[i] as usize, self.start[i + 1] as usize);
        self.feats[a..b].split_at((b - a) / 2)
    }

    /// Position `i`'s output bucket under `buckets`.
    #[inline]
    pub fn bucket(&self, i: usize, buckets: Buckets) -> usize {
        buckets.bucket(self.material[i])
    }

    /// The training target of position `i`: `λ·result + (1 − λ)·σ(score/K)`
    /// from the side to move's view (the result alone without a score).
    #[inline]
    pub fn target(&self, i: usize, lambda: f32, k: f32) -> f32 {
        let s = self.score[i];
        if s.is_nan() {
            self.result[i]
        } else {
            lambda * self.result[i] + (1.0 - lambda) * sigmoid(s / k)
        }
    }
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Whether a game goes to the validation part: `percent` of the games,
/// chosen by a hash of the game's key and the seed.
pub fn is_validation(game: u64, seed: u64, percent: f64) -> bool {
    let h = mix(game ^ mix(seed ^ 0x5eed_5eed));
    ((h >> 11) as f64 / (1u64 << 53) as f64) * 100.0 < percent
}

/// Reads every position of `source` into a training and a validation set
/// (by game), calling `progress` with the count read so far after each
/// chunk. `limit` stops after that many positions.
pub fn load(
    source: &mut dyn PositionSource,
    seed: u64,
    val_percent: f64,
    limit: Option<usize>,
    progress: &mut dyn FnMut(usize),
) -> io::Result<(TrainSet, TrainSet)> {
    let (mut train, mut val) = (TrainSet::new(), TrainSet::new());
    let mut n = 0;
    while let Some(chunk) = source.next_chunk()? {
        for l in &chunk {
            if limit.is_some_and(|m| n >= m) {
                break;
            }
            if is_validation(l.game, seed, val_percent) {
                val.push(l);
            } else {
                train.push(l);
            }
            n += 1;
        }
        progress(n);
        if limit.is_some_and(|m| n >= m) {
            break;
        }
    }
    Ok((train, val))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::source::read_text;

    #[test]
    fn the_start_position_has_32_features_a_side_and_labels_turn_with_the_side() {
        let text = "#g 1 1\n\
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 30\n\
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b 30\n";
        let mut set = TrainSet::new();
        for l in read_text(text.as_bytes(), 0).unwrap() {
            set.push(&l);
        }
        let (us, them) = set.features(0);
        assert_eq!((us.len(), them.len()), (32, 32));
        // the start position is symmetric: both sides see the same features
        let (mut a, mut b) = (us.to_vec(), them.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        assert_eq!((set.score[0], set.result[0]), (30.0, 1.0));
        assert_eq!((set.score[1], set.result[1]), (-30.0, 0.0));
        assert!((set.target(0, 0.5, 100.0) - (0.5 + 0.5 * sigmoid(0.3))).abs() < 1e-6);
        // all 32 pieces: the last pieces bucket, both sides' rooks level
        // with many minors for the majors
        assert_eq!(set.bucket(0, Buckets::None), 0);
        assert_eq!(set.bucket(1, Buckets::Pieces8), 7);
        assert_eq!(set.bucket(1, Buckets::Majors), 5);
    }

    #[test]
    fn the_validation_split_keeps_games_whole_and_is_about_the_share_asked() {
        let n = (0..10_000u64)
            .filter(|&g| is_validation(g, 1, 10.0))
            .count();
        assert!((800..1200).contains(&n), "{n}");
        assert_eq!(is_validation(42, 1, 10.0), is_validation(42, 1, 10.0));
    }
}
