//! The minlex form of a puzzle (any grid that is not a full solution),
//! built one row at a time from the states that tie for the smallest
//! prefix (see the module above for the method).

mod copies;
mod fill;
mod first_row;
mod row_tables;
mod tables;

use super::{PERMS_OF_3, Transform};
use crate::cpu;
use crate::sudoku::Grid;
use copies::{Choice, MinlexCopy};
use row_tables::RowTables;
use tables::{
    ALL_ORDERS, SIGS, SORTERS, SWAP01, UNNAMED, candidate_mask, candidates, pack_rows, rows_grid,
    rows_of,
};

/// A form as its nine rows, each packed four bits a cell, first cell
/// highest (as the search compares them).
pub(super) type Rows = [u64; 9];

/// A source row's nine values, padded to sixteen: the search indexes it
/// (and the name maps, by value) with indices masked to 0..15, which need
/// no bounds check in its inner loops.
pub(super) type Cells = [u8; 16];

/// A partial arrangement tying for the smallest prefix.
#[derive(Clone, Copy)]
struct State {
    /// 0: the grid as given, 1: transposed.
    t: u8,
    /// Index into [`PERMS_OF_3`]: slot `i` holds source stack `PERMS_OF_3[sigma][i]`.
    sigma: u8,
    /// Source rows used (bit per row).
    used: u16,
    /// Next digit name to give.
    next: u8,
    /// Source rows chosen so far, in order, four bits each (row `i` of
    /// the form in bits `4i..4i+4`; see [`with_row`]).
    rows: u64,
    /// Per stack slot: the column orders (bits over [`PERMS_OF_3`]) still tying.
    ords: [u8; 3],
    /// Source digit → name (0 for empty cells, [`NEW`] for a digit not
    /// named yet), four bits a value (see [`name_of`]): one word in a
    /// register, where a byte array written cell by cell and then copied
    /// whole would stall the copy on the bytes just stored.
    map: u64,
    /// Slots 0 and 1 may still exchange their source stacks: both are
    /// empty in every row so far (so every column order is allowed).
    swap: bool,
}

/// The name of source value `d` in a name map (four bits a value).
#[inline(always)]
fn name_of(map: u64, d: usize) -> u32 {
    (map >> (4 * (d & 15))) as u32 & 15
}

/// Source rows `rows` (four bits a row) with row `r` chosen at `depth`
/// (below 9, not chosen yet).
#[inline(always)]
fn with_row(rows: u64, depth: usize, r: usize) -> u64 {
    rows | ((r & 15) as u64) << (4 * (depth % 9))
}

/// `map` with source value `d` named `k` (below 16).
#[inline(always)]
fn with_name(map: u64, d: usize, k: u8) -> u64 {
    let at = 4 * (d & 15);
    map & !(15 << at) | u64::from(k & 15) << at
}

/// Work space of the puzzle search, kept across calls.
#[derive(Default)]
pub(super) struct PuzzleMinlex {
    states: Vec<State>,
    next_states: Vec<State>,
    /// States while the rows chosen are all empty: (grid, used, rows).
    zero: Vec<(u8, u16, u64)>,
    zero_next: Vec<(u8, u16, u64)>,
    /// Per state of one depth: its candidates' least pattern length and
    /// the rows that have it.
    least: Vec<(u8, u16)>,
}

impl PuzzleMinlex {
    /// The canonical form of `g` and a transformation taking `g` to it.
    pub(super) fn canon(&mut self, g: &Grid) -> (Grid, Transform) {
        let form = self.form(g);
        (form, self.witness())
    }

    /// The canonical form of `g`; the states giving it are left in
    /// `self.states` (none for an empty grid). Rows are settled one at a
    /// time: the leading empty rows, the first row with clues, then each
    /// further row (a band's last row has no choice to narrow).
    pub(super) fn form(&mut self, g: &Grid) -> Grid {
        rows_grid(&self.rows_on(g, cpu::level()))
    }

    /// [`Self::form`] packed four bits a cell, first cell highest, in six
    /// words (the last holding cell 80 in its top four bits), straight from
    /// the rows the search settles: no grid is written out and packed again.
    pub(super) fn packed_form(&mut self, g: &Grid) -> [u64; 6] {
        pack_rows(&self.rows_on(g, cpu::level()))
    }

