//! Labs never run programs and never replace built-ins (issue 21, item 5),
//! and the smaller promises of item 7: errors echo the value given, options
//! maps refuse unknown keys, shapes keep blank rows, deep recursion prints
//! a short trace, a bad home says history is off.

use puzzlelab::lab::{self, LabState};
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

/// A stand-in solver that leaves a file `ran` beside itself when it runs
/// (and answers "unsatisfiable" in minisat's result-file form).
#[cfg(unix)]
struct FakeSolver {
    dir: crate::common::Scratch,
}

#[cfg(unix)]
impl FakeSolver {
    fn new() -> FakeSolver {
        use std::os::unix::fs::PermissionsExt;
        let dir = crate::common::scratch_dir("trust");
        let program = dir.join("fake-solver.sh");
        let ran = dir.join("ran");
        let script = format!(
            "#!/bin/sh\ntouch '{}'\nprintf 'UNSAT\\n' > \"$2\"\nexit 20\n",
            ran.display()
        );
        std::fs::write(&program, script).unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        FakeSolver { dir }
    }

    /// The `solver` option that runs it.
    fn option(&self) -> String {
        format!(
            "#{{solver: [\"{}\", \"{{cnf}}\", \"{{out}}\"]}}",
            self.dir.join("fake-solver.sh").display()
        )
    }

    /// Whether it ran since the last call (and forget that it did).
    fn ran(&self) -> bool {
        std::fs::remove_file(self.dir.join("ran")).is_ok()
    }

    /// Write lab `text` (`SOLVER` replaced by [`FakeSolver::option`]) as
    /// `name` beside the solver; its path.
    fn lab(&self, name: &str, text: &str) -> String {
        let path = self.dir.join(name);
        std::fs::write(&path, text.replace("SOLVER", &self.option())).unwrap();
        path.display().to_string()
    }
}

/// A session that may run programs, as `puzzlelab --allow-exec` starts one.
fn exec_session() -> Session {
    let mut s = Session::capturing(&Limits::default());
    s.allow_exec(true);
    s
}

fn cmd(state: &mut LabState, s: &mut Session, line: &str) -> String {
    state.command(line, s).expect("a lab command")
}

/// The first line of the error `code` gives at the prompt.
/// What `code` shows at the prompt.
fn shown(s: &mut Session, code: &str) -> String {
    let v = s.eval(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    s.show(&v)
}

fn first_error_line(s: &mut Session, code: &str) -> String {
    let e = s.eval(code).expect_err(code);
    e.message().lines().next().unwrap_or_default().to_string()
}

#[cfg(unix)]
const EXEC_LAB: &str = "Title: Helpers that ask for a solver
Lab Section
Helpers.
)
fn helper(g) { sat_solve(g, SOLVER) }
fn via_yours(g) { run_it(g, SOLVER) }
fn with_yours(f) { f.call() }
fn make() { |g| sat_solve(g, SOLVER) }
fn as_method() { sat_solve(this, SOLVER) }
let opts = SOLVER;
let c = |g| sat_solve(g, opts);
1
";

