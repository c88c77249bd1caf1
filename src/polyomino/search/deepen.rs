//! Cutting the top-level branches one level deeper for threads: a count
//! on several threads shares many small branches instead of a few uneven
//! ones (the representatives of the piece that breaks the symmetry can be
//! a handful, one of them most of the work).

use super::{Bits, Compiled, Root, Search, Shared, Table, Task, open_root};

/// The top-level branches cut one level deeper, so that threads share
/// many small pieces of work instead of a few uneven ones: each root
/// becomes one branch per fitting placement at the lowest empty cell
/// after it. Every solution below the root covers that cell with exactly
/// one of them, and whether it counts depends only on the root and itself,
/// so the branches' counts add up to the root's. A root that settles
/// itself (a solution at once, a region no piece fills, a stop) stays one.
pub(crate) fn deepen<B: Bits>(
    p: &Compiled,
    t: &Table<B>,
    task: Task,
    roots: Vec<Root>,
    shared: &Shared,
) -> Vec<Root> {
    let mut out = Vec::with_capacity(roots.len() * 8);
    for root in roots {
        match open_root(p, t, task, &root, shared) {
            Ok((s, filled)) => {
                for second in s.lowest_cell_placements(filled) {
                    out.push(Root {
                        second: Some(second),
                        ..root.clone()
                    });
                }
            }
            Err(_) => out.push(root),
        }
    }
    out
}

impl<B: Bits> Search<'_, B> {
    /// The placements `branch` would try at the lowest empty cell of
    /// `filled` (kind, placement), ignoring the tight cells: see [`deepen`].
    fn lowest_cell_placements(&self, filled: B) -> Vec<(usize, usize)> {
        let t = self.t;
        let base = t.lowest_cell_base(filled);
        let mut out = Vec::new();
        let (has, row) = t.index.row(base);
        let mut a = self.avail & has;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            let lo = row.get(k).copied().unwrap_or(0) as usize;
            let hi = row.get(k + 1).copied().unwrap_or(0) as usize;
            for e in (lo..hi).filter_map(|i| t.index.entry(&t.entries, i)) {
                let floor_here = k == self.floor_kind;
                if e.mask.and(filled).is_zero()
                    && !(floor_here
                        && (u32::from(e.rank) <= self.floor || u32::from(e.omin) < self.floor))
                {
                    out.push((e.kind as usize, e.id as usize));
                }
            }
        }
        out
    }
}
