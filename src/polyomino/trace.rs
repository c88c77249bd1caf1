//! One exact-cover search written out step by step, as Knuth prints his
//! traces of Algorithm X (TAOCP 7.2.2.1): at each level the open cell with
//! the fewest options, each option covered in turn and uncovered after,
//! and the number of nodes (options tried) at each level. Made for tiny
//! boards a person can follow; the counting engine (`search`) is the fast
//! path and is not traced.

use super::PolyError;
use super::pieces::{Cell, Piece};
use super::region::Region;

/// Boards up to this many cells are traced (one bit each in a `u64`); the
/// trace itself is meant for a few cells.
pub const MAX_TRACE_CELLS: usize = 64;
/// A trace stops (as an error) past this many nodes: it is for tiny boards.
pub const MAX_TRACE_NODES: u64 = 10_000;

/// A search written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// One line per event, indented by level.
    pub lines: Vec<String>,
    /// Options tried (covers) at each level, level 0 first.
    pub nodes: Vec<u64>,
    /// Packings found, every placement counted (raw).
    pub solutions: u64,
}

/// One way to place a piece: its kind and the cells it covers.
struct Option_ {
    kind: usize,
    cells: u64,
}

struct Search<'a> {
    names: Vec<String>,
    left: Vec<usize>,
    options: Vec<Option_>,
    cell_names: &'a [String],
    n: usize,
    trace: Trace,
}

/// The search for packings of `region` with `pieces` (each used once;
/// identical pieces are one kind used that many times), traced.
pub fn trace(region: &Region, pieces: &[Piece]) -> Result<Trace, PolyError> {
    let cells: Vec<Cell> = region.cells();
    if cells.is_empty() {
        return Err(PolyError::NoCells);
    }
    if pieces.is_empty() {
        return Err(PolyError::NoPieces);
    }
    if cells.len() > MAX_TRACE_CELLS {
        return Err(PolyError::TraceTooWide {
            cells: cells.len(),
            limit: MAX_TRACE_CELLS,
        });
    }
    let area: usize = pieces.iter().map(Piece::size).sum();
    if area != cells.len() {
        return Err(PolyError::AreaMismatch {
            board: cells.len(),
            pieces: area,
        });
    }
    // Kinds: equal shapes (as their orientation sets) are one kind.
    let mut kinds: Vec<(String, Vec<Vec<Cell>>, usize)> = Vec::new();
    for p in pieces {
        let orientations = p.orientations(false);
        match kinds.iter_mut().find(|k| k.1 == orientations) {
            Some(k) => k.2 += 1,
            None => kinds.push((p.name.clone(), orientations, 1)),
        }
    }
    let index = |c: Cell| cells.iter().position(|&x| x == c);
    let mut options = Vec::new();
    for (kind, (_, orientations, _)) in kinds.iter().enumerate() {
        for shape in orientations {
            for &(r0, c0) in &cells {
                let mut bits = 0u64;
                let fits = shape.iter().all(|&(r, c)| {
                    match index((r0.saturating_add(r), c0.saturating_add(c))) {
                        Some(i) => {
                            bits |= 1 << i;
                            true
                        }
                        None => false,
                    }
                });
                if fits {
                    options.push(Option_ { kind, cells: bits });
                }
            }
        }
    }
    let cell_names: Vec<String> = cells
        .iter()
        .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
        .collect();
    let mut s = Search {
        names: kinds.iter().map(|k| k.0.clone()).collect(),
        left: kinds.iter().map(|k| k.2).collect(),
        options,
        cell_names: &cell_names,
        n: cells.len(),
        trace: Trace {
            lines: Vec::new(),
            nodes: Vec::new(),
            solutions: 0,
        },
    };
    s.search(0, 0)?;
    Ok(s.trace)
}

impl Search<'_> {
    fn names_of(&self, bits: u64) -> String {
        (0..self.n)
            .filter(|&i| bits & (1 << i) != 0)
            .map(|i| self.cell_names[i].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Options open at this point for cell `i`: a piece still left, on
    /// cells all free.
    fn open_for(&self, i: usize, used: u64) -> Vec<usize> {
        (0..self.options.len())
            .filter(|&k| {
                let o = &self.options[k];
                o.cells & (1 << i) != 0 && o.cells & used == 0 && self.left[o.kind] > 0
            })
            .collect()
    }

    fn search(&mut self, level: usize, used: u64) -> Result<(), PolyError> {
        let pad = "  ".repeat(level);
        if used.count_ones() as usize == self.n {
            self.trace.solutions += 1;
            self.trace.lines.push(format!(
                "{pad}every cell covered: packing {}",
                self.trace.solutions
            ));
            return Ok(());
        }
        // The open cell with the fewest options (the first such in reading order).
        let Some((cell, choices)) = (0..self.n)
            .filter(|&i| used & (1 << i) == 0)
            .map(|i| (i, self.open_for(i, used)))
            .min_by_key(|(_, o)| o.len())
        else {
            // Not reached: a cell is open when not every cell is covered.
            return Ok(());
        };
        self.trace.lines.push(format!(
            "{pad}level {level}: {} has the fewest options, {}",
            self.cell_names[cell],
            choices.len()
        ));
        if choices.is_empty() {
            self.trace.lines.push(format!("{pad}  dead end: back up"));
            return Ok(());
        }
        if self.trace.nodes.len() <= level {
            self.trace.nodes.resize(level + 1, 0);
        }
        for k in choices {
            let total: u64 = self.trace.nodes.iter().sum();
            if total >= MAX_TRACE_NODES {
                return Err(PolyError::TraceTooLong { nodes: total });
            }
            self.trace.nodes[level] += 1;
            let (kind, bits) = (self.options[k].kind, self.options[k].cells);
            let what = format!("{} on {}", self.names[kind], self.names_of(bits));
            self.trace.lines.push(format!("{pad}  cover: {what}"));
            self.left[kind] -= 1;
            self.search(level + 1, used | bits)?;
            self.left[kind] += 1;
            self.trace.lines.push(format!("{pad}  uncover: {what}"));
        }
        Ok(())
    }
}
