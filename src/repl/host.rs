//! The terminal host: how a script session meets the real terminal.
//! `print` goes to stdout and diagnostics to stderr; interactive functions
//! read stdin (the same buffered stdin the piped-script mode reads, so a
//! call and its answers can share one stream); Ctrl+C cancels; long jobs
//! draw an indicatif progress line on stderr when it is a terminal.

use std::io::{BufRead, IsTerminal, Write};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::monitor::{Monitor, Progress};
use crate::script::host::Host;

/// The process-wide interrupt flag: set by the Ctrl+C handler, cleared
/// before each evaluation. Script code sees it through [`Host::cancelled`],
/// domain code through a [`Monitor`].
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// True when a person types at the interactive REPL (set once at start).
pub static AT_PROMPT: AtomicBool = AtomicBool::new(false);

/// Set by the Ctrl+C handler and never cleared: in `run`, `-e` and piped
/// modes a run during which SIGINT arrived exits with status 130, even when
/// the script caught the `stopped (Ctrl+C)` error and went on.
pub static SIGINT_SEEN: AtomicBool = AtomicBool::new(false);

/// The host of every command-line mode.
pub struct TerminalHost {
    colour: bool,
    piped_input: bool,
    progress: bool,
}

impl TerminalHost {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty
    /// (the no-color.org convention); progress when stderr is a terminal.
    pub fn new() -> TerminalHost {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        TerminalHost {
            colour: std::io::stdout().is_terminal() && !no_color,
            piped_input: !std::io::stdin().is_terminal(),
            progress: std::io::stderr().is_terminal(),
        }
    }
}

impl Default for TerminalHost {
    fn default() -> Self {
        TerminalHost::new()
    }
}

impl Host for TerminalHost {
    fn print(&self, line: &str) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
    }

    fn note(&self, line: &str) {
        // What was printed before the note comes first.
        let _ = std::io::stdout().flush();
        eprintln!("{line}");
    }

    fn read_line(&self) -> Option<String> {
        let _ = std::io::stdout().flush();
        if self.piped_input {
            return read_stdin_line();
        }
        // At a terminal the line editor reads the answer: Ctrl+C there stops
        // the function waiting for it at once (a plain read of stdin would
        // go on waiting for Enter), and Ctrl+D ends its input.
        let answer = rustyline::DefaultEditor::new().and_then(|mut editor| editor.readline(""));
        match answer {
            Ok(line) => Some(line),
            Err(rustyline::error::ReadlineError::Interrupted) => {
                INTERRUPTED.store(true, Ordering::Relaxed);
                None
            }
            Err(_) => None,
        }
    }

    fn echo_input(&self) -> bool {
        self.piped_input
    }

    fn colour(&self) -> bool {
        self.colour
    }

    fn cancelled(&self) -> bool {
        INTERRUPTED.load(Ordering::Relaxed)
    }

    fn take_cancel(&self) -> bool {
        INTERRUPTED.swap(false, Ordering::Relaxed)
    }

    fn monitor(&self) -> Box<dyn Monitor> {
        if self.progress {
            Box::new(ProgressLine::new(
                ProgressDrawTarget::term_like_with_hz(Box::new(NarrowStderr::new()), 20),
                Duration::from_millis(300),
            ))
        } else {
            Box::new(CtrlC)
        }
    }
}

/// One line of stdin without its line ending; `None` at the end of input.
/// Std's stdin is one buffered reader for the whole process, so the piped
/// script reader and interactive functions never lose each other's lines.
pub fn read_stdin_line() -> Option<String> {
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            while line.ends_with('\n') || line.ends_with('\r') {
                line.pop();
            }
            Some(line)
        }
    }
}

/// Cancel on Ctrl+C, show nothing (stderr is not a terminal).
struct CtrlC;

impl Monitor for CtrlC {
    fn cancelled(&self) -> bool {
        INTERRUPTED.load(Ordering::Relaxed)
    }
}

/// A one-line progress display: a bar when the total is known, else a
/// spinner. It appears only once a job has run for `delay` (quick jobs
/// draw nothing), never wider than the terminal (the text part is
/// truncated to fit), and is cleared when the monitor is dropped, i.e.
/// before the job's answer is printed.
pub struct ProgressLine {
    start: Instant,
    delay: Duration,
    target: std::sync::Mutex<Option<ProgressDrawTarget>>,
    bar: OnceLock<ProgressBar>,
}

