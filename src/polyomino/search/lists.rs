//! The placement lists the searches read: placements filed by row (an
//! anchor cell and, on boards up to 128 cells, the probe pattern after it;
//! or a walled-in cell and its open side) and kind.
//!
//! Laid out so that building them touches little memory: a count on a
//! small board takes a few milliseconds, and every page written for the
//! first time costs a page fault (about 2 µs here). So each placement is
//! one [`Entry`] in a pool; a list holds only its mask (what the sweep
//! tests) and the index of its entry; and only the rows that hold a
//! placement have bounds (on 4x15 fewer than half the cells × 64
//! patterns). Rows of one cell that list the same placements share their
//! bounds and listings (on 4x15 1,803 rows hold 1,037 sets: 11,956
//! listings instead of 16,433, 23 fewer page faults; 6x10 15,245 instead
//! of 21,485). A narrow board probes no cells: one row per cell, its
//! placements listed once (on 3x20 60 rows and about 1,000 listings,
//! against 202 sets and 3,167 listings with 2 bits of pattern).

use super::super::bits::Bits;
use super::Entry;

/// Placements filed by row and kind (see the module).
pub(crate) struct Lists<B> {
    /// Kinds: each filled row has `nk + 1` bounds.
    nk: usize,
    /// Per row: the kinds with a non-empty list, and where its bounds
    /// begin in `bounds` (side by side: one read for both).
    heads: Vec<Head>,
    /// Per filled row, `nk + 1` indices into `masks` and `refs`: kind k's
    /// list is `bounds[k]..bounds[k + 1]` (rows with the same lists may
    /// share their bounds).
    bounds: Vec<u32>,
    /// The listed placements' masks (packed: the sweep reads only these).
    pub(super) masks: Vec<B>,
    /// The listed placements' entries, as indices into their pool.
    pub(super) refs: Vec<u32>,
}

/// A row's kinds (bit k: kind k has a list) and the offset of its bounds.
#[derive(Clone, Copy, Default)]
struct Head {
    has: u64,
    at: u32,
}

impl<B: Bits> Lists<B> {
    /// No lists (where an index is not built).
    pub(super) fn empty() -> Self {
        Lists {
            nk: 0,
            heads: Vec::new(),
            bounds: Vec::new(),
            masks: Vec::new(),
            refs: Vec::new(),
        }
    }

    /// The kinds listed in row `l`, and the row's bounds (kind k's list
    /// is `bounds[k]..bounds[k + 1]`).
    #[inline(always)]
    pub(super) fn row(&self, l: usize) -> (u64, &[u32]) {
        self.row_at(l).unwrap_or((0, &[]))
    }

    /// [`Self::row`], `None` beyond the rows (for a search that stops
    /// there: no select on its hot path).
    #[inline(always)]
    pub(super) fn row_at(&self, l: usize) -> Option<(u64, &[u32])> {
        let &Head { has, at } = self.heads.get(l)?;
        let at = at as usize;
        Some((has, self.bounds.get(at..at + self.nk + 1)?))
    }

    /// Row `l`'s head: the kinds listed, and where its bounds begin (for
    /// [`Self::bounds_at`]).
    #[inline(always)]
    pub(super) fn head(&self, l: usize) -> Option<(u64, usize)> {
        self.heads.get(l).map(|h| (h.has, h.at as usize))
    }

    /// The bounds of the row whose head says they begin at `at`.
    #[inline(always)]
    pub(super) fn bounds_at(&self, at: usize) -> Option<&[u32]> {
        self.bounds.get(at..at + self.nk + 1)
    }

