//! ElephantEye's opening book, `BOOK.DAT`, the book of the UCCI world.
//!
//! The file is a sorted array of 8-byte little-endian records: a 32-bit
//! Zobrist lock of the position (ElephantEye's `dwLock1`), a 16-bit move
//! and a 16-bit weight. Positions are hashed with ElephantEye's own
//! Zobrist tables, which it generates at start-up from an RC4 keystream
//! keyed with four zero bytes: three 32-bit words (key, lock 0, lock 1)
//! for the side to move, then three for each of 14 piece types (red king,
//! advisor, bishop, knight, rook, cannon, pawn, then black's) on each of
//! 256 squares of its 16×16 board. A move is `from + 256·to` on that
//! board, where a square is `(file + 3) + 16·(12 − rank)` with rank 0
//! Red's back rank. As ElephantEye does, a position not in the book is
//! looked up once more left-right mirrored, its moves mirrored back.

use crate::board::{Colour, Move, PieceKind, Position, Square};
use std::sync::OnceLock;

/// Bytes per record.
const RECORD_LEN: usize = 8;

/// ElephantEye's lock words: the side to move's and each piece type's on
/// each square of its 16×16 board.
struct Locks {
    player: u32,
    pieces: Box<[[u32; 256]; 14]>,
}

/// RC4's keystream, as ElephantEye's `RC4Struct`.
struct Rc4 {
    s: [u8; 256],
    x: u8,
    y: u8,
}

impl Rc4 {
    fn new(key: &[u8]) -> Rc4 {
        let mut s = [0u8; 256];
        for (i, v) in s.iter_mut().enumerate() {
            *v = i as u8;
        }
        let mut j = 0u8;
        for i in 0..256 {
            j = j.wrapping_add(s[i]).wrapping_add(key[i % key.len()]);
            s.swap(i, j as usize);
        }
        Rc4 { s, x: 0, y: 0 }
    }

    fn next_byte(&mut self) -> u8 {
        self.x = self.x.wrapping_add(1);
        self.y = self.y.wrapping_add(self.s[self.x as usize]);
        self.s.swap(self.x as usize, self.y as usize);
        let i = self.s[self.x as usize].wrapping_add(self.s[self.y as usize]);
        self.s[i as usize]
    }

    fn next_u32(&mut self) -> u32 {
        u32::from_le_bytes([
            self.next_byte(),
            self.next_byte(),
            self.next_byte(),
            self.next_byte(),
        ])
    }

    /// One Zobrist triple (key, lock 0, lock 1); only lock 1 is kept.
    fn next_lock(&mut self) -> u32 {
        let _key = self.next_u32();
        let _lock0 = self.next_u32();
        self.next_u32()
    }
}

fn locks() -> &'static Locks {
    static LOCKS: OnceLock<Locks> = OnceLock::new();
    LOCKS.get_or_init(|| {
        let mut rc4 = Rc4::new(&[0, 0, 0, 0]);
        let player = rc4.next_lock();
        let mut pieces = Box::new([[0u32; 256]; 14]);
        for table in pieces.iter_mut() {
            for lock in table.iter_mut() {
                *lock = rc4.next_lock();
            }
        }
        Locks { player, pieces }
    })
}

/// ElephantEye's square for ours.
fn eleeye_square(sq: Square) -> usize {
    (sq.file() as usize + 3) + 16 * (12 - sq.rank() as usize)
}

/// Our square for ElephantEye's, if it is on the board.
fn square_of(eleeye: usize) -> Option<Square> {
    let (x, y) = (eleeye & 15, eleeye >> 4);
    ((3..=11).contains(&x) && (3..=12).contains(&y))
        .then(|| Square::new((x - 3) as u8, (12 - y) as u8))
}

/// ElephantEye's book lock (`dwLock1`) of a position.
pub fn lock(pos: &Position) -> u32 {
    let locks = locks();
    let mut lock = 0;
    for colour in Colour::ALL {
        let side = if colour == Colour::Red { 0 } else { 7 };
        // ElephantEye orders the types within a side as `PieceKind::ALL`
        // does: king, advisor, bishop, knight, rook, cannon, pawn
        for (t, &kind) in PieceKind::ALL.iter().enumerate() {
            for sq in pos.squares_of(colour, kind) {
                lock ^= locks.pieces[side + t][eleeye_square(sq)];
            }
        }
    }
    if pos.side_to_move() == Colour::Black {
        lock ^= locks.player;
    }
    lock
}

/// ElephantEye's 16-bit move for ours.
pub fn encode_move(mv: Move) -> u16 {
    (eleeye_square(mv.from()) + (eleeye_square(mv.to()) << 8)) as u16
}

/// Our move for ElephantEye's, if both squares are on the board.
pub fn decode_move(raw: u16) -> Option<Move> {
    let from = square_of(raw as usize & 255)?;
    let to = square_of(raw as usize >> 8)?;
    Some(Move::new(from, to))
}

