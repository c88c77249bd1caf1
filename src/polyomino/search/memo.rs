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
//! each time four times its size has been stored, up to [`MOST`] slots
//! (32 bytes each); a new entry replaces whatever is in its slot. So a
//! small problem (3x20, 4x15) has a small table. One table serves all the
//! threads and top-level branches of one run (it lives in the run's
//! [`Shared`]): a table per thread left each thread to find again what
//! the other had stored (6x10 on 2 threads did 8% more work than on one).
//!
//! It takes no lock. Behind one lock, two threads spent 8% of a 6x10
//! count in the table (2% on one thread), most of it moving the lock's
//! cache line from core to core on every look-up. Now a look-up only
//! reads: each slot carries a version, odd while a thread writes it, and
//! a slot read whole between two equal even versions is an entry as it
//! was stored (a seqlock); anything else reads as absent. A writer that
//! finds its slot being written stores nothing. The slots are made in
//! blocks that never move, so growing only widens the hash: what was
//! stored stays until overwritten, and an entry is found only under its
//! own key, so any entry found is exact.
//!
//! [`Shared`]: crate::polyomino::progress::Shared

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering, fence};

/// log2 of the slots of a new table.
const FIRST_BITS: u32 = 10;
/// Slots of a new table.
const FIRST: usize = 1 << FIRST_BITS;
/// log2 of the most slots.
const MOST_BITS: u32 = 16;
/// Most slots (32 bytes each: 2 MiB).
const MOST: usize = 1 << MOST_BITS;
/// Slots made at a time (32 KiB): the table's first size.
const BLOCK: usize = FIRST;

/// One entry, and its version: odd while a thread writes it, raised by
/// two by each write.
#[derive(Default)]
#[repr(align(32))]
struct Slot {
    version: AtomicU64,
    filled: AtomicU64,
    /// The pieces left; 0 for an empty slot (a state with no pieces left
    /// is never stored).
    avail: AtomicU64,
    /// Solutions below the state (each of weight 1).
    count: AtomicU64,
}

/// A value on cache lines of its own: what every look-up reads does not
/// share a line with what every store writes.
#[derive(Default)]
#[repr(align(128))]
struct Alone<T>(T);

/// The table of one run, shared by its threads (see the module).
pub(crate) struct Counts {
    /// The slots, [`BLOCK`] at a time, each block made at its first store.
    blocks: Box<[OnceLock<Box<[Slot]>>]>,
    /// log2 of the slots in use; 0 before the first store (a run that
    /// stores nothing allocates nothing).
    bits: Alone<AtomicU32>,
    /// Stores since the table last grew.
    stores: Alone<AtomicUsize>,
}

impl Default for Counts {
    fn default() -> Counts {
        Counts {
            blocks: (0..MOST / BLOCK).map(|_| OnceLock::new()).collect(),
            bits: Alone::default(),
            stores: Alone::default(),
        }
    }
}

impl Counts {
    /// The slot of a state among the first `2^bits`.
    #[inline(always)]
    fn index(filled: u64, avail: u64, bits: u32) -> usize {
        let h = (filled.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ avail)
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> (64 - bits)) as usize
    }

    /// The solutions below the state, if stored.
    #[inline]
    pub(super) fn get(&self, filled: u64, avail: u64) -> Option<u64> {
        let bits = self.bits.0.load(Ordering::Acquire);
        if bits == 0 {
            return None;
        }
        let i = Self::index(filled, avail, bits);
        let s = self.blocks.get(i / BLOCK)?.get()?.get(i % BLOCK)?;
        let version = s.version.load(Ordering::Acquire);
        if version & 1 != 0 {
            return None;
        }
        let (f, a, count) = (
            s.filled.load(Ordering::Relaxed),
            s.avail.load(Ordering::Relaxed),
            s.count.load(Ordering::Relaxed),
        );
        // The entry's loads before the second look at the version: if
        // any of them saw a write begun since, the version has moved.
        fence(Ordering::Acquire);
        let whole = s.version.load(Ordering::Relaxed) == version;
        (whole && f == filled && a == avail).then_some(count)
    }

    /// Store the solutions below a state (`avail` not empty).
    #[inline]
    pub(super) fn put(&self, filled: u64, avail: u64, count: u64) {
        let bits = self.bits();
        let i = Self::index(filled, avail, bits);
        let Some(block) = self.blocks.get(i / BLOCK) else {
            return;
        };
        let block = block.get_or_init(|| (0..BLOCK).map(|_| Slot::default()).collect());
        let Some(s) = block.get(i % BLOCK) else {
            return;
        };
        let version = s.version.load(Ordering::Relaxed);
        if version & 1 != 0
            || s.version
                .compare_exchange(version, version + 1, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            // Another thread is writing this slot: this entry is dropped.
            return;
        }
        // The odd version before the entry's stores, for any reader that
        // sees one of them.
        fence(Ordering::Release);
        s.filled.store(filled, Ordering::Relaxed);
        s.avail.store(avail, Ordering::Relaxed);
        s.count.store(count, Ordering::Relaxed);
        s.version.store(version + 2, Ordering::Release);
    }

    /// The slots in use (log2) for the next store: [`FIRST_BITS`] at the
    /// first, four times as many each time four times their number has
    /// been stored, up to [`MOST_BITS`].
    #[inline]
    fn bits(&self) -> u32 {
        let bits = self.bits.0.load(Ordering::Acquire);
        if bits == 0 {
            // The first store; one thread's raise is enough.
            let _ =
                self.bits
                    .0
                    .compare_exchange(0, FIRST_BITS, Ordering::AcqRel, Ordering::Acquire);
            return self.bits.0.load(Ordering::Acquire);
        }
        let stores = self.stores.0.fetch_add(1, Ordering::Relaxed) + 1;
        if bits < MOST_BITS
            && stores > 4 << bits
            && self
                .bits
                .0
                .compare_exchange(bits, bits + 2, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
        {
            self.stores.0.store(0, Ordering::Relaxed);
            return bits + 2;
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::Counts;
    use crate::monitor::Silent;
    use crate::polyomino::*;

    #[test]
    fn an_entry_is_read_whole_or_not_at_all_while_threads_write() {
        // Four threads store and look up states that share few slots
        // (every store may land on another's slot mid-write); each count
        // is a function of its state, so a torn entry would show as a
        // wrong count.
        let counts = Counts::default();
        let want = |f: u64, a: u64| f.wrapping_mul(31) ^ a.rotate_left(7);
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let counts = &counts;
                s.spawn(move || {
                    let mut found = 0;
                    for i in 0..200_000u64 {
                        let (f, a) = ((i * 7 + t) % 5_000, 1 + (i % 13));
                        match counts.get(f, a) {
                            Some(n) => {
                                assert_eq!(n, want(f, a), "state {f} {a}");
                                found += 1;
                            }
                            None => counts.put(f, a, want(f, a)),
                        }
                    }
                    assert!(found > 0);
                });
            }
        });
    }

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
