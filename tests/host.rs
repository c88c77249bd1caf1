//! A session talks to the world only through its `Host`: these drive the
//! library through a `RecordingHost` and check that printing, input for an
//! interactive function, warnings and cancellation all go through it.

use std::rc::Rc;

use puzzlelab::script::Limits;
use puzzlelab::script::host::RecordingHost;
use puzzlelab::script::session::Session;

fn session(host: &Rc<RecordingHost>) -> Session {
    Session::new(&Limits::default(), host.clone())
}

#[test]
fn print_and_debug_go_to_the_host() {
    let host = Rc::new(RecordingHost::default());
    let mut s = session(&host);
    let _ = s
        .eval("print(\"one\"); debug(\"two\"); print(1 + 1);")
        .unwrap();
    assert_eq!(host.printed(), ["one", "2"]);
    assert_eq!(host.notes(), ["\"two\""]);
}

#[test]
fn an_interactive_function_reads_the_hosts_input() {
    let host = Rc::new(RecordingHost::with_input(["1", "Z", "1", "", "n"]));
    let mut s = session(&host);
    let board = s.eval("let b = pentomino(\"V\"); b.cols").unwrap();
    assert_eq!(board.as_int().unwrap(), 10);
    let printed = host.printed().join("\n");
    // The answers are echoed after their questions (nobody typed them).
    assert!(printed.contains("i=0, Hit: Z(1)"), "{printed}");
    assert!(printed.contains("*** break"), "{printed}");
    // Colour is the host's decision: the recording host says no.
    assert!(!printed.contains('\u{1b}'), "{printed}");
}

#[test]
fn warnings_are_notes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.txt");
    let good = ".".repeat(81);
    std::fs::write(&path, format!("{good}\nnot a puzzle\n")).unwrap();
    let host = Rc::new(RecordingHost::default());
    let mut s = session(&host);
    let code = format!("read_puzzles({:?}).len()", path.to_str().unwrap());
    assert_eq!(s.eval(&code).unwrap().as_int().unwrap(), 1);
    let notes = host.notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].starts_with("warning: "), "{notes:?}");
    assert!(notes[0].contains("two.txt:2"), "{notes:?}");
    assert!(host.printed().is_empty());
}

#[test]
fn a_cancelled_host_stops_scripts_and_long_jobs() {
    let host = Rc::new(RecordingHost::default());
    let mut s = session(&host);
    host.cancel();
    let e = s.eval("let n = 0; loop { n += 1; }").unwrap_err();
    assert!(e.message().starts_with("stopped (Ctrl+C)"), "{e}");
    // The stop used the request up; pressed again, a native long job sees
    // it through the host's monitor:
    // a stopped count says so, it is never a complete-looking number.
    assert!(!puzzlelab::script::host::Host::cancelled(&*host));
    host.cancel();
    let blank = puzzlelab::sudoku::Grid::default();
    let count = puzzlelab::sudoku::solver::count_solutions_with(
        &blank,
        1_000_000,
        Some(&*puzzlelab::script::host::Host::monitor(&*host)),
    )
    .unwrap();
    assert!(count.stopped);
    assert!(count.solutions < 1_000_000);
}
