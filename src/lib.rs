//! chuhe (楚河) — a Chinese chess (xiangqi) engine.
//!
//! Layers, each knowing only the one below it:
//! - [`board`]: rules, positions, move generation.

pub mod arena;
pub mod board;
pub mod eval;
pub mod search;
