//! The memory budget (`--max-memory`): one limit in bytes for the whole
//! process, counted by the binary's allocator, that stops script code and
//! native jobs the way Ctrl+C does and leaves the session alive. Only the
//! binary counts, so every test here runs it.

use crate::common::Run;

fn puzzlelab(args: &[&str], stdin: &str) -> Run {
    crate::common::run_puzzlelab(args, stdin.as_bytes())
}

/// Whether `message` is a stop for the memory budget `budget`: the check
/// between operations (`memory limit (64.0 MiB) reached while running
/// script code: ...`), or an operation refused before it allocated
/// (`memory limit (64.0 MiB) reached in push: it needs ...`).
fn is_memory_stop(message: &str, budget: &str) -> bool {
    message.starts_with(&format!("memory limit ({budget}) reached "))
        && message.ends_with("raise it with --max-memory")
}

/// A loop that only grows ends with the memory error, not an OOM kill, and
/// the message names the limit and the flag.
#[test]
fn a_growing_loop_stops_at_the_budget() {
    for code in [
        "let a = []; loop { a.push(a.len()) }",
        r#"let s = "x"; loop { s += s; }"#,
        "let a = [1]; loop { a += a; }",
        "let m = #{}; let i = 0; loop { m[`k${i}`] = i; i += 1; }",
    ] {
        let o = puzzlelab(&["--max-memory", "64M", "-e", code], "");
        assert_eq!(o.code, 1, "{code}: {}", o.stderr);
        let (place, message) = o.stderr.trim_end().split_once(": ").expect("located");
        // Rhai counts the step into `m[k]` with no position (its
        // `get_indexed_mut` passes `Position::NONE` to the operation
        // check), so a stop that lands on that step can name only the
        // source; every other step names its line and column.
        let unplaced = code.contains("m[") && place == "<-e>";
        assert!(
            place.starts_with("<-e>:1:") || unplaced,
            "{code}: {}",
            o.stderr
        );
        assert!(is_memory_stop(message, "64.0 MiB"), "{code}: {message}");
    }
}

/// After a memory stop the session goes on: the values kept from the
/// stopped statement can be freed, and then work of the same size runs.
#[test]
fn the_session_lives_on_after_a_memory_stop() {
    let o = puzzlelab(
        &["--max-memory", "64M"],
        "let a = []; loop { a.push(a.len()) }\n\
         print(a.len() > 1000000)\n\
         a = ()\n\
         let b = []; for i in 0..1000000 { b.push(i) }\n\
         b.len()\n",
    );
    assert_eq!(o.stdout, "true\n1000000\n", "{}", o.stderr);
    // The column is the operation the check stopped at: the push or the
    // loop's own step, whichever came first past the budget.
    let (place, message) = o.stderr.trim_end().split_once(": ").expect("located");
    assert!(place.starts_with("<stdin>:1:"), "{}", o.stderr);
    assert!(is_memory_stop(message, "64.0 MiB"), "{message}");
    assert_eq!(o.stderr.lines().count(), 1, "{}", o.stderr);
    assert_eq!(o.code, 1);
}

/// A native job that grows memory (every domino tiling of 8×8 kept as a
/// packing: 12,988,816 of them) is stopped through its monitor, with a
/// message that says where, how far it got and that the list is partial.
#[test]
fn a_native_job_stops_at_the_budget() {
    let o = puzzlelab(
        &[
            "--max-memory",
            "64M",
            "-e",
            r#"solve_polyomino(rect(8, 8), ["XX"], #{copies: 32, raw: true, limit: 100000000}).len()"#,
        ],
        "",
    );
    assert_eq!((o.code, o.stdout.as_str()), (1, ""), "{}", o.stderr);
    let message = o.stderr.trim_end();
    assert!(
        message.starts_with("<-e>:1:1: memory limit (64.0 MiB) reached in solve_polyomino after "),
        "{message}"
    );
    assert!(
        message.ends_with(
            "top-level branches finished: the list is partial; raise it with --max-memory"
        ),
        "{message}"
    );
}

