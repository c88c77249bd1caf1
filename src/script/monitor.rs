//! The monitor scripts hand to long-running domain work: it stops the work on
//! Ctrl+C (the global interrupt flag) and, when stderr is a terminal, draws a
//! one-line progress display that it clears when done.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::monitor::{INTERRUPTED, Monitor, Progress};

/// Progress on stderr (only when it is a terminal), cancel on Ctrl+C.
pub struct TerminalMonitor {
    start: Instant,
    show: bool,
    last: Mutex<Option<Instant>>,
}

impl Default for TerminalMonitor {
    fn default() -> Self {
        TerminalMonitor::new()
    }
}

impl TerminalMonitor {
    /// A monitor that draws on stderr if stderr is a terminal.
    pub fn new() -> TerminalMonitor {
        TerminalMonitor {
            start: Instant::now(),
            show: std::io::stderr().is_terminal(),
            last: Mutex::new(None),
        }
    }

    /// Seconds since the monitor was made.
    pub fn elapsed(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}

impl Monitor for TerminalMonitor {
    fn cancelled(&self) -> bool {
        INTERRUPTED.load(Ordering::Relaxed)
    }

    fn report(&self, p: &Progress) {
        if !self.show {
            return;
        }
        let now = Instant::now();
        {
            let Ok(mut last) = self.last.lock() else {
                return;
            };
            if let Some(t) = *last
                && now.duration_since(t) < Duration::from_millis(100)
            {
                return;
            }
            *last = Some(now);
        }
        let secs = self.elapsed().max(1e-9);
        let rate = p.done as f64 / secs;
        let line = match p.total {
            Some(total) if total > 0 => {
                let width = 30usize;
                let filled = ((p.done.min(total) as f64 / total as f64) * width as f64) as usize;
                format!(
                    "{} [{}{}] {}/{} ({:.0}/s, {:.1}s, found {}) Ctrl+C stops",
                    p.label,
                    "#".repeat(filled),
                    "-".repeat(width - filled),
                    p.done,
                    total,
                    rate,
                    secs,
                    p.found
                )
            }
            _ => format!(
                "{}: {} done, found {} ({:.0}/s, {:.1}s) Ctrl+C stops",
                p.label, p.done, p.found, rate, secs
            ),
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{line}");
        let _ = err.flush();
    }
}

impl Drop for TerminalMonitor {
    fn drop(&mut self) {
        let drew = self.last.lock().map(|l| l.is_some()).unwrap_or(false);
        if self.show && drew {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }
}
