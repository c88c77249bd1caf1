//! The puzzle scripts in `scripts/` (N-queens, Langford pairs, Latin
//! squares, Kakuro, a nonogram, Futoshiki), run as `puzzlelab run` runs
//! them; Latin squares and Futoshiki also as SAT. Counts are checked against OEIS; each puzzle's solution against
//! the one its source publishes, and against a plain checker of every rule
//! written here, independent of the scripts' exact-cover models.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

/// Runs `scripts/NAME` and returns what it printed.
fn run(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts")
        .join(name);
    let code = std::fs::read_to_string(&path).unwrap();
    let mut s = Session::capturing(&Limits::default());
    s.set_var("ARGS", rhai::Array::new());
    if let Err(e) = s.eval(&code) {
        panic!("{}", e.located(name, 1));
    }
    s.take_output()
}

/// The lines of `out` after the line `header`, `count` of them.
fn block<'a>(out: &'a str, header: &str, count: usize) -> Vec<&'a str> {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains(header))
        .unwrap_or_else(|| panic!("no line {header:?} in:\n{out}"));
    lines[at + 1..at + 1 + count].to_vec()
}

/// The lengths of the runs of `#` in a line.
fn runs(line: impl Iterator<Item = char>) -> Vec<usize> {
    let text: String = line.collect();
    text.split('.')
        .filter(|r| !r.is_empty())
        .map(|r| r.len())
        .collect()
}

#[test]
fn n_queens_counts_are_oeis_a000170() {
    let out = run("n_queens.rhai");
    // OEIS A000170, n = 1..10.
    let published = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (i, count) in published.iter().enumerate() {
        let line = format!("n = {}: {count}\n", i + 1);
        assert!(out.contains(&line), "{line:?} in:\n{out}");
    }
    // The board printed: 8 queens, no two in a row, column or diagonal.
    let board = block(&out, "n = 10: ", 8);
    let queens: Vec<(i32, i32)> = board
        .iter()
        .enumerate()
        .flat_map(|(r, l)| {
            l.char_indices()
                .filter(|&(_, ch)| ch == 'Q')
                .map(move |(c, _)| (r as i32, c as i32))
        })
        .collect();
    assert_eq!(queens.len(), 8, "{board:?}");
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            let attack = a.0 == b.0 || a.1 == b.1 || (a.0 - b.0).abs() == (a.1 - b.1).abs();
            assert!(!attack, "{a:?} and {b:?} attack each other: {board:?}");
        }
    }
}

#[test]
fn langford_counts_are_oeis_a014552() {
    let out = run("langford.rhai");
    // OEIS A014552, n = 1..8: each arrangement and its reversal once.
    let published = [0, 0, 1, 1, 0, 0, 26, 150];
    for (i, count) in published.iter().enumerate() {
        let line = format!("n = {}: {count}\n", i + 1);
        assert!(out.contains(&line), "{line:?} in:\n{out}");
    }
    for n in [3usize, 4, 7] {
        let head = format!("n = {n}, one of them: ");
        let line = out
            .lines()
            .find_map(|l| l.strip_prefix(head.as_str()))
            .unwrap_or_else(|| panic!("no {head:?} in:\n{out}"));
        let row: Vec<usize> = line.split(' ').map(|k| k.parse().unwrap()).collect();
        assert_eq!(row.len(), 2 * n, "{line}");
        // Each k twice, with k numbers between the two.
        for k in 1..=n {
            let at: Vec<usize> = (0..row.len()).filter(|&i| row[i] == k).collect();
            assert_eq!(at.len(), 2, "{k} in {line}");
            assert_eq!(at[1] - at[0], k + 1, "{k} in {line}");
        }
    }
}

#[test]
fn latin_square_counts_are_oeis_a002860_and_a000315() {
    let out = run("latin_squares.rhai");
    // OEIS A002860 (all) and A000315 (reduced), orders 1..5; n!(n-1)!
    // times the reduced count is the whole count.
    let all = [1, 2, 12, 576, 161280];
    let reduced = [1, 1, 1, 4, 56];
    let mut factorial = 1; // (n-1)!
    for n in 1..=5 {
        let (a, r) = (all[n - 1], reduced[n - 1]);
        assert_eq!(a, r * n * factorial * factorial);
        let line = format!(
            "order {n}: all {a}, reduced {r}, {r} × {n}! × {}! = {a}\n",
            n - 1
        );
        assert!(out.contains(&line), "{line:?} in:\n{out}");
        factorial *= n;
        // The SAT model counts models, one solver call each: up to order 4.
        if n <= 4 {
            let line = format!("SAT, order {n}: all {a}\n");
            assert!(out.contains(&line), "{line:?} in:\n{out}");
        }
    }
    assert!(out.contains("SAT, order 5: reduced 56\n"), "{out}");
}

