//! Similar Sudoku puzzles (seed 003): block/row/column keys, verdicts, the
//! report, and an exact canonical form under the whole symmetry group.
//!
//! (Being built: see the similarity issue.)