    /// The entry (in `pool`) of listed placement `i`.
    #[inline(always)]
    pub(super) fn entry<'a>(&self, pool: &'a [Entry<B>], i: usize) -> Option<&'a Entry<B>> {
        self.refs.get(i).and_then(|&r| pool.get(r as usize))
    }

    /// The entry of listed placement `i` with its halo, from `pool` (see
    /// `Table::halos`).
    #[inline(always)]
    pub(super) fn entry_halo<'a>(
        &self,
        pool: &'a [(Entry<B>, B)],
        i: usize,
    ) -> Option<&'a (Entry<B>, B)> {
        self.refs.get(i).and_then(|&r| pool.get(r as usize))
    }

    /// Lists given as ids per row and kind; `entry(k, id)` makes the
    /// entry of placement `id` of kind `k`. The pool holds one entry per
    /// listed placement.
    pub(super) fn from_nested(
        nk: usize,
        lists: &[Vec<Vec<u32>>],
        entry: impl Fn(usize, u32) -> Entry<B>,
    ) -> (Self, Vec<Entry<B>>) {
        let mut out = Lists {
            nk,
            heads: Vec::with_capacity(lists.len()),
            bounds: Vec::with_capacity(lists.len() * (nk + 1)),
            masks: Vec::new(),
            refs: Vec::new(),
        };
        let mut pool = Vec::new();
        for row in lists {
            let at = out.bounds.len() as u32;
            let mut kinds = 0u64;
            for (k, list) in row.iter().enumerate() {
                out.bounds.push(pool.len() as u32);
                for &i in list {
                    let e = entry(k, i);
                    out.masks.push(e.mask);
                    out.refs.push(pool.len() as u32);
                    pool.push(e);
                    kinds |= 1 << k;
                }
            }
            out.bounds.push(pool.len() as u32);
            out.heads.push(Head { has: kinds, at });
        }
        (out, pool)
    }
}

/// Probe cells at most (the sum of the probe run lengths).
pub(super) const NPROBES: usize = 6;

/// The probe cells of one anchor cell: which bits of a probe pattern can
/// vary, which are always set, and which repeat an earlier bit.
pub(super) struct ProbeCells {
    /// Bit j for probe j: the cell, when it can be empty or filled.
    free: u64,
    /// Bit j for probe j: always filled (a hole, or a bit beyond the box).
    fixed: u64,
    /// (j, later j') probing the same cell: bit j' copies bit j (the
    /// first `nsame`).
    same: [(u32, u32); NPROBES],
    nsame: usize,
    /// The cell of each probe (`usize::MAX` beyond the bit set's width,
    /// where it always reads empty).
    cells: [usize; NPROBES],
    /// The probe runs as (first cell, length).
    runs: [(usize, u32); 3],
}

impl ProbeCells {
    pub(super) fn new<B: Bits>(c: usize, runs: [(usize, u32); 3], start: B) -> Self {
        let width = B::ONES.count() as usize;
        let mut out = ProbeCells {
            free: 0,
            fixed: 0,
            same: [(0, 0); NPROBES],
            nsame: 0,
            cells: [usize::MAX; NPROBES],
            runs: runs.map(|(off, len)| (c + off, len)),
        };
        if !B::PROBED {
            return out;
        }
        let mut j = 0;
        for (off, len) in runs {
            for i in 0..len as usize {
                let q = c + off + i;
                if j >= NPROBES {
                    return out;
                }
                if q >= width {
                    // `bits_at` reads 0 there, whatever is filled.
                    j += 1;
                    continue;
                }
                if start.has(q) {
                    out.fixed |= 1 << j;
                } else if let Some(first) = out.cells[..j].iter().position(|&x| x == q) {
                    out.same[out.nsame] = (first as u32, j as u32);
                    out.nsame += 1;
                } else {
                    out.free |= 1 << j;
                }
                out.cells[j] = q;
                j += 1;
            }
        }
        out
    }

    /// The probe bits a placement `m` covers.
    /// (The runs read as the search reads them: beyond the bit set's
    /// width as empty; a cell probed twice gives both bits.)
    fn covered<B: Bits>(&self, m: B) -> u64 {
        if !B::PROBED {
            return 0;
        }
        let mut shift = 0;
        self.runs.iter().fold(0, |acc, &(at, len)| {
            let bits = u64::from(m.bits_at(at, len)) << shift;
            shift += len;
            acc | bits
        })
    }

