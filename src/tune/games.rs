//! The compact game-record format for training data: whole games, every
//! move with the search score it was played with, replayed into positions
//! when read. About 2 bytes a move before compression, against ~70 for a
//! FEN line, so tens of millions of positions fit in the repository.
//!
//! ```text
//! file    := segment+
//! segment := "CHUHEGM1" len:u16le provenance:[u8; len]   (UTF-8, the datagen command)
//!            game*
//! game    := ranked | raw
//! ranked  := 'r' head rank:[varint; count] kept:[u8; (count + 7) / 8]
//!            score:[varint; count]                        (what datagen writes)
//! raw     := 'g' head mv:[u16le; count] score:[i16le; count]   (the first form, still read)
//! head    := number:varint result:u8 fen_len:u8 fen:[u8; fen_len] count:varint
//! ```
//!
//! - `number`: the game's number for its seed (datagen resumes after the
//!   highest); `varint` is LEB128, 7 bits a byte, low bits first.
//! - `result` from Red's view: `0` Black won, `1` draw, `2` Red won.
//! - `fen`: the start position, empty for the standard start position
//!   (self-play games start there and record their opening plies as moves).
//! - *kept*: the generator judged the position before the move a training
//!   position (see [`super::datagen`]: ply ≥ 10, not in check, the move not
//!   a capture, |score| < 5000, quiet under the capture search).
//!   The last move of a game won by resignation (datagen's length rule)
//!   is the move the search chose there, not played on the board.
//! - `rank[i]` (ranked): the i-th move's place among the legal moves of
//!   the position before it, ordered by [`Move::raw`] — an order of the
//!   squares alone, so it does not change when move generation does; the
//!   reader replays the game to turn ranks back into moves. `kept`: bit
//!   `i % 8` of byte `i / 8` is move i's flag.
//! - `mv[i]` (raw): [`Move::raw`] (`from | to << 7`, 14 bits); bit 15 is
//!   the kept flag, bit 14 is 0.
//! - `score[i]`: the search score of the position before the i-th move,
//!   in centipawns **from Red's view**; mates are the search's mate scores
//!   (±(30000 − plies)); none for moves not searched (opening plies,
//!   imported games). Ranked: `0` for none, else `zigzag(score − previous
//!   score) + 1` (the previous stored score of the game, 0 before the
//!   first); raw: the score as i16, [`NO_SCORE`] for none.
//!
//! Why this shape: a move has a few dozen legal choices, so its rank takes
//! one byte where its squares take two, and a score from Red's view moves
//! little from one move to the next, so its difference mostly fits in one
//! byte too; moves, flags and scores are stored apart because xz then finds
//! more to share. On the 2 008 games of `dg56-net-n5k-s5602.003` (5 000
//! nodes a move) `xz -9e` keeps 3.98 bytes a kept position of the raw form
//! (4.2 on 64 games at 4 000 nodes against 5.1 for interleaved moves and
//! side-to-move scores); the ranked form's figure is in data/train/README.md.
//!
//! A segment header may appear again between games, so that each committed
//! chunk of a growing file is a file of its own and the chunks concatenated
//! are one file. A game cut off by the end of the input (a run killed while
//! writing) is not returned; [`GameReader::complete_bytes`] says where the
//! complete games end, so a resumed run can cut the rest off.

use super::datagen::MAX_KEPT_SCORE;
use crate::board::{Move, Position};
use std::io::{self, Read};

pub use super::input::for_each_sample;

/// First bytes of a games file (and of every segment in it).
pub const MAGIC: &[u8; 8] = b"CHUHEGM1";
/// Tag byte that starts a game in the ranked form (what datagen writes).
const RANKED_TAG: u8 = b'r';
/// Tag byte that starts a game in the first, raw form (still read).
const RAW_TAG: u8 = b'g';
/// The stored score of a move that was not searched.
pub const NO_SCORE: i16 = i16::MIN;
/// Bit of the stored move that marks a kept (training) position.
const KEPT_BIT: u16 = 1 << 15;
/// Longest game the reader accepts, in moves (a guard against corrupt counts).
const MAX_MOVES: u64 = 10_000;

