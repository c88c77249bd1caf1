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
