//! Script functions for Sudoku grids: making, reading and printing them.

use rhai::Module;
use rhai::plugin::*;

use crate::script::error;
use crate::sudoku::grid::{self, OffGrid};

/// The grid functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

/// The one wording of a grid position a script function cannot use: the
/// function's name, then what was wrong ([`OffGrid`]). An indexer
/// (`g[81]`) passes `None`: the person typed no function name there, and
/// the message starts with the index, as Rhai's own index errors do.
fn position_error(function: Option<&str>, e: OffGrid) -> Box<EvalAltResult> {
    match function {
        Some(name) => error(format!("{name}: {e}")),
        None => error(e.to_string()),
    }
}

/// The cell at 0-based index `i` (0..=80), or the error naming `function`
/// (`None` for an indexer).
pub(super) fn cell_index(function: Option<&str>, i: i64) -> Result<usize, Box<EvalAltResult>> {
    grid::cell_index(i).map_err(|e| position_error(function, e))
}

/// The cell at 1-based `row` and `col`, or the error naming `function`.
pub(super) fn cell_at(function: &str, row: i64, col: i64) -> Result<usize, Box<EvalAltResult>> {
    grid::cell_at(row, col).map_err(|e| position_error(Some(function), e))
}

#[export_module(manifest)]
pub mod api {
    use super::{cell_at, cell_index};
    use crate::script::error;
    use crate::sudoku;

    /// A 9×9 Sudoku grid: 81 cells, 0 (shown `.`) for empty.
    pub type Grid = sudoku::Grid;

    /// Make a grid from text: 81 cells, `.` or `0` for empty.
    ///
    /// The cells may be spread over lines and separated by spaces; any other
    /// character is an error naming its line, column and cell.
    ///
    /// Example: `grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")`
    #[rhai_fn(return_raw)]
    pub fn grid(text: &str) -> Result<Grid, Box<EvalAltResult>> {
        Grid::parse(text).map_err(|e| error(format!("grid: {e}")))
    }

    /// The grid as one line of 81 characters, `.` for empty.
    #[rhai_fn(pure)]
    pub fn line(g: &mut Grid) -> String {
        g.line()
    }

    /// The grid as its boxed 3×3 display (J `see`).
    #[rhai_fn(pure, global, name = "to_string")]
    pub fn to_string(g: &mut Grid) -> String {
        g.see()
    }

    /// The grid as a `grid("...")` expression that rebuilds it.
    #[rhai_fn(pure, global, name = "to_debug")]
    pub fn to_debug(g: &mut Grid) -> String {
        format!("{g:?}")
    }

    /// Cell `i` (0..80, row-major) of the grid.
    #[rhai_fn(pure, index_get, return_raw)]
    pub fn get(g: &mut Grid, i: i64) -> Result<i64, Box<EvalAltResult>> {
        cell_index(None, i).map(|i| g.get(i) as i64)
    }

    /// Set cell `i` (0..80, row-major) to `value` (0..9, 0 for empty).
    #[rhai_fn(index_set, return_raw)]
    pub fn set(g: &mut Grid, i: i64, value: i64) -> Result<(), Box<EvalAltResult>> {
        let i = cell_index(None, i)?;
        if !(0..=9).contains(&value) {
            return Err(error(format!(
                "cell value {value} is out of range: a cell holds 0 (empty) to 9"
            )));
        }
        g.set(i, value as u8);
        Ok(())
    }

    /// Number of filled cells (clues).
    #[rhai_fn(pure)]
    pub fn filled(g: &mut Grid) -> i64 {
        g.filled() as i64
    }

    /// The 81 cell values as an array of integers.
    #[rhai_fn(pure)]
    pub fn cells(g: &mut Grid) -> rhai::Array {
        g.cells().iter().map(|&v| Dynamic::from(v as i64)).collect()
    }

    /// The box (1-9, band by band) holding cell `cell` (0..80).
    ///
    /// Boxes are numbered as a person reads them: 1 top left, 3 top right,
    /// 9 bottom right. The grid's values are not read; `g.box_of(i)` reads
    /// as a question about the grid's cell.
    /// Example: `box_of(ym, 40)`
    #[rhai_fn(name = "box_of", return_raw)]
    pub fn box_of_cell(g: Grid, cell: i64) -> Result<i64, Box<EvalAltResult>> {
        let _ = g; // a position's box is the same in every grid
        cell_index(Some("box_of"), cell).map(|i| sudoku::grid::box_number(i) as i64)
    }

    /// The box (1-9) holding the cell at `row`, `col` (1..9).
    ///
    /// Example: `box_of(ym, 5, 5)`
    #[rhai_fn(name = "box_of", return_raw)]
    pub fn box_of_row_col(g: Grid, row: i64, col: i64) -> Result<i64, Box<EvalAltResult>> {
        let _ = g;
        cell_at("box_of", row, col).map(|i| sudoku::grid::box_number(i) as i64)
    }

    /// True when both grids hold the same values.
    #[rhai_fn(pure, name = "==")]
    pub fn eq(a: &mut Grid, b: Grid) -> bool {
        *a == b
    }

    /// True when the grids differ in some cell.
    #[rhai_fn(pure, name = "!=")]
    pub fn ne(a: &mut Grid, b: Grid) -> bool {
        *a != b
    }
}
