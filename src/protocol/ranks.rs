//! How xiangqi coordinate moves number the ranks, and how the UCI loop
//! settles which numbering a GUI uses.
//!
//! UCCI, Pikafish's UCI and the "UCI-cyclone" form count ranks 0-9 from
//! Red's side (`h2e2`); Fairy-Stockfish's UCI counts them 1-10 (`h3e3`,
//! `a10a9`), and so do the GUIs built on it (docs/gui.md has the sources).
//! Files are `a`-`i` in both. Only the rank digits tell them apart, and
//! only sometimes: a rank `10` exists only in 1-10, a rank `0` only in 0-9;
//! a move list whose ranks are all 1-9 may be legal in one numbering only,
//! or (rarely, from a set-up position) in both.
//!
//! With the `Ranks` option on `auto` (the default) the UCI loop reads and
//! writes 0-9 until a GUI proves otherwise: a bare `fen`/`startpos`
//! command (UCI-cyclone) or a rank `0` settles 0-9, a rank `10` or a move
//! list that is illegal in 0-9 and legal in 1-10 settles 1-10. `0-9` and
//! `1-10` fix the numbering.

use crate::board::Move;

/// A rank numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ranks {
    /// 0-9 (UCCI, ICCS, Pikafish, UCI-cyclone): chuhe's own.
    FromZero,
    /// 1-10 (Fairy-Stockfish's UCI).
    FromOne,
}

impl Ranks {
    /// The numbering's name, as the `Ranks` option spells it.
    pub fn name(self) -> &'static str {
        match self {
            Ranks::FromZero => "0-9",
            Ranks::FromOne => "1-10",
        }
    }

    /// The ICCS text (ranks 0-9) of a move written in this numbering;
    /// `None` when `text` is not a coordinate move in it.
    pub fn to_iccs(self, text: &str) -> Option<String> {
        let (f1, r1, f2, r2) = split(text)?;
        let shift = match self {
            Ranks::FromZero => 0,
            Ranks::FromOne => 1,
        };
        let rank = |r: u32| r.checked_sub(shift).filter(|r| *r <= 9);
        Some(format!("{f1}{}{f2}{}", rank(r1)?, rank(r2)?))
    }

    /// `mv` written in this numbering.
    pub fn write(self, mv: Move) -> String {
        let iccs = mv.to_string();
        match self {
            Ranks::FromZero => iccs,
            Ranks::FromOne => match split(&iccs) {
                Some((f1, r1, f2, r2)) => format!("{f1}{}{f2}{}", r1 + 1, r2 + 1),
                None => iccs,
            },
        }
    }
}

/// `file rank file rank` of a coordinate move (ranks as written, one or
/// two digits; files `a`-`i`).
fn split(text: &str) -> Option<(char, u32, char, u32)> {
    let b = text.as_bytes();
    let file = |i: usize| {
        b.get(i)
            .filter(|c| (b'a'..=b'i').contains(&c.to_ascii_lowercase()))
            .map(|c| c.to_ascii_lowercase() as char)
    };
    let digits = |i: usize| b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    let f1 = file(0)?;
    let n1 = digits(1);
    let f2 = file(1 + n1)?;
    let n2 = digits(2 + n1);
    if !(1..=2).contains(&n1) || !(1..=2).contains(&n2) || 2 + n1 + n2 != b.len() {
        return None;
    }
    let r1 = text[1..1 + n1].parse().ok()?;
    let r2 = text[2 + n1..].parse().ok()?;
    Some((f1, r1, f2, r2))
}

/// What the rank digits of `moves` prove by themselves: a rank 10 only
/// exists in 1-10, a rank 0 only in 0-9 (`None`: neither, or both).
pub fn evidence<S: AsRef<str>>(moves: &[S]) -> Option<Ranks> {
    let (mut zero, mut ten) = (false, false);
    for m in moves {
        if let Some((_, r1, _, r2)) = split(m.as_ref()) {
            zero |= r1 == 0 || r2 == 0;
            ten |= r1 == 10 || r2 == 10;
        }
    }
    match (zero, ten) {
        (true, false) => Some(Ranks::FromZero),
        (false, true) => Some(Ranks::FromOne),
        _ => None,
    }
}

/// One way to read a position command's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The numbering assumed.
    pub ranks: Ranks,
    /// The moves in ICCS (ranks 0-9).
    pub moves: Vec<String>,
    /// Whether this reading, if legal, settles the numbering (`auto`).
    pub settles: bool,
}

/// The UCI loop's numbering: the `Ranks` option and what `auto` learnt.
#[derive(Clone, Debug, Default)]
pub struct RankState {
    /// `None`: `auto`.
    fixed: Option<Ranks>,
    /// What `auto` settled on.
    learnt: Option<Ranks>,
}

impl RankState {
    /// Applies the `Ranks` option's value (`auto`, `0-9`, `1-10`).
    pub fn set_option(&mut self, value: &str) {
        self.fixed = match value {
            "0-9" => Some(Ranks::FromZero),
            "1-10" => Some(Ranks::FromOne),
            _ => None,
        };
    }

