//! The squares a king, advisor, elephant, horse or pawn reaches, as board
//! sets, built at compile time from the board's step tables, so that the
//! attack maps need one table lookup per piece instead of a loop over its
//! steps.
//!
//! Horses and elephants can be blocked (legs, eyes): their table is indexed
//! by square and by which of their (at most four distinct) blocking squares
//! are occupied.

use super::attacks::Bits;
use crate::board::tables::{
    Steps, ADVISOR_MOVES, BISHOP_MOVES, KING_MOVES, KNIGHT_MOVES, PAWN_MOVES,
};

/// The reach of a piece that cannot be blocked, per square, indexed by a
/// piece-list entry: the entries from 90 on (the absent-piece marker 255
/// among them) are empty, so an absent piece needs no test.
pub type OpenSets = [Bits; 256];

/// The reach of a piece that can be blocked, from one square.
#[derive(Copy, Clone, Debug)]
pub struct BlockableSet {
    /// The distinct blocking squares; unused entries hold the piece's own
    /// square (always occupied, and ignored by `reach`).
    pub blockers: [u8; 4],
    /// The reach for each pattern of occupied blockers (bit `j` set when
    /// `blockers[j]` is occupied).
    pub reach: [Bits; 16],
}

const fn open_sets(t: &[Steps; 90]) -> OpenSets {
    let mut out = [0; 256];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < t[s].len as usize {
            out[s] |= 1 << t[s].to[i];
            i += 1;
        }
        s += 1;
    }
    out
}

const fn blockable_sets(t: &[Steps; 90]) -> [BlockableSet; 90] {
    let mut out = [BlockableSet {
        blockers: [0; 4],
        reach: [0; 16],
    }; 90];
    let mut s = 0;
    while s < 90 {
        let steps = &t[s];
        let mut blockers = [s as u8; 4];
        let mut n = 0;
        // which blocker each step depends on
        let mut of_step = [0usize; 8];
        let mut i = 0;
        while i < steps.len as usize {
            let via = steps.via[i];
            let mut j = 0;
            while j < n && blockers[j] != via {
                j += 1;
            }
            if j == n {
                assert!(n < 4, "more than four blocking squares");
                blockers[n] = via;
                n += 1;
            }
            of_step[i] = j;
            i += 1;
        }
        let mut pattern = 0;
        while pattern < 16 {
            let mut set: Bits = 0;
            let mut i = 0;
            while i < steps.len as usize {
                if pattern & (1 << of_step[i]) == 0 {
                    set |= 1 << steps.to[i];
                }
                i += 1;
            }
            out[s].reach[pattern] = set;
            pattern += 1;
        }
        out[s].blockers = blockers;
        s += 1;
    }
    out
}

/// King steps.
pub static KING_SETS: OpenSets = open_sets(&KING_MOVES);
/// Advisor steps.
pub static ADVISOR_SETS: OpenSets = open_sets(&ADVISOR_MOVES);
/// Pawn steps per colour.
pub static PAWN_SETS: [OpenSets; 2] = [open_sets(&PAWN_MOVES[0]), open_sets(&PAWN_MOVES[1])];
/// Elephant moves, blocked by their eyes.
pub static BISHOP_SETS: [BlockableSet; 90] = blockable_sets(&BISHOP_MOVES);
/// Horse jumps, blocked by their legs.
pub static KNIGHT_SETS: [BlockableSet; 90] = blockable_sets(&KNIGHT_MOVES);

impl BlockableSet {
    /// The reach on the board `pieces` (piece codes, 0 = empty).
    #[inline(always)]
    pub fn on(&self, pieces: &[u8; 90]) -> Bits {
        let b = &self.blockers;
        let pattern = (pieces[b[0] as usize] != 0) as usize
            | ((pieces[b[1] as usize] != 0) as usize) << 1
            | ((pieces[b[2] as usize] != 0) as usize) << 2
            | ((pieces[b[3] as usize] != 0) as usize) << 3;
        self.reach[pattern]
    }
}
