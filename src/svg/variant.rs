//! What Sudoku variants add to a grid picture: irregular regions (jigsaw),
//! cages with their sums (killer), the two diagonals (X-Sudoku) and circled
//! cells (even/odd and the like). Each is checked when it is made, so a
//! picture never draws a layout that cannot be meant: a region or a cage in
//! two parts, cages that overlap, a sum no cage of that size can have.

use std::fmt;

use super::grid::{CELL, GridPicture};
use super::{FONT, num};
use crate::sudoku::grid::cell_name;

/// Width of the dashed cage outline.
const CAGE_LINE: f64 = 1.0;
/// How far a cage's outline stays inside its cells' edges.
const CAGE_INSET: f64 = 4.0;
/// Size of a cage's sum in its top-left cell.
pub const CAGE_SUM_SIZE: f64 = 10.0;

/// The marks a variant adds to a grid; the default adds none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variant {
    /// Irregular regions: their borders are drawn thick instead of the 3×3 boxes.
    pub regions: Option<Regions>,
    /// Killer cages: a dashed outline inside their cells, the sum small in the top-left cell.
    pub cages: Vec<Cage>,
    /// The two main diagonals shaded (X-Sudoku).
    pub diagonals: bool,
    /// Cells with a circle (even/odd Sudoku marks its odd cells so).
    pub circles: Vec<usize>,
}

/// A partition of the 81 cells into joined regions, each named by the
/// number of its first cell in row order, so equal layouts compare equal
/// whatever ids the caller used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions([u8; 81]);

/// A cage as a caller gives it: its cell numbers and maybe its sum,
/// checked by `Cage::check_all`.
pub type CageSpec = (Vec<i64>, Option<i64>);

/// A killer cage: its cells (0..81, in row order) and its sum, if shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    pub cells: Vec<usize>,
    pub sum: Option<u32>,
}

/// What is wrong with a layout; cells are named `r3c5`, cages by their
/// index in the caller's array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    RegionCount(usize),
    RegionId {
        cell: usize,
        id: i64,
    },
    RegionSplit {
        cell: usize,
        apart: usize,
    },
    CageEmpty {
        cage: usize,
    },
    CageCell {
        cage: usize,
        at: usize,
        value: i64,
    },
    CageRepeat {
        cage: usize,
        cell: usize,
    },
    CageOverlap {
        first: usize,
        second: usize,
        cell: usize,
    },
    CageSplit {
        cage: usize,
        cell: usize,
        apart: usize,
    },
    CageSize {
        cage: usize,
        cells: usize,
    },
    CageSum {
        cage: usize,
        cells: usize,
        sum: i64,
    },
    CircleCell {
        at: usize,
        value: i64,
    },
}

/// The smallest and largest sums of `n` different digits 1..9.
pub fn sum_range(n: usize) -> (i64, i64) {
    let n = n as i64;
    (n * (n + 1) / 2, n * (19 - n) / 2)
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            VariantError::RegionCount(n) => write!(
                f,
                "regions has {n} entries: give one region id per cell, 81 in row order"
            ),
            VariantError::RegionId { cell, id } => write!(
                f,
                "regions[{cell}] ({}) is {id}: region ids are whole numbers 0 to 80",
                cell_name(cell)
            ),
            VariantError::RegionSplit { cell, apart } => write!(
                f,
                "regions: {} and {} have the same id but no path of that region's cells joins them: a region is one piece",
                cell_name(cell),
                cell_name(apart)
            ),
            VariantError::CageEmpty { cage } => write!(f, "cages[{cage}] has no cells"),
            VariantError::CageCell { cage, at, value } => write!(
                f,
                "cages[{cage}].cells[{at}] is {value}: cells are numbered 0 to 80, row by row"
            ),
            VariantError::CageRepeat { cage, cell } => {
                write!(f, "cages[{cage}] names {} twice", cell_name(cell))
            }
            VariantError::CageOverlap {
                first,
                second,
                cell,
            } => write!(
                f,
                "cages[{first}] and cages[{second}] both hold {}: cages do not overlap",
                cell_name(cell)
            ),
            VariantError::CageSplit { cage, cell, apart } => write!(
                f,
                "cages[{cage}] is in two parts: no path of its cells joins {} and {}",
                cell_name(cell),
                cell_name(apart)
            ),
            VariantError::CageSize { cage, cells } => write!(
                f,
                "cages[{cage}] has {cells} cells: a cage's digits differ, so it holds at most 9"
            ),
            VariantError::CageSum { cage, cells, sum } => {
                let (low, high) = sum_range(cells);
                write!(
                    f,
                    "cages[{cage}] has sum {sum}, but {cells} different digits add up to {low} to {high}"
                )
            }
            VariantError::CircleCell { at, value } => write!(
                f,
                "circles[{at}] is {value}: cells are numbered 0 to 80, row by row"
            ),
        }
    }
}

