//! Sudoku Explainer's "Nested Forcing Chains" level 4 ("+ Dynamic Forcing
//! Chains"): at positions of SE's paths (serate on forum_hardest puzzles)
//! every hint of serate's level-4 producer with nesting limit 0 (printed
//! by a driver running that one producer of SE's classes on the position,
//! tests/data/se_level4_hints.txt) reproduced by ours: rating, text,
//! removals and order; every instance checked against the solution;
//! Ctrl+C stopping a level-4 search inside its inner searches.

use std::sync::atomic::{AtomicUsize, Ordering};

use puzzlelab::monitor::Monitor;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::human::{self, Producer};
use puzzlelab::sudoku::solver;

use crate::common::se_listing::{position_on_path, step_line};

const LEVEL_4: &str = "Nested Forcing Chain (+ Dynamic Forcing Chains)";

fn producer(name: &str) -> &'static Producer {
    human::SE_ORDER.iter().find(|p| p.name == name).unwrap()
}

/// A position of the data file: heavy (minutes for SE, ~a minute for
/// ours in a loaded debug build), puzzle, step index, SE's hints (line,
/// removals).
struct SeHints {
    heavy: bool,
    puzzle: String,
    k: usize,
    hints: Vec<(String, Vec<(usize, u8)>)>,
}

fn se_hints() -> Vec<SeHints> {
    let text = include_str!("data/se_level4_hints.txt");
    let mut out: Vec<SeHints> = Vec::new();
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(rest) = l.strip_prefix("P ").or_else(|| l.strip_prefix("H ")) {
            let (puzzle, k) = rest.split_once(' ').unwrap();
            out.push(SeHints {
                heavy: l.starts_with('H'),
                puzzle: puzzle.to_string(),
                k: k.parse().unwrap(),
                hints: Vec::new(),
            });
        } else {
            let (text, removed) = l.split_once(" | ").unwrap();
            let mut removed: Vec<(usize, u8)> = removed
                .split(',')
                .map(|cd| {
                    let (c, d) = cd.split_once(':').unwrap();
                    (c.parse().unwrap(), d.parse().unwrap())
                })
                .collect();
            removed.sort_unstable();
            out.last_mut()
                .unwrap()
                .hints
                .push((text.to_string(), removed));
        }
    }
    out
}

/// Our level-4 hints equal SE's, in SE's order, and each removes only
/// candidates that are not the solution's and places only its digits.
fn compare(p: &SeHints) {
    let b = position_on_path(&p.puzzle, p.k);
    let solution = solver::solve(&Grid::parse(&p.puzzle).unwrap())
        .unwrap()
        .unwrap();
    let ours = producer(LEVEL_4).find_all(&b);
    for s in &ours {
        for &(c, d) in &s.removed {
            assert_ne!(solution.get(c), d, "{}: {}", p.puzzle, s.text);
        }
        for &(c, d) in &s.placed {
            assert_eq!(solution.get(c), d, "{}: {}", p.puzzle, s.text);
        }
    }
    let ours: Vec<(String, Vec<(usize, u8)>)> = ours
        .iter()
        .map(|s| (step_line(s), s.removed.clone()))
        .collect();
    for (i, (se, us)) in p.hints.iter().zip(&ours).enumerate() {
        assert_eq!(us, se, "{} step {}: hint {i}", p.puzzle, p.k);
    }
    assert_eq!(ours.len(), p.hints.len(), "{} step {}", p.puzzle, p.k);
}

#[test]
fn se_level4_hints_reproduced_and_sound() {
    let positions = se_hints();
    let quick: Vec<&SeHints> = positions.iter().filter(|p| !p.heavy).collect();
    assert!(quick.len() >= 2);
    let hints: usize = quick.iter().map(|p| p.hints.len()).sum();
    assert!(hints >= 100, "{hints} hints");
    for p in quick {
        compare(p);
    }
}

