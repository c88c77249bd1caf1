//! The outside world as a script session sees it.
//!
//! Everything a script function may need beyond its arguments (where
//! `print` goes, a line of input for an interactive function, whether to
//! colour, a monitor for long work that also says when to stop) comes from
//! the session's [`Host`]. The script layer itself never touches a terminal:
//! `repl` provides the terminal host, tests and labs a [`RecordingHost`].
//!
//! A script function reaches the host through its call context:
//! [`host`]`(&ctx)`, or [`monitor`]`(&ctx)` for a long job. The session puts
//! the host in the engine's default tag, so every evaluation carries it.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rhai::{EvalAltResult, NativeCallContext};

use crate::monitor::{Monitor, Progress};

/// What a session needs from the world around it.
pub trait Host {
    /// One line of script output (`print`, interactive functions' text).
    fn print(&self, line: &str);
    /// One line of diagnostics (`debug`, warnings such as skipped lines).
    fn note(&self, line: &str);
    /// The next line of input for an interactive function, without its line
    /// ending; `None` at the end of input.
    fn read_line(&self) -> Option<String>;
    /// True when answers read by [`Host::read_line`] should be echoed
    /// because nobody typed them where they can be seen (piped input).
    fn echo_input(&self) -> bool;
    /// Whether drawings may use colour.
    fn colour(&self) -> bool;
    /// True once the user asked to stop the running evaluation.
    fn cancelled(&self) -> bool;
    /// Clear the request to stop and say whether there was one. The
    /// operation that reports a stop consumes it this way, so whatever runs
    /// next (a `catch`, the next statement, section or prompt) starts clean.
    fn take_cancel(&self) -> bool;
    /// What asked the running evaluation to stop, as a stop's message names
    /// it: `Ctrl+C`, or a signal such as `SIGTERM`.
    fn stop_cause(&self) -> &'static str {
        "Ctrl+C"
    }
    /// A monitor for one long job: it cancels with [`Host::cancelled`] and
    /// may show progress. Dropping it removes any progress display, so it
    /// must be dropped before the job's answer is printed.
    fn monitor(&self) -> Box<dyn Monitor>;
    /// Show a value in the middle of an evaluation (`display(value)`): its
    /// text as the REPL prints it, and its SVG picture when it has one.
    /// False when this host has no richer way than printing the text (the
    /// caller then prints it).
    fn display(&self, _text: &str, _svg: Option<&str>) -> bool {
        false
    }
}

/// What every evaluation of a session carries in the engine's tag (the one
/// slot Rhai offers; a `Dynamic` must be `Clone`): the host, whether
/// scripts may run installed programs (see `script::exec`), and the shard
/// a batch runs when its call names none (see `script::shard`).
#[derive(Clone)]
pub(crate) struct HostTag {
    pub host: Rc<dyn Host>,
    pub allow_exec: bool,
    pub shard: Option<crate::shard::Shard>,
}

impl HostTag {
    /// The tag of an evaluation, if it has one.
    pub fn of(ctx: &NativeCallContext) -> Option<HostTag> {
        ctx.tag().and_then(|tag| tag.clone().try_cast::<HostTag>())
    }
}

/// The session's host, seen from a script function.
pub fn host(ctx: &NativeCallContext) -> Rc<dyn Host> {
    HostTag::of(ctx).map_or_else(
        || Rc::new(RecordingHost::default()) as Rc<dyn Host>,
        |t| t.host,
    )
}

/// A monitor for a long job started by a script function (see [`Host::monitor`]).
pub fn monitor(ctx: &NativeCallContext) -> Box<dyn Monitor> {
    monitor_of(&*host(ctx))
}

/// A monitor for one long job of `host`: it stops on Ctrl+C and when the
/// memory budget is exceeded (see [`Budgeted`]).
pub fn monitor_of(host: &dyn Host) -> Box<dyn Monitor> {
    Box::new(Budgeted(host.monitor()))
}

/// How every long operation stopped by Ctrl+C ends (the interruption rule,
/// see ARCHITECTURE.md): a catchable error whose message starts
/// `stopped (Ctrl+C)` and goes on with `what` (what was finished, and that
/// the answer is partial or absent). The interrupt is consumed here.
pub fn stopped(ctx: &NativeCallContext, what: impl std::fmt::Display) -> Box<EvalAltResult> {
    host(ctx).take_cancel();
    super::error(stop_text(&*host(ctx), what))
}

/// The message of a stopped operation: `stopped (Ctrl+C) {what}` (or the
/// host's other cause, e.g. `stopped (SIGTERM)`), or, when the memory
/// budget stopped it, `memory limit (4.0 GiB) reached {what}; raise it with
/// --max-memory`. Clears the memory budget's trip record.
pub fn stop_text(host: &dyn Host, what: impl std::fmt::Display) -> String {
    if crate::memory::take_tripped() {
        format!(
            "{MEMORY_STOPPED} ({}) reached {what}; raise it with --max-memory",
            crate::memory::format_size(crate::memory::budget())
        )
    } else {
        format!("{STOPPED_BY}{}) {what}", host.stop_cause())
    }
}

/// The note a batch that returns a partial summary instead of an error
/// (`solve_file`, `rate_file`) writes as it stops: a figure taken from the
/// summary prints like a complete one, so the diagnostics say it is not.
/// After a stop signal (SIGTERM, SIGHUP) nothing more runs, and the run's
/// own last words say it stopped: no note.
pub fn note_partial(host: &dyn Host, what: impl std::fmt::Display) {
    if host.stop_cause() != "Ctrl+C" {
        return;
    }
    host.note(&stop_text(
        host,
        format!(
            "{what}: the summary is partial (\"stopped\": true), and so is any figure taken from it"
        ),
    ));
}

