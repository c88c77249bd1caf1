//! The human engine's front end: `rate(g)`'s SE fields, `puzzlelab rate
//! FILE` and `rate_file`, checked against Sukaku Explainer's own printed
//! figures (`tests/data/se_sample.txt`, `serate --format='%g %r/%p/%d'`),
//! and its shards merged back into exactly the whole run.

use std::path::Path;
use std::process::Output;

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

use crate::common::scratch_dir;

/// (puzzle, SE's `ER/EP/ED`) of every sample line.
fn se_sample() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/se_sample.txt"),
    )
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            (f.next().unwrap().to_string(), f.next().unwrap().to_string())
        })
        .collect()
}

use crate::common::run_puzzlelab_in as run;

fn ok(dir: &Path, args: &[&str]) -> Output {
    let o = run(dir, args);
    assert!(
        o.status.success(),
        "puzzlelab {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn eval(code: &str) -> rhai::Dynamic {
    Session::capturing(&Limits::default())
        .eval(code)
        .unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// An ER/EP/ED figure in tenths (`6.4` is 64).
fn tenths(text: &str) -> u32 {
    let (a, b) = text.split_once('.').unwrap();
    a.parse::<u32>().unwrap() * 10 + b.parse::<u32>().unwrap()
}

/// A line of ours next to SE's figures: equal when every figure is a
/// number, and every `>=X` at most SE's; `?` claims nothing.
fn agrees(ours: &str, se: &str) -> bool {
    let exact = !ours.contains('>') && !ours.contains('?');
    if exact {
        return ours == se;
    }
    ours.split('/').zip(se.split('/')).all(|(o, s)| match o {
        "?" => true,
        o => match o.strip_prefix(">=") {
            Some(bound) => tenths(bound) <= tenths(s),
            None => o == s,
        },
    })
}

#[test]
fn rate_gains_se_fields_as_se_rate_gives_them() {
    let m = eval("rate(su21_99)").cast::<rhai::Map>();
    let se = eval("se_rate(su21_99)").cast::<rhai::Map>();
    for key in ["er", "ep", "ed"] {
        assert_eq!(m[key].to_string(), se[key].to_string(), "{key}");
    }
    // The fast solver's fields stay.
    assert_eq!(m["solutions"].as_int().unwrap(), 1);
    assert!(m.contains_key("technique") && m.contains_key("guesses"));
    // Against SE's own figures: every sample puzzle whose rating is known
    // here has SE's ER; the others say at least what SE says, and why.
    let mut known = 0;
    for (puzzle, figures) in se_sample().iter().take(80) {
        let m = eval(&format!("rate(grid(\"{puzzle}\"))")).cast::<rhai::Map>();
        let er_se = figures.split('/').next().unwrap();
        if m["er"].is_unit() {
            let bound = m["er_at_least"].as_float().unwrap();
            assert!(bound <= f64::from(tenths(er_se)) / 10.0 + 1e-9, "{puzzle}");
            assert!(m.contains_key("unknown"), "{puzzle}");
        } else {
            known += 1;
            let ours = format!(
                "{:.1}/{:.1}/{:.1}",
                m["er"].as_float().unwrap(),
                m["ep"].as_float().unwrap(),
                m["ed"].as_float().unwrap()
            );
            assert_eq!(&ours, figures, "{puzzle}");
        }
    }
    assert!(known >= 20, "only {known} of 80 rated exactly");
    // Two solutions: SE does not rate it; no number pretends otherwise.
    let m = eval("rate(grid(\"1\" + \".\" * 80))");
    let m = m.cast::<rhai::Map>();
    assert!(m["er"].is_unit() && m["ep"].is_unit() && m["ed"].is_unit());
    assert!(
        m["unknown"].to_string().contains("two or more solutions"),
        "{m:?}"
    );
}

/// Writes the first `n` sample puzzles (and, when `extra`, a bad line and
/// a puzzle with many solutions) to `dir/p.txt`; returns SE's figures.
fn sample_file(dir: &Path, n: usize, extra: bool) -> Vec<(String, String)> {
    let sample: Vec<_> = se_sample().into_iter().take(n).collect();
    let mut text = String::new();
    for (k, (p, _)) in sample.iter().enumerate() {
        text.push_str(p);
        text.push('\n');
        if extra && k == 2 {
            text.push_str("not a puzzle\n");
            text.push_str(&format!("1{}\n", ".".repeat(80)));
        }
    }
    std::fs::write(dir.join("p.txt"), text).unwrap();
    sample
}

#[test]
fn rate_prints_serate_lines_in_input_order() {
    let dir = scratch_dir("human_front_rate");
    let sample = sample_file(&dir, 60, true);
    let o = ok(&dir, &["rate", "p.txt", "--threads", "2"]);
    let out = String::from_utf8(o.stdout).unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 61, "{out}");
    // The extra puzzle (line 5 of the file) has many solutions.
    let many = format!("1{} -/-/- multiple solutions", ".".repeat(80));
    assert_eq!(lines[3], many);
    assert!(
        err.contains("p.txt:5: the puzzle has two or more solutions"),
        "{err}"
    );
    assert!(err.contains("p.txt:4"), "the bad line is named: {err}");
    let rated: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.contains("-/-/-"))
        .collect();
    let mut exact = 0;
    for (line, (puzzle, se)) in rated.iter().zip(&sample) {
        let (p, figures) = line.split_once(' ').unwrap();
        assert_eq!(p, puzzle, "input order");
        assert!(agrees(figures, se), "{line}: SE says {se}");
        exact += usize::from(figures == se);
    }
    assert!(exact >= 15, "{exact} of 60 lines exactly SE's:\n{out}");
    // One thread, the same lines; rate_file gives them too.
    let one = ok(&dir, &["rate", "p.txt", "--threads", "1"]);
    assert_eq!(String::from_utf8(one.stdout).unwrap(), out);
    let file = dir.join("p.txt");
    let m = eval(&format!(
        "rate_file({:?}, #{{threads: 2}})",
        file.to_str().unwrap()
    ))
    .cast::<rhai::Map>();
    let from_rhai: Vec<String> = m["lines"]
        .clone()
        .into_array()
        .unwrap()
        .into_iter()
        .map(|l| l.into_string().unwrap())
        .collect();
    assert_eq!(from_rhai, lines);
    assert_eq!(m["unrated"].as_int().unwrap(), 1);
    assert_eq!(m["errors"].clone().into_array().unwrap().len(), 1);
}

