//! The search tables: every placement filed for the search (by anchor
//! cell, probe pattern and kind; by walled-in cell and open side for the
//! tight rule), the kind symmetry is broken on and its orbit
//! representatives. Built once per problem and read-only while searching
//! (see the parent module for the design).

use super::super::bits::{Bits, mask_of};
use super::super::compile::Compiled;
use super::lists::{Lists, ProbeCells, probe_index};
use super::{Entry, Table, grow, image};

/// A flat board at most this wide is narrow (see [`narrow`]).
pub(super) const NARROW: usize = 3;

/// A narrow board: flat and at most [`NARROW`] wide. Its count's set-up
/// outweighs its search, so its tables are built lighter: fewer probe
/// cells ([`probe_lens`]) and no pocket test ([`build`]). (Not solids: a
/// thin box's tables feed the fewest-options search, which needs both.)
pub(super) fn narrow(p: &Compiled) -> bool {
    p.planar && p.short() <= NARROW
}

/// The lengths of the three probe runs (see [`probe_runs`]): 6 bits of
/// pattern in all; on a narrow board none (one row per cell, every
/// placement of the cell).
///
/// The pentomino rectangles, one thread, instructions of the count
/// beyond start-up (set-up + search) by probe cells kept, pocket test on:
/// 3x20 (2,395 nodes with all 6 probes) 1.08M + 0.55M with 6, 0.77M +
/// 0.74M with 2, 0.66M + 0.95M with none; 4x15 2.1M + 13.8M with 6,
/// 1.18M + 19.9M with 2 (61,130 nodes with 6, 89,836 with 2). The
/// full index pays for itself somewhere between 3x20's few thousand
/// nodes and 4x15's tens of thousands; a 3-wide strip leaves the
/// search few choices. (Measured with a debug switch; 3 or 4 probe
/// bits on 3x20 read as 2, 5 bits worse.) With the second symmetry
/// break ([`second_break`]), 3x20 beyond start-up: 2 bits 1.414M
/// instructions (sweep 0.487M), none 1.360M (sweep 0.614M, the index
/// 0.05M instead of 0.23M) and about 6 page faults fewer (listings 1,029
/// instead of 3,167, no pattern rows).
#[inline(always)]
pub(super) const fn probe_lens(narrow: bool) -> [u32; 3] {
    if narrow { [0, 0, 0] } else { [2, 3, 1] }
}

