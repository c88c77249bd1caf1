//! Tests of the uniqueness and aligned-exclusion finders on Sukaku
//! Explainer's own positions: `serate --before='B %m' --after='S %r %s'`
//! prints the pencil marks before each step and the step; the marks
//! before the next step show what it removed. se_positions.txt holds, per
//! line, the marks before, the marks after and SE's step, for the first
//! uses of these techniques on tests/data/se_sample.txt's puzzles.

use super::super::board::CandidateGrid;
use super::super::tests::cells_named;
use super::super::{SE_ORDER, Step, hint};
use super::{at_most_one_solution, solutions_up_to_two};
use crate::sudoku::grid::{Grid, cell_name};

/// A board from SE's 729-character marks: a cell showing one digit is
/// filled with it (SE's positions before these steps have no naked single
/// left to take).
pub(crate) fn board_of_marks(marks: &str) -> CandidateGrid {
    let b = marks.as_bytes();
    assert_eq!(b.len(), 729, "{marks}");
    let mask = |c: usize| {
        (0..9).fold(0u16, |m, d| {
            if b[c * 9 + d] == b'1' + d as u8 {
                m | 1 << d
            } else {
                m
            }
        })
    };
    let mut g = Grid::empty();
    for c in 0..81 {
        let m = mask(c);
        if m.count_ones() == 1 {
            g.set(c, m.trailing_zeros() as u8 + 1);
        }
    }
    let mut board = CandidateGrid::from_grid(&g);
    for c in 0..81 {
        if board.is_filled(c) {
            continue;
        }
        for d in 1..=9u8 {
            if mask(c) & 1 << (d - 1) == 0 {
                board.remove(c, d);
            }
        }
    }
    board
}

/// SE's 729-character marks of a board: a filled cell shows its digit.
fn marks_of(b: &CandidateGrid) -> String {
    let mut s = String::with_capacity(729);
    for c in 0..81 {
        let m = if b.is_filled(c) {
            1 << (b.value(c) - 1)
        } else {
            b.cand(c)
        };
        for d in 0..9u8 {
            s.push(if m >> d & 1 == 1 {
                (b'1' + d) as char
            } else {
                '.'
            });
        }
    }
    s
}

/// Compares this engine's next step on each SE position with SE's: name,
/// rating, the cells SE names (a loop's in SE's order) and what it removes.
/// Returns the differences.
pub(crate) fn differences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.is_empty()) {
        let mut parts = line.splitn(3, ' ');
        let (before, after, se) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let (rating, rest) = se.split_once(' ').unwrap();
        let name = rest.split(':').next().unwrap();
        let b = board_of_marks(before);
        let Some(step) = hint(&b) else {
            out.push(format!("no step; SE: {se}"));
            continue;
        };
        let mut got = b;
        step.apply(&mut got);
        let named = cells_named(rest.split(" on ").next().unwrap_or(rest));
        let cells_ok = if name.starts_with("Unique") {
            step.cells == named
        } else {
            named.iter().all(|c| step.cells.contains(c))
        };
        if step.technique != name
            || format!("{:.1}", step.rating_f64()) != rating
            || !cells_ok
            || marks_of(&got) != after
        {
            let ours = marks_of(&got);
            let diff: Vec<String> = (0..81)
                .filter(|&c| ours[c * 9..c * 9 + 9] != after[c * 9..c * 9 + 9])
                .map(|c| {
                    format!(
                        "{} ours {} SE {}",
                        cell_name(c),
                        &ours[c * 9..c * 9 + 9],
                        &after[c * 9..c * 9 + 9]
                    )
                })
                .collect();
            out.push(format!(
                "SE: {se}\n  ours: {} {}\n  {}",
                step.rating_f64(),
                step.text,
                diff.join("; ")
            ));
        }
    }
    out
}

#[test]
fn each_step_equals_the_one_sukaku_explainer_took() {
    let text = include_str!("se_positions.txt");
    assert!(text.lines().count() >= 10);
    let diffs = differences(text);
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

/// The same comparison on a larger extract named by `SE_POSITIONS` (made
/// from a `--before='B %m'` listing of any sample): a dev tool that fails
/// listing the differences.
#[test]
#[ignore]
fn steps_equal_sukaku_explainer_on_an_extract() {
    let Ok(path) = std::env::var("SE_POSITIONS") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let diffs = differences(&text);
    // The domain prints nothing: the differences are the failure message.
    assert!(
        diffs.is_empty(),
        "{} positions, {} differences\n{}",
        text.lines().count(),
        diffs.len(),
        diffs.join("\n")
    );
}

/// Uniqueness arguments need a unique solution: on a position with
/// several, the finders stay silent.
#[test]
fn nothing_is_claimed_on_a_position_with_two_solutions() {
    // r1c1, r1c2, r4c1 hold 1,2 and r4c2 everything: a unique rectangle
    // type 1 by its shape, but the grid has many solutions.
    let mut b = CandidateGrid::from_grid(&Grid::empty());
    for c in [0usize, 1, 27] {
        for d in 3..=9u8 {
            b.remove(c, d);
        }
    }
    assert!(!at_most_one_solution(&b));
    for p in SE_ORDER {
        if p.name == "Unique Rectangle/Loop" || p.name == "Bivalue Universal Grave" {
            let steps: Vec<Step> = p.find_all(&b);
            assert!(steps.is_empty(), "{}: {:?}", p.name, steps.first());
        }
    }
}

/// Pencil marks with no solution that the cell-by-cell count cannot see
/// early (1 only in columns 1 and 2, which cannot hold nine of them; every
/// cell keeps eight candidates or more): the count gives up on its budget
/// instead of searching for ages, and an unknown count is no proof of
/// uniqueness.
#[test]
fn the_count_on_pencil_marks_gives_up_instead_of_running_on() {
    let mut b = CandidateGrid::from_grid(&Grid::empty());
    for c in (0..81).filter(|c| c % 9 >= 2) {
        b.remove(c, 1);
    }
    assert_eq!(solutions_up_to_two(&b), None);
    assert!(!at_most_one_solution(&b));
    // With a solution to find, the same search finds two at once.
    let b = CandidateGrid::from_grid(&Grid::empty());
    assert_eq!(solutions_up_to_two(&b), Some(2));
}
