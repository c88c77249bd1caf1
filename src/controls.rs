//! Control characters in text from outside (a lab file, a script's
//! strings, a file name, an error quoting any of them) shown escaped, so
//! that such text never drives the terminal it is printed on: an OSC
//! sequence sets the window title or (OSC 52) the clipboard, a CSI
//! sequence moves the cursor or clears the screen, and some terminals
//! answer a query by typing into the program's input.
//!
//! Every control character (Unicode's Cc: the C0 set, DEL and the C1
//! set) except the line break and the tab is written `\u{HEX}`, in
//! lowercase hex, as Rust and Rhai write it and as puzzle files escape
//! names: ESC is `\u{1b}`, BEL `\u{7}`, a carriage return `\u{d}`, the
//! one-character CSI `\u{9b}`. The form is for reading, not for reading
//! back (a literal `\u{1b}` in the text looks the same).
//!
//! Escaped text has no control characters left, so escaping it again
//! changes nothing: a front end may escape at its last step whatever a
//! layer below already escaped.

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with every control character but `\n` and `\t` escaped.
pub fn escape(text: &str) -> Cow<'_, str> {
    escaped(text, false)
}

/// As [`escape`], but colour sequences (SGR: `ESC [` digits, `;` or `:`,
/// then `m`) are kept: for a terminal that shows puzzlelab's colours (a
/// framed board), which reach it as text like any other. An SGR sequence
/// only styles what follows (as `less -R` lets through): it cannot move
/// the cursor, set a title or the clipboard, or ask the terminal anything.
pub fn escape_keeping_colour(text: &str) -> Cow<'_, str> {
    escaped(text, true)
}

/// How many columns `c` takes once escaped (a caret under escaped text
/// lines up with it); 1 for a character shown as itself.
pub fn escaped_width(c: char) -> usize {
    if needs_escape(c) {
        format!("{:x}", c as u32).len() + 4
    } else {
        1
    }
}

fn needs_escape(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

fn escaped(text: &str, keep_colour: bool) -> Cow<'_, str> {
    let Some(first) = text.find(needs_escape) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..first]);
    let mut rest = &text[first..];
    while let Some(c) = rest.chars().next() {
        if keep_colour && let Some(n) = colour_sequence(rest) {
            out.push_str(&rest[..n]);
            rest = &rest[n..];
            continue;
        }
        if needs_escape(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// The length in bytes of the SGR sequence that `text` starts with, if it
/// starts with one.
fn colour_sequence(text: &str) -> Option<usize> {
    let body = text.strip_prefix("\x1b[")?;
    let params = body
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b';' || *b == b':')
        .count();
    (body.as_bytes().get(params) == Some(&b'm')).then_some(2 + params + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_shown_escaped() {
        assert_eq!(
            escape("a\x1b]0;title\x07b\x1b[2Jc\r\u{9b}1m\u{7f}"),
            "a\\u{1b}]0;title\\u{7}b\\u{1b}[2Jc\\u{d}\\u{9b}1m\\u{7f}"
        );
        assert_eq!(escape("line\n\tnext é"), "line\n\tnext é");
        assert!(matches!(escape("plain"), Cow::Borrowed(_)));
        let once = escape("\x1b]52;c;aGk=\x07");
        assert_eq!(escape(&once), once);
    }

    #[test]
    fn colour_is_kept_only_when_asked_and_only_colour() {
        let red = "\x1b[1;38;5;196mX\x1b[0m";
        assert_eq!(escape_keeping_colour(red), red);
        assert_eq!(escape(red), "\\u{1b}[1;38;5;196mX\\u{1b}[0m");
        assert_eq!(
            escape_keeping_colour("\x1b[2J\x1b[31m\x1b]0;t\x07\x1b["),
            "\\u{1b}[2J\x1b[31m\\u{1b}]0;t\\u{7}\\u{1b}["
        );
    }

    #[test]
    fn widths_match_the_escaped_form() {
        for c in ['a', 'é', '\x1b', '\x07', '\u{9b}', '\u{7f}'] {
            assert_eq!(
                escaped_width(c),
                escape(&c.to_string()).chars().count(),
                "{c:?}"
            );
        }
    }
}
