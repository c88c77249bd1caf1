//! Unique rectangles and loops as Sudoku Explainer's `UniqueLoops` finds
//! them: a closed path of cells all holding two digits, each region it
//! visits visited twice, alternately; such a loop holding only those two
//! digits would have two solutions. So one of its cells with more
//! candidates (a "rescue" cell) must hold another digit: type 1 (one such
//! cell), type 2 (their common extra digit), type 3 (a naked or hidden
//! set with the rescue cells in a region) and type 4 (one of the two
//! digits locked in the rescue cells' region).
//!
//! SE starts a loop at every two-candidate cell, follows regions depth
//! first (never twice the same kind in a row), keeps one instance of each
//! kind per loop, and sorts them by rating, then type; the order here is
//! the same, so the first instance is SE's.

use std::ops::ControlFlow;

use super::super::board::{
    CandidateGrid, CellSet, REGIONS, bit, cells_of, digit_list, names, peers, region_name,
    regions_of,
};
use super::super::sets::removed_text;
use super::super::{Sink, Step};
use super::{at_most_one_solution, combinations};
use crate::sudoku::grid::cell_name;

/// SE's names by loop length (4, 6, .., 18: a loop visits each of the 27
/// regions twice or not at all, so it has at most 18 cells) and type.
const NAMES: [[&str; 4]; 8] = [
    [
        "Unique Rectangle type 1",
        "Unique Rectangle type 2",
        "Unique Rectangle type 3",
        "Unique Rectangle type 4",
    ],
    [
        "Unique Loop 6 type 1",
        "Unique Loop 6 type 2",
        "Unique Loop 6 type 3",
        "Unique Loop 6 type 4",
    ],
    [
        "Unique Loop 8 type 1",
        "Unique Loop 8 type 2",
        "Unique Loop 8 type 3",
        "Unique Loop 8 type 4",
    ],
    [
        "Unique Loop 10 type 1",
        "Unique Loop 10 type 2",
        "Unique Loop 10 type 3",
        "Unique Loop 10 type 4",
    ],
    [
        "Unique Loop 12 type 1",
        "Unique Loop 12 type 2",
        "Unique Loop 12 type 3",
        "Unique Loop 12 type 4",
    ],
    [
        "Unique Loop 14 type 1",
        "Unique Loop 14 type 2",
        "Unique Loop 14 type 3",
        "Unique Loop 14 type 4",
    ],
    [
        "Unique Loop 16 type 1",
        "Unique Loop 16 type 2",
        "Unique Loop 16 type 3",
        "Unique Loop 16 type 4",
    ],
    [
        "Unique Loop 18 type 1",
        "Unique Loop 18 type 2",
        "Unique Loop 18 type 3",
        "Unique Loop 18 type 4",
    ],
];

/// SE's hint classes: one instance of each per loop is kept.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    One,
    Two,
    Naked,
    Hidden,
    Four,
}

impl Class {
    fn type_number(self) -> u8 {
        match self {
            Class::One => 1,
            Class::Two => 2,
            Class::Naked | Class::Hidden => 3,
            Class::Four => 4,
        }
    }
}

/// An instance on one loop before SE's sort.
struct Instance {
    class: Class,
    /// Added to the loop's rating (type 3: the set's size).
    extra_rating: u8,
    /// The two digits as SE prints them (type 4: the locked one first).
    digits: (u8, u8),
    removed: Vec<(usize, u8)>,
    why: String,
}

/// A kept instance.
struct Found {
    class: Class,
    cells: CellSet,
    step: Step,
}

/// SE's rating of a loop of `len` cells: 4.5 for a rectangle, 4.6 for 6
/// cells, 4.7 for 8, 5.0 for 10 or more.
fn loop_rating(len: usize) -> u8 {
    45 + match len {
        0..=4 => 0,
        5..=7 => 1,
        8..=9 => 2,
        _ => 5,
    }
}

