//! The subcommands of the `chuhe` binary, one module each, and the few
//! helpers they share.

pub mod book;
pub mod datagen;
pub mod eval;
pub mod net;
pub mod numbers;
pub mod perft;
pub mod play;
pub mod quality;
pub mod search;
pub mod sigma;
pub mod spsa;
pub mod tune;

use chuhe::board::{Position, PositionError};
use chuhe::engine::preset::{check_deepening, preset_for_limit};
use chuhe::search::SearchOptions;

/// Makes the directory the file `path` is to be written in, so that a run
/// that could not write its result fails before its work, not after it
/// (`tune` and `net train` wrote only at the end of their epochs).
pub fn make_parent_dir(path: &std::path::Path) -> Result<(), String> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
            .map_err(|e| format!("{}: cannot make {}: {e}", path.display(), dir.display())),
        _ => Ok(()),
    }
}

/// The deepest `--depth` the commands accept (the search's own ceiling).
pub const MAX_DEPTH: i64 = chuhe::search::MAX_PLY as i64 - 16;

/// Reads a FEN and plays ICCS `moves` from it, checking each is legal.
pub fn position_with_moves<'a>(
    fen: &str,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Position, PositionError> {
    Position::from_fen_and_moves(Some(fen), moves)
}

/// Builds search options from an algorithm name, the paper switch and
/// `key=value` settings, for a search limited by a fixed depth
/// (`fixed_depth`) or by time or nodes: the paper's presets deepen
/// iteratively under the latter, and `iterative=off` is refused there (see
/// `chuhe::engine::preset`).
pub fn build_options(
    algo: Option<&str>,
    paper: bool,
    set: &[String],
    fixed_depth: bool,
) -> Result<SearchOptions, String> {
    use chuhe::search::Algorithm;
    let algorithm: Option<Algorithm> = algo.map(str::parse).transpose()?;
    let mut options = preset_for_limit(algorithm, paper, fixed_depth);
    for kv in set {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("'{kv}' is not key=value"))?;
        options.set(k, v).map_err(|e| e.to_string())?;
    }
    check_deepening(&options, fixed_depth)?;
    Ok(options)
}
