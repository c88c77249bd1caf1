//! Puzzle lists for the similarity tools, read through the general puzzle
//! reader [`crate::sudoku::formats`].
//!
//! This is only an adapter: `formats` parses every line form (the Perl finder's
//! `name<TAB>81 digits`, bare 81-character lines, CSV) and names bad lines
//! `file:line[:col]`; here its records become [`Named`] puzzles (a record
//! without a name is called `FILE:LINE`) and the first bad line stops the
//! read, since the source's report is about whole files. The file streams
//! through the reader, so an endless or binary one ends at its first bad
//! line, and a monitor can stop it.

use std::fmt;
use std::io::BufRead;
use std::path::Path;

use super::keys::{Named, Source};
use crate::monitor::{Monitor, Silent};
use crate::sudoku::formats::{self, ErrorKind, FormatError, Records};

/// Why a puzzle file was not read whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The puzzle reader's error: the first bad line, or the file itself.
    Bad(FormatError),
    /// The monitor stopped the reading after `lines` lines of `file`.
    Stopped { file: String, lines: usize },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Bad(e) => write!(f, "{e}"),
            ReadError::Stopped { file, lines } => {
                write!(f, "stopped reading {file} after {lines} lines")
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// Read a puzzle file. Blank lines are skipped (as the Perl skips them);
/// a line without a tab is a bare puzzle named `FILE:LINE`. An empty file
/// is an empty list, as it is to the Perl; a missing one is an error. The
/// file is read as a stream up to its first bad line, asking `monitor`
/// whether to stop.
pub fn read_file(path: &Path, monitor: &dyn Monitor) -> Result<Source, ReadError> {
    let file = path.display().to_string();
    to_source(&file, formats::records_of_file(path, monitor))
}

/// Parse puzzle lines; `file` is the name errors and unnamed puzzles use.
pub fn parse_text(file: &str, text: &str) -> Result<Source, ReadError> {
    to_source(file, Records::new(text.as_bytes(), file, &Silent))
}

fn to_source<R: BufRead>(file: &str, mut records: Records<'_, R>) -> Result<Source, ReadError> {
    let mut puzzles = Vec::new();
    for item in records.by_ref() {
        match item {
            Ok(r) => puzzles.push(Named {
                name: r.name.unwrap_or_else(|| format!("{file}:{}", r.line)),
                grid: r.grid,
            }),
            Err(e) if e.kind == ErrorKind::Empty => {}
            Err(e) => return Err(ReadError::Bad(e)),
        }
    }
    if records.stopped() {
        return Err(ReadError::Stopped {
            file: file.to_string(),
            lines: records.line(),
        });
    }
    Ok(Source {
        label: file.to_string(),
        puzzles,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_bare_lines() {
        let z = "0".repeat(81);
        let text = format!("first\t{z}\r\n\n{}\n", ".".repeat(81));
        let s = parse_text("t.txt", &text).unwrap();
        assert_eq!(s.puzzles.len(), 2);
        assert_eq!(s.puzzles[0].name, "first");
        assert_eq!(s.puzzles[1].name, "t.txt:3");
        assert!(parse_text("e.txt", "\n\n").unwrap().puzzles.is_empty());
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let z = "0".repeat(80);
        let e = parse_text("t.txt", &format!("a\t{z}\n")).unwrap_err();
        assert_eq!(e.to_string().split(' ').next(), Some("t.txt:1:"));
        let bad = format!("ok\t{}\nab\t{}x", "0".repeat(81), "0".repeat(80));
        let e = parse_text("t.txt", &bad).unwrap_err();
        assert_eq!(
            e,
            ReadError::Bad(FormatError {
                file: "t.txt".into(),
                line: 2,
                kind: ErrorKind::BadChar { ch: 'x', col: 84 },
            })
        );
        assert!(e.to_string().starts_with("t.txt:2:84: bad character 'x'"));
        let e = read_file(Path::new("/no/such/file.txt"), &Silent).unwrap_err();
        assert!(e.to_string().starts_with("/no/such/file.txt: cannot read"));
    }
}