/// Unique rectangles and loops, types 1-4, in SE's order.
pub fn unique_loops(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    let mut found: Vec<Found> = Vec::new();
    let mut loops: Vec<Vec<usize>> = Vec::new();
    let mut path = Vec::with_capacity(20);
    for start in 0..81 {
        let pair = b.cand(start);
        if pair.count_ones() != 2 {
            continue;
        }
        loops.clear();
        search(b, pair, start, &mut path, 2, 0, None, &mut loops);
        for lp in &loops {
            if valid_loop(lp) {
                instances(b, lp, pair, &mut found);
            }
        }
    }
    if found.is_empty() || !at_most_one_solution(b) {
        return ControlFlow::Continue(());
    }
    // SE's sort (stable): rating, then type.
    found.sort_by_key(|f| (f.step.rating, f.class.type_number()));
    for f in found {
        sink.add(f.step)?;
    }
    ControlFlow::Continue(())
}

/// SE's depth-first search for loops through `cell`: cells holding both
/// digits of `pair`, at most two with other digits too unless they all
/// add the same one digit; each move stays in a region of another kind
/// than the last.
#[allow(clippy::too_many_arguments)]
fn search(
    b: &CandidateGrid,
    pair: u16,
    cell: usize,
    path: &mut Vec<usize>,
    allowed_extra: i32,
    extra: u16,
    last_kind: Option<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    let regions = regions_of(cell);
    for (kind, &r) in regions.iter().enumerate() {
        if last_kind == Some(kind) {
            continue;
        }
        for &next in &REGIONS[r] {
            let next = next as usize;
            if next == path[0] && path.len() >= 4 {
                out.push(path.clone());
            } else if !path.contains(&next) {
                let m = b.cand(next);
                if m & pair != pair {
                    continue;
                }
                let new_extra = (extra | m) & !pair;
                let card = m.count_ones();
                if card == 2 || new_extra.count_ones() == 1 || allowed_extra > 0 {
                    let allowed = allowed_extra - i32::from(card > 2);
                    search(b, pair, next, path, allowed, new_extra, Some(kind), out);
                }
            }
        }
    }
    path.pop();
}

/// SE's test of a loop: each region visited by one cell at an even place
/// and one at an odd place, or by none.
fn valid_loop(lp: &[usize]) -> bool {
    let (mut odd, mut even) = (0u32, 0u32);
    for (i, &c) in lp.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for r in regions_of(c) {
            if *set >> r & 1 == 1 {
                return false;
            }
            *set |= 1 << r;
        }
    }
    odd == even
}

/// The instances of one loop, kept unless the same kind was already found
/// on the same cells (SE's `equals`).
fn instances(b: &CandidateGrid, lp: &[usize], pair: u16, found: &mut Vec<Found>) {
    let v1 = pair.trailing_zeros() as u8 + 1;
    let v2 = (pair & (pair - 1)).trailing_zeros() as u8 + 1;
    let extras: Vec<usize> = lp
        .iter()
        .copied()
        .filter(|&c| b.cand(c).count_ones() > 2)
        .collect();
    let mut list = Vec::new();
    match extras.len() {
        0 => {}
        1 => list.push(Instance {
            class: Class::One,
            extra_rating: 0,
            digits: (v1, v2),
            removed: vec![(extras[0], v1), (extras[0], v2)],
            why: format!("only {} holds other digits", cell_name(extras[0])),
        }),
        2 => {
            let (c1, c2) = (extras[0], extras[1]);
            let others = (b.cand(c1) | b.cand(c2)) & !pair;
            if others.count_ones() == 1 {
                list.extend(type_two(b, &extras, pair, v1, v2));
            } else if others.count_ones() >= 2 {
                list.extend(type_three(b, c1, c2, pair, v1, v2));
            }
            list.extend(type_four(b, c1, c2, v1, v2));
        }
        _ => list.extend(type_two(b, &extras, pair, v1, v2)),
    }
    let cells = lp.iter().fold(0u128, |m, &c| m | 1u128 << c);
    for inst in list {
        if inst.removed.is_empty()
            || found
                .iter()
                .any(|f| f.class == inst.class && f.cells == cells)
        {
            continue;
        }
        let name = NAMES[lp.len() / 2 - 2][inst.class.type_number() as usize - 1];
        let mut removed = inst.removed;
        removed.sort_unstable();
        found.push(Found {
            class: inst.class,
            cells,
            step: Step::removing(
                name,
                loop_rating(lp.len()) + inst.extra_rating,
                format!(
                    "{name}: {} on {}, {}: {}, so {} can go",
                    names(lp),
                    inst.digits.0,
                    inst.digits.1,
                    inst.why,
                    removed_text(&removed)
                ),
                lp.to_vec(),
                removed,
            ),
        });
    }
}

