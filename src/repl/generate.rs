//! `puzzlelab generate N`: N new puzzles, one a line, on stdout or into a
//! file, made on all cores (the puzzles depend on the seed only), with a
//! progress line on a terminal. Ctrl+C keeps the puzzles made so far and
//! ends the output with a `#` line saying it is partial (puzzle readers
//! skip `#` lines, so the file stays valid). With `--shard K/N` it makes
//! every N-th puzzle of the list as a part (`OUT.K-of-N`, or on stdout)
//! for `puzzlelab merge`; a stopped shard writes no part file.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::cli::GenerateArgs;
use super::host::TerminalHost;
use super::sink::Output;
use crate::script::host::Host;
use crate::shard::{Head, Kind, Shard, lines::puzzle_line};
use crate::sudoku::generate::{self, BatchEnd, Options, RatingRange, Symmetry};
use crate::sudoku::human::TechniqueInfo;
use crate::sudoku::practice;

/// `--er 7.0-8.0` (or `9.0`, for 9.0 and up) as a rating range.
fn parse_er(text: &str) -> Result<RatingRange, String> {
    let figure = |t: &str| -> Result<u8, String> {
        let x: f64 = t.trim().parse().map_err(|_| {
            format!("--er {text:?}: {t:?} is not a rating; give MIN-MAX such as 7.0-8.0")
        })?;
        if !(0.0..=20.0).contains(&x) {
            return Err(format!(
                "--er {text:?}: {x} is out of range; SE's ratings run from 0.0 to 20.0"
            ));
        }
        Ok((x * 10.0).round() as u8)
    };
    let (min, max) = match text.split_once('-') {
        Some((a, b)) => (figure(a)?, figure(b)?),
        None => (figure(text)?, RatingRange::default().max_er),
    };
    Ok(RatingRange {
        min_er: min,
        max_er: max,
        ..RatingRange::default()
    })
}

/// Runs `puzzlelab generate` (shard `shard` of it, if given) and returns
/// its exit code: 0 when all N were made, 130 when Ctrl+C stopped it, 1 on
/// an error, 2 for bad options.
pub(super) fn make_puzzles(args: &GenerateArgs, shard: Option<Shard>) -> ExitCode {
    let (options, practice, shard) = match options_of(args, shard) {
        Ok(chosen) => chosen,
        Err(why) => return fail(2, &why),
    };
    if let Err(e) = crate::threads::start(args.threads) {
        return fail(1, &e);
    }
    let head = || job_head(args, &options, practice, shard);
    let mut output = match Output::open(args.out.as_deref(), shard, &[], head) {
        Ok(o) => o,
        Err(e) => return fail(1, &e),
    };
    let shown_as = output.shown_as.clone();
    let start = Instant::now();
    let (end, write_error) = make_and_write(args, &options, practice, shard, &mut output);
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
            return fail(1, &write_error.unwrap_or_default());
        }
    };
    if let Some(flag) = &flag {
        return match output.stopped(flag) {
            Ok(()) => fail(code, flag.trim_start_matches("# ")),
            Err(e) => fail(code, &e),
        };
    }
    let mut totals = serde_json::Map::new();
    totals.insert("puzzles".into(), mine.into());
    if let Err(e) = output.done(shard, &totals) {
        return fail(1, &e);
    }
    let secs = start.elapsed().as_secs_f64();
    if args.out.is_some() {
        super::host::write_stderr(&format!(
            "puzzlelab generate: {mine} puzzles{of} in {secs:.2} s ({:.0}/s) written to {shown_as}",
            mine as f64 / secs.max(1e-9)
        ));
    }
    ExitCode::SUCCESS
}

/// Says why on stderr and returns the exit code `code`.
fn fail(code: u8, why: &str) -> ExitCode {
    super::host::write_stderr(&format!("puzzlelab generate: {why}"));
    ExitCode::from(code)
}

