//! The text source of the book and the builder that turns it into a table.
//!
//! One opening line per text line: `name<TAB>weight<TAB>m1 m2 m3 ...`, the
//! moves in ICCS from the start position, Red first. Blank lines and lines
//! whose first non-blank character is `#` are ignored. The weight (1–65535)
//! says how popular the line is; a move shared by several lines (a common
//! prefix or a transposition) gets the sum of their weights.

use super::{Book, BookError, BUILTIN_SOURCE};
use crate::board::{Move, Position, PositionError};
use std::collections::BTreeMap;

/// One opening line of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookLine {
    /// 1-based line number in the source text.
    pub line_no: usize,
    /// The line's name (free text, e.g. `中炮过河车对屏风马`).
    pub name: String,
    /// Popularity weight, 1–65535.
    pub weight: u32,
    /// The moves from the start position, all checked legal.
    pub moves: Vec<Move>,
}

/// A parsed and legality-checked book source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookSource {
    lines: Vec<BookLine>,
}

/// Counts describing a book source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookStats {
    /// Opening lines.
    pub lines: usize,
    /// Distinct positions with at least one book move.
    pub positions: usize,
    /// Distinct `(position, move)` entries.
    pub entries: usize,
    /// Plies of the longest line.
    pub max_depth: usize,
    /// Plies of the shortest line.
    pub min_depth: usize,
    /// Per first move: number of lines and their summed weight.
    pub first_moves: Vec<(Move, usize, u32)>,
}

/// Judges a book move with a search, for `chuhe book build --verify-depth`.
/// Not implemented by anything yet: the search module does not exist.
pub trait MoveVerifier {
    /// The score in centipawns, from the point of view of the side to move
    /// in `pos`, after it plays `mv` (a legal move of `pos`).
    fn score_after(&mut self, pos: &Position, mv: Move) -> i32;
}

/// A book move that a [`MoveVerifier`] found too weak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyFailure {
    /// Source line number and name of the first line playing the move.
    pub line_no: usize,
    pub name: String,
    /// 1-based ply of the move in that line.
    pub ply: usize,
    pub mv: Move,
    /// FEN of the position the move is played in.
    pub fen: String,
    /// The verifier's score for the mover.
    pub score: i32,
}

impl BookSource {
    /// The source embedded in the program (`book/lines.txt`).
    pub fn builtin() -> Result<BookSource, BookError> {
        BookSource::parse(BUILTIN_SOURCE)
    }

    /// Parses a source text and replays every line from the start position;
    /// errors name the 1-based line number (and the move, when illegal).
    pub fn parse(text: &str) -> Result<BookSource, BookError> {
        let mut lines = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            lines.push(parse_line(line_no, raw.trim_end_matches(['\r', '\n']))?);
        }
        Ok(BookSource { lines })
    }

    /// The lines, in source order.
    pub fn lines(&self) -> &[BookLine] {
        &self.lines
    }

    /// The table `key → move → summed weight` of every position on every
    /// line (both sides' moves).
    pub fn table(&self) -> BTreeMap<u64, BTreeMap<Move, u32>> {
        let mut table: BTreeMap<u64, BTreeMap<Move, u32>> = BTreeMap::new();
        for line in &self.lines {
            let mut pos = Position::startpos();
            for &mv in &line.moves {
                let w = table.entry(pos.key()).or_default().entry(mv).or_insert(0);
                *w = w.saturating_add(line.weight);
                pos.make_move(mv);
            }
        }
        table
    }

    /// Builds the binary book.
    pub fn to_book(&self) -> Book {
        Book::from_entries(
            self.table()
                .into_iter()
                .flat_map(|(k, moves)| moves.into_iter().map(move |(m, w)| (k, m, w))),
        )
    }

    /// Counts lines, positions, entries, depths and first moves.
    pub fn stats(&self) -> BookStats {
        let table = self.table();
        let mut first: BTreeMap<Move, (usize, u32)> = BTreeMap::new();
        for l in &self.lines {
            if let Some(&m) = l.moves.first() {
                let e = first.entry(m).or_default();
                e.0 += 1;
                e.1 += l.weight;
            }
        }
        let mut first_moves: Vec<(Move, usize, u32)> =
            first.into_iter().map(|(m, (n, w))| (m, n, w)).collect();
        first_moves.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.cmp(&a.1)));
        BookStats {
            lines: self.lines.len(),
            positions: table.len(),
            entries: table.values().map(|m| m.len()).sum(),
            max_depth: self.lines.iter().map(|l| l.moves.len()).max().unwrap_or(0),
            min_depth: self.lines.iter().map(|l| l.moves.len()).min().unwrap_or(0),
            first_moves,
        }
    }

    /// Asks `verifier` about every distinct `(position, move)` of the book
    /// (each once, at its first occurrence) and returns the moves whose score
    /// for the mover is below `min_score` centipawns.
    pub fn verify(&self, verifier: &mut dyn MoveVerifier, min_score: i32) -> Vec<VerifyFailure> {
        let mut seen = std::collections::HashSet::new();
        let mut failures = Vec::new();
        for line in &self.lines {
            let mut pos = Position::startpos();
            for (i, &mv) in line.moves.iter().enumerate() {
                if seen.insert((pos.key(), mv)) {
                    let score = verifier.score_after(&pos, mv);
                    if score < min_score {
                        failures.push(VerifyFailure {
                            line_no: line.line_no,
                            name: line.name.clone(),
                            ply: i + 1,
                            mv,
                            fen: pos.to_fen(),
                            score,
                        });
                    }
                }
                pos.make_move(mv);
            }
        }
        failures
    }
}

fn parse_line(line_no: usize, raw: &str) -> Result<BookLine, BookError> {
    let syntax = |message: String| BookError::Syntax {
        line: line_no,
        message,
    };
    let fields: Vec<&str> = raw.split('\t').collect();
    if fields.len() != 3 {
        return Err(syntax(format!(
            "expected 3 tab-separated fields (name, weight, moves), found {}",
            fields.len()
        )));
    }
    let name = fields[0].trim();
    if name.is_empty() {
        return Err(syntax("empty name".into()));
    }
    let weight: u32 = match fields[1].trim().parse() {
        Ok(w) if (1..=u16::MAX as u32).contains(&w) => w,
        _ => {
            return Err(syntax(format!(
                "weight '{}' is not a whole number from 1 to 65535",
                fields[1].trim()
            )))
        }
    };
    let texts: Vec<&str> = fields[2].split_whitespace().collect();
    let pos = match Position::from_fen_and_moves(None, &texts) {
        Ok(p) => p,
        Err(PositionError::Illegal { ply, fen, .. }) => {
            return Err(BookError::IllegalMove {
                line: line_no,
                name: name.to_string(),
                ply,
                mv: texts[ply - 1].to_string(),
                fen,
            })
        }
        Err(PositionError::Syntax { ply, source, .. }) => {
            return Err(syntax(format!("move {ply}: {source}")))
        }
        Err(e) => return Err(syntax(e.to_string())),
    };
    let moves: Vec<Move> = pos.moves_played().collect();
    if moves.is_empty() {
        return Err(syntax("no moves".into()));
    }
    Ok(BookLine {
        line_no,
        name: name.to_string(),
        weight,
        moves,
    })
}
