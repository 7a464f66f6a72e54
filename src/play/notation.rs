//! Move notations a player types or reads: ICCS (`h2e2`, `h2-e2`),
//! traditional Chinese notation (`炮二平五`, `马8进7`, `前马进七`, simplified
//! or traditional characters, Arabic or Chinese numerals for either side)
//! and WXF (`C2=5`, `H8+7`, `+C+1`).
//!
//! # Chinese notation
//! Four characters: the piece, its file, the action and a number.
//! - Files are counted by each side from its own right: Red's 一…九 run from
//!   file `i` to file `a`, Black's 1…9 from file `a` to file `i`.
//! - Actions: 进 (forward), 退 (back), 平 (sideways). For the straight
//!   movers (rook, cannon, pawn, king) the number after 进/退 counts ranks;
//!   for the diagonal movers (horse, elephant, advisor) it is the
//!   destination file. After 平 it is always the destination file.
//! - Two identical pieces on one file: 前 (the one further forward for its
//!   side) or 后 replaces the file and comes first: `前马进七`. Three or more
//!   pawns on a file: 前/中/后, or 一二三四五 counted from the front. When
//!   pawns are doubled on more than one file, the file follows the prefix
//!   and the piece is left out: `前七平六`.
//!
//! WXF uses the letters K A E(B) H(N) R C P, `+` `-` `=` (or `.`) for the
//! actions, and `+`/`-` before the letter for tandem pieces (`+C+1`).

use super::refusal::why_illegal;
use crate::board::{Colour, Move, PieceKind, Position, Square};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// An action: forward, back or sideways.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Action {
    Forward,
    Back,
    Sideways,
}

/// Which piece of a kind the notation names.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Selector {
    /// The piece(s) on this side-relative file number (1..=9).
    File(u8),
    /// A piece among several on one file, counted from the front.
    Place { place: Place, file: Option<u8> },
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Place {
    Front,
    Middle,
    Rear,
    /// 1-based ordinal from the front.
    Nth(u8),
}

/// A parsed but not yet resolved traditional or WXF move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Notated {
    kind: PieceKind,
    selector: Selector,
    action: Action,
    number: u8,
}

/// The side-relative file number (1..=9) of board file `file` (0 = `a`).
pub fn file_number(colour: Colour, file: u8) -> u8 {
    match colour {
        Colour::Red => 9 - file,
        Colour::Black => file + 1,
    }
}

/// The board file (0 = `a`) of side-relative file number `n` (1..=9).
fn board_file(colour: Colour, n: u8) -> u8 {
    match colour {
        Colour::Red => 9 - n,
        Colour::Black => n - 1,
    }
}

/// A file number as the side writes it: Chinese numerals for Red, Arabic
/// for Black.
pub fn numeral(colour: Colour, n: u8) -> String {
    match colour {
        Colour::Red => RED_NUMERALS[(n as usize).clamp(1, 9) - 1].to_string(),
        Colour::Black => n.to_string(),
    }
}

/// The simplified character used in notation for a piece of `colour`.
pub fn piece_char(colour: Colour, kind: PieceKind) -> char {
    match (colour, kind) {
        (Colour::Red, PieceKind::King) => '帅',
        (Colour::Black, PieceKind::King) => '将',
        (Colour::Red, PieceKind::Advisor) => '仕',
        (Colour::Black, PieceKind::Advisor) => '士',
        (Colour::Red, PieceKind::Bishop) => '相',
        (Colour::Black, PieceKind::Bishop) => '象',
        (_, PieceKind::Knight) => '马',
        (_, PieceKind::Rook) => '车',
        (_, PieceKind::Cannon) => '炮',
        (Colour::Red, PieceKind::Pawn) => '兵',
        (Colour::Black, PieceKind::Pawn) => '卒',
    }
}

fn wxf_letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Bishop => 'E',
        PieceKind::Knight => 'H',
        PieceKind::Rook => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Pawn => 'P',
    }
}

