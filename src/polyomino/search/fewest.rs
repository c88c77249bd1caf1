//! The search in boxes of up to 64 cells (polycubes): branch on the empty
//! cell, or the piece, with the fewest placements still fitting.
//!
//! Why not the sweep of the parent module: in a box the sweep's front is a
//! whole layer, so a cell that nothing fits any more is found only when the
//! sweep reaches it, many pieces later. Why not filter the list of fitting
//! placements at each node (an earlier attempt): the filter was most of the
//! time. Here the bookkeeping is incremental, as in dancing links but on
//! bit sets instead of pointers:
//! - the placements (those the tables keep, each once) are numbered, and
//!   each cell and each kind has the set of placement numbers that cover it
//!   or are of it (`words` 64-bit words; a cell's set is non-zero only in a
//!   few words, since placements are numbered by their lowest cell);
//! - a node keeps the set of live placements (fitting, of a piece still to
//!   place) and, per empty cell and per kind, how many are live. Placing a
//!   piece clears the sets of its cells (and of its kind, on its last copy)
//!   from the live set, and only the placements so killed are subtracted
//!   from the counts;
//! - the node branches on the empty cell with the fewest live placements,
//!   or on a piece with one copy left when it has fewer still; an empty
//!   cell or a piece with none cuts the branch at once (a dead cell, or a
//!   pocket no piece left fits);
//! - once a child has at most 1024 live placements, its subtree is
//!   searched on those alone, renumbered into a table of 1 to 16 words,
//!   with no counts kept (`compact`): 3x to 3.4x faster on Bedlam and
//!   3x4x5 than keeping the counts to the leaves. With the copy below and
//!   the table built by `pext`, 1024 beat 512 and 768 on Bedlam (about
//!   1 s of 6-7) and was within the noise on 3x4x5;
//! - it is compiled three times, for the baseline CPU, with POPCNT,
//!   BMI1/2 and AVX2, and with AVX-512's vector popcount as well
//!   (`copies`), chosen at run time. In the small table the fewest cell is
//!   the least (count, cell) pair, with no branch per cell: round 6 found
//!   the "new best?" branch mispredicted enough to cost about 15% of
//!   Bedlam's time.
//!
//! The symmetry breaking (the floor on copies of the broken kind is a fixed
//! set of placements taken out at the start), the solution checks and the
//! counting are the parent module's (`start`, `Search::solution`); only
//! the kind it is broken on is chosen here ([`broken_kind`]). For a
//! shard, the work items are the placements tried at the first node below
//! each top-level branch.

use super::{Found, Root, Search, Shared, Stopped, Table, Task, start};
use crate::polyomino::bits::{Bits, mask_of};
use crate::polyomino::compile::{Compiled, MAX_KINDS};
use crate::shard::Shard;

mod compact;
mod copies;
use copies::SearchCopy;

/// Cells of a `u64` box.
const CELLS: usize = 64;

/// Every placement the tables keep, numbered, with the sets of numbers per
/// cell and per kind (read-only while searching).
pub(crate) struct FewestTable {
    /// Words in a set of placement numbers.
    words: usize,
    masks: Vec<u64>,
    /// The cells next to each placement's (one step along an axis),
    /// outside it: made once here, not at every move.
    near: Vec<u64>,
    kinds: Vec<u8>,
    /// Index in `Compiled::placements[kind]`.
    ids: Vec<u32>,
    /// For the broken kind: rank of the placement and of its orbit's
    /// smallest (the floor on copies).
    ranks: Vec<(u32, u32)>,
    /// Cell c's set: `cell_sets[c*words..][..words]`.
    cell_sets: Vec<u64>,
    /// The words where cell c's set is not zero: `lo..hi`.
    cell_words: [(u32, u32); CELLS],
    /// Kind k's set: `kind_sets[k*words..][..words]`.
    kind_sets: Vec<u64>,
    /// Holes and bits beyond the box, as filled.
    start: u64,
    /// Per axis: stride, the cells with a lower neighbour, with a higher
    /// one (absent axes shift nothing into an empty mask).
    axes: [(u32, u64, u64); 3],
    /// No piece has one cell: an empty cell walled in on all sides is dead.
    no_monos: bool,
}

