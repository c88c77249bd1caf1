//! The candidate grid the techniques read: one 9-bit mask per cell and the
//! 27 regions in Sudoku Explainer's order (blocks, rows, columns), with the
//! small lookups every technique needs (a digit's places in a region, the
//! cells a cell sees).

use crate::sudoku::grid::{CELLS, Grid, cell_name};
use crate::sudoku::hui::Candidates;

/// A region kind, numbered as Sudoku Explainer numbers them (block 0, row 1,
/// column 2): its scan orders depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Block,
    Row,
    Column,
}

impl Kind {
    /// `block`, `row` or `column`, as the step texts say.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Block => "block",
            Kind::Row => "row",
            Kind::Column => "column",
        }
    }

    /// Offset of this kind's first region in [`REGIONS`].
    pub fn base(self) -> usize {
        match self {
            Kind::Block => 0,
            Kind::Row => 9,
            Kind::Column => 18,
        }
    }
}

/// The 27 regions: blocks 0-8 (row-major, cells row-major inside), rows
/// 9-17, columns 18-26; each lists its cells in SE's order.
pub const REGIONS: [[u8; 9]; 27] = build_regions();

const fn build_regions() -> [[u8; 9]; 27] {
    let mut r = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            r[i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            r[9 + i][j] = (i * 9 + j) as u8;
            r[18 + i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    r
}

/// The kind of region `r` (0..27).
pub fn kind_of(r: usize) -> Kind {
    match r / 9 {
        0 => Kind::Block,
        1 => Kind::Row,
        _ => Kind::Column,
    }
}

/// Block, row and column of a cell, as region numbers.
pub fn regions_of(cell: usize) -> [usize; 3] {
    let (row, col) = (cell / 9, cell % 9);
    [row / 3 * 3 + col / 3, 9 + row, 18 + col]
}

/// A region's name as a person reads it, e.g. `row 3`, `block 7`.
pub fn region_name(r: usize) -> String {
    format!("{} {}", kind_of(r).name(), r % 9 + 1)
}

/// A set of cells as an 81-bit mask.
pub type CellSet = u128;

/// The cells of each region as a mask.
pub fn region_set(r: usize) -> CellSet {
    REGION_SETS[r]
}

/// [`REGIONS`] as cell masks.
const REGION_SETS: [CellSet; 27] = {
    let mut sets = [0u128; 27];
    let mut r = 0;
    while r < 27 {
        let mut j = 0;
        while j < 9 {
            sets[r] |= 1u128 << REGIONS[r][j];
            j += 1;
        }
        r += 1;
    }
    sets
};

/// Every cell of the grid.
pub const ALL_CELLS: CellSet = (1u128 << CELLS) - 1;

/// The 20 cells each cell sees, as a mask.
pub fn peers(cell: usize) -> CellSet {
    let [b, r, c] = regions_of(cell);
    (region_set(b) | region_set(r) | region_set(c)) & !(1u128 << cell)
}

/// The cells of a mask, ascending.
pub fn cells_of(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// Digits (1..=9) of a 9-bit mask, ascending.
pub fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| mask & (1 << (d - 1)) != 0)
}

/// The bit of digit `d` (1..=9).
pub fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// Cell names run together with commas, e.g. `r1c2,r1c5`.
pub fn names(cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join(",")
}

/// Digits run together with commas, e.g. `3,7`.
pub fn digit_list(mask: u16) -> String {
    digits_of(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The candidate grid: each empty cell's candidates and which cells are
/// filled. A filled cell has no candidates; its digit is kept when known
/// (from a grid), 0 when the position came as pencil marks.
///
/// Two views of the candidates are kept up to date with the masks, because
/// every finder asks for them many times per step: a digit's places in
/// each region and the cells holding each digit. They are a function of
/// the masks, so equality compares the same thing either way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CandidateGrid {
    cand: [u16; CELLS],
    value: [u8; CELLS],
    filled: CellSet,
    /// `places[r][d - 1]`: bit `j` when the region's `j`-th cell holds `d`.
    places: [[u16; 9]; 27],
    /// `digit_cells[d - 1]`: the cells holding candidate `d`.
    digit_cells: [CellSet; 9],
    /// The digits placed in each region (known digits only).
    region_values: [u16; 27],
}

/// Each cell's three regions (block, row, column) and its position in each.
const CELL_PLACES: [[(u8, u8); 3]; CELLS] = {
    let mut t = [[(0u8, 0u8); 3]; CELLS];
    let mut r = 0;
    while r < 27 {
        let mut j = 0;
        while j < 9 {
            let c = REGIONS[r][j] as usize;
            t[c][r / 9] = (r as u8, j as u8);
            j += 1;
        }
        r += 1;
    }
    t
};

impl CandidateGrid {
    /// The candidates of a grid whose digits break no rule: each empty
    /// cell may hold the digits none of its peers holds.
    pub fn from_grid(g: &Grid) -> CandidateGrid {
        let mut b = CandidateGrid::from_masks([0x1ff; CELLS]);
        for i in 0..CELLS {
            let v = g.get(i);
            if (1..=9).contains(&v) {
                b.place(i, v);
            }
        }
        b
    }

    /// Sukaku Explainer's 729-character pencil-mark line: each cell's nine
    /// places, digit `d` at place `d` when it is a candidate (a filled
    /// cell shows its digit alone), `.` otherwise.
    pub fn pencil_line(&self) -> String {
        let mut masks = [0u16; CELLS];
        for (cell, m) in masks.iter_mut().enumerate() {
            *m = match self.value[cell] {
                0 => self.cand[cell],
                v => bit(v),
            };
        }
        crate::sudoku::formats::write_pencil_line(&masks)
    }

    /// The position of a 729-character pencil-mark line (see
    /// [`pencil_line`](Self::pencil_line) and
    /// [`parse_pencil_line`](crate::sudoku::formats::parse_pencil_line):
    /// `0` also stands for a missing candidate, white space is skipped). A
    /// cell with one candidate that no peer holds is a given (so a
    /// puzzle's initial candidates read as the puzzle); a cell with none
    /// is an error naming it.
    pub fn from_pencil_line(text: &str) -> Result<CandidateGrid, String> {
        let masks = crate::sudoku::formats::parse_pencil_line(text, false)
            .map_err(|e| format!("pencil marks: {e}"))?;
        Ok(CandidateGrid::from_pencil_masks(&masks))
    }

    /// The position of a pencil-mark line's masks (every cell with at
    /// least one): Sukaku Explainer's givens
    /// ([`pencil_givens`](crate::sudoku::formats::pencil_givens)) placed.
    pub fn from_pencil_masks(masks: &[u16; CELLS]) -> CandidateGrid {
        let givens = crate::sudoku::formats::pencil_givens(masks);
        let mut b = CandidateGrid::from_masks(*masks);
        for c in 0..CELLS {
            if givens.get(c) != 0 {
                b.place(c, givens.get(c));
            }
        }
        b
    }

    /// A pencil-mark position: cells with no candidates count as filled.
    pub fn from_candidates(c: &Candidates) -> CandidateGrid {
        let mut b = CandidateGrid::from_masks(*c.bits());
        for i in 0..CELLS {
            if b.cand[i] == 0 {
                b.filled |= 1u128 << i;
            }
        }
        b
    }

    /// Empty cells with these masks, with both views built.
    fn from_masks(cand: [u16; CELLS]) -> CandidateGrid {
        let mut b = CandidateGrid {
            cand,
            value: [0; CELLS],
            filled: 0,
            places: [[0; 9]; 27],
            digit_cells: [0; 9],
            region_values: [0; 27],
        };
        for (c, &m) in cand.iter().enumerate() {
            let mut m = m & 0x1ff;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                b.digit_cells[i] |= 1u128 << c;
                for (r, j) in CELL_PLACES[c] {
                    b.places[r as usize][i] |= 1 << j;
                }
            }
        }
        b
    }

    /// Clears candidate bit `i` (digit `i + 1`) of `cell` in both views.
    fn clear(&mut self, cell: usize, i: usize) {
        self.digit_cells[i] &= !(1u128 << cell);
        for (r, j) in CELL_PLACES[cell] {
            self.places[r as usize][i] &= !(1 << j);
        }
    }

    /// Candidates of a cell (0 when filled).
    pub fn cand(&self, cell: usize) -> u16 {
        self.cand[cell]
    }

    /// The 81 masks.
    pub fn masks(&self) -> &[u16; CELLS] {
        &self.cand
    }

    /// True when the cell is filled.
    pub fn is_filled(&self, cell: usize) -> bool {
        self.filled >> cell & 1 == 1
    }

    /// The digit of a filled cell (0 when empty or not known).
    pub fn value(&self, cell: usize) -> u8 {
        self.value[cell]
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.filled.count_ones() as usize == CELLS
    }

    /// Puts `d` in `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: usize, d: u8) {
        let mut m = self.cand[cell] & 0x1ff;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            self.clear(cell, i);
        }
        self.cand[cell] = 0;
        self.value[cell] = d;
        self.filled |= 1u128 << cell;
        if !(1..=9).contains(&d) {
            return;
        }
        let i = usize::from(d - 1);
        for (r, _) in CELL_PLACES[cell] {
            self.region_values[r as usize] |= 1 << i;
        }
        for p in cells_of(peers(cell) & self.digit_cells[i]) {
            self.cand[p] &= !bit(d);
            self.clear(p, i);
        }
    }

    /// Removes candidate `d` from `cell`.
    pub fn remove(&mut self, cell: usize, d: u8) {
        if self.cand[cell] & bit(d) != 0 {
            self.cand[cell] &= !bit(d);
            self.clear(cell, usize::from(d - 1));
        }
    }

    /// Places of digit `d` in region `r`, bit `j` for the region's `j`-th cell.
    pub fn places(&self, r: usize, d: u8) -> u16 {
        self.places[r][usize::from(d - 1)]
    }

    /// Cells of the grid holding candidate `d`, as a mask.
    pub fn cells_with(&self, d: u8) -> CellSet {
        self.digit_cells[usize::from(d - 1)]
    }

    /// The empty cells with no candidate left.
    pub fn dead_cells(&self) -> CellSet {
        let live = self.digit_cells.iter().fold(0, |m, &s| m | s);
        ALL_CELLS & !self.filled & !live
    }

    /// The digits region `r` holds or can still hold, and whether its
    /// filled cells' digits are all known (not so for pencil marks).
    pub fn region_digits(&self, r: usize) -> (u16, bool) {
        let mut seen = self.region_values[r];
        for (i, &p) in self.places[r].iter().enumerate() {
            if p != 0 {
                seen |= 1 << i;
            }
        }
        let filled = (self.filled & region_set(r)).count_ones();
        (seen, filled == self.region_values[r].count_ones())
    }

    /// Empty cells of region `r`.
    pub fn empty_count(&self, r: usize) -> usize {
        (region_set(r) & !self.filled).count_ones() as usize
    }

    /// The digits with exactly one place in region `r`, as a mask.
    pub fn single_place_digits(&self, r: usize) -> u16 {
        let (mut once, mut twice) = (0u16, 0u16);
        for &c in &REGIONS[r] {
            let m = self.cand[c as usize];
            twice |= once & m;
            once |= m;
        }
        once & !twice
    }

    /// How many times `d` is placed: the rows with no place for it (the
    /// same count as the placed digits in a consistent position, and known
    /// for pencil marks too).
    pub fn placed_count(&self, d: u8) -> usize {
        (9..18).filter(|&r| self.places(r, d) == 0).count()
    }

    /// The grid of the filled digits (0 for empty or unknown).
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.value)
    }

    /// The position as pencil marks.
    pub fn candidates(&self) -> Candidates {
        Candidates::from_bits(self.cand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The views the grid keeps, computed again from the masks alone.
    fn assert_views_match(b: &CandidateGrid) {
        for d in 1..=9u8 {
            let cells = (0..CELLS)
                .filter(|&c| b.cand(c) & bit(d) != 0)
                .fold(0, |m, c| m | 1u128 << c);
            assert_eq!(b.cells_with(d), cells, "cells of {d}");
            for (r, region) in REGIONS.iter().enumerate() {
                let places = (0..9)
                    .filter(|&j| b.cand(region[j] as usize) & bit(d) != 0)
                    .fold(0u16, |m, j| m | 1 << j);
                assert_eq!(b.places(r, d), places, "places of {d} in region {r}");
            }
        }
        let dead = (0..CELLS)
            .filter(|&c| !b.is_filled(c) && b.cand(c) == 0)
            .fold(0, |m, c| m | 1u128 << c);
        assert_eq!(b.dead_cells(), dead);
    }

    /// Invariant: the places and digit views always agree with the masks,
    /// whatever sequence of placements and removals made the position.
    #[test]
    fn views_follow_every_placement_and_removal() {
        let g = Grid::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let mut b = CandidateGrid::from_grid(&g);
        assert_views_match(&b);
        // A fixed pseudo-random walk: remove or place candidates still there.
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..400 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let c = (x % 81) as usize;
            let m = b.cand(c);
            if m == 0 {
                continue;
            }
            let d = digits_of(m)
                .nth((x >> 8) as usize % m.count_ones() as usize)
                .unwrap();
            if x >> 20 & 3 == 0 {
                b.place(c, d);
            } else {
                b.remove(c, d);
            }
            assert_views_match(&b);
        }
        let pencil = CandidateGrid::from_candidates(&b.candidates());
        assert_views_match(&pencil);
    }
}
