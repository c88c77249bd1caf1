//! The non-interactive modes: `run FILE`, `-e CODE`, and a stdin that is not
//! a terminal read as a script, statement by statement.

use std::process::ExitCode;
use std::sync::atomic::Ordering;

use rhai::{Dynamic, EvalAltResult};

use super::host::{AT_PROMPT, INTERRUPTED, SIGINT_SEEN, STOP_SIGNAL};
use super::{Outcome, new_session, repl_command, show};
use crate::lab::LabState;
use crate::reading::{MAX_TEXT, read_text};
use crate::script::Limits;
use crate::script::session::{EvalError, Session};
use crate::shard::Shard;

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

/// Evaluate one chunk. At the REPL a Ctrl+C left over from before (pressed
/// while a quick call that does not listen ran) is dropped first and after.
/// Without a person at the prompt nothing is dropped: a SIGINT that arrives
/// between two piped statements stops the next one.
pub fn eval_chunk(session: &mut Session, code: &str) -> Result<Dynamic, EvalError> {
    let at_prompt = AT_PROMPT.load(Ordering::Relaxed);
    if at_prompt {
        INTERRUPTED.store(false, Ordering::Relaxed);
    }
    let _busy = super::host::Busy::start();
    let result = session.eval(code);
    if at_prompt {
        INTERRUPTED.store(false, Ordering::Relaxed);
    }
    result
}

