//! Puzzle files: reading and writing collections of Sudoku puzzles.
//!
//! One reader takes every line form the shared sets and the Perl finder use, line
//! by line, so a file may even mix them:
//!
//! - `81 cells`: digits, with `.`, `0`, `-`, `_` or `*` for an empty cell;
//! - `name<TAB>81 cells`, optionally `<TAB>solution` (the Perl finder's form);
//! - CSV `puzzle,solution` (a first line that is not a puzzle is a header);
//! - `#` comments and blank lines are skipped.
//!
//! A bad line becomes an error naming `file:line:column` and reading goes
//! on: [`Collection`] holds the records and the errors side by side. Writing
//! produces the same forms, and JSON.

use std::fmt;
use std::io::BufRead;
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
    /// A byte that is not UTF-8 text, at 1-based character column `col`.
    BadByte { byte: u8, col: usize },
    /// A line longer than [`MAX_LINE`] bytes (skipped unread).
    TooLong,
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
            (
                ErrorKind::BadChar { col, .. }
                | ErrorKind::Long { col }
                | ErrorKind::BadByte { col, .. },
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
                "{found} fields: expected a puzzle and at most a solution (and a name before a TAB)"
            ),
            ErrorKind::BadByte { byte, .. } => write!(
                f,
                "byte 0x{byte:02X} is not UTF-8 text: the line is skipped"
            ),
            ErrorKind::TooLong => write!(
                f,
                "line longer than {MAX_LINE} bytes: skipped (a puzzle line is under 300)"
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

/// The longest line the reader keeps (a puzzle line with a name and a
/// solution is under 300 bytes); a longer line is an error and is skipped
/// without being held in memory.
pub const MAX_LINE: usize = 64 * 1024;

/// Reads a puzzle file. A missing or empty file gives one error and no
/// records; bad lines give an error each and the rest is still read.
pub fn read_file(path: impl AsRef<Path>) -> Collection {
    collect(records_of_file(path))
}

/// Reads puzzles from text; `file` names it in errors.
pub fn parse_text(text: &str, file: &str) -> Collection {
    collect(Records::new(text.as_bytes(), file))
}

/// Reads puzzles from bytes (any line ends, a BOM, bad bytes kept to their
/// line); `file` names it in errors.
pub fn parse_bytes(bytes: &[u8], file: &str) -> Collection {
    collect(Records::new(bytes, file))
}

fn collect<R: BufRead>(records: Records<R>) -> Collection {
    let mut out = Collection::default();
    for item in records {
        match item {
            Ok(r) => out.records.push(r),
            Err(e) => out.errors.push(e),
        }
    }
    out
}

/// The records of a file one at a time, in constant memory: a missing
/// file is a single error item.
pub fn records_of_file(path: impl AsRef<Path>) -> Records<Box<dyn BufRead>> {
    let path = path.as_ref();
    let file = path.display().to_string();
    match std::fs::File::open(path) {
        Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
            Records::failed(&file, "it is a folder, not a file".to_string())
        }
        Ok(f) => Records::new(
            Box::new(std::io::BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>,
            &file,
        ),
        Err(e) => Records::failed(&file, e.to_string()),
    }
}

/// A stream of puzzle records (or line errors) read line by line.
///
/// A line ends at LF, CR LF or a lone CR; a UTF-8 BOM at the start is
/// skipped; a byte that is not UTF-8 makes only its own line an error
/// (`file:line:col`). Memory stays bounded by [`MAX_LINE`].
pub struct Records<R> {
    reader: Option<R>,
    file: String,
    /// The 1-based number of the line last read.
    line: usize,
    seen_data: bool,
    /// A CR ended the last line: a LF right after it belongs to it.
    after_cr: bool,
    at_start: bool,
    buf: Vec<u8>,
    /// A whole-file error to give before anything else.
    pending: Option<FormatError>,
}

impl Records<Box<dyn BufRead>> {
    fn failed(file: &str, why: String) -> Self {
        Records {
            reader: None,
            file: file.to_string(),
            line: 0,
            seen_data: true,
            after_cr: false,
            at_start: false,
            buf: Vec::new(),
            pending: Some(FormatError {
                file: file.to_string(),
                line: 0,
                kind: ErrorKind::Unreadable(why),
            }),
        }
    }
}

/// How a raw line was read.
enum RawLine {
    /// The whole line is in the buffer.
    Whole,
    /// Longer than [`MAX_LINE`]: the rest was skipped.
    TooLong,
}

impl<R: BufRead> Records<R> {
    /// Records read from `reader`; `file` names it in errors.
    pub fn new(reader: R, file: &str) -> Self {
        Records {
            reader: Some(reader),
            file: file.to_string(),
            line: 0,
            seen_data: false,
            after_cr: false,
            at_start: true,
            buf: Vec::new(),
            pending: None,
        }
    }

    fn error(&self, line: usize, kind: ErrorKind) -> FormatError {
        FormatError {
            file: self.file.clone(),
            line,
            kind,
        }
    }

    /// Reads the next line into `buf` (without its end); `None` at the end.
    fn next_raw(&mut self) -> std::io::Result<Option<RawLine>> {
        let Some(reader) = self.reader.as_mut() else {
            return Ok(None);
        };
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.after_cr = false;
                return Ok(any.then_some(if too_long {
                    RawLine::TooLong
                } else {
                    RawLine::Whole
                }));
            }
            let mut start = 0;
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    start = 1;
                }
            }
            if self.at_start && start == 0 {
                if chunk.starts_with(BOM) {
                    start = 3;
                }
                self.at_start = false;
            }
            let rest = &chunk[start..];
            match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) => {
                    if !too_long && self.buf.len() + i <= MAX_LINE {
                        self.buf.extend_from_slice(&rest[..i]);
                    } else {
                        too_long = true;
                    }
                    self.after_cr = rest[i] == b'\r';
                    reader.consume(start + i + 1);
                    return Ok(Some(if too_long {
                        RawLine::TooLong
                    } else {
                        RawLine::Whole
                    }));
                }
                None => {
                    any = any || !rest.is_empty();
                    if !too_long && self.buf.len() + rest.len() <= MAX_LINE {
                        self.buf.extend_from_slice(rest);
                    } else {
                        too_long = true;
                        self.buf.clear();
                    }
                    let n = chunk.len();
                    reader.consume(n);
                }
            }
        }
    }
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.pending.take() {
            return Some(Err(e));
        }
        loop {
            let raw = match self.next_raw() {
                Ok(Some(raw)) => raw,
                Ok(None) => {
                    if self.reader.take().is_some() && !self.seen_data {
                        self.seen_data = true;
                        return Some(Err(self.error(0, ErrorKind::Empty)));
                    }
                    return None;
                }
                Err(e) => {
                    self.reader = None;
                    self.seen_data = true;
                    let line = self.line + 1;
                    return Some(Err(self.error(line, ErrorKind::Unreadable(e.to_string()))));
                }
            };
            self.line += 1;
            let line_no = self.line;
            if let RawLine::TooLong = raw {
                self.seen_data = true;
                return Some(Err(self.error(line_no, ErrorKind::TooLong)));
            }
            let text = match std::str::from_utf8(&self.buf) {
                Ok(t) => t,
                Err(e) => {
                    self.seen_data = true;
                    let good = e.valid_up_to();
                    let col = String::from_utf8_lossy(&self.buf[..good]).chars().count() + 1;
                    let kind = ErrorKind::BadByte {
                        byte: self.buf[good],
                        col,
                    };
                    return Some(Err(self.error(line_no, kind)));
                }
            };
            let line = text.trim_end();
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let first = !self.seen_data;
            self.seen_data = true;
            match parse_line(line) {
                Ok((name, grid, solution)) => {
                    return Some(Ok(Record {
                        name,
                        grid,
                        solution,
                        line: line_no,
                    }));
                }
                // A CSV header such as `quizzes,solutions` is not a puzzle.
                Err(_) if first && is_header(line) => {}
                Err(kind) => return Some(Err(self.error(line_no, kind))),
            }
        }
    }
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
    /// `name<TAB>puzzle[<TAB>solution]`, `0` for empty (the Perl finder's form);
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
    let mut out = Vec::new();
    let mut w = FormatWriter::new(&mut out, format);
    for r in records {
        // Writing to memory cannot fail.
        let _ = w.push(r);
    }
    let _ = w.finish();
    String::from_utf8(out).unwrap_or_default()
}

