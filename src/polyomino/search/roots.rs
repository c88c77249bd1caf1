//! The top-level branches of a search: the representatives of the
//! broken kind's orbits (broken again on a second kind where
//! `tables::second_break` found one), or the placements at the first
//! empty cell.

use super::{Root, Table, Task, tables};
use crate::polyomino::bits::Bits;
use crate::polyomino::compile::Compiled;

/// The top-level branches, in search order.
pub(crate) fn roots<B: Bits>(p: &Compiled, t: &Table<B>, task: &Task) -> Vec<Root> {
    let g = p.group.len();
    let others: Vec<usize> = (1..g).collect();
    match t.broken {
        Some(k) if !(task.raw && task.keep) => {
            let single = p.kinds[k].count == 1;
            t.reps
                .iter()
                .map(|(rep, rank, stab)| {
                    let stab_others: Vec<usize> =
                        stab.iter().copied().filter(|&s| s != 0).collect();
                    // Broken again on a second kind (single kinds only):
                    // each class is found once, with no check, and a raw
                    // count weighs it |G|. Not for kept packings: each
                    // class keeps the image it kept before.
                    if let Some((k2, g2)) = t.second
                        && single
                        && !task.keep
                        && stab_others == [g2]
                    {
                        return Root {
                            kind: k,
                            id: *rep,
                            weight: task.raw.then_some(g as u64),
                            check: Vec::new(),
                            floor: Some((k2, tables::SECOND_FLOOR)),
                            rep: Some((k, p.placements[k][*rep].to_vec())),
                            second: None,
                        };
                    }
                    Root {
                        kind: k,
                        id: *rep,
                        weight: (task.raw && single).then_some((g / stab.len().max(1)) as u64),
                        check: if single {
                            if task.raw { Vec::new() } else { stab_others }
                        } else {
                            others.clone()
                        },
                        floor: (!single).then_some((k, *rank)),
                        rep: Some((k, p.placements[k][*rep].to_vec())),
                        second: None,
                    }
                })
                .collect()
        }
        _ => {
            // No symmetry breaking: the placements at the first empty cell.
            let base = t.lowest_cell_base(t.start);
            let check = if task.raw { Vec::new() } else { others };
            let (_, row) = t.index.row(base);
            let lo = row.first().copied().unwrap_or(0) as usize;
            let hi = row.last().copied().unwrap_or(0) as usize;
            (lo..hi)
                .filter_map(|i| t.index.entry(&t.entries, i))
                .map(|e| Root {
                    kind: e.kind as usize,
                    id: e.id as usize,
                    weight: None,
                    check: check.clone(),
                    floor: None,
                    rep: None,
                    second: None,
                })
                .collect()
        }
    }
}