/// Every route by which the person's code can reach code from a lab that
/// asks for a program: each is refused, and the program never runs. The
/// same call typed by the person runs it (the stand-in is real).
#[cfg(unix)]
#[test]
fn code_from_a_lab_never_runs_a_program_whoever_calls_it() {
    let fake = FakeSolver::new();
    let path = fake.lab("exec.lab", EXEC_LAB);
    let mut s = exec_session();
    let mut state = LabState::default();
    let intro = cmd(&mut state, &mut s, &format!(":lab {path}"));
    assert!(intro.starts_with("Lab: Helpers"), "{intro}");
    let shown = cmd(&mut state, &mut s, ":next");
    assert!(shown.ends_with("   1\n1"), "{shown}");

    // The person's own call runs the program.
    let own = format!("sat_solve(ym, {})", fake.option());
    assert!(s.eval(&own).unwrap().is_unit());
    assert!(fake.ran(), "the stand-in solver should run for the person");

    let refused = format!(
        "sat_solve: running an installed program is not allowed in code from a lab ({path}): \
         labs never run external solvers, even with --allow-exec"
    );
    let _ = s
        .eval("fn run_it(g, o) { sat_solve(g, o) } fn mine(g) { helper(g) } let mine_c = |g| helper(g);")
        .unwrap();
    let routes = [
        "helper(ym)",
        "ym.as_method()",
        "mine(ym)",
        "mine_c.call(ym)",
        "call(Fn(\"helper\"), ym)",
        "Fn(\"helper\").call(ym)",
        "Fn(\"helper\").curry(ym).call()",
        "[ym].map(Fn(\"helper\"))",
        "[ym].map(|g| helper(g))",
        "eval(\"helper(ym)\")",
        "via_yours(ym)",
        "c.call(ym)",
        "call(c, ym)",
        "[ym].map(c)",
        "c.curry(ym).call()",
        "make().call(ym)",
        "let k = make(); k.call(ym)",
        "with_yours(|| sat_solve(ym, opts))",
        "with_yours(Fn(\"sat_solve\").curry(ym).curry(opts))",
        "with_yours(Fn(\"run_it\").curry(ym, opts))",
    ];
    // The error passes through the lab's function, which names its file.
    assert_eq!(
        first_error_line(&mut s, "helper(ym)"),
        format!("{refused} @ 'lab {path}' (line 1, position 16)")
    );
    for route in routes {
        let line = first_error_line(&mut s, route);
        assert!(line.starts_with(&refused), "{route}: {line}");
        assert!(!fake.ran(), "{route} ran the program");
    }
    // The lab's data is the person's to use: typed by them, it runs, also
    // right after a lab function failed (its frame is gone).
    assert!(s.eval("sat_solve(ym, opts)").unwrap().is_unit());
    assert!(fake.ran());
    let v = s
        .eval("let e = \"\"; try { helper(ym) } catch (x) { e = x } [e.len() > 0, sat_solve(ym, opts)]")
        .unwrap();
    assert_eq!(s.show(&v), "[true, ()]");
    assert!(fake.ran());

    // After the lab closes, its closure (kept: a variable holds it) is
    // still lab code.
    let closed = cmd(&mut state, &mut s, ":quit");
    assert!(
        closed.contains("the lab's functions (as_method, helper, make, via_yours, with_yours)"),
        "{closed}"
    );
    let line = first_error_line(&mut s, "c.call(ym)");
    assert!(line.starts_with(&refused), "{line}");
    assert!(!fake.ran());
}

/// The lab's own code, as it runs in a section, is refused too, with the
/// section's position.
#[cfg(unix)]
#[test]
fn a_section_that_asks_for_a_program_fails_at_its_line() {
    let fake = FakeSolver::new();
    let path = fake.lab(
        "direct.lab",
        "Title: Direct\nLab Section\nAsk.\n)\nsat_solve(ym, SOLVER)\n",
    );
    let mut s = exec_session();
    let mut state = LabState::default();
    cmd(&mut state, &mut s, &format!(":lab {path}"));
    let shown = cmd(&mut state, &mut s, ":next");
    let last = shown.lines().last().unwrap();
    assert_eq!(
        last,
        format!(
            "error: {path}:5:1: sat_solve: running an installed program is not allowed in \
             code from a lab ({path}): labs never run external solvers, even with \
             --allow-exec (in section 1 of 1)"
        )
    );
    assert!(!fake.ran());
    // Print mode: the same, and the session there never allows programs.
    let printed = lab::print_transcript(&path, &Limits::default()).unwrap_err();
    assert!(printed.ends_with("(in section 1 of 1)"), "{printed}");
    assert!(!fake.ran());
}

