//! The session's commands, as a library: `:vars`, `:fns`, `:type`,
//! `:limits`, `:reset`, `:load`, `:help`, `:more` and `help`, the lab's
//! commands (passed to [`LabState`] unchanged), and what a front end needs
//! besides: evaluate a chunk (its value shown, or its error worded with
//! "did you mean"), complete a line, tell whether code is complete, help
//! for a name. In the manner of evcxr's `CommandContext`: the terminal REPL,
//! a notebook kernel and the tests all drive a [`CommandContext`] and show
//! the text it returns; nothing here prints or knows the terminal.

use rhai::Dynamic;

use crate::lab::LabState;
use crate::reading::{MAX_TEXT, TextError, read_text_with};
use crate::script::Limits;
use crate::script::session::{EvalError, Session};

mod complete;
mod errors;
mod listing;
mod page;

pub use complete::Completion;
pub use errors::{caret, describe_error, did_you_mean};
pub use page::page;

/// The commands with a one-line description, for `:help` and completion.
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
        "the next screenful of a long value or answer that was cut short",
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

/// What a command answers: text to show, an error to show, and whether
/// the person asked to leave.
#[derive(Debug, Default, PartialEq)]
pub struct Reply {
    /// The answer (standard output); empty for none.
    pub text: String,
    /// What went wrong (standard error); empty when the command worked.
    pub error: String,
    /// Leave puzzlelab.
    pub quit: bool,
}

impl Reply {
    fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    fn error(error: impl Into<String>) -> Reply {
        Reply {
            error: error.into(),
            ..Reply::default()
        }
    }

    /// True when the command failed (non-interactive modes then stop).
    pub fn failed(&self) -> bool {
        !self.error.is_empty()
    }
}

/// Why a chunk did not run to its end, worded for a person.
#[derive(Debug)]
pub struct Failure {
    /// The error itself (whether it was a stop, and by what).
    pub error: EvalError,
    /// `origin:line:col: message`, then the flag that raises a sandbox
    /// limit that stopped it.
    pub message: String,
    /// The line the error points at with a `^` under its column.
    pub caret: Option<String>,
    /// "did you mean ...?" for a name not found.
    pub hint: Option<String>,
}

impl Failure {
    /// The message, the caret line (when `with_caret`) and the hint, one
    /// per line.
    pub fn text(&self, with_caret: bool) -> String {
        let mut parts = vec![self.message.clone()];
        if with_caret && let Some(c) = &self.caret {
            parts.push(c.clone());
        }
        parts.extend(self.hint.clone());
        parts.join("\n")
    }
}

/// A session and the lab open in it, driven by lines of text.
pub struct CommandContext {
    session: Session,
    lab: LabState,
    limits: Limits,
    /// Lines on the screen: longer answers and values are cut after a
    /// screenful, the rest kept for `:more`. `None`: never cut.
    rows: Option<usize>,
    /// What is left of the last long answer, for `:more`.
    more: Option<String>,
    /// Every built-in function name, gathered when completion first needs it.
    builtin_names: std::cell::OnceCell<Vec<String>>,
}

