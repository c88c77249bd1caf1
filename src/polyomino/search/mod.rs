//! The exact-cover search on bitboards.
//!
//! Design (why it is fast):
//! - The box is a bitboard (`u64`, `u128`, or words for up to
//!   [`MAX_CELLS`] cells), numbered along its shortest side first, so the
//!   first empty cell sweeps the box.
//! - Search fills the first empty cell. Every placement is precomputed as a
//!   mask filed under its lowest cell (and, on small boards, under the state
//!   of a few probe cells after it, so most overlapping placements are never
//!   looked at; fewer on a narrow board, where the search is too small to
//!   repay them); a placement fits when `mask & filled == 0`.
//! - Where it pays ([`tight_rule`]), the search branches instead on an
//!   empty cell walled in on all sides but one, when there is one
//!   (preferring one whose open neighbour leads to at most one more empty
//!   cell): every placement through it must also cover its open
//!   neighbour, and those placements have an index of their own (by cell
//!   and open side). On 8x8 with the square this visits 46% fewer nodes
//!   than the first empty cell; weighing several walled-in cells by their
//!   count of fitting placements (fewest first) cut nodes further but not
//!   time.
//! - After each placement a neighbouring empty cell left with no empty
//!   neighbour cuts the branch (one mask expression); optionally the small
//!   pockets next to the piece are flood-filled and cut when no remaining
//!   pieces can make up their size.
//! - Symmetry is broken, not filtered: one kind K that every symmetry maps
//!   to itself is placed first, at one representative of each orbit of its
//!   placements; with copies of K, placements of K smaller than the
//!   representative, or in a smaller orbit, are forbidden below it. The few
//!   solutions still found more than once (symmetric representatives) are
//!   kept only when they are the smallest of their images with the same
//!   representative.
//! - Placements that shut off a pocket (against the walls and holes) that
//!   the other pieces cannot make up are dropped when the tables are built
//!   (not on a narrow board, for the same reason).
//! - Where neither the tight rule nor the pockets run, boards up to 128
//!   cells take the [`lean`] search: the same sweep with bare masks; flat
//!   boards with one copy of each piece the [`sweep`], leaner still (its
//!   counts kept by state in a [`memo`] table).
//! - The top-level branches (representatives, or placements at the first
//!   cell) are independent: [`super::solve`] runs them on rayon threads.
//! - A shard of a count deals the second level ([`split`]).
//! - Solids in boxes of up to 64 cells take the [`fewest`] search instead:
//!   the cell or piece with the fewest live placements, counted as it goes.

use std::sync::atomic::Ordering;

use super::bits::{Bits, mask_of};
use super::compile::Compiled;
pub use super::compile::{MAX_CELLS, MAX_KINDS};
use super::packing::Packing;
pub use super::progress::Stopped;
pub(crate) use super::progress::{Found, Shared};

mod classes;
mod deepen;
mod fewest;
mod lean;
mod lists;
mod memo;
mod roots;
mod split;
mod sweep;
mod tables;
use crate::shard::Shard;
pub(crate) use deepen::deepen;
pub(crate) use fewest::{FewestTable, root_items as fewest_items, run_root as fewest_root};
use lists::Lists;
pub(crate) use memo::Counts;
pub(crate) use roots::roots;
pub(crate) use split::root_items;
pub(crate) use tables::{build, tight_rule};

/// A found solution: kind and sorted bits of each placement, sorted.
pub(crate) type Tiling = Vec<(u8, Vec<u16>)>;

/// One placement in the search tables.
#[derive(Clone, Copy)]
struct Entry<B> {
    mask: B,
    kind: u8,
    /// Index of the placement in `Compiled::placements[kind]`: at most 48
    /// turns in [`MAX_CELLS`] positions fit 16 bits (checked below). With
    /// no halo (see [`Table::halos`]) a 64-cell board's entry is 16 bytes.
    id: u16,
    /// For the symmetry-broken kind: rank of the placement and of the
    /// smallest placement in its orbit (by sorted bit list).
    rank: u16,
    omin: u16,
}
const _: () = assert!(48 * MAX_CELLS <= 1 << 16);

