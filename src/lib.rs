//! chuhe (楚河) — a Chinese chess (xiangqi) engine.
//!
//! Layers, each knowing only the one below it:
//! - [`board`]: rules, positions, move generation.
//! - [`eval`]: the static evaluator (five weighted parts, two profiles).

pub mod board;
pub mod eval;
