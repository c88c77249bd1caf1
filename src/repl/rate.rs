//! `puzzlelab rate FILE`: Sudoku Explainer's rating of every puzzle of a
//! file, one line per puzzle in input order as `serate --format='%g
//! %r/%p/%d'` prints it (`PUZZLE ER/EP/ED`), rated on all cores with a
//! progress line on a terminal. A figure this engine cannot claim is
//! written `>=X` (a lower bound) or `?`; a puzzle SE does not rate is
//! `PUZZLE -/-/- WHY`, and its file:line is reported on stderr, as are bad
//! lines. Ctrl+C keeps the lines written so far and ends the output with a
//! `#` line saying it is partial. With `--shard K/N` it rates every N-th
//! puzzle as a part (`OUT.K-of-N`, or on stdout) for `puzzlelab merge`; a
//! stopped shard writes no part file.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use super::cli::RateArgs;
use super::host::TerminalHost;
use super::sink::Output;
use crate::script::host::Host;
use crate::script::human::{rate_head, rate_totals};
use crate::shard::{Shard, lines::text_line};
use crate::sudoku::human::{self, serate_line};

/// Runs `puzzlelab rate` (shard `shard` of it, if given) and returns its
/// exit code: 0 when every puzzle was rated (or found unratable), 130 when
/// Ctrl+C stopped it, 1 on an error.
pub(super) fn run(args: &RateArgs, shard: Option<Shard>) -> ExitCode {
    let fail = |code: u8, why: &str| {
        super::host::write_stderr(&format!("puzzlelab rate: {why}"));
        ExitCode::from(code)
    };
    let input = Path::new(&args.file);
    let shard = shard.unwrap_or(Shard::WHOLE);
    if let Err(e) = crate::threads::start(args.threads) {
        return fail(1, &e);
    }
    let mut output = match Output::open(args.out.as_deref(), shard, &[input], || {
        rate_head(&args.file, shard)
    }) {
        Ok(o) => o,
        Err(e) => return fail(1, &e),
    };
    let start = Instant::now();
    let monitor = TerminalHost::new().monitor();
    let mut write_error = None;
    let mut notes = Vec::new();
    let result = human::rate_file(input, shard, args.threads, &*monitor, |r| {
        let line = serate_line(&r.puzzle_line(), &r.rating);
        if let Err(e) = &r.rating {
            notes.push(format!("{}:{}: {e}", args.file, r.line));
        }
        let line = match shard.is_whole() {
            true => line,
            false => text_line(r.index, &line),
        };
        match output.line(&line) {
            Ok(()) => true,
            Err(e) => {
                write_error = Some(e);
                false
            }
        }
    });
    drop(monitor);
    let sum = match result {
        Ok(sum) => sum,
        Err(e) => return fail(1, &e),
    };
    for e in sum.errors.iter() {
        super::host::write_stderr(&format!("puzzlelab rate: skipped {e}"));
    }
    if sum.errors.more() > 0 {
        super::host::write_stderr(&format!(
            "puzzlelab rate: ... and {} more bad lines",
            sum.errors.more()
        ));
    }
    for note in &notes {
        super::host::write_stderr(&format!("puzzlelab rate: not rated: {note}"));
    }
    if let Some(e) = write_error {
        return fail(1, &e);
    }
    let of = match shard.is_whole() {
        true => String::new(),
        false => format!(" of shard {shard}"),
    };
    let shown_as = output.shown_as.clone();
    if sum.stopped {
        let flag = format!(
            "# stopped (Ctrl+C) after {} puzzle{}{of}: this list is partial",
            sum.done,
            if sum.done == 1 { "" } else { "s" }
        );
        return match output.stopped(&flag) {
            Ok(()) => fail(130, flag.trim_start_matches("# ")),
            Err(e) => fail(130, &e),
        };
    }
    if let Err(e) = output.done(shard, &rate_totals(&sum)) {
        return fail(1, &e);
    }
    let secs = start.elapsed().as_secs_f64();
    super::host::write_stderr(&format!(
        "puzzlelab rate: {} puzzles{of} in {secs:.2} s: {} with SE's figures, {} with a lower bound (>=), {} not rated{}",
        sum.done,
        sum.exact,
        sum.bounded,
        sum.unrated,
        match &args.out {
            Some(_) => format!("; written to {shown_as}"),
            None => String::new(),
        }
    ));
    ExitCode::SUCCESS
}
