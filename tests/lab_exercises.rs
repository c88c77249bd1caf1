//! Exercises in the labs (`Lab Exercise` blocks): every check accepts its
//! model answer and rejects a plausible wrong one with the feedback named
//! here, each run in a fresh session after the lab's sections up to the
//! exercise; every chapter has one; `:check`, `:hint` and `:answer` as the
//! REPL shows them.

use std::rc::Rc;

use puzzlelab::lab::{self, LabState};
use puzzlelab::script::Limits;
use puzzlelab::script::host::RecordingHost;
use puzzlelab::script::session::Session;

/// (lab, exercise title, a wrong answer, what `:check` says to it).
const WRONG: &[(&str, &str, &str, &str)] = &[
    (
        "human",
        "A picture of ym's next step",
        "let step = hint(ym); let picture = svg(ym);",
        "Not yet: picture is the drawing of that step on ym: picture is not svg(step, ym) \
         (check 2 of 2; the first passed).",
    ),
    (
        "human",
        "The first removal",
        "let first_removal = \"Naked Single\";",
        "Not yet: it is the first step with removals: Naked Single is not it \
         (check 2 of 2; the first passed).",
    ),
    (
        "human",
        "Find the X-Wing",
        "let removals = [[4, 7, 3], [4, 8, 3]];",
        "Not yet: removals are exactly the X-Wing's: 1 removal(s) missing \
         (check 3 of 3; the first 2 passed).",
    ),
    (
        "human",
        "Two steps on",
        "let two = apply(hint(free(p8)), free(p8));",
        "Not yet: two is the position after two steps: that is one step on \
         (check 2 of 2; the first passed).",
    ),
    (
        "human",
        "After the rectangle",
        "let next = hint(ur1).technique;",
        "Not yet: next is the step after the rectangle: Unique Rectangle type 1 is not it \
         (check 2 of 2; the first passed).",
    ),
    (
        "human",
        "Where the wing strikes",
        "let cells = [[1, 1]];",
        "Not yet: cells are the cells of the wing's removals: [[1, 1]] is not it \
         (check 2 of 2; the first passed).",
    ),
    (
        "human",
        "The hardest step",
        "let hardest = \"Hidden Single\";",
        "Not yet: hardest is the technique of a step rated se_rate(su21_99).er: Hidden Single is not it \
         (check 2 of 2; the first passed).",
    ),
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
        "Not yet: split is the first cell with the fewest candidates: (1 1) has 4 candidates: \
         find the first cell with the fewest (check 2 of 2; the first passed).",
    ),
    (
        "sudoku",
        "The pipeline yourself",
        "fn my_sudoku(g) { [assign(g)] }",
        "Not yet: my_sudoku solves su21_99 as sudoku does: it gives 1 grid(s), 0 of them full.",
    ),
    (
        "example",
        "Triple",
        "fn triple(x) { x * 2 } let t = triple(answer);",
        "Not yet: triple triples: triple(2) is 4, not 6 (check 1 of 2).",
    ),
    (
        "example",
        "Empty cells",
        "let empty = filled(ym);",
        "Not yet: empty is ym's number of empty cells: that counts the clues: the rest are empty.",
    ),
    (
        "making",
        "Every third clue",
        "let p3 = full; for i in 0..81 { if i % 3 == 1 { p3[i] = 0 } } let u3 = true;",
        "Not yet: p3 is full without the cells i % 3 == 0: the right number of clues, but \
         not the cells with i % 3 == 0 (check 1 of 2).",
    ),
    (
        "making",
        "Seed 7",
        "let g7 = generate(#{seed: 7}); let n7 = 81;",
        "Not yet: n7 is g7's number of clues: not 81: g7.filled() counts them (check 2 of 2; \
         the first passed).",
    ),
    (
        "sat",
        "The last variable",
        "let v999 = 81 * 9 + 9 * 9 + 9;",
        "Not yet: v999 is digit 9 at row 9, column 9: 819 is past the last variable, 729: \
         the formula takes 1 from n and from r, not from c.",
    ),
    (
        "sat",
        "Pairs of four",
        "let k4 = pairs([1, 2, 3, 4]).len();",
        "Not yet: k4 is the number of unordered pairs of 4: that counts every pair twice and \
         the self-pairs too.",
    ),
    (
        "sat",
        "An empty 4×4 board",
        "let n4 = cnf(pattern_board(2)).clauses;",
        "Not yet: n4 is the clause count of an empty 4 × 4 board: that counts a clue in every \
         cell: an empty board has none.",
    ),
    (
        "sat",
        "A clue as a variable",
        "let v21 = var_number(2, 1, 6);",
        "Not yet: v21 says 6 is at row 2, column 1: variable 87 says 2 is at row 1, column 6 \
         (check 1 of 2).",
    ),
    (
        "sat",
        "The corner digit",
        "let d11 = cells(p)[0];",
        "Not yet: d11 is the solution's digit at row 1, column 1: not 0: find the true \
         variable v with (v - 1) % 81 == 0.",
    ),
    (
        "similarity",
        "ym's block key",
        "let key_ym = \"\"; for k in 0..9 { key_ym += block_digits(block(ym, k)); }",
        "Not yet: key_ym is ym's block key: not 357814671249148956783689135635691278: sort the nine block \
         strings before joining them.",
    ),
    (
        "similarity",
        "Rows for columns",
        "let tp = p3;",
        "Not yet: tp's row information is p1's column information: its row information is \
         12122334646585889; p1's column information is 011223234465685889 (check 2 of 2; \
         the first passed).",
    ),
    (
        "similarity",
        "Another disguise",
        "let r12 = apply_transform(p1, #{digits: [1, 2, 3, 4, 5, 6, 7, 8, 9]});",
        "Not yet: r12 is p1 with 1 and 2 swapped: that is p1 unchanged (check 1 of 2).",
    ),
    (
        "similarity",
        "From p1 to p4",
        "let t14 = equivalent(p1, p3);",
        "Not yet: t14 takes p1 to p4: apply_transform(p1, t14) is not p4.",
    ),
    (
        "pentomino",
        "Sixty squares",
        "let total = 12;",
        "Not yet: total is the squares of all twelve pieces: that counts the pieces: each has \
         five squares.",
    ),
    (
        "pentomino",
        "Four ways",
        "let four = \"FLNPY\";",
        "Not yet: four lists the pieces with 4 orientations: not \"FLNPY\": pen(c).len() is \
         the number of orientations of c.",
    ),
    (
        "pentomino",
        "Where Y can go",
        "let ny = members(p_data(\"Y\")[0]).len();",
        "Not yet: ny counts Y's positions in all its orientations: that counts one orientation \
         only: add up all eight.",
    ),
    (
        "pentomino",
        "X beside P",
        "let nx = members(p_data(\"X\")[0]).len();",
        "Not yet: nx counts the positions of X that touch P0: that counts every position of X, \
         touching or not.",
    ),
    (
        "pentomino",
        "P with N2",
        "let fr = frame(PN, \"ascii\", false);",
        "Not yet: fr is P0 and N2 framed in ascii: that is P0 with N1 (PN): put N2 beside P0.",
    ),
    (
        "pentomino",
        "Where T goes",
        "let iT = 0;",
        "Not yet: iT is where T 0 goes on the board with V: not 0: the first member of T 0 \
         that fits and touches V.",
    ),
    (
        "polyomino",
        "The first hint",
        "let first_hint = \"hint: L 6\";",
        "Not yet: first_hint is the session's hint after V 1: not that line: answer 1, then h, \
         then n, and keep the line starting hint:.",
    ),
    (
        "polyomino",
        "Dominoes in a 2×4",
        "let d24 = count_polyomino(rect(2, 4), [\"XX\"], #{copies: 4});",
        "Not yet: d24 counts the raw domino tilings of 2×4: that counts up to symmetry: ask \
         for raw.",
    ),
    (
        "polyomino",
        "Hexomino squares",
        "let hex_cells = 35;",
        "Not yet: hex_cells is the squares of all hexominoes: that counts the pieces: each has \
         six squares.",
    ),
    (
        "polyomino",
        "A ring",
        "let ring = rect(5, 5);",
        "Not yet: ring has 24 cells: area(ring) is 25: 25 cells less the centre (check 1 of 2).",
    ),
    (
        "polyomino",
        "Every 3×20 packing",
        "let n320 = count_polyomino(rect(3, 20), \"pentominoes\");",
        "Not yet: n320 counts the 3×20 packings, raw: that counts up to symmetry: ask for raw.",
    ),
    (
        "polyomino",
        "A square's symmetries",
        "let s33 = symmetries(rect(3, 4));",
        "Not yet: s33 is the 3×3 board's number of symmetries: that is a rectangle's: a square \
         also turns a quarter round.",
    ),
    (
        "polyomino",
        "One packing of 5×12",
        "let s512 = solve_polyomino(rect(5, 12), \"pentominoes\", #{limit: 1});",
        "Not yet: s512 is one packing, not a list: solve_polyomino gives a list: take its \
         first element (check 1 of 2).",
    ),
    (
        "polyomino",
        "Black squares",
        "let black = 4 * 5;",
        "Not yet: black is the black squares of 4×5: that is every square: only half are black.",
    ),
    (
        "polycube",
        "Enough cubes",
        "let soma_cubes = 7;",
        "Not yet: soma_cubes is the cubes of all seven pieces: that counts the pieces: V has \
         3 cubes, the others 4.",
    ),
    (
        "polycube",
        "A square-ended box",
        "let s223 = symmetries(cuboid(2, 3, 4));",
        "Not yet: s223 is the 2×2×3 box's number of symmetries: that is a box with three \
         different sides: here two are equal, so a quarter turn works too.",
    ),
    (
        "polycube",
        "Raw from families",
        "let raw256 = 264;",
        "Not yet: raw256 is the 2×5×6 box's raw count: that is the number of families: each \
         has one member per symmetry.",
    ),
    (
        "polycube",
        "A corner off",
        "let corner7 = cuboid(2, 2, 2);",
        "Not yet: corner7 has 7 cells: its volume is 8: make one corner a hole (#).",
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
        let _ = s
            .eval(&e.answer)
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
        let _ = s.eval(wrong).unwrap_or_else(|err| {
            panic!("{name}: the wrong answer to {:?} fails: {err:?}", e.title)
        });
        let text = cmd(&mut state, &mut s, ":check");
        let first = text.lines().next().unwrap_or_default();
        assert_eq!(first, *said, "{name}: {:?}", e.title);
    }
}