impl FewestTable {
    /// True for the problems this search takes: solids in boxes of up to
    /// 64 cells.
    pub(crate) fn applies(p: &Compiled) -> bool {
        !p.planar && p.nbits <= CELLS
    }

    /// The placements of `t` (filed there by cell and probe pattern, so
    /// listed more than once), each once, in the order `t` lists them.
    /// `None` when a cell has more placements than a count holds.
    pub(crate) fn new(p: &Compiled, t: &Table<u64>) -> Option<FewestTable> {
        let mut seen: Vec<Vec<bool>> = p.placements.iter().map(|l| vec![false; l.len()]).collect();
        let (mut masks, mut kinds, mut ids, mut ranks) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for e in &t.entries {
            let (k, i) = (e.kind as usize, e.id as usize);
            if let Some(s) = seen.get_mut(k).and_then(|l| l.get_mut(i))
                && !*s
            {
                *s = true;
                masks.push(mask_of::<u64>(&p.placements[k][i]));
                kinds.push(e.kind);
                ids.push(u32::from(e.id));
                ranks.push((u32::from(e.rank), u32::from(e.omin)));
            }
        }
        let words = masks.len().div_ceil(64).max(1);
        let mut cell_sets = vec![0u64; CELLS * words];
        let mut kind_sets = vec![0u64; p.kinds.len() * words];
        for (q, &m) in masks.iter().enumerate() {
            let (w, b) = (q / 64, 1u64 << (q % 64));
            let mut x = m;
            while x != 0 {
                let c = x.trailing_zeros() as usize;
                x &= x - 1;
                cell_sets[c * words + w] |= b;
            }
            kind_sets[kinds[q] as usize * words + w] |= b;
        }
        let cell_words = std::array::from_fn(|c| {
            let row = &cell_sets[c * words..][..words];
            let lo = row.iter().position(|&x| x != 0).unwrap_or(0);
            let hi = row.iter().rposition(|&x| x != 0).map_or(lo, |h| h + 1);
            (lo as u32, hi as u32)
        });
        if (0..CELLS).any(|c| {
            let row = &cell_sets[c * words..][..words];
            row.iter().map(|x| x.count_ones() as usize).sum::<usize>() >= usize::from(u16::MAX)
        }) {
            return None;
        }
        let start = p
            .open
            .iter()
            .fold(u64::MAX, |m, &b| m & !(1u64 << (b % CELLS)));
        let mut axes = [(0u32, 0u64, 0u64); 3];
        for (a, (&(stride, side), slot)) in p.axes.iter().zip(axes.iter_mut()).enumerate() {
            let (mut low, mut high) = (0u64, 0u64);
            for b in 0..p.nbits.min(CELLS) {
                let c = p.coords[b][a] as usize;
                low |= u64::from(c > 0) << b;
                high |= u64::from(c + 1 < side) << b;
            }
            *slot = (stride as u32, low, high);
        }
        let near = masks
            .iter()
            .map(|&m| super::beside(&axes, m) & !m)
            .collect();
        Some(FewestTable {
            axes,
            near,
            no_monos: p.kinds.iter().all(|k| k.size > 1),
            words,
            masks,
            kinds,
            ids,
            ranks,
            cell_sets,
            cell_words,
            kind_sets,
            start,
        })
    }
}

