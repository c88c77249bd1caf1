//! Solving a whole collection: every puzzle counted to two (solved, unique
//! or several), on as many threads as asked, stoppable through a monitor.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::{InvalidGrid, count_only, count_solutions};
use crate::monitor::{Monitor, Progress};
use crate::sudoku::Grid;

/// What one puzzle of a batch turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Its clues break the rules; it was not searched.
    Invalid(InvalidGrid),
    /// No solution.
    Unsolvable,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions; the first one found.
    Multiple(Grid),
}

impl Outcome {
    /// The (first) solution, if any.
    pub fn solution(&self) -> Option<Grid> {
        match self {
            Outcome::Unique(g) | Outcome::Multiple(g) => Some(*g),
            _ => None,
        }
    }
}

/// The result of a batch: one entry per puzzle (`None` when stopped before it).
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// Per puzzle, in input order.
    pub outcomes: Vec<Option<Outcome>>,
    /// Wall-clock seconds spent.
    pub seconds: f64,
    /// True when the monitor stopped the batch early.
    pub stopped: bool,
}

impl Batch {
    /// Puzzles solved (unique or several).
    pub fn solved(&self) -> usize {
        self.count(|o| o.solution().is_some())
    }
    /// Puzzles with exactly one solution.
    pub fn unique(&self) -> usize {
        self.count(|o| matches!(o, Outcome::Unique(_)))
    }
    /// Puzzles with two or more.
    pub fn multiple(&self) -> usize {
        self.count(|o| matches!(o, Outcome::Multiple(_)))
    }
    /// Puzzles whose clues break the rules.
    pub fn invalid(&self) -> usize {
        self.count(|o| matches!(o, Outcome::Invalid(_)))
    }
    /// Puzzles with no solution.
    pub fn unsolvable(&self) -> usize {
        self.count(|o| matches!(o, Outcome::Unsolvable))
    }
    /// Puzzles looked at (all of them unless stopped).
    pub fn done(&self) -> usize {
        self.outcomes.iter().filter(|o| o.is_some()).count()
    }
    fn count(&self, f: impl Fn(&Outcome) -> bool) -> usize {
        self.outcomes.iter().flatten().filter(|o| f(o)).count()
    }
}

/// One puzzle counted to two.
pub fn outcome(g: &Grid) -> Outcome {
    match count_solutions(g, 2) {
        Err(e) => Outcome::Invalid(e),
        Ok(c) => match (c.solutions, c.first) {
            (1, Some(s)) => Outcome::Unique(s),
            (n, Some(s)) if n > 1 => Outcome::Multiple(s),
            _ => Outcome::Unsolvable,
        },
    }
}

/// The most puzzles per work unit: big enough to make scheduling cheap,
/// small enough for a smooth progress display and a quick stop.
const MAX_CHUNK: usize = 512;

/// Items per work unit for `len` items on `threads` threads: about eight
/// units per thread, so that small inputs use every core too and hard items
/// even out between threads, but never more than `max`.
pub fn chunk_size(len: usize, threads: usize, max: usize) -> usize {
    len.div_ceil(threads.max(1) * 8).clamp(1, max.max(1))
}

/// Work units per thread of a batch: many, so that the threads finish a
/// batch together (the last units are small beside the batch) even when
/// a few puzzles are far harder than the rest. A unit costs a progress
/// report and a small vector, nothing beside a hundred puzzles.
const UNITS_PER_THREAD: usize = 32;

/// Solves every grid, on `threads` threads (0 = all cores; 1 runs on the
/// calling thread). Reports progress and stops between chunks when the
/// monitor says so; what was done is kept.
pub fn solve_all(grids: &[Grid], threads: usize, monitor: &dyn Monitor) -> Batch {
    let start = Instant::now();
    let (outcomes, stopped) =
        run_chunks(grids, threads, monitor, outcome, |o| o.solution().is_some());
    Batch {
        outcomes,
        seconds: start.elapsed().as_secs_f64(),
        stopped,
    }
}

/// What a batch found, counted: [`solve_all`] without the solutions, for a
/// run that writes nothing (no solution grid is built).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Puzzles looked at (all of them unless stopped).
    pub done: usize,
    /// Exactly one solution.
    pub unique: usize,
    /// Two or more.
    pub multiple: usize,
    /// Clues that break the rules.
    pub invalid: usize,
    /// No solution.
    pub unsolvable: usize,
    /// True when the monitor stopped the batch early.
    pub stopped: bool,
}

impl Tally {
    /// Puzzles solved (unique or several).
    pub fn solved(&self) -> usize {
        self.unique + self.multiple
    }

    /// Counts one puzzle by its solutions counted to two (`None`: its
    /// clues break the rules).
    fn add(&mut self, solutions: Option<u64>) {
        self.done += 1;
        match solutions {
            None => self.invalid += 1,
            Some(0) => self.unsolvable += 1,
            Some(1) => self.unique += 1,
            Some(_) => self.multiple += 1,
        }
    }
}

