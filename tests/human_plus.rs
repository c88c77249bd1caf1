//! Sudoku Explainer's "Dynamic Forcing Chains (+)" (its chaining level 1):
//! steps of SE's own path (serate `--after='%r %s'` on forum_hardest_1106
//! puzzles) reproduced by ours, text and rating, and positions where SE's
//! finds nothing (SE run with nested chains switched off gives up there).

use puzzlelab::sudoku::Grid;

use crate::common::se_listing::se_paths;
use puzzlelab::sudoku::human::{self, CandidateGrid};

/// Compares our path with SE's printed steps ('S rating text' lines, then
/// 'P puzzle ER/EP/ED'): the first step whose rating or text differs.
fn first_difference(steps: &[String], puzzle: &str) -> Option<(usize, String, String)> {
    let grid = Grid::parse(puzzle).unwrap();
    let e = human::explain(&CandidateGrid::from_grid(&grid));
    if std::env::var("SE_PLUS_SHOW").is_ok() {
        for k in plus_steps(&grid) {
            eprintln!(
                "  (+) step {k}: {:.1} {}",
                e.steps[k].rating_f64(),
                e.steps[k].text
            );
        }
    }
    for (k, se) in steps.iter().enumerate() {
        let ours = e
            .steps
            .get(k)
            .map(|s| format!("{:.1} {}", s.rating_f64(), s.text))
            .unwrap_or_else(|| "(none)".to_string());
        if ours.split(':').next() != se.split(':').next() || !se_text_matches(se, &ours) {
            return Some((k, se.clone(), ours));
        }
    }
    None
}

/// The indexes of our path's steps that come from "Dynamic Forcing Chain
/// (+)" (no plain dynamic forcing chain gives them).
fn plus_steps(grid: &Grid) -> Vec<usize> {
    let mut b = CandidateGrid::from_grid(grid);
    let e = human::explain(&b);
    let producer = |name: &str| human::SE_ORDER.iter().find(|p| p.name == name).unwrap();
    let (dynamic, plus) = (
        producer("Dynamic Forcing Chain"),
        producer("Dynamic Forcing Chain (+)"),
    );
    let mut out = Vec::new();
    for (k, s) in e.steps.iter().enumerate() {
        if s.rating >= 90 && s.text.contains("Forcing Chain") {
            let plain = dynamic.find_all(&b).into_iter().next();
            let from_plus = plus.find_all(&b).into_iter().next();
            if plain.map(|p| p.text) != Some(s.text.clone())
                && from_plus.map(|p| p.text) == Some(s.text.clone())
            {
                out.push(k);
            }
        }
        s.apply(&mut b);
    }
    out
}

/// SE's step line against ours: the whole line for chains (our text is
/// SE's there), the rating and name for the rest (our text says more).
fn se_text_matches(se: &str, ours: &str) -> bool {
    if se.contains("Forcing Chain") {
        return ours == se;
    }
    let name = |s: &str| s.split(':').next().map(str::to_string);
    name(se) == name(ours)
}

/// Dev tool: `SE_STEPS=file.raw cargo test --test tests human_plus::path_agreement -- --ignored --nocapture`.
#[test]
#[ignore]
fn path_agreement() {
    let Ok(path) = std::env::var("SE_STEPS") else {
        eprintln!("set SE_STEPS to serate's step listing");
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut puzzles, mut same) = (0, 0);
    for (p, steps) in se_paths(&text) {
        let puzzle = p.split(' ').next().unwrap();
        puzzles += 1;
        let steps: Vec<String> = steps.into_iter().map(str::to_string).collect();
        match first_difference(&steps, puzzle) {
            None => same += 1,
            Some((k, se, ours)) => eprintln!("{puzzle}\n  step {k}: SE {se}\n  ours {ours}"),
        }
    }
    eprintln!("{path}: {puzzles} puzzles, SE's path followed to the end on {same}");
}

/// Steps of SE's paths (serate `--after='%r %s'`, forum_hardest_1106.txt
/// lines 2-4) that come from "Dynamic Forcing Chain (+)" (no plain dynamic
/// forcing chain gives them): puzzle, step index, SE's line.
const SE_PLUS_STEPS: &[(&str, usize, &str)] = &[
    (
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        1,
        "9.9 Contradiction Forcing Chain: r1c2.7 on ==> r5c9.9 both on & off",
    ),
    (
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        2,
        "9.9 Contradiction Forcing Chain: r1c3.7 on ==> r9c7.4 both on & off",
    ),
    (
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        3,
        "10.1 Contradiction Forcing Chain: r3c2.9 on ==> r7c5.9 both on & off",
    ),
    (
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
        2,
        "9.6 Contradiction Forcing Chain: r2c4.8 on ==> r7c6.6 both on & off",
    ),
    (
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
        0,
        "9.8 Contradiction Forcing Chain: r5c1.1 on ==> r3c3.7 both on & off",
    ),
];

/// The position after the first `k` steps of our path (walked with
/// `hint`: the whole path now goes on through nested chains, which take
/// long).
fn position(grid: &Grid, k: usize) -> CandidateGrid {
    let mut b = CandidateGrid::from_grid(grid);
    for _ in 0..k {
        human::hint(&b).unwrap().apply(&mut b);
    }
    b
}

#[test]
fn se_plus_steps_reproduced() {
    let producer = |name: &str| human::SE_ORDER.iter().find(|p| p.name == name).unwrap();
    let (dynamic, plus) = (
        producer("Dynamic Forcing Chain"),
        producer("Dynamic Forcing Chain (+)"),
    );
    for &(puzzle, k, se) in SE_PLUS_STEPS {
        let b = position(&Grid::parse(puzzle).unwrap(), k);
        let ours = human::hint(&b).map(|s| format!("{:.1} {}", s.rating_f64(), s.text));
        assert_eq!(ours.as_deref(), Some(se), "{puzzle} step {k}");
        assert!(dynamic.find_all(&b).is_empty(), "{puzzle} step {k} is (+)");
        assert!(!plus.find_all(&b).is_empty(), "{puzzle} step {k} is (+)");
    }
}

/// Positions where SE with "Nested Forcing Chain" switched off
/// (`--techs=` with its last technique 0) gives up: its "Dynamic Forcing
/// Chain (+)" finds nothing there, so neither may ours (SE's nested
/// chains take the step; see human_nested): puzzle, step index.
const SE_PLUS_FINDS_NOTHING: &[(&str, usize)] = &[
    (
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        4,
    ),
    (
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        1,
    ),
    (
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
        3,
    ),
    (
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
        1,
    ),
];

#[test]
fn se_plus_finds_nothing_where_se_gives_up() {
    let plus = human::SE_ORDER
        .iter()
        .find(|p| p.name == "Dynamic Forcing Chain (+)")
        .unwrap();
    for &(puzzle, k) in SE_PLUS_FINDS_NOTHING {
        let b = position(&Grid::parse(puzzle).unwrap(), k);
        assert!(plus.find_all(&b).is_empty(), "{puzzle} step {k}");
        let step = human::hint(&b).unwrap();
        assert!(step.rating >= 95, "{puzzle} step {k}: {}", step.text);
    }
}