/// The kind the fewest-options search breaks symmetry on: one that every
/// symmetry maps to itself (a single piece if there is one, else copies),
/// with the least `Σ|stab|² / √placements` over its placements.
///
/// Why: the search places the kind first at one representative of each
/// orbit of its placements, and a representative kept fixed by `s`
/// symmetries has a subtree holding each of its solutions `s` times (the
/// sum over the representatives of `s` is `Σ|stab|² / |G|` over all the
/// placements); more placements leave more dead branches (about as the
/// square root in round 7's measures). With no placement symmetric this
/// is the kind with fewest placements, the rule before: Bedlam keeps its
/// cross (22.6M nodes; the kinds with most orientations took 32-36M). In
/// 3x4x5 the X pentacube (fewest placements, 12, all four representatives
/// symmetric) took 10.6M nodes, the rule's choice 6.1M.
pub(crate) fn broken_kind(p: &Compiled) -> Option<usize> {
    if p.group.len() < 2 || p.nbits > CELLS {
        return None;
    }
    let fixed = (0..p.kinds.len()).filter(|&k| p.group.iter().all(|g| g.kinds[k] as usize == k));
    // (copies, Σ|stab|², placements) per kind; compared as
    // Σ1² · √n2 against Σ2² · √n1, squared to stay in integers.
    let scored: Vec<(bool, u128, u128, usize)> = fixed
        .map(|k| {
            let sum: u128 = p.placements[k]
                .iter()
                .map(|pl| {
                    let m = mask_of::<u64>(pl);
                    let stab = p
                        .group
                        .iter()
                        .filter(|g| {
                            pl.iter().fold(0u64, |x, &b| {
                                x | 1u64 << (g.bits[b as usize] as usize % CELLS)
                            }) == m
                        })
                        .count() as u128;
                    stab * stab
                })
                .sum();
            (p.kinds[k].count > 1, sum, p.placements[k].len() as u128, k)
        })
        .collect();
    scored
        .iter()
        .min_by(|a, b| {
            let key =
                |x: &(bool, u128, u128, usize), y: &(bool, u128, u128, usize)| x.1 * x.1 * y.2;
            a.0.cmp(&b.0)
                .then(key(a, b).cmp(&key(b, a)))
                .then(a.2.cmp(&b.2))
                .then(a.3.cmp(&b.3))
        })
        .map(|x| x.3)
}

/// Below this many live placements a cell is checked before a child's
/// counts are made (see [`Fewest::child_live`]).
const LOW: u16 = 3;

/// What a node branches on.
#[derive(Clone, Copy)]
enum Choice {
    /// The live placements covering this cell.
    Cell(usize),
    /// The live placements of this kind (one copy left).
    Kind(usize),
}

/// One top-level branch: all of it, or with `split` only the work items
/// of shard `split.1`, numbered from `split.0` for this branch.
pub(crate) fn run_root<B: Bits>(
    p: &Compiled,
    t: &Table<B>,
    ft: &FewestTable,
    task: Task,
    root: &Root,
    shared: &Shared,
    split: Option<(u64, Shard)>,
) -> Found {
    let Some(mut f) = Fewest::start(p, t, ft, task, root, shared) else {
        return Found {
            stopped: Some(Stopped::Cancelled),
            ..Found::default()
        };
    };
    let filled = f.filled;
    if filled == u64::MAX {
        if split.is_none_or(|(first, shard)| shard.takes(first)) {
            f.s.solution();
        }
    } else if f.regions_ok {
        f.s.out.nodes += 1;
        if let Some(choice) = f.choose(0) {
            f.top(filled, choice, split);
        }
    }
    f.s.out
}

/// The work items of a top-level branch: the placements tried at the node
/// right below it (1 when its piece fills the box).
pub(crate) fn root_items<B: Bits>(
    p: &Compiled,
    t: &Table<B>,
    ft: &FewestTable,
    task: Task,
    root: &Root,
    shared: &Shared,
) -> u64 {
    let Some(f) = Fewest::start(p, t, ft, task, root, shared) else {
        return 0;
    };
    if f.filled == u64::MAX {
        return 1;
    }
    if !f.regions_ok {
        return 0;
    }
    let (row, lo, hi) = match f.choose(0) {
        None => return 0,
        Some(choice) => f.row(choice),
    };
    (lo..hi)
        .map(|i| (f.live[i] & row[i]).count_ones() as u64)
        .sum()
}

