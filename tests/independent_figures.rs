//! The key figures of the example scripts and of the sat and similarity
//! labs, checked against sources that share no code with what printed
//! them: a brute-force test of "the same puzzle up to symmetry" written
//! here, the `sudoku_peer` solver, and the clause counts worked out from
//! the encoding's definition. `scripts_run` and the lab snapshots pin what
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
