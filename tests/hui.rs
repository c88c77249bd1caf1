//! Hui's J Sudoku solver, traced in Nishikawa's J Lab, as conformance tests: every output the lab prints for `ym` and
//! `su21_99`, reproduced character for character by the matching Rhai
//! expression; then the searches (clark, x, su21_1, a blank grid) and
//! malformed input, all through `puzzlelab::script::session::Session`.

use crate::common::hui_lab::*;
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

/// The source's names for its intermediate results, as Rhai variables.
const PRELUDE: &str = r#"
let f = |g| g + max(ac(free(g)), ar(free(g)));
let FREQ = counts(free(ym));
let AC = ac(free(ym));
let AR = ar(free(ym));
let ACR = max(AC, AR);
let ASS_1 = ym + ACR;
let ASS_4 = iterate(f, ym, 4);
let sux = assign(su21_99);
let bx = counts(free(sux));
"#;

fn session() -> Session {
    let mut s = Session::capturing(&Limits::default());
    if let Err(e) = s.eval(PRELUDE) {
        panic!("prelude: {e}");
    }
    s
}

/// What the REPL would print for `code`.
fn show(code: &str) -> String {
    let mut s = session();
    match s.eval(code) {
        Ok(v) => s.show(&v),
        Err(e) => panic!("{code}: {e}"),
    }
}

/// The error message `code` ends with.
fn fails(code: &str) -> String {
    let mut s = session();
    match s.eval(code) {
        Ok(v) => panic!("{code} gave {} instead of an error", s.show(&v)),
        Err(e) => e.message(),
    }
}

// ---- section by section, ym -----------------------------------------------

#[test]
fn s01_see_ym() {
    assert_eq!(show("see(ym)"), SEE_YM);
    assert_eq!(show("ym"), SEE_YM);
}

#[test]
fn s02_see_ym_and_its_solution() {
    assert_eq!(show("see([ym] + sudoku(ym))"), SEE_YM_SOLVED);
}

#[test]
fn s09_free_ym_table_rows() {
    let table = show("free_table(free(ym))");
    let first: Vec<&str> = table.lines().take(7).collect();
    assert_eq!(
        first,
        [
            "0 1 0 0 0 1 0 0 0",
            "0 0 0 0 0 0 0 0 0",
            "0 1 0 0 0 0 0 0 1",
            "0 0 0 0 0 0 0 0 0",
            "0 1 1 0 0 0 0 1 1",
            "0 0 0 0 0 0 0 0 0",
            "0 0 1 0 0 0 0 0 0",
        ]
    );
    assert_eq!(table.lines().count(), 81);
    assert_eq!(show("table(matrix(free(ym)))"), table);
}

#[test]
fn s12_count_table() {
    assert_eq!(show("see(counts(free(ym)))"), FREQ);
    assert_eq!(show("see(FREQ)"), FREQ);
}

#[test]
fn s13_cand_3_1() {
    assert_eq!(show("table(cand(3, 1))"), "2");
    assert_eq!(show("cand(ym, 3, 1)"), "[2]");
}

#[test]
fn s14_ac() {
    assert_eq!(show("see(AC)"), AC);
    assert_eq!(show("see(ac(free(ym)))"), AC);
}

#[test]
fn s16_cand_2_2() {
    assert_eq!(show("table(cand(2, 2))"), "4 6 9");
    assert_eq!(show("cand(ym, 2, 2)"), "[4, 6, 9]");
}

#[test]
fn s17_cand1_2_2() {
    let expected =
        "Row: 4 5 5 6 6 8 8 9 9 9\nColumn: 2 2 2 2 4 4 6 6 7 7 9 9\nBlock: 1 2 2 2 2 4 6 6 9 9";
    assert_eq!(show("cand1(2, 2)"), expected);
    assert_eq!(show("cand1(ym, 2, 2)"), expected);
}

#[test]
fn s19_cand_1_1() {
    assert_eq!(show("table(cand(1, 1))"), "2 6");
}

#[test]
fn s19_cand1_1_1() {
    assert_eq!(
        show("cand1(ym, 1, 1)"),
        "Row: 2 2 2 3 3 6 6 8 8 9 9\nColumn: 2 2 2 2 3 4 4 6 6 8\nBlock: 1 2 2 2 2 4 6 6 9 9"
    );
}

