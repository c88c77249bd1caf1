//! Helpers shared by the integration tests (`mod common;` in each): the
//! print-mode transcript of a lab cut into its sections, assertions on a
//! section's lines, and the seeds' printed outputs that several tests check
//! ([`seed000`], [`seed001`]).

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code)]

pub mod data;
pub mod seed000;
pub mod seed001;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use puzzlelab::lab;
use puzzlelab::script::Limits;

/// The transcript of lab `name` in print mode, cut into its `count`
/// sections (index 0 = section 1). Panics when the lab fails or when the
/// number of sections differs.
pub fn lab_sections(name: &str, count: usize) -> Vec<String> {
    let text = lab::print_transcript(name, &Limits::default())
        .unwrap_or_else(|e| panic!("the {name} lab fails in print mode:\n{e}"));
    assert!(text.ends_with("End of lab\n"));
    let marker = format!(" of {count}) ");
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("-- (") && line.contains(&marker) {
            out.push(String::new());
        }
        if let Some(s) = out.last_mut() {
            s.push_str(line);
            s.push('\n');
        }
    }
    assert_eq!(out.len(), count, "sections of the {name} lab");
    out
}

/// Section `k` (1-based) holds `want` as whole lines.
pub fn assert_in(s: &[String], k: usize, want: &str) {
    let needle = format!("\n{want}\n");
    assert!(
        s[k - 1].contains(&needle),
        "section {k} lacks:\n{want}\n--- section {k} is:\n{}",
        s[k - 1]
    );
}

/// Section `k` shows `input` (echoed as typed) with `value` right below it.
pub fn assert_value(s: &[String], k: usize, input: &str, value: &str) {
    assert_in(s, k, &format!("   {input}\n{value}"));
}

/// Every section's header names its chapter: `chapters` lists (first
/// section, title) in order; a chapter's later sections say `(continued)`.
/// A header is `-- (K of N) TITLE ` padded with `-` to 61 characters.
pub fn assert_chapters(s: &[String], chapters: &[(usize, &str)]) {
    let n = s.len();
    for (i, text) in s.iter().enumerate() {
        let k = i + 1;
        let (first, chapter) = chapters
            .iter()
            .rev()
            .find(|(first, _)| *first <= k)
            .unwrap_or_else(|| panic!("no chapter holds section {k}"));
        let title = if *first == k {
            chapter.to_string()
        } else {
            format!("{chapter} (continued)")
        };
        let head = format!("-- ({k} of {n}) {title} ");
        let header = text.lines().next().unwrap_or_default();
        assert!(header.starts_with(&head), "{header}");
        assert_eq!(header.chars().count(), 61, "{header}");
        assert!(header[head.len()..].chars().all(|c| c == '-'), "{header}");
    }
}

/// A fresh, empty directory under the system temp dir, unique to this
/// process and call (tests run in parallel), named after `tag`.
pub fn scratch_dir(tag: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("puzzlelab-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Say that a test skips part of its work, and why, where `cargo test`
/// shows it: straight to stderr, which the test harness does not capture
/// (it captures only `print!`/`eprint!`), so skips are visible without
/// `--nocapture`.
pub fn skip(why: impl std::fmt::Display) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    let _ = writeln!(std::io::stderr().lock(), "note: {test}: {why}");
}
