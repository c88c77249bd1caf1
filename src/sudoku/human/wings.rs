//! The WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wing as Sudoku Explainer finds
//! them: an almost locked set (n cells of one house, n from 3 to 6, holding
//! n + 1 digits) and a bivalue cell `yz` whose two digits are both in the
//! set. When every set cell holding x sees `yz`, x is a restricted common
//! digit and z is eliminated from the cells seeing `yz` and every set cell
//! holding z; when both digits are restricted (doubly linked), the other
//! set digits are locked in the set and x and z leave more cells.
//!
//! SE rates every instance, then sorts them: rating, more eliminations
//! first, then its suffix code (links, biggest cell, total candidates) in
//! reverse order, keeping its scan order (set cells in ascending index
//! order, then `yz`) for ties. The names and the step lines follow its
//! output, e.g. `WXYZ-Wing 134: Cells r1c1,r1c2,r1c3,r2c5 on value 5`.

use std::ops::ControlFlow;

use super::board::{CandidateGrid, CellSet, cells_of, names, peers};
use super::{Sink, Step};

/// Every cell of the grid.
const ALL: CellSet = (1u128 << 81) - 1;

/// The cells after `c` that `c` sees (SE's "forward visible" cells).
fn forward(c: usize) -> CellSet {
    peers(c) & !((2u128 << c) - 1)
}

/// The cells that see every cell of a non-empty set.
fn common_peers(set: CellSet) -> CellSet {
    cells_of(set).fold(ALL, |m, c| m & peers(c))
}

/// An instance before sorting.
struct Found {
    rating: u8,
    eliminations: usize,
    suffix: String,
    step: Step,
}

/// The wing of `n` set cells: its name and rating from the biggest cell.
fn name_and_rating(n: usize, biggest: u32) -> (&'static str, u8) {
    // Mid-size cells are rated harder than the extremes (SE's formula).
    let around = |max: i32, base: u8| {
        let mid = (max + 2) / 2;
        let bonus = (max - mid) - (mid - biggest as i32).abs();
        (base as i32 + bonus) as u8
    };
    match n {
        3 => ("WXYZ-Wing", around(4, 55)),
        4 => ("VWXYZ-Wing", around(5, 62)),
        5 => ("UVWXYZ-Wing", 66),
        _ => ("TUVWXYZ-Wing", 75),
    }
}

/// The set being built, cell by cell.
struct Set {
    cells: [usize; 6],
    len: usize,
}

fn search(
    b: &CandidateGrid,
    n: usize,
    set: &mut Set,
    avail: CellSet,
    union: u16,
    found: &mut Vec<Found>,
) {
    for c in cells_of(avail) {
        let m = b.cand(c);
        let u = union | m;
        if m.count_ones() < 2 || u.count_ones() as usize > n + 1 {
            continue;
        }
        set.cells[set.len] = c;
        set.len += 1;
        if set.len == n {
            if u.count_ones() as usize == n + 1 {
                with_yz(b, &set.cells[..n], u, found);
            }
        } else {
            let next = if set.len == 1 {
                forward(c)
            } else {
                avail & forward(c)
            };
            search(b, n, set, next, u, found);
        }
        set.len -= 1;
    }
}