    /// Forgets what `auto` learnt (a new `uci` session).
    pub fn forget(&mut self) {
        self.learnt = None;
    }

    /// The numbering moves are read and written in now.
    pub fn current(&self) -> Ranks {
        self.fixed.or(self.learnt).unwrap_or(Ranks::FromZero)
    }

    /// Whether the numbering is still open (`auto`, nothing learnt).
    pub fn open(&self) -> bool {
        self.fixed.is_none() && self.learnt.is_none()
    }

    /// The readings of a position command's `moves` to try, in order;
    /// `bare` is a `fen`/`startpos` command without `position`
    /// (UCI-cyclone, which counts ranks 0-9). Moves that are not
    /// coordinate moves in a numbering pass through as written, so that
    /// the position's own error names them.
    pub fn readings(&self, moves: &[String], bare: bool) -> Vec<Reading> {
        let read = |ranks: Ranks, settles: bool| Reading {
            ranks,
            moves: moves
                .iter()
                .map(|m| ranks.to_iccs(m).unwrap_or_else(|| m.clone()))
                .collect(),
            settles,
        };
        if !self.open() {
            return vec![read(self.current(), false)];
        }
        if bare {
            return vec![read(Ranks::FromZero, true)];
        }
        match evidence(moves) {
            Some(r) => vec![read(r, true)],
            // 0-9 first without settling anything (a list legal in both
            // numberings proves nothing); 1-10 only when 0-9 was illegal
            None if moves.is_empty() => vec![read(Ranks::FromZero, false)],
            None => vec![read(Ranks::FromZero, false), read(Ranks::FromOne, true)],
        }
    }

    /// A reading was legal: settle on it if it proves the numbering.
    /// Returns a note for the GUI when the numbering changed.
    pub fn adopt(&mut self, reading: &Reading) -> Option<String> {
        if !(reading.settles && self.open()) {
            return None;
        }
        self.learnt = Some(reading.ranks);
        (reading.ranks == Ranks::FromOne).then(|| {
            "moves read and written with ranks 1-10 (Fairy-Stockfish's UCI notation) \
             from now on; setoption name Ranks value 0-9 or 1-10 fixes it"
                .to_string()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(Ranks::FromOne.to_iccs("h3e3").as_deref(), Some("h2e2"));
        assert_eq!(Ranks::FromOne.to_iccs("a10a9").as_deref(), Some("a9a8"));
        assert_eq!(Ranks::FromOne.to_iccs("a0a1"), None);
        assert_eq!(Ranks::FromZero.to_iccs("a10a9"), None);
        assert_eq!(Ranks::FromZero.to_iccs("h2e2").as_deref(), Some("h2e2"));
        for bad in ["", "h2", "j2e2", "h2e", "h123e2", "h2e2q", "(none)", "0000"] {
            assert_eq!(Ranks::FromOne.to_iccs(bad), None, "{bad}");
        }
        let m = Move::from_iccs("a9a8").unwrap();
        assert_eq!(Ranks::FromOne.write(m), "a10a9");
        assert_eq!(Ranks::FromZero.write(m), "a9a8");
    }

    #[test]
    fn digits_prove_only_ten_and_zero() {
        assert_eq!(evidence(&["h3e3", "h10g8"]), Some(Ranks::FromOne));
        assert_eq!(evidence(&["h2e2", "h9g7"]), None);
        assert_eq!(evidence(&["h2e2", "b0c2"]), Some(Ranks::FromZero));
        assert_eq!(evidence(&["h3e3", "b8e8"]), None);
        assert_eq!(evidence(&["a0a1", "a10a9"]), None);
    }

    #[test]
    fn auto_settles_only_on_proof() {
        let mut s = RankState::default();
        let moves = |v: &[&str]| v.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        // ambiguous digits: 0-9 first, settling nothing
        let r = s.readings(&moves(&["c3c4"]), false);
        assert_eq!(r.len(), 2);
        assert_eq!(s.adopt(&r[0]), None);
        assert!(s.open());
        // 1-10 after 0-9 failed settles
        assert!(s.adopt(&r[1]).is_some());
        assert_eq!(s.current(), Ranks::FromOne);
        // settled: one reading only
        assert_eq!(s.readings(&moves(&["c1e3"]), false)[0].moves, ["c0e2"]);
        s.forget();
        // a bare fen command is UCI-cyclone: 0-9
        let r = s.readings(&moves(&["h3e3"]), true);
        assert_eq!(r.len(), 1);
        s.adopt(&r[0]);
        assert_eq!(s.current(), Ranks::FromZero);
        assert!(!s.open());
        // a fixed option wins over what was learnt
        s.set_option("1-10");
        assert_eq!(s.current(), Ranks::FromOne);
        s.set_option("auto");
        assert_eq!(s.current(), Ranks::FromZero);
    }
}