/// Probe cells after the first empty cell c whose state indexes the
/// placement lists, as runs (offset from c, length).
fn probe_runs(p: &Compiled) -> [(usize, u32); 3] {
    let short = p.short();
    let [a, b, c] = probe_lens(narrow(p));
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
    /// At most two axes, the first of stride 1 (a flat box).
    flat: bool,
    /// A flat box without holes, two axes: the long axis's stride, and
    /// the cells too near either end of it for a placement's verdict to
    /// be its shift's (see [`Self::shuts_pocket_shifted`]); `None` when
    /// no verdict is shared.
    shifts: Option<(u32, u32, B)>,
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
        let flat = axes.len() <= 2 && axes.first().is_none_or(|a| a.0 == 1);
        // The flood looks `steps` cells past a piece's neighbours: a
        // placement whose cells are that far (and one more) from both
        // ends of the long axis never meets them, so it closes a pocket
        // exactly when its shifts along that axis (as far in) do.
        let margin = steps + 1;
        let shifts = match p.axes.as_slice() {
            [_, (s1, long)] if flat && p.open.len() == p.nbits && *long > 2 * margin => {
                let near_end = (0..p.nbits)
                    .filter(|&b| {
                        let x = usize::from(p.coords[b][1]);
                        x < margin || x + margin >= *long
                    })
                    .fold(start, |m, b| m.with(b));
                Some((*s1 as u32, margin as u32, near_end))
            }
            _ => None,
        };
        Walls {
            axes: padded,
            start,
            sums,
            steps,
            flat,
            shifts,
        }
    }

    /// [`Self::shuts_pocket`], the verdict of a placement far from both
    /// ends shared with its shifts along the long axis: `last` holds the
    /// last such verdict, keyed by kind and the placement shifted to the
    /// lowest such position (placements come shift by shift).
    fn shuts_pocket_shifted(&self, k: usize, m: B, last: &mut Option<(usize, B, bool)>) -> bool {
        let Some((s1, margin, near_end)) = self.shifts else {
            return self.shuts_pocket(k, m);
        };
        if !m.and(near_end).is_zero() {
            return self.shuts_pocket(k, m);
        }
        // Shifted down to the first position past the margin.
        let key = m.shr((m.lowest() as u32 / s1).saturating_sub(margin) * s1);
        if let Some((lk, lkey, verdict)) = *last
            && lk == k
            && lkey == key
        {
            return verdict;
        }
        let verdict = self.shuts_pocket(k, m);
        *last = Some((k, key, verdict));
        verdict
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
        if self.flat {
            // Two axes, the short one of stride 1; the long one needs no
            // masks (a shift off the box lands on filled bits, which
            // `empty` drops).
            let [(_, low0, high0), (s1, _, _), _] = self.axes;
            let along1 = if s1 > 0 { B::ONES } else { B::ZERO };
            let step = |s1| move |x: B| x.or(beside_flat(x, low0, high0, s1, along1)).and(empty);
            // The usual short sides as constants (shifts by a constant
            // are a third of the instructions on `u128`).
            return match s1 {
                3 => self.shuts(step(3), k, m),
                4 => self.shuts(step(4), k, m),
                5 => self.shuts(step(5), k, m),
                6 => self.shuts(step(6), k, m),
                _ => self.shuts(step(s1), k, m),
            };
        }
        let axes = self.axes;
        self.shuts(|x| grow(&axes, x).and(empty), k, m)
    }

    /// [`Self::shuts_pocket`] with `step`, one flood step within the
    /// empty cells.
    #[inline(always)]
    fn shuts(&self, step: impl Fn(B) -> B, k: usize, m: B) -> bool {
        let mut seeds = step(m);
        while !seeds.is_zero() {
            let mut x = seeds.lowest_bit();
            for _ in 0..self.steps {
                let y = step(x);
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
    // The fewest-options search (solids in boxes of up to 64 cells)
    // chooses its own broken kind; the 2D path keeps `broken_kind`.
    let broken = if super::FewestTable::applies(p) {
        super::fewest::broken_kind(p)
    } else {
        broken_kind(p)
    };
    let orbits = broken.map_or_else(Orbits::default, |k| orbits(p, k));
    let (rank, omin, mut reps) = (orbits.rank, orbits.omin, orbits.reps);
    let second = match broken {
        Some(k) if !super::FewestTable::applies(p) => second_break(p, k, &reps),
        _ => None,
    };
    let start = p
        .open
        .iter()
        .fold(B::ONES, |m, &b| m.and(B::ZERO.with(b).not()));
    let axes = axes_of::<B>(p);
    let walls = Walls::new(p, &axes, start);
    let filing = Filing {
        broken,
        rank: &rank,
        omin: &omin,
        second: second.as_ref(),
    };
    // Each kept placement once, by anchor (lowest) cell, then kind, then
    // placement index (or shuffled within a cell and kind). The broken
    // kind keeps every placement: its representatives are among them.
    // Not on a narrow board: there the test costs more than the
    // placements it drops (3x20, pocket test on / off: set-up 0.77M /
    // 0.57M instructions, search 0.74M / 0.82M, 3,444 / 3,898 nodes; on
    // 4x15 it saves 1.2M of 16.4M).
    let prune = !narrow(p);
    let mut last = None;
    let mut kept = |k: usize, m: B| {
        Some(k) == broken || !prune || !walls.shuts_pocket_shifted(k, m, &mut last)
    };
    let entries = match seed {
        Some(seed) => shuffled_entries(p, seed, &mut kept, &mut reps, &filing),
        None => sorted_entries(p, prune, &mut kept, &filing),
    };
    let probes = probe_runs(p);
    let pbits = probes.iter().map(|r| r.1).sum();
    let index = probe_index(
        p.kinds.len(),
        p.nbits,
        |c| ProbeCells::new(c, probes, start),
        pbits,
        &entries,
    );
    let (cover, cover_entries) = match tight {
        true => cover_lists(p, &axes, seed, &filing),
        false => (Lists::empty(), Vec::new()),
    };
    Table {
        probes,
        pbits,
        index,
        entries,
        cover,
        cover_entries,
        halos: std::sync::OnceLock::new(),
        tight,
        axes,
        start,
        broken,
        reps,
        second: second.map(|sb| (sb.kind, sb.g)),
    }
}

/// The broken kind's placements under the symmetry group: per placement
/// its rank (by bit list) and its orbit's least rank; the representatives
/// (least of their orbit) with their ranks and stabilisers.
#[derive(Default)]
struct Orbits {
    rank: Vec<u32>,
    omin: Vec<u32>,
    reps: Vec<(usize, u32, Vec<usize>)>,
}

/// The [`Orbits`] of kind `k`'s placements.
fn orbits(p: &Compiled, k: usize) -> Orbits {
    let list = &p.placements[k];
    let mut sorted: Vec<usize> = (0..list.len()).collect();
    sorted.sort_by(|&a, &b| list[a].cmp(&list[b]));
    let mut rank = vec![0u32; list.len()];
    for (r, &i) in sorted.iter().enumerate() {
        rank[i] = r as u32;
    }
    // A placement's index by its bits: a binary search in `sorted`.
    let by_bits = |bits: &[u16]| {
        sorted
            .binary_search_by(|&j| list[j].cmp(bits))
            .ok()
            .and_then(|r| sorted.get(r).copied())
    };
    let mut omin = vec![0u32; list.len()];
    let mut reps = Vec::new();
    for (i, pl) in list.iter().enumerate() {
        let images: Vec<usize> = p
            .group
            .iter()
            .map(|g| {
                let j = by_bits(&image(pl, &g.bits));
                // Symmetries map this kind's orientation set onto itself.
                debug_assert!(j.is_some(), "a symmetry moved kind {k} off its placements");
                j.unwrap_or(i)
            })
            .collect();
        omin[i] = images.iter().map(|&j| rank[j]).min().unwrap_or(rank[i]);
        if omin[i] == rank[i] {
            let stab = (0..images.len()).filter(|&t| images[t] == i).collect();
            reps.push((i, rank[i], stab));
        }
    }
    Orbits { rank, omin, reps }
}

/// How a placement is filed as an [`Entry`]: the broken kind's with its
/// rank and orbit minimum, a second break's kept ones above
/// [`SECOND_FLOOR`] (see [`second_break`]), every other one at 0.
struct Filing<'a> {
    broken: Option<usize>,
    rank: &'a [u32],
    omin: &'a [u32],
    second: Option<&'a SecondBreak>,
}

impl Filing<'_> {
    /// Placement `i` of kind `k`, of mask `m`.
    #[inline]
    fn entry<B: Bits>(&self, k: usize, i: u32, m: B) -> Entry<B> {
        let (r, o) = match self.second {
            _ if Some(k) == self.broken => (self.rank[i as usize], self.omin[i as usize]),
            // Above `SECOND_FLOOR` when kept (see `second_break`).
            Some(sb) if sb.kind == k => (2 * u32::from(sb.kept[i as usize]), 2),
            _ => (0, 0),
        };
        Entry {
            mask: m,
            kind: k as u8,
            id: i as u16,
            rank: r as u16,
            omin: o as u16,
        }
    }
}

