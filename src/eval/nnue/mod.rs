//! The learned evaluation (NNUE): a perspective network over piece-square
//! inputs, beside the five-part evaluator.
//!
//! [`arch`] is the contract between the trainer (`chuhe net train`) and the
//! inference: input features, layer sizes, quantization and the net file's
//! layout. Everything else builds on it:
//!
//! - [`buckets`]: the output buckets (which output layer a position uses);
//! - [`file`]: the quantized net and its file;
//! - [`network`]: the net laid out for inference (aligned columns);
//! - [`features`]: feature indices by piece id;
//! - [`simd`]: the kernels, portable and AVX2 (chosen at run time, same
//!   integers);
//! - [`state`]: a thread's cached accumulators, updated by diffing the
//!   placement against the nearest cached one (no make/unmake hook);
//! - [`choice`]: the `eval` and `evalfile` settings.
//!
//! [`evaluate`] is what [`super::Evaluator`] calls: the network's score
//! through this thread's [`NetState`], clamped to ±[`EVAL_LIMIT`].

pub mod arch;
pub mod buckets;
pub mod choice;
pub mod features;
pub mod file;
pub mod network;
pub mod simd;
pub mod state;

pub use choice::{EvalKind, NetChoice, NetLoadError};
pub use network::Network;
pub use state::{NetState, NetStats};

use crate::board::Position;
use std::cell::RefCell;
use std::sync::{Arc, LazyLock};

/// The net built into the binary (`nets/chuhe-n5.nnue`: the fifth trained
/// net, the first under the exact mirror rule, on all of data/train with
/// n4's own games; nets/README.md).
pub static EMBEDDED_BYTES: &[u8] = include_bytes!("../../../nets/chuhe-n5.nnue");

/// The largest score the network gives the search, in absolute value:
/// far below the rule-loss and mate scores, far above any real position.
pub const EVAL_LIMIT: i32 = 10_000;

static EMBEDDED: LazyLock<Arc<Network>> = LazyLock::new(|| {
    // the embedded file is checked by a test; should a build carry a
    // broken one anyway, say so and play with a zero net rather than die
    match Network::from_bytes(EMBEDDED_BYTES, "embedded") {
        Ok(net) => Arc::new(net),
        Err(e) => {
            eprintln!("error: the embedded net is unusable ({e}); the net scores 0");
            Arc::new(Network::new(
                &file::QuantizedNet::zeros(),
                "embedded (broken)",
            ))
        }
    }
});

/// The embedded network (built on first use, then shared).
pub fn embedded() -> Arc<Network> {
    Arc::clone(&EMBEDDED)
}

thread_local! {
    /// This thread's accumulators (see [`state`]).
    static STATE: RefCell<Option<NetState>> = const { RefCell::new(None) };
}

/// The network's score of `pos` (side to move's view), clamped to
/// ±[`EVAL_LIMIT`], from this thread's cached accumulators.
#[inline]
pub fn evaluate(net: &Network, pos: &Position) -> i32 {
    STATE
        .with(|s| {
            s.borrow_mut()
                .get_or_insert_with(|| NetState::new(true))
                .evaluate(net, pos)
        })
        .clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// This thread's cache counters so far (zero before its first evaluation).
pub fn thread_stats() -> NetStats {
    STATE.with(|s| s.borrow().as_ref().map(|s| s.stats).unwrap_or_default())
}
