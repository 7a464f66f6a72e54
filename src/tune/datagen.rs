//! Self-play games for training data: random or book openings, a fixed
//! node or depth budget per move, adjudication by the rules (mate,
//! stalemate, perpetuals, repetition, the move limit), plus a resign and a
//! length rule to save time. Each game depends only on the seed and its
//! number, so a run is reproducible whatever the thread count.
//!
//! Kept positions are quiet: the side to move is not in check, the search's
//! best move is not a capture, and a capture-only quiescence search from
//! the position returns exactly its static evaluation.

use super::data::{red_result, short_fen, GameRecords};
use super::games::{GameRecord, PlayedMove};
use crate::board::rules::{game_result, RuleConfig};
use crate::board::{Colour, Position};
use crate::book::{BookSet, Randomness};
use crate::eval::{EvalCounter, Evaluator};
use crate::search::{Limits, SearchControl, SearchOptions, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// How the games are played.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Base seed; game `i` uses a seed derived from it and `i`.
    pub seed: u64,
    /// Node budget per move (when no depth is given).
    pub nodes: u64,
    /// Fixed depth per move instead of nodes.
    pub depth: Option<i32>,
    /// Random legal moves at the start (a number between the two, inclusive).
    pub random_plies: (usize, usize),
    /// Play book moves (chosen at random, weighted) before the random plies.
    pub book: bool,
    /// Positions before this ply are not kept.
    pub min_ply: usize,
    /// A game longer than this many plies is a draw.
    pub max_plies: usize,
    /// A side whose score is at least this (centipawns, both engines
    /// agreeing) for `resign_plies` plies in a row has won.
    pub resign_cp: i32,
    /// See `resign_cp`.
    pub resign_plies: usize,
    /// Search options of the players (hash size, profile, ...).
    pub options: SearchOptions,
}

impl Default for DatagenConfig {
    fn default() -> Self {
        DatagenConfig {
            seed: 1,
            nodes: 5000,
            depth: None,
            random_plies: (6, 10),
            book: false,
            min_ply: 10,
            max_plies: 300,
            resign_cp: 1000,
            resign_plies: 8,
            options: SearchOptions {
                hash_mb: 16,
                ..SearchOptions::default()
            },
        }
    }
}

/// Positions scored beyond this (mates, rule losses) are not kept.
pub const MAX_KEPT_SCORE: i32 = 5000;

/// A well-mixed 64-bit seed for game `game` of base seed `seed`.
fn game_seed(seed: u64, game: u64) -> u64 {
    let mut x = seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Capture-only search with a stand-pat, from the side to move's view.
fn quiescence(pos: &mut Position, ev: &Evaluator, mut alpha: i32, beta: i32, left: u32) -> i32 {
    let stand = ev.evaluate(pos, &mut EvalCounter::default());
    if stand >= beta || left == 0 {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut best = stand;
    for &mv in pos.legal_captures().as_slice() {
        pos.make_move(mv);
        let s = -quiescence(pos, ev, -beta, -alpha, left - 1);
        pos.unmake_move();
        if s > best {
            best = s;
            if s >= beta {
                return s;
            }
            alpha = alpha.max(s);
        }
    }
    best
}

/// Whether `pos` is quiet for training: not in check and no capture
/// sequence changes its static evaluation.
pub fn is_quiet(pos: &Position, ev: &Evaluator) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut p = pos.clone();
    ev.install(&mut p);
    let stand = ev.evaluate(&p, &mut EvalCounter::default());
    quiescence(&mut p, ev, -1_000_000, 1_000_000, 12) == stand
}

/// Plays the opening of game `game`: book moves if asked, then random
/// legal moves. The position, and whether the game goes on (it can end
/// during them).
fn opening(cfg: &DatagenConfig, rng: &mut StdRng) -> (Position, bool) {
    let mut pos = Position::startpos();
    if cfg.book {
        let book = BookSet::builtin();
        while let Some(mv) = book.choose(&pos, Randomness::Medium, rng) {
            pos.make_move(mv);
        }
    }
    let (lo, hi) = cfg.random_plies;
    let n = if hi > lo { rng.gen_range(lo..=hi) } else { lo };
    for _ in 0..n {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return (pos, false);
        }
        let mv = moves.as_slice()[rng.gen_range(0..moves.len())];
        pos.make_move(mv);
    }
    let goes_on = pos.has_legal_move();
    (pos, goes_on)
}

