//! A shard of a count (see [`crate::shard`]): the work is dealt at the
//! second level. The placements tried right below each top-level branch
//! (the list the search would branch on once the branch's piece is placed)
//! are the work items, numbered across the branches in search order
//! ([`root_items`] counts a branch's; a branch whose piece fills the box is
//! one item itself), and shard K of N searches the items i with
//! `i mod N = K-1`, each with the usual search below it.
//!
//! Every solution lies below exactly one item, and whether it counts (the
//! symmetry checks, the floor on copies) depends only on its top-level
//! branch and itself, so the shards' counts, raw or by class, add up to the
//! whole count. The top level is walked here, apart from `dfs` and
//! `branch`, so the usual search has no shard test in its loop.

use super::{Entry, Found, Lists, Root, Search, Shared, Stopped, Table, Task, start};
use crate::polyomino::bits::Bits;
use crate::polyomino::compile::Compiled;
use crate::shard::Shard;

/// The second-level work items of a top-level branch.
pub(crate) fn root_items<B: Bits>(
    p: &Compiled,
    t: &Table<B>,
    task: Task,
    root: &Root,
    shared: &Shared,
) -> u64 {
    let Some((mut s, filled)) = start(p, t, task, root, shared) else {
        return 0;
    };
    if filled == B::ONES {
        return 1;
    }
    let mut items = 0;
    if s.all_regions_ok(filled) {
        s.top(filled, &mut items, None);
    }
    items
}

/// Shard `shard`'s work items of a top-level branch whose items are
/// numbered from `first`.
pub(super) fn run_shard<B: Bits>(
    p: &Compiled,
    t: &Table<B>,
    task: Task,
    root: &Root,
    shared: &Shared,
    first: u64,
    shard: Shard,
) -> Found {
    let Some((mut s, filled)) = start(p, t, task, root, shared) else {
        return Found {
            stopped: Some(Stopped::Cancelled),
            ..Found::default()
        };
    };
    if filled == B::ONES {
        if shard.takes(first) {
            s.solution();
        }
    } else if s.all_regions_ok(filled) {
        s.top(filled, &mut { first }, Some(shard));
    }
    s.out
}

impl<B: Bits> Search<'_, B> {
    /// The top level below the branch's piece: the list `dfs` would branch
    /// on, each placement the work item numbered `*item` (counted on); the
    /// ones `shard` takes are searched, none when it is `None`.
    fn top(&mut self, filled: B, item: &mut u64, shard: Option<Shard>) {
        self.out.nodes += 1;
        let t = self.t;
        let [halos, cover_halos] = t.halos();
        if t.tight
            && let Some(base) = self.tight_cell(filled)
        {
            let lists = (&t.cover, &cover_halos[..]);
            self.top_branch(filled, base, lists, item, shard);
            return;
        }
        let base = t.lowest_cell_base(filled);
        let lists = (&t.index, &halos[..]);
        self.top_branch(filled, base, lists, item, shard);
    }

    /// `branch` at the top level: every fitting placement is the next work
    /// item; the shard's are searched (`dfs` below them), the rest skipped.
    fn top_branch(
        &mut self,
        filled: B,
        base: usize,
        (lists, pool): (&Lists<B>, &[(Entry<B>, B)]),
        item: &mut u64,
        shard: Option<Shard>,
    ) {
        let (has, row) = lists.row(base);
        let mut a = self.avail & has;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            let (Some(&lo), Some(&hi)) = (row.get(k), row.get(k + 1)) else {
                return;
            };
            let floor_here = k == self.floor_kind;
            for &(e, halo) in (lo as usize..hi as usize).filter_map(|i| lists.entry_halo(pool, i)) {
                let m = e.mask;
                if !m.and(filled).is_zero() {
                    continue;
                }
                if floor_here && (u32::from(e.rank) <= self.floor || u32::from(e.omin) < self.floor)
                {
                    continue;
                }
                let this = *item;
                *item += 1;
                if !shard.is_some_and(|s| s.takes(this)) {
                    continue;
                }
                self.place(filled, m, k, &e, halo);
                if self.stop {
                    return;
                }
            }
        }
    }
}
