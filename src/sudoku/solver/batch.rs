//! Solving a whole collection: every puzzle counted to two (solved, unique
//! or several), on as many threads as asked, stoppable through a monitor.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::{InvalidGrid, count_solutions};
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

/// Puzzles per work unit: big enough to make scheduling cheap, small enough
/// for a smooth progress display and a quick stop.
const CHUNK: usize = 512;

/// Solves every grid, on `threads` threads (0 = all cores; 1 runs on the
/// calling thread). Reports progress and stops between chunks when the
/// monitor says so; what was done is kept.
pub fn solve_all(grids: &[Grid], threads: usize, monitor: &dyn Monitor) -> Batch {
    let start = Instant::now();
    let total = grids.len() as u64;
    let done = AtomicU64::new(0);
    let found = AtomicU64::new(0);
    let run_chunk = |chunk: &[Grid]| -> Option<Vec<Option<Outcome>>> {
        if monitor.cancelled() {
            return None;
        }
        let out: Vec<Option<Outcome>> = chunk.iter().map(|g| Some(outcome(g))).collect();
        let solved = out
            .iter()
            .flatten()
            .filter(|o| o.solution().is_some())
            .count();
        let d = done.fetch_add(chunk.len() as u64, Ordering::Relaxed) + chunk.len() as u64;
        let f = found.fetch_add(solved as u64, Ordering::Relaxed) + solved as u64;
        monitor.report(&Progress {
            label: "solving",
            done: d,
            total: Some(total),
            found: f,
        });
        Some(out)
    };
    let chunks: Vec<Option<Vec<Option<Outcome>>>> = if threads == 1 {
        grids.chunks(CHUNK).map(run_chunk).collect()
    } else {
        use rayon::prelude::*;
        let work = || grids.par_chunks(CHUNK).map(run_chunk).collect();
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(work),
            Err(_) => work(),
        }
    };
    let mut stopped = false;
    let mut outcomes = Vec::with_capacity(grids.len());
    for (chunk, part) in grids.chunks(CHUNK).zip(chunks) {
        match part {
            Some(v) => outcomes.extend(v),
            None => {
                stopped = true;
                outcomes.extend(std::iter::repeat_n(None, chunk.len()));
            }
        }
    }
    Batch {
        outcomes,
        seconds: start.elapsed().as_secs_f64(),
        stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::{Flag, Silent};
    use crate::sudoku::puzzles;

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
        let flag = std::sync::atomic::AtomicBool::new(true);
        let b = solve_all(&grids, 1, &Flag(&flag));
        assert!(b.stopped);
        assert_eq!(b.done(), 0);
    }
}
