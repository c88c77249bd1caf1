//! `Grid::parse`: a Sudoku grid's text (81 cells, any separators); a grid
//! that parses, written as its 81-character line, reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::sudoku::Grid;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    if let Ok(grid) = Grid::parse(&text) {
        let again = Grid::parse(&grid.line());
        assert_eq!(again.ok(), Some(grid), "the grid's line does not read back");
    }
});
