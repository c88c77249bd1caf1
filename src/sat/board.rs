//! A Sudoku board of any square size the SAT encoding handles: 4×4, 9×9,
//! 16×16, 25×25 (box side 2 to 5). Cells are row-major, 0 = empty.
//!
//! Text notation, chosen by what the text looks like:
//! - one character per cell: `1`-`9`, then `A`, `B`, ... for 10, 11, ...
//!   (case ignored; `A`-`G` on 16×16, `A`-`P` on 25×25), `.` or `0` for an
//!   empty cell; white space and line breaks are ignored;
//! - numbers separated by white space (`10 0 3 ...`), `0` or `.` for empty:
//!   used when the text is 16, 81, 256 or 625 such tokens and at least one of
//!   them is longer than one character.
//!
//! The size follows from the number of cells (16, 81, 256 or 625).

use std::fmt;

use crate::sudoku::Grid;

/// Smallest and largest box side (board side = box side²).
pub const MIN_BOX: usize = 2;
/// Largest box side: 25×25 boards.
pub const MAX_BOX: usize = 5;

/// A square Sudoku board with side n² for a box side n in 2..=5 (scripts
/// call it `SudokuBoard` too; `sudoku::Grid` is the 9×9 one).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SudokuBoard {
    boxw: usize,
    cells: Vec<u8>,
}

