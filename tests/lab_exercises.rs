//! Exercises in the labs (`Lab Exercise` blocks): every check accepts its
//! model answer and rejects a plausible wrong one with the feedback named
//! here, each run in a fresh session after the lab's sections up to the
//! exercise; every chapter has one; `:check`, `:hint` and `:answer` as the
//! REPL shows them.

use puzzlelab::lab::{self, LabState};
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

/// (lab, exercise title, a wrong answer, what `:check` says to it).
const WRONG: &[(&str, &str, &str, &str)] = &[
    (
        "sudoku",
        "Counting clues",
        "let clues = 81 - filled(su21_1);",
        "Not yet: clues is su21_1's number of clues: 49 is not it: count the cells \
         that are not dots (check 2 of 2; the first passed).",
    ),
    (
        "sudoku",
        "A column by hand",
        "let col40 = r[40];",
        "Not yet: col40 is the centre's column, top to bottom: that is the centre's row \
         (check 2 of 2; the first passed).",
    ),
    (
        "sudoku",
        "Cells with one candidate",
        "let singles = cells(ac(free(ym))).filter(|d| d > 0).len();",
        "Not yet: singles counts su21_1's cells with one candidate: 9 is not it: look for \
         the 1s in see(counts(free(su21_1))) (check 2 of 2; the first passed).",
    ),
    (
        "sudoku",
        "A hidden single in row 5",
        "let hidden = [5, 2];",
        "Not yet: no other cell of row 5 can take the digit: 2 also fits column [1, 2, 3, 7] \
         (check 3 of 3; the first 2 passed).",
    ),
    (
        "sudoku",
        "How many rounds",
        "let rounds = 4;",
        "Not yet: rounds is the number of rounds that change ym: the last round you counted \
         changed nothing (check 2 of 2; the first passed).",
    ),
    (
        "sudoku",
        "Where clark is split",
        "let split = [1, 1];",
        "Not yet: split is the first cell with the fewest candidates: (1 1) has 0 candidates: \
         find the first cell with the fewest (check 2 of 2; the first passed).",
    ),
];

/// A fresh session with lab `name` open at section `k` (the sections
/// before it run quietly), as a reader who went there with `:goto`.
fn at_section(name: &str, k: usize) -> (LabState, Session) {
    let mut state = LabState::default();
    let mut s = Session::capturing(&Limits::default());
    cmd(&mut state, &mut s, &format!(":lab {name}"));
    let shown = cmd(&mut state, &mut s, &format!(":goto {k}"));
    assert!(!shown.contains("error:"), "{name} section {k}:\n{shown}");
    (state, s)
}

fn cmd(state: &mut LabState, session: &mut Session, line: &str) -> String {
    state
        .command(line, session)
        .unwrap_or_else(|| panic!("{line} is a lab command"))
}

/// Every exercise of lab `name`: its model answer passes, its wrong answer
/// from [`WRONG`] gets the feedback listed there.
fn check_lab(name: &str) {
    let lab = lab::load(name).unwrap();
    for (i, section) in lab.sections.iter().enumerate() {
        let Some(e) = &section.exercise else {
            continue;
        };
        let (mut state, mut s) = at_section(name, i + 1);
        s.eval(&e.answer)
            .unwrap_or_else(|err| panic!("{name}: the answer to {:?} fails: {err:?}", e.title));
        let right = cmd(&mut state, &mut s, ":check");
        assert!(
            right.starts_with(&format!("Right: \"{}\" is done", e.title)),
            "{name}: {:?}: {right}",
            e.title
        );

        let (_, _, wrong, said) = WRONG
            .iter()
            .find(|w| w.0 == name && w.1 == e.title)
            .unwrap_or_else(|| panic!("{name}: no wrong answer listed for {:?}", e.title));
        let (mut state, mut s) = at_section(name, i + 1);
        s.eval(wrong)
            .unwrap_or_else(|err| panic!("{name}: the wrong answer to {:?} fails: {err:?}", e.title));
        let text = cmd(&mut state, &mut s, ":check");
        let first = text.lines().next().unwrap_or_default();
        assert_eq!(first, *said, "{name}: {:?}", e.title);
    }
}

#[test]
fn sudoku_checks_accept_models_and_reject_wrong_answers() {
    check_lab("sudoku");
}

