//! Rating a puzzle file as `serate` does, on every core: blocks of puzzles
//! read, rated with [`se_rate`](super::se_rate) in parallel, handed on in input order and
//! forgotten, so memory stays flat for a file of any size. A shard (see
//! [`crate::shard`]) reads the whole file and rates every N-th puzzle.
//!
//! Each puzzle becomes one line in `serate --format='%g %r/%p/%d'`'s form
//! ([`serate_line`]); a figure this engine cannot claim is written as a
//! lower bound (`>=4.2`) or `?`, never as a number that looks like SE's.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use super::CandidateGrid;
use super::path::{RateError, Rating, se_rate_position, se_rate_with};
use crate::monitor::{Monitor, Progress};
use crate::reading::ErrorList;
use crate::shard::{Digest, Shard};
use crate::sudoku::Grid;
use crate::sudoku::formats::{self, FormatError, Record};

/// Puzzles read and rated at a time: enough to keep every core busy,
/// few enough that a stop loses little.
const BLOCK: usize = 1024;

/// One rated puzzle, as handed on.
#[derive(Clone, Debug)]
pub struct Rated {
    /// Its index among the file's puzzles (bad lines not counted), 0-based.
    pub index: u64,
    /// Its line in the file.
    pub line: usize,
    /// The puzzle (a pencil-mark line's givens).
    pub grid: Grid,
    /// A pencil-mark line's marks (see [`Record::marks`]): the position
    /// rated, as `se_rate` rates the line.
    pub marks: Option<Box<[u16; crate::sudoku::CELLS]>>,
    /// SE's rating as far as it is known, or why there is none.
    pub rating: Result<Rating, RateError>,
}

/// What rating a file found.
#[derive(Clone, Debug, Default)]
pub struct RateSummary {
    /// Puzzles in the file (all shards' together; up to the stop).
    pub file_puzzles: u64,
    /// This shard's puzzles handed on.
    pub done: u64,
    /// Rated with SE's figures (ER, EP and ED all known).
    pub exact: u64,
    /// Rated in part: a lower bound for ER.
    pub bounded: u64,
    /// Not rated: no solution, several, or clues that break the rules.
    pub unrated: u64,
    /// The bad lines (the first 1,000 kept, the rest counted).
    pub errors: ErrorList<FormatError>,
    /// A digest of the puzzles read, so that shards of different files
    /// are told apart.
    pub digest: String,
    /// True when the monitor stopped the run, or `each` refused a puzzle:
    /// only a prefix was handed on.
    pub stopped: bool,
}

/// A rating in tenths as SE prints it: `4.2`.
fn figure(t: u8) -> String {
    format!("{}.{}", t / 10, t % 10)
}

impl Rated {
    /// The puzzle as a line: 81 cells, or a pencil-mark line's 729 marks.
    pub fn puzzle_line(&self) -> String {
        match &self.marks {
            Some(m) => formats::write_pencil_line(m),
            None => self.grid.line(),
        }
    }
}

/// The puzzle's line: `PUZZLE ER/EP/ED` as `serate --format='%g
/// %r/%p/%d'` prints it when every figure is SE's (`puzzle` is the 81
/// cells, or the 729 marks of a pencil-mark line). A figure this engine
/// cannot claim is `>=X` (SE's is at least X: the exact steps before the
/// path leaves the implemented techniques already need X) or `?` (no
/// bound). A puzzle SE does not rate is `PUZZLE -/-/- WHY`.
pub fn serate_line(puzzle: &str, rating: &Result<Rating, RateError>) -> String {
    let r = match rating {
        Ok(r) => r,
        Err(e) => {
            let why = match e {
                RateError::Invalid(_) => "invalid".to_string(),
                RateError::NoSolution => "no solution".to_string(),
                RateError::Multiple => "multiple solutions".to_string(),
            };
            return format!("{puzzle} -/-/- {why}");
        }
    };
    let bound = || match r.er_at_least {
        0 => "?".to_string(),
        t => format!(">={}", figure(t)),
    };
    let er = r.er.map_or_else(bound, figure);
    let ep = r.ep.map_or_else(bound, figure);
    let ed = r.ed.map_or_else(|| "?".to_string(), figure);
    format!("{puzzle} {er}/{ep}/{ed}")
}

