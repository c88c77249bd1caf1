//! `Candidates`: J's `free g` (81 cells × 9 digits of booleans) kept as one
//! 9-bit mask per cell, with its two printed forms.

use std::fmt;

use crate::sudoku::grid::CELLS;

/// Candidate digits of every cell: bit `d-1` of `bits[i]` set when digit `d`
/// may go in cell `i`. Filled cells (and dead ends) have no bits set, as in
/// J's `free`, where their rows are all zeros.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates {
    bits: [u16; CELLS],
}

impl Candidates {
    /// From the 81 masks (bits above the 9th are dropped).
    pub fn from_bits(mut bits: [u16; CELLS]) -> Candidates {
        for b in &mut bits {
            *b &= 0x1ff;
        }
        Candidates { bits }
    }

    /// The 81 masks, bit `d-1` for digit `d`.
    pub fn bits(&self) -> &[u16; CELLS] {
        &self.bits
    }

    /// Mask of cell `cell` (0..81).
    pub fn mask(&self, cell: usize) -> u16 {
        self.bits[cell]
    }

    /// True when digit `digit` (1..=9) is a candidate of cell `cell`.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        (1..=9).contains(&digit) && self.bits[cell] & (1 << (digit - 1)) != 0
    }

    /// Number of candidates of cell `cell` (J `+/"1`).
    pub fn count(&self, cell: usize) -> u8 {
        self.bits[cell].count_ones() as u8
    }

    /// Candidate digits of cell `cell`, ascending.
    pub fn digits(&self, cell: usize) -> Vec<u8> {
        mask_digits(self.bits[cell])
    }

    /// J's 81×9 boolean matrix: row `i`, column `d-1`.
    pub fn matrix(&self) -> [[bool; 9]; CELLS] {
        let mut m = [[false; 9]; CELLS];
        for (row, &b) in m.iter_mut().zip(&self.bits) {
            for (d, x) in row.iter_mut().enumerate() {
                *x = b & (1 << d) != 0;
            }
        }
        m
    }

    /// The matrix as J prints `free g`: 81 lines of nine `0`/`1` separated by
    /// spaces.
    pub fn table01(&self) -> String {
        let mut out = String::with_capacity(CELLS * 18);
        for (i, row) in self.matrix().iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            for (d, &x) in row.iter().enumerate() {
                if d > 0 {
                    out.push(' ');
                }
                out.push(if x { '1' } else { '0' });
            }
        }
        out
    }

    /// Pencil marks: a 9×9 board, each cell showing its candidate digits
    /// run together (`.` when it has none: a filled cell or a dead end), all
    /// cells padded to the widest, with the box rules of `see`.
    pub fn pencil(&self) -> String {
        let width = self
            .bits
            .iter()
            .map(|b| b.count_ones() as usize)
            .max()
            .unwrap_or(0)
            .max(1);
        // A stack is three cells of `width` with a space either side of each.
        let stack = 3 * (width + 2);
        let rule = format!("+{0}+{0}+{0}+", "-".repeat(stack));
        let mut lines = Vec::with_capacity(13);
        for r in 0..9 {
            if r % 3 == 0 {
                lines.push(rule.clone());
            }
            let mut s = String::from("|");
            for c in 0..9 {
                let b = self.bits[r * 9 + c];
                let text: String = if b == 0 {
                    ".".to_string()
                } else {
                    mask_digits(b).iter().map(|&d| (b'0' + d) as char).collect()
                };
                s.push(' ');
                s.push_str(&format!("{text:<width$}"));
                s.push(' ');
                if c % 3 == 2 {
                    s.push('|');
                }
            }
            lines.push(s);
        }
        lines.push(rule);
        lines.join("\n")
    }

    /// Pencil marks with a step's marks, as pieces of text each with its
    /// mark (`None` for plain text); joined they are the drawing, each
    /// column as wide as its widest cell. A marked
    /// cell starts with `*`, a removed candidate is written `(d)`, a placed
    /// digit `[d]`, so the drawing reads the same without colour; a front
    /// end that has colour may paint the pieces by their marks.
    pub fn pencil_marked(&self, marks: &PencilMarks) -> Vec<(String, Option<Mark>)> {
        let mut cells: Vec<Vec<(String, Option<Mark>)>> = Vec::with_capacity(CELLS);
        for (i, &b) in self.bits.iter().enumerate() {
            let marked = marks.cells.contains(&i);
            let base = marked.then_some(Mark::Cell);
            let mut parts = Vec::new();
            if marked {
                parts.push(("*".to_string(), base));
            }
            if b == 0 {
                parts.push((".".to_string(), base));
            }
            for d in mask_digits(b) {
                if marks.placed.contains(&(i, d)) {
                    parts.push((format!("[{d}]"), Some(Mark::Placed)));
                } else if marks.removed.contains(&(i, d)) {
                    parts.push((format!("({d})"), Some(Mark::Removed)));
                } else {
                    parts.push((d.to_string(), base));
                }
            }
            cells.push(parts);
        }
        let len = |parts: &[(String, Option<Mark>)]| -> usize {
            parts.iter().map(|(t, _)| t.chars().count()).sum()
        };
        // Each column as wide as its widest cell: a drawing of a whole
        // grid's candidates stays narrow enough for a terminal.
        let widths: Vec<usize> = (0..9)
            .map(|c| {
                (0..9)
                    .map(|r| len(&cells[r * 9 + c]))
                    .max()
                    .unwrap_or(0)
                    .max(1)
            })
            .collect();
        let mut rule = String::from("+");
        for (c, w) in widths.iter().enumerate() {
            rule.push_str(&"-".repeat(w + 2));
            if c % 3 == 2 {
                rule.push('+');
            }
        }
        let mut out: Vec<(String, Option<Mark>)> = Vec::new();
        let plain = |out: &mut Vec<(String, Option<Mark>)>, text: &str| match out.last_mut() {
            Some((last, None)) => last.push_str(text),
            _ => out.push((text.to_string(), None)),
        };
        for r in 0..9 {
            if r % 3 == 0 {
                plain(&mut out, &rule);
                plain(&mut out, "\n");
            }
            plain(&mut out, "|");
            for c in 0..9 {
                let parts = &cells[r * 9 + c];
                let pad = widths[c] - len(parts);
                plain(&mut out, " ");
                for (text, mark) in parts {
                    match mark {
                        None => plain(&mut out, text),
                        Some(_) => out.push((text.clone(), *mark)),
                    }
                }
                // A marked cell's padding keeps its mark, so its
                // background (in colour) spans the whole column.
                match parts.first() {
                    Some((_, Some(Mark::Cell))) if pad > 0 => {
                        out.push((" ".repeat(pad), Some(Mark::Cell)))
                    }
                    _ => plain(&mut out, &" ".repeat(pad)),
                }
                plain(&mut out, " ");
                if c % 3 == 2 {
                    plain(&mut out, "|");
                }
            }
            plain(&mut out, "\n");
        }
        plain(&mut out, &rule);
        out
    }
}

/// What a pencil-mark drawing marks (see [`Candidates::pencil_marked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// One of the step's cells (its pattern).
    Cell,
    /// A candidate the step removes.
    Removed,
    /// A digit the step places.
    Placed,
}

/// A step's marks on a drawing: its cells (0..81), the candidates it
/// removes and the digits it places, as (cell, digit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PencilMarks {
    pub cells: Vec<usize>,
    pub removed: Vec<(usize, u8)>,
    pub placed: Vec<(usize, u8)>,
}

/// Digits (1..=9, ascending) of a 9-bit mask.
pub fn mask_digits(mask: u16) -> Vec<u8> {
    (1..=9u8).filter(|d| mask & (1 << (d - 1)) != 0).collect()
}

impl fmt::Display for Candidates {
    /// Candidates display as pencil marks (see [`Candidates::pencil`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pencil())
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pencil())
    }
}
