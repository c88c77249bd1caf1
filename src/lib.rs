//! puzzlelab: puzzle solvers you can take apart at a Rhai prompt.
//!
//! Data flows one way: the domain modules (`sudoku`, `pentomino`, `sat`,
//! `similarity`) know nothing of Rhai or terminals; `script` registers their
//! types and functions into a Rhai engine and reaches the world only through
//! a session's `Host`; `repl` (the terminal host) and `lab` drive that
//! engine for a person; `main` picks the mode. See ARCHITECTURE.md.

pub mod files;
pub mod memory;
pub mod monitor;
pub mod process;
pub mod reading;

pub mod pentomino;
pub mod polyomino;
pub mod sat;
pub mod similarity;
pub mod sudoku;
pub mod svg;

pub mod script;

#[cfg(feature = "jupyter")]
pub mod jupyter;
pub mod lab;
pub mod repl;
