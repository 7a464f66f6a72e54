//! A peer's text lines, read as bytes.
//!
//! GUIs, referees and engines do not all write UTF-8: Chinese programs
//! often write GBK (`info string`, `id copyright`), and a broken pipe can
//! deliver garbage. `BufRead::lines` turns such a line into an error that
//! ends the reading; here it is decoded lossily (U+FFFD in place of the
//! bad bytes) and handled like any other line.

use std::io::{self, BufRead};

/// The next line of `input` without its `\n` or `\r\n`, bytes that are not
/// UTF-8 replaced by U+FFFD; `None` at the end of input. `buf` is scratch
/// space the caller keeps between calls.
pub fn read_line_lossy(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<String>> {
    buf.clear();
    if input.read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    let line = String::from_utf8_lossy(buf);
    Ok(Some(line.trim_end_matches(['\n', '\r']).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_and_decoded_lossily() {
        let mut input = &b"ucci\r\n\xbd\xab\xbe\xfc info\n\nlast"[..];
        let mut buf = Vec::new();
        let mut lines = Vec::new();
        while let Some(line) = read_line_lossy(&mut input, &mut buf).unwrap() {
            lines.push(line);
        }
        // each of the four GBK bytes is an invalid sequence of its own
        assert_eq!(
            lines,
            ["ucci", &("\u{fffd}".repeat(4) + " info"), "", "last"]
        );
    }
}
