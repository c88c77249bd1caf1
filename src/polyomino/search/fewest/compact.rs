//! The fewest-options search's last levels, once at most 1024 placements
//! are live: the live placements are renumbered 0..n, so that a set of
//! them is `W` words (1, 2, 4, 8 or 16: the fewest that hold
//! n), and the search
//! below keeps no counts at all.
//!
//! Why: the parent's bookkeeping (taking every killed placement off the
//! per-cell counts) is most of its time, and most nodes lie in the last
//! levels. With the placements renumbered, a cell's count is the popcount
//! of `W` words (the live set and the cell's set), a child's live set is
//! the parent's minus the sets of its piece's cells (and kind), and making
//! the small table costs less than the counts of a few nodes. It branches
//! as the parent does: on the empty cell with the fewest live placements,
//! or on a piece with one copy left when it has fewer still.
//!
//! A node scans first the cells its parent found with at most [`FEW`] live
//! placements and those next to the piece just placed (where a cell is
//! likeliest to be left with none), and a cell with one ends the scan
//! (round 9: on Bedlam a dead node is found after 3.4 cells scanned
//! instead of 6.5, and a third fewer cells and kinds are counted in all,
//! for 6% more nodes).
//!
//! Round 10 (on an AMD EPYC with AVX2, the X86V3 copy): the branching
//! loop visits only the words where the chosen set has live placements
//! (a mask of them; it stepped through all `W`, a tenth of Bedlam's
//! instructions), and each placement's neighbour cells are made once with
//! the table (`near`) instead of at every move (`first` and the walled-in
//! test took a seventh). Instructions: Bedlam 29.47G -> 25.75G,
//! 3x4x5 7.25G -> 6.26G, 2x5x6 486M -> 423M.
//!
//! Round 11: the words to branch over are found by a compare and a
//! move-mask (`SearchCopy::nonzero`): 3x4x5 6.25G -> 6.14G, 2x5x6
//! 420.6M -> 413.8M. Tried and dropped: narrowing a child's live set to
//! a window of 4, 8 or 12 words where they hold it all (deep nodes have
//! a few dozen live placements spread over most of the 16 words), each
//! window its own compiled node: 3x4x5 6.14G -> 5.91G, but Bedlam's CPU
//! 0.93-0.95 of before (interleaved), likely the narrowing's branches.
//!
//! The tenth round (docs/benchmarks.md): a child's empty cells next to
//! the piece just placed (`near`) are tested in the parent with an AND
//! and an OR of the words each (`dead_child`), and a child with one of
//! them left with no live placement is not entered. Counted on 2x5x6
//! (AVX2 copy): 48% of the small-table nodes (227K of 468K) died at their
//! own scan, after 3.4 cells popcounted; the test finds 97% of those deaths before the entry
//! (nodes 468K -> 210K). A node whose fewest cell has one live placement
//! (27% there) places it and goes on in the same frame (a loop, undone
//! at the end) instead of entering a child node. The per-placement
//! arrays are `MOST` long so that an index needs no bounds check.

use super::{Bits, Fewest, SearchCopy};
use crate::polyomino::compile::MAX_KINDS;

/// Most placements the renumbered table holds.
pub(super) const MOST: usize = 64 * WORDS;
/// Words of the widest table.
const WORDS: usize = 16;
/// A cell with at most this many live placements is scanned first in the
/// children (with those next to the piece placed).
const FEW: u32 = 2;
/// A node counts the live placements of each piece left only when its
/// fewest cell has more than this many (docs/benchmarks.md, the ninth
/// round). On Bedlam the pieces' counts were 33M popcounts beside 214M
/// cells' and decided 188K branches and 19.6K dead nodes of 24M; the
/// children find a dead piece's pocket later. Instructions, AVX2 copy,
/// against counting them at every node with more than one: Bedlam 25.30G
/// -> 23.88G, 3x4x5 6.14G -> 5.84G, 2x5x6 412.0M -> 390.8M (a quick build,
/// thresholds 2 / 3 / 4 / 6 / none: 3x4x5 6.20G before, 6.06G / 5.98G /
/// 5.93G / 5.91G / 9.51G).
const KINDS_ABOVE: u32 = 6;

