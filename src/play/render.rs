//! The board as text for a terminal: Chinese piece names (two columns
//! wide each), the river, the palaces' diagonals, both file numberings
//! (Black's 1…9 at its edge, Red's 九…一 at its edge, the ICCS letters and
//! ranks), ANSI colours and the last move in reverse video.

use crate::board::{Colour, Move, Position, Square};

/// ANSI: red foreground.
const RED: &str = "\x1b[1;31m";
/// ANSI: bold (black pieces keep the terminal's colour).
const BOLD: &str = "\x1b[1m";
/// ANSI: reverse video (last move).
const REVERSE: &str = "\x1b[7m";
/// ANSI: dim (grid).
const DIM: &str = "\x1b[2m";
/// ANSI: reset.
const RESET: &str = "\x1b[0m";

/// How to draw the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct RenderOptions {
    /// Use ANSI colours and attributes.
    pub colour: bool,
    /// Black at the bottom.
    pub flipped: bool,
    /// The move to highlight.
    pub last: Option<Move>,
}

/// Display columns of `c`: 2 for East Asian wide and full-width characters.
pub fn char_width(c: char) -> usize {
    let u = c as u32;
    let wide = matches!(u,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6);
    if wide {
        2
    } else {
        1
    }
}

/// Display columns of `s`, ANSI escape sequences not counted.
pub fn display_width(s: &str) -> usize {
    let mut w = 0;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ ... final byte in @..~
            for d in chars.by_ref() {
                if ('@'..='~').contains(&d) && d != '[' {
                    break;
                }
            }
            continue;
        }
        w += char_width(c);
    }
    w
}

/// `s` padded with spaces to `width` display columns.
pub fn pad(s: &str, width: usize) -> String {
    let w = display_width(s);
    let mut t = s.to_string();
    for _ in w..width {
        t.push(' ');
    }
    t
}

/// Removes ANSI escape sequences.
pub fn strip_ansi(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if ('@'..='~').contains(&d) && d != '[' {
                    break;
                }
            }
            continue;
        }
        out.push(c);
    }
    out
}

const RED_NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Whether a palace diagonal joins `a` and `b` (adjacent diagonally).
fn palace_diagonal(a: Square, b: Square) -> bool {
    let in_palace = |s: Square| (3..=5).contains(&s.file()) && (s.rank() <= 2 || s.rank() >= 7);
    let centre = |s: Square| s.file() == 4 && (s.rank() == 1 || s.rank() == 8);
    in_palace(a) && in_palace(b) && (a.rank() <= 2) == (b.rank() <= 2) && (centre(a) || centre(b))
}

