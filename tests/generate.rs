//! Making puzzles (issue 23): generated puzzles checked by the SAT path
//! (never the generator's own solver), the same file for one seed on one
//! and two threads, symmetric clue patterns under Sudoku Explainer's
//! definitions (written out again here), patterns filled exactly, the
//! minimality functions, their messages, and Ctrl+C.

use std::rc::Rc;
use std::time::Instant;

use puzzlelab::monitor::Silent;
use puzzlelab::sat::{SudokuBoard, SudokuSat, Uniqueness};
use puzzlelab::script::Limits;
use puzzlelab::script::host::RecordingHost;
use puzzlelab::script::session::Session;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::generate::{BatchEnd, Options, generate_many};

use crate::common::{run_puzzlelab, scratch_dir};

fn board(g: &Grid) -> SudokuBoard {
    SudokuBoard::parse(&g.line()).unwrap()
}

/// Unique and minimal as the SAT solver sees it: one solution (equal to
/// `solution`), and a second one as soon as any clue is gone.
fn assert_minimal_by_sat(sat: &mut SudokuSat, g: &Grid, solution: &SudokuBoard) {
    match sat.unique(&board(g)).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(&s, solution, "{}", g.line()),
        other => panic!("{} is not unique: {other:?}", g.line()),
    }
    for cell in (0..81).filter(|&c| g.get(c) != 0) {
        let mut less = *g;
        less.set(cell, 0);
        let u = sat.unique(&board(&less)).unwrap();
        assert!(
            matches!(u, Uniqueness::Multiple(..)),
            "{}: clue {cell} can go",
            g.line()
        );
    }
}

fn session() -> (Rc<RecordingHost>, Session) {
    let host = Rc::new(RecordingHost::default());
    let s = Session::new(&Limits::default(), host.clone());
    (host, s)
}

fn eval(s: &mut Session, code: &str) -> String {
    match s.eval(code) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{code}: {}", e.message()),
    }
}

fn eval_err(code: &str) -> String {
    let (_, mut s) = session();
    s.eval(code).unwrap_err().message()
}

#[test]
fn a_thousand_puzzles_are_unique_and_minimal_by_sat() {
    // Measured at opt-level 1 on the shared 2-core machine: 18 s in all,
    // nearly all of it the SAT check (1 + ~24 solves per puzzle); making
    // the 1,000 takes about 0.3 s.
    let start = Instant::now();
    let mut made = Vec::new();
    let end = generate_many(1000, &Options::default(), 0, &Silent, |_, g| {
        made.push(g.clone());
        true
    });
    assert_eq!(end, BatchEnd::Done);
    assert_eq!(made.len(), 1000);
    let mut sat = SudokuSat::new(3, &Silent).unwrap();
    let mut clues = 0;
    for g in &made {
        assert!(g.solution.is_full());
        assert!((0..81).all(|c| g.puzzle.get(c) == 0 || g.puzzle.get(c) == g.solution.get(c)));
        assert_minimal_by_sat(&mut sat, &g.puzzle, &board(&g.solution));
        clues += g.puzzle.filled();
    }
    // Random minimal puzzles average about 24 clues.
    let mean = clues as f64 / 1000.0;
    assert!((23.0..25.5).contains(&mean), "mean {mean}");
    eprintln!("1,000 puzzles made and checked in {:?}", start.elapsed());
    // No two alike.
    let mut lines: Vec<String> = made.iter().map(|g| g.puzzle.line()).collect();
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), 1000);
}

#[test]
fn one_seed_gives_one_file_on_one_and_two_threads() {
    let dir = scratch_dir("generate-threads");
    let file = |t: &str| {
        let out = dir.join(format!("t{t}.txt"));
        let run = run_puzzlelab(
            &[
                "generate",
                "300",
                "--seed",
                "9",
                "--threads",
                t,
                "--out",
                out.to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stderr.contains("300 puzzles in"), "{}", run.stderr);
        std::fs::read_to_string(out).unwrap()
    };
    let one = file("1");
    assert_eq!(one, file("2"));
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 300);
    assert!(lines.iter().all(|l| l.len() == 81));
    // Puzzle 1 of the file is the script's generate with that seed, and
    // stdout gets the same lines as the file.
    let (_, mut s) = session();
    assert_eq!(
        eval(&mut s, "generate(#{seed: 9}).line()"),
        lines[0].to_string()
    );
    let run = run_puzzlelab(&["generate", "5", "--seed", "9"], b"");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, lines[..5].join("\n") + "\n");
}

/// A map of cells as (column x, row y).
type CellMap = fn(usize, usize) -> (usize, usize);

/// SE's symmetries, each as maps that generate its group.
fn maps(name: &str) -> Vec<CellMap> {
    match name {
        "vertical" => vec![|x, y| (8 - x, y)],
        "horizontal" => vec![|x, y| (x, 8 - y)],
        "diagonal" => vec![|x, y| (8 - y, 8 - x)],
        "anti-diagonal" => vec![|x, y| (y, x)],
        "bi-diagonal" => vec![|x, y| (y, x), |x, y| (8 - y, 8 - x)],
        "orthogonal" => vec![|x, y| (8 - x, y), |x, y| (x, 8 - y)],
        "central" => vec![|x, y| (8 - x, 8 - y)],
        "90" => vec![|x, y| (8 - y, x)],
        "full" => vec![|x, y| (8 - y, x), |x, y| (y, x)],
        _ => vec![],
    }
}

