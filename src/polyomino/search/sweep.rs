//! The flat sweep: the first-empty-cell search for flat boards of up to
//! 128 cells with one copy of every piece and neither the tight rule nor
//! the pockets asked (the classic pentomino rectangles).
//!
//! It reads the same probe-indexed lists as [`super::lean`] but does less
//! per node, which is where a pentomino count spends its time (5x12:
//! about 500,000 nodes, 1.5 fitting placements each):
//! - the probe pattern is one shift of the board to the anchor cell and
//!   three fixed-width fields of it (the run lengths are constants);
//! - the pieces left are a bit set passed down the recursion (no copies,
//!   so no counts to keep);
//! - the dead-cell test shifts along the two axes only, the short one by
//!   a constant 1, the long one without masks (a shift off the box lands
//!   on cells that are always filled);
//! - the kind-by-kind list bounds come from one row of the probe index;
//! - a node is entered only when its row lists a piece still left (the
//!   parent reads the row's head: 40% of the nodes on 4x15 ended there);
//! - short sides 3 to 6 are compiled in (`Sweep<B, S>`): the probe and
//!   dead-cell shifts are constants (5x12: 82.9M -> 77.0M instructions);
//! - a count keeps the solutions below each node with at least
//!   [`MEMO_LEFT`] pieces left by state in the run's table ([`super::memo`],
//!   which says why it is exact), and a state met again is not searched
//!   again.
//!
//! What it finds is the same as `Search::dfs` (each solution goes through
//! `Search::solution`).

use super::super::bits::Bits;
use super::super::compile::Compiled;
use super::tables::{NARROW, probe_lens};
use super::tables::{padded_axes, single_cell_kinds};
use super::{Found, Root, Search, Shared, Table, Task, open_root};

/// True when the flat sweep can run this task on these tables.
pub(super) fn applies<B: Bits>(p: &Compiled, t: &Table<B>, task: &Task) -> bool {
    B::PROBED
        && !t.tight
        && !task.pockets
        && t.axes.len() <= 2
        && t.axes.first().is_none_or(|a| a.0 == 1)
        && t.probes[0].0 == 1
        && p.kinds.iter().all(|k| k.count == 1)
        && p.kinds.len() <= 64
}

/// Deepest stack: one piece per kind, at most 64 kinds.
const DEPTH: usize = 64;

/// Nodes with at least this many pieces left use the memo. Deeper, a
/// look-up saves less than it costs: on 6x10, at 3 pieces left 283K
/// nodes had 25K repeats saving 51K nodes, at 4 left 142K had 7K saving
/// 42K, at 6 left 12K had 489 saving 41K. CPU against no memo (trimmed
/// means, pair.py): 6x10 60.6 ms, with 3 left 72 (a 1.5 MiB table), 4 left
/// 63.7, 5 left 52.5, 6 left 52.0, 7 left 53.3; 4x15 14.32 ms, 13.24 /
/// 13.05 / 12.92 at 5 / 6 / 7 left; 5x12 30.5 ms, 28.6 / 29.2 / 29.5.
const MEMO_LEFT: usize = 6;

/// One top-level branch, searched by the flat sweep.
pub(super) fn run_root<B: Bits>(
    p: &Compiled,
    t: &Table<B>,
    task: Task,
    root: &Root,
    shared: &Shared,
) -> Found {
    let (s, filled) = match open_root(p, t, task, root, shared) {
        Ok(opened) => opened,
        Err(found) => return found,
    };
    let [(_, low0, high0), (s1, _, _)] = padded_axes::<B, 2>(t);
    let monos = single_cell_kinds(p);
    let avail = s.avail;
    let offsets = [t.probes[1].0 as u32, t.probes[2].0 as u32];
    let lens = t.probes.map(|r| r.1);
    // The memo where each solution counts a fixed weight (see `memo`).
    let memo = task.memo
        && p.nbits <= 64
        && root.check.is_empty()
        && root.floor.is_none()
        && !task.keep
        && task.limit.is_none();
    // (Fixed wherever the memo runs: no check.)
    let weight = root.fixed_weight(task.raw).unwrap_or(1);
    // Pieces left at depth d (d placed below the root): one copy each.
    let left = avail.count_ones() as usize;
    let sweep = Sweep {
        t,
        low0,
        high0,
        s1,
        along1: if t.axes.len() > 1 { B::ONES } else { B::ZERO },
        monos,
        offsets,
        lens,
        stack: [0; DEPTH],
        memo_depth: if memo {
            left.saturating_sub(MEMO_LEFT)
        } else {
            0
        },
        weight,
        floor_kind: s.floor_kind,
        floor: s.floor,
        s,
    };
    // The usual short sides compiled in: their shifts are constants.
    let short = if t.axes.len() == 2
        && offsets == [s1.wrapping_sub(1), 2 * s1]
        && lens == probe_lens(s1 as usize <= NARROW)
    {
        s1
    } else {
        0
    };
    match (short, sweep.floor_kind != usize::MAX) {
        (3, false) => sweep.with::<3, false>().run(filled, avail),
        (4, false) => sweep.with::<4, false>().run(filled, avail),
        (5, false) => sweep.with::<5, false>().run(filled, avail),
        (6, false) => sweep.with::<6, false>().run(filled, avail),
        (_, false) => sweep.run(filled, avail),
        (3, true) => sweep.with::<3, true>().run(filled, avail),
        (4, true) => sweep.with::<4, true>().run(filled, avail),
        (5, true) => sweep.with::<5, true>().run(filled, avail),
        (6, true) => sweep.with::<6, true>().run(filled, avail),
        (_, true) => sweep.with::<0, true>().run(filled, avail),
    }
}