impl ProgressLine {
    /// A progress line drawn on `target` once the job has run for `delay`.
    pub fn new(target: ProgressDrawTarget, delay: Duration) -> ProgressLine {
        ProgressLine {
            start: Instant::now(),
            delay,
            target: std::sync::Mutex::new(Some(target)),
            bar: OnceLock::new(),
        }
    }

    fn bar(&self, total: Option<u64>, label: &str) -> &ProgressBar {
        self.bar.get_or_init(|| {
            let target = self
                .target
                .lock()
                .ok()
                .and_then(|mut t| t.take())
                .unwrap_or_else(ProgressDrawTarget::hidden);
            let (bar, template) = match total {
                Some(total) => (
                    ProgressBar::with_draw_target(Some(total), target),
                    "{prefix} [{bar:16}] {wide_msg}",
                ),
                None => (
                    ProgressBar::with_draw_target(None, target),
                    "{spinner} {prefix}: {wide_msg}",
                ),
            };
            let style = ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("#>-");
            bar.set_style(style);
            bar.set_prefix(label.to_string());
            bar
        })
    }
}

impl Monitor for ProgressLine {
    fn cancelled(&self) -> bool {
        INTERRUPTED.load(Ordering::Relaxed)
    }

    fn report(&self, p: &Progress) {
        let secs = self.start.elapsed();
        if secs < self.delay {
            return;
        }
        let total = p.total.filter(|&t| t > 0);
        let bar = self.bar(total, p.label);
        let rate = p.done as f64 / secs.as_secs_f64().max(1e-9);
        let done = match total {
            Some(total) => format!("{}/{total}", p.done.min(total)),
            None => format!("{} done", p.done),
        };
        bar.set_message(format!(
            "{done}, found {}, {rate:.0}/s, {:.1}s; Ctrl+C stops",
            p.found,
            secs.as_secs_f64()
        ));
        match total {
            Some(_) => bar.set_position(p.done),
            None => bar.tick(),
        }
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

/// Stderr as indicatif sees it, three columns narrower than the terminal.
/// The `^C` the terminal echoes on Ctrl+C goes after the progress line; had
/// the line filled the row, the echo would wrap to a new row, and the clear
/// before the answer would wipe that row instead of the progress line.
#[derive(Debug)]
struct NarrowStderr(console::Term);

impl NarrowStderr {
    fn new() -> NarrowStderr {
        NarrowStderr(console::Term::stderr())
    }
}

impl indicatif::TermLike for NarrowStderr {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(3).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use indicatif::TermLike;

    use super::*;

    /// An 80-column terminal that keeps what is written and whether the
    /// line was cleared last.
    #[derive(Debug, Default, Clone)]
    struct Screen(Arc<Mutex<Vec<String>>>);

    impl Screen {
        fn push(&self, s: String) -> std::io::Result<()> {
            self.0.lock().unwrap().push(s);
            Ok(())
        }
    }

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.push(s.to_string())
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.push(s.to_string())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            self.push("<clear>".to_string())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn run(total: Option<u64>) -> Vec<String> {
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like_with_hz(Box::new(screen.clone()), 100);
        let line = ProgressLine::new(target, Duration::ZERO);
        for done in [1, 1_000, 123_456_789_012] {
            line.report(&Progress {
                label: "canonical forms",
                done,
                total: total.map(|t| t.max(done)),
                found: 987_654_321,
            });
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(line);
        screen.0.lock().unwrap().clone()
    }

    #[test]
    fn progress_fits_80_columns_and_is_cleared() {
        for total in [None, Some(200_000_000_000)] {
            let written = run(total);
            let drawn: Vec<&String> = written.iter().filter(|s| s.contains("found")).collect();
            assert!(!drawn.is_empty(), "nothing drawn: {written:?}");
            for s in &drawn {
                assert!(
                    s.chars().count() <= 80,
                    "{} columns: {s:?}",
                    s.chars().count()
                );
                assert!(s.contains("canonical forms"), "{s:?}");
            }
            assert_eq!(
                written.last().map(String::as_str),
                Some("<clear>"),
                "{written:?}"
            );
        }
    }

    #[test]
    fn quick_jobs_draw_nothing() {
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like(Box::new(screen.clone()));
        let line = ProgressLine::new(target, Duration::from_secs(60));
        line.report(&Progress {
            label: "solving",
            done: 5,
            total: Some(10),
            found: 0,
        });
        drop(line);
        assert!(screen.0.lock().unwrap().is_empty());
    }
}
