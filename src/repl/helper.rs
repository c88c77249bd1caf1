//! The rustyline side of the REPL: tab completion (script functions, the
//! session's variables and functions, REPL commands, lab and file names),
//! multi-line input (the validator asks Rhai's parser), and Ctrl+A as
//! `:next` while a lab is open.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Cmd, ConditionalEventHandler, Context, Event, EventContext, Helper, RepeatCount};

use crate::script::session::Session;

/// REPL commands with a one-line description, for `:help` and completion.
/// The lab commands are handled by `lab::LabState`; they are listed here so
/// that they complete and appear in `:help`.
pub const COMMANDS: &[(&str, &str)] = &[
    (":help", "this list of commands and keys"),
    (
        ":quit",
        "leave the lab if one is open, else leave puzzlelab (also :q, :exit, quit, exit)",
    ),
    (
        ":vars",
        "variables defined in this session, with their types",
    ),
    (":fns", "functions defined in this session"),
    (
        ":load",
        ":load FILE [ARGS...] runs a script file in this session (ARGS as for run)",
    ),
    (":type", ":type EXPR shows the type of the value of EXPR"),
    (
        ":more",
        "the next screenful of a long value that was cut short",
    ),
    (
        ":reset",
        "a fresh session: variables and functions forgotten (in a lab, its sections' code runs again quietly)",
    ),
    (":limits", "the sandbox limits in force"),
    (":lab", ":lab lists labs, :lab NAME starts or resumes one"),
    (
        ":next",
        "next lab section (Ctrl+A on an empty line does the same)",
    ),
    (":back", "previous lab section"),
    (":goto", ":goto N jumps to lab section N"),
    (":toc", "the lab's chapters and sections"),
    (":restart", "the lab from its first section"),
    (":check", "check your answer to the lab's exercise at hand"),
    (":hint", "the next hint for the lab's exercise at hand"),
    (":answer", "a model answer to the lab's exercise at hand"),
];

/// Script words that complete besides function and variable names.
const KEYWORDS: &[&str] = &[
    "let", "const", "fn", "if", "else", "while", "loop", "for", "in", "break", "continue",
    "return", "throw", "try", "catch", "true", "false", "switch", "do", "until", "help",
];

/// The rustyline helper; shares the session with the REPL loop, which only
/// borrows it mutably between `readline` calls.
pub struct ReplHelper {
    session: Rc<RefCell<Session>>,
    /// Every function name the engine knows (domains and Rhai's standard
    /// library), gathered on the first Tab so that startup stays quick.
    builtin: OnceCell<Vec<String>>,
    files: FilenameCompleter,
}

impl ReplHelper {
    pub fn new(session: Rc<RefCell<Session>>) -> ReplHelper {
        ReplHelper {
            session,
            builtin: OnceCell::new(),
            files: FilenameCompleter::new(),
        }
    }

    fn builtin_names(&self) -> &[String] {
        self.builtin.get_or_init(|| {
            let mut names = crate::script::help::names();
            let session = self.session.borrow();
            for sig in session.engine().gen_fn_signatures(true) {
                let name: String = sig
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && name.chars().next().is_some_and(|c| c.is_alphabetic()) {
                    names.push(name);
                }
            }
            names.sort();
            names.dedup();
            names
        })
    }

    /// Completion candidates for `word` (an identifier prefix, or a command
    /// when `command` is set).
    /// Functions whose first parameter has the type of variable `var`'s
    /// value, starting with `word`; `None` when `var` is not a variable.
    pub fn methods(&self, var: &str, word: &str) -> Option<Vec<String>> {
        let session = self.session.borrow();
        let value = session.var(var)?;
        let type_name = session.engine().map_type_name(value.type_name());
        let type_name = type_name
            .rsplit("::")
            .next()
            .unwrap_or(type_name)
            .to_string();
        let type_name = match type_name.as_str() {
            "i64" => "int".to_string(),
            "f64" => "float".to_string(),
            _ => type_name,
        };
        let mut out: Vec<String> = crate::script::help::docs()
            .iter()
            .filter(|d| d.name.starts_with(word))
            .filter(|d| {
                let first = d.signature.split(['(', ',', ')']).nth(1).unwrap_or("");
                let ty = first.rsplit(':').next().unwrap_or("").trim();
                ty == type_name || ty == "any"
            })
            .map(|d| d.name.clone())
            .collect();
        out.sort();
        out.dedup();
        Some(out)
    }