struct Fewest<'a, B: Bits> {
    ft: &'a FewestTable,
    /// The root's search: counts of pieces left, the stack, the solution
    /// checks and the output.
    s: Search<'a, B>,
    /// The cells filled with the root's piece placed.
    filled: u64,
    /// Every empty region can be made up by the pieces left (by size).
    regions_ok: bool,
    /// Per depth, the live placements: `live[d*words..][..words]`.
    live: Vec<u64>,
    /// Per depth, the live placements covering each cell (`u16::MAX` for a
    /// filled cell), and of each kind.
    cover: Vec<[u16; CELLS]>,
    per_kind: Vec<[u16; MAX_KINDS]>,
    /// The table the last levels are searched with (`compact`).
    small: Option<compact::Small>,
    /// The cells a small-table node scans first (see `compact`): set by
    /// its parent just before it.
    first: u64,
}

impl<'a, B: Bits> Fewest<'a, B> {
    /// The root's piece placed, the live placements and their counts;
    /// `None` when the search was asked to stop.
    fn start(
        p: &'a Compiled,
        t: &'a Table<B>,
        ft: &'a FewestTable,
        task: Task,
        root: &'a Root,
        shared: &'a Shared<'a>,
    ) -> Option<Self> {
        let (s, filled_b) = start(p, t, task, root, shared)?;
        let regions_ok = filled_b == B::ONES || s.all_regions_ok(filled_b);
        let filled = ft.start | mask_of::<u64>(&p.placements[root.kind][root.id]);
        let depth = p.kinds.iter().map(|k| k.count as usize).sum::<usize>() + 2;
        let w = ft.words;
        let mut live = vec![0u64; depth * w];
        let mut cover = vec![[0u16; CELLS]; depth];
        let mut per_kind = vec![[0u16; MAX_KINDS]; depth];
        for (q, &m) in ft.masks.iter().enumerate() {
            let k = ft.kinds[q] as usize;
            let (rank, omin) = ft.ranks[q];
            let floored = k == s.floor_kind && (rank <= s.floor || omin < s.floor);
            if m & filled != 0 || s.avail >> k & 1 == 0 || floored {
                continue;
            }
            live[q / 64] |= 1 << (q % 64);
            let mut x = m;
            while x != 0 {
                cover[0][x.trailing_zeros() as usize % CELLS] += 1;
                x &= x - 1;
            }
            per_kind[0][k % MAX_KINDS] += 1;
        }
        let mut x = filled;
        while x != 0 {
            cover[0][x.trailing_zeros() as usize % CELLS] = u16::MAX;
            x &= x - 1;
        }
        Some(Fewest {
            ft,
            s,
            filled,
            regions_ok,
            live,
            cover,
            per_kind,
            small: Some(compact::Small::new()),
            first: 0,
        })
    }

    /// What node `d` branches on; `None` when an empty cell or a piece to
    /// place has no live placement.
    #[inline(always)]
    fn choose(&self, d: usize) -> Option<Choice> {
        let cover = &self.cover[d];
        let best = cover.iter().copied().min().unwrap_or(0);
        if best == 0 {
            return None;
        }
        let per_kind = &self.per_kind[d];
        let (mut kind_best, mut kind) = (u16::MAX, 0);
        let mut a = self.s.avail;
        while a != 0 {
            let k = a.trailing_zeros() as usize % MAX_KINDS;
            a &= a - 1;
            let n = per_kind[k];
            if n == 0 {
                return None;
            }
            // Only a piece with one copy left: copies would be placed in
            // every order.
            if self.s.counts[k] == 1 && n < kind_best {
                kind_best = n;
                kind = k;
            }
        }
        if kind_best < best {
            return Some(Choice::Kind(kind));
        }
        cover.iter().position(|&n| n == best).map(Choice::Cell)
    }

