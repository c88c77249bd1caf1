//! Sudoku Explainer's "Nested Forcing Chains" level 4 ("+ Dynamic Forcing
//! Chains"): at positions of SE's paths (serate on forum_hardest puzzles)
//! the hints of serate's level-4 producer with nesting limit 0 (printed by
//! a driver running that one producer of SE's classes on the position)
//! reproduced by ours, rating and text; every instance checked against the
//! solution; Ctrl+C stopping a level-4 search.

use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::human::{self, CandidateGrid, Producer, Step};
use puzzlelab::sudoku::solver;

const LEVEL_4: &str = "Nested Forcing Chain (+ Dynamic Forcing Chains)";

fn producer(name: &str) -> &'static Producer {
    human::SE_ORDER.iter().find(|p| p.name == name).unwrap()
}

/// The position after the first `k` steps of our path (SE's path, see
/// human_nested).
fn position(puzzle: &str, k: usize) -> CandidateGrid {
    let mut b = CandidateGrid::from_grid(&Grid::parse(puzzle).unwrap());
    for _ in 0..k {
        human::hint(&b).unwrap().apply(&mut b);
    }
    b
}

fn line(s: &Step) -> String {
    format!("{:.1} {}", s.rating_f64(), s.text)
}

/// Positions for the SE driver (LEVEL4_DUMP=1): 81 tokens, "=d" for a
/// placed cell, else the candidates.
#[test]
#[ignore]
fn dump_positions() {
    let list = std::env::var("LEVEL4_DUMP").unwrap();
    for spec in std::fs::read_to_string(list).unwrap().lines() {
        let mut it = spec.split_whitespace();
        let (puzzle, k) = (it.next().unwrap(), it.next().unwrap().parse().unwrap());
        let b = position(puzzle, k);
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

/// Our level-4 hints at a position (LEVEL4_AT="puzzle k"), as the SE
/// driver prints them, with a soundness check.
#[test]
#[ignore]
fn level4_at() {
    let spec = std::env::var("LEVEL4_AT").unwrap();
    let mut it = spec.split_whitespace();
    let (puzzle, k) = (it.next().unwrap(), it.next().unwrap().parse().unwrap());
    let b = position(puzzle, k);
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
        println!(
            "{} | {}{}",
            line(s),
            removed.join(","),
            if sound { "" } else { " UNSOUND" }
        );
    }
}
