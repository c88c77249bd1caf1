//! What a session keeps apart (issue 14): the built-in puzzles, which no
//! code may change; each lab's functions, which go when the lab closes;
//! and, after `:reset` inside a lab, the names its sections made.

use puzzlelab::lab::LabState;
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

fn session() -> Session {
    Session::capturing(&Limits::default())
}

/// The value of `code` as the REPL shows it; panics on an error.
fn val(s: &mut Session, code: &str) -> String {
    match s.eval(code) {
        Ok(v) => s.show(&v),
        Err(e) => panic!("{code}: {}", e.located("<t>", 1)),
    }
}

/// The error of `code`, located as the REPL shows it; panics when it runs.
fn err(s: &mut Session, code: &str) -> String {
    match s.eval(code) {
        Ok(v) => panic!("{code} ran and gave {}", s.show(&v)),
        Err(e) => e.located("<t>", 1),
    }
}

fn cmd(state: &mut LabState, s: &mut Session, line: &str) -> String {
    state
        .command(line, s)
        .unwrap_or_else(|| panic!("{line} is a lab command"))
}

/// A lab runner remembering positions in a scratch file of its own.
fn runner(tag: &str) -> (LabState, crate::common::Scratch) {
    let file = crate::common::scratch_file(tag, "positions.json");
    (LabState::with_state_file(file.to_path_buf()), file)
}

#[test]
fn built_in_puzzles_cannot_be_changed_in_place_or_replaced() {
    let mut s = session();
    assert_eq!(
        err(&mut s, "ym[0] = 6"),
        "<t>:1:3: ym is a built-in puzzle and cannot be changed in place (the labs read it): \
         change a copy, let g = ym; g[0] = 6;"
    );
    assert_eq!(
        err(&mut s, "let a = 1;\nym = su21_1"),
        "<t>:2:1: ym is a built-in puzzle and cannot be replaced (the labs read it): \
         keep yours under a name of its own (let g = ...;), or make a variable of your own \
         with let ym = ...;"
    );
    // Nothing changed; a copy is the person's to change.
    assert_eq!(val(&mut s, "[ym[0], ym[1], filled(ym)]"), "[0, 5, 36]");
    assert_eq!(val(&mut s, "let g = ym; g[0] = 6; [g[0], ym[0]]"), "[6, 0]");
    // Reading works in every form: methods, functions, operators, closures.
    assert_eq!(
        val(
            &mut s,
            "[ym.filled(), x.filled(), ym.line().len(), rate(ym).solutions, ym == ym, ym != x]"
        ),
        "[36, 24, 81, 1, true, true]"
    );
    assert_eq!(val(&mut s, "solve(ym) == ym.solve()"), "true");
    assert_eq!(val(&mut s, "[ym, x].map(|g| g.filled())"), "[36, 24]");
    // A function may read a built-in; a change inside it is refused too.
    assert_eq!(val(&mut s, "fn clues() { filled(clark) } clues()"), "25");
    let _ = val(&mut s, "fn spoil() { clark[1] = 1; }");
    let e = err(&mut s, "spoil()");
    assert!(
        e.contains("cannot change a constant in place: the built-in puzzles (ym, su21_1, su21_99, clark, x)"),
        "{e}"
    );
    assert_eq!(val(&mut s, "clark[1]"), "3");
}

/// Pushing the puzzles as Rhai constants once broke every function with a
/// parameter named like one of them.
#[test]
fn parameters_and_locals_named_like_a_built_in_are_ordinary_variables() {
    let mut s = session();
    assert_eq!(val(&mut s, "fn f(ym) { ym[0] = 6; ym[0] } f(ym)"), "6");
    assert_eq!(val(&mut s, "fn twice(x) { x * 2 } twice(21)"), "42");
    assert_eq!(val(&mut s, "[1, 2].map(|x| x * 10)"), "[10, 20]");
    assert_eq!(val(&mut s, "let n = 0; for x in 1..4 { n += x } n"), "6");
    assert_eq!(val(&mut s, "{ let clark = 7; clark + 1 }"), "8");
    assert_eq!(val(&mut s, "[ym[0], filled(clark)]"), "[0, 25]");
}

