//! The training-data file: plain text, one line per position, appendable.
//!
//! ```text
//! # comment lines start with '# '
//! #g <game> <result>
//! <board> <side> <score>
//! ...
//! ```
//!
//! A `#g` line starts a game: its number (per seed; `datagen` resumes after
//! the highest one) and the result from Red's view (`1` Red won, `0.5`
//! draw, `0` Black won). Each position line is the first two FEN fields
//! (board and side to move) and the search score in centipawns from Red's
//! view (`-` when unknown, e.g. imported games without scores). The held-out
//! split of `tune --check` is by game, so positions of one game never end
//! up on both sides of it.
//!
//! New data is written in the compact games format ([`super::games`]);
//! [`read_any`] reads either format, xz-compressed or not.

use crate::board::{Colour, Position};
use std::fmt::Write as _;
use std::io::{self, BufRead};
use std::path::Path;

/// One training position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Board and side to move (the first two FEN fields).
    pub fen: String,
    /// Search score, centipawns, Red's view; `None` if unknown.
    pub score: Option<i32>,
    /// Game result from Red's view: 1, 0.5 or 0.
    pub result: f32,
    /// Number of the game the position comes from (for the held-out split).
    pub game: u64,
}

/// One game's worth of records, ready to write.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecords {
    /// The game's number.
    pub game: u64,
    /// Result from Red's view: 1, 0.5 or 0.
    pub result: f32,
    /// `(board and side, score Red's view)` per kept position.
    pub positions: Vec<(String, Option<i32>)>,
}

impl GameRecords {
    /// The text of this game in the data format (ends with a newline).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "#g {} {}", self.game, self.result);
        for (fen, score) in &self.positions {
            match score {
                Some(v) => {
                    let _ = writeln!(s, "{fen} {v}");
                }
                None => {
                    let _ = writeln!(s, "{fen} -");
                }
            }
        }
        s
    }
}

/// The first two FEN fields of `pos` (board and side to move).
pub fn short_fen(pos: &Position) -> String {
    let fen = pos.to_fen();
    let mut it = fen.split_whitespace();
    let board = it.next().unwrap_or("");
    let side = it.next().unwrap_or("w");
    format!("{board} {side}")
}

/// The result of a game from Red's view for a winner (`None` = draw).
pub fn red_result(winner: Option<Colour>) -> f32 {
    match winner {
        Some(Colour::Red) => 1.0,
        Some(Colour::Black) => 0.0,
        None => 0.5,
    }
}

/// Reads a data file. Bad lines are errors with their line number; an
/// empty input gives no samples.
pub fn read_samples(input: impl BufRead) -> io::Result<Vec<Sample>> {
    let mut out = Vec::new();
    for_each_text_sample(input, |s| out.push(s))?;
    Ok(out)
}

/// One line of a data file, as read.
#[derive(Clone, Debug, PartialEq)]
pub enum TextLine<'a> {
    /// Blank or a comment.
    Skip,
    /// A `#g` line: the game's number and its result from Red's view.
    Game(u64, f32),
    /// A position line: board and side, and the score (`None` for `-`).
    Position(&'a str, Option<i32>),
}

/// Reads one line of a data file (trimmed); a line that is none of the
/// three kinds is an error saying what is wrong with it.
pub fn parse_text_line(line: &str) -> Result<TextLine<'_>, &'static str> {
    if line.is_empty() || line.starts_with("# ") || line == "#" {
        return Ok(TextLine::Skip);
    }
    if let Some(rest) = line.strip_prefix("#g ") {
        let mut it = rest.split_whitespace();
        let game = it.next().and_then(|g| g.parse().ok());
        let result = it.next().and_then(|r| r.parse::<f32>().ok());
        return match (game, result) {
            (Some(g), Some(r)) if [0.0, 0.5, 1.0].contains(&r) => Ok(TextLine::Game(g, r)),
            _ => Err("bad game line"),
        };
    }
    let mut fields = line.rsplitn(2, ' ');
    let score = fields.next().ok_or("no score")?;
    let fen = fields.next().ok_or("no FEN")?;
    let score = if score == "-" {
        None
    } else {
        Some(score.parse().map_err(|_| "bad score")?)
    };
    Ok(TextLine::Position(fen, score))
}

