//! Opening a training-data file whatever its form: the text format of
//! [`super::data`] or the games format of [`super::games`], plain or
//! xz-compressed, told apart by their first bytes.
//!
//! xz is read through the `xz` command (`xz -dc`), streaming: it is already
//! what the data workflow uses (`xz -9`, `scripts/data-chunks.py`), it is
//! on every Linux and macOS machine, and a Rust binding would add a C
//! library build (liblzma-sys) to every build of the engine for a feature
//! only the data tools use. A missing `xz` is a clear error.

use super::data::{for_each_text_sample, Sample};
use super::games::{GameReader, MAGIC};
use crate::board::Position;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};

/// First bytes of an xz stream.
const XZ_MAGIC: &[u8; 6] = &[0xfd, b'7', b'z', b'X', b'Z', 0];

/// An open data file, decompressed, by format.
pub enum Opened {
    /// The text format (one position a line).
    Text(Box<dyn BufRead>),
    /// The games format.
    Games(GameReader<Box<dyn BufRead>>),
}

/// `e` with the file's name in front.
pub fn context(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// `xz -dc`'s output; its exit status is checked at the end of the stream,
/// so a corrupt or truncated archive is an error, not a short read.
struct XzOutput {
    child: Child,
    out: ChildStdout,
    done: bool,
}

impl Read for XzOutput {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.out.read(buf)?;
        if n == 0 && !buf.is_empty() && !self.done {
            self.done = true;
            let status = self.child.wait()?;
            if !status.success() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("xz -dc failed ({status})"),
                ));
            }
        }
        Ok(n)
    }
}

impl Drop for XzOutput {
    fn drop(&mut self) {
        if !self.done {
            // stopped early: do not leave the child behind
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Whether `path` is xz-compressed (by its first bytes).
pub fn is_xz(path: &Path) -> io::Result<bool> {
    let mut head = Vec::with_capacity(XZ_MAGIC.len());
    File::open(path)
        .and_then(|f| f.take(XZ_MAGIC.len() as u64).read_to_end(&mut head))
        .map_err(|e| context(path, e))?;
    Ok(head == XZ_MAGIC)
}

/// Opens `path` decompressed (through `xz -dc` when it is xz).
pub fn open_decompressed(path: &Path) -> io::Result<Box<dyn BufRead>> {
    if !is_xz(path)? {
        let file = File::open(path).map_err(|e| context(path, e))?;
        return Ok(Box::new(BufReader::new(file)));
    }
    let mut child = Command::new("xz")
        .arg("-dc")
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| {
            context(
                path,
                io::Error::new(e.kind(), format!("xz-compressed, but cannot run `xz`: {e}")),
            )
        })?;
    let out = child.stdout.take().expect("stdout is piped");
    Ok(Box::new(BufReader::with_capacity(
        1 << 16,
        XzOutput {
            child,
            out,
            done: false,
        },
    )))
}

/// Opens `path` and tells its format.
pub fn open(path: &Path) -> io::Result<Opened> {
    let mut r = open_decompressed(path)?;
    let head = r.fill_buf().map_err(|e| context(path, e))?;
    Ok(
        if head.starts_with(&MAGIC[..head.len().min(MAGIC.len())]) && !head.is_empty() {
            Opened::Games(GameReader::new(r))
        } else {
            Opened::Text(r)
        },
    )
}

/// Streams every training sample of a data file (either format, xz or
/// not) to `f(position, score from Red's view, result from Red's view,
/// game number)`, without holding the file in memory. A games file is
/// replayed, so the position comes without a FEN round trip; a text file's
/// positions are parsed from their FEN, and its positions without a score
/// are skipped. Returns the number of samples given to `f`.
pub fn for_each_sample(
    path: &Path,
    mut f: impl FnMut(&Position, i32, f32, u64),
) -> io::Result<u64> {
    let mut n = 0;
    match open(path)? {
        Opened::Games(mut r) => {
            while let Some(g) = r.next_game().map_err(|e| context(path, e))? {
                g.for_each_kept(|pos, score| {
                    n += 1;
                    f(pos, score, g.result, g.game)
                })
                .map_err(|e| context(path, e))?;
            }
        }
        Opened::Text(r) => {
            let mut bad = None;
            for_each_text_sample(r, |s: Sample| {
                let Some(score) = s.score else { return };
                match Position::from_fen(&s.fen) {
                    Ok(pos) => {
                        n += 1;
                        f(&pos, score, s.result, s.game)
                    }
                    Err(e) if bad.is_none() => bad = Some(format!("'{}': {e}", s.fen)),
                    Err(_) => {}
                }
            })
            .map_err(|e| context(path, e))?;
            if let Some(b) = bad {
                return Err(context(path, io::Error::new(io::ErrorKind::InvalidData, b)));
            }
        }
    }
    Ok(n)
}
