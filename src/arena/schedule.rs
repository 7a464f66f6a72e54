//! Openings and the match schedule: which game starts where and who is Red,
//! and the deterministic slice a shard plays.

use super::game::GameSetup;
use crate::board::{Position, START_FEN};

/// The default book: `tests/data/openings.tsv`, embedded.
pub const DEFAULT_OPENINGS: &str = include_str!("../../tests/data/openings.tsv");

/// One opening: a name, a FEN and moves played from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// Name.
    pub name: String,
    /// Start FEN.
    pub fen: String,
    /// Moves (ICCS) from the FEN.
    pub moves: Vec<String>,
}

/// Parses an opening file, detecting the format of each line (`#`
/// comments and blank lines skipped; every FEN and move is checked):
/// - a line with a tab: `name<TAB>fen<TAB>moves` (the built-in book's
///   format; moves in ICCS, space-separated);
/// - otherwise a FEN (`placement side - - halfmove fullmove`, the last
///   fields optional), optionally followed by `moves m1 m2 ...`;
/// - or an EPD record: `placement side - -` followed by `opcode operand;`
///   operations, of which `id "name"` names the opening (the others are
///   ignored). Unnamed openings are called `line N`.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let (name, fen, moves) = if line.contains('\t') {
            tsv_line(line)
        } else {
            fen_or_epd_line(line, n + 1)
        };
        Position::from_fen_and_moves(Some(&fen), &moves)
            .map_err(|e| format!("openings line {}: {e}", n + 1))?;
        out.push(Opening { name, fen, moves });
    }
    if out.is_empty() {
        return Err("no openings found".into());
    }
    Ok(out)
}

/// `name<TAB>fen<TAB>moves`.
fn tsv_line(line: &str) -> (String, String, Vec<String>) {
    let mut cols = line.split('\t');
    let name = cols.next().unwrap_or("").trim().to_string();
    let fen = cols.next().unwrap_or("").trim().to_string();
    let moves = cols
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    (name, fen, moves)
}

/// A FEN (with optional `moves ...`) or an EPD record; see
/// [`parse_openings`]. The FEN returned has all six fields.
fn fen_or_epd_line(line: &str, number: usize) -> (String, String, Vec<String>) {
    let mut rest = line.trim();
    let mut field = || -> Option<&str> {
        let t = rest.trim_start();
        if t.is_empty() {
            return None;
        }
        let end = t.find(char::is_whitespace).unwrap_or(t.len());
        rest = &t[end..];
        Some(&t[..end])
    };
    let placement = field().unwrap_or("").to_string();
    let side = field().unwrap_or("w").to_string();
    let mut tail: Vec<String> = Vec::new();
    // castling and en passant ("-" in xiangqi), then the two counters of a
    // FEN; anything else starts the EPD operations or `moves`
    let mut counters: Vec<String> = Vec::new();
    let mut seen = 0;
    while let Some(t) = field() {
        let numeric = t.bytes().all(|b| b.is_ascii_digit());
        if seen < 2 && t == "-" {
            seen += 1;
        } else if numeric && counters.len() < 2 {
            counters.push(t.to_string());
        } else {
            tail.push(t.to_string());
            break;
        }
    }
    let rest_text = format!("{} {}", tail.join(" "), rest).trim().to_string();
    let mut name = format!("line {number}");
    let mut moves = Vec::new();
    if let Some(list) = rest_text.strip_prefix("moves") {
        moves = list.split_whitespace().map(str::to_string).collect();
    } else {
        for op in rest_text.split(';') {
            let op = op.trim();
            if let Some(id) = op.strip_prefix("id ") {
                name = id.trim().trim_matches('"').to_string();
            }
        }
    }
    let half = counters.first().map_or("0", String::as_str);
    let full = counters.get(1).map_or("1", String::as_str);
    let fen = format!("{placement} {side} - - {half} {full}");
    (name, fen, moves)
}

/// A small deterministic generator (SplitMix64).
pub struct SplitMix(u64);

impl SplitMix {
    /// Seeded generator.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `count` openings of `plies` random legal moves from the start position,
/// deterministic in `seed`; a line that would end the game is redrawn.
pub fn random_openings(count: usize, plies: usize, seed: u64) -> Vec<Opening> {
    let mut rng = SplitMix::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
            pos.make_move(m);
            moves.push(m.to_string());
        }
        if moves.len() < plies || !pos.has_legal_move() {
            continue;
        }
        out.push(Opening {
            name: format!("random-{}", out.len() + 1),
            fen: START_FEN.to_string(),
            moves,
        });
    }
    out
}

/// The start position as the only "opening" (no book, as in the paper).
pub fn no_book() -> Vec<Opening> {
    vec![Opening {
        name: "startpos".into(),
        fen: START_FEN.to_string(),
        moves: Vec::new(),
    }]
}

/// The full schedule of `games` games: game `i` (0-based) plays opening
/// `(i / 2) mod len`, A is Red in even games and Black in odd ones, so each
/// opening is played twice with colours swapped.
pub fn schedule(openings: &[Opening], games: usize) -> Vec<GameSetup> {
    (0..games)
        .map(|i| {
            let o = &openings[(i / 2) % openings.len()];
            GameSetup {
                game: i + 1,
                opening: o.name.clone(),
                fen: o.fen.clone(),
                moves: o.moves.clone(),
                a_is_red: i % 2 == 0,
            }
        })
        .collect()
}

/// A shard `i/N`: plays the game pairs whose 0-based pair index ≡ i
/// (mod N) — games `2p` and `2p + 1` (0-based) share an opening with
/// colours swapped and stay together, so each shard's pairs are complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, 0..count.
    pub index: usize,
    /// Number of shards.
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let (i, n) = s
            .split_once('/')
            .ok_or_else(|| format!("bad --shard '{s}': want i/N"))?;
        let index: usize = i.trim().parse().map_err(|_| format!("bad --shard '{s}'"))?;
        let count: usize = n.trim().parse().map_err(|_| format!("bad --shard '{s}'"))?;
        if count == 0 || index >= count {
            return Err(format!("bad --shard '{s}': need 0 <= i < N"));
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    /// Keeps this shard's games of `all` (whole colour-swapped pairs).
    pub fn select(&self, all: Vec<GameSetup>) -> Vec<GameSetup> {
        all.into_iter()
            .filter(|g| ((g.game - 1) / 2) % self.count == self.index)
            .collect()
    }
}

/// Whether `games` come in the schedule's colour-swapped pairs: every
/// game's partner (games `2p + 1` and `2p + 2`, 1-based) is present, on
/// the same opening with A's colour swapped.
pub fn is_paired(games: &[GameSetup]) -> bool {
    let by_number: std::collections::HashMap<usize, &GameSetup> =
        games.iter().map(|g| (g.game, g)).collect();
    !games.is_empty()
        && games.iter().all(|g| {
            let partner = if g.game % 2 == 1 {
                g.game + 1
            } else {
                g.game - 1
            };
            by_number
                .get(&partner)
                .is_some_and(|h| h.fen == g.fen && h.moves == g.moves && h.a_is_red != g.a_is_red)
        })
}
