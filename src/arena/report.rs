//! Match output: PGN per game, `games.jsonl`, `moves.jsonl`,
//! `summary.json`, the Table-3-style text table, and reading a directory
//! back (for `arena merge`).

use super::endings::{endings_of, format_endings, Endings};
pub use super::eval_calls::eval_ratios;
use super::eval_calls::EvalCalls;
use super::game::{GameRecord, MoveEntry, Outcome};
pub use super::pairs::{match_elo, pairs_complete, pentanomial_of, sprt_state};
use super::stats::{
    elo_estimate, fmt_elo_bounded, supported_elo, EloEstimate, Sprt, SprtState, Wdl,
};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// One row of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    /// Game number.
    pub game: usize,
    /// Opening.
    pub opening: String,
    /// "red" or "black".
    pub a_colour: String,
    /// PGN result.
    pub result: String,
    /// "W", "D" or "L" for A.
    pub a_result: String,
    /// Engine plies.
    pub plies: usize,
    /// Why it ended.
    pub termination: String,
    /// Max per-move evaluation-call ratio A/B.
    pub ratio_max: Option<f64>,
    /// Mean of it.
    pub ratio_mean: Option<f64>,
    /// Moves in the ratio.
    pub ratio_moves: usize,
    /// Whether the ratio used shadow searches.
    pub shadow: bool,
    /// A's mean evaluation calls per move.
    pub a_mean_evals: Option<f64>,
    /// B's mean evaluation calls per move.
    pub b_mean_evals: Option<f64>,
}

/// `summary.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Player A's spec.
    pub a: String,
    /// Player B's spec.
    pub b: String,
    /// Games in the output.
    pub games: usize,
    /// From A's view.
    pub wdl: Wdl,
    /// A's score in percent.
    pub score_percent: f64,
    /// Elo difference A − B with 95% interval and LOS (from single games).
    pub elo: EloReport,
    /// Game pairs (same opening, colours swapped), when there are any.
    #[serde(default)]
    pub pentanomial: Option<PentanomialReport>,
    /// SPRT state, when one was asked for (over the complete pairs once
    /// there is one, else over single games).
    pub sprt: Option<SprtState>,
    /// The games by how they ended: on the board, by a rule, by an
    /// engine's failure, adjudicated.
    #[serde(default)]
    pub endings: Endings,
    /// Max of the per-move ratio over all games.
    pub ratio_max: Option<f64>,
    /// Mean of the per-move ratio over all moves of all games.
    pub ratio_mean: Option<f64>,
    /// Per game.
    pub rows: Vec<GameRow>,
}

/// An Elo value as written to `summary.json`: a number, or, when the
/// estimate is infinite, the text of the bound the match supports
/// (`"> +338"`, see [`fmt_elo_bounded`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EloValue {
    /// A finite value.
    Number(f64),
    /// An infinite estimate shown as a bound.
    Bound(String),
}

impl EloValue {
    fn new(e: f64, supported: f64) -> EloValue {
        if e.is_finite() {
            EloValue::Number(e)
        } else {
            EloValue::Bound(fmt_elo_bounded(e, supported))
        }
    }
}

impl std::fmt::Display for EloValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EloValue::Number(x) => write!(f, "{:+.1}", x + 0.0),
            EloValue::Bound(t) => f.write_str(t),
        }
    }
}

/// Elo as reported: estimate, 95% interval and LOS, always finite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloReport {
    /// Elo difference A − B.
    pub elo: EloValue,
    /// Lower end of the 95% interval.
    pub lo: EloValue,
    /// Upper end of the 95% interval.
    pub hi: EloValue,
    /// Likelihood of superiority.
    pub los: f64,
}

impl EloReport {
    /// The report of `e` from a match of `games` games (which sets the
    /// bound shown for an infinite value).
    pub fn new(e: &EloEstimate, games: u32) -> EloReport {
        let b = supported_elo(games);
        EloReport {
            elo: EloValue::new(e.elo, b),
            lo: EloValue::new(e.lo, b),
            hi: EloValue::new(e.hi, b),
            los: e.los,
        }
    }

    /// Half the width of the interval when both ends are finite.
    pub fn error(&self) -> Option<f64> {
        match (&self.lo, &self.hi) {
            (EloValue::Number(lo), EloValue::Number(hi)) => Some((hi - lo) / 2.0),
            _ => None,
        }
    }

    /// `+12.3 ± 40.5`, or `+12.3 [-20.1, > +338]` when an end is a bound.
    pub fn short(&self) -> String {
        match self.error() {
            Some(err) => format!("{} ± {err:.1}", self.elo),
            None => format!("{} [{}, {}]", self.elo, self.lo, self.hi),
        }
    }
}

