//! Nodes sampled on the way: the search logs the nodes where iProbcut's
//! steps ran in its last iteration (`steplog.rs` in the search's core,
//! written only when a [`NodeLog`] is installed), and the measure judges a
//! few of them, evenly spread over the log, by alpha-beta searches of the
//! node's own depth.

pub(crate) use crate::search::steplog::verdict_name;
pub use crate::search::steplog::{LoggedNode, LoggedStep, NodeLog};

/// `k` of `items`, evenly spread (all of them when there are fewer).
pub fn spread<T: Clone>(items: &[T], k: usize) -> Vec<T> {
    if items.len() <= k {
        return items.to_vec();
    }
    (0..k).map(|i| items[i * items.len() / k].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::spread;

    #[test]
    fn spread_takes_evenly() {
        let v: Vec<i32> = (0..10).collect();
        assert_eq!(spread(&v, 3), vec![0, 3, 6]);
        assert_eq!(spread(&v, 20), v);
        assert!(spread(&v, 0).is_empty());
    }
}
