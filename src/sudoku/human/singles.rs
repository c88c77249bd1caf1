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
    let mask = usize::from(mask & 0x1ff);
    match r {
        0..9 => BLOCK_SPREAD[mask] << (r / 3 * 27 + r % 3 * 3),
        9..18 => (mask as CellSet) << (9 * (r - 9)),
        _ => COLUMN_SPREAD[mask] << (r - 18),
    }
}

/// [`cells_at`] for block 0 and column 1 (the others are shifts of these),
/// one entry per position mask.
const BLOCK_SPREAD: [CellSet; 512] = spread(false);
const COLUMN_SPREAD: [CellSet; 512] = spread(true);

const fn spread(column: bool) -> [CellSet; 512] {
    let mut t = [0 as CellSet; 512];
    let mut m = 0;
    while m < 512 {
        let mut j = 0;
        while j < 9 {
            if m >> j & 1 == 1 {
                let cell = if column { j * 9 } else { j / 3 * 9 + j % 3 };
                t[m] |= 1 << cell;
            }
            j += 1;
        }
        m += 1;
    }
    t
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
                    sink.add(Step::placing(
                        "Hidden Single",
                        rating,
                        format!(
                            "Hidden Single: {}: {d} in {}{}",
                            cell_name(cell),
                            kind.name(),
                            if alone { " (its last empty cell)" } else { "" }
                        ),
                        (cell, d),
                        vec![cell],
                    ))?;
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
            sink.add(Step::placing(
                "Naked Single",
                23,
                format!("Naked Single: {}: {d}", cell_name(cell)),
                (cell, d),
                vec![cell],
            ))?;
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
                if let Some(r2) = confining_region(r1, p, k2) {
                    found(d, r1, r2)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The region of kind `k2` crossing `r1` that holds all the places `p` of
/// `r1` (two or more), if one does: at most one can.
fn confining_region(r1: usize, p: u16, k2: Kind) -> Option<usize> {
    // The three groups of positions each crossing region covers, and the
    // crossing region of each group.
    let (groups, first, step): ([u16; 3], usize, usize) = match (kind_of(r1), k2) {
        (Kind::Block, Kind::Row) => ([0x7, 0x38, 0x1c0], 9 + r1 / 3 * 3, 1),
        (Kind::Block, Kind::Column) => ([0x49, 0x92, 0x124], 18 + r1 % 3 * 3, 1),
        (Kind::Row, Kind::Block) => ([0x7, 0x38, 0x1c0], (r1 - 9) / 3 * 3, 1),
        (Kind::Column, Kind::Block) => ([0x7, 0x38, 0x1c0], (r1 - 18) / 3, 3),
        _ => return None,
    };
    let i = groups.iter().position(|&g| p & !g == 0)?;
    Some(first + i * step)
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
            sink.add(Step::placing(
                name,
                if k1 == Kind::Block { 17 } else { 19 },
                format!(
                    "{name}: {}: {d} of {} lies in {}, so {} is {d}, the only place left in {}",
                    names(&pattern),
                    region_name(r1),
                    region_name(r2),
                    cell_name(cell),
                    region_name(r3)
                ),
                (cell, d),
                pattern.clone(),
            ))?;
        }
        ControlFlow::Continue(())
    })
}

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
            for_each_confined_set(&places, degree, |digits, union| found(r, digits, union))?;
        }
    }
    ControlFlow::Continue(())
}

/// Calls `found(picked, union)` for each set of `degree` of the nine
/// masks, each with two bits at least, whose union has exactly `degree`
/// bits (a naked or hidden set, a fish), in increasing order of `picked`
/// (Gosper's order, as SE's `Permutations` gives them).
pub fn for_each_confined_set(
    masks: &[u16; 9],
    degree: u32,
    mut found: impl FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // A member has two bits at least and no more than the set's size.
    let eligible = (0..9)
        .filter(|&i| (2..=degree).contains(&masks[i].count_ones()))
        .fold(0u16, |m, i| m | 1 << i);
    if eligible.count_ones() < degree {
        return ControlFlow::Continue(());
    }
    hidden_sets(masks, eligible, degree, 0, 0, 9, &mut found)
}