#[test]
fn human_checks_accept_models_and_reject_wrong_answers() {
    check_lab("human");
}

#[test]
fn sudoku_checks_accept_models_and_reject_wrong_answers() {
    check_lab("sudoku");
}

#[test]
fn example_and_making_checks_accept_models_and_reject_wrong_answers() {
    check_lab("example");
    check_lab("making");
}

#[test]
fn sat_checks_accept_models_and_reject_wrong_answers() {
    check_lab("sat");
}

#[test]
fn similarity_checks_accept_models_and_reject_wrong_answers() {
    check_lab("similarity");
}

#[test]
fn pentomino_checks_accept_models_and_reject_wrong_answers() {
    check_lab("pentomino");
}

#[test]
fn polyomino_checks_accept_models_and_reject_wrong_answers() {
    check_lab("polyomino");
}

#[test]
fn polycube_checks_accept_models_and_reject_wrong_answers() {
    check_lab("polycube");
}

#[test]
fn every_chapter_has_an_exercise() {
    // The recap closing a lab is the one chapter without one.
    for info in lab::list() {
        let lab = lab::load(&info.name).unwrap();
        for (c, chapter) in lab.chapters.iter().enumerate() {
            if chapter.title == "Recap" {
                continue;
            }
            let has = lab
                .sections
                .iter()
                .any(|s| s.chapter == Some(c) && s.exercise.is_some());
            assert!(
                has,
                "{}: chapter {:?} has no exercise",
                info.name, chapter.title
            );
        }
    }
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
    let _ = s.eval("let clues = 30;").unwrap();
    assert_eq!(
        cmd(&mut state, &mut s, ":check"),
        "Not yet: clues is su21_1's number of clues: 30 is not it: count the cells that \
         are not dots (check 2 of 2; the first passed).\n(:answer shows a model answer)"
    );
    assert_eq!(
        cmd(&mut state, &mut s, ":answer"),
        "A model answer to \"Counting clues\" (type it, then :check):\n   let clues = filled(su21_1);"
    );
    let _ = s.eval("let clues = 32;").unwrap();
    assert_eq!(
        cmd(&mut state, &mut s, ":check"),
        "Right: \"Counting clues\" is done (all 2 of its checks pass)."
    );
    // A later section without an exercise points back at this one.
    cmd(&mut state, &mut s, ":next");
    assert_eq!(
        cmd(&mut state, &mut s, ":check"),
        "(the exercise of section 2: Counting clues)\n\
         Right: \"Counting clues\" is done (all 2 of its checks pass)."
    );
    // A check's own `let`s (this one counts rounds in `g` and `n`) leave
    // nothing behind in the reader's session.
    cmd(&mut state, &mut s, ":goto 24");
    assert!(!s.scope().contains("n") && s.scope().contains("ASS_N"));
    let _ = s.eval("let rounds = 3;").unwrap();
    assert_eq!(
        cmd(&mut state, &mut s, ":check"),
        "Right: \"How many rounds\" is done (all 2 of its checks pass)."
    );
    assert!(!s.scope().contains("n") && !s.scope().contains("g"));
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
    assert_eq!(
        text.lines().next(),
        Some(
            format!(
                "Not yet: it runs nothing: sat_solve: running an installed program is not \
                 allowed in code from a lab ({file}): labs never run external solvers, even \
                 with --allow-exec."
            )
            .as_str()
        )
    );
    assert!(s.exec_allowed(), "the session's setting is restored");
}

