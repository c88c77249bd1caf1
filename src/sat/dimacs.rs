//! DIMACS CNF text: writing a [`Cnf`], reading one back strictly, and reading
//! a solver's answer (`s SATISFIABLE` / `v ...` lines, or minisat's result
//! file) and decoding its model into a board.
//!
//! The reader accepts `c` comment lines anywhere, exactly one `p cnf V C`
//! header before the first clause, clauses spread over or sharing lines, and
//! a SATLIB-style `%` line as the end of the data. Everything else is an
//! error that names the line and column (1-based, in characters).

use std::fmt;
use std::io::BufRead;

use super::board::SudokuBoard;
use super::encode::{Cnf, var};
use crate::monitor::{Monitor, Silent};
use crate::reading::{LineError, Lines};

/// What is wrong in a DIMACS or answer text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimacsError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub col: usize,
    /// What is wrong.
    pub kind: DimacsErrorKind,
}

/// The kinds of DIMACS errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DimacsErrorKind {
    /// A clause (or the end of the text) came before any `p cnf V C` line.
    NoHeader,
    /// The `p` line is not `p cnf V C` with two numbers.
    BadHeader(String),
    /// A second `p` line.
    SecondHeader,
    /// A word that is not a number where a literal belongs.
    NotANumber(String),
    /// A literal whose variable is larger than the header's V.
    LiteralBeyond { literal: i64, vars: u32 },
    /// More clauses than the header's C: the position is the first extra one.
    TooManyClauses { declared: usize },
    /// Fewer clauses than the header's C: the position is the end of the text.
    TooFewClauses { declared: usize, found: usize },
    /// The last clause does not end with 0: the position is where it starts.
    MissingFinalZero,
    /// A solver answer without a status (`s ...` line or minisat's first word).
    NoStatus,
    /// A status word that is not SATISFIABLE / UNSATISFIABLE / UNKNOWN.
    BadStatus(String),
    /// A satisfiable answer whose model is missing or not ended by 0.
    NoModel,
    /// A line longer than `max` bytes (the position is its line).
    LineTooLong { max: usize },
    /// A byte that is not UTF-8 text.
    BadByte { byte: u8 },
    /// A line with no end in sight (an endless device): reading stopped.
    Endless,
    /// The text could not be read on (the position is its line).
    Unreadable(String),
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            // About a whole line: no column.
            DimacsErrorKind::LineTooLong { .. }
            | DimacsErrorKind::Endless
            | DimacsErrorKind::Unreadable(_) => write!(f, "{}: ", self.line)?,
            _ => write!(f, "{}:{}: ", self.line, self.col)?,
        }
        match &self.kind {
            DimacsErrorKind::NoHeader => {
                write!(f, "no `p cnf V C` header before the clauses")
            }
            DimacsErrorKind::BadHeader(what) => {
                write!(f, "bad header: {what}; expected `p cnf V C`")
            }
            DimacsErrorKind::SecondHeader => write!(f, "a second `p` header"),
            DimacsErrorKind::NotANumber(word) => {
                write!(
                    f,
                    "{word:?} is not a literal (a nonzero number, 0 ends a clause)"
                )
            }
            DimacsErrorKind::LiteralBeyond { literal, vars } => write!(
                f,
                "literal {literal} is beyond the header's {vars} variables"
            ),
            DimacsErrorKind::TooManyClauses { declared } => write!(
                f,
                "more clauses than the header's {declared}: this one is extra"
            ),
            DimacsErrorKind::TooFewClauses { declared, found } => write!(
                f,
                "the header promises {declared} clauses, the text ends after {found}"
            ),
            DimacsErrorKind::MissingFinalZero => write!(
                f,
                "the clause starting here has no final 0 before the end of the text"
            ),
            DimacsErrorKind::NoStatus => write!(
                f,
                "no solver status: expected an `s SATISFIABLE` line or minisat's SAT/UNSAT"
            ),
            DimacsErrorKind::BadStatus(word) => write!(f, "unknown solver status {word:?}"),
            DimacsErrorKind::NoModel => write!(
                f,
                "satisfiable, but the model (`v` lines ending with 0) is missing or unfinished"
            ),
            DimacsErrorKind::LineTooLong { max } => {
                write!(f, "line longer than {} MiB: not read", max >> 20)
            }
            DimacsErrorKind::BadByte { byte } => {
                write!(f, "byte 0x{byte:02X} is not UTF-8 text")
            }
            DimacsErrorKind::Endless => write!(
                f,
                "line longer than {} MiB: not a text file, reading stopped",
                crate::reading::MAX_SKIP >> 20
            ),
            DimacsErrorKind::Unreadable(why) => write!(f, "cannot read on: {why}"),
        }
    }
}

