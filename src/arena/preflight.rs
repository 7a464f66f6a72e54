//! Checks around a match that keep its result honest: both players must
//! start before any game is scored, and an iProbcut player that can never
//! prune (its depth never exceeds its threshold) is pointed out, since it
//! then searches exactly like alpha-beta.

use super::game::GameRecord;
use super::player::{EngineKind, Limit, PlayerSpec};
use crate::search::Algorithm;

/// Starts the player of `spec` once (spawn, handshake, new game) and
/// drops it; `label` is "A" or "B". The error names the player.
pub fn check_start(label: &str, spec: &PlayerSpec) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| {
        format!(
            "player {label} ({}) cannot start: {e}; no games were played",
            spec.text
        )
    };
    let mut player = spec.build().map_err(|e| fail(&e))?;
    player.new_game().map_err(|e| fail(&e))?;
    Ok(())
}

/// The threshold of an in-process iProbcut player, if `spec` is one.
fn iprobcut_threshold(spec: &PlayerSpec) -> Option<i32> {
    match &spec.kind {
        EngineKind::InProcess(o) if o.algorithm == Algorithm::IProbcut => {
            Some(o.tune.ipc_threshold)
        }
        _ => None,
    }
}

/// A warning, before the match, when `spec` is an iProbcut player whose
/// fixed depth is at most its threshold: iProbcut prunes only at nodes
/// with more than `threshold` plies left, so it would never prune.
pub fn iprobcut_depth_warning(label: &str, spec: &PlayerSpec) -> Option<String> {
    let threshold = iprobcut_threshold(spec)?;
    match spec.limit {
        Limit::Depth(d) if d <= threshold => Some(format!(
            "warning: player {label} ({}): iProbcut prunes only with more than \
             threshold={threshold} plies left, and depth={d} never exceeds it: \
             it searches exactly like alpha-beta (raise depth or lower threshold)",
            spec.text
        )),
        _ => None,
    }
}

/// A warning, after the match, when `spec` is an iProbcut player without a
/// fixed depth whose searches never got deeper than its threshold (so it
/// never pruned) in `games`.
pub fn iprobcut_reached_warning(
    label: &str,
    spec: &PlayerSpec,
    games: &[GameRecord],
) -> Option<String> {
    let threshold = iprobcut_threshold(spec)?;
    if matches!(spec.limit, Limit::Depth(_)) {
        return None; // warned before the match
    }
    let deepest = games
        .iter()
        .flat_map(|g| g.moves.iter())
        .filter(|m| m.player == label)
        .filter_map(|m| m.depth)
        .max()?;
    (deepest <= threshold).then(|| {
        format!(
            "warning: player {label} ({}): its deepest search reached depth {deepest}, \
             never above threshold={threshold}: iProbcut never pruned, it played as alpha-beta",
            spec.text
        )
    })
}
