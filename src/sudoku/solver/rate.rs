//! A human-style rater: solves with the techniques a person uses, easiest
//! first, and reports the hardest one the puzzle needed (or that logic alone
//! got stuck and guessing is needed). Slow next to the search, but it is
//! run on one puzzle at a time.

use std::fmt;

use crate::sudoku::Grid;

/// Techniques, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// Nothing to do: the grid is full.
    None,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// A digit confined to one line of a box, or one box of a line.
    LockedCandidates,
    /// Two cells of a unit holding the same two candidates only.
    NakedPair,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit holding three candidates between them.
    NakedTriple,
    /// A digit in two rows confined to the same two columns (or transposed).
    XWing,
    /// None of the above makes progress: a guess is needed.
    Guessing,
}

impl Technique {
    /// A plain name, e.g. `hidden single`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::None => "none",
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::LockedCandidates => "locked candidates",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::XWing => "x-wing",
            Technique::Guessing => "guessing",
        }
    }

    /// A coarse level: easy, medium, hard, expert, or beyond logic.
    pub fn level(self) -> &'static str {
        match self {
            Technique::None | Technique::NakedSingle | Technique::HiddenSingle => "easy",
            Technique::LockedCandidates => "medium",
            Technique::NakedPair | Technique::HiddenPair | Technique::NakedTriple => "hard",
            Technique::XWing => "expert",
            Technique::Guessing => "needs guessing",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the rater found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HumanRating {
    /// The hardest technique used (Guessing when logic got stuck).
    pub hardest: Technique,
    /// Times each technique made progress, in [`Technique`] order.
    pub uses: Vec<(Technique, u32)>,
    /// Cells logic filled in.
    pub placed: u32,
    /// The grid as far as logic got.
    pub reached: Grid,
}

/// The 27 units: rows, columns, boxes, each 9 cell indices.
const UNITS: [[u8; 9]; 27] = {
    let mut u = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            u[i][j] = (i * 9 + j) as u8;
            u[9 + i][j] = (j * 9 + i) as u8;
            u[18 + i][j] = ((i / 3) * 27 + (i % 3) * 3 + (j / 3) * 9 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    u
};

struct PencilGrid {
    value: [u8; 81],
    cand: [u16; 81],
}

fn peers_of(cell: usize) -> impl Iterator<Item = usize> {
    use crate::sudoku::grid::{box_of, col_of, row_of};
    [row_of(cell), 9 + col_of(cell), 18 + box_of(cell)]
        .into_iter()
        .flat_map(|u| UNITS[u].iter().map(|&x| x as usize))
        .filter(move |&x| x != cell)
}

impl PencilGrid {
    fn place(&mut self, cell: usize, d: u8) {
        self.value[cell] = d;
        self.cand[cell] = 0;
        for p in peers_of(cell) {
            self.cand[p] &= !(1 << d);
        }
    }

    /// Removes `mask` from the cells of `cells` for which `keep` is false.
    fn remove(&mut self, cells: impl Iterator<Item = usize>, mask: u16) -> bool {
        let mut changed = false;
        for c in cells {
            if self.cand[c] & mask != 0 {
                self.cand[c] &= !mask;
                changed = true;
            }
        }
        changed
    }

    fn naked_single(&mut self) -> bool {
        for i in 0..81 {
            if self.value[i] == 0 && self.cand[i].count_ones() == 1 {
                self.place(i, self.cand[i].trailing_zeros() as u8);
                return true;
            }
        }
        false
    }

    fn hidden_single(&mut self) -> bool {
        for unit in &UNITS {
            for d in 1..=9u8 {
                let mut spots = unit
                    .iter()
                    .filter(|&&c| self.cand[c as usize] >> d & 1 != 0);
                if let (Some(&c), None) = (spots.next(), spots.next()) {
                    self.place(c as usize, d);
                    return true;
                }
            }
        }
        false
    }

    fn locked(&mut self) -> bool {
        for d in 1..=9u8 {
            let m = 1u16 << d;
            // Box → line (pointing) and line → box (claiming).
            for (a, b) in (18..27).flat_map(|x| (0..18).map(move |l| (x, l))) {
                for (inner, outer) in [(a, b), (b, a)] {
                    let spots: Vec<usize> = UNITS[inner]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| self.cand[c] & m != 0)
                        .collect();
                    if spots.is_empty() || !spots.iter().all(|c| UNITS[outer].contains(&(*c as u8)))
                    {
                        continue;
                    }
                    let others = UNITS[outer]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|c| !UNITS[inner].contains(&(*c as u8)));
                    if self.remove(others, m) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn naked_subset(&mut self, size: usize) -> bool {
        for unit in &UNITS {
            let open: Vec<usize> = unit
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.value[c] == 0)
                .collect();
            let n = open.len();
            if n <= size {
                continue;
            }
            let mut idx: Vec<usize> = (0..size).collect();
            loop {
                let union = idx.iter().fold(0u16, |u, &i| u | self.cand[open[i]]);
                if union.count_ones() as usize == size {
                    let others = open
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| !idx.contains(i))
                        .map(|(_, &c)| c)
                        .collect::<Vec<_>>();
                    if self.remove(others.into_iter(), union) {
                        return true;
                    }
                }
                // Next combination of `size` out of `n`.
                let mut k = size;
                while k > 0 && idx[k - 1] == n - size + k - 1 {
                    k -= 1;
                }
                if k == 0 {
                    break;
                }
                idx[k - 1] += 1;
                for j in k..size {
                    idx[j] = idx[j - 1] + 1;
                }
            }
        }
        false
    }

    fn hidden_pair(&mut self) -> bool {
        for unit in &UNITS {
            let mut spots = [0u16; 10];
            for (i, &c) in unit.iter().enumerate() {
                for (d, w) in spots.iter_mut().enumerate() {
                    *w |= (self.cand[c as usize] >> d & 1) << i;
                }
            }
            for d1 in 1..=9u8 {
                let w1 = spots[d1 as usize];
                if w1.count_ones() != 2 {
                    continue;
                }
                for d2 in d1 + 1..=9 {
                    if spots[d2 as usize] != w1 {
                        continue;
                    }
                    let keep = (1u16 << d1) | (1 << d2);
                    let mut changed = false;
                    for (i, &c) in unit.iter().enumerate() {
                        if w1 >> i & 1 != 0 && self.cand[c as usize] & !keep != 0 {
                            self.cand[c as usize] &= keep;
                            changed = true;
                        }
                    }
                    if changed {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn x_wing(&mut self) -> bool {
        for d in 1..=9u8 {
            let m = 1u16 << d;
            for base in [0usize, 9] {
                let cover = if base == 0 { 9 } else { 0 };
                let lines: Vec<u16> = (0..9)
                    .map(|l| {
                        UNITS[base + l]
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| self.cand[**c as usize] & m != 0)
                            .fold(0u16, |a, (i, _)| a | 1 << i)
                    })
                    .collect();
                for a in 0..9 {
                    if lines[a].count_ones() != 2 {
                        continue;
                    }
                    for b in a + 1..9 {
                        if lines[b] != lines[a] {
                            continue;
                        }
                        let mut changed = false;
                        for pos in 0..9 {
                            if lines[a] >> pos & 1 == 0 {
                                continue;
                            }
                            let others = UNITS[cover + pos]
                                .iter()
                                .enumerate()
                                .filter(|(i, _)| *i != a && *i != b)
                                .map(|(_, &c)| c as usize)
                                .collect::<Vec<_>>();
                            changed |= self.remove(others.into_iter(), m);
                        }
                        if changed {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
}

/// Rates a grid whose clues break no rule (see [`super::check`]).
pub fn rate_human(g: &Grid) -> HumanRating {
    let mut b = PencilGrid {
        value: [0; 81],
        cand: [0x3FE; 81],
    };
    for (i, &v) in g.cells().iter().enumerate() {
        if (1..=9).contains(&v) {
            b.place(i, v);
        }
    }
    let order = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::XWing,
    ];
    let mut uses = vec![0u32; order.len()];
    let mut hardest = Technique::None;
    let mut placed = 0;
    loop {
        if b.value.iter().all(|&v| v != 0) {
            break;
        }
        // A cell with no candidate: logic cannot go on.
        if (0..81).any(|i| b.value[i] == 0 && b.cand[i] == 0) {
            hardest = Technique::Guessing;
            break;
        }
        let before = b.value.iter().filter(|&&v| v != 0).count();
        let used = order.iter().position(|t| match t {
            Technique::NakedSingle => b.naked_single(),
            Technique::HiddenSingle => b.hidden_single(),
            Technique::LockedCandidates => b.locked(),
            Technique::NakedPair => b.naked_subset(2),
            Technique::HiddenPair => b.hidden_pair(),
            Technique::NakedTriple => b.naked_subset(3),
            _ => b.x_wing(),
        });
        let Some(i) = used else {
            hardest = Technique::Guessing;
            break;
        };
        uses[i] += 1;
        hardest = hardest.max(order[i]);
        placed += (b.value.iter().filter(|&&v| v != 0).count() - before) as u32;
    }
    HumanRating {
        hardest,
        uses: order.iter().copied().zip(uses).collect(),
        placed,
        reached: Grid::from_cells(b.value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::puzzles;

    #[test]
    fn rates_seed_puzzles() {
        let ym = rate_human(&Grid::parse(puzzles::YM).unwrap());
        assert_eq!(ym.reached.filled(), 81);
        assert!(ym.hardest <= Technique::HiddenSingle, "{:?}", ym.hardest);
        // Arto Inkala's "hardest": beyond these techniques.
        let hard = Grid::parse(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .unwrap();
        assert_eq!(rate_human(&hard).hardest, Technique::Guessing);
    }
}
