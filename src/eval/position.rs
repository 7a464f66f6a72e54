//! Part 2, piece position (棋子位置): a piece-square table per kind.
//!
//! Every table here is written from Red's side in the layout of the paper's
//! Table 2: **rows as printed, the first row is the piece's far edge (the
//! opponent's back rank, rank 9 for Red) and the last row its own back rank
//! (rank 0 for Red); columns are the files `a`..`i` left to right as Red sees
//! the board.** (Chinese notation numbers Red's files 1–9 from Red's right,
//! i.e. file 1 = `i`; every table here is left-right symmetric, so both
//! readings give the same values.) Black uses the same table with its ranks
//! mirrored: a Black piece on file `f`, rank `r` gets the entry Red gets on
//! file `f`, rank `9 - r`.
//!
//! The values live in lanes 1 (paper) and 3 (default) of the shared
//! piece-square tables (see [`super::psq`]), kept incrementally by the
//! position.

use super::Profile;
use crate::board::{Colour, PieceKind, Square};

/// A piece-square table in printed layout: `[row][file]`, row 0 = far edge.
pub type Table = [[i32; 9]; 10];

/// The paper's Table 2, the rook's position values, exactly as printed.
pub const PAPER_ROOK: Table = [
    [11, 15, 6, 15, 6, 15, 6, 15, 11],
    [10, 15, 12, 16, 10, 16, 12, 15, 10],
    [10, 11, 11, 12, 10, 12, 11, 11, 10],
    [2, 10, 2, 10, 4, 10, 2, 10, 2],
    [2, 10, 2, 10, 2, 10, 2, 10, 2],
    [2, 12, 2, 15, 2, 15, 2, 12, 2],
    [2, 6, 2, 6, 2, 6, 2, 6, 2],
    [3, 7, 3, 7, 3, 7, 3, 7, 3],
    [4, 8, 4, 2, 2, 2, 4, 8, 4],
    [-9, 6, 2, 8, 2, 8, 2, 6, -9],
];

/// Default king: stay on the back rank, prefer the centre.
const KING: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, 0, -9, -7, -9, 0, 0, 0],
    [0, 0, 0, -3, -1, -3, 0, 0, 0],
    [0, 0, 0, 1, 5, 1, 0, 0, 0],
];

/// Default advisor: the palace centre is best, the top corners worst.
const ADVISOR: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, 0, -1, 0, -1, 0, 0, 0],
    [0, 0, 0, 0, 3, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// Default elephant: the centre point ties both elephants together; the edge
/// and the river bank are weaker.
const BISHOP: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, -1, 0, 0, 0, -1, 0, 0],
    [0; 9],
    [-2, 0, 0, 0, 3, 0, 0, 0, -2],
    [0; 9],
    [0; 9],
];

/// Default horse: forward and central, the 卧槽 / 挂角 points near the enemy
/// palace best; the rim and the own palace centre (it blocks the king) bad.
const KNIGHT: Table = [
    [2, 2, 2, 8, 2, 8, 2, 2, 2],
    [2, 8, 15, 9, 6, 9, 15, 8, 2],
    [4, 10, 11, 15, 11, 15, 11, 10, 4],
    [5, 20, 12, 19, 12, 19, 12, 20, 5],
    [2, 12, 11, 15, 16, 15, 11, 12, 2],
    [2, 10, 13, 14, 15, 14, 13, 10, 2],
    [4, 6, 10, 7, 10, 7, 10, 6, 4],
    [5, 4, 6, 7, 4, 7, 6, 4, 5],
    [-3, 2, 4, 5, -10, 5, 4, 2, -3],
    [0, -3, 2, 0, 2, 0, 2, -3, 0],
];

/// Default rook: open central files and the enemy's second rank (the
/// palace's "throat") best, the corner before it develops worst.
const ROOK: Table = [
    [6, 8, 7, 13, 14, 13, 7, 8, 6],
    [6, 12, 9, 16, 33, 16, 9, 12, 6],
    [6, 8, 7, 14, 16, 14, 7, 8, 6],
    [6, 13, 13, 16, 16, 16, 13, 13, 6],
    [8, 11, 11, 14, 15, 14, 11, 11, 8],
    [8, 12, 12, 14, 15, 14, 12, 12, 8],
    [4, 9, 4, 12, 14, 12, 4, 9, 4],
    [-2, 8, 4, 12, 12, 12, 4, 8, -2],
    [5, 8, 6, 12, 0, 12, 6, 8, 5],
    [-6, 6, 4, 12, 0, 12, 4, 6, -6],
];

