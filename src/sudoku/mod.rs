//! Sudoku: the grid, Roger Hui's J primitives traced in Nishikawa's J Lab, a fast
//! native solver, and puzzle-file formats. No Rhai or terminal code here.
//!
//! - [`grid`]: `Grid`, parsing, the boxed `see` display.
//! - [`hui`]: Hui's primitives (free, ac, ar, assign, guess, sudoku, ...).
//! - [`solver`]: the fast bit-parallel solver.
//! - [`formats`]: reading and writing puzzle files.
//! - [`minimal`], [`generate`]: minimal puzzles and making new ones.

pub mod file_solve;
pub mod formats;
pub mod generate;
pub mod grid;
pub mod hui;
pub mod human;
pub mod minimal;
pub mod practice;
pub mod solver;
pub mod true_candidates;

pub use grid::{CELLS, Grid, GridError, InvalidGrid, see_many};

/// The puzzles printed in Hui's J listing, by their J names.
pub mod puzzles {
    /// Yomiuri Shimbun, 2005-10-15.
    pub const YM: &str =
        "050701040703000102080406090904060803000807000108050609010603080506000701030509020";
    /// Sudoku21, p.10, No. 1 (easy).
    pub const SU21_1: &str =
        "000002503031000008024051000000017065260000047710560000000680290400000830603400000";
    /// Sudoku21, p.110, No. 99 (hard).
    pub const SU21_99: &str =
        "004810000002000300100094600740000000090020050000000083007130002006000100000045800";
    /// J. Clark's example from "Sudoku with Dyalog APL": under-constrained.
    pub const CLARK: &str =
        "034005000075020100000000875340000009000260340060340000003580090000000003000000000";
    /// The listing's `x`.
    pub const X: &str =
        "200670000006000201400000800500009300030000050002800007001000004708000600000053008";

    /// All of them as (J name, 81 characters).
    pub const ALL: [(&str, &str); 5] = [
        ("ym", YM),
        ("su21_1", SU21_1),
        ("su21_99", SU21_99),
        ("clark", CLARK),
        ("x", X),
    ];
}