#[test]
fn every_wrong_answer_belongs_to_an_exercise() {
    for (name, title, _, _) in WRONG {
        let lab = lab::load(name).unwrap();
        assert!(
            lab.sections
                .iter()
                .filter_map(|s| s.exercise.as_ref())
                .any(|e| e.title == *title),
            "{name} has no exercise {title:?}"
        );
    }
}

#[test]
fn hint_check_answer_at_the_prompt() {
    let (mut state, mut s) = at_section("sudoku", 2);
    let shown = cmd(&mut state, &mut s, ":goto 2");
    assert!(
        shown.ends_with(
            "Exercise: Counting clues\n\
             How many clues does `su21_1` start with? Keep the number in `clues`.\n\
             (:check checks what you did; :hint gives a hint, :answer a model answer)"
        ),
        "{shown}"
    );
    assert_eq!(
        cmd(&mut state, &mut s, ":check"),
        "Not yet: clues is a number: `clues` is not defined yet (check 1 of 2).\n\
         (:hint gives a hint, 2 left; :answer shows a model answer)"
    );
    assert_eq!(
        cmd(&mut state, &mut s, ":hint"),
        "Hint 1 of 2: `see(su21_1)` draws it: count the digits."
    );
    assert_eq!(
        cmd(&mut state, &mut s, ":hint"),
        "Hint 2 of 2: `filled(g)` counts a grid's filled cells (`help(\"filled\")`)."
    );
    assert_eq!(
        cmd(&mut state, &mut s, ":hint"),
        "No more hints (all 2 shown); :answer shows a model answer."
    );
    s.eval("let clues = 30;").unwrap();
    assert_eq!(
        cmd(&mut state, &mut s, ":check"),
        "Not yet: clues is su21_1's number of clues: 30 is not it: count the cells that \
         are not dots (check 2 of 2; the first passed).\n(:answer shows a model answer)"
    );
    assert_eq!(
        cmd(&mut state, &mut s, ":answer"),
        "A model answer to \"Counting clues\" (type it, then :check):\n   let clues = filled(su21_1);"
    );
    s.eval("let clues = 32;").unwrap();
    assert_eq!(
        cmd(&mut state, &mut s, ":check"),
        "Right: \"Counting clues\" is done (all 2 of its checks pass)."
    );
    // The check left nothing behind, and a later section without an
    // exercise points back at this one.
    let before = s.scope().len();
    cmd(&mut state, &mut s, ":next");
    let after_next = s.scope().len();
    assert!(after_next >= before);
    assert!(
        cmd(&mut state, &mut s, ":check")
            .starts_with("(the exercise of section 2: Counting clues)\nRight:")
    );
}

#[test]
fn check_with_no_lab_or_before_the_first_exercise() {
    let mut state = LabState::default();
    let mut s = Session::capturing(&Limits::default());
    assert_eq!(
        cmd(&mut state, &mut s, ":check"),
        "no lab is open: `:lab` lists the labs, `:lab NAME` opens one"
    );
    cmd(&mut state, &mut s, ":lab sudoku");
    cmd(&mut state, &mut s, ":next");
    assert_eq!(
        cmd(&mut state, &mut s, ":hint"),
        "no exercise yet: the first is in section 2 (:goto 2)"
    );
}

#[test]
fn a_check_never_runs_a_program() {
    // A check is lab code: even in a session that may run programs, a
    // check that calls an installed solver is refused, not run.
    let dir = crate::common::scratch_dir("exercise-exec");
    let file = format!("{}/x.lab", dir.as_str());
    std::fs::write(
        &file,
        "Title: T\nLab Chapter C\nLab Section\nS\n)\n1\nLab Exercise E\nTask.\n)\n\
         CHECK it runs nothing\nsat_solve(ym, #{ solver: \"true\" }) == []\nANSWER\n1\n",
    )
    .unwrap();
    let mut state = LabState::default();
    let mut s = Session::capturing(&Limits::default());
    s.allow_exec(true);
    cmd(&mut state, &mut s, &format!(":lab {file}"));
    cmd(&mut state, &mut s, ":next");
    let text = cmd(&mut state, &mut s, ":check");
    assert!(text.starts_with("Not yet: it runs nothing: "), "{text}");
    assert!(s.exec_allowed(), "the session's setting is restored");
}
