//! The interactive lab runner driven through `LabState` and a `Session`, as
//! the REPL drives it; broken lab files; print mode through the binary.

use std::process::Command;
use std::rc::Rc;

use puzzlelab::lab::{self, LabState};
use puzzlelab::script::Limits;
use puzzlelab::script::host::RecordingHost;
use puzzlelab::script::session::Session;

/// A fresh scratch file path for this test, removed when dropped.
fn scratch(name: &str) -> crate::common::Scratch {
    crate::common::scratch_file("lab-test", name)
}

fn cmd(state: &mut LabState, session: &mut Session, line: &str) -> String {
    state
        .command(line, session)
        .unwrap_or_else(|| panic!("{line} is a lab command"))
}

#[test]
fn advance_type_back_goto_toc_quit_and_resume() {
    let positions = scratch("positions.json");
    let mut state = LabState::with_state_file(positions.to_path_buf());
    let mut s = Session::capturing(&Limits::default());
    assert!(!state.active());

    let intro = cmd(&mut state, &mut s, ":lab example");
    assert!(intro.starts_with("Lab: How labs work\n"), "{intro}");
    assert!(state.active());

    let one = cmd(&mut state, &mut s, ":next");
    assert!(one.starts_with("-- (1 of 3) Basics ---"), "{one}");
    assert!(
        one.ends_with("   let answer = 6 * 7;\n   answer + 1\n43"),
        "{one}"
    );

    // Between sections the reader has an ordinary session with the lab's names.
    let v = s.eval("answer * 10").unwrap();
    assert_eq!(s.show(&v), "420");
    assert_eq!(state.command("answer * 10", &mut s), None);

    let two = cmd(&mut state, &mut s, ":next");
    assert!(
        two.starts_with("-- (2 of 3) Basics (continued) ---"),
        "{two}"
    );
    // The section's exercise follows its code.
    assert!(
        two.contains("   twice(answer)\n84\nExercise: Triple\n"),
        "{two}"
    );

    let back = cmd(&mut state, &mut s, ":back");
    assert!(back.starts_with("-- (1 of 3) Basics ---"), "{back}");
    assert_eq!(state.position(), Some(("example", 1)));

    let three = cmd(&mut state, &mut s, ":goto 3");
    assert!(three.starts_with("-- (3 of 3) A grid ---"), "{three}");
    assert!(
        three.contains("   clues\n36\n   ym\n+---+---+---+\n|.5.|7.1|.4.|"),
        "{three}"
    );
    assert!(cmd(&mut state, &mut s, ":goto 9").starts_with("usage: :goto N"));

    let toc = cmd(&mut state, &mut s, ":toc");
    assert_eq!(
        toc,
        "How labs work (3 sections)
Basics
   1  Basics              Each section is some prose, then a line hol…
   2  Basics (continued)  Names defined earlier stay defined, for lat…
Grids
 > 3  A grid              The Sudoku puzzles of the J listing are pre…"
    );

    let quit = cmd(&mut state, &mut s, ":quit");
    assert!(
        quit.starts_with("Closed lab example at section 3 of 3"),
        "{quit}"
    );
    assert!(
        quit.ends_with("Your variables stay defined; the lab's functions (twice) went with it."),
        "{quit}"
    );
    assert!(!state.active());
    // The lab's variables stay; its functions were the lab's.
    let v = s.eval("answer * 2").unwrap();
    assert_eq!(s.show(&v), "84");
    let gone = s.eval("twice(answer)").unwrap_err().located("<t>", 1);
    assert_eq!(gone, "<t>:1:1: Function not found: twice (i64)");
    // With no lab open, `:quit` belongs to the REPL; other lab commands say why not.
    assert_eq!(state.command(":quit", &mut s), None);
    assert!(cmd(&mut state, &mut s, ":next").starts_with("no lab is open"));

    // A new process (new state, new session) resumes where the reader left off,
    // running the earlier sections quietly so their names exist.
    let mut state = LabState::with_state_file(positions.to_path_buf());
    let mut s = Session::capturing(&Limits::default());
    let resumed = cmd(&mut state, &mut s, ":lab example");
    assert!(resumed.contains("Resuming at section 3 of 3."), "{resumed}");
    assert!(resumed.contains("(ran the code of sections 1 to 2 quietly first)"));
    assert!(
        resumed.contains("+---+---+---+\nExercise: Empty cells\n"),
        "{resumed}"
    );
    let v = s.eval("twice(answer)").unwrap();
    assert_eq!(s.show(&v), "84");

    assert_eq!(cmd(&mut state, &mut s, ":next"), "End of lab");
    assert!(!state.active());
    // Finished: the next opening starts from the top.
    let again = cmd(&mut state, &mut s, ":lab example");
    assert!(!again.contains("Resuming"), "{again}");
    let first = cmd(&mut state, &mut s, ":restart");
    assert!(first.starts_with("-- (1 of 3) Basics ---"), "{first}");
}

