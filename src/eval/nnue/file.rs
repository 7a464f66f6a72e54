//! The quantized net as numbers, and its file (layout in [`super::arch`]).
//!
//! The trainer builds a [`QuantizedNet`] and writes it with
//! [`QuantizedNet::to_bytes`]; the engine reads one with
//! [`QuantizedNet::from_bytes`], which refuses a file of the wrong
//! length, magic, shape or checksum with a [`NetFileError`] that says
//! which.

use super::arch::{
    bucketed_file_bytes, fnv1a64, MirrorRule, FILE_BYTES, HIDDEN, INPUTS, MAGIC, MAGIC_BUCKETS,
    MAGIC_OWN_KING,
};
use super::buckets::Buckets;
use thiserror::Error;

/// The integer weights of a net, exactly as the file holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantizedNet {
    /// Feature-transformer weights, feature-major: `[f * HIDDEN + j]`.
    pub ft_weights: Vec<i16>,
    /// Feature-transformer biases, `HIDDEN` of them.
    pub ft_bias: Vec<i16>,
    /// Output weights, `2 * HIDDEN` per bucket, bucket after bucket: the
    /// side to move's units first.
    pub out_weights: Vec<i16>,
    /// Output biases, one per bucket, in units of `QA * QB`.
    pub out_bias: Vec<i32>,
    /// The orientation rule the weights were trained under (the file's
    /// magic); always [`MirrorRule::Exact`] for a net of several buckets.
    pub rule: MirrorRule,
    /// How the net picks its output layer.
    pub buckets: Buckets,
}

/// Why a net file was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetFileError {
    /// The file is not as long as a net of this architecture.
    #[error(
        "net file has {0} bytes, a chuhe net has {FILE_BYTES} (truncated, or another architecture)"
    )]
    Length(usize),
    /// A net with output buckets is not as long as its header says.
    #[error(
        "net file has {got} bytes, a chuhe net of {buckets} output buckets has {want} (truncated, or another architecture)"
    )]
    BucketedLength {
        /// The file's length.
        got: usize,
        /// The length its bucket count asks for.
        want: usize,
        /// The bucket count the file declares.
        buckets: u32,
    },
    /// The magic bytes are wrong: not a chuhe net.
    #[error("not a chuhe net file (bad magic bytes)")]
    Magic,
    /// The output-bucket scheme is unknown to this build, or its bucket
    /// count is not the scheme's.
    #[error(
        "net has output-bucket scheme {scheme} with {count} buckets; this build knows {}",
        known_schemes()
    )]
    Buckets {
        /// The scheme number the file declares.
        scheme: u32,
        /// The bucket count the file declares.
        count: u32,
    },
    /// The layer sizes differ from this build's.
    #[error("net is {inputs} inputs x {hidden} hidden, this build plays {INPUTS} x {HIDDEN}")]
    Shape {
        /// Inputs the file declares.
        inputs: u32,
        /// Hidden units the file declares.
        hidden: u32,
    },
    /// The checksum does not match the contents: the file is damaged.
    #[error("net file checksum mismatch (damaged file)")]
    Checksum,
}

/// "1 (pieces8) or 2 (majors) with 8 buckets each", for the error.
fn known_schemes() -> String {
    Buckets::ALL
        .iter()
        .filter(|b| **b != Buckets::None)
        .map(|b| format!("{} ({}, {} buckets)", b.id(), b.name(), b.count()))
        .collect::<Vec<_>>()
        .join(", ")
}

impl QuantizedNet {
    /// A net of one bucket with every weight and bias zero (scores every
    /// position 0).
    pub fn zeros() -> QuantizedNet {
        QuantizedNet::zeros_with(Buckets::None)
    }

    /// A net of `buckets`'s output layers with every weight and bias
    /// zero, under [`MirrorRule::Exact`].
    pub fn zeros_with(buckets: Buckets) -> QuantizedNet {
        QuantizedNet {
            ft_weights: vec![0; INPUTS * HIDDEN],
            ft_bias: vec![0; HIDDEN],
            out_weights: vec![0; buckets.count() * 2 * HIDDEN],
            out_bias: vec![0; buckets.count()],
            rule: MirrorRule::Exact,
            buckets,
        }
    }

    /// The output weights of bucket `k` (`2 * HIDDEN`: us, then them).
    pub fn bucket_weights(&self, k: usize) -> &[i16] {
        &self.out_weights[k * 2 * HIDDEN..(k + 1) * 2 * HIDDEN]
    }

