//! A transposition table for the flat sweep's counts ([`super::sweep`]):
//! the solutions below a node, by its state (the filled cells and the
//! pieces left), so that a state reached again by another arrangement of
//! the same pieces in the same cells is counted once.
//!
//! Why it is exact: below the root, the sweep's subtree depends only on
//! the state (it fills the first empty cell from the same lists, and its
//! dead-cell test and the pieces it may place are functions of the filled
//! cells and the pieces left), so the number of solutions below a state is
//! the same wherever it is met, in any top-level branch of the same
//! problem. It is used only where each solution counts a fixed weight: no
//! per-solution symmetry check (`Root::check` empty), no packings kept, no
//! limit (a hit would add many solutions at once), and no floor on copies
//! (the sweep has one copy of each piece).
//!
//! Why here and not in the fewest search: counted per depth (a scratch
//! build with an unbounded memo at every node, round 12), it would save
//! 53% of 4x15's sweep nodes, 45% of 6x10's and 56% of 5x12's, but only
//! 8.3% of Bedlam's 13.25M, 5.4% of 3x4x5's 3.42M and 7.2% of 2x5x6's.
//!
//! The table is bounded: it starts at [`FIRST`] slots and grows fourfold
//! (emptied) each time four times its size has been stored, up to
//! [`MOST`] slots (24 bytes each); a new entry replaces whatever is in its
//! slot. So a small problem (3x20, 4x15) has a small table. One table
//! serves all the threads and top-level branches of one run (it lives in
//! the run's [`Shared`]), behind a lock: a table per thread left each
//! thread to find again what the other had stored (6x10 on 2 threads did
//! 8% more work than on one), while the look-ups are few beside the
//! nodes (about 25K of 567K on 6x10).
//!
//! [`Shared`]: crate::polyomino::progress::Shared

use std::sync::Mutex;

/// Slots of a new table.
const FIRST: usize = 1 << 10;
/// Most slots (24 bytes each: 1.5 MiB).
const MOST: usize = 1 << 16;

#[derive(Clone, Copy, Default)]
struct Slot {
    filled: u64,
    /// The pieces left; 0 for an empty slot (a state with no pieces left
    /// is never stored).
    avail: u64,
    /// Solutions below the state (each of weight 1).
    count: u64,
}

/// The table of one run, shared by its threads (see the module).
#[derive(Default)]
pub(crate) struct Counts(Mutex<Memo>);

impl Counts {
    /// The solutions below the state, if stored.
    #[inline]
    pub(super) fn get(&self, filled: u64, avail: u64) -> Option<u64> {
        self.0.lock().ok()?.get(filled, avail)
    }

    /// Store the solutions below a state (`avail` not empty).
    #[inline]
    pub(super) fn put(&self, filled: u64, avail: u64, count: u64) {
        if let Ok(mut memo) = self.0.lock() {
            memo.put(filled, avail, count);
        }
    }
}

/// The slots; none until the first store (a run that stores nothing
/// allocates nothing).
#[derive(Default)]
struct Memo {
    slots: Vec<Slot>,
    /// 64 minus log2 of the slots.
    shift: u32,
    stores: usize,
}

impl Memo {
    fn new(slots: usize) -> Memo {
        Memo {
            slots: vec![Slot::default(); slots],
            shift: 64 - slots.trailing_zeros(),
            stores: 0,
        }
    }

    #[inline(always)]
    fn slot(&self, filled: u64, avail: u64) -> usize {
        let h = (filled.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ avail)
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> self.shift) as usize
    }

    /// The solutions below the state, if stored.
    #[inline(always)]
    fn get(&self, filled: u64, avail: u64) -> Option<u64> {
        // (No slots yet: `get` finds none.)
        let s = self.slots.get(self.slot(filled, avail))?;
        (s.filled == filled && s.avail == avail).then_some(s.count)
    }

    /// Store the solutions below a state (`avail` not empty).
    #[inline(always)]
    fn put(&mut self, filled: u64, avail: u64, count: u64) {
        self.stores += 1;
        if self.slots.is_empty() {
            *self = Memo::new(FIRST);
        } else if self.stores > 4 * self.slots.len() && self.slots.len() < MOST {
            *self = Memo::new(self.slots.len() * 4);
        }
        let i = self.slot(filled, avail);
        if let Some(s) = self.slots.get_mut(i) {
            *s = Slot {
                filled,
                avail,
                count,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::monitor::Silent;
    use crate::polyomino::*;

    #[test]
    fn counts_from_the_memo_are_exact() {
        // 4x15 and 6x10 pentominoes (the flat sweep, a memo in the
        // branches with no symmetry check), by class and raw, on one and
        // two threads; with a limit (no memo) the first solutions as well.
        // Nodes without the memo (a scratch count): 61,129 and 718,662.
        for (rows, cols, raw, classes, without) in
            [(4, 15, 1472, 368, 61_129), (6, 10, 9356, 2339, 718_662)]
        {
            let region = Region::rect(rows, cols).unwrap();
            for threads in [1, 2] {
                for (is_raw, want) in [(true, raw), (false, classes)] {
                    let options = Options {
                        raw: is_raw,
                        threads: Some(threads),
                        ..Options::default()
                    };
                    let out = solve(&region, &pentominoes(), &options, &Silent).unwrap();
                    assert_eq!(
                        out.count, want,
                        "{rows}x{cols}, {threads} threads, raw {is_raw}"
                    );
                    if threads == 1 {
                        assert!(out.nodes < without, "{rows}x{cols}: {} nodes", out.nodes);
                    }
                }
            }
            let options = Options {
                limit: Some(5),
                threads: Some(1),
                ..Options::default()
            };
            let out = solve(&region, &pentominoes(), &options, &Silent).unwrap();
            assert_eq!(out.count, 5);
        }
    }
}
