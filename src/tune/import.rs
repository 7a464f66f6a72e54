//! Training positions from recorded games: an arena output directory
//! (`games.jsonl` for the results, `moves.jsonl` for the positions and the
//! mover's scores) or xiangqi PGN files with ICCS, Chinese or WXF moves
//! (results only, no scores). The same filter as self-play applies: quiet
//! positions, not the first ten plies, and not a position whose played move
//! captured.

use super::data::{red_result, short_fen, GameRecords};
use super::datagen::is_quiet;
use crate::board::{Colour, Move, Position};
use crate::eval::Evaluator;
use crate::play::notation::parse_move;
use crate::search::SearchOptions;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// Plies from the start of a game whose positions are not kept.
const SKIP_PLIES: usize = 10;

/// Games read from recorded files, and the games left out.
#[derive(Debug, Default)]
pub struct Imported {
    /// The games kept, with their quiet positions.
    pub games: Vec<GameRecords>,
    /// One line per PGN game left out: where it starts and why (no decided
    /// result, a bad FEN, a move that cannot be read or is not legal).
    pub skipped: Vec<String>,
}

/// Imports every path (directories as arena output, files as PGN),
/// numbering the games from `first_game`.
pub fn import_paths(
    paths: &[impl AsRef<Path>],
    first_game: u64,
    options: &SearchOptions,
) -> Result<Imported, String> {
    let ev = options.evaluator();
    let mut out = Imported::default();
    for p in paths {
        let p = p.as_ref();
        if p.is_dir() {
            out.games.extend(import_arena_dir(p, &ev)?);
        } else {
            let text = read_pgn_file(p)?;
            let file = import_pgn(&text, &ev);
            out.games.extend(file.games);
            let shown = p.display();
            out.skipped
                .extend(file.skipped.iter().map(|why| format!("{shown}: {why}")));
        }
    }
    for (i, g) in out.games.iter_mut().enumerate() {
        g.game = first_game + i as u64;
    }
    Ok(out)
}

/// The text of a PGN file; a `.xz` one (the `games.pgn.xz` a kept record
/// under docs/matches holds) is decompressed by the `xz` program, so no
/// compression library is linked in for a file read now and then.
pub fn read_pgn_file(path: &Path) -> Result<String, String> {
    let shown = path.display();
    if path.extension().is_none_or(|e| e != "xz") {
        return std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"));
    }
    let out = std::process::Command::new("xz")
        .arg("-dc")
        .arg(path)
        .output()
        .map_err(|e| format!("{shown}: cannot run xz to decompress it ({e})"))?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr);
        return Err(format!("{shown}: xz -dc failed: {}", why.trim()));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("{shown}: not UTF-8 text ({e})"))
}

/// The result (Red's view) written as PGN `1-0`, `0-1`, `1/2-1/2` or as the
/// arena's outcome names.
fn parse_result(s: &str) -> Option<f32> {
    match s {
        "1-0" | "RedWins" => Some(red_result(Some(Colour::Red))),
        "0-1" | "BlackWins" => Some(red_result(Some(Colour::Black))),
        "1/2-1/2" | "Draw" => Some(red_result(None)),
        _ => None,
    }
}

/// An arena output directory: `games.jsonl` and `moves.jsonl`.
pub fn import_arena_dir(dir: &Path, ev: &Evaluator) -> Result<Vec<GameRecords>, String> {
    let read = |name: &str| {
        let p = dir.join(name);
        std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))
    };
    let mut results = BTreeMap::new();
    for line in read("games.jsonl")?
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("games.jsonl: {e}"))?;
        let game = v["game"].as_u64();
        let result = v["outcome"].as_str().and_then(parse_result);
        if let (Some(g), Some(r)) = (game, result) {
            results.insert(
                g,
                GameRecords {
                    game: g,
                    result: r,
                    positions: Vec::new(),
                },
            );
        }
    }
    for line in read("moves.jsonl")?
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("moves.jsonl: {e}"))?;
        let (Some(g), Some(ply), Some(fen), Some(mv)) = (
            v["game"].as_u64(),
            v["ply"].as_u64(),
            v["fen"].as_str(),
            v["move"].as_str(),
        ) else {
            continue;
        };
        let Some(rec) = results.get_mut(&g) else {
            continue;
        };
        let (Ok(pos), Ok(mv)) = (Position::from_fen(fen), Move::from_iccs(mv)) else {
            continue;
        };
        if (ply as usize) <= SKIP_PLIES || !pos.is_legal(mv) || pos.is_capture(mv) {
            continue;
        }
        if is_quiet(&pos, ev) {
            let score = v["score"]
                .as_i64()
                .filter(|s| s.abs() < 5000)
                .map(|s| s as i32 * pos.side_to_move().sign());
            rec.positions.push((short_fen(&pos), score));
        }
    }
    Ok(results.into_values().collect())
}

