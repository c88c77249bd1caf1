//! What people bring to the REPL and the labs (issue 14).

use puzzlelab::script::help;

/// A lab's `fn` stays defined in the session after the lab, so a helper
/// named like a built-in would replace it for every later lab and for the
/// person (the similarity lab's `fn piece(cells)` once broke the pentomino
/// lab). No lab may define one.
#[test]
fn no_lab_helper_shadows_a_built_in_function() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("labs");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "lab") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix("fn ") else {
                continue;
            };
            let name = rest.split('(').next().unwrap_or("").trim();
            checked += 1;
            assert!(
                help::describe(name).is_none(),
                "{}:{}: fn {name} would replace the built-in {name} for the rest of the session",
                path.display(),
                i + 1
            );
        }
    }
    assert!(checked >= 10, "lab helpers found: {checked}");
}

/// Run `puzzlelab` with `input` on stdin (the REPL's line handling without
/// a terminal); (stdout, stderr).
fn piped(input: &str) -> (String, String) {
    let r = crate::common::run_puzzlelab(&["-q"], input.as_bytes());
    (r.stdout, r.stderr)
}

#[test]
fn quit_and_exit_alone_leave() {
    for word in ["quit", "exit"] {
        let (out, err) = piped(&format!("1 + 1\n{word}\n2 + 2\n"));
        assert_eq!(out, "2\n", "{word}: {err}");
    }
}

#[test]
fn names_not_found_get_a_suggestion() {
    let (_, err) = piped("asign(ym)\n");
    assert!(err.contains("Function not found: asign"), "{err}");
    assert!(err.contains("did you mean assign"), "{err}");
    let (_, err) = piped("let puzzle = ym;\npuzle\n");
    assert!(err.contains("did you mean puzzle?"), "{err}");
}

#[test]
fn type_shows_the_type_and_load_takes_arguments() {
    let (out, err) = piped(":type free(ym)\n:type 1 + 1\n");
    assert_eq!(out, "Candidates\nint\n", "{err}");
    let dir = crate::common::scratch_dir("load");
    let script = dir.join("args.rhai");
    std::fs::write(&script, "print(`${ARGS.len()} ${ARGS[0]} ${ARGS[1]}`);\n").unwrap();
    let (out, err) = piped(&format!(":load {} one two\n", script.display()));
    assert_eq!(out, "2 one two\n", "{err}");
}

