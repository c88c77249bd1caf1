//! The first row with clues when each of its stacks holds at most one
//! clue (the usual case in sparse puzzles): built directly, with no row
//! search.

use super::tables::{ALL_ORDERS, AT, NEW, SIGS, UNNAMED};
use super::{Cells, PuzzleMinlex, State, name_of, with_name, with_row};

impl PuzzleMinlex {
    /// The first row with clues from source row `r` (values `v`, stack
    /// patterns `p`, at most one clue a stack) under stack order `sigma`:
    /// as [`Self::fill`] would give it, each clue in the rightmost cell of
    /// its slot and named in turn.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn single_clues(
        &mut self,
        t: u8,
        used: u16,
        chosen: u64,
        r: usize,
        depth: usize,
        v: &Cells,
        p: &[u8; 4],
        sigma: u8,
        best: &mut u64,
    ) {
        let sig = SIGS[usize::from(sigma & 7)];
        // Two empty stacks first: one state for both orders.
        let swap = p[sig[0]] == 0 && p[sig[1]] == 0;
        let mut map = UNNAMED;
        let mut next = 1u8;
        let mut ords = [ALL_ORDERS; 3];
        let mut row = 0u64;
        for slot in 0..3 {
            let pat = p[sig[slot]];
            let mut tri = 0;
            if pat != 0 {
                let c = 2 - pat.trailing_zeros() as usize;
                let d = usize::from(v[(3 * sig[slot] + c) & 15] & 15);
                if name_of(map, d) == NEW {
                    map = with_name(map, d, next);
                    next += 1;
                }
                tri = u64::from(name_of(map, d));
                ords[slot] = AT[c][2];
            }
            row = row << 12 | tri;
        }
        let state = State {
            t,
            sigma,
            used: used | 1 << (r & 15),
            next,
            rows: with_row(chosen, depth, r),
            ords,
            map,
            swap,
        };
        self.offer(state, row, best);
    }
}