/// The placements, filed for the search (read-only while searching).
pub(crate) struct Table<B> {
    probes: [(usize, u32); 3],
    /// The probe pattern's bits: the runs' lengths added up (6, or 2 on
    /// a narrow board; unused beyond 128 cells).
    pbits: u32,
    /// Placements of kind k anchored at cell c that avoid the filled probe
    /// cells of pattern p (`pbits` bits), in row `(c << pbits) + p`; see
    /// [`lists`].
    index: Lists<B>,
    /// Each kept placement once, by anchor cell and kind: `index` refers
    /// here.
    entries: Vec<Entry<B>>,
    /// For a cell c walled in on all sides but direction d (see
    /// [`Table::tight`]), the placements through c that leave it that way,
    /// i.e. cover c and its neighbour in direction d and no other
    /// neighbour of c, in row `c*D+d` (D directions). Empty unless
    /// `tight`; refers to `cover_entries`.
    cover: Lists<B>,
    cover_entries: Vec<Entry<B>>,
    /// The cells next to each entry of `entries`, of `cover_entries`.
    halos: tables::Halos<B>,
    /// Branch on an empty cell with one empty neighbour when there is one
    /// (see [`Search::tight_cell`]), else on the first empty cell.
    pub(crate) tight: bool,
    /// Per axis: stride, cells with a lower neighbour, with a higher one.
    axes: Vec<(u32, B, B)>,
    /// Holes and bits beyond the box, as filled.
    start: B,
    /// The kind symmetry is broken on, if any.
    pub(crate) broken: Option<usize>,
    /// Its orbit representatives (placement, rank) with their
    /// stabilisers (group indices).
    reps: Vec<(usize, u32, Vec<usize>)>,
    /// A second kind and the one symmetry g it breaks, for the
    /// representatives whose stabiliser is just g (see
    /// `tables::second_break`): its entries' ranks say which placements
    /// such a branch keeps.
    second: Option<(usize, usize)>,
}

impl<B: Bits> Table<B> {
    /// The list (see [`Table`]) of the lowest empty cell of `filled`: the
    /// cell, and when probed the pattern of filled cells around it.
    #[inline(always)]
    fn lowest_cell_base(&self, filled: B) -> usize {
        let cell = filled.not().lowest();
        if !B::PROBED {
            return cell;
        }
        let mut pattern = 0;
        let mut shift = 0;
        for (off, len) in self.probes {
            pattern |= filled.bits_at(cell + off, len) << shift;
            shift += len;
        }
        (cell << self.pbits) + pattern as usize
    }
}

/// The cells with a neighbour in `x` (along any axis).
#[inline]
fn beside<B: Bits>(axes: &[(u32, B, B)], x: B) -> B {
    axes.iter().fold(B::ZERO, |acc, &(s, has_low, has_high)| {
        acc.or(x.shl(s).and(has_low)).or(x.shr(s).and(has_high))
    })
}

/// Image of a sorted bit list under a bit permutation, sorted.
fn image(bits: &[u16], g: &[u16]) -> Vec<u16> {
    let mut v: Vec<u16> = bits.iter().map(|&b| g[b as usize]).collect();
    v.sort_unstable();
    v
}

/// Grow a set by one step along every axis.
#[inline]
fn grow<B: Bits>(axes: &[(u32, B, B)], x: B) -> B {
    x.or(beside(axes, x))
}

/// What a search (or one top-level branch) is asked to do.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Task {
    pub raw: bool,
    pub keep: bool,
    pub limit: Option<u64>,
    /// Flood-fill small pockets next to each new piece.
    pub pockets: bool,
    /// The sweep may keep counts by state in the run's table
    /// ([`memo`], `Shared::counts`).
    pub memo: bool,
}

/// A top-level branch: the first piece placed, and how to treat what the
/// search below it finds.
#[derive(Clone, Debug)]
pub(crate) struct Root {
    kind: usize,
    id: usize,
    /// Fixed weight of each solution (a raw count broken on a single piece).
    weight: Option<u64>,
    /// Symmetries (group indices) to compare each solution with.
    check: Vec<usize>,
    /// Forbid placements of this kind whose rank is at most this, or whose
    /// orbit minimum is below it: the broken kind's below the
    /// representative (copies), or a second break's left-out half.
    floor: Option<(usize, u32)>,
    /// The representative's bits: a solution is a duplicate only under a
    /// symmetry keeping this as its smallest placement of the broken kind.
    rep: Option<(usize, Vec<u16>)>,
    /// A second piece placed with the first (kind, placement): [`deepen`].
    second: Option<(usize, usize)>,
}

impl Root {
    /// Pieces the branch places before its search starts.
    fn depth(&self) -> usize {
        1 + self.second.is_some() as usize
    }
}

