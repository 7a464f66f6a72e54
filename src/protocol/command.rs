//! Parsing: one input line becomes one [`Command`], once. The parser is
//! tolerant: keywords in any case, extra whitespace, CRLF, both dialects'
//! `setoption` forms, bare `fen ...`/`startpos ...`, and numbers that are
//! negative or fractional (clamped or cut). A `go` with a missing or
//! non-numeric value, or an unknown word, is [`Command::BadGo`]: a mangled
//! limit must not become an unbounded search.

/// Where a `position` or `probe` starts from, and the moves that follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSpec {
    /// The FEN text (`None`: the start position).
    pub fen: Option<String>,
    /// Moves as written (checked when applied; ICCS, or in UCI possibly
    /// with ranks 1-10, see [`super::ranks`]).
    pub moves: Vec<String>,
    /// Written without the `position` keyword (`fen ...`, `startpos ...`),
    /// as the UCI-cyclone dialect does.
    pub bare: bool,
}

/// Parameters of `go` in either dialect. Times are kept as given (UCCI
/// `time` in seconds or milliseconds depending on `usemillisec`, decided
/// by the controller; UCI times always milliseconds).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoParams {
    /// `go ponder ...`
    pub ponder: bool,
    /// `go draw ...`: the opponent offers a draw.
    pub draw: bool,
    /// `depth N` (clamped to ≥ 0; 0 means static evaluation).
    pub depth: Option<i32>,
    /// `depth infinite` or `infinite`.
    pub infinite: bool,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// UCCI `time T`.
    pub time: Option<f64>,
    /// UCCI `increment I`.
    pub increment: Option<f64>,
    /// `movestogo M` (both dialects).
    pub movestogo: Option<u32>,
    /// UCCI `opptime T` (parsed, unused by the search).
    pub opptime: Option<f64>,
    /// UCCI `oppincrement I`.
    pub oppincrement: Option<f64>,
    /// UCCI `oppmovestogo M`.
    pub oppmovestogo: Option<u32>,
    /// UCI `wtime` (ms).
    pub wtime: Option<f64>,
    /// UCI `btime` (ms).
    pub btime: Option<f64>,
    /// UCI `winc` (ms).
    pub winc: Option<f64>,
    /// UCI `binc` (ms).
    pub binc: Option<f64>,
    /// `movetime T` (ms, both dialects).
    pub movetime: Option<f64>,
    /// `go perft N` (debugging).
    pub perft: Option<u32>,
    /// `mate N`: stop once a mate in at most N moves is proven.
    pub mate: Option<u32>,
    /// `searchmoves m1 m2 ...`: only these root moves (ICCS, as written).
    pub searchmoves: Vec<String>,
}

/// One parsed input line.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `ucci`
    Ucci,
    /// `uci`
    Uci,
    /// `isready`
    IsReady,
    /// `setoption <name> [<value>]` or `setoption name <N> [value <V>]`.
    SetOption {
        /// Option name as written.
        name: String,
        /// Value, if any.
        value: Option<String>,
    },
    /// `position ...`, `fen ...`, `startpos ...`
    Position(PositionSpec),
    /// `banmoves m1 m2 ...`
    BanMoves(Vec<String>),
    /// `go ...`
    Go(GoParams),
    /// `ponderhit [draw]`
    PonderHit {
        /// The opponent offers a draw.
        draw: bool,
    },
    /// `stop`
    Stop,
    /// `probe {fen ...|startpos} [moves ...]`
    Probe(PositionSpec),
    /// `quit`
    Quit,
    /// `ucinewgame`
    NewGame,
    /// `d`: board diagram, FEN and key.
    Display,
    /// `eval`: the evaluator's breakdown.
    Eval,
    /// `bench [depth]`
    Bench(Option<i32>),
    /// `help`: the list of commands.
    Help,
    /// A `go` whose limits make no sense: no search, the text says why
    /// (answered with `info string` and `nobestmove`).
    BadGo(String),
    /// An empty line.
    Empty,
    /// A known command with arguments that make no sense; the text says why.
    Invalid(String),
    /// Not a command at all (the trimmed line).
    Unknown(String),
}