/// Default cannon: the central file (中炮) and the own palace rank good, the
/// enemy palace itself (where it has no screen) poor, the enemy back corners
/// (沉底炮) useful.
const CANNON: Table = [
    [6, 4, 0, -10, -12, -10, 0, 4, 6],
    [2, 2, 0, -4, -14, -4, 0, 2, 2],
    [2, 2, 0, -10, -8, -10, 0, 2, 2],
    [0, 0, -2, 4, 10, 4, -2, 0, 0],
    [0, 0, 0, 2, 8, 2, 0, 0, 0],
    [-2, 0, 4, 2, 6, 2, 4, 0, -2],
    [0, 0, 0, 2, 4, 2, 0, 0, 0],
    [4, 0, 8, 6, 10, 6, 8, 0, 4],
    [0, 2, 4, 6, 6, 6, 4, 2, 0],
    [0, 0, 2, 6, 6, 6, 2, 0, 0],
];

/// Default pawn: worth little at home, it gains 4–22 on crossing the river
/// (so 14–32 with its material), most near the enemy palace; at the enemy's
/// back rank (an "old pawn") it is nearly worthless again.
const PAWN: Table = [
    [0, 0, 0, 2, 4, 2, 0, 0, 0],
    [6, 10, 14, 20, 22, 20, 14, 10, 6],
    [6, 10, 14, 18, 20, 18, 14, 10, 6],
    [6, 10, 12, 14, 16, 14, 12, 10, 6],
    [4, 6, 8, 10, 10, 10, 8, 6, 4],
    [0, 0, 2, 0, 4, 0, 2, 0, 0],
    [0, 0, 0, 0, 1, 0, 0, 0, 0],
    [0; 9],
    [0; 9],
    [0; 9],
];

/// The default profile's tables, indexed by [`PieceKind::index`].
pub const DEFAULT_TABLES: [&Table; 7] = [&KING, &ADVISOR, &BISHOP, &KNIGHT, &ROOK, &CANNON, &PAWN];

/// Scales a default table to the paper's material scale (horse 70 instead
/// of 100), rounding half away from zero.
const fn scaled(t: &Table) -> Table {
    let mut out = [[0; 9]; 10];
    let mut r = 0;
    while r < 10 {
        let mut f = 0;
        while f < 9 {
            let v = t[r][f] * 7;
            out[r][f] = if v >= 0 { (v + 5) / 10 } else { (v - 5) / 10 };
            f += 1;
        }
        r += 1;
    }
    out
}

const PAPER_KING: Table = scaled(&KING);
const PAPER_ADVISOR: Table = scaled(&ADVISOR);
const PAPER_BISHOP: Table = scaled(&BISHOP);
const PAPER_KNIGHT: Table = scaled(&KNIGHT);
const PAPER_CANNON: Table = scaled(&CANNON);
const PAPER_PAWN: Table = scaled(&PAWN);

/// The paper profile's tables: the rook is Table 2 exactly; the other kinds
/// are the default tables scaled by 0.7 (the paper's horse is 70, ours 100).
pub const PAPER_TABLES: [&Table; 7] = [
    &PAPER_KING,
    &PAPER_ADVISOR,
    &PAPER_BISHOP,
    &PAPER_KNIGHT,
    &PAPER_ROOK,
    &PAPER_CANNON,
    &PAPER_PAWN,
];

/// The printed table of `kind` in `profile`.
pub fn table(profile: Profile, kind: PieceKind) -> &'static Table {
    match profile {
        Profile::Paper => PAPER_TABLES[kind.index()],
        Profile::Default => DEFAULT_TABLES[kind.index()],
    }
}

/// The position value of a piece of `colour` and `kind` on `sq`, from that
/// piece's own side's view (not negated for Black).
pub fn value(profile: Profile, colour: Colour, kind: PieceKind, sq: Square) -> i32 {
    // rank as seen by the piece's side: 0 = its own back rank
    let own_rank = match colour {
        Colour::Red => sq.rank(),
        Colour::Black => 9 - sq.rank(),
    } as usize;
    table(profile, kind)[9 - own_rank][sq.file() as usize]
}
