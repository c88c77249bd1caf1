//! Readers that stream and stop, and written files that read back as
//! written (issue 21, items 2 and 6).
//!
//! Every reader of a file (puzzle files, similarity lists, DIMACS, solver
//! answers, scripts, labs) ends on its own on an endless or binary input
//! (`/dev/zero`: a line with no end; `/dev/urandom`: bad lines and no
//! puzzle), keeps the first 1000 bad lines and counts the rest, stops on
//! Ctrl+C with the interruption rule's message, and names a byte that is not
//! UTF-8 at `file:line:col`. Names written by `write_puzzles` read back
//! exactly, in every format (a property test over generated names).

use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use puzzlelab::script::Limits;
use puzzlelab::script::host::{Host, RecordingHost};
use puzzlelab::script::session::Session;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::formats::{self, Format, Record};

const YM: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const CLARK: &str =
    "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87";

fn session() -> (Rc<RecordingHost>, Session) {
    let host = Rc::new(RecordingHost::default());
    let s = Session::new(&Limits::default(), host.clone());
    (host, s)
}

/// The error message of `code`, which must fail.
fn failure(s: &mut Session, code: &str) -> String {
    match s.eval(code) {
        Ok(v) => panic!("{code} gave {v}"),
        Err(e) => e.message(),
    }
}

// ---- endless and binary inputs end on their own ----