#[test]
fn s21_ar() {
    assert_eq!(show("see(ar(free(ym)))"), AR);
}

#[test]
fn s22_acr() {
    assert_eq!(show("see(max(AC, AR))"), ACR);
}

#[test]
fn s23_ass_1() {
    assert_eq!(show("see(ym + ACR)"), ASS_1);
}

#[test]
fn s24_one_more_step() {
    assert_eq!(show("see(f.call(ASS_1))"), FUNC_ASS_1);
    assert_eq!(show("see(step(ASS_1))"), FUNC_ASS_1);
}

#[test]
fn s25_four_iterates() {
    assert_eq!(show("see(iterate(f, ym, 4))"), ASS_4);
    assert_eq!(show(r#"see(iterate(Fn("step"), ym, 4))"#), ASS_4);
}

#[test]
fn s26_diff_of_the_iterates() {
    assert_eq!(show("see(diff(ASS_4))"), DIFF_ASS_4);
}

#[test]
fn s27_fixpoint() {
    assert_eq!(show("see(fixpoint(f, ym))"), ASS_N);
    assert_eq!(show("see(assign(ym))"), ASS_N);
}

// ---- su21_99 ---------------------------------------------------------------

#[test]
fn s28_see_su21_99() {
    assert_eq!(show("see(su21_99)"), SEE_SU21_99);
}

#[test]
fn s29_assign_su21_99() {
    assert_eq!(show("see(assign(su21_99))"), SUX);
}

#[test]
fn s30_count_table_of_sux() {
    assert_eq!(show("see(counts(free(sux)))"), BX);
}

#[test]
fn s31_cand_of_sux() {
    for (col, digits) in [
        (1, "3 5 6 9"),
        (2, "3 5 6 7"),
        (6, "2 3 6 7"),
        (7, "2 5 7 9"),
        (8, "2 7 9"),
        (9, "5 7 9"),
    ] {
        assert_eq!(show(&format!("table(cand(sux, 1, {col}))")), digits);
    }
}

#[test]
fn s32_guess_cell_of_sux() {
    assert_eq!(show("table(guess_cell(sux))"), "2 6");
    assert_eq!(show("table(cand(sux, 2, 6))"), "6 7");
}

#[test]
fn s34_guess_sux() {
    assert_eq!(show("see(guess(sux))"), GUESS_SUX);
    assert_eq!(show("guess(sux).len()"), "2");
}

#[test]
fn s35_su21_99_and_its_solution() {
    assert_eq!(show("see([su21_99] + sudoku(su21_99))"), SEE_SU21_99_SOLVED);
}

// ---- searches ----------------------------------------------------------------

/// The grids of a script array.
fn grids(code: &str) -> Vec<puzzlelab::sudoku::Grid> {
    let mut s = session();
    let v = s.eval(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    v.into_array()
        .unwrap_or_else(|t| panic!("{code} gave a {t}"))
        .into_iter()
        .map(|d| d.cast::<puzzlelab::sudoku::Grid>())
        .collect()
}

/// `sol` is a full valid grid that keeps every clue of `puzzle`.
fn solves(puzzle: &puzzlelab::sudoku::Grid, sol: &puzzlelab::sudoku::Grid) -> bool {
    sol.is_full()
        && puzzlelab::sudoku::hui::ok(sol)
        && (0..81).all(|i| puzzle.get(i) == 0 || puzzle.get(i) == sol.get(i))
}

#[test]
fn clark_has_15220_solutions() {
    let puzzle = puzzlelab::sudoku::Grid::parse(puzzlelab::sudoku::puzzles::CLARK).unwrap();
    let mut sols = grids("sudoku(clark)");
    assert_eq!(sols.len(), 15_220);
    assert!(sols.iter().all(|s| solves(&puzzle, s)));
    sols.sort();
    sols.dedup();
    assert_eq!(sols.len(), 15_220, "solutions are distinct");
    // An independent count, by the `sudoku` crate.
    let other = sudoku_peer::Sudoku::from_str_line(puzzlelab::sudoku::puzzles::CLARK).unwrap();
    assert_eq!(other.solutions_count_up_to(100_000), 15_220);
}

#[test]
fn x_and_su21_1_have_one_solution_each() {
    for (name, text) in [
        ("x", puzzlelab::sudoku::puzzles::X),
        ("su21_1", puzzlelab::sudoku::puzzles::SU21_1),
        ("su21_99", puzzlelab::sudoku::puzzles::SU21_99),
        ("ym", puzzlelab::sudoku::puzzles::YM),
    ] {
        let puzzle = puzzlelab::sudoku::Grid::parse(text).unwrap();
        let sols = grids(&format!("sudoku({name})"));
        assert_eq!(sols.len(), 1, "{name}");
        assert!(solves(&puzzle, &sols[0]), "{name}");
        let other = sudoku_peer::Sudoku::from_str_line(text)
            .unwrap()
            .solution()
            .unwrap();
        assert_eq!(sols[0].line(), other.to_str_line().to_string(), "{name}");
    }
}

#[test]
fn blank_grid_search_is_too_large_and_the_session_goes_on() {
    let mut s = session();
    let e = s.eval(r#"sudoku(grid("." * 81))"#).unwrap_err();
    assert!(
        e.message().contains("the search is too large"),
        "{}",
        e.message()
    );
    let v = s.eval("sudoku(ym).len()").unwrap();
    assert_eq!(v.as_int().unwrap(), 1);
}

#[test]
fn guess_of_a_list_concatenates() {
    assert_eq!(show("guess([sux, assign(ym), sux]).len()"), "5");
    assert_eq!(show("guess([]).len()"), "0");
}

// ---- malformed input -----------------------------------------------------------

#[test]
fn eighty_characters_is_too_few() {
    let m = fails("grid(line(ym).sub_string(0, 80))");
    assert!(m.contains("too few cells: a grid has 81, found 80"), "{m}");
}

#[test]
fn a_letter_is_named() {
    let m = fails(r#"grid("x" + line(ym).sub_string(1, 80))"#);
    assert!(m.contains("bad character 'x' at line 1, column 1"), "{m}");
}

#[test]
fn a_repeated_digit_is_named_by_assign_and_sudoku() {
    for f in ["assign", "sudoku"] {
        let m = fails(&format!("let g = ym; g[0] = 5; {f}(g)"));
        assert!(
            m.contains(&format!(
                "{f}: invalid grid: digit 5 appears twice in row 1 (r1c1 and r1c2)"
            )),
            "{m}"
        );
    }
    // The first clash in reading order, named as the fast solver names it.
    let m = fails("let g = ym; g[80] = 1; sudoku(g)");
    assert!(
        m.contains("digit 1 appears twice in column 9 (r8c9 and r9c9)"),
        "{m}"
    );
    assert_eq!(show("let g = ym; g[0] = 5; ok(g)"), "false");
}

#[test]
fn values_out_of_range_are_named() {
    let m = fails("free(ym + ym)");
    assert!(
        m.contains("free: invalid grid: cell r1c2 holds 10, but a cell holds 0 (empty) to 9"),
        "{m}"
    );
    for code in [
        "assign(ym + ym)",
        "sudoku(ym + ym)",
        "guess(ym + ym)",
        "step(ym + ym)",
    ] {
        let m = fails(code);
        assert!(m.contains("holds 10"), "{code}: {m}");
    }
}

#[test]
fn positions_out_of_range_are_named() {
    for code in [
        "cand(ym, 0, 1)",
        "cand(1, 10)",
        "cand1(ym, 10, 1)",
        "cand1(-1, 2)",
    ] {
        let m = fails(code);
        assert!(m.contains("is outside the grid"), "{code}: {m}");
    }
    assert!(fails("free(ym)[81]").contains("cell index 81 is out of range"));
}

#[test]
fn lists_must_hold_grids() {
    assert!(fails("see([ym, 1])").contains("see: item 1 of the list is an integer, not a Grid"));
    assert!(fails(r#"guess(["a"])"#).contains("item 0 of the list is a string"));
    assert!(fails("diff([ym, free(ym)])").contains("item 1 of the list is a Candidates"));
    assert!(fails(r#"table([[1, "a"]])"#).contains("table: row 0, item 1 is a string"));
}

#[test]
fn power_operator_limits() {
    assert!(fails("iterate(f, ym, -1)").contains("negative"));
    assert!(fails("fixpoint(|n| n + 1, 0)").contains("still changing after 10000"));
    assert_eq!(show("iterate(f, ym, 0).len()"), "0");
    assert_eq!(show("fixpoint(|n| if n < 5 { n + 1 } else { n }, 0)"), "5");
    assert_eq!(
        show("fixpoint(|a| if a.len() < 3 { a + [0] } else { a }, [])"),
        "[0, 0, 0]"
    );
}

// ---- the listing's tables and other views ---------------------------------------

#[test]
fn index_tables_print_as_j_does() {
    assert_eq!(
        show("table(index_j())"),
        [
            " 0  1  2  9 10 11 18 19 20",
            " 3  4  5 12 13 14 21 22 23",
            " 6  7  8 15 16 17 24 25 26",
            "27 28 29 36 37 38 45 46 47",
            "30 31 32 39 40 41 48 49 50",
            "33 34 35 42 43 44 51 52 53",
            "54 55 56 63 64 65 72 73 74",
            "57 58 59 66 67 68 75 76 77",
            "60 61 62 69 70 71 78 79 80",
        ]
        .join("\n")
    );
    let r = show("table(index_rows())");
    assert_eq!(r.lines().count(), 81);
    assert_eq!(r.lines().next(), Some(" 0  1  2  3  4  5  6  7  8"));
    assert_eq!(r.lines().last(), Some("72 73 74 75 76 77 78 79 80"));
    let c = show("table(index_cols())");
    assert_eq!(c.lines().nth(1), Some("1 10 19 28 37 46 55 64 73"));
    let b = show("table(index_blocks())");
    assert_eq!(b.lines().nth(3), Some(" 3  4  5 12 13 14 21 22 23"));
    let i = show("table(peers())");
    assert_eq!(
        i.lines().next(),
        Some(" 0  1  2  3  4  5  6  7  8  9 18 27 36 45 54 63 72 10 11 19 20")
    );
    assert_eq!(show("region_index().len()"), "27");
    assert_eq!(
        show("table(region_index()[18])"),
        "0 9 18 27 36 45 54 63 72"
    );
}

#[test]
fn table_formats_j_style() {
    assert_eq!(
        show("table([[1, -20, 3], [100, true, 6]])"),
        "  1 _20 3\n100   1 6"
    );
    assert_eq!(show("table([7, 10])"), "7 10");
}

#[test]
fn regions_of_ym() {
    assert_eq!(show("regions(ym).len()"), "27");
    assert_eq!(show("table(regions(ym)[0])"), "0 5 0 7 0 3 0 8 0");
    assert_eq!(show("table(regions(ym)[9])"), "0 5 0 7 0 1 0 4 0");
}

#[test]
fn candidates_print_as_pencil_marks() {
    let p = show("free(ym)");
    assert_eq!(p.lines().count(), 13);
    assert_eq!(
        p.lines().nth(1),
        Some("| 26     .      29    | .      2389   .     | 3      .      68    |")
    );
    assert_eq!(show("free(ym)[0]"), "[2, 6]");
    assert_eq!(show("free(ym) == free(ym)"), "true");
}

#[test]
fn hidden_singles_is_the_clean_ar() {
    assert_eq!(show("ok(ym + hidden_singles(free(ym)))"), "true");
    assert_eq!(
        show("max(hidden_singles(free(ym)), ar(free(ym))) == hidden_singles(free(ym))"),
        "true"
    );
}

/// `box_of` numbers boxes as `see` draws them: three boxes a band,
/// bands top to bottom. Each cell's box is counted here from the rules
/// between `see`'s rows and columns of ym's box, not from the tables.
#[test]
fn box_of_numbers_boxes_as_see_draws_them() {
    let see = show("see(ym)");
    let mut band = 0;
    let mut r = 0;
    for line in see.lines() {
        if line.starts_with('+') {
            band += 1;
            continue;
        }
        r += 1;
        // `|.5.|7.1|.4.|`: the stack is the number of bars before the cell.
        let mut c = 0;
        let mut stack = 0;
        for ch in line.chars() {
            if ch == '|' {
                stack += 1;
                continue;
            }
            c += 1;
            let want = (band - 1) * 3 + stack;
            let cell = (r - 1) * 9 + c - 1;
            assert_eq!(
                show(&format!("box_of(ym, {r}, {c})")),
                want.to_string(),
                "r{r}c{c}"
            );
            assert_eq!(
                show(&format!("ym.box_of({cell})")),
                want.to_string(),
                "cell {cell}"
            );
        }
    }
    assert_eq!(r * 9, 81);
    assert!(fails("box_of(ym, 10, 1)").contains("box_of: row 10, column 1 is outside the grid"));
}

#[test]
fn string_repeat_makes_a_blank_grid() {
    assert_eq!(show(r#"grid("." * 81).filled()"#), "0");
    assert!(fails(r#""." * -1"#).contains("negative"));
}

#[test]
fn every_sudoku_function_has_a_summary() {
    crate::common::assert_documented(
        "sudoku",
        &[
            "free",
            "ac",
            "ar",
            "counts",
            "max",
            "assign",
            "ok",
            "guess",
            "sudoku",
            "iterate",
            "fixpoint",
            "see",
            "diff",
            "cand",
            "cand1",
            "regions",
            "table",
            "index_j",
            "index_rows",
            "index_cols",
            "index_blocks",
            "peers",
            "region_index",
            "free_table",
            "matrix",
            "step",
            "guess_cell",
            "hidden_singles",
        ],
    );
}

#[test]
fn the_tour_script_runs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/hui_tour.rhai");
    let code = std::fs::read_to_string(path).unwrap();
    let mut s = Session::capturing(&Limits::default());
    if let Err(e) = s.eval(&code) {
        panic!("{}", e.located("hui_tour.rhai", 1));
    }
    let out = s.take_output();
    for part in [
        SEE_YM, FREQ, AC, AR, ASS_4, DIFF_ASS_4, ASS_N, BX, GUESS_SUX,
    ] {
        assert!(out.contains(part), "missing:\n{part}");
    }
    assert!(out.contains(SEE_SU21_99_SOLVED));
    assert!(out.contains("guess branches on row/column [2, 6]:"));
    assert!(out.contains("clark has 15220 solutions."));
}

#[test]
fn see_of_one_grid_in_a_list_keeps_the_outer_box() {
    let one = show("see([ym])");
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 15);
    assert_eq!(lines[0], "+-------------+");
    assert_eq!(lines[2], "||.5.|7.1|.4.||");
    assert_eq!(lines[14], "+-------------+");
    assert_eq!(show("see([])"), "");
}

#[test]
fn fixpoint_compares_any_values() {
    assert_eq!(show("fixpoint(|c| c, free(ym)) == free(ym)"), "true");
    assert_eq!(
        show(r#"fixpoint(Fn("step"), su21_99) == assign(su21_99)"#),
        "true"
    );
}

/// A count of iterates whose list alone passes the memory budget is refused
/// up front; one within it that grows past it stops at the budget. Only the
/// binary counts memory, so these run it.
#[test]
fn iterate_keeps_to_the_memory_budget() {
    let run = |code: &str| crate::common::run_puzzlelab(&["--max-memory", "64M", "-e", code], b"");
    let o = run(r#"iterate(|g| g, ym, 100000000)"#);
    assert_eq!(
        (o.code, o.stderr.as_str()),
        (
            1,
            "<-e>:1:1: memory limit (64.0 MiB) reached in iterate: 100000000 iterates need at least 1.5 GiB; raise it with --max-memory\n"
        )
    );
    let o = run(r#"iterate(|s| s + "x", "", 100000).len()"#);
    assert_eq!(o.code, 1, "{}", o.stdout);
    // Stopped by iterate's own check, or by the `+` in the closure that
    // would pass the budget first (checked before it allocates).
    assert!(
        o.stderr
            .starts_with("<-e>:1:1: memory limit (64.0 MiB) reached in iterate after ")
            || o.stderr
                .starts_with("<-e>:1:1: memory limit (64.0 MiB) reached in +: it needs "),
        "{}",
        o.stderr
    );
}
