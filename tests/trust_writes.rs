//! Writes that never replace what is not a regular file, and stops that
//! leave nothing behind (issue 21, items 3 and 4).
//!
//! The write rule (`src/files.rs`): a target that exists and is not a
//! regular file (a device, a FIFO, a folder, a socket, a link to one of
//! those or to nothing) is refused with its path and what it is; a regular
//! file is replaced whole, keeping its permission bits and owner; a link to
//! one is written through. `/dev/full` is only ever a target that must be
//! refused (checked afterwards to still be the character device 1:7);
//! FIFOs and sockets are the tests' own.
//!
//! Stops: SIGTERM and SIGHUP end a run as Ctrl+C stops a job (exit 143 and
//! 129), temporary files removed; an outside solver runs in its own process
//! group and none of it survives a stop; stdout that fails is an error, a
//! closed pipe a quiet exit.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

use crate::common::scratch_dir;

/// The tail of every refusal of a device, FIFO or socket.
const NOT_REGULAR: &str =
    "not a regular file: puzzlelab writes only regular files, replacing them whole";

/// A valid puzzle (Hui's `ym`'s first line is not needed: any puzzle).
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn session() -> Session {
    Session::capturing(&Limits::default())
}

/// The error message `code` gives (it must fail).
fn error_of(s: &mut Session, code: &str) -> String {
    match s.eval(code) {
        Ok(v) => panic!("{code}: succeeded with {v}"),
        Err(e) => e.message(),
    }
}

/// `/dev/full` is still the character device 1:7.
fn assert_dev_full_intact() {
    let m = std::fs::symlink_metadata("/dev/full").expect("/dev/full exists");
    assert!(m.file_type().is_char_device(), "/dev/full was replaced");
    let rdev = m.rdev();
    assert_eq!(
        (nix::sys::stat::major(rdev), nix::sys::stat::minor(rdev)),
        (1, 7)
    );
}

/// Names in `dir` starting `.puzzlelab-` (unfinished temporary files).
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with(".puzzlelab-"))
                .collect()
        })
        .unwrap_or_default()
}

/// Character devices to write to: as root, this test's own copies of
/// `/dev/full` and `/dev/null` (made with mknod in `dir`), so that a
/// regression replaces a copy, never the machine's devices; otherwise the
/// real ones, which a process that is not root cannot replace.
fn devices(dir: &Path) -> (String, String) {
    use nix::sys::stat::{Mode, SFlag, makedev, mknod};
    let full = dir.join("full");
    let null = dir.join("null");
    let mode = Mode::from_bits_truncate(0o666);
    let made = mknod(&full, SFlag::S_IFCHR, mode, makedev(1, 7)).is_ok()
        && mknod(&null, SFlag::S_IFCHR, mode, makedev(1, 3)).is_ok();
    if made {
        (full.display().to_string(), null.display().to_string())
    } else {
        ("/dev/full".into(), "/dev/null".into())
    }
}

