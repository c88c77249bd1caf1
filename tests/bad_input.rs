//! Bad input and bad actions, table-driven: each case gives a clear error
//! (its message text is asserted) and loses nothing: the session's
//! variables survive, and files an operation was not meant to change keep
//! their bytes.

use std::path::Path;

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

mod cases;
use cases::CASES;

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A scratch folder holding `p.txt` (two puzzles), `keep.txt` (bytes that
/// must survive) and a subfolder `sub`.
fn folder() -> crate::common::Scratch {
    let dir = crate::common::scratch_dir("bad");
    std::fs::write(dir.join("p.txt"), format!("{P}\n{P}\n")).unwrap();
    std::fs::write(dir.join("keep.txt"), "precious bytes\n").unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    dir
}

/// The bytes of every file in `dir` (not recursive), sorted by name.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Runs `code` (with `{dir}` replaced by the scratch folder) after setting
/// a variable; the error must be `want` (`{dir}` replaced too; a `want`
/// ending in `…` is the start of the message, for the OS's words after it),
/// the variable must survive, and no file in the folder may change or
/// appear.
fn check(code: &str, want: &str) {
    let dir = folder();
    let code = code.replace("{dir}", &dir.display().to_string());
    let want = want.replace("{dir}", &dir.display().to_string());
    let before = snapshot(&dir);
    let mut s = Session::capturing(&Limits::default());
    let _ = s.eval("let keep = [1, 2, 3];").unwrap();
    let e = match s.eval(&code) {
        Ok(v) => panic!("{code}\nshould fail with {want:?}, gave {v:?}"),
        Err(e) => e.message(),
    };
    match want.strip_suffix('…') {
        Some(start) => assert!(e.starts_with(start), "{code}\nerror:  {e}\nwanted: {want}"),
        None => assert_eq!(e, want, "{code}"),
    }
    let keep = s.eval("keep").unwrap();
    assert_eq!(s.show(&keep), "[1, 2, 3]", "{code}: a variable was lost");
    assert_eq!(snapshot(&dir), before, "{code}: files changed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_bad_input_is_a_clear_error_and_loses_nothing() {
    // Every case runs even when one fails, so the report lists them all.
    // The panic hook is left alone: a failing case prints its message
    // through the default hook, into the harness's captured output.
    let mut failures = Vec::new();
    for (code, want) in CASES {
        if let Err(e) = std::panic::catch_unwind(|| check(code, want)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(msg);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n\n")
    );
}

#[test]
fn there_are_at_least_eighty_distinct_cases() {
    let mut codes: Vec<&str> = CASES.iter().map(|(c, _)| *c).collect();
    codes.sort();
    codes.dedup();
    assert!(codes.len() >= 80, "{} cases", codes.len());
}

/// With running programs allowed, a solver command is still a program and
/// its arguments, never a shell line, and a lab still cannot run one.
#[test]
fn allowed_solver_commands_are_still_checked() {
    let cases: &[(&str, &str)] = &[
        (
            r#"sat_solve(ym, #{solver: "sh -c 'echo s SATISFIABLE'"})"#,
            r#"sat_solve: solver "sh -c 'echo s SATISFIABLE'": '\'' is shell syntax, and no shell runs the solver: give a program and its arguments separated by spaces, or an array [program, arg, ...]"#,
        ),
        (
            r#"sat_solve(ym, #{solver: "picosat | head"})"#,
            r#"sat_solve: solver "picosat | head": '|' is shell syntax, and no shell runs the solver: give a program and its arguments separated by spaces, or an array [program, arg, ...]"#,
        ),
        (
            r#"sat_solve(ym, #{solver: "picosat > x"})"#,
            r#"sat_solve: solver "picosat > x": '>' is shell syntax, and no shell runs the solver: give a program and its arguments separated by spaces, or an array [program, arg, ...]"#,
        ),
        (
            r#"sat_solve(ym, #{solver: "$HOME/x"})"#,
            r#"sat_solve: solver "$HOME/x": '$' is shell syntax, and no shell runs the solver: give a program and its arguments separated by spaces, or an array [program, arg, ...]"#,
        ),
        (
            r#"sat_solve(ym, #{solver: ""})"#,
            r#"sat_solve: solver "": the solver command is empty"#,
        ),
        (
            r#"sat_solve(ym, #{solver: []})"#,
            r#"sat_solve: solver "": the solver command is empty"#,
        ),
        (
            r#"sat_solve(ym, #{solver: 5})"#,
            "sat_solve: `solver` must be a string or an array of strings, not i64",
        ),
        (
            r#"sat_solve(ym, #{solver: ["picosat", 5]})"#,
            "sat_solve: `solver` item 1 is a i64: every word must be a string",
        ),
        (
            r#"sat_solve(ym, #{solver: "no-such-solver-xyz"})"#,
            r#"sat_solve: solver "no-such-solver-xyz": could not start "no-such-solver-xyz": not found in PATH (is the solver installed?)"#,
        ),
        (
            r#"sat_solve(ym, #{solver: "/no/such/solver"})"#,
            r#"sat_solve: solver "/no/such/solver": could not start "/no/such/solver": no such file"#,
        ),
    ];
    let mut s = Session::capturing(&Limits::default());
    s.allow_exec(true);
    let _ = s.eval("let keep = 7;").unwrap();
    for (code, want) in cases {
        let e = s.eval(code).unwrap_err().message();
        assert_eq!(e, *want, "{code}");
        assert_eq!(s.eval("keep").unwrap().as_int().unwrap(), 7);
    }
    assert!(s.exec_allowed());
    // A lab's code runs with the permission off, and the session keeps it.
    let lab = puzzlelab::lab::format::parse(
        "t",
        "t.lab",
        "Title: t\nLab Section\nprose\n)\nsat_solve(ym, #{solver: \"true\"})\n",
    )
    .unwrap();
    let (_, error) = puzzlelab::lab::show_section(&lab, 0, &mut s);
    let error = error.expect("the lab section must fail");
    assert!(error.contains("not allowed"), "{error}");
    assert!(s.exec_allowed());
}

/// The binary: no program runs without `--allow-exec`; with it, the
/// command runs (here `true`, which answers nothing).
#[test]
fn the_command_line_decides_about_programs() {
    let run = |flags: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
            .args(flags)
            .args(["-e", r#"sat_solve(ym, #{solver: "true"})"#])
            .env("PUZZLELAB_HOME", crate::common::scratch_dir("bad-exec"))
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (code, err) = run(&[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("not allowed: start puzzlelab with --allow-exec"),
        "{err}"
    );
    let (code, err) = run(&["--allow-exec"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("solver \"true\": exit status 0"), "{err}");
}

/// Puzzle files: each odd line form is read, a bad line costs only itself.
#[test]
fn puzzle_file_line_forms() {
    let dir = crate::common::scratch_dir("bad-lines");
    let zeros = P.replace('.', "0");
    let cases: &[(&str, Vec<u8>, usize, &[&str])] = &[
        (
            "bom.txt",
            [b"\xEF\xBB\xBF".as_slice(), P.as_bytes(), b"\n"].concat(),
            1,
            &[],
        ),
        ("cr.txt", format!("{P}\r{zeros}\r{P}").into_bytes(), 3, &[]),
        ("crlf.txt", format!("{P}\r\n{P}\r\n").into_bytes(), 2, &[]),
        (
            "byte.txt",
            [P.as_bytes(), b"\n12\xFE\n", P.as_bytes()].concat(),
            2,
            &["byte.txt:2:3: byte 0xFE is not UTF-8 text"],
        ),
        (
            "mixed.txt",
            format!("{P}\nname\t{zeros}\n{zeros},{zeros}\n{}\n", &P[..80]).into_bytes(),
            3,
            &["mixed.txt:4: short line: 80 cells"],
        ),
        (
            "long.txt",
            format!("{}\n{P}\n", "5".repeat(100_000)).into_bytes(),
            1,
            &["long.txt:1: line longer than 65536 bytes"],
        ),
        (
            "fields.txt",
            // Three fields are name,puzzle,solution; four are one too many.
            format!("{zeros},{zeros},{zeros},{zeros}\n{P}\n").into_bytes(),
            1,
            &["fields.txt:1: 4 fields"],
        ),
        (
            "nul.txt",
            b"\0\0\0\n".to_vec(),
            0,
            &["nul.txt:1:1: bad character"],
        ),
        (
            "empty.txt",
            Vec::new(),
            0,
            &["empty.txt: no puzzles in the file"],
        ),
    ];
    for (name, bytes, records, errors) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let c = puzzlelab::sudoku::formats::read_file(&path, &puzzlelab::monitor::Silent);
        assert_eq!(c.records.len(), *records, "{name}: {:?}", c.errors);
        assert_eq!(c.errors.len(), errors.len(), "{name}: {:?}", c.errors);
        for (e, want) in c.errors.iter().zip(errors.iter()) {
            let shown = e.to_string();
            let place = shown.replacen(&format!("{}", dir.display()), "", 1);
            assert!(
                place.trim_start_matches('/').starts_with(want),
                "{name}: {shown}"
            );
        }
        // The file is never changed by reading.
        assert_eq!(&std::fs::read(&path).unwrap(), bytes);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// solve_file with `out`: a fresh file gets every solution; a refused
/// write leaves the old output whole.
#[test]
fn solve_file_out_replaces_whole_or_not_at_all() {
    let dir = folder();
    let mut s = Session::capturing(&Limits::default());
    let out = dir.join("o.txt");
    std::fs::write(&out, "old output\n").unwrap();
    let code = format!(
        r#"solve_file("{}", #{{out: "{}"}})"#,
        dir.join("p.txt").display(),
        out.display()
    );
    let m = s.eval(&code).unwrap();
    assert!(s.show(&m).contains("\"solved\": 2"), "{}", s.show(&m));
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count(), 2);
    assert!(!text.contains('.'));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(".puzzlelab-")
        })
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A write that fails half way (the file-size limit) keeps the old bytes:
/// run in a child process with `ulimit -f` (SIGXFSZ ignored, so the write
/// fails with an error instead of killing the process).
#[cfg(unix)]
#[test]
fn a_failed_write_keeps_the_old_file() {
    let dir = folder();
    let out = dir.join("big.txt");
    std::fs::write(&out, "the old contents\n").unwrap();
    let code = format!(
        r#"let a = []; for i in 0..2000 {{ a.push(ym); }} write_puzzles("{}", a)"#,
        out.display()
    );
    let script = format!(
        "trap '' XFSZ; ulimit -f 64; exec \"$0\" -e '{}'",
        code.replace('\'', "'\\''")
    );
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_puzzlelab"))
        .env("PUZZLELAB_HOME", &dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_ne!(o.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("big.txt: cannot write"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the old contents\n");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names.iter().any(|n| n.starts_with(".puzzlelab-")),
        "{names:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `labs.json` that cannot be parsed is moved aside with its bytes, not
/// overwritten; positions written by another REPL in between survive.
#[test]
fn a_corrupt_positions_file_is_moved_aside() {
    let dir = crate::common::scratch_dir("bad-labs");
    let file = dir.join("labs.json");
    std::fs::write(&file, "{ not json").unwrap();
    let mut s = Session::capturing(&Limits::default());
    let mut lab = puzzlelab::lab::LabState::with_state_file(file.clone());
    lab.command(":lab example", &mut s).unwrap();
    lab.command(":next", &mut s).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("labs.json.bad")).unwrap(),
        "{ not json"
    );
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["example"], 1);
    // Another REPL saves its own lab meanwhile; ours must not drop it.
    let mut both = saved.clone();
    both["sudoku"] = 7.into();
    std::fs::write(&file, both.to_string()).unwrap();
    lab.command(":next", &mut s).unwrap();
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(
        (saved["example"].clone(), saved["sudoku"].clone()),
        (2.into(), 7.into())
    );
    // The lock file stays (see `files::Lock`), but nobody holds its lock.
    let lock = std::fs::File::open(dir.join("labs.json.lock")).unwrap();
    lock.try_lock().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// A relative PUZZLELAB_HOME is refused with a warning: nothing is written
/// into the current folder.
#[test]
fn a_relative_state_folder_is_refused() {
    let dir = crate::common::scratch_dir("bad-home");
    for home in ["", "rel"] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
            .args(["lab", "example"])
            .current_dir(&dir)
            .env("PUZZLELAB_HOME", home)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!(
                "PUZZLELAB_HOME=\"{home}\" is not an absolute path"
            )),
            "{err}"
        );
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert!(left.is_empty(), "{left:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- the process: no aborts, bounded input, closed pipes ----------------

/// `puzzlelab ARGS` with `stdin` bytes: (status, stdout, stderr).
fn run_bytes(args: &[&std::ffi::OsStr], stdin: &[u8]) -> (i32, String, String) {
    let r = crate::common::run_puzzlelab(args, stdin);
    (r.code, r.stdout, r.stderr)
}

fn run_text(args: &[&str], stdin: &str) -> (i32, String, String) {
    let r = crate::common::run_puzzlelab(args, stdin.as_bytes());
    (r.code, r.stdout, r.stderr)
}

/// Printing a value nested 5000 deep used to overflow the stack: now the
/// first 64 levels print and `[...]` stands for the rest.
#[test]
fn deeply_nested_values_print() {
    let (code, out, err) = run_text(
        &[],
        "let a = []; for i in 0..5000 { a = [a]; }\na\nprint(a)\n\
         let m = #{}; for i in 0..3000 { m = #{x: m}; }\nm\n",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    let deep = format!("{}[...]{}", "[".repeat(64), "]".repeat(64));
    assert_eq!(
        lines,
        [
            deep.as_str(),
            deep.as_str(),
            &format!("{}#{{...}}{}", "#{\"x\": ".repeat(64), "}".repeat(64))
        ]
    );
}

/// Recursion as deep as the cap on --max-call-levels runs; deeper is the
/// sandbox's error, and a cap past what the stack holds is refused.
#[test]
fn call_depth_is_capped_below_the_stack() {
    let f = "fn f(n) { if n == 0 { 0 } else { 1 + f(n - 1) } }";
    let (code, out, err) = run_text(
        &["--max-call-levels", "50000", "-e", &format!("{f} f(49990)")],
        "",
    );
    assert_eq!((code, out.as_str(), err.as_str()), (0, "49990\n", ""));
    let (code, _, err) = run_text(
        &["--max-call-levels", "50000", "-e", &format!("{f} f(60000)")],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("Stack overflow") && err.contains("--max-call-levels"),
        "{err}"
    );
    let (code, _, err) = run_text(&["--max-call-levels", "60000", "-e", "1"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "--max-call-levels 60000: at most 50000 (deeper recursion would overflow the stack)"
        ),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xff.rhai");
    let (code, out, err) = run_bytes(&[std::ffi::OsStr::new("run"), bad], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "puzzlelab: argument 2 (\u{FFFD}.rhai) is not valid UTF-8: puzzlelab reads its arguments as text\n"
    );
}

#[test]
fn repeating_a_string_past_memory() {
    let (code, _, err) = run_text(
        &[
            "--max-string-size",
            "0",
            "--max-memory",
            "0",
            "-e",
            "\"xx\" * 9223372036854775807",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "<-e>:1:6: *: repeating 2 bytes 9223372036854775807 times needs more memory than there is\n"
    );
    let (code, out, _) = run_text(
        &[
            "--max-string-size",
            "0",
            "-e",
            "(\"\" * 9223372036854775807).len()",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "0\n"));
}

/// Piped input with no line breaks is refused at 16 MiB, not read into
/// memory without end; a byte that is not UTF-8 stops the run with its
/// place and a failure status (it used to end quietly with 0).
#[test]
fn piped_input_is_bounded_and_checked() {
    let (code, out, err) = run_bytes(&[], &vec![b'a'; 17 << 20]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "<stdin>:1: a line longer than 16 MiB: is this a text file?\n"
    );
    let (code, out, err) = run_bytes(&[], b"print(1);\nprint(\"\xff\");\nprint(3);\n");
    assert_eq!((code, out.as_str()), (1, "1\n"));
    assert_eq!(
        err,
        "<stdin>:2: not valid UTF-8 (byte 0xFF at column 8): puzzlelab reads text\n"
    );
}

/// A long statement on stdin is parsed a bounded number of times (checks
/// spaced out as it grows), and still ends at the right line: the lines
/// after it, an interactive call and its answers included, run as their
/// own statements.
#[test]
fn a_long_piped_statement_ends_where_it_ends() {
    let mut text = String::from("let a = [\n");
    for i in 0..20_000 {
        text.push_str(&format!("  {i},\n"));
    }
    text.push_str("];\na.len()\na[19999]\nlet b = pentomino(\"V\");\n1\nZ\n1\n\nn\nb.cols\n");
    let (code, out, err) = run_text(&[], &text);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("20000\n19999\n"), "{out}");
    assert!(out.contains("*** break"), "{out}");
    assert!(out.ends_with("\n10\n"), "{out}");
}

/// `print` in a loop piped into a reader that leaves (`| head -1`) ends
/// with status 141 instead of printing into nothing forever.
#[test]
fn a_closed_pipe_ends_the_run() {
    use std::io::{BufRead, BufReader};
    let home = crate::common::scratch_dir("bad-pipe");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["-e", "loop { print(\"y\") }"])
        .env("PUZZLELAB_HOME", home.as_str())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(first, "y\n");
    drop(out);
    for _ in 0..300 {
        if let Ok(Some(status)) = child.try_wait() {
            assert_eq!(status.code(), Some(141));
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = child.kill();
    panic!("still printing 30 s after its reader left");
}

/// A lab section that prints in a loop is stopped at the output cap (the
/// string size limit), not left to fill memory.
#[test]
fn lab_output_is_bounded() {
    let file = crate::common::scratch_file("bad-lab", "loud.lab");
    std::fs::write(
        &file,
        "Title: Loud\nLab Section One\nPrints.\n)\nfor i in 0..100000 { print(\"line \" + i) }\n",
    )
    .unwrap();
    let limits = Limits {
        max_string_size: 1000,
        ..Limits::default()
    };
    let e = puzzlelab::lab::print_transcript(file.as_str(), &limits).unwrap_err();
    assert!(
        e.contains("the printed output passed 1000 bytes (the string size limit); raise it with --max-string-size N"),
        "{e}"
    );
    assert!(e.len() < 3000, "{} bytes", e.len());
}

/// The map and array size limits hold on every write path: `m[k] = v`,
/// `m.a[k] = v` (checked every 4096 reads of `m`), `push` and `+=`.
#[test]
fn size_limits_hold_on_every_write() {
    for (code, want) in [
        (
            r#"let m = #{}; for i in 0..200 { m["k" + i] = i; }"#,
            "Size of object map too large",
        ),
        (
            r#"let m = #{a: #{}}; for i in 0..10000 { m.a["k" + i] = i; }"#,
            "Size of object map too large",
        ),
        (
            r#"let a = []; for i in 0..200 { a.push(i); }"#,
            "Size of array/BLOB too large",
        ),
        (
            r#"let a = []; for i in 0..200 { a += [i]; }"#,
            "Size of array/BLOB too large",
        ),
    ] {
        let (status, _, err) = run_text(
            &["--max-map-size", "100", "--max-array-size", "100"],
            &format!("{code}\n"),
        );
        assert_eq!(status, 1, "{code}");
        assert!(err.contains(want), "{code}: {err}");
    }
}
