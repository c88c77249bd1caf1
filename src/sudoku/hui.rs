//! Roger Hui's Sudoku primitives, exactly as Hui's J listing reads
//! them: `free`, `ac`, `ar`, the step, `assign`, `ok`, `guess`, `sudoku`,
//! plus Nishikawa's `cand`/`cand1`, the candidate-count grid, `diff` and
//! `regions`.
//!
//! "Exactly" includes J's quirks, because the source's printed intermediate
//! grids depend on them: `ar` takes only the lowest hidden-single digit of
//! each region, later regions overwrite earlier ones at the same cell, and
//! `guess` counts a cell with no candidates as 10. [`hidden_singles`] is the
//! clean variant of `ar` (every hidden single at once).
//!
//! Grids given by a person are checked (values 0..=9, no repeated digit
//! where the listing's `ok` would reject them) and errors say which cell or
//! which region and digit; inner loops work on checked grids.

pub mod candidates;
pub mod tables;

use std::fmt;

pub use candidates::{Candidates, Mark, PencilMarks};
use tables::REGIONS;

use super::grid::{InvalidGrid, OffGrid, box_of, cell_at, cell_name, col_of, row_of};

use crate::monitor::{Monitor, Progress};
use crate::sudoku::grid::{CELLS, Grid};

/// Most grids `sudoku` keeps in its breadth-first frontier. Clark's
/// under-constrained puzzle peaks at 15,220 (all its solutions, in round 22
/// of 24); a blank grid passes this bound in its seventh round, after about
/// 52,000 grids assigned, a fraction of a second in.
pub const MAX_FRONTIER: usize = 100_000;

/// Most grids `sudoku` may assign in all rounds together (Clark's puzzle
/// takes 137,804), so that a search that stays just under [`MAX_FRONTIER`]
/// for many rounds still ends within seconds.
pub const MAX_WORK: u64 = 1_000_000;

/// Why a primitive refused its input or stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HuiError {
    /// The grid breaks the rules: a value outside 0..=9 (e.g. a sum of two
    /// grids) or a digit twice in a row, column or box.
    Invalid(InvalidGrid),
    /// A cell outside the grid (a 1-based row or column outside 1..=9).
    OffGrid(OffGrid),
    /// A cell-wise sum does not fit in a cell (more than 255).
    Overflow { cell: usize, sum: u16 },
    /// `sudoku`'s search passed [`MAX_FRONTIER`] or [`MAX_WORK`].
    SearchTooLarge {
        round: usize,
        frontier: usize,
        work: u64,
    },
    /// `sudoku` was cancelled through its monitor.
    Interrupted { round: usize, frontier: usize },
}

impl fmt::Display for HuiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HuiError::Invalid(e) => write!(f, "{e}"),
            HuiError::OffGrid(e) => write!(f, "{e}"),
            HuiError::Overflow { cell, sum } => write!(
                f,
                "cell {} would hold {sum}: a cell holds at most 255",
                cell_name(*cell)
            ),
            HuiError::SearchTooLarge {
                round,
                frontier,
                work,
            } => write!(
                f,
                "the search is too large: round {round} reached {frontier} open grids \
                 after {work} assigned (limits: {MAX_FRONTIER} open, {MAX_WORK} assigned); \
                 the puzzle has too few clues for a breadth-first search of all solutions"
            ),
            HuiError::Interrupted { round, frontier } => {
                write!(f, "interrupted in round {round} with {frontier} open grids")
            }
        }
    }
}

impl std::error::Error for HuiError {}

/// Bit for a digit value, 0 for empty (and for anything out of range).
fn bit(v: u8) -> u16 {
    if (1..=9).contains(&v) {
        1 << (v - 1)
    } else {
        0
    }
}

impl From<InvalidGrid> for HuiError {
    fn from(e: InvalidGrid) -> Self {
        HuiError::Invalid(e)
    }
}

impl From<OffGrid> for HuiError {
    fn from(e: OffGrid) -> Self {
        HuiError::OffGrid(e)
    }
}

/// Err naming the first cell whose value is not 0..=9.
pub fn check_values(g: &Grid) -> Result<(), HuiError> {
    Ok(g.check_values()?)
}

/// Err naming the first rule the grid breaks (see [`Grid::check`]); Ok for
/// a grid `assign` and `sudoku` accept.
pub fn check(g: &Grid) -> Result<(), HuiError> {
    Ok(g.check()?)
}

