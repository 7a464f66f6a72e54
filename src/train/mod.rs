//! The NNUE trainer behind `chuhe net train`: fits the float network of
//! [`crate::eval::nnue::arch`] to training positions and writes the
//! quantized net file of [`crate::eval::nnue::file`].
//!
//! - [`source`]: where labelled positions come from (the text data of
//!   [`crate::tune::data`] today; any format behind [`source::PositionSource`]);
//! - [`features`]: each position turned once into compact feature lists
//!   (both perspectives), its target and the split by game;
//! - [`model`]: the float network, its forward pass and its gradient;
//! - [`optim`]: AdamW, the learning-rate schedule and the weight clips
//!   that keep the quantized net from overflowing;
//! - [`trainer`]: epochs of shuffled minibatches on rayon, with a fixed
//!   reduction order so that the weights do not depend on the thread count;
//! - [`checkpoint`]: float weights, optimizer state, epoch and RNG, for
//!   `--resume`;
//! - [`quantize`]: the float net rounded into a [`QuantizedNet`] and the
//!   integer forward pass the engine plays (a reference for tests).
//!
//! [`QuantizedNet`]: crate::eval::nnue::file::QuantizedNet

pub mod checkpoint;
pub mod features;
pub mod model;
pub mod optim;
pub mod quantize;
pub mod rng;
pub mod source;
pub mod trainer;
