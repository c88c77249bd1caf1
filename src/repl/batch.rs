//! The non-interactive modes: `run FILE`, `-e CODE`, and a stdin that is not
//! a terminal read as a script, statement by statement.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use rhai::{Dynamic, EvalAltResult};

use super::host::INTERRUPTED;
use super::{Outcome, new_session, repl_command, show};
use crate::lab::LabState;
use crate::script::Limits;
use crate::script::session::{EvalError, Session};

/// The message for a failed chunk: `origin:line:col: message`, then, when a
/// sandbox limit stopped it, which flag raises that limit.
pub fn describe_error(e: &EvalError, origin: &str, first_line: usize, limits: &Limits) -> String {
    let mut text = e.located(origin, first_line);
    if let Some(hint) = limit_hint(e, limits) {
        text.push('\n');
        text.push_str(&hint);
    }
    text
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

/// Evaluate one chunk with the interrupt flag cleared first.
pub fn eval_chunk(session: &mut Session, code: &str) -> Result<Dynamic, EvalError> {
    INTERRUPTED.store(false, Ordering::Relaxed);
    let result = session.eval(code);
    INTERRUPTED.store(false, Ordering::Relaxed);
    result
}

/// Script text with a `#!` first line blanked (line numbers kept).
fn strip_shebang(text: &str) -> String {
    if text.starts_with("#!") {
        match text.find('\n') {
            Some(end) => text[end..].to_string(),
            None => String::new(),
        }
    } else {
        text.to_string()
    }
}

/// Run a script file in `session`; errors located in `file`.
pub fn run_file_in(session: &mut Session, file: &str, limits: &Limits) -> anyhow::Result<()> {
    use anyhow::Context;
    let text = std::fs::read_to_string(file).with_context(|| format!("{file}: cannot read"))?;
    eval_chunk(session, &strip_shebang(&text))
        .map(|_| ())
        .map_err(|e| anyhow::anyhow!(describe_error(&e, file, 1, limits)))
}

/// `puzzlelab run FILE [ARGS...]`: the whole file as one chunk, so that its
/// functions may be defined anywhere in it. Values are not printed; scripts
/// print what they mean to show.
pub fn run_file(file: &str, args: &[String], limits: &Limits) -> ExitCode {
    let mut session = new_session(limits, args.to_vec());
    match run_file_in(&mut session, file, limits) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `puzzlelab -e CODE [ARGS...]`: print the value.
pub fn eval_code(code: &str, args: &[String], limits: &Limits) -> ExitCode {
    let mut session = new_session(limits, args.to_vec());
    match eval_chunk(&mut session, code) {
        Ok(v) => {
            show(&session.show(&v));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}", describe_error(&e, "<-e>", 1, limits));
            ExitCode::FAILURE
        }
    }
}

/// A stdin that is not a terminal, read through the session's host (so that
/// a script function may read its answers from the lines that follow it).
/// Each statement runs as soon as the parser says it is complete; the
/// values of bare expressions print as in the REPL. Lines starting with `:`
/// are REPL commands (lab navigation included). Stops at the first error.
pub fn run_stdin(session: &mut Session, lab: &mut LabState, limits: &Limits) -> ExitCode {
    let mut chunk_text = String::new();
    let mut first_line = 1;
    let mut line_no = 0;
    loop {
        let line = session.host().read_line();
        let at_end = line.is_none();
        if let Some(line) = line {
            line_no += 1;
            if chunk_text.is_empty() {
                let t = line.trim();
                if t.is_empty() {
                    continue;
                }
                if super::is_command(t) {
                    match repl_command(t, session, lab, limits) {
                        Outcome::Quit => return ExitCode::SUCCESS,
                        Outcome::Failed => return ExitCode::FAILURE,
                        Outcome::Done => {}
                    }
                    continue;
                }
                first_line = line_no;
            }
            chunk_text.push_str(&line);
            chunk_text.push('\n');
            if session.is_incomplete(&chunk_text) {
                continue;
            }
        }
        if !chunk_text.trim().is_empty() {
            match eval_chunk(session, &chunk_text) {
                Ok(v) => {
                    show(&session.show(&v));
                    session.set_last(&v);
                }
                Err(e) => {
                    let _ = std::io::stdout().flush();
                    eprintln!("{}", describe_error(&e, "<stdin>", first_line, limits));
                    if let Some(hint) = super::did_you_mean(&e, session) {
                        eprintln!("{hint}");
                    }
                    return ExitCode::FAILURE;
                }
            }
        }
        chunk_text.clear();
        if at_end {
            return ExitCode::SUCCESS;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shebang_keeps_line_numbers() {
        assert_eq!(
            strip_shebang("#!/usr/bin/env x\nlet a = 1;"),
            "\nlet a = 1;"
        );
        assert_eq!(strip_shebang("let a = 1;"), "let a = 1;");
    }

    #[test]
    fn runaway_loop_names_the_flag() {
        let limits = Limits {
            max_operations: 10_000,
            ..Limits::default()
        };
        let mut s = Session::capturing(&limits);
        let e = eval_chunk(&mut s, "let n = 0;\nloop { n += 1; }").unwrap_err();
        let text = describe_error(&e, "t.rhai", 1, &limits);
        assert!(text.starts_with("t.rhai:2:"), "{text}");
        assert!(text.contains("Too many operations"), "{text}");
        assert!(text.contains("--max-operations"), "{text}");
    }
}