#[test]
fn a_check_is_held_to_the_lab_rules_when_the_lab_opens() {
    let dir = crate::common::scratch_dir("exercise-fn");
    let file = format!("{}/y.lab", dir.as_str());
    std::fs::write(
        &file,
        "Title: T\nLab Section\nS\n)\n1\nLab Exercise E\nTask.\n)\n\
         CHECK sneaky\nlet f = Fn(\"solve\");\nf.call(ym) != ()\nANSWER\n1\n",
    )
    .unwrap();
    let mut state = LabState::default();
    let mut s = Session::capturing(&Limits::default());
    assert_eq!(
        cmd(&mut state, &mut s, &format!(":lab {file}")),
        format!(
            "{file}:10:9: a lab may not make a function pointer with Fn(...): use a closure \
             such as |g| solve(g) (a lab's function values always run as lab code)"
        )
    );
}

#[test]
fn a_stopped_check_decides_nothing() {
    // Ctrl+C during a long check is not a wrong answer.
    let dir = crate::common::scratch_dir("exercise-stop");
    let file = format!("{}/z.lab", dir.as_str());
    std::fs::write(
        &file,
        "Title: T\nLab Section\nS\n)\n1\nLab Exercise E\nTask.\n)\n\
         CHECK the count is big\ncount_solutions(grid(\".\" * 81), 1000000000) > 0\nANSWER\n1\n",
    )
    .unwrap();
    let host = Rc::new(RecordingHost::default());
    let mut state = LabState::default();
    let mut s = Session::new(&Limits::default(), host.clone());
    cmd(&mut state, &mut s, &format!(":lab {file}"));
    cmd(&mut state, &mut s, ":next");
    host.cancel_next_job();
    let text = cmd(&mut state, &mut s, ":check");
    assert!(
        text.starts_with("Check 1 of 1 (the count is big) was stopped, so nothing is decided: "),
        "{text}"
    );
    assert!(text.ends_with("\n(:check runs the checks again)"), "{text}");
}