/// The pentanomial statistic of a match: pairs of games on one opening
/// with colours swapped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PentanomialReport {
    /// Pairs by A's points over the pair: 0, ½, 1, 1½, 2.
    pub counts: [u32; 5],
    /// Complete pairs.
    pub pairs: u32,
    /// Games whose partner is missing (not played, or in another shard).
    pub unpaired_games: usize,
    /// Elo from the pairs.
    pub elo: EloReport,
}

/// The table row of one game.
pub fn game_row(g: &GameRecord) -> GameRow {
    let calls = EvalCalls::of(g);
    let pts = g.a_points();
    GameRow {
        game: g.game,
        opening: g.opening.clone(),
        a_colour: if g.a_is_red { "red" } else { "black" }.into(),
        result: g.outcome.pgn().into(),
        a_result: if pts == 1.0 {
            "W"
        } else if pts == 0.0 {
            "L"
        } else {
            "D"
        }
        .into(),
        plies: g.plies,
        termination: g.termination.clone(),
        ratio_max: calls.and_then(|c| c.ratio_max),
        ratio_mean: calls.and_then(|c| c.ratio_mean()),
        ratio_moves: calls.map_or(0, |c| c.ratio_moves),
        shadow: calls.is_some_and(|c| c.shadow),
        a_mean_evals: calls.and_then(|c| c.a_mean()),
        b_mean_evals: calls.and_then(|c| c.b_mean()),
    }
}

/// W/D/L of A over `games`.
pub fn wdl_of<'a>(games: impl IntoIterator<Item = &'a GameRecord>) -> Wdl {
    let mut w = Wdl::default();
    for g in games {
        w.add_game(g.a_points());
    }
    w
}

/// The summary of `games` (sorted by game number).
pub fn summarize(a: &str, b: &str, games: &[GameRecord], sprt: Option<&Sprt>) -> Summary {
    let wdl = wdl_of(games);
    let mut calls = EvalCalls::default();
    for c in games.iter().filter_map(EvalCalls::of) {
        calls.add(&c);
    }
    let (penta, unpaired) = pentanomial_of(games);
    Summary {
        a: a.into(),
        b: b.into(),
        games: games.len(),
        wdl,
        score_percent: 100.0 * wdl.score(),
        elo: EloReport::new(&elo_estimate(&wdl), wdl.games()),
        pentanomial: (penta.pairs() > 0).then(|| PentanomialReport {
            counts: penta.counts,
            pairs: penta.pairs(),
            unpaired_games: unpaired,
            elo: EloReport::new(&penta.elo_estimate(&wdl), wdl.games()),
        }),
        sprt: sprt.map(|s| sprt_state(s, games)),
        endings: endings_of(games),
        ratio_max: calls.ratio_max,
        ratio_mean: calls.ratio_mean(),
        rows: games.iter().map(game_row).collect(),
    }
}

fn opt(v: Option<f64>, prec: usize) -> String {
    v.map_or("-".into(), |x| format!("{x:.prec$}"))
}

/// The printed table (the paper's Table 3 plus totals).
pub fn format_table(s: &Summary) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "A: {}\nB: {}", s.a, s.b);
    let _ = writeln!(
        t,
        "{:>5}  {:<6} {:<8} {:>3} {:>6}  {:>10} {:>10}  {:>12} {:>12}  termination",
        "game", "A", "result", "A", "plies", "max A/B", "mean A/B", "A evals/mv", "B evals/mv"
    );
    for r in &s.rows {
        let _ = writeln!(
            t,
            "{:>5}  {:<6} {:<8} {:>3} {:>6}  {:>10} {:>10}  {:>12} {:>12}  {}{}",
            r.game,
            r.a_colour,
            r.result,
            r.a_result,
            r.plies,
            opt(r.ratio_max, 2),
            opt(r.ratio_mean, 2),
            opt(r.a_mean_evals, 0),
            opt(r.b_mean_evals, 0),
            r.termination,
            if r.shadow { " (shadow)" } else { "" }
        );
    }
    let w = &s.wdl;
    let _ = writeln!(
        t,
        "A: +{} ={} -{} of {}  score {:.1}%  Elo {} [{}, {}] (95%)  LOS {:.1}%",
        w.wins,
        w.draws,
        w.losses,
        s.games,
        s.score_percent,
        s.elo.elo,
        s.elo.lo,
        s.elo.hi,
        100.0 * s.elo.los
    );
    t.push_str(&format_endings(&s.endings));
    let _ = writeln!(
        t,
        "evaluation-call ratio A/B per move: max {}  mean {}",
        opt(s.ratio_max, 2),
        opt(s.ratio_mean, 2)
    );
    if let Some(p) = &s.pentanomial {
        let c = p.counts;
        let _ = writeln!(
            t,
            "pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2): {} {} {} {} {} of {} pairs{}  Elo {} [{}, {}] (95%)",
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            p.pairs,
            if p.unpaired_games > 0 {
                format!(", {} unpaired games", p.unpaired_games)
            } else {
                String::new()
            },
            p.elo.elo,
            p.elo.lo,
            p.elo.hi
        );
    }
    if let Some(p) = &s.sprt {
        let _ = writeln!(
            t,
            "SPRT: LLR {:.3} bounds [{:.3}, {:.3}] -> {} ({})",
            p.llr, p.lower, p.upper, p.verdict, p.model
        );
    }
    t
}