    /// Every pattern the search can meet here that leaves the `covered`
    /// probe cells empty.
    #[inline]
    fn each_pattern(&self, covered: u64, mut f: impl FnMut(usize)) {
        if self.fixed & covered != 0 {
            return;
        }
        let free = self.free & !covered;
        let mut sub = free;
        loop {
            let mut pattern = self.fixed | sub;
            for &(a, b) in &self.same[..self.nsame] {
                pattern |= (pattern >> a & 1) << b;
            }
            f(pattern as usize);
            if sub == 0 {
                return;
            }
            sub = (sub - 1) & free;
        }
    }
}

/// The probe index over `pool` (the kept placements, by anchor cell then
/// kind; `ncells` cells, cell c probing `probe_of(c)`): each placement
/// filed under every pattern of its anchor's probe cells that leaves the
/// cells it covers empty, in pool order within a list. Patterns the search cannot meet (a probe on a hole or beyond the
/// box reads filled, or beyond the bit set empty; one cell probed twice
/// reads the same) get no row.
///
/// Built a cell at a time and a row at a time, in the order the lists are
/// laid out, so nothing is counted first or moved after: per probe bit,
/// the set of the cell's placements that cover it (bit i: the cell's i-th
/// placement); a row's placements are those covering none of its
/// pattern's filled probes, read off that set in order. (Filing each
/// placement under each of its patterns, then counting the listings into
/// rows took about 0.59M instructions on 3x20 against 0.52M, and needed
/// three buffers more.)
pub(super) fn probe_index<B: Bits>(
    nk: usize,
    ncells: usize,
    probe_of: impl Fn(usize) -> ProbeCells,
    pbits: u32,
    pool: &[Entry<B>],
) -> Lists<B> {
    // Boards beyond 128 cells skip the probe index: it would multiply the
    // (already large) tables. A pattern has `pbits` bits.
    let npat = if B::PROBED { 1usize << pbits } else { 1 };
    let anchor = |e: &Entry<B>| e.mask.lowest();
    let nrows = ncells * npat;
    // Room reserved for the most there can be, touched only as filled:
    // one filled row and `npat` listings per placement.
    let most = pool.len() * npat;
    let mut out = Lists {
        nk,
        heads: vec![Head::default(); nrows],
        bounds: Vec::with_capacity(nrows.min(most) * (nk + 1)),
        masks: Vec::with_capacity(most),
        refs: Vec::with_capacity(most),
    };
    // Per probe bit j, the cell's placements covering it (`words` words
    // each), then the cell's placements (all set).
    let mut covers: Vec<u64> = Vec::new();
    // The placements of the row at hand, as a set.
    let mut listed: Vec<u64> = Vec::new();
    let mut lo = 0;
    while lo < pool.len() {
        let c = anchor(&pool[lo]);
        let hi = lo + pool[lo..].iter().take_while(|e| anchor(e) == c).count();
        if c >= ncells {
            break;
        }
        // Made here, once per anchor cell (not kept: on 3x20 a table of
        // them was 10 KB, three pages more to touch).
        let probe = &probe_of(c);
        let here = &pool[lo..hi];
        if npat == 1 {
            // No probes (a narrow board): one row, every placement.
            let head = out.push_row(here, lo, 0..here.len());
            if let Some(h) = out.heads.get_mut(c) {
                *h = head;
            }
            lo = hi;
            continue;
        }
        if here.len() <= 64 {
            rows_of_cell(&mut out, c * npat, probe, here, lo);
            lo = hi;
            continue;
        }
        let words = here.len().div_ceil(64);
        covers.clear();
        covers.resize((NPROBES + 1) * words, 0);
        for (i, e) in here.iter().enumerate() {
            let mut covered = probe.covered(e.mask);
            while covered != 0 {
                let j = covered.trailing_zeros() as usize;
                covered &= covered - 1;
                if let Some(w) = covers.get_mut(j * words + i / 64) {
                    *w |= 1 << (i % 64);
                }
            }
            if let Some(w) = covers.get_mut(NPROBES * words + i / 64) {
                *w |= 1 << (i % 64);
            }
        }
        // The patterns the search can meet here, as a set.
        let mut reachable = 0u64;
        probe.each_pattern(0, |pattern| reachable |= 1 << pattern);
        listed.resize(words, 0);
        while reachable != 0 {
            let pattern = reachable.trailing_zeros() as usize;
            reachable &= reachable - 1;
            listed.copy_from_slice(&covers[NPROBES * words..][..words]);
            let mut filled = pattern;
            while filled != 0 {
                let j = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                for (l, &w) in listed.iter_mut().zip(&covers[j * words..][..words]) {
                    *l &= !w;
                }
            }
            if listed.iter().all(|&w| w == 0) {
                continue;
            }
            let indices = listed
                .iter()
                .enumerate()
                .flat_map(|(n, &w)| ones(w).map(move |b| n * 64 + b));
            let head = out.push_row(here, lo, indices);
            if let Some(h) = out.heads.get_mut(c * npat + pattern) {
                *h = head;
            }
        }
        lo = hi;
    }
    out
}