    /// [`Self::form`] in the compiled copy `C` (see [`copies`]).
    #[inline(always)]
    fn form_in<C: MinlexCopy>(&mut self, g: &Grid) -> Rows {
        let rows = C::row_tables(g);
        let Some((depth, first_key)) = self.empty_rows(&rows) else {
            self.states.clear();
            return [0; 9];
        };
        let mut form = [0u64; 9];
        self.first_clue_row::<C>(&rows, depth, first_key, &mut form);
        for depth in depth + 1..9 {
            if depth % 3 == 2 {
                self.band_last_row::<C>(&rows, depth, &mut form);
            } else {
                self.next_row::<C>(&rows, depth, &mut form);
            }
        }
        form
    }

    /// While the rows chosen are all empty, the columns are still free:
    /// states are (grid, rows) only, and the next row is the emptiest.
    /// Leaves in `self.zero` the ways to choose the leading empty rows and
    /// returns their number with the clue key of the first row with clues
    /// (`None` for an empty grid).
    #[inline(always)]
    fn empty_rows(&mut self, rows: &RowTables) -> Option<(usize, u8)> {
        self.zero.clear();
        self.zero.push((0, 0, 0));
        self.zero.push((1, 0, 0));
        for depth in 0..9 {
            // A row equal to an earlier one (`dup`) has its key: no need
            // to leave it out of the least. At first every row is a
            // candidate.
            let mut first_key = u8::MAX;
            if depth == 0 {
                first_key = rows
                    .key
                    .as_flattened()
                    .iter()
                    .fold(u8::MAX, |a, &k| a.min(k));
            } else {
                for &(t, used, chosen) in &self.zero {
                    for r in candidates(depth, used, chosen) {
                        first_key = first_key.min(rows.key(t as usize, r));
                    }
                }
            }
            if first_key != 0 {
                return Some((depth, first_key));
            }
            self.zero_next.clear();
            for &(t, used, chosen) in &self.zero {
                for r in candidates(depth, used, chosen) {
                    if rows.key(t as usize, r) == 0 && !rows.dup(t as usize, used, r) {
                        let chosen = with_row(chosen, depth, r);
                        self.zero_next.push((t, used | 1 << r, chosen));
                    }
                }
            }
            std::mem::swap(&mut self.zero, &mut self.zero_next);
        }
        None
    }

    /// The first non-empty row (row `depth`): the fewest clues per stack
    /// (`first_key`), every digit new; the stack orders that sort its clue
    /// counts tie.
    #[inline(always)]
    fn first_clue_row<C: MinlexCopy>(
        &mut self,
        rows: &RowTables,
        depth: usize,
        first_key: u8,
        form: &mut Rows,
    ) {
        let mut best_row = u64::MAX;
        self.next_states.clear();
        let zero = std::mem::take(&mut self.zero);
        for &(t, used, chosen) in &zero {
            for r in candidates(depth, used, chosen) {
                if rows.key(t as usize, r) != first_key || rows.dup(t as usize, used, r) {
                    continue;
                }
                let p = rows.pat(t as usize, r);
                let m = usize::from(p[0]) << 6 | usize::from(p[1]) << 3 | usize::from(p[2]);
                let mut sorters = SORTERS[m];
                if p.iter().all(|&x| x & x.wrapping_sub(1) == 0) {
                    // At most one clue a stack (the common case): each
                    // goes rightmost, named in slot order; no search.
                    let v = rows.src(t as usize, r);
                    while sorters != 0 {
                        let sigma = sorters.trailing_zeros() as u8;
                        sorters &= sorters - 1;
                        self.single_clues(t, used, chosen, r, depth, v, p, sigma, &mut best_row);
                    }
                    continue;
                }
                while sorters != 0 {
                    let sigma = sorters.trailing_zeros() as u8;
                    sorters &= sorters - 1;
                    let sig = SIGS[usize::from(sigma & 7)];
                    // Two empty stacks first: one state for both orders.
                    let swap = p[sig[0]] == 0 && p[sig[1]] == 0;
                    let st = State {
                        t,
                        sigma,
                        used,
                        next: 1,
                        rows: chosen,
                        ords: [ALL_ORDERS; 3],
                        map: UNNAMED,
                        swap,
                    };
                    self.try_row::<C>(&st, r, depth, rows, &mut best_row);
                }
            }
        }
        self.zero = zero;
        let old = std::mem::take(&mut self.states);
        self.settle(best_row, depth, form, old);
    }