/// Xiangqi PGN of one game (ICCS moves).
pub fn pgn(g: &GameRecord, event: &str) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "[Game \"Chinese Chess\"]");
    let _ = writeln!(t, "[Event \"{}\"]", event.replace('"', "'"));
    let _ = writeln!(t, "[Round \"{}\"]", g.game);
    let _ = writeln!(t, "[Red \"{}\"]", g.red.replace('"', "'"));
    let _ = writeln!(t, "[Black \"{}\"]", g.black.replace('"', "'"));
    let _ = writeln!(t, "[Result \"{}\"]", g.outcome.pgn());
    let _ = writeln!(t, "[Opening \"{}\"]", g.opening.replace('"', "'"));
    let _ = writeln!(t, "[FEN \"{}\"]", g.start_fen);
    let _ = writeln!(t, "[Format \"ICCS\"]");
    let _ = writeln!(t, "[PlyCount \"{}\"]", g.opening_moves.len() + g.plies);
    let _ = writeln!(t, "[Termination \"{}\"]", g.termination.replace('"', "'"));
    t.push('\n');
    let red_first = g.start_fen.split_whitespace().nth(1).unwrap_or("w") != "b";
    let all: Vec<&str> = g
        .opening_moves
        .iter()
        .map(String::as_str)
        .chain(g.moves.iter().map(|m| m.mv.as_str()))
        .collect();
    let mut line = String::new();
    let mut number: usize = g
        .start_fen
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1);
    for (i, m) in all.iter().enumerate() {
        let red_moves = (i % 2 == 0) == red_first;
        if red_moves {
            let _ = write!(line, "{number}. {m} ");
        } else {
            if i == 0 {
                let _ = write!(line, "{number}. ... ");
            }
            let _ = write!(line, "{m} ");
            number += 1;
        }
        if line.len() > 70 {
            let _ = writeln!(t, "{}", line.trim_end());
            line.clear();
        }
    }
    let _ = write!(
        line,
        "{{{}}} {}",
        g.termination.replace('}', ")"),
        g.outcome.pgn()
    );
    let _ = writeln!(t, "{}", line.trim_end());
    t
}

/// Reads the moves (ICCS) of a PGN written by [`pgn`], with its FEN.
pub fn pgn_moves(text: &str) -> (String, Vec<String>) {
    let mut fen = crate::board::START_FEN.to_string();
    let mut moves = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("[FEN \"") {
            fen = rest.trim_end_matches("\"]").to_string();
            continue;
        }
        if line.starts_with('[') {
            continue;
        }
        let line = match line.find('{') {
            Some(i) => &line[..i],
            None => line,
        };
        for tok in line.split_whitespace() {
            if tok.len() == 4 && tok.bytes().all(|c| c.is_ascii_alphanumeric()) {
                moves.push(tok.to_string());
            }
        }
    }
    (fen, moves)
}