/// The renumbered live placements (one buffer per top-level branch,
/// reused at every hand-over; a table of `W` words uses the first part).
/// The per-placement arrays are `MOST` long, so that a placement's index
/// (below `64 * W`) needs no bounds check.
pub(super) struct Small {
    /// Cell c's set: `cells[c*W..][..W]`.
    cells: Vec<u64>,
    /// Kind k's set: `kinds[k*W..][..W]`.
    kinds: Vec<u64>,
    masks: Box<[u64; MOST]>,
    /// The cells next to each placement's (`FewestTable::near`).
    near: Box<[u64; MOST]>,
    kind_of: Box<[u8; MOST]>,
    /// Index in `Compiled::placements[kind]`.
    ids: Box<[u32; MOST]>,
    /// Per word of the parent's live set: the new number of its first
    /// live placement.
    offsets: Vec<u32>,
}

/// A zeroed array of `MOST` on the heap.
fn boxed<T: Copy + Default>() -> Box<[T; MOST]> {
    vec![T::default(); MOST]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("MOST elements"))
}

impl Small {
    pub(super) fn new() -> Small {
        Small {
            cells: vec![0; 64 * WORDS],
            kinds: vec![0; MAX_KINDS * WORDS],
            masks: boxed(),
            near: boxed(),
            kind_of: boxed(),
            ids: boxed(),
            offsets: Vec::new(),
        }
    }
}

