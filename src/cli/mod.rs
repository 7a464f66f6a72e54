//! The subcommands of the `chuhe` binary, one module each, and the few
//! helpers they share.

pub mod book;
pub mod eval;
pub mod perft;
pub mod play;
pub mod search;
pub mod sigma;

use chuhe::board::{Move, Position};
use chuhe::search::SearchOptions;

/// Reads a FEN and plays ICCS `moves` from it, checking each is legal.
pub fn position_with_moves<'a>(
    fen: &str,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Position, String> {
    let mut pos = Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    for text in moves {
        let mv = Move::from_iccs(text).map_err(|e| e.to_string())?;
        if !pos.is_legal(mv) {
            return Err(format!("move {mv} is illegal in {}", pos.to_fen()));
        }
        pos.make_move(mv);
    }
    Ok(pos)
}

/// Builds search options from an algorithm name, the paper switch and
/// `key=value` settings.
pub fn build_options(
    algo: Option<&str>,
    paper: bool,
    set: &[String],
) -> Result<SearchOptions, String> {
    use chuhe::search::Algorithm;
    let algorithm: Option<Algorithm> = algo.map(str::parse).transpose()?;
    let mut options = SearchOptions::preset(algorithm, paper);
    for kv in set {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("'{kv}' is not key=value"))?;
        options.set(k, v)?;
    }
    Ok(options)
}
