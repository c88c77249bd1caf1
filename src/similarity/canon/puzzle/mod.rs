//! The minlex form of a puzzle (any grid that is not a full solution),
//! built one row at a time from the states that tie for the smallest
//! prefix (see the module above for the method).

mod copies;
mod first_row;
mod row_tables;
mod tables;

use super::{PERMS_OF_3, Transform};
use crate::cpu;
use crate::sudoku::Grid;
use copies::{Choice, MinlexCopy};
use row_tables::RowTables;
use tables::{
    ALL_ORDERS, BEFORE, LEAST, NEW, ONE_CLUE, SIGS, SORTERS, SWAP01, UNNAMED, candidate_mask,
    candidates, pack_rows, places, rows_grid, rows_of,
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

/// What filling a row has settled so far, on top of its state.
#[derive(Clone, Copy)]
struct Part {
    /// The state's names with those given in this row.
    map: u64,
    /// Next name to give.
    next: u8,
    /// Column orders still tying, per slot.
    ords: [u8; 3],
    /// Stack order, as in [`State`].
    sigma: u8,
    /// Slots 0 and 1 still exchangeable, as in [`State`].
    swap: bool,
    /// The source row's clue pattern per stack (see [`RowTables`]).
    pat: u32,
    /// The source row's single clue per stack, where it has at most one
    /// (see [`RowTables`]).
    one: u32,
}

/// Stack `s`'s byte of a row's word packed a byte a stack (first stack
/// lowest; the patterns and single clues of [`Part`]), kept in a register.
#[inline(always)]
fn stack_byte(word: u32, s: usize) -> u8 {
    (word >> (8 * (s & 3))) as u8
}

/// True when no stack of a row's patterns (a byte a stack, each below 8)
/// has two clues: no byte shares a bit with itself less one (the top bit
/// of each byte set first, so no byte borrows from the next).
#[inline(always)]
fn no_stack_holds_two(pats: u32) -> bool {
    let less_one = (pats | 0x8080_8080).wrapping_sub(0x0101_0101) & 0x7f7f_7f7f;
    pats & less_one == 0
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

impl Part {
    /// The triple of slot `slot`, filled from source stack `s` holding no
    /// clue or one, without a branch on which: the clue (its value read
    /// whole from the row tables) goes as far right as the orders allow
    /// and takes its name, or the next one. An empty stack reads 0, whose
    /// name is 0, and keeps its orders (see [`ONE_CLUE`]).
    #[inline(always)]
    fn one_clue(&mut self, slot: usize, s: usize) -> u32 {
        let d = usize::from(stack_byte(self.one, s) & 15);
        let known = name_of(self.map, d) as u8;
        let fresh = u32::from(known) == NEW;
        let k = if fresh { self.next } else { known };
        self.map = with_name(self.map, d, k);
        self.next += u8::from(fresh);
        let pat = stack_byte(self.pat, s);
        let e = ONE_CLUE[usize::from(pat & 7)][usize::from(self.ords[slot % 3] & 63)];
        self.ords[slot % 3] = e & 63;
        u32::from(k) << (4 * u32::from(e >> 6))
    }

    /// How source stack `s` ranks in slot 0 while slots 0 and 1 are
    /// still exchangeable (every column order allowed there): 0 when it is
    /// empty, the name of its one clue ([`NEW`] for a digit not named
    /// yet, which takes the next name, after every name given), else 16
    /// times its clues (they go right, so fewer is smaller). The stack
    /// that ranks less gives the smaller row; two that rank alike must
    /// both be tried.
    #[inline(always)]
    fn first_rank(&self, s: usize) -> u32 {
        let clues = stack_byte(self.pat, s).count_ones();
        if clues > 1 {
            16 * clues
        } else {
            name_of(self.map, usize::from(stack_byte(self.one, s) & 15))
        }
    }

    /// Give digit `d` the next name.
    #[inline]
    fn name(&mut self, d: usize) {
        self.map = with_name(self.map, d, self.next);
        self.next += 1;
    }
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

    /// State `st` filling row `depth` with source row `r` (values `v`):
    /// kept in `next_states` when it ties with `best_row`, which it
    /// replaces (dropping the states kept so far) when it is smaller.
    #[inline(always)]
    fn try_row<C: MinlexCopy>(
        &mut self,
        st: &State,
        r: usize,
        depth: usize,
        rows: &RowTables,
        best_row: &mut u64,
    ) {
        let t = st.t as usize;
        let part = Part {
            map: st.map,
            next: st.next,
            ords: st.ords,
            sigma: st.sigma,
            swap: st.swap,
            pat: u32::from_le_bytes(*rows.pat(t, r)),
            one: u32::from_le_bytes(*rows.one(t, r)),
        };
        let v = rows.src(t, r);
        self.fill::<C>(st, r, depth, v, 0, 0, part, best_row);
    }

    /// Fill stack slots `slot..3` of row `depth` from source row `r`
    /// (values `v`) for state `st`, `row` holding the slots before
    /// (packed four bits a cell) and `p` the names, orders and stack order
    /// as they stand after them: in each slot the smallest triple the
    /// allowed orders give (empty cells first, then named digits, then new
    /// ones), keeping the orders that tie. Stops as soon as the row is
    /// worse than `best`; a finished row not worse is kept in
    /// `next_states` (after dropping them when it is smaller). When a slot
    /// has several new digits, each naming of them goes on separately.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn fill<C: MinlexCopy>(
        &mut self,
        st: &State,
        r: usize,
        depth: usize,
        v: &Cells,
        mut slot: usize,
        mut row: u64,
        mut p: Part,
        best: &mut u64,
    ) {
        if p.swap && slot == 0 {
            let sig = SIGS[usize::from(p.sigma & 7)];
            let (a, b) = (p.first_rank(sig[0]), p.first_rank(sig[1]));
            if a == 0 && b == 0 {
                // Still empty: the two slots stay exchangeable.
                slot = 2;
            } else if a != b {
                // The stack that ranks less comes first.
                p.swap = false;
                if b < a {
                    p.sigma = SWAP01[usize::from(p.sigma & 7)];
                }
            } else {
                // A tie (as many clues, two or more, or one new digit
                // each): try both.
                p.swap = false;
                C::fill(self, st, r, depth, v, 0, 0, p, best);
                p.sigma = SWAP01[usize::from(p.sigma & 7)];
                C::fill(self, st, r, depth, v, 0, 0, p, best);
                return;
            }
        }
        let sig = SIGS[usize::from(p.sigma & 7)];
        if no_stack_holds_two(p.pat) {
            // No slot left has two clues (most rows of a sparse puzzle):
            // the slots one after another without a branch, the row
            // compared once.
            while slot < 3 {
                row = row << 12 | u64::from(p.one_clue(slot, sig[slot]));
                slot += 1;
            }
        }
        while slot < 3 {
            let base = 3 * sig[slot];
            let shift = 24 - 12 * slot as u32;
            let tri;
            let pat = stack_byte(p.pat, sig[slot]);
            if pat & pat.wrapping_sub(1) == 0 {
                tri = p.one_clue(slot, sig[slot]);
            } else {
                // Two or three clues. Each cell's rank: empty 0, a named
                // digit its name, a new digit 15 (it takes the next name,
                // after every named one).
                let name = |i: usize| name_of(p.map, usize::from(v[i & 15]));
                let (k0, k1, k2) = (name(base), name(base + 1), name(base + 2));
                let fresh = u32::from(k0 == NEW) + u32::from(k1 == NEW) + u32::from(k2 == NEW);
                if fresh > 1 {
                    C::fill_names(self, st, r, depth, v, slot, row, p, [k0, k1, k2], best);
                    return;
                }
                let keep = LEAST[places(k0, k1, k2)][usize::from(p.ords[slot] & 63)];
                let o = SIGS[(keep.trailing_zeros() & 7) as usize];
                let k = [k0, k1, k2];
                let mut least = k[o[0]] << 8 | k[o[1]] << 4 | k[o[2]];
                p.ords[slot] = keep;
                if fresh == 1 {
                    let c = if k0 == NEW {
                        0
                    } else if k1 == NEW {
                        1
                    } else {
                        2
                    };
                    p.name(usize::from(v[(base + c) & 15]));
                    // The new digit's nibble (15) becomes its name.
                    let at = if least & 15 == NEW {
                        0
                    } else if least >> 4 & 15 == NEW {
                        4
                    } else {
                        8
                    };
                    least ^= (NEW ^ u32::from(p.next - 1)) << at;
                }
                tri = least;
            }
            row = row << 12 | u64::from(tri);
            // Worse than the best row already: stop.
            if row > *best >> shift {
                return;
            }
            slot += 1;
        }
        // The new state: `st` with the row and what it settled.
        let chosen = with_row(st.rows, depth, r);
        let state = State {
            t: st.t,
            sigma: p.sigma,
            used: st.used | 1 << (r & 15),
            next: p.next,
            rows: chosen,
            ords: p.ords,
            map: p.map,
            swap: p.swap,
        };
        self.offer(state, row, best);
    }

    /// Keeps `state`, whose row is `row`, among `next_states` when the
    /// row ties with `best`, and alone when it is smaller (lowering
    /// `best`), without a branch on how they compare: the CPU cannot
    /// guess it, and a worse row costs only a write past the end.
    #[inline(always)]
    fn offer(&mut self, state: State, row: u64, best: &mut u64) {
        let states = &mut self.next_states;
        states.reserve(1);
        let at = if row < *best { 0 } else { states.len() };
        let kept = at + usize::from(row <= *best);
        *best = (*best).min(row);
        // SAFETY: `at` is at most the length, so below the capacity just
        // reserved; `State` is `Copy`, so writing over a state drops
        // nothing, and the new length counts only states written.
        unsafe {
            states.as_mut_ptr().add(at).write(state);
            states.set_len(kept);
        }
    }

    /// [`Self::fill`] from a slot with more than one new cell (ranks
    /// `k`): each allowed order names the new digits in its own way; the
    /// orders giving the smallest triple are grouped by the names they
    /// give, and each group goes on as a state of its own.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn fill_names<C: MinlexCopy>(
        &mut self,
        st: &State,
        r: usize,
        depth: usize,
        v: &Cells,
        slot: usize,
        row: u64,
        p: Part,
        k: [u32; 3],
        best: &mut u64,
    ) {
        let sig = SIGS[usize::from(p.sigma & 7)];
        let base = 3 * sig[slot % 3];
        let d = [v[base & 15], v[(base + 1) & 15], v[(base + 2) & 15]];
        let new = [k[0] == NEW, k[1] == NEW, k[2] == NEW];
        let distinct = (!new[0] || !new[1] || d[0] != d[1])
            && (!new[0] || !new[2] || d[0] != d[2])
            && (!new[1] || !new[2] || d[1] != d[2]);
        if distinct {
            // The new digits take the next names in the order they come:
            // the orders putting the ranks least give one triple.
            let keep = LEAST[places(k[0], k[1], k[2])][usize::from(p.ords[slot] & 63)];
            let mut least = 0u32;
            let mut name = u32::from(p.next);
            for &c in &SIGS[(keep.trailing_zeros() & 7) as usize] {
                let x = if new[c] {
                    name += 1;
                    name - 1
                } else {
                    k[c]
                };
                least = least << 4 | x;
            }
            let row = row << 12 | u64::from(least);
            if row > *best >> (24 - 12 * slot as u32) {
                return;
            }
            if new == [true; 3] {
                // Each order names the three its own way.
                let mut bits = keep;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let mut q = p;
                    for &c in &PERMS_OF_3[i] {
                        q.name(usize::from(d[c]));
                    }
                    q.ords[slot] = 1 << i;
                    C::fill(self, st, r, depth, v, slot + 1, row, q, best);
                }
            } else {
                // Two new cells a < b: named a first or b first.
                let a = usize::from(!new[0]);
                let b = if new[2] { 2 } else { 1 };
                let first = keep & BEFORE[a][b];
                for (mask, x, y) in [(first, a, b), (keep & !first, b, a)] {
                    if mask != 0 {
                        let mut q = p;
                        q.name(usize::from(d[x]));
                        q.name(usize::from(d[y]));
                        q.ords[slot] = mask;
                        C::fill(self, st, r, depth, v, slot + 1, row, q, best);
                    }
                }
            }
            return;
        }
        self.fill_repeated_names::<C>(st, r, depth, v, slot, row, p, k, best);
    }

    /// [`Self::fill_names`] when a new digit is met twice in the slot's
    /// stack (not a valid puzzle): it keeps its first name, and the
    /// orders are grouped by the names they give.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn fill_repeated_names<C: MinlexCopy>(
        &mut self,
        st: &State,
        r: usize,
        depth: usize,
        v: &Cells,
        slot: usize,
        row: u64,
        p: Part,
        k: [u32; 3],
        best: &mut u64,
    ) {
        let base = 3 * SIGS[usize::from(p.sigma & 7)][slot % 3];
        // Per group: the new digits in the order named (four bits each),
        // how many, the orders.
        let mut groups = [(0u16, 0u8, 0u8); 6];
        let mut n = 0;
        let mut least = u32::MAX;
        let mut bits = p.ords[slot];
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (mut x, mut seq, mut named) = (0u32, 0u16, 0u8);
            for &c in &PERMS_OF_3[i] {
                let mut name = k[c];
                if name == NEW {
                    // A digit met twice in one stack (not a valid puzzle)
                    // keeps its first name.
                    let d = u16::from(v[(base + c) & 15] & 15);
                    let j = (0..named)
                        .find(|&j| seq >> (4 * j) & 15 == d)
                        .unwrap_or_else(|| {
                            seq |= d << (4 * named);
                            named += 1;
                            named - 1
                        });
                    name = u32::from(p.next + j);
                }
                x = x << 4 | name;
            }
            if x > least {
                continue;
            }
            if x < least {
                least = x;
                n = 0;
            }
            if let Some(g) = groups[..n].iter_mut().find(|g| g.0 == seq) {
                g.2 |= 1 << i;
            } else {
                groups[n] = (seq, named, 1 << i);
                n += 1;
            }
        }
        let row = row << 12 | u64::from(least);
        if row > *best >> (24 - 12 * slot as u32) {
            return;
        }
        for &(seq, named, mask) in &groups[..n] {
            let mut q = p;
            for j in 0..named {
                q.name(usize::from(seq >> (4 * j) & 15));
            }
            q.ords[slot] = mask;
            C::fill(self, st, r, depth, v, slot + 1, row, q, best);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit trick against the definition, on every row's patterns.
    #[test]
    fn no_stack_holds_two_is_at_most_one_clue_a_stack() {
        for m in 0..512u32 {
            let pats = [m >> 6 & 7, m >> 3 & 7, m & 7];
            let expected = pats.iter().all(|p| p.count_ones() <= 1);
            let word = pats[0] | pats[1] << 8 | pats[2] << 16;
            assert_eq!(no_stack_holds_two(word), expected, "{pats:?}");
        }
    }
}