/// Every function that writes a file, with `{T}` for the target and
/// `{IN}` for a puzzle file it may read.
const WRITERS: &[(&str, &str)] = &[
    ("save_svg", r#"save_svg(ym, "{T}")"#),
    ("save_svg", r#"save_svg(ym, "{T}", #{candidates: true})"#),
    ("write_puzzles", r#"write_puzzles("{T}", [ym])"#),
    ("write_puzzles", r#"write_puzzles("{T}", [ym], "csv")"#),
    (
        "write_puzzles",
        r#"write_puzzles("{T}", read_file("{IN}"))"#,
    ),
    ("write_dimacs", r#"write_dimacs(ym, "{T}")"#),
    ("write_dimacs", r#"write_dimacs(cnf(ym), "{T}")"#),
    ("solve_file", r#"solve_file("{IN}", #{out: "{T}"})"#),
    (
        "solve_file",
        r#"solve_file("{IN}", #{out: "{T}", format: "json"})"#,
    ),
];

#[test]
fn every_writer_refuses_what_is_not_a_regular_file() {
    let dir = scratch_dir("refuse");
    let input = dir.join("in.txt");
    std::fs::write(&input, format!("{PUZZLE}\n")).unwrap();
    let fifo = dir.join("fifo");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let socket = dir.join("socket");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let folder = dir.join("folder");
    std::fs::create_dir(&folder).unwrap();
    let to_full = dir.join("to_full");
    let dangling = dir.join("dangling");
    std::os::unix::fs::symlink("nothing-here", &dangling).unwrap();
    let (full, null) = devices(&dir);
    std::os::unix::fs::symlink(&full, &to_full).unwrap();
    let targets: Vec<(String, String)> = vec![
        (
            full.clone(),
            format!("{full}: is a character device, {NOT_REGULAR}"),
        ),
        (
            null.clone(),
            format!("{null}: is a character device, {NOT_REGULAR}"),
        ),
        (
            fifo.display().to_string(),
            format!("{}: is a FIFO (named pipe), {NOT_REGULAR}", fifo.display()),
        ),
        (
            socket.display().to_string(),
            format!("{}: is a socket, {NOT_REGULAR}", socket.display()),
        ),
        (
            folder.display().to_string(),
            format!("{}: is a folder, not a file", folder.display()),
        ),
        (
            to_full.display().to_string(),
            format!(
                "{}: is a link to {full}: a character device, {NOT_REGULAR}",
                to_full.display()
            ),
        ),
        (
            dangling.display().to_string(),
            format!(
                "{}: is a link to nothing-here, which does not exist: puzzlelab writes only regular files, through a link only to an existing one",
                dangling.display()
            ),
        ),
    ];
    let mut s = session();
    for (name, code) in WRITERS {
        for (target, want) in &targets {
            let code = code
                .replace("{T}", target)
                .replace("{IN}", input.to_str().unwrap());
            assert_eq!(error_of(&mut s, &code), format!("{name}: {want}"), "{code}");
        }
    }
    assert_dev_full_intact();
    let null_meta = std::fs::metadata("/dev/null").unwrap();
    assert!(
        null_meta.file_type().is_char_device(),
        "/dev/null was replaced"
    );
    for device in [&full, &null] {
        let m = std::fs::symlink_metadata(device).unwrap();
        assert!(m.file_type().is_char_device(), "{device} was replaced");
    }
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert!(
        std::fs::symlink_metadata(&socket)
            .unwrap()
            .file_type()
            .is_socket()
    );
    assert!(std::fs::symlink_metadata(&folder).unwrap().is_dir());
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    assert!(std::fs::symlink_metadata(&to_full).unwrap().is_symlink());
    assert!(std::fs::symlink_metadata(&dangling).unwrap().is_symlink());
    assert!(!dir.join("nothing-here").exists());
    assert_eq!(temporaries(&dir), Vec::<String>::new());
}

#[test]
fn replacing_a_file_keeps_its_mode_owner_and_link() {
    let dir = scratch_dir("keep");
    let input = dir.join("in.txt");
    std::fs::write(&input, format!("{PUZZLE}\n")).unwrap();
    // Giving a file away needs root; otherwise only the mode is checked.
    let probe = dir.join("probe");
    std::fs::write(&probe, "").unwrap();
    let root = std::os::unix::fs::chown(&probe, Some(4321), Some(8765)).is_ok();
    let mut s = session();
    for (i, (name, code)) in WRITERS.iter().enumerate() {
        for mode in [0o600, 0o640, 0o755] {
            let file = dir.join(format!("old{i}.txt"));
            std::fs::write(&file, "old").unwrap();
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
            if root {
                std::os::unix::fs::chown(&file, Some(4321), Some(8765)).unwrap();
            }
            let code = code
                .replace("{T}", file.to_str().unwrap())
                .replace("{IN}", input.to_str().unwrap());
            let _ = s
                .eval(&code)
                .unwrap_or_else(|e| panic!("{code}: {}", e.message()));
            let m = std::fs::metadata(&file).unwrap();
            assert_eq!(m.permissions().mode() & 0o7777, mode, "{name}: {code}");
            if root {
                assert_eq!((m.uid(), m.gid()), (4321, 8765), "{code}: owner lost");
            }
            assert_ne!(std::fs::read_to_string(&file).unwrap(), "old", "{code}");
        }
        // Through a link: the file it points to is replaced, the link stays.
        let real = dir.join(format!("real{i}.txt"));
        let link = dir.join(format!("link{i}.txt"));
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let code = code
            .replace("{T}", link.to_str().unwrap())
            .replace("{IN}", input.to_str().unwrap());
        let _ = s
            .eval(&code)
            .unwrap_or_else(|e| panic!("{code}: {}", e.message()));
        assert!(
            std::fs::symlink_metadata(&link).unwrap().is_symlink(),
            "{code}"
        );
        assert_ne!(std::fs::read_to_string(&real).unwrap(), "old", "{code}");
    }
    assert_eq!(temporaries(&dir), Vec::<String>::new());
}

// ---- stdout ----

/// Run the binary with stdout on `stdout` and `stdin` as its input, at most
/// 60 s: (status, stderr).
fn run_with_stdout(args: &[&str], stdout: Stdio, stdin: &str) -> (Option<i32>, String) {
    let home = scratch_dir("stdout-home");
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PUZZLELAB_HOME", home.as_str())
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let _ = pipe.write_all(stdin.as_bytes());
    drop(pipe);
    let (status, _, err) = wait_bounded(child, Duration::from_secs(60));
    (status, err)
}

/// Wait for `child` at most `limit` (then kill it and fail): (status,
/// stdout, stderr).
fn wait_bounded(mut child: Child, limit: Duration) -> (Option<i32>, String, String) {
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_string(&mut text);
            }
            text
        })
    };
    let out = reader(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = reader(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("puzzlelab did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = child.wait().unwrap().code();
    (status, out.join().unwrap(), err.join().unwrap())
}

fn dev_full() -> Stdio {
    // Opened for writing only, never replaced or created.
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap(),
    )
}

#[test]
fn stdout_that_fails_is_an_error_with_a_message() {
    let full =
        "puzzlelab: cannot write to standard output: No space left on device (os error 28)\n";
    let script = scratch_dir("stdout-script");
    let file = script.join("p.rhai");
    std::fs::write(&file, "print(\"one\");\nprint(\"two\");\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["-e", "1 + 1"], ""),
        (vec!["-e", "print(\"x\"); 5"], ""),
        (vec!["run", file.to_str().unwrap()], ""),
        (vec![], "let a = 2;\na * 3\n"),
        (vec!["lab"], ""),
    ];
    for (args, stdin) in cases {
        let (code, err) = run_with_stdout(&args, dev_full(), stdin);
        assert_eq!((code, err.as_str()), (Some(1), full), "{args:?}");
    }
    assert_dev_full_intact();
}

#[test]
fn a_closed_stdout_is_an_error_and_dev_null_is_not() {
    let closed = "puzzlelab: cannot write to standard output: it is closed\n";
    let bin = env!("CARGO_BIN_EXE_puzzlelab");
    // The shell closes fd 1 (`>&-`) and starts puzzlelab without it.
    let run = |redirect: &str, code: &str| {
        let line = format!("exec \"$0\" -e '{code}' {redirect}");
        let child = Command::new("sh")
            .args(["-c", &line, bin])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (status, _, err) = wait_bounded(child, Duration::from_secs(60));
        (status, err)
    };
    assert_eq!(run(">&-", "print(1)"), (Some(1), closed.to_string()));
    assert_eq!(run(">&-", "6 * 7"), (Some(1), closed.to_string()));
    // Nothing to write: nothing fails.
    assert_eq!(run(">&-", "let a = 1;"), (Some(0), String::new()));
    assert_eq!(run(">/dev/null", "print(1)"), (Some(0), String::new()));
}

#[test]
fn a_closed_pipe_is_a_quiet_exit() {
    let home = scratch_dir("pipe-home");
    let mut child = start(&["-e", "for i in 0..10000000 { print(i) }"], home.as_str());
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "0\n");
    drop(out); // `| head -1`
    let (code, _, err) = wait_bounded(child, Duration::from_secs(60));
    assert_eq!((code, err.as_str()), (Some(141), ""));
}

// ---- signals ----

fn send(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill {signal}");
}

/// Feeds `fifo` with puzzles without end (until the reader goes away),
/// so that `solve_file` on it runs until it is stopped.
fn feed_endlessly(fifo: PathBuf) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&fifo) else {
            return;
        };
        let block = format!("{PUZZLE}\n").repeat(4096);
        while f.write_all(block.as_bytes()).is_ok() {}
    })
}

