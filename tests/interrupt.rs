//! The interruption rule (docs/guide/repl.md, "The interruption rule"): every long
//! operation stopped by Ctrl+C raises a catchable `stopped (Ctrl+C) ...`
//! error saying what was finished (or, for `solve_file`, returns its summary
//! with `stopped: true`), the interrupt is used up by that operation so the
//! next statement, prompt or lab section runs clean, and the session's
//! variables are kept. Non-interactive runs interrupted by SIGINT exit with
//! status 130. The terminal side (real Ctrl+C keys) is in `repl_tmux`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::Duration;

use puzzlelab::lab::LabState;
use puzzlelab::script::Limits;
use puzzlelab::script::host::{CTRL_C, RecordingHost};
use puzzlelab::script::session::Session;

fn blank() -> String {
    format!("grid(\"{}\")", ".".repeat(81))
}

fn session(host: &Rc<RecordingHost>) -> Session {
    let mut s = Session::new(&Limits::default(), host.clone());
    let _ = s.eval("let kept = 41;").unwrap();
    s
}

/// `code` stopped by Ctrl+C pressed as `arm` plans it (inside the long
/// job's loop): the error starts with `want`, the next statement runs with
/// the variables kept, and a script that catches the error goes on.
/// Returns the first stop's message, for its partial figures.
fn stops(code: &str, want: &str, arm: impl Fn(&RecordingHost)) -> String {
    let host = Rc::new(RecordingHost::default());
    let mut s = session(&host);
    arm(&host);
    let e = s.eval(code).unwrap_err();
    let message = e.message();
    assert!(message.starts_with(want), "{code}: {message}");
    assert_eq!(s.eval("kept + 1").unwrap().as_int().unwrap(), 42, "{code}");
    arm(&host);
    let caught = s
        .eval(&format!(
            "let r = \"\"; try {{ {code}; }} catch (e) {{ r = e; }} r + \" / next\""
        ))
        .unwrap()
        .to_string();
    assert!(
        caught.starts_with(want) && caught.ends_with(" / next"),
        "{code}: {caught}"
    );
    message
}

/// Ctrl+C once the job has reported work done: it is inside its loop.
fn after_work(host: &RecordingHost) {
    host.cancel_after_work(1);
}

/// The number right after `word` in `message`.
fn figure_after(message: &str, word: &str) -> u64 {
    let (_, rest) = message
        .split_once(word)
        .unwrap_or_else(|| panic!("no {word:?} in {message}"));
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number after {word:?} in {message}"))
}

/// A partial figure: some of the work was done, not all of it.
fn partial(message: &str, word: &str, whole: u64) -> u64 {
    let n = figure_after(message, word);
    assert!(0 < n && n < whole, "{n} of {whole}: {message}");
    n
}

#[test]
fn hui_sudoku() {
    // A blank grid fills in 81 rounds; stopped inside, in an earlier one.
    let m = stops(
        &format!("sudoku({})", blank()),
        "stopped (Ctrl+C) in sudoku in round ",
        after_work,
    );
    partial(&m, "in round ", 81);
}

#[test]
fn count_solutions() {
    let m = stops(
        &format!("count_solutions({}, 1000000000)", blank()),
        "stopped (Ctrl+C) in count_solutions after ",
        after_work,
    );
    assert!(m.ends_with(" solutions: the count is partial"), "{m}");
    partial(&m, "after ", 1_000_000_000);
}

/// A packing stopped inside its search: `K of T top-level branches
/// finished` with 0 < K < T, and fewer packings found than `whole`.
fn partial_packing(message: &str, whole: u64) {
    assert!(figure_after(message, "after ") < whole, "{message}");
    let (before, _) = message
        .split_once(" top-level branches")
        .unwrap_or_else(|| panic!("no branches in {message}"));
    let words: Vec<&str> = before.split_whitespace().rev().take(3).collect();
    let (done, total): (u64, u64) = match words[..] {
        [total, "of", done] => (done.parse().unwrap(), total.parse().unwrap()),
        _ => panic!("no `K of T` branches in {message}"),
    };
    assert!(0 < done && done < total, "{done} of {total}: {message}");
}

#[test]
fn packing_counts_and_lists() {
    // The published counts: 2,339 tilings of 6×10 by the pentominoes,
    // 3,940 packings of 3×4×5 (each up to the box's symmetries).
    let m = stops(
        "count_polyomino(rect(6, 10), \"pentominoes\")",
        "stopped (Ctrl+C) in count_polyomino after ",
        after_work,
    );
    partial_packing(&m, 2339);
    let m = stops(
        "solve_polyomino(rect(6, 10), \"pentominoes\")",
        "stopped (Ctrl+C) in solve_polyomino after ",
        after_work,
    );
    partial_packing(&m, 2339);
    let m = stops(
        "count_polycube(cuboid(3, 4, 5), \"pentominoes\")",
        "stopped (Ctrl+C) in count_polycube after ",
        after_work,
    );
    partial_packing(&m, 3940);
}

