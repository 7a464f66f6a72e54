//! The network's architecture: the one place the trainer and the
//! inference agree on.
//!
//! ## Inputs
//! Two perspectives, the side to move's ("us") and the other's ("them").
//! Each sees every piece on the board as one active feature of
//! [`INPUTS`] = 2 sides × 7 kinds × 90 squares, numbered by
//! [`feature_index`]:
//! - the board is turned so the perspective's own side sits on ranks 0–4
//!   (Black's perspective flips ranks, `r → 9 − r`);
//! - it is mirrored left–right (`f → 8 − f`) when the perspective's own
//!   king stands right of the middle file (file > 4 after the turn), so a
//!   king on files d–e and its mirror share weights (xiangqi's rules are
//!   symmetric left–right);
//! - the piece counts as "own" (0) or "enemy" (1) side by its colour
//!   against the perspective's.
//!
//! ## Layers (float model, as trained)
//! ```text
//! h_p   = W · x_p + b                       (p = us, them; W: INPUTS×HIDDEN, shared)
//! a_p   = clamp(h_p, 0, 1)²                 (squared clipped ReLU, SCReLU)
//! out   = w_o[..HIDDEN] · a_us + w_o[HIDDEN..] · a_them + b_o
//! score = out × SCALE                       (centipawns, side to move's view)
//! ```
//!
//! ## Quantization (integer model, as played)
//! `W_q = round(W·QA)`, `b_q = round(b·QA)` (i16); `w_o,q = round(w_o·QB)`
//! (i16); `b_o,q = round(b_o·QA·QB)` (i32). With `v = clamp(acc, 0, QA)`
//! per unit of the i16 accumulator `acc = b_q + Σ W_q`:
//! ```text
//! sum   = Σ v·v·w_o,q  (i32, both perspectives)   = QA²·QB·(w_o·a)
//! score = (sum / QA + b_o,q) · SCALE / (QA·QB)
//! ```
//! (integer division truncating toward zero, in i32 except the final
//! product, which is taken in i64).
//!
//! ## The net file
//! Little-endian, fixed length ([`FILE_BYTES`]):
//! ```text
//! magic        8 bytes  b"CHUHENN1"
//! inputs       u32      INPUTS
//! hidden       u32      HIDDEN
//! ft_weights   i16 × INPUTS·HIDDEN   (feature-major: feature f's HIDDEN weights together)
//! ft_bias      i16 × HIDDEN
//! out_weights  i16 × 2·HIDDEN        (us first, then them)
//! out_bias     i32
//! checksum     u64      FNV-1a 64 of every byte before it
//! ```
//! A file of another length, magic, shape or checksum is refused.

use crate::board::{Colour, Piece, Square};

/// Piece kinds.
pub const KINDS: usize = 7;
/// Squares of the board.
pub const SQUARES: usize = Square::COUNT;
/// Input features per perspective: own/enemy × kind × square.
pub const INPUTS: usize = 2 * KINDS * SQUARES;
/// Hidden units per perspective (the accumulator's width).
pub const HIDDEN: usize = 256;
/// Quantization of the feature transformer and the activation's clip.
pub const QA: i32 = 255;
/// Quantization of the output weights.
pub const QB: i32 = 64;
/// Network output unit in centipawns.
pub const SCALE: i32 = 400;
/// The net file's magic bytes.
pub const MAGIC: [u8; 8] = *b"CHUHENN1";
/// Length of a net file in bytes.
pub const FILE_BYTES: usize = 8 + 4 + 4 + 2 * INPUTS * HIDDEN + 2 * HIDDEN + 2 * 2 * HIDDEN + 4 + 8;

/// Whether `perspective` sees the board mirrored left–right: its own king
/// stands on a file right of the middle one (files are the same from both
/// sides, since turning the board only flips ranks).
#[inline(always)]
pub fn mirrored(king: Square) -> bool {
    king.file() > 4
}

/// The feature of `piece` on `sq` seen from `perspective`, whose own king
/// stands on `king` (used for the mirror).
#[inline(always)]
pub fn feature_index(perspective: Colour, king: Square, piece: Piece, sq: Square) -> usize {
    let mut rel = match perspective {
        Colour::Red => sq,
        Colour::Black => sq.flip_rank(),
    };
    if mirrored(king) {
        rel = rel.mirror_file();
    }
    let side = usize::from(piece.colour() != perspective);
    let kind = piece.kind().index();
    (side * KINDS + kind) * SQUARES + rel.index()
}

/// FNV-1a 64 of `bytes`: the net file's checksum.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::PieceKind;

    #[test]
    fn features_cover_the_input_range_exactly_once_per_piece_and_square() {
        let king = Square::new(4, 0);
        let mut seen = vec![false; INPUTS];
        for colour in Colour::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(colour, kind);
                for sq in Square::all() {
                    let f = feature_index(Colour::Red, king, piece, sq);
                    assert!(!seen[f], "feature {f} used twice");
                    seen[f] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_two_perspectives_of_a_colour_flipped_board_agree() {
        // Red's rook on a1 seen by Red equals Black's rook on a9 seen by Black.
        let red_rook = Piece::new(Colour::Red, PieceKind::Rook);
        let black_rook = Piece::new(Colour::Black, PieceKind::Rook);
        let a0 = Square::new(0, 0);
        assert_eq!(
            feature_index(Colour::Red, Square::new(4, 0), red_rook, a0),
            feature_index(Colour::Black, Square::new(4, 9), black_rook, a0.flip_rank())
        );
    }

    #[test]
    fn a_king_right_of_the_middle_mirrors_the_board() {
        let rook = Piece::new(Colour::Red, PieceKind::Rook);
        let a0 = Square::new(0, 0);
        assert_eq!(
            feature_index(Colour::Red, Square::new(5, 0), rook, a0),
            feature_index(Colour::Red, Square::new(3, 0), rook, a0.mirror_file())
        );
    }
}