/// `solve_file` reading an endless FIFO into OUT (holding "old") with a
/// temporary file under way; `signal` sent once the temporary file exists.
/// Returns (status, stdout, stderr) and checks that OUT is untouched and
/// no temporary file is left.
fn stop_solve_file(args: &[&str], signal: &str) -> (Option<i32>, String, String) {
    let dir = scratch_dir("stop-solve");
    let fifo = dir.join("endless.txt");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let out = dir.join("out.txt");
    std::fs::write(&out, "old\n").unwrap();
    let feeder = feed_endlessly(fifo.clone());
    let home = scratch_dir("stop-home");
    let args: Vec<String> = args
        .iter()
        .map(|a| {
            a.replace("{IN}", fifo.to_str().unwrap())
                .replace("{OUT}", out.to_str().unwrap())
        })
        .collect();
    let child = start(&args, home.as_str());
    wait_for_temporary(&dir);
    // Blocks are solved and written to it well before this.
    std::thread::sleep(Duration::from_millis(500));
    send(&child, signal);
    let sent = Instant::now();
    let result = wait_bounded(child, Duration::from_secs(60));
    assert!(
        sent.elapsed() < Duration::from_secs(3),
        "{args:?}: took {:?}: the job did not hear the stop",
        sent.elapsed()
    );
    feeder.join().unwrap();
    assert_eq!(temporaries(&dir), Vec::<String>::new(), "{args:?}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old\n", "{args:?}");
    result
}