impl std::error::Error for VariantError {}

/// The cells of `cells` that orthogonal steps inside `cells` reach from its first.
fn reached(cells: &[usize]) -> Vec<bool> {
    let mut inside = [false; 81];
    for &c in cells {
        inside[c] = true;
    }
    let mut seen = vec![false; 81];
    let mut stack = vec![cells[0]];
    seen[cells[0]] = true;
    while let Some(c) = stack.pop() {
        let (r, k) = (c / 9, c % 9);
        let steps = [
            (r > 0).then(|| c - 9),
            (r < 8).then(|| c + 9),
            (k > 0).then(|| c - 1),
            (k < 8).then(|| c + 1),
        ];
        for n in steps.into_iter().flatten() {
            if inside[n] && !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    seen
}

/// The first cell of `cells` (in their order) not joined to the first one.
fn apart(cells: &[usize]) -> Option<usize> {
    let seen = reached(cells);
    cells.iter().copied().find(|&c| !seen[c])
}

impl Regions {
    /// The regions of `ids`, one id per cell in row order (0..=80 each),
    /// cells with the same id one region, each region joined.
    pub fn new(ids: &[i64]) -> Result<Regions, VariantError> {
        if ids.len() != 81 {
            return Err(VariantError::RegionCount(ids.len()));
        }
        if let Some(cell) = ids.iter().position(|id| !(0..=80).contains(id)) {
            return Err(VariantError::RegionId {
                cell,
                id: ids[cell],
            });
        }
        let mut names = [0u8; 81];
        for cell in 0..81 {
            let first = ids.iter().position(|&id| id == ids[cell]).unwrap_or(cell);
            names[cell] = first as u8;
        }
        for first in 0..81 {
            if names[first] as usize != first {
                continue;
            }
            let cells: Vec<usize> = (0..81).filter(|&c| names[c] as usize == first).collect();
            if let Some(apart) = apart(&cells) {
                return Err(VariantError::RegionSplit { cell: first, apart });
            }
        }
        Ok(Regions(names))
    }

    /// The region of cell `i`: the number of its first cell in row order.
    pub fn of(&self, i: usize) -> usize {
        self.0[i] as usize
    }

    /// How many regions there are.
    pub fn count(&self) -> usize {
        (0..81).filter(|&i| self.of(i) == i).count()
    }

    /// The cell edges between two regions, each `(x, y, horizontal)` from
    /// its top or left end: the lines a picture draws thick.
    pub fn borders(&self) -> Vec<(f64, f64, bool)> {
        let mut edges = Vec::new();
        for i in 0..81 {
            let (x, y) = GridPicture::corner(i);
            if i % 9 < 8 && self.of(i) != self.of(i + 1) {
                edges.push((x + CELL, y, false));
            }
            if i / 9 < 8 && self.of(i) != self.of(i + 9) {
                edges.push((x, y + CELL, true));
            }
        }
        edges
    }
}

impl Cage {
    /// Checks `cages`, each its cell numbers and maybe its sum: cells
    /// 0..=80, none twice, joined, in no other cage; at most 9 cells and a
    /// sum that many different digits can make.
    pub fn check_all(cages: &[CageSpec]) -> Result<Vec<Cage>, VariantError> {
        let mut owner: [Option<usize>; 81] = [None; 81];
        let mut out = Vec::with_capacity(cages.len());
        for (cage, (numbers, sum)) in cages.iter().enumerate() {
            if numbers.is_empty() {
                return Err(VariantError::CageEmpty { cage });
            }
            let mut cells = Vec::with_capacity(numbers.len());
            for (at, &value) in numbers.iter().enumerate() {
                let cell = crate::sudoku::grid::cell_index(value)
                    .map_err(|_| VariantError::CageCell { cage, at, value })?;
                match owner[cell] {
                    Some(first) if first == cage => {
                        return Err(VariantError::CageRepeat { cage, cell });
                    }
                    Some(first) => {
                        return Err(VariantError::CageOverlap {
                            first,
                            second: cage,
                            cell,
                        });
                    }
                    None => owner[cell] = Some(cage),
                }
                cells.push(cell);
            }
            if cells.len() > 9 {
                return Err(VariantError::CageSize {
                    cage,
                    cells: cells.len(),
                });
            }
            cells.sort_unstable();
            if let Some(apart) = apart(&cells) {
                return Err(VariantError::CageSplit {
                    cage,
                    cell: cells[0],
                    apart,
                });
            }
            let (low, high) = sum_range(cells.len());
            let sum = match *sum {
                Some(s) if (low..=high).contains(&s) => Some(s as u32),
                Some(sum) => {
                    return Err(VariantError::CageSum {
                        cage,
                        cells: cells.len(),
                        sum,
                    });
                }
                None => None,
            };
            out.push(Cage { cells, sum });
        }
        Ok(out)
    }

    /// The cell that holds the sum: the top one, leftmost of the top row.
    pub fn label_cell(&self) -> usize {
        self.cells[0]
    }

    /// The outline inside the cage's cells as SVG path data: along each
    /// side of a cell that faces out of the cage, `CAGE_INSET` inside it.
    /// Where the side goes on to a neighbour's the segment runs to the
    /// cell's edge; at an outer corner it stops at the inset, at an inner
    /// corner it runs on the inset's width into the next cell, so the
    /// segments meet.
    fn outline(&self) -> String {
        let inside = |r: i64, c: i64| {
            (0..9).contains(&r)
                && (0..9).contains(&c)
                && self.cells.contains(&((r * 9 + c) as usize))
        };
        let d = CAGE_INSET;
        let mut path = String::new();
        for &i in &self.cells {
            let (x, y) = GridPicture::corner(i);
            let (r, c) = ((i / 9) as i64, (i % 9) as i64);
            // Each side: the step out of the cage (dr, dc) and the
            // direction along the side (ar, ac), from its start corner.
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                if inside(r + dr, c + dc) {
                    continue;
                }
                let (ar, ac) = (dc.abs(), dr.abs());
                // How far each end reaches past the cell's own span.
                let end = |sign: i64| {
                    let (nr, nc) = (r + sign * ar, c + sign * ac);
                    if !inside(nr, nc) {
                        -d
                    } else if inside(nr + dr, nc + dc) {
                        d
                    } else {
                        0.0
                    }
                };
                let (from, to) = (-end(-1), CELL + end(1));
                // The line's offset across the side.
                let across = if dr + dc < 0 { d } else { CELL - d };
                let (x0, y0, x1, y1) = if ar == 0 {
                    // Top or bottom side: runs along x.
                    (x + from, y + across, x + to, y + across)
                } else {
                    (x + across, y + from, x + across, y + to)
                };
                path.push_str(&format!("M{} {}L{} {}", num(x0), num(y0), num(x1), num(y1)));
            }
        }
        path
    }
}

/// "1 cage", "2 cages".
fn counted(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

impl Variant {
    /// Whether the 3×3 box lines give way to region borders.
    pub fn has_regions(&self) -> bool {
        self.regions.is_some()
    }

    /// Words for the picture's title: what the variant adds.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(r) = &self.regions {
            parts.push(counted(r.count(), "region"));
        }
        if !self.cages.is_empty() {
            parts.push(counted(self.cages.len(), "cage"));
        }
        if self.diagonals {
            parts.push("diagonals shaded".to_string());
        }
        if !self.circles.is_empty() {
            parts.push(format!("{} circled", counted(self.circles.len(), "cell")));
        }
        parts.iter().map(|p| format!(", {p}")).collect()
    }

    /// The shaded diagonal cells, under everything.
    pub(super) fn shading(&self) -> String {
        let mut out = String::new();
        if self.diagonals {
            for i in (0..81).filter(|i| i / 9 == i % 9 || i / 9 + i % 9 == 8) {
                let (x, y) = GridPicture::corner(i);
                out.push_str(&format!(
                    "<rect class=\"diagonal\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                    num(x),
                    num(y),
                    num(CELL),
                    num(CELL),
                    super::palette::SHADE
                ));
            }
        }
        out
    }

    /// The circles, over the shading and highlights, under the lines.
    pub(super) fn circles(&self) -> String {
        let mut out = String::new();
        for &i in &self.circles {
            let (x, y) = GridPicture::corner(i);
            out.push_str(&format!(
                "<circle class=\"circle\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>\n",
                num(x + CELL / 2.0),
                num(y + CELL / 2.0),
                num(CELL * 0.4),
                super::palette::CIRCLE
            ));
        }
        out
    }

    /// The region borders as one thick path, one segment per cell edge.
    pub(super) fn region_lines(&self, width: f64) -> String {
        let Some(regions) = &self.regions else {
            return String::new();
        };
        let d: String = regions
            .borders()
            .into_iter()
            .map(|(x, y, horizontal)| {
                format!(
                    "M{} {}{}{}",
                    num(x),
                    num(y),
                    if horizontal { "h" } else { "v" },
                    num(CELL)
                )
            })
            .collect();
        format!(
            "<path class=\"regions\" d=\"{d}\" stroke=\"#000000\" stroke-width=\"{}\" stroke-linecap=\"square\" fill=\"none\"/>\n",
            num(width)
        )
    }

    /// The cage outlines and their sums, over the lines.
    pub(super) fn cage_marks(&self) -> String {
        let mut out = String::new();
        for cage in &self.cages {
            out.push_str(&format!(
                "<path class=\"cage\" d=\"{}\" stroke=\"#000000\" stroke-width=\"{}\" stroke-dasharray=\"3 2\" fill=\"none\"/>\n",
                cage.outline(),
                num(CAGE_LINE)
            ));
        }
        let labels: String = self
            .cages
            .iter()
            .filter_map(|cage| {
                let sum = cage.sum?;
                let (x, y) = GridPicture::corner(cage.label_cell());
                // A white halo keeps the sum readable over the dashed line.
                Some(format!(
                    "<text class=\"cage-sum\" x=\"{}\" y=\"{}\">{sum}</text>\n",
                    num(x + 2.0),
                    num(y + 2.0 + CAGE_SUM_SIZE * 0.8)
                ))
            })
            .collect();
        if !labels.is_empty() {
            out.push_str(&format!(
                "<g font-family=\"{FONT}\" font-size=\"{}\" fill=\"#000000\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\n{labels}</g>\n",
                num(CAGE_SUM_SIZE)
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 3×3 boxes as region ids.
    fn boxes() -> Vec<i64> {
        (0..81).map(|i| (i / 27 * 3 + i % 9 / 3) as i64).collect()
    }

    #[test]
    fn the_boxes_have_their_box_lines_as_borders() {
        let r = Regions::new(&boxes()).unwrap();
        assert_eq!(r.count(), 9);
        // Two inner lines each way, 9 cell edges long each.
        assert_eq!(r.borders().len(), 2 * 2 * 9);
        // Ids are renamed to the first cell: any ids, the same regions.
        let shifted: Vec<i64> = boxes().iter().map(|b| 80 - b).collect();
        assert_eq!(Regions::new(&shifted).unwrap(), r);
    }

    #[test]
    fn bad_regions_are_named_by_cell() {
        assert_eq!(
            Regions::new(&[0; 80]).unwrap_err(),
            VariantError::RegionCount(80)
        );
        let mut ids = boxes();
        ids[10] = 81;
        let e = Regions::new(&ids).unwrap_err();
        assert_eq!(
            e.to_string(),
            "regions[10] (r2c2) is 81: region ids are whole numbers 0 to 80"
        );
        // r1c1 joins box 2 (id 1), which then has a part cut off from it.
        let mut ids = boxes();
        ids[0] = 1;
        let e = Regions::new(&ids).unwrap_err().to_string();
        assert!(e.contains("r1c1 and r1c4"), "{e}");
    }

    #[test]
    fn cages_are_checked_in_the_callers_order() {
        let ok = Cage::check_all(&[(vec![1, 0], Some(3)), (vec![2], None)]).unwrap();
        assert_eq!(ok[0].cells, vec![0, 1]);
        assert_eq!(ok[0].label_cell(), 0);
        let err =
            |cages: &[(Vec<i64>, Option<i64>)]| Cage::check_all(cages).unwrap_err().to_string();
        assert_eq!(err(&[(vec![], None)]), "cages[0] has no cells");
        assert_eq!(
            err(&[(vec![0, 81], None)]),
            "cages[0].cells[1] is 81: cells are numbered 0 to 80, row by row"
        );
        assert_eq!(err(&[(vec![0, 0], None)]), "cages[0] names r1c1 twice");
        assert_eq!(
            err(&[(vec![0, 1], None), (vec![2, 1], None)]),
            "cages[0] and cages[1] both hold r1c2: cages do not overlap"
        );
        assert_eq!(
            err(&[(vec![0, 2], None)]),
            "cages[0] is in two parts: no path of its cells joins r1c1 and r1c3"
        );
        assert_eq!(
            err(&[(vec![0, 1], Some(18))]),
            "cages[0] has sum 18, but 2 different digits add up to 3 to 17"
        );
        assert_eq!(
            err(&[((0..10).collect(), None)]),
            "cages[0] has 10 cells: a cage's digits differ, so it holds at most 9"
        );
        assert_eq!(sum_range(9), (45, 45));
        assert_eq!(sum_range(1), (1, 9));
    }

    #[test]
    fn a_cage_outline_meets_at_its_corners() {
        // An L of three cells: r1c1, r2c1, r2c2. Its outline is one closed
        // line of six corners; every segment's ends meet another's.
        let cage = &Cage::check_all(&[(vec![0, 9, 10], Some(6))]).unwrap()[0];
        let path = cage.outline();
        let points: Vec<(f64, f64)> = path
            .split('M')
            .filter(|s| !s.is_empty())
            .flat_map(|seg| {
                seg.split('L')
                    .map(|p| {
                        let mut xy = p.split(' ').map(|v| v.parse::<f64>().unwrap());
                        (xy.next().unwrap(), xy.next().unwrap())
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        // Three cells, eight outer sides.
        assert_eq!(points.len(), 16);
        for p in &points {
            let n = points.iter().filter(|q| *q == p).count();
            assert!(n >= 2, "{p:?} is a loose end in {path}");
        }
    }
}
