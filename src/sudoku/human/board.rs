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
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CandidateGrid {
    cand: [u16; CELLS],
    value: [u8; CELLS],
    filled: CellSet,
}

impl CandidateGrid {
    /// The candidates of a grid whose digits break no rule: each empty
    /// cell may hold the digits none of its peers holds.
    pub fn from_grid(g: &Grid) -> CandidateGrid {
        let mut b = CandidateGrid {
            cand: [0x1ff; CELLS],
            value: [0; CELLS],
            filled: 0,
        };
        for i in 0..CELLS {
            let v = g.get(i);
            if (1..=9).contains(&v) {
                b.place(i, v);
            }
        }
        b
    }

    /// A pencil-mark position: cells with no candidates count as filled.
    pub fn from_candidates(c: &Candidates) -> CandidateGrid {
        let mut b = CandidateGrid {
            cand: *c.bits(),
            value: [0; CELLS],
            filled: 0,
        };
        for i in 0..CELLS {
            if b.cand[i] == 0 {
                b.filled |= 1u128 << i;
            }
        }
        b
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
        self.cand[cell] = 0;
        self.value[cell] = d;
        self.filled |= 1u128 << cell;
        for p in cells_of(peers(cell)) {
            self.cand[p] &= !bit(d);
        }
    }

    /// Removes candidate `d` from `cell`.
    pub fn remove(&mut self, cell: usize, d: u8) {
        self.cand[cell] &= !bit(d);
    }

    /// Places of digit `d` in region `r`, bit `j` for the region's `j`-th cell.
    pub fn places(&self, r: usize, d: u8) -> u16 {
        let b = bit(d);
        let mut m = 0;
        for (j, &c) in REGIONS[r].iter().enumerate() {
            if self.cand[c as usize] & b != 0 {
                m |= 1 << j;
            }
        }
        m
    }

    /// Cells of the grid holding candidate `d`, as a mask.
    pub fn cells_with(&self, d: u8) -> CellSet {
        let b = bit(d);
        (0..CELLS)
            .filter(|&c| self.cand[c] & b != 0)
            .fold(0, |m, c| m | 1u128 << c)
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
