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

/// Parses `name<TAB>fen<TAB>moves` lines (`#` comments and blank lines
/// skipped), checking every FEN and move.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let mut cols = line.split('\t');
        let name = cols.next().unwrap_or("").trim().to_string();
        let fen = cols.next().unwrap_or("").trim().to_string();
        let moves: Vec<String> = cols
            .next()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        Position::from_fen_and_moves(Some(&fen), &moves)
            .map_err(|e| format!("openings line {}: {e}", n + 1))?;
        out.push(Opening { name, fen, moves });
    }
    if out.is_empty() {
        return Err("no openings found".into());
    }
    Ok(out)
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

/// A shard `i/N`: plays the games whose 0-based index ≡ i (mod N).
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
    /// Keeps this shard's games of `all`.
    pub fn select(&self, all: Vec<GameSetup>) -> Vec<GameSetup> {
        all.into_iter()
            .filter(|g| (g.game - 1) % self.count == self.index)
            .collect()
    }
}
