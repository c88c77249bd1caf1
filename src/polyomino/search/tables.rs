//! The search tables: every placement filed for the search (by anchor
//! cell, probe pattern and kind; by walled-in cell and open side for the
//! tight rule), the kind symmetry is broken on and its orbit
//! representatives. Built once per problem and read-only while searching
//! (see the parent module for the design).

use super::super::bits::{Bits, mask_of};
use super::super::compile::Compiled;
use super::{Entry, Table, grow, image};

/// The lengths of the three probe runs (6 bits of pattern in all).
pub(super) const PROBE_LENS: [u32; 3] = [2, 3, 1];

/// Probe cells after the first empty cell c whose state indexes the
/// placement lists, as runs (offset from c, length); `S` is the short side.
fn probe_runs(short: usize) -> [(usize, u32); 3] {
    let [a, b, c] = PROBE_LENS;
    [(1, a), (short.max(1) - 1, b), (2 * short, c)]
}

/// The kind to break symmetry on: mapped to itself by every symmetry;
/// a single piece if there is one, else copies; fewest placements.
fn broken_kind(p: &Compiled) -> Option<usize> {
    if p.group.len() < 2 {
        return None;
    }
    (0..p.kinds.len())
        .filter(|&k| p.group.iter().all(|g| g.kinds[k] as usize == k))
        .min_by_key(|&k| (p.kinds[k].count > 1, p.placements[k].len()))
}

/// Where branching on a walled-in cell pays (measured with `cargo bench
/// --bench polyomino`): sets without copies on wide boards (short side 8
/// or more, e.g. 8x8 with the square) and in boxes at least 3 thick
/// (3x4x5). On the narrow classic rectangles the first empty cell of the
/// sweep is usually walled in already and the rule adds nodes (6x10:
/// 1.25M to 1.62M); with many copies of one piece a first solution can lie
/// far off its path (100 L tetrominoes on 20x20: minutes instead of 4 ms).
pub(crate) fn tight_rule(p: &Compiled) -> bool {
    let copies = p.kinds.iter().any(|k| k.count > 1);
    !copies && p.short() >= if p.planar { 8 } else { 3 }
}

/// Shuffle every placement list (per cell, per kind) with a generator
/// seeded by `seed`; the generator is returned to shuffle more.
fn shuffle_lists(lists: &mut [Vec<Vec<u32>>], seed: u64) -> rand::rngs::ChaCha8Rng {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    for list in lists.iter_mut().flatten() {
        list.shuffle(&mut rng);
    }
    rng
}

/// Per axis: stride, the cells with a lower neighbour, with a higher one.
fn axes_of<B: Bits>(p: &Compiled) -> Vec<(u32, B, B)> {
    p.axes
        .iter()
        .enumerate()
        .map(|(a, &(stride, side))| {
            let mut low = B::ZERO;
            let mut high = B::ZERO;
            for b in 0..p.nbits {
                let c = p.coords[b][a] as usize;
                if c > 0 {
                    low = low.with(b);
                }
                if c + 1 < side {
                    high = high.with(b);
                }
            }
            (stride as u32, low, high)
        })
        .collect()
}

/// What a single placement does to the box: the pockets it closes
/// against the box's walls and holes.
struct Walls<B> {
    /// The axes padded to three (an absent one shifts into an empty mask):
    /// the flood's steps unroll.
    axes: [(u32, B, B); 3],
    start: B,
    /// Per kind: bit n set when the other pieces (one copy of this kind
    /// taken out) can make up exactly n cells (n < 128).
    sums: Vec<u128>,
    /// Pockets are looked for this many flood steps from the piece.
    steps: usize,
}