fn records(bytes: &[u8]) -> impl Iterator<Item = (u32, u16, u16)> + '_ {
    bytes.chunks_exact(RECORD_LEN).map(|r| {
        (
            u32::from_le_bytes([r[0], r[1], r[2], r[3]]),
            u16::from_le_bytes([r[4], r[5]]),
            u16::from_le_bytes([r[6], r[7]]),
        )
    })
}

/// An ElephantEye `BOOK.DAT` held in memory.
#[derive(Clone, PartialEq, Eq)]
pub struct EleeyeBook {
    /// Records sorted by lock: (lock, move, weight).
    records: Vec<(u32, u16, u16)>,
}

impl std::fmt::Debug for EleeyeBook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EleeyeBook({} records)", self.records.len())
    }
}

impl EleeyeBook {
    /// Reads a `BOOK.DAT` image; an error says why it is not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<EleeyeBook, String> {
        if bytes.is_empty() || !bytes.len().is_multiple_of(RECORD_LEN) {
            return Err(format!(
                "{} bytes is not a whole number of {RECORD_LEN}-byte records",
                bytes.len()
            ));
        }
        let records: Vec<_> = records(bytes).collect();
        if let Some(i) = records.windows(2).position(|w| w[0].0 > w[1].0) {
            return Err(format!(
                "record {} is out of order (not sorted by lock)",
                i + 1
            ));
        }
        Ok(EleeyeBook { records })
    }

    /// Writes records as a `BOOK.DAT` image, sorting them by lock (for
    /// tests and tools): (position, move, weight).
    pub fn image(entries: &[(Position, Move, u16)]) -> Vec<u8> {
        let mut records: Vec<(u32, u16, u16)> = entries
            .iter()
            .map(|(pos, mv, w)| (lock(pos), encode_move(*mv), *w))
            .collect();
        records.sort();
        let mut out = Vec::with_capacity(records.len() * RECORD_LEN);
        for (l, m, w) in records {
            out.extend_from_slice(&l.to_le_bytes());
            out.extend_from_slice(&m.to_le_bytes());
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the book has no record.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The stored moves of `pos` that are legal in it, with their weights
    /// (zero weights kept: they mean "known but never chosen").
    fn lookup(&self, pos: &Position) -> Vec<(Move, u32)> {
        let l = lock(pos);
        let start = self.records.partition_point(|r| r.0 < l);
        self.records[start..]
            .iter()
            .take_while(|r| r.0 == l)
            .filter_map(|&(_, m, w)| decode_move(m).map(|mv| (mv, w as u32)))
            .filter(|&(mv, _)| pos.is_legal(mv))
            .collect()
    }

    /// The book moves for `pos`, as ElephantEye finds them: the position's
    /// own, or if it has none its mirror's, mirrored back.
    pub fn probe(&self, pos: &Position) -> Vec<(Move, u32)> {
        let direct = self.lookup(pos);
        if !direct.is_empty() {
            return direct;
        }
        let mirrored = pos.mirrored();
        self.lookup(&mirrored)
            .into_iter()
            .map(|(mv, w)| (mv.mirror_file(), w))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_squares_round_trip_through_elephanteye_coordinates() {
        let pos = Position::startpos();
        for &mv in pos.legal_moves().iter() {
            assert_eq!(decode_move(encode_move(mv)), Some(mv));
        }
        // ElephantEye's square of a0 (Red's left corner) is 0xc3, of i9 0x3b
        assert_eq!(eleeye_square(Square::new(0, 0)), 0xc3);
        assert_eq!(eleeye_square(Square::new(8, 9)), 0x3b);
        assert_eq!(decode_move(0), None);
    }

    #[test]
    fn the_lock_depends_on_every_piece_and_the_side_to_move() {
        let start = Position::startpos();
        let mut moved = start.clone();
        moved.make_move(Move::from_iccs("h2e2").unwrap());
        let mut passed = start.clone();
        passed.make_null_move();
        let locks = [lock(&start), lock(&moved), lock(&passed)];
        assert_ne!(locks[0], locks[1]);
        assert_ne!(locks[0], locks[2]);
        assert_eq!(lock(&start), lock(&start.mirrored()));
    }

    #[test]
    fn rejects_what_is_not_a_whole_sorted_book() {
        assert!(EleeyeBook::from_bytes(&[]).is_err());
        assert!(EleeyeBook::from_bytes(&[0; 12]).is_err());
        let mut unsorted = Vec::new();
        for l in [5u32, 3] {
            unsorted.extend_from_slice(&l.to_le_bytes());
            unsorted.extend_from_slice(&[0; 4]);
        }
        assert!(EleeyeBook::from_bytes(&unsorted).is_err());
    }
}
