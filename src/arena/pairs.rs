//! Colour-swapped pairs: games `2i + 1` and `2i + 2` of a schedule share an
//! opening with colours swapped. Their pentanomial statistic, and the
//! choice between it and single games (trinomial) for the Elo interval and
//! the SPRT.

use super::game::GameRecord;
use super::report::wdl_of;
use super::stats::{elo_estimate, EloEstimate, Pentanomial, Sprt, SprtState, Wdl};

/// The games that form colour-swapped pairs: game `2i + 1` with game
/// `2i + 2` (1-based, the schedule's pair), counted only when both are
/// present, start from the same opening and A has a different colour in
/// each. Returns the pairs' statistic, the W/D/L of their games and the
/// number of games left unpaired.
fn complete_pairs(games: &[GameRecord]) -> (Pentanomial, Wdl, usize) {
    let by_number: std::collections::HashMap<usize, &GameRecord> =
        games.iter().map(|g| (g.game, g)).collect();
    let mut p = Pentanomial::default();
    let mut paired = Vec::new();
    for g in games.iter().filter(|g| g.game % 2 == 1) {
        let Some(h) = by_number.get(&(g.game + 1)) else {
            continue;
        };
        let same_opening = g.start_fen == h.start_fen && g.opening_moves == h.opening_moves;
        if same_opening && g.a_is_red != h.a_is_red {
            p.add(g.a_points() + h.a_points());
            paired.extend([g, *h]);
        }
    }
    (
        p,
        wdl_of(paired.iter().copied()),
        games.len() - paired.len(),
    )
}

/// The pairs' statistic of `games` (see [`complete_pairs`]) and the number
/// of games left unpaired.
pub fn pentanomial_of(games: &[GameRecord]) -> (Pentanomial, usize) {
    let (p, _, unpaired) = complete_pairs(games);
    (p, unpaired)
}

/// Whether every game is in a complete pair (and there is one).
pub fn pairs_complete(games: &[GameRecord]) -> bool {
    let (p, unpaired) = pentanomial_of(games);
    p.pairs() > 0 && unpaired == 0
}

/// The Elo estimate of `games`, with the model's name: from the complete
/// pairs when there are any (a game whose partner is missing or still
/// being played is left out, as Fishtest does), else from single games.
pub fn match_elo(games: &[GameRecord]) -> (EloEstimate, &'static str) {
    let (p, paired_wdl, _) = complete_pairs(games);
    if p.pairs() > 0 {
        (p.elo_estimate(&paired_wdl), "pentanomial")
    } else {
        (elo_estimate(&wdl_of(games)), "trinomial")
    }
}

/// The SPRT's state after `games`: over the complete pairs when there are
/// any (so that a game finishing after the run stopped on a verdict, its
/// partner never played, cannot turn the verdict back into "continue"),
/// else over single games (trinomial).
pub fn sprt_state(sprt: &Sprt, games: &[GameRecord]) -> SprtState {
    let (p, paired_wdl, _) = complete_pairs(games);
    if p.pairs() > 0 {
        sprt.state_pentanomial(&p, &paired_wdl)
    } else {
        sprt.state(&wdl_of(games))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::arena::game::Outcome;

    /// Game `game` of a paired schedule (pair `(game + 1) / 2` has its own
    /// opening), A winning, drawing or losing by `points`.
    pub(in crate::arena) fn game(game: usize, points: f64) -> GameRecord {
        let a_is_red = game % 2 == 1;
        let outcome = if points == 0.5 {
            Outcome::Draw
        } else if (points == 1.0) == a_is_red {
            Outcome::RedWins
        } else {
            Outcome::BlackWins
        };
        GameRecord {
            game,
            opening: format!("opening {}", game.div_ceil(2)),
            start_fen: crate::board::START_FEN.into(),
            opening_moves: vec![format!("{}", game.div_ceil(2))],
            a_is_red,
            red: String::new(),
            black: String::new(),
            outcome,
            termination: String::new(),
            plies: 1,
            eval_calls: None,
            moves: Vec::new(),
            failure: None,
        }
    }

    #[test]
    fn a_game_without_its_partner_leaves_the_verdict_of_the_pairs_alone() {
        // 40 pairs: 1½ + 1 + 1 + 1, ten times over: about +44 Elo
        let scores = [1.0, 0.5, 0.5, 0.5, 1.0, 0.0, 0.5, 0.5];
        let mut games: Vec<GameRecord> = (1..=80).map(|n| game(n, scores[(n - 1) % 8])).collect();
        assert_eq!(games[0].a_points(), 1.0);
        assert_eq!(games[1].a_points(), 0.5);
        let sprt: Sprt = "0,20".parse().unwrap();
        let paired = sprt_state(&sprt, &games);
        assert_eq!(
            (paired.model.as_str(), paired.verdict.as_str()),
            ("pentanomial", "H1")
        );
        // the run stops; a game already under way ends with a loss for A
        games.push(game(81, 0.0));
        let after = sprt_state(&sprt, &games);
        assert_eq!(after.model, "pentanomial");
        assert_eq!((after.llr, after.verdict.as_str()), (paired.llr, "H1"));
        assert_eq!(match_elo(&games), match_elo(&games[..80]));
        assert_eq!(pentanomial_of(&games).1, 1);
        // single games decide only while no pair is complete
        assert_eq!(sprt_state(&sprt, &games[..1]).model, "trinomial");
        assert_eq!(match_elo(&games[..1]).1, "trinomial");
    }
}