impl Command {
    /// Parses one line (without or with its line end).
    pub fn parse(line: &str) -> Command {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(first) = tokens.first() else {
            return Command::Empty;
        };
        let rest = &tokens[1..];
        match first.to_ascii_lowercase().as_str() {
            "ucci" => Command::Ucci,
            "uci" => Command::Uci,
            "isready" => Command::IsReady,
            "setoption" => parse_setoption(rest),
            "position" => match parse_position_spec(rest) {
                Ok(spec) => Command::Position(spec),
                Err(e) => Command::Invalid(format!("position: {e}")),
            },
            "fen" | "startpos" => match parse_position_spec(&tokens) {
                Ok(spec) => Command::Position(PositionSpec { bare: true, ..spec }),
                Err(e) => Command::Invalid(format!("position: {e}")),
            },
            "banmoves" => Command::BanMoves(rest.iter().map(|s| s.to_string()).collect()),
            "go" => match parse_go(rest) {
                Ok(g) => Command::Go(g),
                Err(e) => Command::BadGo(format!("go: {e}")),
            },
            "ponderhit" => Command::PonderHit {
                draw: rest.iter().any(|t| t.eq_ignore_ascii_case("draw")),
            },
            "stop" => Command::Stop,
            "probe" => match parse_position_spec(rest) {
                Ok(spec) => Command::Probe(spec),
                Err(e) => Command::Invalid(format!("probe: {e}")),
            },
            "quit" | "exit" => Command::Quit,
            "ucinewgame" => Command::NewGame,
            "d" | "display" => Command::Display,
            "eval" => Command::Eval,
            "help" => Command::Help,
            "bench" => Command::Bench(rest.first().and_then(|t| number(t)).map(|v| v as i32)),
            _ => Command::Unknown(tokens.join(" ")),
        }
    }
}

/// Both `setoption` forms. UCI: `name <words> [value <words>]`; UCCI:
/// `<name> [<words>]`.
fn parse_setoption(rest: &[&str]) -> Command {
    if rest.is_empty() {
        return Command::Invalid("setoption: no option name".into());
    }
    if rest[0].eq_ignore_ascii_case("name") {
        let split = rest
            .iter()
            .position(|t| t.eq_ignore_ascii_case("value"))
            .unwrap_or(rest.len());
        let name = rest[1..split].join(" ");
        if name.is_empty() {
            return Command::Invalid("setoption: no option name".into());
        }
        let value = (split < rest.len()).then(|| rest[split + 1..].join(" "));
        Command::SetOption { name, value }
    } else {
        let name = rest[0].to_string();
        let value = (rest.len() > 1).then(|| rest[1..].join(" "));
        Command::SetOption { name, value }
    }
}

/// `{fen <FEN fields> | startpos} [moves m1 m2 ...]`.
fn parse_position_spec(tokens: &[&str]) -> Result<PositionSpec, String> {
    let Some(first) = tokens.first() else {
        return Err("expected 'fen <FEN>' or 'startpos'".into());
    };
    let moves_at = tokens
        .iter()
        .position(|t| t.eq_ignore_ascii_case("moves"))
        .unwrap_or(tokens.len());
    let moves = tokens
        .get(moves_at + 1..)
        .unwrap_or(&[])
        .iter()
        .map(|s| s.to_string())
        .collect();
    let fen = match first.to_ascii_lowercase().as_str() {
        "startpos" => {
            if moves_at > 1 {
                return Err(format!(
                    "unexpected '{}' after startpos",
                    tokens[1..moves_at].join(" ")
                ));
            }
            None
        }
        "fen" => {
            let fields = &tokens[1..moves_at];
            if fields.is_empty() {
                return Err("'fen' without a FEN".into());
            }
            Some(fields.join(" "))
        }
        other => {
            return Err(format!(
                "expected 'fen <FEN>' or 'startpos', found '{}'",
                other.escape_debug()
            ))
        }
    };
    Ok(PositionSpec {
        fen,
        moves,
        bare: false,
    })
}

