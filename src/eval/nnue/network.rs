//! The network as the engine plays it: the quantized weights of a
//! [`QuantizedNet`] laid out for the kernels ([`super::simd`]), one
//! 64-byte-aligned column of [`HIDDEN`] weights per input feature.

use super::arch::{MirrorRule, HIDDEN, INPUTS, QA, QB, SCALE};
use super::buckets::Buckets;
use super::file::{NetFileError, QuantizedNet};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// One column of [`HIDDEN`] `i16` values (a feature's weights, the biases,
/// an accumulator), aligned for 256-bit loads.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Column(pub [i16; HIDDEN]);

impl Column {
    /// All zeros.
    pub const ZERO: Column = Column([0; HIDDEN]);

    /// The column holding `values` (exactly [`HIDDEN`] of them).
    fn from_slice(values: &[i16]) -> Column {
        let mut c = Column::ZERO;
        c.0.copy_from_slice(values);
        c
    }
}

/// One bucket's output layer: the weights of the side to move's units
/// ([0]) and the other's ([1]), and the bias in units of `QA · QB`.
#[derive(Clone)]
pub struct OutLayer {
    /// Output weights by perspective (side to move first).
    pub w: [Column; 2],
    /// Output bias.
    pub bias: i32,
}

/// The largest output weight (in absolute value) for which
/// `v · w` with `v ≤ QA` fits an `i16`, so the AVX2 output layer may
/// multiply in 16 bits (see [`Network::narrow_output`]).
pub const NARROW_OUTPUT_MAX: i32 = i16::MAX as i32 / QA;

/// Gives every network a number of its own, so a thread's cached
/// accumulators are never reused with another net (not even one that
/// happens to be allocated at the same address).
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A loaded network: weights in columns, ready for the accumulator and the
/// output layer. Built once (from the embedded file or `evalfile`) and
/// shared by every search thread.
pub struct Network {
    /// Feature-transformer weights: column `f` is feature `f`'s.
    pub(super) ft: Box<[Column]>,
    /// Feature-transformer biases.
    pub(super) bias: Column,
    /// The output layers, one per bucket.
    pub(super) out: Box<[OutLayer]>,
    /// Bucket 0's output layer again, held inline: a net of one bucket
    /// (every net n1–n5) reads it without an indirection or a bounds
    /// check ([`Network::single_layer`]).
    pub(super) first: OutLayer,
    /// How a position picks its output layer.
    pub(super) buckets: Buckets,
    /// Every output weight is within ±[`NARROW_OUTPUT_MAX`].
    pub(super) narrow: bool,
    /// How the perspectives choose their orientation (the file's).
    pub(super) rule: MirrorRule,
    id: u64,
    /// Where the net came from (for messages).
    source: String,
}

impl Network {
    /// The network of `net`, described as `source` in messages.
    pub fn new(net: &QuantizedNet, source: &str) -> Network {
        let ft = net
            .ft_weights
            .chunks_exact(HIDDEN)
            .map(Column::from_slice)
            .collect::<Box<[Column]>>();
        debug_assert_eq!(ft.len(), INPUTS);
        let out: Box<[OutLayer]> = (0..net.buckets.count())
            .map(|k| {
                let w = net.bucket_weights(k);
                OutLayer {
                    w: [
                        Column::from_slice(&w[..HIDDEN]),
                        Column::from_slice(&w[HIDDEN..]),
                    ],
                    bias: net.out_bias[k],
                }
            })
            .collect();
        let narrow = net
            .out_weights
            .iter()
            .all(|&w| i32::from(w).abs() <= NARROW_OUTPUT_MAX);
        Network {
            ft,
            bias: Column::from_slice(&net.ft_bias),
            first: out[0].clone(),
            out,
            buckets: net.buckets,
            narrow,
            rule: net.rule,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            source: source.to_string(),
        }
    }

    /// The network of a net file's bytes, or why they were refused.
    pub fn from_bytes(bytes: &[u8], source: &str) -> Result<Network, NetFileError> {
        Ok(Network::new(&QuantizedNet::from_bytes(bytes)?, source))
    }

    /// The orientation rule the network was trained under.
    pub fn rule(&self) -> MirrorRule {
        self.rule
    }

    /// How the network picks its output layer.
    pub fn buckets(&self) -> Buckets {
        self.buckets
    }

    /// This network's own number (never shared with another network).
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Where the network came from: `embedded`, or a file's path.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Whether every output weight is small enough for the AVX2 output
    /// layer's 16-bit products ([`NARROW_OUTPUT_MAX`]); a wider net is
    /// scored by the exact 32-bit AVX2 path instead (same result, slower).
    pub fn narrow_output(&self) -> bool {
        self.narrow
    }

    /// The output layer of bucket `bucket`.
    #[inline(always)]
    pub fn layer(&self, bucket: usize) -> &OutLayer {
        &self.out[bucket]
    }

    /// The output layer of a net of one bucket (bucket 0's of any net).
    #[inline(always)]
    pub fn single_layer(&self) -> &OutLayer {
        &self.first
    }

    /// The score from bucket `bucket`'s output sum ([`OutLayer::score_of_sum`]).
    #[inline(always)]
    pub fn score_of_sum(&self, bucket: usize, sum: i32) -> i32 {
        self.out[bucket].score_of_sum(sum)
    }
}

impl OutLayer {
    /// The score from this layer's output sum (see [`super::arch`]):
    /// `(sum / QA + b_o) · SCALE / (QA · QB)`, integer division toward zero,
    /// `i32` with wrapping (a sum that wraps is far beyond any real
    /// output) except the final product in `i64`.
    #[inline(always)]
    pub fn score_of_sum(&self, sum: i32) -> i32 {
        let pre = (sum / QA).wrapping_add(self.bias);
        (i64::from(pre) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Network({}, id {})", self.source, self.id)
    }
}