struct Search<'a, B: Bits> {
    p: &'a Compiled,
    t: &'a Table<B>,
    task: Task,
    shared: &'a Shared<'a>,
    root: &'a Root,
    nkinds: usize,
    counts: [u32; MAX_KINDS],
    avail: u64,
    /// All remaining pieces have this size (then a region is fillable iff
    /// its size is a multiple); 0 when sizes are mixed.
    uniform: u32,
    /// Bit n set when n is a multiple of `multiples_of` (n < 128).
    multiples: u128,
    multiples_of: u32,
    sizes: Vec<u32>,
    /// Largest piece: pockets are flood-filled this many steps.
    pocket_steps: u32,
    /// The broken kind whose placements are bounded below (copies), or
    /// `usize::MAX`.
    floor_kind: usize,
    floor: u32,
    stack: Vec<(u8, u32)>,
    out: Found,
    stop: bool,
}

/// Run one top-level branch; with a `split`, only the second-level work
/// items of shard `split.1`, numbered from `split.0` for this branch (see
/// [`split`]).
pub(crate) fn run_root<B: Bits>(
    p: &Compiled,
    t: &Table<B>,
    task: Task,
    root: &Root,
    shared: &Shared,
    split: Option<(u64, Shard)>,
) -> Found {
    if let Some((first, shard)) = split {
        return split::run_shard(p, t, task, root, shared, first, shard);
    }
    if sweep::applies(p, t, &task) {
        return sweep::run_root(p, t, task, root, shared);
    }
    if lean::applies(t, &task) {
        return lean::run_root(p, t, task, root, shared);
    }
    match open_root(p, t, task, root, shared) {
        Ok((mut s, filled)) => {
            s.dfs(filled);
            s.out
        }
        Err(found) => found,
    }
}

/// A root's search ready to go deeper, with the cells filled; or what
/// the root alone settles: stopped before it began, a solution at once,
/// or a region no piece can fill.
fn open_root<'a, B: Bits>(
    p: &'a Compiled,
    t: &'a Table<B>,
    task: Task,
    root: &'a Root,
    shared: &'a Shared<'a>,
) -> Result<(Search<'a, B>, B), Found> {
    let Some((mut s, filled)) = start(p, t, task, root, shared) else {
        return Err(Found {
            stopped: Some(Stopped::Cancelled),
            ..Found::default()
        });
    };
    if filled == B::ONES {
        s.solution();
        return Err(s.out);
    }
    if !s.all_regions_ok(filled) {
        return Err(s.out);
    }
    Ok((s, filled))
}

/// A search with the branch's piece placed, and the cells then filled;
/// `None` when the search was asked to stop.
fn start<'a, B: Bits>(
    p: &'a Compiled,
    t: &'a Table<B>,
    task: Task,
    root: &'a Root,
    shared: &'a Shared<'a>,
) -> Option<(Search<'a, B>, B)> {
    let nkinds = p.kinds.len();
    let mut counts = [0u32; MAX_KINDS];
    for (c, k) in counts.iter_mut().zip(&p.kinds) {
        *c = k.count;
    }
    let sizes: Vec<u32> = p.kinds.iter().map(|k| k.size as u32).collect();
    let (floor_kind, floor) = match root.floor {
        Some((k, r)) => (k, r),
        None => (usize::MAX, 0),
    };
    let mut s = Search {
        p,
        t,
        task,
        shared,
        root,
        nkinds,
        counts,
        avail: (0..nkinds).fold(0u64, |a, k| a | 1 << k),
        uniform: 0,
        multiples: 0,
        multiples_of: 0,
        pocket_steps: sizes.iter().copied().max().unwrap_or(1),
        sizes,
        floor_kind,
        floor,
        stack: Vec::with_capacity(p.kinds.iter().map(|k| k.count as usize).sum::<usize>() + 1),
        out: Found::default(),
        stop: false,
    };
    if shared.cancelled.load(Ordering::Relaxed) || shared.monitor.cancelled() {
        shared.cancelled.store(true, Ordering::Relaxed);
        return None;
    }
    let mut filled = t.start;
    for (k, id) in std::iter::once((root.kind, root.id)).chain(root.second) {
        filled = filled.or(mask_of::<B>(&p.placements[k][id]));
        s.take(k);
        s.stack.push((k as u8, id as u32));
    }
    s.set_uniform();
    s.out.nodes = 1;
    Some((s, filled))
}

