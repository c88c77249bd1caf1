//! Running a SAT solver the user installed (picosat, cadical, kissat,
//! minisat, ...) on a formula and reading its answer.
//!
//! The command is an executable and its arguments: a line split at white
//! space (shell syntax is refused, since no shell runs it) or a list of
//! words. `{cnf}` in it
//! stands for the DIMACS file written for the solver; without `{cnf}` the
//! file's path is added as the last argument. `{out}` stands for a result
//! file (minisat: `minisat {cnf} {out}`): when present, the answer is read
//! from that file, otherwise from the solver's standard output. Exit codes
//! 10 (satisfiable) and 20 (unsatisfiable) are the convention, not errors.

use std::io::Read;
use std::path::PathBuf;

use super::SatError;
use super::dimacs::{Answer, read_answer, to_dimacs};
use super::encode::Cnf;
use crate::monitor::Monitor;
use crate::process::ProcessError;

/// The most a solver may print (or write to its result file) that is read:
/// a 25×25 model is under 200 KB; a runaway solver cannot fill memory.
pub const MAX_ANSWER: u64 = 64 * 1024 * 1024;

/// Characters that would mean something to a shell. No shell runs the
/// command, so a line written for one would silently do something else:
/// it is refused with an explanation instead.
const SHELL_CHARS: &[char] = &[
    '|', '&', ';', '<', '>', '$', '`', '\'', '"', '(', ')', '*', '?', '~', '\\', '\n', '\r',
];

/// A solver command: an executable and its arguments (never a shell line).
/// `{cnf}` and `{out}` in an argument stand for the formula file and a
/// result file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverCommand {
    /// The program as the user named it (a name looked up in `PATH`, or a path).
    pub program: String,
    /// Its arguments, placeholders not yet replaced.
    pub args: Vec<String>,
}

impl SolverCommand {
    /// A command from a line split at white space; shell syntax (quotes,
    /// pipes, `$`, redirections, globs) is refused since no shell runs it.
    pub fn parse(line: &str) -> Result<SolverCommand, SatError> {
        if let Some(c) = line.chars().find(|c| SHELL_CHARS.contains(c)) {
            return Err(failed(
                line,
                format!(
                    "{c:?} is shell syntax, and no shell runs the solver: give a program and its arguments separated by spaces, or an array [program, arg, ...]"
                ),
            ));
        }
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        SolverCommand::from_words(words, line)
    }

    /// A command from its words: the program first, then the arguments
    /// (taken as they are: any character is allowed).
    pub fn from_words(words: Vec<String>, shown: &str) -> Result<SolverCommand, SatError> {
        let mut words = words.into_iter();
        let Some(program) = words.next().filter(|p| !p.trim().is_empty()) else {
            return Err(failed(shown, "the solver command is empty"));
        };
        Ok(SolverCommand {
            program,
            args: words.collect(),
        })
    }

