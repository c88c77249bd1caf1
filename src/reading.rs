//! Reading text input in bounded memory: the one way every reader takes its
//! input (puzzle files, DIMACS files and solver answers, scripts, labs).
//!
//! - [`Lines`] hands out a stream's lines one at a time. A line ends at LF,
//!   CR LF or a lone CR; a UTF-8 byte-order mark at the start is skipped; a
//!   line longer than the reader's limit is an error at its line and the
//!   rest of it is skipped unread (one running on past [`MAX_SKIP`] ends the
//!   reading: an endless stream such as `/dev/zero`); a byte that is not
//!   UTF-8 makes only its own line an error, at `line:col`. It asks its
//!   monitor whether to stop (Ctrl+C, the memory budget) every 64 KiB.
//! - [`ErrorList`] keeps the first [`MAX_ERRORS`] errors of a reading and
//!   counts the rest.
//! - [`read_text`] reads a whole (small) text file such as a script or a lab,
//!   capped in size, with a bad byte named at `file:line:col`.
//! - [`open_input`] opens every file a reader reads. A regular file is read
//!   as it is; a FIFO, a device or a socket is opened without waiting for a
//!   writer and read with a timeout, so that its reader asks its monitor at
//!   least every [`WAIT_SLICE_MS`] ms however slowly (or never) the other
//!   side writes: Ctrl+C stops a reader of a pipe at once, as `cat` stops.

use std::fmt;
use std::io::{BufRead, Read};
use std::path::Path;

use crate::monitor::{Monitor, Silent};

/// Errors kept with their messages; past this many only the count grows.
pub const MAX_ERRORS: usize = 1000;

/// A line this long is no text line at all: reading stops there instead of
/// skipping on (64 MiB: an endless device reaches it in a fraction of a second).
pub const MAX_SKIP: usize = 64 << 20;

/// Bytes read between two questions to the monitor.
const POLL_BYTES: usize = 1 << 16;

/// What one line counts toward [`POLL_BYTES`], so that a flood of empty
/// lines asks the monitor too.
const LINE_WEIGHT: usize = 64;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The longest a reader of a FIFO or a device waits for bytes before it
/// asks its monitor again (Ctrl+C is heard within this).
pub const WAIT_SLICE_MS: u16 = 100;

/// A file opened for reading by [`open_input`]: a regular file read as it
/// is, anything else read with a timeout that asks the monitor.
pub struct Input<'m> {
    file: std::fs::File,
    /// The monitor asked before every read and while waiting, for a file
    /// that may keep its reader waiting (`None` for a regular file).
    waits: Option<&'m dyn Monitor>,
}

/// The error an [`Input`] gives once its monitor said stop: see [`is_stop`].
#[derive(Debug)]
struct Stopped;

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("reading stopped")
    }
}

impl std::error::Error for Stopped {}

/// True when `e` is an [`Input`]'s stop (its monitor said stop while it
/// read or waited), not a failure of the file.
pub fn is_stop(e: &std::io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Stopped>())
}

impl Input<'_> {
    /// True for a regular file (one that can be read again, or from its end).
    pub fn is_regular(&self) -> bool {
        self.waits.is_none()
    }

    /// The file's metadata.
    pub fn metadata(&self) -> std::io::Result<std::fs::Metadata> {
        self.file.metadata()
    }

    /// The open file, for a regular file's seeks (see [`Input::is_regular`]).
    pub fn file(&mut self) -> &mut std::fs::File {
        &mut self.file
    }
}

impl Read for Input<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(monitor) = self.waits else {
            return self.file.read(buf);
        };
        wait_and_read(&mut self.file, monitor, buf)
    }
}

