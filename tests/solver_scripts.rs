//! The solver's scripts in scripts/, run through a Session with ARGS set as
//! `puzzlelab run script.rhai FILE` sets it.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

use puzzlelab::sudoku::puzzles::{CLARK, YM};

/// Runs `scripts/NAME` with ARGS and returns what it printed.
fn run(name: &str, args: &[&str]) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts")
        .join(name);
    let code = std::fs::read_to_string(&path).unwrap();
    let mut s = Session::capturing(&Limits::default());
    let args: rhai::Array = args
        .iter()
        .map(|a| rhai::Dynamic::from(a.to_string()))
        .collect();
    s.set_var("ARGS", args);
    if let Err(e) = s.eval(&code) {
        panic!("{}", e.located(name, 1));
    }
    s.take_output()
}

/// A small puzzle file: ym (unique), clark (several), a short line, and ym
/// with a repeated digit.
fn sample(tag: &str) -> (crate::common::Scratch, String) {
    let dir = crate::common::scratch_dir(&format!("solver-scripts-{tag}"));
    let file = dir.join("sample.txt");
    let bad = format!("55{}", &YM[2..]);
    std::fs::write(&file, format!("{YM}\n{CLARK}\n{}\n{bad}\n", &YM[..70])).unwrap();
    let name = file.display().to_string();
    (dir, name)
}

#[test]
fn solve_file_script_reports_counts() {
    let (dir, file) = sample("solve");
    let out = dir.join("out.csv").display().to_string();
    let text = run("solve_file.rhai", &[&file, &out]);
    assert!(
        text.contains(&format!("skipped {file}:3: short line: 70 cells")),
        "{text}"
    );
    assert!(text.contains(&format!("{file}: 3 puzzles\n")), "{text}");
    assert!(text.contains("  solved      2\n"), "{text}");
    assert!(text.contains("  unique      1\n"), "{text}");
    assert!(text.contains("  multiple    1\n"), "{text}");
    assert!(text.contains("  invalid     1\n"), "{text}");
    assert!(
        text.contains(&format!("solutions written to {out}")),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn multiple_solutions_script_lists_them() {
    let (dir, file) = sample("multiple");
    let text = run("multiple_solutions.rhai", &[&file, "5"]);
    assert!(
        text.contains(&format!(
            "line 2: 5+ solutions  {}",
            CLARK.replace('0', ".")
        )),
        "{text}"
    );
    assert!(
        text.contains("line 4: count_solutions: invalid grid: digit 5 appears twice in row 1"),
        "{text}"
    );
    assert!(
        text.ends_with("1 of 3 puzzles have several solutions (1 invalid)\n"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rate_file_script_tabulates_levels() {
    let (dir, file) = sample("rate");
    let text = run("rate_file.rhai", &[&file]);
    assert!(text.contains(&format!("{file}: 2 puzzles rated")), "{text}");
    assert!(text.contains("  easy: 1\n"), "{text}");
    // The hardest list names the technique and the solver's branch points apart.
    let line1 = text.lines().find(|l| l.starts_with("  line 1: ")).unwrap();
    assert!(line1.ends_with("; solver branch points 0"), "{text}");
    assert!(!line1.contains("guessing"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn timing_script_runs() {
    let (dir, _) = sample("timing");
    let file = dir.join("good.txt");
    std::fs::write(&file, format!("{YM}\n{YM}\n")).unwrap();
    let file = file.display().to_string();
    let text = run("solve_timing.rhai", &[&file, "1"]);
    assert!(text.contains("  loop / solve_file time: "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