/// Writes records one at a time in a format (the streaming half of
/// [`format_records`]), so a large output never sits in memory.
pub struct FormatWriter<W: std::io::Write> {
    out: W,
    format: Format,
    count: usize,
}

impl<W: std::io::Write> FormatWriter<W> {
    /// A writer of `format` into `out`.
    pub fn new(out: W, format: Format) -> Self {
        FormatWriter {
            out,
            format,
            count: 0,
        }
    }

    /// Writes one record.
    pub fn push(&mut self, r: &Record) -> std::io::Result<()> {
        let mut line = String::new();
        match self.format {
            Format::Lines => {
                line.push_str(&r.grid.line());
                line.push('\n');
            }
            Format::Named => {
                let name = r
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("{}", self.count + 1));
                line.push_str(&name);
                line.push('\t');
                line.push_str(&r.grid.line_zeros());
                if let Some(s) = &r.solution {
                    line.push('\t');
                    line.push_str(&s.line_zeros());
                }
                line.push('\n');
            }
            Format::Csv => {
                if self.count == 0 {
                    line.push_str("puzzle,solution\n");
                }
                line.push_str(&r.grid.line_zeros());
                line.push(',');
                if let Some(s) = &r.solution {
                    line.push_str(&s.line_zeros());
                }
                line.push('\n');
            }
            Format::Json => {
                let item = serde_json::json!({
                    "name": r.name,
                    // 0 means made in memory: no line to name.
                    "line": (r.line > 0).then_some(r.line),
                    "puzzle": r.grid.line(),
                    "solution": r.solution.map(|s| s.line()),
                });
                line.push_str(if self.count == 0 { "[\n" } else { ",\n" });
                let text = serde_json::to_string_pretty(&item).unwrap_or_default();
                for (k, l) in text.lines().enumerate() {
                    if k > 0 {
                        line.push('\n');
                    }
                    line.push_str("  ");
                    line.push_str(l);
                }
            }
        }
        self.count += 1;
        self.out.write_all(line.as_bytes())
    }

    /// Ends the text (the CSV header or JSON brackets of an empty list, the
    /// JSON closing bracket) and hands back the output.
    pub fn finish(mut self) -> std::io::Result<W> {
        match (self.format, self.count) {
            (Format::Csv, 0) => self.out.write_all(b"puzzle,solution\n")?,
            (Format::Json, 0) => self.out.write_all(b"[]\n")?,
            (Format::Json, _) => self.out.write_all(b"\n]\n")?,
            _ => {}
        }
        Ok(self.out)
    }
}

