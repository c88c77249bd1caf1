//! The prompt loop: read (rustyline, with the helper), save the line to the
//! history file at once, evaluate, print; Ctrl+C and errors return to the
//! prompt, Ctrl+D leaves.

use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{CompletionType, Config, Editor, EventHandler, KeyEvent};

use super::batch::{describe_error, eval_chunk};
use super::helper::{CtrlA, ReplHelper};
use super::{Outcome, repl_command, show};
use crate::lab::LabState;
use crate::script::Limits;
use crate::script::session::{EvalError, Session};

/// Run the REPL on a terminal until Ctrl+D or `:quit`.
pub fn run(session: Session, mut lab: LabState, limits: &Limits) -> ExitCode {
    let session = Rc::new(RefCell::new(session));
    let config = Config::builder()
        .auto_add_history(false)
        .history_ignore_dups(true)
        .and_then(|b| b.max_history_size(10_000))
        .map(|b| b.completion_type(CompletionType::List).build())
        .unwrap_or_default();
    let history = FileHistory::with_config(&config);
    let mut rl: Editor<ReplHelper, FileHistory> = match Editor::with_history(config, history) {
        Ok(rl) => rl,
        Err(e) => {
            eprintln!("puzzlelab: cannot start the line editor: {e}");
            return ExitCode::FAILURE;
        }
    };
    rl.set_helper(Some(ReplHelper::new(session.clone())));
    let lab_active = Arc::new(AtomicBool::new(lab.active()));
    let ctrl_a = Arc::new(AtomicBool::new(false));
    rl.bind_sequence(
        KeyEvent::ctrl('A'),
        EventHandler::Conditional(Box::new(CtrlA {
            lab_active: lab_active.clone(),
            pressed: ctrl_a.clone(),
        })),
    );
    // The history is appended in place, so it must be a regular file (or
    // none yet): a FIFO would block, a device swallow it (see `crate::files`).
    let history_file = super::state_dir()
        .map(|d| d.join("history"))
        .filter(|path| match crate::files::check_target(path) {
            Ok(_) => true,
            Err(e) => {
                eprintln!("warning: history is not kept: {e}");
                false
            }
        });
    if let Some(path) = &history_file
        && path.exists()
    {
        let _ = rl.load_history(path);
    }
    // The part of the last long value not yet shown, for `:more`.
    let mut more: Option<String> = None;
    loop {
        lab_active.store(lab.active(), Ordering::Relaxed);
        // In a lab the prompt says where: `sudoku 3> ` (`sudoku> ` at its
        // introduction).
        let prompt = match lab.position() {
            Some((name, 0)) => format!("{name}> "),
            Some((name, section)) => format!("{name} {section}> "),
            None => "> ".to_string(),
        };
        let line = match rl.readline(&prompt) {
            Ok(line) => line,
            // Ctrl+C at the prompt: the line is dropped, the session goes on.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("puzzlelab: {e}");
                return ExitCode::FAILURE;
            }
        };
        if ctrl_a.swap(false, Ordering::Relaxed) && line.trim().is_empty() {
            let mut s = session.borrow_mut();
            let _ = repl_command(":next", &mut s, &mut lab, limits);
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        // Saved before it runs, so a crash or Ctrl+C does not lose it.
        if rl.add_history_entry(line.as_str()).unwrap_or(false)
            && let Some(path) = &history_file
            && let Err(e) = rl.append_history(path)
        {
            eprintln!("(history not saved to {}: {e})", path.display());
        }
        let trimmed = line.trim();
        let mut s = session.borrow_mut();
        let rows = rl.dimensions().map_or(24, |(_, rows)| rows as usize);
        if trimmed == ":more" {
            match more.take() {
                Some(rest) => {
                    let (head, left) = page(&rest, rows);
                    show(&head);
                    more = left;
                }
                None => eprintln!(":more: nothing left to show"),
            }
            continue;
        }
        if super::is_command(trimmed) {
            let busy = super::host::Busy::start();
            let outcome = repl_command(trimmed, &mut s, &mut lab, limits);
            drop(busy);
            if let Some(code) = super::stop_status() {
                return code;
            }
            if outcome == Outcome::Quit {
                break;
            }
            continue;
        }
        match eval_chunk(&mut s, &line) {
            Ok(v) => {
                // A screenful at most: `sudoku(clark)` is 1.4 MB of text.
                let (head, left) = page(&s.show(&v), rows);
                show(&head);
                more = left;
                s.set_last(&v);
            }
            Err(e) => {
                super::host::flush_stdout();
                eprintln!("{}", describe_error(&e, "<repl>", 1, limits));
                if let Some(marker) = caret(&line, &e) {
                    eprintln!("{marker}");
                }
                if let Some(hint) = super::did_you_mean(&e, &s) {
                    eprintln!("{hint}");
                }
            }
        }
        if let Some(code) = super::stop_status() {
            // SIGTERM or SIGHUP stopped the statement: the session ends.
            return code;
        }
    }
    ExitCode::SUCCESS
}

