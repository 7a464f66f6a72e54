//! Where training positions come from.
//!
//! The trainer reads positions through [`PositionSource`], a chunk at a
//! time, so that any storage can feed it: [`TextSource`] reads the data
//! files of [`crate::tune::data::read_any`] (the text format or the
//! compact games format, plain or `.xz`); another storage only needs its
//! own implementation that yields [`Labelled`] positions.

use crate::board::Position;
use crate::tune::data::{read_any, read_samples};
use rayon::prelude::*;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

/// One training position with its labels.
#[derive(Clone, Debug)]
pub struct Labelled {
    /// A key of the game it comes from, unique across the whole data set:
    /// the validation split is by this key.
    pub game: u64,
    /// The position (board and side to move matter).
    pub position: Position,
    /// Search score in centipawns from Red's view, if known.
    pub score: Option<i32>,
    /// Game result from Red's view: 1, 0.5 or 0.
    pub result: f32,
}

/// A supply of labelled positions, read in chunks.
pub trait PositionSource {
    /// The next chunk of positions, `None` at the end.
    fn next_chunk(&mut self) -> io::Result<Option<Vec<Labelled>>>;
}

/// Data files (text or games format, `.xz` or not), one whole file per
/// chunk. A game's key mixes the file's name into the game number,
/// since files of different seeds reuse numbers.
pub struct TextSource {
    files: Vec<PathBuf>,
    next: usize,
}

impl TextSource {
    /// A source reading `files` in order.
    pub fn new(files: Vec<PathBuf>) -> TextSource {
        TextSource { files, next: 0 }
    }
}

/// The key of the file a game belongs to: FNV-1a of its name without the
/// directory and the `.xz`, and for a chunked shard (`name.NNN.txt`)
/// without the chunk number, since chunks of one shard share its game
/// numbers.
fn file_key(path: &Path) -> u64 {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let name = name.strip_suffix(".xz").unwrap_or(name);
    let name = name.strip_suffix(".txt").unwrap_or(name);
    let name = match name.rsplit_once('.') {
        Some((stem, chunk)) if !chunk.is_empty() && chunk.bytes().all(|b| b.is_ascii_digit()) => {
            stem
        }
        _ => name,
    };
    crate::eval::nnue::arch::fnv1a64(name.as_bytes())
}

/// Reads every position of one data file, text or games format, `.xz` or
/// not ([`crate::tune::data::read_any`]; FENs parsed in parallel, a FEN
/// the board cannot read is an error with the file's name).
pub fn read_text_file(path: &Path) -> io::Result<Vec<Labelled>> {
    let with_name = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let samples = read_any(path)?.samples;
    let key = file_key(path);
    samples
        .par_iter()
        .map(|s| {
            let position = Position::from_fen(&s.fen).map_err(|e| {
                with_name(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("bad FEN '{}': {e}", s.fen),
                ))
            })?;
            Ok(Labelled {
                game: key ^ crate::train::rng::mix(s.game),
                position,
                score: s.score,
                result: s.result,
            })
        })
        .collect()
}

impl PositionSource for TextSource {
    fn next_chunk(&mut self) -> io::Result<Option<Vec<Labelled>>> {
        let Some(path) = self.files.get(self.next) else {
            return Ok(None);
        };
        self.next += 1;
        read_text_file(path).map(Some)
    }
}

/// Reads all of `input` as text data (for tests and small files).
pub fn read_text(input: impl BufRead, game_key: u64) -> io::Result<Vec<Labelled>> {
    read_samples(input)?
        .into_iter()
        .map(|s| {
            let position = Position::from_fen(&s.fen).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("bad FEN '{}': {e}", s.fen),
                )
            })?;
            Ok(Labelled {
                game: game_key ^ crate::train::rng::mix(s.game),
                position,
                score: s.score,
                result: s.result,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_of_one_shard_share_a_key_and_other_files_do_not() {
        let a = file_key(Path::new("data/train/dg28-d8-s2802.000.txt.xz"));
        let b = file_key(Path::new("/tmp/dg28-d8-s2802.014.txt"));
        let c = file_key(Path::new("dg-s910.txt"));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn text_is_read_with_its_labels_and_bad_fens_are_refused() {
        let text = "#g 3 1\n4k4/9/9/9/9/9/9/9/9/3K5 w 25\n";
        let v = read_text(text.as_bytes(), 0).unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!((v[0].score, v[0].result), (Some(25), 1.0));
        assert!(read_text("#g 3 1\n4k4/9/9 w 25\n".as_bytes(), 0).is_err());
    }
}