#[test]
fn sat_solving() {
    // The SAT solver reports no progress; it asks its monitor at every
    // restart and propagation round, so the third check is inside the
    // search.
    let third = |host: &RecordingHost| host.cancel_after_checks(3);
    stops(
        &format!("sat_solve({})", blank()),
        "stopped (Ctrl+C) in sat_solve: no answer",
        third,
    );
    stops(
        "sat_unique(clark)",
        "stopped (Ctrl+C) in sat_unique: no answer",
        third,
    );
}

#[test]
fn model_counts_and_lists() {
    // 2^40 models: never complete, so only a stop ends it.
    for (code, want, end) in [
        (
            "count_models(cnf_from([], 40), 1000000000000)",
            "stopped (Ctrl+C) in count_models after ",
            " models: the count is partial",
        ),
        (
            "models(cnf_from([], 40), 1000000000000)",
            "stopped (Ctrl+C) in models after ",
            " models: the list is partial",
        ),
    ] {
        // Ctrl+C at the third monitor check, inside the search: some
        // models are found, never all 2^40.
        let m = stops(code, want, |host: &RecordingHost| {
            host.cancel_after_checks(3)
        });
        assert!(figure_after(&m, "after ") < 1 << 40, "{m}");
        let host = Rc::new(RecordingHost::default());
        let mut s = session(&host);
        host.cancel_next_job();
        let e = s.eval(code).unwrap_err();
        assert!(e.message().ends_with(end), "{e}");
    }
}

#[test]
fn similarity() {
    let many = "let a = []; for i in 0..200 { a.push(if i % 2 == 0 { ym } else { clark }) }";
    let m = stops(
        &format!("{many} canon_groups(a)"),
        "stopped (Ctrl+C) in canon_groups after ",
        after_work,
    );
    partial(&m, "after ", 200);
    // Two groups, of one pair each: the report asks before each group,
    // so the second check comes after the first group was judged.
    let m = stops(
        "similar_report([[\"a\", ym], [\"b\", ym], [\"c\", clark], [\"d\", clark]])",
        "stopped (Ctrl+C) in similar_report after judging ",
        |host| host.cancel_after_checks(2),
    );
    partial(&m, "after judging ", 2);
}

/// The note a batch returning a partial summary writes as it stops.
fn partial_note(function: &str, done: i64) -> String {
    format!(
        "stopped (Ctrl+C) in {function} after {done} puzzles: the summary is partial \
         (\"stopped\": true), and so is any figure taken from it"
    )
}

/// `FUNCTION(the 100 puzzles of 17clue.txt, #{threads: 1})` with Ctrl+C
/// pressed inside its work: the summary says `stopped: true`, and its
/// `field` is returned, with the notes written and the session.
fn stopped_summary(function: &str, field: &str) -> (i64, Vec<String>, Session) {
    let host = Rc::new(RecordingHost::default());
    let mut s = session(&host);
    host.cancel_after_work(1);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/data/17clue.txt");
    let r = s
        .eval(&format!(
            "let r = {function}({path:?}, #{{threads: 1}}); [r.stopped, r.{field}]"
        ))
        .unwrap()
        .into_array()
        .unwrap();
    assert!(r[0].as_bool().unwrap(), "{function}: stopped: true");
    (r[1].as_int().unwrap(), host.notes(), s)
}

#[test]
fn solve_file_returns_its_summary_marked_stopped() {
    let (solved, notes, mut s) = stopped_summary("solve_file", "solved");
    // Stopped inside: some of the 100 puzzles solved (each is solvable),
    // not all.
    assert!(0 < solved && solved < 100, "{solved} of 100 solved");
    // A figure taken from the summary would look whole: a note says not.
    assert_eq!(notes, [partial_note("solve_file", solved)]);
    // Consumed: the next statement runs to the end.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/data/17clue.txt");
    let again = s.eval(&format!("solve_file({path:?}, #{{threads: 1}}).solved"));
    assert_eq!(again.unwrap().as_int().unwrap(), 100);
}

#[test]
fn rate_file_returns_its_summary_marked_stopped_and_a_note() {
    let (rated, notes, mut s) = stopped_summary("rate_file", "puzzles");
    assert!(rated < 100, "{rated} of 100 rated");
    assert_eq!(notes, [partial_note("rate_file", rated)]);
    assert_eq!(s.eval("kept + 1").unwrap().as_int().unwrap(), 42);
}

