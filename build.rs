//! Build script: embeds every `labs/*.lab` file into the binary (as
//! `$OUT_DIR/labs.rs`), so `puzzlelab lab NAME` works from any directory,
//! and on Linux hands the linker `src/link/hot-text.ld`, which puts the
//! code short runs execute first in the binary (see `src/link/hot_text.py`).

use std::fmt::Write as _;
use std::path::Path;

/// The package's folder as cargo gives it to this run. Read at run time,
/// not with `env!`: a compiler cache may hand a build script compiled for
/// another checkout of the crate, and `env!` would name that checkout.
fn manifest_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
}

fn main() {
    println!("cargo:rerun-if-changed=labs");
    let dir = manifest_dir().join("labs");
    let mut labs: Vec<(String, String)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "lab")
                && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
            {
                println!("cargo:rerun-if-changed={}", path.display());
                labs.push((stem.to_string(), path.display().to_string()));
            }
        }
    }
    labs.sort();
    let mut out = String::from("/// Every `labs/*.lab` file at build time: (name, text).\n");
    out.push_str("pub const EMBEDDED: &[(&str, &str)] = &[\n");
    for (name, path) in &labs {
        let _ = writeln!(out, "    ({name:?}, include_str!({path:?})),");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("labs.rs");
    std::fs::write(target, out).expect("write labs.rs");
    hot_text();
}

/// The functions a short run executes, grouped at the front of the code:
/// a process then first touches fewer 64 KiB windows of it, each a page
/// fault (3x20's count: 35 faults beyond start-up before, 21 after). For
/// linkers that read `INSERT` in a script (lld, Rust's default on Linux,
/// and GNU ld); the layout changes no result. `PUZZLELAB_PLAIN_LAYOUT=1`
/// leaves it out (say, for mold, which reads no such script).
fn hot_text() {
    println!("cargo:rerun-if-changed=src/link/hot-text.ld");
    println!("cargo:rerun-if-env-changed=PUZZLELAB_PLAIN_LAYOUT");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let plain =
        std::env::var_os("PUZZLELAB_PLAIN_LAYOUT").is_some_and(|v| !v.is_empty() && v != "0");
    let script = manifest_dir().join("src/link/hot-text.ld");
    if linux && !plain && script.is_file() {
        println!("cargo:rustc-link-arg-bins=-Wl,-T,{}", script.display());
        // For tests/layout.rs: the binary must then have the section.
        println!("cargo:rustc-env=PUZZLELAB_HOT_TEXT=1");
    }
}
