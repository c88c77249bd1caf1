//! Turbot fish, plain and grouped, and two-link X-loops (Sudoku
//! Explainer's "Strong Links" of degree 2) against SE's own steps: each
//! case is the position before one of SE's steps and SE's step line, as
//! `serate --before='B %m' --after='S %r %s'` printed them on the dev
//! samples, and the candidates the step removed (the difference to SE's
//! next position): tests/data/se_turbot_steps.txt.

use crate::common::se_listing::{Replay, replay, se_name};
use puzzlelab::sudoku::human;

/// True for the step lines of SE's "Turbot Fish" producer.
fn is_turbot_line(text: &str) -> bool {
    let name = text.split(':').next().unwrap_or("");
    [
        "Skyscraper ",
        "2-String Kite ",
        "2 Strong links ",
        "Grouped Skyscraper ",
        "Grouped 2-String Kite ",
        "Grouped 2 Strong links ",
        "(2 Strong Links) ",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// Replays every turbot step of a listing (see [`replay`]); SE's
/// technique name (without its code) -> [steps, same line and rating, same
/// removals]; and the differences, the links' cells and kinds included.
fn replay_turbots(listing: &str) -> Replay {
    fn pick(text: &str) -> Option<(&str, &str)> {
        is_turbot_line(text).then(|| (se_name(text), "Turbot Fish"))
    }
    replay(listing, pick, |step, s| {
        // The arrows: strong, weak, strong, through the four cells named.
        let arrows: Vec<String> = s
            .links
            .iter()
            .map(|l| format!("r{}c{}", l.from.0 / 9 + 1, l.from.0 % 9 + 1))
            .chain(
                s.links
                    .last()
                    .map(|l| format!("r{}c{}", l.to.0 / 9 + 1, l.to.0 % 9 + 1)),
            )
            .collect();
        let strong: Vec<bool> = s.links.iter().map(|l| l.strong).collect();
        let (_, se_text) = step.split_once(' ').unwrap();
        (!se_text.contains(&format!("Cell {} on", arrows.join(",")))
            || strong != [true, false, true])
        .then(|| format!("SE {step}: links {arrows:?} {strong:?}"))
    })
}

#[test]
fn turbot_steps_equal_sukaku_explainers() {
    let (table, diffs) = replay_turbots(include_str!("data/se_turbot_steps.txt"));
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    for name in [
        "Skyscraper",
        "2-String Kite",
        "2 Strong links",
        "Grouped Skyscraper",
        "Grouped 2-String Kite",
        "Grouped 2 Strong links",
    ] {
        let row = table.get(name).unwrap_or_else(|| panic!("no {name} case"));
        assert_eq!(row[0], row[1], "{name}");
        assert_eq!(row[0], row[2], "{name}");
    }
}

#[test]
fn grouped_steps_are_named_and_rated_like_se() {
    let names: Vec<(&str, u8)> = human::techniques()
        .iter()
        .filter(|t| t.producer == "Turbot Fish")
        .map(|t| (t.name, t.rating))
        .collect();
    for want in [
        ("Grouped Skyscraper", 43),
        ("Grouped 2-String Kite", 43),
        ("Grouped 2 Strong links", 43),
        ("(2 Strong Links) X-Loop", 40),
        ("(2 Strong Links) Grouped X-Loop", 43),
    ] {
        assert!(names.contains(&want), "{want:?} not in {names:?}");
    }
    let p = human::SE_ORDER
        .iter()
        .find(|p| p.name == "Turbot Fish")
        .unwrap();
    assert!(p.implemented());
    assert_eq!(p.ratings, (40, 43));
    assert!(
        !human::SE_ORDER
            .iter()
            .any(|p| p.name.contains("Grouped Turbot"))
    );
}

/// Every turbot step of a listing made with `serate --format='P %g
/// %r/%p/%d' --before='B %m' --after='S %r %s'`, named by `SE_STEPS`:
/// prints the table and the differences. A dev tool: `SE_STEPS=FILE cargo
/// test --release --test tests human_turbot::turbot_replay -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn turbot_replay_on_se_listing() {
    let Ok(path) = std::env::var("SE_STEPS") else {
        eprintln!("set SE_STEPS to serate's listing with positions");
        return;
    };
    let (table, diffs) = replay_turbots(&std::fs::read_to_string(&path).unwrap());
    eprintln!("{}", diffs.join("\n"));
    eprintln!("technique: steps / same line and rating / same position after");
    for (name, r) in &table {
        eprintln!("{name}: {} / {} / {}", r[0], r[1], r[2]);
    }
}
