//! The wings of almost locked sets (WXYZ-, VWXYZ-, UVWXYZ-Wing) against
//! Sukaku Explainer's own steps: each case is the position before one of
//! SE's wing steps, SE's step line and the candidates it removed, as
//! `serate --before='B %m' --after='S %r %s'` printed them on the dev
//! samples (tests/data/se_wing_steps.txt). Where several instances tie
//! on rating, eliminations and code, SE reports the first of its scan;
//! the doubly linked ones name both digits of the bivalue cell.

use crate::common::se_listing::{Replay, cells_named, replay, se_name, se_paths};
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::human::{self, CandidateGrid};

/// SE's technique name of a step line of the wings with a code
/// ("WXYZ-Wing 2: ..." is "WXYZ-Wing"; the plain XYZ-Wing has none).
fn wing_name(text: &str) -> Option<&str> {
    let name = se_name(text);
    let coded = text.split(':').next() != Some(name);
    Some(name).filter(|n| coded && n.ends_with("XYZ-Wing"))
}

/// Replays every wing step of a listing (see [`replay`]): name ->
/// [steps, same line and rating, same removals], and the differences.
fn replay_wings(listing: &str) -> Replay {
    fn pick(text: &str) -> Option<(&str, &str)> {
        wing_name(text).map(|n| (n, n))
    }
    replay(listing, pick, |_, _| None)
}

#[test]
fn wing_steps_equal_sukaku_explainers() {
    let (table, diffs) = replay_wings(include_str!("data/se_wing_steps.txt"));
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    for name in ["WXYZ-Wing", "VWXYZ-Wing", "UVWXYZ-Wing"] {
        let row = table.get(name).unwrap_or_else(|| panic!("no {name} case"));
        assert!(row[0] >= 4, "{name}: {row:?}");
        assert_eq!(row[0], row[1], "{name}");
        assert_eq!(row[0], row[2], "{name}");
    }
    // The doubly linked ones, SE's "on values x,z", are among them.
    let doubly = include_str!("data/se_wing_steps.txt")
        .lines()
        .filter(|l| l.starts_with("S ") && l.contains(" on values "))
        .count();
    assert!(doubly >= 10, "{doubly}");
}

/// Every wing step of a listing made with `serate --format='P %g
/// %r/%p/%d' --before='B %m' --after='S %r %s'`, named by `SE_STEPS`:
/// prints the table and the differences, and with `SE_WING_CASES=FILE`
/// writes the cases (B, S, R lines) for tests/data/se_wing_steps.txt.
/// A dev tool: `SE_STEPS=FILE cargo test --test tests
/// human_wings::wing_replay -- --ignored --nocapture`.
#[test]
#[ignore]
fn wing_replay_on_se_listing() {
    let Ok(path) = std::env::var("SE_STEPS") else {
        eprintln!("set SE_STEPS to serate's listing with positions");
        return;
    };
    let listing = std::fs::read_to_string(&path).unwrap();
    let (table, diffs) = replay_wings(&listing);
    eprintln!("{}", diffs.join("\n"));
    eprintln!("technique: steps / same line and rating / same position after");
    for (name, r) in &table {
        eprintln!("{name}: {} / {} / {}", r[0], r[1], r[2]);
    }
}

/// Wing steps of SE's path compared by their whole line: on a listing of
/// serate's steps (`S rating text` lines, then `P puzzle ...`) named by
/// `SE_STEPS`, every wing step SE took where this engine's path has
/// taken SE's steps so far (same lines), against this engine's step
/// there. A dev tool: `SE_STEPS=/work/scratch/se/dev_hard.txt.raw cargo
/// test --test tests human_wings::wing_lines_on_se_paths -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn wing_lines_on_se_paths() {
    let Ok(path) = std::env::var("SE_STEPS") else {
        eprintln!("set SE_STEPS to serate's step listing");
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut compared, mut same) = (0, 0);
    for (p, steps) in se_paths(&text) {
        if !steps
            .iter()
            .any(|s| wing_name(s.split_once(' ').unwrap().1).is_some())
        {
            continue;
        }
        let puzzle = Grid::parse(p.split(' ').next().unwrap()).unwrap();
        let e = human::explain(&CandidateGrid::from_grid(&puzzle));
        for (k, se) in steps.iter().enumerate() {
            let Some(step) = e.steps.get(k) else { break };
            let ours = format!("{:.1} {}", step.rating_f64(), step.text);
            if wing_name(se.split_once(' ').unwrap().1).is_some() {
                compared += 1;
                if ours == *se {
                    same += 1;
                } else {
                    eprintln!("{p}\n  step {k}: SE {se}\n  ours {ours}");
                }
            }
            if !same_step(se, step) {
                if std::env::var("WING_DEBUG").is_ok() {
                    eprintln!("  leaves at {k}: SE {se} | ours {ours}");
                }
                break;
            }
        }
    }
    eprintln!("{path}: wing steps on SE's path {compared}, same line {same}");
}

/// True when this engine's step is SE's (`rating text`) as far as its
/// line shows: the name, the rating and every cell SE names in the
/// pattern or placed (the other techniques' lines are worded otherwise).
fn same_step(se: &str, ours: &human::Step) -> bool {
    let (rating, text) = se.split_once(' ').unwrap();
    let name = se_name(text);
    let mut cells = cells_named(text).into_iter();
    ours.technique == name
        && format!("{:.1}", ours.rating_f64()) == rating
        && cells.all(|c| ours.cells.contains(&c) || ours.placed.iter().any(|&(p, _)| p == c))
}
