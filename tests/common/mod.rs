//! Helpers shared by the modules of the one integration-test binary
//! (`mod common;` in `tests/tests.rs`, `crate::common` in each module): the
//! print-mode transcript of a lab cut into its sections, assertions on a
//! section's lines, and the sources' printed outputs (docs/sources.md) that several tests check
//! ([`hui_lab`], [`pentomino_program`]).

pub mod data;
pub mod hui_lab;
pub mod pentomino_program;
pub mod se_listing;
pub mod tools;

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use puzzlelab::lab;
use puzzlelab::script::Limits;

/// The transcript of lab `name` in print mode, cut into its `count`
/// sections (index 0 = section 1). Panics when the lab fails or when the
/// number of sections differs.
pub fn lab_sections(name: &str, count: usize) -> Vec<String> {
    let text =
        transcript(name).unwrap_or_else(|e| panic!("the {name} lab fails in print mode:\n{e}"));
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

/// The print-mode transcript of embedded lab `name`, computed once per test
/// run however many tests read it (each lab runs once, in parallel with the
/// others).
pub fn transcript(name: &str) -> Result<String, String> {
    type Cell = Arc<OnceLock<Result<String, String>>>;
    static ALL: OnceLock<Mutex<HashMap<String, Cell>>> = OnceLock::new();
    let cell: Cell = ALL
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .entry(name.to_string())
        .or_default()
        .clone();
    cell.get_or_init(|| lab::print_transcript(name, &Limits::default()))
        .clone()
}

/// A scratch path (a fresh directory, or a file name inside one): the
/// directory and all in it are removed when this is dropped, so a test
/// keeps it for as long as it uses the path.
pub struct Scratch {
    path: PathBuf,
    _dir: tempfile::TempDir,
}

impl Scratch {
    /// The path as text, for command lines and scripts.
    pub fn as_str(&self) -> &str {
        self.path.to_str().expect("temporary paths are UTF-8")
    }
}

impl std::fmt::Display for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.path.display())
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

/// A fresh, empty directory named after `tag`.
pub fn scratch_dir(tag: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("puzzlelab-{tag}-"))
        .tempdir()
        .expect("a scratch directory");
    Scratch {
        path: dir.path().to_path_buf(),
        _dir: dir,
    }
}

/// A path for file `name` in a fresh directory named after `tag`.
pub fn scratch_file(tag: &str, name: &str) -> Scratch {
    let dir = scratch_dir(tag);
    Scratch {
        path: dir.path.join(name),
        _dir: dir._dir,
    }
}

/// The shared data folder for a test, or `None` when it is missing (the
/// test then skips; `tools::skipped_for_missing_tools` prints the one line
/// saying so). With `PUZZLELAB_REQUIRE_DATA=1` (CI) a missing folder fails
/// the test instead.
pub fn data_or_skip(test: &str) -> Option<PathBuf> {
    let dir = data::data_dir();
    if dir.is_none() && std::env::var_os("PUZZLELAB_REQUIRE_DATA").is_some_and(|v| v == "1") {
        panic!(
            "{test}: the puzzle sets were not found (tests/data/sudoku, or \
             $PUZZLELAB_DATA/sudoku) and PUZZLELAB_REQUIRE_DATA=1"
        );
    }
    dir
}

/// What a run of the binary gave: exit status (-1 when killed by a signal),
/// stdout and stderr as text.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Run `puzzlelab ARGS` with `stdin` on its standard input, in the package
/// folder, with a fresh `PUZZLELAB_HOME` and `NO_COLOR=1`. Stdin is written
/// from a thread, since the process may stop reading early (an error).
pub fn run_puzzlelab<S: AsRef<std::ffi::OsStr>>(args: &[S], stdin: &[u8]) -> Run {
    use std::process::{Command, Stdio};
    let home = scratch_dir("run");
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PUZZLELAB_HOME", home.as_str())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("puzzlelab starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("puzzlelab finishes");
    let _ = writer.join();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Every function of `domain` in the REPL's help has a one-sentence
/// summary, and each of `names` is among them.
pub fn assert_documented(domain: &str, names: &[&str]) {
    let docs: Vec<_> = puzzlelab::script::help::docs()
        .iter()
        .filter(|d| d.domain == domain)
        .collect();
    for name in names {
        assert!(docs.iter().any(|d| d.name == *name), "{name} is missing");
    }
    for d in docs {
        assert!(
            d.summary().ends_with('.') && d.summary().len() > 10,
            "{}: {:?}",
            d.name,
            d.summary()
        );
    }
}

/// Run `puzzlelab ARGS` in `dir` (its files named relative to it), with
/// `PUZZLELAB_HOME` inside it and `NO_COLOR=1`; nothing on stdin.
pub fn run_puzzlelab_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .current_dir(dir)
        .env("PUZZLELAB_HOME", dir.join(".home"))
        .env("NO_COLOR", "1")
        .output()
        .expect("puzzlelab starts")
}
