//! Puzzle names in the named (TAB) and CSV forms: escaped when written so
//! that a name of any characters stays on its line and in its field, and
//! read back exactly.
//!
//! The escapes: `\\` a backslash, `\t` a TAB, `\n` a line feed, `\r` a
//! carriage return, and `\u{HEX}` for any other control character, for
//! white space at the start or end of the name (the reader trims names a
//! person typed) and for a `#` or a byte-order mark that starts it (a
//! comment line; a file's first line losing its mark). Reading
//! undoes them; a backslash followed by anything else stays as it is, so a
//! hand-written name such as `C:\puzzles` reads as typed.

/// The longest name written, in bytes once escaped: a line of the named or
/// CSV form then stays far below the reader's line limit.
pub const MAX_NAME: usize = 4096;

/// `name` with the escapes of the module doc.
pub fn escape_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let last = name.chars().count().saturating_sub(1);
    for (i, c) in name.chars().enumerate() {
        let at_end = i == 0 || i == last;
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ if c.is_control()
                || (at_end && c.is_whitespace())
                || (i == 0 && (c == '#' || c == '\u{feff}')) =>
            {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            _ => out.push(c),
        }
    }
    out
}

/// `text` with the escapes of the module doc undone.
pub fn unescape_name(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let (c, used) = match tail.chars().next() {
            Some('\\') => (Some('\\'), 1),
            Some('t') => (Some('\t'), 1),
            Some('n') => (Some('\n'), 1),
            Some('r') => (Some('\r'), 1),
            Some('u') => match unicode_escape(tail) {
                Some((c, used)) => (Some(c), used),
                None => (None, 0),
            },
            _ => (None, 0),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &tail[used..];
            }
            None => {
                out.push('\\');
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `u{HEX}` at the start of `tail`: the character and the bytes it takes.
fn unicode_escape(tail: &str) -> Option<(char, usize)> {
    let body = tail.strip_prefix("u{")?;
    let end = body.find('}')?;
    let hex = &body[..end];
    if hex.is_empty() || hex.len() > 6 {
        return None;
    }
    let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
    Some((c, 2 + end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_would_break_a_line_and_reads_it_back() {
        let name = " #a\tb\nc\rd\\e\u{0}f ";
        let written = escape_name(name);
        assert_eq!(written, "\\u{20}#a\\tb\\nc\\rd\\\\e\\u{0}f\\u{20}");
        assert_eq!(unescape_name(&written), name);
        assert_eq!(escape_name("#1"), "\\u{23}1");
        assert_eq!(escape_name("a b"), "a b");
    }

    #[test]
    fn a_hand_written_backslash_stays() {
        assert_eq!(
            unescape_name("C:\\puzzles\\u{zz}\\"),
            "C:\\puzzles\\u{zz}\\"
        );
    }
}
