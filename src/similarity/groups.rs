//! Canonical forms of whole collections on all cores, grouped: puzzles with
//! equal forms are the same puzzle up to symmetry and digit renaming.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::canon::Canonicalizer;
use crate::monitor::{Monitor, Progress};
use crate::sudoku::Grid;
use crate::sudoku::solver::batch::chunk_size;

/// Puzzles sharing one canonical form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanonGroup {
    /// The shared canonical form.
    pub form: Grid,
    /// Positions (0-based) of the members in the input, ascending.
    pub members: Vec<usize>,
}

/// The result of grouping: groups in order of first appearance, and how
/// many puzzles were done (fewer than given when stopped).
#[derive(Clone, Debug)]
pub struct Grouping {
    /// Every form met, singletons included, by first appearance.
    pub groups: Vec<CanonGroup>,
    /// Puzzles canonicalized (all of them unless cancelled).
    pub done: usize,
    /// True when the monitor stopped the work early.
    pub cancelled: bool,
}

/// The most puzzles per work unit: big enough to amortise scheduling,
/// small enough for a lively progress display and a prompt stop.
const MAX_CHUNK: usize = 2048;

/// Canonical forms of `grids` on all cores, grouped. The monitor may stop
/// the work: the groups then cover the puzzles done so far.
pub fn canon_groups(grids: &[Grid], monitor: &dyn Monitor) -> Grouping {
    let done = AtomicU64::new(0);
    let total = grids.len() as u64;
    // Small inputs are split too, so that every core gets work.
    let unit = chunk_size(grids.len(), rayon::current_num_threads(), MAX_CHUNK);
    let forms: Vec<Option<Vec<Grid>>> = grids
        .par_chunks(unit)
        .map_init(Canonicalizer::new, |c, chunk| {
            if monitor.cancelled() {
                return None;
            }
            let out: Vec<Grid> = chunk.iter().map(|g| c.canon(g)).collect();
            let n = done.fetch_add(chunk.len() as u64, Ordering::Relaxed) + chunk.len() as u64;
            monitor.report(&Progress {
                label: "canonical forms",
                done: n,
                total: Some(total),
                found: 0,
            });
            Some(out)
        })
        .collect();
    let mut groups: Vec<CanonGroup> = Vec::new();
    let mut index: HashMap<Grid, usize> = HashMap::new();
    let mut count = 0;
    let mut cancelled = false;
    for (k, chunk) in forms.into_iter().enumerate() {
        let Some(chunk) = chunk else {
            cancelled = true;
            continue;
        };
        for (i, form) in chunk.into_iter().enumerate() {
            let pos = k * unit + i;
            count += 1;
            match index.get(&form) {
                Some(&g) => groups[g].members.push(pos),
                None => {
                    index.insert(form, groups.len());
                    groups.push(CanonGroup {
                        form,
                        members: vec![pos],
                    });
                }
            }
        }
    }
    Grouping {
        groups,
        done: count,
        cancelled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::{Flag, Silent};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn groups_in_first_appearance_order_and_stops_when_asked() {
        let a = Grid::parse(
            "000200001008000050000300000400000600210000000000050080300000002000060400009080000",
        )
        .unwrap();
        let b = Grid::parse(
            "000060300040080000002000009000003000500000800001200000060000042800050000000000001",
        )
        .unwrap();
        let mut a2 = *a.cells();
        a2.swap(0, 3); // swap two cells of row 0 across stacks: not a symmetry
        let mut moved = crate::similarity::Transform::IDENTITY;
        moved.rows = [1, 0, 2, 3, 4, 5, 6, 7, 8];
        let grids = [b, a, moved.apply(&a), Grid::from_cells(a2)];
        let g = canon_groups(&grids, &Silent);
        assert!(!g.cancelled);
        assert_eq!(g.done, 4);
        let members: Vec<Vec<usize>> = g.groups.iter().map(|x| x.members.clone()).collect();
        assert_eq!(members, vec![vec![0], vec![1, 2], vec![3]]);
        let stop = AtomicBool::new(true);
        let g = canon_groups(&grids, &Flag(&stop));
        assert!(g.cancelled);
        assert_eq!(g.done, 0);
        assert!(g.groups.is_empty());
    }
}
