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

use super::helper::{CtrlA, ReplHelper};
use super::{running, show, show_reply};
use crate::commands::{CommandContext, is_command};

/// Run the REPL on a terminal until Ctrl+D or `:quit`.
pub fn run(commands: CommandContext) -> ExitCode {
    let commands = Rc::new(RefCell::new(commands));
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
            super::host::write_stderr(&format!("puzzlelab: cannot start the line editor: {e}"));
            return ExitCode::FAILURE;
        }
    };
    rl.set_helper(Some(ReplHelper::new(commands.clone())));
    let lab_active = Arc::new(AtomicBool::new(commands.borrow().lab().active()));
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
                super::host::write_stderr(&format!("warning: history is not kept: {e}"));
                false
            }
        });
    if let Some(path) = &history_file
        && path.exists()
    {
        let _ = rl.load_history(path);
    }
    loop {
        let prompt = {
            let commands = commands.borrow();
            lab_active.store(commands.lab().active(), Ordering::Relaxed);
            // In a lab the prompt says where: `sudoku 3> ` (`sudoku> ` at
            // its introduction). A lab opened by its path is named by it,
            // which the line editor would print raw.
            match commands.lab().position() {
                Some((name, 0)) => format!("{}> ", crate::controls::escape(name)),
                Some((name, section)) => {
                    format!("{} {section}> ", crate::controls::escape(name))
                }
                None => "> ".to_string(),
            }
        };
        let line = match rl.readline(&prompt) {
            Ok(line) => line,
            // Ctrl+C at the prompt: the line is dropped, the session goes on.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                super::host::write_stderr(&format!("puzzlelab: {e}"));
                return ExitCode::FAILURE;
            }
        };
        let mut ctx = commands.borrow_mut();
        // A screenful at most: `sudoku(clark)` is 1.4 MB of text, `help`
        // 250 lines, a lab section may be longer than the screen.
        let rows = rl.dimensions().map_or(24, |(_, rows)| rows as usize);
        ctx.set_rows(Some(rows));
        if ctrl_a.swap(false, Ordering::Relaxed) && line.trim().is_empty() {
            show_reply(&running(|| ctx.command(":next")));
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
            super::host::write_stderr(&format!("(history not saved to {}: {e})", path.display()));
        }
        let trimmed = line.trim();
        if is_command(trimmed) {
            let reply = running(|| ctx.command(trimmed));
            show_reply(&reply);
            if let Some(code) = super::stop_status() {
                return code;
            }
            if reply.quit {
                break;
            }
            continue;
        }
        match running(|| ctx.evaluate(&line, "<repl>", 1)) {
            Ok(shown) => show(&shown),
            Err(failure) => {
                super::host::write_stderr(&failure.text(true));
            }
        }
        if let Some(code) = super::stop_status() {
            // SIGTERM or SIGHUP stopped the statement: the session ends.
            return code;
        }
    }
    ExitCode::SUCCESS
}
