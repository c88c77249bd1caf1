//! The binary driven through pipes: `-e`, `run` with ARGS, stdin read as a
//! script, error locations and exit codes, sandbox-limit flags (SIGINT is in
//! `interrupt`).

use crate::common::hui_lab::SEE_SU21_99_SOLVED;

use crate::common::Run as Output;

fn puzzlelab(args: &[&str], stdin: &str) -> Output {
    crate::common::run_puzzlelab(args, stdin.as_bytes())
}

/// A script file, removed when the returned guard is dropped.
fn script_file(name: &str, text: &str) -> crate::common::Scratch {
    let file = crate::common::scratch_file("cli", name);
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn eval_prints_the_value() {
    let o = puzzlelab(&["-e", "[1, 2, 3].map(|x| x * x)"], "");
    assert_eq!(
        (o.code, o.stdout.as_str(), o.stderr.as_str()),
        (0, "[1, 4, 9]\n", "")
    );
    let o = puzzlelab(&["-e", "\"text prints without quotes\""], "");
    assert_eq!(o.stdout, "text prints without quotes\n");
}

#[test]
fn eval_of_unit_prints_nothing() {
    let o = puzzlelab(&["-e", "let a = 1; print(a + 1);"], "");
    assert_eq!((o.code, o.stdout.as_str()), (0, "2\n"));
}

#[test]
fn eval_sees_args() {
    let o = puzzlelab(&["-e", "ARGS", "a b", "c"], "");
    assert_eq!(o.stdout, "[\"a b\", \"c\"]\n");
}

#[test]
fn values_never_print_as_rust_types() {
    let o = puzzlelab(&["-e", "ym"], "");
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(!o.stdout.contains("puzzlelab::"), "{}", o.stdout);
    assert!(!o.stdout.contains("Grid"), "{}", o.stdout);
    assert!(!o.stdout.trim().is_empty());
}

#[test]
fn eval_errors_are_located_and_fail() {
    let o = puzzlelab(&["-e", "1 +"], "");
    assert_eq!(o.code, 1);
    assert_eq!(o.stdout, "");
    assert_eq!(o.stderr, "<-e>:1:4: Script is incomplete\n");
    let o = puzzlelab(&["-e", "let a = 2;\na + nothing_here"], "");
    assert_eq!(o.code, 1);
    assert_eq!(o.stderr, "<-e>:2:5: Variable not found: nothing_here\n");
}

#[test]
fn run_passes_args_and_hoists_functions() {
    let file = script_file(
        "sum.rhai",
        "#!/usr/bin/env -S puzzlelab run\n\
         // Sum of the arguments, through a function defined below.\n\
         print(`${ARGS.len()} args, total ${total(ARGS)}`);\n\
         fn total(args) {\n\
         \x20   let t = 0;\n\
         \x20   for a in args { t += parse_int(a); }\n\
         \x20   t\n\
         }\n\
         total(ARGS)\n",
    );
    let o = puzzlelab(&["run", file.as_str(), "10", "20", "12"], "");
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    // The last value is not printed: scripts print what they mean to show.
    assert_eq!(o.stdout, "3 args, total 42\n");
    // A .rhai file name alone means `run`.
    let o = puzzlelab(&[file.as_str(), "5"], "");
    assert_eq!(o.stdout, "1 args, total 5\n");
}

#[test]
fn run_errors_name_file_line_and_column() {
    let file = script_file(
        "bad.rhai",
        "let a = 1;\nprint(\"first\");\nlet c = a + undefined_var;\nprint(\"never\");\n",
    );
    let o = puzzlelab(&["run", file.as_str()], "");
    assert_eq!(o.code, 1);
    assert_eq!(o.stdout, "first\n");
    assert_eq!(
        o.stderr,
        format!("{file}:3:13: Variable not found: undefined_var\n")
    );
    // A parse error stops the file before anything runs.
    let file = script_file("syntax.rhai", "print(\"no\");\nlet x = [1, 2;\n");
    let o = puzzlelab(&["run", file.as_str()], "");
    assert_eq!((o.code, o.stdout.as_str()), (1, ""));
    assert!(o.stderr.starts_with(&format!("{file}:2:")), "{}", o.stderr);
    let o = puzzlelab(&["run", "/no/such/file.rhai"], "");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("/no/such/file.rhai: cannot read"),
        "{}",
        o.stderr
    );
}

#[test]
fn piped_stdin_runs_statement_by_statement() {
    let script = "\
fn sq(x) {
    x * x
}
let xs = [1,
          2,
          3];
xs.map(|x| sq(x))
print(\"printed\");

`backtick strings
span lines`
/* a comment
   over lines */ 40 + 2
let unit_is_silent = 5;
unit_is_silent * 2
";
    let o = puzzlelab(&[], script);
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    assert_eq!(
        o.stdout,
        "[1, 4, 9]\nprinted\nbacktick strings\nspan lines\n42\n10\n"
    );
}

