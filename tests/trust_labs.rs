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
        "sat_solve: running an installed program is not allowed in code from a lab \
         (this call comes through a function of {path}): labs never run external \
         solvers, even with --allow-exec"
    );
    s.eval(&format!(
        "fn run_it(g, o) {{ sat_solve(g, o) }} fn mine(g) {{ helper(g) }} let mine_c = |g| helper(g);"
    ))
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
    // The lab's data is the person's to use: typed by them, it runs.
    assert!(s.eval("sat_solve(ym, opts)").unwrap().is_unit());
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
            "error: {path}:5:1: sat_solve: {} (in section 1 of 1)",
            puzzlelab::script::exec::NOT_ALLOWED
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
