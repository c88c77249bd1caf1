//! Build script: embeds every `labs/*.lab` file into the binary (as
//! `$OUT_DIR/labs.rs`), so `puzzlelab lab NAME` works from any directory.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=labs");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("labs");
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
}
