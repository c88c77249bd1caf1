//! What the fuzz targets share: input bytes as text, and a script session
//! that always finishes quickly.
//!
//! A session here is the sandbox a person's script runs in, with tight
//! limits: few operations, short strings and arrays, and a small memory
//! budget (this crate installs the counting allocator, as the binary does,
//! so `--max-memory` works in-process). Native jobs (a solver, a count)
//! are bounded by the host: its monitors say "stop" once the input has run
//! for [`DEADLINE`], as Ctrl+C would, so no input can hang a target.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Once;
use std::time::{Duration, Instant};

use puzzlelab::monitor::Monitor;
use puzzlelab::script::Limits;
use puzzlelab::script::host::Host;
use puzzlelab::script::session::Session;

/// Counted like the binary's allocator, so the memory budget stops a
/// script or a native job that grows past it.
#[global_allocator]
static ALLOCATOR: puzzlelab::memory::Counting<std::alloc::System> =
    puzzlelab::memory::Counting(std::alloc::System);

/// The memory budget of a session's evaluation (libFuzzer's own RSS limit,
/// 2 GB by default, stays well above it).
pub const MEMORY_BUDGET: u64 = 256 << 20;

/// How long one input may run before the host presses "Ctrl+C".
pub const DEADLINE: Duration = Duration::from_millis(500);

/// The bytes as text, bad UTF-8 replaced (the parsers take `&str`).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The sandbox limits a fuzzed script runs under: small enough that every
/// input finishes in well under a second.
pub fn limits() -> Limits {
    Limits {
        max_operations: 200_000,
        max_string_size: 1 << 16,
        max_array_size: 10_000,
        max_map_size: 10_000,
        max_memory: Some(MEMORY_BUDGET),
        ..Limits::default()
    }
}

/// Once per process: the memory budget, and a scratch folder as the
/// current directory, so a script that saves a file writes it there and
/// never into the repository.
pub fn init() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        puzzlelab::memory::set_budget(MEMORY_BUDGET);
        let dir = std::env::temp_dir().join(format!("puzzlelab-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        std::env::set_current_dir(&dir).expect("scratch folder as current directory");
    });
}

/// A host that discards output, answers `read_line` from a list, and
/// stops the evaluation (as Ctrl+C does) once [`DEADLINE`] has passed.
pub struct FuzzHost {
    deadline: Cell<Instant>,
    input: RefCell<VecDeque<String>>,
}

impl FuzzHost {
    /// A host whose deadline starts now, with these answers to read.
    pub fn new(answers: Vec<String>) -> FuzzHost {
        FuzzHost {
            deadline: Cell::new(Instant::now() + DEADLINE),
            input: RefCell::new(answers.into()),
        }
    }

    /// Start the clock again, for the next input run in the same session.
    pub fn restart(&self) {
        self.deadline.set(Instant::now() + DEADLINE);
    }
}

impl Host for FuzzHost {
    fn print(&self, _line: &str) {}
    fn note(&self, _line: &str) {}
    fn read_line(&self) -> Option<String> {
        self.input.borrow_mut().pop_front()
    }
    fn echo_input(&self) -> bool {
        false
    }
    fn colour(&self) -> bool {
        false
    }
    fn cancelled(&self) -> bool {
        Instant::now() >= self.deadline.get()
    }
    // Past the deadline every statement stops: the stop is never consumed.
    fn take_cancel(&self) -> bool {
        self.cancelled()
    }
    fn monitor(&self) -> Box<dyn Monitor> {
        Box::new(DeadlineMonitor {
            deadline: self.deadline.get(),
        })
    }
}

/// A long job's monitor: it says stop once the deadline has passed.
struct DeadlineMonitor {
    deadline: Instant,
}

impl Monitor for DeadlineMonitor {
    fn cancelled(&self) -> bool {
        Instant::now() >= self.deadline
    }
}

/// A sandboxed session on a [`FuzzHost`] whose `read_line` gives `answers`.
pub fn session(answers: Vec<String>) -> Session {
    session_and_host(answers).0
}

/// [`session`], and its host (to restart its clock for the next input).
pub fn session_and_host(answers: Vec<String>) -> (Session, Rc<FuzzHost>) {
    init();
    let host = Rc::new(FuzzHost::new(answers));
    (Session::new(&limits(), host.clone()), host)
}

/// Run `f` on a thread with the binary's evaluation stack size (the REPL
/// evaluates on a 1 GiB stack, `repl::STACK_BYTES`; 256 MiB is plenty for
/// the default nesting limits, even in an instrumented build), passing
/// its panic on to libFuzzer.
pub fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .expect("a thread for the evaluation");
    match worker.join() {
        Ok(value) => value,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}
