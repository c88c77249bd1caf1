//! Pencil marks as text: the 81 fields of a candidate grid, each a cell's
//! digits, as [`Candidates`] prints them (`.` for a filled cell) and as
//! Hodoku and Sudoku Explainer export them (a placed digit shown as itself).
//! Rule lines (`+---+`, Hodoku's `.---.` and `:---+`) are skipped and `|`
//! separates like a space; errors say `line:col` and what was wrong.

use std::fmt;

use crate::sudoku::grid::{CELLS, cell_name};
use crate::sudoku::hui::Candidates;

/// Why a pencil-mark text was refused, and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PencilError {
    /// 1-based line (0 when about the whole text).
    pub line: usize,
    /// 1-based column in characters (0 when about the whole text).
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PencilError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "{}:{}: {}", self.line, self.col, self.message)
        }
    }
}

impl std::error::Error for PencilError {}

/// One field of the text: its digits (0 for a filled cell) and where it starts.
struct Field {
    mask: u16,
    line: usize,
    col: usize,
}

/// True for a line holding only box rules (`+`, `-`, `=`, `.`, `:`, `'`,
/// `|`, spaces) with at least one `-` or `=`: no cells on it.
fn is_rule(line: &str) -> bool {
    line.chars().any(|c| c == '-' || c == '=')
        && line
            .chars()
            .all(|c| matches!(c, '+' | '-' | '=' | '.' | ':' | '\'' | '|') || c.is_whitespace())
}

/// Reads pencil marks: 81 fields, row by row, separated by spaces, tabs,
/// line ends or `|`. A field is a cell's candidate digits (`1` to `9`, each
/// once, any order) or `.`/`0` for a filled cell. A field of one digit is
/// that cell's one candidate, except in a text with no `.`/`0` field (the
/// form Hodoku and Sudoku Explainer export, which show a placed digit as
/// itself): there a lone digit that no peer lists is read as placed, as
/// Sudoku Explainer reads it. Lines holding only box rules are skipped.
///
/// A text of 729 marks (white space aside) is Sukaku Explainer's
/// pencil-mark line ([`super::pencil_line`]): with a cell of nine `.` it is
/// `line(candidates)`'s form, every mark a candidate and such a cell
/// filled; without one, Sukaku Explainer's, a lone digit no peer holds
/// being a given (so filled, with no candidates).
pub fn parse_pencilmarks(text: &str) -> Result<Candidates, PencilError> {
    if super::is_pencil_line(text) {
        let mut bits = super::parse_pencil_line(text, true).map_err(|e| PencilError {
            line: usize::from(matches!(e, super::PencilLineError::Char { .. })),
            col: match e {
                super::PencilLineError::Char { col, .. } => col,
                _ => 0,
            },
            message: e.to_string(),
        })?;
        if bits.iter().all(|&m| m != 0) {
            let givens = super::pencil_givens(&bits);
            for (c, b) in bits.iter_mut().enumerate() {
                if givens.get(c) != 0 {
                    *b = 0;
                }
            }
        }
        return Ok(Candidates::from_bits(bits));
    }
    let mut fields: Vec<Field> = Vec::with_capacity(CELLS);
    let mut extra: Option<(usize, usize)> = None;
    for (l, line) in text.lines().enumerate() {
        if is_rule(line) {
            continue;
        }
        let mut start: Option<usize> = None;
        let mut mask = 0u16;
        let mut filled = false;
        let chars: Vec<char> = line.chars().collect();
        for (i, &ch) in chars.iter().chain(std::iter::once(&' ')).enumerate() {
            let at = |message: String| PencilError {
                line: l + 1,
                col: i + 1,
                message,
            };
            if ch.is_whitespace() || ch == '|' {
                if let Some(s) = start.take() {
                    if fields.len() == CELLS {
                        extra.get_or_insert((l + 1, s + 1));
                    } else {
                        fields.push(Field {
                            mask: if filled { 0 } else { mask },
                            line: l + 1,
                            col: s + 1,
                        });
                    }
                }
                mask = 0;
                filled = false;
                continue;
            }
            let first = start.is_none();
            start.get_or_insert(i);
            match ch {
                '1'..='9' => {
                    if filled {
                        return Err(at(format!(
                            "{ch} after a filled-cell mark: a field is digits 1-9, or . or 0 alone"
                        )));
                    }
                    let b = 1u16 << (ch as u8 - b'1');
                    if mask & b != 0 {
                        return Err(at(format!("digit {ch} twice in one cell")));
                    }
                    mask |= b;
                }
                '.' | '0' if first => filled = true,
                '.' | '0' => {
                    return Err(at(format!(
                        "{ch:?} inside a field: . or 0 alone marks a filled cell; candidates are digits 1-9"
                    )));
                }
                _ => {
                    return Err(at(format!(
                        "{ch:?} is not a digit: a cell is its candidate digits 1-9, or . or 0 when filled"
                    )));
                }
            }
        }
    }
    if let Some((line, col)) = extra {
        return Err(PencilError {
            line,
            col,
            message: "more than 81 cells: this is the 82nd".into(),
        });
    }
    if fields.len() < CELLS {
        return Err(PencilError {
            line: 0,
            col: 0,
            message: format!(
                "{} cells: pencil marks have 81 (one field of digits per cell, row by row)",
                fields.len()
            ),
        });
    }
    let mut bits = [0u16; CELLS];
    for (b, f) in bits.iter_mut().zip(&fields) {
        *b = f.mask;
    }
    if fields.iter().all(|f| f.mask != 0) {
        place_shown_digits(&mut bits, &fields)?;
    }
    Ok(Candidates::from_bits(bits))
}

/// The cells that see `cell` (same row, column or block).
fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// Sudoku Explainer's reading of a lone digit: placed (no candidates) when
/// no peer lists it. Two peers showing the same lone digit break the rules.
fn place_shown_digits(bits: &mut [u16; CELLS], fields: &[Field]) -> Result<(), PencilError> {
    let shown = *bits;
    for c in 0..CELLS {
        if shown[c].count_ones() != 1 {
            continue;
        }
        if let Some(p) = (0..CELLS).find(|&p| sees(c, p) && shown[p] == shown[c]) {
            let f = &fields[p.max(c)];
            return Err(PencilError {
                line: f.line,
                col: f.col,
                message: format!(
                    "{} and {} both hold only {}: they see each other",
                    cell_name(c.min(p)),
                    cell_name(c.max(p)),
                    shown[c].trailing_zeros() + 1
                ),
            });
        }
        if !(0..CELLS).any(|p| sees(c, p) && shown[p] & shown[c] != 0) {
            bits[c] = 0;
        }
    }
    Ok(())
}