/// The placements `kept` keeps, by anchor cell and kind, each cell's and
/// kind's list (and the representatives `reps`) shuffled by `seed`.
fn shuffled_entries<B: Bits>(
    p: &Compiled,
    seed: u64,
    kept: &mut impl FnMut(usize, B) -> bool,
    reps: &mut [(usize, u32, Vec<usize>)],
    filing: &Filing,
) -> Vec<Entry<B>> {
    let mut per_cell: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); p.kinds.len()]; p.nbits];
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
    let mut entries = Vec::new();
    for cell in &per_cell {
        for (k, list) in cell.iter().enumerate() {
            for &i in list {
                entries.push(filing.entry(k, i, mask_of(&p.placements[k][i as usize])));
            }
        }
    }
    entries
}

/// The placements `kept` keeps (all unless `prune`), by anchor cell
/// (counted first, then placed), kind and index. The pocket test runs
/// once per placement, and its verdict waits as the mask (zero: dropped)
/// or, beyond 128 cells, as the anchor (`u16::MAX`: dropped). A narrow
/// board keeps every placement: nothing waits (on 3x20 three pages of
/// masks fewer to touch), the masks are made as they are placed.
fn sorted_entries<B: Bits>(
    p: &Compiled,
    prune: bool,
    kept: &mut impl FnMut(usize, B) -> bool,
    filing: &Filing,
) -> Vec<Entry<B>> {
    let nbits = p.nbits;
    let total = p.placements.iter().map(|l| l.len()).sum();
    let verdicts = B::PROBED && prune;
    let mut masks: Vec<B> = Vec::with_capacity(if verdicts { total } else { 0 });
    let mut anchors: Vec<u16> = Vec::with_capacity(if B::PROBED { 0 } else { total });
    let mut at = vec![0u32; nbits + 1];
    for (k, list) in p.placements.iter().enumerate() {
        for bits in list {
            if B::PROBED && !prune {
                if let Some(&first) = bits.first() {
                    at[first as usize + 1] += 1;
                }
                continue;
            }
            let m = mask_of::<B>(bits);
            let first = match bits.first() {
                Some(&first) if kept(k, m) => {
                    at[first as usize + 1] += 1;
                    Some(first)
                }
                _ => None,
            };
            if B::PROBED {
                masks.push(if first.is_some() { m } else { B::ZERO });
            } else {
                anchors.push(first.unwrap_or(u16::MAX));
            }
        }
    }
    for c in 0..nbits {
        at[c + 1] += at[c];
    }
    let blank = Entry {
        mask: B::ZERO,
        kind: 0,
        id: 0,
        rank: 0,
        omin: 0,
    };
    let mut entries = vec![blank; at[nbits] as usize];
    let (mut mask, mut anchor) = (masks.iter(), anchors.iter());
    for (k, list) in p.placements.iter().enumerate() {
        for (i, bits) in list.iter().enumerate() {
            let (m, c) = if B::PROBED && !prune {
                match bits.first() {
                    Some(&c) => (mask_of(bits), usize::from(c)),
                    None => continue,
                }
            } else if B::PROBED {
                match mask.next() {
                    Some(&m) if !m.is_zero() => (m, m.lowest()),
                    _ => continue,
                }
            } else {
                match anchor.next() {
                    Some(&c) if c != u16::MAX => (mask_of(bits), usize::from(c)),
                    _ => continue,
                }
            };
            if let Some(slot) = at.get_mut(c) {
                entries[*slot as usize] = filing.entry(k, i as u32, m);
                *slot += 1;
            }
        }
    }
    // Freed before the probe index is built, which can reuse the pages.
    drop((masks, anchors));
    entries
}