fn kind_of_char(c: char) -> Option<PieceKind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' | 'K' | 'k' => PieceKind::King,
        '仕' | '士' | 'A' | 'a' => PieceKind::Advisor,
        '相' | '象' | 'B' | 'b' | 'E' | 'e' => PieceKind::Bishop,
        '马' | '馬' | '傌' | '玛' | 'H' | 'h' | 'N' | 'n' => PieceKind::Knight,
        '车' | '車' | '俥' | '伡' | 'R' | 'r' => PieceKind::Rook,
        '炮' | '砲' | '包' | 'C' | 'c' => PieceKind::Cannon,
        '兵' | '卒' | 'P' | 'p' => PieceKind::Pawn,
        _ => return None,
    })
}

fn number_of_char(c: char) -> Option<u8> {
    if let Some(i) = RED_NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '１' as u32) as u8 + 1),
        _ => None,
    }
}

fn action_of_char(c: char) -> Option<Action> {
    match c {
        '进' | '進' | '+' => Some(Action::Forward),
        '退' | '-' => Some(Action::Back),
        '平' | '=' | '.' => Some(Action::Sideways),
        _ => None,
    }
}

/// A tandem prefix: 前/中/后 or + / -. (Numerals are handled by position.)
fn place_of_char(c: char) -> Option<Place> {
    match c {
        '前' | '+' => Some(Place::Front),
        '中' => Some(Place::Middle),
        '后' | '後' | '-' => Some(Place::Rear),
        _ => None,
    }
}

fn is_diagonal(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Knight | PieceKind::Bishop | PieceKind::Advisor
    )
}

/// Reads the shape of a Chinese or WXF move; `None` if it is neither.
fn parse_shape(text: &str) -> Option<Notated> {
    let c: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let tail = |i: usize| -> Option<(Action, u8)> {
        if c.len() != i + 2 {
            return None;
        }
        Some((action_of_char(c[i])?, number_of_char(c[i + 1])?))
    };
    let place_or_nth = |ch: char| place_of_char(ch).or_else(|| number_of_char(ch).map(Place::Nth));
    let build = |kind, selector, (action, number)| {
        Some(Notated {
            kind,
            selector,
            action,
            number,
        })
    };
    if c.len() < 4 {
        return None;
    }
    if let Some(kind) = kind_of_char(c[0]) {
        // piece first: 炮二平五 / C2=5, or 马前进七 / C+=5
        if let Some(n) = number_of_char(c[1]) {
            return build(kind, Selector::File(n), tail(2)?);
        }
        let place = place_of_char(c[1])?;
        return build(kind, Selector::Place { place, file: None }, tail(2)?);
    }
    let place = place_or_nth(c[0])?;
    if let Some(kind) = kind_of_char(c[1]) {
        // 前马进七 / +C=5 / 前兵七平六 / 2P7=6
        if c.len() == 5 {
            let file = number_of_char(c[2])?;
            return build(
                kind,
                Selector::Place {
                    place,
                    file: Some(file),
                },
                tail(3)?,
            );
        }
        return build(kind, Selector::Place { place, file: None }, tail(2)?);
    }
    // 前七平六: pawns doubled on several files, the piece left out
    let file = number_of_char(c[1])?;
    build(
        PieceKind::Pawn,
        Selector::Place {
            place,
            file: Some(file),
        },
        tail(2)?,
    )
}

/// Whether `text` looks like an ICCS move (`h2e2`, `H2-E2`).
fn looks_iccs(text: &str) -> bool {
    let t: Vec<u8> = text.trim().bytes().filter(|&b| b != b'-').collect();
    t.len() == 4
        && matches!(t[0].to_ascii_lowercase(), b'a'..=b'i')
        && t[1].is_ascii_digit()
        && matches!(t[2].to_ascii_lowercase(), b'a'..=b'i')
        && t[3].is_ascii_digit()
}

/// How far forward `sq` is for `colour` (higher is further).
fn advance(colour: Colour, sq: Square) -> u8 {
    match colour {
        Colour::Red => sq.rank(),
        Colour::Black => 9 - sq.rank(),
    }
}

