//! The fast solver over every shared puzzle set, its script functions, and
//! puzzle files (good and bad) end to end.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::formats;
use puzzlelab::sudoku::puzzles::YM;
use puzzlelab::sudoku::solver::{self, batch};

/// Solves every puzzle of a set (counting to two) and checks each solution:
/// full, breaking no rule, keeping the clues, equal to a given solution.
/// Returns (puzzles, unique, multiple).
fn check_set(file: &str) -> Option<(usize, usize, usize)> {
    let dir = crate::common::data_or_skip(module_path!())?;
    let c = formats::read_file(dir.join(file), &puzzlelab::monitor::Silent);
    assert!(c.errors.is_empty(), "{file}: {:?}", c.errors.first());
    let grids: Vec<Grid> = c.records.iter().map(|r| r.grid).collect();
    let b = batch::solve_all(&grids, 0, &puzzlelab::monitor::Silent);
    for (r, o) in c.records.iter().zip(&b.outcomes) {
        let s = o
            .as_ref()
            .and_then(|o| o.solution())
            .unwrap_or_else(|| panic!("{file}:{}: no solution", r.line));
        assert!(
            s.is_full() && solver::check(&s).is_ok(),
            "{file}:{}",
            r.line
        );
        for i in 0..81 {
            let clue = r.grid.get(i);
            assert!(
                clue == 0 || clue == s.get(i),
                "{file}:{}: clue lost",
                r.line
            );
        }
        if let Some(given) = r.solution {
            assert_eq!(s, given, "{file}:{}", r.line);
        }
    }
    Some((grids.len(), b.unique(), b.multiple()))
}

#[test]
fn royle_17clue_all_unique() {
    if let Some((n, u, _)) = check_set("sudoku/royle_17clue_49151.txt") {
        assert_eq!((n, u), (49151, 49151));
    }
}

#[test]
fn top1465_all_unique() {
    if let Some((n, u, _)) = check_set("sudoku/magictour_top1465.txt") {
        assert_eq!((n, u), (1465, 1465));
    }
}

#[test]
fn forum_hardest_1905_11plus_all_unique() {
    if let Some((n, u, _)) = check_set("sudoku/forum_hardest_1905_11plus.txt") {
        assert_eq!((n, u), (48766, 48766));
    }
}

#[test]
fn forum_hardest_1106_all_unique() {
    if let Some((n, u, _)) = check_set("sudoku/forum_hardest_1106.txt") {
        assert_eq!((n, u), (375, 375));
    }
}

#[test]
fn serg_benchmark_all_multiple() {
    if let Some((n, _, m)) = check_set("sudoku/serg_benchmark.txt") {
        assert_eq!((n, m), (10000, 10000));
    }
}

#[test]
fn norvig_sets_unique() {
    if let Some((n, u, _)) = check_set("sudoku/norvig_top95.txt") {
        assert_eq!((n, u), (95, 95));
    }
    if let Some((n, u, _)) = check_set("sudoku/norvig_hardest.txt") {
        assert_eq!((n, u), (11, 11));
    }
}

#[test]
fn kaggle_sample_matches_given_solutions() {
    if let Some((n, u, _)) = check_set("sudoku/kaggle9m_sample_10000_with_solutions.csv") {
        assert_eq!((n, u), (10000, 10000));
    }
}

fn session() -> Session {
    Session::capturing(&Limits::default())
}

#[test]
fn solve_agrees_with_the_seed_solutions() {
    // Nishikawa's J Lab prints `sudoku ym` and `sudoku su21_99`.
    let mut s = session();
    let v = s.eval("line(solve(ym))").unwrap();
    assert_eq!(
        v.into_string().unwrap(),
        "659721348743985162281436597974162853365897214128354679412673985596248731837519426"
    );
    let v = s.eval("line(solve(su21_99))").unwrap();
    assert_eq!(
        v.into_string().unwrap(),
        "364812579982756314175394628743581296698423751521967483457138962836279145219645837"
    );
    for name in ["ym", "su21_1", "su21_99", "x"] {
        let v = s.eval(&format!("is_unique({name})")).unwrap();
        assert!(v.as_bool().unwrap(), "{name}");
    }
    assert!(!s.eval("is_unique(clark)").unwrap().as_bool().unwrap());
    assert_eq!(
        s.eval("count_solutions(clark, 7)")
            .unwrap()
            .as_int()
            .unwrap(),
        7
    );
}

