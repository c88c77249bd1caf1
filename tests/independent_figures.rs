//! The key figures of the example scripts and of the sat, similarity and
//! modelling labs, checked against sources that share no code with what
//! printed them: a brute-force test of "the same puzzle up to symmetry"
//! written here, the `sudoku_peer` solver, the clause counts worked out
//! from the encoding's definition, and queens, Latin squares and small
//! boards counted here by trying every placement (with their OEIS figures). `scripts_run` and the lab snapshots pin what
//! is printed; these tests say the printed numbers are right.

use std::collections::BTreeMap;

use crate::common::{assert_in, assert_value, lab_sections};

pub type Cells = [u8; 81];

/// A puzzle from a line: its 81 cells (digits, `.` or `0` empty) are the
/// last 81 characters of the line.
pub fn cells(line: &str) -> Cells {
    let tail: Vec<u8> = line.trim_end().bytes().rev().take(81).collect();
    assert_eq!(tail.len(), 81, "{line}");
    std::array::from_fn(|i| match tail[80 - i] {
        b'.' => 0,
        d @ b'0'..=b'9' => d - b'0',
        other => panic!("{line}: {:?}", other as char),
    })
}

/// The puzzles of a file of the repository, one a line.
pub fn puzzles(path: &str) -> Vec<Cells> {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(cells)
        .collect()
}

/// The 1,296 orders of 9 lines that keep bands: bands permuted, lines
/// permuted inside each band.
fn line_orders() -> Vec<[usize; 9]> {
    let perms3 = crate::exact_cover::PERMUTATIONS_OF_3;
    let mut out = Vec::new();
    for bands in perms3 {
        for a in perms3 {
            for b in perms3 {
                for c in perms3 {
                    let inside = [a, b, c];
                    out.push(std::array::from_fn(|i| {
                        3 * bands[i / 3] + inside[i / 3][i % 3]
                    }));
                }
            }
        }
    }
    out
}

/// Whether `a` becomes `b` by the Sudoku symmetries (transposition, bands
/// and lines inside them, stacks and columns inside them) and a renaming
/// of the digits: every arrangement is tried, cut short only by clue counts
/// per line, which every such move carries along.
pub fn same_up_to_symmetry(a: &Cells, b: &Cells) -> bool {
    let orders = line_orders();
    let count = |g: &Cells, row: bool, k: usize| {
        (0..9)
            .filter(|&j| g[if row { 9 * k + j } else { 9 * j + k }] != 0)
            .count()
    };
    for transposed in [false, true] {
        let a: Cells = std::array::from_fn(|i| {
            if transposed {
                a[9 * (i % 9) + i / 9]
            } else {
                a[i]
            }
        });
        for rows in orders
            .iter()
            .filter(|o| (0..9).all(|i| count(&a, true, o[i]) == count(b, true, i)))
        {
            for cols in orders
                .iter()
                .filter(|o| (0..9).all(|j| count(&a, false, o[j]) == count(b, false, j)))
            {
                let mut to = [0u8; 10];
                let mut from = [0u8; 10];
                let fits = (0..81).all(|i| {
                    let (x, y) = (a[9 * rows[i / 9] + cols[i % 9]] as usize, b[i] as usize);
                    if (x == 0) != (y == 0) {
                        return false;
                    }
                    if x == 0 {
                        return true;
                    }
                    if to[x] == 0 && from[y] == 0 {
                        to[x] = y as u8;
                        from[y] = x as u8;
                    }
                    to[x] as usize == y && from[y] as usize == x
                });
                if fits {
                    return true;
                }
            }
        }
    }
    false
}

