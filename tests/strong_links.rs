//! Sukaku Explainer's chains of three and four strong links
//! (`sudoku::human`'s "3 Strong Links" and "4 Strong Links"): on positions
//! from SE's own solving paths, the step this engine finds first is SE's
//! (its line, rating and the position after it).

use std::collections::BTreeMap;

use crate::common::se_listing::{same_after, se_marks, se_name, steps_with_positions};
use puzzlelab::sudoku::human;

/// The SE_ORDER entry finding chains of `n` strong links.
fn producer(n: char) -> &'static human::Producer {
    let name = if n == '3' {
        "3 Strong Links"
    } else {
        "4 Strong Links"
    };
    human::SE_ORDER.iter().find(|p| p.name == name).unwrap()
}

/// The number of links of an SE step line of this family, if it is one.
fn family(step: &str) -> Option<char> {
    let name = step.split_once(' ')?.1.split(':').next()?;
    let n = name.trim_start_matches('(').trim_start_matches("Grouped ");
    let n = n.chars().next()?;
    let known = [
        "Strong links",
        "Strong Links",
        "Skyscrapers",
        "-String Kite",
    ];
    ((n == '3' || n == '4') && known.iter().any(|k| name.contains(k))).then_some(n)
}

/// Steps of this family on SE's paths (serate `--before='B %m'
/// --after='S %r %s'`; every one of the dev samples', more on 17-clue
/// puzzles), one `B`, `S`, `A` triple each: before, SE's step line,
/// after. Ours is the same.
#[test]
fn strong_links_steps_equal_sukaku_explainers() {
    let text = include_str!("data/se_strong_links.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut checked = 0;
    for t in lines.chunks(3) {
        let (before, se, se_after) = (
            t[0].strip_prefix("B ").unwrap(),
            t[1].strip_prefix("S ").unwrap(),
            t[2].strip_prefix("A ").unwrap(),
        );
        let n = family(se).unwrap_or_else(|| panic!("not a strong-links step: {se}"));
        let b = se_marks(before);
        let s = producer(n)
            .find_all(&b)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("nothing found for {se}"));
        assert_eq!(format!("{:.1} {}", s.rating_f64(), s.text), se);
        assert!(se.contains(s.technique), "{se}");
        assert!(s.exact);
        assert!(same_after(&b, &s, se_after), "{se}");
        // Its arrows: the chain through SE's cells, strong and weak links
        // alternating, on the step's digit.
        let links = n.to_digit(10).unwrap() as usize * 2 - 1;
        assert_eq!(s.links.len(), links, "{se}");
        for (k, l) in s.links.iter().enumerate() {
            assert_eq!(l.strong, k % 2 == 0, "{se}");
            assert_eq!(l.from.1, s.removed[0].1, "{se}");
            if let Some(next) = s.links.get(k + 1) {
                assert_eq!(l.to, next.from, "{se}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 60, "{checked} steps");
}

/// A dev tool: replays serate's listing with positions (`SE_STEPS`, as
/// above with `P` lines) and, at every step SE took at or after these
/// techniques in its order, compares: SE's step of this family is our
/// first; a later technique of SE means ours finds nothing there.
/// `SE_STEPS=FILE cargo test --release --test tests strong_links:: -- --ignored --nocapture`
#[test]
#[ignore]
fn strong_links_on_se_paths() {
    let Ok(path) = std::env::var("SE_STEPS") else {
        eprintln!("set SE_STEPS to serate's listing with positions");
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let order_of = |name: &str| -> Option<usize> {
        let info = human::techniques().iter().find(|t| t.name == name)?;
        human::SE_ORDER.iter().position(|p| p.name == info.producer)
    };
    let three = human::SE_ORDER
        .iter()
        .position(|p| p.name == "3 Strong Links")
        .unwrap();
    let four = human::SE_ORDER
        .iter()
        .position(|p| p.name == "4 Strong Links")
        .unwrap();
    // name -> [steps, same line and position after, wrongly found before]
    let mut table: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut diffs = Vec::new();
    let mut cpu = std::time::Duration::ZERO;
    for (i, step, before) in steps_with_positions(&lines) {
        let b = se_marks(before);
        let bare = se_name(step.split_once(' ').unwrap().1);
        let t0 = std::time::Instant::now();
        if let Some(n) = family(step) {
            let row = table.entry(bare.to_string()).or_default();
            row[0] += 1;
            if n == '4' && !producer('3').find_all(&b).is_empty() {
                row[2] += 1;
            }
            let ours = producer(n).find_all(&b).into_iter().next();
            let se_after = lines.get(i + 1).and_then(|l| l.strip_prefix("B "));
            match ours {
                Some(s)
                    if format!("{:.1} {}", s.rating_f64(), s.text) == step
                        && se_after.is_none_or(|a| same_after(&b, &s, a)) =>
                {
                    row[1] += 1
                }
                Some(s) => diffs.push(format!("SE {step}\n ours {:.1} {}", s.rating_f64(), s.text)),
                None => diffs.push(format!("SE {step}\n ours nothing")),
            }
        } else if let Some(k) = order_of(bare).filter(|&k| k > three) {
            let row = table.entry(format!("(later) {bare}")).or_default();
            row[0] += 1;
            let mut wrong = !producer('3').find_all(&b).is_empty();
            wrong |= k > four && !producer('4').find_all(&b).is_empty();
            if wrong {
                row[2] += 1;
                diffs.push(format!(
                    "SE {step}\n ours found a strong-links step before it"
                ));
            } else {
                row[1] += 1;
            }
        }
        cpu += t0.elapsed();
    }
    eprintln!("{}", diffs.join("\n"));
    eprintln!("technique: steps / agree / ours found one where SE did not");
    for (name, r) in &table {
        eprintln!("{name}: {} / {} / {}", r[0], r[1], r[2]);
    }
    eprintln!("finder time (wall): {cpu:?}");
}
