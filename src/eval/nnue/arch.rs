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
//! - it is mirrored left–right (`f → 8 − f`) or not by the net's
//!   [`MirrorRule`]: [`MirrorRule::Exact`] (nets written from issue 76
//!   on) so that a position and its left–right mirror give exactly the
//!   same features ([`mirrored`]: by the own king's file, then the enemy
//!   king's, then the first left/right square pair that differs, scanning
//!   from the own back rank; xiangqi's rules are symmetric left–right, so
//!   the net then scores a position and its mirror alike), or
//!   [`MirrorRule::OwnKing`] (the nets before, n1–n4): mirrored when the
//!   own king stands right of the middle file, which leaves a position
//!   with the own king on the middle file and its mirror apart;
//! - the piece counts as "own" (0) or "enemy" (1) side by its colour
//!   against the perspective's.
//!
//! ## Layers (float model, as trained)
//! ```text
//! h_p   = W · x_p + b                       (p = us, them; W: INPUTS×HIDDEN, shared)
//! a_p   = clamp(h_p, 0, 1)²                 (squared clipped ReLU, SCReLU)
//! k     = bucket(position)                  (0 for a net of one bucket)
//! out   = w_o,k[..HIDDEN] · a_us + w_o,k[HIDDEN..] · a_them + b_o,k
//! score = out × SCALE                       (centipawns, side to move's view)
//! ```
//!
//! ## Output buckets
//! A net has one output layer (`w_o`, `b_o`) or `B` of them, chosen per
//! position by its scheme ([`Buckets`](super::buckets::Buckets)) from the
//! material on the board: `pieces8` by the number of pieces, `majors`
//! by each side's rooks and horses plus cannons (after Pikafish's
//! layer-stack buckets). The feature transformer (`W`, `b`) and
//! so the accumulators are shared by all buckets: a bucket costs one
//! output layer of weights and nothing per move. The nets n1–n5 have
//! one bucket (`none`).
//!
//! ## Quantization (integer model, as played)
//! `W_q = round(W·QA)`, `b_q = round(b·QA)` (i16); `w_o,q = round(w_o·QB)`
//! (i16); `b_o,q = round(b_o·QA·QB)` (i32). With `v = clamp(acc, 0, QA)`
//! per unit of the i16 accumulator `acc = b_q + Σ W_q`:
//! ```text
//! sum   = Σ v·v·w_o,k,q  (i32, both perspectives)   = QA²·QB·(w_o,k·a)
//! score = (sum / QA + b_o,k,q) · SCALE / (QA·QB)
//! ```
//! (integer division truncating toward zero, in i32 except the final
//! product, which is taken in i64).
//!
//! ## The net file
//! Little-endian. A net of one bucket (`none`) has the format
//! of the nets before buckets, byte for byte, [`FILE_BYTES`] long:
//! ```text
//! magic        8 bytes  b"CHUHENS1" (MirrorRule::Exact) or b"CHUHENN1" (MirrorRule::OwnKing)
//! inputs       u32      INPUTS
//! hidden       u32      HIDDEN
//! ft_weights   i16 × INPUTS·HIDDEN   (feature-major: feature f's HIDDEN weights together)
//! ft_bias      i16 × HIDDEN
//! out_weights  i16 × 2·HIDDEN        (us first, then them)
//! out_bias     i32
//! checksum     u64      FNV-1a 64 of every byte before it
//! ```
//! A net of `B` buckets is [`bucketed_file_bytes`]`(B)` long; its rule is
//! always [`MirrorRule::Exact`]:
//! ```text
//! magic        8 bytes  b"CHUHENB1"
//! scheme       u32      Buckets::id (1 pieces8, 2 majors)
//! buckets      u32      B (must be the scheme's count)
//! inputs       u32      INPUTS
//! hidden       u32      HIDDEN
//! ft_weights   i16 × INPUTS·HIDDEN
//! ft_bias      i16 × HIDDEN
//! out_weights  i16 × B·2·HIDDEN      (bucket 0's us, them, then bucket 1's, …)
//! out_bias     i32 × B
//! checksum     u64      FNV-1a 64 of every byte before it
//! ```
//! A file of another length, magic, scheme, bucket count, shape or
//! checksum is refused.