/// Adds one finished game to `dir` while a match runs: its PGN, and its
/// lines appended to games.jsonl and moves.jsonl (in the order games end;
/// [`write_outputs`] rewrites them sorted when the match is over). With
/// [`write_summary`] after each game, a run that is killed keeps every
/// game it finished, readable by `chuhe arena merge`.
pub fn append_game(dir: &Path, a: &str, b: &str, g: &GameRecord) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    // a game read back from a record without its per-move log (a resumed
    // or merged committed record) has no moves past its opening: a PGN of
    // it would show a game cut short, so none is written
    if !moves_missing(g) {
        let event = format!("chuhe arena: {a} vs {b}");
        std::fs::write(dir.join(format!("game-{:04}.pgn", g.game)), pgn(g, &event))?;
    }
    let append = |name: &str| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.join(name))
            .map(std::io::BufWriter::new)
    };
    // the moves first: a game counts once its games.jsonl line is there
    let mut mj = append("moves.jsonl")?;
    for m in &g.moves {
        writeln!(mj, "{}", serde_json::to_string(m)?)?;
    }
    mj.flush()?;
    // the game's line keeps its evaluation-call totals, which a record
    // committed without moves.jsonl would otherwise lose
    let header = GameRecord {
        eval_calls: EvalCalls::of(g),
        moves: Vec::new(),
        ..g.clone()
    };
    let mut gj = append("games.jsonl")?;
    writeln!(gj, "{}", serde_json::to_string(&header)?)?;
    gj.flush()
}

/// Writes summary.json and table.txt of `games` into `dir`; returns the
/// summary.
pub fn write_summary(
    dir: &Path,
    a: &str,
    b: &str,
    games: &[GameRecord],
    sprt: Option<&Sprt>,
) -> std::io::Result<Summary> {
    let s = summarize(a, b, games, sprt);
    // written aside and renamed, so a kill never leaves half a summary
    let replace = |name: &str, text: String| {
        let tmp = dir.join(format!(".{name}.tmp"));
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, dir.join(name))
    };
    replace("summary.json", serde_json::to_string_pretty(&s)?)?;
    replace("table.txt", format_table(&s))?;
    Ok(s)
}

/// Whether `g` was played past its opening but its moves are not known
/// (read back from a record that keeps games.jsonl without moves.jsonl).
fn moves_missing(g: &GameRecord) -> bool {
    g.moves.is_empty() && g.plies > 0
}

/// Writes every output file of `games` into `dir`; returns the summary.
pub fn write_outputs(
    dir: &Path,
    a: &str,
    b: &str,
    games: &[GameRecord],
    sprt: Option<&Sprt>,
) -> std::io::Result<Summary> {
    // the files written game by game during the match, rewritten in
    // game order
    std::fs::create_dir_all(dir)?;
    std::fs::File::create(dir.join("games.jsonl"))?;
    std::fs::File::create(dir.join("moves.jsonl"))?;
    for g in games {
        append_game(dir, a, b, g)?;
    }
    write_summary(dir, a, b, games, sprt)
}

/// Reads back the games of an output directory (games.jsonl, moves.jsonl)
/// and the player specs of its summary.
pub fn read_outputs(dir: &Path) -> Result<(String, String, Vec<GameRecord>), String> {
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", dir.display());
    // only the player specs are read back: the rest of the summary is
    // recomputed, and an infinite Elo bound is stored as null, which an
    // f64 field cannot take
    #[derive(serde::Deserialize)]
    struct Players {
        a: String,
        b: String,
    }
    let summary: Players = serde_json::from_str(
        &std::fs::read_to_string(dir.join("summary.json")).map_err(|e| err(&e))?,
    )
    .map_err(|e| err(&e))?;
    let mut games: Vec<GameRecord> = Vec::new();
    let games_path = dir.join("games.jsonl");
    for line in jsonl_lines(&games_path).map_err(|e| err(&e))? {
        games.push(jsonl_record(&games_path, &line)?);
    }
    // a committed record keeps games.jsonl but not the bulky per-move
    // log: its games are merged or resumed without their moves
    let moves_path = dir.join("moves.jsonl");
    let move_lines = if moves_path.exists() {
        jsonl_lines(&moves_path).map_err(|e| err(&e))?
    } else {
        Vec::new()
    };
    for line in move_lines {
        let m: MoveEntry = jsonl_record(&moves_path, &line)?;
        if let Some(g) = games.iter_mut().find(|g| g.game == m.game) {
            g.moves.push(m);
        }
    }
    Ok((summary.a, summary.b, games))
}

/// Combines shard outputs: games sorted by their game number (ties by
/// directory order) and renumbered pair by pair: the pairs (games `2i + 1`
/// and `2i + 2`) are numbered 1..m in that order and each game keeps its
/// place in its pair, so that a game whose partner is missing (a killed
/// run) leaves the partner's number unused instead of shifting every later
/// pair. Returns the specs of the first directory. Directories must come
/// from the same match (same A and B).
pub fn merge_dirs(
    dirs: &[std::path::PathBuf],
) -> Result<(String, String, Vec<GameRecord>), String> {
    let mut all: Vec<(usize, GameRecord)> = Vec::new();
    let mut specs: Option<(String, String)> = None;
    for (d, dir) in dirs.iter().enumerate() {
        let (a, b, games) = read_outputs(dir)?;
        match &specs {
            None => specs = Some((a, b)),
            Some((a0, b0)) if *a0 != a || *b0 != b => {
                return Err(format!(
                    "{}: players differ ({a} vs {b}, expected {a0} vs {b0})",
                    dir.display()
                ))
            }
            _ => {}
        }
        all.extend(games.into_iter().map(|g| (d, g)));
    }
    let (a, b) = specs.ok_or("no directories to merge")?;
    Ok((a, b, renumber_pairs(all)))
}