/// Type 2: the rescue cells share one extra digit, which leaves every cell
/// seeing them all.
fn type_two(b: &CandidateGrid, extras: &[usize], pair: u16, v1: u8, v2: u8) -> Option<Instance> {
    let value = (b.cand(extras[0]) & !pair).trailing_zeros() as u8 + 1;
    let mut seen_by_all = extras.iter().fold(!0u128, |m, &c| m & peers(c));
    for &c in extras {
        seen_by_all &= !(1u128 << c);
    }
    let removed: Vec<(usize, u8)> = cells_of(seen_by_all)
        .filter(|&c| b.cand(c) & bit(value) != 0)
        .map(|c| (c, value))
        .collect();
    Some(Instance {
        class: Class::Two,
        extra_rating: 0,
        digits: (v1, v2),
        removed,
        why: format!("one of {} holds {value}", names(extras)),
    })
}

/// Type 4: one of the two digits has no other place in a region of both
/// rescue cells, so the other digit leaves them (SE takes the last such
/// region kind, the first digit before the second).
fn type_four(b: &CandidateGrid, c1: usize, c2: usize, v1: u8, v2: u8) -> Option<Instance> {
    let (mut r1, mut r2) = (None, None);
    let (k1, k2) = (regions_of(c1), regions_of(c2));
    for kind in 0..3 {
        if k1[kind] != k2[kind] {
            continue;
        }
        let r = k1[kind];
        let others = REGIONS[r]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != c1 && c != c2)
            .fold(0u16, |m, c| m | b.cand(c));
        if others & bit(v1) == 0 {
            r1 = Some(r);
        }
        if others & bit(v2) == 0 {
            r2 = Some(r);
        }
    }
    let (region, lock, rem) = match (r1, r2) {
        (Some(r), _) => (r, v1, v2),
        (None, Some(r)) => (r, v2, v1),
        _ => return None,
    };
    Some(Instance {
        class: Class::Four,
        extra_rating: 0,
        digits: (lock, rem),
        removed: vec![(c1, rem), (c2, rem)],
        why: format!(
            "{lock} of {} lies in {} or {}",
            region_name(region),
            cell_name(c1),
            cell_name(c2)
        ),
    })
}

/// Type 3: the rescue cells, standing for one cell holding their extra
/// digits, make a naked set with other cells of a common region, or the
/// loop's digits make a hidden set there; SE tries sizes 2 to 7, each
/// region kind, naked then hidden.
fn type_three(b: &CandidateGrid, c1: usize, c2: usize, pair: u16, v1: u8, v2: u8) -> Vec<Instance> {
    let mut out = Vec::new();
    let extra = (b.cand(c1) | b.cand(c2)) & !pair;
    let (k1, k2) = (regions_of(c1), regions_of(c2));
    for degree in 2..=7u32 {
        for kind in 0..3 {
            if k1[kind] != k2[kind] {
                continue;
            }
            let r = k1[kind];
            let cells = &REGIONS[r];
            let empty = b.empty_count(r) as u32;
            let i1 = cells.iter().position(|&c| c as usize == c1).unwrap_or(0);
            let i2 = cells.iter().position(|&c| c as usize == c2).unwrap_or(0);
            if degree * 2 <= empty && degree >= extra.count_ones() {
                out.extend(naked(b, r, (c1, c2), (i1, i2), extra, degree));
            }
            if degree * 2 < empty {
                out.extend(hidden(
                    b,
                    r,
                    (c1, c2),
                    (i1, i2),
                    extra | pair,
                    degree,
                    (v1, v2),
                ));
            }
        }
    }
    for inst in &mut out {
        inst.digits = (v1, v2);
    }
    out
}

