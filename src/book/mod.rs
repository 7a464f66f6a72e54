//! The opening book: a text source of named opening lines (`book/lines.txt`),
//! a compact sorted binary table built from it (`book/chuhe.bin`, embedded in
//! the program), mirror-aware probing and weighted move choice.
//!
//! # Binary format (`CHUHEBK1`)
//!
//! All numbers little-endian.
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `CHUHEBK1` |
//! | 8 | 4 | entry count `n` (u32) |
//! | 12 | 4 | reserved, 0 |
//! | 16 | 12·n | entries |
//!
//! Each entry is `key: u64` (the position's Zobrist key, side to move
//! included), `move: u16` ([`Move::raw`]), `weight: u16` (≥ 1). Entries are
//! sorted by `(key, move)` with no duplicates, so a probe is a binary search
//! for the first entry of a key followed by a short scan.
//!
//! # Mirror-aware probing
//!
//! Xiangqi is left-right symmetric, so [`Book::probe`] also looks up the
//! mirrored position ([`Position::mirrored`]) and maps its moves back with
//! [`Move::mirror_file`]: a line stored for the right wing (`h2e2`) answers
//! for the left (`b2e2`) as well. Positions that are their own mirror (the
//! start position) are looked up once, so their weights stay as written.

mod choose;
pub mod eleeye;
mod source;

pub use choose::{choose_move, Randomness};
pub use source::{BookLine, BookSource, BookStats, MoveVerifier, VerifyFailure};

use crate::board::{Move, Position};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

/// The magic bytes that open a binary book.
pub const MAGIC: &[u8; 8] = b"CHUHEBK1";
/// Size of the binary header in bytes.
pub const HEADER_LEN: usize = 16;
/// Size of one binary entry in bytes.
pub const ENTRY_LEN: usize = 12;

/// The book source shipped with the program (`book/lines.txt`).
pub const BUILTIN_SOURCE: &str = include_str!("../../book/lines.txt");
/// The binary book shipped with the program (`book/chuhe.bin`), built from
/// [`BUILTIN_SOURCE`] by `chuhe book build`; a test keeps them in step.
pub static BUILTIN_BINARY: &[u8] = include_bytes!("../../book/chuhe.bin");

