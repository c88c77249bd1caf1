//! How a failed chunk is worded: `origin:line:col: message`, the flag that
//! raises the sandbox limit that stopped it, a caret under the column, and
//! "did you mean" for a name not found.

use rhai::EvalAltResult;

use crate::script::Limits;
use crate::script::session::{EvalError, Session};

/// The message for a failed chunk: `origin:line:col: message`, then, when a
/// sandbox limit stopped it, which flag raises that limit.
pub fn describe_error(e: &EvalError, origin: &str, first_line: usize, limits: &Limits) -> String {
    let mut text = e.located(origin, first_line);
    if let Some(hint) = limit_hint(e, limits).or_else(|| syntax_hint(e)) {
        text.push('\n');
        text.push_str(&hint);
    }
    text
}

/// A word on the parse errors a newcomer meets first.
fn syntax_hint(e: &EvalError) -> Option<String> {
    let EvalError::Parse(err) = e else {
        return None;
    };
    match &*err.0 {
        // Rhai's "..." strings end on their line.
        rhai::ParseErrorType::BadInput(rhai::LexError::UnterminatedString) => Some(
            "  a string in double quotes must end on its line: write one over several \
             lines in backticks (`like this`), or put \\n where a line should break"
                .into(),
        ),
        _ => None,
    }
}

fn limit_hint(e: &EvalError, limits: &Limits) -> Option<String> {
    let EvalError::Runtime(err) = e else {
        return None;
    };
    let (what, flag, now) = match err.unwrap_inner() {
        EvalAltResult::ErrorTooManyOperations(_) => (
            "operation limit",
            "--max-operations",
            limits.max_operations.to_string(),
        ),
        EvalAltResult::ErrorStackOverflow(_) => (
            "call-depth limit",
            "--max-call-levels",
            limits.max_call_levels.to_string(),
        ),
        EvalAltResult::ErrorDataTooLarge(kind, _) => {
            let k = kind.to_lowercase();
            if k.contains("string") {
                (
                    "string size limit",
                    "--max-string-size",
                    limits.max_string_size.to_string(),
                )
            } else if k.contains("array") {
                (
                    "array size limit",
                    "--max-array-size",
                    limits.max_array_size.to_string(),
                )
            } else {
                (
                    "map size limit",
                    "--max-map-size",
                    limits.max_map_size.to_string(),
                )
            }
        }
        _ => return None,
    };
    Some(format!(
        "  stopped by the sandbox's {what} ({now}); raise it with {flag} N"
    ))
}

/// The input line the error points at, with a `^` under the column.
pub fn caret(code: &str, e: &EvalError) -> Option<String> {
    let pos = e.position();
    let (line, col) = (pos.line()?, pos.position()?);
    let text = code.lines().nth(line.checked_sub(1)?)?;
    if text.trim().is_empty() {
        return None;
    }
    // The front end shows a control character escaped (`\u{1b}`): the
    // caret stays under its column all the same.
    let pad: String = text
        .chars()
        .take(col.saturating_sub(1))
        .map(|c| match c {
            '\t' => "\t".to_string(),
            c => " ".repeat(crate::controls::escaped_width(c)),
        })
        .collect();
    Some(format!("  {text}\n  {pad}^"))
}

/// "did you mean ...?" for a name that is not found: the closest function
/// names (built-in or defined in the session) or variable names.
pub fn did_you_mean(e: &EvalError, session: &Session) -> Option<String> {
    let EvalError::Runtime(err) = e else {
        return None;
    };
    let (wanted, known): (String, Vec<String>) = match err.unwrap_inner() {
        EvalAltResult::ErrorFunctionNotFound(sig, _) => {
            let name = sig.split([' ', '(']).next().unwrap_or(sig).to_string();
            let mut known = crate::script::help::names();
            for defined in [session.functions(), session.lab_functions()] {
                known.extend(defined.iter_functions().map(|f| f.name.to_string()));
            }
            known.extend(RHAI_COMMON.iter().map(|s| s.to_string()));
            (name, known)
        }
        EvalAltResult::ErrorVariableNotFound(name, _) if name == crate::script::last::NAME => {
            return Some("  `_` is the last value shown, and none has been shown yet".into());
        }
        EvalAltResult::ErrorVariableNotFound(name, _) => (
            name.clone(),
            session
                .scope()
                .iter_raw()
                .map(|(n, _, _)| n.to_string())
                .chain(crate::script::builtins::names().map(String::from))
                .collect(),
        ),
        _ => return None,
    };
    let names = crate::script::help::closest(&wanted, known);
    (!names.is_empty()).then(|| format!("  did you mean {}?", names.join(", ")))
}

/// Rhai's own functions people reach for, for "did you mean".
const RHAI_COMMON: &[&str] = &[
    "print",
    "debug",
    "len",
    "push",
    "pop",
    "contains",
    "filter",
    "map",
    "reduce",
    "sort",
    "reverse",
    "keys",
    "values",
    "to_string",
    "parse_int",
    "parse_float",
    "type_of",
    "range",
    "timestamp",
    "split",
    "trim",
    "index_of",
    "extract",
    "is_empty",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runaway_loop_names_the_flag() {
        let limits = Limits {
            max_operations: 10_000,
            ..Limits::default()
        };
        let mut s = Session::capturing(&limits);
        let e = s.eval("let n = 0;\nloop { n += 1; }").unwrap_err();
        let text = describe_error(&e, "t.rhai", 1, &limits);
        assert!(text.starts_with("t.rhai:2:"), "{text}");
        assert!(text.contains("Too many operations"), "{text}");
        assert!(text.contains("--max-operations"), "{text}");
    }
}
