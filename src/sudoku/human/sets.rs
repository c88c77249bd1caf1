//! Candidate eliminations within regions: pointing and claiming (a digit
//! of one region confined to where it crosses another), naked sets (n
//! cells holding n digits between them) and hidden sets (n digits confined
//! to n cells), scanned in Sudoku Explainer's order.

use std::ops::ControlFlow;

use super::board::{
    CandidateGrid, Kind, REGIONS, bit, cells_of, digit_list, kind_of, names, region_name,
    region_set,
};
use super::singles::{
    cells_at, for_each_confined_set, for_each_hidden_set, for_each_locking, regions,
};
use super::{Sink, Step};

/// Pointing (2.6: a block's digit confined to a line) and claiming (2.8:
/// a line's digit confined to a block): the digit leaves the rest of the
/// second region.
pub fn locking(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    for_each_locking(b, |d, r1, r2| {
        let pattern = cells_at(r1, b.places(r1, d));
        let removed: Vec<(usize, u8)> =
            cells_of(b.cells_with(d) & region_set(r2) & !region_set(r1))
                .map(|c| (c, d))
                .collect();
        if removed.is_empty() {
            return ControlFlow::Continue(());
        }
        let pointing = kind_of(r1) == Kind::Block;
        let name = if pointing { "Pointing" } else { "Claiming" };
        let cells: Vec<usize> = cells_of(pattern).collect();
        sink.add(Step::removing(
            name,
            if pointing { 26 } else { 28 },
            format!(
                "{name}: {}: {d} of {} lies in {}, so it leaves {}",
                names(&cells),
                region_name(r1),
                region_name(r2),
                removed_text(&removed)
            ),
            cells,
            removed,
        ))
    })
}

/// `r1c2.5,r3c4.5`: candidates as cell.digit.
pub fn removed_text(removed: &[(usize, u8)]) -> String {
    removed
        .iter()
        .map(|&(c, d)| format!("{}.{d}", crate::sudoku::grid::cell_name(c)))
        .collect::<Vec<_>>()
        .join(",")
}

const SET_NAMES: [&str; 3] = ["Pair", "Triplet", "Quad"];

fn naked_set(b: &CandidateGrid, sink: &mut Sink, degree: u32, rating: u8) -> ControlFlow<()> {
    let name = ["Naked Pair", "Naked Triplet", "Naked Quad"][degree as usize - 2];
    for kind in [Kind::Block, Kind::Column, Kind::Row] {
        for r in regions(kind) {
            if b.empty_count(r) < 2 * degree as usize {
                continue;
            }
            let masks: [u16; 9] = std::array::from_fn(|j| b.cand(REGIONS[r][j] as usize));
            for_each_confined_set(&masks, degree, |picked, union| {
                let set = cells_at(r, picked);
                let mut removed = Vec::new();
                for c in cells_of(region_set(r) & !set) {
                    for d in 1..=9u8 {
                        if union & b.cand(c) & bit(d) != 0 {
                            removed.push((c, d));
                        }
                    }
                }
                if removed.is_empty() {
                    return ControlFlow::Continue(());
                }
                let cells: Vec<usize> = cells_of(set).collect();
                sink.add(Step::removing(
                    name,
                    rating,
                    format!(
                        "{name}: {}: {} in {}, so it removes {}",
                        names(&cells),
                        digit_list(union),
                        region_name(r),
                        removed_text(&removed)
                    ),
                    cells,
                    removed,
                ))
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Naked pairs (3.0).
pub fn naked_pair(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    naked_set(b, sink, 2, 30)
}

/// Naked triplets (3.6).
pub fn naked_triplet(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    naked_set(b, sink, 3, 36)
}

/// Naked quads (5.0).
pub fn naked_quad(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    naked_set(b, sink, 4, 50)
}

fn hidden_set(b: &CandidateGrid, sink: &mut Sink, degree: u32, rating: u8) -> ControlFlow<()> {
    let name = ["Hidden Pair", "Hidden Triplet", "Hidden Quad"][degree as usize - 2];
    debug_assert!(name.ends_with(SET_NAMES[degree as usize - 2]));
    // SE looks for hidden sets only where the region has more than twice as
    // many empty cells: otherwise the complementary naked set is smaller.
    for_each_hidden_set(b, degree, 2 * degree as usize, |r, digits, positions| {
        let set = cells_at(r, positions);
        let mut removed = Vec::new();
        for c in cells_of(set) {
            for d in 1..=9u8 {
                if b.cand(c) & !digits & bit(d) != 0 {
                    removed.push((c, d));
                }
            }
        }
        if removed.is_empty() {
            return ControlFlow::Continue(());
        }
        let cells: Vec<usize> = cells_of(set).collect();
        sink.add(Step::removing(
            name,
            rating,
            format!(
                "{name}: {}: {} in {}, so it removes {}",
                names(&cells),
                digit_list(digits),
                region_name(r),
                removed_text(&removed)
            ),
            cells,
            removed,
        ))
    })
}

/// Hidden pairs (3.4).
pub fn hidden_pair(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    hidden_set(b, sink, 2, 34)
}

/// Hidden triplets (4.0).
pub fn hidden_triplet(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    hidden_set(b, sink, 3, 40)
}

/// Hidden quads (5.4).
pub fn hidden_quad(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    hidden_set(b, sink, 4, 54)
}