impl std::error::Error for DimacsError {}

fn err(line: usize, col: usize, kind: DimacsErrorKind) -> DimacsError {
    DimacsError { line, col, kind }
}

/// The words of a line with their 1-based columns.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut col = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        col += rest[..start].chars().count();
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        let at = col + 1;
        col += word.chars().count();
        rest = &rest[end..];
        Some((at, word))
    })
}

/// The DIMACS text of `cnf`: its comments as `c` lines, the exact
/// `p cnf V C` header, then one clause per line ending in 0.
pub fn to_dimacs(cnf: &Cnf) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(16 * cnf.clause_count() + 256);
    for c in cnf.comments() {
        let _ = writeln!(out, "c {c}");
    }
    let _ = writeln!(out, "p cnf {} {}", cnf.vars(), cnf.clause_count());
    for clause in cnf.clauses() {
        for lit in clause {
            let _ = write!(out, "{lit} ");
        }
        out.push_str("0\n");
    }
    out
}

/// The longest DIMACS or answer line read: 4 MiB (minisat's result file
/// puts a whole model on one line, about 110 KB for a 25×25 board).
pub const MAX_LINE: usize = 4 << 20;

/// A text read to its end, or stopped by the monitor after `lines` lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading<T> {
    /// The whole text was read.
    Read(T),
    /// The monitor said stop (Ctrl+C, the memory budget): nothing is returned.
    Stopped { lines: usize },
}

/// Feeds the lines of `reader` to `each` (1-based line, text) until it
/// returns `Ok(false)` or the text ends; returns where the text ended
/// (line, column past its last character), or that the monitor stopped it.
fn each_line<R: BufRead>(
    reader: R,
    monitor: &dyn Monitor,
    mut each: impl FnMut(usize, &str) -> Result<bool, DimacsError>,
) -> Result<Reading<(usize, usize)>, DimacsError> {
    let mut lines = Lines::new(reader, MAX_LINE, monitor);
    let mut end = (1, 1);
    while let Some((l, item)) = lines.next_line() {
        let line = item.map_err(|e| {
            let (col, kind) = match e {
                LineError::TooLong { max } => (0, DimacsErrorKind::LineTooLong { max }),
                LineError::BadByte { byte, col } => (col, DimacsErrorKind::BadByte { byte }),
                LineError::Endless => (0, DimacsErrorKind::Endless),
                LineError::Io(why) => (0, DimacsErrorKind::Unreadable(why)),
            };
            err(l, col, kind)
        })?;
        end = (l, line.chars().count() + 1);
        if !each(l, line)? {
            break;
        }
    }
    if lines.stopped() {
        return Ok(Reading::Stopped {
            lines: lines.line(),
        });
    }
    Ok(Reading::Read(end))
}

/// Read DIMACS CNF text strictly (see the module doc).
pub fn read_dimacs(text: &str) -> Result<Cnf, DimacsError> {
    match read_dimacs_from(text.as_bytes(), &Silent)? {
        Reading::Read(cnf) => Ok(cnf),
        // A silent monitor never stops.
        Reading::Stopped { .. } => Err(err(1, 1, DimacsErrorKind::NoHeader)),
    }
}

