//! `chuhe arena --resume`: a run that was killed (a session's end, a
//! reboot) continues where it stopped. The arena writes every game as it
//! ends, so the output directory holds the games that finished; they are
//! read back, checked against the schedule being resumed, and only the
//! others are played.

use super::game::GameRecord;
use super::report;
use super::MatchPlan;
use std::path::Path;

/// The games already played into `out` for `plan`, after checking that
/// they belong to it (same players, and each game the schedule's game of
/// that number). None when `out` is new or empty. The directory's game
/// files are rewritten from what was read, so a game torn by the kill
/// leaves nothing behind.
pub fn previous_games(out: &Path, plan: &MatchPlan) -> Result<Vec<GameRecord>, String> {
    if super::outdir::check(out, false).is_ok() {
        return Ok(Vec::new());
    }
    let (a, b, mut games) = report::read_outputs(out)
        .map_err(|e| format!("--resume: {e} (not an arena output directory?)"))?;
    if (a.as_str(), b.as_str()) != (plan.a.text.as_str(), plan.b.text.as_str()) {
        return Err(format!(
            "--resume: {} was played by {a} vs {b}, not {} vs {}",
            out.display(),
            plan.a.text,
            plan.b.text
        ));
    }
    for g in &games {
        let same = plan
            .games
            .iter()
            .find(|s| s.game == g.game)
            .is_some_and(|s| {
                s.fen == g.start_fen && s.moves == g.opening_moves && s.a_is_red == g.a_is_red
            });
        if !same {
            return Err(format!(
                "--resume: game {} in {} is not game {} of this schedule \
                 (different --games, openings, --seed or --shard?)",
                g.game,
                out.display(),
                g.game
            ));
        }
    }
    games.sort_by_key(|g| g.game);
    if games.windows(2).any(|w| w[0].game == w[1].game) {
        return Err(format!("--resume: {} holds a game twice", out.display()));
    }
    report::write_outputs(out, &a, &b, &games, plan.sprt.as_ref())
        .map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(games)
}