#[test]
fn sigterm_and_sighup_stop_solve_file_and_leave_no_temporary_file() {
    let code = r#"let s = solve_file("{IN}", #{out: "{OUT}", threads: 1}); s.stopped"#;
    for (signal, status, name) in [("-TERM", 143, "SIGTERM"), ("-HUP", 129, "SIGHUP")] {
        let (got, out, err) = stop_solve_file(&["-e", code], signal);
        assert_eq!(got, Some(status), "{signal}: {err}");
        assert!(
            err.ends_with(&format!("stopped by {name}\n")),
            "{signal}: {err}"
        );
        // The run ends there: nothing after the stopped statement prints
        // a value that looks complete.
        assert!(!out.contains("false"), "{signal}: {out}");
    }
}

/// `solve_file` waiting on a FIFO that never gives a line, with its
/// temporary output file made: `signals` sent one after the other. Returns
/// (status, stderr, how long it took from the first signal) and checks
/// that no temporary file is left and OUT is untouched.
fn stop_a_waiting_solve_file(signals: &[&str]) -> (Option<i32>, String, Duration) {
    let dir = scratch_dir("deaf-solve");
    let fifo = dir.join("silent.txt");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let out = dir.join("out.txt");
    std::fs::write(&out, "old\n").unwrap();
    let home = scratch_dir("deaf-home");
    let code = format!(
        r#"solve_file("{}", #{{out: "{}"}})"#,
        fifo.display(),
        out.display()
    );
    let child = start(&["-e", &code], home.as_str());
    // Held open, never written: the reader waits.
    let _writer = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    wait_for_temporary(&dir);
    // The temporary file is made before the reader's first wait: a signal
    // sent in between is seen at the reader's first check, in time.
    wait_until_waiting(&child, &fifo);
    let sent = Instant::now();
    for signal in signals {
        send(&child, signal);
        std::thread::sleep(Duration::from_millis(200));
    }
    let (status, _, err) = wait_bounded(child, Duration::from_secs(60));
    let took = sent.elapsed();
    assert_eq!(temporaries(&dir), Vec::<String>::new(), "{signals:?}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old\n");
    (status, err, took)
}