impl Batch {
    /// The batch's counts.
    pub fn tally(&self) -> Tally {
        let mut t = Tally {
            stopped: self.stopped,
            ..Tally::default()
        };
        for o in self.outcomes.iter().flatten() {
            t.add(match o {
                Outcome::Invalid(_) => None,
                Outcome::Unsolvable => Some(0),
                Outcome::Unique(_) => Some(1),
                Outcome::Multiple(_) => Some(2),
            });
        }
        t
    }
}

/// Counts every grid's solutions to two like [`solve_all`], keeping only
/// the counts.
pub fn tally_all(grids: &[Grid], threads: usize, monitor: &dyn Monitor) -> Tally {
    let count = |g: &Grid| count_only(g, 2).ok();
    let solved = |n: &Option<u64>| n.is_some_and(|n| n > 0);
    let (counts, stopped) = run_chunks(grids, threads, monitor, count, solved);
    let mut t = Tally {
        stopped,
        ..Tally::default()
    };
    for n in counts.into_iter().flatten() {
        t.add(n);
    }
    t
}

/// Applies `each` to every grid in chunks on `threads` threads, reporting
/// progress (`solved` says which results count as found) and stopping
/// between chunks when the monitor says so: the results in input order,
/// `None` for the grids not reached, and whether it stopped.
fn run_chunks<T: Send>(
    grids: &[Grid],
    threads: usize,
    monitor: &dyn Monitor,
    each: impl Fn(&Grid) -> T + Sync,
    solved: impl Fn(&T) -> bool + Sync,
) -> (Vec<Option<T>>, bool) {
    let total = grids.len() as u64;
    let done = AtomicU64::new(0);
    let found = AtomicU64::new(0);
    let run_chunk = |chunk: &[Grid]| -> Option<Vec<T>> {
        if monitor.cancelled() {
            return None;
        }
        let out: Vec<T> = chunk.iter().map(&each).collect();
        let n = out.iter().filter(|o| solved(o)).count() as u64;
        let d = done.fetch_add(chunk.len() as u64, Ordering::Relaxed) + chunk.len() as u64;
        let f = found.fetch_add(n, Ordering::Relaxed) + n;
        monitor.report(&Progress {
            label: "solving",
            done: d,
            total: Some(total),
            found: f,
        });
        Some(out)
    };
    let workers = match threads {
        0 => rayon::current_num_threads(),
        n => n,
    };
    let chunk = grids
        .len()
        .div_ceil(workers.max(1) * UNITS_PER_THREAD)
        .clamp(1, MAX_CHUNK);
    let chunks: Vec<Option<Vec<T>>> = if threads == 1 {
        grids.chunks(chunk).map(run_chunk).collect()
    } else {
        use rayon::prelude::*;
        let work = || grids.par_chunks(chunk).map(run_chunk).collect();
        if threads == 0 {
            // All cores: rayon's global pool, started once (a pool of our
            // own would start its threads on every call, which small
            // inputs feel).
            work()
        } else {
            match crate::threads::pool(threads) {
                Ok(pool) => pool.install(work),
                // Its threads could not start (checked before the job, so
                // rare): this thread, never the global pool, whose start
                // would fail with a panic.
                Err(_) => grids.chunks(chunk).map(run_chunk).collect(),
            }
        }
    };
    let mut stopped = false;
    let mut results = Vec::with_capacity(grids.len());
    for (part_grids, part) in grids.chunks(chunk).zip(chunks) {
        match part {
            Some(v) => results.extend(v.into_iter().map(Some)),
            None => {
                stopped = true;
                results.extend(std::iter::repeat_with(|| None).take(part_grids.len()));
            }
        }
    }
    (results, stopped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::{Flag, Silent};
    use crate::sudoku::puzzles;

    #[test]
    fn small_inputs_are_split_for_every_thread() {
        // top95 on two threads: 16 units of 6, not one unit of 95.
        assert_eq!(chunk_size(95, 2, MAX_CHUNK), 6);
        assert_eq!(chunk_size(49_151, 2, MAX_CHUNK), MAX_CHUNK);
        assert_eq!(chunk_size(0, 4, MAX_CHUNK), 1);
        assert_eq!(chunk_size(3, 0, MAX_CHUNK), 1);
    }

    #[test]
    fn batch_counts_outcomes_and_stops() {
        let ym = Grid::parse(puzzles::YM).unwrap();
        let clark = Grid::parse(puzzles::CLARK).unwrap();
        let mut bad = ym;
        bad.set(0, 5);
        let grids = vec![ym, clark, bad];
        for threads in [1, 2] {
            let b = solve_all(&grids, threads, &Silent);
            assert_eq!(
                (b.solved(), b.unique(), b.multiple(), b.invalid()),
                (2, 1, 1, 1)
            );
        }
        for threads in [1, 2] {
            let t = tally_all(&grids, threads, &Silent);
            assert_eq!(t, solve_all(&grids, threads, &Silent).tally());
            assert_eq!((t.done, t.unique, t.multiple, t.invalid), (3, 1, 1, 1));
        }
        let flag = std::sync::atomic::AtomicBool::new(true);
        let b = solve_all(&grids, 1, &Flag(&flag));
        assert!(b.stopped);
        assert_eq!(b.done(), 0);
        let t = tally_all(&grids, 1, &Flag(&flag));
        assert!(t.stopped);
        assert_eq!(t.done, 0);
    }
}
