//! Turbot fish with two plain strong links, as Sudoku Explainer's "Strong
//! Links" finder rates them: a digit with exactly two places in each of two
//! regions, one end of each sharing a column, row or block; one of the
//! other two ends holds the digit, so it leaves every cell seeing both.
//! Skyscraper (two parallel lines, 4.0), 2-String Kite (a row and a
//! column, 4.1), "2 Strong links" (a block involved, 4.1).
//!
//! Grouped links (a region whose places fall in one line of a block, or an
//! empty rectangle: 4.3) and two-link loops are not found here; the
//! producer order marks them missing, so a path that needs them is not
//! claimed as SE's.

use std::ops::ControlFlow;

use super::board::{
    CandidateGrid, CellSet, Kind, cells_of, kind_of, peers, region_name, region_set, regions_of,
};
use super::sets::removed_text;
use super::singles::cells_at;
use super::{Sink, Step};
use crate::sudoku::grid::cell_name;

/// The region two cells share, looked for as SE does: column, row, block.
fn shared_region(a: usize, b: usize) -> Option<usize> {
    let (ra, rb) = (regions_of(a), regions_of(b));
    [2, 1, 0]
        .into_iter()
        .find(|&k| ra[k] == rb[k])
        .map(|k| ra[k])
}

/// A strong link: a region where the digit has exactly two places.
struct Link {
    region: usize,
    ends: [usize; 2],
}

/// Two-link turbot fish, in SE's order of preference: lowest rating,
/// then most eliminations, then SE's pattern code.
pub fn turbot_fish(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    let mut found: Vec<(u8, usize, &'static str, Step)> = Vec::new();
    let mut loop_possible = false;
    for d in 1..=9u8 {
        let with_d = b.cells_with(d);
        let mut links = Vec::new();
        for r in 0..27 {
            let p = b.places(r, d);
            if p.count_ones() != 2 {
                continue;
            }
            let ends: Vec<usize> = cells_of(cells_at(r, p)).collect();
            let ends = [ends[0], ends[1]];
            // Two places of a block on one line are that line's link.
            if kind_of(r) == Kind::Block
                && (ends[0] / 9 == ends[1] / 9 || ends[0] % 9 == ends[1] % 9)
            {
                continue;
            }
            links.push(Link { region: r, ends });
        }
        for (i, l1) in links.iter().enumerate() {
            for l2 in &links[i + 1..] {
                let cells1: CellSet = 1u128 << l1.ends[0] | 1u128 << l1.ends[1];
                let cells2: CellSet = 1u128 << l2.ends[0] | 1u128 << l2.ends[1];
                if cells1 & cells2 != 0 {
                    continue;
                }
                for (u0, u1) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let (start, bridge1) = (l1.ends[u0], l1.ends[1 - u0]);
                    let (bridge2, end) = (l2.ends[u1], l2.ends[1 - u1]);
                    let Some(share) = shared_region(bridge1, bridge2) else {
                        continue;
                    };
                    if let Some(ring) = shared_region(start, end) {
                        // A loop (SE's X-Loop, rated like these) is not
                        // found here: if it could remove anything, SE might
                        // prefer it, so no step of this kind is claimed.
                        let pattern = cells1 | cells2;
                        let around =
                            region_set(share) | region_set(ring) | (peers(start) & peers(end));
                        loop_possible |= around & with_d & !pattern != 0;
                        continue;
                    }
                    let victims = peers(start)
                        & peers(end)
                        & with_d
                        & !region_set(l1.region)
                        & !region_set(l2.region)
                        & !region_set(share);
                    if victims == 0 {
                        continue;
                    }
                    let (k1, k2) = (kind_of(l1.region), kind_of(l2.region));
                    let (name, rating, code) = if k1 == Kind::Block || k2 == Kind::Block {
                        ("2 Strong links", 41, if k1 == k2 { "000" } else { "001" })
                    } else if k1 == k2 {
                        ("Skyscraper", 40, "011")
                    } else {
                        ("2-String Kite", 41, "012")
                    };
                    let removed: Vec<(usize, u8)> = cells_of(victims).map(|c| (c, d)).collect();
                    let count = removed.len();
                    found.push((
                        rating,
                        count,
                        code,
                        Step {
                            technique: name,
                            rating,
                            placed: vec![],
                            text: format!(
                                "{name}: {d} is in {} or {} ({}), {} or {} ({}), and {} sees {}: so {d} leaves {}",
                                cell_name(start),
                                cell_name(bridge1),
                                region_name(l1.region),
                                cell_name(bridge2),
                                cell_name(end),
                                region_name(l2.region),
                                cell_name(bridge1),
                                cell_name(bridge2),
                                removed_text(&removed)
                            ),
                            removed,
                            cells: vec![start, bridge1, bridge2, end],
                            exact: true,
                            links: Vec::new(),
                        },
                    ));
                }
            }
        }
    }
    // SE sorts every instance: rating, then more eliminations first, then its code.
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
    for (_, _, _, mut step) in found {
        step.exact = !loop_possible;
        sink.add(step)?;
    }
    ControlFlow::Continue(())
}

/// The mini-lines (a block's row or column of three cells) holding all of
/// a set of cells, as a test: true when the set lies in one of them.
fn in_one_mini_line(set: CellSet) -> bool {
    let cells: Vec<usize> = cells_of(set).collect();
    let same = |f: fn(usize) -> usize| cells.iter().all(|&c| f(c) == f(cells[0]));
    same(|c| regions_of(c)[0]) && (same(|c| c / 9) || same(|c| c % 9))
}

/// True when every cell of `set` lies in one column, row or block.
fn in_one_region(set: CellSet) -> bool {
    (0..27).any(|r| set & !region_set(r) == 0)
}

/// The cells that see every cell of a set.
fn common_peers(set: CellSet) -> CellSet {
    cells_of(set).fold(!0u128 >> 47, |m, c| m & peers(c))
}

/// An over-approximation of SE's grouped two-link turbot fish and
/// two-link loops: true when some pair of (possibly grouped) strong links
/// could eliminate a candidate. A grouped link is a region whose places
/// for the digit split into two groups, each inside one mini-line (SE's
/// empty rectangles and line segments are such splits). When this is
/// false, SE's "Strong Links" finder has nothing at 4.3 either, so the
/// steps after it stay SE's.
pub fn grouped_may_apply(b: &CandidateGrid) -> bool {
    for d in 1..=9u8 {
        let with_d = b.cells_with(d);
        let mut links: Vec<(usize, CellSet, CellSet)> = Vec::new();
        for r in 0..27 {
            let all = with_d & region_set(r);
            let n = all.count_ones();
            if n < 2 || in_one_mini_line(all) {
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
                    links.push((r, g1, g2));
                }
            }
        }
        for (i, &(_, a1, a2)) in links.iter().enumerate() {
            for &(_, c1, c2) in &links[i + 1..] {
                for (start, bridge1) in [(a1, a2), (a2, a1)] {
                    for (bridge2, end) in [(c1, c2), (c2, c1)] {
                        if bridge1 & bridge2 != 0 || !in_one_region(bridge1 | bridge2) {
                            continue;
                        }
                        let groups = start | bridge1 | bridge2 | end;
                        if common_peers(start | end) & with_d & !groups != 0 {
                            return true;
                        }
                        // A loop also clears its weak links' regions.
                        if in_one_region(start | end) {
                            for w in [bridge1 | bridge2, start | end] {
                                let around = (0..27)
                                    .filter(|&r| w & !region_set(r) == 0)
                                    .fold(0, |m, r| m | region_set(r));
                                if around & with_d & !groups != 0 {
                                    return true;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    false
}
