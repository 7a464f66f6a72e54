//! Writes the placeholder net (see `chuhe::eval::nnue::placeholder`): the
//! deterministic stand-in embedded from `nets/placeholder.nnue` until a trained
//! net replaces it.
//!
//! `cargo run --release --example nnue_placeholder -- nets/placeholder.nnue`

use chuhe::eval::nnue::placeholder::placeholder_net;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: nnue_placeholder <output file>");
        return ExitCode::FAILURE;
    };
    let bytes = placeholder_net().to_bytes();
    match std::fs::write(&path, &bytes) {
        Ok(()) => {
            eprintln!("wrote {path} ({} bytes)", bytes.len());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write {path}: {e}");
            ExitCode::FAILURE
        }
    }
}
