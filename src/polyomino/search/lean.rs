//! The lean search: the plain sweep (fill the first empty cell, the
//! probe-indexed lists) with nothing it does not need, for boxes the probe
//! index covers (up to 128 cells) when neither the tight rule nor the
//! pockets are asked. This is the classic pentomino rectangles' path.
//!
//! Why it is faster than `Search::dfs` on them: the placements are read as
//! bare masks (`Table::masks`, 8 bytes each instead of a 32-byte entry),
//! the dead-cell test is one expression on the whole board with the axes
//! unrolled (no halo), the piece stack is a fixed array of entry indices,
//! and nothing is tracked for the pockets. What it finds is the same as
//! `Search::dfs` (each solution goes through `Search::solution`).

use std::sync::atomic::Ordering;

use super::super::bits::Bits;
use super::super::compile::{Compiled, MAX_KINDS};
use super::tables::{padded_axes, single_cell_kinds};
use super::{Found, Root, Search, Shared, Stopped, Table, Task, open_root};

/// True when the lean search can run this task on these tables.
pub(super) fn applies<B: Bits>(t: &Table<B>, task: &Task) -> bool {
    B::PROBED && !t.tight && !task.pockets && t.axes.len() <= 3
}

/// Deepest stack: every piece covers at least one of at most 128 cells.
const DEPTH: usize = 128;

/// One top-level branch, searched the lean way.
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
    let axes = padded_axes::<B, 3>(t);
    let monos = single_cell_kinds(p);
    let mut lean = Lean {
        t,
        axes,
        monos,
        avail: s.avail,
        counts: s.counts,
        floor_kind: s.floor_kind,
        floor: s.floor,
        stack: [0; DEPTH],
        s,
    };
    lean.dfs(filled, 0);
    lean.s.out
}

impl<B: Bits> Search<'_, B> {
    /// Count a node of a search below a root (the lean, fewest and compact
    /// searches); every 16384 nodes poll for Ctrl+C and report progress.
    /// False when the search is to stop (then `out.stopped` says so).
    #[inline(always)]
    pub(super) fn visit(&mut self) -> bool {
        self.out.nodes += 1;
        if self.out.nodes & 0x3fff == 0 {
            let shared = self.shared;
            if shared.monitor.cancelled() || shared.cancelled.load(Ordering::Relaxed) {
                shared.cancelled.store(true, Ordering::Relaxed);
                self.stop = true;
                self.out.stopped = Some(Stopped::Cancelled);
                return false;
            }
            shared.report();
        }
        true
    }
}

struct Lean<'a, B: Bits> {
    t: &'a Table<B>,
    /// Holds the root, the counting of solutions and the output.
    s: Search<'a, B>,
    axes: [(u32, B, B); 3],
    /// The kinds of one cell (they fill a dead cell).
    monos: u64,
    avail: u64,
    counts: [u32; MAX_KINDS],
    floor_kind: usize,
    floor: u32,
    /// Entry indices of the pieces placed below the root.
    stack: [u32; DEPTH],
}

impl<B: Bits> Lean<'_, B> {
    /// An empty cell with no empty neighbour, unless a one-cell piece is
    /// left to fill it.
    #[inline(always)]
    fn dead_cell(&self, filled: B) -> bool {
        let empty = filled.not();
        let [(s0, l0, h0), (s1, l1, h1), (s2, l2, h2)] = self.axes;
        let near = empty
            .shl(s0)
            .and(l0)
            .or(empty.shr(s0).and(h0))
            .or(empty.shl(s1).and(l1))
            .or(empty.shr(s1).and(h1))
            .or(empty.shl(s2).and(l2))
            .or(empty.shr(s2).and(h2));
        !empty.and(near.not()).is_zero() && self.avail & self.monos == 0
    }

    fn dfs(&mut self, filled: B, depth: usize) {
        if !self.s.visit() {
            return;
        }
        let t = self.t;
        let (has, row) = t.index.row(t.lowest_cell_base(filled));
        let mut a = self.avail & has;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            let (Some(&lo), Some(&hi)) = (row.get(k), row.get(k + 1)) else {
                return;
            };
            let (lo, hi) = (lo as usize, hi as usize);
            let floor_here = k == self.floor_kind;
            for (i, &m) in t.index.masks.get(lo..hi).unwrap_or(&[]).iter().enumerate() {
                if !m.and(filled).is_zero() {
                    continue;
                }
                let i = lo + i;
                if floor_here
                    && t.index.entry(&t.entries, i).is_none_or(|e| {
                        u32::from(e.rank) <= self.floor || u32::from(e.omin) < self.floor
                    })
                {
                    continue;
                }
                self.stack[depth % DEPTH] = i as u32;
                let next = filled.or(m);
                self.take(k);
                if next == B::ONES {
                    self.solution(depth + 1);
                } else if !self.dead_cell(next) {
                    self.dfs(next, depth + 1);
                }
                self.give(k);
                if self.s.stop {
                    return;
                }
            }
        }
    }

    #[inline(always)]
    fn take(&mut self, k: usize) {
        let k = k % MAX_KINDS;
        self.counts[k] -= 1;
        if self.counts[k] == 0 {
            self.avail &= !(1 << k);
        }
    }

    #[inline(always)]
    fn give(&mut self, k: usize) {
        let k = k % MAX_KINDS;
        self.counts[k] += 1;
        self.avail |= 1 << k;
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
