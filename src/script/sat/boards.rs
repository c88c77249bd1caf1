//! Script functions of the sat domain's boards: Sudoku boards of any size
//! (4×4 to 25×25), made, read, compared, and checked as solutions
//! (`solves` takes boards and grids alike). Registered with the rest of
//! the sat functions by `super::module`.

use rhai::Module;
use rhai::plugin::*;

/// The board functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

#[export_module(manifest)]
pub mod api {
    use crate::sat;
    use crate::script::error;
    use crate::sudoku;

    /// A Sudoku board of side 4, 9, 16 or 25 (box side 2 to 5), 0 for empty.
    pub type SudokuBoard = sat::SudokuBoard;
    /// A 9×9 Sudoku grid.
    pub type Grid = sudoku::Grid;

    /// A board of any size from text or from a 9×9 grid (text: 1-9, then A, B, ... for 10, 11, ..., or space-separated numbers; `.`/`0` empty).
    ///
    /// The size follows from the cell count: 16, 81, 256 or 625.
    /// Example: `sudoku_board("1..4 .4.. ..3. 3..1")`
    #[rhai_fn(name = "sudoku_board", return_raw)]
    pub fn board(text: &str) -> Result<SudokuBoard, Box<EvalAltResult>> {
        SudokuBoard::parse(text).map_err(|e| error(format!("sudoku_board: {e}")))
    }

    /// A board of any size from text or from a 9×9 grid (text: 1-9, then A, B, ... for 10, 11, ..., or space-separated numbers; `.`/`0` empty).
    ///
    /// This form: the 9×9 grid as a board.
    #[rhai_fn(name = "sudoku_board")]
    pub fn board_of_grid(g: Grid) -> SudokuBoard {
        SudokuBoard::from(&g)
    }

    /// A full, valid board with box side `box_side` (2..5), made by shifting rows.
    ///
    /// Example: `pattern_board(4)` is a solved 16×16 Sudoku.
    #[rhai_fn(return_raw)]
    pub fn pattern_board(box_side: i64) -> Result<SudokuBoard, Box<EvalAltResult>> {
        // A negative side gets the board's own words, with the value given.
        let n = usize::try_from(box_side).map_err(|_| {
            error(format!(
                "pattern_board: box side {box_side} is not supported: use 2 to 5"
            ))
        })?;
        SudokuBoard::pattern(n).map_err(|e| error(format!("pattern_board: {e}")))
    }

    /// The board with every `step`-th cell kept (cells 0, step, 2·step, ...) and the rest emptied.
    ///
    /// A quick way to make a puzzle from a full board.
    #[rhai_fn(pure, return_raw)]
    pub fn keep_every(
        board: &mut SudokuBoard,
        step: i64,
    ) -> Result<SudokuBoard, Box<EvalAltResult>> {
        if step < 1 {
            return Err(error(format!("keep_every: step {step} must be 1 or more")));
        }
        let step = step as usize;
        Ok(board.keep_cells(|i| i % step == 0))
    }

    /// The board's side: 4, 9, 16 or 25.
    #[rhai_fn(get = "side", pure)]
    pub fn side(board: &mut SudokuBoard) -> i64 {
        board.side() as i64
    }

    /// Number of filled cells of the board.
    #[rhai_fn(name = "filled", pure)]
    pub fn board_filled(board: &mut SudokuBoard) -> i64 {
        board.filled() as i64
    }

    /// The board as one line, one character per cell, `.` for empty.
    #[rhai_fn(name = "line", pure)]
    pub fn board_line(board: &mut SudokuBoard) -> String {
        board.line()
    }

    /// True when this board or grid is a solution of `puzzle` (a board or grid).
    ///
    /// A solution is full, breaks no rule, and keeps every clue of `puzzle`:
    /// `solves(decode(model), ym)`.
    #[rhai_fn(name = "solves", pure)]
    pub fn solves(board: &mut SudokuBoard, puzzle: SudokuBoard) -> bool {
        board.solves(&puzzle)
    }

    /// True when this board or grid is a solution of `puzzle` (a board or grid).
    ///
    /// A solution is full, breaks no rule, and keeps every clue of `puzzle`:
    /// `solves(decode(model), ym)`.
    ///
    /// This form: a grid (what `decode` gives for 9×9) and a grid.
    #[rhai_fn(name = "solves", pure)]
    pub fn solves_grid(g: &mut Grid, puzzle: Grid) -> bool {
        SudokuBoard::from(&*g).solves(&SudokuBoard::from(&puzzle))
    }

    /// True when this board or grid is a solution of `puzzle` (a board or grid).
    ///
    /// A solution is full, breaks no rule, and keeps every clue of `puzzle`:
    /// `solves(decode(model), ym)`.
    ///
    /// This form: a grid and a board.
    #[rhai_fn(name = "solves", pure)]
    pub fn solves_grid_board(g: &mut Grid, puzzle: SudokuBoard) -> bool {
        SudokuBoard::from(&*g).solves(&puzzle)
    }

    /// True when this board or grid is a solution of `puzzle` (a board or grid).
    ///
    /// A solution is full, breaks no rule, and keeps every clue of `puzzle`:
    /// `solves(decode(model), ym)`.
    ///
    /// This form: a board and a grid.
    #[rhai_fn(name = "solves", pure)]
    pub fn solves_board_grid(board: &mut SudokuBoard, puzzle: Grid) -> bool {
        board.solves(&SudokuBoard::from(&puzzle))
    }

    /// A 9×9 board as a grid.
    #[rhai_fn(return_raw, pure)]
    pub fn to_grid(board: &mut SudokuBoard) -> Result<Grid, Box<EvalAltResult>> {
        board.to_grid().ok_or_else(|| {
            error(format!(
                "to_grid: the board is {0}×{0}; a grid is 9×9",
                board.side()
            ))
        })
    }

    /// The board as its boxed display.
    #[rhai_fn(global, name = "to_string", pure)]
    pub fn board_to_string(board: &mut SudokuBoard) -> String {
        board.see()
    }

    /// The board as a `sudoku_board("...")` expression that rebuilds it.
    #[rhai_fn(global, name = "to_debug", pure)]
    pub fn board_to_debug(board: &mut SudokuBoard) -> String {
        format!("{board:?}")
    }

    /// True when both boards hold the same values.
    #[rhai_fn(name = "==", pure)]
    pub fn board_eq(a: &mut SudokuBoard, b: SudokuBoard) -> bool {
        *a == b
    }

    /// True when the boards differ.
    #[rhai_fn(name = "!=", pure)]
    pub fn board_ne(a: &mut SudokuBoard, b: SudokuBoard) -> bool {
        *a != b
    }
}