    /// The command as one line, for messages.
    pub fn shown(&self) -> String {
        std::iter::once(self.program.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The program's file: a path as given, or a name found in `PATH`.
    pub fn resolve(&self) -> Result<PathBuf, SatError> {
        let shown = self.shown();
        if self.program.contains('/') {
            let p = PathBuf::from(&self.program);
            if p.is_file() {
                return Ok(p);
            }
            return Err(failed(
                &shown,
                format!("could not start {:?}: no such file", self.program),
            ));
        }
        which(&self.program).ok_or_else(|| {
            failed(
                &shown,
                format!(
                    "could not start {:?}: not found in PATH (is the solver installed?)",
                    self.program
                ),
            )
        })
    }
}

fn failed(command: &str, message: impl Into<String>) -> SatError {
    SatError::External {
        command: command.to_string(),
        message: message.into(),
    }
}

/// Reads at most [`MAX_ANSWER`] bytes of a result file as text (invalid
/// UTF-8 replaced); `process` caps the solver's own output the same way.
fn read_capped(r: impl Read) -> String {
    let mut bytes = Vec::new();
    let _ = r.take(MAX_ANSWER).read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Run the solver command line `command` on `cnf` (see [`SolverCommand::parse`]).
pub fn run(cnf: &Cnf, command: &str, monitor: &dyn Monitor) -> Result<Answer, SatError> {
    run_command(cnf, &SolverCommand::parse(command)?, monitor)
}

/// Run `command` on `cnf` and read its answer. The formula and result
/// files live in a fresh private folder from `tempfile` (random name, not
/// shared, removed afterwards whatever happens; the only files puzzlelab
/// writes without [`crate::files::SafeFile`], being its own new ones). The
/// monitor can stop the solver: its whole process group is then killed
/// (see [`crate::process`]).
pub fn run_command(
    cnf: &Cnf,
    command: &SolverCommand,
    monitor: &dyn Monitor,
) -> Result<Answer, SatError> {
    let shown = command.shown();
    let program = command.resolve()?;
    let mut builder = tempfile::Builder::new();
    builder.prefix("puzzlelab-sat-");
    // Private: nobody else can read the formula or plant the result file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o700));
    }
    let folder = builder.tempdir().map_err(|e| SatError::Io {
        path: std::env::temp_dir().display().to_string(),
        message: format!("cannot make a temporary folder: {e}"),
    })?;
    // Listed so that a process leaving at once on a signal removes it too.
    let _listed = crate::files::Temporary::new(folder.path());
    let input = folder.path().join("formula.cnf");
    let output = folder.path().join("answer.out");
    std::fs::write(&input, to_dimacs(cnf)).map_err(|e| SatError::Io {
        path: input.display().to_string(),
        message: e.to_string(),
    })?;
    let uses_out = command.args.iter().any(|w| w.contains("{out}"));
    let mut args: Vec<String> = command
        .args
        .iter()
        .map(|w| {
            w.replace("{cnf}", &input.to_string_lossy())
                .replace("{out}", &output.to_string_lossy())
        })
        .collect();
    if !command.args.iter().any(|w| w.contains("{cnf}")) {
        args.push(input.to_string_lossy().into_owned());
    }
    let done = crate::process::run(&program.to_string_lossy(), &args, MAX_ANSWER, monitor)
        .map_err(|e| match e {
            ProcessError::Start(e) => failed(
                &shown,
                format!(
                    "could not start {:?}: {e} (is the solver installed?)",
                    command.program
                ),
            ),
            ProcessError::Wait(e) => failed(&shown, e.to_string()),
            ProcessError::Cancelled => SatError::Cancelled,
        })?;
    let (said, complained) = (done.output, done.errors);
    let status_code = done.code;
    let text = if uses_out {
        std::fs::File::open(&output).map(read_capped).map_err(|e| {
            failed(
                &shown,
                format!(
                    "no result file ({e}); the solver said: {}",
                    first_line(&complained, &said)
                ),
            )
        })?
    } else {
        said.clone()
    };
    read_answer(&text).map_err(|e| {
        failed(
            &shown,
            format!(
                "exit status {}; its answer: {e}; the solver said: {}",
                status_code.map_or("none".to_string(), |c| c.to_string()),
                first_line(&complained, &said)
            ),
        )
    })
}

/// The first nonblank line of the error output, else of the output.
fn first_line(errors: &str, output: &str) -> String {
    errors
        .lines()
        .chain(output.lines())
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
    fn shell_lines_are_refused_and_temp_files_removed() {
        let cnf = Cnf::new(1);
        let e = run(&cnf, "sh -c 'echo s SATISFIABLE'", &Silent).unwrap_err();
        assert!(e.to_string().contains("is shell syntax"), "{e}");
        let e = run(&cnf, "picosat | head", &Silent).unwrap_err();
        assert!(e.to_string().contains("'|' is shell syntax"), "{e}");
        // `ls` lists the private folder's formula: then the folder is gone.
        let words = vec!["ls".to_string(), "-d".to_string(), "{cnf}".to_string()];
        let cmd = SolverCommand::from_words(words, "ls").unwrap();
        let e = run_command(&cnf, &cmd, &Silent).unwrap_err().to_string();
        let said = e.rsplit("the solver said: ").next().unwrap().trim();
        assert!(said.ends_with("formula.cnf"), "{e}");
        assert!(!std::path::Path::new(said).exists(), "{said} left behind");
    }

    #[test]
    fn output_that_is_no_answer_is_reported() {
        let cnf = Cnf::new(1);
        // `echo` prints the file name: not an answer.
        let e = run(&cnf, "echo", &Silent).unwrap_err().to_string();
        assert!(e.contains("no solver status"), "{e}");
    }
}
