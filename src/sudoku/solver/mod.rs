//! The fast native Sudoku solver: band-wise bitboards after JCZSolve.
//!
//! The state is 27 masks of 27 bits, one per (digit, band): bit
//! `row_in_band * 9 + column` is set while the digit may still go in that
//! cell (a placed digit keeps its bit). Inside one band a digit must occupy
//! one cell in each row and each box, i.e. one of six row→box permutations;
//! a table over the 9 "row segment is non-empty" bits keeps exactly the
//! segments used by some consistent permutation, which is every locked
//! candidate (pointing and claiming) inside the band in one lookup. A row
//! left with one cell places the digit; naked singles come from a bit-sliced
//! count over the nine digits, hidden singles in boxes and rows fall out of
//! the band table, and column claiming (a column closed to a digit in two
//! bands pins it to one box of the third) finds hidden singles in columns.
//! When nothing more follows, the search guesses on the cell with two
//! candidates that has the most unsolved peers (the fewest otherwise).
//! Puzzles with many clues (30 or more) skip the claiming pass and the peer
//! scoring, which cost more than they save there: column hidden singles are
//! sought only when no cell is bivalue, and the first bivalue cell is taken.
//!
//! The search is compiled for the target's baseline CPU and (on x86-64)
//! with AVX2, BMI1/2, POPCNT and LZCNT, and with AVX-512 F/VL/BW/DQ on top
//! of those; [`Isa::detect`] picks the copy once per call, so a generic
//! build uses the newer instructions where the CPU has them. Every copy
//! makes the same search (the same figures).
//! The x86-64 copy also has its own form of three steps (`v3`): a mask's
//! segments and row singles by `pext`, column claiming two digits to an
//! AVX2 vector, the naked-single count three bands to a vector. The
//! AVX-512 copy (`v4`) takes a hard puzzle's whole way to a fixpoint in
//! two vectors of the 27 masks (`settle_avx512`): rounds that apply every
//! mask's step at once instead of the sweep's one after another, then
//! naked singles and column claiming, with no load or store between; the
//! rules are the same, so is their fixpoint, and so the search. It also
//! sets up the clue state in vectors (`v4_clues`): byte compares per
//! digit, then every mask's seen cells and the duplicate-clue check at
//! once; and it scores the bivalue cells for a guess sixteen at a time
//! (`best_bivalue_avx512`, the same scores).
//!
//! [`rate`] holds a human-style rater (which techniques a person needs).

pub mod batch;
pub mod rate;
mod search;
#[cfg(all(test, target_arch = "x86_64"))]
mod shaken;
mod state;
mod tables;
#[cfg(target_arch = "x86_64")]
mod v3;
#[cfg(target_arch = "x86_64")]
mod v4;
#[cfg(target_arch = "x86_64")]
mod v4_clues;

use self::search::Search;
use super::Grid;
use crate::cpu::{self, Level};
use crate::monitor::Monitor;

// The rule check lives with the grid (one check, one way of naming cells).
pub use super::grid::{InvalidGrid, Unit, cell_name};

/// Checks that the clues break no rule; see [`Grid::check`].
pub fn check(g: &Grid) -> Result<(), InvalidGrid> {
    g.check()
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u64,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// Guesses made (branch points of the search), over the whole search.
    pub guesses: u64,
    /// True when the monitor stopped the search before it finished.
    pub stopped: bool,
}

/// The first solution, or `None` when there is none.
pub fn solve(g: &Grid) -> Result<Option<Grid>, InvalidGrid> {
    Ok(count_solutions(g, 1)?.first)
}

/// Counts solutions up to `limit` (a limit of 0 counts as 1).
pub fn count_solutions(g: &Grid, limit: u64) -> Result<Count, InvalidGrid> {
    count_solutions_with(g, limit, None)
}

/// The number of solutions of `g` up to `limit` (at least 1), without
/// building any solution grid: what a batch that writes nothing needs.
pub fn count_only(g: &Grid, limit: u64) -> Result<u64, InvalidGrid> {
    let mut search = Search::new(limit, None, false);
    if !search.start(g, cpu::level()) {
        check(g)?;
    }
    Ok(search.count)
}