/// Read DIMACS CNF strictly from a stream, line by line (see the module
/// doc), asking `monitor` whether to stop every 64 KiB.
pub fn read_dimacs_from<R: BufRead>(
    reader: R,
    monitor: &dyn Monitor,
) -> Result<Reading<Cnf>, DimacsError> {
    let mut cnf: Option<(Cnf, usize)> = None;
    let mut clause: Vec<i32> = Vec::new();
    let mut clause_start = (0, 0);
    let mut pending: Vec<String> = Vec::new();
    let end = each_line(reader, monitor, |l, line| {
        let mut ws = words(line).peekable();
        let Some(&(col, first)) = ws.peek() else {
            return Ok(true);
        };
        if first.starts_with('c') {
            match cnf.as_mut() {
                Some((cnf, _)) => cnf.add_comment(comment_text(line)),
                None => pending.push(comment_text(line).to_string()),
            }
            return Ok(true);
        }
        if first.starts_with('%') {
            return Ok(false);
        }
        if first.starts_with('p') {
            if cnf.is_some() {
                return Err(err(l, col, DimacsErrorKind::SecondHeader));
            }
            let eol = line.chars().count() + 1;
            let (mut formula, declared) = header(l, eol, ws.collect())?;
            for c in pending.drain(..) {
                formula.add_comment(&c);
            }
            cnf = Some((formula, declared));
            return Ok(true);
        }
        let Some((formula, declared)) = cnf.as_mut() else {
            return Err(err(l, col, DimacsErrorKind::NoHeader));
        };
        for (col, word) in ws {
            let lit: i64 = word
                .parse()
                .ok()
                .filter(|&n| not_minus_zero(word, n))
                .ok_or_else(|| err(l, col, DimacsErrorKind::NotANumber(word.to_string())))?;
            if clause.is_empty() {
                clause_start = (l, col);
            }
            if lit == 0 {
                if formula.clause_count() == *declared {
                    let (cl, cc) = clause_start;
                    return Err(err(
                        cl,
                        cc,
                        DimacsErrorKind::TooManyClauses {
                            declared: *declared,
                        },
                    ));
                }
                formula.push_clause(&clause);
                clause.clear();
                continue;
            }
            let vars = formula.vars();
            if lit.unsigned_abs() > u64::from(vars) {
                return Err(err(
                    l,
                    col,
                    DimacsErrorKind::LiteralBeyond { literal: lit, vars },
                ));
            }
            clause.push(lit as i32);
        }
        Ok(true)
    })?;
    let end = match end {
        Reading::Read(end) => end,
        Reading::Stopped { lines } => return Ok(Reading::Stopped { lines }),
    };
    let Some((formula, declared)) = cnf else {
        return Err(err(1, 1, DimacsErrorKind::NoHeader));
    };
    if !clause.is_empty() {
        let (cl, cc) = clause_start;
        return Err(err(cl, cc, DimacsErrorKind::MissingFinalZero));
    }
    if formula.clause_count() < declared {
        return Err(err(
            end.0,
            end.1,
            DimacsErrorKind::TooFewClauses {
                declared,
                found: formula.clause_count(),
            },
        ));
    }
    Ok(Reading::Read(formula))
}

/// The text of a comment line after its `c` and one space.
fn comment_text(line: &str) -> &str {
    let t = line.trim_start();
    let t = t.strip_prefix('c').unwrap_or(t);
    t.strip_prefix(' ').unwrap_or(t)
}

