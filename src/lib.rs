//! puzzlelab: puzzle solvers you can take apart at a Rhai prompt.
//!
//! Data flows one way: the domain modules (`sudoku`, `pentomino`,
//! `polyomino`, `sat`, `similarity`, `svg`) and their support (`controls`, `cpu`, `files`,
//! `memory`, `monitor`, `process`, `reading`, `threads`) know nothing of Rhai or
//! terminals; `script` registers their types and functions into a Rhai
//! engine and reaches the world only through a session's `Host`; `lab`
//! runs lessons in a session; `commands` is the session's command layer
//! for any front end (`:vars`, `:load`, the lab's commands, evaluation,
//! completion, help); `repl` is the terminal front end and `jupyter` the
//! notebook kernel, which share `signals` (the interrupt flag, the stop
//! signal, leaving at once); `jupyter` uses nothing of `repl`, which only
//! hands it the `jupyter` command; `main` picks the mode. `tests/tidy.rs`
//! checks the layering. See ARCHITECTURE.md.

pub mod controls;
pub mod cpu;
pub mod files;
pub mod memory;
pub mod monitor;
pub mod permutations;
pub mod process;
pub mod reading;
pub mod shard;
pub mod signals;
pub mod spelling;
pub mod threads;

pub mod pentomino;
pub mod polyomino;
pub mod sat;
pub mod similarity;
pub mod sudoku;
pub mod svg;
pub mod xcover;

pub mod script;

pub mod commands;
#[cfg(feature = "jupyter")]
pub mod jupyter;
pub mod lab;
pub mod repl;
