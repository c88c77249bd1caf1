//! The terminal host: how a script session meets the real terminal.
//! `print` goes to stdout and diagnostics to stderr; interactive functions
//! read stdin (the same buffered stdin the piped-script mode reads, so a
//! call and its answers can share one stream); Ctrl+C cancels; long jobs
//! draw an indicatif progress line on stderr when it is a terminal.

use std::collections::VecDeque;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::monitor::{Monitor, Progress};
use crate::script::host::Host;
use crate::signals::{INTERRUPTED, STOP_SIGNAL, leave_now, stop_asked};

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
    /// Colour as [`colour_on`] says; progress when stderr is a terminal.
    pub fn new() -> TerminalHost {
        TerminalHost {
            colour: colour_on(),
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
        write_stdout(&format!("{line}\n"), false);
    }

    fn note(&self, line: &str) {
        write_stderr(line);
    }

    fn read_line(&self) -> Option<String> {
        flush_stdout();
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
        stop_asked()
    }

    fn stop_cause(&self) -> &'static str {
        crate::signals::stop_cause()
    }

    fn take_cancel(&self) -> bool {
        // A stop signal is never consumed: the run is ending.
        INTERRUPTED.swap(false, Ordering::Relaxed) || STOP_SIGNAL.load(Ordering::Relaxed) != 0
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

/// Whether stdout shows colour: it is a terminal and `NO_COLOR` is unset
/// or empty (the no-color.org convention). Decided once.
pub fn colour_on() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        std::io::stdout().is_terminal() && !no_color
    })
}

/// Write to stdout, every control character but `\n` and `\t` shown
/// escaped ([`crate::controls`]): what reaches the terminal here is text
/// from scripts, lab files and error messages quoting them, which must not
/// drive it. Colour sequences are kept when stdout shows colour
/// ([`colour_on`]): puzzlelab's framed boards are coloured so, and a
/// script's `print(frame(b))` carries the colours as text. When the
/// reader has gone (`puzzlelab ... | head -1`)
/// there is no one to write for: leave at once, quietly, with status 141, as
/// a program killed by SIGPIPE does, instead of printing on into nothing.
/// Any other failure (`> /dev/full`: the disk is full, an I/O error) would
/// lose output silently: it is reported and the run ends with status 1.
pub fn write_stdout(text: &str, flush: bool) {
    if !text.is_empty() && stdout_closed() {
        write_stderr_now("puzzlelab: cannot write to standard output: it is closed");
        leave_now(1);
    }
    let text = if colour_on() {
        crate::controls::escape_keeping_colour(text)
    } else {
        crate::controls::escape(text)
    };
    let mut out = std::io::stdout().lock();
    let mut result = out.write_all(text.as_bytes());
    if flush && result.is_ok() {
        result = out.flush();
    }
    drop(out);
    if let Err(e) = result {
        stdout_failed(e);
    }
}

/// Write `line` and a line break to stderr, after whatever stdout holds
/// (so that a message follows the output before it), every control
/// character but `\n` and `\t` shown escaped, colour included: messages
/// quote file names, scripts' strings and lab text. With
/// [`write_stderr_now`] and [`write_clap_error`] the only way the front
/// end writes to stderr (`tests/tidy.rs` holds it to them). A stderr that
/// cannot be written to loses the message: there is nowhere left to say so.
pub fn write_stderr(line: &str) {
    flush_stdout();
    write_stderr_now(line);
}