/// J `ok`: no nonzero value repeats in any of the 27 regions (a value
/// outside 0..=9 also makes it false: such a grid is no Sudoku).
pub fn ok(g: &Grid) -> bool {
    g.check().is_ok()
}

/// J `free g`, for a grid already known to hold 0..=9.
///
/// The peers of a cell are its row, column and block (J's `I`), so the union
/// of the row, column and block masks is the same as J's lookup through `I`.
pub fn free_of(g: &Grid) -> Candidates {
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut blocks = [0u16; 9];
    for (i, &v) in g.cells().iter().enumerate() {
        let b = bit(v);
        rows[row_of(i)] |= b;
        cols[col_of(i)] |= b;
        blocks[box_of(i)] |= b;
    }
    let mut bits = [0u16; CELLS];
    for (i, out) in bits.iter_mut().enumerate() {
        if g.get(i) == 0 {
            *out = !(rows[row_of(i)] | cols[col_of(i)] | blocks[box_of(i)]) & 0x1ff;
        }
    }
    Candidates::from_bits(bits)
}

/// J `free g`: the candidate digits of every empty cell (digits in none of
/// its 20 peers). Filled cells have none.
pub fn free(g: &Grid) -> Result<Candidates, HuiError> {
    check_values(g)?;
    Ok(free_of(g))
}

/// J `ac`: naked singles, the digit of each cell with exactly one candidate.
pub fn ac(c: &Candidates) -> Grid {
    let mut out = [0u8; CELLS];
    for (i, v) in out.iter_mut().enumerate() {
        let b = c.mask(i);
        if b.count_ones() == 1 {
            *v = b.trailing_zeros() as u8 + 1;
        }
    }
    Grid::from_cells(out)
}

/// Per region, the mask of digits that are candidates in exactly one cell.
fn single_digits(c: &Candidates, region: &[u8; 9]) -> u16 {
    let (mut once, mut more) = (0u16, 0u16);
    for &cell in region {
        let b = c.mask(cell as usize);
        more |= once & b;
        once |= b;
    }
    once & !more
}

/// The cell of `region` where digit bit `b` is a candidate (there is one).
fn cell_with(c: &Candidates, region: &[u8; 9], b: u16) -> Option<usize> {
    region
        .iter()
        .map(|&cell| cell as usize)
        .find(|&cell| c.mask(cell) & b != 0)
}

/// J `ar`, quirks kept: for each region in `R` order (blocks, rows, columns),
/// the LOWEST digit that is a candidate in exactly one of its cells is put in
/// that cell; one digit per region, and a later region overwrites an earlier
/// one at the same cell.
pub fn ar(c: &Candidates) -> Grid {
    let mut out = [0u8; CELLS];
    for region in &REGIONS {
        let singles = single_digits(c, region);
        if singles == 0 {
            continue;
        }
        let low = singles & singles.wrapping_neg();
        if let Some(cell) = cell_with(c, region, low) {
            out[cell] = low.trailing_zeros() as u8 + 1;
        }
    }
    Grid::from_cells(out)
}

/// The clean variant of `ar`: every hidden single of every region at once
/// (where two regions name different digits for one cell, the larger wins,
/// as `max` would). Not in the listing.
pub fn hidden_singles(c: &Candidates) -> Grid {
    let mut out = [0u8; CELLS];
    for region in &REGIONS {
        let mut singles = single_digits(c, region);
        while singles != 0 {
            let low = singles & singles.wrapping_neg();
            singles &= !low;
            if let Some(cell) = cell_with(c, region, low) {
                out[cell] = out[cell].max(low.trailing_zeros() as u8 + 1);
            }
        }
    }
    Grid::from_cells(out)
}

/// J `+/"1 free g`: the number of candidates of every cell, as a grid.
pub fn counts(c: &Candidates) -> Grid {
    let mut out = [0u8; CELLS];
    for (i, v) in out.iter_mut().enumerate() {
        *v = c.count(i);
    }
    Grid::from_cells(out)
}

/// J `+`: the cell-wise sum (Err if a cell would pass 255).
pub fn sum(a: &Grid, b: &Grid) -> Result<Grid, HuiError> {
    let mut out = [0u8; CELLS];
    for (i, v) in out.iter_mut().enumerate() {
        let s = a.get(i) as u16 + b.get(i) as u16;
        *v = u8::try_from(s).map_err(|_| HuiError::Overflow { cell: i, sum: s })?;
    }
    Ok(Grid::from_cells(out))
}

