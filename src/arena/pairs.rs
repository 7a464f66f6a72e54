//! Colour-swapped pairs: games `2i + 1` and `2i + 2` of a schedule share an
//! opening with colours swapped. Their pentanomial statistic, and the
//! choice between it and single games (trinomial) for the Elo interval and
//! the SPRT.

use super::game::GameRecord;
use super::report::wdl_of;
use super::stats::{elo_estimate, EloEstimate, Pentanomial, Sprt, SprtState};

/// Pairs the games: game `2i + 1` with game `2i + 2` (1-based, the
/// schedule's colour-swapped pair), counted only when both are present,
/// start from the same opening and A has a different colour in each.
/// Returns the pairs' statistic and the number of games left unpaired.
pub fn pentanomial_of(games: &[GameRecord]) -> (Pentanomial, usize) {
    let by_number: std::collections::HashMap<usize, &GameRecord> =
        games.iter().map(|g| (g.game, g)).collect();
    let mut p = Pentanomial::default();
    let mut paired = 0;
    for g in games.iter().filter(|g| g.game % 2 == 1) {
        let Some(h) = by_number.get(&(g.game + 1)) else {
            continue;
        };
        let same_opening = g.start_fen == h.start_fen && g.opening_moves == h.opening_moves;
        if same_opening && g.a_is_red != h.a_is_red {
            p.add(g.a_points() + h.a_points());
            paired += 2;
        }
    }
    (p, games.len() - paired)
}

/// Whether the pentanomial model applies: at least one pair and no
/// unpaired game.
pub fn pairs_complete(games: &[GameRecord]) -> bool {
    let (p, unpaired) = pentanomial_of(games);
    p.pairs() > 0 && unpaired == 0
}

/// The Elo estimate of `games`: from the pairs when [`pairs_complete`],
/// else from single games; with the model's name.
pub fn match_elo(games: &[GameRecord]) -> (EloEstimate, &'static str) {
    let wdl = wdl_of(games);
    let (p, unpaired) = pentanomial_of(games);
    if p.pairs() > 0 && unpaired == 0 {
        (p.elo_estimate(&wdl), "pentanomial")
    } else {
        (elo_estimate(&wdl), "trinomial")
    }
}

/// The SPRT's state after `games`: pentanomial when [`pairs_complete`],
/// else trinomial.
pub fn sprt_state(sprt: &Sprt, games: &[GameRecord]) -> SprtState {
    let (p, unpaired) = pentanomial_of(games);
    let wdl = wdl_of(games);
    if p.pairs() > 0 && unpaired == 0 {
        sprt.state_pentanomial(&p, &wdl)
    } else {
        sprt.state(&wdl)
    }
}
