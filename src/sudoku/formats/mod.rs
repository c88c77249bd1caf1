//! Puzzle files: reading and writing collections of Sudoku puzzles.
//!
//! One reader ([`read`]) takes every line form the shared sets and the Perl
//! finder use, line by line, so a file may even mix them:
//!
//! - `81 cells`: digits, with `.`, `0`, `-`, `_` or `*` for an empty cell;
//! - `name<TAB>81 cells`, optionally `<TAB>solution` (the Perl finder's form);
//! - CSV (RFC 4180 quoting) `puzzle,solution` or `name,puzzle,solution`
//!   (a first line that is not a puzzle is a header);
//! - `#` comments and blank lines are skipped;
//! - where a reader asks for them ([`Records::pencil_lines`]: `read_puzzles`,
//!   `read_file`, `rate_file`), Sukaku Explainer's 729-character pencil-mark
//!   lines ([`pencil_line`]), bare or after `name<TAB>`, mixed with puzzles
//!   line by line (each line is read by its length).
//!
//! A bad line becomes an error naming `file:line:column` and reading goes
//! on: [`Collection`] holds the records and the errors side by side (the
//! first [`crate::reading::MAX_ERRORS`] kept, the rest counted). Reading
//! streams in bounded memory and stops when its monitor says so. Writing
//! ([`write`]) produces the same forms, and JSON; names are escaped
//! ([`names`]) so that every written file reads back as it was written.

mod names;
mod pencil_line;
mod pencilmarks;
mod read;
#[cfg(test)]
mod tests;
mod write;

use std::fmt;
use std::path::Path;

use super::Grid;
use super::grid::CELLS;
use crate::reading::{ErrorList, MAX_ERRORS, MAX_SKIP};

pub use names::{MAX_NAME, escape_name, unescape_name};
pub use pencil_line::{
    PENCIL_LINE, PencilLineError, is_pencil_line, parse_pencil_line, pencil_givens,
    write_pencil_line,
};
pub use pencilmarks::{PencilError, parse_pencilmarks};
pub use read::{
    Records, parse_bytes, parse_line, parse_text, read_file, read_file_each, records_of_file,
};
pub use write::{FormatWriter, SafeWriter, format_records, write_file};

/// One puzzle read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The name before a TAB (or in a CSV name column), when the line has
    /// one; an empty name is no name.
    pub name: Option<String>,
    /// The puzzle.
    pub grid: Grid,
    /// The solution given beside it (CSV solution field, third TAB field).
    pub solution: Option<Grid>,
    /// The 1-based line of the file it came from (0 when made in memory).
    pub line: usize,
    /// For a 729-character pencil-mark line (read where asked for, see
    /// [`Records::pencil_lines`]): its marks as written, bit `d - 1` for
    /// digit `d`, a filled cell shown by its digit alone; `grid` then
    /// holds its givens ([`pencil_givens`]).
    pub marks: Option<Box<[u16; CELLS]>>,
}

impl Record {
    /// A record for a grid made in memory (no name, no solution, line 0).
    pub fn new(grid: Grid) -> Record {
        Record {
            name: None,
            grid,
            solution: None,
            line: 0,
            marks: None,
        }
    }
}

/// What is wrong with one line (or with the whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file cannot be read (missing, unreadable, a folder).
    Unreadable(String),
    /// The file holds no puzzle at all.
    Empty,
    /// A character that is not a cell, at 1-based `col`.
    BadChar { ch: char, col: usize },
    /// Fewer than 81 cells.
    Short { cells: usize },
    /// More than 81 cells: the 82nd is at `col`.
    Long { col: usize },
    /// A field of a CSV or TAB line is missing or extra.
    Fields { found: usize },
    /// A byte that is not UTF-8 text, at 1-based character column `col`.
    BadByte { byte: u8, col: usize },
    /// A line longer than [`MAX_LINE`] bytes (skipped unread).
    TooLong,
    /// A line running on past [`MAX_SKIP`] bytes: reading stopped there.
    Endless,
    /// [`MAX_ERRORS`] bad lines and not one puzzle: reading stopped there.
    NotPuzzles,
    /// A 729-character pencil-mark line where only puzzles are read.
    PencilLine,
    /// A pencil-mark line that is wrong (a bad mark at 1-based `col`, or a
    /// cell with no candidate).
    Pencil { error: PencilLineError, col: usize },
    /// A name longer than [`MAX_NAME`] bytes once escaped: the writers
    /// refuse it, so it is not read either (what is read writes back).
    LongName { bytes: usize },
}