/// [`write_stderr`] without flushing stdout first: for the signal thread
/// (a flush would wait for the running code's lock on stdout) and for a
/// failed stdout.
pub fn write_stderr_now(line: &str) {
    let mut text = crate::controls::escape(line).into_owned();
    text.push('\n');
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// A bad command line, which clap's message quotes: escaped as
/// [`write_stderr`] escapes, but with clap's colours where it would show
/// them (stderr a terminal, `NO_COLOR` unset or empty).
pub fn write_clap_error(e: &clap::Error) {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let text = if std::io::stderr().is_terminal() && !no_color {
        let styled = e.render().ansi().to_string();
        crate::controls::escape_keeping_colour(&styled).into_owned()
    } else {
        crate::controls::escape(&e.render().to_string()).into_owned()
    };
    flush_stdout();
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Set before `main` when the process was started with its stdout closed
/// (`puzzlelab ... >&-`). Rust's runtime then opens `/dev/null` in its
/// place before `main`, so writes would succeed into nothing: output is
/// an error instead, as for `> /dev/full`.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Looks at fd 1 before Rust's runtime replaces a closed one (an
/// `.init_array` entry runs before `main`, and before the runtime's own
/// start-up). The only way to tell `>&-` from `> /dev/null`.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = {
    extern "C" fn look() {
        // SAFETY: F_GETFD only reads the descriptor's flags; an fd that
        // is not open gives -1 (EBADF) and nothing else happens.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }
    look
};

/// Whether stdout was closed when the process started.
fn stdout_closed() -> bool {
    // Referring to the entry keeps it linked into the binary.
    #[cfg(target_os = "linux")]
    std::hint::black_box(&LOOK_AT_STDOUT);
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Flush stdout, failing as [`write_stdout`] does.
pub fn flush_stdout() {
    if let Err(e) = std::io::stdout().flush() {
        stdout_failed(e);
    }
}

/// Leave after a failed write to stdout (see [`write_stdout`]).
fn stdout_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        leave_now(141);
    }
    write_stderr_now(&format!("puzzlelab: cannot write to standard output: {e}"));
    leave_now(1)
}

/// The longest line read from stdin (16 MiB): a stream without line breaks
/// (`< /dev/zero`) is an error, not a line that fills memory.
pub const MAX_INPUT_LINE: usize = 16 << 20;

/// Lines given back by the piped-script reader (read ahead while looking
/// for the end of a long statement), read again before stdin.
static UNREAD: Mutex<VecDeque<String>> = Mutex::new(VecDeque::new());

/// Why stdin stopped early (a line too long or not UTF-8), if it did; the
/// piped-script mode reports it and fails.
static INPUT_ERROR: Mutex<Option<String>> = Mutex::new(None);

/// Put `lines` back in front of stdin, first line first.
pub fn unread_lines(lines: Vec<String>) {
    if let Ok(mut q) = UNREAD.lock() {
        for line in lines.into_iter().rev() {
            q.push_front(line);
        }
    }
}

/// Why reading stdin stopped before its end, once (see [`read_stdin_line`]).
pub fn take_input_error() -> Option<String> {
    INPUT_ERROR.lock().ok().and_then(|mut e| e.take())
}

/// One line of stdin without its line ending; `None` at the end of input,
/// and also after a line that is too long or not UTF-8 (then
/// [`take_input_error`] says which). Std's stdin is one buffered reader for
/// the whole process, so the piped script reader and interactive functions
/// never lose each other's lines.
pub fn read_stdin_line() -> Option<String> {
    if let Some(line) = UNREAD.lock().ok().and_then(|mut q| q.pop_front()) {
        return Some(line);
    }
    let fail = |why: String| {
        if let Ok(mut e) = INPUT_ERROR.lock() {
            e.get_or_insert(why);
        }
        None
    };
    let bytes = match read_bounded_line(&mut std::io::stdin().lock(), MAX_INPUT_LINE) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return None,
        Err(e) => return fail(e.to_string()),
    };
    match String::from_utf8(bytes) {
        Ok(mut line) => {
            while line.ends_with('\n') || line.ends_with('\r') {
                line.pop();
            }
            Some(line)
        }
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            let column = String::from_utf8_lossy(&e.as_bytes()[..at]).chars().count() + 1;
            fail(format!(
                "not valid UTF-8 (byte 0x{byte:02X} at column {column}): puzzlelab reads text"
            ))
        }
    }
}

/// The bytes of one line, its `\n` included; `None` at the end of input.
fn read_bounded_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok((!line.is_empty()).then_some(line));
        }
        if let Some(i) = available.iter().position(|&b| b == b'\n') {
            line.extend_from_slice(&available[..=i]);
            input.consume(i + 1);
            return Ok(Some(line));
        }
        let n = available.len();
        line.extend_from_slice(available);
        input.consume(n);
        if line.len() > max {
            return Err(std::io::Error::other(format!(
                "a line longer than {} MiB: is this a text file?",
                max >> 20
            )));
        }
    }
}

/// Cancel on Ctrl+C, show nothing (stderr is not a terminal).
struct CtrlC;

impl Monitor for CtrlC {
    fn cancelled(&self) -> bool {
        stop_asked()
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
        stop_asked()
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
