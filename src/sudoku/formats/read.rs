//! Reading puzzle files: [`Records`] streams a file's puzzles (or its bad
//! lines' errors) through the shared line reader [`crate::reading::Lines`],
//! so a file of any size, an endless device or a binary file costs bounded
//! memory and stops when its monitor says so.

use std::io::BufRead;
use std::path::Path;

use super::names::{MAX_NAME, escape_name, unescape_name};
use super::{Collection, ErrorKind, FormatError, MAX_LINE, Record};
use crate::monitor::{Monitor, Silent};
use crate::reading::{LineError, Lines, MAX_ERRORS};
use crate::sudoku::{CELLS, Grid};

/// Reads a puzzle file. A missing or empty file gives one error and no
/// records; bad lines give an error each and the rest is still read, until
/// the monitor says stop ([`Collection::stopped`]).
pub fn read_file(path: impl AsRef<Path>, monitor: &dyn Monitor) -> Collection {
    collect(records_of_file(path, monitor))
}

/// [`read_file`] handing each good record to `take` as it is read, so that
/// a caller building its own list holds no second one (the collection's
/// `records` stay empty); pencil-mark lines are read too
/// ([`Records::pencil_lines`]).
pub fn read_file_each(
    path: impl AsRef<Path>,
    monitor: &dyn Monitor,
    take: impl FnMut(Record),
) -> Collection {
    collect_each(records_of_file(path, monitor).pencil_lines(), take)
}

/// Reads puzzles from text; `file` names it in errors.
pub fn parse_text(text: &str, file: &str) -> Collection {
    collect(Records::new(text.as_bytes(), file, &Silent))
}

/// Reads puzzles from bytes (any line ends, a BOM, bad bytes kept to their
/// line); `file` names it in errors.
pub fn parse_bytes(bytes: &[u8], file: &str) -> Collection {
    collect(Records::new(bytes, file, &Silent))
}

fn collect<R: BufRead>(records: Records<'_, R>) -> Collection {
    let mut kept = Vec::new();
    let mut out = collect_each(records, |r| kept.push(r));
    out.records = kept;
    out
}

fn collect_each<R: BufRead>(
    mut records: Records<'_, R>,
    mut take: impl FnMut(Record),
) -> Collection {
    let mut out = Collection::default();
    for item in records.by_ref() {
        match item {
            Ok(r) => take(r),
            Err(e) if e.ends_reading() => out.errors.push_kept(e),
            Err(e) => out.errors.push(e),
        }
    }
    out.lines = records.line();
    out.stopped = records.stopped();
    out
}

/// The records of a file one at a time, in bounded memory: a missing
/// file is a single error item.
pub fn records_of_file<'m>(
    path: impl AsRef<Path>,
    monitor: &'m dyn Monitor,
) -> Records<'m, Box<dyn BufRead + Send + 'm>> {
    let path = path.as_ref();
    let file = path.display().to_string();
    // A FIFO or a device is read so that `monitor` can stop a wait for it.
    match crate::reading::open_input(path, monitor) {
        Ok(f) => Records::new(
            Box::new(std::io::BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead + Send + 'm>,
            &file,
            monitor,
        ),
        Err(why) => Records::failed(&file, why),
    }
}

/// A stream of puzzle records (or line errors) read line by line.
///
/// Lines as [`Lines`] gives them (LF, CR LF or CR; a BOM skipped; a bad
/// byte or a line over [`MAX_LINE`] costs only its line). Reading ends early
/// on a line with no end in sight, after [`MAX_ERRORS`] bad lines with not
/// one puzzle (a binary file), or when the monitor says stop.
pub struct Records<'m, R> {
    lines: Option<Lines<'m, R>>,
    file: String,
    seen_data: bool,
    puzzles: usize,
    bad: usize,
    /// An error to give before anything else (then the stream ends).
    pending: Option<FormatError>,
    done: bool,
    /// True when 729-character pencil-mark lines are records, not errors.
    pencil_ok: bool,
}

