//! Where the shared puzzle sets live. The benches include this file too
//! (`#[path]`), so it depends on nothing but std.

use std::path::{Path, PathBuf};

/// The folder holding `sudoku/` with the public puzzle sets: `$PUZZLELAB_DATA`
/// if set, else the copy in the repository, `tests/data` (its sources and
/// licences: docs/sources.md); `None` when the folder named is missing
/// (tests then skip, see `common::data_or_skip`).
pub fn data_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("PUZZLELAB_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"),
    };
    dir.join("sudoku").is_dir().then_some(dir)
}