/// [`probe_index`]'s rows of one anchor cell with at most 64 placements
/// (`here`, the first at `lo` in the pool), their rows beginning at
/// `row0`: each set of placements is one word. A row with the set of an
/// earlier row shares that row's head (looked up by hash; about 10
/// instructions a row, against the listings it would write). A cell of
/// more than 64 placements (in [`probe_index`]) does not share.
#[inline(never)]
fn rows_of_cell<B: Bits>(
    out: &mut Lists<B>,
    row0: usize,
    probe: &ProbeCells,
    here: &[Entry<B>],
    lo: usize,
) {
    let all = u64::MAX >> (64 - here.len().clamp(1, 64));
    // Per probe bit, the placements covering it.
    let mut cover = [0u64; 8];
    for (i, e) in here.iter().enumerate() {
        let mut covered = probe.covered(e.mask);
        while covered != 0 {
            cover[covered.trailing_zeros() as usize & 7] |= 1 << i;
            covered &= covered - 1;
        }
    }
    let mut reachable = 0u64;
    probe.each_pattern(0, |pattern| reachable |= 1 << pattern);
    // The rows written so far, by their set: per hash slot, 1 + the
    // pattern of the first row with a set of that hash (0: none); per
    // pattern written, its set.
    let mut first = [0u8; SLOTS];
    let mut set_of = [0u64; 64];
    while reachable != 0 {
        let pattern = reachable.trailing_zeros() as usize & 63;
        reachable &= reachable - 1;
        let mut blocked = 0;
        let mut filled = pattern;
        while filled != 0 {
            blocked |= cover[filled.trailing_zeros() as usize & 7];
            filled &= filled - 1;
        }
        let listed = all & !blocked;
        if listed == 0 {
            continue;
        }
        // A row with the set of an earlier one shares its head: its
        // bounds, and so its listings.
        let mut slot = (listed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 57) as usize;
        let head = loop {
            match usize::from(first[slot % SLOTS]) {
                0 => {
                    first[slot % SLOTS] = pattern as u8 + 1;
                    set_of[pattern] = listed;
                    break out.push_row(here, lo, ones(listed));
                }
                q if set_of[(q - 1) & 63] == listed => {
                    break out.heads.get(row0 + q - 1).copied().unwrap_or_default();
                }
                _ => slot += 1,
            }
        };
        if let Some(h) = out.heads.get_mut(row0 + pattern) {
            *h = head;
        }
    }
}

/// Hash slots for [`rows_of_cell`]'s sets (twice its most rows).
const SLOTS: usize = 128;

