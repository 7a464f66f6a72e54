//! Lookup tables computed at compile time: slides along a rank or file for
//! rooks and cannons, the steps of the other pieces with their blocking
//! squares (horse legs, elephant eyes), and where each piece may stand.

use super::piece::{Colour, PieceKind};

/// What a rook or cannon standing on one point of a line (a rank or a file)
/// can reach, given the occupancy of that line as a bit mask.
#[derive(Copy, Clone, Debug, Default)]
pub struct LineMoves {
    /// Empty points reachable by sliding (rook and cannon quiet moves).
    pub quiet: u16,
    /// The first occupied point in each direction (rook captures).
    pub first: u16,
    /// The second occupied point in each direction, over one screen
    /// (cannon captures).
    pub second: u16,
}

const fn line_moves(len: usize, pos: usize, occ: usize) -> LineMoves {
    let mut m = LineMoves {
        quiet: 0,
        first: 0,
        second: 0,
    };
    let mut dir = 0;
    while dir < 2 {
        let step: isize = if dir == 0 { 1 } else { -1 };
        let mut j = pos as isize + step;
        while j >= 0 && (j as usize) < len && occ & (1 << j) == 0 {
            m.quiet |= 1 << j;
            j += step;
        }
        if j >= 0 && (j as usize) < len {
            m.first |= 1 << j;
            j += step;
            while j >= 0 && (j as usize) < len && occ & (1 << j) == 0 {
                j += step;
            }
            if j >= 0 && (j as usize) < len {
                m.second |= 1 << j;
            }
        }
        dir += 1;
    }
    m
}

/// The line table for lines of `LEN` points (`OCC` = 2^LEN occupancies).
const fn line_table<const LEN: usize, const OCC: usize>() -> [[LineMoves; OCC]; LEN] {
    let mut t = [[LineMoves {
        quiet: 0,
        first: 0,
        second: 0,
    }; OCC]; LEN];
    let mut pos = 0;
    while pos < LEN {
        let mut occ = 0;
        while occ < OCC {
            t[pos][occ] = line_moves(LEN, pos, occ);
            occ += 1;
        }
        pos += 1;
    }
    t
}

/// Slides along a file: indexed by the rank of the piece and the file's
/// occupancy (bit `r` set when rank `r` is occupied); masks are in ranks.
pub static FILE_LINES: [[LineMoves; 1024]; 10] = line_table::<10, 1024>();
/// Slides along a rank: indexed by the file of the piece and the rank's
/// occupancy (bit `f` set when file `f` is occupied); masks are in files.
pub static RANK_LINES: [[LineMoves; 512]; 9] = line_table::<9, 512>();

/// Up to eight steps from a square, each with the square that must be empty
/// for the step (horse leg, elephant eye; the destination itself otherwise).
#[derive(Copy, Clone, Debug)]
pub struct Steps {
    /// Number of valid entries.
    pub len: u8,
    /// Destination squares.
    pub to: [u8; 8],
    /// Blocking squares (leg / eye), or the destination when nothing blocks.
    pub via: [u8; 8],
}

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        to: [0; 8],
        via: [0; 8],
    };

    const fn with(mut self, to: usize, via: usize) -> Steps {
        self.to[self.len as usize] = to as u8;
        self.via[self.len as usize] = via as u8;
        self.len += 1;
        self
    }

    /// The steps as `(destination, blocking square)` index pairs.
    #[inline(always)]
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len as usize).map(move |i| (self.to[i] as usize, self.via[i] as usize))
    }
}

const fn on_board(f: isize, r: isize) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn sq(f: isize, r: isize) -> usize {
    (r * 9 + f) as usize
}

/// Whether file `f`, rank `r` is inside either palace.
pub const fn in_palace(f: isize, r: isize) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7) && r >= 0 && r <= 9
}

