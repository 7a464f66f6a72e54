//! The position: piece placement, side to move, Zobrist key, incremental
//! piece-square sums, and make/unmake with an undo history.

use super::moves::Move;
use super::piece::{Colour, Piece, PieceKind};
use super::square::{file_rank, Square};
use super::zobrist::{PIECE_KEYS, SIDE_KEY};
use std::fmt;

/// A set of squares: bit `s` for the square with index `s` (90 of the 128
/// bits are used).
pub type SquareSet = u128;

/// The one-square set of each square (a load is cheaper than a variable
/// 128-bit shift).
pub static SQUARE_BIT: [SquareSet; 90] = {
    let mut t = [0; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = 1 << s;
        s += 1;
    }
    t
};

/// Marks a captured (absent) piece in the piece list.
pub(crate) const NO_SQUARE: u8 = u8::MAX;

/// Number of values summed incrementally per piece and square (see
/// [`PsqTables`]).
pub const PSQ_LANES: usize = 5;

/// Per piece code (1..=15) and square, [`PSQ_LANES`] values that the position
/// sums incrementally over all pieces on the board. The board gives them no
/// meaning; the evaluator installs tables with material and piece-square
/// values of its profiles (see [`Position::set_psq_tables`]).
pub type PsqTables = [[[i32; PSQ_LANES]; 90]; 16];

/// Tables of zeros: the default until an evaluator installs its own.
pub static ZERO_PSQ_TABLES: PsqTables = [[[0; PSQ_LANES]; 90]; 16];

/// Each side's pieces get fixed slots in a 16-entry piece list, by kind:
/// king 0, advisors 1–2, elephants 3–4, horses 5–6, rooks 7–8, cannons
/// 9–10, pawns 11–15. A piece's id is its slot plus 16 for Black.
pub(crate) const SLOT_KIND: [PieceKind; 16] = [
    PieceKind::King,
    PieceKind::Advisor,
    PieceKind::Advisor,
    PieceKind::Bishop,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Knight,
    PieceKind::Rook,
    PieceKind::Rook,
    PieceKind::Cannon,
    PieceKind::Cannon,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
];

/// First slot of each kind (indexed by [`PieceKind::index`]).
pub(crate) const KIND_FIRST_SLOT: [usize; 7] = [0, 1, 3, 5, 7, 9, 11];

/// What [`Position::unmake_move`] needs to take a move back.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Undo {
    pub mv: Move,
    pub captured: u8,
    pub captured_id: u8,
    pub key: u64,
    pub halfmove: u16,
}

