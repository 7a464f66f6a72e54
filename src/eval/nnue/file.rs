//! The quantized net as numbers, and its file (layout in [`super::arch`]).
//!
//! The trainer builds a [`QuantizedNet`] and writes it with
//! [`QuantizedNet::to_bytes`]; the engine reads one with
//! [`QuantizedNet::from_bytes`], which refuses a file of the wrong
//! length, magic, shape or checksum with a [`NetFileError`] that says
//! which.

use super::arch::{fnv1a64, MirrorRule, FILE_BYTES, HIDDEN, INPUTS, MAGIC, MAGIC_OWN_KING};
use thiserror::Error;

/// The integer weights of a net, exactly as the file holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantizedNet {
    /// Feature-transformer weights, feature-major: `[f * HIDDEN + j]`.
    pub ft_weights: Vec<i16>,
    /// Feature-transformer biases, `HIDDEN` of them.
    pub ft_bias: Vec<i16>,
    /// Output weights, `2 * HIDDEN`: the side to move's units first.
    pub out_weights: Vec<i16>,
    /// Output bias, in units of `QA * QB`.
    pub out_bias: i32,
    /// The orientation rule the weights were trained under (the file's
    /// magic).
    pub rule: MirrorRule,
}

/// Why a net file was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetFileError {
    /// The file is not as long as a net of this architecture.
    #[error(
        "net file has {0} bytes, a chuhe net has {FILE_BYTES} (truncated, or another architecture)"
    )]
    Length(usize),
    /// The magic bytes are wrong: not a chuhe net.
    #[error("not a chuhe net file (bad magic bytes)")]
    Magic,
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

impl QuantizedNet {
    /// A net with every weight and bias zero (scores every position 0).
    pub fn zeros() -> QuantizedNet {
        QuantizedNet {
            ft_weights: vec![0; INPUTS * HIDDEN],
            ft_bias: vec![0; HIDDEN],
            out_weights: vec![0; 2 * HIDDEN],
            out_bias: 0,
            rule: MirrorRule::Exact,
        }
    }

    /// The net file's bytes ([`FILE_BYTES`] of them).
    ///
    /// # Panics
    /// If a vector has the wrong length (a bug in the caller).
    pub fn to_bytes(&self) -> Vec<u8> {
        assert_eq!(self.ft_weights.len(), INPUTS * HIDDEN);
        assert_eq!(self.ft_bias.len(), HIDDEN);
        assert_eq!(self.out_weights.len(), 2 * HIDDEN);
        let mut out = Vec::with_capacity(FILE_BYTES);
        out.extend_from_slice(match self.rule {
            MirrorRule::Exact => &MAGIC,
            MirrorRule::OwnKing => &MAGIC_OWN_KING,
        });
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
        out.extend_from_slice(&self.out_bias.to_le_bytes());
        let sum = fnv1a64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        debug_assert_eq!(out.len(), FILE_BYTES);
        out
    }

    /// Reads a net file, checking length, magic, shape and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<QuantizedNet, NetFileError> {
        let rule = match bytes.get(..8) {
            Some(m) if m == MAGIC => MirrorRule::Exact,
            Some(m) if m == MAGIC_OWN_KING => MirrorRule::OwnKing,
            Some(_) => return Err(NetFileError::Magic),
            None => return Err(NetFileError::Length(bytes.len())),
        };
        if bytes.len() < 16 {
            return Err(NetFileError::Length(bytes.len()));
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let (inputs, hidden) = (u32_at(8), u32_at(12));
        if inputs as usize != INPUTS || hidden as usize != HIDDEN {
            return Err(NetFileError::Shape { inputs, hidden });
        }
        if bytes.len() != FILE_BYTES {
            return Err(NetFileError::Length(bytes.len()));
        }
        let body = FILE_BYTES - 8;
        let stored = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
        if fnv1a64(&bytes[..body]) != stored {
            return Err(NetFileError::Checksum);
        }
        let mut at = 16;
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
        let out_weights = take_i16(2 * HIDDEN);
        let out_bias = i32::from_le_bytes(bytes[body - 4..body].try_into().expect("4 bytes"));
        Ok(QuantizedNet {
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
            rule,
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
        net.out_bias = -123_456;
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
}
