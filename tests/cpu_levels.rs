//! Every compiled copy of the searches, run end to end: the binary, with
//! `PUZZLELAB_ISA` set to each level this CPU runs (`puzzlelab::cpu`),
//! solves a set of puzzles, gives their canonical forms and counts Soma
//! and pentacube packings. Every level gives the portable copy's answers,
//! and those are checked on their own: a solution keeps the clues and
//! breaks no rule, a form is no larger than the puzzle's own relabelling
//! and has its clue count, the counts are the published ones. A level this
//! CPU cannot run is refused with what it lacks, and the test prints
//! `SKIPPED: ...` (`--nocapture` shows it).

use puzzlelab::cpu::Level;
use puzzlelab::sudoku::Grid;

/// Runs `puzzlelab ARGS` with `PUZZLELAB_ISA=isa`: exit code, stdout,
/// stderr.
fn puzzlelab_on(isa: &str, args: &[&str]) -> (i32, String, String) {
    let home = crate::common::scratch_dir("cpu");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PUZZLELAB_HOME", home.as_str())
        .env("NO_COLOR", "1")
        .env("PUZZLELAB_ISA", isa)
        .output()
        .expect("puzzlelab starts");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The script each level runs: hard puzzles (under 30 clues: the V4
/// copy's vector settling) and easy ones, solved and put in canonical
/// form; Soma in the 3×3×3 cube and the pentacubes in 2×5×6 (small tables
/// of 8 and 16 words, which the V4 copy counts its own way).
fn script(data: &std::path::Path) -> String {
    let file = |name: &str| data.join(name).display().to_string();
    format!(
        r#"
let hard = read_puzzles({hard:?});
let easy = read_puzzles({easy:?});
for p in hard.extract(0, 150) + easy.extract(0, 150) {{
    print(`${{p.line}} ${{solve(p).line}} ${{canon(p).line}}`);
}}
print(`soma ${{count_polycube(cuboid(3, 3, 3), "soma")}}`);
print(`block ${{count_polycube(cuboid(2, 5, 6), "pentominoes")}}`);
"#,
        hard = file("sudoku/forum_hardest_1106.txt"),
        easy = file("sudoku/kaggle9m_sample_10000_with_solutions.csv"),
    )
}

/// A grid's line with every empty cell written `0`.
fn zeros(line: &str) -> String {
    line.replace('.', "0")
}

/// `puzzle`'s digits renamed in order of first appearance (an empty cell
/// written `0`).
fn relabelled(puzzle: &str) -> String {
    let mut names = [0u8; 10];
    let mut next = b'1';
    zeros(puzzle)
        .bytes()
        .map(|b| {
            let d = usize::from(b - b'0');
            if d != 0 && names[d] == 0 {
                names[d] = next;
                next += 1;
            }
            if d == 0 { '0' } else { char::from(names[d]) }
        })
        .collect()
}

/// The portable copy's answers, checked without any other copy.
fn check_on_their_own(out: &str) {
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 302, "{out}");
    for line in &lines[..300] {
        let [puzzle, solution, form] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("{line}");
        };
        let (p, s) = (Grid::parse(puzzle).unwrap(), Grid::parse(solution).unwrap());
        assert!(s.is_full() && s.check().is_ok(), "{line}");
        assert!(
            (0..81).all(|i| p.get(i) == 0 || p.get(i) == s.get(i)),
            "{line}"
        );
        let clues = |t: &str| zeros(t).bytes().filter(|&b| b != b'0').count();
        assert_eq!(clues(form), clues(puzzle), "{line}");
        assert!(zeros(form) <= relabelled(puzzle), "{line}");
    }
    // Conway and Guy's 240 Soma solutions; 264 pentacube packings of
    // 2×5×6 (the reference counts in tests/exact_cover_counts.rs).
    assert_eq!(&lines[300..], ["soma 240", "block 264"]);
}

#[test]
fn every_level_this_cpu_runs_gives_the_portable_answers() {
    let Some(data) = crate::common::data_or_skip(module_path!()) else {
        return;
    };
    let code = script(&data);
    let mut portable = None;
    for level in Level::ALL {
        let (status, out, err) = puzzlelab_on(level.name(), &["-e", &code]);
        if let Some(why) = level.lacks() {
            // Refused before any work, never run.
            println!("SKIPPED: {}: {why}", module_path!());
            assert_eq!(status, 2, "{level}: {out}{err}");
            assert!(err.contains(&why), "{level}: {err}");
            assert!(out.is_empty(), "{level}: {out}");
            continue;
        }
        assert_eq!((status, err.as_str()), (0, ""), "{level}");
        let (_, version, _) = puzzlelab_on(level.name(), &["--version"]);
        assert!(
            version.contains(&format!("CPU level: {level} ")),
            "{level}: {version}"
        );
        match &portable {
            None => {
                check_on_their_own(&out);
                portable = Some(out);
            }
            Some(want) => assert!(*want == out, "{level} differs from portable"),
        }
    }
}

#[test]
fn an_unknown_level_is_refused_with_the_valid_names() {
    let (status, out, err) = puzzlelab_on("avx512", &["-e", "1 + 1"]);
    assert_eq!(status, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "puzzlelab: PUZZLELAB_ISA=\"avx512\" names no level: \
         use one of portable, v3, v4 or native\n"
    );
    // `native` is the best level this CPU runs, as `--version` says.
    let (status, out, _) = puzzlelab_on("native", &["--version"]);
    assert_eq!(status, 0);
    let best = Level::ALL
        .into_iter()
        .filter(|l| l.runs_here())
        .max()
        .unwrap();
    assert!(
        out.contains(&format!("CPU level: {best} (native)")),
        "{out}"
    );
}