#[test]
fn script_code_between_operations() {
    let host = Rc::new(RecordingHost::default());
    let mut s = session(&host);
    host.cancel();
    let e = s.eval("let n = 0; loop { n += 1; }").unwrap_err();
    assert!(
        e.message()
            .starts_with("stopped (Ctrl+C) while running script code"),
        "{e}"
    );
    assert!(e.is_stop());
    assert_eq!(s.eval("kept + 1").unwrap().as_int().unwrap(), 42);
}

#[test]
fn the_placing_sessions_prompt_and_its_hint() {
    // Ctrl+C at the prompt ends the session with the rule's error.
    let host = Rc::new(RecordingHost::with_input(["1", CTRL_C]));
    let mut s = session(&host);
    let e = s.eval("let b = pentomino(\"V\");").unwrap_err();
    assert_eq!(
        e.message(),
        "stopped (Ctrl+C) at the placing session's prompt: the session ended without a result"
    );
    assert_eq!(s.eval("kept + 1").unwrap().as_int().unwrap(), 42);
    assert!(s.eval("b").is_err(), "no board was assigned");

    // `h` stopped by Ctrl+C says so, and the next prompt starts clean:
    // the session goes on and finishes with its answers.
    let host = Rc::new(RecordingHost::with_input(["1", "Z", "1", "", "h", "n"]));
    let mut s = session(&host);
    host.cancel_next_job();
    let cols = s
        .eval("pentomino(\"V\").cols")
        .unwrap_or_else(|e| panic!("{e}\n{:?}", host.printed()));
    assert_eq!(cols.as_int().unwrap(), 10);
    let printed = host.printed().join("\n");
    assert!(
        printed.contains("error: stopped (Ctrl+C) after trying "),
        "{printed}"
    );
    assert!(printed.contains("i=0, Hit: Z(1)"), "{printed}");
    assert!(printed.ends_with("*** break"), "{printed}");
}

const LONG_LAB: &str = "\
Title: Long
Lab Section One
Quick.
)
let a = 1;
a + 1
Lab Section Two
Long.
)
let c = count_solutions(grid(\".................................................................................\"), 100000);
c
Lab Section Three
After.
)
a + 2
";

#[test]
fn a_lab_section_stops_and_runs_again() {
    let file = crate::common::scratch_file("interrupt", "long.lab");
    std::fs::write(&file, LONG_LAB).unwrap();
    let positions = crate::common::scratch_file("interrupt", "labs.json");
    let mut state = LabState::with_state_file(positions.to_path_buf());
    let host = Rc::new(RecordingHost::default());
    let mut s = Session::new(&Limits::default(), host.clone());
    let mut cmd = |s: &mut Session, line: &str| state.command(line, s).unwrap();
    cmd(&mut s, &format!(":lab {file}"));
    assert!(cmd(&mut s, ":next").ends_with("   a + 1\n2"));
    host.cancel_after_work(1);
    let two = cmd(&mut s, ":next");
    assert!(
        two.contains("stopped (Ctrl+C) in count_solutions after "),
        "{two}"
    );
    assert!(
        two.ends_with("(section 2 was stopped by Ctrl+C: :next runs it again)"),
        "{two}"
    );
    // The position did not move on: :next runs section 2 again, clean.
    let again = cmd(&mut s, ":next");
    assert!(again.contains("(2 of 3)"), "{again}");
    assert!(again.ends_with("   c\n100000"), "{again}");
    let three = cmd(&mut s, ":next");
    assert!(three.ends_with("   a + 2\n3"), "{three}");
}

// ---- the binary: exit status 130, the next statement, a second SIGINT ----

fn spawn(args: &[&str]) -> std::process::Child {
    let home = crate::common::scratch_dir("interrupt-home");
    Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .env("PUZZLELAB_HOME", home.as_str())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn sigint(child: &std::process::Child) {
    let pid = child.id().to_string();
    let _ = Command::new("kill").args(["-INT", &pid]).status();
}

/// Wait for the child to end (at most 60 s, then kill it and fail).
fn finish(
    mut child: std::process::Child,
    mut out: BufReader<std::process::ChildStdout>,
) -> (Option<i32>, String, String) {
    let mut stderr = child.stderr.take().unwrap();
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    for _ in 0..600 {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    if child.try_wait().ok().flatten().is_none() {
        let _ = child.kill();
        panic!("the process did not end after SIGINT");
    }
    let status = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    (status.code(), rest, err.join().unwrap())
}

fn first_line(out: &mut BufReader<std::process::ChildStdout>) -> String {
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    line
}

/// Run `puzzlelab ARGS`, whose code prints `counting` and then counts
/// without end; SIGINT once the count is under way: (status, the rest of
/// stdout, stderr).
fn count_then_sigint(args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = spawn(args);
    drop(child.stdin.take());
    let mut out = BufReader::new(child.stdout.take().unwrap());
    assert_eq!(first_line(&mut out), "counting\n");
    // The count is under way well before this (it has no end of its own).
    std::thread::sleep(Duration::from_millis(300));
    sigint(&child);
    finish(child, out)
}

/// `-e`: an uncaught stop is printed, located, and the status is 130.
#[test]
fn eval_mode_exits_130() {
    let code = format!(
        "print(\"counting\"); count_solutions({}, 1000000000)",
        blank()
    );
    let (code, rest, err) = count_then_sigint(&["-e", &code]);
    assert_eq!(code, Some(130), "{err}");
    assert_eq!(rest, "");
    assert!(
        err.starts_with("<-e>:1:")
            && err.contains(": stopped (Ctrl+C) in count_solutions after ")
            && err.ends_with(" solutions: the count is partial\n"),
        "{err}"
    ); // Stopped inside the count: solutions found, not all asked for.
    partial(&err, "after ", 1_000_000_000);
}

/// `run FILE`: the script catches the stop, prints the partial figure it
/// has and goes on; the status is still 130.
#[test]
fn run_mode_catches_and_goes_on_then_exits_130() {
    let file = crate::common::scratch_file("interrupt", "count.rhai");
    std::fs::write(
        &file,
        format!(
            "print(\"counting\");\n\
             try {{ count_solutions({}, 1000000000); }}\n\
             catch (e) {{ print(\"caught: \" + e); }}\n\
             print(\"next statement\");\n",
            blank()
        ),
    )
    .unwrap();
    let (code, rest, err) = count_then_sigint(&["run", file.as_str()]);
    assert_eq!(code, Some(130), "{err}");
    assert_eq!(err, "");
    assert!(
        rest.starts_with("caught: stopped (Ctrl+C) in count_solutions after ")
            && rest.ends_with(": the count is partial\nnext statement\n"),
        "{rest}"
    );
    partial(&rest, "after ", 1_000_000_000);
}

/// Piped stdin: a stopped statement is reported and the next one runs; a
/// second SIGINT ends the process at once; both exit with 130.
#[test]
fn piped_mode_goes_on_and_a_second_sigint_leaves() {
    let mut child = spawn(&[]);
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(
        b"let n = 0; loop { if n == 0 { print(\"one\") } n += 1; }\n\
          let m = 0; loop { if m == 0 { print(\"two\") } m += 1; }\n\
          print(\"never\");\n",
    )
    .unwrap();
    drop(pipe);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    assert_eq!(first_line(&mut out), "one\n");
    sigint(&child);
    // The first loop stopped, the next statement runs.
    assert_eq!(first_line(&mut out), "two\n");
    sigint(&child);
    let (code, rest, err) = finish(child, out);
    assert_eq!(code, Some(130), "{err}");
    assert_eq!(rest, "");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with("<stdin>:1:")
            && lines[0].ends_with(
                ": stopped (Ctrl+C) while running script code: the statement did not finish"
            ),
        "{err}"
    );
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], "stopped (Ctrl+C) a second time: leaving");
}