#[test]
fn a_job_waiting_on_a_fifo_hears_the_stop_and_removes_its_files() {
    // A reader waiting on a FIFO asks the stop flag every 100 ms (issue 50,
    // item 5): it stops well within the 3 s grace given to code deaf to
    // the stop, and the run ends in order, its temporary file removed.
    for (signal, status, name) in [("-TERM", 143, "SIGTERM"), ("-HUP", 129, "SIGHUP")] {
        let (got, err, took) = stop_a_waiting_solve_file(&[signal]);
        assert_eq!(got, Some(status), "{signal}: {err}");
        assert_eq!(err, format!("stopped by {name}\n"), "{signal}");
        assert!(took < Duration::from_secs(3), "{signal}: {took:?}");
    }
    // Ctrl+C stops the job; its summary and a note say so (a signal that
    // ends the run gives none: nothing runs after it), and the status is 130.
    let (got, err, took) = stop_a_waiting_solve_file(&["-INT"]);
    assert_eq!(
        (got, err.as_str()),
        (
            Some(130),
            "stopped (Ctrl+C) in solve_file after 0 puzzles: the summary is partial \
             (\"stopped\": true), and so is any figure taken from it\n"
        )
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[test]
fn a_stop_signal_with_nothing_running_leaves_at_once() {
    // Piped stdin, waiting for the next statement.
    let home = scratch_dir("idle-home");
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .env("PUZZLELAB_HOME", home.as_str())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"print(\"ready\");\n").unwrap();
    input.flush().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "ready\n");
    // The statement has ended and the reader waits for the next one.
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    send(&child, "-TERM");
    let (status, _, err) = wait_bounded(child, Duration::from_secs(60));
    // On a slow machine the statement may still be ending: then the run
    // ends after it, saying so in the shorter words.
    assert!(
        ["\nstopped by SIGTERM: leaving\n", "stopped by SIGTERM\n"].contains(&err.as_str()),
        "{err}"
    );
    assert_eq!(status, Some(143));
    assert!(sent.elapsed() < Duration::from_secs(3));
    drop(input);
}

#[test]
fn a_stopped_solve_file_script_never_says_it_wrote() {
    let (code, out, err) =
        stop_solve_file(&["run", "scripts/solve_file.rhai", "{IN}", "{OUT}"], "-INT");
    assert_eq!(code, Some(130), "{err}");
    assert!(!out.contains("solutions written to"), "{out}");
    assert!(
        out.contains("  stopped by Ctrl+C: the counts cover the puzzles done so far\n"),
        "{out}"
    );
    assert!(out.ends_with(" (stopped before the end)\n"), "{out}");
    assert!(out.contains("  nothing written to "), "{out}");
}

/// The processes whose command line is exactly `words`.
fn processes_running(words: &[&str]) -> Vec<u32> {
    let want: Vec<u8> = words
        .iter()
        .flat_map(|w| [w.as_bytes(), b"\0"].concat())
        .collect();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| c == want))
        .collect()
}