#[test]
fn dev_zero_is_one_endless_line_for_every_reader() {
    let (_, mut s) = session();
    let start = Instant::now();
    let puzzles = ": /dev/zero:1: line longer than 64 MiB: not a puzzle file, reading stopped";
    for f in [
        "read_file",
        "read_puzzles",
        "solve_file",
        "named_puzzles",
        "canon_groups",
    ] {
        assert_eq!(
            failure(&mut s, &format!("{f}(\"/dev/zero\")")),
            format!("{f}{puzzles}")
        );
    }
    assert_eq!(
        failure(&mut s, "similar_report([\"/dev/zero\"])"),
        format!("similar_report{puzzles}")
    );
    let text = ": /dev/zero:1: line longer than 64 MiB: not a text file, reading stopped";
    for f in ["read_dimacs", "read_answer"] {
        assert_eq!(
            failure(&mut s, &format!("{f}(\"/dev/zero\")")),
            format!("{f}{text}")
        );
    }
    // Eight readers, 64 MiB each: well under a second apiece when optimised.
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn dev_urandom_ends_after_a_thousand_bad_lines() {
    let (_, mut s) = session();
    let start = Instant::now();
    for f in ["read_file", "read_puzzles", "solve_file"] {
        let e = failure(&mut s, &format!("{f}(\"/dev/urandom\")"));
        assert!(e.starts_with(&format!("{f}: /dev/urandom:")), "{e}");
        assert!(
            e.ends_with(": 1000 bad lines and not one puzzle: not a puzzle file, reading stopped"),
            "{e}"
        );
    }
    // These stop at the first bad line, whatever it is.
    for f in ["named_puzzles", "read_dimacs", "read_answer"] {
        let e = failure(&mut s, &format!("{f}(\"/dev/urandom\")"));
        assert!(e.starts_with(&format!("{f}: /dev/urandom:")), "{e}");
    }
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_thousand_bad_lines_before_any_puzzle_stop_the_reading() {
    let file = crate::common::scratch_file("trust-readers", "bad.txt");
    std::fs::write(&file, format!("{}{YM}\n", "x\n".repeat(1000))).unwrap();
    let (_, mut s) = session();
    assert_eq!(
        failure(&mut s, &format!("read_file({:?})", file.as_str())),
        format!(
            "read_file: {file}:1000: 1000 bad lines and not one puzzle: not a puzzle file, reading stopped"
        )
    );
}

#[test]
fn bad_lines_after_a_puzzle_are_kept_to_a_thousand_and_counted() {
    let file = crate::common::scratch_file("trust-readers", "many.txt");
    std::fs::write(&file, format!("{YM}\n{}{CLARK}\n", "x\n".repeat(3000))).unwrap();
    let (host, mut s) = session();
    let p = file.as_str();
    let errors = s
        .eval(&format!("read_file({p:?}).errors"))
        .unwrap()
        .into_array()
        .unwrap();
    assert_eq!(errors.len(), 1001);
    assert_eq!(
        errors[0].to_string(),
        format!(
            "{p}:2:1: bad character 'x': a cell is a digit 1-9, or one of . 0 - _ * when empty"
        )
    );
    assert_eq!(errors[1000].to_string(), "... and 2000 more bad lines");
    let n = s.eval(&format!("read_file({p:?}).puzzles.len()")).unwrap();
    assert_eq!(n.as_int().unwrap(), 2);
    // solve_file keeps them the same way.
    let solved = s
        .eval(&format!(
            "let r = solve_file({p:?}); [r.errors.len(), r.errors[1000], r.unique]"
        ))
        .unwrap()
        .into_array()
        .unwrap();
    assert_eq!(solved[0].as_int().unwrap(), 1001);
    assert_eq!(solved[1].to_string(), "... and 2000 more bad lines");
    assert_eq!(solved[2].as_int().unwrap(), 1);
    // read_puzzles warns a thousand times, then once with the count.
    let grids = s.eval(&format!("read_puzzles({p:?}).len()")).unwrap();
    assert_eq!(grids.as_int().unwrap(), 2);
    let notes = host.notes();
    assert_eq!(notes.len(), 1001);
    assert_eq!(notes[1000], "warning: ... and 2000 more bad lines");
}

#[test]
fn a_line_longer_than_any_puzzle_line_is_an_error_at_its_line() {
    let file = crate::common::scratch_file("trust-readers", "long.txt");
    std::fs::write(&file, format!("{}\n{YM}\n", "1".repeat(100_000))).unwrap();
    let (_, mut s) = session();
    let p = file.as_str();
    let r = s
        .eval(&format!("let r = read_file({p:?}); [r.errors, r.lines]"))
        .unwrap()
        .into_array()
        .unwrap();
    let errors = r[0].clone().into_array().unwrap();
    assert_eq!(
        errors[0].to_string(),
        format!("{p}:1: line longer than 65536 bytes: skipped (no puzzle line is that long)")
    );
    assert_eq!(r[1].to_string(), "[2]");
}

// ---- Ctrl+C stops every reader ----

/// `code` stopped when its reader first asks its monitor: the message is
/// `want`, and the interrupt was used up (the next statement runs).
fn stops(code: &str, want: &str) {
    let (host, mut s) = session();
    host.cancel_next_job();
    assert_eq!(failure(&mut s, code), want, "{code}");
    assert_eq!(s.eval("1 + 1").unwrap().as_int().unwrap(), 2);
}

#[test]
fn ctrl_c_stops_each_reader_before_its_first_line() {
    let dir = crate::common::scratch_dir("trust-readers-stop");
    let puzzles = dir.join("p.txt").display().to_string();
    std::fs::write(&puzzles, format!("a\t{YM}\nb\t{CLARK}\n")).unwrap();
    let cnf = dir.join("f.cnf").display().to_string();
    std::fs::write(&cnf, "p cnf 2 1\n1 -2 0\n").unwrap();
    let answer = dir.join("a.txt").display().to_string();
    std::fs::write(&answer, "s SATISFIABLE\nv 1 -2 0\n").unwrap();
    let none = "(0 puzzles): no puzzles returned";
    stops(
        &format!("read_file({puzzles:?})"),
        &format!("stopped (Ctrl+C) in read_file after 0 lines of {puzzles} {none}"),
    );
    stops(
        &format!("read_puzzles({puzzles:?})"),
        &format!("stopped (Ctrl+C) in read_puzzles after 0 lines of {puzzles} {none}"),
    );
    for f in ["named_puzzles", "canon_groups"] {
        stops(
            &format!("{f}({puzzles:?})"),
            &format!("stopped (Ctrl+C) in {f} after 0 lines of {puzzles}: no puzzles read"),
        );
    }
    stops(
        &format!("similar_report([{puzzles:?}])"),
        &format!("stopped (Ctrl+C) in similar_report after 0 lines of {puzzles}: no puzzles read"),
    );
    stops(
        &format!("read_dimacs({cnf:?})"),
        &format!("stopped (Ctrl+C) in read_dimacs after 0 lines of {cnf}: nothing read"),
    );
    stops(
        &format!("read_answer({answer:?})"),
        &format!("stopped (Ctrl+C) in read_answer after 0 lines of {answer}: nothing read"),
    );
    // solve_file returns its summary marked stopped, with nothing solved.
    let (host, mut s) = session();
    host.cancel_next_job();
    let r = s
        .eval(&format!(
            "let r = solve_file({puzzles:?}); [r.stopped, r.puzzles]"
        ))
        .unwrap()
        .into_array()
        .unwrap();
    assert!(r[0].as_bool().unwrap());
    assert_eq!(r[1].as_int().unwrap(), 0);
}

/// A FIFO fed with empty lines without end (until its reader leaves).
fn endless_fifo(dir: &std::path::Path) -> String {
    let fifo = dir.join("endless");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let path = fifo.clone();
    std::thread::spawn(move || {
        use std::io::Write;
        let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&path) else {
            return;
        };
        let block = vec![b'\n'; 1 << 16];
        while f.write_all(&block).is_ok() {}
    });
    fifo.display().to_string()
}

#[test]
fn ctrl_c_stops_a_reader_in_the_middle_of_an_endless_input() {
    for (f, tail) in [
        ("read_file", " (0 puzzles): no puzzles returned"),
        ("named_puzzles", ": no puzzles read"),
        ("read_dimacs", ": nothing read"),
    ] {
        let dir = crate::common::scratch_dir("trust-readers-fifo");
        let fifo = endless_fifo(&dir);
        let host = Rc::new(RecordingHost::default());
        host.cancel_after_checks(20);
        let mut s = Session::new(&Limits::default(), host.clone());
        let e = failure(&mut s, &format!("{f}({fifo:?})"));
        let head = format!("stopped (Ctrl+C) in {f} after ");
        let lines: usize = e
            .strip_prefix(&head)
            .and_then(|rest| rest.strip_suffix(&format!(" lines of {fifo}{tail}")))
            .unwrap_or_else(|| panic!("{e}"))
            .parse()
            .unwrap();
        // Asked before the first line, then every 64 KiB (an empty line
        // counts 64 bytes): 19 askings later, about 19,000 lines were read.
        assert!((10_000..40_000).contains(&lines), "{e}");
        assert!(!host.cancelled(), "the interrupt was used up");
    }
}

#[test]
fn a_monitor_stops_an_endless_stream_of_blank_lines() {
    let stop = AtomicBool::new(false);
    let flag = puzzlelab::monitor::Flag(&stop);
    let endless = std::io::BufReader::new(std::io::repeat(b'\n'));
    let mut records = formats::Records::new(endless, "endless", &flag);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
        });
        assert!(records.next().is_none());
    });
    assert!(records.stopped());
    assert!(records.line() > 0);
}

