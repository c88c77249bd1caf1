//! Reading puzzle lists for the similarity tools: `name<TAB>81 digits` lines
//! as seed 003's files hold them, or bare 81-character lines.
//!
//! This is a small private reader kept until the general puzzle-file reader
//! (`sudoku::formats`) lands; it is meant to be replaced by it. Every error
//! names the file and line (and column for a bad character).

use std::fmt;
use std::path::Path;

use super::keys::{Named, Source};
use crate::sudoku::{CELLS, Grid};

/// Why a puzzle file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io { file: String, message: String },
    /// A line's puzzle does not have 81 cells.
    Length {
        file: String,
        line: usize,
        found: usize,
    },
    /// A character that is neither a digit nor `.`.
    BadChar {
        file: String,
        line: usize,
        col: usize,
        ch: char,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { file, message } => write!(f, "{file}: cannot read: {message}"),
            ReadError::Length { file, line, found } => write!(
                f,
                "{file}:{line}: a puzzle has 81 cells, this line has {found} \
                 (expected `name<TAB>81 digits` or 81 digits, 0 or . for empty)"
            ),
            ReadError::BadChar {
                file,
                line,
                col,
                ch,
            } => write!(
                f,
                "{file}:{line}:{col}: invalid character {ch:?} in a puzzle \
                 (cells are digits 1-9, 0 or . for empty)"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// Read a puzzle file. Blank lines are skipped (as the Perl skips them);
/// a line without a tab is a bare puzzle named `FILE:LINE`.
pub fn read_file(path: &Path) -> Result<Source, ReadError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ReadError::Io {
        file: file.clone(),
        message: e.to_string(),
    })?;
    parse_text(&file, &text)
}

/// Parse puzzle lines; `file` is the name errors and unnamed puzzles use.
pub fn parse_text(file: &str, text: &str) -> Result<Source, ReadError> {
    let mut puzzles = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end_matches(['\r', ' ', '\t']);
        if line.trim().is_empty() {
            continue;
        }
        // The Perl splits at the first tab: name before, data after.
        let (name, data, data_col) = match line.split_once('\t') {
            Some((name, data)) => (name.to_string(), data, name.chars().count() + 2),
            None => (format!("{file}:{line_no}"), line, 1),
        };
        let grid = parse_cells(data).map_err(|e| match e {
            CellError::Length(found) => ReadError::Length {
                file: file.to_string(),
                line: line_no,
                found,
            },
            CellError::Bad(pos, ch) => ReadError::BadChar {
                file: file.to_string(),
                line: line_no,
                col: data_col + pos,
                ch,
            },
        })?;
        puzzles.push(Named { name, grid });
    }
    Ok(Source {
        label: file.to_string(),
        puzzles,
    })
}

enum CellError {
    Length(usize),
    Bad(usize, char),
}

fn parse_cells(data: &str) -> Result<Grid, CellError> {
    let mut cells = [0u8; CELLS];
    let mut n = 0;
    for (pos, ch) in data.chars().enumerate() {
        let v = match ch {
            '0' | '.' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => return Err(CellError::Bad(pos, ch)),
        };
        if let Some(slot) = cells.get_mut(n) {
            *slot = v;
        }
        n += 1;
    }
    if n != CELLS {
        return Err(CellError::Length(n));
    }
    Ok(Grid::from_cells(cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_bare_lines() {
        let z = "0".repeat(81);
        let text = format!("first\t{z}\n\n{}\n", ".".repeat(81));
        let s = parse_text("t.txt", &text).unwrap();
        assert_eq!(s.puzzles.len(), 2);
        assert_eq!(s.puzzles[0].name, "first");
        assert_eq!(s.puzzles[1].name, "t.txt:3");
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
            ReadError::BadChar {
                file: "t.txt".into(),
                line: 2,
                col: 84,
                ch: 'x'
            }
        );
        let e = read_file(Path::new("/no/such/file.txt")).unwrap_err();
        assert!(e.to_string().starts_with("/no/such/file.txt: cannot read"));
    }
}
