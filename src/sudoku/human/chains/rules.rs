//! The implication rules of Sudoku Explainer's chains, on a working copy of
//! the candidate grid: a candidate assumed true ("on") turns off the other
//! candidates of its cell (Y-links) and the other places of its digit in
//! its block, row and column; a candidate assumed false ("off") turns on the
//! other candidate of a bivalue cell (Y-links) and the other place of its
//! digit in a region where only two are left (X-links). Children come in
//! SE's order (the first parent found is the one a chain shows, and chain
//! lengths set the rating), so the order here is part of the result.

use crate::sudoku::human::board::{CellSet, REGIONS, cells_of, region_set, regions_of};

/// A candidate as one number: `cell * 9 + digit - 1` (0..729).
pub type Pot = u16;

/// The candidate `(cell, digit)` as a [`Pot`].
pub fn pot(cell: usize, d: u8) -> Pot {
    (cell * 9 + usize::from(d) - 1) as Pot
}

/// The cell of a candidate.
pub fn cell_of(p: Pot) -> usize {
    usize::from(p) / 9
}

/// The digit (1..=9) of a candidate.
pub fn digit_of(p: Pot) -> u8 {
    (p % 9) as u8 + 1
}

/// The children of one potential: at most 8 other digits and 20 peers.
pub struct Children {
    pots: [Pot; 32],
    why: [u8; 32],
    len: usize,
}

/// The rule behind an off->on child: the cell's other digit.
pub const BY_CELL: u8 = 27;

impl Children {
    pub fn new() -> Children {
        Children {
            pots: [0; 32],
            why: [0; 32],
            len: 0,
        }
    }

    fn push(&mut self, p: Pot) {
        self.push_why(p, BY_CELL);
    }

    fn push_why(&mut self, p: Pot, why: u8) {
        self.pots[self.len] = p;
        self.why[self.len] = why;
        self.len += 1;
    }

    /// Why the `i`-th child is on: [`BY_CELL`] or the region (0..27).
    pub fn why(&self, i: usize) -> u8 {
        self.why[i]
    }

    fn contains(&self, p: Pot) -> bool {
        self.pots[..self.len].contains(&p)
    }

    /// The children found, in SE's order.
    pub fn as_slice(&self) -> &[Pot] {
        &self.pots[..self.len]
    }
}

/// A working candidate grid: the masks and, per digit, its cells.
#[derive(Clone)]
pub struct Work {
    pub cand: [u16; 81],
    pub with: [CellSet; 9],
}

impl Work {
    pub fn new(cand: &[u16; 81]) -> Work {
        let mut with = [0u128; 9];
        for (c, &m) in cand.iter().enumerate() {
            for (d, w) in with.iter_mut().enumerate() {
                if m >> d & 1 == 1 {
                    *w |= 1u128 << c;
                }
            }
        }
        Work { cand: *cand, with }
    }

    /// Removes a candidate.
    pub fn remove(&mut self, p: Pot) {
        let (c, d) = (cell_of(p), usize::from(p % 9));
        self.cand[c] &= !(1 << d);
        self.with[d] &= !(1u128 << c);
    }

    /// What `p` on turns off: with `y`, the cell's other digits
    /// (ascending); then the digit's other places in the block, the row
    /// and the column, each cell once.
    pub fn on_to_off(&self, p: Pot, y: bool, out: &mut Children) {
        out.len = 0;
        let (cell, d) = (cell_of(p), usize::from(p % 9));
        if y {
            let mut m = self.cand[cell] & !(1 << d);
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                out.push((cell * 9 + v) as Pot);
            }
        }
        let mut added: CellSet = 1u128 << cell;
        for r in regions_of(cell) {
            let others = self.with[d] & region_set(r) & !added;
            added |= others;
            for c in cells_of(others) {
                out.push((c * 9 + d) as Pot);
            }
        }
    }

    /// What `p` off turns on: with `y`, the other digit of a bivalue cell;
    /// with `x`, the other place of the digit in a block, row or column
    /// where it has two (each candidate once).
    pub fn off_to_on(&self, p: Pot, y: bool, x: bool, out: &mut Children) {
        out.len = 0;
        let (cell, d) = (cell_of(p), usize::from(p % 9));
        if y {
            let m = self.cand[cell];
            if m.count_ones() == 2 {
                let first = m.trailing_zeros() as usize;
                let other = if first == d {
                    (m & (m - 1)).trailing_zeros() as usize
                } else {
                    first
                };
                out.push((cell * 9 + other) as Pot);
            }
        }
        if x {
            for r in regions_of(cell) {
                let others = self.with[d] & region_set(r) & !(1u128 << cell);
                if others.count_ones() == 1 {
                    let q = (others.trailing_zeros() as usize * 9 + d) as Pot;
                    if !out.contains(q) {
                        out.push_why(q, r as u8);
                    }
                }
            }
        }
    }

    /// The positions of digit `d` (1..=9) in region `r`, bit `j` for the
    /// region's `j`-th cell.
    pub fn places(&self, r: usize, d: u8) -> u16 {
        let w = self.with[usize::from(d) - 1];
        let mut m = 0;
        for (j, &c) in REGIONS[r].iter().enumerate() {
            if w >> c & 1 == 1 {
                m |= 1 << j;
            }
        }
        m
    }
}

/// SE's extra rating for a chain of `complexity` potentials: 0.1 for each
/// step of 4, 6, 8, 12, 16, 24, ... the length passes, summed in floating
/// point as SE does (its sort compares these sums).
pub fn length_difficulty(complexity: usize) -> f64 {
    let mut added = 0.0f64;
    let mut ceil = 4i64;
    let length = complexity as i64 - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}