/// A request whose size is known before it is made (a string repeat) is
/// refused against the budget up front.
#[test]
fn a_known_large_request_is_refused_up_front() {
    let o = puzzlelab(&["--max-memory", "64M", "-e", r#""ab" * 100000000"#], "");
    assert_eq!(
        (o.code, o.stderr.as_str()),
        (
            1,
            "<-e>:1:6: memory limit (64.0 MiB) reached in *: repeating 2 bytes 100000000 times; raise it with --max-memory\n"
        )
    );
    let o = puzzlelab(
        &["--max-memory", "64M", "-e", r#"("ab" * 1000000).len()"#],
        "",
    );
    assert_eq!(
        (o.code, o.stdout.as_str()),
        (0, "2000000\n"),
        "{}",
        o.stderr
    );
}

/// `0` turns the budget off; sizes take suffixes; a bad size is refused
/// with what was given.
#[test]
fn the_flag_takes_sizes() {
    let o = puzzlelab(&["--max-memory", "0", "-e", "1 + 1"], "");
    assert_eq!((o.code, o.stdout.as_str()), (0, "2\n"));
    let o = puzzlelab(&["--max-memory", "1.5G"], ":limits\n");
    assert!(
        o.stdout
            .contains("--max-memory            1.5 GiB  most heap memory the process may hold ("),
        "{}",
        o.stdout
    );
    let o = puzzlelab(&["--max-memory", "lots", "-e", "1"], "");
    assert_eq!(o.code, 2);
    assert!(
        o.stderr.contains(
            "invalid value 'lots' for '--max-memory <SIZE>': needs a size such as 512M, 4G or 1073741824 (bytes; 0 = no limit), not \"lots\""
        ),
        "{}",
        o.stderr
    );
}

/// The default is half of physical memory, and `:limits` says so.
#[test]
fn the_default_is_half_the_machine() {
    let o = puzzlelab(&[], ":limits\n");
    let line = o
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("--max-memory"))
        .expect("a --max-memory line");
    let want = puzzlelab::memory::format_size(puzzlelab::memory::default_budget());
    assert!(line.contains(&want), "{line} (want {want})");
    // The size limits are off by default: they cost O(size) per change.
    for flag in ["--max-string-size", "--max-array-size", "--max-map-size"] {
        let line = o
            .stdout
            .lines()
            .find(|l| l.trim_start().starts_with(flag))
            .expect("a line per flag");
        assert_eq!(line.split_whitespace().nth(1), Some("0"), "{line}");
    }
}

/// Starts the measured program as a grandchild and writes its peak
/// resident set (`ru_maxrss` from `wait4`, in KiB) to `$PEAK_FILE`. A
/// child's `ru_maxrss` counts the memory of the process it was spawned
/// from (Linux carries the old image's high-water mark across `exec`), so
/// a child of this test binary, which holds hundreds of MB in a full run,
/// would read that much; a child of this small launcher reads its own.
const LAUNCHER: &str = "import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
with open(os.environ['PEAK_FILE'], 'w') as f:
    f.write(str(usage.ru_maxrss))
code = os.waitstatus_to_exitcode(status)
os._exit(code if code >= 0 else 255)
";

/// A run of the binary and the most memory its process held (its peak
/// resident set, read by [`LAUNCHER`]).
fn run_measured(args: &[&str], stdin: &str) -> (Run, u64) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let home = crate::common::scratch_dir("memory");
    let peak_file = home.join("peak");
    let mut child = Command::new("python3")
        .args(["-c", LAUNCHER, env!("CARGO_BIN_EXE_puzzlelab")])
        .args(args)
        .env("PUZZLELAB_HOME", home.as_str())
        .env("PEAK_FILE", &peak_file)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 starts the launcher");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the launcher runs");
    let _ = writer.join();
    let peak: u64 = std::fs::read_to_string(&peak_file)
        .expect("the launcher wrote the peak")
        .trim()
        .parse()
        .expect("the peak is a number");
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    (run, peak * 1024)
}

/// The bound every script keeps to: twice the budget and 64 MiB.
fn ceiling(budget: u64) -> u64 {
    2 * budget + (64 << 20)
}