/// Classes of the same puzzle among `all`: puzzles with different clue
/// counts per line (as a multiset, rows and columns unordered) or digit
/// counts are never the same; the others are compared by
/// [`same_up_to_symmetry`].
pub fn classes(all: &[Cells]) -> Vec<Vec<usize>> {
    let key = |g: &Cells| {
        let mut rows: Vec<usize> = (0..9)
            .map(|r| (0..9).filter(|&c| g[9 * r + c] != 0).count())
            .collect();
        let mut cols: Vec<usize> = (0..9)
            .map(|c| (0..9).filter(|&r| g[9 * r + c] != 0).count())
            .collect();
        rows.sort_unstable();
        cols.sort_unstable();
        let mut digits: Vec<usize> = (1..=9)
            .map(|d| g.iter().filter(|&&x| x == d).count())
            .collect();
        digits.sort_unstable();
        (rows.clone().min(cols.clone()), rows.max(cols), digits)
    };
    let mut by_key: BTreeMap<_, Vec<usize>> = BTreeMap::new();
    for (i, g) in all.iter().enumerate() {
        by_key.entry(key(g)).or_default().push(i);
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    for members in by_key.values() {
        let mut mine: Vec<Vec<usize>> = Vec::new();
        for &i in members {
            match mine
                .iter_mut()
                .find(|c| same_up_to_symmetry(&all[c[0]], &all[i]))
            {
                Some(c) => c.push(i),
                None => mine.push(vec![i]),
            }
        }
        out.extend(mine);
    }
    out.sort();
    out
}

/// Solutions of a puzzle by the peer solver, counted up to `limit`.
pub fn peer_solutions(g: &Cells, limit: usize) -> usize {
    sudoku_peer::Sudoku::from_bytes(*g)
        .expect("a puzzle the peer reads")
        .solutions_count_up_to(limit)
}

#[test]
fn the_brute_force_tells_moves_from_other_puzzles() {
    let p = cells(puzzlelab::sudoku::puzzles::YM);
    // A band swap, a column swap inside a stack, a transposition and a
    // renaming: still the same puzzle.
    let moved: Cells = std::array::from_fn(|i| {
        let (r, c) = (i % 9, i / 9);
        let r = [3, 4, 5, 0, 1, 2, 6, 7, 8][r];
        let c = [1, 0, 2, 3, 4, 5, 6, 7, 8][c];
        match p[9 * r + c] {
            0 => 0,
            d => 10 - d,
        }
    });
    assert!(same_up_to_symmetry(&p, &moved));
    // Two clues exchanged that are not a renaming: another puzzle.
    let mut other = p;
    let (i, j) = (
        (0..81).find(|&i| p[i] != 0).unwrap(),
        (0..81)
            .rfind(|&i| p[i] != 0 && p[i] != p[(0..81).find(|&k| p[k] != 0).unwrap()])
            .unwrap(),
    );
    other.swap(i, j);
    assert!(!same_up_to_symmetry(&p, &other));
}

#[test]
fn the_similarity_lab_groups_and_verdicts() {
    let s = lab_sections("similarity", 15);
    let p1 =
        cells("000200001008000050000300000400000600210000000000050080300000002000060400009080000");
    let p2 =
        cells("000060300040080000002000009000003000500000800001200000060000042800050000000000001");
    let p3 =
        cells("002000300400060000000080009001200000050000008000300000600000400080050000000000210");
    let p4 =
        cells("040000600000500080200010000000023000068000050000000000300000402000000001009800000");
    let q: Cells = std::array::from_fn(|i| if p1[i] == 0 { 0 } else { 10 - p1[i] });
    assert_eq!(
        classes(&[p1, p2, p3, p4, q]),
        vec![vec![0, 2, 3, 4], vec![1]]
    );
    assert_value(
        &s,
        13,
        "canon_groups([p1, p2, p3, p4, q]).map(|g| g.indices)",
        "[[0, 2, 3, 4], [1]]",
    );
    assert_in(&s, 11, "[true, true, false]");
    assert_value(&s, 7, "verdict(p1, p2)", "similar but different");
}

#[test]
fn the_sat_lab_counts_and_solution() {
    let s = lab_sections("sat", 16);
    // The encoding's clauses for an n×n board with k clues: four families
    // (row, column, cell, block) of n² lines, each line one "at least one"
    // clause and n(n-1)/2 "at most one" pairs.
    let clauses = |n: usize, clues: usize| {
        let existence = 4 * n * n;
        let pairs = 4 * n * n * (n * (n - 1) / 2);
        (n * n * n, existence, pairs, existence + pairs + clues)
    };
    let (vars, existence, pairs, total) = clauses(9, 36);
    assert_in(
        &s,
        11,
        &format!("CNF: {vars} variables, {total} clauses (Sudoku 9×9)"),
    );
    assert_in(
        &s,
        11,
        &format!("  existence    {existence}  (row 81, column 81, cell 81, block 81)"),
    );
    assert_in(
        &s,
        11,
        &format!("  pairs      {pairs}  (row 2916, column 2916, cell 2916, block 2916)"),
    );
    let (vars, existence, pairs, total) = clauses(16, 128);
    assert_in(
        &s,
        15,
        &format!("CNF: {vars} variables, {total} clauses (Sudoku 16×16)"),
    );
    assert_in(
        &s,
        15,
        &format!("  existence   {existence}  (row 256, column 256, cell 256, block 256)"),
    );
    assert_in(
        &s,
        15,
        &format!("  pairs     {pairs}  (row 30720, column 30720, cell 30720, block 30720)"),
    );
    // The puzzle (from the DIMACS comment) has one solution for the peer
    // solver, the one the lab prints.
    let line = s[11]
        .lines()
        .find_map(|l| l.strip_prefix("c puzzle: "))
        .expect("the DIMACS comment names the puzzle");
    let p = cells(line);
    assert_eq!(p.iter().filter(|&&d| d != 0).count(), 36);
    assert_eq!(peer_solutions(&p, 2), 1);
    let solution = sudoku_peer::Sudoku::from_bytes(p)
        .unwrap()
        .solution()
        .unwrap();
    let rows: Vec<String> = solution
        .to_bytes()
        .chunks(9)
        .map(|r| {
            let d: String = r.iter().map(|&x| char::from(b'0' + x)).collect();
            format!("|{}|{}|{}|", &d[0..3], &d[3..6], &d[6..9])
        })
        .collect();
    for row in rows {
        assert_in(&s, 13, &row);
    }
    assert_value(&s, 13, "sat_unique(p)", "true");
}

/// Placements of one queen a row (`cols[r]` is row r's column) on an n×n
/// board with one a column and at most `per_diagonal` on any diagonal,
/// counted by trying every such placement.
fn queen_placements(n: usize, per_diagonal: usize) -> usize {
    fn extend(n: usize, per: usize, cols: &mut Vec<usize>, used: &mut [bool]) -> usize {
        let r = cols.len();
        if r == n {
            return 1;
        }
        let mut total = 0;
        for c in 0..n {
            let on = |d: &dyn Fn(usize, usize) -> isize| {
                cols.iter()
                    .enumerate()
                    .filter(|&(rr, &cc)| d(rr, cc) == d(r, c))
                    .count()
            };
            let up = on(&|r, c| (r + c) as isize);
            let down = on(&|r, c| r as isize - c as isize);
            if !used[c] && up < per && down < per {
                used[c] = true;
                cols.push(c);
                total += extend(n, per, cols, used);
                cols.pop();
                used[c] = false;
            }
        }
        total
    }
    extend(n, per_diagonal, &mut Vec::new(), &mut vec![false; n])
}

/// Fillings of an n×n grid with 1..=n, each row and column holding each
/// symbol once and, when `boxes` is given (its side), each box too; cells
/// already set in `start` (0 is empty) are kept. Every grid is returned.
fn latin_fillings(n: usize, boxes: Option<usize>, start: &[u8]) -> Vec<Vec<u8>> {
    fn fill(n: usize, b: Option<usize>, g: &mut Vec<u8>, i: usize, out: &mut Vec<Vec<u8>>) {
        if i == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        let given = g[i];
        for s in 1..=n as u8 {
            if given != 0 && s != given {
                continue;
            }
            g[i] = 0;
            let clash = (0..n).any(|k| g[r * n + k] == s || g[k * n + c] == s)
                || b.is_some_and(|b| {
                    let (br, bc) = (r / b * b, c / b * b);
                    (0..b).any(|y| (0..b).any(|x| g[(br + y) * n + bc + x] == s))
                });
            if !clash {
                g[i] = s;
                fill(n, b, g, i + 1, out);
            }
            g[i] = given;
        }
    }
    let mut out = Vec::new();
    fill(n, boxes, &mut start.to_vec(), 0, &mut out);
    out
}

/// The queens of a board drawn with `Q` and `.`, one row a line: none
/// shares a row, column or diagonal with another, and there are n.
fn assert_queens_board(text: &str, n: usize) {
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), n, "{text}");
    let mut queens = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        let cells: Vec<&str> = line.split(' ').collect();
        assert_eq!(cells.len(), n, "{text}");
        queens.extend(
            cells
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == "Q")
                .map(|(c, _)| (r as isize, c as isize)),
        );
    }
    assert_eq!(queens.len(), n, "{text}");
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            let attacks =
                a.0 == b.0 || a.1 == b.1 || a.0 + a.1 == b.0 + b.1 || a.0 - a.1 == b.0 - b.1;
            assert!(!attacks, "{a:?} and {b:?} attack each other:\n{text}");
        }
    }
}