/// The pieces of `colour` and `kind` on board file `file`, front first.
fn on_file(pos: &Position, colour: Colour, kind: PieceKind, file: u8) -> Vec<Square> {
    let mut v: Vec<Square> = pos
        .squares_of(colour, kind)
        .filter(|s| s.file() == file)
        .collect();
    v.sort_by_key(|&s| std::cmp::Reverse(advance(colour, s)));
    v
}

/// Board files holding two or more pieces of `colour` and `kind`.
fn tandem_files(pos: &Position, colour: Colour, kind: PieceKind) -> Vec<u8> {
    (0..9)
        .filter(|&f| on_file(pos, colour, kind, f).len() >= 2)
        .collect()
}

fn kind_name(kind: PieceKind) -> &'static str {
    kind.name()
}

fn plural(kind: PieceKind) -> String {
    match kind {
        PieceKind::Rook => "rooks".into(),
        k => format!("{}s", k.name()),
    }
}

/// The destination of the piece on `from` under `action` and `number`, if
/// the notation makes geometric sense.
fn destination(
    colour: Colour,
    kind: PieceKind,
    from: Square,
    action: Action,
    number: u8,
) -> Option<Square> {
    let fwd: i8 = if colour == Colour::Red { 1 } else { -1 };
    if !(1..=9).contains(&number) {
        return None;
    }
    match action {
        Action::Sideways => {
            if is_diagonal(kind) {
                return None;
            }
            let f = board_file(colour, number);
            if f == from.file() {
                return None;
            }
            Some(Square::new(f, from.rank()))
        }
        Action::Forward | Action::Back => {
            let dir = if action == Action::Forward { fwd } else { -fwd };
            if is_diagonal(kind) {
                let f = board_file(colour, number) as i8;
                let df = f - from.file() as i8;
                let dr = match (kind, df.abs()) {
                    (PieceKind::Knight, 1) => 2,
                    (PieceKind::Knight, 2) => 1,
                    (PieceKind::Advisor, 1) => 1,
                    (PieceKind::Bishop, 2) => 2,
                    _ => return None,
                };
                from.offset(df, dr * dir)
            } else {
                from.offset(0, number as i8 * dir)
            }
        }
    }
}

/// Parses a move typed by a player in ICCS, Chinese or WXF notation and
/// checks it is legal in `pos`. The error explains what is wrong, e.g.
/// "炮二平五: no red cannon on file 二".
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    if looks_iccs(text) {
        let mv = Move::from_iccs(text).map_err(|e| e.to_string())?;
        return check_iccs(pos, text, mv);
    }
    let shape = parse_shape(text).ok_or_else(|| {
        format!(
            "'{text}' is not a move: type ICCS (h2e2), Chinese (炮二平五, 马8进7) or WXF (C2=5), or 'help'"
        )
    })?;
    resolve(pos, text, shape)
}

fn check_iccs(pos: &Position, text: &str, mv: Move) -> Result<Move, String> {
    let side = pos.side_to_move();
    match pos.piece_at(mv.from()) {
        None => Err(format!("{text}: there is no piece on {}", mv.from())),
        Some(p) if p.colour() != side => Err(format!(
            "{text}: the {} on {} is {}'s; {side} is to move",
            p.kind().name(),
            mv.from(),
            p.colour()
        )),
        Some(_) if pos.is_legal(mv) => Ok(mv),
        Some(_) => Err(format!("{text}: {}", why_illegal(pos, mv))),
    }
}

fn place_name(place: Place) -> String {
    match place {
        Place::Front => "前".into(),
        Place::Middle => "中".into(),
        Place::Rear => "后".into(),
        Place::Nth(n) => numeral(Colour::Red, n),
    }
}