impl<B: Bits> Lists<B> {
    /// Writes a row of [`probe_index`]: the placements of `here` (the
    /// first at `lo` in the pool) at `indices`, ascending and so by kind,
    /// with the row's `nk + 1` bounds written as they come; its head.
    #[inline(always)]
    fn push_row(
        &mut self,
        here: &[Entry<B>],
        lo: usize,
        indices: impl Iterator<Item = usize>,
    ) -> Head {
        let at = self.bounds.len();
        let mut has = 0u64;
        let mut k = 0;
        for i in indices {
            let Some(e) = here.get(i) else {
                continue;
            };
            let kind = usize::from(e.kind);
            // The bounds of the kinds up to this one.
            while k <= kind && k < self.nk {
                self.bounds.push(self.masks.len() as u32);
                k += 1;
            }
            has |= 1 << kind;
            self.masks.push(e.mask);
            self.refs.push((lo + i) as u32);
        }
        let end = self.masks.len() as u32;
        self.bounds.resize(at + self.nk + 1, end);
        Head { has, at: at as u32 }
    }
}

/// The set bits of `w`, lowest first.
fn ones(mut w: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let b = w.trailing_zeros() as usize;
        w &= w.wrapping_sub(1);
        (b < 64).then_some(b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Dominoes (kind 0) and straight trominoes (kind 1) on a 3x4 board
    /// (stride 1 across, 3 along): every row lists the placements of its
    /// cell that leave its pattern's filled probes empty, by kind; rows
    /// of one cell with the same set share their bounds and listings.
    #[test]
    fn rows_with_the_same_placements_share_their_listings() {
        let (w, h) = (3usize, 4usize);
        let start = (0..w * h).fold(u64::MAX, |m, b| m & !(1 << b));
        let mut pool: Vec<Entry<u64>> = Vec::new();
        for (kind, len) in [(0u8, 2usize), (1, 3)] {
            for (dx, dy) in [(1, 0), (0, 1)] {
                for x in 0..w {
                    for y in 0..h {
                        if x + dx * (len - 1) >= w || y + dy * (len - 1) >= h {
                            continue;
                        }
                        let mask =
                            (0..len).fold(0u64, |m, i| m | 1 << (x + dx * i + w * (y + dy * i)));
                        let id = pool.len() as u16;
                        pool.push(Entry {
                            mask,
                            kind,
                            id,
                            rank: 0,
                            omin: 0,
                        });
                    }
                }
            }
        }
        pool.sort_by_key(|e| (e.mask.trailing_zeros(), e.kind, e.id));
        let runs = [(1, 2), (w - 1, 3), (2 * w, 1)];
        let cells: Vec<ProbeCells> = (0..w * h)
            .map(|c| ProbeCells::new(c, runs, start))
            .collect();
        let index = probe_index(
            2,
            cells.len(),
            |c| ProbeCells::new(c, runs, start),
            6,
            &pool,
        );
        let mut shared = 0;
        for (c, probe) in cells.iter().enumerate() {
            // Per set of placements (pool indices), the bounds' offset.
            let mut at_of: HashMap<Vec<usize>, usize> = HashMap::new();
            probe.each_pattern(0, |pattern| {
                let want: Vec<usize> = (0..pool.len())
                    .filter(|&i| {
                        let e = &pool[i];
                        e.mask.trailing_zeros() as usize == c
                            && probe.covered(e.mask) & pattern as u64 == 0
                    })
                    .collect();
                let (has, at) = index.head(c * 64 + pattern).unwrap();
                let row = index.bounds_at(at).unwrap();
                let mut got = Vec::new();
                // (An empty row has no head: its bounds are not read.)
                for k in (0..2).filter(|k| has >> k & 1 == 1) {
                    let list = row[k] as usize..row[k + 1] as usize;
                    assert!(!list.is_empty());
                    for i in list {
                        let r = index.refs[i] as usize;
                        assert_eq!(usize::from(pool[r].kind), k);
                        assert_eq!(index.masks[i], pool[r].mask);
                        got.push(r);
                    }
                }
                assert_eq!(got, want, "cell {c}, pattern {pattern:06b}");
                if want.is_empty() {
                    return;
                }
                match at_of.get(&want) {
                    Some(&first) => {
                        assert_eq!(first, at);
                        shared += 1;
                    }
                    None => {
                        assert!(at_of.values().all(|&a| a != at));
                        at_of.insert(want, at);
                    }
                }
            });
        }
        assert!(shared > 0);
    }
}
