//! Every example script in `scripts/` runs through the binary as a user
//! would run it (`puzzlelab run SCRIPT ARGS...`) and prints what it should.
//! Scripts that read a puzzle file use the sample sets in `scripts/data`,
//! so they run on a fresh clone. The figures they print are checked
//! against independent sources: the `sudoku_peer` solver, the brute-force
//! test of symmetry in `independent_figures`, the exact-cover reference in
//! `exact_cover`, and published counts.

use std::process::Command;

use crate::exact_cover::{self, Problem, Turns};
use crate::independent_figures::{cells, classes, peer_solutions, puzzles};

pub(crate) fn run(args: &[&str]) -> String {
    let home = crate::common::scratch_dir("scripts-run");
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .arg("run")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PUZZLELAB_HOME", &home)
        .output()
        .expect("the binary starts");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "puzzlelab run {args:?} failed:\n{}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn scripts_without_data_run() {
    // clark's solutions as the peer solver counts them.
    let clark = peer_solutions(&cells(puzzlelab::sudoku::puzzles::CLARK), 100_000);
    assert_eq!(clark, 15220);
    let out = run(&["scripts/hui_tour.rhai"]);
    assert!(
        out.contains(&format!("clark has {clark} solutions.")),
        "{out}"
    );
    // Published: 63 fixed and 12 free pentominoes (OEIS A001168, A000105);
    // the reference's own orientations of its 12 drawings agree.
    let free = exact_cover::pentominoes(Turns::Free);
    let fixed: usize = free
        .iter()
        .map(|p| exact_cover::orientations(p).len())
        .sum();
    assert_eq!((fixed, free.len()), (63, 12));
    let out = run(&["scripts/pentomino_orientations.rhai"]);
    assert!(out.contains("63 fixed, 12 free"), "{out}");
    // Published: 2339 packings of the 6×10 rectangle (Haselgrove, 1960),
    // 4 × 2339 raw as no packing is symmetric.
    let out = run(&["scripts/polyomino.rhai"]);
    assert!(
        out.contains("6x10: 2339 up to symmetry, 9356 in all"),
        "{out}"
    );
    // Published (Conway and Guy) and counted by the exact-cover reference.
    let soma = Problem::new(&exact_cover::cuboid(3, 3, 3), &exact_cover::soma()).counts();
    assert_eq!(soma, (11520, 240));
    let out = run(&["scripts/polycube.rhai"]);
    assert!(
        out.contains(&format!(
            "Soma cube: {} solutions, {} in all",
            soma.1, soma.0
        )),
        "{out}"
    );
    let cnf = crate::common::scratch_file("scripts", "ym.cnf");
    let out = run(&["scripts/sat_files.rhai", cnf.as_str()]);
    assert!(out.contains("+---+---+---+"), "{out}");
}

#[test]
fn scripts_over_a_puzzle_file_run() {
    // The sample data in the repository: runs on a fresh clone.
    let file = "scripts/data/top95.txt";
    let top95 = puzzles(file);
    assert_eq!(top95.len(), 95);
    // The peer solver: every one solvable and unique.
    let counts: Vec<usize> = top95.iter().map(|p| peer_solutions(p, 2)).collect();
    assert!(counts.iter().all(|&n| n == 1), "{counts:?}");
    let out = run(&["scripts/solve_file.rhai", file]);
    assert!(out.contains("solved      95"), "{out}");
    assert!(out.contains("unique      95"), "{out}");
    // Rates print as whole numbers, not `81934.0 puzzles/s`.
    let rate = out.lines().find(|l| l.ends_with(" puzzles/s")).unwrap();
    assert!(!rate.contains(".0 puzzles/s"), "{rate}");
    let out = run(&["scripts/multiple_solutions.rhai", file]);
    assert!(
        out.contains("0 of 95 puzzles have several solutions"),
        "norvig's puzzles are unique: {out}"
    );
    let multiple = puzzles("scripts/data/multiple.txt");
    let several = multiple
        .iter()
        .filter(|p| peer_solutions(p, 2) == 2)
        .count();
    assert_eq!((several, multiple.len()), (20, 20));
    let out = run(&[
        "scripts/multiple_solutions.rhai",
        "scripts/data/multiple.txt",
    ]);
    assert!(
        out.contains("20 of 20 puzzles have several solutions"),
        "{out}"
    );
    let out = run(&["scripts/similar.rhai", file]);
    assert!(out.contains("(95 puzzles checked in all)"), "{out}");
    // The brute-force test of symmetry: one pair of twins among 95.
    let groups = classes(&top95);
    assert_eq!(groups.len(), 94);
    let out = run(&["scripts/canon_groups.rhai", file]);
    assert!(
        out.contains("95 puzzles, 94 different up to symmetry"),
        "{out}"
    );
}