impl<B: Bits> Walls<B> {
    fn new(p: &Compiled, axes: &[(u32, B, B)], start: B) -> Self {
        let sums = (0..p.kinds.len())
            .map(|k| {
                let mut reach: u128 = 1;
                for (j, kind) in p.kinds.iter().enumerate() {
                    for _ in 0..kind.count.saturating_sub(u32::from(j == k)) {
                        reach |= reach.checked_shl(kind.size as u32).unwrap_or(0);
                    }
                }
                reach
            })
            .collect();
        let steps = p.kinds.iter().map(|k| k.size).max().unwrap_or(1);
        let mut padded = [(0u32, B::ZERO, B::ZERO); 3];
        for (a, x) in padded.iter_mut().zip(axes) {
            *a = *x;
        }
        Walls {
            axes: padded,
            start,
            sums,
            steps,
        }
    }

    /// True when placement `m` of kind `k` closes a pocket (found within
    /// a few flood steps of it) that the other pieces cannot make up: no
    /// packing uses it. On the pentomino rectangles this drops the pieces
    /// that leave a corner cell or a stretch of edge cut off.
    fn shuts_pocket(&self, k: usize, m: B) -> bool {
        if !B::PROBED {
            return false;
        }
        let empty = self.start.or(m).not();
        let mut seeds = grow(&self.axes, m).and(empty);
        while !seeds.is_zero() {
            let mut x = seeds.lowest_bit();
            for _ in 0..self.steps {
                let y = grow(&self.axes, x).and(empty);
                if y == x {
                    let n = x.count();
                    if n < 128 && self.sums[k] >> n & 1 == 0 {
                        return true;
                    }
                    break;
                }
                x = y;
            }
            seeds = seeds.and(x.not());
        }
        false
    }
}

