//! The protocol front end: UCCI and xiangqi UCI on a line stream.
//!
//! A reader thread turns input lines into [`Command`]s (parsed once) and
//! sends them down a channel; the [`controller::Controller`] drives the
//! engine facade ([`crate::engine::Engine`]: position, searcher, book,
//! options), whose searches run on their own thread, so `stop`,
//! `ponderhit`, `isready` and `quit` are heard while it thinks.
//! All output goes through the [`printer::Printer`]; logs go to stderr.

pub mod command;
pub mod controller;
pub mod lines;
pub mod printer;
pub mod ranks;

pub use crate::engine::options::{self, EngineOptions, OptionKind, OptionSpec, SetOutcome};
pub use command::{Command, GoParams, PositionSpec};
pub use controller::Controller;
pub use printer::Printer;

use std::io::{BufRead, Write};

/// The answer to `help` (one `info string` per line).
pub const HELP: &str = "\
chuhe speaks UCCI or xiangqi UCI; the first ucci/uci picks the replies' dialect.
  ucci | uci                      handshake: ids, options, ucciok/uciok
  isready                         readyok (also during a search)
  setoption <name> [<value>]      UCCI form; UCI: setoption name <N> [value <V>]
  position {startpos|fen <FEN>} [moves m1 m2 ...]
  banmoves m1 m2 ...              root moves the next searches must avoid
  go [ponder|draw] depth N | nodes N | time T [increment I|movestogo M] | movetime MS | infinite
  go wtime W btime B [winc I binc I movestogo M] | mate N | searchmoves m1 m2 ...
  ponderhit [draw] | stop         end pondering / end the search (bestmove follows)
  probe {startpos|fen <FEN>} [moves ...]   what the hash table knows (pophash)
  ucinewgame                      forget the hash table and history
  quit                            answers a running search, then bye
debugging: d (board, FEN, key), eval, go perft N, go depth 0 (static eval), bench [depth], help";
use std::sync::mpsc;

/// Which protocol the GUI speaks (chosen by its first `ucci` or `uci`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCCI (the default until a handshake says otherwise).
    Ucci,
    /// Xiangqi UCI.
    Uci,
}

/// What reaches the controller.
pub enum Event {
    /// A parsed input line.
    Input(Command),
    /// The input ended (treated as `quit` without `bye`).
    Eof,
    /// The search thread finished with this result.
    Done(crate::search::SearchResult),
}

/// Speaks the protocol on `input`/`output` until `quit` or the end of the
/// input. Any line, however malformed, is survived.
pub fn run(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    run_with_options(input, output, EngineOptions::default());
}

/// [`run`] starting from `options` instead of the defaults (the handshake
/// still advertises the defaults).
pub fn run_with_options(
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
    options: EngineOptions,
) {
    let (tx, rx) = mpsc::channel();
    let reader_tx = tx.clone();
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || read_lines(input, reader_tx))
        .expect("spawn the input thread");
    let mut controller = Controller::with_options(Box::new(output), tx, options);
    controller.run(rx);
}

/// The reader thread: lines read lossily ([`lines::read_line_lossy`]),
/// parsed.
fn read_lines(mut input: impl BufRead, tx: mpsc::Sender<Event>) {
    let mut buf = Vec::new();
    loop {
        match lines::read_line_lossy(&mut input, &mut buf) {
            Ok(None) => break,
            Ok(Some(line)) => {
                log::debug!("< {}", line.trim_end());
                if tx.send(Event::Input(Command::parse(&line))).is_err() {
                    return;
                }
            }
            Err(e) => {
                log::warn!("input error: {e}");
                break;
            }
        }
    }
    let _ = tx.send(Event::Eof);
}
