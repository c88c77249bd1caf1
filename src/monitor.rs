//! Progress and cancellation for long-running domain work.
//!
//! Domain code (solvers, batch runs) takes a `&dyn Monitor` so that it can be
//! stopped (Ctrl+C at the prompt) and can say how far it got, without knowing
//! anything about terminals. A script session asks its host for a monitor
//! (the REPL's draws a progress line on a terminal); tests use [`Silent`].

use std::sync::atomic::{AtomicBool, Ordering};

/// How far a long job has got.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// What is being done, e.g. "solving" or "counting".
    pub label: &'static str,
    /// Units of work finished so far (puzzles, search nodes, ...).
    pub done: u64,
    /// Units of work in all, when known.
    pub total: Option<u64>,
    /// Results found so far (solutions, groups, ...).
    pub found: u64,
}

/// Observer of long-running work: asked whether to stop, told how far it got.
///
/// Implementations must be cheap to call: domain loops call `cancelled` often
/// (every few thousand steps) and `report` whenever they like; throttling the
/// display is the monitor's job.
pub trait Monitor: Sync {
    /// True once the user asked to stop; the job then returns what it has.
    fn cancelled(&self) -> bool {
        false
    }
    /// Called with the current progress; may be ignored.
    fn report(&self, _progress: &Progress) {}
}

/// A monitor that never cancels and shows nothing.
pub struct Silent;

impl Monitor for Silent {}

/// A monitor driven by a shared flag, for tests and embedding.
pub struct Flag<'a>(pub &'a AtomicBool);

impl Monitor for Flag<'_> {
    fn cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
