//! Uniqueness techniques as Sudoku Explainer finds and rates them: unique
//! rectangles and loops ([`unique_loops`], 4.5-5.0 and more with a set)
//! and the bivalue universal grave ([`bug`], 5.6-6.2). Both rest on the
//! puzzle having one solution: a pattern that would leave two is ruled
//! out. So a finder reports nothing when the position has two or more
//! solutions (hint and explain then go on without them; SE itself rates
//! only puzzles with one).

mod bug;
mod loops;
#[cfg(test)]
mod tests;

pub use bug::bug;
pub use loops::unique_loops;

use super::board::{CandidateGrid, cells_of, peers};
use crate::sudoku::grid::CELLS;
use crate::sudoku::solver;

/// The `k`-bit masks below `1 << n`, in ascending order (SE's
/// `Permutations` order); `k = 0` gives the empty mask once.
pub(super) fn combinations(k: u32, n: u32) -> impl Iterator<Item = u32> {
    let mut next = (k <= n).then(|| (1u32 << k) - 1);
    std::iter::from_fn(move || {
        let v = next?;
        next = if k == 0 {
            None
        } else {
            // Gosper's hack: the next larger number with as many bits.
            let low = v & v.wrapping_neg();
            let ripple = v + low;
            let w = ripple | (((v ^ ripple) >> 2) / low);
            (w < 1 << n).then_some(w)
        };
        Some(v)
    })
}

/// True when the position is known to have at most one solution, so that
/// uniqueness arguments hold.
pub(super) fn at_most_one_solution(b: &CandidateGrid) -> bool {
    solutions_up_to_two(b).is_some_and(|n| n <= 1)
}

/// Cells the search on pencil marks may try before it gives up: about a
/// tenth of a second (a position with no solution and much freedom could
/// otherwise take very long).
const FILL_BUDGET: u32 = 200_000;

/// The position's solutions, counted up to 2; `None` when the search
/// gave up. A board whose filled digits are known is counted with the
/// solver first (its candidates can only have fewer solutions than its
/// digits); pencil marks, or digits with several solutions, are searched
/// cell by cell on the candidates.
pub(in crate::sudoku::human) fn solutions_up_to_two(b: &CandidateGrid) -> Option<usize> {
    let digits_known = (0..CELLS).all(|c| !b.is_filled(c) || b.value(c) != 0);
    if digits_known
        && let Ok(n @ (0 | 1)) = solver::count_solutions(&b.grid(), 2).map(|count| count.solutions)
    {
        return Some(n as usize);
    }
    let mut found = 0;
    let mut budget = FILL_BUDGET;
    count_fills(*b, &mut found, &mut budget);
    (found >= 2 || budget > 0).then_some(found.min(2))
}

/// Counts (up to 2) the ways to fill the empty cells from their candidates
/// with no two peers alike, the emptiest cell first, while `budget` lasts.
fn count_fills(b: CandidateGrid, found: &mut usize, budget: &mut u32) {
    if *budget == 0 {
        return;
    }
    *budget -= 1;
    let mut best = None;
    let mut fewest = 10;
    for c in 0..CELLS {
        if b.is_filled(c) {
            continue;
        }
        let n = b.cand(c).count_ones();
        if n == 0 {
            return;
        }
        if n < fewest {
            fewest = n;
            best = Some(c);
        }
    }
    let Some(c) = best else {
        *found += 1;
        return;
    };
    let m = b.cand(c);
    for d in 1..=9u8 {
        if m & 1 << (d - 1) == 0 {
            continue;
        }
        let mut next = b;
        next.place(c, d);
        // A peer left with nothing is a dead end at once.
        if cells_of(peers(c)).any(|p| !next.is_filled(p) && next.cand(p) == 0) {
            continue;
        }
        count_fills(next, found, budget);
        if *found >= 2 || *budget == 0 {
            return;
        }
    }
}
