//! Shapes of the Search II pruning and reductions (issue 13): the
//! late-move-reduction table, the depth limits of the futility family and
//! the late-move-pruning counts. The margins are options (see
//! `SearchOptions`), in evaluation units.

use std::sync::OnceLock;

/// Reverse futility applies at this remaining depth or less.
pub const RFP_MAX_DEPTH: i32 = 6;
/// Futility pruning applies at this remaining depth or less.
pub const FUTILITY_MAX_DEPTH: i32 = 3;
/// Late-move pruning applies at this remaining depth or less ...
pub const LMP_MAX_DEPTH: i32 = 4;
/// ... after this many quiet moves at each depth (xiangqi positions have
/// some 40 moves, more than chess, so the counts are generous).
const LMP_QUIETS: [usize; LMP_MAX_DEPTH as usize + 1] = [0, 6, 10, 16, 24];

/// Quiet moves searched at `depth` before late-move pruning starts.
pub fn lmp_quiets(depth: i32) -> usize {
    LMP_QUIETS[depth.clamp(0, LMP_MAX_DEPTH) as usize]
}

const LMR_SIZE: usize = 64;
/// ln(depth)·ln(move number) / LMR_DIVISOR + 0.5, floored.
const LMR_DIVISOR: f64 = 2.0;

/// The base late move reduction of the `index`-th move (0-based) at
/// `depth`: grows with the logarithms of both.
pub fn lmr_reduction(depth: i32, index: usize) -> i32 {
    static TABLE: OnceLock<Box<[[u8; LMR_SIZE]; LMR_SIZE]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = Box::new([[0u8; LMR_SIZE]; LMR_SIZE]);
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR + 0.5;
                *r = v.max(0.0) as u8;
            }
        }
        t
    });
    table[(depth.max(0) as usize).min(LMR_SIZE - 1)][index.min(LMR_SIZE - 1)] as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(lmr_reduction(1, 30), 0);
        assert!(lmr_reduction(3, 3) >= 1);
        for d in 2..40 {
            for m in 2..60 {
                assert!(lmr_reduction(d + 1, m) >= lmr_reduction(d, m));
                assert!(lmr_reduction(d, m + 1) >= lmr_reduction(d, m));
            }
        }
        assert!(lmr_reduction(20, 40) >= 4);
    }
}
