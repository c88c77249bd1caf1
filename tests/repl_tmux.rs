//! The interactive REPL on a real terminal, driven through tmux: tab
//! completion, multi-line input, Ctrl+C (clearing a line, interrupting a
//! running loop), Ctrl+A, error positions, the history file, Ctrl+D.
//! Skips with a message when tmux is not installed. Every wait polls the
//! screen with a timeout; nothing depends on fixed sleeps.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(20);

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

    /// Wait for a fresh, empty prompt as the last line. Typing earlier can
    /// race with rustyline's cursor-position query at the start of a line.
    fn wait_prompt(&self) {
        self.wait_until("an empty prompt", |s| {
            s.lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .map(str::trim_end)
                == Some(">")
        });
    }

    /// At a fresh prompt, type `text` (without Enter).
    fn at_prompt(&self, text: &str) {
        self.wait_prompt();
        self.type_text(text);
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

fn tmux_available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

fn start(home: &Path) -> Tmux {
    let tmux = Tmux {
        socket: format!("puzzlelab-test-{}", std::process::id()),
    };
    let bin = env!("CARGO_BIN_EXE_puzzlelab");
    // After the REPL ends, say how, and keep the pane for the last look.
    let shell = format!(
        "env PUZZLELAB_HOME='{}' TERM=xterm '{bin}'; echo REPL-EXITED-$?; sleep 60",
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
    if !tmux_available() {
        println!("skipping: tmux not found (apt-get install -y tmux)");
        return;
    }
    let home = std::env::temp_dir().join(format!("puzzlelab-tmux-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let t = start(&home);
    t.wait_for("Tab to complete");

    // Tab completes a variable defined on an earlier line...
    t.at_prompt("let zebra_count = 4000");
    t.keys(&["Enter"]);
    t.at_prompt("zebra_c");
    t.keys(&["Tab"]);
    t.wait_for("> zebra_count");
    t.type_text(" + 1");
    t.keys(&["Enter"]);
    t.wait_for_line("4001");

    // ... a library function ...
    t.at_prompt("parse_in");
    t.keys(&["Tab"]);
    t.wait_for("> parse_int");
    t.type_text("(\"77\") * 3");
    t.keys(&["Enter"]);
    t.wait_for_line("231");

    // ... and a REPL command.
    t.at_prompt(":fn");
    t.keys(&["Tab"]);
    t.wait_for("> :fns");
    t.keys(&["Enter"]);
    t.wait_for("no functions defined yet");

    // Multi-line: Enter inside an open block continues the input.
    t.at_prompt("fn tripled(x) {");
    t.keys(&["Enter"]);
    t.type_text("    x * 3");
    t.keys(&["Enter"]);
    t.type_text("}");
    t.keys(&["Enter"]);
    t.at_prompt("tripled(111)");
    t.keys(&["Enter"]);
    let s = t.wait_for_line("333");
    assert!(!s.contains("Expecting"), "block was run unfinished:\n{s}");
    // The function defined over three lines completes too.
    t.at_prompt("trip");
    t.keys(&["Tab"]);
    t.wait_for("> tripled");
    t.type_text("(1000)");
    t.keys(&["Enter"]);
    t.wait_for_line("3000");

    // Ctrl+C interrupts a running loop and returns to the prompt.
    t.at_prompt("loop {}");
    t.keys(&["Enter"]);
    t.wait_for("> loop {}");
    let start = Instant::now();
    loop {
        // A Ctrl+C landing before the loop starts is forgotten, so repeat.
        t.keys(&["C-c"]);
        std::thread::sleep(Duration::from_millis(200));
        if t.screen().contains("interrupted (Ctrl+C)") {
            break;
        }
        assert!(
            start.elapsed() < TIMEOUT,
            "loop not interrupted:\n{}",
            t.screen()
        );
    }
    t.at_prompt("21 * 2");
    t.keys(&["Enter"]);
    t.wait_for_line("42");

    // Ctrl+C at the prompt drops the line being typed.
    t.at_prompt("this line is dropped");
    t.wait_for("> this line is dropped");
    t.keys(&["C-c"]);
    t.at_prompt("100 + 1");
    t.keys(&["Enter"]);
    let s = t.wait_for_line("101");
    assert!(!s.contains("Variable not found"), "{s}");

    // Ctrl+A on a non-empty line moves to its start (no lab is open).
    t.at_prompt("5)");
    t.keys(&["C-a"]);
    t.type_text("(500 + ");
    t.keys(&["Enter"]);
    t.wait_for_line("505");

    // Errors show line:col and a marker; the session goes on.
    t.at_prompt("let broken = [1, 2 3]");
    t.keys(&["Enter"]);
    t.wait_for("<repl>:1:20: ");
    t.at_prompt("zebra_count");
    t.keys(&["Enter"]);
    t.wait_for_line("4000");

    // Ctrl+D leaves; every line was saved to the history file as typed.
    t.keys(&["C-d"]);
    t.wait_for("REPL-EXITED-0");
    let history = std::fs::read_to_string(home.join("history")).expect("history file");
    for line in [
        "let zebra_count = 4000",
        "tripled(111)",
        "loop {}",
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