use crate::board::{Colour, Piece, Position, Square};

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
/// The net file's magic bytes: a net of [`MirrorRule::Exact`].
pub const MAGIC: [u8; 8] = *b"CHUHENS1";
/// The magic bytes of a net of [`MirrorRule::OwnKing`] (n1–n4).
pub const MAGIC_OWN_KING: [u8; 8] = *b"CHUHENN1";

/// How a net's perspectives choose their left–right orientation; the
/// file's magic says which rule its weights were trained under.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MirrorRule {
    /// Mirrored when the own king stands right of the middle file (the
    /// nets before issue 76).
    OwnKing,
    /// [`mirrored`]: a position and its mirror share their features.
    Exact,
}
/// The magic bytes of a net with output buckets (always
/// [`MirrorRule::Exact`]).
pub const MAGIC_BUCKETS: [u8; 8] = *b"CHUHENB1";
/// Length of a net file of one bucket in bytes.
pub const FILE_BYTES: usize = 8 + 4 + 4 + 2 * INPUTS * HIDDEN + 2 * HIDDEN + 2 * 2 * HIDDEN + 4 + 8;

/// Length in bytes of a net file of `buckets` output buckets (more than
/// one): [`FILE_BYTES`] plus the scheme and count, and the other
/// buckets' output layers.
pub const fn bucketed_file_bytes(buckets: usize) -> usize {
    FILE_BYTES + 4 + 4 + (buckets - 1) * (2 * 2 * HIDDEN + 4)
}

/// Whether the perspective of colour index `p` (0 Red, 1 Black) sees the
/// board mirrored left–right, from the placement: `pieces` (piece code on
/// each square index, 0 empty) and `piece_sq` (square index of each piece
/// id, ids 0 and 16 the kings, `u8::MAX` when absent). The rule, in order:
///
/// 1. the own king's file: right of the middle (file > 4) mirrors, left of
///    it does not;
/// 2. with the own king on the middle file, the enemy king's file, alike;
/// 3. with both on the middle file (or a king missing, which no game
///    reaches), the first pair of squares `(f, r)` and `(8 − f, r)` that
///    hold different things, scanning ranks from the perspective's own
///    back rank and files from the edge inwards: mirrored when the right
///    one's code, as the perspective sees it (own pieces 1–7, enemy 9–15,
///    empty 0), is the larger;
/// 4. a position equal to its own mirror is not mirrored (both choices give
///    the same features).
///
/// Each step flips when the position is mirrored (files are the same from
/// both sides, since turning the board only flips ranks) and the codes are
/// relative to the perspective, so a position and its mirror share their
/// features exactly, and the colour flip keeps them too. The trainer
/// ([`crate::train::features`]) and the inference ([`super::state`]) both
/// call this function.
#[inline]
pub fn mirrored(p: usize, pieces: &[u8; SQUARES], piece_sq: &[u8; 32]) -> bool {
    let file = |id: usize| match piece_sq[id] {
        sq if usize::from(sq) < SQUARES => sq % 9,
        _ => 4,
    };
    let (own, enemy) = (file(16 * p), file(16 * (1 - p)));
    if own != 4 {
        return own > 4;
    }
    if enemy != 4 {
        return enemy > 4;
    }
    first_difference_mirrors(p, pieces)
}

/// Step 3 of [`mirrored`]: the first differing left/right pair from the
/// perspective's own back rank.
#[inline]
fn first_difference_mirrors(p: usize, pieces: &[u8; SQUARES]) -> bool {
    let flip = (p as u8) << 3;
    let rel = |c: u8| if c == 0 { 0 } else { c ^ flip };
    for i in 0..10 {
        let r = if p == 0 { i } else { 9 - i };
        let row = &pieces[r * 9..r * 9 + 9];
        for f in 0..4 {
            let (left, right) = (row[f], row[8 - f]);
            if left != right {
                return rel(right) > rel(left);
            }
        }
    }
    false
}

