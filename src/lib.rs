//! chuhe (楚河) — a Chinese chess (xiangqi) engine.
//!
//! Layers, each knowing only the one below it:
//! - [`board`]: rules, positions, move generation.
//! - [`protocol`]: UCCI / xiangqi UCI front end over the search.

pub mod board;
pub mod eval;
pub mod protocol;
pub mod search;
