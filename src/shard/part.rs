//! Reading a part back: its header, its end line (read from the end of the
//! file, so that a part of any size is checked before its body is read),
//! and its body lines as a stream.

use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::{BodySum, END_MARK, HEAD_MARK, Head};
use crate::monitor::Monitor;
use crate::reading::{Lines, MAX_SKIP};

/// A part's header and end, its body not yet read.
#[derive(Clone, Debug)]
pub struct Part {
    /// The file as given.
    pub path: PathBuf,
    pub head: Head,
    /// The end line's totals (`items` included), or `None` when the part
    /// has no end line: it was stopped or is still being written.
    pub end: Option<Map<String, Value>>,
    /// The last line when it is not an end line (a generated list's
    /// `# stopped ...` note says why it is partial).
    pub last_line: String,
}

impl Part {
    /// The file as a message names it.
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// Total `key` of the end line as a whole number (0 when absent).
    pub fn total(&self, key: &str) -> u64 {
        self.end
            .as_ref()
            .and_then(|e| e.get(key))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    /// Total `key` of the end line, which must be a whole number from 0 to
    /// 2^64 - 1; the error names the end line.
    pub fn number(&self, key: &str) -> Result<u64, String> {
        let value = self.end.as_ref().and_then(|e| e.get(key));
        value.and_then(Value::as_u64).ok_or_else(|| {
            self.at_end(match value {
                None => format!("the end line gives no {key}"),
                Some(v) => {
                    format!("the end line's {key} {v} is not a whole number from 0 to 2^64 - 1")
                }
            })
        })
    }

    /// An error about the part's last line, `FILE:LINE: why` (the lines
    /// are counted only for the message).
    pub fn at_end(&self, why: impl std::fmt::Display) -> String {
        format!("{}:{}: {why}", self.name(), lines_in(&self.path))
    }
}

/// The number of lines of the file at `path` (its last line ended or
/// not), 0 when it cannot be read: for a message about the last line.
fn lines_in(path: &Path) -> usize {
    let Ok(file) = File::open(path) else {
        return 0;
    };
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let (mut lines, mut last) = (0, b'\n');
    loop {
        let buf = match std::io::BufRead::fill_buf(&mut reader) {
            Ok([]) | Err(_) => break,
            Ok(buf) => buf,
        };
        lines += memchr::memchr_iter(b'\n', buf).count();
        last = buf[buf.len() - 1];
        let n = buf.len();
        std::io::BufRead::consume(&mut reader, n);
    }
    lines + usize::from(last != b'\n')
}

/// How much of a part's end is read to find its last line.
const TAIL: u64 = 1 << 16;

/// Reads the header and the end line of the part at `path`. The errors
/// name the file.
pub fn read_part(path: &Path) -> Result<Part, String> {
    let name = path.display().to_string();
    let fail = |why: String| format!("{name}: {why}");
    // A part is read twice, its ends first: only a regular file can be. A
    // FIFO or a device is refused as it is opened, before anything waits.
    let mut input = crate::reading::open_input(path, &crate::monitor::Silent).map_err(|why| {
        match why.contains("folder") {
            true => fail("is a folder, not a part".into()),
            false => fail(format!("cannot read: {why}")),
        }
    })?;
    let meta = input
        .metadata()
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if !input.is_regular() {
        return Err(fail(format!(
            "is a {}, not a part file: a part is read from its end too, so it must be a regular file",
            crate::files::kind(&meta).unwrap_or("special file")
        )));
    }
    let file = input.file();
    let first = first_line(file).map_err(|e| fail(format!("cannot read: {e}")))?;
    let head = Head::parse(&first).map_err(|why| format!("{name}:1: {why}"))?;
    let len = meta.len();
    file.seek(SeekFrom::Start(len.saturating_sub(TAIL)))
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    let mut tail = Vec::new();
    file.read_to_end(&mut tail)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    let tail = String::from_utf8_lossy(&tail);
    let last_line = tail
        .trim_end_matches(['\n', '\r'])
        .rsplit(['\n', '\r'])
        .next()
        .unwrap_or_default()
        .to_string();
    let end = match last_line.strip_prefix(END_MARK) {
        Some(json) => Some(
            serde_json::from_str::<Value>(json)
                .ok()
                .and_then(|v| v.as_object().cloned())
                .ok_or_else(|| {
                    format!(
                        "{name}:{}: a bad #puzzlelab-end line (not a JSON object): cut short or edited; run the shard again",
                        lines_in(path)
                    )
                })?,
        ),
        None => None,
    };
    Ok(Part {
        path: path.to_path_buf(),
        head,
        end,
        last_line,
    })
}

/// The first line of a file, read a byte at a time up to 64 KiB (a header
/// is far shorter; a file that is not a part ends the search soon).
fn first_line(file: &mut File) -> std::io::Result<String> {
    let mut reader = BufReader::new(Read::take(&mut *file, TAIL));
    let mut bytes = Vec::new();
    std::io::BufRead::read_until(&mut reader, b'\n', &mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(text.trim_end_matches(['\n', '\r']).to_string())
}

/// The body lines of a part, one at a time, without the header and the
/// end line, recounted and checksummed as they are read ([`Body::close`]
/// checks them against the end line). An error names `file:line`.
pub struct Body<'m> {
    name: String,
    lines: Lines<'m, BufReader<crate::reading::Input<'m>>>,
    sum: BodySum,
    /// The end line's number, once it was reached.
    end_at: Option<usize>,
}

impl<'m> Body<'m> {
    /// Opens the body of `part`; `monitor` may stop the reading.
    pub fn open(part: &Part, monitor: &'m dyn Monitor) -> Result<Body<'m>, String> {
        let name = part.name();
        let file = crate::reading::open_input(&part.path, monitor)
            .map_err(|why| format!("{name}: cannot read: {why}"))?;
        let mut lines = Lines::new(BufReader::with_capacity(1 << 16, file), MAX_SKIP, monitor);
        // The header, read and checked already.
        lines.next_line();
        Ok(Body {
            name,
            lines,
            sum: BodySum::default(),
            end_at: None,
        })
    }

    /// True when the monitor stopped the reading.
    pub fn stopped(&self) -> bool {
        self.lines.stopped()
    }

    /// The next body line with its 1-based line number; `Ok(None)` at the
    /// end line (or the end of the file).
    pub fn next_line(&mut self) -> Result<Option<(usize, &str)>, String> {
        if self.end_at.is_some() {
            return Ok(None);
        }
        match self.lines.next_line() {
            None => Ok(None),
            Some((n, Err(e))) => Err(format!("{}:{n}: {e}", self.name)),
            Some((n, Ok(text))) if text.starts_with(END_MARK) => {
                self.end_at = Some(n);
                Ok(None)
            }
            Some((n, Ok(text))) if text.starts_with(HEAD_MARK) || text.starts_with('#') => Err(
                format!("{}:{n}: a # line inside the part: {text:?}", self.name),
            ),
            Some((n, Ok(text))) => {
                self.sum.add(text);
                Ok(Some((n, text)))
            }
        }
    }

    /// An error about line `n` of this part.
    pub fn error(&self, n: usize, why: impl std::fmt::Display) -> String {
        format!("{}:{n}: {why}", self.name)
    }

    /// Ends the reading of `part`'s body once every item it should hold
    /// was taken: the next line must be its end line, and the last; the
    /// lines read must be as many as the end line's `items`, and their
    /// checksum its `body`. Returns the end line's number. (When the
    /// monitor stopped the reading, [`Body::stopped`] says so and the
    /// error is not about the part.)
    pub fn close(&mut self, part: &Part) -> Result<usize, String> {
        if let Some((n, _)) = self.next_line()? {
            return Err(self.error(
                n,
                format!(
                    "a line past the {} items of shard {}",
                    self.sum.items - 1,
                    part.head.shard
                ),
            ));
        }
        let Some(end_at) = self.end_at else {
            return Err(format!(
                "{}: no #puzzlelab-end line after the body (the file changed while it was merged?)",
                self.name
            ));
        };
        if let Some((n, _)) = self.lines.next_line() {
            return Err(self.error(n, "a line after the #puzzlelab-end line"));
        }
        let items = part.number("items")?;
        if items != self.sum.items {
            return Err(self.error(
                end_at,
                format!(
                    "the end line says items {items}, the body holds {} lines",
                    self.sum.items
                ),
            ));
        }
        let said = part.end.as_ref().and_then(|e| e.get("body"));
        let sum = self.sum.digest.hex();
        match said.and_then(Value::as_str) {
            Some(s) if s == sum => Ok(end_at),
            Some(s) => Err(self.error(
                end_at,
                format!(
                    "checksum mismatch: the end line says body {s}, the body's lines sum to {sum}: the part was changed after it was written; run the shard again"
                ),
            )),
            None => Err(self.error(end_at, "the end line gives no body checksum")),
        }
    }
}