/// A read of a FIFO, device or socket opened non-blocking: the monitor is
/// asked first, then the file polled for at most [`WAIT_SLICE_MS`] at a
/// time, so a stop is heard while no byte comes. A FIFO no writer has
/// opened yet is not at its end: Linux's poll reports it neither readable
/// nor hung up until a writer comes (and a read would say 0 bytes).
#[cfg(target_os = "linux")]
fn wait_and_read(
    file: &mut std::fs::File,
    monitor: &dyn Monitor,
    buf: &mut [u8],
) -> std::io::Result<usize> {
    use nix::errno::Errno;
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    use std::io::ErrorKind;
    use std::os::fd::AsFd;
    loop {
        if monitor.cancelled() {
            return Err(std::io::Error::other(Stopped));
        }
        let mut fds = [PollFd::new(file.as_fd(), PollFlags::POLLIN)];
        match poll(&mut fds, PollTimeout::from(WAIT_SLICE_MS)) {
            Ok(0) | Err(Errno::EINTR) => continue,
            Ok(_) => {}
            Err(e) => return Err(e.into()),
        }
        match file.read(buf) {
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {}
            done => return done,
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn wait_and_read(
    file: &mut std::fs::File,
    _monitor: &dyn Monitor,
    buf: &mut [u8],
) -> std::io::Result<usize> {
    file.read(buf)
}

/// Opens `path` for reading by any reader (the one rule): a folder is
/// refused with "it is a folder, not a file"; a regular file is read as it
/// is; a FIFO, a character or block device or a socket is opened without
/// waiting for a writer (`O_NONBLOCK`) and read through a poll that asks
/// `monitor` at least every [`WAIT_SLICE_MS`] ms (on Linux; elsewhere
/// it is opened and read as a regular file is). The error is the reason
/// alone; the caller names the file.
pub fn open_input<'m>(path: &Path, monitor: &'m dyn Monitor) -> Result<Input<'m>, String> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if meta.is_dir() {
        return Err("it is a folder, not a file".into());
    }
    if meta.is_file() {
        // Reads of a regular file never wait; the flag goes for clarity.
        #[cfg(target_os = "linux")]
        {
            use nix::fcntl::{FcntlArg, OFlag, fcntl};
            let _ = fcntl(&file, FcntlArg::F_SETFL(OFlag::empty()));
        }
        return Ok(Input { file, waits: None });
    }
    Ok(Input {
        file,
        waits: Some(monitor),
    })
}

/// What is wrong with one line, or why reading ended early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Longer than the reader's limit (`max` bytes): skipped, reading goes on.
    TooLong { max: usize },
    /// A byte that is not UTF-8 text at 1-based character column `col`:
    /// the line is skipped, reading goes on.
    BadByte { byte: u8, col: usize },
    /// A line running on past [`MAX_SKIP`] bytes: reading ends here.
    Endless,
    /// The stream cannot be read: reading ends here.
    Io(String),
}

impl LineError {
    /// True when reading ends with this error.
    pub fn ends_reading(&self) -> bool {
        matches!(self, LineError::Endless | LineError::Io(_))
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong { max } => {
                write!(f, "line longer than {} bytes: skipped", max)
            }
            LineError::BadByte { byte, .. } => write!(
                f,
                "byte 0x{byte:02X} is not UTF-8 text: the line is skipped"
            ),
            LineError::Endless => write!(
                f,
                "line longer than {} MiB: not a text file, reading stopped",
                MAX_SKIP >> 20
            ),
            LineError::Io(why) => write!(f, "cannot read: {why}"),
        }
    }
}

/// The lines of a stream, one at a time, in memory bounded by the line limit.
pub struct Lines<'m, R> {
    reader: Option<R>,
    monitor: &'m dyn Monitor,
    max_line: usize,
    /// The 1-based number of the line last handed out.
    line: usize,
    buf: Vec<u8>,
    /// A CR ended the last line: a LF right after it belongs to it.
    after_cr: bool,
    at_start: bool,
    since_poll: usize,
    stopped: bool,
}

impl<'m, R: BufRead> Lines<'m, R> {
    /// Lines of `reader`, each at most `max_line` bytes; `monitor` is asked
    /// before the first line and every 64 KiB after it.
    pub fn new(reader: R, max_line: usize, monitor: &'m dyn Monitor) -> Self {
        Lines {
            reader: Some(reader),
            monitor,
            max_line,
            line: 0,
            buf: Vec::new(),
            after_cr: false,
            at_start: true,
            since_poll: POLL_BYTES,
            stopped: false,
        }
    }

    /// The 1-based number of the line last handed out (0 before the first).
    pub fn line(&self) -> usize {
        self.line
    }

    /// True when the monitor stopped the reading (the stream was not read to its end).
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Counts `n` bytes read; asks the monitor when enough have been.
    fn tick(&mut self, n: usize) -> bool {
        self.since_poll += n;
        if self.since_poll >= POLL_BYTES {
            self.since_poll = 0;
            if self.monitor.cancelled() {
                self.stopped = true;
                self.reader = None;
                return false;
            }
        }
        true
    }

    /// The next line's 1-based number and its text without its end, or
    /// what is wrong with it; `None` at the end of the stream, after an
    /// error that ends reading, or once the monitor said stop ([`Lines::stopped`]).
    pub fn next_line(&mut self) -> Option<(usize, Result<&str, LineError>)> {
        if !self.tick(LINE_WEIGHT) {
            return None;
        }
        let outcome = self.read_raw();
        match outcome {
            Ok(None) => {
                self.reader = None;
                None
            }
            Err(e) => {
                self.line += 1;
                if e.ends_reading() {
                    self.reader = None;
                }
                Some((self.line, Err(e)))
            }
            Ok(Some(())) => {
                self.line += 1;
                match std::str::from_utf8(&self.buf) {
                    Ok(text) => Some((self.line, Ok(text))),
                    Err(e) => {
                        let good = e.valid_up_to();
                        let col = String::from_utf8_lossy(&self.buf[..good]).chars().count() + 1;
                        let byte = self.buf[good];
                        Some((self.line, Err(LineError::BadByte { byte, col })))
                    }
                }
            }
        }
    }

