//! puzzlelab: puzzle solvers you can take apart at a Rhai prompt.
//!
//! Data flows one way: the domain modules (`sudoku`, `pentomino`, `sat`,
//! `similarity`) know nothing of Rhai or terminals; `script` registers their
//! types and functions into a Rhai engine; `repl` and `lab` drive that engine
//! for a person; `main` picks the mode. See ARCHITECTURE.md.

pub mod monitor;

pub mod pentomino;
pub mod sat;
pub mod similarity;
pub mod sudoku;
pub mod svg;

pub mod script;

pub mod lab;
pub mod repl;

/// Where the shared puzzle sets live: `$PUZZLELAB_DATA` if set, else
/// `../shared/data` beside the crate. `None` when neither exists; tests that
/// need the data then say so and skip.
pub fn data_dir() -> Option<std::path::PathBuf> {
    if let Some(dir) = std::env::var_os("PUZZLELAB_DATA") {
        let dir = std::path::PathBuf::from(dir);
        if dir.is_dir() {
            return Some(dir);
        }
    }
    let beside = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    beside.is_dir().then_some(beside)
}

/// Where puzzlelab keeps its state (REPL history, lab positions):
/// `$PUZZLELAB_HOME` if set, else `$XDG_STATE_HOME/puzzlelab`, else
/// `~/.local/state/puzzlelab`. Created on demand; `None` if impossible.
pub fn state_dir() -> Option<std::path::PathBuf> {
    let dir = if let Some(d) = std::env::var_os("PUZZLELAB_HOME") {
        std::path::PathBuf::from(d)
    } else if let Some(d) = std::env::var_os("XDG_STATE_HOME") {
        std::path::PathBuf::from(d).join("puzzlelab")
    } else {
        std::path::PathBuf::from(std::env::var_os("HOME")?).join(".local/state/puzzlelab")
    };
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}