    /// A band's last row: one candidate a state, no choice to narrow.
    #[inline(always)]
    fn band_last_row<C: MinlexCopy>(&mut self, rows: &RowTables, depth: usize, form: &mut Rows) {
        let states = std::mem::take(&mut self.states);
        let mut best_row = u64::MAX;
        self.next_states.clear();
        for st in &states {
            for r in candidates(depth, st.used, st.rows) {
                self.try_row::<C>(st, r, depth, rows, &mut best_row);
            }
        }
        self.settle(best_row, depth, form, states);
    }

    /// Row `depth` (not a band's last): only rows with the most leading
    /// empty cells any candidate can have (from clue patterns alone) are
    /// filled.
    #[inline(always)]
    fn next_row<C: MinlexCopy>(&mut self, rows: &RowTables, depth: usize, form: &mut Rows) {
        let states = std::mem::take(&mut self.states);
        // Each state's least pattern length and the rows that have it (no
        // branch on how each row compares: the CPU cannot guess it), then
        // the rows of the states reaching the least of all are filled.
        let mut least_len = u8::MAX;
        self.least.clear();
        for st in &states {
            let t = st.t as usize;
            let sig = SIGS[usize::from(st.sigma & 7)];
            let other = SIGS[usize::from(SWAP01[usize::from(st.sigma & 7)] & 7)];
            // A row equal to an earlier unused one is never filled.
            let mask = candidate_mask(depth, st.used, st.rows);
            let mask = mask & !rows.dups(t, st.used, mask);
            let (len, at) = C::least_rows(&Choice {
                rows,
                t,
                sig,
                other: st.swap.then_some(other),
                ords: st.ords,
                mask,
            });
            least_len = least_len.min(len);
            self.least.push((len, at));
        }
        let mut best_row = u64::MAX;
        self.next_states.clear();
        let least = std::mem::take(&mut self.least);
        for (st, &(len, at)) in states.iter().zip(&least) {
            if len == least_len {
                for r in rows_of(at) {
                    self.try_row::<C>(st, r, depth, rows, &mut best_row);
                }
            }
        }
        self.least = least;
        self.settle(best_row, depth, form, states);
    }

    /// Writes row `depth`'s best into `form` and makes the states that
    /// gave it the current ones (`old`, emptied, is kept for reuse).
    #[inline]
    fn settle(&mut self, best_row: u64, depth: usize, form: &mut Rows, mut old: Vec<State>) {
        form[depth] = best_row;
        old.clear();
        self.states = std::mem::replace(&mut self.next_states, old);
    }

    /// A transformation taking the grid last given to [`Self::form`] to
    /// its form.
    fn witness(&self) -> Transform {
        // Every state left gives the form; take the first. (There is
        // always one, but for the empty grid: the first candidate at each
        // depth is never refused.)
        let Some(&st) = self.states.first() else {
            return Transform::IDENTITY;
        };
        let sig = PERMS_OF_3[st.sigma as usize];
        let mut cols = [0u8; 9];
        for slot in 0..3 {
            let o = PERMS_OF_3[st.ords[slot].trailing_zeros() as usize];
            for k in 0..3 {
                cols[3 * slot + k] = (3 * sig[slot] + o[k]) as u8;
            }
        }
        // Digits absent from the puzzle take the unused names, in order.
        let mut digits = [0u8; 10];
        let mut taken = [false; 10];
        for (d, slot) in digits.iter_mut().enumerate().skip(1) {
            let m = name_of(st.map, d) as u8;
            if (1..=9).contains(&m) {
                *slot = m;
                taken[m as usize] = true;
            }
        }
        let mut free = (1..10u8).filter(|&n| !taken[n as usize]);
        for slot in digits.iter_mut().skip(1) {
            if *slot == 0 {
                *slot = free.next().unwrap_or(0);
            }
        }
        Transform {
            transposed: st.t == 1,
            rows: std::array::from_fn(|i| (st.rows >> (4 * i) & 15) as u8),
            cols,
            digits,
        }
    }
}
