//! Filling one row of the form from a source row, slot by slot: each
//! slot's smallest triple under the column orders still allowed, the
//! digits it names, and the states that tie kept (see the module above).

use super::copies::MinlexCopy;
use super::row_tables::RowTables;
use super::tables::{BEFORE, LEAST, NEW, ONE_CLUE, SIGS, SWAP01, places};
use super::{Cells, PERMS_OF_3, PuzzleMinlex, State, name_of, with_name, with_row};

/// What filling a row has settled so far, on top of its state.
#[derive(Clone, Copy)]
pub(super) struct Part {
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

impl PuzzleMinlex {
    /// State `st` filling row `depth` with source row `r` (values `v`):
    /// kept in `next_states` when it ties with `best_row`, which it
    /// replaces (dropping the states kept so far) when it is smaller.
    #[inline(always)]
    pub(super) fn try_row<C: MinlexCopy>(
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
    pub(super) fn fill<C: MinlexCopy>(
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
    pub(super) fn offer(&mut self, state: State, row: u64, best: &mut u64) {
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
    pub(super) fn fill_names<C: MinlexCopy>(
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
