//! Running a SAT solver the user installed (picosat, cadical, kissat,
//! minisat, ...) on a formula and reading its answer.
//!
//! The command is split at white space (no shell, no quoting). `{cnf}` in it
//! stands for the DIMACS file written for the solver; without `{cnf}` the
//! file's path is added as the last argument. `{out}` stands for a result
//! file (minisat: `minisat {cnf} {out}`): when present, the answer is read
//! from that file, otherwise from the solver's standard output. Exit codes
//! 10 (satisfiable) and 20 (unsatisfiable) are the convention, not errors.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::SatError;
use super::dimacs::{Answer, read_answer, to_dimacs};
use super::encode::Cnf;
use crate::monitor::Monitor;
use crate::process::{Finished, ProcessError};

/// A temporary file removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(ext: &str) -> TempFile {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        TempFile(
            std::env::temp_dir().join(format!("puzzlelab-sat-{}-{n}.{ext}", std::process::id())),
        )
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn failed(command: &str, message: impl Into<String>) -> SatError {
    SatError::External {
        command: command.to_string(),
        message: message.into(),
    }
}

/// Run `command` on `cnf` and read its answer. The monitor can stop it (the
/// solver process is then killed).
pub fn run(cnf: &Cnf, command: &str, monitor: &dyn Monitor) -> Result<Answer, SatError> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let Some((program, _)) = words.split_first() else {
        return Err(failed(command, "the solver command is empty"));
    };
    let input = TempFile::new("cnf");
    std::fs::write(&input.0, to_dimacs(cnf)).map_err(|e| SatError::Io {
        path: input.0.display().to_string(),
        message: e.to_string(),
    })?;
    let output = TempFile::new("out");
    let uses_out = words.iter().any(|w| w.contains("{out}"));
    let mut args: Vec<String> = words[1..]
        .iter()
        .map(|w| {
            w.replace("{cnf}", &input.0.to_string_lossy())
                .replace("{out}", &output.0.to_string_lossy())
        })
        .collect();
    if !words.iter().any(|w| w.contains("{cnf}")) {
        args.push(input.0.to_string_lossy().into_owned());
    }
    // A solver's answer is at most a model line per variable: 64 MB is ample.
    let done = crate::process::run(program, &args, 64 << 20, monitor).map_err(|e| match e {
        ProcessError::Start(e) => failed(
            command,
            format!("could not start {program:?}: {e} (is the solver installed?)"),
        ),
        ProcessError::Wait(e) => failed(command, e.to_string()),
        ProcessError::Cancelled => SatError::Cancelled,
    })?;
    let text = if uses_out {
        std::fs::read_to_string(&output.0).map_err(|e| {
            failed(
                command,
                format!(
                    "no result file ({e}); the solver said: {}",
                    first_line(&done)
                ),
            )
        })?
    } else {
        done.output.clone()
    };
    read_answer(&text).map_err(|e| {
        failed(
            command,
            format!(
                "exit status {}; its answer: {e}; the solver said: {}",
                done.code.map_or("none".to_string(), |c| c.to_string()),
                first_line(&done)
            ),
        )
    })
}

/// The first nonblank line of the error output, else of the output.
fn first_line(done: &Finished) -> String {
    done.errors
        .lines()
        .chain(done.output.lines())
        .find(|l| !l.trim().is_empty())
        .unwrap_or("(nothing)")
        .to_string()
}

/// The path of an installed program, looked up in `PATH`.
pub fn which(program: &str) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Silent;

    #[test]
    fn a_missing_solver_is_an_error_not_a_panic() {
        let cnf = Cnf::new(1);
        let e = run(&cnf, "no-such-solver-here", &Silent).unwrap_err();
        assert!(e.to_string().contains("could not start"), "{e}");
        assert!(run(&cnf, "  ", &Silent).is_err());
    }

    #[test]
    fn output_that_is_no_answer_is_reported() {
        let cnf = Cnf::new(1);
        // `echo` prints the file name: not an answer.
        let e = run(&cnf, "echo", &Silent).unwrap_err().to_string();
        assert!(e.contains("no solver status"), "{e}");
    }
}