#[test]
fn symmetric_puzzles_have_symmetric_clues() {
    let (_, mut s) = session();
    for name in [
        "vertical",
        "horizontal",
        "diagonal",
        "anti-diagonal",
        "bi-diagonal",
        "orthogonal",
        "central",
        "90",
        "full",
    ] {
        for seed in 0..3 {
            let line = eval(
                &mut s,
                &format!("generate(#{{seed: {seed}, symmetry: \"{name}\"}}).line()"),
            );
            let g = Grid::parse(&line).unwrap();
            for (y, x) in (0..9).flat_map(|y| (0..9).map(move |x| (y, x))) {
                for f in maps(name) {
                    let (mx, my) = f(x, y);
                    assert_eq!(
                        g.get(y * 9 + x) != 0,
                        g.get(my * 9 + mx) != 0,
                        "{name} seed {seed}: {line} at r{}c{}",
                        y + 1,
                        x + 1
                    );
                }
            }
            let mut sat = SudokuSat::new(3, &Silent).unwrap();
            assert!(matches!(
                sat.unique(&board(&g)).unwrap(),
                Uniqueness::Unique(_)
            ));
        }
    }
    // SE's own names and the aliases give the same puzzles.
    assert_eq!(
        eval(
            &mut s,
            "generate(#{seed: 4, symmetry: \"180° rotational\"})"
        ),
        eval(&mut s, "generate(#{seed: 4, symmetry: \"central\"})")
    );
    assert_eq!(
        eval(&mut s, "generate(#{seed: 4, symmetry: \"Mirror\"})"),
        eval(&mut s, "generate(#{seed: 4, symmetry: \"vertical\"})")
    );
}

#[test]
fn a_pattern_is_filled_exactly() {
    // The clue cells of Hui's su21_99 (25 clues), of ym (36), and of a
    // 22-clue puzzle of the forum's hardest list (line 4).
    let (_, mut s) = session();
    let as_pattern = |line: &str| -> String {
        line.chars()
            .map(|c| if c == '.' { '.' } else { 'x' })
            .collect()
    };
    let mut patterns: Vec<String> = ["su21_99", "ym"]
        .iter()
        .map(|name| as_pattern(&eval(&mut s, &format!("{name}.line()"))))
        .collect();
    patterns.push(
        "........x..x.x.x..x.....xx......xx...x..x..x...xx.x....x......x..x.x.x..x......x.".into(),
    );
    for pattern in &patterns {
        for seed in 0..2 {
            let line = eval(
                &mut s,
                &format!("generate(#{{seed: {seed}, pattern: \"{pattern}\"}}).line()"),
            );
            assert_eq!(&as_pattern(&line), pattern, "seed {seed}");
            let mut sat = SudokuSat::new(3, &Silent).unwrap();
            let g = Grid::parse(&line).unwrap();
            assert!(matches!(
                sat.unique(&board(&g)).unwrap(),
                Uniqueness::Unique(_)
            ));
        }
    }
}

#[test]
fn minimize_and_redundant_clues_agree_with_sat() {
    let (_, mut s) = session();
    let ym = Grid::parse(&eval(&mut s, "ym.line()")).unwrap();
    let mut sat = SudokuSat::new(3, &Silent).unwrap();
    let Uniqueness::Unique(solution) = sat.unique(&board(&ym)).unwrap() else {
        panic!("ym is unique");
    };
    for seed in [0, 7] {
        let m = Grid::parse(&eval(&mut s, &format!("minimize(ym, {seed}).line()"))).unwrap();
        assert!((0..81).all(|c| m.get(c) == 0 || m.get(c) == ym.get(c)));
        assert_minimal_by_sat(&mut sat, &m, &solution);
        assert_eq!(
            eval(&mut s, &format!("is_minimal(minimize(ym, {seed}))")),
            "true"
        );
    }
    assert_eq!(eval(&mut s, "is_minimal(ym)"), "false");
    // Each clue named redundant can go alone; each other clue cannot.
    let named = eval(&mut s, "redundant_clues(ym)");
    let named: Vec<usize> = named
        .trim_matches(['[', ']'])
        .split(", ")
        .map(|n| n.parse().unwrap())
        .collect();
    for cell in (0..81).filter(|&c| ym.get(c) != 0) {
        let mut less = ym;
        less.set(cell, 0);
        let unique = matches!(sat.unique(&board(&less)).unwrap(), Uniqueness::Unique(_));
        assert_eq!(unique, named.contains(&cell), "cell {cell}");
    }
}

