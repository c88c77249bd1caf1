//! The rustyline side of the REPL: tab completion (script functions, the
//! session's variables and functions, REPL commands, lab and file names),
//! multi-line input (the validator asks Rhai's parser), and Ctrl+A as
//! `:next` while a lab is open.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Cmd, ConditionalEventHandler, Context, Event, EventContext, Helper, RepeatCount};

use crate::commands::{CommandContext, is_command};

/// The rustyline helper; shares the command context with the REPL loop,
/// which only borrows it mutably between `readline` calls.
pub struct ReplHelper {
    commands: Rc<RefCell<CommandContext>>,
    files: FilenameCompleter,
}

impl ReplHelper {
    pub fn new(commands: Rc<RefCell<CommandContext>>) -> ReplHelper {
        ReplHelper {
            commands,
            files: FilenameCompleter::new(),
        }
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        // `:load FILE` completes file names; the rest is the library's.
        if line[..pos].trim_start().starts_with(":load ") {
            return self.files.complete(line, pos, ctx);
        }
        let found = self.commands.borrow().complete(line, pos);
        let pairs = found
            .candidates
            .into_iter()
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((found.start, pairs))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Highlighter for ReplHelper {}

impl Validator for ReplHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        let input = ctx.input();
        let trimmed = input.trim_start();
        if is_command(trimmed) {
            return Ok(ValidationResult::Valid(None));
        }
        // Two empty lines in a row end the input anyway, so that a stray
        // open bracket can be run (and its error seen) without Ctrl+C.
        if input.ends_with("\n\n") {
            return Ok(ValidationResult::Valid(None));
        }
        if self.commands.borrow().is_incomplete(input) {
            Ok(ValidationResult::Incomplete)
        } else {
            Ok(ValidationResult::Valid(None))
        }
    }
}

impl Helper for ReplHelper {}

/// Ctrl+A: on an empty line while a lab is open, accept the (empty) line
/// and raise `pressed`, which the REPL reads as `:next`; anywhere else the
/// usual meaning (start of line).
pub struct CtrlA {
    pub lab_active: Arc<AtomicBool>,
    pub pressed: Arc<AtomicBool>,
}

impl ConditionalEventHandler for CtrlA {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        if ctx.line().is_empty() && self.lab_active.load(Ordering::Relaxed) {
            self.pressed.store(true, Ordering::Relaxed);
            Some(Cmd::AcceptLine)
        } else {
            None
        }
    }
}