/// PGN games (one file may hold several): `[FEN]` (default the start
/// position), `[Result]`, moves in ICCS (`h2e2`, `H2-E2`), Chinese
/// (`炮二平五`, `马８进７`) or WXF (`C2.5`) notation, as `chuhe play` reads
/// them; move numbers (`1.`, `1.h2e2`), comments and the result token are
/// skipped. Games without a decided result, with a bad FEN or with a move
/// that cannot be read or is not legal are left out, each with its reason.
pub fn import_pgn(text: &str, ev: &Evaluator) -> Imported {
    let mut out = Imported::default();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                game.finish(ev, &mut out);
                in_moves = false;
            }
            game.first_line.get_or_insert(i + 1);
            let (name, rest) = tag.split_once(' ').unwrap_or((tag, ""));
            let value = rest.trim_end_matches(']').trim().trim_matches('"');
            match name {
                "FEN" => game.fen = Some(value.to_string()),
                "Result" => game.result = parse_result(value),
                _ => {}
            }
        } else if !line.is_empty() {
            game.first_line.get_or_insert(i + 1);
            in_moves = true;
            game.moves.push_str(line);
            game.moves.push(' ');
        }
    }
    if game.first_line.is_some() {
        game.finish(ev, &mut out);
    }
    out
}

/// One PGN game as it is read: its tags and move text.
#[derive(Default)]
struct PgnGame {
    /// How many games of the file came before this one.
    games_before: usize,
    /// The file line its first tag or move is on.
    first_line: Option<usize>,
    fen: Option<String>,
    result: Option<f32>,
    moves: String,
}

impl PgnGame {
    /// Replays the game into `out` (or says why not) and starts the next.
    fn finish(&mut self, ev: &Evaluator, out: &mut Imported) {
        let number = self.games_before + 1;
        let line = self.first_line.unwrap_or(0);
        let kept = match self.result {
            Some(r) => replay(self.fen.as_deref(), &self.moves, r, ev),
            None => Err("no decided result (a [Result] of 1-0, 0-1 or 1/2-1/2)".to_string()),
        };
        match kept {
            Ok(g) => out.games.push(g),
            Err(why) => out
                .skipped
                .push(format!("game {number} (line {line}) left out: {why}")),
        }
        *self = PgnGame {
            games_before: number,
            ..PgnGame::default()
        };
    }
}

/// Replays a PGN move text from `fen` and keeps its quiet positions.
fn replay(
    fen: Option<&str>,
    moves: &str,
    result: f32,
    ev: &Evaluator,
) -> Result<GameRecords, String> {
    let mut pos = match fen {
        Some(f) => Position::from_fen(f).map_err(|e| format!("bad FEN '{f}': {e}"))?,
        None => Position::startpos(),
    };
    let mut rec = GameRecords {
        game: 0,
        result,
        positions: Vec::new(),
    };
    // strip {comments}
    let mut clean = String::new();
    let mut depth = 0;
    for ch in moves.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth = (depth - 1).max(0),
            _ if depth == 0 => clean.push(ch),
            _ => {}
        }
    }
    let tokens = clean
        .split_whitespace()
        .filter(|t| parse_result(t).is_none() && *t != "*")
        .map(without_move_number)
        .filter(|t| !t.is_empty());
    for (ply, token) in tokens.enumerate() {
        let mv = parse_move(&pos, token).map_err(|why| format!("ply {}: {why}", ply + 1))?;
        if ply >= SKIP_PLIES && !pos.is_capture(mv) && is_quiet(&pos, ev) {
            rec.positions.push((short_fen(&pos), None));
        }
        pos.make_move(mv);
    }
    Ok(rec)
}