/// The fast solver and Hui's breadth-first `sudoku` are independent
/// searches: on the source's puzzles they must find the same solutions.
#[test]
fn solve_agrees_with_huis_sudoku_on_the_seed_puzzles() {
    use puzzlelab::monitor::Silent;
    use puzzlelab::sudoku::{hui, puzzles};
    for (name, text) in [
        ("ym", puzzles::YM),
        ("su21_1", puzzles::SU21_1),
        ("su21_99", puzzles::SU21_99),
        ("x", puzzles::X),
    ] {
        let g = Grid::parse(text).unwrap();
        let hui_all = hui::sudoku(&g, &Silent).unwrap();
        assert_eq!(hui_all.len(), 1, "{name}: Hui's sudoku");
        let count = solver::count_solutions(&g, 2).unwrap();
        assert_eq!(count.solutions, 1, "{name}: count_solutions");
        assert_eq!(solver::solve(&g).unwrap(), Some(hui_all[0]), "{name}");
    }
    let clark = Grid::parse(puzzles::CLARK).unwrap();
    let hui_all = hui::sudoku(&clark, &Silent).unwrap();
    assert_eq!(hui_all.len(), 15_220);
    let count = solver::count_solutions(&clark, 100_000).unwrap();
    assert_eq!(count.solutions, hui_all.len() as u64);
    assert!(!count.stopped);
    let first = count.first.unwrap();
    assert!(
        hui_all.contains(&first),
        "clark: the fast solver's first solution"
    );
}

#[test]
fn script_functions_report_invalid_and_unsolvable() {
    let mut s = session();
    let e = s.eval("let g = ym; g[0] = 5; solve(g)").unwrap_err();
    assert!(
        e.to_string()
            .contains("solve: invalid grid: digit 5 appears twice in row 1 (r1c1 and r1c2)"),
        "{e}"
    );
    // Valid clues, yet r1c9 can hold nothing: 1-8 in its row, 9 below it.
    let cells = format!("12345678.{}000000009{}", "0".repeat(27), "0".repeat(36));
    let v = s.eval(&format!("solve(grid(\"{cells}\"))")).unwrap();
    assert!(v.is_unit());
    let m = s.eval("rate(ym)").unwrap().cast::<rhai::Map>();
    assert_eq!(m["solutions"].as_int().unwrap(), 1);
    assert_eq!(m["guesses"].as_int().unwrap(), 0);
    assert_eq!(m["level"].clone().into_string().unwrap(), "easy");
}

/// A scratch directory for file tests, made afresh.
fn scratch(name: &str) -> crate::common::Scratch {
    crate::common::scratch_dir(&format!("solver-{name}"))
}

const YM_SOLVED: &str =
    "659721348743985162281436597974162853365897214128354679412673985596248731837519426";