/// Why a book could not be read, built or loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookError {
    /// A source line is malformed (1-based line number).
    Syntax { line: usize, message: String },
    /// A move of a source line is not legal where it is played.
    IllegalMove {
        line: usize,
        name: String,
        ply: usize,
        mv: String,
        fen: String,
    },
    /// The binary data is not a valid book.
    Corrupt(String),
    /// A file could not be read or written.
    Io(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            BookError::IllegalMove {
                line,
                name,
                ply,
                mv,
                fen,
            } => write!(
                f,
                "line {line} ({name}): move {ply} '{mv}' is illegal in position {fen}"
            ),
            BookError::Corrupt(m) => write!(f, "not a valid binary book: {m}"),
            BookError::Io(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for BookError {}

/// A binary opening book: a sorted table of `(key, move, weight)` entries,
/// probed in place by binary search.
#[derive(Clone, PartialEq, Eq)]
pub struct Book {
    /// The whole validated binary image, header included.
    data: Cow<'static, [u8]>,
}

impl fmt::Debug for Book {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Book({} entries)", self.len())
    }
}

impl Book {
    /// The book embedded in the program (parsed once, then shared).
    pub fn builtin() -> &'static Book {
        static BUILTIN: std::sync::OnceLock<Book> = std::sync::OnceLock::new();
        BUILTIN.get_or_init(|| {
            Book::from_static(BUILTIN_BINARY).expect("the embedded book/chuhe.bin is valid")
        })
    }

    /// Reads a binary book, copying the bytes. Rejects (never panics on)
    /// truncated, garbled or unsorted data.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        validate(bytes)?;
        Ok(Book {
            data: Cow::Owned(bytes.to_vec()),
        })
    }

    /// Like [`Book::from_bytes`] for data that lives for the whole program
    /// (no copy).
    pub fn from_static(bytes: &'static [u8]) -> Result<Book, BookError> {
        validate(bytes)?;
        Ok(Book {
            data: Cow::Borrowed(bytes),
        })
    }

    /// Builds a book from `(key, move, weight)` triples; weights of the same
    /// key and move are added (saturating at `u16::MAX`), zero weights dropped.
    pub fn from_entries(entries: impl IntoIterator<Item = (u64, Move, u32)>) -> Book {
        let mut table: BTreeMap<(u64, u16), u32> = BTreeMap::new();
        for (key, mv, w) in entries {
            if w > 0 && !mv.is_null() {
                let e = table.entry((key, mv.raw())).or_insert(0);
                *e = e.saturating_add(w);
            }
        }
        let mut data = Vec::with_capacity(HEADER_LEN + ENTRY_LEN * table.len());
        data.extend_from_slice(MAGIC);
        data.extend_from_slice(&(table.len() as u32).to_le_bytes());
        data.extend_from_slice(&0u32.to_le_bytes());
        for ((key, mv), w) in table {
            data.extend_from_slice(&key.to_le_bytes());
            data.extend_from_slice(&mv.to_le_bytes());
            data.extend_from_slice(&(w.min(u16::MAX as u32) as u16).to_le_bytes());
        }
        Book {
            data: Cow::Owned(data),
        }
    }

    /// Loads a book file: either the binary format (recognised by its magic)
    /// or the text source format, which is parsed, checked and built.
    pub fn load(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        Book::from_file_bytes(path, &read_book_file(path)?)
    }

    /// A book from the contents of the file at `path` (named in errors):
    /// the binary format or the text source, as [`Book::load`] reads them.
    fn from_file_bytes(path: &Path, bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.starts_with(MAGIC) {
            return Book::from_bytes(bytes);
        }
        let text = std::str::from_utf8(bytes).map_err(|_| {
            BookError::Corrupt(format!(
                "{} is neither a binary book nor UTF-8 book source",
                path.display()
            ))
        })?;
        Ok(BookSource::parse(text)?.to_book())
    }

    /// The binary image (header and entries).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.data.to_vec()
    }

    /// Number of `(position, move)` entries.
    pub fn len(&self) -> usize {
        (self.data.len() - HEADER_LEN) / ENTRY_LEN
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of distinct positions.
    pub fn positions(&self) -> usize {
        let mut n = 0;
        let mut last = None;
        for i in 0..self.len() {
            let k = self.entry(i).0;
            if last != Some(k) {
                n += 1;
                last = Some(k);
            }
        }
        n
    }

    /// Entry `i`: key, raw move, weight.
    fn entry(&self, i: usize) -> (u64, u16, u16) {
        read_entry(&self.data, i)
    }

    /// Every entry as `(key, move, weight)`, in key order.
    pub fn entries(&self) -> impl Iterator<Item = (u64, Move, u16)> + '_ {
        (0..self.len()).map(|i| {
            let (k, m, w) = self.entry(i);
            (k, Move::from_raw(m).unwrap_or(Move::NULL), w)
        })
    }

    /// The stored moves of the position with Zobrist key `key`, exactly as
    /// stored (no mirroring, no legality check).
    pub fn probe_key(&self, key: u64) -> Vec<(Move, u16)> {
        let n = self.len();
        // First entry whose key is not below `key`.
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.entry(mid).0 < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let mut out = Vec::new();
        for i in lo..n {
            let (k, m, w) = self.entry(i);
            if k != key {
                break;
            }
            if let Some(mv) = Move::from_raw(m) {
                out.push((mv, w));
            }
        }
        out
    }

    /// The book moves for `pos` without the mirror lookup: stored moves that
    /// are legal here, heaviest first.
    pub fn probe_direct(&self, pos: &Position) -> Vec<(Move, u32)> {
        let mut acc = BTreeMap::new();
        for (mv, w) in self.probe_key(pos.key()) {
            *acc.entry(mv).or_insert(0u32) += w as u32;
        }
        finish(pos, acc)
    }

    /// The book moves for `pos`: the stored moves of the position and the
    /// mirrored moves of its left-right mirror, weights added per move; only
    /// legal moves; heaviest first, ties by move text.
    pub fn probe(&self, pos: &Position) -> Vec<(Move, u32)> {
        let mut acc = BTreeMap::new();
        self.collect(pos, &mut acc);
        finish(pos, acc)
    }

    /// Adds this book's raw (not yet legality-checked) candidates for `pos`
    /// to `acc`, mirror lookup included.
    fn collect(&self, pos: &Position, acc: &mut BTreeMap<Move, u32>) {
        let key = pos.key();
        for (mv, w) in self.probe_key(key) {
            let e = acc.entry(mv).or_insert(0);
            *e = e.saturating_add(w as u32);
        }
        let mkey = pos.mirrored().key();
        if mkey != key {
            for (mv, w) in self.probe_key(mkey) {
                let e = acc.entry(mv.mirror_file()).or_insert(0);
                *e = e.saturating_add(w as u32);
            }
        }
    }

    /// Picks a book move for `pos` (see [`choose_move`]); `None` when the
    /// book has nothing for it.
    pub fn choose<R: rand::Rng + ?Sized>(
        &self,
        pos: &Position,
        randomness: Randomness,
        rng: &mut R,
    ) -> Option<Move> {
        choose_move(&self.probe(pos), randomness, rng)
    }
}