/// J `>.`: the cell-wise maximum.
pub fn max(a: &Grid, b: &Grid) -> Grid {
    let mut out = [0u8; CELLS];
    for (i, v) in out.iter_mut().enumerate() {
        *v = a.get(i).max(b.get(i));
    }
    Grid::from_cells(out)
}

/// One step, J `+ (ac >. ar)@free`, on a grid holding 0..=9. Only empty
/// cells receive digits, so the result holds 0..=9 too.
pub fn step_of(g: &Grid) -> Grid {
    step_with(g, &free_of(g))
}

/// The step of `g` given `c = free_of(g)`.
fn step_with(g: &Grid, c: &Candidates) -> Grid {
    let (a, r) = (ac(c), ar(c));
    let mut out = *g.cells();
    for (i, v) in out.iter_mut().enumerate() {
        *v += a.get(i).max(r.get(i));
    }
    Grid::from_cells(out)
}

/// One step (the source's `func`/`f`): `g + max(ac b, ar b)` with `b = free g`.
pub fn step(g: &Grid) -> Result<Grid, HuiError> {
    check_values(g)?;
    Ok(step_of(g))
}

/// J `assign` on a grid holding 0..=9: steps until nothing changes. Each
/// step that changes the grid fills at least one empty cell, so this ends
/// within 81 steps.
pub fn assign_of(g: &Grid) -> Grid {
    assign_with_free(g).0
}

/// `assign_of`, also returning `free` of the result (the last step
/// computed it), so that `sudoku` need not compute it again for `guess`.
fn assign_with_free(g: &Grid) -> (Grid, Candidates) {
    let mut g = *g;
    loop {
        let c = free_of(&g);
        let next = step_with(&g, &c);
        if next == g {
            return (g, c);
        }
        g = next;
    }
}

/// J `assign`: repeat the step to its fixpoint. A grid with a value out of
/// range or a repeated digit is refused, naming the cell or region.
pub fn assign(g: &Grid) -> Result<Grid, HuiError> {
    check(g)?;
    Ok(assign_of(g))
}

/// J's choice of cell in `guessa`: the FIRST cell with the fewest
/// candidates, a cell with none counting as 10. `None` for a full grid.
pub fn guess_cell(g: &Grid) -> Option<usize> {
    guess_cell_with(g, &free_of(g))
}

/// `guess_cell` given `c = free_of(g)`.
fn guess_cell_with(g: &Grid, c: &Candidates) -> Option<usize> {
    if g.is_full() {
        return None;
    }
    let mut best = 0;
    let mut best_n = u8::MAX;
    for i in 0..CELLS {
        let n = match c.count(i) {
            0 => 10,
            n => n,
        };
        if n < best_n {
            best = i;
            best_n = n;
        }
    }
    Some(best)
}

/// `guessa` into `out`, for a grid holding 0..=9.
fn guess_into(g: &Grid, out: &mut Vec<Grid>) {
    guess_with(g, &free_of(g), out)
}

/// `guessa` into `out`, given `c = free_of(g)`.
fn guess_with(g: &Grid, c: &Candidates, out: &mut Vec<Grid>) {
    let Some(cell) = guess_cell_with(g, c) else {
        out.push(*g);
        return;
    };
    // When every cell counts 10, J picks cell 0 and its (empty) candidate
    // row yields no grids: a dead end vanishes.
    let mut bits = c.mask(cell);
    while bits != 0 {
        let low = bits & bits.wrapping_neg();
        bits &= !low;
        let mut h = *g;
        h.set(cell, low.trailing_zeros() as u8 + 1);
        out.push(h);
    }
}

/// J `guess` of one grid: `[g]` when full, else one grid per candidate
/// digit (ascending) of the first cell with the fewest candidates.
pub fn guess(g: &Grid) -> Result<Vec<Grid>, HuiError> {
    check_values(g)?;
    let mut out = Vec::new();
    guess_into(g, &mut out);
    Ok(out)
}

/// J `guess` of a list: the guesses of each grid, concatenated.
pub fn guess_all(grids: &[Grid]) -> Result<Vec<Grid>, HuiError> {
    let mut out = Vec::new();
    for g in grids {
        check_values(g)?;
        guess_into(g, &mut out);
    }
    Ok(out)
}

