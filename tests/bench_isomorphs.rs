//! The benches' maker of fresh isomorphs (`benches/common/isomorphs.rs`,
//! issue 55, item 5): every copy after the first is the same puzzle as
//! its original (the same canonical form, the same number of solutions, a
//! CSV's solution still solving its moved puzzle, checked by the rules)
//! written differently, and the plain repeats are the lines again.

#[path = "../benches/common/isomorphs.rs"]
mod isomorphs;

use puzzlelab::similarity::canon;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::solver::count_solutions;

use crate::common::data_or_skip;

fn grid(line: &str) -> Grid {
    Grid::parse(&line[..81]).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn solutions(g: &Grid) -> u64 {
    count_solutions(g, 2).expect("valid clues").solutions
}

/// True when `solution` is a full grid obeying the rules that keeps
/// every clue of `puzzle`: checked cell by cell, not by the solver.
fn solves(solution: &Grid, puzzle: &Grid) -> bool {
    let (s, p) = (solution.cells(), puzzle.cells());
    let unit_ok = |cells: [usize; 9]| {
        let mut seen = [false; 10];
        cells
            .iter()
            .all(|&i| (1..=9).contains(&s[i]) && !std::mem::replace(&mut seen[s[i] as usize], true))
    };
    (0..81).all(|i| p[i] == 0 || p[i] == s[i])
        && (0..9).all(|r| unit_ok(std::array::from_fn(|k| 9 * r + k)))
        && (0..9).all(|c| unit_ok(std::array::from_fn(|k| 9 * k + c)))
        && (0..9).all(|b| {
            unit_ok(std::array::from_fn(|k| {
                9 * (3 * (b / 3) + k / 3) + 3 * (b % 3) + k % 3
            }))
        })
}

#[test]
fn each_fresh_copy_is_the_same_puzzle_written_differently() {
    let Some(dir) = data_or_skip("bench isomorphs") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("sudoku/norvig_top95.txt")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
    assert_eq!(lines.len(), 95);
    let copies = 3;
    let out = isomorphs::repeated(&lines, copies, true, &mut isomorphs::rng(55));
    assert_eq!(out.len(), 95 * copies);
    for (i, moved) in out.iter().enumerate() {
        let original = lines[i % 95];
        assert_eq!(moved.len(), original.len());
        if i < 95 {
            assert_eq!(moved, original, "the first copy is the set itself");
            continue;
        }
        assert_ne!(
            moved,
            original,
            "copy {} of line {}",
            i / 95 + 1,
            i % 95 + 1
        );
        let (g, h) = (grid(original), grid(moved));
        assert_eq!(canon(&g), canon(&h), "line {}: another puzzle", i % 95 + 1);
        assert_eq!(solutions(&h), solutions(&g));
        // Empty cells are written as the file writes them.
        assert_eq!(moved.matches('.').count(), original.matches('.').count());
    }
    // Two copies of one line are moved differently (nothing repeats).
    assert_ne!(out[95], out[2 * 95]);
    // The same seed gives the same file; plain repeats are the lines again.
    assert_eq!(
        out,
        isomorphs::repeated(&lines, copies, true, &mut isomorphs::rng(55))
    );
    let plain = isomorphs::repeated(&lines, copies, false, &mut isomorphs::rng(55));
    assert!(plain.iter().enumerate().all(|(i, l)| l == lines[i % 95]));
}

#[test]
fn a_csv_line_moves_its_puzzle_and_solution_together() {
    let Some(dir) = data_or_skip("bench isomorphs") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("sudoku/kaggle9m_sample_10000_with_solutions.csv"))
        .unwrap();
    let mut rng = isomorphs::rng(7);
    for line in text.lines().skip(1).take(50) {
        let t = puzzlelab::similarity::Transform::random(&mut rng);
        let moved = isomorphs::moved_line(line, &t);
        let (puzzle, solution) = moved.split_once(',').expect("two fields");
        let (p, s) = (grid(puzzle), grid(solution));
        assert!(solves(&s, &p), "{line} moved to {moved}");
        assert_eq!(puzzle.matches('0').count(), line[..81].matches('0').count());
        let original = grid(line);
        assert_eq!(canon(&p), canon(&original));
        assert_eq!(t.apply(&original), p, "the project's own move");
    }
    // A header or any field that is not 81 cells is left alone.
    assert_eq!(
        isomorphs::moved_line(
            "quizzes,solutions",
            &puzzlelab::similarity::Transform::random(&mut rng)
        ),
        "quizzes,solutions"
    );
}

#[test]
fn refreshed_grids_stay_the_same_puzzles() {
    let Some(dir) = data_or_skip("bench isomorphs") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("sudoku/norvig_top95.txt")).unwrap();
    let grids: Vec<Grid> = text.lines().take(20).map(grid).collect();
    let mut moved = grids.clone();
    isomorphs::refresh(&mut moved, &mut isomorphs::rng(1));
    for (g, h) in grids.iter().zip(&moved) {
        assert_ne!(g, h);
        assert_eq!(canon(g), canon(h));
        assert_eq!(solutions(g), solutions(h));
    }
}