/// The input line the error points at, with a `^` under the column.
pub(crate) fn caret(code: &str, e: &EvalError) -> Option<String> {
    let pos = e.position();
    let (line, col) = (pos.line()?, pos.position()?);
    let text = code.lines().nth(line.checked_sub(1)?)?;
    if text.trim().is_empty() {
        return None;
    }
    let pad: String = text
        .chars()
        .take(col.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    Some(format!("  {text}\n  {pad}^"))
}

/// Split a value's text after a screenful (`rows` lines less two, and at
/// most 80 characters a line's worth): the part to show, ending with a line
/// that says how much was left out, and the rest for `:more`.
pub(crate) fn page(text: &str, rows: usize) -> (String, Option<String>) {
    let keep = rows.saturating_sub(3).max(5);
    let limit = keep * 80;
    let mut end = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if n == keep || end + line.len() > limit {
            break;
        }
        end += line.len();
    }
    if end == 0 {
        // One line longer than a screen: cut it at a character boundary.
        end = text
            .char_indices()
            .nth(limit)
            .map_or(text.len(), |(i, _)| i);
    }
    if end >= text.len() {
        return (text.to_string(), None);
    }
    // Text in blocks apart by empty lines (`see` of a long list: rows of
    // grids) is cut between two blocks when one ends in the screen's
    // second half; the empty line goes.
    let mut next = end;
    if let Some(gap) = text[..end].rfind("\n\n")
        && text[..gap].lines().count() >= keep / 2
    {
        end = gap + 1;
        next = gap + 2;
    }
    let rest = &text[next..];
    let lines = rest.lines().count();
    let note = format!(
        "... {lines} more line{} ({} characters) not shown: :more shows the next screenful, print(...) all of it",
        if lines == 1 { "" } else { "s" },
        rest.chars().count()
    );
    let mut head = text[..end].to_string();
    if !head.ends_with('\n') {
        head.push('\n');
    }
    head.push_str(&note);
    (head, Some(rest.to_string()))
}

#[cfg(test)]
mod tests {
    use super::page;

    #[test]
    fn long_values_stop_after_a_screenful_and_say_what_is_left() {
        let text: String = (1..=100).map(|i| format!("line {i}\n")).collect();
        let (head, rest) = page(&text, 24);
        assert_eq!(head.lines().count(), 22);
        assert!(head.starts_with("line 1\n"));
        assert!(head.ends_with(
            "... 79 more lines (633 characters) not shown: :more shows the next screenful, print(...) all of it"
        ), "{head}");
        let rest = rest.unwrap();
        assert!(rest.starts_with("line 22\n"));
        let (short, none) = page("a\nb\n", 24);
        assert_eq!((short.as_str(), none), ("a\nb\n", None));
        // One huge line is cut too.
        let (head, rest) = page(&"x".repeat(10_000), 24);
        assert!(head.len() < 2000 && rest.is_some());
    }

    #[test]
    fn blocks_apart_by_empty_lines_are_cut_between_blocks() {
        let block =
            |b: usize| -> String { (1..=15).map(|i| format!("block {b} line {i}\n")).collect() };
        let text = [block(1), block(2), block(3)].join("\n");
        let (head, rest) = page(&text, 24);
        assert!(head.starts_with(&block(1)), "{head}");
        assert!(
            head.ends_with("block 1 line 15\n... 31 more lines (463 characters) not shown: :more shows the next screenful, print(...) all of it"),
            "{head}"
        );
        assert!(rest.unwrap().starts_with("block 2 line 1\n"));
    }
}