#[test]
fn rate_shards_merged_are_the_whole_run() {
    let dir = scratch_dir("human_front_shards");
    sample_file(&dir, 40, true);
    ok(&dir, &["rate", "p.txt", "-o", "whole.txt"]);
    for k in 1..=3 {
        let shard = format!("{k}/3");
        ok(
            &dir,
            &[
                "--shard",
                &shard,
                "rate",
                "p.txt",
                "-o",
                "r.txt",
                "--threads",
                "1",
            ],
        );
    }
    ok(
        &dir,
        &[
            "merge",
            "-o",
            "merged.txt",
            "r.txt.3-of-3",
            "r.txt.1-of-3",
            "r.txt.2-of-3",
        ],
    );
    let whole = std::fs::read(dir.join("whole.txt")).unwrap();
    assert_eq!(String::from_utf8_lossy(&whole).lines().count(), 41);
    assert_eq!(std::fs::read(dir.join("merged.txt")).unwrap(), whole);
    // rate_file's shards make the same parts.
    let file = dir.join("p.txt");
    let out = dir.join("s.txt");
    for k in 1..=2 {
        let _ = eval(&format!(
            "rate_file({:?}, #{{shard: \"{k}/2\", out: {:?}}})",
            file.to_str().unwrap(),
            out.to_str().unwrap()
        ));
    }
    ok(
        &dir,
        &["merge", "-o", "merged2.txt", "s.txt.1-of-2", "s.txt.2-of-2"],
    );
    assert_eq!(std::fs::read(dir.join("merged2.txt")).unwrap(), whole);
    // A missing part is refused.
    let o = run(
        &dir,
        &["merge", "-o", "m3.txt", "r.txt.1-of-3", "r.txt.2-of-3"],
    );
    assert!(!o.status.success());
}

#[test]
fn a_stopped_rating_hands_on_no_more_and_says_so() {
    use std::sync::atomic::AtomicBool;
    let dir = scratch_dir("human_front_stop");
    sample_file(&dir, 10, false);
    let flag = AtomicBool::new(true);
    let monitor = puzzlelab::monitor::Flag(&flag);
    let mut seen = 0;
    let sum = puzzlelab::sudoku::human::rate_file(
        &dir.join("p.txt"),
        puzzlelab::shard::Shard::WHOLE,
        1,
        &monitor,
        |_| {
            seen += 1;
            true
        },
    )
    .unwrap();
    assert!(sum.stopped);
    assert_eq!((seen, sum.done), (0, 0));
    // A missing file is an error naming it.
    let e = puzzlelab::sudoku::human::rate_file(
        &dir.join("none.txt"),
        puzzlelab::shard::Shard::WHOLE,
        1,
        &puzzlelab::monitor::Silent,
        |_| true,
    )
    .unwrap_err();
    assert!(e.contains("none.txt"), "{e}");
}