#[test]
fn piped_stdin_stops_at_the_first_error() {
    let script = "print(\"one\");\nlet a = 1;\nlet b = a +\n    nope;\nprint(\"never\");\n";
    let o = puzzlelab(&[], script);
    assert_eq!(o.code, 1);
    assert_eq!(o.stdout, "one\n");
    assert_eq!(o.stderr, "<stdin>:4:5: Variable not found: nope\n");
    // Input that ends inside an open bracket is an error, not a hang.
    let o = puzzlelab(&[], "print(\"x\");\nlet v = [1,\n2,\n");
    assert_eq!((o.code, o.stdout.as_str()), (1, "x\n"));
    assert!(o.stderr.starts_with("<stdin>:"), "{}", o.stderr);
    assert!(o.stderr.contains("Expecting ']'"), "{}", o.stderr);
}

#[test]
fn piped_stdin_takes_repl_commands() {
    let o = puzzlelab(
        &[],
        "help\n:help\nlet mine = 7;\nfn twice(x) { x * 2 }\n:vars\n:fns\n:quit\nprint(\"after quit\");\n",
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("Functions by domain"), "{}", o.stdout);
    assert!(o.stdout.contains(":next"), "{}", o.stdout);
    assert!(o.stdout.contains("mine"), "{}", o.stdout);
    assert!(o.stdout.contains("fn twice(x)"), "{}", o.stdout);
    assert!(!o.stdout.contains("after quit"), "{}", o.stdout);
    let o = puzzlelab(&[], ":frobnicate\n");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("unknown command :frobnicate"),
        "{}",
        o.stderr
    );
}

#[test]
fn load_runs_a_file_into_the_session() {
    let file = script_file("lib.rhai", "fn cube(x) { x * x * x }\nlet loaded = true;\n");
    let o = puzzlelab(&[], &format!(":load {file}\nif loaded {{ cube(3) }}\n"));
    assert_eq!((o.code, o.stdout.as_str()), (0, "27\n"), "{}", o.stderr);
}

#[test]
fn runaway_loop_is_stopped_by_the_operation_limit() {
    let o = puzzlelab(
        &[
            "--max-operations",
            "100000",
            "-e",
            "let n = 0;\nloop { n += 1; }",
        ],
        "",
    );
    assert_eq!(o.code, 1);
    // The column is wherever the count ran out inside the loop's body.
    assert!(o.stderr.starts_with("<-e>:2:"), "{}", o.stderr);
    assert!(
        o.stderr.ends_with(
            ": Too many operations\n  stopped by the sandbox's operation limit (100000); \
             raise it with --max-operations N\n"
        ),
        "{}",
        o.stderr
    );
    // The same through stdin, and with the flag in its `=` form.
    let o = puzzlelab(&["--max-operations=5000"], "while true {}\n");
    assert_eq!(o.code, 1);
    assert!(o.stderr.starts_with("<stdin>:1:"), "{}", o.stderr);
    assert!(o.stderr.contains("--max-operations"), "{}", o.stderr);
}

#[test]
fn other_limits_have_flags() {
    let o = puzzlelab(
        &[
            "--max-call-levels",
            "10",
            "-e",
            "fn down(n) { down(n + 1) } down(0)",
        ],
        "",
    );
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("--max-call-levels"), "{}", o.stderr);
    let o = puzzlelab(
        &[
            "--max-array-size",
            "10",
            "-e",
            "let a = []; for i in 0..20 { a.push(i) } a",
        ],
        "",
    );
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("--max-array-size"), "{}", o.stderr);
    let o = puzzlelab(
        &[
            "--max-string-size",
            "100",
            "-e",
            "let s = \"\"; for i in 0..200 { s += \"x\" } s",
        ],
        "",
    );
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("--max-string-size"), "{}", o.stderr);
}

#[test]
fn help_version_and_bad_flags() {
    let o = puzzlelab(&["--help"], "");
    assert_eq!(o.code, 0);
    assert!(o.stdout.contains("--max-operations <N>"), "{}", o.stdout);
    assert!(
        o.stdout.contains("puzzlelab [FLAGS] run FILE"),
        "{}",
        o.stdout
    );
    let o = puzzlelab(&["-V"], "");
    assert_eq!(
        o.stdout,
        format!("puzzlelab {}\n", env!("CARGO_PKG_VERSION"))
    );
    // The long form says which compiled copies run (tests/cpu_levels.rs).
    let o = puzzlelab(&["--version"], "");
    let (version, level) = o.stdout.split_once('\n').unwrap();
    assert_eq!(version, format!("puzzlelab {}", env!("CARGO_PKG_VERSION")));
    assert!(level.starts_with("CPU level: "), "{}", o.stdout);
    let o = puzzlelab(&["--max-operations", "many"], "");
    assert_eq!(o.code, 2);
    assert!(o.stderr.contains("needs a whole number"), "{}", o.stderr);
    let o = puzzlelab(&["frobnicate"], "");
    assert_eq!(o.code, 2);
    assert!(
        o.stderr.contains("unknown command \"frobnicate\""),
        "{}",
        o.stderr
    );
}

#[test]
fn lab_lists_without_a_terminal() {
    let o = puzzlelab(&["lab"], "");
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("example"), "{}", o.stdout);
    let o = puzzlelab(&["lab", "nosuch"], "");
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("no lab named \"nosuch\""), "{}", o.stderr);
}