/// `S`: the short side when compiled in (two axes, the long one of
/// stride `S`), else 0 (read from the fields). `F`: a floor is set (see
/// `floor_kind`).
struct Sweep<'a, B: Bits, const S: u32 = 0, const F: bool = false> {
    t: &'a Table<B>,
    /// Holds the root, the counting of solutions and the output.
    s: Search<'a, B>,
    /// The short axis (stride 1): the cells with a neighbour below, above.
    low0: B,
    high0: B,
    /// The long axis: its stride, and every cell when there is one (its
    /// shifts need no masks: bits beyond the box are always filled, so a
    /// cell shifted past the last column or off the first is never read
    /// as an empty neighbour).
    s1: u32,
    along1: B,
    /// The kinds of one cell (they fill a dead cell).
    monos: u64,
    /// Where the second and third probe runs start, after the anchor cell
    /// (the first starts at the next cell).
    offsets: [u32; 2],
    /// The probe runs' lengths.
    lens: [u32; 3],
    /// Entry indices of the pieces placed below the root.
    stack: [u32; DEPTH],
    /// The nodes at depths 1 to `memo_depth` below the root (0: none)
    /// use the run's table of counts by state (`Shared::counts`).
    memo_depth: usize,
    /// Each solution's weight (a raw count broken on a single piece).
    weight: u64,
    /// The kind whose placements a floor bounds (a second break), or
    /// `usize::MAX`; the floor (see `Root::floor`).
    floor_kind: usize,
    floor: u32,
}

impl<'a, B: Bits> Sweep<'a, B, 0, false> {
    /// The same sweep with short side `S` and the floor's presence `F`
    /// compiled in.
    fn with<const S: u32, const F: bool>(self) -> Sweep<'a, B, S, F> {
        let Sweep {
            t,
            s,
            low0,
            high0,
            s1,
            along1,
            monos,
            offsets,
            lens,
            stack,
            memo_depth,
            weight,
            floor_kind,
            floor,
        } = self;
        Sweep {
            t,
            s,
            low0,
            high0,
            s1,
            along1,
            monos,
            offsets,
            lens,
            stack,
            memo_depth,
            weight,
            floor_kind,
            floor,
        }
    }
}

