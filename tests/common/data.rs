//! Where the shared puzzle sets live. The benches include this file too
//! (`#[path]`), so it depends on nothing but std.

use std::path::{Path, PathBuf};

/// `$PUZZLELAB_DATA` if set, else `../shared/data` beside the crate; `None`
/// when neither exists (tests then skip, see `common::data_or_skip`).
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PUZZLELAB_DATA") {
        let dir = PathBuf::from(dir);
        if dir.is_dir() {
            return Some(dir);
        }
    }
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    beside.is_dir().then_some(beside)
}