/// The words every operation stopped by Ctrl+C starts its message with.
pub const STOPPED: &str = "stopped (Ctrl+C)";

/// The words every operation stopped by a person (Ctrl+C, or a stop
/// signal: `stopped (SIGTERM)`) starts its message with.
pub const STOPPED_BY: &str = "stopped (";

/// The words every operation stopped by the memory budget starts with.
pub const MEMORY_STOPPED: &str = "memory limit";

/// A monitor that also stops when the memory budget is exceeded: every host
/// hands out its monitors through this, so native loops that poll for
/// Ctrl+C also keep to the budget.
pub struct Budgeted(pub Box<dyn Monitor>);

impl Monitor for Budgeted {
    fn cancelled(&self) -> bool {
        self.0.cancelled() || crate::memory::over_budget()
    }

    fn report(&self, progress: &Progress) {
        self.0.report(progress)
    }
}

/// A host that keeps everything in memory: output and notes are recorded,
/// input comes from a list, colour is off, and [`RecordingHost::cancel`]
/// stops the running evaluation. Tests and lab transcripts use it.
#[derive(Default)]
pub struct RecordingHost {
    printed: RefCell<Vec<String>>,
    notes: RefCell<Vec<String>>,
    input: RefCell<VecDeque<String>>,
    stop: Arc<AtomicBool>,
    reports: Arc<AtomicU64>,
    /// Checks by long jobs' monitors left before Ctrl+C is pressed (0: none
    /// planned).
    stop_after_checks: Arc<AtomicU64>,
    /// Work (a progress report's `done`) after which the next check presses
    /// Ctrl+C (0: none planned).
    stop_after_done: Arc<AtomicU64>,
}

/// An input line for [`RecordingHost::with_input`] that stands for Ctrl+C
/// pressed at that prompt (the control character the key sends).
pub const CTRL_C: &str = "\u{3}";

impl RecordingHost {
    /// A host whose [`Host::read_line`] returns `lines` one by one; a
    /// [`CTRL_C`] line presses Ctrl+C at that prompt instead.
    pub fn with_input<I: IntoIterator<Item = S>, S: Into<String>>(lines: I) -> RecordingHost {
        let host = RecordingHost::default();
        host.input
            .borrow_mut()
            .extend(lines.into_iter().map(Into::into));
        host
    }

    /// The lines printed so far (not those a capturing session kept).
    pub fn printed(&self) -> Vec<String> {
        self.printed.borrow().clone()
    }

    /// The diagnostic lines so far.
    pub fn notes(&self) -> Vec<String> {
        self.notes.borrow().clone()
    }

    /// Ask the running (or next) evaluation to stop, as Ctrl+C does.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Press Ctrl+C while the next long job runs (when it first asks its
    /// monitor whether to stop), i.e. while native code runs and script
    /// code is not looking: how a test stops one operation of a statement.
    pub fn cancel_next_job(&self) {
        self.cancel_after_checks(1);
    }

    /// Press Ctrl+C when long jobs' monitors have been asked `n` times in
    /// all: how a test stops a job in the middle of its work.
    pub fn cancel_after_checks(&self, n: u64) {
        self.stop_after_checks.store(n, Ordering::Relaxed);
    }

    /// Press Ctrl+C at the first monitor check after a long job has
    /// reported `n` units of work done: the job is then provably inside its
    /// loop, so a job that asks its monitor only before its loop is not
    /// stopped and a test sees it run on.
    pub fn cancel_after_work(&self, n: u64) {
        self.stop_after_done.store(n.max(1), Ordering::Relaxed);
    }

    /// How many progress reports long jobs have made.
    pub fn progress_reports(&self) -> u64 {
        self.reports.load(Ordering::Relaxed)
    }
}

impl Host for RecordingHost {
    fn print(&self, line: &str) {
        self.printed.borrow_mut().push(line.to_string());
    }

    fn note(&self, line: &str) {
        self.notes.borrow_mut().push(line.to_string());
    }

    fn read_line(&self) -> Option<String> {
        let line = self.input.borrow_mut().pop_front();
        if line.as_deref() == Some(CTRL_C) {
            self.cancel();
            return None;
        }
        line
    }

    fn echo_input(&self) -> bool {
        true
    }

    fn colour(&self) -> bool {
        false
    }

    fn cancelled(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn take_cancel(&self) -> bool {
        self.stop.swap(false, Ordering::Relaxed)
    }

    fn monitor(&self) -> Box<dyn Monitor> {
        Box::new(RecordingMonitor {
            stop_after_checks: self.stop_after_checks.clone(),
            stop_after_done: self.stop_after_done.clone(),
            stop: self.stop.clone(),
            reports: self.reports.clone(),
        })
    }
}

struct RecordingMonitor {
    stop_after_checks: Arc<AtomicU64>,
    stop_after_done: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    reports: Arc<AtomicU64>,
}

impl Monitor for RecordingMonitor {
    fn cancelled(&self) -> bool {
        // Count down; the check that reaches 0 presses Ctrl+C.
        let left = self
            .stop_after_checks
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        if left == Ok(1) {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.stop.load(Ordering::Relaxed)
    }

    fn report(&self, progress: &Progress) {
        self.reports.fetch_add(1, Ordering::Relaxed);
        let n = self.stop_after_done.load(Ordering::Relaxed);
        if n > 0
            && progress.done >= n
            && self
                .stop_after_done
                .compare_exchange(n, 0, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            // The next check, after this work, presses Ctrl+C.
            self.stop_after_checks.store(1, Ordering::Relaxed);
        }
    }
}
