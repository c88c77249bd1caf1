//! The bivalue universal grave as Sudoku Explainer's
//! `BivalueUniversalGrave` finds it: if every empty cell but a few held
//! two candidates and every digit two places in each region, the puzzle
//! would have two solutions; so one of those few cells holds a digit that
//! breaks the pattern. Type 1 (one such cell: it keeps only that digit),
//! type 2 (one such digit: it leaves every cell seeing them all), type 3
//! (the digits make a naked set with other cells of a region), type 4 (a
//! digit of both cells locked in their region).

use std::ops::ControlFlow;

use super::super::board::{
    CandidateGrid, CellSet, REGIONS, bit, cells_of, digit_list, digits_of, names, peers,
    region_name, regions_of,
};
use super::super::sets::removed_text;
use super::super::{Sink, Step};
use super::{at_most_one_solution, combinations};
use crate::sudoku::grid::cell_name;

/// The pattern SE finds: the cells that break it, and per cell the digits
/// that do.
struct Grave {
    cells: Vec<usize>,
    digits: [u16; 81],
    all_digits: u16,
    /// The cells seeing every breaking cell.
    seen_by_all: CellSet,
}

/// BUG types 1-4, in SE's order (its first hint is the one it takes).
pub fn bug(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    // SE's lkSudoku path can leave the breaking digits unrecorded (all
    // breaking cells found in pairs); what it would then remove is not
    // sound, so that case is left alone.
    let Some(g) = find_grave(b).filter(|g| g.all_digits != 0) else {
        return ControlFlow::Continue(());
    };
    let mut steps = Vec::new();
    if g.cells.len() == 1 {
        let c = g.cells[0];
        let removed: Vec<(usize, u8)> = digits_of(b.cand(c) & !g.all_digits)
            .map(|d| (c, d))
            .collect();
        let why = format!(
            "{} is the only cell with three candidates or more, so it holds {}",
            cell_name(c),
            digit_list(g.all_digits)
        );
        steps.push(step("BUG type 1", 56, &g, removed, &why));
    } else if g.all_digits.count_ones() == 1 {
        steps.extend(type_two(b, &g));
        if g.cells.len() == 2 {
            steps.extend(type_four(b, &g));
        }
    } else if g.seen_by_all != 0 {
        if g.cells.len() == 2 {
            steps.extend(type_four(b, &g));
        }
        steps.extend(type_three(b, &g));
    }
    if steps.is_empty() || !at_most_one_solution(b) {
        return ControlFlow::Continue(());
    }
    for s in steps {
        sink.add(s)?;
    }
    ControlFlow::Continue(())
}

fn step(
    name: &'static str,
    rating: u8,
    g: &Grave,
    mut removed: Vec<(usize, u8)>,
    why: &str,
) -> Step {
    removed.sort_unstable();
    Step::removing(
        name,
        rating,
        format!(
            "{name}: {} on {}: {why}, so {} can go",
            names(&g.cells),
            digit_list(g.all_digits),
            removed_text(&removed)
        ),
        g.cells.clone(),
        removed,
    )
}