/// "Find the X-Wing" compares the whole set of removals: the X-Wing of
/// `xw` is on 3 in columns 2 and 9, rows 4 and 7, so r4c7, r4c8 and r7c6
/// lose 3 (read off its pencil marks). The three in another order pass;
/// one missing, one too many, one twice, or a right set of the wrong shape
/// are refused.
#[test]
fn find_the_x_wing_checks_the_whole_set_of_removals() {
    let lab = lab::load("human").unwrap();
    let k = lab
        .sections
        .iter()
        .position(|s| {
            s.exercise
                .as_ref()
                .is_some_and(|e| e.title == "Find the X-Wing")
        })
        .expect("the exercise");
    let verdict = |answer: &str| {
        let (mut state, mut s) = at_section("human", k + 1);
        let _ = s.eval(answer).unwrap();
        cmd(&mut state, &mut s, ":check")
    };
    assert!(verdict("let removals = [[7, 6, 3], [4, 8, 3], [4, 7, 3]];").starts_with("Right"));
    for wrong in [
        "let removals = [[4, 7, 3], [4, 8, 3]];",
        "let removals = [[4, 7, 3], [4, 8, 3], [7, 6, 3], [7, 5, 3]];",
        "let removals = [[4, 7, 3], [4, 8, 3], [7, 6, 3], [4, 7, 3]];",
        "let removals = [[4, 7], [4, 8], [7, 6]];",
        "let removals = \"r4c7.3 r4c8.3 r7c6.3\";",
        "let removals = [[4.0, 7, 3], [4, 8, 3], [7, 6, 3]];",
    ] {
        let said = verdict(wrong);
        assert!(said.starts_with("Not yet"), "{wrong}: {said}");
    }
}