const KNIGHT_DELTAS: [(isize, isize); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The leg square of a horse jump by `(df, dr)` from `(f, r)`: one step
/// along the jump's long direction.
const fn knight_leg(f: isize, r: isize, df: isize, dr: isize) -> (isize, isize) {
    if dr == 2 || dr == -2 {
        (f, r + dr / 2)
    } else {
        (f + df / 2, r)
    }
}

const fn knight_moves() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as isize, (s / 9) as isize);
        let mut i = 0;
        while i < 8 {
            let (df, dr) = KNIGHT_DELTAS[i];
            if on_board(f + df, r + dr) {
                let (lf, lr) = knight_leg(f, r, df, dr);
                t[s] = t[s].with(sq(f + df, r + dr), sq(lf, lr));
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// The squares from which a horse attacks each square, with the leg square
/// that must be empty (the mirror of [`KNIGHT_MOVES`]).
const fn knight_attackers() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as isize, (s / 9) as isize);
        let mut i = 0;
        while i < 8 {
            let (df, dr) = KNIGHT_DELTAS[i];
            // a horse at (f - df, r - dr) jumping by (df, dr) lands here
            let (hf, hr) = (f - df, r - dr);
            if on_board(hf, hr) {
                let (lf, lr) = knight_leg(hf, hr, df, dr);
                t[s] = t[s].with(sq(hf, hr), sq(lf, lr));
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn bishop_moves() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as isize, (s / 9) as isize);
        let mut i = 0;
        while i < 4 {
            let df = if i & 1 == 0 { 2 } else { -2 };
            let dr = if i & 2 == 0 { 2 } else { -2 };
            // an elephant never crosses the river: stay on this half
            if on_board(f + df, r + dr) && (r <= 4) == (r + dr <= 4) {
                t[s] = t[s].with(sq(f + df, r + dr), sq(f + df / 2, r + dr / 2));
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn advisor_moves() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as isize, (s / 9) as isize);
        let mut i = 0;
        while i < 4 {
            let df = if i & 1 == 0 { 1 } else { -1 };
            let dr = if i & 2 == 0 { 1 } else { -1 };
            if in_palace(f, r) && in_palace(f + df, r + dr) {
                t[s] = t[s].with(sq(f + df, r + dr), sq(f + df, r + dr));
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const ORTHOGONAL: [(isize, isize); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn king_moves() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as isize, (s / 9) as isize);
        let mut i = 0;
        while i < 4 {
            let (df, dr) = ORTHOGONAL[i];
            if in_palace(f, r) && in_palace(f + df, r + dr) {
                t[s] = t[s].with(sq(f + df, r + dr), sq(f + df, r + dr));
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Whether a pawn of `colour` on rank `r` has crossed the river.
pub const fn pawn_crossed(colour: Colour, r: isize) -> bool {
    match colour {
        Colour::Red => r >= 5,
        Colour::Black => r <= 4,
    }
}

const fn pawn_moves() -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let colour = if c == 0 { Colour::Red } else { Colour::Black };
        let fwd: isize = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as isize, (s / 9) as isize);
            if on_board(f, r + fwd) {
                t[c][s] = t[c][s].with(sq(f, r + fwd), sq(f, r + fwd));
            }
            if pawn_crossed(colour, r) {
                if f > 0 {
                    t[c][s] = t[c][s].with(sq(f - 1, r), sq(f - 1, r));
                }
                if f < 8 {
                    t[c][s] = t[c][s].with(sq(f + 1, r), sq(f + 1, r));
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// Horse jumps from each square, `via` = the leg.
pub static KNIGHT_MOVES: [Steps; 90] = knight_moves();
/// Horse positions attacking each square, `via` = the attacker's leg.
pub static KNIGHT_ATTACKERS: [Steps; 90] = knight_attackers();
/// For a target square `k` and a square `h`: the leg of a horse on `h`
/// attacking `k`, or [`NO_LEG`] when a horse on `h` cannot attack `k`.
/// Lets a test look at the two horses of a side instead of the eight
/// squares a horse could attack `k` from.
pub static KNIGHT_ATTACK_LEG: [[u8; 90]; 90] = knight_attack_legs();
/// No horse on that square attacks the target (see [`KNIGHT_ATTACK_LEG`]).
pub const NO_LEG: u8 = u8::MAX;

const fn knight_attack_legs() -> [[u8; 90]; 90] {
    let attackers = knight_attackers();
    let mut t = [[NO_LEG; 90]; 90];
    let mut k = 0;
    while k < 90 {
        let mut i = 0;
        while i < attackers[k].len as usize {
            t[k][attackers[k].to[i] as usize] = attackers[k].via[i];
            i += 1;
        }
        k += 1;
    }
    t
}

/// Elephant moves from each square (same half of the board), `via` = the eye.
pub static BISHOP_MOVES: [Steps; 90] = bishop_moves();
/// Advisor moves inside the palace.
pub static ADVISOR_MOVES: [Steps; 90] = advisor_moves();
/// King steps inside the palace.
pub static KING_MOVES: [Steps; 90] = king_moves();
/// Pawn steps per colour: forward, and sideways once across the river.
pub static PAWN_MOVES: [[Steps; 90]; 2] = pawn_moves();

/// Whether a piece of `colour` and `kind` can ever stand on file `f`, rank `r`
/// (the palace for king and advisors, the seven elephant points, pawns never
/// behind their starting rank nor between files before the river).
pub const fn can_stand(colour: Colour, kind: PieceKind, f: isize, r: isize) -> bool {
    // work in Red's frame
    let r = match colour {
        Colour::Red => r,
        Colour::Black => 9 - r,
    };
    match kind {
        PieceKind::King => f >= 3 && f <= 5 && r <= 2,
        PieceKind::Advisor => (f == 3 || f == 5) && (r == 0 || r == 2) || (f == 4 && r == 1),
        PieceKind::Bishop => {
            (r == 0 || r == 4) && (f == 2 || f == 6) || (r == 2 && (f == 0 || f == 4 || f == 8))
        }
        PieceKind::Pawn => r >= 5 || ((r == 3 || r == 4) && f % 2 == 0),
        PieceKind::Knight | PieceKind::Rook | PieceKind::Cannon => true,
    }
}

/// A file's rank mask (bit `r`) spread onto the squares of file a (bit
/// `r * 9`); shift left by the file for the other files. Turns a file's
/// line-table masks into board sets (legality filters, attack maps).
pub static FILE_SPREAD: [u128; 1024] = file_spread();

const fn file_spread() -> [u128; 1024] {
    let mut t = [0; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m & (1 << r) != 0 {
                t[m] |= 1 << (r * 9);
            }
            r += 1;
        }
        m += 1;
    }
    t
}