    /// Reads the next line's bytes into `buf`: `Ok(None)` at the end (or
    /// when stopped), a too-long line as its error once its end is found.
    fn read_raw(&mut self) -> Result<Option<()>, LineError> {
        self.buf.clear();
        let mut length = 0usize;
        let mut any = false;
        loop {
            let Some(reader) = self.reader.as_mut() else {
                return Ok(None);
            };
            let chunk = match reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) if is_stop(&e) => {
                    self.stopped = true;
                    self.reader = None;
                    return Ok(None);
                }
                Err(e) => return Err(LineError::Io(e.to_string())),
            };
            if chunk.is_empty() {
                self.after_cr = false;
                if !any {
                    return Ok(None);
                }
                return self.finished(length);
            }
            let mut start = 0;
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    start = 1;
                }
            }
            if self.at_start {
                if chunk.starts_with(BOM) {
                    start = 3;
                }
                self.at_start = false;
            }
            let rest = &chunk[start..];
            let end = memchr::memchr2(b'\n', b'\r', rest);
            let take = end.unwrap_or(rest.len());
            length = length.saturating_add(take);
            if length <= self.max_line {
                self.buf.extend_from_slice(&rest[..take]);
            }
            let used = start + take + end.map_or(0, |_| 1);
            if let Some(i) = end {
                self.after_cr = rest[i] == b'\r';
            }
            any = any || !rest.is_empty();
            reader.consume(used);
            if end.is_some() {
                return self.finished(length);
            }
            if length > MAX_SKIP {
                return Err(LineError::Endless);
            }
            if !self.tick(used) {
                return Ok(None);
            }
        }
    }

    fn finished(&mut self, length: usize) -> Result<Option<()>, LineError> {
        if length > self.max_line {
            self.buf.clear();
            return Err(LineError::TooLong { max: self.max_line });
        }
        Ok(Some(()))
    }
}

/// The first [`MAX_ERRORS`] errors of a reading, and how many there were.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorList<E> {
    kept: Vec<E>,
    total: usize,
}

impl<E> Default for ErrorList<E> {
    fn default() -> Self {
        ErrorList {
            kept: Vec::new(),
            total: 0,
        }
    }
}

impl<E> ErrorList<E> {
    /// Counts `e`, keeping it when fewer than [`MAX_ERRORS`] are kept.
    pub fn push(&mut self, e: E) {
        self.total += 1;
        if self.kept.len() < MAX_ERRORS {
            self.kept.push(e);
        }
    }

    /// Counts and keeps `e` whatever the count: the error that ended a
    /// reading, which says why the rest is missing.
    pub fn push_kept(&mut self, e: E) {
        self.total += 1;
        self.kept.push(e);
    }

    /// Errors in all, kept or not.
    pub fn total(&self) -> usize {
        self.total
    }

    /// Errors counted but not kept.
    pub fn more(&self) -> usize {
        self.total - self.kept.len()
    }

    /// The kept errors.
    pub fn into_kept(self) -> Vec<E> {
        self.kept
    }
}

impl<E> std::ops::Deref for ErrorList<E> {
    type Target = [E];
    fn deref(&self) -> &[E] {
        &self.kept
    }
}

/// Why a whole text file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextError {
    /// Missing, unreadable, a folder.
    Unreadable { file: String, why: String },
    /// Larger than the reader takes.
    TooLarge { file: String, max: u64 },
    /// A byte that is not UTF-8 text, at 1-based `line` and character column `col`.
    BadByte {
        file: String,
        line: usize,
        col: usize,
        byte: u8,
    },
    /// The monitor said stop before the whole file was read (a FIFO whose
    /// writer is slow or absent).
    Stopped { file: String },
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::Unreadable { file, why } => write!(f, "{file}: cannot read: {why}"),
            TextError::TooLarge { file, max } => write!(
                f,
                "{file}: larger than {} MiB: not read (is it the right file?)",
                max >> 20
            ),
            TextError::BadByte {
                file,
                line,
                col,
                byte,
            } => write!(
                f,
                "{file}:{line}:{col}: byte 0x{byte:02X} is not UTF-8 text"
            ),
            TextError::Stopped { file } => write!(f, "{file}: reading stopped: nothing read"),
        }
    }
}

