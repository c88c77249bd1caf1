//! `puzzlelab generate N`: N new puzzles, one a line, on stdout or into a
//! file, made on all cores (the puzzles depend on the seed only), with a
//! progress line on a terminal. Ctrl+C keeps the puzzles made so far and
//! ends the output with a `#` line saying it is partial (puzzle readers
//! skip `#` lines, so the file stays valid).

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use super::cli::GenerateArgs;
use super::host::{self, TerminalHost};
use crate::files::SafeFile;
use crate::script::host::Host;
use crate::sudoku::generate::{self, BatchEnd, Options, Symmetry};

/// Where the lines go: a file replaced at the end, or stdout as they come.
enum Sink {
    File(SafeFile),
    Stdout(String),
}

impl Sink {
    fn line(&mut self, text: &str) -> Result<(), String> {
        match self {
            Sink::File(f) => writeln!(f, "{text}").map_err(|e| format!("cannot write: {e}")),
            Sink::Stdout(pending) => {
                pending.push_str(text);
                pending.push('\n');
                if pending.len() >= 1 << 16 {
                    host::write_stdout(pending, true);
                    pending.clear();
                }
                Ok(())
            }
        }
    }

    fn finish(self, shown_as: &str) -> Result<(), String> {
        match self {
            Sink::File(f) => f
                .commit(std::path::Path::new(shown_as))
                .map_err(|e| e.to_string()),
            Sink::Stdout(pending) => {
                host::write_stdout(&pending, true);
                Ok(())
            }
        }
    }
}

/// Runs `puzzlelab generate` and returns its exit code: 0 when all N were
/// made, 130 when Ctrl+C stopped it, 1 on an error, 2 for bad options.
pub(super) fn run(args: &GenerateArgs) -> ExitCode {
    let fail = |code: u8, why: &str| {
        let _ = std::io::stdout().flush();
        eprintln!("puzzlelab generate: {why}");
        ExitCode::from(code)
    };
    let Some(symmetry) = Symmetry::parse(&args.symmetry) else {
        let known: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        return fail(
            2,
            &format!(
                "--symmetry {:?} is unknown; known: {} (also central, 180, 90, mirror)",
                args.symmetry,
                known.join(", ")
            ),
        );
    };
    let mut options = Options {
        symmetry,
        clues: args.clues,
        tries: args.tries,
        ..Options::default()
    };
    if let Err(e) = generate::check(&options) {
        return fail(2, &e.to_string());
    }
    options.seed = args.seed.unwrap_or_else(|| {
        // Shown so that the run can be made again.
        let seed = rand::random::<u64>() >> 1;
        eprintln!("puzzlelab generate: --seed {seed}");
        seed
    });
    let shown_as = args.out.clone().unwrap_or_else(|| "stdout".into());
    let mut sink = match &args.out {
        Some(path) => match SafeFile::create(path, &[]) {
            Ok(f) => Sink::File(f),
            Err(e) => return fail(1, &e.to_string()),
        },
        None => Sink::Stdout(String::new()),
    };
    let start = Instant::now();
    let monitor = TerminalHost::new().monitor();
    let mut write_error = None;
    let end =
        generate::generate_many(
            args.count,
            &options,
            args.threads,
            &*monitor,
            |_, g| match sink.line(&g.puzzle.line()) {
                Ok(()) => true,
                Err(e) => {
                    write_error = Some(e);
                    false
                }
            },
        );
    drop(monitor);
    let n = args.count;
    let (flag, code) = match &end {
        BatchEnd::Done => (None, 0),
        BatchEnd::Stopped { made } => (
            Some(format!(
                "# stopped (Ctrl+C) after {made} of {n} puzzles: this list is partial"
            )),
            130,
        ),
        BatchEnd::Failed { index, error } => (
            Some(format!(
                "# puzzle {} of {n} could not be made: {error}",
                index + 1
            )),
            1,
        ),
        BatchEnd::Refused { .. } => {
            let why = write_error.unwrap_or_default();
            return fail(1, &format!("{shown_as}: {why}"));
        }
    };
    if let Some(flag) = &flag
        && let Err(e) = sink.line(flag)
    {
        return fail(1, &format!("{shown_as}: {e}"));
    }
    if let Err(e) = sink.finish(&shown_as) {
        return fail(1, &e);
    }
    match flag {
        Some(flag) => fail(code, flag.trim_start_matches("# ")),
        None => {
            let secs = start.elapsed().as_secs_f64();
            if args.out.is_some() {
                eprintln!(
                    "puzzlelab generate: {n} puzzles in {secs:.2} s ({:.0}/s) written to {shown_as}",
                    n as f64 / secs.max(1e-9)
                );
            }
            ExitCode::SUCCESS
        }
    }
}