/// The positions where SE's path needs level 2 or 3 (human_nested): there
/// SE's level-4 producer takes 5-13 minutes, ours 40-50 s in a loaded
/// debug build: `cargo test --test tests human_nested4:: -- --ignored`.
#[test]
#[ignore]
fn se_level4_hints_reproduced_where_nested_chains_are_needed() {
    for p in se_hints().iter().filter(|p| p.heavy) {
        compare(p);
    }
}

/// A monitor that says stop from its `stop_at`-th check on, counting the
/// checks.
struct Countdown {
    checks: AtomicUsize,
    stop_at: usize,
}

impl Monitor for Countdown {
    fn cancelled(&self) -> bool {
        self.checks.fetch_add(1, Ordering::Relaxed) + 1 >= self.stop_at
    }
}

/// Ctrl+C reaches a level-4 search inside its inner searches (they poll
/// too: more checks than the outer search's one per unsolved cell) and
/// stops it at once wherever it comes, with no instance that looks
/// complete.
#[test]
fn ctrl_c_stops_a_level4_search() {
    let p = &se_hints()[0];
    let b = position_on_path(&p.puzzle, p.k);
    let unsolved = (0..81).filter(|&c| !b.is_filled(c)).count();
    let all = Countdown {
        checks: AtomicUsize::new(0),
        stop_at: usize::MAX,
    };
    let (steps, stopped) = producer(LEVEL_4).find_all_watched(&b, &all);
    assert!(!stopped && steps.len() == p.hints.len());
    let checks = all.checks.load(Ordering::Relaxed);
    assert!(checks > 2 * unsolved, "{checks} checks");
    for stop_at in [3, checks / 2, checks - 1] {
        let stop = Countdown {
            checks: AtomicUsize::new(0),
            stop_at,
        };
        let (steps, stopped) = producer(LEVEL_4).find_all_watched(&b, &stop);
        assert!(stopped && steps.is_empty(), "stopped at check {stop_at}");
        assert_eq!(stop.checks.load(Ordering::Relaxed), stop_at);
    }
}

/// Dev tool: positions for a driver of SE's classes (LEVEL4_DUMP=file of
/// "puzzle k" lines): 81 tokens, "=d" for a placed cell, else the
/// candidates.
#[test]
#[ignore]
fn dump_positions() {
    let list = std::env::var("LEVEL4_DUMP").unwrap();
    for spec in std::fs::read_to_string(list).unwrap().lines() {
        let (puzzle, k) = spec.split_once(' ').unwrap();
        let b = position_on_path(puzzle, k.trim().parse().unwrap());
        let tokens: Vec<String> = (0..81)
            .map(|c| {
                if b.is_filled(c) {
                    format!("={}", b.value(c))
                } else {
                    (1..=9u8)
                        .filter(|&d| b.cand(c) >> (d - 1) & 1 == 1)
                        .map(|d| char::from(b'0' + d))
                        .collect()
                }
            })
            .collect();
        println!("{}", tokens.join(" "));
    }
}

/// Dev tool: our level-4 hints at a position (LEVEL4_AT="puzzle k") in
/// the form of the data file, each checked against the solution.
#[test]
#[ignore]
fn level4_at() {
    let spec = std::env::var("LEVEL4_AT").unwrap();
    let (puzzle, k) = spec.split_once(' ').unwrap();
    let b = position_on_path(puzzle, k.trim().parse().unwrap());
    let solution = solver::solve(&Grid::parse(puzzle).unwrap())
        .unwrap()
        .unwrap();
    let t = std::time::Instant::now();
    let hints = producer(LEVEL_4).find_all(&b);
    println!("# {} hints, {:?}", hints.len(), t.elapsed());
    for s in &hints {
        let sound = s.removed.iter().all(|&(c, d)| solution.get(c) != d)
            && s.placed.iter().all(|&(c, d)| solution.get(c) == d);
        let removed: Vec<String> = s.removed.iter().map(|(c, d)| format!("{c}:{d}")).collect();
        let mark = if sound { "" } else { " UNSOUND" };
        println!("{} | {}{mark}", step_line(s), removed.join(","));
    }
}