/// A xiangqi position with its move history.
#[derive(Clone)]
pub struct Position {
    /// Piece code on each square, 0 when empty.
    pub(crate) pieces: [u8; 90],
    /// Piece id on each occupied square.
    pub(crate) ids: [u8; 90],
    /// Square of each piece id, [`NO_SQUARE`] when absent.
    pub(crate) piece_sq: [u8; 32],
    /// Per rank, bit `f` set when file `f` is occupied.
    pub(crate) rank_occ: [u16; 10],
    /// Per file, bit `r` set when rank `r` is occupied.
    pub(crate) file_occ: [u16; 9],
    /// Per piece code (1..=15), the squares holding that piece; kept by
    /// make/unmake (not by the legality test's shallow make), read by the
    /// evaluator.
    pub(crate) piece_sets: [SquareSet; 16],
    /// Per colour, the squares it occupies (kept like `piece_sets`).
    pub(crate) colour_sets: [SquareSet; 2],
    pub(crate) side: Colour,
    pub(crate) key: u64,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) psq: [i32; PSQ_LANES],
    pub(crate) psq_tables: &'static PsqTables,
    pub(crate) history: Vec<Undo>,
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_fen(super::fen::START_FEN).expect("the start FEN is valid")
    }

    /// An empty board with Red to move (used while building from a FEN).
    pub(crate) fn empty() -> Position {
        Position {
            history: Vec::with_capacity(256),
            ..Position::placement_only()
        }
    }

    /// An empty board with no room reserved for a move history: a scratch
    /// placement for the legality test, which makes no moves.
    pub(crate) fn placement_only() -> Position {
        Position {
            pieces: [0; 90],
            ids: [0; 90],
            piece_sq: [NO_SQUARE; 32],
            rank_occ: [0; 10],
            file_occ: [0; 9],
            piece_sets: [0; 16],
            colour_sets: [0; 2],
            side: Colour::Red,
            key: 0,
            halfmove: 0,
            fullmove: 1,
            psq: [0; PSQ_LANES],
            psq_tables: &ZERO_PSQ_TABLES,
            history: Vec::new(),
        }
    }

    /// Puts `piece` with id `id` on the empty square `sq`.
    pub(crate) fn put(&mut self, sq: Square, piece: Piece, id: usize) {
        let s = sq.index();
        debug_assert_eq!(self.pieces[s], 0);
        self.pieces[s] = piece.code() as u8;
        self.ids[s] = id as u8;
        self.piece_sq[id] = s as u8;
        self.rank_occ[sq.rank() as usize] |= 1 << sq.file();
        self.file_occ[sq.file() as usize] |= 1 << sq.rank();
        self.piece_sets[piece.code()] |= SQUARE_BIT[s];
        self.colour_sets[piece.colour().index()] |= SQUARE_BIT[s];
        self.key ^= PIECE_KEYS[piece.code()][s];
        add_lanes(&mut self.psq, &self.psq_tables[piece.code()][s]);
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.pieces[sq.index()] {
            0 => None,
            code => Some(Piece::from_code(code)),
        }
    }

    /// The raw piece code on the square with index `sq` (0 = empty), for
    /// hot loops that index tables by piece code.
    #[inline(always)]
    pub fn piece_code_at(&self, sq: usize) -> usize {
        self.pieces[sq] as usize
    }

    /// The 64-bit Zobrist key of placement and side to move.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Plies since the last capture (the FEN half-move clock).
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The FEN full-move number.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The king square of `colour`.
    #[inline(always)]
    pub fn king_square(&self, colour: Colour) -> Square {
        Square::from_index_unchecked(self.piece_sq[colour.index() * 16] as usize)
    }

    /// Iterates over the squares of `colour`'s pieces of `kind`.
    pub fn squares_of(&self, colour: Colour, kind: PieceKind) -> impl Iterator<Item = Square> + '_ {
        let first = colour.index() * 16 + KIND_FIRST_SLOT[kind.index()];
        let n = kind.max_count();
        self.piece_sq[first..first + n]
            .iter()
            .filter(|&&s| s != NO_SQUARE)
            .map(|&s| Square::from_index_unchecked(s as usize))
    }

    /// Iterates over every piece of `colour` with its square, king first,
    /// then advisors, elephants, horses, rooks, cannons, pawns.
    pub fn pieces_of(&self, colour: Colour) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let base = colour.index() * 16;
        (0..16).filter_map(move |slot| {
            let s = self.piece_sq[base + slot];
            (s != NO_SQUARE).then(|| {
                (
                    Square::from_index_unchecked(s as usize),
                    Piece::new(colour, SLOT_KIND[slot]),
                )
            })
        })
    }

    /// How many pieces of `colour` and `kind` are on the board.
    pub fn count(&self, colour: Colour, kind: PieceKind) -> usize {
        self.squares_of(colour, kind).count()
    }

    /// Per rank, the occupancy of its nine files as a bit mask.
    #[inline(always)]
    pub fn rank_occupancy(&self, rank: u8) -> u16 {
        self.rank_occ[rank as usize]
    }

    /// Per file, the occupancy of its ten ranks as a bit mask.
    #[inline(always)]
    pub fn file_occupancy(&self, file: u8) -> u16 {
        self.file_occ[file as usize]
    }

    /// The incrementally kept sums of the installed [`PsqTables`].
    #[inline(always)]
    pub fn psq(&self) -> [i32; PSQ_LANES] {
        self.psq
    }

    /// The installed [`PsqTables`].
    pub fn psq_tables(&self) -> &'static PsqTables {
        self.psq_tables
    }

    /// Installs `tables` and recomputes the sums from scratch.
    pub fn set_psq_tables(&mut self, tables: &'static PsqTables) {
        self.psq_tables = tables;
        self.psq = self.psq_from_scratch();
    }

    /// Sums the installed tables over the board without the incremental state
    /// (for tests and for checking the incremental sums).
    pub fn psq_from_scratch(&self) -> [i32; PSQ_LANES] {
        let mut sum = [0; PSQ_LANES];
        for s in 0..90 {
            let p = self.pieces[s] as usize;
            if p != 0 {
                add_lanes(&mut sum, &self.psq_tables[p][s]);
            }
        }
        sum
    }

    /// The squares holding `piece` (kept incrementally by make/unmake).
    #[inline(always)]
    pub fn piece_set(&self, piece: Piece) -> SquareSet {
        self.piece_sets[piece.code()]
    }

    /// The per-piece and per-colour square sets computed from the board
    /// without the incremental state (for tests): what the incremental
    /// sets ([`Position::square_sets`]) must equal.
    pub fn square_sets_from_scratch(&self) -> ([SquareSet; 16], [SquareSet; 2]) {
        let mut pieces = [0; 16];
        let mut colours = [0; 2];
        for (s, &p) in self.pieces.iter().enumerate() {
            if p != 0 {
                pieces[p as usize] |= SQUARE_BIT[s];
                colours[p as usize >> 3] |= SQUARE_BIT[s];
            }
        }
        (pieces, colours)
    }

    /// The incremental per-piece and per-colour square sets (for tests,
    /// against [`Position::square_sets_from_scratch`]).
    pub fn square_sets(&self) -> ([SquareSet; 16], [SquareSet; 2]) {
        (self.piece_sets, self.colour_sets)
    }

    /// Computes the Zobrist key from scratch (for tests).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = if self.side == Colour::Black {
            SIDE_KEY
        } else {
            0
        };
        for s in 0..90 {
            key ^= PIECE_KEYS[self.pieces[s] as usize][s];
        }
        key
    }

    /// Plays `mv`, which must be legal (or at least pseudo-legal: the rules
    /// code plays pseudo-legal moves to test them). Remembered for
    /// [`Position::unmake_move`] and for repetition detection.
    #[inline]
    pub fn make_move(&mut self, mv: Move) {
        let from = mv.from().index();
        let to = mv.to().index();
        let piece = self.pieces[from] as usize;
        let id = self.ids[from] as usize;
        let captured = self.pieces[to] as usize;
        debug_assert!(piece != 0, "make_move {mv}: no piece on the origin square");
        self.history.push(Undo {
            mv,
            captured: captured as u8,
            captured_id: self.ids[to],
            key: self.key,
            halfmove: self.halfmove,
        });
        let t = self.psq_tables;
        let to_bit = SQUARE_BIT[to];
        if captured != 0 {
            self.piece_sets[captured] ^= to_bit;
            self.colour_sets[captured >> 3] ^= to_bit;
            self.key ^= PIECE_KEYS[captured][to];
            self.piece_sq[self.ids[to] as usize] = NO_SQUARE;
            sub_lanes(&mut self.psq, &t[captured][to]);
            self.halfmove = 0;
        } else {
            self.toggle_occupancy(to);
            self.halfmove = self.halfmove.saturating_add(1);
        }
        self.toggle_occupancy(from);
        let moved = SQUARE_BIT[from] | to_bit;
        self.piece_sets[piece] ^= moved;
        self.colour_sets[piece >> 3] ^= moved;
        self.pieces[to] = piece as u8;
        self.ids[to] = id as u8;
        self.pieces[from] = 0;
        self.piece_sq[id] = to as u8;
        self.key ^= PIECE_KEYS[piece][from] ^ PIECE_KEYS[piece][to] ^ SIDE_KEY;
        sub_lanes(&mut self.psq, &t[piece][from]);
        add_lanes(&mut self.psq, &t[piece][to]);
        self.side = self.side.opposite();
        if self.side == Colour::Red {
            self.fullmove = self.fullmove.saturating_add(1);
        }
    }

    /// Takes back the last move made by [`Position::make_move`] (or
    /// [`Position::make_null_move`]). Does nothing when there is none.
    #[inline]
    pub fn unmake_move(&mut self) {
        let Some(u) = self.history.pop() else {
            return;
        };
        if self.side == Colour::Red {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        self.side = self.side.opposite();
        self.key = u.key;
        self.halfmove = u.halfmove;
        if u.mv.is_null() {
            return;
        }
        let from = u.mv.from().index();
        let to = u.mv.to().index();
        let piece = self.pieces[to] as usize;
        let id = self.ids[to] as usize;
        let t = self.psq_tables;
        sub_lanes(&mut self.psq, &t[piece][to]);
        add_lanes(&mut self.psq, &t[piece][from]);
        self.pieces[from] = piece as u8;
        self.ids[from] = id as u8;
        self.piece_sq[id] = from as u8;
        self.toggle_occupancy(from);
        let to_bit = SQUARE_BIT[to];
        let moved = SQUARE_BIT[from] | to_bit;
        self.piece_sets[piece] ^= moved;
        self.colour_sets[piece >> 3] ^= moved;
        let captured = u.captured as usize;
        self.pieces[to] = captured as u8;
        if captured != 0 {
            self.piece_sets[captured] ^= to_bit;
            self.colour_sets[captured >> 3] ^= to_bit;
            self.ids[to] = u.captured_id;
            self.piece_sq[u.captured_id as usize] = to as u8;
            add_lanes(&mut self.psq, &t[captured][to]);
        } else {
            self.toggle_occupancy(to);
        }
    }

    /// Passes the move to the opponent (for null-move pruning). Must not be
    /// used when in check.
    pub fn make_null_move(&mut self) {
        self.history.push(Undo {
            mv: Move::NULL,
            captured: 0,
            captured_id: 0,
            key: self.key,
            halfmove: self.halfmove,
        });
        self.key ^= SIDE_KEY;
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = self.side.opposite();
        if self.side == Colour::Red {
            self.fullmove = self.fullmove.saturating_add(1);
        }
    }

    /// Takes back [`Position::make_null_move`] (same as unmake).
    pub fn unmake_null_move(&mut self) {
        self.unmake_move();
    }

    /// Number of moves made since the position was set up.
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// The moves made since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl DoubleEndedIterator<Item = Move> + ExactSizeIterator + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The keys of the positions before each move made, oldest first; with
    /// [`Position::key`] they are the whole game's positions.
    pub fn key_history(&self) -> impl DoubleEndedIterator<Item = u64> + ExactSizeIterator + '_ {
        self.history.iter().map(|u| u.key)
    }

    /// The piece captured by the `i`-th move made (0 = oldest), if any.
    pub fn captured_by_move(&self, i: usize) -> Option<Piece> {
        match self.history.get(i)?.captured {
            0 => None,
            c => Some(Piece::from_code(c)),
        }
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// Forgets the move history (the position itself stays). Used when a
    /// new game segment starts and old history must not count for rules.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    #[inline(always)]
    fn toggle_occupancy(&mut self, sq: usize) {
        let (f, r) = file_rank(sq);
        self.rank_occ[r] ^= 1 << f;
        self.file_occ[f] ^= 1 << r;
    }

    /// Applies a move on the placement only (no key, sums or history), for
    /// the legality test; returns what was on the destination.
    #[inline(always)]
    pub(crate) fn shallow_make(&mut self, from: usize, to: usize) -> u8 {
        let captured = self.pieces[to];
        if captured == 0 {
            self.toggle_occupancy(to);
        }
        self.toggle_occupancy(from);
        self.pieces[to] = self.pieces[from];
        self.pieces[from] = 0;
        captured
    }

    /// Reverts [`Position::shallow_make`].
    #[inline(always)]
    pub(crate) fn shallow_unmake(&mut self, from: usize, to: usize, captured: u8) {
        self.pieces[from] = self.pieces[to];
        self.pieces[to] = captured;
        self.toggle_occupancy(from);
        if captured == 0 {
            self.toggle_occupancy(to);
        }
    }

    /// The position with colours swapped, ranks flipped and the other side
    /// to move: the same game seen from the other chair. History is dropped.
    pub fn colour_flipped(&self) -> Position {
        self.transformed(|sq| sq.flip_rank(), true)
    }

    /// The left-right mirror of the position (same side to move). History is
    /// dropped.
    pub fn mirrored(&self) -> Position {
        self.transformed(|sq| sq.mirror_file(), false)
    }

    fn transformed(&self, map: impl Fn(Square) -> Square, swap_colours: bool) -> Position {
        let mut p = Position::empty();
        p.psq_tables = self.psq_tables;
        for s in Square::all() {
            if let Some(piece) = self.piece_at(s) {
                let id = self.ids[s.index()] as usize;
                let (piece, id) = if swap_colours {
                    (piece.flip_colour(), id ^ 16)
                } else {
                    (piece, id)
                };
                p.put(map(s), piece, id);
            }
        }
        p.side = if swap_colours {
            self.side.opposite()
        } else {
            self.side
        };
        if p.side == Colour::Black {
            p.key ^= SIDE_KEY;
        }
        p.halfmove = self.halfmove;
        p.fullmove = self.fullmove;
        p
    }

    /// Whether placement, side to move and clocks are the same (history and
    /// installed tables aside).
    pub fn same_position(&self, other: &Position) -> bool {
        self.pieces == other.pieces
            && self.side == other.side
            && self.key == other.key
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

#[inline(always)]
fn add_lanes(sum: &mut [i32; PSQ_LANES], v: &[i32; PSQ_LANES]) {
    for i in 0..PSQ_LANES {
        sum[i] += v[i];
    }
}

#[inline(always)]
fn sub_lanes(sum: &mut [i32; PSQ_LANES], v: &[i32; PSQ_LANES]) {
    for i in 0..PSQ_LANES {
        sum[i] -= v[i];
    }
}

impl fmt::Display for Position {
    /// A text diagram (rank 9 at the top), the FEN and the key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..10u8).rev() {
            write!(f, "{r} ")?;
            for file in 0..9u8 {
                let c = self
                    .piece_at(Square::new(file, r))
                    .map_or('.', |p| p.fen_char());
                write!(f, " {c}")?;
            }
            writeln!(f)?;
            if r == 5 {
                writeln!(f, "   ~~~~~~~~~~~~~~~~~")?;
            }
        }
        writeln!(f, "   a b c d e f g h i")?;
        writeln!(f, "fen {}", self.to_fen())?;
        write!(f, "key {:016x}", self.key)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}
