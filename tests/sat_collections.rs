//! Whole collections through the embedded SAT solver: every top1465 puzzle
//! solved, valid, keeping its clues and equal to the native solver's `solve`
//! and to an independent crate's answer; serg_benchmark puzzles (several
//! solutions each) never unique, as the native solver agrees.

use puzzlelab::monitor::Silent;
use puzzlelab::sat::{self, SudokuBoard, Uniqueness};
use puzzlelab::sudoku::solver as native;

fn puzzles(file: &str) -> Option<Vec<SudokuBoard>> {
    let dir = crate::common::data_or_skip(module_path!())?;
    let text = std::fs::read_to_string(dir.join("sudoku").join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| SudokuBoard::parse(l).unwrap_or_else(|e| panic!("{file}: {e}")))
            .collect(),
    )
}

/// The independent peer: the `sudoku` crate's unique solution.
fn peer_solution(p: &SudokuBoard) -> Option<Vec<u8>> {
    let s = sudoku_peer::Sudoku::from_bytes_slice(p.cells()).ok()?;
    Some(s.solution()?.to_bytes().to_vec())
}

#[test]
fn top1465_all_solved_and_agree() {
    let Some(all) = puzzles("magictour_top1465.txt") else {
        return;
    };
    assert_eq!(all.len(), 1465);
    for (i, p) in all.iter().enumerate() {
        let s = sat::solve(p, &Silent)
            .unwrap()
            .unwrap_or_else(|| panic!("puzzle {}: no solution", i + 1));
        assert!(
            s.solves(p),
            "puzzle {}: {} is not a solution",
            i + 1,
            s.line()
        );
        let native = native::solve(&p.to_grid().unwrap()).unwrap().unwrap();
        assert_eq!(s.to_grid(), Some(native), "puzzle {}: native solver", i + 1);
        assert_eq!(
            Some(s.cells().to_vec()),
            peer_solution(p),
            "puzzle {}: sudoku crate",
            i + 1
        );
    }
}

#[test]
fn serg_benchmark_puzzles_are_not_unique() {
    let Some(all) = puzzles("serg_benchmark.txt") else {
        return;
    };
    // A sample of 200 in the dev profile; SAT_FULL=1 for all 10,000.
    let step = if std::env::var_os("SAT_FULL").is_some() {
        1
    } else {
        50
    };
    let mut checked = 0;
    for (i, p) in all.iter().enumerate().step_by(step) {
        match sat::unique(p, &Silent).unwrap() {
            Uniqueness::Multiple(a, b) => {
                assert!(a.solves(p) && b.solves(p) && a != b, "line {}", i + 1);
                let unique = native::is_unique(&p.to_grid().unwrap()).unwrap();
                assert!(!unique, "line {}: the native solver finds it unique", i + 1);
            }
            other => panic!("line {}: {other:?}", i + 1),
        }
        checked += 1;
    }
    assert_eq!(checked, all.len().div_ceil(step));
}

#[test]
fn uniquely_solvable_sets_are_unique() {
    let Some(all) = puzzles("norvig_top95.txt") else {
        return;
    };
    for (i, p) in all.iter().enumerate() {
        assert!(
            matches!(sat::unique(p, &Silent).unwrap(), Uniqueness::Unique(_)),
            "line {}",
            i + 1
        );
    }
}