#[test]
fn an_outside_solver_and_all_it_started_end_with_any_stop() {
    for (signal, status) in [("-INT", 130), ("-TERM", 143), ("-HUP", 129)] {
        // A duration no other process uses: `sleep` takes fractions.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let sleep = format!("1000.{}{nanos:09}", std::process::id());
        let code = format!(
            r#"sat_solve(ym, #{{solver: ["sh", "-c", "sleep {sleep}; echo s SATISFIABLE"]}})"#
        );
        let home = scratch_dir("solver-home");
        let child = start(&["--allow-exec", "-e", &code], home.as_str());
        let start = Instant::now();
        let sleeper = loop {
            if let Some(&pid) = processes_running(&["sleep", &sleep]).first() {
                break pid;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "the solver did not start"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        // The formula's private folder, from the shell's last argument.
        let shell = std::fs::read(format!("/proc/{}/stat", sleeper)).unwrap();
        let parent: u32 = String::from_utf8_lossy(&shell)
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().nth(1)?.parse().ok())
            .unwrap();
        let shell_args = std::fs::read(format!("/proc/{parent}/cmdline")).unwrap();
        let formula = String::from_utf8_lossy(&shell_args)
            .split('\0')
            .find(|a| a.ends_with("formula.cnf"))
            .map(PathBuf::from)
            .expect("the shell was given the formula");
        assert!(formula.exists());
        send(&child, signal);
        let (got, _, err) = wait_bounded(child, Duration::from_secs(60));
        assert_eq!(got, Some(status), "{signal}: {err}");
        let gone = Instant::now();
        while !processes_running(&["sleep", &sleep]).is_empty() {
            assert!(
                gone.elapsed() < Duration::from_secs(5),
                "{signal}: `sleep {sleep}` survived the stop"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(
            processes_running(&[
                "sh",
                "-c",
                &format!("sleep {sleep}; echo s SATISFIABLE"),
                formula.to_str().unwrap()
            ])
            .is_empty()
        );
        assert!(
            !formula.parent().unwrap().exists(),
            "{signal}: temp folder left"
        );
    }
}

/// A job stopped by a stop signal says which signal stopped it, not
/// Ctrl+C, and its value is never given as complete.
#[test]
fn a_job_stopped_by_a_signal_names_the_signal() {
    for (signal, name, status) in [("-TERM", "SIGTERM", 143), ("-HUP", "SIGHUP", 129)] {
        let home = scratch_dir("signal-home");
        let child = start(
            &[
                "-e",
                r#"count_polyomino(rect(8, 8), ["XX"], #{copies: 32, raw: true})"#,
            ],
            home.as_str(),
        );
        // 12,988,816 tilings: far more than a second's work.
        std::thread::sleep(Duration::from_millis(700));
        send(&child, signal);
        let (code, out, err) = wait_bounded(child, Duration::from_secs(60));
        assert_eq!((code, out.as_str()), (Some(status), ""), "{err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(
            first.starts_with(&format!(
                "<-e>:1:1: stopped ({name}) in count_polyomino after "
            )),
            "{err}"
        );
        assert!(first.ends_with(": the count is partial"), "{err}");
        assert_eq!(
            err.lines().nth(1),
            Some(format!("stopped by {name}").as_str()),
            "{err}"
        );
    }
}

/// `puzzlelab ARGS` started in the package folder with its own home, stdin
/// closed, stdout and stderr piped: for the tests that signal or watch it.
fn start<S: AsRef<std::ffi::OsStr>>(args: &[S], home: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PUZZLELAB_HOME", home)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Wait (30 s at most) until a thread of `child` waits in `poll` while
/// the process holds `fifo` open, as the kernel reports it: a task's
/// `syscall` file names poll (or ppoll), and a descriptor in `fd/` links
/// to the FIFO. (A reader of a FIFO polls it, see `reading::open_input`.)
fn wait_until_waiting(child: &Child, fifo: &Path) {
    #[cfg(target_arch = "x86_64")]
    const POLL: &[&str] = &["7", "271"];
    #[cfg(target_arch = "aarch64")]
    const POLL: &[&str] = &["73"];
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    const POLL: &[&str] = &[];
    let proc_dir = PathBuf::from(format!("/proc/{}", child.id()));
    let fifo = fifo.canonicalize().unwrap();
    let reading = || {
        let open = std::fs::read_dir(proc_dir.join("fd")).is_ok_and(|fds| {
            fds.flatten()
                .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|target| target == fifo))
        });
        let Ok(tasks) = std::fs::read_dir(proc_dir.join("task")) else {
            return false;
        };
        open && tasks.flatten().any(|task| {
            let call = std::fs::read_to_string(task.path().join("syscall")).unwrap_or_default();
            call.split_whitespace()
                .next()
                .is_some_and(|number| POLL.contains(&number))
        })
    };
    let start = Instant::now();
    if POLL.is_empty() {
        // No way to see it on this machine: a pause makes the race unlikely.
        std::thread::sleep(Duration::from_millis(500));
        return;
    }
    while !reading() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the job never waited on {}",
            fifo.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Wait (30 s at most) until a write in `dir` has made its temporary file:
/// the job is then under way.
fn wait_for_temporary(dir: &Path) {
    let start = Instant::now();
    while temporaries(dir).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}