/// Parse the words of a `p cnf V C` line.
/// `eol` is the column just past the line's end, where a missing word is.
fn header(l: usize, eol: usize, ws: Vec<(usize, &str)>) -> Result<(Cnf, usize), DimacsError> {
    let bad = |col: usize, what: &str| err(l, col, DimacsErrorKind::BadHeader(what.to_string()));
    let word = |i: usize| ws.get(i).copied().unwrap_or((eol, ""));
    let (pcol, p) = word(0);
    if p != "p" {
        return Err(bad(pcol, "the header starts with `p` and a space"));
    }
    let (fcol, format) = word(1);
    if format != "cnf" {
        return Err(bad(fcol, "the format must be `cnf`"));
    }
    let number = |i: usize, what: &str| -> Result<u64, DimacsError> {
        let (col, w) = word(i);
        w.parse::<u64>()
            .map_err(|_| bad(col, &format!("{what} must be a number, found {w:?}")))
    };
    let vars = number(2, "the variable count V")?;
    let clauses = number(3, "the clause count C")?;
    if let Some(&(col, _)) = ws.get(4) {
        return Err(bad(col, "text after the clause count"));
    }
    if vars > i32::MAX as u64 {
        return Err(bad(word(2).0, "too many variables"));
    }
    Ok((Cnf::new(vars as u32), clauses as usize))
}

/// A solver's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Satisfiable, with the model's literals (true variables positive).
    Sat(Vec<i32>),
    /// Unsatisfiable.
    Unsat,
    /// The solver gave up or was stopped.
    Unknown,
}

/// Read a solver's answer: the competition format (`s SATISFIABLE`, `v`
/// lines ending with 0, `c` lines and anything else ignored) or minisat's
/// result file (`SAT` / `UNSAT` / `INDET`, then the model ending with 0).
pub fn read_answer(text: &str) -> Result<Answer, DimacsError> {
    match read_answer_from(text.as_bytes(), &Silent)? {
        Reading::Read(answer) => Ok(answer),
        // A silent monitor never stops.
        Reading::Stopped { .. } => Ok(Answer::Unknown),
    }
}

/// Read a solver's answer from a stream, line by line (see [`read_answer`]).
pub fn read_answer_from<R: BufRead>(
    reader: R,
    monitor: &dyn Monitor,
) -> Result<Reading<Answer>, DimacsError> {
    let mut status: Option<Answer> = None;
    let mut model: Vec<i32> = Vec::new();
    let mut finished = false;
    let mut minisat = false;
    let end = each_line(reader, monitor, |l, line| {
        let mut ws = words(line);
        let Some((col, first)) = ws.next() else {
            return Ok(true);
        };
        let literals: Box<dyn Iterator<Item = (usize, &str)>> = match first {
            "s" if status.is_none() => {
                let (scol, word) = ws.next().unwrap_or((col + 2, ""));
                status = Some(match word {
                    "SATISFIABLE" => Answer::Sat(Vec::new()),
                    "UNSATISFIABLE" => Answer::Unsat,
                    "UNKNOWN" => Answer::Unknown,
                    _ => {
                        return Err(err(l, scol, DimacsErrorKind::BadStatus(word.to_string())));
                    }
                });
                return Ok(true);
            }
            "SAT" | "UNSAT" | "INDET" if status.is_none() => {
                minisat = true;
                status = Some(match first {
                    "SAT" => Answer::Sat(Vec::new()),
                    "UNSAT" => Answer::Unsat,
                    _ => Answer::Unknown,
                });
                return Ok(true);
            }
            "v" if !minisat => Box::new(ws),
            _ if minisat && status.is_some() => Box::new(std::iter::once((col, first)).chain(ws)),
            _ => return Ok(true),
        };
        for (col, word) in literals {
            if finished {
                continue;
            }
            let lit: i32 = word
                .parse()
                .ok()
                .filter(|&n| not_minus_zero(word, i64::from(n)))
                .ok_or_else(|| err(l, col, DimacsErrorKind::NotANumber(word.to_string())))?;
            if lit == 0 {
                finished = true;
            } else {
                model.push(lit);
            }
        }
        Ok(true)
    })?;
    let end = match end {
        Reading::Read(end) => end,
        Reading::Stopped { lines } => return Ok(Reading::Stopped { lines }),
    };
    let answer = match status {
        None => return Err(err(1, 1, DimacsErrorKind::NoStatus)),
        Some(Answer::Sat(_)) if !finished => {
            return Err(err(end.0, end.1, DimacsErrorKind::NoModel));
        }
        Some(Answer::Sat(_)) => Answer::Sat(model),
        Some(other) => other,
    };
    Ok(Reading::Read(answer))
}

