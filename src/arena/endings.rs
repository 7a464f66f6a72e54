//! How the games of a match ended, grouped so that results decided by a
//! rule or by an engine's failure are reported apart from games played out
//! on the board.
//!
//! Referees differ most on exactly these: ElephantEye's own league referee
//! judges perpetual chases by other rules than chuhe's, and engines answer
//! "no move" where another referee would have adjudicated. The games played
//! out on the board (checkmate, stalemate, and draws by repetition, move
//! limit or ply limit) are the count every referee agrees on.

use super::game::{GameRecord, ADJUDICATED, MAX_PLIES, NO_ATTACKING_PIECES};
use super::stats::Wdl;
use crate::board::rules::EndReason;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// What decided a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndingClass {
    /// Played out: checkmate, stalemate, or a draw by repetition, move
    /// limit, ply limit or lack of attacking pieces.
    Board,
    /// A perpetual check or chase, judged by the Asian rules.
    Rule,
    /// An engine failed: no move, an illegal move, time forfeit, a crash
    /// (or the referee could not set up the opening).
    Failure,
    /// Ended by the engines' scores (`--adjudicate`).
    Adjudicated,
}

impl EndingClass {
    /// What the class counts, for the printed report.
    pub fn describe(self) -> &'static str {
        match self {
            EndingClass::Board => "on the board (checkmate, stalemate, draws played out)",
            EndingClass::Rule => "by a rule (perpetual check or chase)",
            EndingClass::Failure => "by an engine's failure (no move, illegal move, time, crash)",
            EndingClass::Adjudicated => "adjudicated by score",
        }
    }
}

/// The games that ended one way, from A's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndingCount {
    /// The way, e.g. "checkmate", "perpetual chase", "engine returned no
    /// move" (a failure without the side that failed: A's result says it).
    pub cause: String,
    /// Its class.
    pub class: EndingClass,
    /// A's wins, draws and losses that ended this way.
    pub wdl: Wdl,
}

/// A match's games by how they ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Endings {
    /// Per way of ending, in class order, then by number of games.
    pub causes: Vec<EndingCount>,
    /// Games played out on the board: the referee-neutral count.
    pub board: Wdl,
    /// Games decided by perpetual check or chase.
    pub rule: Wdl,
    /// Games decided by an engine's failure.
    pub failure: Wdl,
    /// Games ended by score adjudication.
    pub adjudicated: Wdl,
}

/// Where a game's termination text names the side that failed.
const SIDE_PREFIXES: [&str; 2] = ["Red: ", "Black: "];

/// The class of a termination text as the arena writes it.
pub fn classify(termination: &str) -> EndingClass {
    let reason = |r: EndReason| r.to_string();
    let starts = |p: &str| termination.starts_with(p);
    if termination == reason(EndReason::PerpetualCheck)
        || termination == reason(EndReason::PerpetualChase)
    {
        EndingClass::Rule
    } else if termination == reason(EndReason::Checkmate)
        || termination == reason(EndReason::Stalemate)
        || starts(&reason(EndReason::Repetition))
        || starts(&reason(EndReason::MoveLimit))
        || starts(MAX_PLIES)
        || termination == NO_ATTACKING_PIECES
    {
        EndingClass::Board
    } else if starts(ADJUDICATED) {
        EndingClass::Adjudicated
    } else {
        EndingClass::Failure
    }
}

/// The way of ending a termination text stands for: the side of a failure
/// and the figures in brackets left out, so that games group ("Red: time
/// forfeit (12 ms over)" → "time forfeit", "adjudicated: resign score 900"
/// → "adjudicated: resign score").
pub fn cause(termination: &str) -> String {
    let mut t = termination;
    for p in SIDE_PREFIXES {
        if let Some(rest) = t.strip_prefix(p) {
            t = rest;
        }
    }
    if let Some(i) = t.find(" (") {
        t = &t[..i];
    }
    if t.starts_with("illegal move ") {
        return "illegal move".into();
    }
    t.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-')
        .trim_end()
        .to_string()
}

/// The endings of `games`.
pub fn endings_of<'a>(games: impl IntoIterator<Item = &'a GameRecord>) -> Endings {
    let mut e = Endings::default();
    for g in games {
        let class = classify(&g.termination);
        let cause = cause(&g.termination);
        let pts = g.a_points();
        match class {
            EndingClass::Board => &mut e.board,
            EndingClass::Rule => &mut e.rule,
            EndingClass::Failure => &mut e.failure,
            EndingClass::Adjudicated => &mut e.adjudicated,
        }
        .add_game(pts);
        match e.causes.iter_mut().find(|c| c.cause == cause) {
            Some(c) => c.wdl.add_game(pts),
            None => {
                let mut wdl = Wdl::default();
                wdl.add_game(pts);
                e.causes.push(EndingCount { cause, class, wdl });
            }
        }
    }
    e.causes
        .sort_by(|x, y| (x.class, y.wdl.games()).cmp(&(y.class, x.wdl.games())));
    e
}

