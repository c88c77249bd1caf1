//! The interactive REPL on a real terminal, driven through tmux: tab
//! completion, multi-line input, Ctrl+C (clearing a line, interrupting a
//! running loop), Ctrl+A, error positions, the history file, Ctrl+D.
//! Skips when tmux is not installed (listed in the run's one SKIPPED line;
//! fails under PUZZLELAB_REQUIRE_TOOLS=1, see common::tools). Every wait polls the
//! screen with a timeout; nothing depends on fixed sleeps.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::tools::{Tool, have};

const TIMEOUT: Duration = Duration::from_secs(20);

/// True when some line of the screen is exactly `line` (an output, not
/// the echo of what was typed).
fn has_line(screen: &str, line: &str) -> bool {
    screen.lines().any(|l| l.trim_end() == line)
}

/// A tmux server of our own (its own socket), killed on drop.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn cmd(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// Type `text` literally. tmux reads a trailing `;` as a command
    /// separator, so the tests avoid ending typed text with one.
    fn type_text(&self, text: &str) {
        assert!(!text.ends_with(';'));
        self.cmd(&["send-keys", "-t", "repl", "-l", text]);
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "repl"];
        args.extend_from_slice(keys);
        self.cmd(&args);
    }

    fn screen(&self) -> String {
        let out = self.cmd(&["capture-pane", "-p", "-J", "-t", "repl", "-S", "-500"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Poll the screen until `pred` holds; panic with the screen on timeout.
    fn wait_until(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            if start.elapsed() > TIMEOUT {
                panic!("timed out waiting for {what}; screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Wait for a fresh, empty prompt (`>`, or `lab>` in a lab) as the last
    /// line. Typing earlier can race with rustyline's cursor-position query
    /// at the start of a line.
    fn wait_prompt(&self) {
        self.wait_until("an empty prompt", ends_at_prompt);
    }

    /// At a fresh prompt, type `text` (without Enter).
    fn at_prompt(&self, text: &str) {
        self.wait_prompt();
        self.type_text(text);
    }

    /// Press `key` (Enter, C-c) and wait for the next fresh prompt, so that
    /// nothing is typed while the REPL is busy: rustyline may lose keys typed
    /// ahead while it asks the terminal for the cursor position.
    fn press_to_prompt(&self, key: &str) -> String {
        let before = prompt_lines(&self.screen());
        self.keys(&[key]);
        self.wait_until("the next prompt", |s| {
            prompt_lines(s) > before && ends_at_prompt(s)
        })
    }

    /// Enter on a complete input; returns the screen at the next prompt.
    fn enter(&self) -> String {
        self.press_to_prompt("Enter")
    }

    fn wait_for(&self, text: &str) -> String {
        self.wait_until(text, |s| s.contains(text))
    }

    /// Wait for a line that is exactly `line` (an output, not the echo).
    fn wait_for_line(&self, line: &str) -> String {
        self.wait_until(line, |s| s.lines().any(|l| l.trim_end() == line))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// In a lab the prompt is `NAME SECTION> ` (`NAME> ` at the lab's
/// introduction; NAME is the path of a lab opened from a file): the rest
/// of the line after it.
fn lab_prompt(line: &str) -> Option<&str> {
    let (head, rest) = line.split_once('>')?;
    let mut words = head.split(' ');
    let name = words.next()?;
    let num = words.next().unwrap_or("0");
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || "_-./".contains(c))
        && !num.is_empty()
        && num.chars().all(|c| c.is_ascii_digit())
        && words.next().is_none();
    ok.then_some(rest)
}

/// True when the last non-empty line is an empty prompt (`>` or `NAME N>`).
fn ends_at_prompt(screen: &str) -> bool {
    match screen.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(l) => l.trim_end() == ">" || lab_prompt(l).is_some_and(|r| r.trim().is_empty()),
        None => false,
    }
}

/// Lines that begin with a prompt.
fn prompt_lines(screen: &str) -> usize {
    screen
        .lines()
        .filter(|l| l.starts_with('>') || lab_prompt(l).is_some())
        .count()
}

/// The REPL (`puzzlelab ARGS`) in a fresh tmux server; `tag` keeps the
/// servers of tests running in parallel apart.
fn start(home: &Path, args: &str, tag: &str) -> Tmux {
    let tmux = Tmux {
        socket: format!("puzzlelab-test-{}-{tag}", std::process::id()),
    };
    let bin = env!("CARGO_BIN_EXE_puzzlelab");
    // After the REPL ends, say how, and keep the pane for the last look.
    let shell = format!(
        "env PUZZLELAB_HOME='{}' TERM=xterm '{bin}' {args}; echo REPL-EXITED-$?; sleep 60",
        home.display()
    );
    let out = tmux.cmd(&[
        "-f",
        "/dev/null",
        "new-session",
        "-d",
        "-s",
        "repl",
        "-x",
        "120",
        "-y",
        "50",
        &shell,
    ]);
    assert!(out.status.success(), "tmux new-session: {out:?}");
    tmux
}

#[test]
fn interactive_session() {
    if !have(Tool::Tmux, module_path!()) {
        return;
    }
    let home = crate::common::scratch_dir("tmux");
    let t = start(&home, "", "repl");
    t.wait_for("Tab to complete");

    // Tab completes a variable defined on an earlier line...
    t.at_prompt("let zebra_count = 4000");
    t.enter();
    t.at_prompt("zebra_c");
    t.keys(&["Tab"]);
    t.wait_for("> zebra_count");
    t.type_text(" + 1");
    assert!(has_line(&t.enter(), "4001"));

    // ... a library function ...
    t.at_prompt("parse_in");
    t.keys(&["Tab"]);
    t.wait_for("> parse_int");
    t.type_text("(\"77\") * 3");
    assert!(has_line(&t.enter(), "231"));

    // ... a method after `value.` (only functions taking a Grid first) ...
    t.at_prompt("ym.fil");
    t.keys(&["Tab"]);
    t.wait_for("> ym.filled");
    t.type_text("()");
    assert!(has_line(&t.enter(), "36"));

    // ... and a REPL command.
    t.at_prompt(":fn");
    t.keys(&["Tab"]);
    t.wait_for("> :fns");
    assert!(t.enter().contains("no functions defined yet"));

    // Multi-line: Enter inside an open block continues the input.
    t.at_prompt("fn tripled(x) {");
    t.keys(&["Enter"]);
    t.type_text("    x * 3");
    t.keys(&["Enter"]);
    t.type_text("}");
    let s = t.enter();
    assert!(!s.contains("Expecting"), "block was run unfinished:\n{s}");
    t.at_prompt("tripled(111)");
    assert!(has_line(&t.enter(), "333"));
    // The function defined over three lines completes too.
    t.at_prompt("trip");
    t.keys(&["Tab"]);
    t.wait_for("> tripled");
    t.type_text("(1000)");
    assert!(has_line(&t.enter(), "3000"));

    // Ctrl+C interrupts a running loop and returns to the prompt; the
    // print shows that the loop is running (and so listening) first.
    t.at_prompt("print(\"spinning\"); loop {}");
    t.keys(&["Enter"]);
    t.wait_for_line("spinning");
    let s = t.press_to_prompt("C-c");
    assert!(
        s.contains("stopped (Ctrl+C) while running script code"),
        "{s}"
    );
    t.at_prompt("21 * 2");
    assert!(has_line(&t.enter(), "42"));

    // Ctrl+C at the prompt drops the line being typed.
    t.at_prompt("this line is dropped");
    t.wait_for("> this line is dropped");
    t.press_to_prompt("C-c");
    t.at_prompt("100 + 1");
    let s = t.enter();
    assert!(has_line(&s, "101"), "{s}");
    assert!(!s.contains("Variable not found"), "{s}");

    // Ctrl+A on a non-empty line moves to its start (no lab is open).
    t.at_prompt("5)");
    t.keys(&["C-a"]);
    t.type_text("(500 + ");
    assert!(has_line(&t.enter(), "505"));

    // Errors show line:col and a marker; the session goes on.
    t.at_prompt("let broken = [1, 2 3]");
    assert!(t.enter().contains("<repl>:1:20: "));
    t.at_prompt("zebra_count");
    assert!(has_line(&t.enter(), "4000"));

    // Lines typed ahead while the REPL is busy are kept, not dropped.
    t.wait_prompt();
    let mut burst: Vec<String> = Vec::new();
    for k in 1..=8 {
        burst.push(format!("{k} * 1111"));
        burst.push("Enter".into());
    }
    let burst: Vec<&str> = burst.iter().map(String::as_str).collect();
    t.keys(&burst);
    t.wait_until("all eight typed-ahead results", |s| {
        (1..=8).all(|k| has_line(s, &(k * 1111).to_string()))
    });

    // Ctrl+D leaves; every line was saved to the history file as typed.
    t.keys(&["C-d"]);
    t.wait_for("REPL-EXITED-0");
    let history = std::fs::read_to_string(home.join("history")).expect("history file");
    for line in [
        "let zebra_count = 4000",
        "tripled(111)",
        "print(\"spinning\"); loop {}",
        "21 * 2",
    ] {
        assert!(
            history.contains(line),
            "{line:?} missing from history:\n{history}"
        );
    }
    assert!(
        history.contains("fn tripled(x) {\\n    x * 3\\n}"),
        "{history}"
    );
    let _ = std::fs::remove_dir_all(&home);
}

/// `puzzlelab lab NAME` opens the lab; Ctrl+A on an empty line advances it
/// (the prompt shows the section); on a non-empty line Ctrl+A keeps its
/// usual meaning; `:quit` leaves the lab, not the REPL.
#[test]
fn lab_ctrl_a_advances() {
    if !have(Tool::Tmux, module_path!()) {
        return;
    }
    let home = crate::common::scratch_dir("tmux-lab");
    // labs/example.lab: three short sections, built into the binary.
    let name = "example";
    let t = start(&home, &format!("lab {name}"), "lab");
    t.wait_for("example> ");
    t.wait_prompt();
    let s = t.press_to_prompt("C-a");
    assert!(s.contains("(1 of 3)"), "{s}");
    let s = t.press_to_prompt("C-a");
    assert!(s.contains("(2 of 3)"), "{s}");
    assert!(s.contains("example 2> "), "{s}");
    t.at_prompt("2");
    t.keys(&["C-a"]);
    t.type_text("40 + ");
    assert!(has_line(&t.enter(), "42"));
    t.at_prompt(":back");
    assert!(t.enter().contains("example 1> "));
    t.at_prompt(":quit");
    let s = t.enter();
    let last = s.lines().rev().find(|l| !l.trim().is_empty());
    assert_eq!(last.map(str::trim_end), Some(">"), "{s}");
    // `:lab` completes lab names; opening it again resumes where it was.
    t.at_prompt(":lab exa");
    t.keys(&["Tab"]);
    t.wait_for("> :lab example");
    assert!(t.enter().contains("example 1> "));
    t.keys(&["C-d"]);
    t.wait_for("REPL-EXITED-0");
    let _ = std::fs::remove_dir_all(&home);
}

/// Ctrl+C in a long native search, in a lab section and at the placing
/// session's prompt: each stops with its `stopped (Ctrl+C)` error, the
/// session's variables are as they were, and the next input runs clean.
#[test]
fn ctrl_c_stops_long_work_and_keeps_the_session() {
    if !have(Tool::Tmux, module_path!()) {
        return;
    }
    let home = crate::common::scratch_dir("tmux-stop");
    let blank = format!("grid(\"{}\")", ".".repeat(81));
    let lab = home.join("long.lab");
    std::fs::write(
        &lab,
        format!(
            "Title: Long\nLab Section One\nQuick.\n)\nlet a = 20;\na + 1\n\
             Lab Section Two\nLong.\n)\ncount_solutions({blank}, 1000000000)\n"
        ),
    )
    .unwrap();
    let t = start(&home, "", "stop");
    t.wait_for("Tab to complete");
    t.at_prompt("let kept = 7");
    t.enter();

    // A long native search: its progress line shows, then Ctrl+C.
    t.at_prompt(&format!("count_solutions({blank}, 1000000000)"));
    t.keys(&["Enter"]);
    t.wait_for("Ctrl+C stops");
    let s = t.press_to_prompt("C-c");
    assert!(
        s.contains("stopped (Ctrl+C) in count_solutions after "),
        "{s}"
    );
    assert!(s.contains(" solutions: the count is partial"), "{s}");
    // The progress line was cleared before the error printed.
    assert!(!s.contains("Ctrl+C stops"), "{s}");
    t.at_prompt("kept + 1");
    assert!(has_line(&t.enter(), "8"));

    // The placing session's prompt.
    t.at_prompt("let b = pentomino(\"V\")");
    t.keys(&["Enter"]);
    t.wait_for("enter piece number");
    let s = t.press_to_prompt("C-c");
    assert!(
        s.contains("stopped (Ctrl+C) at the placing session's prompt"),
        "{s}"
    );
    t.at_prompt("kept * 2");
    assert!(has_line(&t.enter(), "14"));

    // A lab section: stopped, the lab stays at section 1 and `:next` would
    // run section 2 again; section 1's variable is there.
    t.at_prompt(&format!(":lab {}", lab.display()));
    t.enter();
    t.at_prompt(":next");
    assert!(has_line(&t.enter(), "21"));
    t.at_prompt(":next");
    t.keys(&["Enter"]);
    t.wait_for("Ctrl+C stops");
    let s = t.press_to_prompt("C-c");
    assert!(
        s.contains("(section 2 was stopped by Ctrl+C: :next runs it again)"),
        "{s}"
    );
    let last = s.lines().rev().find(|l| !l.trim().is_empty()).unwrap();
    assert_eq!(last.trim_end(), format!("{} 1>", lab.display()), "{s}");
    t.at_prompt("a + kept");
    assert!(has_line(&t.enter(), "27"));
}

/// `_` is the last value shown; `see` of a long list stops after a
/// screenful, between two rows of grids, and `:more` goes on.
#[test]
fn underscore_and_a_long_see_a_screenful_at_a_time() {
    if !have(Tool::Tmux, module_path!()) {
        return;
    }
    let home = crate::common::scratch_dir("tmux-pages");
    let t = start(&home, "", "pages");
    t.wait_for("Tab to complete");
    t.at_prompt("6 * 7");
    assert!(has_line(&t.enter(), "42"));
    t.at_prompt("_ + 1");
    assert!(has_line(&t.enter(), "43"));
    t.at_prompt("assign(ym)");
    t.enter();
    t.at_prompt("filled(_)");
    assert!(has_line(&t.enter(), "81"));

    // 40 grids: eight rows of five, 127 lines. The 50-line pane shows two
    // rows (31 lines); the empty line after them is not shown.
    t.at_prompt("let l = []; for i in 0..40 { l.push(ym) } see(l)");
    let s = t.enter();
    let note = "... 95 more lines (6484 characters) not shown: :more shows the next screenful, print(...) all of it";
    assert!(has_line(&s, note), "{s}");
    let shown: Vec<&str> = s
        .lines()
        .skip_while(|l| !l.contains("see(l)"))
        .skip(1)
        .take_while(|l| !l.starts_with("..."))
        .collect();
    assert_eq!(shown.len(), 31, "{s}");
    assert_eq!(shown[15], "", "{s}");
    assert_eq!(shown[30], format!("+{}", "-------------+".repeat(5)));
    t.at_prompt(":more");
    let s = t.enter();
    assert!(
        has_line(
            &s,
            "... 63 more lines (4322 characters) not shown: :more shows the next screenful, print(...) all of it"
        ),
        "{s}"
    );
    // `help` is paged too (issue 25, item 9), as the library pages it for
    // a 50-line screen.
    let (_, rest) = puzzlelab::commands::page(&puzzlelab::script::help::overview(), 50);
    let rest = rest.unwrap();
    let note = format!(
        "... {} more lines ({} characters) not shown: :more shows the next screenful, print(...) all of it",
        rest.lines().count(),
        rest.chars().count()
    );
    t.at_prompt("help");
    let s = t.enter();
    assert!(has_line(&s, &note), "{s}");
    // `ym.fi` Tab completes to the property `ym.filled`, which works (item 8).
    t.at_prompt("ym.fi");
    t.keys(&["Tab"]);
    t.wait_for("ym.filled");
    assert!(has_line(&t.enter(), "36"));
    t.keys(&["C-d"]);
    t.wait_for("REPL-EXITED-0");
    let _ = std::fs::remove_dir_all(&home);
}