/// Why a model is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The variable count is not N³ for N = 4, 9, 16 or 25.
    NotABoard { vars: usize },
    /// No digit is true at this cell (1-based row, column).
    NoDigit { row: usize, col: usize },
    /// Two digits are true at this cell.
    TwoDigits {
        row: usize,
        col: usize,
        first: usize,
        second: usize,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::NotABoard { vars } => write!(
                f,
                "a model over {vars} variables is no Sudoku: boards use 64, 729, 4096 or 15625"
            ),
            DecodeError::NoDigit { row, col } => {
                write!(f, "the model puts no digit at row {row}, column {col}")
            }
            DecodeError::TwoDigits {
                row,
                col,
                first,
                second,
            } => write!(
                f,
                "the model puts both {first} and {second} at row {row}, column {col}"
            ),
        }
    }
}

impl std::error::Error for DecodeError {}

/// The board side whose encoding uses `vars` variables.
pub fn side_for_vars(vars: usize) -> Option<usize> {
    (2..=5).map(|n| n * n).find(|&s| s * s * s == vars)
}

/// Decode a model of the J encoding: `side` from the formula, the
/// literals as a solver gives them (only positive ones matter).
pub fn decode(model: &[i32], side: usize) -> Result<SudokuBoard, DecodeError> {
    let boxw = (2..=5)
        .find(|n| n * n == side)
        .ok_or(DecodeError::NotABoard {
            vars: side * side * side,
        })?;
    let mut board = SudokuBoard::empty(boxw).map_err(|_| DecodeError::NotABoard {
        vars: side * side * side,
    })?;
    let cube = side * side * side;
    for &lit in model {
        if lit <= 0 || lit as usize > cube {
            continue;
        }
        let v = lit as usize - 1;
        let (d, r, c) = (v / (side * side) + 1, v / side % side, v % side);
        debug_assert_eq!(var(side, d, r + 1, c + 1) as usize, v + 1);
        let old = board.get(r, c) as usize;
        if old != 0 {
            return Err(DecodeError::TwoDigits {
                row: r + 1,
                col: c + 1,
                first: old,
                second: d,
            });
        }
        board.set(r, c, d as u8);
    }
    if let Some(i) = board.cells().iter().position(|&v| v == 0) {
        return Err(DecodeError::NoDigit {
            row: i / side + 1,
            col: i % side + 1,
        });
    }
    Ok(board)
}

