//! True candidates: for each empty cell the digits that appear there in at
//! least one solution (the union over all solutions). A candidate is true
//! exactly when the puzzle with that digit placed has a solution, so each
//! candidate costs at most one solver call, and every solution found marks
//! all of its digits true at once: far fewer calls than candidates, and
//! no enumeration of the solutions, which can number in the billions.

use super::Grid;
use super::grid::InvalidGrid;
use super::hui::{Candidates, free_of};
use super::solver;
use crate::monitor::Monitor;

/// The true candidates found and whether the answer is complete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    /// Candidates known true (filled cells have none, as in `free`).
    pub candidates: Candidates,
    /// True when every candidate was decided: `candidates` is the union
    /// over all solutions. False when the limit or the monitor stopped it:
    /// `candidates` is then only part of the union.
    pub exact: bool,
    /// Solver calls made.
    pub searches: u64,
    /// Candidates of `free` not decided when it stopped.
    pub undecided: usize,
}

/// The true candidates of `g`, with at most `limit` solver calls.
pub fn true_candidates(
    g: &Grid,
    limit: u64,
    monitor: &dyn Monitor,
) -> Result<TrueCandidates, InvalidGrid> {
    g.check()?;
    let free = free_of(g);
    let mut known = [0u16; 81];
    let mut decided = [0u16; 81];
    let mut searches = 0;
    let mut work = *g;
    for cell in 0..81 {
        for d in 1..=9u8 {
            let b = 1u16 << (d - 1);
            if free.mask(cell) & b == 0 || decided[cell] & b != 0 {
                continue;
            }
            if searches >= limit || monitor.cancelled() {
                let undecided = (0..81)
                    .map(|c| (free.mask(c) & !decided[c]).count_ones() as usize)
                    .sum();
                return Ok(TrueCandidates {
                    candidates: Candidates::from_bits(known),
                    exact: false,
                    searches,
                    undecided,
                });
            }
            searches += 1;
            work.set(cell, d);
            let found = solver::solve(&work);
            work.set(cell, 0);
            decided[cell] |= b;
            if let Ok(Some(s)) = found {
                for c in 0..81 {
                    if g.get(c) == 0 {
                        let bit = 1u16 << (s.get(c) - 1);
                        known[c] |= bit;
                        decided[c] |= bit;
                    }
                }
            }
        }
    }
    Ok(TrueCandidates {
        candidates: Candidates::from_bits(known),
        exact: true,
        searches,
        undecided: 0,
    })
}
