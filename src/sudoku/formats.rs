//! Puzzle files: reading and writing collections of Sudoku puzzles.
//!
//! One reader takes every line form the shared sets and seed 003 use, line
//! by line, so a file may even mix them:
//!
//! - `81 cells`: digits, with `.`, `0`, `-`, `_` or `*` for an empty cell;
//! - `name<TAB>81 cells`, optionally `<TAB>solution` (seed 003's form);
//! - CSV `puzzle,solution` (a first line that is not a puzzle is a header);
//! - `#` comments and blank lines are skipped.
//!
//! A bad line becomes an error naming `file:line:column` and reading goes
//! on: [`Collection`] holds the records and the errors side by side. Writing
//! produces the same forms, and JSON.

use std::fmt;
use std::path::Path;

use super::{CELLS, Grid};

/// One puzzle read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The name before a TAB, when the line has one.
    pub name: Option<String>,
    /// The puzzle.
    pub grid: Grid,
    /// The solution given beside it (CSV second field, third TAB field).
    pub solution: Option<Grid>,
    /// The 1-based line of the file it came from (0 when made in memory).
    pub line: usize,
}

impl Record {
    /// A record for a grid made in memory (no name, no solution, line 0).
    pub fn new(grid: Grid) -> Record {
        Record {
            name: None,
            grid,
            solution: None,
            line: 0,
        }
    }
}

/// What is wrong with one line (or with the whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file cannot be read (missing, unreadable, not UTF-8).
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

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = match (&self.kind, self.line) {
            (_, 0) => self.file.to_string(),
            (ErrorKind::BadChar { col, .. } | ErrorKind::Long { col }, line) => {
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
                "{found} fields: expected a puzzle and at most a solution (and a name before a TAB)"
            ),
        }
    }
}

impl std::error::Error for FormatError {}

/// The records read from a file and the errors of the lines that failed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// Good puzzles, in file order.
    pub records: Vec<Record>,
    /// Bad lines (or a whole-file problem), in file order.
    pub errors: Vec<FormatError>,
}

/// Reads a puzzle file. A missing or empty file gives one error and no
/// records; bad lines give an error each and the rest is still read.
pub fn read_file(path: impl AsRef<Path>) -> Collection {
    let path = path.as_ref();
    let file = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => parse_text(&text, &file),
        Err(e) => Collection {
            records: Vec::new(),
            errors: vec![FormatError {
                file,
                line: 0,
                kind: ErrorKind::Unreadable(e.to_string()),
            }],
        },
    }
}

/// Reads puzzles from text; `file` names it in errors.
pub fn parse_text(text: &str, file: &str) -> Collection {
    let mut out = Collection::default();
    let mut seen_data = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let first = !seen_data;
        seen_data = true;
        match parse_line(line) {
            Ok((name, grid, solution)) => out.records.push(Record {
                name,
                grid,
                solution,
                line: i + 1,
            }),
            // A CSV header such as `quizzes,solutions` is not a puzzle.
            Err(_) if first && is_header(line) => {}
            Err(kind) => out.errors.push(FormatError {
                file: file.to_string(),
                line: i + 1,
                kind,
            }),
        }
    }
    if !seen_data {
        out.errors.push(FormatError {
            file: file.to_string(),
            line: 0,
            kind: ErrorKind::Empty,
        });
    }
    out
}

fn is_header(line: &str) -> bool {
    line.contains(',') && line.chars().any(|c| c.is_ascii_alphabetic())
}

/// One line's name, puzzle and solution (comments and blanks not allowed).
/// Columns in errors count from the start of `line`.
pub fn parse_line(line: &str) -> Result<(Option<String>, Grid, Option<Grid>), ErrorKind> {
    let (name, rest, offset) = match line.split_once('\t') {
        Some((name, rest)) => (
            Some(name.trim().to_string()),
            rest,
            name.chars().count() + 1,
        ),
        None => (None, line, 0),
    };
    let sep = if name.is_some() { '\t' } else { ',' };
    let fields: Vec<&str> = rest.split(sep).collect();
    if fields.len() > 2 {
        return Err(ErrorKind::Fields {
            found: fields.len() + name.is_some() as usize,
        });
    }
    let grid = parse_cells(fields[0].trim_end(), offset)?;
    let solution = match fields.get(1) {
        Some(s) if !s.trim().is_empty() => {
            let off = offset + fields[0].chars().count() + 1;
            Some(parse_cells(s.trim(), off)?)
        }
        _ => None,
    };
    Ok((name, grid, solution))
}