impl CommandContext {
    /// Commands over `session` with `lab` (closed or open) and the limits a
    /// `:reset` session gets.
    pub fn new(session: Session, lab: LabState, limits: &Limits) -> CommandContext {
        CommandContext {
            session,
            lab,
            limits: limits.clone(),
            rows: None,
            more: None,
            builtin_names: std::cell::OnceCell::new(),
        }
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session, to change (set a variable, allow programs).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// The lab runner (which lab is open, where).
    pub fn lab(&self) -> &LabState {
        &self.lab
    }

    /// The sandbox limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Cut answers and values after `rows` lines (a screen's height), or
    /// never (`None`, the default: batch modes, notebooks).
    pub fn set_rows(&mut self, rows: Option<usize>) {
        self.rows = rows;
    }

    /// `text` cut to a screenful when paging, the rest kept for `:more`.
    fn paged(&mut self, text: String) -> String {
        let Some(rows) = self.rows else {
            return text;
        };
        let (head, rest) = page(&text, rows);
        self.more = rest;
        head
    }

    /// Evaluate a chunk of code. Its value is kept as `_` and returned as
    /// the text to show (cut to a screenful when paging); an error is
    /// located as `origin:line:col` (`first_line` is the chunk's first line
    /// in `origin`) and comes with "did you mean" when a name was not found.
    pub fn evaluate(
        &mut self,
        code: &str,
        origin: &str,
        first_line: usize,
    ) -> Result<String, Box<Failure>> {
        match self.session.eval(code) {
            Ok(value) => {
                self.session.set_last(&value);
                match self.session.try_show(&value) {
                    Ok(shown) => Ok(self.paged(shown)),
                    Err(error) => Err(Box::new(self.failure(error, code, origin, first_line))),
                }
            }
            Err(error) => Err(Box::new(self.failure(error, code, origin, first_line))),
        }
    }

    /// Evaluate a chunk and return its value itself, kept as `_`: a front
    /// end that shows values its own way (a notebook showing an SVG
    /// picture as an image) takes this instead of [`CommandContext::evaluate`].
    pub fn value(&mut self, code: &str) -> Result<Dynamic, EvalError> {
        let value = self.session.eval(code)?;
        self.session.set_last(&value);
        Ok(value)
    }

    fn failure(&self, error: EvalError, code: &str, origin: &str, first_line: usize) -> Failure {
        Failure {
            message: describe_error(&error, origin, first_line, &self.limits),
            caret: caret(code, &error),
            hint: did_you_mean(&error, &self.session),
            error,
        }
    }

    /// True when `code` needs more lines before it can run (see
    /// [`crate::script::complete`]).
    pub fn is_incomplete(&self, code: &str) -> bool {
        self.session.is_incomplete(code)
    }

    /// `code` as the inputs a reader would type one after another at the
    /// prompt, each with the line (1-based) it starts on: an input ends at
    /// the first line where it is complete, as a lab's inputs do; blank
    /// lines between inputs are dropped. An input still open at the end is
    /// kept, to fail with the parser's words.
    pub fn split_inputs(&self, code: &str) -> Vec<(usize, String)> {
        let mut inputs = Vec::new();
        let mut current: Option<(usize, String)> = None;
        for (n, line) in code.lines().enumerate() {
            match current.as_mut() {
                None if line.trim().is_empty() => continue,
                None => current = Some((n + 1, line.to_string())),
                Some((_, text)) => {
                    text.push('\n');
                    text.push_str(line);
                }
            }
            if current
                .as_ref()
                .is_some_and(|(_, text)| !self.session.is_incomplete(text))
            {
                inputs.extend(current.take());
            }
        }
        inputs.extend(current);
        inputs
    }

    /// What `help("name")` shows.
    pub fn help(&self, name: &str) -> String {
        crate::script::help::help_text(name)
    }

    /// Completions for `line` with the cursor at byte `pos`.
    pub fn complete(&self, line: &str, pos: usize) -> Completion {
        complete::complete(self, line, pos)
    }

    /// Run a script file in the session (`:load`); its errors are located
    /// in `file`.
    pub fn run_file(&mut self, file: &str) -> Result<(), String> {
        let host = self.session.host().clone();
        let monitor = crate::script::host::monitor_of(&*host);
        let read = read_text_with(std::path::Path::new(file), MAX_TEXT, &*monitor);
        drop(monitor);
        let text = read.map_err(|e| match e {
            // A FIFO no one writes, stopped by Ctrl+C: the stop rule's words.
            TextError::Stopped { .. } => {
                host.take_cancel();
                crate::script::host::stop_text(&*host, format!("reading {file}: nothing run"))
            }
            e => format!("{e:#}"),
        })?;
        self.session
            .eval(&strip_shebang(&text))
            .map(|_| ())
            .map_err(|e| describe_error(&e, file, 1, &self.limits))
    }

    /// A line that [`is_command`]: first offered to the lab, then the
    /// commands of this module.
    pub fn command(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line == "quit" || line == "exit" {
            return Reply {
                quit: true,
                ..Reply::default()
            };
        }
        if line == "help" || line == "help()" {
            return Reply::text(self.paged(crate::script::help::overview()));
        }
        if line == ":more" {
            return match self.more.take() {
                Some(rest) => Reply::text(self.paged(rest)),
                None => Reply::error(":more: nothing left to show"),
            };
        }
        if let Some(text) = self.lab.command(line, &mut self.session) {
            return Reply::text(self.paged(text));
        }
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let text = match name {
            ":help" | ":h" | ":?" => listing::command_help(),
            ":quit" | ":q" | ":exit" => {
                return Reply {
                    quit: true,
                    ..Reply::default()
                };
            }
            ":vars" => listing::vars(&self.session),
            ":fns" => listing::fns(&self.session),
            ":limits" => listing::limits_text(&self.limits),
            ":reset" => self.reset(),
            ":load" if rest.is_empty() => return Reply::error(":load needs a file name"),
            ":load" => {
                // `:load FILE ARGS...`: the script sees ARGS as `puzzlelab run` gives them.
                let mut words = rest.split_whitespace();
                let file = words.next().unwrap_or_default();
                let args: rhai::Array = words.map(|w| Dynamic::from(w.to_string())).collect();
                self.session.set_var("ARGS", args);
                if let Err(e) = self.run_file(file) {
                    return Reply::error(e);
                }
                String::new()
            }
            ":type" if rest.is_empty() => {
                return Reply::error(":type needs an expression, e.g. :type free(ym)");
            }
            ":type" => match self.session.eval(rest) {
                Ok(v) => listing::type_name(&self.session, &v),
                Err(e) => return Reply::error(self.failure(e, rest, "<:type>", 1).text(false)),
            },
            ":lab" => crate::lab::list_text(),
            _ => return Reply::error(format!("unknown command {name}; :help lists the commands")),
        };
        Reply::text(self.paged(text))
    }

    /// `:reset`: a fresh session on the same host (capturing as before);
    /// inside a lab, the names its sections made come back.
    fn reset(&mut self) -> String {
        let mut fresh = Session::new(&self.limits, self.session.host().clone());
        fresh.set_capture(self.session.set_capture(false));
        fresh.set_var("ARGS", rhai::Array::new());
        self.session = fresh;
        let mut text = String::from("a fresh session: your variables and functions are gone");
        if let Some(replayed) = self.lab.replay(&mut self.session) {
            text.push('\n');
            text.push_str(&replayed);
        }
        text
    }
}

/// Is this line a command rather than code? (`:name ...`, `help`, and bare
/// `quit` / `exit`, which people type out of habit.)
pub fn is_command(line: &str) -> bool {
    let t = line.trim();
    t.starts_with(':') || matches!(t, "help" | "quit" | "exit")
}

/// Script text with a `#!` first line blanked (line numbers kept).
pub fn strip_shebang(text: &str) -> String {
    if text.starts_with("#!") {
        match text.find('\n') {
            Some(end) => text[end..].to_string(),
            None => String::new(),
        }
    } else {
        text.to_string()
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
}