/// Build the search tables (a shuffled order of placements with `seed`).
pub(crate) fn build<B: Bits>(p: &Compiled, seed: Option<u64>, tight: bool) -> Table<B> {
    let nkinds = p.kinds.len();
    let nbits = p.nbits;
    let broken = broken_kind(p);
    // Ranks and orbit minima of the broken kind's placements.
    let (mut rank, mut omin, mut reps) = (Vec::new(), Vec::new(), Vec::new());
    if let Some(k) = broken {
        let list = &p.placements[k];
        let mut sorted: Vec<usize> = (0..list.len()).collect();
        sorted.sort_by(|&a, &b| list[a].cmp(&list[b]));
        rank = vec![0u32; list.len()];
        for (r, &i) in sorted.iter().enumerate() {
            rank[i] = r as u32;
        }
        let by_bits: std::collections::HashMap<&[u16], usize> = list
            .iter()
            .enumerate()
            .map(|(i, b)| (b.as_slice(), i))
            .collect();
        omin = vec![0u32; list.len()];
        for (i, pl) in list.iter().enumerate() {
            let images: Vec<usize> = p
                .group
                .iter()
                .map(|g| {
                    let j = by_bits.get(image(pl, &g.bits).as_slice()).copied();
                    // Symmetries map this kind's orientation set onto itself.
                    debug_assert!(j.is_some(), "a symmetry moved kind {k} off its placements");
                    j.unwrap_or(i)
                })
                .collect();
            omin[i] = images.iter().map(|&j| rank[j]).min().unwrap_or(rank[i]);
            if omin[i] == rank[i] {
                let stab = (0..images.len()).filter(|&t| images[t] == i).collect();
                reps.push((i, stab));
            }
        }
    }
    let start = p
        .open
        .iter()
        .fold(B::ONES, |m, &b| m.and(B::ZERO.with(b).not()));
    let axes = axes_of::<B>(p);
    let walls = Walls::new(p, &axes, start);
    let entry = |k: usize, i: u32, m: B| {
        let (r, o) = if Some(k) == broken {
            (rank[i as usize], omin[i as usize])
        } else {
            (0, 0)
        };
        Entry {
            mask: m,
            halo: grow(&axes, m).and(m.not()),
            kind: k as u8,
            id: i,
            rank: r,
            omin: o,
        }
    };
    let probes = probe_runs(p.short());
    let cells: Vec<ProbeCells> = (0..nbits)
        .map(|c| ProbeCells::new(c, probes, start))
        .collect();
    // Each kept placement once, with its anchor (lowest) cell and the probe
    // bits it covers. The broken kind keeps every placement: its
    // representatives are looked up among its entries.
    let mut placed: Vec<Placed<B>> = Vec::with_capacity(p.placements.iter().map(Vec::len).sum());
    let kept = |k: usize, m: B| Some(k) == broken || !walls.shuts_pocket(k, m);
    let mut push = |k: usize, i: u32, m: B| {
        let c = m.lowest();
        placed.push((c, k, entry(k, i, m), cells[c].covered(m)));
    };
    if let Some(seed) = seed {
        // Shuffled: the lists by cell and kind, each shuffled.
        let mut per_cell: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); nkinds]; nbits];
        for (k, list) in p.placements.iter().enumerate() {
            for (i, bits) in list.iter().enumerate() {
                if let Some(&first) = bits.first()
                    && kept(k, mask_of(bits))
                {
                    per_cell[first as usize][k].push(i as u32);
                }
            }
        }
        use rand::seq::SliceRandom;
        let mut rng = shuffle_lists(&mut per_cell, seed);
        reps.shuffle(&mut rng);
        for cell in &per_cell {
            for (k, list) in cell.iter().enumerate() {
                for &i in list {
                    push(k, i, mask_of(&p.placements[k][i as usize]));
                }
            }
        }
    } else {
        // Within a list the order is by placement index either way.
        for (k, list) in p.placements.iter().enumerate() {
            for (i, bits) in list.iter().enumerate() {
                let m = mask_of(bits);
                if !bits.is_empty() && kept(k, m) {
                    push(k, i as u32, m);
                }
            }
        }
    }
    let entry = |k: usize, i: u32, bits: &[u16]| entry(k, i, mask_of(bits));
    let ndirs = 2 * axes.len();
    let (mut cover_starts, mut cover_has, mut cover) = (Vec::new(), Vec::new(), Vec::new());
    if tight {
        // Neighbour of cell b in direction d (axis d/2, down when d is even).
        let step = |b: usize, d: usize| -> Option<usize> {
            let (stride, low, high) = axes[d / 2];
            let s = stride as usize;
            if d.is_multiple_of(2) {
                low.has(b).then(|| b - s)
            } else {
                high.has(b).then(|| b + s)
            }
        };
        let mut lists: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); nkinds]; nbits * ndirs];
        for (k, list) in p.placements.iter().enumerate() {
            for (i, bits) in list.iter().enumerate() {
                for &b in bits {
                    let b = b as usize;
                    let inside: Vec<usize> = (0..ndirs)
                        .filter(|&d| step(b, d).is_some_and(|n| bits.contains(&(n as u16))))
                        .collect();
                    match inside.as_slice() {
                        [d] => lists[b * ndirs + d][k].push(i as u32),
                        // A one-cell piece fits whichever way the cell opens.
                        [] => (0..ndirs).for_each(|d| lists[b * ndirs + d][k].push(i as u32)),
                        _ => {}
                    }
                }
            }
        }
        if let Some(seed) = seed {
            shuffle_lists(&mut lists, seed ^ 0x5eed);
        }
        for cell in &lists {
            let mut kinds_here = 0u64;
            for (k, list) in cell.iter().enumerate() {
                cover_starts.push(cover.len() as u32);
                for &i in list {
                    cover.push(entry(k, i, &p.placements[k][i as usize]));
                    kinds_here |= 1 << k;
                }
            }
            cover_has.push(kinds_here);
        }
        cover_starts.push(cover.len() as u32);
    }
    let (starts, has, entries, masks) = probe_index(nkinds, &cells, &placed);
    Table {
        probes,
        starts,
        has,
        entries,
        masks,
        cover_starts,
        cover_has,
        cover,
        tight,
        axes,
        start,
        broken,
        reps,
    }
}

/// A kept placement: its anchor cell, kind, entry and covered probe bits.
type Placed<B> = (usize, usize, Entry<B>, u64);

/// Probe cells in all (the sum of [`PROBE_LENS`]).
const NPROBES: usize = 6;