/// The printed report: one line per class that has games (the board's with
/// A's score), then one per way of ending.
pub fn format_endings(e: &Endings) -> String {
    let mut t = String::new();
    for (class, w) in [
        (EndingClass::Board, e.board),
        (EndingClass::Rule, e.rule),
        (EndingClass::Failure, e.failure),
        (EndingClass::Adjudicated, e.adjudicated),
    ] {
        if w.games() == 0 {
            continue;
        }
        let _ = write!(
            t,
            "{}: A +{} ={} -{} of {}",
            class.describe(),
            w.wins,
            w.draws,
            w.losses,
            w.games()
        );
        if class == EndingClass::Board {
            let decided = w.wins + w.losses;
            let _ = write!(t, ", score {:.1}%", 100.0 * w.score());
            if decided > 0 {
                let _ = write!(
                    t,
                    "; decisive {} to {}, {:.1}%",
                    w.wins,
                    w.losses,
                    100.0 * w.wins as f64 / decided as f64
                );
            }
        }
        t.push('\n');
    }
    let width = e.causes.iter().map(|c| c.cause.len()).max().unwrap_or(0);
    for c in &e.causes {
        let _ = writeln!(
            t,
            "  {:<width$}  A +{} ={} -{}",
            c.cause, c.wdl.wins, c.wdl.draws, c.wdl.losses
        );
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game::{adjudicate, Outcome};
    use crate::board::Position;

    fn game(n: usize, a_is_red: bool, outcome: Outcome, termination: &str) -> GameRecord {
        let mut g = crate::arena::pairs::tests::game(n, 0.5);
        g.a_is_red = a_is_red;
        g.outcome = outcome;
        g.termination = termination.into();
        g
    }

    #[test]
    fn the_referees_own_reasons_classify_as_board_or_rule() {
        // every EndReason the rules can give, as the arena words it
        for r in [
            EndReason::Checkmate,
            EndReason::Stalemate,
            EndReason::Repetition,
            EndReason::MoveLimit,
        ] {
            assert_eq!(classify(&r.to_string()), EndingClass::Board, "{r}");
        }
        for r in [EndReason::PerpetualCheck, EndReason::PerpetualChase] {
            assert_eq!(classify(&r.to_string()), EndingClass::Rule, "{r}");
        }
        assert_eq!(classify("repetition (3-fold)"), EndingClass::Board);
        assert_eq!(classify("move limit (120 plies)"), EndingClass::Board);
        assert_eq!(classify("max plies (300)"), EndingClass::Board);
        assert_eq!(classify(NO_ATTACKING_PIECES), EndingClass::Board);
        assert_eq!(
            classify("adjudicated: resign score 900"),
            EndingClass::Adjudicated
        );
        assert_eq!(
            classify("Black: engine returned no move"),
            EndingClass::Failure
        );
        assert_eq!(
            classify("Red: time forfeit (12 ms over)"),
            EndingClass::Failure
        );
        assert_eq!(classify("bad opening: illegal move"), EndingClass::Failure);
    }

    #[test]
    fn a_real_checkmate_and_ply_limit_classify_as_board() {
        // the referee's own verdicts, not hand-written strings
        let mate = Position::from_fen("3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
        let v = adjudicate(&mate, 0).expect("Black has no legal move");
        assert_eq!(classify(&v.reason), EndingClass::Board);
        let one_move = Position::from_fen_and_moves(None, &["h2e2".to_string()]).unwrap();
        let v = adjudicate(&one_move, 1).expect("the ply limit ends it");
        assert_eq!(classify(&v.reason), EndingClass::Board, "{}", v.reason);
    }

    #[test]
    fn causes_drop_the_side_and_the_figures() {
        assert_eq!(
            cause("Red: engine returned no move"),
            "engine returned no move"
        );
        assert_eq!(cause("Black: time forfeit (12 ms over)"), "time forfeit");
        assert_eq!(cause("Red: illegal move h0h9"), "illegal move");
        assert_eq!(cause("max plies (300)"), "max plies");
        assert_eq!(
            cause("adjudicated: resign score 900"),
            "adjudicated: resign score"
        );
        assert_eq!(cause("perpetual chase"), "perpetual chase");
    }

    #[test]
    fn games_count_from_as_view_in_their_class() {
        let games = [
            game(1, true, Outcome::RedWins, "checkmate"),
            game(2, false, Outcome::RedWins, "checkmate"),
            game(3, true, Outcome::RedWins, "checkmate"),
            game(4, false, Outcome::BlackWins, "perpetual chase"),
            game(5, true, Outcome::RedWins, "Black: engine returned no move"),
            game(6, false, Outcome::BlackWins, "Red: engine returned no move"),
            game(7, true, Outcome::Draw, "max plies (300)"),
            game(8, true, Outcome::BlackWins, "perpetual check"),
        ];
        let e = endings_of(&games);
        let wdl = |wins, draws, losses| Wdl {
            wins,
            draws,
            losses,
        };
        assert_eq!(e.board, wdl(2, 1, 1));
        assert_eq!(e.rule, wdl(1, 0, 1));
        assert_eq!(e.failure, wdl(2, 0, 0));
        assert_eq!(e.adjudicated, Wdl::default());
        let causes: Vec<(&str, Wdl)> = e.causes.iter().map(|c| (c.cause.as_str(), c.wdl)).collect();
        assert_eq!(
            causes,
            [
                ("checkmate", wdl(2, 0, 1)),
                ("max plies", wdl(0, 1, 0)),
                ("perpetual chase", wdl(1, 0, 0)),
                ("perpetual check", wdl(0, 0, 1)),
                ("engine returned no move", wdl(2, 0, 0)),
            ]
        );
        let text = format_endings(&e);
        assert!(
            text.contains("on the board (checkmate, stalemate, draws played out): A +2 =1 -1 of 4, score 62.5%; decisive 2 to 1, 66.7%"),
            "{text}"
        );
        assert!(text.contains("by a rule (perpetual check or chase): A +1 =0 -1 of 2"));
        assert!(!text.contains("adjudicated by score"), "{text}");
    }
}