/// `puzzlelab lab NAME` with piped stdin: the lab opens, and the lines drive
/// it like keys at the prompt (labs/example.lab has three sections).
#[test]
fn lab_driven_from_a_pipe() {
    let o = puzzlelab(
        &["lab", "example"],
        ":next\nanswer * 10\n:toc\n:quit\nanswer\n",
    );
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    let first = o.stdout.find("-- (1 of 3)").expect("section 1 shown");
    let typed = o
        .stdout
        .find("\n420\n")
        .expect("the reader's own expression");
    let toc = o.stdout.find(" > 1  ").expect("the table of contents");
    let closed = o
        .stdout
        .find("Closed lab example")
        .expect(":quit closes it");
    assert!(first < typed && typed < toc && toc < closed, "{}", o.stdout);
    // The lab's variables stay defined after :quit.
    assert!(o.stdout.ends_with("\n42\n"), "{}", o.stdout);
}

/// `echo 'see(sudoku(su21_99))' | puzzlelab` prints the solution box, and
/// the puzzle beside it is the J Lab's last output, character for character.
#[test]
fn piped_see_prints_the_seed_box() {
    let o = puzzlelab(&[], "see(sudoku(su21_99))\n");
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    assert_eq!(
        o.stdout,
        "\
+-------------+
|+---+---+---+|
||364|812|579||
||982|756|314||
||175|394|628||
|+---+---+---+|
||743|581|296||
||698|423|751||
||521|967|483||
|+---+---+---+|
||457|138|962||
||836|279|145||
||219|645|837||
|+---+---+---+|
+-------------+
"
    );
    let o = puzzlelab(&[], "see([su21_99] +\n    sudoku(su21_99))\n");
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    assert_eq!(o.stdout, format!("{SEE_SU21_99_SOLVED}\n"));
}

/// A blank grid explodes the breadth-first search: it stops with an error
/// saying so, and the piped session reports it like any other error.
#[test]
fn piped_search_too_large_is_an_error() {
    let o = puzzlelab(
        &[],
        "let n = sudoku(grid(\".\" * 81));\nprint(\"never\");\n",
    );
    assert_eq!(o.code, 1);
    assert_eq!(o.stdout, "");
    assert!(o.stderr.starts_with("<stdin>:1:"), "{}", o.stderr);
}

/// `pentomino("V")` reads its answers from the lines after it in the same
/// piped stream (the terminal host's stdin, shared with the piped reader), then the script goes on.
#[test]
fn piped_script_feeds_an_interactive_function() {
    let o = puzzlelab(
        &[],
        "pentomino(\"V\")\n1\nn\nprint(\"after the session\");\n",
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.ends_with("after the session\n"), "{}", o.stdout);
}

/// Back-tick strings hold `\` as a plain character (Rhai has no escapes
/// there): the same one completeness check reads `-e`, piped input and labs.
#[test]
fn backtick_strings_with_backslashes_run_everywhere() {
    let o = puzzlelab(&["-e", "let p = `C:\\`; p.len()"], "");
    assert_eq!((o.code, o.stdout.as_str()), (0, "3\n"), "{}", o.stderr);
    let o = puzzlelab(&[], "let p = `C:\\`;\np + `x`\n");
    assert_eq!((o.code, o.stdout.as_str()), (0, "C:\\x\n"), "{}", o.stderr);
    let lab = crate::common::scratch_file("cli", "paths.lab");
    std::fs::write(
        &lab,
        "Title: Paths\n\nLab Section One\nA path.\n)\nlet p = `C:\\`;\np\n",
    )
    .unwrap();
    let o = puzzlelab(&["lab", lab.as_str(), "--print"], "");
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout.contains("   let p = `C:\\`;\n   p\nC:\\\n"),
        "{}",
        o.stdout
    );
}

/// `main.rs` sets mimalloc's option 23 to a 64 MiB first arena unless the
/// user set it: mimalloc's own listing of its options (`MIMALLOC_VERBOSE`)
/// shows that option 23 is `arena_reserve` in the mimalloc linked, and that
/// `MIMALLOC_ARENA_RESERVE` still wins.
#[cfg(target_os = "linux")]
#[test]
fn first_arena_is_small_unless_the_user_says() {
    let arena = |user: Option<&str>| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"));
        c.args(["-q", "-e", "0"])
            .env("MIMALLOC_VERBOSE", "1")
            .env_remove("MIMALLOC_ARENA_RESERVE");
        if let Some(v) = user {
            c.env("MIMALLOC_ARENA_RESERVE", v);
        }
        let out = c.output().expect("puzzlelab runs");
        assert!(out.status.success());
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        err.lines()
            .find(|l| l.contains("option 'arena_reserve'"))
            .map(|l| l.trim().to_string())
            .unwrap_or_else(|| panic!("no arena_reserve in mimalloc's listing:\n{err}"))
    };
    assert_eq!(arena(None), "option 'arena_reserve': 65536 KiB");
    assert_eq!(arena(Some("256m")), "option 'arena_reserve': 262144 KiB");
}
