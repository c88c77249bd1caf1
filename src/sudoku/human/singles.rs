//! The techniques that place a digit: hidden and naked singles, and SE's
//! "direct" techniques, an intersection or a hidden pair/triplet that
//! leaves a hidden single, rated below the plain technique because only
//! the placement is taken (SE applies the single and removes nothing).

use std::ops::ControlFlow;

use super::board::{
    CandidateGrid, CellSet, Kind, REGIONS, bit, cells_of, digit_list, kind_of, names, region_name,
    region_set,
};
use super::{Sink, Step};
use crate::sudoku::grid::cell_name;

/// The regions of one kind, in SE's order.
pub fn regions(kind: Kind) -> std::ops::Range<usize> {
    kind.base()..kind.base() + 9
}

/// The cells of region `r` picked by a 9-bit mask of its positions.
pub fn cells_at(r: usize, mask: u16) -> CellSet {
    (0..9)
        .filter(|j| mask >> j & 1 == 1)
        .fold(0, |m, j| m | 1u128 << REGIONS[r][j])
}

/// The one cell of region `r` at a one-bit position mask.
fn cell_at(r: usize, mask: u16) -> usize {
    REGIONS[r][mask.trailing_zeros() as usize] as usize
}

/// Hidden singles: first the last empty cell of a region (1.0), then a
/// digit with one place in a block (1.2) or a column or row (1.5). SE scans
/// blocks, columns, rows, each digit 1 to 9.
pub fn hidden_single(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    for alone in [true, false] {
        for kind in [Kind::Block, Kind::Column, Kind::Row] {
            for r in regions(kind) {
                let is_alone = b.empty_count(r) == 1;
                if is_alone != alone {
                    continue;
                }
                let singles = b.single_place_digits(r);
                if singles == 0 {
                    continue;
                }
                for d in 1..=9u8 {
                    if singles & bit(d) == 0 {
                        continue;
                    }
                    let p = b.places(r, d);
                    let cell = cell_at(r, p);
                    let rating = if alone {
                        10
                    } else if kind == Kind::Block {
                        12
                    } else {
                        15
                    };
                    sink.add(Step {
                        technique: "Hidden Single",
                        rating,
                        placed: vec![(cell, d)],
                        removed: vec![],
                        cells: vec![cell],
                        text: format!(
                            "Hidden Single: {}: {d} in {}{}",
                            cell_name(cell),
                            kind.name(),
                            if alone { " (its last empty cell)" } else { "" }
                        ),
                        exact: true,
                        links: Vec::new(),
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Naked singles: a cell with one candidate, cells in order.
pub fn naked_single(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    for cell in 0..81 {
        let m = b.cand(cell);
        if m.count_ones() == 1 {
            let d = m.trailing_zeros() as u8 + 1;
            sink.add(Step {
                technique: "Naked Single",
                rating: 23,
                placed: vec![(cell, d)],
                removed: vec![],
                cells: vec![cell],
                text: format!("Naked Single: {}: {d}", cell_name(cell)),
                exact: true,
                links: Vec::new(),
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// True when a block and a line (or two regions in general) share cells.
pub fn crosses(r1: usize, r2: usize) -> bool {
    r1 != r2 && region_set(r1) & region_set(r2) != 0
}

/// The pairs of region kinds SE's intersections scan, in its order: a
/// block's digit confined to a column, to a row (pointing), then a
/// column's, a row's digit confined to a block (claiming).
pub const LOCKING_KINDS: [(Kind, Kind); 4] = [
    (Kind::Block, Kind::Column),
    (Kind::Block, Kind::Row),
    (Kind::Column, Kind::Block),
    (Kind::Row, Kind::Block),
];

/// Calls `found(d, r1, r2)` for each digit `d` whose places in region `r1`
/// (two or more) all lie in a crossing region `r2`, in SE's order.
pub fn for_each_locking(
    b: &CandidateGrid,
    mut found: impl FnMut(u8, usize, usize) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (k1, k2) in LOCKING_KINDS {
        for d in 1..=9u8 {
            for r1 in regions(k1) {
                let p = b.places(r1, d);
                if p.count_ones() < 2 {
                    continue;
                }
                let set = cells_at(r1, p);
                for r2 in regions(k2) {
                    if crosses(r1, r2) && set & !region_set(r2) == 0 {
                        found(d, r1, r2)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Direct pointing (1.7) and claiming (1.9): an intersection whose
/// removals leave a digit one place in another region of the first kind.
pub fn direct_locking(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    for_each_locking(b, |d, r1, r2| {
        let k1 = kind_of(r1);
        for r3 in regions(k1) {
            if r3 == r1 || !crosses(r3, r2) {
                continue;
            }
            let p3 = b.places(r3, d);
            if p3.count_ones() < 2 {
                continue;
            }
            let left = cells_at(r3, p3) & !region_set(r2);
            if left.count_ones() != 1 {
                continue;
            }
            let cell = left.trailing_zeros() as usize;
            let pattern: Vec<usize> = cells_of(cells_at(r1, b.places(r1, d))).collect();
            let name = if k1 == Kind::Block {
                "Direct Pointing"
            } else {
                "Direct Claiming"
            };
            sink.add(Step {
                technique: name,
                rating: if k1 == Kind::Block { 17 } else { 19 },
                placed: vec![(cell, d)],
                removed: vec![],
                cells: pattern.clone(),
                text: format!(
                    "{name}: {}: {d} of {} lies in {}, so {} is {d}, the only place left in {}",
                    names(&pattern),
                    region_name(r1),
                    region_name(r2),
                    cell_name(cell),
                    region_name(r3)
                ),
                exact: true,
                links: Vec::new(),
            })?;
        }
        ControlFlow::Continue(())
    })
}

/// The masks of `degree` bits out of 9, in increasing order (SE's
/// `Permutations`, Gosper's order).
pub fn combinations(degree: u32) -> impl Iterator<Item = u16> {
    let n = COMBINATIONS[degree as usize].1;
    COMBINATIONS[degree as usize].0[..n].iter().copied()
}

/// The 9-bit masks by number of bits, ascending (126 is the most: 9 choose 4).
const COMBINATIONS: [([u16; 126], usize); 5] = {
    let mut table = [([0u16; 126], 0usize); 5];
    let mut m = 0u16;
    while m < 512 {
        let k = m.count_ones() as usize;
        if k <= 4 {
            let n = table[k].1;
            table[k].0[n] = m;
            table[k].1 = n + 1;
        }
        m += 1;
    }
    table
};

/// Calls `found(r, digits, positions)` for each set of `degree` digits of
/// a region confined to `degree` cells (each digit in two or more), in
/// regions with more than `min_empty` empty cells, SE's order: blocks,
/// columns, rows, digit sets in increasing order.
pub fn for_each_hidden_set(
    b: &CandidateGrid,
    degree: u32,
    min_empty: usize,
    mut found: impl FnMut(usize, u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for kind in [Kind::Block, Kind::Column, Kind::Row] {
        for r in regions(kind) {
            if b.empty_count(r) <= min_empty {
                continue;
            }
            let places: [u16; 9] = std::array::from_fn(|i| b.places(r, i as u8 + 1));
            let eligible = (0..9)
                .filter(|&i| places[i].count_ones() >= 2)
                .fold(0u16, |m, i| m | 1 << i);
            if eligible.count_ones() < degree {
                continue;
            }
            for digits in combinations(degree) {
                if digits & !eligible != 0 {
                    continue;
                }
                let mut union = 0u16;
                let mut ok = true;
                for (i, &p) in places.iter().enumerate() {
                    if digits >> i & 1 == 1 {
                        if p.count_ones() < 2 {
                            ok = false;
                            break;
                        }
                        union |= p;
                    }
                }
                if ok && union.count_ones() == degree {
                    found(r, digits, union)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn direct_hidden_set(b: &CandidateGrid, sink: &mut Sink, degree: u32) -> ControlFlow<()> {
    let (name, rating) = if degree == 2 {
        ("Direct Hidden Pair", 20)
    } else {
        ("Direct Hidden Triplet", 25)
    };
    for_each_hidden_set(b, degree, degree as usize, |r, digits, positions| {
        // SE takes the first digit left with one place, if any.
        for d in 1..=9u8 {
            if digits & bit(d) != 0 {
                continue;
            }
            let p = b.places(r, d);
            if p.count_ones() > 1 && (p & !positions).count_ones() == 1 {
                let cell = cell_at(r, p & !positions);
                let pattern: Vec<usize> = cells_of(cells_at(r, positions)).collect();
                return sink.add(Step {
                    technique: name,
                    rating,
                    placed: vec![(cell, d)],
                    removed: vec![],
                    cells: pattern.clone(),
                    text: format!(
                        "{name}: {}: {} in {}, so {} is {d}, the only place left for it",
                        names(&pattern),
                        digit_list(digits),
                        region_name(r),
                        cell_name(cell)
                    ),
                    exact: true,
                    links: Vec::new(),
                });
            }
        }
        ControlFlow::Continue(())
    })
}

/// Direct hidden pairs (2.0).
pub fn direct_hidden_pair(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    direct_hidden_set(b, sink, 2)
}

/// Direct hidden triplets (2.5).
pub fn direct_hidden_triplet(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    direct_hidden_set(b, sink, 3)
}