/// A self-play game in both forms: the whole game (for the games format)
/// and its kept positions as seen while playing (for the text format).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// Every move with its score and kept flag.
    pub record: GameRecord,
    /// The kept positions with their scores, from the board as played.
    pub kept: GameRecords,
}

/// The opening plies of `pos` as unscored moves.
fn opening_moves(pos: &Position) -> Vec<PlayedMove> {
    pos.moves_played()
        .map(|mv| PlayedMove {
            mv,
            score: None,
            kept: false,
        })
        .collect()
}

/// Plays game `game` and returns its kept positions (the text format's
/// records; see [`play_full_game`] for the whole game).
pub fn play_game(cfg: &DatagenConfig, game: u64) -> GameRecords {
    play_full_game(cfg, game).kept
}

/// Plays game `game`: every move, and the kept positions.
pub fn play_full_game(cfg: &DatagenConfig, game: u64) -> PlayedGame {
    play_full_game_with(cfg, game, &mut Searcher::new(cfg.options.clone()))
}

/// Plays game `game` with `searcher` (made from `cfg.options`), cleared
/// first: the same game as [`play_full_game`], without allocating and
/// zeroing a new searcher's tables (24 MB at the generator's settings) for
/// every game.
pub fn play_full_game_with(cfg: &DatagenConfig, game: u64, searcher: &mut Searcher) -> PlayedGame {
    let mut rng = StdRng::seed_from_u64(game_seed(cfg.seed, game));
    let mut records = GameRecords {
        game,
        result: 0.5,
        positions: Vec::new(),
    };
    let mut record = GameRecord {
        game,
        result: 0.5,
        start: None,
        moves: Vec::new(),
    };
    let (mut pos, goes_on) = opening(cfg, &mut rng);
    record.moves = opening_moves(&pos);
    if !goes_on {
        return PlayedGame {
            record,
            kept: records,
        };
    }
    searcher.clear();
    let evaluator = cfg.options.evaluator();
    let control = SearchControl::new();
    let limits = match cfg.depth {
        Some(d) => Limits::depth(d),
        None => Limits::nodes(cfg.nodes),
    };
    let rules = RuleConfig {
        move_limit_plies: cfg.options.move_limit_plies,
        ..RuleConfig::default()
    };
    let mut candidates: Vec<(String, i32)> = Vec::new();
    // consecutive plies with Red's score beyond ±resign_cp, and its sign
    let mut streak = (0usize, 0i32);
    let winner: Option<Colour> = loop {
        if let Some(r) = game_result(&pos, &rules) {
            break r.winner();
        }
        if pos.ply_count() >= cfg.max_plies {
            break None;
        }
        let result = searcher.search(&pos, &limits, &control, &[], &mut |_| {});
        let Some(mv) = result.best_move else {
            break Some(pos.side_to_move().opposite());
        };
        let red_score = result.score * pos.side_to_move().sign();
        let kept = result.score.abs() < MAX_KEPT_SCORE
            && pos.ply_count() >= cfg.min_ply
            && !pos.is_capture(mv)
            && is_quiet(&pos, &evaluator);
        if kept {
            candidates.push((short_fen(&pos), red_score));
        }
        // recorded also when the game ends by resignation below: the move
        // is the one the search chose, and the position is kept as before
        record.moves.push(PlayedMove {
            mv,
            score: Some(red_score),
            kept,
        });
        let sign = if red_score >= cfg.resign_cp {
            1
        } else if red_score <= -cfg.resign_cp {
            -1
        } else {
            0
        };
        streak = if sign != 0 && sign == streak.1 {
            (streak.0 + 1, sign)
        } else {
            (usize::from(sign != 0), sign)
        };
        if streak.0 >= cfg.resign_plies {
            break Some(if sign > 0 { Colour::Red } else { Colour::Black });
        }
        pos.make_move(mv);
    };
    records.result = red_result(winner);
    record.result = records.result;
    records.positions = candidates
        .into_iter()
        .map(|(fen, s)| (fen, Some(s)))
        .collect();
    PlayedGame {
        record,
        kept: records,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_reproducible_and_quiet() {
        let cfg = DatagenConfig {
            nodes: 300,
            max_plies: 60,
            ..DatagenConfig::default()
        };
        let a = play_game(&cfg, 3);
        let b = play_game(&cfg, 3);
        assert_eq!(a, b);
        let ev = cfg.options.evaluator();
        for (fen, _) in &a.positions {
            let pos = Position::from_fen(fen).unwrap();
            assert!(!pos.in_check() && is_quiet(&pos, &ev), "{fen}");
        }
        assert_ne!(play_game(&cfg, 4), a);
    }
}