/// `let x = 5` makes the person's own `x`; their code reads it, lab code
/// still reads the puzzle, and a lab may not define one itself.
#[test]
fn the_persons_own_variable_hides_a_built_in_from_them_not_from_labs() {
    let mut s = session();
    assert_eq!(val(&mut s, "let x = 5; x + 1"), "6");
    assert_eq!(val(&mut s, "x = 7; x"), "7");
    let v = s.eval_lab("filled(x)").unwrap();
    assert_eq!(s.show(&v), "24");
    let e = s.eval_lab("let ym = 1;").unwrap_err().located("t.lab", 1);
    assert!(
        e.contains("a lab may not define a variable named ym"),
        "{e}"
    );

    // The example lab's third section shows `ym` after the person made theirs.
    let (mut state, _file) = runner("builtin-lab");
    let _ = val(&mut s, "let ym = 41;");
    cmd(&mut state, &mut s, ":lab example");
    let three = cmd(&mut state, &mut s, ":goto 3");
    assert!(
        three.contains("   clues\n36\n   ym\n+---+---+---+\n|.5.|7.1|.4.|"),
        "{three}"
    );
    assert_eq!(val(&mut s, "ym + 1"), "42");
}

const SHADOWING_LAB: &str = "\
Title: A helper named like a built-in
Lab Section
This lab's helper is called piece, as the built-in piece(letter) is.
)
fn piece(cells) { cells.len() }
piece([1, 2, 3])
";

/// A lab whose helper has a name of its own.
const HELPER_LAB: &str = "\
Title: A helper
Lab Section
This lab's helper is called cell_count.
)
fn cell_count(cells) { cells.len() }
cell_count([1, 2, 3])
";

/// The pentomino lab's sections 1 to 3 in `s`, each exactly as print mode
/// shows it (up to its exercise, which the prompt shows with its commands
/// and print mode with its model answer).
fn pentomino_opens_as_printed(state: &mut LabState, s: &mut Session) {
    let printed = crate::common::lab_sections("pentomino", 37);
    let intro = cmd(state, s, ":lab pentomino");
    assert!(!intro.contains("Resuming"), "{intro}");
    for k in 1..=3 {
        let shown = cmd(state, s, ":next");
        let body = |t: &str| {
            t.split("\nExercise: ")
                .next()
                .unwrap_or_default()
                .trim_end()
                .to_string()
        };
        assert_eq!(body(&shown), body(&printed[k - 1]), "section {k}");
    }
    assert_eq!(val(s, "P_0"), "1 1\n1 1\n1 0");
}