/// The tight rule's lists: per cell and open side (a direction along an
/// axis), per kind, the placements that cover the cell and leave it only
/// on that side, shuffled by `seed` if given.
fn cover_lists<B: Bits>(
    p: &Compiled,
    axes: &[(u32, B, B)],
    seed: Option<u64>,
    filing: &Filing,
) -> (Lists<B>, Vec<Entry<B>>) {
    let (nkinds, ndirs) = (p.kinds.len(), 2 * axes.len());
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
    let mut lists: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); nkinds]; p.nbits * ndirs];
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
    Lists::from_nested(nkinds, &lists, |k, i| {
        filing.entry(k, i, mask_of(&p.placements[k][i as usize]))
    })
}

/// The floor (see `Root::floor`) that drops the placements a second
/// break leaves out: the kept ones have rank and orbit minimum 2, the
/// others rank 0 ([`build`]).
pub(super) const SECOND_FLOOR: u32 = 1;

/// A second kind that breaks what symmetry the broken kind leaves (see
/// [`second_break`]).
struct SecondBreak {
    kind: usize,
    /// The symmetry (group index) it breaks.
    g: usize,
    /// Per placement of `kind`: kept (its bit list above its image's
    /// under `g`).
    kept: Vec<bool>,
}

/// A second kind to break symmetry on, for the representatives of the
/// broken kind `k` whose only other symmetry is one `g` (every one on a
/// 3-wide strip, where each X is fixed by the top-bottom flip, so all
/// of its branches carry a check and find each class twice). Where a
/// single piece K2 has no placement that `g` fixes, of a solution S and
/// its image gS with the same representative exactly one has K2 in the
/// larger of its two placements p and g(p): keeping only those (a floor
/// on K2, so every search honours it) finds each class once, with no
/// check, and cuts the branches at once where K2 lands in the other
/// half. The kind with the most placements is chosen (3x20: P; nodes in
/// a model of the sweep 5,591 -> 3,207, with L 3,636, F 4,732).
fn second_break(p: &Compiled, k: usize, reps: &[(usize, u32, Vec<usize>)]) -> Option<SecondBreak> {
    if p.kinds[k].count != 1 {
        return None;
    }
    // The most common lone symmetry among the representatives.
    let mut lone: Vec<usize> = reps
        .iter()
        .filter_map(|(_, _, stab)| match stab.as_slice() {
            [0, g] => Some(*g),
            _ => None,
        })
        .collect();
    lone.sort_unstable();
    let g = *lone
        .chunk_by(|a, b| a == b)
        .max_by_key(|run| run.len())?
        .first()?;
    let sym = p.group.get(g)?;
    let mut candidates: Vec<usize> = (0..p.kinds.len())
        .filter(|&j| j != k && p.kinds[j].count == 1 && sym.kinds[j] as usize == j)
        .collect();
    candidates.sort_by_key(|&j| std::cmp::Reverse(p.placements[j].len()));
    candidates.into_iter().find_map(|j| {
        // Kept: the bit list above its image's (any order of placements
        // serves; this one needs no ranks). Above, not below: the sweep
        // meets the low bits first, so under a left-right flip the
        // placements it leaves out come early and cut more (4x15, whose
        // branches at the middle column are broken again: the count
        // 16.63M -> 14.32M instructions kept above, 16.73M kept below;
        // 5x12 66.9M -> 54.8M). Images of up to 8 cells on the stack.
        let mut kept = Vec::with_capacity(p.placements[j].len());
        let mut turned = Vec::new();
        for bits in &p.placements[j] {
            let below = if bits.len() <= 8 {
                let mut img = [u16::MAX; 8];
                for (x, &b) in img.iter_mut().zip(bits) {
                    *x = sym.bits[usize::from(b)];
                }
                img.sort_unstable();
                bits.cmp(&img[..bits.len()])
            } else {
                turned.clear();
                turned.extend(bits.iter().map(|&b| sym.bits[usize::from(b)]));
                turned.sort_unstable();
                bits.cmp(&turned)
            };
            // A placement g fixes: no good as a second break.
            if below.is_eq() {
                return None;
            }
            kept.push(below.is_gt());
        }
        Some(SecondBreak { kind: j, g, kept })
    })
}