/// Each operation that makes a large value in one step is refused before
/// it allocates: the process never holds more than twice the budget and
/// 64 MiB, and the error names the budget. (Before, under 32M, the first
/// of these returned 262,144,000 at a 757 MB peak, and `a.pad` returned at
/// 1.57 GB.)
#[test]
fn one_large_operation_is_refused_before_it_allocates() {
    let doubled = format!("let s = \"x\" * 1000; {} s.len()", "s += s; ".repeat(18));
    let cases = [
        doubled.as_str(),
        "let a = [1]; a.pad(100000000, 0); a.len()",
        r#"let s = "x"; s.pad(300000000, "x"); s.len()"#,
        "let a = [1]; loop { a += a; }",
        "let a = [1]; loop { a.append(a); }",
        r#"let s = "x"; loop { s = s + s; }"#,
        r#"let s = "x"; loop { s.append(s); }"#,
        "let a = [0]; a.pad(1000000, 0); loop { a = a + a; }",
        "blob(100000000).len()",
        "let b = blob(1000); b.pad(100000000, 1); b.len()",
        "blob(20000000).to_array().len()",
        r#"("ab" * 4000000).to_chars().len()"#,
        r#"("x" * 10000000).split("").len()"#,
        r#"let s = "x" * 10000000; s.replace("x", "yyyyyyyyyy"); s.len()"#,
        // One long string shared by many slots prints to far more than it holds.
        r#"let a = []; a.pad(1000, "x" * 1000000); a.to_string().len()"#,
        r#"let a = []; a.pad(1000, "x" * 1000000); a"#,
    ];
    for code in cases {
        let (o, peak) = run_measured(&["--max-memory", "32M", "-e", code], "");
        assert_eq!((o.code, o.stdout.as_str()), (1, ""), "{code}: {}", o.stderr);
        let (place, message) = o.stderr.trim_end().split_once(": ").expect("located");
        // Showing the value has no place in the code: `<-e>: ...`.
        assert!(place.starts_with("<-e>"), "{code}: {}", o.stderr);
        assert!(is_memory_stop(message, "32.0 MiB"), "{code}: {message}");
        assert!(peak <= ceiling(32 << 20), "{code}: peak {peak}");
    }
}

/// A string that doubles in a loop under a larger budget stops within the
/// bound too (it peaked at 4.2 GB under 256M).
#[test]
fn a_doubling_string_keeps_to_a_larger_budget() {
    let (o, peak) = run_measured(
        &[
            "--max-memory",
            "256M",
            "-e",
            r#"let s = "x"; loop { s += s; }"#,
        ],
        "",
    );
    assert_eq!(o.code, 1, "{}", o.stderr);
    let (_, message) = o.stderr.trim_end().split_once(": ").expect("located");
    assert!(is_memory_stop(message, "256.0 MiB"), "{message}");
    assert!(peak <= ceiling(256 << 20), "peak {peak}");
}

/// Statements stopped one after another do not ratchet the process up:
/// what a stopped statement keeps counts against the next, which may not
/// grow past the budget (60 of them reached 536 MB under 64M before).
#[test]
fn stopped_statements_do_not_ratchet_memory_up() {
    let fresh: String = (0..60)
        .map(|i| format!("let a{i} = []; loop {{ a{i}.push({i}) }}\n"))
        .collect();
    let kept = format!(
        "let a = [];\n{}",
        (0..60)
            .map(|i| format!("loop {{ a.push({i}) }}\n"))
            .collect::<String>()
    );
    let strings: String = (0..60)
        .map(|i| format!("let s{i} = \"x\"; loop {{ s{i} += s{i} }}\n"))
        .collect();
    for script in [fresh, kept, strings] {
        let (o, peak) = run_measured(&["--max-memory", "64M"], &script);
        assert_eq!(o.code, 1, "{}", o.stderr);
        let lines: Vec<&str> = o.stderr.lines().collect();
        assert_eq!(lines.len(), 60, "{}", o.stderr);
        for (i, line) in lines.iter().enumerate() {
            let (place, message) = line.split_once(": ").expect("located");
            let first_line = script.lines().next() == Some("let a = [];");
            let want = i + 1 + usize::from(first_line);
            assert!(place.starts_with(&format!("<stdin>:{want}:")), "{line}");
            assert!(is_memory_stop(message, "64.0 MiB"), "{line}");
        }
        assert!(peak <= ceiling(64 << 20), "peak {peak}");
    }
}
