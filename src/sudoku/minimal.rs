//! Minimal puzzles: a puzzle is minimal when it has exactly one solution and
//! losing any one clue gives it more. `redundant_clues` names the clues that
//! can go one at a time, `minimize` takes clues away (in random order) until
//! none can, keeping the solution.
//!
//! Every test is one count to two with the fast solver: the puzzle without
//! clue c still has the known solution, so it is unique exactly when the
//! count stops at one.

use std::fmt;

use rand::{Rng, RngExt};

use super::Grid;
use super::grid::{InvalidGrid, cell_name};
use super::solver::count_solutions;
use crate::monitor::Monitor;

/// Why a puzzle cannot be asked about minimality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MinimalError {
    /// The clues break a rule.
    Invalid(InvalidGrid),
    /// The puzzle does not have exactly one solution: it has `solutions`
    /// (0, or 2 up to [`COUNT_CAP`], which means that many or more).
    NotUnique { solutions: u64 },
    /// The monitor stopped the work after `done` of `total` clues.
    Stopped { done: usize, total: usize },
}

impl fmt::Display for MinimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MinimalError::Invalid(e) => write!(f, "{e}"),
            MinimalError::NotUnique { solutions: 0 } => write!(
                f,
                "the puzzle has no solution: minimality needs exactly one"
            ),
            MinimalError::NotUnique { solutions } => write!(
                f,
                "the puzzle has {}{solutions} solutions: minimality needs exactly one",
                if *solutions >= COUNT_CAP {
                    "at least "
                } else {
                    ""
                }
            ),
            MinimalError::Stopped { done, total } => {
                write!(f, "stopped after {done} of {total} clues were tried")
            }
        }
    }
}

impl std::error::Error for MinimalError {}

/// Solutions counted, for the message, when a puzzle has more than one.
pub const COUNT_CAP: u64 = 1000;

/// The solution of a puzzle that has exactly one.
pub fn unique_solution(g: &Grid) -> Result<Grid, MinimalError> {
    let c = count_solutions(g, 2).map_err(MinimalError::Invalid)?;
    match (c.solutions, c.first) {
        (1, Some(s)) => Ok(s),
        (0, _) => Err(MinimalError::NotUnique { solutions: 0 }),
        _ => {
            // Say how many: counting a few more is quick next to the work asked.
            let n = count_solutions(g, COUNT_CAP).map_or(2, |c| c.solutions);
            Err(MinimalError::NotUnique { solutions: n })
        }
    }
}

/// True when the (valid) puzzle has exactly one solution.
fn unique(g: &Grid) -> bool {
    count_solutions(g, 2).is_ok_and(|c| c.solutions == 1)
}

/// The clues (cell indexes 0..81, in order) each of which could be taken
/// away alone, the puzzle keeping its one solution.
pub fn redundant_clues(g: &Grid) -> Result<Vec<usize>, MinimalError> {
    unique_solution(g)?;
    Ok(redundant(g, usize::MAX))
}

/// True when the puzzle is unique and no clue can go alone.
pub fn is_minimal(g: &Grid) -> Result<bool, MinimalError> {
    unique_solution(g)?;
    Ok(redundant(g, 1).is_empty())
}

/// Up to `most` clues of a unique puzzle that could each go alone.
fn redundant(g: &Grid, most: usize) -> Vec<usize> {
    let mut work = *g;
    let mut out = Vec::new();
    for cell in 0..81 {
        let v = g.get(cell);
        if v == 0 {
            continue;
        }
        work.set(cell, 0);
        if unique(&work) {
            out.push(cell);
            if out.len() == most {
                break;
            }
        }
        work.set(cell, v);
    }
    out
}

/// Takes clues away in a random order (from `rng`), each for good when the
/// puzzle stays unique: a minimal puzzle with the same solution. The
/// monitor is asked before each clue.
pub fn minimize(g: &Grid, rng: &mut impl Rng, monitor: &dyn Monitor) -> Result<Grid, MinimalError> {
    unique_solution(g)?;
    let mut order: Vec<usize> = (0..81).filter(|&c| g.get(c) != 0).collect();
    shuffle(&mut order, rng);
    let groups: Vec<[usize; 1]> = order.into_iter().map(|c| [c]).collect();
    remove_in_order(*g, groups.iter().map(|c| &c[..]), monitor)
}

/// Takes each group of cells away in turn, together, keeping the removal
/// when the puzzle stays unique. The puzzle must be unique to start with.
pub(crate) fn remove_in_order<'a>(
    mut puzzle: Grid,
    groups: impl ExactSizeIterator<Item = &'a [usize]>,
    monitor: &dyn Monitor,
) -> Result<Grid, MinimalError> {
    let total = groups.len();
    for (done, group) in groups.enumerate() {
        if monitor.cancelled() {
            return Err(MinimalError::Stopped { done, total });
        }
        let kept: Vec<u8> = group.iter().map(|&c| puzzle.get(c)).collect();
        for &c in group {
            puzzle.set(c, 0);
        }
        if !unique(&puzzle) {
            for (&c, &v) in group.iter().zip(&kept) {
                puzzle.set(c, v);
            }
        }
    }
    Ok(puzzle)
}

/// Fisher–Yates on `u32` draws: the same order from the same generator on
/// every platform (a `usize` range would draw differently on 32 bits).
pub fn shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        items.swap(i, j);
    }
}

/// The cells as names (`r1c2`), for messages and scripts.
pub fn cell_names(cells: &[usize]) -> Vec<String> {
    cells.iter().map(|&c| cell_name(c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Silent;
    use crate::sudoku::puzzles;
    use rand::SeedableRng;

    #[test]
    fn ym_has_redundant_clues_and_minimizes() {
        let ym = Grid::parse(puzzles::YM).unwrap();
        let extra = redundant_clues(&ym).unwrap();
        assert!(!extra.is_empty());
        assert!(!is_minimal(&ym).unwrap());
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(1);
        let m = minimize(&ym, &mut rng, &Silent).unwrap();
        assert!(is_minimal(&m).unwrap());
        assert!(redundant_clues(&m).unwrap().is_empty());
        assert_eq!(unique_solution(&m), unique_solution(&ym));
        // Every clue left is one of the puzzle's.
        assert!((0..81).all(|c| m.get(c) == 0 || m.get(c) == ym.get(c)));
    }

    #[test]
    fn not_unique_says_how_many() {
        let clark = Grid::parse(puzzles::CLARK).unwrap();
        assert_eq!(
            is_minimal(&clark).unwrap_err().to_string(),
            "the puzzle has at least 1000 solutions: minimality needs exactly one"
        );
        // Two clues fewer than a unique puzzle: a countable few.
        let mut ym = Grid::parse(puzzles::YM).unwrap();
        let n = |g: &Grid| count_solutions(g, COUNT_CAP).unwrap().solutions;
        let mut cell = 0;
        while n(&ym) < 2 {
            while ym.get(cell) == 0 {
                cell += 1;
            }
            ym.set(cell, 0);
        }
        assert_eq!(
            redundant_clues(&ym).unwrap_err().to_string(),
            format!(
                "the puzzle has {} solutions: minimality needs exactly one",
                n(&ym)
            )
        );
    }
}
