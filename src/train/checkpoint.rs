//! The trainer's checkpoint: settings, epoch, generator, float weights and
//! Adam's moments, so that `--resume` goes on exactly where a run stopped.
//!
//! Little-endian: magic `CHUHECK1`, the settings (`epochs` is the run's
//! total when written; a resumed run may extend it), epochs done, the
//! generator's state, Adam's step, the training and validation sizes,
//! the best validation loss so far, then parameters, first and second
//! moments (`f32` each), and an FNV-1a 64 checksum of everything before
//! it. A net of output buckets has magic `CHUHECK2` followed by its
//! scheme ([`Buckets::id`], `u32`), then the same fields with its longer
//! parameter vectors; a net of one bucket keeps the first format, so
//! checkpoints from before buckets read as they did. Written to a
//! temporary file and renamed, so a crash mid-write leaves the previous
//! checkpoint whole.

use super::model::n_params;
use super::optim::{Adam, AdamConfig};
use super::rng::Rng;
use super::trainer::{TrainConfig, TrainState};
use crate::eval::nnue::arch::fnv1a64;
use crate::eval::nnue::buckets::Buckets;
use std::fs;
use std::io;
use std::path::Path;

/// The magic of a checkpoint of one output bucket.
const MAGIC: &[u8; 8] = b"CHUHECK1";
/// The magic of a checkpoint of several output buckets.
const MAGIC_BUCKETS: &[u8; 8] = b"CHUHECK2";

/// What a checkpoint holds besides the state: the settings and the sizes
/// of the data it was trained on (a resume on other data is refused).
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The run's settings.
    pub config: TrainConfig,
    /// The training state.
    pub state: TrainState,
    /// Positions in the training set.
    pub n_train: u64,
    /// Positions in the validation set.
    pub n_val: u64,
    /// The lowest validation loss of the run so far (the net file holds
    /// that epoch's net); infinite before the first epoch.
    pub best_val: f64,
}

fn bad(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("bad checkpoint: {what}"),
    )
}

/// Reads little-endian numbers in order (lengths checked beforehand).
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let v = self.bytes[self.at..self.at + N]
            .try_into()
            .expect("length checked");
        self.at += N;
        v
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
    fn f32(&mut self) -> f32 {
        f32::from_le_bytes(self.take())
    }
}