impl std::error::Error for TextError {}

/// The largest script or lab read (16 MiB: the longest shipped is under 30 KB).
pub const MAX_TEXT: u64 = 16 << 20;

/// A whole text file of at most `max` bytes, without a leading byte-order
/// mark; a byte that is not UTF-8 is named at `file:line:col`.
pub fn read_text(path: &Path, max: u64) -> Result<String, TextError> {
    read_text_with(path, max, &Silent)
}

/// [`read_text`] that `monitor` may stop while it waits on a FIFO or a
/// device ([`TextError::Stopped`]).
pub fn read_text_with(path: &Path, max: u64, monitor: &dyn Monitor) -> Result<String, TextError> {
    let file = path.display().to_string();
    let unreadable = |why: String| TextError::Unreadable {
        file: file.clone(),
        why,
    };
    let f = open_input(path, monitor).map_err(unreadable)?;
    let mut bytes = Vec::new();
    match f.take(max + 1).read_to_end(&mut bytes) {
        Ok(_) => {}
        Err(e) if is_stop(&e) => return Err(TextError::Stopped { file }),
        Err(e) => return Err(unreadable(e.to_string())),
    }
    if bytes.len() as u64 > max {
        return Err(TextError::TooLarge { file, max });
    }
    decode_text(bytes, &file)
}

/// Bytes as text without a leading byte-order mark; `file` names a bad
/// byte's place (`file:line:col`, columns in characters).
pub fn decode_text(mut bytes: Vec<u8>, file: &str) -> Result<String, TextError> {
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let good = e.utf8_error().valid_up_to();
        let line_start = bytes[..good]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + bytes[..line_start].iter().filter(|&&b| b == b'\n').count();
        // The bytes before `good` are valid UTF-8.
        let col =
            1 + std::str::from_utf8(&bytes[line_start..good]).map_or(0, |s| s.chars().count());
        TextError::BadByte {
            file: file.to_string(),
            line,
            col,
            byte: bytes[good],
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::{Flag, Silent};

    fn all(bytes: &[u8], max: usize) -> Vec<Result<String, LineError>> {
        let mut lines = Lines::new(bytes, max, &Silent);
        let mut out = Vec::new();
        while let Some((_, l)) = lines.next_line() {
            out.push(l.map(str::to_string));
        }
        out
    }

    #[test]
    fn line_ends_bom_and_bad_bytes() {
        let got = all(b"\xEF\xBB\xBFa\r\nb\rc\n\xC3x\nend", 10);
        assert_eq!(
            got,
            [
                Ok("a".to_string()),
                Ok("b".into()),
                Ok("c".into()),
                Err(LineError::BadByte { byte: 0xC3, col: 1 }),
                Ok("end".into()),
            ]
        );
    }

    #[test]
    fn a_long_line_is_skipped_and_an_endless_one_ends_reading() {
        let mut bytes = vec![b'x'; 100];
        bytes.extend_from_slice(b"\nok\n");
        assert_eq!(
            all(&bytes, 10),
            [Err(LineError::TooLong { max: 10 }), Ok("ok".into())]
        );
        let zero = std::io::BufReader::new(std::io::repeat(0));
        let mut lines = Lines::new(zero, 10, &Silent);
        assert_eq!(lines.next_line(), Some((1, Err(LineError::Endless))));
        assert_eq!(lines.next_line(), None);
        assert_eq!(lines.line(), 1);
    }

    #[test]
    fn the_monitor_stops_an_endless_stream() {
        let stop = std::sync::atomic::AtomicBool::new(true);
        let flag = Flag(&stop);
        let mut lines = Lines::new(std::io::BufReader::new(std::io::repeat(b'\n')), 10, &flag);
        assert_eq!(lines.next_line(), None);
        assert!(lines.stopped());
    }

    #[test]
    fn errors_are_kept_up_to_the_cap_and_counted_past_it() {
        let mut list = ErrorList::default();
        for i in 0..MAX_ERRORS + 5 {
            list.push(i);
        }
        assert_eq!(
            (list.len(), list.total(), list.more()),
            (MAX_ERRORS, MAX_ERRORS + 5, 5)
        );
    }

    #[test]
    fn whole_texts_name_a_bad_byte_and_drop_a_bom() {
        assert_eq!(
            decode_text(b"\xEF\xBB\xBFlet a;".to_vec(), "s").unwrap(),
            "let a;"
        );
        let mut bytes = b"ok\nlet \xC3\xA9 = ".to_vec();
        bytes.push(0xFF);
        let e2 = decode_text(bytes, "s.rhai").unwrap_err();
        assert_eq!(e2.to_string(), "s.rhai:2:9: byte 0xFF is not UTF-8 text");
    }
}
