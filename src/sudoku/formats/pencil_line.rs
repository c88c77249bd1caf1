//! Sukaku Explainer's 729-character pencil-mark line: the 81 cells row by
//! row, each as nine places, digit `d` at place `d` when `d` is a
//! candidate and `.` (or `0`) when not. Sukaku Explainer and `serate` show
//! a filled cell as its digit alone; a cell with no mark at all has no
//! candidate left.

use std::fmt;

use crate::sudoku::Grid;
use crate::sudoku::grid::{CELLS, cell_name};

/// Characters of a pencil-mark line.
pub const PENCIL_LINE: usize = CELLS * 9;

/// Why a pencil-mark line was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PencilLineError {
    /// Character `col` (1-based, counting every character) is `ch`, which
    /// is neither `place` nor `.`/`0` at that place of `cell`.
    Char {
        ch: char,
        col: usize,
        cell: usize,
        place: u8,
    },
    /// Not 729 marks (white space not counted).
    Length { found: usize },
    /// A cell with no candidate (nine `.`).
    NoCandidate { cell: usize },
}

impl fmt::Display for PencilLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PencilLineError::Char {
                ch,
                col,
                cell,
                place,
            } => write!(
                f,
                "character {col} is {ch:?}: place {place} of {} holds {place} or .",
                cell_name(*cell)
            ),
            PencilLineError::Length { found } => write!(
                f,
                "{found} characters, not 729 (nine places per cell, row by row)"
            ),
            PencilLineError::NoCandidate { cell } => {
                write!(f, "{} has no candidate left", cell_name(*cell))
            }
        }
    }
}

impl std::error::Error for PencilLineError {}

/// True when `text` is one word of 729 characters (white space around
/// it aside): read as a pencil-mark line, not as 81 cells or fields.
pub fn is_pencil_line(text: &str) -> bool {
    let t = text.trim();
    t.len() >= PENCIL_LINE
        && t.chars().count() == PENCIL_LINE
        && !t.chars().any(char::is_whitespace)
}

/// The nine-bit masks of a pencil-mark line (bit `d - 1` for digit `d`),
/// as written: a filled cell shown as its digit is a mask of one bit.
/// White space is skipped; `allow_empty` lets a cell have no mark (the
/// form `line(candidates)` writes for filled cells).
pub fn parse_pencil_line(text: &str, allow_empty: bool) -> Result<[u16; CELLS], PencilLineError> {
    let mut masks = [0u16; CELLS];
    let mut n = 0;
    for (i, ch) in text.chars().enumerate() {
        if ch.is_whitespace() {
            continue;
        }
        let place = (n % 9) as u8 + 1;
        match ch {
            '.' | '0' => {}
            '1'..='9' if ch as u8 - b'0' == place => {
                if n < PENCIL_LINE {
                    masks[n / 9] |= 1 << (place - 1);
                }
            }
            _ => {
                return Err(PencilLineError::Char {
                    ch,
                    col: i + 1,
                    cell: (n / 9).min(CELLS - 1),
                    place,
                });
            }
        }
        n += 1;
    }
    if n != PENCIL_LINE {
        return Err(PencilLineError::Length { found: n });
    }
    if !allow_empty && let Some(cell) = (0..CELLS).find(|&c| masks[c] == 0) {
        return Err(PencilLineError::NoCandidate { cell });
    }
    Ok(masks)
}

/// True when cells `a` and `b` differ and share a row, column or box.
fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// The givens of a pencil-mark line as Sukaku Explainer reads them: a
/// cell with one candidate that no peer holds is filled with it (a naked
/// single whose digit a peer still holds stays a cell to solve).
pub fn pencil_givens(masks: &[u16; CELLS]) -> Grid {
    let mut cells = [0u8; CELLS];
    for c in 0..CELLS {
        let m = masks[c];
        if m.count_ones() == 1 && !(0..CELLS).any(|p| sees(c, p) && masks[p] & m != 0) {
            cells[c] = m.trailing_zeros() as u8 + 1;
        }
    }
    Grid::from_cells(cells)
}

/// The line of nine-bit masks: each cell's nine places, its digit or `.`.
pub fn write_pencil_line(masks: &[u16; CELLS]) -> String {
    let mut out = String::with_capacity(PENCIL_LINE);
    for m in masks {
        for d in 1..=9u8 {
            out.push(match m >> (d - 1) & 1 {
                0 => '.',
                _ => char::from(b'0' + d),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_back_and_errors_name_the_place() {
        let mut masks = [0x1ffu16; CELLS];
        masks[0] = 0b1;
        masks[80] = 0b1_0000_0010;
        let line = write_pencil_line(&masks);
        assert_eq!(&line[..18], "1........123456789");
        assert_eq!(&line[720..], ".2......9");
        assert_eq!(parse_pencil_line(&line, false).unwrap(), masks);
        // r1c1's 1 is in its peers' marks too: not a given.
        assert_eq!(pencil_givens(&masks).filled(), 0);
        let bad = format!("1.......5{}", &line[9..]);
        assert_eq!(
            parse_pencil_line(&bad, false).unwrap_err().to_string(),
            "character 9 is '5': place 9 of r1c1 holds 9 or ."
        );
        let empty = format!(".........{}", &line[9..]);
        assert_eq!(
            parse_pencil_line(&empty, false).unwrap_err(),
            PencilLineError::NoCandidate { cell: 0 }
        );
        assert!(parse_pencil_line(&empty, true).is_ok());
        assert_eq!(
            parse_pencil_line(&line[..728], false).unwrap_err(),
            PencilLineError::Length { found: 728 }
        );
    }
}