#[test]
fn rate_file_lists_levels_by_difficulty_not_by_branch_points() {
    let out = run(&["scripts/rate_file.rhai", "scripts/data/top95.txt", "3"]);
    assert!(
        out.contains("scripts/data/top95.txt: 95 puzzles rated"),
        "{out}"
    );
    // Levels and techniques come easiest first, whatever their names.
    let order = |names: &[&str]| {
        let at: Vec<usize> = names
            .iter()
            .filter_map(|n| out.find(&format!("  {n}: ")))
            .collect();
        assert!(
            at.windows(2).all(|w| w[0] < w[1]),
            "{names:?} out of order:\n{out}"
        );
    };
    order(&["easy", "medium", "hard", "expert", "needs guessing"]);
    order(&[
        "hidden single",
        "locked candidates",
        "naked pair",
        "hidden pair",
        "x-wing",
        "guessing",
    ]);
    // The hardest list is by technique; branch points are named as such.
    let hardest: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("hardest"))
        .skip(1)
        .collect();
    assert_eq!(hardest.len(), 3, "{out}");
    for l in &hardest {
        assert!(l.contains(": guessing, "), "{l}");
        assert!(l.contains("solver branch points"), "{l}");
        assert!(l.contains(", 1 solution;"), "{l}");
    }
    assert!(!out.contains("solution(s)"), "{out}");
}

#[test]
fn solve_timing_compares_like_with_like() {
    let out = run(&["scripts/solve_timing.rhai", "scripts/data/hardest.txt", "1"]);
    assert!(
        out.starts_with("11 puzzles, each solved and counted to two, best of 1:"),
        "{out}"
    );
    for l in out.lines().filter(|l| l.contains("puzzles/s")) {
        assert!(!l.contains(".0 puzzles/s"), "{l}");
    }
}

#[test]
fn canon_groups_finds_twins_across_files() {
    let mut both = puzzles("scripts/data/similar_a.txt");
    let first = both.len();
    both.extend(puzzles("scripts/data/similar_b.txt"));
    assert_eq!(both.len(), 63);
    let groups = classes(&both);
    assert_eq!(groups.len(), 60);
    // Each class of two or more holds a puzzle of each file.
    let twins: Vec<&Vec<usize>> = groups.iter().filter(|g| g.len() > 1).collect();
    assert_eq!(twins.len(), 3, "{twins:?}");
    for g in &twins {
        assert!(
            g.iter().any(|&i| i < first) && g.iter().any(|&i| i >= first),
            "{g:?}"
        );
    }
    let out = run(&[
        "scripts/canon_groups.rhai",
        "scripts/data/similar_a.txt",
        "scripts/data/similar_b.txt",
    ]);
    assert!(
        out.starts_with("2 files: 63 puzzles, 60 different up to symmetry"),
        "{out}"
    );
    for twin in ["twin of #1", "twin of #2", "twin of #3"] {
        assert!(out.contains(twin), "{twin}: {out}");
    }
    assert!(
        out.contains("    scripts/data/similar_a.txt: top1465 #3\n"),
        "{out}"
    );
}
