//! The written DIMACS file against independent, strict solvers from Debian
//! (`apt-get install -y picosat cadical`): each must accept the file and
//! return a model that decodes to the grid the embedded solver finds. Each
//! solver missing from PATH is skipped (listed in the run's one SKIPPED
//! line; a failure under PUZZLELAB_REQUIRE_TOOLS=1, see common::tools).

use std::process::Command;

use puzzlelab::monitor::Silent;
use puzzlelab::sat::{self, Answer, SudokuBoard};
use puzzlelab::sudoku::puzzles;

use crate::common::tools::{Tool, have};

/// The solvers with the arguments that make them strict about the format.
const SOLVERS: [(&str, &[&str]); 2] = [("picosat", &[]), ("cadical", &["--strict"])];

/// The tool a solver program is.
fn tool(program: &str) -> Tool {
    match program {
        "picosat" => Tool::Picosat,
        "cadical" => Tool::Cadical,
        other => panic!("{other} is not one of the solvers tested"),
    }
}

fn temp(name: &str) -> crate::common::Scratch {
    crate::common::scratch_file("satx", name)
}

/// Run `solver args file`: its exit code and standard output.
fn run(solver: &str, args: &[&str], file: &std::path::Path) -> (Option<i32>, String) {
    let out = Command::new(solver)
        .args(args)
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("{solver}: {e}"));
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn strict_solvers_accept_the_file_and_agree() {
    for (solver, args) in SOLVERS {
        if !have(tool(solver), module_path!()) {
            continue;
        }
        for (name, text) in puzzles::ALL {
            let board = SudokuBoard::parse(text).unwrap();
            let path = temp(&format!("{name}.cnf"));
            sat::write_dimacs_file(&sat::encode(&board), path.to_str().unwrap()).unwrap();
            let (code, stdout) = run(solver, args, &path);
            // 10 = satisfiable: the file was read and solved.
            assert_eq!(code, Some(10), "{solver} on {name}: {stdout}");
            let answer = sat::read_answer(&stdout).unwrap();
            assert!(matches!(answer, Answer::Sat(_)), "{solver} on {name}");
            let theirs = sat::answer_board(&answer, Some(9)).unwrap().unwrap();
            assert!(theirs.solves(&board), "{solver} on {name}");
            let ours = sat::solve(&board, &Silent).unwrap().unwrap();
            // clark has many solutions: only uniquely solvable puzzles must agree.
            if name != "clark" {
                assert_eq!(theirs, ours, "{solver} on {name}");
            }
            std::fs::remove_file(&path).unwrap();
        }
    }
}

#[test]
fn strict_solvers_reject_what_the_seed_wrote() {
    // Without the `p cnf` header (as the source wrote it) a strict solver refuses.
    let board = SudokuBoard::parse(puzzles::YM).unwrap();
    let text = sat::to_dimacs(&sat::encode(&board));
    let headless: String = text
        .lines()
        .filter(|l| !l.starts_with('p') && !l.starts_with('c'))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = temp("headless.cnf");
    std::fs::write(&path, headless).unwrap();
    for (solver, args) in SOLVERS {
        if !have(tool(solver), module_path!()) {
            continue;
        }
        let (code, stdout) = run(solver, args, &path);
        assert!(
            !matches!(code, Some(10 | 20)),
            "{solver} accepted it: {stdout}"
        );
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_solver_option_runs_them() {
    let board = SudokuBoard::parse(puzzles::SU21_99).unwrap();
    let ours = sat::solve(&board, &Silent).unwrap().unwrap();
    for command in ["picosat", "cadical", "cadical -q {cnf}"] {
        let program = command.split(' ').next().unwrap();
        if !have(tool(program), module_path!()) {
            continue;
        }
        let theirs = sat::solve_external(&board, command, &Silent).unwrap();
        assert_eq!(theirs, Some(ours.clone()), "{command}");
        // A contradiction is unsatisfiable for them too.
        let mut clash = board.clone();
        clash.set(0, 0, 4);
        clash.set(0, 1, 4);
        assert_eq!(sat::solve_external(&clash, command, &Silent).unwrap(), None);
    }
    // Through the script layer.
    if have(Tool::Picosat, module_path!()) {
        let mut s = puzzlelab::script::session::Session::capturing(&Default::default());
        s.allow_exec(true);
        let v = s
            .eval("sat_solve(su21_99, #{solver: \"picosat\"}) == sat_solve(su21_99)")
            .unwrap();
        assert!(v.as_bool().unwrap());
    }
}

/// A stand-in for minisat: `fake {cnf} {out}` writes a fixed result file.
#[cfg(unix)]
fn fake_minisat(name: &str, result: &str, code: i32) -> crate::common::Scratch {
    use std::os::unix::fs::PermissionsExt;
    let path = temp(name);
    let script = format!("#!/bin/sh\nprintf '{result}' > \"$2\"\nexit {code}\n");
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
#[test]
fn a_result_file_is_read_when_the_command_names_one() {
    let full = SudokuBoard::pattern(2).unwrap();
    let puzzle = full.keep_cells(|i| i % 2 == 0);
    let model: Vec<String> = sat::encode::clue_vars(&full)
        .iter()
        .map(|v| v.to_string())
        .collect();
    let sat_file = fake_minisat(
        "fake-sat.sh",
        &format!("SAT\\n{} 0\\n", model.join(" ")),
        10,
    );
    let command = format!("{} {{cnf}} {{out}}", sat_file.display());
    assert_eq!(
        sat::solve_external(&puzzle, &command, &Silent).unwrap(),
        Some(full)
    );
    let unsat_file = fake_minisat("fake-unsat.sh", "UNSAT\\n", 20);
    let command = format!("{} {{cnf}} {{out}}", unsat_file.display());
    assert_eq!(
        sat::solve_external(&puzzle, &command, &Silent).unwrap(),
        None
    );
    // A solver that writes nothing: the error says so.
    let e = sat::solve_external(&puzzle, "true {cnf} {out}", &Silent).unwrap_err();
    assert!(e.to_string().contains("no result file"), "{e}");
    std::fs::remove_file(sat_file).unwrap();
    std::fs::remove_file(unsat_file).unwrap();
}
