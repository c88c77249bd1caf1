//! Guards for Sudoku Explainer's "3 Strong Links" and "4 Strong Links"
//! (its chains of strong links on one digit, plain or grouped, and their
//! loops), which are not found here yet: a test that is true whenever SE
//! might find an instance, so that when it is false the steps SE takes
//! after them in its order are known to be SE's.
//!
//! The test looks for any chain of exactly n strong links on a digit whose
//! ends see a common candidate, or which closes into a loop with a
//! candidate in a weak link's region. A strong link is a region whose
//! places for the digit split into two groups, each inside one mini-line
//! (a block's row or column): that covers SE's plain links, its grouped
//! line links and its empty rectangles (SE takes regions with at most six
//! places). The links' cells are disjoint, as SE requires.

use super::board::{CandidateGrid, CellSet, cells_of, peers, region_set, regions_of};

/// A strong link: a region's places for the digit, in two groups.
#[derive(Clone, Copy)]
struct Link {
    groups: [CellSet; 2],
}

impl Link {
    fn cells(&self) -> CellSet {
        self.groups[0] | self.groups[1]
    }
}

/// True when a set of cells lies in one block and one row or column.
fn in_one_mini_line(set: CellSet) -> bool {
    let mut cells = cells_of(set);
    let Some(first) = cells.next() else {
        return false;
    };
    let [b0, r0, c0] = regions_of(first);
    let (mut row, mut col) = (true, true);
    for c in cells {
        let [b, r, cc] = regions_of(c);
        if b != b0 {
            return false;
        }
        row &= r == r0;
        col &= cc == c0;
    }
    row || col
}

/// Every region holding a whole set of cells, as one mask (0 if none).
fn regions_holding(set: CellSet) -> CellSet {
    let first = set.trailing_zeros() as usize;
    if first >= 81 {
        return 0;
    }
    regions_of(first)
        .into_iter()
        .filter(|&r| set & !region_set(r) == 0)
        .fold(0, |m, r| m | region_set(r))
}

/// The cells that see every cell of a set.
fn common_peers(set: CellSet) -> CellSet {
    cells_of(set).fold((1u128 << 81) - 1, |m, c| m & peers(c))
}

/// The strong links of a digit (each once, in one orientation).
fn links_of(b: &CandidateGrid, d: u8, out: &mut Vec<Link>) {
    let with_d = b.cells_with(d);
    for r in 0..27 {
        let all = with_d & region_set(r);
        let n = all.count_ones();
        if !(2..=6).contains(&n) || in_one_mini_line(all) {
            continue;
        }
        let cells: Vec<usize> = cells_of(all).collect();
        // Bipartitions with the first cell in the first group.
        for split in 0u32..(1 << (n - 1)) {
            let mut g1 = 1u128 << cells[0];
            for (i, &c) in cells[1..].iter().enumerate() {
                if split >> i & 1 == 1 {
                    g1 |= 1u128 << c;
                }
            }
            let g2 = all & !g1;
            if g2 != 0 && in_one_mini_line(g1) && in_one_mini_line(g2) {
                out.push(Link { groups: [g1, g2] });
            }
        }
    }
}

/// The chain search state for one digit.
struct Search<'a> {
    links: &'a [Link],
    /// For each link end (2 * link + orientation: the chain leaves by
    /// group `1 - o`), the link ends it can go on to, with the weak link's
    /// regions.
    next: &'a [Vec<(usize, CellSet)>],
    with_d: CellSet,
    n: usize,
    start: CellSet,
}

impl Search<'_> {
    /// Extends a chain whose last link is `at` (link end as in `next`);
    /// `used` are the cells of its links, `weak` its weak links' regions.
    fn extend(&self, depth: usize, at: usize, used: CellSet, weak: CellSet) -> bool {
        let end = self.links[at / 2].groups[1 - at % 2];
        if depth == self.n {
            if common_peers(self.start | end) & self.with_d & !used != 0 {
                return true;
            }
            // A loop also clears its weak links' regions.
            let ring = regions_holding(self.start | end);
            return ring != 0 && (ring | weak) & self.with_d & !used != 0;
        }
        self.next[at].iter().any(|&(to, regions)| {
            let cells = self.links[to / 2].cells();
            cells & used == 0 && self.extend(depth + 1, to, used | cells, weak | regions)
        })
    }
}

/// True when SE's chain of `n` strong links might apply.
fn chain_may_apply(b: &CandidateGrid, n: usize) -> bool {
    let mut links = Vec::new();
    for d in 1..=9u8 {
        links.clear();
        links_of(b, d, &mut links);
        if links.len() < n {
            continue;
        }
        let next: Vec<Vec<(usize, CellSet)>> = (0..2 * links.len())
            .map(|at| {
                let (l, end) = (&links[at / 2], links[at / 2].groups[1 - at % 2]);
                (0..2 * links.len())
                    .filter_map(|to| {
                        let m = &links[to / 2];
                        if m.cells() & l.cells() != 0 {
                            return None;
                        }
                        let regions = regions_holding(end | m.groups[to % 2]);
                        (regions != 0).then_some((to, regions))
                    })
                    .collect()
            })
            .collect();
        let mut s = Search {
            links: &links,
            next: &next,
            with_d: b.cells_with(d),
            n,
            start: 0,
        };
        for at in 0..2 * links.len() {
            s.start = links[at / 2].groups[at % 2];
            if s.extend(1, at, links[at / 2].cells(), 0) {
                return true;
            }
        }
    }
    false
}

/// Over-approximates SE's "3 Strong Links" (5.4-5.7).
pub fn three_may_apply(b: &CandidateGrid) -> bool {
    chain_may_apply(b, 3)
}

/// Over-approximates SE's "4 Strong Links" (5.8-6.1).
pub fn four_may_apply(b: &CandidateGrid) -> bool {
    chain_may_apply(b, 4)
}
