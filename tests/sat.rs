//! The sat script functions end to end: the source's counts and printed
//! pieces, DIMACS out and back in, strict reading errors at line:column,
//! solver answers, solving and uniqueness on small and large boards.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

fn session() -> Session {
    Session::capturing(&Limits::default())
}

fn int(s: &mut Session, code: &str) -> i64 {
    s.eval(code)
        .unwrap_or_else(|e| panic!("{code}: {e}"))
        .as_int()
        .unwrap_or_else(|t| panic!("{code}: got {t}"))
}

fn text(s: &mut Session, code: &str) -> String {
    let v = s.eval(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    s.show(&v)
}

fn failure(s: &mut Session, code: &str) -> String {
    match s.eval(code) {
        Ok(v) => panic!("{code}: expected an error, got {}", s.show(&v)),
        Err(e) => e.message(),
    }
}

#[test]
fn counts_match_the_seed() {
    let mut s = session();
    assert_eq!(int(&mut s, "cnf(ym).vars"), 729);
    assert_eq!(int(&mut s, "cnf(ym).existence"), 324);
    assert_eq!(int(&mut s, "cnf(ym).pairs"), 11664);
    assert_eq!(int(&mut s, "filled(ym)"), 36);
    assert_eq!(int(&mut s, "cnf(ym).clues"), 36);
    assert_eq!(int(&mut s, "cnf(ym).clauses"), 11988 + 36);
    assert_eq!(int(&mut s, "cnf(ym).families.block.pairs"), 2916);
    assert_eq!(int(&mut s, "cnf(ym).families.cell.existence"), 81);
    // Each family's pairs are the source's `uniq` over its 81 lines.
    for f in ["row", "column", "cell", "block"] {
        assert_eq!(int(&mut s, &format!("family_pairs(\"{f}\").len()")), 2916);
        assert_eq!(int(&mut s, &format!("family_lines(\"{f}\").len()")), 81);
    }
    assert_eq!(
        text(&mut s, "cnf(ym)"),
        "CNF: 729 variables, 12024 clauses (Sudoku 9×9)\n  \
         existence    324  (row 81, column 81, cell 81, block 81)\n  \
         pairs      11664  (row 2916, column 2916, cell 2916, block 2916)\n  \
         clues         36"
    );
    // Sizes other than 9×9: N³ variables, 4N² + 4N²·N(N-1)/2 clauses + clues.
    assert_eq!(
        int(&mut s, "cnf(sudoku_board(\"1... .... .... ....\")).clauses"),
        64 + 384 + 1
    );
    assert_eq!(
        int(&mut s, "cnf(pattern_board(5).keep_every(2)).vars"),
        15625
    );
    assert_eq!(
        int(&mut s, "cnf(pattern_board(4).keep_every(2)).clauses"),
        4 * 256 + 4 * 256 * 120 + 128
    );
}

#[test]
fn the_seeds_printed_pieces() {
    let mut s = session();
    // (<0 3 1) { b  →  29: digit 1, row 4, column 2.
    assert_eq!(int(&mut s, "var_number(1, 4, 2)"), 29);
    assert_eq!(int(&mut s, "var_cube()[0][3][1]"), 29);
    // The clue 2 at row 1, column 4 is variable 85.
    assert_eq!(int(&mut s, "var_number(2, 1, 4)"), 85);
    let first_table: String = (0..9)
        .map(|r| {
            (1..=9)
                .map(|c| format!("{:>2}", r * 9 + c))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(text(&mut s, "show_lines(var_cube()[0])"), first_table);
    assert_eq!(
        text(&mut s, "show_lines(pairs([1, 2, 3]))"),
        "1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n3 1\n3 2\n3 3"
    );
    assert_eq!(
        text(&mut s, "show_lines(uniq_pairs([1, 2, 3]))"),
        "2 1\n3 1\n3 2"
    );
    assert_eq!(int(&mut s, "uniq_pairs(var_cube()[0][0]).len()"), 36);
    // Every clue of the source's puzzle, as the source computes it:
    // 81·(row-1 as a nonary digit) ... + 1, i.e. 81(n-1) + 9(r-1) + c.
    let seed_puzzle = "0 0 0 2 6 0 7 0 1 6 8 0 0 7 0 0 9 0 1 9 0 0 0 4 5 0 0 \
                       8 2 0 1 0 0 0 4 0 0 0 4 6 0 2 9 0 0 0 5 0 0 0 3 0 2 8 \
                       0 0 9 3 0 0 0 7 4 0 4 0 0 5 0 0 3 6 7 0 3 0 1 8 0 0 0";
    let clues = text(&mut s, &format!("clue_vars(grid(\"{seed_puzzle}\"))"));
    assert!(clues.starts_with("[85, "), "{clues}");
    assert_eq!(
        int(&mut s, &format!("clue_vars(grid(\"{seed_puzzle}\")).len()")),
        36
    );
}

#[test]
fn dimacs_round_trip_through_a_file() {
    let mut s = session();
    let dir = crate::common::scratch_dir("sat");
    let path = dir.join("ym.cnf");
    let p = path.display();
    let _ = s.eval(&format!("write_dimacs(ym, \"{p}\")")).unwrap();
    let written = std::fs::read_to_string(&path).unwrap();
    let header: Vec<&str> = written
        .lines()
        .filter(|l| !l.starts_with('c'))
        .take(2)
        .collect();
    assert_eq!(header, vec!["p cnf 729 12024", "1 2 3 4 5 6 7 8 9 0"]);
    assert!(written.starts_with(
        "c puzzle: .5.7.1.4.7.3...1.2.8.4.6.9.9.4.6.8.3...8.7...1.8.5.6.9.1.6.3.8.5.6...7.1.3.5.9.2.\n"
    ));
    assert_eq!(written, text(&mut s, "to_dimacs(ym)"));
    assert_eq!(written, text(&mut s, "to_dimacs(cnf(ym))"));
    assert_eq!(int(&mut s, &format!("read_dimacs(\"{p}\").clauses")), 12024);
    assert_eq!(
        text(&mut s, &format!("read_dimacs(\"{p}\").clause_list()[324]")),
        "[-2, -1]"
    );
    // The formula read back solves to the same grid.
    assert_eq!(
        text(
            &mut s,
            &format!("decode(sat_model(read_dimacs(\"{p}\"))) == sat_solve(ym)")
        ),
        "true"
    );
    let abridged = text(&mut s, "to_dimacs(cnf(ym), 5)");
    assert!(abridged.ends_with("p cnf 729 12024\n1 2 3 4 5 6 7 8 9 0\n... (12023 more lines)\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_dimacs_says_line_and_column() {
    let mut s = session();
    let cases = [
        // no header
        ("1 2 0\\n-1 0\\n", "1:1: no `p cnf V C` header"),
        // a count that lies (too few, then too many)
        (
            "p cnf 2 3\\n1 2 0\\n-1 0\\n",
            "3:5: the header promises 3 clauses",
        ),
        (
            "p cnf 2 1\\n1 2 0\\n-1 0\\n",
            "3:1: more clauses than the header's 1",
        ),
        // a literal beyond V
        (
            "p cnf 2 1\\n1 -3 0\\n",
            "2:3: literal -3 is beyond the header's 2",
        ),
        // a missing final 0
        (
            "p cnf 2 2\\n1 2 0\\n -1\\n",
            "3:2: the clause starting here has no final 0",
        ),
        // text
        (
            "c ok\\np cnf 2 1\\n1 two 0\\n",
            "3:3: \"two\" is not a literal",
        ),
        (
            "p cnf two 1\\n",
            "1:7: bad header: the variable count V must be a number",
        ),
    ];
    for (dimacs, expected) in cases {
        let msg = failure(&mut s, &format!("parse_dimacs(\"{dimacs}\")"));
        assert!(msg.contains(expected), "{dimacs}: {msg}");
    }
    // From a file the message names it.
    let path = crate::common::scratch_file("sat", "bad.cnf");
    std::fs::write(&path, "p cnf 3 1\n1 2 4 0\n").unwrap();
    let msg = failure(&mut s, &format!("read_dimacs(\"{}\")", path.display()));
    assert!(
        msg.contains(&format!("{}:2:5: literal 4", path.display())),
        "{msg}"
    );
    std::fs::remove_file(&path).unwrap();
    let msg = failure(&mut s, "read_dimacs(\"/no/such/file.cnf\")");
    assert!(msg.contains("/no/such/file.cnf"), "{msg}");
}

#[test]
fn garbage_never_panics() {
    // Deterministic pseudo-random texts built from DIMACS-like pieces.
    let pieces = [
        "p",
        "cnf",
        "c",
        "0",
        "-",
        "1",
        "729",
        " ",
        "\n",
        "x",
        "%",
        "-0",
        "99999999999",
        "\t",
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..2000 {
        let mut t = String::new();
        for _ in 0..(state % 40) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            t.push_str(pieces[(state % pieces.len() as u64) as usize]);
        }
        match puzzlelab::sat::read_dimacs(&t) {
            Ok(_) => accepted += 1,
            // A refusal says what is wrong, never an empty message.
            Err(e) => {
                assert!(!e.to_string().trim().is_empty(), "{t:?}");
                refused += 1;
            }
        }
        let _ = puzzlelab::sat::read_answer(&t);
    }
    // Garbage is refused with a message (a valid text by chance is fine).
    assert!(refused > 0, "{accepted} accepted, {refused} refused");
}

#[test]
fn answers_decode_into_grids() {
    let mut s = session();
    // A competition-format answer built from the embedded solver's model.
    let model = text(&mut s, "sat_model(cnf(ym))");
    let lits = model.trim_matches(['[', ']']).replace(',', "");
    let answer = format!("c some solver\\ns SATISFIABLE\\nv {lits}\\nv 0\\n");
    assert_eq!(
        text(
            &mut s,
            &format!("parse_answer(\"{answer}\") == sat_solve(ym)")
        ),
        "true"
    );
    let minisat = format!("SAT\\n{lits} 0\\n");
    assert_eq!(
        text(
            &mut s,
            &format!("parse_answer(\"{minisat}\") == sat_solve(ym)")
        ),
        "true"
    );
    assert_eq!(text(&mut s, "parse_answer(\"s UNSATISFIABLE\\n\")"), "");
    let msg = failure(&mut s, "parse_answer(\"s SATISFIABLE\\nv 1 2 3 0\\n\")");
    assert!(msg.contains("no Sudoku"), "{msg}");
}

#[test]
fn solving_and_uniqueness() {
    let mut s = session();
    assert_eq!(text(&mut s, "sat_solve(ym).filled()"), "81");
    assert_eq!(
        text(
            &mut s,
            "sudoku_board(sat_solve(ym)).solves(sudoku_board(ym))"
        ),
        "true"
    );
    assert_eq!(text(&mut s, "sat_unique(ym)"), "true");
    assert_eq!(text(&mut s, "sat_unique(su21_99)"), "true");
    // The same grids as the native solver's `solve`.
    for name in ["ym", "su21_1", "su21_99", "x"] {
        assert_eq!(
            text(&mut s, &format!("sat_solve({name}) == solve({name})")),
            "true"
        );
    }
    // Hui's `clark` is under-constrained.
    assert_eq!(text(&mut s, "sat_unique(clark)"), "false");
    // A contradiction has no solution: () prints as nothing.
    assert_eq!(text(&mut s, "let g = ym; g[0] = 5; sat_solve(g)"), "");
    assert_eq!(text(&mut s, "let g = ym; g[0] = 5; sat_unique(g)"), "false");
    // 4×4 in both notations.
    assert_eq!(
        text(
            &mut s,
            "sat_solve(sudoku_board(\"1 . 3 .  . 4 . 2  2 . 4 .  . 1 . 3\"))"
        ),
        "+--+--+\n|12|34|\n|34|12|\n+--+--+\n|23|41|\n|41|23|\n+--+--+"
    );
    let msg = failure(&mut s, "sudoku_board(\"1..4\\n.4#.\")");
    assert!(msg.contains("2:3: bad character '#'"), "{msg}");
    let msg = failure(&mut s, "sat_solve(ym, #{solvr: \"picosat\"})");
    assert!(msg.contains("unknown option \"solvr\""), "{msg}");
    let msg = failure(&mut s, "sat_solve(ym, #{solver: \"no-such-solver-xyz\"})");
    assert!(
        msg.contains("not allowed: start puzzlelab with --allow-exec"),
        "{msg}"
    );
    s.allow_exec(true);
    let msg = failure(&mut s, "sat_solve(ym, #{solver: \"no-such-solver-xyz\"})");
    assert!(msg.contains("could not start"), "{msg}");
}

#[test]
fn large_boards_solve() {
    let mut s = session();
    // 16×16: every other cell of a pattern-made grid kept.
    let puzzle16 = "let p16 = pattern_board(4).keep_every(2);";
    let _ = s.eval(puzzle16).unwrap();
    assert_eq!(text(&mut s, "p16.filled()"), "128");
    assert_eq!(text(&mut s, "sat_solve(p16).solves(p16)"), "true");
    assert_eq!(text(&mut s, "cnf(p16).vars"), "4096");
    // 25×25 in the number notation, some cells emptied by a skewed pattern.
    let full = puzzlelab::sat::SudokuBoard::pattern(5).unwrap();
    let puzzle = full.keep_cells(|i| (i * 7 + i / 25) % 5 < 3);
    let numbers: String = puzzle
        .cells()
        .chunks(25)
        .map(|row| {
            row.iter()
                .map(|v| format!("{v:>2}"))
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    s.set_var("TEXT25", numbers);
    let _ = s.eval("let p25 = sudoku_board(TEXT25);").unwrap();
    assert_eq!(text(&mut s, "p25.side"), "25");
    assert_eq!(int(&mut s, "p25.filled()"), puzzle.filled() as i64);
    assert_eq!(text(&mut s, "sat_solve(p25).solves(p25)"), "true");
}

#[test]
fn the_files_script_runs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/sat_files.rhai");
    let code = std::fs::read_to_string(path).unwrap();
    let cnf = crate::common::scratch_file("sat", "script.cnf");
    let mut s = session();
    let args: rhai::Array = vec![cnf.display().to_string().into()];
    s.set_var("ARGS", args);
    if let Err(e) = s.eval(&code) {
        panic!("{}", e.located("sat_files.rhai", 1));
    }
    let out = s.take_output();
    assert!(
        out.contains("read back: 729 variables, 12013 clauses."),
        "{out}"
    );
    assert!(
        out.contains("The same as sat_solve: true; unique: true"),
        "{out}"
    );
    std::fs::remove_file(&cnf).unwrap();
}

#[test]
fn every_sat_function_is_documented() {
    crate::common::assert_documented(
        "sat",
        &[
            "cnf",
            "to_dimacs",
            "write_dimacs",
            "read_dimacs",
            "parse_dimacs",
            "read_answer",
            "parse_answer",
            "decode",
            "sat_solve",
            "sat_model",
            "sat_unique",
            "var_number",
            "var_cube",
            "family_lines",
            "family_pairs",
            "family_names",
            "pairs",
            "uniq_pairs",
            "clue_vars",
            "show_lines",
            "sudoku_board",
            "pattern_board",
            "keep_every",
            "to_grid",
        ],
    );
}