impl Checkpoint {
    /// The checkpoint's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let c = &self.config;
        let mut b = Vec::with_capacity(16 * 1024 + 12 * self.state.params.len());
        if c.buckets == Buckets::None {
            b.extend_from_slice(MAGIC);
        } else {
            b.extend_from_slice(MAGIC_BUCKETS);
            b.extend_from_slice(&c.buckets.id().to_le_bytes());
        }
        for x in [c.epochs as u64, c.batch as u64, c.seed] {
            b.extend_from_slice(&x.to_le_bytes());
        }
        let a = &c.adam;
        for x in [
            c.lr,
            c.final_lr_frac,
            c.lambda,
            c.k,
            a.beta1,
            a.beta2,
            a.eps,
            a.weight_decay,
        ] {
            b.extend_from_slice(&x.to_le_bytes());
        }
        let s = &self.state;
        for x in [
            s.epoch as u64,
            s.rng.state,
            s.adam.step,
            self.n_train,
            self.n_val,
        ] {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b.extend_from_slice(&self.best_val.to_le_bytes());
        for v in [&s.params, &s.adam.m, &s.adam.v] {
            for x in v.iter() {
                b.extend_from_slice(&x.to_le_bytes());
            }
        }
        let sum = fnv1a64(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    /// Reads a checkpoint, checking its magic, scheme, length and checksum.
    pub fn from_bytes(bytes: &[u8]) -> io::Result<Checkpoint> {
        let (buckets, header) = match bytes.get(..8) {
            Some(m) if m == MAGIC => (Buckets::None, 8),
            Some(m) if m == MAGIC_BUCKETS && bytes.len() >= 12 => {
                let id = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
                match Buckets::from_id(id) {
                    Some(b) if b != Buckets::None => (b, 12),
                    _ => return Err(bad(&format!("unknown output-bucket scheme {id}"))),
                }
            }
            _ => return Err(bad("magic")),
        };
        let n = n_params(buckets.count());
        let want = header + 3 * 8 + 8 * 4 + 6 * 8 + 3 * 4 * n + 8;
        if bytes.len() != want {
            return Err(bad(&format!(
                "{} bytes, expected {want} for output buckets {buckets}",
                bytes.len()
            )));
        }
        let body = want - 8;
        if fnv1a64(&bytes[..body]).to_le_bytes() != bytes[body..] {
            return Err(bad("checksum mismatch"));
        }
        let mut r = Cursor { bytes, at: header };
        let (epochs, batch, seed) = (r.u64(), r.u64(), r.u64());
        let h: Vec<f32> = (0..8).map(|_| r.f32()).collect();
        let (epoch, rng, step, n_train, n_val) = (r.u64(), r.u64(), r.u64(), r.u64(), r.u64());
        let best_val = f64::from_bits(r.u64());
        let mut arr = || -> Vec<f32> { (0..n).map(|_| r.f32()).collect() };
        let (params, m, v) = (arr(), arr(), arr());
        Ok(Checkpoint {
            config: TrainConfig {
                epochs: epochs as usize,
                batch: batch as usize,
                lr: h[0],
                final_lr_frac: h[1],
                lambda: h[2],
                k: h[3],
                seed,
                adam: AdamConfig {
                    beta1: h[4],
                    beta2: h[5],
                    eps: h[6],
                    weight_decay: h[7],
                },
                buckets,
            },
            state: TrainState {
                params,
                adam: Adam { m, v, step },
                epoch: epoch as usize,
                rng: Rng::new(rng),
            },
            n_train,
            n_val,
            best_val,
        })
    }

    /// Writes the checkpoint to `path` (through `path.tmp` and a rename).
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let tmp = path.with_extension("tmp");
        fs::write(&tmp, self.to_bytes())?;
        fs::rename(&tmp, path)
    }

    /// Reads the checkpoint at `path`.
    pub fn load(path: &Path) -> io::Result<Checkpoint> {
        fs::read(path)
            .and_then(|b| Checkpoint::from_bytes(&b))
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checkpoint(buckets: Buckets) -> Checkpoint {
        let mut state = TrainState::fresh(5, buckets);
        let n = state.params.len();
        state.epoch = 3;
        state.adam.step = 77;
        state.adam.m[10] = 0.25;
        state.adam.v[n - 1] = 1.5;
        Checkpoint {
            config: TrainConfig {
                epochs: 9,
                batch: 512,
                lr: 1e-3,
                final_lr_frac: 0.05,
                lambda: 0.3,
                k: 120.0,
                seed: 5,
                adam: AdamConfig::default(),
                buckets,
            },
            state,
            n_train: 1000,
            n_val: 50,
            best_val: 0.0061,
        }
    }

    #[test]
    fn a_checkpoint_reads_back_equal_and_damage_is_refused() {
        for buckets in Buckets::ALL {
            let ck = checkpoint(buckets);
            let bytes = ck.to_bytes();
            let magic: &[u8] = if buckets == Buckets::None {
                MAGIC
            } else {
                MAGIC_BUCKETS
            };
            assert_eq!(&bytes[..8], magic);
            assert_eq!(Checkpoint::from_bytes(&bytes).unwrap(), ck);
            let mut damaged = bytes.clone();
            damaged[100] ^= 4;
            assert!(Checkpoint::from_bytes(&damaged).is_err());
            assert!(Checkpoint::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        }
    }

    #[test]
    fn a_one_bucket_checkpoint_keeps_the_format_from_before_buckets() {
        let bytes = checkpoint(Buckets::None).to_bytes();
        // magic, 3 settings, 8 numbers, 5 counters, the best loss, three
        // vectors of the one-bucket parameters, the checksum
        let n = super::super::model::N_PARAMS;
        assert_eq!(bytes.len(), 8 + 3 * 8 + 8 * 4 + 6 * 8 + 3 * 4 * n + 8);
        // a bucketed checkpoint whose scheme is unknown is refused by name
        let mut other = checkpoint(Buckets::Majors).to_bytes();
        other[8..12].copy_from_slice(&9u32.to_le_bytes());
        let e = Checkpoint::from_bytes(&other).unwrap_err().to_string();
        assert!(e.contains("scheme 9"), "{e}");
    }
}