/// The bytes of a book file, or why they cannot be read.
fn read_book_file(path: &Path) -> Result<Vec<u8>, BookError> {
    std::fs::read(path).map_err(|e| BookError::Io(format!("cannot read {}: {e}", path.display())))
}

/// Keeps the legal candidates and sorts them heaviest first, ties by text.
fn finish(pos: &Position, acc: BTreeMap<Move, u32>) -> Vec<(Move, u32)> {
    let mut v: Vec<(Move, u32)> = acc
        .into_iter()
        .filter(|&(mv, w)| w > 0 && pos.is_legal(mv))
        .collect();
    v.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| a.0.to_string().cmp(&b.0.to_string()))
    });
    v
}

fn read_entry(data: &[u8], i: usize) -> (u64, u16, u16) {
    let o = HEADER_LEN + i * ENTRY_LEN;
    let e = &data[o..o + ENTRY_LEN];
    let key = u64::from_le_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]]);
    let mv = u16::from_le_bytes([e[8], e[9]]);
    let w = u16::from_le_bytes([e[10], e[11]]);
    (key, mv, w)
}

/// Checks a binary image completely so later reads cannot fail.
fn validate(bytes: &[u8]) -> Result<(), BookError> {
    if bytes.len() < HEADER_LEN {
        return Err(BookError::Corrupt(format!(
            "{} bytes is shorter than the {HEADER_LEN}-byte header",
            bytes.len()
        )));
    }
    if &bytes[..8] != MAGIC {
        return Err(BookError::Corrupt("missing magic CHUHEBK1".into()));
    }
    let count = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
    let reserved = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]);
    if reserved != 0 {
        return Err(BookError::Corrupt("reserved header field is not 0".into()));
    }
    let body = bytes.len() - HEADER_LEN;
    if !body.is_multiple_of(ENTRY_LEN) || body / ENTRY_LEN != count {
        return Err(BookError::Corrupt(format!(
            "header says {count} entries but {body} bytes of entries follow \
             ({ENTRY_LEN} bytes each)"
        )));
    }
    let mut prev: Option<(u64, u16)> = None;
    for i in 0..count {
        let (k, m, w) = read_entry(bytes, i);
        if Move::from_raw(m).is_none() {
            return Err(BookError::Corrupt(format!(
                "entry {i}: {m:#06x} is not a move"
            )));
        }
        if w == 0 {
            return Err(BookError::Corrupt(format!("entry {i}: weight 0")));
        }
        if let Some(p) = prev {
            if p >= (k, m) {
                return Err(BookError::Corrupt(format!(
                    "entry {i}: entries not sorted by (key, move) or duplicated"
                )));
            }
        }
        prev = Some((k, m));
    }
    Ok(())
}

