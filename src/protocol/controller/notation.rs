//! The controller's side of the rank numbering (see
//! [`crate::protocol::ranks`]): reading a `position` command's moves and
//! single moves (`banmoves`, `searchmoves`) as the GUI wrote them.

use super::super::command::PositionSpec;
use super::super::ranks::Ranks;
use super::super::Dialect;
use super::Controller;
use crate::board::Move;

impl Controller {
    /// `position`: in UCI the moves may count ranks 1-10 (see
    /// [`super::ranks`]); the first legal reading is taken.
    pub(super) fn position(&mut self, spec: &PositionSpec) {
        let readings = match self.out().dialect {
            Dialect::Ucci => Vec::new(),
            Dialect::Uci => self.ranks.readings(&spec.moves, spec.bare),
        };
        if readings.is_empty() {
            if let Err(e) = self.engine.set_position(spec.fen.as_deref(), &spec.moves) {
                self.out().info_string(&e.to_string());
            }
            return;
        }
        let mut first_error = None;
        for reading in &readings {
            match self
                .engine
                .set_position(spec.fen.as_deref(), &reading.moves)
            {
                Ok(()) => {
                    let note = self.ranks.adopt(reading);
                    let ranks = self.ranks.current();
                    let mut out = self.out();
                    out.ranks = ranks;
                    if let Some(n) = note {
                        out.info_string(&n);
                    }
                    return;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if let Some(e) = first_error {
            let note = match self.ranks.current() {
                Ranks::FromZero => String::new(),
                // the error shows the moves converted to ICCS
                Ranks::FromOne => " (moves read with ranks 1-10, shown in ICCS: ranks 0-9)".into(),
            };
            self.out().info_string(&format!("{e}{note}"));
        }
    }

    /// A move as the GUI wrote it, in ICCS (UCI may count ranks 1-10).
    pub(super) fn read_move(&self, text: &str) -> Result<Move, String> {
        let iccs = match self.out().dialect {
            Dialect::Ucci => None,
            Dialect::Uci => self.ranks.current().to_iccs(text),
        };
        Move::from_iccs(iccs.as_deref().unwrap_or(text)).map_err(|e| e.to_string())
    }
}