#[test]
fn bad_files_name_file_and_line_and_go_on() {
    let dir = scratch("bad");
    let bad = dir.join("bad.txt");
    let mut text = String::from("# a comment\n");
    text.push_str(&format!("{YM}\n"));
    text.push_str(&format!("{}\n", &YM[..80])); // line 3: short
    text.push_str(&format!("{}?{}\n", &YM[..10], &YM[11..])); // line 4: bad character
    text.push('\n');
    text.push_str(&format!("{YM}\n")); // line 6: fine
    std::fs::write(&bad, &text).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let missing = dir.join("missing.txt");

    let mut s = session();
    let b = bad.display().to_string();
    let v = s
        .eval(&format!("read_file(\"{b}\")"))
        .unwrap()
        .cast::<rhai::Map>();
    let errors: Vec<String> = v["errors"]
        .clone()
        .into_array()
        .unwrap()
        .into_iter()
        .map(|e| e.into_string().unwrap())
        .collect();
    assert_eq!(
        errors,
        vec![
            format!("{b}:3: short line: 80 cells, a puzzle has 81"),
            format!(
                "{b}:4:11: bad character '?': a cell is a digit 1-9, or one of . 0 - _ * when empty"
            ),
        ]
    );
    let lines = v["lines"].clone().into_array().unwrap();
    let lines: Vec<i64> = lines.iter().map(|l| l.as_int().unwrap()).collect();
    assert_eq!(lines, vec![2, 6]);

    let summary = s
        .eval(&format!("solve_file(\"{b}\", #{{threads: 1}})"))
        .unwrap()
        .cast::<rhai::Map>();
    assert_eq!(summary["puzzles"].as_int().unwrap(), 2);
    assert_eq!(summary["unique"].as_int().unwrap(), 2);
    assert_eq!(summary["errors"].clone().into_array().unwrap().len(), 2);

    let e = s
        .eval(&format!("read_puzzles(\"{}\")", empty.display()))
        .unwrap_err();
    let want = format!("{}: no puzzles in the file", empty.display());
    assert!(e.to_string().contains(&want), "{e}");
    let e = s
        .eval(&format!("solve_file(\"{}\")", missing.display()))
        .unwrap_err();
    let want = format!("{}: cannot read the file", missing.display());
    assert!(e.to_string().contains(&want), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn writes_every_format_and_reads_it_back() {
    let dir = scratch("write");
    let mut s = session();
    for ext in ["txt", "tsv", "csv", "json"] {
        let p = dir.join(format!("out.{ext}")).display().to_string();
        let _ = s
            .eval(&format!("write_puzzles(\"{p}\", [ym, su21_99])"))
            .unwrap();
        if ext == "json" {
            let text = std::fs::read_to_string(&p).unwrap();
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v[1]["puzzle"].as_str().unwrap().len(), 81);
            continue;
        }
        let n = s.eval(&format!("read_puzzles(\"{p}\").len()")).unwrap();
        assert_eq!(n.as_int().unwrap(), 2, "{ext}");
    }
    // solve_file writes each solution beside its puzzle.
    let src = dir.join("in.txt");
    std::fs::write(&src, format!("{YM}\n")).unwrap();
    let out = dir.join("solved.csv").display().to_string();
    let _ = s
        .eval(&format!(
            "solve_file(\"{}\", #{{out: \"{out}\"}})",
            src.display()
        ))
        .unwrap();
    let c = formats::read_file(&out, &puzzlelab::monitor::Silent);
    assert_eq!(c.records[0].solution.unwrap().line(), YM_SOLVED);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The search is compiled three times (the portable copy and, on x86-64,
/// an AVX2/BMI2 copy and an AVX-512 one, chosen at run time). The copy
/// this CPU runs and the portable one must make the same search: the
/// same count, first solution and number of guesses on every puzzle, and
/// the portable copy's solution is checked against the clues and the
/// rules on its own.
#[test]
fn portable_and_detected_copies_search_alike() {
    use puzzlelab::sudoku::solver::{Isa, count_solutions_on};
    let Some(dir) = crate::common::data_or_skip(module_path!()) else {
        return;
    };
    let detected = Isa::detect();
    for (file, take) in [
        ("sudoku/royle_17clue_49151.txt", 2000),
        ("sudoku/magictour_top1465.txt", 1465),
        ("sudoku/forum_hardest_1106.txt", 375),
        ("sudoku/serg_benchmark.txt", 2000),
        ("sudoku/kaggle9m_sample_10000_with_solutions.csv", 2000),
    ] {
        let c = formats::read_file(dir.join(file), &puzzlelab::monitor::Silent);
        for r in c.records.iter().take(take) {
            let portable = count_solutions_on(&r.grid, 2, None, Isa::Portable).unwrap();
            let fast = count_solutions_on(&r.grid, 2, None, detected).unwrap();
            assert_eq!(portable, fast, "{file}:{}", r.line);
            let s = portable.first.expect("every shared puzzle has a solution");
            assert!(
                s.is_full() && solver::check(&s).is_ok(),
                "{file}:{}",
                r.line
            );
            assert!(
                (0..81).all(|i| r.grid.get(i) == 0 || r.grid.get(i) == s.get(i)),
                "{file}:{}: clue lost",
                r.line
            );
        }
    }
}
