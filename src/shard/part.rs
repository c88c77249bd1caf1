//! Reading a part back: its header, its end line (read from the end of the
//! file, so that a part of any size is checked before its body is read),
//! and its body lines as a stream.

use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::{END_MARK, HEAD_MARK, Head};
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
    let head = Head::parse(&first).map_err(fail)?;
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
                .ok_or_else(|| fail("a bad #puzzlelab-end line".into()))?,
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
/// end line. An error names `file:line`.
pub struct Body<'m> {
    name: String,
    lines: Lines<'m, BufReader<crate::reading::Input<'m>>>,
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
        Ok(Body { name, lines })
    }

    /// True when the monitor stopped the reading.
    pub fn stopped(&self) -> bool {
        self.lines.stopped()
    }

    /// The next body line with its 1-based line number; `Ok(None)` at the
    /// end line (or the end of the file).
    pub fn next_line(&mut self) -> Result<Option<(usize, &str)>, String> {
        match self.lines.next_line() {
            None => Ok(None),
            Some((n, Err(e))) => Err(format!("{}:{n}: {e}", self.name)),
            Some((_, Ok(text))) if text.starts_with(END_MARK) => Ok(None),
            Some((n, Ok(text))) if text.starts_with(HEAD_MARK) || text.starts_with('#') => Err(
                format!("{}:{n}: a # line inside the part: {text:?}", self.name),
            ),
            Some((n, Ok(text))) => Ok(Some((n, text))),
        }
    }

    /// An error about line `n` of this part.
    pub fn error(&self, n: usize, why: impl std::fmt::Display) -> String {
        format!("{}:{n}: {why}", self.name)
    }
}
