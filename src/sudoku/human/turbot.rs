//! Turbot fish: two strong links on one digit, plain or grouped, and the
//! two-link X-loops, as Sudoku Explainer's "Strong Links" rule of degree 2
//! (its default "Turbot Fish" producer) finds, names, rates and orders them.
//!
//! A strong link is a region where the digit's places split into two
//! groups, one of which holds it: two places (a block's two places not on
//! one line), or, with three to six places, groups SE reads off an empty
//! rectangle (a block whose places lie on one row and one column of it)
//! or two mini-lines (a line's places in two of its blocks; a block's in
//! two of its rows or columns), read by [`shapes`] as for the chains of
//! three and four links (`links`). Two links whose regions share no place
//! are joined when one end group of each lies in one column, row or
//! block: the other two ends cannot both be false, so the digit leaves
//! every cell seeing both of them. When those ends share a region too,
//! the links close into an X-loop, which also clears the joining regions.
//!
//! Names and ratings are SE's: Skyscraper (4.0), 2-String Kite (4.1),
//! "2 Strong links" (a block link, 4.1), "Grouped ..." (4.3), "(2 Strong
//! Links) X-Loop" (4.0-4.1) and "(2 Strong Links) Grouped X-Loop" (4.3),
//! each with SE's pattern code in the step text. SE takes the first of all
//! instances sorted by rating, then most eliminations, then code, ties in
//! its scan order: the finder reports them in that order.

use std::ops::ControlFlow;

use super::board::{CandidateGrid, CellSet, REGIONS, cells_of, peers, region_set, regions_of};
use super::links::shapes::shapes;
use super::{Link, Sink, Step};
use crate::sudoku::grid::cell_name;

/// One end of a strong link: the cell SE names and its group (the cell
/// and the cells SE reads with it, which may include an empty rectangle's
/// corner cell that does not hold the digit).
#[derive(Clone, Copy, Default)]
struct End {
    cell: usize,
    group: CellSet,
}

/// A strong link as SE reads it from a region.
#[derive(Clone, Copy, Default)]
struct StrongLink {
    region: usize,
    /// Read off an empty rectangle or two mini-lines (SE's grouped link).
    grouped: bool,
    /// SE's first and second end (its scan picks the start among them).
    ends: [End; 2],
}

/// Cells of region `r` at a position mask.
fn cells_at(r: usize, m: u16) -> CellSet {
    let mut set = 0;
    let mut m = m;
    while m != 0 {
        set |= 1u128 << REGIONS[r][m.trailing_zeros() as usize];
        m &= m - 1;
    }
    set
}

/// The region holding a whole set of cells, looked for as SE does:
/// column, row, block.
fn holding_region(set: CellSet) -> Option<usize> {
    let [b, r, c] = regions_of(set.trailing_zeros() as usize);
    [c, r, b]
        .into_iter()
        .find(|&reg| set & !region_set(reg) == 0)
}

/// The cells that see every cell of a set.
fn common_peers(set: CellSet) -> CellSet {
    cells_of(set).fold(!0u128 >> 47, |m, c| m & peers(c))
}

/// The links of every region for one digit, at most two a region.
struct DigitLinks {
    links: [[StrongLink; 2]; 27],
    count: [u8; 27],
    /// The digit's places in each region.
    places: [CellSet; 27],
}

impl DigitLinks {
    fn new(with_d: CellSet) -> DigitLinks {
        let mut dl = DigitLinks {
            links: [[StrongLink::default(); 2]; 27],
            count: [0; 27],
            places: [0; 27],
        };
        for (r, cells) in REGIONS.iter().enumerate() {
            let set = with_d & region_set(r);
            dl.places[r] = set;
            let n = set.count_ones();
            if !(2..=6).contains(&n) {
                continue;
            }
            let mut p = 0u16;
            for (j, &c) in cells.iter().enumerate() {
                p |= u16::from(set >> c & 1 == 1) << j;
            }
            let (found, n) = shapes(r < 9, p);
            for (k, l) in found[..n].iter().enumerate() {
                let end = |e: usize| End {
                    cell: cells[usize::from(l.main[e])] as usize,
                    group: cells_at(r, l.ends[e]),
                };
                dl.links[r][k] = StrongLink {
                    region: r,
                    grouped: l.grouped,
                    ends: [end(0), end(1)],
                };
            }
            dl.count[r] = n as u8;
        }
        dl
    }

    fn of(&self, r: usize) -> &[StrongLink] {
        &self.links[r][..usize::from(self.count[r])]
    }
}