/// The probe cells of one anchor cell: which bits of a probe pattern can
/// vary, which are always set, and which repeat an earlier bit.
struct ProbeCells {
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
}

impl ProbeCells {
    fn new<B: Bits>(c: usize, runs: [(usize, u32); 3], start: B) -> Self {
        let width = B::ONES.count() as usize;
        let mut out = ProbeCells {
            free: 0,
            fixed: 0,
            same: [(0, 0); NPROBES],
            nsame: 0,
            cells: [usize::MAX; NPROBES],
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
    fn covered<B: Bits>(&self, m: B) -> u64 {
        self.cells.iter().enumerate().fold(0, |acc, (j, &q)| {
            acc | u64::from(q != usize::MAX && m.has(q)) << j
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

/// The placement lists by anchor cell, probe pattern and kind, as
/// `(starts, has, entries, masks)` of [`Table`]. Each placement is filed
/// under every pattern of its anchor's probe cells that leaves the cells
/// it covers empty, keeping the order of `placed` within a list; patterns
/// the search cannot meet (a probe on a hole or beyond the box reads
/// filled, or beyond the bit set empty; one cell probed twice reads the
/// same) get empty lists. Counted first, then filled in place: no list
/// grows.
#[allow(clippy::type_complexity)]
fn probe_index<B: Bits>(
    nkinds: usize,
    cells: &[ProbeCells],
    placed: &[Placed<B>],
) -> (Vec<u32>, Vec<u64>, Vec<Entry<B>>, Vec<B>) {
    // Boards beyond 128 cells skip the probe index: it would multiply the
    // (already large) tables.
    let npat = if B::PROBED { 1usize << 6 } else { 1 };
    let slot = |c: usize, pattern: usize, k: usize| (c * npat + pattern) * nkinds + k;
    let rows = cells.len() * npat;
    let mut next = vec![0u32; rows * nkinds + 1];
    let mut has = vec![0u64; rows];
    for &(c, k, _, covered) in placed {
        cells[c].each_pattern(covered, |pattern| {
            next[slot(c, pattern, k)] += 1;
            has[c * npat + pattern] |= 1 << k;
        });
    }
    // Counts to the ends of the lists (a running sum; most rows are empty
    // and only repeat it), then filled from the back: placing the entries
    // in reverse order leaves each list in order and `next` at the starts.
    let mut total = 0u32;
    for (row, &h) in next.chunks_exact_mut(nkinds.max(1)).zip(&has) {
        if h == 0 {
            row.fill(total);
            continue;
        }
        for n in row {
            total += *n;
            *n = total;
        }
    }
    if let Some(last) = next.last_mut() {
        *last = total;
    }
    let blank = Entry {
        mask: B::ZERO,
        halo: B::ZERO,
        kind: 0,
        id: 0,
        rank: 0,
        omin: 0,
    };
    let mut entries = vec![blank; total as usize];
    let mut masks = vec![B::ZERO; total as usize];
    for &(c, k, e, covered) in placed.iter().rev() {
        cells[c].each_pattern(covered, |pattern| {
            let at = &mut next[slot(c, pattern, k)];
            *at -= 1;
            entries[*at as usize] = e;
            masks[*at as usize] = e.mask;
        });
    }
    let starts = next;
    (starts, has, entries, masks)
}

/// The table's axes padded to `N`: an absent axis shifts by nothing into
/// an empty mask.
pub(super) fn padded_axes<B: Bits, const N: usize>(t: &Table<B>) -> [(u32, B, B); N] {
    let mut axes = [(0u32, B::ZERO, B::ZERO); N];
    for (a, x) in axes.iter_mut().zip(&t.axes) {
        *a = *x;
    }
    axes
}

/// The kinds of one cell, as a bit set over kinds: a dead cell can still
/// take one of them.
pub(super) fn single_cell_kinds(p: &Compiled) -> u64 {
    p.kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| k.size == 1)
        .fold(0u64, |m, (i, _)| m | 1 << i)
}