/// A number, possibly fractional or negative; `None` if not a number.
fn number(token: &str) -> Option<f64> {
    token.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// The keywords of `go` (a `searchmoves` list ends at the next one).
const GO_KEYWORDS: &[&str] = &[
    "ponder",
    "draw",
    "infinite",
    "depth",
    "nodes",
    "time",
    "increment",
    "inc",
    "movestogo",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movetime",
    "mate",
    "perft",
    "searchmoves",
];

/// `go ...`: every keyword that takes a value must have a number after it,
/// and unknown words are refused, so a mangled `go` never turns into an
/// unbounded search. Negative numbers are clamped (a negative depth to 1,
/// times and counts to 0), fractions cut.
fn parse_go(rest: &[&str]) -> Result<GoParams, String> {
    let mut g = GoParams::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i].to_ascii_lowercase();
        i += 1;
        match key.as_str() {
            "ponder" => g.ponder = true,
            "draw" => g.draw = true,
            "infinite" => g.infinite = true,
            "searchmoves" => {
                let start = i;
                while i < rest.len()
                    && !GO_KEYWORDS.contains(&rest[i].to_ascii_lowercase().as_str())
                {
                    i += 1;
                }
                if i == start {
                    return Err("searchmoves without moves".into());
                }
                g.searchmoves = rest[start..i].iter().map(|s| s.to_string()).collect();
            }
            "depth"
                if rest
                    .get(i)
                    .is_some_and(|t| t.eq_ignore_ascii_case("infinite")) =>
            {
                g.infinite = true;
                i += 1;
            }
            k if GO_KEYWORDS.contains(&k) => {
                let v = rest
                    .get(i)
                    .and_then(|t| number(t))
                    .ok_or_else(|| match rest.get(i) {
                        Some(t) => format!("{k} needs a number, not '{}'", t.escape_debug()),
                        None => format!("{k} needs a number"),
                    })?;
                i += 1;
                let count = v.clamp(0.0, u64::MAX as f64) as u64;
                let time = v.max(0.0);
                let small = |c: u64| c.min(10_000) as u32;
                match k {
                    // a negative depth is clamped to 1 (a real search): a
                    // referee would score `nobestmove` as a resignation
                    "depth" => g.depth = Some(if v < 0.0 { 1 } else { v.min(1000.0) as i32 }),
                    "nodes" => g.nodes = Some(count),
                    "time" => g.time = Some(time),
                    "increment" | "inc" => g.increment = Some(time),
                    "movestogo" => g.movestogo = Some(small(count)),
                    "opptime" => g.opptime = Some(time),
                    "oppincrement" => g.oppincrement = Some(time),
                    "oppmovestogo" => g.oppmovestogo = Some(small(count)),
                    "wtime" => g.wtime = Some(time),
                    "btime" => g.btime = Some(time),
                    "winc" => g.winc = Some(time),
                    "binc" => g.binc = Some(time),
                    "movetime" => g.movetime = Some(time),
                    "mate" => g.mate = Some(small(count).max(1)),
                    _ => g.perft = Some(count.clamp(1, 12) as u32),
                }
            }
            other => return Err(format!("unknown go parameter '{}'", other.escape_debug())),
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setoption_both_forms() {
        assert_eq!(
            Command::parse("setoption name Hash value 128\r\n"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some("128".into())
            }
        );
        assert_eq!(
            Command::parse("  SETOPTION hashsize 16  "),
            Command::SetOption {
                name: "hashsize".into(),
                value: Some("16".into())
            }
        );
        assert_eq!(
            Command::parse("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
    }

    #[test]
    fn position_forms() {
        let c = Command::parse("position startpos moves h2e2 h9g7");
        assert_eq!(
            c,
            Command::Position(PositionSpec {
                fen: None,
                moves: vec!["h2e2".into(), "h9g7".into()],
                bare: false,
            })
        );
        let c = Command::parse("fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        assert!(matches!(
            c,
            Command::Position(PositionSpec {
                fen: Some(_),
                bare: true,
                ..
            })
        ));
        assert!(matches!(Command::parse("position"), Command::Invalid(_)));
        assert!(matches!(
            Command::parse("position moves h2e2"),
            Command::Invalid(_)
        ));
    }

    #[test]
    fn go_forms() {
        let Command::Go(g) = Command::parse("go ponder time 300 increment 2 opptime 200") else {
            panic!()
        };
        assert!(g.ponder);
        assert_eq!(g.time, Some(300.0));
        assert_eq!(g.increment, Some(2.0));
        assert_eq!(g.opptime, Some(200.0));
        let Command::Go(g) = Command::parse("go depth -3 nodes -5 wtime -10") else {
            panic!()
        };
        assert_eq!(g.depth, Some(1));
        assert_eq!(g.nodes, Some(0));
        assert_eq!(g.wtime, Some(0.0));
        for bad in [
            "go depth",
            "go nodes x",
            "go movetime ",
            "go depth notanumber",
            "go wtime 100 btime",
            "go frobnicate 3",
            "go searchmoves",
        ] {
            assert!(matches!(Command::parse(bad), Command::BadGo(_)), "{bad}");
        }
        let Command::Go(g) = Command::parse("go mate 2 searchmoves h2e2 b2e2 depth 5") else {
            panic!()
        };
        assert_eq!(g.mate, Some(2));
        assert_eq!(g.depth, Some(5));
        assert_eq!(g.searchmoves, ["h2e2", "b2e2"]);
        let Command::Go(g) = Command::parse("go depth infinite") else {
            panic!()
        };
        assert!(g.infinite);
        let Command::Go(g) = Command::parse("go perft 2") else {
            panic!()
        };
        assert_eq!(g.perft, Some(2));
    }
}
