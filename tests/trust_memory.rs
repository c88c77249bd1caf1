//! The memory budget (`--max-memory`): one limit in bytes for the whole
//! process, counted by the binary's allocator, that stops script code and
//! native jobs the way Ctrl+C does and leaves the session alive. Only the
//! binary counts, so every test here runs it.

use crate::common::Run;

fn puzzlelab(args: &[&str], stdin: &str) -> Run {
    crate::common::run_puzzlelab(args, stdin.as_bytes())
}

const SCRIPT_STOP: &str = "memory limit (64.0 MiB) reached while running script code: the statement did not finish; raise it with --max-memory";

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
        assert!(place.starts_with("<-e>:1:"), "{code}: {}", o.stderr);
        assert_eq!(message, SCRIPT_STOP, "{code}");
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
    assert_eq!(message, SCRIPT_STOP);
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
            "<-e>:1:6: *: repeating 2 bytes 100000000 times passes the memory limit (64.0 MiB): raise it with --max-memory\n"
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