/// The games of [`merge_dirs`], each with its directory's index, renumbered
/// pair by pair (see there).
fn renumber_pairs(mut all: Vec<(usize, GameRecord)>) -> Vec<GameRecord> {
    all.sort_by_key(|(dir, g)| (g.game.div_ceil(2), *dir, g.game));
    let mut pairs = 0;
    let mut last_pair = None;
    all.into_iter()
        .map(|(dir, mut g)| {
            let pair = (g.game.div_ceil(2), dir);
            if last_pair != Some(pair) {
                pairs += 1;
                last_pair = Some(pair);
            }
            let renumbered = 2 * pairs - g.game % 2;
            g.game = renumbered;
            for m in &mut g.moves {
                m.game = renumbered;
            }
            g
        })
        .collect()
}

/// The non-empty lines of a JSON-lines file. A last line without its
/// newline is left out: a run killed while appending (see
/// [`append_game`]) leaves at most that line torn, and the game it
/// belongs to is not counted (its games.jsonl line comes last).
fn jsonl_lines(path: &Path) -> std::io::Result<Vec<(usize, String)>> {
    let text = std::fs::read_to_string(path)?;
    let complete = match text.rfind('\n') {
        Some(end) => &text[..end],
        None => "",
    };
    Ok(complete
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect())
}

/// One record of a JSON-lines file; an error names the file and its line
/// (serde's own "line 1" is the line within the record).
fn jsonl_record<T: serde::de::DeserializeOwned>(
    path: &Path,
    (number, line): &(usize, String),
) -> Result<T, String> {
    serde_json::from_str(line).map_err(|e| format!("{} line {number}: {e}", path.display()))
}

/// Outcome from A's view as a word.
pub fn outcome_word(o: Outcome, a_is_red: bool) -> &'static str {
    match (o, a_is_red) {
        (Outcome::Draw, _) => "draw",
        (Outcome::RedWins, true) | (Outcome::BlackWins, false) => "A wins",
        _ => "B wins",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_keeps_pairs_together_past_a_missing_game() {
        use crate::arena::pairs::tests::game;
        // a killed run (game 4 never finished) and a second run numbered
        // from 1 again
        let killed = [1, 2, 3, 5, 6].map(|n| (0, game(n, 1.0)));
        let second = (1..=4).map(|n| (1, game(n, 0.5)));
        let merged = renumber_pairs(killed.into_iter().chain(second).collect());
        let numbers: Vec<usize> = merged.iter().map(|g| g.game).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 7, 8, 9, 10]);
        // each pair is one opening with the colours swapped
        let (p, unpaired) = pentanomial_of(&merged);
        assert_eq!((p.pairs(), unpaired), (4, 1));
        assert_eq!(p.counts, [0, 0, 2, 0, 2]);
    }

    #[test]
    fn outputs_with_an_infinite_elo_read_back() {
        let dir = std::env::temp_dir().join(format!("chuhe-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let summary = r#"{"a": "A", "b": "B", "games": 1, "elo": {"elo": null, "lo": null, "hi": null, "los": 0.9}}"#;
        std::fs::write(dir.join("summary.json"), summary).unwrap();
        std::fs::write(dir.join("games.jsonl"), "").unwrap();
        std::fs::write(dir.join("moves.jsonl"), "").unwrap();
        let (a, b, games) = read_outputs(&dir).unwrap();
        assert_eq!((a.as_str(), b.as_str(), games.len()), ("A", "B", 0));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bad_record_is_named_by_its_file_and_line() {
        let dir = std::env::temp_dir().join(format!("chuhe-report-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("summary.json"), r#"{"a": "A", "b": "B"}"#).unwrap();
        // a blank line, then a record of something else on line 3
        std::fs::write(dir.join("games.jsonl"), "\n\n{\"garbage\": 1}\n").unwrap();
        let e = read_outputs(&dir).unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(e.contains("games.jsonl line 3: missing field"), "{e}");
    }
}
