//! The shell examples of the README and the guide run as a newcomer would
//! run them, and print what the documents show.
//!
//! Every ```` ```console ```` block of README.md and of each
//! `docs/guide/*.md` is a transcript: a line
//! `$ COMMAND` is run by `sh` (with the built `puzzlelab` first on PATH, in
//! a scratch folder holding the repository's `scripts/`), and the lines up
//! to the next `$ ` are its output (stdout and stderr). In the shown output
//! a line `...` stands for any number of lines and a line ending in `...`
//! for any line starting with the text before it. `$ cargo ...` lines are
//! how the binary was built; they are checked to be only build commands,
//! not run.
//!
//! A block whose first command is `$ puzzlelab` (alone) shows a REPL
//! session: its `> ` lines are typed into one `puzzlelab` reading stdin and
//! the other lines are the answers.
//!
//! The examples run from the repository's folder when a reader follows
//! them, so they must not leave files there: after a document's examples
//! the scratch folder holds nothing but what the test put in it.

use std::path::Path;
use std::process::{Command, Stdio};

/// One command or REPL session and the output the README shows for it.
#[derive(Debug)]
struct Example {
    /// The README line where it starts, for messages.
    line: usize,
    /// A shell command, or (for a REPL session) the typed lines.
    input: Input,
    shown: Vec<String>,
}

#[derive(Debug)]
enum Input {
    Shell(String),
    Repl(Vec<String>),
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut repl = false;
    for (i, line) in readme.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = line.trim() == "```console";
            repl = false;
            continue;
        }
        if !in_block {
            continue;
        }
        if line == "$ puzzlelab" {
            repl = true;
            out.push(Example {
                line: i + 1,
                input: Input::Repl(Vec::new()),
                shown: Vec::new(),
            });
        } else if let Some(cmd) = line.strip_prefix("$ ") {
            repl = false;
            out.push(Example {
                line: i + 1,
                input: Input::Shell(cmd.to_string()),
                shown: Vec::new(),
            });
        } else if let (true, Some(typed)) = (repl, line.strip_prefix("> ")) {
            let e = out.last_mut().unwrap();
            if let Input::Repl(lines) = &mut e.input {
                lines.push(typed.to_string());
            }
            // Marks where this input's answers start.
            e.shown.push(format!("\u{0}{typed}"));
        } else if let Some(e) = out.last_mut() {
            e.shown.push(line.to_string());
        }
    }
    out
}

/// Does `actual` match the `shown` lines (with `...` wildcards)?
fn matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|k| matches(rest, &actual[k..]))
        }
        Some((first, rest)) => match actual.split_first() {
            None => false,
            Some((a, more)) => {
                let ok = match first.strip_suffix("...") {
                    Some(prefix) => a.starts_with(prefix),
                    None => a == first,
                };
                ok && matches(rest, more)
            }
        },
    }
}

fn scratch() -> crate::common::Scratch {
    let dir = crate::common::scratch_dir("readme");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::os::unix::fs::symlink(repo.join("scripts"), dir.join("scripts")).unwrap();
    dir
}

fn run(e: &Example, dir: &Path) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_puzzlelab"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = Command::new("sh");
    match &e.input {
        Input::Shell(c) => cmd.arg("-c").arg(format!("{c} 2>&1")),
        Input::Repl(_) => cmd.arg("-c").arg("puzzlelab 2>&1"),
    };
    let mut child = cmd
        .current_dir(dir)
        .env("PATH", path)
        .env("PUZZLELAB_HOME", dir.join(".state"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        if let Input::Repl(lines) = &e.input {
            for l in lines {
                writeln!(stdin, "{l}").unwrap();
            }
        }
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// README.md and the guide's chapters, as (path from the repository, text).
fn documents() -> Vec<(String, String)> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names = vec!["README.md".to_string()];
    let mut guide: Vec<String> = std::fs::read_dir(repo.join("docs/guide"))
        .expect("docs/guide exists")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/guide/{n}"))
        .collect();
    guide.sort();
    names.extend(guide);
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(repo.join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn readme_and_guide_examples_print_what_they_show() {
    let docs = documents();
    let mut failures = Vec::new();
    let mut total = 0;
    for (name, text) in &docs {
        let all = examples(text);
        total += all.len();
        let dir = scratch();
        let before = listing(&dir);
        for e in &all {
            if let Input::Shell(c) = &e.input
                && c.starts_with("cargo ")
            {
                assert!(
                    c.starts_with("cargo install --locked --path .")
                        || c.starts_with("cargo build --release"),
                    "{name}:{}: a cargo command the test does not know: {c}",
                    e.line
                );
                assert!(
                    e.shown.is_empty(),
                    "{name}:{}: output shown for {c}",
                    e.line
                );
                continue;
            }
            let actual = run(e, &dir);
            let actual: Vec<&str> = actual.lines().collect();
            let shown: Vec<String> = e
                .shown
                .iter()
                .filter(|l| !l.starts_with('\u{0}'))
                .cloned()
                .collect();
            if !matches(&shown, &actual) {
                failures.push(format!(
                    "{name}:{}: {:?}\n--- {name} shows:\n{}\n--- it prints:\n{}\n",
                    e.line,
                    e.input,
                    shown.join("\n"),
                    actual.join("\n")
                ));
            }
        }
        // The history file is the REPL's own, in the state folder; anything
        // else new was written into the folder the reader stands in.
        let after: Vec<String> = listing(&dir)
            .into_iter()
            .filter(|n| n != ".state")
            .collect();
        let before: Vec<String> = before.into_iter().filter(|n| n != ".state").collect();
        if after != before {
            failures.push(format!(
                "{name}: its examples leave files in the folder they run from \
                 (write them under /tmp): {:?}",
                after
                    .iter()
                    .filter(|n| !before.contains(n))
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(total >= 20, "the console examples: {total}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `.ci/run` runs exactly the test command the README gives.
#[test]
fn ci_runs_the_readme_test_command() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    let tests = readme
        .split("\n## Tests\n")
        .nth(1)
        .expect("README.md has a section \"## Tests\"");
    let command = tests
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.lines().next())
        .expect("the Tests section starts with a ```sh block holding the command");
    let ci = std::fs::read_to_string(repo.join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l.trim() == command),
        ".ci/run does not run the README's test command `{command}` on a line of its own"
    );
}

#[test]
fn the_wildcards_match_as_documented() {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(matches(&s(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&s(&["a", "...", "d"]), &["a", "d"]));
    assert!(matches(&s(&["a..."]), &["abc"]));
    assert!(!matches(&s(&["a"]), &["a", "b"]));
    assert!(!matches(&s(&["b..."]), &["abc"]));
}
