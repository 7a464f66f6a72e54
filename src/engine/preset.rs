//! Search presets under a limit: the paper's presets search one fixed
//! depth directly (`iterative` off, as the paper did), which only means
//! something when the limit is a depth.
//!
//! Without iterative deepening the search starts at its deepest depth; under
//! a clock, a move time or a node budget that first iteration is cut off
//! before it finishes and the move comes from no search at all (depth 0:
//! games of the paper's presets at `tc=2+0.02` ended in 8 plies by
//! repetition). So a preset given such a limit deepens iteratively, and an
//! explicit `iterative=off` under it is refused.

use crate::search::{Algorithm, SearchOptions};

/// The starting options for `algorithm` (`None`: the playing default),
/// the paper experiment's when `paper`, for a search limited by a fixed
/// depth (`fixed_depth`) or by time or nodes (then with iterative
/// deepening on, whatever the preset says).
pub fn preset_for_limit(
    algorithm: Option<Algorithm>,
    paper: bool,
    fixed_depth: bool,
) -> SearchOptions {
    let mut options = SearchOptions::preset(algorithm, paper);
    if !fixed_depth {
        options.switches.iterative = true;
    }
    options
}

/// Refuses `options` without iterative deepening under a limit that is not
/// a fixed depth (see the module's documentation).
pub fn check_deepening(options: &SearchOptions, fixed_depth: bool) -> Result<(), String> {
    if fixed_depth || options.switches.iterative {
        Ok(())
    } else {
        Err(
            "iterative=off searches one fixed depth and needs a depth limit; \
             under a clock, a move time or a node budget it would play a move \
             from no search (leave iterative on, or give a depth)"
                .to_string(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_presets_deepen_only_without_a_fixed_depth() {
        for algorithm in [Some(Algorithm::IProbcut), Some(Algorithm::AlphaBeta)] {
            assert!(!preset_for_limit(algorithm, true, true).switches.iterative);
            assert!(preset_for_limit(algorithm, true, false).switches.iterative);
        }
        // the playing presets deepen under any limit
        assert!(preset_for_limit(None, false, true).switches.iterative);
    }

    #[test]
    fn iterative_off_is_refused_without_a_depth() {
        let mut options = preset_for_limit(Some(Algorithm::IProbcut), true, false);
        options.set("iterative", "off").unwrap();
        assert!(check_deepening(&options, true).is_ok());
        let err = check_deepening(&options, false).unwrap_err();
        assert!(err.contains("iterative=off"), "{err}");
    }
}