/// The naked sets of `degree` cells of region `r` holding `c1` (standing
/// for both rescue cells, with their extra digits) but not `c2`.
#[allow(clippy::needless_range_loop)]
fn naked(
    b: &CandidateGrid,
    r: usize,
    (c1, c2): (usize, usize),
    (i1, i2): (usize, usize),
    extra: u16,
    degree: u32,
) -> Vec<Instance> {
    let mut out = Vec::new();
    for picked in combinations(degree, 9) {
        if picked >> i1 & 1 == 0 || picked >> i2 & 1 == 1 {
            continue;
        }
        let mut naked = extra & b.cand(c1) & b.cand(c2);
        let mut union = extra;
        let mut each_two = extra.count_ones() >= 2;
        let mut set_cells: CellSet = 0;
        for j in 0..9 {
            if picked >> j & 1 == 0 || j == i1 {
                continue;
            }
            let c = REGIONS[r][j] as usize;
            let m = b.cand(c);
            naked |= m;
            union |= m;
            each_two &= m.count_ones() >= 2;
            set_cells |= 1u128 << c;
        }
        if naked.count_ones() != degree || !each_two || union.count_ones() != degree {
            continue;
        }
        let removed: Vec<(usize, u8)> = REGIONS[r]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != c1 && c != c2 && set_cells >> c & 1 == 0)
            .flat_map(|c| super::super::board::digits_of(b.cand(c) & union).map(move |d| (c, d)))
            .collect();
        let set: Vec<usize> = cells_of(set_cells).collect();
        out.push(Instance {
            class: Class::Naked,
            extra_rating: union.count_ones() as u8 - 1,
            digits: (0, 0),
            removed,
            why: format!(
                "{} or {} holds {}, a naked set {} with {} in {}",
                cell_name(c1),
                cell_name(c2),
                digit_list(extra),
                digit_list(union),
                names(&set),
                region_name(r)
            ),
        });
    }
    out
}

/// The hidden sets of region `r`: the loop's digits and `degree - 2`
/// digits that are in neither rescue cell, confined (`c2` left out) to
/// `degree` places.
fn hidden(
    b: &CandidateGrid,
    r: usize,
    (c1, c2): (usize, usize),
    (i1, i2): (usize, usize),
    excluded: u16,
    degree: u32,
    (v1, v2): (u8, u8),
) -> Vec<Instance> {
    let mut out = Vec::new();
    let rest: Vec<u8> = (1..=9u8).filter(|&d| excluded & bit(d) == 0).collect();
    if degree - 2 > rest.len() as u32 {
        return out;
    }
    for picked in combinations(degree - 2, rest.len() as u32) {
        let mut values = bit(v1) | bit(v2);
        for (j, &d) in rest.iter().enumerate() {
            if picked >> j & 1 == 1 {
                values |= bit(d);
            }
        }
        let mut places = 0u16;
        let mut each_placed = true;
        for d in super::super::board::digits_of(values) {
            let p = b.places(r, d) & !(1 << i2);
            each_placed &= p != 0;
            places |= p;
        }
        if !each_placed || places.count_ones() != degree {
            continue;
        }
        let others = places & !(1 << i1) & !(1 << i2);
        let set: Vec<usize> = (0..9)
            .filter(|j| others >> j & 1 == 1)
            .map(|j| REGIONS[r][j] as usize)
            .collect();
        let removed: Vec<(usize, u8)> = set
            .iter()
            .filter(|&&c| c != c1 && c != c2)
            .flat_map(|&c| super::super::board::digits_of(b.cand(c) & !values).map(move |d| (c, d)))
            .collect();
        out.push(Instance {
            class: Class::Hidden,
            extra_rating: set.len() as u8 - 1,
            digits: (0, 0),
            removed,
            why: format!(
                "{} or {} holds neither, so {} of {} are a hidden set in {} and {}",
                cell_name(c1),
                cell_name(c2),
                digit_list(values),
                region_name(r),
                names(&[c1]),
                names(&set)
            ),
        });
    }
    out
}