#[test]
fn a_labs_functions_go_when_it_closes_and_the_persons_stay() {
    let (mut state, _file) = runner("shadow");
    let mut s = session();
    // A lab helper with a built-in's name and arity: the lab is refused
    // (issue 21), so the built-in is never replaced.
    let shadow = crate::common::scratch_file("shadow-lab", "shadow.lab");
    std::fs::write(&shadow, SHADOWING_LAB).unwrap();
    assert_eq!(
        cmd(&mut state, &mut s, &format!(":lab {shadow}")),
        format!(
            "{shadow}:5:1: a lab may not define piece(cells): it has the name and arity of a \
             built-in function, which a lab may not replace (rename it)"
        )
    );
    let lab = crate::common::scratch_file("helper-lab", "helper.lab");
    std::fs::write(&lab, HELPER_LAB).unwrap();
    assert_eq!(val(&mut s, "fn twice(x) { x * 2 } twice(4)"), "8");
    cmd(&mut state, &mut s, &format!(":lab {lab}"));
    let one = cmd(&mut state, &mut s, ":next");
    assert!(one.ends_with("   cell_count([1, 2, 3])\n3"), "{one}");
    // While the lab is open, its helper is there for the person too.
    assert_eq!(val(&mut s, "cell_count([7])"), "1");
    let quit = cmd(&mut state, &mut s, ":quit");
    assert!(
        quit.ends_with(
            "Your variables stay defined; the lab's functions (cell_count) went with it."
        ),
        "{quit}"
    );
    assert_eq!(val(&mut s, r#"piece("P")"#), "1 1\n1 1\n1 0");
    assert_eq!(val(&mut s, "twice(21)"), "42");
    pentomino_opens_as_printed(&mut state, &mut s);
    assert_eq!(val(&mut s, "twice(50)"), "100");
}

/// The issue's case: the similarity lab, then the pentomino lab, in one
/// session; and the person's own function of the same name as a lab
/// helper is theirs again once the lab is over.
#[test]
fn similarity_lab_then_pentomino_lab_in_one_session() {
    let (mut state, _file) = runner("two-labs");
    let mut s = session();
    assert_eq!(
        val(&mut s, r#"fn block(g, k) { "mine" } block(ym, 3)"#),
        "mine"
    );
    cmd(&mut state, &mut s, ":lab similarity");
    let last = cmd(&mut state, &mut s, ":goto 15");
    assert!(
        last.starts_with("(ran the code of sections 1 to 14 quietly first)\n-- (15 of 15)"),
        "{last}"
    );
    assert!(!last.contains("error:"), "{last}");
    // The lab's block wins in the lab's code...
    let v = s.eval_lab("block(p1, 3)").unwrap();
    assert_eq!(s.show(&v), "[4, 0, 0, 2, 1, 0, 0, 0, 0]");
    // ...the person's in theirs.
    assert_eq!(val(&mut s, "block(ym, 3)"), "mine");
    assert_eq!(cmd(&mut state, &mut s, ":next"), "End of lab");
    assert_eq!(val(&mut s, "block(ym, 3)"), "mine");
    let e = err(&mut s, "block_digits([1, 2])");
    assert!(e.contains("Function not found: block_digits"), "{e}");
    pentomino_opens_as_printed(&mut state, &mut s);
}

#[test]
fn reset_in_a_lab_runs_its_earlier_sections_again_quietly() {
    let (mut state, _file) = runner("reset");
    let mut s = session();
    cmd(&mut state, &mut s, ":lab pentomino");
    cmd(&mut state, &mut s, ":next");
    cmd(&mut state, &mut s, ":next");
    // `:reset` makes a fresh session, then asks the lab to replay.
    s = session();
    let e = err(&mut s, "P_0");
    assert!(e.contains("Variable not found: P_0"), "{e}");
    let replay = state.replay(&mut s).expect("a lab is open");
    assert_eq!(
        replay,
        "(ran the code of sections 1 to 2 quietly again)\n(still at section 2 of 37 of lab pentomino)"
    );
    assert_eq!(s.take_output(), "", "quiet means quiet");
    assert_eq!(state.position(), Some(("pentomino", 2)));
    assert_eq!(val(&mut s, "P_0"), "1 1\n1 1\n1 0");
    // The next section runs at once: nothing is left to catch up on.
    let three = cmd(&mut state, &mut s, ":next");
    assert!(three.starts_with("-- (3 of 37) "), "{three}");
    // At the introduction there is nothing to replay.
    let (mut fresh, _file) = runner("reset-intro");
    cmd(&mut fresh, &mut s, ":lab example");
    assert_eq!(fresh.replay(&mut s), None);
}

/// The registered functions whose purpose is to change their receiver:
/// a formula's `f.add(...)` and its constraints (`src/script/sat/formulas.rs`).
const CHANGE_THEIR_RECEIVER: &[&str] = &["add", "exactly_one_in", "at_most_in", "at_least_in"];

/// A function taking its value as `&mut` (so as not to copy it) must be
/// marked `pure` unless it changes it, or it could not be called on a
/// built-in puzzle (or on any `const`).
#[test]
fn script_functions_that_only_read_their_receiver_are_pure() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/script");
    // The plugin files, with those in subfolders (`sat/boards.rs`).
    let mut paths = Vec::new();
    let mut folders = vec![dir];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                paths.push(path);
            }
        }
    }
    let mut checked = 0;
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix("pub fn ") else {
                continue;
            };
            // The signature up to its body.
            let sig: String = lines[i..]
                .iter()
                .take_while(|l| !l.trim_end().ends_with('{'))
                .chain(lines[i..].iter().find(|l| l.trim_end().ends_with('{')))
                .copied()
                .collect();
            let first = sig
                .split_once('(')
                .map(|(_, p)| p)
                .unwrap_or("")
                .split(',')
                .map(str::trim)
                .find(|p| !p.starts_with("ctx"))
                .unwrap_or("");
            let receiver = first
                .split_once(": &mut ")
                .is_some_and(|(_, ty)| ty.starts_with(char::is_uppercase));
            if !receiver || first.contains("Engine") {
                continue;
            }
            let attr = lines[i - 1].trim();
            let name = rest.split('(').next().unwrap_or("");
            if attr.contains("index_set") || CHANGE_THEIR_RECEIVER.contains(&name) {
                continue;
            }
            checked += 1;
            assert!(
                attr.starts_with("#[rhai_fn(") && attr.contains("pure"),
                "{}:{}: fn {} takes its value as &mut but is not marked pure",
                path.display(),
                i + 1,
                rest.split('(').next().unwrap_or("")
            );
        }
    }
    assert!(checked >= 40, "functions checked: {checked}");
}