impl<'m> Records<'m, Box<dyn BufRead + Send + 'm>> {
    fn failed(file: &str, why: String) -> Self {
        Records {
            lines: None,
            file: file.to_string(),
            seen_data: true,
            puzzles: 0,
            bad: 0,
            pending: Some(FormatError {
                file: file.to_string(),
                line: 0,
                kind: ErrorKind::Unreadable(why),
            }),
            done: true,
            pencil_ok: false,
        }
    }
}

impl<'m, R: BufRead> Records<'m, R> {
    /// Records read from `reader`; `file` names it in errors.
    pub fn new(reader: R, file: &str, monitor: &'m dyn Monitor) -> Self {
        Records {
            lines: Some(Lines::new(reader, MAX_LINE, monitor)),
            file: file.to_string(),
            seen_data: false,
            puzzles: 0,
            bad: 0,
            pending: None,
            done: false,
            pencil_ok: false,
        }
    }

    /// These records with Sukaku Explainer's 729-character pencil-mark
    /// lines read as records ([`Record::marks`]) rather than refused: for
    /// readers that take a position, not only a puzzle.
    pub fn pencil_lines(mut self) -> Self {
        self.pencil_ok = true;
        self
    }

    /// Lines read so far.
    pub fn line(&self) -> usize {
        self.lines.as_ref().map_or(0, Lines::line)
    }

    /// True when the monitor stopped the reading.
    pub fn stopped(&self) -> bool {
        self.lines.as_ref().is_some_and(Lines::stopped)
    }

    /// The error of a bad line; past [`MAX_ERRORS`] of them with no puzzle
    /// yet, the next item says reading stops, and it does.
    fn bad_line(&mut self, line: usize, kind: ErrorKind) -> FormatError {
        self.bad += 1;
        if kind == ErrorKind::Endless || matches!(kind, ErrorKind::Unreadable(_)) {
            self.done = true;
        } else if self.bad == MAX_ERRORS && self.puzzles == 0 {
            self.done = true;
            self.pending = Some(FormatError {
                file: self.file.clone(),
                line,
                kind: ErrorKind::NotPuzzles,
            });
        }
        FormatError {
            file: self.file.clone(),
            line,
            kind,
        }
    }
}

/// What one line turned out to be.
enum Step {
    Skip,
    Marks(Result<(Option<String>, Box<[u16; CELLS]>), ErrorKind>),
    Puzzle(
        Result<(Option<String>, Grid, Option<Grid>), ErrorKind>,
        bool,
    ),
    Bad(ErrorKind),
    End,
}