impl<B: Bits> Fewest<'_, B> {
    /// Search below a node whose live set (`live` words of depth `d`) has
    /// `n <= MOST` placements, with the small table.
    #[inline(always)]
    pub(super) fn hand_over<C: SearchCopy>(&mut self, d: usize, filled: u64, n: usize) {
        match n {
            0..=64 => self.small_start::<C, 1>(d, filled, n),
            65..=128 => self.small_start::<C, 2>(d, filled, n),
            129..=256 => self.small_start::<C, 4>(d, filled, n),
            257..=512 => self.small_start::<C, 8>(d, filled, n),
            _ => self.small_start::<C, WORDS>(d, filled, n),
        }
    }

    #[inline(always)]
    fn small_start<C: SearchCopy, const W: usize>(&mut self, d: usize, filled: u64, n: usize) {
        let ft = self.ft;
        let w = ft.words;
        let mut small = self.small.take().unwrap_or_else(Small::new);
        // Only the empty cells' sets are ever read (a live placement
        // covers empty cells only).
        let mut empty = !filled;
        while empty != 0 {
            let c = empty.trailing_zeros() as usize % 64;
            empty &= empty - 1;
            small.cells[c * W..][..W].fill(0);
        }
        let mut a = self.s.avail;
        while a != 0 {
            let k = a.trailing_zeros() as usize % MAX_KINDS;
            a &= a - 1;
            small.kinds[k * W..][..W].fill(0);
        }
        if small.offsets.len() < w {
            small.offsets.resize(w, 0);
        }
        let mut j = 0usize;
        for i in 0..w {
            small.offsets[i] = j as u32;
            let mut bits = self.live[d * w + i];
            while bits != 0 && j < n.min(MOST) {
                let q = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let m = ft.masks[q];
                let k = ft.kinds[q];
                small.masks[j] = m;
                small.near[j] = ft.near[q];
                small.kind_of[j] = k;
                small.ids[j] = ft.ids[q];
                let (word, bit) = (j / 64, 1u64 << (j % 64));
                if !C::PEXT {
                    let mut x = m;
                    while x != 0 {
                        small.cells[(x.trailing_zeros() as usize % 64) * W + word] |= bit;
                        x &= x - 1;
                    }
                }
                small.kinds[(k as usize % MAX_KINDS) * W + word] |= bit;
                j += 1;
            }
        }
        if C::PEXT {
            // A cell's new set, a word of the old numbering at a time: the
            // old set's bits at the live placements, packed in order, land
            // at the new numbers of that word's first live placement on.
            let mut empty = !filled;
            while empty != 0 {
                let c = empty.trailing_zeros() as usize % 64;
                empty &= empty - 1;
                let (lo, hi) = ft.cell_words[c];
                let row = &mut small.cells[c * W..][..W];
                for i in lo as usize..hi as usize {
                    let x = C::pext(ft.cell_sets[c * w + i], self.live[d * w + i]);
                    if x == 0 {
                        continue;
                    }
                    let o = small.offsets[i] as usize;
                    let (word, shift) = (o / 64, o % 64);
                    row[word % W] |= x << shift;
                    if shift != 0 && word + 1 < W {
                        row[word + 1] |= x >> (64 - shift);
                    }
                }
            }
        }
        let mut live = [0u64; W];
        for (i, l) in live.iter_mut().enumerate() {
            let bits = j.saturating_sub(i * 64).min(64);
            *l = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
        }
        C::small_node::<B, W>(self, &small, live, filled);
        self.small = Some(small);
    }

    /// The cells' and the kinds' sets as arrays of `W` words, so that
    /// indexing them needs no bounds checks (a cell is below 64, a kind
    /// below `MAX_KINDS`).
    #[inline(always)]
    fn sets<const W: usize>(t: &Small) -> (&[[u64; W]; 64], &[[u64; W]; MAX_KINDS]) {
        let cells = t.cells[..64 * W].as_chunks::<W>().0.try_into();
        let kinds = t.kinds[..MAX_KINDS * W].as_chunks::<W>().0.try_into();
        (
            cells.expect("64 cells' sets"),
            kinds.expect("MAX_KINDS kinds' sets"),
        )
    }

    /// The body of a node of the small table (see `copies` for why it is
    /// compiled more than once). A node whose fewest cell has one live
    /// placement (a third of them) makes it here and goes on as the child
    /// in the same frame (a loop): no call, no new frame, no copy of the
    /// live set; the placements so made are undone at the end.
    #[inline(always)]
    pub(super) fn small_node<C: SearchCopy, const W: usize>(
        &mut self,
        t: &Small,
        live: [u64; W],
        filled: u64,
    ) {
        let (mut live, mut filled) = (live, filled);
        // Placements made in this frame, taken back at the end.
        let mut forced = 0usize;
        let (cells, kinds) = Self::sets::<W>(t);
        'node: loop {
            if !self.s.visit() {
                break;
            }
            // The fewest live placements and the lowest cell with them, as
            // the least of (count, cell): no branch per cell (whether a
            // cell beats the best so far is a coin toss for the
            // predictor). The cells the parent marked (see `small_place`)
            // are scanned first, and a cell with one live placement ends
            // the scan: nothing but a dead cell could beat it, and the
            // child finds a dead cell as well (its count stays 0).
            let empty = !filled;
            let first = self.first & empty;
            let mut least = u32::MAX;
            // The cells with few live placements, for the children's
            // `first`.
            let mut few = 0u64;
            'scan: for set in [first, empty & !first] {
                let mut left = set;
                while left != 0 {
                    let c = left.trailing_zeros();
                    left &= left - 1;
                    let n = C::popcount(&live, &cells[c as usize % 64]);
                    // A dead cell ends the node (taken once per node at
                    // most).
                    if n == 0 {
                        break 'node;
                    }
                    least = least.min(n << 6 | c);
                    few |= u64::from(n <= FEW) << c;
                    if n == 1 {
                        break 'scan;
                    }
                }
            }
            let (mut best, cell) = (least >> 6, least as usize % 64);
            let mut row = &cells[cell % 64];
            // The pieces are counted only when the fewest cell has more
            // than `KINDS_ABOVE` live placements (with one, no piece has
            // fewer but a dead one, and the child finds that too).
            let mut a = if best > KINDS_ABOVE { self.s.avail } else { 0 };
            while a != 0 {
                let k = a.trailing_zeros() as usize % MAX_KINDS;
                a &= a - 1;
                let set = &kinds[k];
                let n = C::popcount(&live, set);
                if n == 0 {
                    break 'node;
                }
                // Only a piece with one copy left (see the parent's
                // `choose`).
                if self.s.counts[k] == 1 && n < best {
                    best = n;
                    row = set;
                }
            }
            // The words holding the placements to try (at most a few of
            // the W): a mask of them, so the loop skips the others.
            let mut both = [0u64; W];
            for ((b, &l), &r) in both.iter_mut().zip(&live).zip(row) {
                *b = l & r;
            }
            let mut words = C::nonzero(&both);
            if best == 1 {
                // Forced: the child is this frame's next turn.
                let word = words.trailing_zeros() as usize % W;
                let i = word * 64 + both[word].trailing_zeros() as usize;
                self.first = few | t.near[i % MOST];
                if let Some((child, next)) = self.small_enter::<W>(t, &live, filled, i)
                    && !Self::dead_child::<W>(t, &child, next, i)
                {
                    (live, filled) = (child, next);
                    forced += 1;
                    continue;
                }
                self.leave(t.kind_of[i % MOST] as usize);
                break;
            }
            while words != 0 {
                let word = words.trailing_zeros() as usize % W;
                words &= words - 1;
                let mut bits = both[word];
                while bits != 0 {
                    let i = word * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.first = few | t.near[i % MOST];
                    self.small_place::<C, W>(t, &live, filled, i);
                    if self.s.stop {
                        break 'node;
                    }
                }
            }
            break;
        }
        for _ in 0..forced {
            let k = self.s.stack.last().map_or(0, |&(k, _)| k as usize);
            self.leave(k);
        }
    }

    /// Enter placement `i` of the small table: the child's live set and
    /// filled cells, `None` when the box is full or a cell is walled in
    /// ([`Fewest::leave`] undoes it either way).
    #[inline(always)]
    fn small_enter<const W: usize>(
        &mut self,
        t: &Small,
        live: &[u64; W],
        filled: u64,
        i: usize,
    ) -> Option<([u64; W], u64)> {
        let (m, k) = (t.masks[i % MOST], t.kind_of[i % MOST] as usize);
        let next = self.enter(k, t.ids[i % MOST], filled, m, t.near[i % MOST])?;
        let (cells, kinds) = Self::sets::<W>(t);
        let mut child = *live;
        let mut x = m;
        while x != 0 {
            let set = &cells[x.trailing_zeros() as usize % 64];
            x &= x - 1;
            for (c, s) in child.iter_mut().zip(set) {
                *c &= !s;
            }
        }
        if self.s.avail >> k & 1 == 0 {
            let set = &kinds[k % MAX_KINDS];
            for (c, s) in child.iter_mut().zip(set) {
                *c &= !s;
            }
        }
        Some((child, next))
    }

    /// A child (`child` live, `next` filled) with an empty cell next to
    /// placement `i` left with no live placement: found here with a
    /// zero test per cell (an AND and an OR of the words), not in the
    /// child's scan with a popcount per cell after its entry.
    #[inline(always)]
    fn dead_child<const W: usize>(t: &Small, child: &[u64; W], next: u64, i: usize) -> bool {
        let (cells, _) = Self::sets::<W>(t);
        let mut x = t.near[i % MOST] & !next;
        while x != 0 {
            let set = &cells[x.trailing_zeros() as usize % 64];
            x &= x - 1;
            let mut any = 0u64;
            for (s, l) in set.iter().zip(child) {
                any |= s & l;
            }
            if any == 0 {
                return true;
            }
        }
        false
    }

    /// Place placement `i` of the small table and search below it.
    #[inline(always)]
    fn small_place<C: SearchCopy, const W: usize>(
        &mut self,
        t: &Small,
        live: &[u64; W],
        filled: u64,
        i: usize,
    ) {
        if let Some((child, next)) = self.small_enter::<W>(t, live, filled, i)
            && !Self::dead_child::<W>(t, &child, next, i)
        {
            C::small_node::<B, W>(self, t, child, next);
        }
        self.leave(t.kind_of[i % MOST] as usize);
    }
}
