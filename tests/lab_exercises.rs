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

/// One exercise's cases: answers that must be refused (each with the start
/// of what `:check` says to it: the failing check, and why) and answers
/// written another way than the model that must pass.
struct Cases {
    lab: &'static str,
    title: &'static str,
    wrong: &'static [(&'static str, &'static str)],
    right: &'static [&'static str],
}

const fn cases(
    lab: &'static str,
    title: &'static str,
    wrong: &'static [(&'static str, &'static str)],
    right: &'static [&'static str],
) -> Cases {
    Cases {
        lab,
        title,
        wrong,
        right,
    }
}

/// Every exercise of every lab: at least two wrong answers (plausible
/// slips, and answers that try to fool a check: a function of the
/// reader's named like one the check calls, a lab variable set anew, a
/// forbidden built-in, a float for a whole number) and one right variant.
const CASES: &[Cases] = &[
    cases(
        "human",
        "A picture of ym's next step",
        &[
            (
                "let step = hint(ym); let picture = svg(ym);",
                "Not yet: picture is the drawing of that step on ym: picture is not svg(step, ym)",
            ),
            (
                "let step = #{text: \"x\"}; let picture = \"\";",
                "Not yet: step is ym's next step",
            ),
            (
                "fn hint(g) { #{text: \"x\"} } let step = hint(ym); let picture = svg(step, ym);",
                "Not yet: step is ym's next step",
            ),
        ],
        &["let picture = svg(hint(ym), ym); let step = hint(ym);"],
    ),
    cases(
        "human",
        "The first removal",
        &[
            (
                "let first_removal = \"Naked Single\";",
                "Not yet: it is the first step with removals: Naked Single is not it",
            ),
            (
                "let first_removal = 3;",
                "Not yet: first_removal is a technique name",
            ),
        ],
        &[
            "let first_removal = \"\"; for s in explain(p14) { if s.removed.len() > 0 { first_removal = s.technique; break; } }",
        ],
    ),
    cases(
        "human",
        "The step that sets the rating",
        &[
            (
                "let hardest = \"Hidden Single\";",
                "Not yet: hardest is the technique of su21_99's hardest step: Hidden Single is not it",
            ),
            (
                "let hardest = 2.3;",
                "Not yet: hardest is a technique's name",
            ),
            (
                "fn explain(g) { [#{rating: 9.9, technique: \"X\"}] } let hardest = \"X\";",
                "Not yet: hardest is the technique of su21_99's hardest step: X is not it",
            ),
        ],
        &[
            "let hardest = explain(su21_99).filter(|s| s.rating == se_rate(su21_99).er)[0].technique;",
        ],
    ),
    cases(
        "human",
        "Find the X-Wing",
        &[
            (
                "let removals = [[4, 7, 3], [4, 8, 3]];",
                "Not yet: removals are exactly the X-Wing's: 1 removal(s) missing",
            ),
            (
                "let removals = [[4.0, 7, 3], [4, 8, 3], [7, 6, 3]];",
                "Not yet",
            ),
        ],
        &["let removals = [[7, 6, 3], [4, 8, 3], [4, 7, 3]];"],
    ),
    cases(
        "human",
        "Two steps on",
        &[
            (
                "let two = apply(hint(free(p8)), free(p8));",
                "Not yet: two is the position after two steps: that is one step on",
            ),
            (
                "let p8 = ym; let two = apply(hint(apply(hint(free(p8)), free(p8))), apply(hint(free(p8)), free(p8)));",
                "Not yet: two is the position after two steps: two is not that position",
            ),
        ],
        &["let c = free(p8); for i in 0..2 { c = apply(hint(c), c); } let two = c;"],
    ),
    cases(
        "human",
        "After the rectangle",
        &[
            (
                "let next = hint(ur1).technique;",
                "Not yet: next is the step after the rectangle: Unique Rectangle type 1 is not it",
            ),
            ("let next = [];", "Not yet: next is a technique name"),
        ],
        &["let after = apply(hint(ur1), ur1); let next = hint(after).technique;"],
    ),
    cases(
        "human",
        "Where the wing strikes",
        &[
            (
                "let cells = [[1, 1]];",
                "Not yet: cells are the cells of the wing's removals: [[1, 1]] is not it",
            ),
            ("let cells = \"r1c1\";", "Not yet: cells is an array"),
        ],
        &[
            "let cells = []; for r in hint(w4).removed { let x = [r[0], r[1]]; if !cells.contains(x) { cells.push(x); } } cells.reverse();",
        ],
    ),
    cases(
        "human",
        "The hardest step",
        &[
            (
                "let hardest = \"Hidden Single\";",
                "Not yet: hardest is the technique of a step rated se_rate(su21_99).er: Hidden Single is not it",
            ),
            ("let hardest = 7.1;", "Not yet: hardest is a string"),
        ],
        &[
            "let e = explain(su21_99); let top = e.reduce(|a, s| if s.rating > a.rating { s } else { a }, e[0]); let hardest = top.technique;",
        ],
    ),
    cases(
        "sudoku",
        "Counting clues",
        &[
            (
                "let clues = 81 - filled(su21_1);",
                "Not yet: clues is su21_1's number of clues: 49 is not it: count the cells that are not dots",
            ),
            (
                "fn filled(g) { 3 } let clues = filled(su21_1);",
                "Not yet: clues is su21_1's number of clues: 3 is not it",
            ),
            ("let clues = 32.0;", "Not yet: clues is a number"),
        ],
        &["let clues = cells(su21_1).filter(|d| d != 0).len();"],
    ),
    cases(
        "sudoku",
        "A column by hand",
        &[
            (
                "fn column_of(k) { index_cols()[k] }",
                "Not yet: column_of(k) is cell k's column for every cell k: this exercise asks you not to use `index_cols`",
            ),
            (
                "fn column_of(k) { let row = []; for i in 0..9 { row.push(9 * (k / 9) + i); } row }",
                "Not yet: column_of(k) is cell k's column for every cell k: column_of(0) gives the row of cell 0",
            ),
            (
                "let col40 = c[40];",
                "Not yet: column_of is a function: `column_of` is not defined yet",
            ),
            (
                "fn column_of(k) { if k == 40 { [4, 13, 22, 31, 40, 49, 58, 67, 76] } else { [] } }",
                "Not yet: column_of(k) is cell k's column for every cell k: column_of(0) is not cell 0's column",
            ),
        ],
        &[
            "fn column_of(k) { let out = []; let x = k % 9; while x < 81 { out.push(x); x += 9; } out }",
        ],
    ),
    cases(
        "sudoku",
        "Cells with one candidate",
        &[
            (
                "let singles = cells(ac(free(ym))).filter(|d| d > 0).len();",
                "Not yet: singles counts su21_1's cells with one candidate: 9 is not it",
            ),
            (
                "let singles = 0.0 + cells(counts(free(su21_1))).filter(|k| k == 1).len();",
                "Not yet: singles is a whole number",
            ),
        ],
        &["let singles = 0; for n in cells(counts(free(su21_1))) { if n == 1 { singles += 1; } }"],
    ),
    cases(
        "sudoku",
        "A hidden single in row 5",
        &[
            (
                "let hidden = [5, 2];",
                "Not yet: no other cell of row 5 can take the digit: 2 also fits column [1, 2, 3, 7]",
            ),
            (
                "let hidden = [5.0, 9.0];",
                "Not yet: hidden is a pair [column, digit] of whole numbers from 1 to 9",
            ),
            (
                "let hidden = [10, 9];",
                "Not yet: hidden is a pair [column, digit] of whole numbers from 1 to 9",
            ),
        ],
        &[
            "let hidden = []; for d in 1..=9 { let at = []; for k in 1..=9 { if cand(ym, 5, k).contains(d) { at.push(k); } } if at.len() == 1 && hidden.is_empty() { hidden = [at[0], d]; } }",
        ],
    ),
    cases(
        "sudoku",
        "How many rounds",
        &[
            (
                "let rounds = 4;",
                "Not yet: rounds is the number of rounds that change ym: the last round you counted changed nothing",
            ),
            (
                "fn func(g) { g } let rounds = 0;",
                "Not yet: rounds is the number of rounds that change ym: not 0",
            ),
            ("let rounds = 3.0;", "Not yet: rounds is a number"),
        ],
        &[
            "let rounds = 0; let g = ym; loop { let h = func(g); if h == g { break; } g = h; rounds += 1; }",
        ],
    ),
    cases(
        "sudoku",
        "Where clark is split",
        &[
            (
                "fn split_at(g) { guess_cell(g) } let split = split_at(assign(clark));",
                "Not yet: split_at finds the first cell with the fewest candidates: this exercise asks you not to use `guess_cell`",
            ),
            (
                "fn split_at(g) { let k = cells(counts(free(g))); let i = k.index_of(k.reduce(|a, n| min(a, n), 10)); [i / 9 + 1, i % 9 + 1] } let split = split_at(assign(clark));",
                "Not yet: split_at finds the first cell with the fewest candidates: on a grid with",
            ),
            (
                "let split = [1, 5];",
                "Not yet: split_at is a function: `split_at` is not defined yet",
            ),
        ],
        &[
            "fn split_at(g) { let n = cells(counts(free(g))); let best = 10; let at = 0; for i in 0..81 { if n[i] > 0 && n[i] < best { best = n[i]; at = i; } } [at / 9 + 1, at % 9 + 1] } let split = split_at(assign(clark));",
        ],
    ),
    cases(
        "sudoku",
        "The pipeline yourself",
        &[
            (
                "fn my_sudoku(g) { [assign(g)] }",
                "Not yet: my_sudoku solves as sudoku does: on a puzzle of",
            ),
            (
                "fn my_sudoku(g) { sudoku(g) }",
                "Not yet: my_sudoku solves as sudoku does: this exercise asks you not to use `sudoku`",
            ),
            (
                "fn my_sudoku(g) { [solve(g)] }",
                "Not yet: my_sudoku solves as sudoku does: this exercise asks you not to use `solve`",
            ),
            (
                "fn my_sudoku(g) { let f = Fn(\"sudoku\"); f.call(g) }",
                "Not yet: my_sudoku solves as sudoku does: this exercise asks you not to use `sudoku`",
            ),
        ],
        &[
            "fn step(grids) { let next = []; for h in grids { let a = assign(h); if ok(a) { next += guess(a); } } next } fn my_sudoku(g) { let now = [g]; let then = step(now); while then != now { now = then; then = step(now); } now }",
        ],
    ),
    cases(
        "example",
        "Triple",
        &[
            (
                "fn triple(x) { x + 4 } let t = triple(answer);",
                "Not yet: triple triples any whole number: triple(",
            ),
            (
                "fn triple(x) { x * 3.0 } let t = 126;",
                "Not yet: triple triples any whole number: triple(",
            ),
            (
                "fn triple(x) { x * 3 } let t = 126.0;",
                "Not yet: t is triple(answer), a whole number",
            ),
        ],
        &[
            "fn triple(n) { n + n + n } let t = 126;",
            "let triple = |x| x * 3; let t = triple.call(answer);",
        ],
    ),
    cases(
        "example",
        "Empty cells",
        &[
            (
                "let empty = filled(ym);",
                "Not yet: empty is ym's number of empty cells: that counts the clues: the rest are empty",
            ),
            (
                "fn filled(g) { 3 } let empty = 81 - filled(ym);",
                "Not yet: empty is ym's number of empty cells: not 78",
            ),
            (
                "let empty = 0.0 + 81 - filled(ym);",
                "Not yet: empty is a whole number",
            ),
        ],
        &["let empty = cells(ym).filter(|d| d == 0).len();"],
    ),
    cases(
        "making",
        "Every third clue",
        &[
            (
                "let p3 = full; for i in 0..81 { if i % 3 == 1 { p3[i] = 0 } } let u3 = true;",
                "Not yet: p3 is full without the cells i % 3 == 0: the right number of clues, but not the cells with i % 3 == 0",
            ),
            (
                "let full = ym; let p3 = full; for i in 0..81 { if i % 3 == 0 { p3[i] = 0 } } let u3 = is_unique(p3);",
                "Not yet: p3 is full without the cells i % 3 == 0: p3 has",
            ),
            (
                "let p3 = full; for i in 0..81 { if i % 3 == 0 { p3[i] = 0 } } let u3 = !is_unique(p3);",
                "Not yet: u3 says whether p3 has one solution: not what counting p3's solutions says",
            ),
            (
                "let p3 = full; for i in 0..81 { if i % 3 == 0 { p3[i] = 0 } } let u3 = 1;",
                "Not yet: u3 is true or false",
            ),
        ],
        &[
            "let p3 = full; let i = 0; while i < 81 { p3[i] = 0; i += 3; } let u3 = count_solutions(p3, 2) == 1;",
        ],
    ),
    cases(
        "making",
        "Seed 7",
        &[
            (
                "let g7 = generate(#{seed: 7}); let n7 = 81;",
                "Not yet: n7 is g7's number of clues, a whole number: not 81: g7.filled() counts them",
            ),
            (
                "let g7 = generate(#{seed: 8}); let n7 = g7.filled();",
                "Not yet: g7 is the puzzle of seed 7: not the puzzle of seed 7",
            ),
            (
                "let g7 = generate(#{seed: 7}); let n7 = 0.0 + g7.filled();",
                "Not yet: n7 is g7's number of clues, a whole number: n7 is a f64, not a whole number",
            ),
        ],
        &["let g7 = generate(#{seed: 7}); let n7 = cells(g7).filter(|d| d > 0).len();"],
    ),
    cases(
        "sat",
        "The last variable",
        &[
            (
                "fn var_of(n, r, c) { 81 * n + 9 * r + c } let v999 = var_of(9, 9, 9);",
                "Not yet: var_of(n, r, c) is the variable of n at row r, column c: var_of(1, 1, 1) is 91",
            ),
            (
                "fn var_of(n, r, c) { var_number(n, r, c) } let v999 = var_of(9, 9, 9);",
                "Not yet: var_of(n, r, c) is the variable of n at row r, column c: this exercise asks you not to use `var_number`",
            ),
            (
                "let v999 = 729;",
                "Not yet: var_of is a function: `var_of` is not defined yet",
            ),
        ],
        &["fn var_of(d, row, col) { ((d - 1) * 9 + row - 1) * 9 + col } let v999 = 729;"],
    ),
    cases(
        "sat",
        "Pairs of four",
        &[
            (
                "let k4 = pairs([1, 2, 3, 4]).len();",
                "Not yet: k4 is the number of unordered pairs of 4: that counts every pair twice and the self-pairs too",
            ),
            ("let k4 = 6.0;", "Not yet: k4 is a whole number"),
        ],
        &["let k4 = 4 * 3 / 2;"],
    ),
    cases(
        "sat",
        "An empty 4×4 board",
        &[
            (
                "let n4 = cnf(pattern_board(2)).clauses;",
                "Not yet: n4 is the clause count of an empty 4 × 4 board: that counts a clue in every cell: an empty board has none",
            ),
            ("let n4 = 448.0;", "Not yet: n4 is a whole number"),
        ],
        &["let n4 = 4 * 16 + 4 * 16 * uniq_pairs([1, 2, 3, 4]).len();"],
    ),
    cases(
        "sat",
        "A clue as a variable",
        &[
            (
                "let v21 = var_number(2, 1, 6);",
                "Not yet: v21 says 6 is at row 2, column 1: variable 87 says 2 is at row 1, column 6",
            ),
            (
                "let v21 = 0.0 + var_number(6, 2, 1);",
                "Not yet: v21 is a whole number",
            ),
        ],
        &["let v21 = 81 * 5 + 9 * 1 + 1;"],
    ),
    cases(
        "sat",
        "The corner digit",
        &[
            (
                "fn digit_at(m, r, c) { solve(ym)[9 * (r - 1) + c - 1] } let d11 = 5;",
                "Not yet: digit_at reads any cell of a model: this exercise asks you not to use `solve`",
            ),
            (
                "fn digit_at(yes, r, c) { let v = yes.filter(|v| (v - 1) % 81 == 0)[0]; (v - 1) / 81 + 1 } let d11 = digit_at(yes, 1, 1);",
                "Not yet: digit_at reads any cell of a model: digit_at(.., 1, 2)",
            ),
            (
                "let d11 = cells(sat_solve(p))[0];",
                "Not yet: digit_at is a function: `digit_at` is not defined yet",
            ),
        ],
        &[
            "fn digit_at(model, row, col) { for v in model { if (v - 1) % 81 == 9 * (row - 1) + col - 1 { return (v - 1) / 81 + 1; } } 0 } let d11 = digit_at(yes, 1, 1);",
        ],
    ),
    cases(
        "similarity",
        "ym's block key",
        &[
            (
                "fn block_key(g) { let key = \"\"; for k in 0..9 { key += block_digits(block(g, k)); } key } let key_ym = block_key(ym);",
                "Not yet: block_key(g) is g's block key: it gives",
            ),
            (
                "fn block_key(g) { similarity_key(g) } let key_ym = block_key(ym);",
                "Not yet: block_key(g) is g's block key: this exercise asks you not to use `similarity_key`",
            ),
            (
                "let key_ym = similarity_key(ym);",
                "Not yet: block_key is a function: `block_key` is not defined yet",
            ),
        ],
        &[
            "fn block_key(g) { let parts = []; let k = 0; while k < 9 { parts += block_digits(block(g, k)); k += 1; } parts.sort(); parts.reduce(|s, p| s + p, \"\") } let key_ym = block_key(ym);",
        ],
    ),
    cases(
        "similarity",
        "Rows for columns",
        &[
            (
                "let tp = p3;",
                "Not yet: tp's row information is p1's column information: its row information is",
            ),
            ("let tp = p1;", "Not yet: tp is one of p2, p3 and p4"),
        ],
        &["let tp = (); for g in [p2, p3, p4] { if row_key(g) == col_key(p1) { tp = g; } }"],
    ),
    cases(
        "similarity",
        "Another disguise",
        &[
            (
                "let r12 = apply_transform(p1, #{digits: [1, 2, 3, 4, 5, 6, 7, 8, 9]});",
                "Not yet: r12 is p1 with 1 and 2 swapped: that is p1 unchanged",
            ),
            (
                "let r12 = \"p1 with 1 and 2 swapped\";",
                "Not yet: r12 is a grid",
            ),
        ],
        &[
            "let r12 = p1; for i in 0..81 { if p1[i] == 1 { r12[i] = 2 } else if p1[i] == 2 { r12[i] = 1 } }",
        ],
    ),
    cases(
        "similarity",
        "From p1 to p4",
        &[
            (
                "let t14 = equivalent(p1, p3);",
                "Not yet: t14 takes p1 to p4: apply_transform(p1, t14) is not p4",
            ),
            ("let t14 = ();", "Not yet: t14 is a rearrangement (a map)"),
        ],
        &["let t14 = equivalent(p1, p4); let t14 = t14;"],
    ),
    cases(
        "pentomino",
        "Sixty squares",
        &[
            (
                "let total = 12;",
                "Not yet: total is the squares of all twelve pieces: that counts the pieces: each has five squares",
            ),
            (
                "let total = 60.0;",
                "Not yet: total is a whole number: total is a f64, not a whole number",
            ),
        ],
        &["let total = 0; for c in \"FILNPTUVWXYZ\".to_chars() { total += 5; }"],
    ),
    cases(
        "pentomino",
        "Four ways",
        &[
            (
                "let four = \"FLNPY\";",
                "Not yet: four lists the pieces with 4 orientations: not \"FLNPY\"",
            ),
            (
                "let four = ['T', 'U', 'V', 'W'];",
                "Not yet: four is a string",
            ),
        ],
        &[
            "let four = \"FILNPTUVWXYZ\".to_chars().filter(|c| pen(c).len() == 4).reduce(|s, c| s + c, \"\");",
        ],
    ),
    cases(
        "pentomino",
        "Where Y can go",
        &[
            (
                "let ny = members(p_data(\"Y\")[0]).len();",
                "Not yet: ny counts Y's positions in all its orientations: that counts one orientation only: add up all eight",
            ),
            (
                "let ny = 0.0; for o in p_data(\"Y\") { ny += members(o).len(); }",
                "Not yet: ny is a whole number",
            ),
        ],
        &["let ny = p_data(\"Y\").map(|o| members(o).len()).reduce(|a, n| a + n, 0);"],
    ),
    cases(
        "pentomino",
        "X beside P",
        &[
            (
                "let nx = members(p_data(\"X\")[0]).len();",
                "Not yet: nx counts the positions of X that touch P0: that counts every position of X, touching or not",
            ),
            (
                "let P0 = [];  let nx = 0;",
                "Not yet: nx counts the positions of X that touch P0: not 0",
            ),
        ],
        &["let nx = 0; for t in tcontact(P0, members(p_data(\"X\")[0])) { if t { nx += 1; } }"],
    ),
    cases(
        "pentomino",
        "P with N2",
        &[
            (
                "let fr = frame(PN, \"ascii\", false);",
                "Not yet: fr is P0 and N2 framed in ascii: that is P0 with N1 (PN): put N2 beside P0",
            ),
            (
                "let fr = rp(display(P0, \"P\"), display(N2, \"N\"));",
                "Not yet: fr is a string",
            ),
        ],
        &[
            "let both = rp(display(P0, \"P\"), display(N2, \"N\")); let fr = frame(both, \"ascii\", false);",
        ],
    ),
    cases(
        "pentomino",
        "Where T goes",
        &[
            (
                "let iT = 0;",
                "Not yet: iT is where T 0 goes on the board with V: not 0: the first member of T 0 that fits and touches V",
            ),
            (
                "let iT = 0.0 + hit(display(p_data(\"V\")[1], \"V\"), \"T\", 0);",
                "Not yet: iT is a whole number",
            ),
        ],
        &["let board = display(p_data(\"V\")[1], \"V\"); let iT = hit(board, \"T\", 0);"],
    ),
    cases(
        "pentomino",
        "Predict, then count",
        &[
            (
                "let all_ways = 96;",
                "Not yet: all_ways is the orientations of the twelve pieces together: that is 8 for every piece",
            ),
            (
                "let all_ways = 63.0;",
                "Not yet: all_ways is a whole number",
            ),
        ],
        &[
            "let all_ways = \"FILNPTUVWXYZ\".to_chars().map(|c| pen(c).len()).reduce(|a, n| a + n, 0);",
        ],
    ),
    cases(
        "polyomino",
        "The first hint",
        &[
            (
                "let first_hint = \"hint: L 6\";",
                "Not yet: first_hint is the session's hint after V 1: not that line",
            ),
            (
                "let first_hint = [\"hint: L 6\"];",
                "Not yet: first_hint is a string",
            ),
        ],
        &[
            "let first_hint = (); for l in pentomino_transcript(\"V\", [\"1\", \"h\", \"n\"]).split(\"\\n\") { if first_hint == () && l.starts_with(\"hint:\") { first_hint = l; } }",
        ],
    ),
    cases(
        "polyomino",
        "Dominoes in a 2×4",
        &[
            (
                "let d24 = count_polyomino(rect(2, 4), [\"XX\"], #{copies: 4});",
                "Not yet: d24 counts the raw domino tilings of 2×4: that counts up to symmetry: ask for raw",
            ),
            ("let d24 = 5.0;", "Not yet: d24 is a whole number"),
        ],
        &[
            "let d24 = count_polyomino(rect(4, 2), [\"X/X\", \"X/X\", \"X/X\", \"X/X\"], #{raw: true});",
        ],
    ),
    cases(
        "polyomino",
        "Hexomino squares",
        &[
            (
                "let hex_cells = 35;",
                "Not yet: hex_cells is the squares of all hexominoes: that counts the pieces: each has six squares",
            ),
            (
                "let hex_cells = 210.0;",
                "Not yet: hex_cells is a whole number",
            ),
        ],
        &[
            "let hex_cells = polyomino_pieces(\"hexominoes\").map(|p| p.size).reduce(|a, n| a + n, 0);",
        ],
    ),
    cases(
        "polyomino",
        "A ring",
        &[
            (
                "let ring = rect(5, 5);",
                "Not yet: ring has 24 cells: area(ring) is 25: 25 cells less the centre",
            ),
            (
                "let ring = region(\"#..../...../...../...../.....\");",
                "Not yet: ring's hole is the centre",
            ),
            (
                "let ring = \"...../...../..#../...../.....\";",
                "Not yet: ring is a board",
            ),
        ],
        &["let ring = region(\".....\\n.....\\n.. ..\\n.....\\n.....\");"],
    ),
    cases(
        "polyomino",
        "Every 3×20 packing",
        &[
            (
                "let n320 = count_polyomino(rect(3, 20), \"pentominoes\");",
                "Not yet: n320 counts the 3×20 packings, raw: that counts up to symmetry: ask for raw",
            ),
            ("let n320 = 8.0;", "Not yet: n320 is a whole number"),
        ],
        &["let n320 = 4 * count_polyomino(rect(20, 3), \"pentominoes\");"],
    ),
    cases(
        "polyomino",
        "A square's symmetries",
        &[
            (
                "let s33 = symmetries(rect(3, 4));",
                "Not yet: s33 is the 3×3 board's number of symmetries: that is a rectangle's: a square also turns a quarter round",
            ),
            ("let s33 = 8.0;", "Not yet: s33 is a whole number"),
        ],
        &["let s33 = 4 * 2;"],
    ),
    cases(
        "polyomino",
        "One packing of 5×12",
        &[
            (
                "let s512 = solve_polyomino(rect(5, 12), \"pentominoes\", #{limit: 1});",
                "Not yet: s512 is one packing, not a list: solve_polyomino gives a list: take its first element",
            ),
            (
                "let s512 = charboard(\"............/............/............/............/............\");",
                "Not yet: s512 uses each pentomino once and covers every cell: a cell holds .",
            ),
            (
                "let s512 = charboard(\"FFFFFIIIIILL/LLLNNNNNPPPP/PTTTTTUUUUUV/VVVVWWWWWXXX/XXYYYYYZZZZZ\");",
                "Not yet: s512 uses each pentomino once and covers every cell: the cells marked F are not the shape of F",
            ),
        ],
        &["let s512 = solve_polyomino(rect(5, 12), \"pentominoes\", #{limit: 3})[2];"],
    ),
    cases(
        "polyomino",
        "Black squares",
        &[
            (
                "let black = 4 * 5;",
                "Not yet: black is the black squares of 4×5: that is every square: only half are black",
            ),
            ("let black = 10.0;", "Not yet: black is a whole number"),
        ],
        &["let black = (4 * 5 + 1) / 2;"],
    ),
    cases(
        "polyomino",
        "Colours count",
        &[
            (
                "fn black_of(rows, cols) { rows * cols / 2 } let t45 = 0;",
                "Not yet: black_of counts the black squares of any board: black_of(",
            ),
            (
                "fn black_of(rows, cols) { (rows * cols + 1) / 2 } let t45 = 1;",
                "Not yet: t45 counts the tetromino packings of 4×5: not 1",
            ),
            (
                "fn black_of(rows, cols) { (rows * cols + 1) / 2.0 } let t45 = 0;",
                "Not yet: black_of counts the black squares of any board: black_of(",
            ),
        ],
        &[
            "fn black_of(h, w) { let n = 0; for r in 0..h { n += (w + 1 - r % 2) / 2; } n } let t45 = 0;",
        ],
    ),
    cases(
        "polycube",
        "Enough cubes",
        &[
            (
                "let soma_cubes = 7;",
                "Not yet: soma_cubes is the cubes of all seven pieces: that counts the pieces: V has 3 cubes, the others 4",
            ),
            (
                "let soma_cubes = 27.0;",
                "Not yet: soma_cubes is a whole number",
            ),
        ],
        &["let soma_cubes = volume(cuboid(3, 3, 3));"],
    ),
    cases(
        "polycube",
        "A square-ended box",
        &[
            (
                "let s223 = symmetries(cuboid(2, 3, 4));",
                "Not yet: s223 is the 2×2×3 box's number of symmetries: that is a box with three different sides",
            ),
            ("let s223 = 16.0;", "Not yet: s223 is a whole number"),
        ],
        &["let s223 = symmetries(cuboid(3, 2, 2));"],
    ),
    cases(
        "polycube",
        "Raw from families",
        &[
            (
                "let raw256 = 264;",
                "Not yet: raw256 is the 2×5×6 box's raw count: that is the number of families: each has one member per symmetry",
            ),
            ("let raw256 = 2112.0;", "Not yet: raw256 is a whole number"),
        ],
        &["let raw256 = 264 * 8;"],
    ),
    cases(
        "polycube",
        "A corner off",
        &[
            (
                "let corner7 = cuboid(2, 2, 2);",
                "Not yet: corner7 has 7 cells: its volume is 8: make one corner a hole (#)",
            ),
            (
                "let corner7 = space(\".......\");",
                "Not yet: corner7 is the 2×2×2 box less one corner",
            ),
            ("let corner7 = 7;", "Not yet: corner7 is a box"),
        ],
        &["let corner7 = space(\"#./..|../..\");"],
    ),
    cases(
        "polycube",
        "A flat box",
        &[
            (
                "let flat = 1;",
                "Not yet: flat counts the packings of the 1×3×9 box: not 1",
            ),
            ("let flat = 0.0;", "Not yet: flat is a whole number"),
        ],
        &["let flat = solve_polycube(cuboid(1, 3, 9), \"soma\").len();"],
    ),
    cases(
        "modelling",
        "Six queens",
        &[
            (
                "let q6 = count_exact_cover(queen_options(6));",
                "Not yet: q6 is the number of 6-queens solutions: no solution at all: are the diagonals secondary items?",
            ),
            (
                "let q6 = count_exact_cover(rook_options(6));",
                "Not yet: q6 is the number of 6-queens solutions: that counts rooks: the queens' diagonals are missing",
            ),
            (
                "let q6 = count_exact_cover(queens8, #{secondary: diagonals(8)});",
                "Not yet: q6 is the number of 6-queens solutions: not 92: count the 6 × 6 board's solutions",
            ),
            (
                "let q6 = count_exact_cover(queen_options(6), #{secondary: diagonals(5)});",
                "Not yet: q6 is the number of 6-queens solutions: no solution at all",
            ),
            ("let q6 = 4.0;", "Not yet: q6 is a whole number"),
            (
                "fn queen_options(n) { rook_options(n) } let q6 = count_exact_cover(queen_options(6));",
                "Not yet: q6 is the number of 6-queens solutions: that counts rooks",
            ),
        ],
        &[
            "let q6 = exact_cover(queen_options(6), #{secondary: diagonals(6)}).len();",
            "let q6 = 4;",
        ],
    ),
    cases(
        "modelling",
        "The missing column items",
        &[
            (
                "fn latin(n) { rows_only(n) } let l3 = count_exact_cover(latin(3));",
                "Not yet: latin(n) counts the Latin squares of orders 1 to 4: latin(2) has 4 solutions: is each column's symbol an item?",
            ),
            (
                "fn latin(n) { let o = []; for r in 0..n { for c in 0..n { for s in 1..=n { o.push([`p${r}${c}`, `r${r}${s}`, `c${c}`]); } } } o } let l3 = count_exact_cover(latin(3));",
                "Not yet: latin(n) counts the Latin squares of orders 1 to 4: latin(2) has 0 solutions",
            ),
            (
                "fn latin(n) { let o = []; for r in 0..n { for c in 0..n { for s in 1..=n { o.push([`p${r}${c}`, `r${r}${s}`, `c${r}${s}`]); } } } o } let l3 = count_exact_cover(latin(3));",
                "Not yet: latin(n) counts the Latin squares of orders 1 to 4: latin(2) has 4 solutions",
            ),
            (
                "fn latin(n) { latin_options(n) } let l3 = 3;",
                "Not yet: latin(n) gives options: arrays of item names",
            ),
            (
                "fn latin(n) { let o = []; for r in 0..n { for c in 0..n { for s in 1..=n { o.push([`p${r}${c}`, `r${r}${s}`, `c${c}${s}`]); } } } o } let l3 = count_exact_cover(rows_only(3));",
                "Not yet: l3 is latin(3)'s count",
            ),
            ("let latin = 3; let l3 = 3;", "Not yet: latin is a function"),
        ],
        &[
            "fn latin(n) { let o = []; for r in 0..n { for c in 0..n { for s in 0..n { o.push([`cell${r}.${c}`, `col${c}.${s}`, `row${r}.${s}`]); } } } o } let l3 = count_exact_cover(latin(3));",
        ],
    ),
    cases(
        "modelling",
        "Dominoes by hand",
        &[
            (
                "let dominoes = `a1 a2 a3 b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2`;",
                "Not yet: the options are the places a domino can lie: 1 place(s) missing",
            ),
            (
                "let dominoes = `a1 a2 a3 | b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2\na3 b3`;",
                "Not yet: the items are the six cells, all primary: every cell is covered exactly once",
            ),
            (
                "let dominoes = `a1 a2 a3 b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2\na3 b3\na1 b2`;",
                "Not yet: the options are the places a domino can lie: option [\"a1\", \"b2\"]: those cells are not neighbours",
            ),
            (
                "let dominoes = `a1 a2 a3 b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2\na3 b3\nb1 a1`;",
                "Not yet: the options are the places a domino can lie: option [\"b1\", \"a1\"] comes twice",
            ),
            (
                "let dominoes = `a1 a2 a3 b1 b2\na1 a2\na2 a3\nb1 b2`;",
                "Not yet: the items are the six cells, all primary: the items are",
            ),
            (
                "let dominoes = \"a1 a2 a3 b1 b2 b3\";",
                "Not yet: the options are the places a domino can lie: 7 place(s) missing",
            ),
            (
                "let dominoes = [[\"a1\", \"a2\"]];",
                "Not yet: dominoes is text",
            ),
        ],
        &[
            "let dominoes = \"| 2 by 3\\nb1 b2 b3 a1 a2 a3\\nb1 a1\\na3 a2\\nb3 b2\\nb2 a2\\na1 a2\\nb2 b1\\nb3 a3\\n\";",
        ],
    ),
    cases(
        "modelling",
        "Latin squares as clauses",
        &[
            (
                "let latin4 = cnf_from([], 64); for a in 0..4 { for b in 0..4 { let cell = []; let row = []; for k in 0..4 { cell.push(16 * a + 4 * b + k + 1); row.push(16 * a + 4 * k + b + 1); } latin4.exactly_one(cell); latin4.exactly_one(row); } } let l4 = count_models(latin4, 1000);",
                "Not yet: every model of latin4 is a Latin square: a model is not a Latin square: c",
            ),
            (
                "let latin4 = cnf_from([], 64); for a in 0..4 { for b in 0..4 { let cell = []; let row = []; let column = []; for k in 0..4 { cell.push(16 * a + 4 * b + k + 1); row.push(16 * a + 4 * k + b + 1); column.push(16 * k + 4 * a + b + 1); } latin4.at_most(cell, 1); latin4.at_most(row, 1); latin4.at_most(column, 1); } } let l4 = count_models(latin4, 1000);",
                "Not yet: every model of latin4 is a Latin square: a model sets 0 variables true",
            ),
            (
                "let latin4 = cnf_from([], 64); for a in 0..4 { for b in 0..4 { let cell = []; let row = []; let column = []; for k in 0..4 { cell.push(16 * a + 4 * b + k + 1); row.push(16 * a + 4 * k + b + 1); column.push(16 * k + 4 * a + b + 1); } latin4.exactly_one(cell); latin4.exactly_one(row); latin4.exactly_one(column); } } latin4.add([1]); let l4 = count_models(latin4, 1000);",
                "Not yet: latin4 has every Latin square of order 4 as a model: latin4 has 144 models: some Latin squares are missing",
            ),
            (
                "let latin4 = cnf_from([], 64); for a in 0..4 { for b in 0..4 { let cell = []; let row = []; let column = []; for k in 0..4 { cell.push(16 * a + 4 * b + k + 1); row.push(16 * a + 4 * k + b + 1); column.push(16 * k + 4 * a + b + 1); } latin4.exactly_one(cell); latin4.exactly_one(row); latin4.exactly_one(column); } } let l4 = count_models(latin4, 100);",
                "Not yet: l4 is latin4's number of models: not 100: a count equal to the limit",
            ),
            (
                "let latin4 = cnf_from([], 16); let l4 = count_models(latin4, 1000);",
                "Not yet: latin4 is on the 64 variables 16r + 4c + s: latin4 has 16 variables of yours",
            ),
            (
                "let latin4 = 4; let l4 = 4;",
                "Not yet: latin4 is a formula",
            ),
        ],
        &[
            // "At most one symbol a cell" is enough: each row holds its
            // four symbols in four cells.
            "let latin4 = cnf_from([], 64); for a in 0..4 { for b in 0..4 { let cell = []; let row = []; let column = []; for k in 0..4 { cell.push(16 * a + 4 * b + k + 1); row.push(16 * a + 4 * k + b + 1); column.push(16 * k + 4 * a + b + 1); } latin4.add(at_most(cell, 1)); latin4.add(exactly_one(row)); latin4.add(exactly_one(column)); } } let l4 = count_models(latin4, 1000);",
        ],
    ),
    cases(
        "modelling",
        "Crowded diagonals",
        &[
            (
                "let crowded6 = count_models(queen_cnf(6), 1000);",
                "Not yet: crowded6 counts the placements with at most two queens a diagonal: that is at most one a diagonal: the plain queens",
            ),
            (
                "let crowded6 = count_exact_cover(rook_options(6));",
                "Not yet: crowded6 counts the placements with at most two queens a diagonal: that lets any number share a diagonal: the rooks",
            ),
            (
                "let o = queen_options(6); let f = cnf_from([], 36); for k in 0..6 { let r = []; let c = []; for i in 0..36 { if o[i].contains(`r${k}`) { r.push(i + 1); } if o[i].contains(`c${k}`) { c.push(i + 1); } } f.exactly_one(r); f.exactly_one(c); } for d in diagonals(6) { let v = []; for i in 0..36 { if o[i].contains(d) { v.push(i + 1); } } f.at_most(v, if d.starts_with(\"a\") { 2 } else { 1 }); } let crowded6 = count_models(f, 1000);",
                "Not yet: crowded6 counts the placements with at most two queens a diagonal: not ",
            ),
            (
                "let o = queen_options(6); let f = cnf_from([], 36); for k in 0..6 { let r = []; let c = []; for i in 0..36 { if o[i].contains(`r${k}`) { r.push(i + 1); } if o[i].contains(`c${k}`) { c.push(i + 1); } } f.exactly_one(r); f.exactly_one(c); } for d in diagonals(6) { let v = []; for i in 0..36 { if o[i].contains(d) { v.push(i + 1); } } f.at_most(v, 2); } let crowded6 = count_models(f, 100);",
                "Not yet: crowded6 counts the placements with at most two queens a diagonal: not 100",
            ),
            (
                "let crowded6 = 392.0;",
                "Not yet: crowded6 is a whole number",
            ),
        ],
        &[
            // 392, by brute force over the 720 placements one a row and
            // column (worked out apart, in Python).
            "let crowded6 = 392;",
        ],
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

/// Every exercise of lab `name`: its model answer and its right variants
/// pass, and each wrong answer in [`CASES`] is refused with what is
/// listed there. An exercise without two wrong answers and one right
/// variant fails the test.
fn check_lab(name: &str) {
    let lab = lab::load(name).unwrap();
    for (i, section) in lab.sections.iter().enumerate() {
        let Some(e) = &section.exercise else {
            continue;
        };
        let case = CASES
            .iter()
            .find(|c| c.lab == name && c.title == e.title)
            .unwrap_or_else(|| panic!("{name}: no cases listed for {:?}", e.title));
        assert!(
            case.wrong.len() >= 2 && !case.right.is_empty(),
            "{name}: {:?} needs two wrong answers and a right variant",
            e.title
        );
        for right in std::iter::once(e.answer.as_str()).chain(case.right.iter().copied()) {
            let (mut state, mut s) = at_section(name, i + 1);
            let _ = s.eval(right).unwrap_or_else(|err| {
                panic!(
                    "{name}: the right answer {right:?} to {:?} fails: {err:?}",
                    e.title
                )
            });
            let text = cmd(&mut state, &mut s, ":check");
            assert!(
                text.starts_with(&format!("Right: \"{}\" is done", e.title)),
                "{name}: {:?}: {right}: {text}",
                e.title
            );
        }
        for (wrong, said) in case.wrong {
            let (mut state, mut s) = at_section(name, i + 1);
            let _ = s.eval(wrong).unwrap_or_else(|err| {
                panic!(
                    "{name}: the wrong answer {wrong:?} to {:?} fails: {err:?}",
                    e.title
                )
            });
            let text = cmd(&mut state, &mut s, ":check");
            let first = text.lines().next().unwrap_or_default();
            assert!(
                first.starts_with(said),
                "{name}: {:?}: {wrong}\n  said: {first}\n  want: {said}",
                e.title
            );
        }
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
fn modelling_checks_accept_models_and_reject_wrong_answers() {
    check_lab("modelling");
}

#[test]
fn every_chapter_has_an_exercise() {
    for info in lab::list() {
        let lab = lab::load(&info.name).unwrap();
        for (c, chapter) in lab.chapters.iter().enumerate() {
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
fn every_case_belongs_to_an_exercise() {
    for Cases {
        lab: name, title, ..
    } in CASES
    {
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
    // The check runs with programs off, whatever the session allows.
    assert!(
        text.starts_with(
            "Not yet: it runs nothing: sat_solve: running an installed program is not allowed"
        ),
        "{text}"
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

/// A lab file in a scratch folder, with a lab open in a fresh session at
/// its first section.
fn tiny_lab(tag: &str, text: &str) -> (LabState, Session, String) {
    let dir = crate::common::scratch_dir(tag);
    let file = format!("{}/t.lab", dir.as_str());
    std::fs::write(&file, text).unwrap();
    let mut state = LabState::default();
    let mut s = Session::capturing(&Limits::default());
    cmd(&mut state, &mut s, &format!(":lab {file}"));
    cmd(&mut state, &mut s, ":next");
    (state, s, file)
}

#[test]
fn a_check_reads_the_labs_values_and_functions_not_the_readers() {
    let lab = "Title: T\nLab Section\nS\n)\nlet secret = 5;\nfn helper(x) { x + 1 }\n\
               Lab Exercise E\nKeep helper(secret) in `v`.\n)\n\
               CHECK v is helper(secret)\nv == helper(secret) && type_of(v) == \"i64\"\n\
               ANSWER\nlet v = helper(secret);\n";
    let (mut state, mut s, _) = tiny_lab("exercise-own", lab);
    // The reader sets the lab's variable anew and defines a function of
    // the lab's name: their own code sees theirs, the check the lab's.
    let _ = s
        .eval("let secret = 1; fn helper(x) { 0 } let v = helper(secret);")
        .unwrap();
    assert_eq!(s.eval("v").unwrap().as_int().unwrap(), 0);
    assert!(cmd(&mut state, &mut s, ":check").starts_with("Not yet: v is helper(secret)"));
    let _ = s.eval("let v = 6;").unwrap();
    assert!(cmd(&mut state, &mut s, ":check").starts_with("Right:"));
    // Names the model answer does not define are out of the check's reach.
    assert!(!s.scope().contains("x"));
}

#[test]
fn a_forbidden_builtin_fails_however_it_is_reached() {
    let lab = "Title: T\nLab Section\nS\n)\n1\n\
               Lab Exercise E\nWrite `clues(g)` without `filled`.\n)\n\
               CHECK clues counts the clues\nclues.call(ym) == filled(ym)\n\
               WITHOUT filled\n\
               ANSWER\nfn clues(g) { cells(g).filter(|d| d > 0).len() }\n";
    let routes = [
        "fn clues(g) { filled(g) }",
        "fn clues(g) { g.filled() }",
        "fn count(g) { filled(g) } fn clues(g) { count(g) }",
        "fn clues(g) { let f = Fn(\"filled\"); f.call(g) }",
        "fn clues(g) { call(Fn(\"filled\"), g) }",
        "fn clues(g) { [g].map(|h| filled(h))[0] }",
        "fn clues(g) { eval(\"filled(g)\") }",
        "let clues = |g| filled(g);",
    ];
    for route in routes {
        let (mut state, mut s, _) = tiny_lab("exercise-without", lab);
        let _ = s.eval(route).unwrap();
        // At the prompt the built-in works as ever.
        let at_prompt = if route.starts_with("let") {
            "clues.call(ym) == filled(ym)"
        } else {
            "clues(ym) == filled(ym)"
        };
        assert!(s.eval(at_prompt).unwrap().as_bool().unwrap(), "{route}");
        let text = cmd(&mut state, &mut s, ":check");
        assert!(
            text.starts_with(
                "Not yet: clues counts the clues: this exercise asks you not to use `filled`"
            ),
            "{route}: {text}"
        );
    }
    let (mut state, mut s, _) = tiny_lab("exercise-without", lab);
    let _ = s
        .eval("fn clues(g) { 81 - cells(g).filter(|d| d == 0).len() }")
        .unwrap();
    assert!(cmd(&mut state, &mut s, ":check").starts_with("Right:"));
}

#[test]
fn a_without_line_names_functions() {
    for (bad, said) in [
        (
            "WITHOUT\n",
            "`WITHOUT` needs the names of the functions the task forbids",
        ),
        (
            "WITHOUT solve(g)\n",
            "`WITHOUT`: `solve(g)` is not a function name",
        ),
    ] {
        let text = format!(
            "Title: T\nLab Section\nS\n)\n1\nLab Exercise E\nTask.\n)\nCHECK c\ntrue\n{bad}ANSWER\n1\n"
        );
        let e = lab::format::parse("t", "t.lab", &text).unwrap_err();
        assert_eq!(e.line, 11, "{e}");
        assert!(e.message.starts_with(said), "{e}");
    }
}

/// A refusal says what is wrong, never what is right: no wrong answer's
/// refusal shows a value of the model answer (a number of two digits or
/// more, a text of eight characters or more).
#[test]
fn no_refusal_gives_the_answer_away() {
    for info in lab::list() {
        let name = info.name.as_str();
        let lab = lab::load(name).unwrap();
        for (i, section) in lab.sections.iter().enumerate() {
            let Some(e) = &section.exercise else {
                continue;
            };
            let (_, mut s) = at_section(name, i + 1);
            let _ = s.eval(&e.answer).unwrap();
            let shown: Vec<String> = lab::exercise::answer_names(e, &s)
                .iter()
                .filter_map(|n| s.scope().get(n).cloned())
                .filter_map(|v| match v.as_int() {
                    Ok(n) if n.abs() >= 10 => Some(n.to_string()),
                    Ok(_) => None,
                    Err(_) => v.into_string().ok().filter(|t| t.chars().count() >= 8),
                })
                .collect();
            let Some(case) = CASES.iter().find(|c| c.lab == name && c.title == e.title) else {
                continue;
            };
            for (wrong, _) in case.wrong {
                let (mut state, mut s) = at_section(name, i + 1);
                let _ = s.eval(wrong).unwrap();
                let text = cmd(&mut state, &mut s, ":check");
                for value in &shown {
                    let words = text.split(|c: char| !c.is_alphanumeric());
                    let leaks = if value.chars().all(|c| c.is_ascii_digit() || c == '-') {
                        words
                            .into_iter()
                            .any(|w| w == value.trim_start_matches('-'))
                    } else {
                        text.contains(value.as_str())
                    };
                    assert!(
                        !leaks,
                        "{name}: {:?}: {wrong}: {text} shows {value}",
                        e.title
                    );
                }
            }
        }
    }
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