/// What the lab shows below `input` in section `k`: the lines up to the
/// next echoed input (three spaces) or the section's end.
fn shown_after(s: &[String], k: usize, input: &str) -> String {
    let echo = format!("   {input}\n");
    let at = s[k - 1]
        .find(&echo)
        .unwrap_or_else(|| panic!("section {k} lacks {input}"));
    s[k - 1][at + echo.len()..]
        .lines()
        .take_while(|l| !l.starts_with("   ") && !l.starts_with("Exercise: "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_modelling_lab_counts_and_boards() {
    let s = lab_sections("modelling", 20);
    // Queens, one a row and column, none sharing a diagonal: OEIS A000170
    // (1, 0, 0, 2, 10, 4, 40, 92 for n = 1..8), by trying placements.
    let queens: Vec<usize> = (4..=8).map(|n| queen_placements(n, 1)).collect();
    assert_eq!(queens, [2, 10, 4, 40, 92]);
    let listed = format!("{queens:?}");
    assert_value(
        &s,
        18,
        "orders.map(|n| count_exact_cover(queen_options(n), #{secondary: diagonals(n)}))",
        &listed,
    );
    assert_value(
        &s,
        18,
        "orders.map(|n| count_models(cover_cnf(queen_options(n), diagonals(n)), 1000))",
        &listed,
    );
    assert_value(&s, 15, "count_models(f4, 100)", "2");
    // The formulas' sizes. "At most one" of s literals is C(s, 2) pair
    // clauses, or Sinz's sequential counter (s - 1 extra variables,
    // 3s - 4 clauses) where that is fewer; "exactly one" adds the clause
    // of all s. The 4×4 board's lines are short enough for pairs only.
    let at_most_one = |s: usize| -> (usize, usize) {
        let pairs = s * s.saturating_sub(1) / 2;
        if s >= 2 && 3 * s - 4 < pairs {
            (s - 1, 3 * s - 4)
        } else {
            (0, pairs)
        }
    };
    let size = |n: usize| -> (usize, usize) {
        let (mut extra, mut clauses) = (0, 0);
        // Rows and columns: exactly one of n.
        let (e, c) = at_most_one(n);
        extra += 2 * n * e;
        clauses += 2 * n * (c + 1);
        // Diagonals, lengths 1 to n and back, in both directions: at most one.
        for len in (1..=n).chain((1..n).rev()) {
            let (e, c) = at_most_one(len);
            extra += 2 * e;
            clauses += 2 * c;
        }
        (extra, clauses)
    };
    assert_eq!(size(4), (0, 84));
    assert_eq!(size(8), (170, 580));
    assert_value(
        &s,
        15,
        "f4",
        "CNF: 16 variables, 84 clauses (0 comment lines)",
    );
    assert_value(
        &s,
        17,
        "f8",
        "CNF: 234 variables (64 main, 170 extra), 580 clauses (0 comment lines)",
    );
    assert_value(&s, 17, "count_models(f8, 1000)", "92");
    assert_value(
        &s,
        6,
        "count_exact_cover(queens8, #{secondary: diagonals(8)})",
        "92",
    );
    // Rooks: 4! placements; queens with the diagonals primary: none.
    assert_value(
        &s,
        2,
        "count_exact_cover(rooks4)",
        &(1..=4).product::<usize>().to_string(),
    );
    assert_value(&s, 3, "count_exact_cover(queens4)", "0");
    // Every board drawn is a placement of non-attacking queens.
    assert_queens_board(&shown_after(&s, 5, "queen_board(4, sols4[0])"), 4);
    assert_queens_board(&shown_after(&s, 5, "queen_board(4, sols4[1])"), 4);
    assert_queens_board(&shown_after(&s, 6, "queen_board(8, first8[0])"), 8);
    assert_queens_board(
        &shown_after(&s, 16, "queen_board(4, queens_of.call(m4[0]))"),
        4,
    );
    // "Crowded diagonals": at most two a diagonal on 6×6. The exercise's
    // right answer 392 in tests/lab_exercises.rs pins the check to it.
    assert_eq!(queen_placements(6, 2), 392);

    // Latin squares: OEIS A002860 (1, 2, 12, 576), by filling grids; the
    // rows-only model is every row any order: 3!³.
    assert_eq!(latin_fillings(3, None, &[0; 9]).len(), 12);
    assert_eq!(latin_fillings(4, None, &[0; 16]).len(), 576);
    assert_value(
        &s,
        7,
        "count_exact_cover(rows_only(3))",
        &6usize.pow(3).to_string(),
    );
    assert_value(&s, 8, "count_exact_cover(latin_options(3))", "12");
    assert_value(&s, 8, "count_exact_cover(latin_options(4))", "576");
    assert_value(
        &s,
        18,
        "count_models(cover_cnf(latin_options(4), []), 1000)",
        "576",
    );
    let grid = |text: &str| -> Vec<u8> {
        text.split_whitespace()
            .map(|d| d.parse().expect("a digit"))
            .collect()
    };
    let drawn = grid(&shown_after(
        &s,
        8,
        "latin_grid(3, exact_cover(latin_options(3), #{limit: 1})[0])",
    ));
    assert!(
        latin_fillings(3, None, &drawn).len() == 1,
        "{drawn:?} is not a Latin square"
    );

    // 4×4 Sudoku grids (OEIS A107739: 288), and the four clues' one
    // solution, the grid the lab draws.
    assert_eq!(latin_fillings(4, Some(2), &[0; 16]).len(), 288);
    assert_value(&s, 9, "count_exact_cover(sudoku4_options())", "288");
    assert_value(
        &s,
        18,
        "count_models(cover_cnf(sudoku4_options(), []), 1000)",
        "288",
    );
    let mut clues = [0u8; 16];
    for (r, c, d) in [(0, 0, 1), (1, 3, 2), (2, 2, 4), (3, 1, 3)] {
        clues[4 * r + c] = d;
    }
    assert_in(
        &s,
        10,
        "   let clues4 = [[0, 0, 1], [1, 3, 2], [2, 2, 4], [3, 1, 3]];",
    );
    let solutions = latin_fillings(4, Some(2), &clues);
    assert_eq!(solutions.len(), 1);
    assert_value(&s, 10, "count_exact_cover(puzzle4)", "1");
    assert_value(&s, 18, "count_models(cover_cnf(puzzle4, []), 10)", "1");
    assert_eq!(
        grid(&shown_after(
            &s,
            10,
            "latin_grid(4, exact_cover(puzzle4)[0])"
        )),
        solutions[0]
    );

    // The 2×3 board's domino tilings, as sets of the options listed in
    // section 13 (three down, then four across), by trying every set of
    // three.
    let dominoes = [
        ["a1", "b1"],
        ["a2", "b2"],
        ["a3", "b3"],
        ["a1", "a2"],
        ["a2", "a3"],
        ["b1", "b2"],
        ["b2", "b3"],
    ];
    let mut tilings = Vec::new();
    for a in 0..7 {
        for b in a + 1..7 {
            for c in b + 1..7 {
                let mut cells: Vec<&str> = [a, b, c].iter().flat_map(|&i| dominoes[i]).collect();
                cells.sort();
                cells.dedup();
                if cells.len() == 6 {
                    tilings.push(vec![a, b, c]);
                }
            }
        }
    }
    assert_value(
        &s,
        13,
        "exact_cover(parse_dlx(tiling_text))",
        &format!("{tilings:?}"),
    );

    // "Exactly one of 1, 2, 3": the clauses hold on exactly the three
    // assignments with one variable true; "at most one" adds the empty one.
    let holds = |clauses: &[&[i32]], set: u32| {
        clauses.iter().all(|cl| {
            cl.iter()
                .any(|&l| (set >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0))
        })
    };
    let pairs: [&[i32]; 3] = [&[-1, -2], &[-1, -3], &[-2, -3]];
    let exactly: [&[i32]; 4] = [pairs[0], pairs[1], pairs[2], &[1, 2, 3]];
    assert!((0..8u32).all(|v| holds(&exactly, v) == (v.count_ones() == 1)));
    assert!((0..8u32).all(|v| holds(&pairs, v) == (v.count_ones() <= 1)));
    assert_value(
        &s,
        14,
        "exactly_one([1, 2, 3])",
        "[[-1, -2], [-1, -3], [-2, -3], [1, 2, 3]]",
    );
    assert_value(
        &s,
        14,
        "at_most([1, 2, 3], 1)",
        "[[-1, -2], [-1, -3], [-2, -3]]",
    );

    // Two rooks in every row and column of 4×4: OEIS A001499 (90), by
    // trying all 2^16 boards.
    let two_per_line = (0..1u32 << 16)
        .filter(|b| {
            (0..4).all(|i| {
                (0..4).filter(|j| b >> (4 * i + j) & 1 == 1).count() == 2
                    && (0..4).filter(|j| b >> (4 * j + i) & 1 == 1).count() == 2
            })
        })
        .count();
    assert_eq!(two_per_line, 90);
    assert_value(&s, 19, "count_models(two_per_line(4), 1000)", "90");
}