/// Writes the collection to `path` in `format`, safely: the old file stays
/// whole if the write fails (see [`crate::files`]).
pub fn write_file(
    path: impl AsRef<Path>,
    records: &[Record],
    format: Format,
) -> Result<(), String> {
    let mut w = SafeWriter::create(path, format, &[])?;
    for r in records {
        w.push(r)?;
    }
    w.finish()
}

/// A puzzle file being written safely, one record at a time: the target is
/// replaced only by [`SafeWriter::finish`]; a write that would replace one
/// of `inputs` is refused up front.
pub struct SafeWriter {
    path: std::path::PathBuf,
    writer: FormatWriter<crate::files::SafeFile>,
}

impl SafeWriter {
    /// Starts writing `path` in `format`.
    pub fn create(
        path: impl AsRef<Path>,
        format: Format,
        inputs: &[&Path],
    ) -> Result<SafeWriter, String> {
        let path = path.as_ref();
        let file = crate::files::SafeFile::create(path, inputs).map_err(|e| e.to_string())?;
        Ok(SafeWriter {
            path: path.to_path_buf(),
            writer: FormatWriter::new(file, format),
        })
    }

    /// Writes one record.
    pub fn push(&mut self, r: &Record) -> Result<(), String> {
        self.writer
            .push(r)
            .map_err(|e| format!("{}: cannot write: {e}", self.path.display()))
    }

    /// Finishes the file and puts it in place.
    pub fn finish(self) -> Result<(), String> {
        let path = self.path;
        let file = self
            .writer
            .finish()
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        file.commit(&path).map_err(|e| e.to_string())
    }
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

    #[test]
    fn line_ends_bom_and_bad_bytes_stay_on_their_line() {
        let zeros = P.replace('.', "0");
        // BOM first, then LF, CR LF, lone CR; the second line has a bad byte.
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend_from_slice(format!("{P}\n").as_bytes());
        bytes.extend_from_slice(b"ab\xFFcd\r\n");
        bytes.extend_from_slice(format!("{zeros}\r{P}\r\n{P}").as_bytes());
        let c = parse_bytes(&bytes, "b.txt");
        assert_eq!(c.records.len(), 4, "{:?}", c.errors);
        let lines: Vec<usize> = c.records.iter().map(|r| r.line).collect();
        assert_eq!(lines, [1, 3, 4, 5]);
        assert_eq!(
            c.errors[0].to_string(),
            "b.txt:2:3: byte 0xFF is not UTF-8 text: the line is skipped"
        );
        assert_eq!(c.errors.len(), 1);
    }

    #[test]
    fn a_huge_line_is_skipped_in_bounded_memory() {
        let mut text = "1".repeat(MAX_LINE * 3);
        text.push('\n');
        text.push_str(P);
        let c = parse_text(&text, "h.txt");
        assert_eq!(c.records.len(), 1);
        assert_eq!(c.records[0].line, 2);
        assert!(
            c.errors[0]
                .to_string()
                .starts_with("h.txt:1: line longer than")
        );
    }

    #[test]
    fn a_folder_is_not_a_puzzle_file() {
        let c = read_file(std::env::temp_dir());
        assert!(c.errors[0].to_string().contains("folder"), "{:?}", c.errors);
    }

    #[test]
    fn streaming_json_matches_the_whole_document() {
        let g = Grid::parse(P).unwrap();
        let recs = vec![Record::new(g), Record::new(g)];
        let items: Vec<serde_json::Value> = recs
            .iter()
            .map(|r| {
                serde_json::json!({"name": r.name, "line": (r.line > 0).then_some(r.line),
                    "puzzle": r.grid.line(), "solution": r.solution.map(|s| s.line())})
            })
            .collect();
        let whole = serde_json::to_string_pretty(&items).unwrap() + "\n";
        assert_eq!(format_records(&recs, Format::Json), whole);
        assert_eq!(format_records(&[], Format::Json), "[]\n");
    }
}