/// `-e 'solve_file(F).unique'` stopped by SIGINT: the summary said it was
/// partial, but the figure taken from it prints like a whole one, so a
/// note on stderr says the summary was partial, and the status is 130.
#[test]
fn eval_mode_notes_a_partial_summary_on_stderr() {
    let dir = crate::common::scratch_dir("interrupt-fifo");
    let fifo = dir.join("endless.txt");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let code = format!(
        "solve_file({:?}, #{{threads: 1}}).unique",
        fifo.display().to_string()
    );
    let mut child = spawn(&["-e", &code]);
    drop(child.stdin.take());
    // A valid puzzle without end; the first block written whole means
    // solve_file is reading (a pipe holds far less than a block).
    let (written, first_block) = std::sync::mpsc::channel();
    let feeder = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&fifo) else {
                return;
            };
            let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
            let block = puzzle.repeat(4096);
            while f.write_all(block.as_bytes()).is_ok() {
                let _ = written.send(());
            }
        })
    };
    let read = first_block.recv_timeout(Duration::from_secs(60));
    sigint(&child);
    let out = BufReader::new(child.stdout.take().unwrap());
    let (code, rest, err) = finish(child, out);
    assert!(read.is_ok(), "solve_file never read the FIFO: {err}");
    feeder.join().unwrap();
    assert_eq!(code, Some(130), "{err}");
    // The bare figure: some puzzles were solved (each unique), not all.
    let solved: u64 = rest
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{rest:?} {err}"));
    assert!(solved > 0, "{rest}");
    assert!(
        err.starts_with("stopped (Ctrl+C) in solve_file after ")
            && err.ends_with(
                " puzzles: the summary is partial (\"stopped\": true), and so is any figure taken from it\n"
            ),
        "{err}"
    );
    assert_eq!(figure_after(&err, "after "), solved, "{err}");
}