/// The exit status of a non-interactive run: 128 + the signal when
/// SIGTERM or SIGHUP ended it, 130 when SIGINT arrived during it (whether
/// or not the script caught the stop), else success or failure.
fn status(ok: bool) -> ExitCode {
    if let Some(code) = super::stop_status() {
        code
    } else if SIGINT_SEEN.load(Ordering::Relaxed) {
        ExitCode::from(130)
    } else if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
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

/// Run a script file in `session`; errors located in `file`. The file is
/// read whole (at most [`MAX_TEXT`] bytes, a leading byte-order mark
/// skipped, a byte that is not UTF-8 named at `file:line:col`).
pub fn run_file_in(session: &mut Session, file: &str, limits: &Limits) -> anyhow::Result<()> {
    let text = read_text(std::path::Path::new(file), MAX_TEXT)?;
    eval_chunk(session, &strip_shebang(&text))
        .map(|_| ())
        .map_err(|e| anyhow::anyhow!(describe_error(&e, file, 1, limits)))
}

/// `puzzlelab run FILE [ARGS...]`: the whole file as one chunk, so that its
/// functions may be defined anywhere in it. Values are not printed; scripts
/// print what they mean to show. With `--shard K/N` every batch in it runs
/// that shard.
pub fn run_file(file: &str, args: &[String], limits: &Limits, shard: Option<Shard>) -> ExitCode {
    let mut session = new_session(limits, args.to_vec());
    session.set_shard(shard);
    match run_file_in(&mut session, file, limits) {
        Ok(()) => status(true),
        Err(e) => {
            eprintln!("{e:#}");
            status(false)
        }
    }
}

/// `puzzlelab -e CODE [ARGS...]`: print the value (with `--shard K/N`,
/// every batch runs that shard).
pub fn eval_code(code: &str, args: &[String], limits: &Limits, shard: Option<Shard>) -> ExitCode {
    let mut session = new_session(limits, args.to_vec());
    session.set_shard(shard);
    match eval_chunk(&mut session, code) {
        Ok(v) => {
            show(&session.show(&v));
            status(true)
        }
        Err(e) => {
            eprintln!("{}", describe_error(&e, "<-e>", 1, limits));
            status(false)
        }
    }
}

/// A stdin that is not a terminal, read through the session's host (so that
/// a script function may read its answers from the lines that follow it).
/// Each statement runs as soon as the parser says it is complete; the
/// values of bare expressions print as in the REPL. Lines starting with `:`
/// are REPL commands (lab navigation included). Stops at the first error,
/// except a `stopped (Ctrl+C)`: that statement ends, the next one runs (as
/// at the prompt), and the exit status is 130; a stop by the memory budget
/// goes on the same way, and the status is then 1.
pub fn run_stdin(session: &mut Session, lab: &mut LabState, limits: &Limits) -> ExitCode {
    // A statement stopped by the memory budget did not finish: the run
    // goes on, as after Ctrl+C, but does not end as a success.
    let mut memory_stopped = false;
    // The lines of the statement being read; the first `known_open` of
    // them are known not to be complete yet.
    let mut chunk: Vec<String> = Vec::new();
    let mut known_open = 0;
    let mut first_line = 1;
    let mut line_no = 0;
    loop {
        let line = session.host().read_line();
        let mut at_end = line.is_none();
        match line {
            Some(line) => {
                line_no += 1;
                if chunk.is_empty() {
                    let t = line.trim();
                    if t.is_empty() {
                        continue;
                    }
                    if super::is_command(t) {
                        let busy = super::host::Busy::start();
                        let outcome = repl_command(t, session, lab, limits);
                        drop(busy);
                        if STOP_SIGNAL.load(Ordering::SeqCst) != 0 {
                            return status(false);
                        }
                        match outcome {
                            Outcome::Quit => return status(!memory_stopped),
                            Outcome::Failed => return status(false),
                            Outcome::Done => {}
                        }
                        continue;
                    }
                    first_line = line_no;
                }
                chunk.push(line);
                if !check_now(chunk.len(), known_open) {
                    continue;
                }
            }
            None => {
                if let Some(why) = super::host::take_input_error() {
                    super::host::flush_stdout();
                    eprintln!("<stdin>:{}: {why}", line_no + 1);
                    return status(false);
                }
                if chunk.is_empty() {
                    return status(!memory_stopped);
                }
            }
        }
        if session.is_incomplete(&joined(&chunk)) {
            if !at_end {
                known_open = chunk.len();
                continue;
            }
            // The input ended inside a statement: run it to report that.
        } else {
            // Complete; with checks spaced out, find the line where it first
            // became complete and give back the lines after it.
            let end = first_complete(session, &chunk, known_open);
            let rest = chunk.split_off(end);
            if !rest.is_empty() {
                line_no -= rest.len();
                super::host::unread_lines(rest);
                at_end = false;
            }
        }
        let chunk_text = joined(&chunk);
        chunk.clear();
        known_open = 0;
        match eval_chunk(session, &chunk_text) {
            Ok(v) => {
                show(&session.show(&v));
                session.set_last(&v);
            }
            Err(e) => {
                super::host::flush_stdout();
                eprintln!("{}", describe_error(&e, "<stdin>", first_line, limits));
                if !e.is_stop() {
                    if let Some(hint) = super::did_you_mean(&e, session) {
                        eprintln!("{hint}");
                    }
                    return status(false);
                }
                memory_stopped |= e.is_memory_stop();
            }
        }
        if STOP_SIGNAL.load(Ordering::SeqCst) != 0 {
            // SIGTERM or SIGHUP: nothing runs after the statement it stopped.
            return status(false);
        }
        if at_end {
            return status(!memory_stopped);
        }
    }
}

/// Lines of a statement as one text, each ending in a line break.
fn joined(lines: &[String]) -> String {
    let mut text = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// Whether to ask the parser if a statement of `lines` lines is complete,
/// the first `known_open` being known incomplete. Every line up to 64;
/// past that, once the statement has grown by a sixteenth since the last
/// check, so that a statement of n lines costs O(n) parsing, not O(n²).
fn check_now(lines: usize, known_open: usize) -> bool {
    lines <= 64 || lines - known_open >= lines / 16
}

/// The fewest lines of `chunk` that make a complete statement, knowing the
/// first `known_open` do not and all of them do (a binary search).
fn first_complete(session: &Session, chunk: &[String], known_open: usize) -> usize {
    let (mut lo, mut hi) = (known_open + 1, chunk.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if session.is_incomplete(&joined(&chunk[..mid])) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    hi
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