/// False for `-0` (or `-00`...): a literal's sign belongs to a variable,
/// and 0 only ends a clause, so a signed 0 is a bad literal, not an end.
fn not_minus_zero(word: &str, n: i64) -> bool {
    n != 0 || !word.starts_with('-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::encode::encode;

    fn e(text: &str) -> String {
        read_dimacs(text).unwrap_err().to_string()
    }

    #[test]
    fn round_trip() {
        let b = SudokuBoard::pattern(2).unwrap().keep_cells(|i| i % 3 == 0);
        let cnf = encode(&b);
        let text = to_dimacs(&cnf);
        assert!(text.starts_with(&format!("c puzzle: {}\n", b.line())));
        assert!(text.contains("\np cnf 64 "));
        let back = read_dimacs(&text).unwrap();
        assert_eq!(back.vars(), 64);
        assert_eq!(back.clause_count(), cnf.clause_count());
        assert!(back.clauses().eq(cnf.clauses()));
        assert_eq!(back.comments(), cnf.comments());
    }

    #[test]
    fn clauses_may_span_and_share_lines() {
        let cnf = read_dimacs("c hi\np  cnf 3 3\n1 -2\n 3 0 -1 0\n\n2 0\n%\n0\n").unwrap();
        let got: Vec<Vec<i32>> = cnf.clauses().map(|c| c.to_vec()).collect();
        assert_eq!(got, vec![vec![1, -2, 3], vec![-1], vec![2]]);
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            e("1 2 0\n"),
            "1:1: no `p cnf V C` header before the clauses"
        );
        assert_eq!(
            e("c only\n"),
            "1:1: no `p cnf V C` header before the clauses"
        );
        assert_eq!(
            e("p cnf 3 1\n1 0\n2 0\n"),
            "3:1: more clauses than the header's 1: this one is extra"
        );
        assert_eq!(
            e("p cnf 3 3\n1 0\n2 0\n"),
            "3:4: the header promises 3 clauses, the text ends after 2"
        );
        assert_eq!(
            e("p cnf 3 1\n1 -4 0\n"),
            "2:3: literal -4 is beyond the header's 3 variables"
        );
        assert_eq!(
            e("p cnf 3 2\n1 0\n  2 3\n"),
            "3:3: the clause starting here has no final 0 before the end of the text"
        );
        assert_eq!(
            e("p cnf 3 1\n1 x 0\n"),
            "2:3: \"x\" is not a literal (a nonzero number, 0 ends a clause)"
        );
        assert_eq!(
            e("p cnf 3\n"),
            "1:8: bad header: the clause count C must be a number, found \"\"; expected `p cnf V C`"
        );
        assert_eq!(
            e("p dnf 3 1\n"),
            "1:3: bad header: the format must be `cnf`; expected `p cnf V C`"
        );
        assert_eq!(e("p cnf 1 1\np cnf 1 1\n"), "2:1: a second `p` header");
        assert_eq!(
            e("p cnf 2 1 7\n"),
            "1:11: bad header: text after the clause count; expected `p cnf V C`"
        );
        assert!(read_dimacs("").is_err());
        assert!(read_dimacs("p cnf 99999999999 1\n").is_err());
    }

    #[test]
    fn answers_in_both_formats() {
        let comp = "c by some solver\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(read_answer(comp).unwrap(), Answer::Sat(vec![1, -2, 3]));
        assert_eq!(read_answer("s UNSATISFIABLE\n").unwrap(), Answer::Unsat);
        assert_eq!(
            read_answer("SAT\n-1 2 0\n").unwrap(),
            Answer::Sat(vec![-1, 2])
        );
        assert_eq!(read_answer("UNSAT\n").unwrap(), Answer::Unsat);
        assert_eq!(read_answer("INDET\n").unwrap(), Answer::Unknown);
        assert_eq!(
            read_answer("hello\n").unwrap_err().to_string(),
            "1:1: no solver status: expected an `s SATISFIABLE` line or minisat's SAT/UNSAT"
        );
        assert_eq!(
            read_answer("s SATISFIABLE\nv 1 2\n").unwrap_err().kind,
            DimacsErrorKind::NoModel
        );
        assert_eq!(
            read_answer("s SATISFIABLE\nv 1 y 0\n")
                .unwrap_err()
                .to_string(),
            "2:5: \"y\" is not a literal (a nonzero number, 0 ends a clause)"
        );
        assert_eq!(
            read_answer("s MAYBE\n").unwrap_err().to_string(),
            "1:3: unknown solver status \"MAYBE\""
        );
    }

    #[test]
    fn decoding_checks_cells() {
        let full = SudokuBoard::pattern(2).unwrap();
        let model: Vec<i32> = crate::sat::encode::clue_vars(&full)
            .into_iter()
            .map(|v| v as i32)
            .collect();
        assert_eq!(decode(&model, 4).unwrap(), full);
        assert_eq!(
            decode(&model[1..], 4).unwrap_err(),
            DecodeError::NoDigit { row: 1, col: 1 }
        );
        let mut two = model.clone();
        two.push(var(4, 2, 1, 1) as i32);
        assert!(matches!(
            decode(&two, 4).unwrap_err(),
            DecodeError::TwoDigits { row: 1, col: 1, .. }
        ));
        assert_eq!(side_for_vars(729), Some(9));
        assert_eq!(side_for_vars(700), None);
    }
}