/// A PGN token without its move number: `12.h2e2` → `h2e2`, `12...` and
/// `...` → empty; a token whose digits are not followed by a dot (`C2.5`,
/// `2卒平5`) is left whole.
fn without_move_number(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let after_dots = rest.trim_start_matches('.');
    if after_dots.len() < rest.len() {
        after_dots
    } else {
        token
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Profile;

    #[test]
    fn pgn_games_replay() {
        let pgn = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n\
            1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 5. b2a2 g6g5 \
            6. h0h6 {a comment} c6c5 7. h6g6 h7i7 8. a0b0 1-0\n";
        let ev = Evaluator::new(Profile::Default);
        let imported = import_pgn(pgn, &ev);
        let games = imported.games;
        assert_eq!(games.len(), 1, "{:?}", imported.skipped);
        assert_eq!(games[0].result, 1.0);
        assert!(!games[0].positions.is_empty());
        assert!(games[0].positions.len() <= 5);
        // an illegal move drops the game, and says so
        let dropped = import_pgn("[Result \"0-1\"]\n1. a0a9 1-0\n", &ev);
        assert!(dropped.games.is_empty());
        assert_eq!(dropped.skipped.len(), 1);
        assert!(
            dropped.skipped[0].starts_with("game 1 (line 1) left out: ply 1: a0a9: "),
            "{:?}",
            dropped.skipped
        );
    }

    /// The same game in ICCS, upper-case ICCS with hyphens, Chinese (full-
    /// width digits for Black, as Chinese GUIs write them) and WXF keeps
    /// the same positions.
    #[test]
    fn the_notations_of_chuhe_play_are_read() {
        let games = [
            "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. h0h6 c6c5 \
             5. b0c2 b7a7 6. a0b0 a9b9 7. h6g6 h7i7",
            "1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 4. H0-H6 C6-C5 \
             5. B0-C2 B7-A7 6. A0-B0 A9-B9 7. H6-G6 H7-I7",
            "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 车二进六 卒３进１ \
             5. 马八进七 炮２平１ 6. 车九平八 车１平２ 7. 车二平三 炮８平９",
            "1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 H2+3 4. R2+6 P3+1 \
             5. H8+7 C2.1 6. R9.8 R1.2 7. R2.3 C8.9",
        ];
        let ev = Evaluator::new(Profile::Default);
        let kept: Vec<Vec<String>> = games
            .iter()
            .map(|moves| {
                let imported = import_pgn(&format!("[Result \"1-0\"]\n{moves} 1-0\n"), &ev);
                assert!(imported.skipped.is_empty(), "{:?}", imported.skipped);
                assert_eq!(imported.games.len(), 1);
                let positions = &imported.games[0].positions;
                positions.iter().map(|(fen, _)| fen.clone()).collect()
            })
            .collect();
        assert!(
            !kept[0].is_empty(),
            "the ICCS game keeps positions after ply 10"
        );
        for (moves, k) in games.iter().zip(&kept) {
            assert_eq!(k, &kept[0], "{moves}");
        }
    }

    #[test]
    fn every_game_left_out_is_named_with_its_reason() {
        let pgn = "[Result \"1-0\"]\n1.h2e2 1... h9g7 2.h0g2 1-0\n\n\
            [Result \"*\"]\n1. h2e2 *\n\n\
            [FEN \"garbage\"]\n[Result \"0-1\"]\n1. h2e2 0-1\n\n\
            [Result \"1/2-1/2\"]\n1. h2e2 xyz 1/2-1/2\n";
        let ev = Evaluator::new(Profile::Default);
        let imported = import_pgn(pgn, &ev);
        // move numbers run into their moves are read past
        assert_eq!(imported.games.len(), 1, "{:?}", imported.skipped);
        let why: Vec<&str> = imported.skipped.iter().map(String::as_str).collect();
        assert_eq!(why.len(), 3, "{why:?}");
        assert!(
            why[0].starts_with("game 2 (line 4) left out: no decided result"),
            "{why:?}"
        );
        assert!(
            why[1].starts_with("game 3 (line 7) left out: bad FEN 'garbage'"),
            "{why:?}"
        );
        assert!(
            why[2].starts_with("game 4 (line 11) left out: ply 2: 'xyz' is not a move"),
            "{why:?}"
        );
    }

    #[test]
    fn move_numbers_are_cut_from_their_moves_only() {
        assert_eq!(without_move_number("12.h2e2"), "h2e2");
        assert_eq!(without_move_number("12..."), "");
        assert_eq!(without_move_number("3."), "");
        assert_eq!(without_move_number("..."), "");
        assert_eq!(without_move_number("C2.5"), "C2.5");
        assert_eq!(without_move_number("2卒平5"), "2卒平5");
        assert_eq!(without_move_number("h2e2"), "h2e2");
    }
}