/// 81 cells in a row; `offset` is the column before the first character.
fn parse_cells(text: &str, offset: usize) -> Result<Grid, ErrorKind> {
    let mut cells = [0u8; CELLS];
    let mut n = 0;
    for (i, ch) in text.chars().enumerate() {
        let v = match ch {
            '1'..='9' => ch as u8 - b'0',
            '0' | '.' | '-' | '_' | '*' => 0,
            _ => {
                return Err(ErrorKind::BadChar {
                    ch,
                    col: offset + i + 1,
                });
            }
        };
        if n == CELLS {
            return Err(ErrorKind::Long {
                col: offset + i + 1,
            });
        }
        cells[n] = v;
        n += 1;
    }
    if n < CELLS {
        return Err(ErrorKind::Short { cells: n });
    }
    Ok(Grid::from_cells(cells))
}

/// How to write a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One puzzle per line, `.` for empty.
    Lines,
    /// `name<TAB>puzzle[<TAB>solution]`, `0` for empty (seed 003's form);
    /// records without a name are named by their line number.
    Named,
    /// `puzzle,solution` with a header, `0` for empty.
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

    /// The format a file name suggests by its extension (lines otherwise).
    pub fn from_path(path: &Path) -> Format {
        path.extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_name)
            .unwrap_or(Format::Lines)
    }
}

/// The collection as text in `format`.
pub fn format_records(records: &[Record], format: Format) -> String {
    let mut out = String::new();
    match format {
        Format::Lines => {
            for r in records {
                out.push_str(&r.grid.line());
                out.push('\n');
            }
        }
        Format::Named => {
            for (i, r) in records.iter().enumerate() {
                let name = r.name.clone().unwrap_or_else(|| format!("{}", i + 1));
                out.push_str(&name);
                out.push('\t');
                out.push_str(&r.grid.line_zeros());
                if let Some(s) = &r.solution {
                    out.push('\t');
                    out.push_str(&s.line_zeros());
                }
                out.push('\n');
            }
        }
        Format::Csv => {
            out.push_str("puzzle,solution\n");
            for r in records {
                out.push_str(&r.grid.line_zeros());
                out.push(',');
                if let Some(s) = &r.solution {
                    out.push_str(&s.line_zeros());
                }
                out.push('\n');
            }
        }
        Format::Json => {
            let items: Vec<serde_json::Value> = records
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "name": r.name,
                        // 0 means made in memory: no line to name.
                        "line": (r.line > 0).then_some(r.line),
                        "puzzle": r.grid.line(),
                        "solution": r.solution.map(|s| s.line()),
                    })
                })
                .collect();
            out = serde_json::to_string_pretty(&items).unwrap_or_default();
            out.push('\n');
        }
    }
    out
}

/// Writes the collection to `path` in `format`.
pub fn write_file(
    path: impl AsRef<Path>,
    records: &[Record],
    format: Format,
) -> Result<(), String> {
    let path = path.as_ref();
    std::fs::write(path, format_records(records, format))
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn reads_every_form_and_keeps_going() {
        let zeros = P.replace('.', "0");
        let text = format!(
            "# comment\n\n{P}\nym\t{zeros}\n{zeros},{zeros}\n{}\n{}x\n",
            &P[..80],
            &P[..80]
        );
        let c = parse_text(&text, "t.txt");
        assert_eq!(c.records.len(), 3);
        assert_eq!(c.records[0].line, 3);
        assert_eq!(c.records[1].name.as_deref(), Some("ym"));
        assert!(c.records[2].solution.is_some());
        assert_eq!(c.errors.len(), 2);
        assert_eq!(
            c.errors[0].to_string(),
            "t.txt:6: short line: 80 cells, a puzzle has 81"
        );
        assert!(
            c.errors[1]
                .to_string()
                .starts_with("t.txt:7:81: bad character 'x'")
        );
    }

    #[test]
    fn header_empty_and_missing() {
        let c = parse_text(&format!("quizzes,solutions\n{P},\n"), "k.csv");
        assert_eq!((c.records.len(), c.errors.len()), (1, 0));
        let e = parse_text("# only a comment\n", "e.txt");
        assert_eq!(e.errors[0].to_string(), "e.txt: no puzzles in the file");
        let m = read_file("/nonexistent/puzzles.txt");
        assert!(
            m.errors[0]
                .to_string()
                .starts_with("/nonexistent/puzzles.txt: cannot read")
        );
    }

    #[test]
    fn writes_round_trip() {
        let g = Grid::parse(P).unwrap();
        let recs = vec![Record {
            name: Some("a".into()),
            grid: g,
            solution: Some(g),
            line: 1,
        }];
        for f in [Format::Lines, Format::Named, Format::Csv] {
            let back = parse_text(&format_records(&recs, f), "w");
            assert_eq!(back.records[0].grid, g, "{f:?}");
            assert!(back.errors.is_empty());
        }
        let json = format_records(&recs, Format::Json);
        assert!(json.contains("\"name\": \"a\""));
    }
}