/// Whether the perspective of colour index `p` sees the board mirrored
/// under `rule` ([`mirrored`] for [`MirrorRule::Exact`]; for
/// [`MirrorRule::OwnKing`] its own king right of the middle file, a
/// missing king not mirrored).
#[inline]
pub fn mirrored_by(
    rule: MirrorRule,
    p: usize,
    pieces: &[u8; SQUARES],
    piece_sq: &[u8; 32],
) -> bool {
    match rule {
        MirrorRule::Exact => mirrored(p, pieces, piece_sq),
        MirrorRule::OwnKing => {
            let king = piece_sq[16 * p];
            usize::from(king) < SQUARES && king % 9 > 4
        }
    }
}

/// [`mirrored`] for `perspective` in `pos`.
#[inline]
pub fn mirrored_in(perspective: Colour, pos: &Position) -> bool {
    mirrored(perspective.index(), &pos.pieces, &pos.piece_sq)
}

/// [`mirrored_by`] for `perspective` in `pos`.
#[inline]
pub fn mirrored_in_by(rule: MirrorRule, perspective: Colour, pos: &Position) -> bool {
    mirrored_by(rule, perspective.index(), &pos.pieces, &pos.piece_sq)
}

/// The feature of `piece` on `sq` seen from `perspective`, which sees the
/// board mirrored or not ([`mirrored`]).
#[inline(always)]
pub fn feature_index(perspective: Colour, mirror: bool, piece: Piece, sq: Square) -> usize {
    let mut rel = match perspective {
        Colour::Red => sq,
        Colour::Black => sq.flip_rank(),
    };
    if mirror {
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
        let mut seen = vec![false; INPUTS];
        for colour in Colour::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(colour, kind);
                for sq in Square::all() {
                    let f = feature_index(Colour::Red, false, piece, sq);
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
            feature_index(Colour::Red, false, red_rook, a0),
            feature_index(Colour::Black, false, black_rook, a0.flip_rank())
        );
    }

    #[test]
    fn a_mirrored_perspective_sees_the_mirror_square() {
        let rook = Piece::new(Colour::Red, PieceKind::Rook);
        let a0 = Square::new(0, 0);
        assert_eq!(
            feature_index(Colour::Red, true, rook, a0),
            feature_index(Colour::Red, false, rook, a0.mirror_file())
        );
    }

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid FEN")
    }

    #[test]
    fn the_rule_goes_by_own_king_then_enemy_king_then_first_difference() {
        // own king right of the middle: mirrored, whatever else
        let p = pos("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
        assert!(mirrored_in(Colour::Red, &p));
        // Black's king on d: not mirrored for Black; Red's king on the
        // middle file, so Red goes by Black's king on d: not mirrored
        let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        assert!(!mirrored_in(Colour::Black, &p));
        assert!(!mirrored_in(Colour::Red, &p));
        assert!(mirrored_in(Colour::Red, &p.mirrored()));
        // both kings on the middle file (a Red pawn between them): a Red
        // rook on i0 against an empty a0 is the first difference from
        // Red's back rank; from Black's back rank it is the Black pawn on
        // a6
        let p = pos("4k4/9/9/p8/9/9/4P4/9/9/4K3R w - - 0 1");
        assert!(mirrored_in(Colour::Red, &p));
        assert!(!mirrored_in(Colour::Red, &p.mirrored()));
        // rank 6 holds a Black pawn on a6 (left): Black's own piece on
        // the left, empty on the right: not mirrored
        assert!(!mirrored_in(Colour::Black, &p));
        assert!(mirrored_in(Colour::Black, &p.mirrored()));
        // a position equal to its mirror is not mirrored
        let start = Position::startpos();
        assert!(!mirrored_in(Colour::Red, &start));
        assert!(!mirrored_in(Colour::Black, &start));
    }
}
