//! The late-move-reduction table: the base reduction by remaining depth
//! and move number, from the tunables `lmr_divisor` and `lmr_base`, built
//! once per set of values and shared by every search that uses them.

use super::tunables::Tunables;
use std::sync::{Arc, Mutex};

const LMR_SIZE: usize = 64;

/// The base late move reductions by depth and move number:
/// ln(depth)·ln(move number) / (`lmr_divisor`/100) + `lmr_base`/100,
/// floored at 0.
#[derive(Debug, PartialEq)]
pub(crate) struct LmrTable {
    /// The tunables it was built from: (`lmr_divisor`, `lmr_base`).
    key: (i32, i32),
    table: Box<[[u8; LMR_SIZE]; LMR_SIZE]>,
}

impl LmrTable {
    fn build(divisor: i32, base: i32) -> LmrTable {
        let mut t = Box::new([[0u8; LMR_SIZE]; LMR_SIZE]);
        let (div, add) = (f64::from(divisor.max(1)) / 100.0, f64::from(base) / 100.0);
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = (d as f64).ln() * (m as f64).ln() / div + add;
                *r = v.clamp(0.0, 255.0) as u8;
            }
        }
        LmrTable {
            key: (divisor, base),
            table: t,
        }
    }

    /// The table for these tunables: built once and shared while searches
    /// keep asking for the same values (a few recent ones are kept, so
    /// tuner players with different values do not rebuild every search).
    pub fn for_tunables(t: &Tunables) -> Arc<LmrTable> {
        static RECENT: Mutex<Vec<Arc<LmrTable>>> = Mutex::new(Vec::new());
        let key = (t.lmr_divisor, t.lmr_base);
        let mut recent = RECENT.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = recent.iter().position(|x| x.key == key) {
            let table = recent.remove(i);
            recent.push(table.clone());
            return table;
        }
        let table = Arc::new(LmrTable::build(key.0, key.1));
        if recent.len() >= 8 {
            recent.remove(0);
        }
        recent.push(table.clone());
        table
    }

    /// The base reduction of the `index`-th move (0-based) at `depth`.
    #[inline(always)]
    pub fn get(&self, depth: i32, index: usize) -> i32 {
        self.table[(depth.max(0) as usize).min(LMR_SIZE - 1)][index.min(LMR_SIZE - 1)] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let t = LmrTable::for_tunables(&Tunables::default());
        assert_eq!(t.get(1, 30), 0);
        assert!(t.get(3, 3) >= 1);
        for d in 2..40 {
            for m in 2..60 {
                assert!(t.get(d + 1, m) >= t.get(d, m));
                assert!(t.get(d, m + 1) >= t.get(d, m));
            }
        }
        assert!(t.get(20, 40) >= 4);
    }

    /// Every entry of `table` is ln(d)·ln(m)/`divisor` + `base`, floored.
    fn assert_formula(table: &LmrTable, divisor: f64, base: f64) {
        for d in 1..LMR_SIZE {
            for m in 1..LMR_SIZE {
                let r = ((d as f64).ln() * (m as f64).ln() / divisor + base) as i32;
                assert_eq!(table.get(d as i32, m), r, "{d} {m}");
            }
        }
    }

    #[test]
    fn the_table_follows_its_formula() {
        // ln(d)·ln(m)/2 + 0.5, the constants before SPSA tuned them
        let old_constants = Tunables {
            lmr_divisor: 200,
            lmr_base: 50,
            ..Tunables::default()
        };
        let t = LmrTable::for_tunables(&old_constants);
        assert_formula(&t, 2.0, 0.5);
        let other = Tunables {
            lmr_divisor: 100,
            ..old_constants
        };
        assert!(LmrTable::for_tunables(&other).get(20, 40) > t.get(20, 40));
        // the defaults: ln(d)·ln(m)/1.84 + 0.76 (SPSA run sc2)
        assert_formula(&LmrTable::for_tunables(&Tunables::default()), 1.84, 0.76);
    }
}