/// One instance before it is written out.
struct Found {
    rating: u8,
    eliminations: u32,
    code: &'static str,
    name: &'static str,
    digit: u8,
    chain: [End; 4],
    removed: CellSet,
}

/// SE's pattern code (grouped links, then the link kinds as SE reduces
/// them), name and rating (tenths) for link kinds `k0 <= k1` (block 0,
/// row 1, column 2).
fn classify(k0: usize, k1: usize, grouped: u8, ring: bool) -> (&'static str, &'static str, u8) {
    let g = usize::from(grouped);
    let (code, plain, rating) = match (k0, k1) {
        (0, 0) => (["000", "100", "200"][g], "2 Strong links", 41),
        (0, _) => (["001", "101", "201"][g], "2 Strong links", 41),
        (1, 2) => (["012", "112", "212"][g], "2-String Kite", 41),
        _ => (["011", "111", "211"][g], "Skyscraper", 40),
    };
    let name = match (ring, g > 0, plain) {
        (true, false, _) => "(2 Strong Links) X-Loop",
        (true, true, _) => "(2 Strong Links) Grouped X-Loop",
        (false, false, n) => n,
        (false, true, "Skyscraper") => "Grouped Skyscraper",
        (false, true, "2-String Kite") => "Grouped 2-String Kite",
        (false, true, _) => "Grouped 2 Strong links",
    };
    (code, name, if g > 0 { 43 } else { rating })
}

/// SE's order of link kinds (block 0, row 1, column 2) for the two links.
const KIND_PAIRS: [(usize, usize); 6] = [(0, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2)];

/// Two-link turbot fish and X-loops, plain and grouped, in SE's order of
/// preference.
pub fn turbot_fish(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    let mut digits: Vec<(u8, CellSet, DigitLinks)> = Vec::with_capacity(9);
    for d in 1..=9u8 {
        let with_d = b.cells_with(d);
        let dl = DigitLinks::new(with_d);
        if dl.count.iter().filter(|&&c| c > 0).count() >= 2 {
            digits.push((d, with_d, dl));
        }
    }
    let mut found: Vec<Found> = Vec::new();
    for (k0, k1) in KIND_PAIRS {
        for (d, with_d, dl) in &digits {
            for i0 in 0..9 {
                for l0 in dl.of(k0 * 9 + i0) {
                    let from = if k0 == k1 { i0 + 1 } else { 0 };
                    for i1 in from..9 {
                        let r1 = k1 * 9 + i1;
                        if dl.places[l0.region] & dl.places[r1] != 0 {
                            continue;
                        }
                        for l1 in dl.of(r1) {
                            pair(*d, *with_d, l0, l1, (k0, k1), &mut found);
                        }
                    }
                }
            }
        }
    }
    // SE sorts by rating, then more eliminations first, then code; the
    // sort is stable, so ties stay in scan order.
    found.sort_by(|a, b| {
        a.rating
            .cmp(&b.rating)
            .then(b.eliminations.cmp(&a.eliminations))
            .then(a.code.cmp(b.code))
    });
    for f in found {
        sink.add(step(&f, b))?;
    }
    ControlFlow::Continue(())
}

/// Every way SE joins two links (its four orientations), added to `found`.
fn pair(
    d: u8,
    with_d: CellSet,
    l0: &StrongLink,
    l1: &StrongLink,
    kinds: (usize, usize),
    found: &mut Vec<Found>,
) {
    let outside = !region_set(l0.region) & !region_set(l1.region) & with_d;
    let grouped = u8::from(l0.grouped) + u8::from(l1.grouped);
    for (u0, u1) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let (start, bridge1) = (l0.ends[u0], l0.ends[1 - u0]);
        let (bridge2, end) = (l1.ends[u1], l1.ends[1 - u1]);
        let Some(share) = holding_region(bridge1.group | bridge2.group) else {
            continue;
        };
        let ends = common_peers(start.group) & common_peers(end.group) & outside;
        let ring = holding_region(start.group | end.group).is_some();
        let (removed, eliminations) = if ring {
            // SE reports a loop once, from its first link's first end.
            if u0 != 0 {
                continue;
            }
            let joined = common_peers(bridge1.group) & common_peers(bridge2.group) & outside;
            (ends | joined, ends.count_ones() + joined.count_ones())
        } else {
            let v = ends & !region_set(share);
            (v, v.count_ones())
        };
        if removed == 0 {
            continue;
        }
        let (code, name, rating) = classify(kinds.0, kinds.1, grouped, ring);
        found.push(Found {
            rating,
            eliminations,
            code,
            name,
            digit: d,
            chain: [start, bridge1, bridge2, end],
            removed,
        });
    }
}