/// J `sudoku`: every solution, breadth-first. The frontier starts as `[g]`;
/// each round assigns every grid, keeps the `ok` ones and guesses; it ends
/// when a round changes nothing (all grids full and valid). Past
/// [`MAX_FRONTIER`] open grids or [`MAX_WORK`] assigned grids it stops with
/// [`HuiError::SearchTooLarge`] instead of exhausting time or memory.
pub fn sudoku(g: &Grid, monitor: &dyn Monitor) -> Result<Vec<Grid>, HuiError> {
    check(g)?;
    let mut frontier = vec![*g];
    let mut work: u64 = 0;
    let mut round = 0;
    loop {
        round += 1;
        let mut next = Vec::with_capacity(frontier.len() * 2);
        // Full valid grids seen this round: the solutions so far, for progress.
        let mut full = 0u64;
        for f in &frontier {
            work += 1;
            if work.is_multiple_of(1024) {
                if monitor.cancelled() {
                    return Err(HuiError::Interrupted {
                        round,
                        frontier: frontier.len(),
                    });
                }
                monitor.report(&Progress {
                    label: "sudoku",
                    done: work,
                    total: None,
                    found: full,
                });
            }
            let (a, c) = assign_with_free(f);
            if ok(&a) {
                full += a.is_full() as u64;
                guess_with(&a, &c, &mut next);
            }
            if next.len() > MAX_FRONTIER || work > MAX_WORK {
                return Err(HuiError::SearchTooLarge {
                    round,
                    frontier: next.len(),
                    work,
                });
            }
        }
        if next == frontier {
            return Ok(next);
        }
        frontier = next;
    }
}

/// Nishikawa's `cand`: the candidate digits of cell (`row`, `col`), 1-based.
pub fn cand(g: &Grid, row: i64, col: i64) -> Result<Vec<u8>, HuiError> {
    let cell = cell_at(row, col)?;
    Ok(free(g)?.digits(cell))
}

/// Nishikawa's `cand1`: for the row, column and block of a cell, each
/// candidate digit repeated once per cell of the region that allows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cand1 {
    /// The row's digits.
    pub row: Vec<u8>,
    /// The column's digits.
    pub column: Vec<u8>,
    /// The block's digits.
    pub block: Vec<u8>,
}

impl fmt::Display for Cand1 {
    /// Three lines, `Row: `, `Column: `, `Block: `, digits spaced (J `":`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &[u8]| {
            v.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        write!(
            f,
            "Row: {}\nColumn: {}\nBlock: {}",
            show(&self.row),
            show(&self.column),
            show(&self.block)
        )
    }
}

/// Nishikawa's `cand1` for cell (`row`, `col`), 1-based.
pub fn cand1(g: &Grid, row: i64, col: i64) -> Result<Cand1, HuiError> {
    let cell = cell_at(row, col)?;
    let c = free(g)?;
    // J: `M =: +/"2 R{free x` then `M # 1..9` replicates digit d M[d] times.
    let spread = |region: usize| -> Vec<u8> {
        let mut out = Vec::new();
        for d in 1..=9u8 {
            let n = REGIONS[region]
                .iter()
                .filter(|&&i| c.has(i as usize, d))
                .count();
            out.extend(std::iter::repeat_n(d, n));
        }
        out
    };
    Ok(Cand1 {
        row: spread(9 + row_of(cell)),
        column: spread(18 + col_of(cell)),
        block: spread(box_of(cell)),
    })
}

/// J `diff`: each grid keeps only the cells that were empty in the grid
/// before it; the first is kept whole.
pub fn diff(grids: &[Grid]) -> Vec<Grid> {
    let mut prev = Grid::empty();
    grids
        .iter()
        .map(|g| {
            let mut out = *g.cells();
            for (i, v) in out.iter_mut().enumerate() {
                if prev.get(i) != 0 {
                    *v = 0;
                }
            }
            prev = *g;
            Grid::from_cells(out)
        })
        .collect()
}

/// J `regions g`: the values of the 27 regions, in `R` order.
pub fn regions(g: &Grid) -> [[u8; 9]; 27] {
    let mut out = [[0u8; 9]; 27];
    for (o, region) in out.iter_mut().zip(&REGIONS) {
        for (v, &cell) in o.iter_mut().zip(region) {
            *v = g.get(cell as usize);
        }
    }
    out
}

#[cfg(test)]
mod tests;