/// One move of a recorded game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move played from the position.
    pub mv: Move,
    /// Search score of the position before the move, Red's view.
    pub score: Option<i32>,
    /// Whether the position before the move is a training position.
    pub kept: bool,
}

/// One recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's number (per seed).
    pub game: u64,
    /// Result from Red's view: 1, 0.5 or 0.
    pub result: f32,
    /// The start position as FEN; `None` for the standard start position.
    pub start: Option<String>,
    /// Every move from the start position, in order.
    pub moves: Vec<PlayedMove>,
}

fn invalid(what: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what)
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The bytes of a segment header carrying `provenance` (truncated to
/// 65535 bytes).
pub fn segment_header(provenance: &str) -> Vec<u8> {
    let mut text = provenance.as_bytes();
    text = &text[..text.len().min(u16::MAX as usize)];
    let mut out = MAGIC.to_vec();
    out.extend((text.len() as u16).to_le_bytes());
    out.extend(text);
    out
}

/// The legal moves of `pos` in the ranked form's order (by [`Move::raw`]).
fn ranked_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.legal_moves().to_vec();
    moves.sort_unstable_by_key(|m| m.raw());
    moves
}

/// A score as both forms store it: clamped to ±32767 (the search's never
/// go beyond), `None` kept apart.
fn stored_score(score: Option<i32>) -> Option<i32> {
    score.map(|s| s.clamp(-i16::MAX as i32, i16::MAX as i32))
}

/// The start position a game's `fen` field stands for (`None`: the
/// standard one).
fn start_of(fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::startpos()),
        Some(f) => Position::from_fen(f).map_err(|e| format!("start FEN '{f}': {e}")),
    }
}

/// LEB128's companion for signed numbers: 0, −1, 1, −2, … → 0, 1, 2, 3, …
fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    (v >> 1) as i64 ^ -((v & 1) as i64)
}

impl GameRecord {
    /// Appends this game's bytes in the ranked form to `out`. Scores
    /// beyond ±32767 are clamped (the search's never are). A move that is
    /// not legal where it is played (or a bad start FEN) is an error, and
    /// `out` is left as it was.
    pub fn encode(&self, out: &mut Vec<u8>) -> io::Result<()> {
        let mut ranks = Vec::with_capacity(self.moves.len());
        self.replay(|pos, m| {
            let rank = ranked_moves(pos).partition_point(|x| x.raw() < m.mv.raw());
            ranks.push(rank as u64);
        })?;
        out.push(RANKED_TAG);
        self.encode_head(out);
        for r in ranks {
            put_varint(out, r);
        }
        for flags in self.moves.chunks(8) {
            let byte = flags
                .iter()
                .enumerate()
                .fold(0u8, |b, (i, m)| b | (u8::from(m.kept) << i));
            out.push(byte);
        }
        let mut previous = 0i64;
        for m in &self.moves {
            match stored_score(m.score) {
                None => out.push(0),
                Some(s) => {
                    put_varint(out, zigzag(i64::from(s) - previous) + 1);
                    previous = i64::from(s);
                }
            }
        }
        Ok(())
    }

    /// The fields both forms share, after the tag.
    fn encode_head(&self, out: &mut Vec<u8>) {
        put_varint(out, self.game);
        out.push(if self.result > 0.75 {
            2
        } else if self.result < 0.25 {
            0
        } else {
            1
        });
        let fen = self.start.as_deref().unwrap_or("").as_bytes();
        let fen = &fen[..fen.len().min(u8::MAX as usize)];
        out.push(fen.len() as u8);
        out.extend(fen);
        put_varint(out, self.moves.len() as u64);
    }

    /// Appends this game's bytes in the first, raw form (which files
    /// written before the ranked form hold; tests check it is still read).
    #[cfg(test)]
    fn encode_raw(&self, out: &mut Vec<u8>) {
        out.push(RAW_TAG);
        self.encode_head(out);
        for m in &self.moves {
            let raw = m.mv.raw() | if m.kept { KEPT_BIT } else { 0 };
            out.extend(raw.to_le_bytes());
        }
        for m in &self.moves {
            let score = stored_score(m.score).map_or(NO_SCORE, |s| s as i16);
            out.extend(score.to_le_bytes());
        }
    }