// ---- bad bytes and byte-order marks in DIMACS, scripts and labs ----

#[test]
fn a_bad_byte_or_a_long_line_in_a_dimacs_file_is_named_at_its_place() {
    let file = crate::common::scratch_file("trust-readers", "bad.cnf");
    std::fs::write(&file, b"p cnf 2 1\n1 \xFF 0\n").unwrap();
    let (_, mut s) = session();
    assert_eq!(
        failure(&mut s, &format!("read_dimacs({:?})", file.as_str())),
        format!("read_dimacs: {file}:2:3: byte 0xFF is not UTF-8 text")
    );
    let long = crate::common::scratch_file("trust-readers", "long.cnf");
    std::fs::write(
        &long,
        format!("p cnf 2 1\nc {}\n1 0\n", "x".repeat(5 << 20)),
    )
    .unwrap();
    assert_eq!(
        failure(&mut s, &format!("read_dimacs({:?})", long.as_str())),
        format!("read_dimacs: {long}:2: line longer than 4 MiB: not read")
    );
}

#[test]
fn scripts_skip_a_bom_and_name_a_bad_byte() {
    let dir = crate::common::scratch_dir("trust-readers-scripts");
    let bom = dir.join("bom.rhai");
    std::fs::write(&bom, "\u{feff}print(\"hi\");\n").unwrap();
    let run = crate::common::run_puzzlelab(&["run".as_ref(), bom.as_os_str()], b"");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "hi\n"),
        "{}",
        run.stderr
    );
    let bad = dir.join("bad.rhai");
    std::fs::write(&bad, b"print(1);\nlet s = \"\xFF\";\n").unwrap();
    let run = crate::common::run_puzzlelab(&["run".as_ref(), bad.as_os_str()], b"");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        format!("{}:2:10: byte 0xFF is not UTF-8 text\n", bad.display())
    );
    let run = crate::common::run_puzzlelab(&["run", "/dev/zero"], b"");
    assert_eq!(
        run.stderr,
        "/dev/zero: larger than 16 MiB: not read (is it the right file?)\n"
    );
}