/// The generator's options from the command line (the seed drawn and
/// shown when none was given), the practice technique if any, and the
/// shard; or why the options are refused.
fn options_of(
    args: &GenerateArgs,
    shard: Option<Shard>,
) -> Result<(Options, Option<&'static TechniqueInfo>, Shard), String> {
    let Some(symmetry) = Symmetry::parse(&args.symmetry) else {
        let known: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        return Err(format!(
            "--symmetry {:?} is unknown; known: {} (also central, 180, 90, mirror)",
            args.symmetry,
            known.join(", ")
        ));
    };
    let rating = args.er.as_deref().map(parse_er).transpose()?;
    let practice = args
        .technique
        .as_deref()
        .map(practice::technique)
        .transpose()?;
    if practice.is_some() && shard.is_some() {
        return Err(
            "--technique makes no shards yet: a shard's part holds puzzles alone".to_string(),
        );
    }
    if rating.is_some() && practice.is_some() {
        return Err(
            "give --er or --technique, not both: a practice puzzle's rating follows from its technique"
                .to_string(),
        );
    }
    let mut options = Options {
        symmetry,
        clues: args.clues,
        tries: args.tries.unwrap_or(match (rating, practice) {
            (Some(_), _) => generate::RATED_TRIES,
            // Practice puzzles are bounded by time (--seconds, default 60).
            (_, Some(_)) => u64::MAX,
            _ => generate::DEFAULT_TRIES,
        }),
        rating,
        time_limit: args.seconds.map(Duration::from_secs),
        ..Options::default()
    };
    generate::check(&options).map_err(|e| e.to_string())?;
    let shard = shard.unwrap_or(Shard::WHOLE);
    if !shard.is_whole() && args.seed.is_none() {
        return Err(format!(
            "--shard {shard} needs --seed S: every shard must make its share of the same list"
        ));
    }
    options.seed = args.seed.unwrap_or_else(|| {
        // Shown so that the run can be made again.
        let seed = rand::random::<u64>() >> 1;
        super::host::write_stderr(&format!("puzzlelab generate: --seed {seed}"));
        seed
    });
    Ok((options, practice, shard))
}

/// The header of a shard's part: the job, as the command line gave it.
fn job_head(
    args: &GenerateArgs,
    options: &Options,
    practice: Option<&TechniqueInfo>,
    shard: Shard,
) -> Head {
    let mut job = serde_json::Map::new();
    job.insert("count".into(), args.count.into());
    job.insert("seed".into(), options.seed.into());
    job.insert("symmetry".into(), options.symmetry.name().into());
    job.insert("clues".into(), options.clues.into());
    job.insert("tries".into(), options.tries.into());
    if let Some(er) = &args.er {
        job.insert("er".into(), er.clone().into());
    }
    if let Some(t) = practice {
        job.insert("technique".into(), t.name.into());
    }
    if let Some(s) = args.seconds {
        job.insert("seconds".into(), s.into());
    }
    Head {
        kind: Kind::Generate,
        shard,
        job,
    }
}

/// Makes the puzzles (practice puzzles when `practice` names a
/// technique) with a progress line, each written to `output` as it comes
/// in order; how the batch ended, and the write's error if a write
/// failed.
fn make_and_write(
    args: &GenerateArgs,
    options: &Options,
    practice: Option<&TechniqueInfo>,
    shard: Shard,
    output: &mut Output,
) -> (BatchEnd, Option<String>) {
    let monitor = TerminalHost::new().monitor();
    let mut write_error = None;
    let mut write = |line: String| match output.line(&line) {
        Ok(()) => true,
        Err(e) => {
            write_error = Some(e);
            false
        }
    };
    let end = match practice {
        None => generate::generate_shard(
            args.count,
            shard,
            options,
            args.threads,
            &*monitor,
            |i, g| match shard.is_whole() {
                true => write(g.puzzle.line()),
                false => write(puzzle_line(i, &g.puzzle)),
            },
        ),
        Some(t) => {
            let quiet = generate::CancelOnly(&*monitor);
            let make = |i: u64| {
                let mut o = options.clone();
                o.stream = i;
                practice::practice(t.name, &o, &quiet)
            };
            generate::make_shard(args.count, shard, args.threads, &*monitor, make, |_, p| {
                write(format!("{} {}", p.puzzle_line(), p.position.pencil_line()))
            })
        }
    };
    // The progress line is cleared before any message.
    drop(monitor);
    (end, write_error)
}