impl<B: Bits, const S: u32, const F: bool> Sweep<'_, B, S, F> {
    /// Search below the root; what was found.
    fn run(mut self, filled: B, avail: u64) -> Found {
        // Nodes whose row lists none of the pieces left are not entered.
        if let Some(row) = self.next_row(filled, avail) {
            self.dfs(filled, avail, row, 0);
        }
        self.s.out
    }

    /// The node `next` at `depth` (`rest` left, `row` its row): searched,
    /// or counted from the memo when its state is there.
    #[inline(always)]
    fn enter(&mut self, next: B, rest: u64, row: (u64, usize), depth: usize) {
        if depth > self.memo_depth {
            self.dfs(next, rest, row, depth);
            return;
        }
        let key = u64::from(next.bits_at(0, 32)) | u64::from(next.bits_at(32, 32)) << 32;
        let w = self.weight;
        let shared = self.s.shared;
        if let Some(n) = shared.counts.get(key, rest) {
            self.s.out.count += n * w;
            shared
                .found
                .fetch_add(n * w, std::sync::atomic::Ordering::Relaxed);
            return;
        }
        let before = self.s.out.count;
        self.dfs(next, rest, row, depth);
        if !self.s.stop {
            shared
                .counts
                .put(key, rest, (self.s.out.count - before) / w);
        }
    }

    /// The long axis's stride and mask (see the fields).
    #[inline(always)]
    fn long(&self) -> (u32, B) {
        if S > 0 {
            (S, B::ONES)
        } else {
            (self.s1, self.along1)
        }
    }

    /// An empty cell with no empty neighbour, unless a one-cell piece is
    /// left (in `avail`) to fill it.
    #[inline(always)]
    fn dead_cell(&self, filled: B, avail: u64) -> bool {
        let empty = filled.not();
        let (s1, along1) = self.long();
        let near = super::tables::beside_flat(empty, self.low0, self.high0, s1, along1);
        !empty.and(near.not()).is_zero() && avail & self.monos == 0
    }

    /// The list row of the first empty cell: the cell, shifted past the
    /// pattern's bits, and the pattern.
    #[inline(always)]
    fn base(&self, filled: B) -> usize {
        let cell = filled.not().lowest();
        // Bits beyond the width read empty, as the table expects.
        let x = filled.shr(cell as u32);
        let [o1, o2] = if S > 0 { [S - 1, 2 * S] } else { self.offsets };
        let [l0, l1, l2] = if S > 0 {
            probe_lens(S as usize <= NARROW)
        } else {
            self.lens
        };
        let pattern = x.shr(1).bits_at(0, l0)
            | x.shr(o1).bits_at(0, l1) << l0
            | x.shr(o2).bits_at(0, l2) << (l0 + l1);
        (cell << (l0 + l1 + l2)) | pattern as usize
    }

    /// The list row of `filled`'s first empty cell: the kinds listed
    /// there that are in `avail`, and where the row's bounds begin; `None`
    /// when none is (the node would end at once, so it is not entered).
    #[inline(always)]
    fn next_row(&self, filled: B, avail: u64) -> Option<(u64, usize)> {
        let (has, at) = self.t.index.head(self.base(filled))?;
        let has = has & avail;
        (has != 0).then_some((has, at))
    }

    /// A node: `filled` with the pieces `avail` left, whose row (see
    /// [`Self::next_row`]) lists kinds `has` of them from bound `at` on.
    fn dfs(&mut self, filled: B, avail: u64, (has, at): (u64, usize), depth: usize) {
        if !self.s.visit() {
            return;
        }
        let t = self.t;
        let Some(row) = t.index.bounds_at(at) else {
            return;
        };
        let mut a = has;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            // One check for both bounds, one for the list.
            let Some(&[lo, hi]) = row.get(k..k + 2) else {
                return;
            };
            let rest = avail & !(1u64 << k);
            let lo = lo as usize;
            let Some(list) = t.index.masks.get(lo..hi as usize) else {
                return;
            };
            // The floor's test compiled in only where a floor is set
            // (`F`): in the usual loop of every sweep, 6x10 (no floor)
            // took 7% more instructions, 4.7% with it out of line.
            let floored = F && k == self.floor_kind;
            for (i, &m) in list.iter().enumerate() {
                if !m.and(filled).is_zero() || floored && self.below_floor(lo + i) {
                    continue;
                }
                self.stack[depth % DEPTH] = (lo + i) as u32;
                let next = filled.or(m);
                if next == B::ONES {
                    self.solution(depth + 1);
                } else if !self.dead_cell(next, rest)
                    && let Some(row) = self.next_row(next, rest)
                {
                    self.enter(next, rest, row, depth + 1);
                } else {
                    // Nothing went deeper: nothing could have stopped.
                    continue;
                }
                if self.s.stop {
                    return;
                }
            }
        }
    }

    /// Listed placement `i` is left out by the floor (see `Root::floor`).
    #[inline(always)]
    fn below_floor(&self, i: usize) -> bool {
        self.t
            .index
            .entry(&self.t.entries, i)
            .is_none_or(|e| u32::from(e.rank) <= self.floor || u32::from(e.omin) < self.floor)
    }

    /// The pieces placed so far fill the box: hand them to
    /// `Search::solution` (the root's pieces come first on its stack).
    #[cold]
    fn solution(&mut self, depth: usize) {
        let s = &mut self.s;
        s.stack.truncate(s.root.depth());
        for &i in &self.stack[..depth.min(DEPTH)] {
            if let Some(e) = self.t.index.entry(&self.t.entries, i as usize) {
                s.stack.push((e.kind, u32::from(e.id)));
            }
        }
        s.solution();
    }
}