#[test]
fn kakuro_solution_is_wikipedias() {
    let out = run("kakuro.rhai");
    assert!(out.contains(" options, 1 solution(s)\n"), "{out}");
    // Wikipedia's "Kakuro" article, Kakuro_black_box_solution.svg.
    let published = [
        "97##879", "89#8957", "68597##", "#61#26#", "##46132", "8931#14", "312##21",
    ];
    let grid = block(&out, "solution(s)", 7);
    assert_eq!(grid, published, "{out}");
    // Every run of the puzzle, [sum, row, column, length] across then
    // down, adds up to its clue with no digit twice.
    let across = [
        [16, 0, 0, 2],
        [24, 0, 4, 3],
        [17, 1, 0, 2],
        [29, 1, 3, 4],
        [35, 2, 0, 5],
        [7, 3, 1, 2],
        [8, 3, 4, 2],
        [16, 4, 2, 5],
        [21, 5, 0, 4],
        [5, 5, 5, 2],
        [6, 6, 0, 3],
        [3, 6, 5, 2],
    ];
    let down = [
        [23, 0, 0, 3],
        [30, 0, 1, 4],
        [27, 0, 4, 5],
        [12, 0, 5, 2],
        [16, 0, 6, 2],
        [17, 1, 3, 2],
        [15, 2, 2, 5],
        [12, 3, 5, 4],
        [7, 4, 3, 2],
        [7, 4, 6, 3],
        [11, 5, 0, 2],
        [10, 5, 1, 2],
    ];
    let digit = |r: usize, c: usize| grid[r].as_bytes()[c].wrapping_sub(b'0') as usize;
    let mut covered = 0;
    for (runs, (dr, dc)) in [(across, (0, 1)), (down, (1, 0))] {
        for [sum, r, c, len] in runs {
            let ds: Vec<usize> = (0..len).map(|i| digit(r + i * dr, c + i * dc)).collect();
            assert!(ds.iter().all(|d| (1..=9).contains(d)), "{ds:?}");
            assert_eq!(ds.iter().sum::<usize>(), sum, "{ds:?}");
            let mut seen = ds.clone();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), len, "{ds:?}");
            covered += len;
        }
    }
    // Each white cell in one run across and one down.
    let white = grid
        .iter()
        .map(|l| l.chars().filter(|&c| c != '#').count())
        .sum::<usize>();
    assert_eq!(covered, 2 * white);
}

#[test]
fn nonogram_solution_is_the_published_one() {
    let out = run("nonogram.rhai");
    assert!(out.contains(" options, 1 solution(s)\n"), "{out}");
    // Ninety-Nine Haskell Problems, problem 98: the solution shown.
    let published = [
        ".###....", "##.#....", ".###..##", "..##..##", "..######", "#.#####.", "######..",
        "....#...", "...##...",
    ];
    let picture = block(&out, "solution(s)", 9);
    assert_eq!(picture, published, "{out}");
    // The picture's runs are the clues, row by row and column by column.
    let rows: [&[usize]; 9] = [
        &[3],
        &[2, 1],
        &[3, 2],
        &[2, 2],
        &[6],
        &[1, 5],
        &[6],
        &[1],
        &[2],
    ];
    let cols: [&[usize]; 8] = [&[1, 2], &[3, 1], &[1, 5], &[7, 1], &[5], &[3], &[4], &[3]];
    for (r, clue) in rows.iter().enumerate() {
        assert_eq!(runs(picture[r].chars()), *clue, "row {r}");
    }
    for (c, clue) in cols.iter().enumerate() {
        let column = picture.iter().map(|l| l.as_bytes()[c] as char);
        assert_eq!(runs(column), *clue, "column {c}");
    }
}

#[test]
fn futoshiki_solution_is_wikipedias() {
    let out = run("futoshiki.rhai");
    assert!(out.contains("exact cover: 1 solution(s)\n"), "{out}");
    // Wikipedia's "Futoshiki" article, the example's solution.
    let published = ["54321", "43152", "21435", "35214", "12543"];
    let square = block(&out, "exact cover:", 5);
    assert_eq!(square, published, "{out}");
    // The SAT model: one model, the same square.
    assert!(out.contains("SAT: 1 model(s), the same square\n"), "{out}");
    let at = |r: usize, c: usize| square[r].as_bytes()[c] - b'0';
    for i in 0..5 {
        let mut row: Vec<u8> = (0..5).map(|c| at(i, c)).collect();
        let mut col: Vec<u8> = (0..5).map(|r| at(r, i)).collect();
        row.sort();
        col.sort();
        assert_eq!(
            (row, col),
            (vec![1, 2, 3, 4, 5], vec![1, 2, 3, 4, 5]),
            "line {i}"
        );
    }
    for (r, c, v) in [(1, 0, 4), (1, 4, 2), (2, 2, 4), (3, 4, 4)] {
        assert_eq!(at(r, c), v, "given ({r}, {c})");
    }
    for [r1, c1, r2, c2] in [
        [0, 1, 0, 0],
        [0, 3, 0, 2],
        [0, 4, 0, 3],
        [3, 3, 3, 4],
        [4, 0, 4, 1],
        [4, 1, 4, 2],
    ] {
        assert!(at(r1, c1) < at(r2, c2), "({r1}, {c1}) < ({r2}, {c2})");
    }
}
