//! The extra implications of Sudoku Explainer's "Dynamic Forcing Chains
//! (+)" (its chaining level 1): when a dynamic search has nothing left to
//! process, SE runs a few basic rules on the working grid (the puzzle with
//! every processed "off" struck) — pointing/claiming, hidden pairs, naked
//! pairs and X-wings, in that order, stopping after the first rule that
//! yields anything new — and turns their removals into new "offs" whose
//! parents are the "offs" the rule needed (those that emptied the places
//! or cells it relies on). Removals come in the order SE's hash maps keyed
//! by cell index list them.

use super::rules::{Pot, Work, pot};
use crate::sudoku::human::board::{REGIONS, region_set};

/// A new "off" and the "offs" it stems from.
pub type Implied = (Pot, Vec<Pot>);

/// SE's `getAdvancedPotentials` at level 1: the removals of the first of
/// its basic rules that finds any on `work` needing a struck candidate of
/// `base` (the grid the search started from).
pub fn advanced(work: &Work, base: &Work, out: &mut Vec<Implied>) {
    out.clear();
    let rules: [fn(&Work, &Work, &mut Vec<Implied>); 4] =
        [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in rules {
        rule(work, base, out);
        if !out.is_empty() {
            return;
        }
    }
}

/// SE's region indexes of a type: 0 blocks, 1 rows, 2 columns (ours are
/// blocks 0-8, rows 9-17, columns 18-26).
fn region(kind: usize, i: usize) -> usize {
    kind * 9 + i
}

/// The positions (bit `j` for the region's `j`-th cell) of digit index
/// `di` (0..9) in region `r` of a grid.
fn places(w: &Work, r: usize, di: usize) -> u16 {
    let mut m = 0;
    for (j, &c) in REGIONS[r].iter().enumerate() {
        if w.with[di] >> c & 1 == 1 {
            m |= 1 << j;
        }
    }
    m
}

/// Adds a hint's removals (cell, digit mask) in the order a Java
/// `HashMap` keyed by cell index iterates them, each with `parents`; a
/// hint needing no struck candidate is skipped (SE: it exists without the
/// chain).
fn add_hint(removals: &mut [(usize, u16)], parents: &[Pot], out: &mut Vec<Implied>) {
    if parents.is_empty() || removals.is_empty() {
        return;
    }
    hash_order(removals);
    for &(c, m) in removals.iter() {
        for di in 0..9 {
            if m >> di & 1 == 1 {
                out.push((pot(c, di as u8 + 1), parents.to_vec()));
            }
        }
    }
}

/// Puts a hint's removals (cell, digit mask) in the order a Java
/// `HashMap` keyed by cell index iterates them.
pub fn hash_order(removals: &mut [(usize, u16)]) {
    let mut cap = 16;
    while removals.len() * 4 > cap * 3 {
        cap *= 2;
    }
    removals.sort_by_key(|&(c, _)| c & (cap - 1));
}

/// SE's `Locking(false)`: block/column, block/row, column/block,
/// row/block; a digit confined to the crossing removes it elsewhere in
/// the second region. Parents: the struck places in the first region
/// outside the second.
fn locking(w: &Work, base: &Work, out: &mut Vec<Implied>) {
    let mut removals = Vec::new();
    let mut parents = Vec::new();
    for (k1, k2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for di in 0..9 {
            for i1 in 0..9 {
                let r1 = region(k1, i1);
                let set1 = region_set(r1);
                let pos = w.with[di] & set1;
                if pos.count_ones() < 2 {
                    continue;
                }
                for i2 in 0..9 {
                    let r2 = region(k2, i2);
                    let set2 = region_set(r2);
                    if set1 & set2 == 0 || pos & !set2 != 0 {
                        continue;
                    }
                    removals.clear();
                    for &c in &REGIONS[r2] {
                        if set1 >> c & 1 == 0 && w.with[di] >> c & 1 == 1 {
                            removals.push((usize::from(c), 1u16 << di));
                        }
                    }
                    parents.clear();
                    let gone = base.with[di] & !w.with[di] & set1 & !set2;
                    for &c in &REGIONS[r1] {
                        if gone >> c & 1 == 1 {
                            parents.push(pot(usize::from(c), di as u8 + 1));
                        }
                    }
                    add_hint(&mut removals, &parents, out);
                }
            }
        }
    }
}

/// The pairs of 0..9 in SE's `Permutations` order: (0,1), (0,2), (1,2),
/// (0,3), ...
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// The empty cells of region `r` (cells with candidates in the grid the
/// search started from).
fn empty_cells(base: &Work, r: usize) -> usize {
    REGIONS[r]
        .iter()
        .filter(|&&c| base.cand[usize::from(c)] != 0)
        .count()
}

/// SE's `HiddenSet(2, false)` in blocks, columns, rows. Parents: the
/// struck candidates of the two digits outside the pair's cells.
fn hidden_pairs(w: &Work, base: &Work, out: &mut Vec<Implied>) {
    let mut removals = Vec::new();
    let mut parents = Vec::new();
    for kind in [0, 2, 1] {
        for i in 0..9 {
            let r = region(kind, i);
            if empty_cells(base, r) <= 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (pa, pb) = (places(w, r, a), places(w, r, b));
                if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let both = pa | pb;
                let values = (1u16 << a) | (1u16 << b);
                removals.clear();
                for (j, &c) in REGIONS[r].iter().enumerate() {
                    let m = w.cand[usize::from(c)] & !values;
                    if both >> j & 1 == 1 && m != 0 {
                        removals.push((usize::from(c), m));
                    }
                }
                parents.clear();
                for (j, &c) in REGIONS[r].iter().enumerate() {
                    if both >> j & 1 == 0 {
                        for di in [a, b] {
                            if base.cand[usize::from(c)] >> di & 1 == 1 {
                                parents.push(pot(usize::from(c), di as u8 + 1));
                            }
                        }
                    }
                }
                add_hint(&mut removals, &parents, out);
            }
        }
    }
}