    /// The set a choice branches on, and the words where it may be set.
    #[inline(always)]
    fn row(&self, choice: Choice) -> (&'a [u64], usize, usize) {
        let ft = self.ft;
        let w = ft.words;
        match choice {
            Choice::Cell(c) => {
                let (lo, hi) = ft.cell_words[c % CELLS];
                (&ft.cell_sets[c * w..][..w], lo as usize, hi as usize)
            }
            Choice::Kind(k) => (&ft.kind_sets[k * w..][..w], 0, w),
        }
    }

    /// The body of a node below the top (see `copies` for why it is
    /// compiled more than once).
    #[inline(always)]
    fn node<C: SearchCopy>(&mut self, d: usize, filled: u64) {
        if !self.s.visit() {
            return;
        }
        if let Some(choice) = self.choose(d) {
            self.branch::<C>(d, filled, choice, None);
        }
    }

    /// Try every live placement the choice allows at depth `d`; with a
    /// `split` (at the first node only) they are the work items numbered
    /// from `split.0`, and only the shard's are searched.
    // Indexed: `place` below takes `self` mutably while the live set of
    // depth `d` is read word by word.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    fn branch<C: SearchCopy>(
        &mut self,
        d: usize,
        filled: u64,
        choice: Choice,
        split: Option<(u64, Shard)>,
    ) {
        let w = self.ft.words;
        let (row, lo, hi) = self.row(choice);
        let mut item = split.map_or(0, |s| s.0);
        // The empty cells most likely left with nothing: checked in each
        // child before its counts are made.
        let low = self.cover[d]
            .iter()
            .enumerate()
            .fold(0u64, |acc, (c, &n)| acc | u64::from(n <= LOW) << c);
        for i in lo..hi {
            let mut bits = self.live[d * w + i] & row[i];
            while bits != 0 {
                let q = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some((_, shard)) = split {
                    let this = item;
                    item += 1;
                    if !shard.takes(this) {
                        continue;
                    }
                }
                self.place::<C>(d, filled, q, low);
                if self.s.stop {
                    return;
                }
            }
        }
    }

    /// Place live placement `q` at depth `d` and search below it.
    #[inline(always)]
    fn place<C: SearchCopy>(&mut self, d: usize, filled: u64, q: usize, low: u64) {
        let ft = self.ft;
        let (m, k) = (ft.masks[q], ft.kinds[q] as usize);
        let near = ft.near[q];
        if let Some(next) = self.enter(k, ft.ids[q], filled, m, near)
            && self.child_live(d, m, k, low & !next)
        {
            let w = ft.words;
            let n = self.live[(d + 1) * w..][..w]
                .iter()
                .map(|x| x.count_ones() as usize)
                .sum::<usize>();
            if n <= compact::MOST {
                self.first = low | near;
                self.hand_over::<C>(d + 1, next, n);
            } else {
                self.child_counts(d, m, k);
                C::node(self, d + 1, next);
            }
        }
        self.leave(k);
    }

    /// Place `m` (kind `k`, index `id` in its list, `near` the cells next
    /// to it) on `filled`: the cells then filled when the search goes on
    /// below, `None` when the box is full (the solution is counted) or a
    /// cell next to `m` is walled in.
    /// [`Fewest::leave`] undoes it. The part of a move both searches share.
    #[inline(always)]
    fn enter(&mut self, k: usize, id: u32, filled: u64, m: u64, near: u64) -> Option<u64> {
        let next = filled | m;
        self.s.take(k);
        self.s.stack.push((k as u8, id));
        if next == u64::MAX {
            self.s.solution();
            return None;
        }
        (!self.walled_in(next, near)).then_some(next)
    }

    /// Undo [`Fewest::enter`] of a piece of kind `k`.
    #[inline(always)]
    fn leave(&mut self, k: usize) {
        self.s.stack.pop();
        self.s.give(k);
    }

    /// An empty cell next to the piece just placed (`near`) left with no
    /// empty neighbour (nothing of one cell to fill it): a cheap test
    /// before the child's sets.
    #[inline(always)]
    fn walled_in(&self, next: u64, near: u64) -> bool {
        if !self.ft.no_monos {
            return false;
        }
        let empty = !next;
        near & empty & !self.around(empty) != 0
    }

    /// The cells next to those of `x` (one step along an axis).
    #[inline(always)]
    fn around(&self, x: u64) -> u64 {
        super::beside(&self.ft.axes, x)
    }

    /// The live set at depth `d + 1` once `m` (of kind `k`, already taken)
    /// is placed: its cells' sets cleared, its kind's too on the last copy.
    /// False when one of the `low` cells (empty, few placements in the
    /// parent) is left with none: the child is dead before its counts.
    #[inline(always)]
    fn child_live(&mut self, d: usize, m: u64, k: usize, low: u64) -> bool {
        let ft = self.ft;
        let w = ft.words;
        let (parents, children) = self.live.split_at_mut((d + 1) * w);
        let parent = &parents[d * w..][..w];
        let child = &mut children[..w];
        child.copy_from_slice(parent);
        let mut x = m;
        while x != 0 {
            let c = x.trailing_zeros() as usize % CELLS;
            x &= x - 1;
            let (a, b) = ft.cell_words[c];
            let (a, b) = (a as usize, b as usize);
            let row = &ft.cell_sets[c * w..][..w];
            for (l, r) in child[a..b].iter_mut().zip(&row[a..b]) {
                *l &= !r;
            }
        }
        if self.s.avail >> k & 1 == 0 {
            let row = &ft.kind_sets[k * w..][..w];
            for (l, r) in child.iter_mut().zip(row) {
                *l &= !r;
            }
        }
        let mut x = low;
        while x != 0 {
            let c = x.trailing_zeros() as usize % CELLS;
            x &= x - 1;
            let (a, b) = ft.cell_words[c];
            let row = &ft.cell_sets[c * w..][..w];
            let (a, b) = (a as usize, b as usize);
            if child[a..b].iter().zip(&row[a..b]).all(|(l, r)| l & r == 0) {
                return false;
            }
        }
        true
    }

    /// The counts at depth `d + 1` from the live sets of `d` and `d + 1`
    /// (`m` of kind `k` placed): the placements killed subtracted.
    #[inline(always)]
    fn child_counts(&mut self, d: usize, m: u64, k: usize) {
        let ft = self.ft;
        let w = ft.words;
        let (parents, children) = self.live.split_at((d + 1) * w);
        let parent = &parents[d * w..][..w];
        let child = &children[..w];
        let (mut lo, mut hi) = (w, 0);
        let mut x = m;
        while x != 0 {
            let (a, b) = ft.cell_words[x.trailing_zeros() as usize % CELLS];
            x &= x - 1;
            lo = lo.min(a as usize);
            hi = hi.max(b as usize);
        }
        if self.s.avail >> k & 1 == 0 {
            (lo, hi) = (0, w);
        }
        let (covers, rest) = self.cover.split_at_mut(d + 1);
        let cover = &mut rest[0];
        *cover = covers[d];
        let (kinds, rest) = self.per_kind.split_at_mut(d + 1);
        let per_kind = &mut rest[0];
        *per_kind = kinds[d];
        for i in lo..hi.max(lo) {
            let mut killed = parent[i] & !child[i];
            while killed != 0 {
                let q = i * 64 + killed.trailing_zeros() as usize;
                killed &= killed - 1;
                let mut y = ft.masks[q];
                while y != 0 {
                    cover[y.trailing_zeros() as usize % CELLS] -= 1;
                    y &= y - 1;
                }
                per_kind[ft.kinds[q] as usize % MAX_KINDS] -= 1;
            }
        }
        let mut x = m;
        while x != 0 {
            cover[x.trailing_zeros() as usize % CELLS] = u16::MAX;
            x &= x - 1;
        }
    }
}