/// SE tries its nested chains only on a position with one solution (its
/// validity warning stops it first): `hint` and `explain` on a grid with
/// many solutions say so at once instead of searching for minutes (an
/// empty grid took 48 s of CPU before). Whether the grid has several
/// solutions is checked independently by the solver.
#[test]
fn several_solutions_stop_before_the_nested_chains() {
    let empty = puzzlelab::sudoku::grid::Grid::parse(&".".repeat(81)).unwrap();
    let count = puzzlelab::sudoku::solver::count_solutions(&empty, 2).unwrap();
    assert_eq!(count.solutions, 2);
    let why = "stuck after 0 steps: the position has two or more solutions, and SE tries its nested forcing chains only on a position with one";
    let h = eval(r#"hint(grid("." * 81))"#).cast::<rhai::Map>();
    assert_eq!(h["stuck"].as_bool(), Ok(true));
    assert_eq!(h["text"].to_string(), why);
    assert_eq!(
        h["warning"].to_string(),
        "the puzzle has two or more solutions: SE would not rate it"
    );
    let e = eval(r#"explain(grid("." * 81))"#).cast::<rhai::Array>();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].clone().cast::<rhai::Map>()["text"].to_string(), why);
}

/// `display(step, g)` away from a notebook draws the pencil marks before
/// the step with its marks. Pointing on the human lab's p6: block 9's 4s
/// lie in r7c8 and r9c8 (the pattern, `*`), so column 8 loses its other
/// 4s, those of r1c8, r2c8 and r3c8 (`(4)`), and no other candidate is
/// marked. The cells' candidates are checked against `free(g)`.
#[test]
fn display_marks_a_steps_cells_and_removals_in_the_pencil_marks() {
    let p6 = "......1....32.9....27..........25..4.8.463..1..4......761.9.3..4.8.7.9...92..68.7";
    let mut s = Session::capturing(&Limits::default());
    let _ = s
        .eval(&format!("let g = grid(\"{p6}\"); display(hint(g), g)"))
        .unwrap();
    let text = s.take_output();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("Pointing: r7c8,r9c8: 4 of block 9"),
        "{text}"
    );
    // The 9 rows of cells, each split into its 9 cells.
    let rows: Vec<Vec<String>> = lines
        .iter()
        .filter(|l| l.starts_with('|'))
        .map(|l| {
            l.split(['|', ' '])
                .filter(|f| !f.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 9, "{text}");
    let free = eval(&format!("let g = grid(\"{p6}\"); free(g).to_string()")).to_string();
    let free_rows: Vec<Vec<&str>> = free
        .lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| l.split(['|', ' ']).filter(|f| !f.is_empty()).collect())
        .collect();
    for r in 0..9 {
        for c in 0..9 {
            let cell = &rows[r][c];
            let marked = [(0, 7), (1, 7), (2, 7)].contains(&(r, c));
            let pattern = [(6, 7), (8, 7)].contains(&(r, c));
            assert_eq!(cell.contains("(4)"), marked, "r{}c{}: {cell}", r + 1, c + 1);
            assert_eq!(
                cell.starts_with('*'),
                pattern,
                "r{}c{}: {cell}",
                r + 1,
                c + 1
            );
            assert!(!cell.contains('['), "nothing is placed: {cell}");
            // Without its marks the cell holds its candidates.
            let plain: String = cell.chars().filter(|ch| !"*()".contains(*ch)).collect();
            assert_eq!(plain, free_rows[r][c], "r{}c{}", r + 1, c + 1);
        }
    }
    assert!(lines.last().unwrap().contains("(d): removed"), "{text}");
}

/// `hint(g, stage)`: 1 names where to look without the technique, 2 adds
/// it, 3 is the step's own text; 0 is refused. The X-Wing of the human
/// lab's p9 is on 1 in columns 3 and 8, rows 6 and 8 (blocks 4, 6, 7, 9).
#[test]
fn hint_stages_say_where_then_which_then_all() {
    let p9 = "..9367284473821659286549.7.725184936.3495672.96.273....4763..926..7.2...3.24...67";
    let stage = |k: i64| eval(&format!("hint(grid(\"{p9}\"), {k})")).to_string();
    assert_eq!(stage(1), "Look at the 1s of blocks 4, 6, 7 and 9.");
    assert!(!stage(1).contains("X-Wing"));
    assert_eq!(
        stage(2),
        "Look at the 1s of blocks 4, 6, 7 and 9: the technique is X-Wing (3.2)."
    );
    assert_eq!(
        stage(3),
        eval(&format!("hint(grid(\"{p9}\")).text")).to_string()
    );
    assert_eq!(stage(9), stage(3));
    let err = Session::capturing(&Limits::default())
        .eval(&format!("hint(grid(\"{p9}\"), 0)"))
        .unwrap_err();
    assert!(err.message().contains("stages are 1"), "{}", err.message());
}