fn resolve(pos: &Position, text: &str, n: Notated) -> Result<Move, String> {
    let side = pos.side_to_move();
    let kind = n.kind;
    let name = kind_name(kind);
    // the candidate pieces
    let pieces: Vec<Square> = match n.selector {
        Selector::File(num) => {
            let f = board_file(side, num);
            let v = on_file(pos, side, kind, f);
            if v.is_empty() {
                return Err(format!(
                    "{text}: no {side} {name} on file {}",
                    numeral(side, num)
                ));
            }
            v
        }
        Selector::Place { place, file } => {
            let f = match file {
                Some(num) => board_file(side, num),
                None => {
                    let files = tandem_files(pos, side, kind);
                    match files.len() {
                        0 => {
                            return Err(format!(
                                "{text}: no two {side} {} share a file; name the piece by its file instead",
                                plural(kind)
                            ))
                        }
                        1 => files[0],
                        _ => {
                            let list: Vec<String> = files
                                .iter()
                                .map(|&f| numeral(side, file_number(side, f)))
                                .collect();
                            return Err(format!(
                                "{text}: ambiguous: {side} {} are doubled on files {}; add the file after {} (e.g. {}{}...)",
                                plural(kind),
                                list.join(" and "),
                                place_name(place),
                                place_name(place),
                                list[0]
                            ));
                        }
                    }
                }
            };
            let v = on_file(pos, side, kind, f);
            if v.len() < 2 {
                return Err(format!(
                    "{text}: there are not two {side} {} on file {}",
                    plural(kind),
                    numeral(side, file_number(side, f))
                ));
            }
            let idx = match place {
                Place::Front => 0,
                Place::Rear => v.len() - 1,
                Place::Middle if v.len() == 3 => 1,
                Place::Middle => {
                    return Err(format!(
                        "{text}: 中 needs exactly three {side} {} on the file (there are {})",
                        plural(kind),
                        v.len()
                    ))
                }
                Place::Nth(k) if (k as usize) >= 1 && (k as usize) <= v.len() => k as usize - 1,
                Place::Nth(k) => {
                    return Err(format!(
                        "{text}: there are only {} {side} {} on the file, not {k}",
                        v.len(),
                        plural(kind)
                    ))
                }
            };
            vec![v[idx]]
        }
    };
    // where each would go
    let mut geometric: Vec<Move> = Vec::new();
    for &from in &pieces {
        if let Some(to) = destination(side, kind, from, n.action, n.number) {
            geometric.push(Move::new(from, to));
        }
    }
    if geometric.is_empty() {
        let what = if n.action == Action::Sideways && is_diagonal(kind) {
            format!("a {name} cannot move sideways (平); it moves diagonally")
        } else {
            format!("the {side} {name} cannot move that way")
        };
        return Err(format!("{text}: {what}"));
    }
    let legal: Vec<Move> = geometric
        .iter()
        .copied()
        .filter(|&m| pos.is_legal(m))
        .collect();
    match legal.len() {
        1 => Ok(legal[0]),
        0 => {
            // the reason of the one candidate, or of one that breaks only
            // the check rules; else every candidate's
            let pseudo = geometric.iter().find(|&&m| pos.is_pseudo_legal(m));
            match (geometric.as_slice(), pseudo) {
                ([m], _) | (_, Some(m)) => Err(format!("{text}: {}", why_illegal(pos, *m))),
                _ => {
                    let reasons: Vec<String> =
                        geometric.iter().map(|&m| why_illegal(pos, m)).collect();
                    Err(format!(
                        "{text}: no {side} {name} can move that way ({})",
                        reasons.join("; ")
                    ))
                }
            }
        }
        _ => {
            let list: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
            let dests: Vec<String> = legal.iter().map(|m| m.to().to_string()).collect();
            Err(format!(
                "{text}: ambiguous: {} {side} {} on that file can do it (reaching {}: {}); use 前/后 (e.g. 前{}...)",
                if legal.len() == 2 { "two" } else { "several" },
                plural(kind),
                dests.join(" / "),
                list.join(", "),
                piece_char(side, kind)
            ))
        }
    }
}

/// The parts of a move in traditional notation.
struct Parts {
    colour: Colour,
    kind: PieceKind,
    /// Side-relative file of the origin.
    file: u8,
    /// Front-first index among the pieces on the origin file, and their
    /// count.
    index: usize,
    count: usize,
    /// Whether another file also holds two or more of these pieces.
    other_tandem: bool,
    action: Action,
    number: u8,
}

