//! Is a chunk of code finished? The one answer used by the REPL's Enter
//! key, the piped-script reader and the lab parser, decided by Rhai's own
//! parser: a parse error at the very end of the input (or an open backtick
//! string, or an open block comment) means more lines are needed; any other
//! error means the chunk is complete and wrong, so it runs and reports it.

use rhai::{Engine, LexError, ParseErrorType};

/// A parser for code that has no session yet (a lab file being read): no
/// functions registered, no depth limit (a session's own limits apply when
/// the code runs).
pub fn parser() -> Engine {
    let mut engine = Engine::new_raw();
    engine.set_max_expr_depths(0, 0);
    engine
}

/// True when `code` cannot be complete yet: the parser ran out of input.
pub fn is_incomplete(engine: &Engine, code: &str) -> bool {
    missing(engine, code).is_some()
}

/// When `code` cannot be complete yet, what it still lacks (e.g. the
/// parser's "Expecting ']' to end this array literal"); `None` when it is
/// complete, whether or not it is correct.
pub fn missing(engine: &Engine, code: &str) -> Option<String> {
    if code.trim().is_empty() {
        return None;
    }
    // Rhai accepts an unterminated block comment as the end of the script,
    // so the parser cannot tell us; a small scanner can.
    if ends_inside_block_comment(code) {
        return Some("the end of a `/*` comment".into());
    }
    let err = engine.compile(code).err()?;
    let what = err.0.to_string();
    let pos = err.1;
    let (Some(line), Some(col)) = (pos.line(), pos.position()) else {
        return matches!(*err.0, ParseErrorType::UnexpectedEOF).then_some(what);
    };
    let Some(offset) = byte_offset(code, line, col) else {
        // The position lies past the last line: the end of the input.
        return Some(what);
    };
    if let ParseErrorType::BadInput(LexError::UnterminatedString) = *err.0 {
        // The position is where the string starts. Backtick and raw strings
        // may span lines; a "..." string only continues after a trailing `\`.
        let open = match code[offset..].chars().next() {
            Some('`') | Some('#') => true,
            Some('"') => code.trim_end_matches(['\n', '\r']).ends_with('\\'),
            _ => false,
        };
        return open.then(|| "the end of a string".to_string());
    }
    code[offset..].trim().is_empty().then_some(what)
}

/// Byte offset of 1-based (line, column), columns counted in characters.
/// `None` when the position is past the end of the text.
fn byte_offset(code: &str, line: usize, col: usize) -> Option<usize> {
    let mut start = 0;
    for (i, text) in code.split('\n').enumerate() {
        if i + 1 == line {
            let skip = col.saturating_sub(1);
            return match text.char_indices().nth(skip) {
                Some((b, _)) => Some(start + b),
                None => Some((start + text.len()).min(code.len())),
            };
        }
        start += text.len() + 1;
    }
    None
}

/// True when the text ends inside a `/* ... */` comment (Rhai nests them).
/// Strings and line comments are skipped so that `"/*"` does not count.
fn ends_inside_block_comment(code: &str) -> bool {
    let b = code.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    while i < b.len() {
        if depth > 0 {
            if b[i..].starts_with(b"*/") {
                depth -= 1;
                i += 2;
            } else if b[i..].starts_with(b"/*") {
                depth += 1;
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                depth = 1;
                i += 2;
            }
            q @ (b'"' | b'\'' | b'`') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    // Backslash escapes in "..." and '...'; backtick strings
                    // have none.
                    if b[i] == b'\\' && q != b'`' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    depth > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn incomplete(code: &str) -> bool {
        is_incomplete(&parser(), code)
    }

    #[test]
    fn open_brackets_blocks_and_operators_need_more() {
        for code in [
            "let x = (1 +",
            "fn f(x) {",
            "fn f(x) {\n  x * 2\n",
            "[1, 2",
            "foo(",
            "if true { 1 } else",
            "let a = 1; let",
            "let m = #{a:",
            "let x = 1 +\n\n",
            "`multi\nline",
            "\"continued \\",
            "/* still a comment",
            "1 /* a */ + /* b /* nested */",
        ] {
            assert!(incomplete(code), "{code:?} should be incomplete");
        }
    }

    #[test]
    fn finished_or_wrong_code_runs() {
        for code in [
            "",
            "   ",
            "1 + 2",
            "fn f(x) { x }",
            "let x = (1 + ;",
            "1 2",
            "}",
            "\"no newline inside",
            "\"/*\" + 1",
            "// just a comment /*",
            "/* closed */ 1",
            "let s = `a\nb`;",
            // Back-tick strings have no escapes: `\` ends nothing.
            "let p = `C:\\`;",
            "let p = `C:\\`; /* ` */",
            // Deep nesting is a limit for running, not for reading.
            "fn f(g) {\n for i in 0..9 {\n  for d in 1..=9 {\n   if g[i] == d { `${d}` } }\n }\n}",
        ] {
            assert!(!incomplete(code), "{code:?} should be complete");
        }
    }
}