/// Why a text is not a board, or a board cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A character that is no cell value in the one-character notation.
    BadChar { ch: char, line: usize, col: usize },
    /// A number token that is not a cell value.
    BadNumber {
        token: String,
        line: usize,
        col: usize,
    },
    /// A value larger than the board's side (`written`: the character, in
    /// the one-character form).
    TooBig {
        value: usize,
        written: Option<char>,
        side: usize,
        line: usize,
        col: usize,
    },
    /// The number of cells is not 16, 81, 256 or 625.
    BadCount { found: usize },
    /// A box side outside 2..=5.
    BadBoxSide { boxw: usize },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadChar { ch, line, col } => write!(
                f,
                "{line}:{col}: bad character {ch:?}: a cell is 1-9, then A, B, ... for 10, 11, ..., \
                 or '.' / '0' when empty"
            ),
            BoardError::BadNumber { token, line, col } => write!(
                f,
                "{line}:{col}: {token:?} is not a cell value: write a number, or '.' / '0' when empty"
            ),
            BoardError::TooBig {
                value,
                written,
                side,
                line,
                col,
            } => {
                write!(f, "{line}:{col}: ")?;
                if let Some(ch) = written {
                    write!(f, "{ch:?} stands for ")?;
                }
                write!(
                    f,
                    "value {value}, too large for a {side}×{side} board (1 to {side})"
                )
            }
            BoardError::BadCount { found } => write!(
                f,
                "found {found} cells: a board has 16 (4×4), 81 (9×9), 256 (16×16) or 625 (25×25)"
            ),
            BoardError::BadBoxSide { boxw } => {
                write!(f, "box side {boxw} is not supported: use 2 to 5")
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// A cell as it was read: value and where it started.
struct Token {
    value: usize,
    /// The character, in the one-character-per-cell form.
    written: Option<char>,
    line: usize,
    col: usize,
}

impl SudokuBoard {
    /// The empty board with box side `boxw` (2..=5).
    pub fn empty(boxw: usize) -> Result<SudokuBoard, BoardError> {
        if !(MIN_BOX..=MAX_BOX).contains(&boxw) {
            return Err(BoardError::BadBoxSide { boxw });
        }
        let side = boxw * boxw;
        Ok(SudokuBoard {
            boxw,
            cells: vec![0; side * side],
        })
    }

    /// Box side n (2..=5).
    pub fn box_side(&self) -> usize {
        self.boxw
    }

    /// The board's side n² (4, 9, 16, 25): also the number of digits.
    pub fn side(&self) -> usize {
        self.boxw * self.boxw
    }

    /// The cells, row-major, 0 = empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Value at 0-based row `r`, column `c` (0 when outside).
    pub fn get(&self, r: usize, c: usize) -> u8 {
        let side = self.side();
        if r < side && c < side {
            self.cells[r * side + c]
        } else {
            0
        }
    }

    /// Set 0-based row `r`, column `c` to `value`; false (and nothing done)
    /// when the place or the value is out of range.
    pub fn set(&mut self, r: usize, c: usize, value: u8) -> bool {
        let side = self.side();
        if r >= side || c >= side || value as usize > side {
            return false;
        }
        self.cells[r * side + c] = value;
        true
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Parse a board (see the module doc for the notation).
    pub fn parse(text: &str) -> Result<SudokuBoard, BoardError> {
        let tokens = match number_tokens(text) {
            Some(t) => t,
            None => char_tokens(text)?,
        };
        let boxw = match tokens.len() {
            16 => 2,
            81 => 3,
            256 => 4,
            625 => 5,
            found => return Err(BoardError::BadCount { found }),
        };
        let side = boxw * boxw;
        let mut cells = Vec::with_capacity(side * side);
        for t in tokens {
            if t.value > side {
                return Err(BoardError::TooBig {
                    value: t.value,
                    written: t.written,
                    side,
                    line: t.line,
                    col: t.col,
                });
            }
            cells.push(t.value as u8);
        }
        Ok(SudokuBoard { boxw, cells })
    }

    /// A full valid board made by the usual shifting pattern:
    /// row r is row 0 shifted by n·(r mod n) + r div n.
    pub fn pattern(boxw: usize) -> Result<SudokuBoard, BoardError> {
        let mut b = SudokuBoard::empty(boxw)?;
        let side = b.side();
        for r in 0..side {
            for c in 0..side {
                let v = (boxw * (r % boxw) + r / boxw + c) % side + 1;
                b.cells[r * side + c] = v as u8;
            }
        }
        Ok(b)
    }

    /// The same board with the cells for which `keep(index)` is false emptied.
    pub fn keep_cells(&self, mut keep: impl FnMut(usize) -> bool) -> SudokuBoard {
        let mut b = self.clone();
        for (i, v) in b.cells.iter_mut().enumerate() {
            if !keep(i) {
                *v = 0;
            }
        }
        b
    }

    /// True when every value is in range and no digit repeats in a row,
    /// column or box (empties ignored): the rule check of `sudoku::grid`.
    pub fn is_consistent(&self) -> bool {
        let side = self.side();
        self.cells.iter().all(|&v| v as usize <= side)
            && crate::sudoku::grid::first_repeat(&self.cells, self.boxw).is_none()
    }

    /// True when this board is full, consistent, and keeps every clue of
    /// `puzzle` (a solution of it).
    pub fn solves(&self, puzzle: &SudokuBoard) -> bool {
        self.boxw == puzzle.boxw
            && self.cells.iter().all(|&v| v != 0)
            && self.is_consistent()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// One line, one character per cell (see [`cell_char`]).
    pub fn line(&self) -> String {
        self.cells.iter().map(|&v| cell_char(v)).collect()
    }

    /// The boxed display: rules between boxes, one character per cell; for a
    /// 9×9 board the same text as a grid's `see`.
    pub fn see(&self) -> String {
        let side = self.side();
        let n = self.boxw;
        let mut rule = String::from("+");
        for _ in 0..n {
            rule.push_str(&"-".repeat(n));
            rule.push('+');
        }
        let mut out = Vec::with_capacity(side + n + 1);
        for r in 0..side {
            if r % n == 0 {
                out.push(rule.clone());
            }
            let mut s = String::with_capacity(side + n + 1);
            for c in 0..side {
                if c % n == 0 {
                    s.push('|');
                }
                s.push(cell_char(self.cells[r * side + c]));
            }
            s.push('|');
            out.push(s);
        }
        out.push(rule);
        out.join("\n")
    }

    /// The 9×9 grid of this board, if it is 9×9.
    pub fn to_grid(&self) -> Option<Grid> {
        let cells: [u8; 81] = self.cells.as_slice().try_into().ok()?;
        Some(Grid::from_cells(cells))
    }
}

impl From<&Grid> for SudokuBoard {
    fn from(g: &Grid) -> SudokuBoard {
        // A Grid may carry per-cell numbers above 9 (Hui's counts); those are
        // not digits, so they become empty cells here.
        SudokuBoard {
            boxw: 3,
            cells: g
                .cells()
                .iter()
                .map(|&v| if v <= 9 { v } else { 0 })
                .collect(),
        }
    }
}

/// The character for a value: `.` for 0, `1`-`9`, then `A`.. for 10..35.
pub fn cell_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        10..=35 => (b'A' + v - 10) as char,
        _ => '*',
    }
}

/// The space-separated number form, if the text is in it.
fn number_tokens(text: &str) -> Option<Vec<Token>> {
    let mut tokens = Vec::new();
    let mut long = false;
    for (l, line) in text.lines().enumerate() {
        let mut col = 0;
        let mut rest = line;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            col += rest[..start].chars().count();
            rest = &rest[start..];
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let word = &rest[..end];
            let value = if word == "." {
                0
            } else {
                word.parse::<usize>().ok().filter(|&v| v <= 25)?
            };
            long |= word.chars().count() > 1;
            tokens.push(Token {
                value,
                written: None,
                line: l + 1,
                col: col + 1,
            });
            col += word.chars().count();
            rest = &rest[end..];
        }
    }
    (long && matches!(tokens.len(), 16 | 81 | 256 | 625)).then_some(tokens)
}

