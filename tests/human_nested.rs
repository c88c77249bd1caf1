//! Sudoku Explainer's "Nested Forcing Chains" (its chaining levels 2 and
//! 3): steps of SE's own paths (serate `--after='%r %s'` on
//! forum_hardest_1106 and forum_hardest_1905_11plus puzzles) reproduced by
//! ours, text and rating, at positions where SE's "Dynamic Forcing Chain
//! (+)" finds nothing; every instance the nested finders report there
//! checked against the solution; and Ctrl+C stopping a nested search.

use std::rc::Rc;

use puzzlelab::script::Limits;
use puzzlelab::script::host::RecordingHost;
use puzzlelab::script::session::Session;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::human::{self, Producer};
use puzzlelab::sudoku::solver;

use crate::common::se_listing::{position_on_path, step_line};

fn producer(name: &str) -> &'static Producer {
    human::SE_ORDER.iter().find(|p| p.name == name).unwrap()
}

const LEVEL_2: &str = "Nested Forcing Chain (+ Forcing Chains)";
const LEVEL_3: &str = "Nested Forcing Chain (+ Multiple Forcing Chains)";

/// Steps of SE's paths that come from its nested forcing chains: at each,
/// its "Dynamic Forcing Chain (+)" finds nothing (SE run with nested
/// chains switched off gives up there, see human_plus, or the rating is
/// beyond what the earlier levels gave): puzzle, step index, SE's line.
const SE_NESTED_STEPS: &[(&str, usize, &str)] = &[
    (
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        1,
        "10.3 Region Forcing Chains: 3 in row ==> r6c5.4 off",
    ),
    (
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        4,
        "10.2 Contradiction Forcing Chain: r5c3.2 on ==> r1c5.5 both on & off",
    ),
    (
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
        3,
        "10.3 Region Forcing Chains: 5 in row ==> r6c5.8 off",
    ),
    (
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
        1,
        "10.2 Contradiction Forcing Chain: r5c7.7 on ==> r1c5.8 both on & off",
    ),
    (
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        0,
        "11.1 Contradiction Forcing Chain: r1c3.2 on ==> r8c4.1 both on & off",
    ),
    (
        "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
        0,
        "11.1 Contradiction Forcing Chain: r5c1.4 on ==> r6c6.3 both on & off",
    ),
];

#[test]
fn se_nested_steps_reproduced() {
    let plus = producer("Dynamic Forcing Chain (+)");
    for &(puzzle, k, se) in SE_NESTED_STEPS {
        let b = position_on_path(puzzle, k);
        assert!(
            plus.find_all(&b).is_empty(),
            "{puzzle} step {k}: (+) finds one"
        );
        let step = human::hint(&b).unwrap();
        assert_eq!(step_line(&step), se, "{puzzle} step {k}");
        assert!(step.exact, "{puzzle} step {k}");
        let level = [LEVEL_2, LEVEL_3]
            .into_iter()
            .find(|name| !producer(name).find_all(&b).is_empty())
            .unwrap();
        eprintln!("{puzzle} step {k}: {level}");
    }
}

/// Every instance both nested finders report at those positions removes
/// only candidates that are not the solution's and places only its digits.
#[test]
fn nested_instances_are_sound() {
    let mut checked = 0;
    for &(puzzle, k, _) in SE_NESTED_STEPS {
        let grid = Grid::parse(puzzle).unwrap();
        let solution = solver::solve(&grid).unwrap().unwrap();
        let b = position_on_path(puzzle, k);
        for name in [LEVEL_2, LEVEL_3] {
            for s in producer(name).find_all(&b) {
                for &(c, d) in &s.removed {
                    assert_ne!(solution.get(c), d, "{puzzle} step {k}: {}", s.text);
                }
                for &(c, d) in &s.placed {
                    assert_eq!(solution.get(c), d, "{puzzle} step {k}: {}", s.text);
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= SE_NESTED_STEPS.len() * 2, "{checked} instances");
}

/// Ctrl+C during a nested search (the first step of a forum_hardest_1905
/// puzzle is one) stops `explain` and `se_rate` with the interruption
/// rule's error, not a path or rating that looks complete.
#[test]
fn ctrl_c_stops_a_nested_search() {
    let puzzle = SE_NESTED_STEPS[4].0;
    for (call, want) in [
        ("explain", "stopped (Ctrl+C) in explain after 0 steps"),
        ("se_rate", "stopped (Ctrl+C) in se_rate"),
        ("hint", "stopped (Ctrl+C) in hint"),
    ] {
        let host = Rc::new(RecordingHost::default());
        let mut s = Session::new(&Limits::default(), host.clone());
        // "Dynamic Forcing Chain (+)" asks once per unsolved cell (60
        // here), then the nested search does: it is under way.
        host.cancel_after_checks(65);
        let e = s.eval(&format!("{call}(grid(\"{puzzle}\"))")).unwrap_err();
        assert!(e.message().starts_with(want), "{call}: {}", e.message());
    }
}