/// [`Table::halos`], once made.
pub(super) type Halos<B> = std::sync::OnceLock<[Vec<(Entry<B>, B)>; 2]>;

impl<B: Bits> Table<B> {
    /// `entries` and `cover_entries` each with its halo (the cells next
    /// to it), for the dead-cell and pocket tests of the general search
    /// (`Search::dfs`, and a shard's top level): made the first time they
    /// are asked for. The sweeps never read them, and an entry without
    /// its halo is 16 bytes instead of 24 on a 64-cell board (on 3x20 five
    /// pages to touch instead of eight). Entry and halo side by side: 8x8
    /// with the square took 2% longer reading the halos from an array of
    /// their own, 4% making each from its mask when read.
    pub(super) fn halos(&self) -> &[Vec<(Entry<B>, B)>; 2] {
        self.halos.get_or_init(|| {
            let halo = |e: &Entry<B>| (*e, grow(&self.axes, e.mask).and(e.mask.not()));
            [&self.entries, &self.cover_entries].map(|pool| pool.iter().map(halo).collect())
        })
    }
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

/// [`beside`](super::beside) on a flat box: the short axis of stride 1 (cells with a
/// lower neighbour `low0`, a higher one `high0`), the long one of stride
/// `s1` without masks (`along1` every cell when there is a long axis,
/// else none: a shift off the box lands on bits that are always filled).
#[inline(always)]
pub(super) fn beside_flat<B: Bits>(x: B, low0: B, high0: B, s1: u32, along1: B) -> B {
    x.shl(1)
        .and(low0)
        .or(x.shr(1).and(high0))
        .or(x.shl(s1).or(x.shr(s1)).and(along1))
}
