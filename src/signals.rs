//! The process's stop state, shared by the front ends (the REPL's modes
//! and the notebook kernel), so that the kernel does not lean on the
//! terminal front end: the interrupt flag Ctrl+C (or the notebook's
//! interrupt button) sets, the signal that ends the run (SIGTERM, SIGHUP),
//! whether code is running, and leaving at once ([`leave_now`]: outside
//! programs killed, temporary files removed). Each front end's host reads
//! the flags; each front end says with [`install`] what SIGINT does for it.
//!
//! Its one write is the line on stderr that says why the process leaves,
//! our own words, which need no escaping.

use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

/// The process-wide interrupt flag: set by Ctrl+C (the notebook's interrupt
/// button), cleared before each evaluation. Script code sees it through
/// the host's `cancelled`, domain code through a `Monitor`.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The signal (SIGTERM, SIGHUP) that asked the whole run to end, 0 while
/// none did. Unlike Ctrl+C it is never consumed: every job and statement
/// after it stops too, and the exit status is 128 + its number.
pub static STOP_SIGNAL: AtomicI32 = AtomicI32::new(0);

/// True while code runs (a statement, a lab command, a cell); a stop
/// signal that arrives when nothing runs leaves at once.
pub static BUSY: AtomicBool = AtomicBool::new(false);

/// How long running code has, after SIGTERM or SIGHUP, to stop and let
/// the run end in order (temporary files removed by their owners) before
/// the process leaves anyway (see [`leave_now`]).
const STOP_GRACE: Duration = Duration::from_secs(3);

/// Whether running code should stop: Ctrl+C, or a signal ending the run.
pub fn stop_asked() -> bool {
    INTERRUPTED.load(Ordering::Relaxed) || STOP_SIGNAL.load(Ordering::Relaxed) != 0
}

/// What stopped the running code, for the `stopped (...)` message.
pub fn stop_cause() -> &'static str {
    // Numbered as POSIX numbers them (SIGHUP 1, SIGTERM 15).
    match STOP_SIGNAL.load(Ordering::Relaxed) {
        0 => "Ctrl+C",
        1 => "SIGHUP",
        15 => "SIGTERM",
        _ => "a signal",
    }
}

/// Marks code as running until dropped (see [`BUSY`]).
pub struct Busy(bool);

impl Busy {
    /// Code starts running.
    pub fn start() -> Busy {
        Busy(BUSY.swap(true, Ordering::SeqCst))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        BUSY.store(self.0, Ordering::SeqCst);
    }
}

/// What the front end must undo before the process leaves at once (the
/// REPL puts the terminal's settings back), set once.
static AT_LEAVING: OnceLock<fn()> = OnceLock::new();

/// Have [`leave_now`] call `undo` last (the first call wins).
pub fn at_leaving(undo: fn()) {
    let _ = AT_LEAVING.set(undo);
}

/// Leave the process now with `code`, without unwinding: an outside
/// program still running is killed with its whole process group,
/// temporary files being written are removed, and what the front end set
/// with [`at_leaving`] is undone.
pub fn leave_now(code: i32) -> ! {
    crate::process::kill_all();
    crate::files::remove_temporaries();
    if let Some(undo) = AT_LEAVING.get() {
        undo();
    }
    std::process::exit(code)
}

/// Say on stderr, at once, why the process leaves.
pub fn say_leaving(line: &str) {
    let _ = std::io::stderr()
        .lock()
        .write_all(format!("{line}\n").as_bytes());
}

/// The name of a stop signal, for messages.
pub fn signal_name(signal: i32) -> String {
    #[cfg(unix)]
    if let Ok(s) = nix::sys::signal::Signal::try_from(signal) {
        return s.as_str().to_string();
    }
    format!("signal {signal}")
}

/// SIGTERM or SIGHUP: running code is stopped through [`INTERRUPTED`] (so
/// jobs clean up as after Ctrl+C: an unfinished output file's temporary is
/// removed, an outside solver killed), nothing runs after it, and the exit
/// status is 128 + the signal (143, 129). With no code running, at a
/// second such signal, or when the code has not stopped after
/// [`STOP_GRACE`], the process leaves at once ([`leave_now`]).
pub fn on_stop_signal(signal: i32) {
    let first = STOP_SIGNAL
        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok();
    INTERRUPTED.store(true, Ordering::SeqCst);
    let code = 128 + signal;
    if !first || !BUSY.load(Ordering::SeqCst) {
        say_leaving(&format!("\nstopped by {}: leaving", signal_name(signal)));
        leave_now(code);
    }
    let _ = std::thread::Builder::new()
        .name("stop-grace".into())
        .spawn(move || {
            std::thread::sleep(STOP_GRACE);
            say_leaving(&format!(
                "\nstopped by {}: the running code did not stop within {} s; leaving",
                signal_name(signal),
                STOP_GRACE.as_secs()
            ));
            leave_now(code);
        });
}

/// Listen for the signals: SIGINT calls `on_interrupt` (each front end
/// decides what Ctrl+C does), SIGTERM and SIGHUP [`on_stop_signal`].
///
/// signal-hook rather than ctrlc: its handler thread is told which signal
/// came, and the exit status depends on it.
#[cfg(unix)]
pub fn install(on_interrupt: impl Fn() + Send + 'static) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if signal == SIGINT {
                    on_interrupt();
                } else {
                    on_stop_signal(signal);
                }
            }
        });
}

/// Ctrl+C where signals are not Unix's.
#[cfg(not(unix))]
pub fn install(on_interrupt: impl Fn() + Send + 'static) {
    let _ = ctrlc::set_handler(on_interrupt);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_signal_names_its_cause_and_is_never_consumed() {
        assert_eq!(
            signal_name(15),
            if cfg!(unix) { "SIGTERM" } else { "signal 15" }
        );
        // The flags are the process's: this test is the only one that sets
        // them in the library's test binary.
        assert_eq!(stop_cause(), "Ctrl+C");
        INTERRUPTED.store(true, Ordering::Relaxed);
        assert!(stop_asked());
        INTERRUPTED.store(false, Ordering::Relaxed);
        assert!(!stop_asked());
        {
            let _outer = Busy::start();
            {
                let _inner = Busy::start();
            }
            assert!(
                BUSY.load(Ordering::SeqCst),
                "an inner Busy keeps the outer's mark"
            );
        }
        assert!(!BUSY.load(Ordering::SeqCst));
    }
}