#[test]
fn lab_command_lists_and_rejects_unknown_names() {
    let list_json = scratch("list.json");
    let mut state = LabState::with_state_file(list_json.to_path_buf());
    let mut s = Session::capturing(&Limits::default());
    let listing = cmd(&mut state, &mut s, ":lab");
    assert!(
        listing
            .lines()
            .any(|l| l.starts_with("  example ") && l.ends_with(" How labs work (3 sections)")),
        "{listing}"
    );
    let unknown = cmd(&mut state, &mut s, ":lab nosuch");
    assert!(unknown.starts_with("no lab named \"nosuch\""), "{unknown}");
    assert!(!state.active());
}

const BROKEN_CODE: &str = "\
Title: Broken
Lab Section One
Fine.
)
let a = 1;
a + 1
Lab Section Two
This one fails.
)
let b = a +
  nosuch;
Lab Section Three
Still reachable.
)
a + 2
";

#[test]
fn failing_code_names_file_line_and_the_runner_goes_on() {
    let path = scratch("broken_code.lab");
    std::fs::write(&path, BROKEN_CODE).unwrap();
    let p = path.to_str().unwrap();

    let err = lab::print_transcript(p, &Limits::default()).unwrap_err();
    assert!(
        err.contains("   a + 1\n2\n"),
        "transcript so far is kept:\n{err}"
    );
    assert!(
        err.contains(&format!("error: {p}:11:3: Variable not found: nosuch")),
        "{err}"
    );
    assert!(
        !err.contains("Three"),
        "print mode stops at the failure:\n{err}"
    );

    let broken_json = scratch("broken.json");
    let mut state = LabState::with_state_file(broken_json.to_path_buf());
    let mut s = Session::capturing(&Limits::default());
    cmd(&mut state, &mut s, &format!(":lab {p}"));
    cmd(&mut state, &mut s, ":next");
    let two = cmd(&mut state, &mut s, ":next");
    assert!(two.contains(&format!("{p}:11:3")), "{two}");
    assert!(state.active());
    let three = cmd(&mut state, &mut s, ":next");
    assert!(three.ends_with("   a + 2\n3"), "{three}");
}

