//! `puzzlelab generate N`: N new puzzles, one a line, on stdout or into a
//! file, made on all cores (the puzzles depend on the seed only), with a
//! progress line on a terminal. Ctrl+C keeps the puzzles made so far and
//! ends the output with a `#` line saying it is partial (puzzle readers
//! skip `#` lines, so the file stays valid). With `--shard K/N` it makes
//! every N-th puzzle of the list as a part (`OUT.K-of-N`, or on stdout)
//! for `puzzlelab merge`; a stopped shard writes no part file.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use super::cli::GenerateArgs;
use super::host::{self, TerminalHost};
use crate::files::SafeFile;
use crate::script::host::Host;
use crate::shard::{Head, Kind, PartWriter, Shard, end_line, lines::puzzle_line};
use crate::sudoku::generate::{self, BatchEnd, Options, Symmetry};

/// Where the lines go: a file replaced at the end, a shard's part file
/// (put in place only when complete), or stdout as they come. (`rate`
/// writes through it too.)
pub(super) enum Sink {
    File(SafeFile),
    Part(PartWriter),
    Stdout(String),
}

impl Sink {
    pub(super) fn line(&mut self, text: &str) -> Result<(), String> {
        match self {
            Sink::File(f) => writeln!(f, "{text}").map_err(|e| format!("cannot write: {e}")),
            Sink::Part(p) => p.line(text).map_err(|e| e.message),
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

    /// Puts the output in place; a part with the end line `totals`.
    pub(super) fn finish(
        self,
        shown_as: &str,
        totals: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<(), String> {
        match self {
            Sink::File(f) => f
                .commit(std::path::Path::new(shown_as))
                .map_err(|e| e.to_string()),
            Sink::Part(p) => p.finish(totals).map_err(|e| e.to_string()),
            Sink::Stdout(pending) => {
                host::write_stdout(&pending, true);
                Ok(())
            }
        }
    }
}

/// Runs `puzzlelab generate` (shard `shard` of it, if given) and returns
/// its exit code: 0 when all N were made, 130 when Ctrl+C stopped it, 1 on
/// an error, 2 for bad options.
pub(super) fn run(args: &GenerateArgs, shard: Option<Shard>) -> ExitCode {
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
    let shard = shard.unwrap_or(Shard::WHOLE);
    if !shard.is_whole() && args.seed.is_none() {
        return fail(
            2,
            &format!(
                "--shard {shard} needs --seed S: every shard must make its share of the same list"
            ),
        );
    }
    options.seed = args.seed.unwrap_or_else(|| {
        // Shown so that the run can be made again.
        let seed = rand::random::<u64>() >> 1;
        eprintln!("puzzlelab generate: --seed {seed}");
        seed
    });
    let head = || {
        let mut job = serde_json::Map::new();
        job.insert("count".into(), args.count.into());
        job.insert("seed".into(), options.seed.into());
        job.insert("symmetry".into(), options.symmetry.name().into());
        job.insert("clues".into(), options.clues.into());
        job.insert("tries".into(), options.tries.into());
        Head {
            kind: Kind::Generate,
            shard,
            job,
        }
    };
    let shown_as = match &args.out {
        Some(out) if !shard.is_whole() => shard
            .part_path(std::path::Path::new(out))
            .display()
            .to_string(),
        Some(out) => out.clone(),
        None => "stdout".into(),
    };
    let mut sink = match &args.out {
        Some(_) if !shard.is_whole() => {
            match PartWriter::create(std::path::Path::new(&shown_as), &[], &head()) {
                Ok(p) => Sink::Part(p),
                Err(e) => return fail(1, &e.to_string()),
            }
        }
        Some(path) => match SafeFile::create(path, &[]) {
            Ok(f) => Sink::File(f),
            Err(e) => return fail(1, &e.to_string()),
        },
        None if !shard.is_whole() => Sink::Stdout(format!("{}\n", head().line())),
        None => Sink::Stdout(String::new()),
    };
    let start = Instant::now();
    let monitor = TerminalHost::new().monitor();
    let mut write_error = None;
    let end = generate::generate_shard(
        args.count,
        shard,
        &options,
        args.threads,
        &*monitor,
        |i, g| {
            let line = match shard.is_whole() {
                true => g.puzzle.line(),
                false => puzzle_line(i, &g.puzzle),
            };
            match sink.line(&line) {
                Ok(()) => true,
                Err(e) => {
                    write_error = Some(e);
                    false
                }
            }
        },
    );
    drop(monitor);
    let n = args.count;
    let mine = shard.len_of(n);
    let of = match shard.is_whole() {
        true => String::new(),
        false => format!(" of shard {shard}"),
    };
    let (flag, code) = match &end {
        BatchEnd::Done => (None, 0),
        BatchEnd::Stopped { made } => (
            Some(format!(
                "# stopped (Ctrl+C) after {made} of {mine} puzzles{of}: this list is partial"
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
    if let Some(flag) = &flag {
        if let Sink::Part(_) = sink {
            // A part that is not whole is of no use to a merge: none is written.
            return fail(
                code,
                &format!("{}; no part written", flag.trim_start_matches("# ")),
            );
        }
        if let Err(e) = sink.line(flag) {
            return fail(1, &format!("{shown_as}: {e}"));
        }
    }
    let mut totals = serde_json::Map::new();
    totals.insert("puzzles".into(), mine.into());
    if flag.is_none()
        && !shard.is_whole()
        && let Sink::Stdout(_) = sink
        && let Err(e) = sink.line(&end_line(mine, &totals))
    {
        return fail(1, &format!("{shown_as}: {e}"));
    }
    if let Err(e) = sink.finish(&shown_as, &totals) {
        return fail(1, &e);
    }
    match flag {
        Some(flag) => fail(code, flag.trim_start_matches("# ")),
        None => {
            let secs = start.elapsed().as_secs_f64();
            if args.out.is_some() {
                eprintln!(
                    "puzzlelab generate: {mine} puzzles{of} in {secs:.2} s ({:.0}/s) written to {shown_as}",
                    mine as f64 / secs.max(1e-9)
                );
            }
            ExitCode::SUCCESS
        }
    }
}