/// An error with its place: `file:line:col: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The file name as given (or a label such as `<text>`).
    pub file: String,
    /// 1-based line; 0 when the error is about the whole file.
    pub line: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl FormatError {
    /// True when reading ended with this error (the rest of the file was not read).
    pub fn ends_reading(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::Endless | ErrorKind::NotPuzzles | ErrorKind::Unreadable(_)
        )
    }

    /// Files a reading error of a streamed batch: `first` keeps the first
    /// one, or the one that ended the reading (the reason a batch names);
    /// `errors` keeps them all, and always the one that ended the reading.
    pub fn file_into(self, first: &mut Option<FormatError>, errors: &mut ErrorList<FormatError>) {
        if first.is_none() || self.ends_reading() {
            *first = Some(self.clone());
        }
        if self.ends_reading() {
            errors.push_kept(self);
        } else {
            errors.push(self);
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = match (&self.kind, self.line) {
            (_, 0) => self.file.to_string(),
            (
                ErrorKind::BadChar { col, .. }
                | ErrorKind::Long { col }
                | ErrorKind::BadByte { col, .. }
                | ErrorKind::Pencil { col: col @ 1.., .. },
                line,
            ) => {
                format!("{}:{line}:{col}", self.file)
            }
            (_, line) => format!("{}:{line}", self.file),
        };
        write!(f, "{place}: ")?;
        match &self.kind {
            ErrorKind::Unreadable(why) => write!(f, "cannot read the file: {why}"),
            ErrorKind::Empty => write!(f, "no puzzles in the file"),
            ErrorKind::BadChar { ch, .. } => write!(
                f,
                "bad character {ch:?}: a cell is a digit 1-9, or one of . 0 - _ * when empty"
            ),
            ErrorKind::Short { cells } => {
                write!(f, "short line: {cells} cells, a puzzle has 81")
            }
            ErrorKind::Long { .. } => write!(f, "long line: more than 81 cells"),
            ErrorKind::Fields { found } => write!(
                f,
                "{found} fields: expected a puzzle and at most a solution (and a name before them)"
            ),
            ErrorKind::BadByte { byte, .. } => write!(
                f,
                "byte 0x{byte:02X} is not UTF-8 text: the line is skipped"
            ),
            ErrorKind::LongName { bytes } => write!(
                f,
                "a name of {bytes} bytes once escaped: names are kept to {MAX_NAME} (as written)"
            ),
            ErrorKind::TooLong => write!(
                f,
                "line longer than {MAX_LINE} bytes: skipped (no puzzle line is that long)"
            ),
            ErrorKind::Endless => write!(
                f,
                "line longer than {} MiB: not a puzzle file, reading stopped",
                MAX_SKIP >> 20
            ),
            ErrorKind::NotPuzzles => write!(
                f,
                "{MAX_ERRORS} bad lines and not one puzzle: not a puzzle file, reading stopped"
            ),
            ErrorKind::PencilLine => write!(
                f,
                "a 729-character pencil-mark line: read_puzzles, read_file and rate_file read these, this reads 81-cell puzzles"
            ),
            ErrorKind::Pencil { error, .. } => write!(f, "pencil marks: {error}"),
        }
    }
}

impl std::error::Error for FormatError {}

/// The records read from a file and the errors of the lines that failed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// Good puzzles, in file order.
    pub records: Vec<Record>,
    /// Bad lines (or a whole-file problem), in file order: the first
    /// [`MAX_ERRORS`] kept, the rest counted.
    pub errors: ErrorList<FormatError>,
    /// Lines read.
    pub lines: usize,
    /// True when the monitor stopped the reading: the records are only
    /// those of the lines read.
    pub stopped: bool,
}

impl Collection {
    /// Why the collection holds no puzzle: the error that ended the reading,
    /// else the first bad line (with how many more there were).
    pub fn why_empty(&self, file: &str) -> String {
        let ending = self.errors.iter().rev().find(|e| e.ends_reading());
        match (ending, self.errors.first()) {
            (Some(e), _) => e.to_string(),
            (None, Some(e)) if self.errors.total() > 1 => {
                format!("{e} (and {} more bad lines)", self.errors.total() - 1)
            }
            (None, Some(e)) => e.to_string(),
            (None, None) => format!("{file}: no puzzles in the file"),
        }
    }
}

/// The longest line the reader keeps (a puzzle line with a name and a
/// solution is under 9 KiB: see [`MAX_NAME`]); a longer line is an error and
/// is skipped without being held in memory.
pub const MAX_LINE: usize = 64 * 1024;

/// How to write a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One puzzle per line, `.` for empty: the puzzles only (no names, no
    /// solutions).
    Lines,
    /// `name<TAB>puzzle[<TAB>solution]`, `0` for empty (the Perl finder's
    /// form), the name escaped ([`escape_name`]); an empty name field for
    /// a record without a name.
    Named,
    /// RFC 4180 CSV with the header `name,puzzle,solution`, `0` for empty,
    /// the name escaped as for [`Format::Named`] (so a record is one line).
    Csv,
    /// A JSON array of objects: name, line, puzzle, solution.
    Json,
}

impl Format {
    /// The format called `name` (`lines`/`txt`, `named`/`tsv`, `csv`, `json`).
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "lines" | "line" | "txt" | "text" => Some(Format::Lines),
            "named" | "tsv" | "tab" => Some(Format::Named),
            "csv" => Some(Format::Csv),
            "json" => Some(Format::Json),
            _ => None,
        }
    }

    /// The format's name, as [`Format::from_name`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Lines => "lines",
            Format::Named => "named",
            Format::Csv => "csv",
            Format::Json => "json",
        }
    }

    /// The format a file name suggests by its extension (lines otherwise).
    pub fn from_path(path: &Path) -> Format {
        path.extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_name)
            .unwrap_or(Format::Lines)
    }
}