/// The first bytes of an SQLite database (BHGUI's `.obk` books).
const SQLITE_MAGIC: &[u8] = b"SQLite format 3\0";

/// Several books consulted together (UCCI `bookfiles`, `;`-separated).
/// ElephantEye books (`BOOK.DAT`, see [`eleeye`]) are probed first, their
/// weights added per move; only when they have nothing for a position are
/// chuhe's own books probed, their weights added likewise.
#[derive(Clone, Debug, Default)]
pub struct BookSet {
    books: Vec<Book>,
    eleeye: Vec<eleeye::EleeyeBook>,
}

impl BookSet {
    /// An empty set (probes find nothing).
    pub fn new() -> BookSet {
        BookSet::default()
    }

    /// A set holding only the embedded book.
    pub fn builtin() -> BookSet {
        BookSet {
            books: vec![Book::builtin().clone()],
            eleeye: Vec::new(),
        }
    }

    /// Adds a book.
    pub fn push(&mut self, book: Book) {
        self.books.push(book);
    }

    /// Adds an ElephantEye book.
    pub fn push_eleeye(&mut self, book: eleeye::EleeyeBook) {
        self.eleeye.push(book);
    }

    /// Loads every file of a `;`-separated list (empty items skipped), the
    /// format of each told by its contents: chuhe's binary book (its
    /// magic), chuhe's text source (text without NUL bytes), or
    /// ElephantEye's `BOOK.DAT` (whole 8-byte records sorted by lock).
    pub fn load_list(list: &str) -> Result<BookSet, BookError> {
        let mut set = BookSet::new();
        for item in list.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            set.load_file(Path::new(item))?;
        }
        Ok(set)
    }

    /// Loads one book file into the set (see [`BookSet::load_list`]).
    pub fn load_file(&mut self, path: &Path) -> Result<(), BookError> {
        let bytes = read_book_file(path)?;
        if bytes.starts_with(SQLITE_MAGIC) {
            return Err(BookError::Corrupt(format!(
                "{} is an SQLite database (a BHGUI .obk book?): not supported, \
                 see docs/books.md",
                path.display()
            )));
        }
        if !bytes.starts_with(MAGIC) && bytes.contains(&0) {
            let book = eleeye::EleeyeBook::from_bytes(&bytes).map_err(|e| {
                BookError::Corrupt(format!(
                    "{} is neither a chuhe book nor an ElephantEye BOOK.DAT: {e}",
                    path.display()
                ))
            })?;
            self.push_eleeye(book);
            return Ok(());
        }
        self.push(Book::from_file_bytes(path, &bytes)?);
        Ok(())
    }

    /// chuhe's books in the set.
    pub fn books(&self) -> &[Book] {
        &self.books
    }

    /// Number of books.
    pub fn len(&self) -> usize {
        self.books.len() + self.eleeye.len()
    }

    /// Whether the set holds no book.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The merged candidates of the ElephantEye books, or when they have
    /// none those of chuhe's books (see [`Book::probe`]): legal moves,
    /// heaviest first.
    pub fn probe(&self, pos: &Position) -> Vec<(Move, u32)> {
        let mut acc = BTreeMap::new();
        for b in &self.eleeye {
            for (mv, w) in b.probe(pos) {
                let e = acc.entry(mv).or_insert(0u32);
                *e = e.saturating_add(w);
            }
        }
        let found = finish(pos, acc);
        if !found.is_empty() {
            return found;
        }
        let mut acc = BTreeMap::new();
        for b in &self.books {
            b.collect(pos, &mut acc);
        }
        finish(pos, acc)
    }

    /// Picks a move from the merged candidates (see [`choose_move`]).
    pub fn choose<R: rand::Rng + ?Sized>(
        &self,
        pos: &Position,
        randomness: Randomness,
        rng: &mut R,
    ) -> Option<Move> {
        choose_move(&self.probe(pos), randomness, rng)
    }
}