impl<R: BufRead> Iterator for Records<'_, R> {
    type Item = Result<Record, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.pending.take() {
            return Some(Err(e));
        }
        loop {
            if self.done {
                return None;
            }
            let lines = self.lines.as_mut()?;
            let mut line_no = lines.line();
            let step = match lines.next_line() {
                None => Step::End,
                Some((l, Err(e))) => {
                    line_no = l;
                    Step::Bad(match e {
                        LineError::TooLong { .. } => ErrorKind::TooLong,
                        LineError::BadByte { byte, col } => ErrorKind::BadByte { byte, col },
                        LineError::Endless => ErrorKind::Endless,
                        LineError::Io(why) => ErrorKind::Unreadable(why),
                    })
                }
                Some((l, Ok(text))) => {
                    line_no = l;
                    let line = text.trim_end();
                    let trimmed = line.trim_start();
                    if let Some(grid) = bare_cells(line.as_bytes()) {
                        // The common line, 81 cells alone: no comment,
                        // pencil-mark line or header is one.
                        Step::Puzzle(Ok((None, grid, None)), false)
                    } else if trimmed.is_empty() || trimmed.starts_with('#') {
                        Step::Skip
                    } else if let Some((name, body, offset)) = pencil_line_of(line) {
                        match (self.pencil_ok, name_fits(name.as_deref())) {
                            (true, Ok(())) => Step::Marks(
                                super::parse_pencil_line(body, false)
                                    .map(|m| (name, Box::new(m)))
                                    .map_err(|error| pencil_error(error, offset)),
                            ),
                            (true, Err(e)) => Step::Bad(e),
                            (false, _) => Step::Bad(ErrorKind::PencilLine),
                        }
                    } else {
                        // A CSV header such as `quizzes,solutions` is not a puzzle.
                        let header = !self.seen_data && is_header(line);
                        Step::Puzzle(parse_line(line), header)
                    }
                }
            };
            match step {
                Step::Skip => {}
                Step::End => {
                    self.done = true;
                    if !self.seen_data && !lines.stopped() {
                        self.seen_data = true;
                        return Some(Err(FormatError {
                            file: self.file.clone(),
                            line: 0,
                            kind: ErrorKind::Empty,
                        }));
                    }
                    return None;
                }
                Step::Bad(kind) => {
                    self.seen_data = true;
                    return Some(Err(self.bad_line(line_no, kind)));
                }
                Step::Puzzle(Ok((name, grid, solution)), _) => {
                    self.seen_data = true;
                    self.puzzles += 1;
                    return Some(Ok(Record {
                        name,
                        grid,
                        solution,
                        line: line_no,
                        marks: None,
                    }));
                }
                Step::Marks(Ok((name, marks))) => {
                    self.seen_data = true;
                    self.puzzles += 1;
                    return Some(Ok(Record {
                        name,
                        grid: super::pencil_givens(&marks),
                        solution: None,
                        line: line_no,
                        marks: Some(marks),
                    }));
                }
                Step::Marks(Err(kind)) => {
                    self.seen_data = true;
                    return Some(Err(self.bad_line(line_no, kind)));
                }
                Step::Puzzle(Err(_), true) => self.seen_data = true,
                Step::Puzzle(Err(kind), false) => {
                    self.seen_data = true;
                    return Some(Err(self.bad_line(line_no, kind)));
                }
            }
        }
    }
}

/// A pencil-mark line's name (after unescaping), its 729 marks and the
/// characters before them, when `line` is one: bare or `name<TAB>marks`.
fn pencil_line_of(line: &str) -> Option<(Option<String>, &str, usize)> {
    if super::is_pencil_line(line) {
        return Some((None, line, 0));
    }
    let (name, rest) = line.split_once('\t')?;
    super::is_pencil_line(rest).then(|| {
        let name = Some(unescape_name(name.trim())).filter(|n| !n.is_empty());
        (name, rest, name_width(line, rest))
    })
}

/// Characters of `line` before its tail `rest`.
fn name_width(line: &str, rest: &str) -> usize {
    line[..line.len() - rest.len()].chars().count()
}

/// A pencil-mark line's error with its column in the whole line.
fn pencil_error(error: super::PencilLineError, offset: usize) -> ErrorKind {
    let col = match error {
        super::PencilLineError::Char { col, .. } => offset + col,
        _ => 0,
    };
    ErrorKind::Pencil { error, col }
}

fn is_header(line: &str) -> bool {
    line.contains(',') && line.chars().any(|c| c.is_ascii_alphabetic())
}

/// A field of a line and the column before its first character.
type Field<'a> = (std::borrow::Cow<'a, str>, usize);