/// The step of an instance, with SE's line as its text.
fn step(f: &Found, b: &CandidateGrid) -> Step {
    let [start, bridge1, bridge2, end] = f.chain;
    let mut cells = vec![start.cell, bridge1.cell, bridge2.cell, end.cell];
    let bit = 1u16 << (f.digit - 1);
    for e in &f.chain {
        for c in cells_of(e.group) {
            if b.cand(c) & bit != 0 && !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    Step {
        technique: f.name,
        rating: f.rating,
        placed: vec![],
        removed: cells_of(f.removed).map(|c| (c, f.digit)).collect(),
        cells,
        text: format!(
            "{} {}: Cell {},{},{},{} on value {}",
            f.name,
            f.code,
            cell_name(start.cell),
            cell_name(bridge1.cell),
            cell_name(bridge2.cell),
            cell_name(end.cell),
            f.digit
        ),
        exact: true,
        // SE's arrows: the first strong link, the weak link joining the
        // two, the second strong link.
        links: vec![
            Link {
                from: (start.cell, f.digit),
                to: (bridge1.cell, f.digit),
                strong: true,
            },
            Link {
                from: (bridge1.cell, f.digit),
                to: (bridge2.cell, f.digit),
                strong: false,
            },
            Link {
                from: (bridge2.cell, f.digit),
                to: (end.cell, f.digit),
                strong: true,
            },
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::hui::Candidates;

    /// Every digit everywhere except digit 1, which stays only in the
    /// cells named (0-based) of rows 1-3, columns 1-6 (and everywhere
    /// else).
    fn ones_at(keep: &[usize]) -> CandidateGrid {
        let mut bits = [0x1ffu16; 81];
        for r in 0..3 {
            for c in 0..6 {
                if !keep.contains(&(r * 9 + c)) {
                    bits[r * 9 + c] &= !1;
                }
            }
        }
        CandidateGrid::from_candidates(&Candidates::from_bits(bits))
    }

    fn all(b: &CandidateGrid) -> Vec<Step> {
        let mut sink = Sink::new(false);
        let _ = turbot_fish(b, &mut sink);
        sink.steps
    }

    #[test]
    fn two_block_links_closing_in_rows_clear_both_rows() {
        // 1 in block 1 only at r1c1, r2c3; in block 2 only at r2c4, r1c5:
        // r2c3-r2c4 and r1c5-r1c1 join them into a loop, so 1 is in
        // exactly one of r1c1, r1c5 and one of r2c3, r2c4: rows 1 and 2
        // lose it in block 3.
        let steps = all(&ones_at(&[0, 11, 12, 4]));
        assert_eq!(steps.len(), 1, "{steps:?}");
        let s = &steps[0];
        assert_eq!(
            s.text,
            "(2 Strong Links) X-Loop 000: Cell r1c1,r2c3,r2c4,r1c5 on value 1"
        );
        assert_eq!((s.technique, s.rating), ("(2 Strong Links) X-Loop", 41));
        let want: Vec<(usize, u8)> = [6, 7, 8, 15, 16, 17].iter().map(|&c| (c, 1)).collect();
        assert_eq!(s.removed, want);
        // The arrows SE draws: r1c1=r2c3 (block 1), r2c3-r2c4 (row 2),
        // r2c4=r1c5 (block 2).
        let link = |from: usize, to: usize, strong: bool| Link {
            from: (from, 1),
            to: (to, 1),
            strong,
        };
        assert_eq!(
            s.links,
            [link(0, 11, true), link(11, 12, false), link(12, 4, true)]
        );
    }

    #[test]
    fn an_empty_rectangle_closes_a_grouped_loop() {
        // Block 2 now holds 1 at r2c4 and r1c5, r1c6: an empty rectangle
        // (r2c4 against row 1's mini-line), still joined to block 1.
        let steps = all(&ones_at(&[0, 11, 12, 4, 5]));
        assert_eq!(steps.len(), 1, "{steps:?}");
        let s = &steps[0];
        assert_eq!(
            s.text,
            "(2 Strong Links) Grouped X-Loop 100: Cell r1c1,r2c3,r2c4,r1c5 on value 1"
        );
        assert_eq!(s.rating, 43);
        let want: Vec<(usize, u8)> = [6, 7, 8, 15, 16, 17].iter().map(|&c| (c, 1)).collect();
        assert_eq!(s.removed, want);
        assert!(s.cells.contains(&5), "r1c6 is in the pattern");
    }
}