#[test]
fn messages_say_what_was_wrong() {
    assert_eq!(
        eval_err("is_minimal(clark)"),
        "is_minimal: the puzzle has at least 1000 solutions: minimality needs exactly one"
    );
    // ym without six clues of rows 1-2: a few solutions, counted as Hui's
    // search lists them.
    let mut few = Grid::parse(puzzlelab::sudoku::puzzles::YM).unwrap();
    for cell in [1, 3, 5, 7, 9, 11] {
        few.set(cell, 0);
    }
    let n = puzzlelab::sudoku::hui::sudoku(&few, &Silent).unwrap().len();
    assert_eq!(n, 3);
    assert_eq!(
        eval_err(&format!("redundant_clues(grid(\"{}\"))", few.line())),
        format!("redundant_clues: the puzzle has {n} solutions: minimality needs exactly one")
    );
    assert_eq!(
        eval_err("let g = ym; g[0] = 5; minimize(g)"),
        "minimize: invalid grid: digit 5 appears twice in row 1 (r1c1 and r1c2)"
    );
    assert_eq!(
        eval_err("generate(#{clues: 16})"),
        "generate: clues 16 is infeasible: no Sudoku with fewer than 17 clues has one solution"
    );
    assert_eq!(
        eval_err("generate(#{clues: 17, tries: 3, seed: 1})"),
        "generate: no puzzle with at most 17 clues (the fewest had 24) in 3 tries; \
         allow more tries or ask for less"
    );
    assert_eq!(
        eval_err("generate(#{min_er: 9.9, max_er: 9.0})"),
        "generate: the ER range 9.9-9.0 is empty: its lower end is above its upper end"
    );
    assert_eq!(
        eval_err("generate(#{symmetry: \"spiral\"})"),
        "generate: symmetry \"spiral\" is unknown; known: None, 180° rotational, \
         90° rotational, Vertical, Horizontal, Diagonal, Anti-diagonal, Bi-diagonal, \
         Orthogonal, Full (also central, 180, 90, mirror)"
    );
    assert_eq!(
        eval_err("generate(#{pattern: \"xx.q\"})"),
        "generate: pattern: character 4 is 'q'; use x for a clue cell and . for an empty one"
    );
    assert_eq!(
        eval_err(&format!("generate(#{{pattern: \"{}\"}})", "x".repeat(80))),
        "generate: pattern: 80 cells, not 81"
    );
    let sixteen = format!("{}{}", "x".repeat(16), ".".repeat(65));
    assert_eq!(
        eval_err(&format!("generate(#{{pattern: \"{sixteen}\"}})")),
        "generate: the pattern has 16 cells: no Sudoku with fewer than 17 clues has one solution"
    );
    assert_eq!(
        eval_err("minimize(ym, -1)"),
        "minimize: seed -1 is negative: give 0 or more"
    );
    let run = run_puzzlelab(&["generate", "3", "--symmetry", "spiral"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.starts_with(
        "puzzlelab generate: --symmetry \"spiral\" is unknown; known: None, 180° rotational"
    ));
    // A puzzle that cannot be made ends the list with a line saying so.
    let run = run_puzzlelab(
        &[
            "generate", "2", "--clues", "20", "--tries", "5", "--seed", "1",
        ],
        b"",
    );
    let why = "puzzle 1 of 2 could not be made: no puzzle with at most 20 clues (the fewest \
               had 24) in 5 tries; allow more tries or ask for less";
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, format!("# {why}\n"));
    assert_eq!(run.stderr, format!("puzzlelab generate: {why}\n"));
    let run = run_puzzlelab(&["generate", "3", "--clues", "12"], b"");
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (
            2,
            "puzzlelab generate: clues 12 is infeasible: no Sudoku with fewer than 17 clues \
             has one solution\n"
        )
    );
}

#[test]
fn ctrl_c_stops_generate_and_minimize() {
    for (code, want) in [
        (
            "generate(#{seed: 1})",
            "stopped (Ctrl+C) in generate after 0 tries: no puzzle was made",
        ),
        (
            "minimize(ym)",
            "stopped (Ctrl+C) in minimize after 0 of 36 clues: no puzzle returned",
        ),
    ] {
        let (host, mut s) = session();
        host.cancel_next_job();
        assert_eq!(s.eval(code).unwrap_err().message(), want);
        // The interrupt was used up: the next statement runs.
        assert_eq!(eval(&mut s, "1 + 1"), "2");
    }
}

#[test]
fn ctrl_c_leaves_a_flagged_prefix_of_the_file() {
    use std::process::{Command, Stdio};
    let dir = scratch_dir("generate-ctrl-c");
    let out = dir.join("many.txt");
    let child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["generate", "100000000", "--seed", "3", "--threads", "1"])
        .arg("--out")
        .arg(&out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(130), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (flag, puzzles) = lines.split_last().unwrap();
    let made = puzzles.len();
    assert!(made > 0, "nothing made before SIGINT");
    assert_eq!(
        *flag,
        format!("# stopped (Ctrl+C) after {made} of 100000000 puzzles: this list is partial")
    );
    assert_eq!(stderr, format!("puzzlelab generate: {}\n", &flag[2..]));
    // What is there is the start of the whole run.
    let run = run_puzzlelab(&["generate", &made.to_string(), "--seed", "3"], b"");
    assert_eq!(run.stdout, puzzles.join("\n") + "\n");
}