/// One line's name, puzzle and solution (comments and blanks not allowed).
/// Columns in errors count from the start of `line`. Names are unescaped
/// (see [`super::names`]); an empty name is none.
pub fn parse_line(line: &str) -> Result<(Option<String>, Grid, Option<Grid>), ErrorKind> {
    // The common line, 81 cells alone, without the general path's
    // allocations (any other line, good or bad, takes that path).
    if let Some(grid) = bare_cells(line.as_bytes()) {
        return Ok((None, grid, None));
    }
    // And the CSV line of puzzle and solution (Kaggle's sets).
    if let Some((cells, solution)) = line.as_bytes().split_at_checked(CELLS)
        && let [b',', solution @ ..] = solution
        && let (Some(grid), Some(solution)) = (bare_cells(cells), bare_cells(solution))
    {
        return Ok((None, grid, Some(solution)));
    }
    let (name, fields): (Option<Field>, Vec<Field>) = match line.split_once('\t') {
        Some((name, rest)) => {
            let offset = name.chars().count() + 1;
            let mut col = offset;
            let fields = rest
                .split('\t')
                .map(|f| {
                    let at = col;
                    col += f.chars().count() + 1;
                    (f.into(), at)
                })
                .collect();
            (Some((name.trim().into(), 0)), fields)
        }
        None if line.contains(',') => {
            let mut fields = csv_fields(line)?;
            let name = (fields.len() == 3).then(|| fields.remove(0));
            (name, fields)
        }
        None => (None, vec![(line.into(), 0)]),
    };
    if fields.len() > 2 {
        return Err(ErrorKind::Fields {
            found: fields.len() + name.is_some() as usize,
        });
    }
    let (cells, offset) = &fields[0];
    let grid = parse_cells(cells.trim_end(), *offset)?;
    let solution = match fields.get(1) {
        Some((s, offset)) if !s.trim().is_empty() => Some(parse_cells(s.trim(), *offset)?),
        _ => None,
    };
    let name = name
        .map(|(n, _)| unescape_name(&n))
        .filter(|n| !n.is_empty());
    name_fits(name.as_deref())?;
    Ok((name, grid, solution))
}

/// A name as read is one the writers can write back: at most [`MAX_NAME`]
/// bytes once escaped (a name of control characters grows up to sixfold).
fn name_fits(name: Option<&str>) -> Result<(), ErrorKind> {
    // Escaping never shortens a name: one short enough as it stands needs
    // no look (every name of an ordinary file).
    match name {
        Some(n) if n.len() * 6 > MAX_NAME => match escape_name(n).len() {
            bytes if bytes > MAX_NAME => Err(ErrorKind::LongName { bytes }),
            _ => Ok(()),
        },
        _ => Ok(()),
    }
}

/// The fields of a CSV line (RFC 4180: `"` quotes a field, `""` is a quote
/// inside it) with the column before each field's text.
fn csv_fields(line: &str) -> Result<Vec<Field<'_>>, ErrorKind> {
    if !line.contains('"') {
        let mut col = 0;
        return Ok(line
            .split(',')
            .map(|f| {
                let at = col;
                col += f.chars().count() + 1;
                (f.into(), at)
            })
            .collect());
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(line.as_bytes());
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(true) => {}
        _ => return Err(ErrorKind::Fields { found: 0 }),
    }
    // Where each field's text starts in the line: a quoted field is its
    // text in quotes with each quote doubled.
    let raw: Vec<char> = line.chars().collect();
    let mut col = 0;
    let mut out = Vec::with_capacity(record.len());
    for field in record.iter() {
        let quoted = raw.get(col) == Some(&'"');
        let length = field.chars().count();
        let (at, raw_length) = if quoted {
            (col + 1, 2 + length + field.matches('"').count())
        } else {
            (col, length)
        };
        out.push((field.to_string().into(), at));
        col += raw_length + 1;
    }
    Ok(out)
}

/// Exactly 81 cell characters (`1`-`9`, or `0 . - _ *` for an empty
/// cell) as a grid; `None` for anything else (the general path says why).
fn bare_cells(line: &[u8]) -> Option<Grid> {
    let line: &[u8; CELLS] = line.try_into().ok()?;
    // Compares only, no table: the loop runs 16 or 32 bytes at a time.
    let mut cells = [0u8; CELLS];
    let mut bad = false;
    for (c, &b) in cells.iter_mut().zip(line) {
        let digit = b.wrapping_sub(b'1') < 9;
        let blank = b == b'0' || b == b'.' || b == b'-' || b == b'_' || b == b'*';
        *c = if digit { b - b'0' } else { 0 };
        bad |= !(digit | blank);
    }
    (!bad).then(|| Grid::from_cells(cells))
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
