//! Layering checks, in the manner of rust-analyzer's tidy tests: the source
//! is read as text and the invariants of ARCHITECTURE.md are enforced.
//!
//! - Domain modules (`sudoku`, `pentomino`, `polyomino`, `sat`,
//!   `similarity`, `shard`) never mention Rhai, rustyline or the terminal.
//! - `script` never does terminal I/O: it reaches the world through the
//!   session's `Host`.
//!
//! Comments (doc comments included) and `#[cfg(test)]` code are not
//! checked: they may talk about the terminal.

use std::path::{Path, PathBuf};

const DOMAINS: &[&str] = &[
    "sudoku",
    "pentomino",
    "polyomino",
    "sat",
    "similarity",
    "shard",
];

/// Words a domain module must not use.
const NOT_IN_DOMAINS: &[&str] = &[
    "rhai",
    "rustyline",
    "stdin",
    "stdout",
    "stderr",
    "eprint",
    "println",
    "is_terminal",
    "NO_COLOR",
];

/// Words the script layer must not use (terminal I/O and its crates).
const NOT_IN_SCRIPT: &[&str] = &[
    "stdin",
    "stdout",
    "stderr",
    "eprint",
    "println",
    "print!(",
    "is_terminal",
    "NO_COLOR",
    "rustyline",
    "indicatif",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines that count: not comments, not test code. A `#[cfg(test)]`
/// item runs to the end of its braces; a file named `tests.rs` is all test.
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return Vec::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut skip_depth: Option<i64> = None;
    let mut pending_cfg_test = false;
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let trimmed = line.trim_start();
        if let Some(depth) = skip_depth.as_mut() {
            *depth += brace_balance(code);
            if *depth <= 0 && code.contains('}') {
                skip_depth = None;
            }
            continue;
        }
        if trimmed.starts_with("#[cfg(test)]") {
            pending_cfg_test = true;
            continue;
        }
        if pending_cfg_test {
            let depth = brace_balance(code);
            if depth > 0 {
                skip_depth = Some(depth);
            }
            // `#[cfg(test)] use ...;` and one-line items end here.
            pending_cfg_test = false;
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        out.push((i + 1, code.to_string()));
    }
    out
}

fn brace_balance(code: &str) -> i64 {
    code.chars()
        .map(|c| match c {
            '{' => 1,
            '}' => -1,
            _ => 0,
        })
        .sum()
}

/// Every (file:line, word) in the files under `dirs` that uses a word of `words`.
fn offences(dirs: &[PathBuf], words: &[&str], case_insensitive: bool) -> Vec<String> {
    let mut files = Vec::new();
    for dir in dirs {
        rust_files(dir, &mut files);
    }
    files.sort();
    let mut found = Vec::new();
    for file in files {
        for (n, code) in code_lines(&file) {
            let hay = if case_insensitive {
                code.to_lowercase()
            } else {
                code.clone()
            };
            for word in words {
                let needle = if case_insensitive {
                    word.to_lowercase()
                } else {
                    word.to_string()
                };
                if hay.contains(&needle) {
                    let shown = file.strip_prefix(src()).unwrap_or(&file).display();
                    found.push(format!("src/{shown}:{n}: `{word}` in {}", code.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn domain_modules_know_nothing_of_rhai_or_the_terminal() {
    let dirs: Vec<PathBuf> = DOMAINS.iter().map(|d| src().join(d)).collect();
    assert!(dirs.iter().any(|d| d.is_dir()), "no domain module found");
    let found = offences(&dirs, NOT_IN_DOMAINS, true);
    assert!(
        found.is_empty(),
        "domain code must not touch Rhai or the terminal (ARCHITECTURE.md, Invariants):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_script_layer_does_no_terminal_io() {
    let found = offences(&[src().join("script")], NOT_IN_SCRIPT, false);
    assert!(
        found.is_empty(),
        "script code reaches the world through its Host, never the terminal:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checker_sees_what_it_must() {
    // The checks above pass vacuously if the reader skipped everything.
    let lines = code_lines(&src().join("repl/host.rs"));
    assert!(lines.iter().any(|(_, l)| l.contains("stdout")));
    let script = code_lines(&src().join("script/session.rs"));
    assert!(script.iter().any(|(_, l)| l.contains("pub fn eval")));
    // Test code and comments are skipped.
    assert!(!lines.iter().any(|(_, l)| l.contains("struct Screen")));
    assert!(
        !lines
            .iter()
            .any(|(_, l)| l.contains("process-wide interrupt flag"))
    );
}