/// Write `text` as a lab file; its path.
fn lab_file(dir: &crate::common::Scratch, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// A lab that defines a function with a built-in's name and arity, or makes
/// a function pointer other than a closure, is refused when it loads, at
/// the definition's file:line:col, before any of its code runs.
#[test]
fn a_lab_that_would_replace_a_builtin_or_hand_out_pointers_is_refused_at_load() {
    let dir = crate::common::scratch_dir("trust-load");
    let head = "Title: T\nLab Section\nP.\n)\nlet before = 1;\n";
    let cases = [
        (
            "fn x(a) { a }\n  fn sat_solve(g, o) { g }\n",
            "7:3: a lab may not define sat_solve(g, o): it has the name and arity of a built-in \
             function, which a lab may not replace (rename it)",
        ),
        (
            "fn len(s) { 0 }\n",
            "6:1: a lab may not define len(s): it has the name and arity of a built-in \
             function, which a lab may not replace (rename it)",
        ),
        (
            "let p = Fn(\"sat_solve\");\n",
            "6:9: a lab may not make a function pointer with Fn(...): use a closure such as \
             |g| solve(g) (a lab's function values always run as lab code)",
        ),
        (
            "let n = \"sat_\" + \"solve\";\nlet p = Fn(n);\n",
            "7:9: a lab may not make a function pointer with Fn(...): use a closure such as \
             |g| solve(g) (a lab's function values always run as lab code)",
        ),
        (
            "fn f(p) { p.curry(ym) }\n",
            "6:13: a lab may not curry a function pointer: capture the values in a closure instead",
        ),
        (
            "fn f(p) { curry(p, ym) }\n",
            "6:11: a lab may not curry a function pointer: capture the values in a closure instead",
        ),
        (
            "let v = eval(\"1\");\n",
            "6:9: a lab may not use eval (code made as it runs could make function pointers \
             that are not the lab's)",
        ),
    ];
    for (i, (code, want)) in cases.iter().enumerate() {
        let path = lab_file(&dir, &format!("t{i}.lab"), &format!("{head}{code}"));
        let want = format!("{path}:{want}");
        let mut s = Session::capturing(&Limits::default());
        let mut state = LabState::default();
        assert_eq!(cmd(&mut state, &mut s, &format!(":lab {path}")), want);
        assert!(!state.active());
        assert!(s.var("before").is_none(), "no code ran");
        assert_eq!(
            lab::print_transcript(&path, &Limits::default()).unwrap_err(),
            want
        );
    }
    // Another arity, and closures (capturing or not), are fine.
    let fine = lab_file(
        &dir,
        "fine.lab",
        &format!(
            "{head}fn sat_solve(a, b, c) {{ a + b + c }}\nlet k = 2;\nlet f = |x| x * k;\n\
             let g = |x| x + 1;\n[f.call(3), g.call(3), sat_solve(1, 2, 3)]\n"
        ),
    );
    let text = lab::print_transcript(&fine, &Limits::default()).unwrap();
    assert!(text.contains("[6, 4, 6]"), "{text}");
    // At the prompt the built-in is still the built-in.
    let mut s = Session::capturing(&Limits::default());
    let mut state = LabState::default();
    cmd(&mut state, &mut s, &format!(":lab {fine}"));
    cmd(&mut state, &mut s, ":next");
    assert_eq!(shown(&mut s, "sat_solve(1, 2, 3)"), "6");
    assert_eq!(shown(&mut s, "type_of(sat_solve(ym))"), "Grid");
}

/// Any other way to lab code (a session's `eval_lab`) refuses a definition
/// that would replace a built-in too.
#[test]
fn lab_code_run_directly_cannot_replace_a_builtin() {
    let mut s = Session::capturing(&Limits::default());
    let e = s.eval_lab("fn filled(g) { 0 }").unwrap_err();
    assert_eq!(
        e.message(),
        "a lab may not define filled(g): it has the name and arity of a built-in function, \
         which a lab may not replace (rename it)"
    );
    assert_eq!(shown(&mut s, "filled(ym)"), "36");
}

// ---- item 7: the smaller promises ---------------------------------------

/// The whole error `code` gives at the prompt (without its position).
fn error_of(code: &str) -> String {
    let mut s = Session::capturing(&Limits::default());
    s.eval(code).expect_err(code).message()
}

/// A blank line inside a shape is an empty row, as a row of dots is: the
/// shape is cut in two, not joined by dropping the row.
#[test]
fn a_blank_row_in_a_shape_is_a_row() {
    let cut = "shape: shape is not connected: the cell at row 3, column 1 cannot be reached \
               from the cell at row 1, column 1 through cells sharing an edge";
    assert_eq!(error_of("shape(\"X\\n.\\nX\")"), cut);
    assert_eq!(error_of("shape(\"X\\n\\nX\")"), cut);
    assert_eq!(error_of("shape(\"X//X\")"), cut);
    // Blank lines around the drawing are nothing, as before.
    let mut s = Session::capturing(&Limits::default());
    assert_eq!(
        shown(&mut s, "shape(\"\\nXX\\n\\n\") == shape(\"XX\")"),
        "true"
    );
}

/// A negative count or side is refused with the value as given, never
/// read as 0 (one helper, `script::options::count`, for all of them).
#[test]
fn negative_counts_are_echoed() {
    assert_eq!(
        error_of("board(-1, 5)"),
        "board: rows is -1: it must be 0 or more"
    );
    assert_eq!(
        error_of("board(3, -7)"),
        "board: cols is -7: it must be 0 or more"
    );
    assert_eq!(
        error_of("pattern_board(-3)"),
        "pattern_board: box side -3 is not supported: use 2 to 5"
    );
    assert_eq!(
        error_of("to_dimacs(cnf(ym), -1)"),
        "to_dimacs: max_lines is -1: it must be 0 or more"
    );
    assert_eq!(
        error_of("pairs([1, -2, 3])"),
        "pairs: the line must hold numbers 0 or more; item 1 is -2"
    );
    assert_eq!(
        error_of("uniq_pairs([1, \"x\"])"),
        "uniq_pairs: the line must hold numbers 0 or more; item 1 is a string"
    );
    // A drawn piece 65,538 lines tall is refused, not wrapped to a domino.
    assert_eq!(
        error_of("count_polyomino(rect(1, 2), [\"X\" + \"\\n\" * 65537 + \"X\"])"),
        "count_polyomino: pieces: a cell at line 65538, column 1: a drawing spans at most \
         65536 lines and columns"
    );
    // 0 is a count: the header line only goes.
    let mut s = Session::capturing(&Limits::default());
    assert!(shown(&mut s, "to_dimacs(cnf(ym), 0)").starts_with("... ("));
}

/// Every function that takes an options map refuses a key it does not
/// know, naming it; a wrong value is echoed.
#[test]
fn every_options_map_refuses_unknown_keys() {
    let cases = [
        (
            "apply_transform(ym, #{rows: [1,2,3,4,5,6,7,8,9], spin: 1})",
            "unknown option \"spin\" for apply_transform; known: transposed, rows, cols, digits",
        ),
        (
            "sat_solve(ym, #{solvr: \"x\"})",
            "unknown option \"solvr\" for sat_solve; known: solver",
        ),
        (
            "count_polyomino(rect(2, 5), \"pentominoes\", #{lim: 1})",
            "unknown option \"lim\" for count_polyomino; known: raw, one_sided, limit, copies, threads, random, seed, shard, out",
        ),
        (
            "solve_file(\"nothing.txt\", #{outt: \"x\"})",
            "unknown option \"outt\" for solve_file; known: threads, out, format, shard",
        ),
        (
            "solve_file(\"nothing.txt\", #{format: \"csv\"})",
            "solve_file: option format says how to write out, and out (the file to write) is not given",
        ),
        (
            "count_polyomino(rect(2, 5), \"pentominoes\", #{limit: -1})",
            "count_polyomino: option limit must be a whole number, 0 or more, not -1",
        ),
        (
            "solve_file(\"nothing.txt\", #{out: 5})",
            "solve_file: option out must be a string, not 5",
        ),
    ];
    for (code, want) in cases {
        assert_eq!(error_of(code), want, "{code}");
    }
}

/// `-0` is a bad literal where a literal belongs, in a formula and in a
/// solver's answer, not the end of a clause.
#[test]
fn minus_zero_is_a_bad_literal() {
    let e = puzzlelab::sat::read_dimacs("p cnf 2 1\n1 -0 2 0\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:3: \"-0\" is not a literal (a nonzero number, 0 ends a clause)"
    );
    let e = puzzlelab::sat::read_answer("s SATISFIABLE\nv 1 -2 -0\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:8: \"-0\" is not a literal (a nonzero number, 0 ends a clause)"
    );
    // A plain 0 still ends the clause.
    assert!(puzzlelab::sat::read_dimacs("p cnf 2 1\n1 2 0\n").is_ok());
}

/// An error that passed through thousands of calls shows the first and
/// last five and counts the rest, not one line per call.
#[test]
fn a_deep_error_prints_a_short_trace() {
    let limits = Limits {
        max_call_levels: 5000,
        ..Limits::default()
    };
    let code = "fn f(n) { if n == 3000 { throw \"deep\" } f(n + 1) } f(0)";
    // Deep script recursion needs the stack the REPL gives its thread.
    let m = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut s = Session::capturing(&limits);
            s.eval(code).unwrap_err().message()
        })
        .unwrap()
        .join()
        .unwrap();
    let lines: Vec<&str> = m.lines().collect();
    assert_eq!(lines.len(), 12, "{m}");
    assert_eq!(lines[0], "deep (line 1, position 26)");
    let call = "in call to function 'f' (line 1, position 41)";
    assert_eq!(&lines[1..6], [call; 5]);
    assert_eq!(lines[6], "... (2991 more calls left out)");
    assert_eq!(&lines[7..11], [call; 4]);
    assert_eq!(lines[11], "in call to function 'f'");
    // A short trace is left whole.
    let m = error_of("fn g(n) { if n == 3 { throw \"shallow\" } g(n + 1) } g(0)");
    assert_eq!(m.lines().count(), 5, "{m}");
    // Through the binary, at the deepest call level allowed.
    let r = crate::common::run_puzzlelab(
        &[
            "--max-call-levels",
            "50000",
            "-e",
            "fn f(n) { if n == 40000 { throw \"deep\" } f(n + 1) } f(0)",
        ],
        b"",
    );
    assert_eq!(r.code, 1);
    assert!(r.stderr.len() < 1000, "{} bytes", r.stderr.len());
    assert!(
        r.stderr.contains("... (39991 more calls left out)"),
        "{}",
        r.stderr
    );
}

/// A state folder that is a device or a file: history is off, and the
/// person is told, as for a relative path.
#[test]
fn a_state_folder_that_is_not_a_folder_is_reported() {
    let dir = crate::common::scratch_dir("trust-home");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    for home in [std::path::Path::new("/dev/null"), file.as_path()] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
            .args(["lab", "example"])
            .env("PUZZLELAB_HOME", home)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(
            err.lines().next().unwrap_or_default(),
            format!(
                "warning: the state folder {} is not a folder; history and lab positions are not kept",
                home.display()
            )
        );
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}
