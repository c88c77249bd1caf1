//! Aligned pair (6.2) and triplet (7.5) exclusion as Sudoku Explainer's
//! `AlignedPairExclusion` and `AlignedExclusion(3)` find them: for two or
//! three base cells, every combination of their candidates that two of
//! them seeing each other would share, or that would empty a cell seeing
//! them all (an "excluder" with at most as many candidates as base cells),
//! is impossible; a candidate in no possible combination goes.

use std::ops::ControlFlow;

use super::board::{CandidateGrid, CellSet, bit, cells_of, digits_of, names, peers};
use super::sets::removed_text;
use super::{Sink, Step};

/// Aligned pair exclusion: pairs of base cells in SE's order.
pub fn aligned_pair(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    aligned(b, sink, 2)
}

/// Aligned triplet exclusion: two base cells in SE's order, then a third
/// among the cells excluding for one of them.
pub fn aligned_triplet(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    aligned(b, sink, 3)
}

#[allow(clippy::needless_range_loop)]
fn aligned(b: &CandidateGrid, sink: &mut Sink, degree: usize) -> ControlFlow<()> {
    // Base cells: two candidates or more, no peer with one, some peer
    // with 2..=degree (its excluders).
    let mut base: Vec<usize> = Vec::new();
    let mut excluders = [0u128; 81];
    for c in 0..81 {
        if b.cand(c).count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut ex: CellSet = 0;
        for p in cells_of(peers(c)) {
            let n = b.cand(p).count_ones() as usize;
            single |= n == 1;
            if (2..=degree).contains(&n) {
                ex |= 1u128 << p;
            }
        }
        if !single && ex != 0 {
            base.push(c);
            excluders[c] = ex;
        }
    }
    if base.len() < degree {
        return ControlFlow::Continue(());
    }
    let in_base = base.iter().fold(0u128, |m, &c| m | 1u128 << c);
    // SE's pair order: (0,1), (0,2), (1,2), (0,3), ...
    for j in 1..base.len() {
        for i in 0..j {
            let (c0, c1) = (base[i], base[j]);
            if degree == 2 {
                try_cells(b, sink, &[c0, c1], excluders[c0] & excluders[c1])?;
                continue;
            }
            // The third cell: the excluders of c0, then those of c1, in
            // ascending order each (SE's linked set).
            let first = excluders[c0] & in_base & !(1u128 << c0 | 1u128 << c1);
            let second = excluders[c1] & in_base & !first & !(1u128 << c0 | 1u128 << c1);
            for c2 in cells_of(first).chain(cells_of(second)) {
                let common = excluders[c0] & excluders[c1] & excluders[c2];
                try_cells(b, sink, &[c0, c1, c2], common)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Tests one set of base cells against their common excluders.
#[allow(clippy::needless_range_loop)]
fn try_cells(
    b: &CandidateGrid,
    sink: &mut Sink,
    cells: &[usize],
    common: CellSet,
) -> ControlFlow<()> {
    if common.count_ones() < 2 {
        return ControlFlow::Continue(());
    }
    // A cell has 20 peers: at most 20 excluders.
    let mut locks = [0u16; 20];
    let mut count = 0;
    for c in cells_of(common) {
        locks[count] = b.cand(c);
        count += 1;
    }
    let n = cells.len();
    let mut sees = [false; 9];
    let mut cand = [0u16; 3];
    for i in 0..n {
        cand[i] = b.cand(cells[i]);
        for k in 0..n {
            sees[k * n + i] = peers(cells[k]) >> cells[i] & 1 == 1;
        }
    }
    let mut allowed = [0u16; 3];
    let mut chosen = [0u8; 3];
    enumerate(
        &cand[..n],
        &sees,
        &locks[..count],
        0,
        &mut chosen,
        &mut allowed[..n],
    );
    let removed: Vec<(usize, u8)> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, &c)| digits_of(cand[i] & !allowed[i]).map(move |d| (c, d)))
        .collect();
    if removed.is_empty() {
        return ControlFlow::Continue(());
    }
    let name = if n == 2 {
        "Aligned Pair Exclusion"
    } else {
        "Aligned Triplet Exclusion"
    };
    let excl: Vec<usize> = cells_of(common).collect();
    sink.add(Step::removing(
        name,
        if n == 2 { 62 } else { 75 },
        format!(
            "{name}: {}: with {} seeing them all, no combination of their digits keeps {}",
            names(cells),
            names(&excl),
            removed_text(&removed)
        ),
        cells.to_vec(),
        removed,
    ))
}

/// Marks in `allowed` the digits of each base cell found in some possible
/// combination; stops early once every candidate is.
#[allow(clippy::needless_range_loop)]
fn enumerate(
    cand: &[u16],
    sees: &[bool],
    locks: &[u16],
    i: usize,
    chosen: &mut [u8; 3],
    allowed: &mut [u16],
) -> bool {
    let n = cand.len();
    if i == n {
        let values = chosen[..n].iter().fold(0u16, |m, &d| m | bit(d));
        if locks.iter().any(|&l| l & !values == 0) {
            return false;
        }
        for k in 0..n {
            allowed[k] |= bit(chosen[k]);
        }
        return (0..n).all(|k| allowed[k] == cand[k]);
    }
    for d in digits_of(cand[i]) {
        // Two base cells that see each other cannot share a digit.
        if (0..i).any(|k| chosen[k] == d && sees[k * n + i]) {
            continue;
        }
        chosen[i] = d;
        if enumerate(cand, sees, locks, i + 1, chosen, allowed) {
            return true;
        }
    }
    false
}