/// Sets of `left` more digits of `eligible` below bit `below`, joined to
/// `digits` (places `union`), whose places fill exactly `degree` cells, in
/// increasing order of the digit masks (the highest digit varies
/// slowest).
fn hidden_sets(
    places: &[u16; 9],
    eligible: u16,
    left: u32,
    digits: u16,
    union: u16,
    below: u32,
    found: &mut impl FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let degree = digits.count_ones() + left;
    if left == 0 {
        if union.count_ones() == degree {
            found(digits, union)?;
        }
        return ControlFlow::Continue(());
    }
    let mut m = eligible & ((1u16 << below) - 1);
    while m != 0 {
        let i = m.trailing_zeros();
        m &= m - 1;
        // Digits below `i` must supply the other `left - 1`.
        if (eligible & ((1u16 << i) - 1)).count_ones() < left - 1 {
            continue;
        }
        let u = union | places[i as usize];
        if u.count_ones() <= degree {
            hidden_sets(places, eligible, left - 1, digits | 1 << i, u, i, found)?;
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
                return sink.add(Step::placing(
                    name,
                    rating,
                    format!(
                        "{name}: {}: {} in {}, so {} is {d}, the only place left for it",
                        names(&pattern),
                        digit_list(digits),
                        region_name(r),
                        cell_name(cell)
                    ),
                    (cell, d),
                    pattern.clone(),
                ));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks of `degree` bits out of 9, in increasing order (SE's
    /// `Permutations`, Gosper's order).
    fn combinations(degree: u32) -> impl Iterator<Item = u16> {
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

    #[test]
    fn cells_at_spreads_positions_as_the_region_lists_its_cells() {
        for (r, region) in REGIONS.iter().enumerate() {
            for mask in 0..512u16 {
                let plain = (0..9)
                    .filter(|j| mask >> j & 1 == 1)
                    .fold(0, |m, j| m | 1u128 << region[j]);
                assert_eq!(cells_at(r, mask), plain, "region {r}, mask {mask:#x}");
            }
        }
    }

    #[test]
    fn confining_region_is_the_one_crossing_region_holding_the_places() {
        for (k1, k2) in LOCKING_KINDS {
            for r1 in regions(k1) {
                for p in (0..512u16).filter(|p| p.count_ones() >= 2) {
                    let set = cells_at(r1, p);
                    let plain =
                        regions(k2).find(|&r2| crosses(r1, r2) && set & !region_set(r2) == 0);
                    assert_eq!(confining_region(r1, p, k2), plain, "{r1} {p:#x}");
                }
            }
        }
    }

    #[test]
    fn hidden_sets_come_in_the_order_of_the_digit_combinations() {
        // Every digit's places from a fixed pseudo-random sequence.
        let mut x: u32 = 12345;
        for _ in 0..300 {
            let places: [u16; 9] = std::array::from_fn(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let m = (x >> 16) as u16 & 0x1ff;
                if x >> 10 & 1 == 0 {
                    m & (x >> 3) as u16
                } else {
                    m
                }
            });
            for degree in 2..=4 {
                let plain: Vec<(u16, u16)> = combinations(degree)
                    .filter_map(|digits| {
                        let mut union = 0;
                        for (i, &p) in places.iter().enumerate() {
                            if digits >> i & 1 == 1 {
                                if p.count_ones() < 2 {
                                    return None;
                                }
                                union |= p;
                            }
                        }
                        (union.count_ones() == degree).then_some((digits, union))
                    })
                    .collect();
                let eligible = (0..9)
                    .filter(|&i| (2..=degree).contains(&places[i].count_ones()))
                    .fold(0u16, |m, i| m | 1 << i);
                let mut fast = Vec::new();
                let _ = hidden_sets(&places, eligible, degree, 0, 0, 9, &mut |d, u| {
                    fast.push((d, u));
                    ControlFlow::<()>::Continue(())
                });
                assert_eq!(fast, plain, "{places:?}, degree {degree}");
            }
        }
    }
}