    /// The net file's bytes: [`FILE_BYTES`] of them for one bucket (the
    /// format before buckets), [`bucketed_file_bytes`] for more.
    ///
    /// # Panics
    /// If a vector has the wrong length, or a net of several buckets is
    /// not of [`MirrorRule::Exact`] (bugs in the caller).
    pub fn to_bytes(&self) -> Vec<u8> {
        let b = self.buckets.count();
        assert_eq!(self.ft_weights.len(), INPUTS * HIDDEN);
        assert_eq!(self.ft_bias.len(), HIDDEN);
        assert_eq!(self.out_weights.len(), b * 2 * HIDDEN);
        assert_eq!(self.out_bias.len(), b);
        let len = if b == 1 {
            FILE_BYTES
        } else {
            bucketed_file_bytes(b)
        };
        let mut out = Vec::with_capacity(len);
        if self.buckets == Buckets::None {
            out.extend_from_slice(match self.rule {
                MirrorRule::Exact => &MAGIC,
                MirrorRule::OwnKing => &MAGIC_OWN_KING,
            });
        } else {
            assert_eq!(self.rule, MirrorRule::Exact, "bucketed nets are exact");
            out.extend_from_slice(&MAGIC_BUCKETS);
            out.extend_from_slice(&self.buckets.id().to_le_bytes());
            out.extend_from_slice(&(b as u32).to_le_bytes());
        }
        out.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        for v in self
            .ft_weights
            .iter()
            .chain(&self.ft_bias)
            .chain(&self.out_weights)
        {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.out_bias {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let sum = fnv1a64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        debug_assert_eq!(out.len(), len);
        out
    }

    /// Reads a net file, checking length, magic, bucket scheme, shape and
    /// checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<QuantizedNet, NetFileError> {
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let (rule, buckets, header) = match bytes.get(..8) {
            Some(m) if m == MAGIC => (MirrorRule::Exact, Buckets::None, 8),
            Some(m) if m == MAGIC_OWN_KING => (MirrorRule::OwnKing, Buckets::None, 8),
            Some(m) if m == MAGIC_BUCKETS => {
                if bytes.len() < 16 {
                    return Err(NetFileError::Length(bytes.len()));
                }
                let (scheme, count) = (u32_at(8), u32_at(12));
                match Buckets::from_id(scheme) {
                    Some(b) if b != Buckets::None && b.count() as u32 == count => {
                        (MirrorRule::Exact, b, 16)
                    }
                    _ => return Err(NetFileError::Buckets { scheme, count }),
                }
            }
            Some(_) => return Err(NetFileError::Magic),
            None => return Err(NetFileError::Length(bytes.len())),
        };
        if bytes.len() < header + 8 {
            return Err(NetFileError::Length(bytes.len()));
        }
        let (inputs, hidden) = (u32_at(header), u32_at(header + 4));
        if inputs as usize != INPUTS || hidden as usize != HIDDEN {
            return Err(NetFileError::Shape { inputs, hidden });
        }
        let b = buckets.count();
        if b == 1 && bytes.len() != FILE_BYTES {
            return Err(NetFileError::Length(bytes.len()));
        }
        if b > 1 && bytes.len() != bucketed_file_bytes(b) {
            return Err(NetFileError::BucketedLength {
                got: bytes.len(),
                want: bucketed_file_bytes(b),
                buckets: b as u32,
            });
        }
        let body = bytes.len() - 8;
        let stored = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
        if fnv1a64(&bytes[..body]) != stored {
            return Err(NetFileError::Checksum);
        }
        let mut at = header + 8;
        let mut take_i16 = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let ft_weights = take_i16(INPUTS * HIDDEN);
        let ft_bias = take_i16(HIDDEN);
        let out_weights = take_i16(b * 2 * HIDDEN);
        let out_bias = bytes[body - 4 * b..body]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        Ok(QuantizedNet {
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
            rule,
            buckets,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_net() -> QuantizedNet {
        let mut net = QuantizedNet::zeros();
        for (i, w) in net.ft_weights.iter_mut().enumerate() {
            *w = ((i * 7919) % 511) as i16 - 255;
        }
        net.ft_bias[3] = -17;
        net.out_weights[HIDDEN + 5] = 64;
        net.out_bias[0] = -123_456;
        net
    }

    #[test]
    fn a_written_net_reads_back_equal_with_its_rule() {
        let mut net = sample_net();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        assert_eq!(&bytes[..8], b"CHUHENS1");
        assert_eq!(QuantizedNet::from_bytes(&bytes), Ok(net.clone()));
        net.rule = MirrorRule::OwnKing;
        let bytes = net.to_bytes();
        assert_eq!(&bytes[..8], b"CHUHENN1");
        assert_eq!(QuantizedNet::from_bytes(&bytes), Ok(net));
    }

    #[test]
    fn truncated_damaged_and_foreign_files_are_refused() {
        let bytes = sample_net().to_bytes();
        assert_eq!(
            QuantizedNet::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetFileError::Length(FILE_BYTES - 1))
        );
        assert_eq!(
            QuantizedNet::from_bytes(&bytes[..5]),
            Err(NetFileError::Length(5))
        );
        let mut damaged = bytes.clone();
        damaged[1000] ^= 1;
        assert_eq!(
            QuantizedNet::from_bytes(&damaged),
            Err(NetFileError::Checksum)
        );
        let mut foreign = bytes.clone();
        foreign[0] = b'X';
        assert_eq!(QuantizedNet::from_bytes(&foreign), Err(NetFileError::Magic));
        let mut wider = bytes;
        wider[12..16].copy_from_slice(&512u32.to_le_bytes());
        assert_eq!(
            QuantizedNet::from_bytes(&wider),
            Err(NetFileError::Shape {
                inputs: INPUTS as u32,
                hidden: 512
            })
        );
    }

    fn bucketed_net(buckets: Buckets) -> QuantizedNet {
        let one = sample_net();
        let mut net = QuantizedNet::zeros_with(buckets);
        net.ft_weights = one.ft_weights;
        net.ft_bias = one.ft_bias;
        for (i, w) in net.out_weights.iter_mut().enumerate() {
            *w = (i % 129) as i16 - 64;
        }
        for (k, b) in net.out_bias.iter_mut().enumerate() {
            *b = -1000 * k as i32 + 7;
        }
        net
    }

    #[test]
    fn a_bucketed_net_reads_back_equal_with_its_scheme() {
        for buckets in [Buckets::Pieces8, Buckets::Majors] {
            let net = bucketed_net(buckets);
            let bytes = net.to_bytes();
            assert_eq!(bytes.len(), bucketed_file_bytes(8));
            assert_eq!(&bytes[..8], b"CHUHENB1");
            assert_eq!(bytes[8..12], buckets.id().to_le_bytes());
            assert_eq!(bytes[12..16], 8u32.to_le_bytes());
            let read = QuantizedNet::from_bytes(&bytes).expect("reads back");
            assert_eq!(read, net);
            assert_eq!(
                read.bucket_weights(7)[5],
                net.out_weights[7 * 2 * HIDDEN + 5]
            );
        }
    }

    #[test]
    fn bucketed_files_of_a_wrong_scheme_count_length_or_checksum_are_refused() {
        let bytes = bucketed_net(Buckets::Majors).to_bytes();
        let want = bucketed_file_bytes(8);
        assert_eq!(
            QuantizedNet::from_bytes(&bytes[..want - 4]),
            Err(NetFileError::BucketedLength {
                got: want - 4,
                want,
                buckets: 8
            })
        );
        assert_eq!(
            QuantizedNet::from_bytes(&bytes[..12]),
            Err(NetFileError::Length(12))
        );
        let with = |at: usize, v: u32| {
            let mut b = bytes.clone();
            b[at..at + 4].copy_from_slice(&v.to_le_bytes());
            QuantizedNet::from_bytes(&b)
        };
        // an unknown scheme, the one-bucket scheme, a wrong count
        for (scheme, count) in [(9u32, 8u32), (0, 1), (2, 4)] {
            let mut b = bytes.clone();
            b[8..12].copy_from_slice(&scheme.to_le_bytes());
            b[12..16].copy_from_slice(&count.to_le_bytes());
            let e = QuantizedNet::from_bytes(&b);
            assert_eq!(e, Err(NetFileError::Buckets { scheme, count }));
            let text = e.unwrap_err().to_string();
            assert!(text.contains("2 (majors, 8 buckets)"), "{text}");
        }
        assert_eq!(
            with(20, 512),
            Err(NetFileError::Shape {
                inputs: INPUTS as u32,
                hidden: 512
            })
        );
        let mut damaged = bytes.clone();
        damaged[want - 20] ^= 1;
        assert_eq!(
            QuantizedNet::from_bytes(&damaged),
            Err(NetFileError::Checksum)
        );
        // a one-bucket magic on a bucketed body is the wrong length
        let mut relabelled = bytes;
        relabelled[..8].copy_from_slice(&MAGIC);
        assert!(QuantizedNet::from_bytes(&relabelled).is_err());
    }

    #[test]
    #[should_panic(expected = "bucketed nets are exact")]
    fn a_bucketed_net_of_the_own_king_rule_is_not_written() {
        let mut net = bucketed_net(Buckets::Pieces8);
        net.rule = MirrorRule::OwnKing;
        net.to_bytes();
    }
}