/// Draws `pos` as text, one line per row, ending with a newline.
pub fn render_board(pos: &Position, opt: &RenderOptions) -> String {
    // display column c (0..9, left to right) → board file; display row r
    // (0..10, top to bottom) → rank
    let file_at = |c: u8| if opt.flipped { 8 - c } else { c };
    let rank_at = |r: u8| if opt.flipped { r } else { 9 - r };
    let paint = |s: &str, code: &str| -> String {
        if opt.colour {
            format!("{code}{s}{RESET}")
        } else {
            s.to_string()
        }
    };
    let highlight = |sq: Square| opt.last.is_some_and(|m| m.from() == sq || m.to() == sq);
    let margin = "     ";
    let mut out = String::new();

    // the edge labels: each side's numbers at its own edge
    let top_colour = if opt.flipped {
        Colour::Red
    } else {
        Colour::Black
    };
    let numbers = |colour: Colour| -> String {
        let mut line = String::from(margin);
        for c in 0..9u8 {
            let f = file_at(c);
            let label = match colour {
                Colour::Red => RED_NUMERALS[(8 - f) as usize].to_string(),
                Colour::Black => format!("{} ", f + 1),
            };
            line.push_str(&label);
            if c < 8 {
                line.push_str("  ");
            }
        }
        line.trim_end().to_string()
    };
    let letters = {
        let mut line = String::from(margin);
        for c in 0..9u8 {
            line.push((b'a' + file_at(c)) as char);
            if c < 8 {
                line.push_str("   ");
            }
        }
        line
    };
    if opt.flipped {
        out.push_str(&letters);
        out.push('\n');
    }
    out.push_str(&numbers(top_colour));
    out.push('\n');

    for r in 0..10u8 {
        let rank = rank_at(r);
        let mut line = format!("  {rank}  ");
        for c in 0..9u8 {
            let sq = Square::new(file_at(c), rank);
            let cell = match pos.piece_at(sq) {
                Some(p) => {
                    let name = p.chinese().to_string();
                    let code = match (p.colour(), highlight(sq) && opt.colour) {
                        (Colour::Red, false) => RED.to_string(),
                        (Colour::Red, true) => format!("{RED}{REVERSE}"),
                        (Colour::Black, false) => BOLD.to_string(),
                        (Colour::Black, true) => format!("{BOLD}{REVERSE}"),
                    };
                    paint(&name, &code)
                }
                None if highlight(sq) => {
                    if opt.colour {
                        paint("＋", REVERSE)
                    } else {
                        "()".to_string()
                    }
                }
                None => paint("＋", DIM),
            };
            line.push_str(&cell);
            if c < 8 {
                line.push_str(&paint("--", DIM));
            }
        }
        out.push_str(&line);
        out.push_str(&format!("  {rank}\n"));
        if r == 9 {
            break;
        }
        let below = rank_at(r + 1);
        if r == 4 {
            // the river
            let inner = "    楚  河              漢  界    ";
            let inner = pad(inner, 31);
            out.push_str(&format!(
                "{margin}{}{inner}{}\n",
                paint("|", DIM),
                paint("|", DIM)
            ));
            continue;
        }
        let mut conn = String::from(margin);
        for c in 0..9u8 {
            conn.push_str(&paint("|", DIM));
            if c == 8 {
                break;
            }
            conn.push(' ');
            let (fl, fr) = (file_at(c), file_at(c + 1));
            let up_right = palace_diagonal(Square::new(fl, below), Square::new(fr, rank));
            let down_right = palace_diagonal(Square::new(fl, rank), Square::new(fr, below));
            let gap = if up_right {
                "/ "
            } else if down_right {
                "\\ "
            } else {
                "  "
            };
            conn.push_str(&paint(gap, DIM));
        }
        out.push_str(conn.trim_end());
        out.push('\n');
    }
    out.push_str(&numbers(top_colour.opposite()));
    out.push('\n');
    if !opt.flipped {
        out.push_str(&letters);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths() {
        assert_eq!(display_width("炮二平五"), 8);
        assert_eq!(display_width("\x1b[1;31m帥\x1b[0m"), 2);
        assert_eq!(display_width("h2e2"), 4);
    }

    #[test]
    fn board_lines_align() {
        let pos = Position::startpos();
        for flipped in [false, true] {
            for colour in [false, true] {
                let text = render_board(
                    &pos,
                    &RenderOptions {
                        colour,
                        flipped,
                        last: Some(Move::from_iccs("h2e2").unwrap()),
                    },
                );
                let rows: Vec<&str> = text.lines().filter(|l| l.contains("--")).collect();
                assert_eq!(rows.len(), 10);
                let w = display_width(rows[0]);
                assert!(rows.iter().all(|r| display_width(r) == w));
                assert_eq!(text.contains('\x1b'), colour);
                assert!(text.contains("楚") && text.contains("漢"));
            }
        }
        let plain = render_board(&pos, &RenderOptions::default());
        assert!(plain.contains("車--馬--象--士--將--士--象--馬--車"));
        assert!(plain.contains("1   2   3"));
        assert!(plain.contains("九  八  七"));
    }
}