/// SE's `NakedSet(2)` in blocks, columns, rows. Parents: the pair cells'
/// struck candidates other than the pair's digits.
fn naked_pairs(w: &Work, base: &Work, out: &mut Vec<Implied>) {
    let mut removals = Vec::new();
    let mut parents = Vec::new();
    for kind in [0, 2, 1] {
        for i in 0..9 {
            let r = region(kind, i);
            if empty_cells(base, r) < 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (ca, cb) = (usize::from(REGIONS[r][a]), usize::from(REGIONS[r][b]));
                let (ma, mb) = (w.cand[ca], w.cand[cb]);
                if ma.count_ones() < 2 || mb.count_ones() < 2 || (ma | mb).count_ones() != 2 {
                    continue;
                }
                let values = ma | mb;
                removals.clear();
                for &c in &REGIONS[r] {
                    let c = usize::from(c);
                    let m = w.cand[c] & values;
                    if c != ca && c != cb && m != 0 {
                        removals.push((c, m));
                    }
                }
                parents.clear();
                for c in [ca, cb] {
                    for di in 0..9 {
                        if base.cand[c] >> di & 1 == 1 && values >> di & 1 == 0 {
                            parents.push(pot(c, di as u8 + 1));
                        }
                    }
                }
                add_hint(&mut removals, &parents, out);
            }
        }
    }
}

/// SE's `Fisherman(2)`: columns as base lines then rows. Parents: the
/// struck places of the digit in the base lines outside the cover lines.
fn x_wings(w: &Work, base: &Work, out: &mut Vec<Implied>) {
    let mut removals = Vec::new();
    let mut parents = Vec::new();
    // A placed digit leaves a row with none of its candidates.
    let mut placed = [0u32; 9];
    for (di, n) in placed.iter_mut().enumerate() {
        *n = (0..9)
            .filter(|&i| base.with[di] & region_set(region(1, i)) == 0)
            .count() as u32;
    }
    for (k1, k2) in [(2, 1), (1, 2)] {
        for (a, b) in pairs() {
            for (di, &n) in placed.iter().enumerate() {
                if n + 4 > 9 {
                    continue;
                }
                let (ra, rb) = (region(k1, a), region(k1, b));
                let (pa, pb) = (places(w, ra, di), places(w, rb, di));
                if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let cover = pa | pb;
                let bases = (1u16 << a) | (1u16 << b);
                removals.clear();
                let mut cover_set = 0u128;
                for i in 0..9 {
                    if cover >> i & 1 == 1 {
                        let r = region(k2, i);
                        cover_set |= region_set(r);
                        let p = places(w, r, di) & !bases;
                        for (j, &c) in REGIONS[r].iter().enumerate() {
                            if p >> j & 1 == 1 {
                                removals.push((usize::from(c), 1u16 << di));
                            }
                        }
                    }
                }
                parents.clear();
                for r in [ra, rb] {
                    let gone = base.with[di] & !w.with[di] & region_set(r) & !cover_set;
                    for &c in &REGIONS[r] {
                        if gone >> c & 1 == 1 {
                            parents.push(pot(usize::from(c), di as u8 + 1));
                        }
                    }
                }
                add_hint(&mut removals, &parents, out);
            }
        }
    }
}