fn parts(pos: &Position, mv: Move) -> Option<Parts> {
    let piece = pos.piece_at(mv.from())?;
    let (colour, kind) = (piece.colour(), piece.kind());
    let (from, to) = (mv.from(), mv.to());
    let on = on_file(pos, colour, kind, from.file());
    let index = on.iter().position(|&s| s == from)?;
    let other_tandem = tandem_files(pos, colour, kind)
        .into_iter()
        .any(|f| f != from.file());
    let gain = advance(colour, to) as i8 - advance(colour, from) as i8;
    let action = match gain {
        0 => Action::Sideways,
        g if g > 0 => Action::Forward,
        _ => Action::Back,
    };
    let number = if action == Action::Sideways || is_diagonal(kind) {
        file_number(colour, to.file())
    } else {
        gain.unsigned_abs()
    };
    Some(Parts {
        colour,
        kind,
        file: file_number(colour, from.file()),
        index,
        count: on.len(),
        other_tandem,
        action,
        number,
    })
}

fn chinese_place(index: usize, count: usize) -> String {
    match (count, index) {
        (2, 0) | (3, 0) => "前".into(),
        (2, _) | (3, 2) => "后".into(),
        (3, _) => "中".into(),
        _ => RED_NUMERALS[index].to_string(),
    }
}

fn wxf_place(index: usize, count: usize) -> String {
    match (count, index) {
        (2, 0) => "+".into(),
        (2, _) => "-".into(),
        _ => (index + 1).to_string(),
    }
}

/// The move in traditional Chinese notation (simplified characters; Red's
/// numbers in Chinese numerals, Black's in Arabic): `炮二平五`, `马8进7`,
/// `前车进一`. `mv` must be a move of a piece of the side on its square.
pub fn to_chinese(pos: &Position, mv: Move) -> String {
    let Some(p) = parts(pos, mv) else {
        return mv.to_string();
    };
    let action = match p.action {
        Action::Forward => '进',
        Action::Back => '退',
        Action::Sideways => '平',
    };
    let pc = piece_char(p.colour, p.kind);
    let num = numeral(p.colour, p.number);
    let by_file = format!("{pc}{}{action}{num}", numeral(p.colour, p.file));
    // advisors and elephants on one file never need 前/后: the direction
    // tells them apart
    if p.count < 2
        || (is_diagonal(p.kind) && p.kind != PieceKind::Knight && unique(pos, mv, &by_file))
    {
        return by_file;
    }
    let place = chinese_place(p.index, p.count);
    if p.kind == PieceKind::Pawn && p.other_tandem {
        format!("{place}{}{action}{num}", numeral(p.colour, p.file))
    } else {
        format!("{place}{pc}{action}{num}")
    }
}

/// The move in WXF notation: `C2=5`, `H8+7`, `+R+1`.
pub fn to_wxf(pos: &Position, mv: Move) -> String {
    let Some(p) = parts(pos, mv) else {
        return mv.to_string();
    };
    let action = match p.action {
        Action::Forward => '+',
        Action::Back => '-',
        Action::Sideways => '=',
    };
    let letter = wxf_letter(p.kind);
    let by_file = format!("{letter}{}{action}{}", p.file, p.number);
    if p.count < 2
        || (is_diagonal(p.kind) && p.kind != PieceKind::Knight && unique(pos, mv, &by_file))
    {
        return by_file;
    }
    let place = wxf_place(p.index, p.count);
    if p.kind == PieceKind::Pawn && p.other_tandem {
        format!("{place}{letter}{}{action}{}", p.file, p.number)
    } else {
        format!("{place}{letter}{action}{}", p.number)
    }
}

fn unique(pos: &Position, mv: Move, text: &str) -> bool {
    parse_move(pos, text) == Ok(mv)
}