/// The one-character-per-cell form.
fn char_tokens(text: &str) -> Result<Vec<Token>, BoardError> {
    let mut tokens = Vec::new();
    for (l, line) in text.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let value = match ch {
                '.' | '0' => 0,
                '1'..='9' => ch as usize - '0' as usize,
                'A'..='Z' => ch as usize - 'A' as usize + 10,
                'a'..='z' => ch as usize - 'a' as usize + 10,
                c if c.is_whitespace() => continue,
                _ => {
                    return Err(BoardError::BadChar {
                        ch,
                        line: l + 1,
                        col: c + 1,
                    });
                }
            };
            tokens.push(Token {
                value,
                written: Some(ch),
                line: l + 1,
                col: c + 1,
            });
        }
    }
    Ok(tokens)
}

impl fmt::Display for SudokuBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.see())
    }
}

impl fmt::Debug for SudokuBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sudoku_board(\"{}\")", self.line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_valid_for_every_size() {
        for n in 2..=5 {
            let b = SudokuBoard::pattern(n).unwrap();
            assert!(b.solves(&b), "box side {n}");
            assert_eq!(SudokuBoard::parse(&b.line()).unwrap(), b);
        }
        assert_eq!(SudokuBoard::pattern(2).unwrap().line(), "1234341223414123");
    }

    #[test]
    fn parses_both_notations() {
        let b = SudokuBoard::pattern(4).unwrap();
        let numbers: String = b
            .cells()
            .chunks(16)
            .map(|row| {
                row.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect();
        assert_eq!(SudokuBoard::parse(&numbers).unwrap(), b);
        assert_eq!(SudokuBoard::parse(&b.line().to_lowercase()).unwrap(), b);
        let ym =
            "050701040703000102080406090904060803000807000108050609010603080506000701030509020";
        let g = Grid::parse(ym).unwrap();
        let from_text = SudokuBoard::parse(ym).unwrap();
        assert_eq!(SudokuBoard::from(&g), from_text);
        assert_eq!(from_text.see(), g.see());
        assert_eq!(from_text.to_grid(), Some(g));
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            SudokuBoard::parse("12.4\n34#2").unwrap_err(),
            BoardError::BadChar {
                ch: '#',
                line: 2,
                col: 3
            }
        );
        let e = SudokuBoard::parse(&"5".repeat(16)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:1: '5' stands for value 5, too large for a 4×4 board (1 to 4)"
        );
        assert_eq!(
            SudokuBoard::parse("123").unwrap_err(),
            BoardError::BadCount { found: 3 }
        );
        assert!(SudokuBoard::empty(6).is_err());
        let mut bad = SudokuBoard::pattern(2).unwrap();
        assert!(!bad.set(0, 0, 5));
        assert!(bad.set(0, 0, 2));
        assert!(!bad.is_consistent());
    }
}