#[test]
fn labs_skip_a_bom_and_name_a_bad_byte() {
    let dir = crate::common::scratch_dir("trust-readers-labs");
    let lab = "Title: Tiny\nLab Section One\nText.\n)\n1 + 1\n";
    let bom = dir.join("bom.lab");
    std::fs::write(&bom, format!("\u{feff}{lab}")).unwrap();
    let loaded = puzzlelab::lab::load(bom.to_str().unwrap()).unwrap();
    assert_eq!(loaded.title, "Tiny");
    let bad = dir.join("bad.lab");
    let mut bytes = lab.as_bytes().to_vec();
    bytes.splice(30..30, [0xC3]);
    std::fs::write(&bad, &bytes).unwrap();
    let e = puzzlelab::lab::load(bad.to_str().unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{}:3:3: byte 0xC3 is not UTF-8 text", bad.display())
    );
}

// ---- written files read back as written ----

#[test]
fn names_with_tabs_and_line_breaks_read_back() {
    let dir = crate::common::scratch_dir("trust-readers-write");
    let (_, mut s) = session();
    let name = "a\\tb\\nc, \\\"d\\\" #1";
    for ext in ["tsv", "csv"] {
        let p = dir.join(format!("out.{ext}")).display().to_string();
        let _ = s.eval(&format!(
            "write_puzzles({p:?}, #{{puzzles: [grid(\"{YM}\"), grid(\"{CLARK}\")], names: [\"{name}\", \"\"], lines: [1, 2]}})"
        ))
        .unwrap();
        let back = s
            .eval(&format!(
                "let f = read_file({p:?}); [f.names, f.errors.len()]"
            ))
            .unwrap()
            .into_array()
            .unwrap();
        let names = back[0].clone().into_array().unwrap();
        assert_eq!(names[0].to_string(), "a\tb\nc, \"d\" #1", "{ext}");
        assert_eq!(names[1].to_string(), "", "{ext}");
        assert_eq!(back[1].as_int().unwrap(), 0, "{ext}");
    }
    // The CSV is RFC 4180: a header, quotes doubled, CR LF line ends.
    let text = std::fs::read_to_string(dir.join("out.csv")).unwrap();
    let zeros = YM.replace('.', "0");
    assert!(
        text.starts_with(&format!(
            "name,puzzle,solution\r\n\"a\\tb\\nc, \"\"d\"\" #1\",{zeros},\r\n,"
        )),
        "{text}"
    );
    let tsv = std::fs::read_to_string(dir.join("out.tsv")).unwrap();
    assert!(
        tsv.starts_with(&format!("a\\tb\\nc, \"d\" #1\t{zeros}\n\t")),
        "{tsv}"
    );
}