/// The moves of `line` from `pos` in Chinese notation, as far as they are
/// legal.
pub fn line_to_chinese(pos: &Position, line: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in line {
        if !p.is_legal(m) {
            break;
        }
        out.push(to_chinese(&p, m));
        p.make_move(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::startpos()
    }

    #[test]
    fn basic_notations() {
        let mut p = start();
        let c2 = Move::from_iccs("h2e2").unwrap();
        assert_eq!(parse_move(&p, "炮二平五"), Ok(c2));
        assert_eq!(parse_move(&p, "砲二平五"), Ok(c2));
        assert_eq!(parse_move(&p, "炮2平5"), Ok(c2));
        assert_eq!(parse_move(&p, "C2=5"), Ok(c2));
        assert_eq!(parse_move(&p, "c2.5"), Ok(c2));
        assert_eq!(parse_move(&p, "h2-e2"), Ok(c2));
        assert_eq!(to_chinese(&p, c2), "炮二平五");
        assert_eq!(to_wxf(&p, c2), "C2=5");
        p.make_move(c2);
        let h = Move::from_iccs("h9g7").unwrap();
        assert_eq!(parse_move(&p, "马8进7"), Ok(h));
        assert_eq!(parse_move(&p, "馬8進7"), Ok(h));
        assert_eq!(parse_move(&p, "马八进七"), Ok(h));
        assert_eq!(parse_move(&p, "H8+7"), Ok(h));
        assert_eq!(to_chinese(&p, h), "马8进7");
        assert_eq!(to_wxf(&p, h), "H8+7");
    }

    #[test]
    fn errors_explained() {
        let p = start();
        let e = parse_move(&p, "炮五平四").unwrap_err();
        assert!(e.contains("no red cannon on file 五"), "{e}");
        let e = parse_move(&p, "马二平三").unwrap_err();
        assert!(e.contains("sideways"), "{e}");
        let e = parse_move(&p, "e0e2").unwrap_err();
        assert!(e.contains("cannot go to e2"), "{e}");
        // issue 75: the cannon's own file-mate on the target point is named
        let e = parse_move(&p, "炮八平二").unwrap_err();
        assert!(e.contains("your own cannon stands on h2"), "{e}");
    }

    #[test]
    fn tandem() {
        // red horses on h0 and h2
        let p = Position::from_fen("3k5/9/9/9/9/9/9/7N1/9/4K2N1 w - - 0 1").unwrap();
        let e = parse_move(&p, "马二进三").unwrap_err();
        assert!(e.contains("ambiguous") && e.contains("前/后"), "{e}");
        assert_eq!(
            parse_move(&p, "前马进三"),
            Ok(Move::from_iccs("h2g4").unwrap())
        );
        assert_eq!(
            parse_move(&p, "后马进三"),
            Ok(Move::from_iccs("h0g2").unwrap())
        );
        assert_eq!(parse_move(&p, "+H+3"), Ok(Move::from_iccs("h2g4").unwrap()));
        assert_eq!(parse_move(&p, "H-+3"), Ok(Move::from_iccs("h0g2").unwrap()));
        assert_eq!(to_chinese(&p, Move::from_iccs("h2g4").unwrap()), "前马进三");
        assert_eq!(to_wxf(&p, Move::from_iccs("h0g2").unwrap()), "-H+3");
        // rooks on a file: R1+1 style and tandem
        let p = Position::from_fen("3k5/9/9/9/9/9/9/8R/9/4K3R w - - 0 1").unwrap();
        assert_eq!(
            parse_move(&p, "前车进一"),
            Ok(Move::from_iccs("i2i3").unwrap())
        );
        assert_eq!(
            parse_move(&p, "后車进一"),
            Ok(Move::from_iccs("i0i1").unwrap())
        );
        assert_eq!(parse_move(&p, "+R+1"), Ok(Move::from_iccs("i2i3").unwrap()));
        // three pawns on a file, black
        let p = Position::from_fen("4k4/9/9/9/2p6/2p6/2p6/9/9/3K5 b - - 0 1").unwrap();
        assert_eq!(
            parse_move(&p, "前卒平4"),
            Ok(Move::from_iccs("c3d3").unwrap())
        );
        assert_eq!(
            parse_move(&p, "中卒平4"),
            Ok(Move::from_iccs("c4d4").unwrap())
        );
        assert!(parse_move(&p, "后卒平4").is_err());
        assert!(parse_move(&p, "后卒进1").is_err());
        assert_eq!(to_chinese(&p, Move::from_iccs("c4d4").unwrap()), "中卒平4");
    }
}