/// Streams the samples of a data file to `f`, one at a time (a large file
/// is never held in memory); errors as [`read_samples`]. Returns how many.
pub fn for_each_text_sample(input: impl BufRead, mut f: impl FnMut(Sample)) -> io::Result<u64> {
    let mut current: Option<(u64, f32)> = None;
    let mut n = 0;
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let line = line.trim();
        let bad = |what: &str| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("line {}: {what}: '{line}'", i + 1),
            )
        };
        match parse_text_line(line).map_err(bad)? {
            TextLine::Skip => {}
            TextLine::Game(g, r) => current = Some((g, r)),
            TextLine::Position(fen, score) => {
                let (game, result) = current.ok_or_else(|| bad("position before any '#g' line"))?;
                n += 1;
                f(Sample {
                    fen: fen.to_string(),
                    score,
                    result,
                    game,
                });
            }
        }
    }
    Ok(n)
}

/// A data file's samples and the datagen commands that made it.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// The provenance lines (datagen commands) found in the file.
    pub provenance: Vec<String>,
    /// Every sample, in file order.
    pub samples: Vec<Sample>,
}

/// Reads a training-data file of either format (the text format above or
/// the games format of [`super::games`], told apart by its first bytes),
/// xz-compressed or not, into [`Sample`]s. Positions of a games file are
/// its kept ones, as `datagen` would have written them in text.
pub fn read_any(path: &Path) -> io::Result<Loaded> {
    let mut out = Loaded::default();
    match super::input::open(path)? {
        super::input::Opened::Text(r) => {
            let mut r = r;
            // the provenance is the first comment line
            let mut first = String::new();
            r.read_line(&mut first)
                .map_err(|e| super::input::context(path, e))?;
            if let Some(cmd) = first.trim_end().strip_prefix("# ") {
                out.provenance.push(cmd.to_string());
            }
            let chained = io::Read::chain(first.as_bytes(), r);
            for_each_text_sample(chained, |s| out.samples.push(s))
                .map_err(|e| super::input::context(path, e))?;
        }
        super::input::Opened::Games(mut r) => {
            while let Some(g) = r.next_game().map_err(|e| super::input::context(path, e))? {
                let (game, result) = (g.game, g.result);
                g.for_each_kept(|pos, score| {
                    out.samples.push(Sample {
                        fen: short_fen(pos),
                        score: Some(score),
                        result,
                        game,
                    })
                })
                .map_err(|e| super::input::context(path, e))?;
            }
            out.provenance = r.provenance().to_vec();
        }
    }
    Ok(out)
}

/// The number of games already in a data file (its `#g` lines) and the
/// highest game number, so that `datagen` can append after it.
pub fn games_in(input: impl BufRead) -> io::Result<(u64, Option<u64>)> {
    let mut n = 0;
    let mut max = None;
    for line in input.lines() {
        let line = line?;
        if let Some(rest) = line.strip_prefix("#g ") {
            n += 1;
            let g = rest.split_whitespace().next().and_then(|g| g.parse().ok());
            max = max.max(g);
        }
    }
    Ok((n, max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let g = GameRecords {
            game: 7,
            result: 0.5,
            positions: vec![
                ("4k4/9/9/9/9/9/9/9/9/4K4 w".into(), Some(-12)),
                ("4k4/9/9/9/9/9/9/9/9/3K5 b".into(), None),
            ],
        };
        let text = format!("# header\n{}", g.to_text());
        let s = read_samples(text.as_bytes()).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].score, Some(-12));
        assert_eq!(s[1].score, None);
        assert_eq!(s[1].fen, "4k4/9/9/9/9/9/9/9/9/3K5 b");
        assert!(s.iter().all(|x| x.game == 7 && x.result == 0.5));
        assert_eq!(games_in(text.as_bytes()).unwrap(), (1, Some(7)));
        assert!(read_samples("4k4/9/9/9/9/9/9/9/9/4K4 w 3\n".as_bytes()).is_err());
        assert!(read_samples("#g 1 2\n".as_bytes()).is_err());
    }
}