impl<B: Bits> Search<'_, B> {
    #[inline(always)]
    fn set_uniform(&mut self) {
        let mut size = 0;
        for k in 0..self.nkinds {
            if self.avail >> k & 1 == 1 {
                if size == 0 {
                    size = self.sizes[k];
                } else if size != self.sizes[k] {
                    self.uniform = 0;
                    return;
                }
            }
        }
        self.uniform = size;
        if size != self.multiples_of {
            self.multiples_of = size;
            self.multiples = (0..128)
                .step_by(size.max(1) as usize)
                .fold(0, |m, i| m | 1 << i);
        }
    }

    #[inline]
    fn take(&mut self, k: usize) {
        let k = k % MAX_KINDS;
        self.counts[k] -= 1;
        if self.counts[k] == 0 {
            self.avail &= !(1 << k);
        }
    }

    #[inline]
    fn give(&mut self, k: usize) {
        let k = k % MAX_KINDS;
        self.counts[k] += 1;
        self.avail |= 1 << k;
    }

    /// The empty region containing `seed`.
    #[inline]
    fn flood(&self, seed: B, empty: B) -> B {
        let mut x = seed;
        loop {
            let y = grow(&self.t.axes, x).and(empty);
            if y == x {
                return x;
            }
            x = y;
        }
    }

    /// Can the remaining pieces make up exactly `size` cells?
    fn fillable(&self, size: u32) -> bool {
        if self.uniform != 0 {
            if size < 128 {
                return self.multiples >> size & 1 == 1;
            }
            return size.is_multiple_of(self.uniform);
        }
        if size >= 128 {
            return true;
        }
        let mut reach: u128 = 1;
        let mut a = self.avail;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            for _ in 0..self.counts[k] {
                reach |= reach.checked_shl(self.sizes[k]).unwrap_or(0);
            }
        }
        reach >> size & 1 == 1
    }

    /// Every empty region of `filled` can be filled (by size).
    fn all_regions_ok(&self, filled: B) -> bool {
        let empty = filled.not();
        let mut rest = empty;
        while !rest.is_zero() {
            let region = self.flood(rest.lowest_bit(), empty);
            if !self.fillable(region.count()) {
                return false;
            }
            rest = rest.and(region.not());
        }
        true
    }

    /// No empty cell next to the piece just placed (`halo`: its
    /// neighbours) is left with every neighbour filled, unless a one-cell
    /// piece remains to fill it.
    // Always inlined: `place` calls it in the search's loop.
    #[inline(always)]
    fn no_dead_cell(&self, filled: B, halo: B) -> bool {
        let empty = filled.not();
        let near = halo.and(empty);
        let touched = beside(&self.t.axes, empty);
        near.and(touched.not()).is_zero() || self.fillable(1)
    }

    /// The closed pockets next to the new piece (found within a few flood
    /// steps) can be made up by the remaining pieces.
    #[inline(always)]
    fn pockets_ok(&self, filled: B, halo: B) -> bool {
        let empty = filled.not();
        let mut seeds = halo.and(empty);
        while !seeds.is_zero() {
            let mut x = seeds.lowest_bit();
            let mut closed = false;
            for _ in 0..self.pocket_steps {
                let y = grow(&self.t.axes, x).and(empty);
                if y == x {
                    closed = true;
                    break;
                }
                x = y;
            }
            if closed && !self.fillable(x.count()) {
                return false;
            }
            seeds = seeds.and(x.not());
        }
        true
    }

    fn dfs(&mut self, filled: B) {
        self.out.nodes += 1;
        if self.out.nodes & 0x3fff == 0 {
            if self.shared.monitor.cancelled() || self.shared.cancelled.load(Ordering::Relaxed) {
                self.shared.cancelled.store(true, Ordering::Relaxed);
                self.stop = true;
                self.out.stopped = Some(Stopped::Cancelled);
                return;
            }
            self.shared.report();
        }
        let t = self.t;
        let [halos, cover_halos] = t.halos();
        if t.tight
            && let Some(base) = self.tight_cell(filled)
        {
            self.branch(filled, base, &t.cover, cover_halos);
            return;
        }
        let base = t.lowest_cell_base(filled);
        self.branch(filled, base, &t.index, halos);
    }

    /// An empty cell with exactly one empty neighbour, as its list in the
    /// tight index (`c*D+d`, d the open direction), if any: the lowest whose
    /// neighbour has at most two empty neighbours (itself included), else
    /// the lowest.
    #[inline(always)]
    fn tight_cell(&self, filled: B) -> Option<usize> {
        let empty = filled.not();
        // Bit-sliced: `one` has an empty neighbour, `two` at least two.
        let (mut one, mut two, mut three) = (B::ZERO, B::ZERO, B::ZERO);
        for &(s, has_low, has_high) in &self.t.axes {
            for d in [empty.shl(s).and(has_low), empty.shr(s).and(has_high)] {
                three = three.or(two.and(d));
                two = two.or(one.and(d));
                one = one.or(d);
            }
        }
        let tight = empty.and(one).and(two.not());
        if tight.is_zero() {
            return None;
        }
        // Deepest first: a walled-in cell whose open neighbour leads on to
        // at most one more empty cell (the end of a corridor).
        let narrow = empty.and(three.not());
        let deep = tight.and(beside(&self.t.axes, narrow));
        let c = if deep.is_zero() {
            tight.lowest()
        } else {
            deep.lowest()
        };
        self.open_side(c, empty)
    }

    /// `c*D+d` for the one empty neighbour of `c`, direction `d`.
    #[inline]
    fn open_side(&self, c: usize, empty: B) -> Option<usize> {
        let ndirs = 2 * self.t.axes.len();
        for (a, &(s, has_low, has_high)) in self.t.axes.iter().enumerate() {
            let s = s as usize;
            if has_low.has(c) && empty.has(c - s) {
                return Some(c * ndirs + 2 * a);
            }
            if has_high.has(c) && empty.has(c + s) {
                return Some(c * ndirs + 2 * a + 1);
            }
        }
        None
    }

    /// Try every fitting placement of the list at `base` (see [`Table`]).
    #[inline]
    fn branch(&mut self, filled: B, base: usize, lists: &Lists<B>, pool: &[(Entry<B>, B)]) {
        let (has, row) = lists.row(base);
        let mut a = self.avail & has;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            let (Some(&lo), Some(&hi)) = (row.get(k), row.get(k + 1)) else {
                return;
            };
            let floor_here = k == self.floor_kind;
            let lo = lo as usize;
            for (i, &m) in lists
                .masks
                .get(lo..hi as usize)
                .unwrap_or(&[])
                .iter()
                .enumerate()
            {
                if !m.and(filled).is_zero() {
                    continue;
                }
                let Some(&(e, halo)) = lists.entry_halo(pool, lo + i) else {
                    continue;
                };
                if floor_here && (u32::from(e.rank) <= self.floor || u32::from(e.omin) < self.floor)
                {
                    continue;
                }
                self.place(filled, m, k, &e, halo);
                if self.stop {
                    return;
                }
            }
        }
    }

    /// Places `e` (mask `m`, kind `k`) on `filled` and searches below it
    /// (a solution when it fills the board, else `dfs` where no cell next
    /// to it is walled in and, with pockets on, its pockets can be made
    /// up), then takes it off again: the step of `branch` and of a shard's
    /// top level (`split`).
    // Always inlined, as `branch` was before it: the search's own loop.
    #[inline(always)]
    fn place(&mut self, filled: B, m: B, k: usize, e: &Entry<B>, halo: B) {
        let next = filled.or(m);
        self.take(k);
        self.stack.push((e.kind, u32::from(e.id)));
        if next == B::ONES {
            self.solution();
        } else {
            let uniform = self.uniform;
            if uniform == 0 {
                self.set_uniform();
            }
            if self.no_dead_cell(next, halo) && (!self.task.pockets || self.pockets_ok(next, halo))
            {
                self.dfs(next);
            }
            self.uniform = uniform;
        }
        self.stack.pop();
        self.give(k);
    }

    /// The current stack as a tiling, sorted.
    fn tiling(&self) -> Tiling {
        let mut t: Tiling = self
            .stack
            .iter()
            .map(|&(k, i)| (k, self.p.placements[k as usize][i as usize].to_vec()))
            .collect();
        t.sort_unstable();
        t
    }

    fn solution(&mut self) {
        let root = self.root;
        let (tiling, stab) = if root.check.is_empty() {
            let tiling = if self.task.keep {
                self.tiling()
            } else {
                Vec::new()
            };
            (tiling, Some(1))
        } else if !self.task.keep && classes::by_masks::<B>(self.p, &self.stack) {
            (
                Vec::new(),
                classes::stab_of_masks::<B>(self.p, root, &self.stack),
            )
        } else {
            let tiling = self.tiling();
            let stab = classes::stab_of_tiling(self.p, root, &tiling);
            (tiling, stab)
        };
        let Some(stab) = stab else {
            return;
        };
        let weight = root
            .fixed_weight(self.task.raw)
            .unwrap_or(self.p.group.len() as u64 / stab);
        let before = self.out.count;
        self.out.count += weight;
        self.shared.found.fetch_add(weight, Ordering::Relaxed);
        if self.task.keep {
            self.out
                .packings
                .push(Packing::from_tiling(self.p, &tiling));
        }
        if let Some(limit) = self.task.limit
            && self.out.count >= limit
            && before < limit
        {
            self.stop = true;
            self.out.stopped = Some(Stopped::Limit);
        }
    }
}
