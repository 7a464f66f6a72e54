//! The learned evaluation (NNUE): a perspective network over piece-square
//! inputs, beside the five-part evaluator.
//!
//! [`arch`] is the contract between the trainer (`chuhe net train`) and the
//! inference: input features, layer sizes, quantization and the net file's
//! layout. Everything else builds on it.

pub mod arch;
pub mod file;