/// Rates the puzzles of `path` that shard `shard` takes, on `threads`
/// threads (0 = all cores), handing each to `each` in input order; `each`
/// returns false to stop (a write failed). A file with no puzzle at all
/// (missing, unreadable, only bad lines) is an error: its first problem.
pub fn rate_file(
    path: &Path,
    shard: Shard,
    threads: usize,
    monitor: &dyn Monitor,
    mut each: impl FnMut(&Rated) -> bool,
) -> Result<RateSummary, String> {
    let pool = match threads {
        0 => None,
        n => Some(crate::threads::pool(n)?),
    };
    // A file may mix puzzles and pencil-mark lines, each rated as
    // `se_rate` rates it.
    let mut records = formats::records_of_file(path, monitor).pencil_lines();
    let mut sum = RateSummary::default();
    let mut first_error: Option<FormatError> = None;
    let mut digest = Digest::default();
    let mut block: Vec<(u64, Record)> = Vec::with_capacity(BLOCK);
    let done = AtomicU64::new(0);
    loop {
        block.clear();
        for item in records.by_ref() {
            match item {
                Ok(r) => {
                    let i = sum.file_puzzles;
                    sum.file_puzzles += 1;
                    digest.add(r.grid.cells());
                    if let Some(m) = &r.marks {
                        digest.add(formats::write_pencil_line(m).as_bytes());
                    }
                    if shard.takes(i) {
                        block.push((i, r));
                        if block.len() == BLOCK {
                            break;
                        }
                    }
                }
                Err(e) => e.file_into(&mut first_error, &mut sum.errors),
            }
        }
        if records.stopped() {
            sum.stopped = true;
            break;
        }
        if block.is_empty() {
            break;
        }
        let rate_one = |(i, r): &(u64, Record)| -> Option<Rated> {
            if monitor.cancelled() {
                return None;
            }
            let rating = match &r.marks {
                Some(m) => se_rate_position(&CandidateGrid::from_pencil_masks(m), monitor),
                None => se_rate_with(&r.grid, monitor),
            };
            if monitor.cancelled() {
                return None;
            }
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            monitor.report(&Progress {
                label: "rating",
                done: d,
                total: None,
                found: d,
            });
            Some(Rated {
                index: *i,
                line: r.line,
                grid: r.grid,
                marks: r.marks.clone(),
                rating,
            })
        };
        let rated: Vec<Option<Rated>> = {
            use rayon::prelude::*;
            let work = || block.par_iter().with_max_len(1).map(rate_one).collect();
            match &pool {
                Some(p) => p.install(work),
                None => work(),
            }
        };
        // Only the prefix rated before a stop is handed on.
        for r in rated {
            let Some(r) = r else {
                sum.stopped = true;
                break;
            };
            match &r.rating {
                Ok(x) if x.er.is_some() && x.ep.is_some() && x.ed.is_some() => sum.exact += 1,
                Ok(_) => sum.bounded += 1,
                Err(_) => sum.unrated += 1,
            }
            sum.done += 1;
            if !each(&r) {
                sum.stopped = true;
                break;
            }
        }
        if sum.stopped {
            break;
        }
    }
    sum.digest = digest.hex();
    if sum.file_puzzles == 0
        && !sum.stopped
        && let Some(e) = first_error
    {
        return Err(e.to_string());
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(er: Option<u8>, ep: Option<u8>, ed: Option<u8>, at_least: u8) -> Rating {
        Rating {
            er,
            ep,
            ed,
            er_at_least: at_least,
            unknown: er.is_none().then(|| "why".to_string()),
            steps: 1,
        }
    }

    #[test]
    fn lines_claim_only_what_is_known() {
        let g = Grid::default();
        let p = g.line();
        let line = |r| serate_line(&p, &Ok(r));
        assert_eq!(
            line(rating(Some(64), Some(12), Some(12), 64)),
            format!("{p} 6.4/1.2/1.2")
        );
        assert_eq!(
            line(rating(None, Some(12), Some(12), 42)),
            format!("{p} >=4.2/1.2/1.2")
        );
        assert_eq!(
            line(rating(None, None, Some(26), 26)),
            format!("{p} >=2.6/>=2.6/2.6")
        );
        assert_eq!(line(rating(None, None, None, 0)), format!("{p} ?/?/?"));
        assert_eq!(
            serate_line(&p, &Err(RateError::Multiple)),
            format!("{p} -/-/- multiple solutions")
        );
    }
}