#[test]
fn help_per_domain_for_rhai_functions_and_in_80_columns() {
    let mut s =
        puzzlelab::script::session::Session::capturing(&puzzlelab::script::Limits::default());
    let mut text = |code: &str| s.eval(code).unwrap().into_string().unwrap();
    let poly = text(r#"help("polyomino")"#);
    assert!(poly.starts_with("polyomino — "), "{poly}");
    assert!(poly.contains("\n  count_polyomino "), "{poly}");
    assert!(!poly.contains("\n  assign "), "{poly}");
    let print = text(r#"help("print")"#);
    assert!(
        print.contains("print(") && print.contains("[rhai]"),
        "{print}"
    );
    // Both the function and the domain of that name.
    let pent = text(r#"help("pentomino")"#);
    assert!(
        pent.contains("[pentomino]") && pent.contains("pentomino — "),
        "{pent}"
    );
    // No `?` for a parameter of several types.
    assert!(!text(r#"help("svg")"#).contains(": ?"));
    let all = help::overview();
    for line in all.lines() {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
    let names: Vec<&str> = all
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(names.len(), unique.len(), "a name listed twice");
}

#[test]
fn vars_preview_grids_by_line_and_arrays_by_length_and_fns_hide_closures() {
    let (out, err) = piped(
        "let g = assign(ym);\nlet a = [1, 2, 3];\nlet f = |x| x + 1;\nfn twice(x) { x * 2 }\n:vars\n:fns\n",
    );
    assert!(err.is_empty(), "{err}");
    let g = out
        .lines()
        .find(|l| l.trim_start().starts_with("g "))
        .unwrap();
    assert!(g.contains("Grid") && !g.contains("+---"), "{out}");
    let a = out
        .lines()
        .find(|l| l.trim_start().starts_with("a "))
        .unwrap();
    assert!(a.contains("array[3]"), "{out}");
    assert!(
        out.contains("  fn twice(x)") && !out.contains("anon$"),
        "{out}"
    );
}

#[test]
fn underscore_is_the_last_value_shown() {
    let (out, err) = piped(
        "assign(ym).line()\nfilled(grid(_))\n_ + 1\nlet g = _;\ng * 2\n\
         switch g { 82 => `${_} and \"_\" // _`, _ => \"other\" }\nprint(1)\n_\n",
    );
    assert_eq!(
        out,
        "659721348743985162281436597974162853365897214128354679412673985596248731837519426\n\
         81\n82\n164\n164 and \"_\" // _\n1\n164 and \"_\" // _\n",
        "{err}"
    );
    assert!(err.is_empty(), "{err}");
    let (_, err) = piped("_ + 1\n");
    assert_eq!(
        err,
        "<stdin>:1:1: Variable not found: _\n  `_` is the last value shown, and none has been shown yet\n"
    );
}

#[test]
fn reset_inside_a_lab_brings_back_what_its_sections_made() {
    let (out, err) = piped(":lab example\n:next\n:next\n:reset\nanswer\ntwice(answer)\n:next\n");
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains(
            "a fresh session: your variables and functions are gone\n\
             (ran the code of sections 1 to 2 quietly again)\n\
             (still at section 2 of 3 of lab example)\n42\n84\n-- (3 of 3) A grid ---"
        ),
        "{out}"
    );
}

/// `see` of a list wider than a terminal: five grids a row, rows apart,
/// so the REPL's screenful-at-a-time cut falls between rows (the tmux test
/// watches it happen).
#[test]
fn see_of_a_long_list_is_five_grids_a_row() {
    let mut s =
        puzzlelab::script::session::Session::capturing(&puzzlelab::script::Limits::default());
    let text = |s: &mut puzzlelab::script::session::Session, code: &str| {
        let v = s.eval(code).unwrap();
        s.show(&v)
    };
    let five = text(&mut s, "see([ym, ym, ym, ym, ym])");
    assert_eq!(five.lines().count(), 15);
    let long = text(&mut s, "let l = []; for i in 0..12 { l.push(ym) } see(l)");
    let rows: Vec<&str> = long.split("\n\n").collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0], five);
    assert_eq!(rows[2], text(&mut s, "see([ym, ym])"));
    assert!(long.lines().all(|l| l.chars().count() <= 71), "{long}");
}

/// The traps a newcomer met (issue 53): `-e help` answers as the REPL's
/// `help` does; a string in double quotes over two lines says backticks
/// make one; a comparator giving decimals sorts (the ratings are floats),
/// and one giving no number is an error that says what it must give.
#[test]
fn newcomer_traps_turned_into_help() {
    use crate::common::run_puzzlelab;
    let run = run_puzzlelab(&["-e", "help"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("Functions by domain"),
        "{}",
        run.stdout
    );
    let run = run_puzzlelab(&["-e", ":vars"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("predefined: ym"), "{}", run.stdout);
    let run = run_puzzlelab(&["-e", ":nosuch"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("unknown command :nosuch"),
        "{}",
        run.stderr
    );

    let run = run_puzzlelab(&["-e", "let s = \"two\nlines\";"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .starts_with("<-e>:1:9: Open string is not terminated\n")
            && run.stderr.contains("backticks (`like this`)"),
        "{}",
        run.stderr
    );

    let sorted = |code: &str| run_puzzlelab(&["-e", code], b"");
    let run = sorted(
        "let a = [#{er: 2.5}, #{er: 1.5}, #{er: 2.0}]; a.sort(|x, y| x.er - y.er); a.map(|r| r.er)",
    );
    assert_eq!(run.stdout, "[1.5, 2.0, 2.5]\n", "{}", run.stderr);
    let run = sorted("let a = [3, 1, 2]; a.sort(|x, y| y - x); a");
    assert_eq!(run.stdout, "[3, 2, 1]\n", "{}", run.stderr);
    let run = sorted("let a = [3, 1, 2]; a.sort(|x, y| `${x}`); a");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("sort: the comparator returned a string (")
            && run.stderr.contains("it must return a number"),
        "{}",
        run.stderr
    );
    // Left as it was, not half sorted.
    let run = sorted("let a = [3, 1, 2]; try { a.sort(|x, y| `${x}`) } catch {} a");
    assert_eq!(run.stdout, "[3, 1, 2]\n", "{}", run.stderr);
}