#[test]
fn section_without_paren_names_file_line() {
    let path = scratch("no_paren.lab");
    std::fs::write(
        &path,
        "Title: T\n\nLab Section A\nprose only\nLab Section B\nx\n)\n1\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let want = format!("{p}:3: section 1 has no line holding only `)`");
    let err = lab::print_transcript(p, &Limits::default()).unwrap_err();
    assert!(err.starts_with(&want), "{err}");
    let no_paren_json = scratch("no_paren.json");
    let mut state = LabState::with_state_file(no_paren_json.to_path_buf());
    let mut s = Session::capturing(&Limits::default());
    assert!(cmd(&mut state, &mut s, &format!(":lab {p}")).starts_with(&want));
    assert!(!state.active());
}

#[test]
fn binary_print_mode_exit_codes() {
    let bin = env!("CARGO_BIN_EXE_puzzlelab");
    let ok = Command::new(bin)
        .args(["lab", "example", "--print"])
        .output()
        .unwrap();
    assert!(ok.status.success());
    assert!(String::from_utf8_lossy(&ok.stdout).ends_with("End of lab\n"));

    let path = scratch("broken_bin.lab");
    std::fs::write(&path, BROKEN_CODE).unwrap();
    let p = path.to_str().unwrap();
    let bad = Command::new(bin)
        .args(["lab", p, "--print"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains(&format!("{p}:11:3")), "{stderr}");
}

#[test]
fn binary_runner_with_piped_input() {
    // Piped stdin is read as a script whose `:` lines are REPL commands, lab
    // navigation included: advance, type an expression, back, goto, toc, quit.
    let home = scratch("home");
    std::fs::create_dir_all(&home).unwrap();
    let input =
        ":lab example\n:next\nanswer * 10\n:next\n:back\n:goto 3\n:toc\n:quit\nanswer * 2\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .env("PUZZLELAB_HOME", &home)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        // A process that stops early closes the pipe: its exit status says why.
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{stderr}");
    let expected_in_order = [
        "Lab: How labs work\n",
        "-- (1 of 3) Basics ---",
        "   answer + 1\n43\n",
        "420\n",
        "-- (2 of 3) Basics (continued) ---",
        "   twice(answer)\n84\n",
        "-- (1 of 3) Basics ---",
        "-- (3 of 3) A grid ---",
        "   clues\n36\n",
        "Grids\n > 3  A grid              The Sudoku puzzles",
        "Closed lab example at section 3 of 3",
        "\n84\n",
    ];
    let mut rest = &stdout[..];
    for want in expected_in_order {
        let at = rest
            .find(want)
            .unwrap_or_else(|| panic!("missing (in order) {want:?} in:\n{stdout}"));
        rest = &rest[at + want.len()..];
    }
    // The position was saved in PUZZLELAB_HOME.
    let saved = std::fs::read_to_string(home.join("labs.json")).unwrap();
    assert!(saved.contains("\"example\": 3"), "{saved}");
}

#[test]
fn readme_example_runs_as_documented() {
    // labs/README.md holds an example lab and the text its first section
    // shows; keep the two in step.
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/labs/README.md")).unwrap();
    let blocks: Vec<&str> = readme
        .split("```text\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    assert!(blocks.len() >= 2, "README lost its examples");
    let path = scratch("readme_example.lab");
    std::fs::write(&path, blocks[0]).unwrap();
    let text = lab::print_transcript(path.to_str().unwrap(), &Limits::default()).unwrap();
    assert!(
        text.contains(blocks[1]),
        "README shows:\n{}\nbut the lab prints:\n{text}",
        blocks[1]
    );
}

/// A section's printed lines appear in its text after the input that printed
/// them, at the prompt as in print mode (the session itself prints to the
/// terminal outside labs).
#[test]
fn printed_lines_stay_in_their_section() {
    let path = scratch("prints.lab");
    std::fs::write(
        &path,
        "Title: Prints\n\nLab Section One\nPrinting.\n)\nprint(\"hello\")\n1 + 1\n",
    )
    .unwrap();
    let prints_json = scratch("prints.json");
    let mut state = LabState::with_state_file(prints_json.to_path_buf());
    let host = Rc::new(RecordingHost::default());
    let mut s = Session::new(&Limits::default(), host.clone());
    let p = path.to_str().unwrap();
    let _ = cmd(&mut state, &mut s, &format!(":lab {p}"));
    let text = cmd(&mut state, &mut s, ":next");
    assert!(
        text.contains("   print(\"hello\")\nhello\n   1 + 1\n2"),
        "{text}"
    );
    assert!(!s.set_capture(false), "capture is restored");
    // Outside a lab section, printing goes to the host.
    let _ = s.eval("print(\"outside\")").unwrap();
    assert_eq!(host.printed(), ["outside"]);
}