#[test]
fn a_name_too_long_to_read_back_is_refused_and_nothing_written() {
    let file = crate::common::scratch_file("trust-readers", "long.tsv");
    let (_, mut s) = session();
    let e = failure(
        &mut s,
        &format!(
            "write_puzzles({:?}, #{{puzzles: [ym], names: [\"x\" * 5000], lines: [1]}})",
            file.as_str()
        ),
    );
    assert_eq!(
        e,
        format!(
            "write_puzzles: {file}: puzzle 1: its name is 5000 bytes long once escaped, names are kept to 4096"
        )
    );
    assert!(!file.exists());
}

/// Records with any names, puzzles and solutions.
fn records() -> impl Strategy<Value = Vec<Record>> {
    let grid = proptest::collection::vec(0u8..=9, 81).prop_map(|cells| {
        let text: String = cells.iter().map(|d| char::from(b'0' + d)).collect();
        Grid::parse(&text).unwrap()
    });
    // Any character, and often those that break a line or a field.
    let char = prop_oneof![
        any::<char>(),
        proptest::sample::select(vec!['\n', '\r', '\t', '\\', ' ', '#', ',', '"', '\u{feff}']),
    ];
    let name = proptest::option::of(
        proptest::collection::vec(char, 1..12).prop_map(|cs| cs.into_iter().collect::<String>()),
    );
    let record = (name, grid.clone(), proptest::option::of(grid), 1usize..1000).prop_map(
        |(name, grid, solution, line)| Record {
            name,
            grid,
            solution,
            line,
            marks: None,
        },
    );
    proptest::collection::vec(record, 0..6)
}

/// What a format keeps of a record.
fn kept(r: &Record, format: Format) -> (Option<String>, Grid, Option<Grid>) {
    match format {
        Format::Lines => (None, r.grid, None),
        _ => (r.name.clone(), r.grid, r.solution),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_format_reads_back_what_it_wrote(recs in records()) {
        for format in [Format::Lines, Format::Named, Format::Csv] {
            let text = formats::format_records(&recs, format);
            let back = formats::parse_text(&text, "w");
            let want: Vec<_> = recs.iter().map(|r| kept(r, format)).collect();
            let got: Vec<_> = back.records.iter().map(|r| kept(r, format)).collect();
            prop_assert_eq!(got, want, "{:?}\n{}", format, text);
            if !recs.is_empty() {
                prop_assert!(back.errors.is_empty(), "{:?}: {:?}", format, back.errors.first());
            }
        }
        // JSON is read by any JSON reader: names and cells come back exactly.
        let json = formats::format_records(&recs, Format::Json);
        let items: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(items.len(), recs.len());
        for (item, r) in items.iter().zip(&recs) {
            prop_assert_eq!(item["name"].as_str(), r.name.as_deref());
            let puzzle = r.grid.line();
            prop_assert_eq!(item["puzzle"].as_str(), Some(puzzle.as_str()));
        }
    }
}

// ---- pipes: the first Ctrl+C stops any reader at once (issue 50, item 5) ----

/// A puzzlelab started on `args` in `dir`, its output captured.
#[cfg(target_os = "linux")]
fn start_in(dir: &std::path::Path, args: &[&str]) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .current_dir(dir)
        .env("PUZZLELAB_HOME", dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("puzzlelab starts")
}

/// What a child said and how it ended, and how long after the SIGINT.
#[cfg(target_os = "linux")]
struct Stopped {
    code: Option<i32>,
    after: Duration,
    stdout: String,
    stderr: String,
}

/// Sends SIGINT to `child` once it has waited `settle`, and waits at most
/// 10 s for it to end (then kills it: the test fails on the time).
#[cfg(target_os = "linux")]
fn interrupt(mut child: std::process::Child, settle: Duration) -> Stopped {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    use std::io::Read;
    std::thread::sleep(settle);
    assert!(
        child.try_wait().unwrap().is_none(),
        "it ended before the SIGINT"
    );
    let sent = Instant::now();
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let after = sent.elapsed();
    let (mut stdout, mut stderr) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    Stopped {
        code: status.code(),
        after,
        stdout,
        stderr,
    }
}

/// A FIFO at `dir/name`.
#[cfg(target_os = "linux")]
fn fifo(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    nix::unistd::mkfifo(&path, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
    path
}

/// A writer that opens `path` once its reader has, and writes `lines` to
/// it one every 50 ms, until they are all written or the reader left.
#[cfg(target_os = "linux")]
fn slow_writer(path: std::path::PathBuf, lines: Vec<String>) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        // Without a reader a non-blocking open fails (ENXIO): try again.
        let start = Instant::now();
        let mut f = loop {
            match std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(&path)
            {
                Ok(f) => break f,
                Err(_) if start.elapsed() < Duration::from_secs(5) => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Err(_) => return 0,
            }
        };
        let mut written = 0;
        for line in lines {
            if f.write_all(format!("{line}\n").as_bytes()).is_err() {
                break;
            }
            written += 1;
            std::thread::sleep(Duration::from_millis(50));
        }
        written
    })
}