/// True when the grid has exactly one solution.
pub fn is_unique(g: &Grid) -> Result<bool, InvalidGrid> {
    Ok(count_solutions(g, 2)?.solutions == 1)
}

/// Like [`count_solutions`], checking `monitor` for cancellation every few
/// thousand guesses (counting a blank grid to a large limit takes long).
pub fn count_solutions_with(
    g: &Grid,
    limit: u64,
    monitor: Option<&dyn Monitor>,
) -> Result<Count, InvalidGrid> {
    count_solutions_on(g, limit, monitor, cpu::level())
}

/// [`count_solutions_with`] on the compiled copy of `level`: the same
/// search, so the same figures, on every copy. A level this CPU cannot
/// run (see [`Level::runs_here`]) runs the portable copy instead.
pub fn count_solutions_on(
    g: &Grid,
    limit: u64,
    monitor: Option<&dyn Monitor>,
    level: Level,
) -> Result<Count, InvalidGrid> {
    let level = if level.runs_here() {
        level
    } else {
        Level::Portable
    };
    let mut search = Search::new(limit, monitor, true);
    if !search.start(g, level) {
        check(g)?;
    }
    Ok(Count {
        solutions: search.count,
        first: search.first,
        guesses: search.guesses,
        stopped: search.stopped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::puzzles;

    fn g(s: &str) -> Grid {
        Grid::parse(s).unwrap()
    }

    #[test]
    fn solves_seed_puzzles_as_printed() {
        let ym = solve(&g(puzzles::YM)).unwrap().unwrap();
        assert_eq!(
            ym.line(),
            "659721348743985162281436597974162853365897214128354679412673985596248731837519426"
        );
        let s = solve(&g(puzzles::SU21_99)).unwrap().unwrap();
        assert_eq!(
            s.line(),
            "364812579982756314175394628743581296698423751521967483457138962836279145219645837"
        );
        assert!(is_unique(&g(puzzles::YM)).unwrap());
    }

    #[test]
    fn counts_and_limits() {
        let blank = Grid::empty();
        let c = count_solutions(&blank, 1000).unwrap();
        assert_eq!(c.solutions, 1000);
        assert!(!is_unique(&g(puzzles::CLARK)).unwrap());
        let full = solve(&g(puzzles::YM)).unwrap().unwrap();
        assert_eq!(count_solutions(&full, 5).unwrap().solutions, 1);
    }

    #[test]
    fn every_compiled_copy_gives_the_same_figures() {
        // The portable copy against every other copy this CPU runs (the
        // others say SKIPPED): the same search.
        for level in [Level::V3, Level::V4] {
            if !cpu::runs_or_skips(level, "solver::every_compiled_copy_gives_the_same_figures") {
                continue;
            }
            for (grid, limit) in [
                (g(puzzles::YM), 2),
                (g(puzzles::SU21_99), 2),
                (g(puzzles::CLARK), 500),
                (Grid::empty(), 300),
            ] {
                let portable = count_solutions_on(&grid, limit, None, Level::Portable).unwrap();
                let fast = count_solutions_on(&grid, limit, None, level).unwrap();
                assert_eq!(portable, fast, "{level}");
                assert!(portable.solutions >= 1);
            }
        }
    }

    #[test]
    fn rule_breaking_clues_are_reported() {
        let mut x = g(puzzles::YM);
        x.set(0, 5); // row 1 already has a 5 at r1c2
        let e = check(&x).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid grid: digit 5 appears twice in row 1 (r1c1 and r1c2)"
        );
        let mut y = Grid::empty();
        y.set(0, 3);
        y.set(80, 12);
        assert!(matches!(
            solve(&y),
            Err(InvalidGrid::BadValue {
                cell: 80,
                value: 12
            })
        ));
    }

    #[test]
    fn no_solution_is_none() {
        // Valid clues, yet r1c9 can hold nothing: 1-8 in its row, 9 below.
        let mut x = Grid::empty();
        for c in 0..8 {
            x.set(c, c as u8 + 1);
        }
        x.set(9 * 4 + 8, 9);
        assert_eq!(solve(&x).unwrap(), None);
        assert_eq!(count_solutions(&x, 2).unwrap().solutions, 0);
    }
}