    pub fn candidates(&self, word: &str, command: bool) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if command {
            out.extend(
                COMMANDS
                    .iter()
                    .map(|(c, _)| c.to_string())
                    .filter(|c| c.starts_with(word)),
            );
            return out;
        }
        let session = self.session.borrow();
        out.extend(
            session
                .scope()
                .iter_raw()
                .map(|(name, ..)| name.to_string())
                .chain(crate::script::builtins::names().map(String::from))
                .filter(|n| n.starts_with(word)),
        );
        for defined in [session.functions(), session.lab_functions()] {
            out.extend(
                defined
                    .iter_functions()
                    .map(|f| f.name.to_string())
                    .filter(|n| n.starts_with(word)),
            );
        }
        drop(session);
        out.extend(
            self.builtin_names()
                .iter()
                .filter(|n| n.starts_with(word))
                .cloned(),
        );
        out.extend(
            KEYWORDS
                .iter()
                .filter(|k| k.starts_with(word))
                .map(|k| k.to_string()),
        );
        out.sort();
        out.dedup();
        out
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
        let before = &line[..pos];
        let trimmed = before.trim_start();
        // `:lab NAME` completes lab names, `:load FILE` file names.
        if let Some(prefix) = trimmed.strip_prefix(":lab ") {
            let prefix = prefix.trim_start();
            let pairs = crate::lab::list()
                .into_iter()
                .filter(|l| l.name.starts_with(prefix))
                .map(|l| Pair {
                    display: l.name.clone(),
                    replacement: l.name,
                })
                .collect();
            return Ok((pos - prefix.len(), pairs));
        }
        if trimmed.starts_with(":load ") {
            return self.files.complete(line, pos, ctx);
        }
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
            .last()
            .map_or(pos, |(i, _)| i);
        let word = &before[start..];
        // `value.` completes the functions that take that value first
        // (Rhai calls `g.filled()` as `filled(g)`).
        if let Some(receiver) = before[..start].strip_suffix('.') {
            let var: String = receiver
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if let Some(methods) = self.methods(&var, word) {
                let pairs = methods
                    .into_iter()
                    .map(|m| Pair {
                        display: m.clone(),
                        replacement: m,
                    })
                    .collect();
                return Ok((start, pairs));
            }
        }
        // A command: the first word of the input, starting with ':'.
        let is_command = before.trim_start().starts_with(':') && !before.trim_start().contains(' ');
        let (start, word) = if is_command {
            let s = before.len() - before.trim_start().len();
            (s, before.trim_start())
        } else {
            (start, word)
        };
        if word.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let pairs = self
            .candidates(word, is_command)
            .into_iter()
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((start, pairs))
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
        if super::is_command(trimmed) {
            return Ok(ValidationResult::Valid(None));
        }
        // Two empty lines in a row end the input anyway, so that a stray
        // open bracket can be run (and its error seen) without Ctrl+C.
        if input.ends_with("\n\n") {
            return Ok(ValidationResult::Valid(None));
        }
        if self.session.borrow().is_incomplete(input) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dot_after_a_variable_offers_its_methods() {
        let session = Session::capturing(&crate::script::Limits::default());
        let helper = ReplHelper::new(Rc::new(RefCell::new(session)));
        let m = helper.methods("ym", "fi").unwrap();
        assert!(m.contains(&"filled".to_string()), "{m:?}");
        let all = helper.methods("ym", "").unwrap();
        assert!(all.contains(&"assign".to_string()) && all.contains(&"svg".to_string()));
        // Functions of other types are not offered.
        assert!(!all.contains(&"rect".to_string()), "{all:?}");
        assert!(helper.methods("no_such_variable", "").is_none());
    }
}
