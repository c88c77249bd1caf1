//! Every example script in `scripts/` runs through the binary as a user
//! would run it (`puzzlelab run SCRIPT ARGS...`) and prints what it should.
//! Scripts that read a puzzle file use the small Norvig set from the shared
//! data, and are skipped (with a message) when that data is absent.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .arg("run")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env(
            "PUZZLELAB_HOME",
            std::env::temp_dir().join("puzzlelab-scripts-run"),
        )
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
    let out = run(&["scripts/hui_tour.rhai"]);
    assert!(out.contains("clark has 15220 solutions."), "{out}");
    let out = run(&["scripts/pentomino_orientations.rhai"]);
    assert!(out.contains("63 fixed, 12 free"), "{out}");
    let out = run(&["scripts/polyomino.rhai"]);
    assert!(
        out.contains("6x10: 2339 up to symmetry, 9356 in all"),
        "{out}"
    );
    let cnf = std::env::temp_dir().join(format!("puzzlelab-scripts-{}.cnf", std::process::id()));
    let out = run(&["scripts/sat_files.rhai", cnf.to_str().unwrap()]);
    assert!(out.contains("+---+---+---+"), "{out}");
    let _ = std::fs::remove_file(cnf);
}

#[test]
fn scripts_over_a_puzzle_file_run() {
    let Some(dir) = crate::common::data::data_dir() else {
        println!("skipping: shared data not found");
        return;
    };
    let file = dir.join("sudoku/norvig_top95.txt");
    let file = file.to_str().unwrap();
    let out = run(&["scripts/solve_file.rhai", file]);
    assert!(out.contains("solved      95"), "{out}");
    assert!(out.contains("unique      95"), "{out}");
    let out = run(&["scripts/multiple_solutions.rhai", file]);
    assert!(
        out.contains("0 of 95 puzzles have several solutions"),
        "norvig's puzzles are unique: {out}"
    );
    let out = run(&["scripts/rate_file.rhai", file]);
    assert!(out.contains("95 puzzles rated"), "{out}");
    let out = run(&["scripts/similar.rhai", file]);
    assert!(out.contains("(95 puzzles checked in all)"), "{out}");
    let out = run(&["scripts/canon_groups.rhai", file]);
    assert!(
        out.contains("95 puzzles, 94 different up to symmetry"),
        "{out}"
    );
    let out = run(&["scripts/solve_timing.rhai", file, "1"]);
    assert!(!out.is_empty());
}