    /// This game's bytes (ranked form).
    pub fn to_bytes(&self) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        self.encode(&mut out)?;
        Ok(out)
    }

    /// The start position (before the first move).
    pub fn start_position(&self) -> io::Result<Position> {
        start_of(self.start.as_deref()).map_err(|e| invalid(format!("game {}: {e}", self.game)))
    }

    /// Replays the game: `f` sees each position before its move, with the
    /// move. An illegal move is an error (a corrupt or foreign file).
    pub fn replay(&self, mut f: impl FnMut(&Position, &PlayedMove)) -> io::Result<()> {
        let mut pos = self.start_position()?;
        for (i, m) in self.moves.iter().enumerate() {
            if !pos.is_legal(m.mv) {
                return Err(invalid(format!(
                    "game {}: move {} ({}) is illegal in {}",
                    self.game,
                    i + 1,
                    m.mv,
                    pos.to_fen()
                )));
            }
            f(&pos, m);
            pos.make_move(m.mv);
        }
        Ok(())
    }

    /// The kept positions of the game with their scores from Red's view:
    /// those the generator flagged, and of them (as a guard against files
    /// from other writers) only the ones datagen's cheap rules keep too:
    /// not in check, the move not a capture, the score not a mate.
    pub fn for_each_kept(&self, mut f: impl FnMut(&Position, i32)) -> io::Result<()> {
        self.replay(|pos, m| {
            if let (true, Some(s)) = (m.kept, m.score) {
                if s.abs() < MAX_KEPT_SCORE && !pos.is_capture(m.mv) && !pos.in_check() {
                    f(pos, s);
                }
            }
        })
    }
}

/// Reads games one at a time from a games file (decompressed).
pub struct GameReader<R: Read> {
    input: R,
    /// Bytes read so far.
    offset: u64,
    /// Where the last complete game (or segment header) ended.
    complete: u64,
    /// The provenance lines of the segments read so far.
    provenance: Vec<String>,
    /// Whether the input ended inside a game.
    truncated: bool,
    /// Whether the first segment header has been read.
    started: bool,
}

impl<R: Read> GameReader<R> {
    /// A reader over `input`, which must start with [`MAGIC`].
    pub fn new(input: R) -> Self {
        GameReader {
            input,
            offset: 0,
            complete: 0,
            provenance: Vec::new(),
            truncated: false,
            started: false,
        }
    }

    /// The provenance (datagen command) of every segment read so far.
    pub fn provenance(&self) -> &[String] {
        &self.provenance
    }

    /// Bytes up to the end of the last complete game read.
    pub fn complete_bytes(&self) -> u64 {
        self.complete
    }

    /// Whether the input ended inside a game (which was not returned).
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    fn bytes(&mut self, buf: &mut [u8]) -> io::Result<()> {
        self.input.read_exact(buf)?;
        self.offset += buf.len() as u64;
        Ok(())
    }

    fn byte(&mut self) -> io::Result<u8> {
        let mut b = [0u8];
        self.bytes(&mut b)?;
        Ok(b[0])
    }

