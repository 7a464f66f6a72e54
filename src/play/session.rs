//! The game loop of `chuhe play`: a human against the engine over any
//! `BufRead` / `Write` pair, so tests can drive it with in-memory buffers.

use super::notation::{line_to_chinese, parse_move, to_chinese, to_wxf};
use super::render::{render_board, RenderOptions};
use crate::board::rules::{game_result, EndReason, GameResult, RuleConfig};
use crate::board::{Colour, Move, Position, START_FEN};
use crate::book::{BookSet, Randomness};
use crate::engine::options::EngineOptions;
use crate::engine::Engine;
use crate::eval::Evaluator;
use crate::protocol::lines::read_line_lossy;
use crate::search::{mate_distance, wdl_permille, Limits, SearchOptions};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::io::{self, BufRead, Write};
use std::time::Duration;

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// The human's side.
    pub human: Colour,
    /// The starting position.
    pub fen: String,
    /// The engine's limit per move.
    pub limits: Limits,
    /// The engine's search options.
    pub options: SearchOptions,
    /// ANSI colours.
    pub colour: bool,
    /// Use the built-in opening book.
    pub book: bool,
    /// Echo each input line (for piped input, so the transcript reads well).
    pub echo: bool,
    /// Game rules (move limit).
    pub rules: RuleConfig,
    /// Seed of the book's random choice (`None`: from the OS).
    pub seed: Option<u64>,
}

impl Default for PlayConfig {
    fn default() -> Self {
        PlayConfig {
            human: Colour::Red,
            fen: START_FEN.to_string(),
            limits: Limits::movetime_ms(1000),
            options: SearchOptions::default(),
            colour: false,
            book: true,
            echo: false,
            rules: RuleConfig::default(),
            seed: None,
        }
    }
}

/// The help text.
pub const HELP: &str = "\
Moves:
  ICCS      h2e2, h2-e2
  Chinese   炮二平五  马8进7  馬8進7  前车进一  (Red counts files 一..九 from its right,
            Black 1..9 from its right; 进 forward, 退 back, 平 sideways)
  WXF       C2=5  H8+7  R1+1  +C+1
Commands:
  undo      take back the last move pair
  hint      a quick search's suggestion
  new       start again
  flip      turn the board around
  board     show the board
  moves     list the moves played
  fen       print the position as FEN
  save FILE write the game as PGN
  help      this text
  quit      leave";

/// A game in progress.
pub struct Session {
    config: PlayConfig,
    pos: Position,
    /// The engine facade (its own book is off: the session's book picks
    /// with its own seed and reports book moves itself).
    engine: Engine,
    book: BookSet,
    flipped: bool,
    /// Ply count at which the current result was announced.
    announced: Option<usize>,
    rng: StdRng,
}

/// Chinese and English name of a side.
fn side_name(c: Colour) -> &'static str {
    match c {
        Colour::Red => "红方 red",
        Colour::Black => "黑方 black",
    }
}

/// The announcement of a finished game, e.g. "红方胜 / red wins by perpetual
/// check (black checked on every move of the cycle)".
pub fn announce(result: &GameResult, rules: &RuleConfig) -> String {
    let head = match result.winner() {
        Some(Colour::Red) => "红方胜",
        Some(Colour::Black) => "黑方胜",
        None => "和棋",
    };
    let loser = result.winner().map(Colour::opposite);
    let l = loser.map(|c| c.to_string()).unwrap_or_default();
    let detail = match result.reason() {
        EndReason::Checkmate => format!("{l} is checkmated"),
        EndReason::Stalemate => format!("{l} has no legal move"),
        EndReason::PerpetualCheck => format!("{l} checked on every move of the cycle"),
        EndReason::PerpetualChase => format!("{l} chased on every move of the cycle"),
        EndReason::Repetition => format!(
            "the position occurred {} times; no forbidden perpetual",
            rules.repetition_count.max(2)
        ),
        EndReason::MoveLimit => format!(
            "{} moves without a capture",
            rules.move_limit_plies.div_ceil(2)
        ),
    };
    format!("{head} / {result} ({detail})")
}

