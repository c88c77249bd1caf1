//! The character board: each cell `.` (empty) or a piece letter. The source's
//! `display` makes one from a 0/1 board, `rp` merges two, `ch2flag` turns
//! one back into 0/1.

use std::fmt;

use super::{BitBoard, MAX_SIDE, PentominoError};

/// The character for an empty cell.
pub const EMPTY: u8 = b'.';

/// A board of characters: `.` for empty, a visible ASCII character (a piece
/// letter) for filled.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CharBoard {
    rows: u8,
    cols: u8,
    cells: Vec<u8>,
}

/// Check a display letter: one visible ASCII character other than `.`.
pub fn display_letter(text: &str) -> Result<u8, PentominoError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_graphic() && c != '.' => Ok(c as u8),
        _ => Err(PentominoError::BadLetter(text.to_string())),
    }
}

impl CharBoard {
    /// An empty (`.`) board of `rows`×`cols`.
    pub fn new(rows: usize, cols: usize) -> Result<CharBoard, PentominoError> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(PentominoError::BadSize { rows, cols });
        }
        Ok(CharBoard {
            rows: rows as u8,
            cols: cols as u8,
            cells: vec![EMPTY; rows * cols],
        })
    }

    /// The source's `display`: `.` for 0 and `letter` for 1.
    pub fn display(board: &BitBoard, letter: u8) -> CharBoard {
        let (rows, cols) = board.size();
        let mut cells = vec![EMPTY; rows * cols];
        for (r, c) in board.cells() {
            cells[r * cols + c] = letter;
        }
        CharBoard {
            rows: rows as u8,
            cols: cols as u8,
            cells,
        }
    }

    /// Parse rows of characters, `.` for empty. One line per row, `/` also
    /// ends a row; spaces and tabs are ignored (so the source's tab-separated
    /// boards paste in); blank lines are skipped.
    pub fn parse(text: &str) -> Result<CharBoard, PentominoError> {
        let drawn = super::board::drawing_rows(text)?;
        let mut cells = Vec::new();
        for (line, row) in &drawn {
            for &(col, ch) in row {
                if !ch.is_ascii_graphic() {
                    return Err(PentominoError::BadChar {
                        ch,
                        line: *line,
                        col,
                    });
                }
                cells.push(ch as u8);
            }
        }
        let cols = drawn.first().map_or(0, |(_, row)| row.len());
        let mut b = CharBoard::new(drawn.len(), cols)?;
        b.cells = cells;
        Ok(b)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// (rows, cols).
    pub fn size(&self) -> (usize, usize) {
        (self.rows(), self.cols())
    }

    /// The character at (r, c); `None` outside the board.
    pub fn get(&self, r: usize, c: usize) -> Option<u8> {
        if r < self.rows() && c < self.cols() {
            self.cells.get(r * self.cols() + c).copied()
        } else {
            None
        }
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The source's `rp`: merge two boards of the same size; `.` yields to a
    /// letter. Two letters in one cell are an error (the J verb has no
    /// answer for that case either).
    pub fn rp(&self, other: &CharBoard) -> Result<CharBoard, PentominoError> {
        if self.size() != other.size() {
            return Err(PentominoError::SizeMismatch {
                op: "rp",
                left: self.size(),
                right: other.size(),
            });
        }
        let mut out = self.clone();
        for (i, (&a, &b)) in self.cells.iter().zip(&other.cells).enumerate() {
            match (a, b) {
                (_, EMPTY) => {}
                (EMPTY, b) => out.cells[i] = b,
                (a, b) => {
                    return Err(PentominoError::Overlap {
                        row: i / self.cols(),
                        col: i % self.cols(),
                        left: a as char,
                        right: b as char,
                    });
                }
            }
        }
        Ok(out)
    }

    /// The source's `ch2flag`: 1 where a cell holds a letter, 0 where `.`.
    pub fn flags(&self) -> BitBoard {
        let mut b = BitBoard::blank(self.rows(), self.cols());
        for (i, &ch) in self.cells.iter().enumerate() {
            if ch != EMPTY {
                b.set(i / self.cols(), i % self.cols(), true);
            }
        }
        b
    }

    /// 1 where the cell holds `letter`.
    pub fn cells_of(&self, letter: u8) -> BitBoard {
        let mut b = BitBoard::blank(self.rows(), self.cols());
        for (i, &ch) in self.cells.iter().enumerate() {
            if ch == letter {
                b.set(i / self.cols(), i % self.cols(), true);
            }
        }
        b
    }

    /// The distinct letters on the board, in order of first appearance.
    pub fn letters(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for &ch in &self.cells {
            if ch != EMPTY && !out.contains(&ch) {
                out.push(ch);
            }
        }
        out
    }

    /// Each row as a string.
    pub fn lines(&self) -> Vec<String> {
        self.cells
            .chunks(self.cols().max(1))
            .map(|row| row.iter().map(|&c| c as char).collect())
            .collect()
    }
}

impl fmt::Display for CharBoard {
    /// Rows of characters, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("\n"))
    }
}

impl fmt::Debug for CharBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "charboard({:?})", self.lines().join("/"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_rp_flags() {
        let p = BitBoard::parse("11\n11\n10").unwrap();
        let n = BitBoard::parse("01\n01\n11").unwrap();
        let a = CharBoard::display(&p, b'P');
        assert_eq!(a.to_string(), "PP\nPP\nP.");
        let n = CharBoard::display(&n.shift(0, 0), b'N');
        assert!(matches!(
            a.rp(&n),
            Err(PentominoError::Overlap { row: 0, col: 1, .. })
        ));
        let e = CharBoard::parse("..\n..\n.N").unwrap();
        assert_eq!(a.rp(&e).unwrap().to_string(), "PP\nPP\nPN");
        assert_eq!(a.flags(), p);
        assert_eq!(format!("{a:?}"), "charboard(\"PP/PP/P.\")");
        assert_eq!(
            CharBoard::parse("P\tP\n.\t.").unwrap().to_string(),
            "PP\n.."
        );
        let wide = CharBoard::new(3, 2).unwrap();
        assert!(matches!(
            a.rp(&CharBoard::new(2, 3).unwrap()),
            Err(PentominoError::SizeMismatch { .. })
        ));
        assert_eq!(wide.rp(&a).unwrap(), a);
    }

    #[test]
    fn letters_checked() {
        assert_eq!(display_letter("P"), Ok(b'P'));
        assert!(display_letter(".").is_err());
        assert!(display_letter("PP").is_err());
        assert!(display_letter("é").is_err());
        assert!(display_letter("").is_err());
    }
}
