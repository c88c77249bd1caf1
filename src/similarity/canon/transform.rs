//! Sudoku symmetries with digit renaming: applying, inverting, composing,
//! checking them, and drawing one at random.

use rand::{Rng, RngExt};

use super::PERMS_OF_3;
use crate::sudoku::Grid;

/// A symmetry of the Sudoku grid with a digit renaming. Applying it to `g`:
/// transpose `g` if `transposed`, then new row `i` is row `rows[i]`, new
/// column `j` is column `cols[j]` (0-based), and every digit `d` becomes
/// `digits[d]` (`digits[0] = 0`: empty stays empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Transpose first.
    pub transposed: bool,
    /// `rows[i]`: the (transposed) source row that becomes row `i`.
    pub rows: [u8; 9],
    /// `cols[j]`: the source column that becomes column `j`.
    pub cols: [u8; 9],
    /// `digits[d]`: the new name of digit `d` (index 0 is empty, stays 0).
    pub digits: [u8; 10],
}

/// Why a description is not a Sudoku symmetry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransformError {
    /// Rows (or columns) are not a permutation keeping bands (stacks) whole.
    Lines { what: &'static str, detail: String },
    /// The digit map is not a permutation of 1..9.
    Digits(String),
}

impl std::fmt::Display for TransformError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TransformError::Lines { what, detail } => write!(f, "bad {what} order: {detail}"),
            TransformError::Digits(detail) => write!(f, "bad digit map: {detail}"),
        }
    }
}

impl std::error::Error for TransformError {}

impl Transform {
    /// The transformation that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transposed: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A random symmetry with a random digit renaming (every one of the
    /// 2 × 6⁸ arrangements and 9! renamings can come out).
    /// Draws are `u32`s, so a seeded generator gives the same symmetry on
    /// every platform.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Transform {
        let mut below = |n: u32| rng.random_range(0..n) as usize;
        let mut t = Transform::IDENTITY;
        t.transposed = below(2) == 1;
        for lines in [&mut t.rows, &mut t.cols] {
            let outer = PERMS_OF_3[below(6)];
            for b in 0..3 {
                let inner = PERMS_OF_3[below(6)];
                for k in 0..3 {
                    lines[3 * b + k] = (3 * outer[b] + inner[k]) as u8;
                }
            }
        }
        for i in (2..10).rev() {
            let j = 1 + below(i as u32);
            t.digits.swap(i, j);
        }
        t
    }

    /// Check that this is a symmetry: rows and columns permutations that
    /// move whole bands/stacks and lines only inside them, digits a
    /// permutation of 1..9 fixing 0.
    pub fn validate(&self) -> Result<(), TransformError> {
        check_lines("row", &self.rows)?;
        check_lines("column", &self.cols)?;
        if self.digits[0] != 0 {
            return Err(TransformError::Digits("empty (0) must stay empty".into()));
        }
        let mut seen = [false; 10];
        for (d, &to) in self.digits.iter().enumerate().skip(1) {
            if !(1..=9).contains(&to) {
                return Err(TransformError::Digits(format!(
                    "digit {d} goes to {to}, outside 1..9"
                )));
            }
            if std::mem::replace(&mut seen[to as usize], true) {
                return Err(TransformError::Digits(format!(
                    "two digits go to {to}: the map must be one-to-one"
                )));
            }
        }
        Ok(())
    }

    /// For each cell of the result, the source cell it comes from.
    /// Lines out of range (an unvalidated transform) are taken modulo 9.
    pub fn cell_sources(&self) -> [u8; 81] {
        let mut p = [0u8; 81];
        for i in 0..9 {
            for j in 0..9 {
                let (r, c) = (self.rows[i] % 9, self.cols[j] % 9);
                p[9 * i + j] = if self.transposed {
                    9 * c + r
                } else {
                    9 * r + c
                };
            }
        }
        p
    }

    /// The grid moved and renamed. Values above 9 are left as they are.
    pub fn apply(&self, g: &Grid) -> Grid {
        let src = g.cells();
        let mut out = [0u8; 81];
        for (o, &s) in out.iter_mut().zip(self.cell_sources().iter()) {
            let v = src[s as usize];
            *o = self.digits.get(v as usize).copied().unwrap_or(v);
        }
        Grid::from_cells(out)
    }

    /// Pencil marks (a mask a cell, bit `d - 1` for digit `d`) moved as
    /// [`apply`](Self::apply) moves a grid's cells, each digit renamed
    /// (bits a renaming sends out of 1..9 are dropped).
    pub fn apply_masks(&self, masks: &[u16; 81]) -> [u16; 81] {
        let mut out = [0u16; 81];
        for (o, &s) in out.iter_mut().zip(self.cell_sources().iter()) {
            let m = masks[s as usize];
            for d in 1..=9u8 {
                let e = self.digits.get(usize::from(d)).copied().unwrap_or(d);
                if m & 1 << (d - 1) != 0 && (1..=9).contains(&e) {
                    *o |= 1 << (e - 1);
                }
            }
        }
        out
    }

    /// The transformation undoing this one.
    pub fn inverse(&self) -> Transform {
        let p = self.cell_sources();
        let mut inv = [0u8; 81];
        for (i, &s) in p.iter().enumerate() {
            inv[s as usize] = i as u8;
        }
        let mut digits = [0u8; 10];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[(to as usize).min(9)] = d as u8;
        }
        from_cell_sources(&inv, digits)
    }

    /// First `self`, then `next`.
    pub fn then(&self, next: &Transform) -> Transform {
        let p = self.cell_sources();
        let q = next.cell_sources();
        let mut r = [0u8; 81];
        for (out, &s) in r.iter_mut().zip(q.iter()) {
            *out = p[s as usize];
        }
        let mut digits = [0u8; 10];
        for (d, slot) in digits.iter_mut().enumerate() {
            *slot = next.digits[(self.digits[d] as usize).min(9)];
        }
        from_cell_sources(&r, digits)
    }
}

/// Rebuild a transform from a cell-source map that is known to be a
/// Sudoku symmetry (as compositions and inverses of symmetries are).
fn from_cell_sources(p: &[u8; 81], digits: [u8; 10]) -> Transform {
    let transposed = p[1] / 9 != p[0] / 9;
    let mut rows = [0u8; 9];
    let mut cols = [0u8; 9];
    for i in 0..9 {
        if transposed {
            rows[i] = p[9 * i] % 9;
            cols[i] = p[i] / 9;
        } else {
            rows[i] = p[9 * i] / 9;
            cols[i] = p[i] % 9;
        }
    }
    Transform {
        transposed,
        rows,
        cols,
        digits,
    }
}

fn check_lines(what: &'static str, lines: &[u8; 9]) -> Result<(), TransformError> {
    let mut seen = [false; 9];
    for (i, &l) in lines.iter().enumerate() {
        if l > 8 {
            return Err(TransformError::Lines {
                what,
                detail: format!("line {l} is out of range (lines are 0..8)"),
            });
        }
        if std::mem::replace(&mut seen[l as usize], true) {
            return Err(TransformError::Lines {
                what,
                detail: format!("line {l} is used twice"),
            });
        }
        if l / 3 != lines[i - i % 3] / 3 {
            return Err(TransformError::Lines {
                what,
                detail: format!(
                    "positions {}..{} must take three lines of one band or stack",
                    i - i % 3,
                    i - i % 3 + 2
                ),
            });
        }
    }
    Ok(())
}
