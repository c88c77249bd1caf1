//! The non-interactive modes: `run FILE`, `-e CODE`, and a stdin that is not
//! a terminal read as a script, statement by statement.

use std::process::ExitCode;
use std::sync::atomic::Ordering;

use super::host::SIGINT_SEEN;
use super::{new_session, running, show, show_reply};
use crate::commands::{CommandContext, is_command};
use crate::lab::LabState;
use crate::script::Limits;
use crate::shard::Shard;
use crate::signals::STOP_SIGNAL;

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

/// `puzzlelab run FILE [ARGS...]`: the whole file as one chunk, so that its
/// functions may be defined anywhere in it. Values are not printed; scripts
/// print what they mean to show. With `--shard K/N` every batch in it runs
/// that shard.
pub fn run_file(file: &str, args: &[String], limits: &Limits, shard: Option<Shard>) -> ExitCode {
    let mut session = new_session(limits, args.to_vec());
    session.set_shard(shard);
    let mut commands = CommandContext::new(session, LabState::default(), limits);
    let code = match running(|| commands.run_file(file)) {
        Ok(()) => status(true),
        Err(e) => {
            super::host::write_stderr(&e.to_string());
            status(false)
        }
    };
    leave(commands);
    code
}

/// `puzzlelab -e CODE [ARGS...]`: print the value (with `--shard K/N`,
/// every batch runs that shard).
pub fn eval_code(code: &str, args: &[String], limits: &Limits, shard: Option<Shard>) -> ExitCode {
    let mut session = new_session(limits, args.to_vec());
    session.set_shard(shard);
    let mut commands = CommandContext::new(session, LabState::default(), limits);
    // `-e help`, `-e ':lab'`: the REPL's commands answer here too.
    if crate::commands::is_command(code) {
        let reply = commands.command(code);
        super::show_reply(&reply);
        let ok = !reply.failed();
        leave(commands);
        return status(ok);
    }
    let status = match running(|| commands.evaluate(code, "<-e>", 1)) {
        Ok(shown) => {
            show(&shown);
            status(true)
        }
        Err(failure) => {
            super::host::write_stderr(&failure.message);
            status(false)
        }
    };
    leave(commands);
    status
}

/// The end of a one-shot run (`-e`, `run`, piped stdin): the session is
/// not taken apart, since the process ends now and the system takes its
/// memory back at once; dropping the engine's thousand-odd functions one
/// by one was 6% of `-e 0`'s instructions. Nothing in a session has work left
/// for its drop: history and lab positions are written as they change,
/// and files and outside programs are closed by the calls that open them.
pub fn leave(commands: CommandContext) {
    std::mem::forget(commands);
}

/// A stdin that is not a terminal, read through the session's host (so that
/// a script function may read its answers from the lines that follow it).
/// Each statement runs as soon as the parser says it is complete; the
/// values of bare expressions print as in the REPL. Lines starting with `:`
/// are REPL commands (lab navigation included). Stops at the first error,
/// except a `stopped (Ctrl+C)`: that statement ends, the next one runs (as
/// at the prompt), and the exit status is 130; a stop by the memory budget
/// goes on the same way, and the status is then 1.
pub fn run_stdin(commands: &mut CommandContext) -> ExitCode {
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
        let line = commands.session().host().read_line();
        let mut at_end = line.is_none();
        match line {
            Some(line) => {
                line_no += 1;
                if chunk.is_empty() {
                    let t = line.trim();
                    if t.is_empty() {
                        continue;
                    }
                    if is_command(t) {
                        let reply = running(|| commands.command(t));
                        show_reply(&reply);
                        if STOP_SIGNAL.load(Ordering::SeqCst) != 0 || reply.failed() {
                            return status(false);
                        }
                        if reply.quit {
                            return status(!memory_stopped);
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
                    super::host::write_stderr(&format!("<stdin>:{}: {why}", line_no + 1));
                    return status(false);
                }
                if chunk.is_empty() {
                    return status(!memory_stopped);
                }
            }
        }
        if commands.is_incomplete(&joined(&chunk)) {
            if !at_end {
                known_open = chunk.len();
                continue;
            }
            // The input ended inside a statement: run it to report that.
        } else {
            // Complete; with checks spaced out, find the line where it first
            // became complete and give back the lines after it.
            let end = first_complete(commands, &chunk, known_open);
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
        match running(|| commands.evaluate(&chunk_text, "<stdin>", first_line)) {
            Ok(shown) => show(&shown),
            Err(failure) => {
                if !failure.error.is_stop() {
                    super::host::write_stderr(&failure.text(false));
                    return status(false);
                }
                super::host::write_stderr(&failure.message);
                memory_stopped |= failure.error.is_memory_stop();
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
fn first_complete(commands: &CommandContext, chunk: &[String], known_open: usize) -> usize {
    let (mut lo, mut hi) = (known_open + 1, chunk.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if commands.is_incomplete(&joined(&chunk[..mid])) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    hi
}
