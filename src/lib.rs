//! chuhe (楚河) — a Chinese chess (xiangqi) engine.
//!
//! Layers, each knowing only the one below it:
//! - [`board`]: rules, positions, move generation.
//! - [`book`]: the opening book (source, binary table, probing, choice).

pub mod board;
pub mod book;
