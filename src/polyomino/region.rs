//! A board to fill: the cells inside a `rows × cols` box, holes allowed,
//! drawn as text or made as a rectangle, with its symmetry group.

use std::fmt;

use super::PolyError;
use super::pieces::{Cell, normalize, transform};

/// A board: the cells to fill inside a `rows × cols` box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    rows: usize,
    cols: usize,
    /// Row-major, true for a cell to fill.
    open: Vec<bool>,
}

/// Longest side a board may have.
pub const MAX_SIDE: usize = 1024;

impl Region {
    /// A full `rows × cols` rectangle.
    pub fn rect(rows: i64, cols: i64) -> Result<Region, PolyError> {
        let ok = |n: i64| (1..=MAX_SIDE as i64).contains(&n);
        if !ok(rows) || !ok(cols) {
            return Err(PolyError::BadSize { rows, cols });
        }
        let (rows, cols) = (rows as usize, cols as usize);
        Ok(Region {
            rows,
            cols,
            open: vec![true; rows * cols],
        })
    }

    /// A board drawn as text: `.` a cell to fill, `#` or space a hole; rows
    /// end at a new line or `/`, and may differ in length (missing cells are
    /// holes). Leading and trailing blank rows are dropped.
    pub fn parse(text: &str) -> Result<Region, PolyError> {
        let lines: Vec<&str> = text
            .split(['\n', '/'])
            .map(|l| l.trim_end_matches('\r'))
            .collect();
        let first = lines.iter().position(|l| !l.trim().is_empty());
        let last = lines.iter().rposition(|l| !l.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(PolyError::NoCells);
        };
        let body = &lines[first..=last];
        let cols = body.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        if body.len() > MAX_SIDE || cols > MAX_SIDE {
            return Err(PolyError::BadSize {
                rows: body.len() as i64,
                cols: cols as i64,
            });
        }
        let mut open = vec![false; body.len() * cols];
        for (r, line) in body.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => open[r * cols + c] = true,
                    '#' | ' ' => {}
                    _ => {
                        return Err(PolyError::BadChar {
                            ch,
                            line: first + r + 1,
                            col: c + 1,
                        });
                    }
                }
            }
        }
        if !open.contains(&true) {
            return Err(PolyError::NoCells);
        }
        Ok(Region {
            rows: body.len(),
            cols,
            open,
        })
    }

    /// A `rows × cols` board whose cells to fill are those marked true
    /// (row-major).
    pub fn from_open(rows: usize, cols: usize, open: Vec<bool>) -> Result<Region, PolyError> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE || open.len() != rows * cols
        {
            return Err(PolyError::BadSize {
                rows: rows as i64,
                cols: cols as i64,
            });
        }
        if !open.contains(&true) {
            return Err(PolyError::NoCells);
        }
        Ok(Region { rows, cols, open })
    }

    /// A region from explicit cells (none may repeat; normalised box).
    pub fn from_cells(cells: &[Cell]) -> Result<Region, PolyError> {
        if cells.is_empty() {
            return Err(PolyError::NoCells);
        }
        let cells = normalize(cells);
        let rows = cells.iter().map(|c| c.0 as usize + 1).max().unwrap_or(0);
        let cols = cells.iter().map(|c| c.1 as usize + 1).max().unwrap_or(0);
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(PolyError::BadSize {
                rows: rows as i64,
                cols: cols as i64,
            });
        }
        let mut open = vec![false; rows * cols];
        for &(r, c) in &cells {
            open[r as usize * cols + c as usize] = true;
        }
        Ok(Region { rows, cols, open })
    }

    /// Rows of the box.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the box.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// True when `(row, col)` is a cell to fill.
    pub fn is_open(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.open[row * self.cols + col]
    }

    /// Number of cells to fill.
    pub fn area(&self) -> usize {
        self.open.iter().filter(|&&b| b).count()
    }

    /// The cells to fill, row-major.
    pub fn cells(&self) -> Vec<Cell> {
        let mut v = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.open[r * self.cols + c] {
                    v.push((r as u16, c as u16));
                }
            }
        }
        v
    }

    /// The same board without empty outer rows and columns.
    pub fn trimmed(&self) -> Region {
        match Region::from_cells(&self.cells()) {
            Ok(r) => r,
            Err(_) => self.clone(),
        }
    }

    /// The board's symmetries among the 8 transforms of [`transform`]: those
    /// that map its cells onto themselves (always including 0, the identity).
    /// A full rectangle has 4, a full square 8.
    pub fn symmetries(&self) -> Vec<usize> {
        let cells = normalize(&self.cells());
        (0..8).filter(|&t| transform(&cells, t) == cells).collect()
    }
}

impl fmt::Display for Region {
    /// Rows of `.` (cells) and `#` (holes).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("\n")?;
            }
            for c in 0..self.cols {
                f.write_str(if self.open[r * self.cols + c] {
                    "."
                } else {
                    "#"
                })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions() {
        let r = Region::parse("...\n.#.\n...").unwrap();
        assert_eq!(r.area(), 8);
        assert_eq!(r.symmetries().len(), 8);
        assert_eq!(Region::rect(6, 10).unwrap().symmetries(), vec![0, 2, 4, 6]);
        assert_eq!(Region::parse("..\n.").unwrap().symmetries().len(), 2);
        assert_eq!(Region::parse("# #\n"), Err(PolyError::NoCells));
        assert_eq!(
            Region::parse("..\n.x"),
            Err(PolyError::BadChar {
                ch: 'x',
                line: 2,
                col: 2
            })
        );
        assert!(Region::rect(0, 3).is_err());
        assert_eq!(Region::rect(2, 3).unwrap().to_string(), "...\n...");
    }
}