/// Every bivalue cell completing the set `als` (digits `union`).
fn with_yz(b: &CandidateGrid, als: &[usize], union: u16, found: &mut Vec<Found>) {
    let mut set: CellSet = 0;
    let mut range: CellSet = 0;
    for &c in als {
        set |= 1u128 << c;
        range |= peers(c);
    }
    range &= !set;
    // The set cells holding each digit.
    let holding = |d: u8| -> CellSet {
        als.iter()
            .filter(|&&c| b.cand(c) >> (d - 1) & 1 == 1)
            .fold(0, |m, &c| m | 1u128 << c)
    };
    for yz in cells_of(range) {
        let m = b.cand(yz);
        if m.count_ones() != 2 || m & union != m {
            continue;
        }
        let x = m.trailing_zeros() as u8 + 1;
        let z = (m >> x).trailing_zeros() as u8 + 1 + x;
        let restricted = |d: u8| holding(d) & !peers(yz) == 0;
        let (rx, rz) = (restricted(x), restricted(z));
        if !rx && !rz {
            continue;
        }
        let pattern = set | 1u128 << yz;
        // Cells seeing yz and every set cell with d lose d.
        let strong = |d: u8| peers(yz) & common_peers(holding(d)) & b.cells_with(d) & !pattern;
        let mut removed: Vec<(usize, u8)> = Vec::new();
        // (single-link digit named, x named for a double link)
        let (shown, double_x) = if rx && rz {
            let mut weak = false;
            for w in (1..=9u8).filter(|&w| union >> (w - 1) & 1 == 1 && w != x && w != z) {
                let v = common_peers(holding(w)) & b.cells_with(w) & !pattern;
                weak |= v != 0;
                removed.extend(cells_of(v).map(|c| (c, w)));
            }
            let (sx, sz) = (strong(x), strong(z));
            removed.extend(cells_of(sx).map(|c| (c, x)));
            removed.extend(cells_of(sz).map(|c| (c, z)));
            // SE names one digit only when no other set digit loses a
            // candidate: x when z removes nothing, else z when x removes
            // nothing. With a weak removal it names both, even when one of
            // x and z removes nothing.
            if weak {
                (z, Some(x))
            } else if sz == 0 {
                (x, None)
            } else if sx == 0 {
                (z, None)
            } else {
                (z, Some(x))
            }
        } else {
            // The digit that is not restricted is the one eliminated.
            let e = if rx { z } else { x };
            removed.extend(cells_of(strong(e)).map(|c| (c, e)));
            (e, None)
        };
        if removed.is_empty() {
            continue;
        }
        removed.sort_unstable();
        let biggest = als
            .iter()
            .map(|&c| b.cand(c).count_ones())
            .max()
            .unwrap_or(0);
        let size: u32 = als.iter().map(|&c| b.cand(c).count_ones()).sum();
        let (name, rating) = name_and_rating(als.len(), biggest);
        let suffix = format!("{}{biggest}{size}", if double_x.is_some() { 2 } else { 1 });
        let mut cells = als.to_vec();
        cells.push(yz);
        let values = match double_x {
            Some(x) => format!("values {x},{shown}"),
            None => format!("value {shown}"),
        };
        let text = format!("{name} {suffix}: Cells {} on {values}", names(&cells));
        found.push(Found {
            rating,
            eliminations: removed.len(),
            suffix,
            step: Step::removing(name, rating, text, cells, removed),
        });
    }
}

fn als_wing(b: &CandidateGrid, sink: &mut Sink, n: usize) -> ControlFlow<()> {
    let mut found = Vec::new();
    let mut set = Set {
        cells: [0; 6],
        len: 0,
    };
    search(b, n, &mut set, ALL, 0, &mut found);
    // Stable: ties keep SE's scan order.
    found.sort_by(|a, b| {
        a.rating
            .cmp(&b.rating)
            .then(b.eliminations.cmp(&a.eliminations))
            .then(b.suffix.cmp(&a.suffix))
    });
    for f in found {
        sink.add(f.step)?;
    }
    ControlFlow::Continue(())
}

/// WXYZ-Wings (5.5-5.6): a set of three cells.
pub fn wxyz_wing(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    als_wing(b, sink, 3)
}

/// VWXYZ-Wings (6.2-6.4): a set of four cells.
pub fn vwxyz_wing(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    als_wing(b, sink, 4)
}

/// UVWXYZ-Wings (6.6): a set of five cells.
pub fn uvwxyz_wing(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    als_wing(b, sink, 5)
}

/// TUVWXYZ-Wings (7.5): a set of six cells.
pub fn tuvwxyz_wing(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    als_wing(b, sink, 6)
}
