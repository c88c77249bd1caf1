//! Labs: step-by-step lessons in the manner of J's Labs.
//!
//! (Being built: see the labs issue.) The REPL talks to labs only through
//! [`LabState`] and [`print_transcript`]/[`list`]; keep these signatures.

use crate::script::Limits;
use crate::script::session::Session;

/// A lab as listed by `:lab` / `puzzlelab lab`.
#[derive(Clone, Debug)]
pub struct LabInfo {
    /// Name to open it by, e.g. `sudoku`.
    pub name: String,
    /// Its title line.
    pub title: String,
    /// Number of sections.
    pub sections: usize,
}

/// Every lab available.
pub fn list() -> Vec<LabInfo> {
    Vec::new()
}

/// The whole transcript of lab `name` (print mode). `Err` names file:line of
/// the first section that failed (the transcript so far is in the message).
pub fn print_transcript(name: &str, _limits: &Limits) -> Result<String, String> {
    Err(format!("no lab named {name:?}: labs are being built"))
}

/// The lab being taken inside a REPL session, if any.
#[derive(Default)]
pub struct LabState {}

impl LabState {
    /// Handle a REPL line if it is a lab command (`:lab`, `:lab NAME`,
    /// `:next`, `:back`, `:goto N`, `:toc`, `:restart`, `:quit`): returns
    /// the text to show, or `None` when the line is not a lab command.
    pub fn command(&mut self, _line: &str, _session: &mut Session) -> Option<String> {
        None
    }

    /// True while a lab is open (then Ctrl+A on an empty line means `:next`).
    pub fn active(&self) -> bool {
        false
    }
}