fn pgn_result(result: Option<&GameResult>) -> &'static str {
    match result.map(GameResult::winner) {
        Some(Some(Colour::Red)) => "1-0",
        Some(Some(Colour::Black)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

/// A score from the engine's view in words.
fn score_text(score: i32) -> String {
    match mate_distance(score) {
        Some(d) if d > 0 => format!("mate in {}", (d + 1) / 2),
        Some(d) => format!("mated in {}", (-d + 1) / 2),
        None => format!("{score:+}"),
    }
}

impl Session {
    /// A new game; fails on a bad FEN.
    pub fn new(config: PlayConfig) -> Result<Session, String> {
        let pos = Position::from_fen(&config.fen).map_err(|e| format!("bad FEN: {e}"))?;
        let rng = match config.seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => StdRng::from_entropy(),
        };
        Ok(Session {
            engine: Engine::new(EngineOptions {
                search: config.options.clone(),
                usebook: false,
                ..EngineOptions::default()
            }),
            book: if config.book {
                BookSet::builtin()
            } else {
                BookSet::new()
            },
            flipped: config.human == Colour::Black,
            config,
            pos,
            announced: None,
            rng,
        })
    }

    /// The current position (with the game's moves as history).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The game result, if the game is over.
    pub fn result(&self) -> Option<GameResult> {
        game_result(&self.pos, &self.config.rules)
    }

    fn engine(&self) -> Colour {
        self.config.human.opposite()
    }

    /// The game as PGN: `[FEN]` header, ICCS moves, result.
    pub fn pgn(&self) -> String {
        let result = self.result();
        let res = pgn_result(result.as_ref());
        let (red, black) = match self.config.human {
            Colour::Red => ("human", "chuhe"),
            Colour::Black => ("chuhe", "human"),
        };
        let mut t = String::new();
        t.push_str("[Game \"Chinese Chess\"]\n[Event \"chuhe play\"]\n");
        t.push_str(&format!("[Red \"{red}\"]\n[Black \"{black}\"]\n"));
        t.push_str(&format!("[Result \"{res}\"]\n"));
        t.push_str(&format!(
            "[FEN \"{}\"]\n[Format \"ICCS\"]\n",
            self.config.fen
        ));
        if let Some(r) = &result {
            t.push_str(&format!("[Termination \"{r}\"]\n"));
        }
        t.push('\n');
        let start = Position::from_fen(&self.config.fen).expect("checked at start");
        let mut number = start.fullmove_number().max(1) as usize;
        let red_first = start.side_to_move() == Colour::Red;
        let mut line = String::new();
        for (i, m) in self.pos.moves_played().enumerate() {
            let red_moves = (i % 2 == 0) == red_first;
            if red_moves {
                line.push_str(&format!("{number}. {m} "));
            } else {
                if i == 0 {
                    line.push_str(&format!("{number}. ... "));
                }
                line.push_str(&format!("{m} "));
                number += 1;
            }
            if line.len() > 70 {
                t.push_str(line.trim_end());
                t.push('\n');
                line.clear();
            }
        }
        line.push_str(res);
        t.push_str(&line);
        t.push('\n');
        t
    }

    fn board(&self) -> String {
        render_board(
            &self.pos,
            &RenderOptions {
                colour: self.config.colour,
                flipped: self.flipped,
                last: self.pos.last_move(),
            },
        )
    }

    /// Plays the game: reads commands and moves from `input` until `quit`
    /// or end of input, writing the transcript to `out`.
    pub fn run<R: BufRead, W: Write>(&mut self, mut input: R, out: &mut W) -> io::Result<()> {
        writeln!(
            out,
            "chuhe (楚河) — you play {}, chuhe plays {}. Type a move (h2e2, 炮二平五, C2=5) or 'help'.",
            side_name(self.config.human),
            side_name(self.engine())
        )?;
        write!(out, "{}", self.board())?;
        let mut buf = Vec::new();
        loop {
            let result = self.result();
            if let Some(r) = &result {
                if self.announced != Some(self.pos.ply_count()) {
                    self.announced = Some(self.pos.ply_count());
                    writeln!(out, "{}", announce(r, &self.config.rules))?;
                    writeln!(out, "game over: undo, new, save FILE, fen or quit")?;
                }
            } else if self.pos.side_to_move() == self.engine() {
                self.engine_move(out)?;
                continue;
            }
            let prompt = if result.is_some() {
                "game over".to_string()
            } else {
                format!("{} to move", side_name(self.pos.side_to_move()))
            };
            write!(out, "{prompt}> ")?;
            out.flush()?;
            // lossily: bytes that are not UTF-8 are explained like any
            // other bad input, not the end of the game
            let Some(line) = read_line_lossy(&mut input, &mut buf)? else {
                writeln!(out)?;
                writeln!(out, "bye")?;
                return Ok(());
            };
            let text = line.trim();
            if self.config.echo {
                writeln!(out, "{text}")?;
            }
            if !self.command(text, result.is_some(), out)? {
                writeln!(out, "bye")?;
                return Ok(());
            }
        }
    }

    /// Handles one input line; `false` to quit.
    fn command<W: Write>(&mut self, text: &str, over: bool, out: &mut W) -> io::Result<bool> {
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (text, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" | "q" => return Ok(false),
            "help" | "?" | "h" => writeln!(out, "{HELP}")?,
            "fen" => writeln!(out, "{}", self.pos.to_fen())?,
            "board" | "b" => write!(out, "{}", self.board())?,
            "flip" => {
                self.flipped = !self.flipped;
                write!(out, "{}", self.board())?;
            }
            "new" => {
                self.pos = Position::from_fen(&self.config.fen).expect("checked at start");
                self.engine.new_game();
                self.announced = None;
                writeln!(out, "new game")?;
                write!(out, "{}", self.board())?;
            }
            "undo" | "takeback" => self.undo(out)?,
            "moves" => self.list_moves(out)?,
            "hint" => {
                if over {
                    writeln!(out, "the game is over")?;
                } else {
                    self.hint(out)?;
                }
            }
            "save" => {
                if rest.is_empty() {
                    writeln!(out, "usage: save FILE")?;
                } else {
                    match std::fs::write(rest, self.pgn()) {
                        Ok(()) => writeln!(
                            out,
                            "saved {} moves to {rest}",
                            self.pos.moves_played().len()
                        )?,
                        Err(e) => writeln!(out, "cannot write {rest}: {e}")?,
                    }
                }
            }
            _ => {
                if over {
                    writeln!(out, "the game is over: undo, new, save FILE, fen or quit")?;
                } else {
                    match parse_move(&self.pos, text) {
                        Ok(mv) => self.human_move(mv, out)?,
                        Err(e) => {
                            writeln!(out, "{e}")?;
                            writeln!(out, "try again (or 'help')")?;
                        }
                    }
                }
            }
        }
        Ok(true)
    }

    fn describe(&self, mv: Move) -> String {
        format!(
            "{mv}  {}  {}",
            to_chinese(&self.pos, mv),
            to_wxf(&self.pos, mv)
        )
    }

    fn human_move<W: Write>(&mut self, mv: Move, out: &mut W) -> io::Result<()> {
        writeln!(out, "you play {}", self.describe(mv))?;
        self.pos.make_move(mv);
        if self.result().is_some() {
            write!(out, "{}", self.board())?;
        } else {
            self.check_notice(out)?;
        }
        Ok(())
    }

    fn engine_move<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        let side = self.pos.side_to_move();
        if let Some(mv) = self
            .book
            .choose(&self.pos, Randomness::Small, &mut self.rng)
        {
            let desc = self.describe(mv);
            self.pos.make_move(mv);
            write!(out, "{}", self.board())?;
            writeln!(out, "chuhe ({}) plays {desc}  (book)", side_name(side))?;
            return self.check_notice(out);
        }
        writeln!(out, "chuhe is thinking...")?;
        out.flush()?;
        self.engine.set_position_to(&self.pos);
        let result = self.engine.think(&self.config.limits);
        let Some(mv) = result.best_move else {
            writeln!(out, "chuhe has no move")?;
            return Ok(());
        };
        let desc = self.describe(mv);
        let pv_iccs: Vec<String> = result.pv.iter().map(Move::to_string).collect();
        let pv_chinese = line_to_chinese(&self.pos, &result.pv);
        let [win, draw, loss] = wdl_permille(result.score, Evaluator::phase(&self.pos));
        self.pos.make_move(mv);
        write!(out, "{}", self.board())?;
        writeln!(out, "chuhe ({}) plays {desc}", side_name(side))?;
        writeln!(
            out,
            "  score {} ({side}'s view), depth {}, {} ms",
            score_text(result.score),
            result.depth,
            result.time_ms
        )?;
        writeln!(
            out,
            "  chances for {side}: win {:.1}%, draw {:.1}%, loss {:.1}%",
            win as f64 / 10.0,
            draw as f64 / 10.0,
            loss as f64 / 10.0
        )?;
        writeln!(out, "  pv {}", pv_iccs.join(" "))?;
        writeln!(out, "  pv {}", pv_chinese.join(" "))?;
        self.check_notice(out)
    }

    /// Says so when the side to move is in check (and the game goes on).
    fn check_notice<W: Write>(&self, out: &mut W) -> io::Result<()> {
        if self.pos.in_check() && self.result().is_none() {
            writeln!(out, "将军 / check!")?;
        }
        Ok(())
    }

    fn hint<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        let limits = match (self.config.limits.depth, self.config.limits.movetime) {
            (Some(d), _) => Limits::depth(d.min(4)),
            (None, Some(t)) => Limits {
                movetime: Some((t / 3).clamp(Duration::from_millis(100), Duration::from_secs(1))),
                ..Limits::default()
            },
            _ => Limits::movetime_ms(300),
        };
        let book = self.book.probe(&self.pos);
        if let Some(&(mv, _)) = book.first() {
            writeln!(out, "hint: {}  (book)", self.describe(mv))?;
            return Ok(());
        }
        self.engine.set_position_to(&self.pos);
        let r = self.engine.think(&limits);
        if let Some(mv) = r.best_move {
            writeln!(
                out,
                "hint: {}  (score {}, depth {})",
                self.describe(mv),
                score_text(r.score),
                r.depth
            )?;
        }
        Ok(())
    }

    fn undo<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        if self.pos.ply_count() == 0 {
            writeln!(out, "nothing to undo")?;
            return Ok(());
        }
        let mut n = 0;
        loop {
            self.pos.unmake_move();
            n += 1;
            if self.pos.side_to_move() == self.config.human || self.pos.ply_count() == 0 {
                break;
            }
        }
        self.announced = None;
        writeln!(out, "took back {n} move{}", if n == 1 { "" } else { "s" })?;
        write!(out, "{}", self.board())?;
        writeln!(out, "fen {}", self.pos.to_fen())?;
        Ok(())
    }

    fn list_moves<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        let moves: Vec<Move> = self.pos.moves_played().collect();
        let start = Position::from_fen(&self.config.fen).expect("checked at start");
        let chinese = line_to_chinese(&start, &moves);
        if moves.is_empty() {
            writeln!(out, "no moves yet")?;
        }
        let mut p = start;
        for (i, (m, c)) in moves.iter().zip(chinese).enumerate() {
            writeln!(
                out,
                "{:3}. {} {m}  {c}",
                i + 1,
                if p.side_to_move() == Colour::Red {
                    "红"
                } else {
                    "黑"
                }
            )?;
            p.make_move(*m);
        }
        Ok(())
    }
}
