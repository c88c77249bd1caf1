//! `Grid::parse`: a Sudoku grid's text (81 cells, any separators); a grid
//! that parses prints as text that parses back to the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::sudoku::Grid;

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    if let Ok(grid) = Grid::parse(&text) {
        let again = Grid::parse(&grid.to_string());
        assert_eq!(again.ok(), Some(grid), "printed grid does not read back");
    }
});