/// The eight readers of the issue but `merge` (see below), each as the
/// command line runs it on the file `f`, and the lines a slow writer feeds it.
#[cfg(target_os = "linux")]
fn fifo_readers() -> Vec<(&'static str, Vec<&'static str>, Vec<String>)> {
    let puzzles = vec![YM.to_string(); 400];
    let mut cnf = vec!["p cnf 2 1".to_string()];
    cnf.extend(std::iter::repeat_n("c slowly".to_string(), 399));
    let script = vec!["// slowly".to_string(); 400];
    vec![
        ("read_file", vec!["-e", "read_file(\"f\")"], puzzles.clone()),
        ("rate", vec!["rate", "f"], puzzles.clone()),
        (
            "solve_file",
            vec!["-e", "solve_file(\"f\")"],
            puzzles.clone(),
        ),
        (
            "canon_groups",
            vec!["-e", "canon_groups(\"f\")"],
            puzzles.clone(),
        ),
        ("run", vec!["run", "f"], script),
        (
            "similar_report",
            vec!["-e", "similar_report([\"f\"])"],
            puzzles,
        ),
        ("read_dimacs", vec!["-e", "read_dimacs(\"f\")"], cnf),
    ]
}

/// Nothing on stdout but what a stopped run of `reader` is meant to say:
/// `rate` ends its (empty) list with the `#` line that it is partial,
/// `solve_file` returns its summary marked stopped; the others print nothing.
#[cfg(target_os = "linux")]
fn no_result(reader: &str, stdout: &str) -> bool {
    match reader {
        "rate" => stdout == "# stopped (Ctrl+C) after 0 puzzles: this list is partial\n",
        "solve_file" => stdout.contains("\"stopped\": true") && stdout.contains("\"puzzles\": 0,"),
        _ => stdout.is_empty(),
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_first_ctrl_c_stops_every_reader_of_a_fifo() {
    // The goal is 0.5 s; a loaded CI machine gets a margin, and the real
    // figures are printed (cargo test -- --nocapture).
    let limit = Duration::from_secs(2);
    let mut slowest = Duration::ZERO;
    let mut figures = Vec::new();
    for (reader, args, lines) in fifo_readers() {
        for slow in [false, true] {
            let dir = crate::common::scratch_dir("trust-readers-pipes");
            let f = fifo(&dir, "f");
            let writer = slow.then(|| slow_writer(f.clone(), lines.clone()));
            let child = start_in(&dir, &args);
            // The reader waits on the FIFO, or has read a few slow lines.
            let run = interrupt(child, Duration::from_millis(400));
            let case = format!(
                "{reader} ({})",
                if slow { "slow writer" } else { "no writer" }
            );
            assert_eq!(run.code, Some(130), "{case}: {}", run.stderr);
            assert!(run.after < limit, "{case}: {:?}", run.after);
            assert!(no_result(reader, &run.stdout), "{case}: {}", run.stdout);
            // solve_file's summary says it was stopped; the others say so on stderr.
            let said = match reader {
                "solve_file" => &run.stdout,
                _ => &run.stderr,
            };
            assert!(said.contains("stopped"), "{case}: {said}");
            if let Some(w) = writer {
                // Stopped long before the 400 lines (20 s) were written.
                let written = w.join().unwrap();
                assert!(written < 100, "{case}: {written} lines written");
            }
            slowest = slowest.max(run.after);
            figures.push(format!("{case} {} ms", run.after.as_millis()));
        }
    }
    eprintln!(
        "SIGINT to exit, slowest {} ms: {}",
        slowest.as_millis(),
        figures.join(", ")
    );
}

#[cfg(target_os = "linux")]
#[test]
fn merge_refuses_a_fifo_part_at_once() {
    // A part is read from its end too: a FIFO can never be one, so merge
    // says so before it waits for anything (no Ctrl+C needed).
    let dir = crate::common::scratch_dir("trust-readers-merge-fifo");
    let f = fifo(&dir, "n.txt.1-of-1");
    let start = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["merge", "-o", "n.txt", "n.txt.1-of-1"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let took = start.elapsed();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "puzzlelab merge: {}: is a FIFO (named pipe), not a part file: a part is read from its end too, so it must be a regular file\n",
            f.file_name().unwrap().to_string_lossy()
        )
    );
    assert!(out.stdout.is_empty());
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_reader_stopped_in_a_session_waits_no_longer_than_a_poll() {
    // In a session (the REPL, a notebook, a lab) the stop comes from the
    // host's flag: a reader blocked on a FIFO no one writes hears it within
    // a poll's 100 ms, and the interrupt is used up.
    let dir = crate::common::scratch_dir("trust-readers-session-fifo");
    let f = fifo(&dir, "f").display().to_string();
    for (code, want) in [
        (
            format!("read_file({f:?})"),
            format!(
                "stopped (Ctrl+C) in read_file after 0 lines of {f} (0 puzzles): no puzzles returned"
            ),
        ),
        (
            format!("read_dimacs({f:?})"),
            format!("stopped (Ctrl+C) in read_dimacs after 0 lines of {f}: nothing read"),
        ),
    ] {
        let host = Rc::new(RecordingHost::default());
        // Asked before the first line (not yet), then by the poll.
        host.cancel_after_checks(3);
        let mut s = Session::new(&Limits::default(), host.clone());
        let start = Instant::now();
        assert_eq!(failure(&mut s, &code), want);
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        assert!(!host.cancelled(), "the interrupt was used up");
    }
}

// ---- work checked before it starts (issue 50, item 4) ----

#[cfg(target_os = "linux")]
#[test]
fn an_output_that_cannot_be_written_is_refused_before_any_work() {
    // The input is a FIFO no one writes: had the work started, it would
    // wait for ever. The refusal comes first, naming the output.
    let dir = crate::common::scratch_dir("trust-readers-out-first");
    let f = fifo(&dir, "f").display().to_string();
    let folder = dir.join("folder");
    std::fs::create_dir(&folder).unwrap();
    let folder = folder.display().to_string();
    let refused = format!("{folder}: is a folder, not a file");
    let (_, mut s) = session();
    let start = Instant::now();
    for (code, function) in [
        (
            format!("rate_file({f:?}, #{{out: {folder:?}}})"),
            "rate_file",
        ),
        (
            format!("canon_groups({f:?}, #{{out: {folder:?}}})"),
            "canon_groups",
        ),
        (
            format!("solve_file({f:?}, #{{out: {folder:?}}})"),
            "solve_file",
        ),
    ] {
        assert_eq!(
            failure(&mut s, &code),
            format!("{function}: {refused}"),
            "{code}"
        );
    }
    // A count is refused before its search reports any progress.
    let host = Rc::new(RecordingHost::default());
    let mut counting = Session::new(&Limits::default(), host.clone());
    for function in ["count_polyomino", "count_polycube"] {
        let board = match function {
            "count_polyomino" => "rect(6, 10)",
            _ => "cuboid(3, 4, 5)",
        };
        let code = format!("{function}({board}, \"pentominoes\", #{{out: {folder:?}}})");
        assert_eq!(
            failure(&mut counting, &code),
            format!("{function}: {refused}")
        );
    }
    assert_eq!(host.progress_reports(), 0);
    // A shard's part is checked as it will be written.
    std::fs::create_dir(dir.join("n.txt.1-of-2")).unwrap();
    let n = dir.join("n.txt").display().to_string();
    assert_eq!(
        failure(
            &mut s,
            &format!("rate_file({f:?}, #{{out: {n:?}, shard: \"1/2\"}})")
        ),
        format!("rate_file: {n}.1-of-2: is a folder, not a file")
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // merge checks its output before it reads a part (these do not exist).
    let run = crate::common::run_puzzlelab(&["merge", "-o", &folder, "missing.1-of-2"], b"");
    assert_eq!(
        (run.code, run.stderr),
        (1, format!("puzzlelab merge: {refused}\n"))
    );
    // Nothing was left behind by the trials.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".puzzlelab-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn every_thread_count_has_one_bound_and_one_refusal() {
    let must = "must be a whole number from 0 (one thread a core) to 1024, not 100000";
    let start = Instant::now();
    for sub in ["generate", "rate"] {
        let first = if sub == "generate" { "5" } else { "p.txt" };
        let run = crate::common::run_puzzlelab(&[sub, first, "--threads", "100000"], b"");
        assert_eq!(run.code, 2, "{sub}");
        assert!(
            run.stderr.starts_with(&format!(
                "error: invalid value '100000' for '--threads <N>': {must}\n"
            )),
            "{sub}: {}",
            run.stderr
        );
    }
    let (_, mut s) = session();
    for (function, code) in [
        ("solve_file", "solve_file(\"p.txt\", #{threads: 100000})"),
        ("rate_file", "rate_file(\"p.txt\", #{threads: 100000})"),
        (
            "count_polyomino",
            "count_polyomino(rect(6, 10), \"pentominoes\", #{threads: 100000})",
        ),
        (
            "count_polycube",
            "count_polycube(cuboid(3, 4, 5), \"pentominoes\", #{threads: 100000})",
        ),
    ] {
        assert_eq!(
            failure(&mut s, code),
            format!("{function}: option threads {must}"),
            "{code}"
        );
    }
    // Refused at once, never after starting threads.
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // 0 is one thread a core for the counts too, as for the files: the
    // same count as on one thread.
    let mut count = |threads: i64| {
        s.eval(&format!(
            "count_polyomino(rect(3, 20), \"pentominoes\", #{{threads: {threads}}})"
        ))
        .unwrap()
        .to_string()
    };
    let all_cores = count(0);
    assert_eq!(all_cores, count(1));
}

#[test]
fn a_stopped_solve_file_counts_only_what_it_finished() {
    // 20,000 copies of one puzzle with a single solution: every puzzle
    // finished is unique, so the counts must agree with `puzzles`.
    let file = crate::common::scratch_file("trust-readers-stopped", "p.txt");
    std::fs::write(&file, format!("{YM}\n").repeat(20_000)).unwrap();
    let p = file.as_str();
    for checks in [5, 15, 30, 60] {
        let host = Rc::new(RecordingHost::default());
        host.cancel_after_checks(checks);
        let mut s = Session::new(&Limits::default(), host.clone());
        let r = s
            .eval(&format!(
                "let r = solve_file({p:?}, #{{threads: 2}}); [r.stopped, r.puzzles, r.solved, r.unique, r.multiple, r.invalid, r.unsolvable]"
            ))
            .unwrap()
            .into_array()
            .unwrap();
        let n: Vec<i64> = r[1..].iter().map(|v| v.as_int().unwrap()).collect();
        assert!(r[0].as_bool().unwrap(), "{checks} checks: not stopped");
        let (puzzles, solved, unique) = (n[0], n[1], n[2]);
        assert!(puzzles < 20_000, "{checks} checks: {n:?}");
        assert_eq!(solved, n[2] + n[3], "{checks} checks: {n:?}");
        assert_eq!(
            puzzles,
            unique + n[3] + n[4] + n[5],
            "{checks} checks: {n:?}"
        );
        assert_eq!(
            (unique, n[3], n[4], n[5]),
            (puzzles, 0, 0, 0),
            "{checks} checks"
        );
    }
}
