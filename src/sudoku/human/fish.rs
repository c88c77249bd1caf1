//! Fish (X-Wing, Swordfish, Jellyfish: a digit's places in n lines confined
//! to n crossing lines) and the XY- and XYZ-Wing (three bivalue or
//! trivalue cells whose common digit leaves the cells all of them see),
//! scanned in Sudoku Explainer's order.

use std::ops::ControlFlow;

use super::board::{CandidateGrid, Kind, cells_of, names, peers};
use super::sets::removed_text;
use super::singles::{cells_at, for_each_confined_set};
use super::{Sink, Step};
use crate::sudoku::grid::cell_name;

fn fish(b: &CandidateGrid, sink: &mut Sink, degree: u32) -> ControlFlow<()> {
    let (name, rating) = match degree {
        2 => ("X-Wing", 32),
        3 => ("Swordfish", 38),
        _ => ("Jellyfish", 52),
    };
    let placed: [usize; 10] =
        std::array::from_fn(|d| if d == 0 { 0 } else { b.placed_count(d as u8) });
    // SE takes columns as the base lines first, then rows.
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        let base0 = base.base();
        // Every fish of every digit, then in SE's order: lines, then digit.
        let mut found: Vec<(u16, u8, u16)> = Vec::new();
        for d in 1..=9u8 {
            if placed[d as usize] + 2 * degree as usize > 9 {
                continue;
            }
            let places: [u16; 9] = std::array::from_fn(|i| b.places(base0 + i, d));
            let _ = for_each_confined_set(&places, degree, |lines, union| {
                found.push((lines, d, union));
                ControlFlow::<()>::Continue(())
            });
        }
        found.sort_unstable();
        for (lines, d, union) in found {
            // The cover lines are numbered by the positions in the base lines.
            let mut removed = Vec::new();
            let mut cells = Vec::new();
            for j in 0..9 {
                if union >> j & 1 == 0 {
                    continue;
                }
                let r = cover.base() + j;
                let p = b.places(r, d);
                for c in cells_of(cells_at(r, p & !lines)) {
                    removed.push((c, d));
                }
                cells.extend(cells_of(cells_at(r, p & lines)));
            }
            if removed.is_empty() {
                continue;
            }
            removed.sort_unstable();
            cells.sort_unstable();
            let list = |k: Kind, m: u16| {
                let numbers: Vec<String> = (0..9)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| (i + 1).to_string())
                    .collect();
                format!("{}s {}", k.name(), numbers.join(","))
            };
            sink.add(Step::removing(
                name,
                rating,
                format!(
                    "{name}: {}: {d} in {} lies in {}, so it removes {}",
                    names(&cells),
                    list(base, lines),
                    list(cover, union),
                    removed_text(&removed)
                ),
                cells,
                removed,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// X-Wings (3.2).
pub fn x_wing(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    fish(b, sink, 2)
}

/// Swordfish (3.8).
pub fn swordfish(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    fish(b, sink, 3)
}

/// Jellyfish (5.2).
pub fn jellyfish(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    fish(b, sink, 4)
}

/// XY-Wing (4.2) and XYZ-Wing (4.4): a pivot with digits xy (xyz) seeing
/// wings xz and yz; z leaves the cells that see both wings (and the pivot,
/// for XYZ). SE scans pivots in cell order, then wings in cell order.
fn wing(b: &CandidateGrid, sink: &mut Sink, xyz: bool) -> ControlFlow<()> {
    let (name, rating, size) = if xyz {
        ("XYZ-Wing", 44, 3)
    } else {
        ("XY-Wing", 42, 2)
    };
    for pivot in 0..81 {
        let xy = b.cand(pivot);
        if xy.count_ones() != size {
            continue;
        }
        let seen = peers(pivot);
        for xz_cell in cells_of(seen) {
            let xz = b.cand(xz_cell);
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for yz_cell in cells_of(seen) {
                let yz = b.cand(yz_cell);
                if yz.count_ones() != 2 || (xy | xz | yz).count_ones() != 3 {
                    continue;
                }
                let common = xy & xz & yz;
                if common.count_ones() != u32::from(xyz) {
                    continue;
                }
                let z = xz & yz;
                if z.count_ones() != 1 {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let mut victims = peers(xz_cell) & peers(yz_cell);
                if xyz {
                    victims &= seen;
                }
                victims &= !(1u128 << pivot | 1u128 << xz_cell | 1u128 << yz_cell);
                let removed: Vec<(usize, u8)> = cells_of(victims & b.cells_with(zd))
                    .map(|c| (c, zd))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let cells = vec![pivot, xz_cell, yz_cell];
                sink.add(Step::removing(
                    name,
                    rating,
                    format!(
                        "{name}: {} (pivot) with {} and {}: {zd} leaves {}",
                        cell_name(pivot),
                        cell_name(xz_cell),
                        cell_name(yz_cell),
                        removed_text(&removed)
                    ),
                    cells,
                    removed,
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// XY-Wings (4.2).
pub fn xy_wing(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    wing(b, sink, false)
}

/// XYZ-Wings (4.4).
pub fn xyz_wing(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    wing(b, sink, true)
}
