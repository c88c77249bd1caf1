//! Puzzle lists for the similarity tools, read through the general puzzle
//! reader [`crate::sudoku::formats`].
//!
//! This is only an adapter: `formats` parses every line form (the Perl finder's
//! `name<TAB>81 digits`, bare 81-character lines, CSV) and names bad lines
//! `file:line[:col]`; here its records become [`Named`] puzzles (a record
//! without a name is called `FILE:LINE`) and the first bad line stops the
//! read, since the source's report is about whole files.

use std::path::Path;

use super::keys::{Named, Source};
use crate::sudoku::formats::{self, Collection, ErrorKind, FormatError};

/// Why a puzzle file could not be read: the puzzle reader's own error.
pub type ReadError = FormatError;

/// Read a puzzle file. Blank lines are skipped (as the Perl skips them);
/// a line without a tab is a bare puzzle named `FILE:LINE`. An empty file
/// is an empty list, as it is to the Perl; a missing one is an error.
pub fn read_file(path: &Path) -> Result<Source, ReadError> {
    to_source(&path.display().to_string(), formats::read_file(path))
}

/// Parse puzzle lines; `file` is the name errors and unnamed puzzles use.
pub fn parse_text(file: &str, text: &str) -> Result<Source, ReadError> {
    to_source(file, formats::parse_text(text, file))
}

fn to_source(file: &str, collection: Collection) -> Result<Source, ReadError> {
    let first_error = collection
        .errors
        .into_iter()
        .find(|e| e.kind != ErrorKind::Empty);
    if let Some(e) = first_error {
        return Err(e);
    }
    let puzzles = collection
        .records
        .into_iter()
        .map(|r| Named {
            name: r.name.unwrap_or_else(|| format!("{file}:{}", r.line)),
            grid: r.grid,
        })
        .collect();
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
            FormatError {
                file: "t.txt".into(),
                line: 2,
                kind: ErrorKind::BadChar { ch: 'x', col: 84 },
            }
        );
        assert!(e.to_string().starts_with("t.txt:2:84: bad character 'x'"));
        let e = read_file(Path::new("/no/such/file.txt")).unwrap_err();
        assert!(e.to_string().starts_with("/no/such/file.txt: cannot read"));
    }
}
