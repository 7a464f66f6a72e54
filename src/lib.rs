//! chuhe (楚河) — a Chinese chess (xiangqi) engine.
//!
//! Layers, each knowing only the one below it:
//! - [`board`]: rules, positions, move generation.
//! - [`eval`]: the static evaluator (five weighted parts, two profiles).
//! - [`search`]: iProbcut and alpha-beta, transposition table, time control.
//! - [`book`]: the opening book (source, binary table, probing, choice).
//! - [`engine`]: the facade front ends drive (position, search, book, options).
//! - [`protocol`]: UCCI / xiangqi UCI front end over the search.
//! - [`play`]: a game against the engine in the terminal.

pub mod arena;
pub mod board;
pub mod book;
pub mod engine;
pub mod eval;
pub mod play;
pub mod protocol;
pub mod search;
pub mod train;
pub mod tune;