/// SE's search for the breaking cells (with lkSudoku's fix: a digit
/// breaking the pattern in several cells of a region counts when it is
/// the only such digit), then its check that removing them leaves a grave.
#[allow(clippy::needless_range_loop, clippy::collapsible_if)]
fn find_grave(b: &CandidateGrid) -> Option<Grave> {
    let mut temp = *b.masks();
    let mut g = Grave {
        cells: Vec::new(),
        digits: [0; 81],
        all_digits: 0,
        seen_by_all: !0u128 >> 47,
    };
    let mut any_common = false;
    let mut all_extra: Option<CellSet> = None;
    let mut only_value = 0u8;
    let mut one_value = true;
    for r in 0..27 {
        for d in 1..=9u8 {
            let places = b.places(r, d);
            let n = places.count_ones();
            if n == 0 || n == 2 {
                continue;
            }
            let mut new_cells: CellSet = 0;
            let mut first = None;
            for j in 0..9 {
                let c = REGIONS[r][j] as usize;
                if places >> j & 1 == 1 && b.cand(c).count_ones() >= 3 {
                    new_cells |= 1u128 << c;
                    first.get_or_insert(c);
                }
            }
            match all_extra.as_mut() {
                None => {
                    all_extra = Some(new_cells);
                    only_value = d;
                }
                Some(set) if one_value => {
                    if only_value == d {
                        *set |= new_cells;
                    } else {
                        one_value = false;
                    }
                }
                _ => {}
            }
            match new_cells.count_ones() {
                0 => return None,
                1 => {
                    let c = first.unwrap_or(0);
                    add_cell(&mut g, &mut temp, &mut any_common, c, d);
                    g.all_digits |= bit(d);
                }
                _ => {}
            }
        }
    }
    if let (true, Some(extra)) = (one_value, all_extra) {
        if extra.count_ones() as usize > g.cells.len() {
            let known = g.cells.iter().fold(0u128, |m, &c| m | 1u128 << c);
            // SE does not count this digit among the breaking digits here.
            for c in cells_of(extra & !known) {
                add_cell(&mut g, &mut temp, &mut any_common, c, only_value);
            }
        }
    }
    if !any_common {
        g.seen_by_all = 0;
    }
    // Without the breaking digits: two candidates a cell, two places a
    // digit in each region.
    if (0..81).any(|c| !b.is_filled(c) && temp[c].count_ones() != 2) {
        return None;
    }
    for cells in &REGIONS {
        for d in 1..=9u8 {
            let n = cells
                .iter()
                .filter(|&&c| temp[c as usize] & bit(d) != 0)
                .count();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    Some(g)
}

/// Records that `c` breaks the pattern with digit `d`.
fn add_cell(g: &mut Grave, temp: &mut [u16; 81], any_common: &mut bool, c: usize, d: u8) {
    if !g.cells.contains(&c) {
        g.cells.push(c);
    }
    g.digits[c] |= bit(d);
    temp[c] &= !bit(d);
    g.seen_by_all &= peers(c);
    *any_common = true;
    for &x in &g.cells {
        g.seen_by_all &= !(1u128 << x);
    }
}

/// Type 2: one breaking digit, which leaves every cell seeing all the
/// breaking cells.
fn type_two(b: &CandidateGrid, g: &Grave) -> Option<Step> {
    let d = g.all_digits.trailing_zeros() as u8 + 1;
    let removed: Vec<(usize, u8)> = cells_of(g.seen_by_all)
        .filter(|&c| b.cand(c) & bit(d) != 0)
        .map(|c| (c, d))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let why = format!("one of them holds {d}");
    Some(step("BUG type 2", 57, g, removed, &why))
}

/// The region of each kind holding all the breaking cells.
fn shared_regions(cells: &[usize]) -> impl Iterator<Item = usize> + '_ {
    (0..3).filter_map(move |kind| {
        let r = regions_of(cells[0])[kind];
        cells.iter().all(|&c| regions_of(c)[kind] == r).then_some(r)
    })
}

/// Type 4: two breaking cells in one region sharing one other digit; one
/// of them holds its breaking digit, the other that digit, so each keeps
/// only those.
fn type_four(b: &CandidateGrid, g: &Grave) -> Option<Step> {
    let (c1, c2) = (g.cells[0], g.cells[1]);
    let common = b.cand(c1) & b.cand(c2) & !g.all_digits;
    if common.count_ones() != 1 {
        return None;
    }
    let r = shared_regions(&g.cells).next()?;
    let removed: Vec<(usize, u8)> = [c1, c2]
        .into_iter()
        .flat_map(|c| digits_of(b.cand(c) & !g.digits[c] & !common).map(move |d| (c, d)))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let why = format!("{} of {} lies in them", digit_list(common), region_name(r));
    Some(step("BUG type 4", 57, g, removed, &why))
}

/// Type 3: the breaking digits (one of the cells holds one) and `n - 1`
/// other cells of a region shared by the breaking cells make a naked set
/// of `n` digits; SE tries sizes 2 to 6, each region kind.
fn type_three(b: &CandidateGrid, g: &Grave) -> Vec<Step> {
    let mut out = Vec::new();
    let kinds: Vec<usize> = shared_regions(&g.cells).collect();
    for degree in 2..=6u32 {
        for &r in &kinds {
            let region_cells: Vec<usize> =
                cells_of(g.seen_by_all & super::super::board::region_set(r)).collect();
            if region_cells.len() < degree as usize {
                continue;
            }
            for picked in combinations(degree - 1, region_cells.len() as u32) {
                let mut union = 0u16;
                let mut each_two = g.all_digits.count_ones() >= 2;
                let mut set: Vec<usize> = Vec::new();
                for (j, &c) in region_cells.iter().enumerate() {
                    if picked >> j & 1 == 1 {
                        union |= b.cand(c);
                        each_two &= b.cand(c).count_ones() >= 2;
                        set.push(c);
                    }
                }
                let naked = union | g.all_digits;
                if union.count_ones() != degree || !each_two || naked.count_ones() != degree {
                    continue;
                }
                let removed: Vec<(usize, u8)> = region_cells
                    .iter()
                    .filter(|c| !set.contains(c))
                    .flat_map(|&c| digits_of(b.cand(c) & naked).map(move |d| (c, d)))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let why = format!(
                    "one of them holds {}, a naked set {} with {} in {}",
                    digit_list(g.all_digits),
                    digit_list(naked),
                    names(&set),
                    region_name(r)
                );
                let rating = 57 + naked.count_ones() as u8 - 1;
                out.push(step("BUG type 3", rating, g, removed, &why));
            }
        }
    }
    out
}