    /// The next byte, or `None` at a clean end of input.
    fn first_byte(&mut self) -> io::Result<Option<u8>> {
        let mut b = [0u8];
        loop {
            match self.input.read(&mut b) {
                Ok(0) => return Ok(None),
                Ok(_) => {
                    self.offset += 1;
                    return Ok(Some(b[0]));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn varint(&mut self) -> io::Result<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(invalid(format!("byte {}: varint too long", self.offset)))
    }

    /// The rest of a segment header after its first byte.
    fn segment(&mut self) -> io::Result<()> {
        let mut magic = [0u8; 7];
        self.bytes(&mut magic)?;
        if magic != MAGIC[1..] {
            return Err(invalid(format!(
                "byte {}: not a chuhe games file (bad magic)",
                self.offset - 8
            )));
        }
        let mut len = [0u8; 2];
        self.bytes(&mut len)?;
        let mut text = vec![0u8; u16::from_le_bytes(len) as usize];
        self.bytes(&mut text)?;
        self.provenance
            .push(String::from_utf8_lossy(&text).into_owned());
        Ok(())
    }

    /// The rest of a game after its tag byte.
    fn game_body(&mut self, tag: u8) -> io::Result<GameRecord> {
        let at = self.offset - 1;
        let game = self.varint()?;
        let result = match self.byte()? {
            0 => 0.0,
            1 => 0.5,
            2 => 1.0,
            r => return Err(invalid(format!("byte {at}: game {game}: bad result {r}"))),
        };
        let mut fen = vec![0u8; self.byte()? as usize];
        self.bytes(&mut fen)?;
        let start =
            if fen.is_empty() {
                None
            } else {
                Some(String::from_utf8(fen).map_err(|_| {
                    invalid(format!("byte {at}: game {game}: start FEN is not UTF-8"))
                })?)
            };
        let count = self.varint()?;
        if count > MAX_MOVES {
            return Err(invalid(format!(
                "byte {at}: game {game}: {count} moves is too many"
            )));
        }
        let moves = if tag == RANKED_TAG {
            self.ranked_moves(count as usize, start.as_deref(), at, game)?
        } else {
            self.raw_moves(count as usize, at, game)?
        };
        Ok(GameRecord {
            game,
            result,
            start,
            moves,
        })
    }

    /// The moves of a ranked game: read, then replayed from `start` to
    /// turn their ranks into moves.
    fn ranked_moves(
        &mut self,
        count: usize,
        start: Option<&str>,
        at: u64,
        game: u64,
    ) -> io::Result<Vec<PlayedMove>> {
        let ranks = (0..count)
            .map(|_| self.varint())
            .collect::<io::Result<Vec<u64>>>()?;
        let mut flags = vec![0u8; count.div_ceil(8)];
        self.bytes(&mut flags)?;
        let mut scores = Vec::with_capacity(count);
        let mut previous = 0i64;
        for _ in 0..count {
            scores.push(match self.varint()? {
                0 => None,
                v => {
                    let s = previous + unzigzag(v - 1);
                    previous = s;
                    Some(i32::try_from(s).map_err(|_| {
                        invalid(format!("byte {at}: game {game}: score out of range"))
                    })?)
                }
            });
        }
        let mut pos =
            start_of(start).map_err(|e| invalid(format!("byte {at}: game {game}: {e}")))?;
        let mut moves = Vec::with_capacity(count);
        for (i, (rank, score)) in ranks.into_iter().zip(scores).enumerate() {
            let legal = ranked_moves(&pos);
            let mv = *usize::try_from(rank)
                .ok()
                .and_then(|r| legal.get(r))
                .ok_or_else(|| {
                    invalid(format!(
                        "byte {at}: game {game}: move {} has rank {rank} of {} legal moves",
                        i + 1,
                        legal.len()
                    ))
                })?;
            moves.push(PlayedMove {
                mv,
                score,
                kept: flags[i / 8] >> (i % 8) & 1 == 1,
            });
            pos.make_move(mv);
        }
        Ok(moves)
    }

    /// The moves of a raw game.
    fn raw_moves(&mut self, count: usize, at: u64, game: u64) -> io::Result<Vec<PlayedMove>> {
        let mut raw = vec![0u8; count * 4];
        self.bytes(&mut raw)?;
        let (mvs, scores) = raw.split_at(count * 2);
        let mut moves = Vec::with_capacity(count);
        for (i, (c, s)) in mvs.chunks_exact(2).zip(scores.chunks_exact(2)).enumerate() {
            let bits = u16::from_le_bytes([c[0], c[1]]);
            let score = i16::from_le_bytes([s[0], s[1]]);
            let mv = Move::from_raw(bits & !KEPT_BIT).ok_or_else(|| {
                invalid(format!(
                    "byte {at}: game {game}: move {} is not a move",
                    i + 1
                ))
            })?;
            moves.push(PlayedMove {
                mv,
                score: (score != NO_SCORE).then_some(i32::from(score)),
                kept: bits & KEPT_BIT != 0,
            });
        }
        Ok(moves)
    }

    /// The next complete game; `None` at the end of the input, also when
    /// the input ends inside a game (see [`GameReader::truncated`]).
    pub fn next_game(&mut self) -> io::Result<Option<GameRecord>> {
        loop {
            let Some(tag) = self.first_byte()? else {
                return Ok(None);
            };
            let step = match tag {
                b'C' => self.segment().map(|()| None),
                RANKED_TAG | RAW_TAG if self.started => self.game_body(tag).map(Some),
                _ if !self.started => {
                    return Err(invalid("not a chuhe games file (bad magic)".into()))
                }
                t => {
                    return Err(invalid(format!(
                        "byte {}: expected a game, found byte {t:#04x}",
                        self.offset - 1
                    )))
                }
            };
            match step {
                Ok(game) => {
                    self.started = true;
                    self.complete = self.offset;
                    if game.is_some() {
                        return Ok(game);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                    self.truncated = true;
                    return Ok(None);
                }
                Err(e) => return Err(e),
            }
        }
    }
}

/// What a games file holds, for resuming and for `datagen --stats`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GamesSummary {
    /// Complete games.
    pub games: u64,
    /// The highest game number.
    pub last_game: Option<u64>,
    /// Moves in all games.
    pub moves: u64,
    /// Kept (training) positions.
    pub kept: u64,
    /// Bytes up to the end of the last complete game.
    pub complete_bytes: u64,
    /// Whether the input ended inside a game.
    pub truncated: bool,
    /// The provenance of the first segment.
    pub provenance: Option<String>,
}

/// Reads through a games file and sums it up (without replaying).
pub fn summarize(input: impl Read) -> io::Result<GamesSummary> {
    summarize_games(GameReader::new(input))
}

/// Reads through the rest of a game reader and sums it up.
pub fn summarize_games<R: Read>(mut r: GameReader<R>) -> io::Result<GamesSummary> {
    let mut s = GamesSummary::default();
    while let Some(g) = r.next_game()? {
        s.games += 1;
        s.last_game = s.last_game.max(Some(g.game));
        s.moves += g.moves.len() as u64;
        s.kept += g.moves.iter().filter(|m| m.kept).count() as u64;
    }
    s.complete_bytes = r.complete_bytes();
    s.truncated = r.truncated();
    s.provenance = r.provenance().first().cloned();
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_game() -> GameRecord {
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for (i, text) in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"].iter().enumerate() {
            let mv = Move::from_iccs(text).unwrap();
            assert!(pos.is_legal(mv), "{text}");
            moves.push(PlayedMove {
                mv,
                score: match i {
                    0 => None,
                    1 => Some(-29_990),
                    _ => Some(i as i32 * 7 - 20),
                },
                kept: i >= 2,
            });
            pos.make_move(mv);
        }
        GameRecord {
            game: 300,
            result: 1.0,
            start: None,
            moves,
        }
    }

    /// A second game: another start position, a draw.
    fn endgame() -> GameRecord {
        let mut g = sample_game();
        g.game = 301;
        g.result = 0.5;
        g.start = Some("3k5/9/9/9/9/9/9/9/4A4/4K4 w".into());
        g.moves = ["e1d2", "d9d8", "e0e1"]
            .iter()
            .map(|t| PlayedMove {
                mv: Move::from_iccs(t).unwrap(),
                score: Some(-3),
                kept: true,
            })
            .collect();
        g
    }

    #[test]
    fn bytes_round_trip_and_truncation() {
        for ranked in [true, false] {
            let encode = |g: &GameRecord, out: &mut Vec<u8>| {
                if ranked {
                    g.encode(out).unwrap()
                } else {
                    g.encode_raw(out)
                }
            };
            let g = sample_game();
            let mut bytes = segment_header("chuhe datagen --seed 1");
            encode(&g, &mut bytes);
            let one = bytes.len();
            let g2 = endgame();
            encode(&g2, &mut bytes);
            let mut r = GameReader::new(&bytes[..]);
            assert_eq!(r.next_game().unwrap(), Some(g.clone()), "ranked {ranked}");
            assert_eq!(r.next_game().unwrap(), Some(g2), "ranked {ranked}");
            assert_eq!(r.next_game().unwrap(), None);
            assert!(!r.truncated());
            assert_eq!(r.provenance(), ["chuhe datagen --seed 1"]);
            // every cut inside the second game leaves the first one only
            for cut in one + 1..bytes.len() {
                let s = summarize(&bytes[..cut]).unwrap();
                assert_eq!(
                    (s.games, s.complete_bytes, s.truncated),
                    (1, one as u64, true),
                    "ranked {ranked}, cut at {cut}"
                );
            }
        }
        assert!(summarize(&b"CHUHEGMX\0\0"[..]).is_err());
        assert!(summarize(&b"#g 1 0.5\n"[..]).is_err());
    }

    #[test]
    fn both_forms_mix_in_one_file_and_the_ranked_one_is_smaller() {
        // a file resumed by a newer datagen holds raw games, then ranked
        let (g, g2) = (sample_game(), endgame());
        let mut bytes = segment_header("old");
        g.encode_raw(&mut bytes);
        let raw_len = bytes.len();
        bytes.extend(segment_header("new"));
        let before = bytes.len();
        g.encode(&mut bytes).unwrap();
        assert!(bytes.len() - before < raw_len - segment_header("old").len());
        g2.encode(&mut bytes).unwrap();
        let mut r = GameReader::new(&bytes[..]);
        let mut back = Vec::new();
        while let Some(x) = r.next_game().unwrap() {
            back.push(x);
        }
        assert_eq!(back, [g.clone(), g, g2]);
        assert_eq!(r.provenance(), ["old", "new"]);
    }

    #[test]
    fn scores_take_every_value_and_none() {
        let mut g = sample_game();
        let values = [
            None,
            Some(i16::MAX as i32),
            Some(-(i16::MAX as i32)),
            None,
            Some(0),
        ];
        for (m, v) in g.moves.iter_mut().zip(values) {
            m.score = v;
        }
        let file = [segment_header("t"), g.to_bytes().unwrap()].concat();
        let back = GameReader::new(&file[..]).next_game().unwrap().unwrap();
        assert_eq!(back, g);
        // beyond i16 the score is clamped, as in the raw form
        g.moves[0].score = Some(40_000);
        let file = [segment_header("t"), g.to_bytes().unwrap()].concat();
        let back = GameReader::new(&file[..]).next_game().unwrap().unwrap();
        assert_eq!(back.moves[0].score, Some(i16::MAX as i32));
    }

    #[test]
    fn an_illegal_move_or_a_rank_beyond_the_legal_moves_is_refused() {
        let mut bad = sample_game();
        bad.moves[3].mv = Move::from_iccs("a0a5").unwrap();
        let mut out = vec![1u8];
        assert!(bad.encode(&mut out).is_err());
        assert_eq!(out, [1], "nothing written");
        // a corrupt rank: the first move's rank byte set past the 44
        // legal moves of the start position
        let g = sample_game();
        let mut file = segment_header("t");
        let header = file.len();
        g.encode(&mut file).unwrap();
        let first_rank = header + 1 + 2 + 1 + 1 + 1; // tag, number 300, result, fen length, count
        assert!(file[first_rank] < 44);
        file[first_rank] = 100;
        let err = GameReader::new(&file[..]).next_game().unwrap_err();
        assert!(err.to_string().contains("rank 100 of 44"), "{err}");
    }

    #[test]
    fn replay_gives_kept_positions_from_reds_view() {
        let g = sample_game();
        let mut seen = Vec::new();
        g.for_each_kept(|pos, s| seen.push((pos.ply_count(), s)))
            .unwrap();
        assert_eq!(seen, vec![(2, -6), (3, 1), (4, 8)]);
        // a flagged position with a mate score is not a sample
        let mut mate = g.clone();
        mate.moves[3].score = Some(29_000);
        let mut n = 0;
        mate.for_each_kept(|_, _| n += 1).unwrap();
        assert_eq!(n, 2);
        let mut bad = g.clone();
        bad.moves[3].mv = Move::from_iccs("a0a5").unwrap();
        assert!(bad.replay(|_, _| {}).is_err());
    }
}
