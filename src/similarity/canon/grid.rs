//! The minlex form of a complete, valid solution grid: its first row is
//! always 123456789, so the search is over the second row's column order.

use super::Transform;
use crate::sudoku::Grid;

/// Work space of the grid search, kept across calls.
#[derive(Default)]
pub(super) struct GridMinlex {
    /// First-band ties of a solution grid: (grid, row 0, row 1, columns).
    ties: Vec<(u8, u8, u8, [u8; 9])>,
}

/// The grid's rows, plain (`[0]`) and transposed (`[1]`).
type Sources = [[[u8; 9]; 9]; 2];

/// A way to begin the first band: grid (0 plain, 1 transposed), first row,
/// second row, the column map `f` (see [`starts`]) and the first columns
/// worth trying with their flags (see [`first_columns`]).
type Start = (u8, u8, u8, [u8; 9], u16);

/// The flag of a pure start in [`Start`]'s last field.
const PURE: u16 = 1 << 15;

/// A band's other two rows, sorted, then their source rows.
type SortedBand = ([[u8; 9]; 3], [u8; 3]);

impl GridMinlex {
    /// The form of a complete, valid solution grid. Its first row is always
    /// `123456789`, so the work is in the second: for each choice of grid
    /// (plain or transposed), first row and second row of the same band, the
    /// column order is built position by position. Position `j` takes a
    /// source column (a choice only when no earlier step fixed it); the value
    /// there is the name of the digit below it in the second row, which is
    /// the target position of that digit's column in the first row, placed
    /// at the first free position of its stack's slot (giving a stack the
    /// first free slot) when not placed yet, since the smallest value wins.
    /// Arrangements that tie on the two rows then only need the other rows
    /// sorted: the third row is fixed, the other bands sort by their rows.
    pub(super) fn canon(&mut self, g: &Grid) -> (Grid, Transform) {
        let src = both_ways(g);
        let (starts, any_pure) = starts(&src);
        let (row1, row2) = self.first_band_ties(&src, &starts, any_pure);
        self.best_of_ties(&src, &row1, &row2)
    }

    /// Searches the column orders of the starts worth trying, keeping in
    /// `self.ties` those giving the smallest second and then third row;
    /// returns those two rows.
    fn first_band_ties(
        &mut self,
        src: &Sources,
        starts: &[Start],
        any_pure: bool,
    ) -> ([u8; 9], [u8; 9]) {
        let ties = &mut self.ties;
        ties.clear();
        let mut best_row1 = [u8::MAX; 9];
        let mut best_row2 = [u8::MAX; 9];
        // Among mixed starts, only those with the least fourth value.
        let least4 = starts
            .iter()
            .filter(|s| s.4 & PURE == 0)
            .map(|s| (s.4 >> 9) & 0xf)
            .min()
            .unwrap_or(0);
        for &(t, r0, r1, f, first) in starts {
            let pure = first & PURE != 0;
            if !pure && (any_pure || (first >> 9) & 0xf != least4) {
                continue;
            }
            let rows = &src[t as usize];
            let row0 = &rows[r0 as usize];
            let r2 = 3 * (r0 / 3 * 3) + 3 - r0 - r1;
            let row2 = &rows[r2 as usize];
            let mut walk = Walk::new();
            walk.first = first & 0x1ff;
            // The third row is fixed by the first two: compare it at once so
            // that only first-band ties remain.
            walk.search(&f, 0, &mut best_row1, &mut |pi| match pi {
                None => {
                    ties.clear();
                    best_row2 = [u8::MAX; 9];
                }
                Some(pi) => {
                    let name = digit_names(row0, &pi);
                    let line: [u8; 9] =
                        std::array::from_fn(|j| name[row2[pi[j] as usize] as usize]);
                    if line < best_row2 {
                        best_row2 = line;
                        ties.clear();
                    }
                    if line == best_row2 {
                        ties.push((t, r0, r1, pi));
                    }
                }
            });
        }
        (best_row1, best_row2)
    }

    /// The smallest whole form over the first-band ties (the first band,
    /// `123456789`, `row1`, `row2`, is the same for all of them; the other
    /// bands sort by their rows), and the transformation giving it.
    fn best_of_ties(&self, src: &Sources, row1: &[u8; 9], row2: &[u8; 9]) -> (Grid, Transform) {
        let mut best = [u8::MAX; 81];
        best[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        best[9..18].copy_from_slice(row1);
        best[18..27].copy_from_slice(row2);
        let mut best_t = Transform::IDENTITY;
        for &(t, r0, r1, pi) in self.ties.iter() {
            let rows = &src[t as usize];
            let name = digit_names(&rows[r0 as usize], &pi);
            let band0 = r0 / 3;
            let r2 = 3 * band0 + 3 - (r0 % 3) - (r1 % 3);
            let bands = other_bands(rows, band0, &name, &pi);
            let mut form = best;
            for (bi, (lines, _)) in bands.iter().enumerate() {
                for (i, line) in lines.iter().enumerate() {
                    let at = 27 * (bi + 1) + 9 * i;
                    form[at..at + 9].copy_from_slice(line);
                }
            }
            if form < best {
                best = form;
                let mut digits = [0u8; 10];
                digits[1..].copy_from_slice(&name[1..]);
                let [b1, b2] = bands;
                best_t = Transform {
                    transposed: t == 1,
                    rows: [
                        r0, r1, r2, b1.1[0], b1.1[1], b1.1[2], b2.1[0], b2.1[1], b2.1[2],
                    ],
                    cols: pi,
                    digits,
                };
            }
        }
        (Grid::from_cells(best), best_t)
    }
}

/// The grid's rows as they are and transposed.
fn both_ways(g: &Grid) -> Sources {
    let cells = g.cells();
    let mut src = [[[0u8; 9]; 9]; 2];
    for r in 0..9 {
        for c in 0..9 {
            let v = cells[9 * r + c];
            src[0][r][c] = v;
            src[1][c][r] = v;
        }
    }
    src
}

/// Every start (grid, first row, second row) with its column map f: f(c)
/// is the column of the first row holding the digit that the second row
/// has in column c. A start is "pure" when f sends each stack whole into
/// one stack; then the second row can begin 456, which no other start
/// can, so pure starts alone are searched when there are any (the `bool`).
fn starts(src: &Sources) -> (Vec<Start>, bool) {
    let mut starts = Vec::with_capacity(36);
    let mut any_pure = false;
    for t in 0..2u8 {
        let rows = &src[t as usize];
        for r0 in 0..9u8 {
            let mut pos0 = [0u8; 10];
            for (c, &d) in rows[r0 as usize].iter().enumerate() {
                pos0[d as usize] = c as u8;
            }
            let band = r0 / 3 * 3;
            for r1 in (band..band + 3).filter(|&r| r != r0) {
                let row1 = &rows[r1 as usize];
                let f: [u8; 9] = std::array::from_fn(|c| pos0[row1[c] as usize]);
                let first = first_columns(&f);
                any_pure |= first & PURE != 0;
                starts.push((t, r0, r1, f, first));
            }
        }
    }
    (starts, any_pure)
}

/// The first columns worth trying under column map `f` (bits 0..9): those
/// whose image's stack takes at least two images of their own stack (else
/// the second value is 7, not 5). [`PURE`] is set for a pure map; for a
/// mixed one the set is narrowed by [`least_fourth_value`], whose value
/// sits in bits 9..13.
fn first_columns(f: &[u8; 9]) -> u16 {
    let mut first = 0u16;
    let mut pure = true;
    for c in 0..9 {
        let base = c / 3 * 3;
        let same = (base..base + 3).filter(|&x| f[x] / 3 == f[c] / 3).count();
        if same >= 2 {
            first |= 1 << c;
        }
        pure &= same == 3;
    }
    if pure {
        first | PURE
    } else {
        least_fourth_value(f, first)
    }
}

/// For a mixed map: the row must begin 4 5 7, the 5 forcing the second
/// column b and so the third c; the fourth value is 1, 2 or 3 when
/// f(f(a)) is a, b or c, else 8. Keeps only the first columns a (of
/// `first`) giving the least, that value in bits 9..13.
fn least_fourth_value(f: &[u8; 9], first: u16) -> u16 {
    let mut best4 = u8::MAX;
    let mut keep = 0u16;
    for a in (0..9).filter(|&a| first & (1 << a) != 0) {
        let base = a / 3 * 3;
        let b = (base..base + 3)
            .find(|&x| x != a && f[x] / 3 == f[a] / 3)
            .unwrap_or(a);
        let ff = f[f[a] as usize] as usize;
        let v = if ff == a {
            1
        } else if ff == b {
            2
        } else if ff / 3 == a / 3 {
            3
        } else {
            8
        };
        if v < best4 {
            best4 = v;
            keep = 0;
        }
        if v == best4 {
            keep |= 1 << a;
        }
    }
    keep | (best4 as u16) << 9
}

/// `name[d]`: the new name of digit `d` when `row0` is the first row and
/// `pi` the column order (the first row reads 1 to 9).
fn digit_names(row0: &[u8; 9], pi: &[u8; 9]) -> [u8; 10] {
    let mut name = [0u8; 10];
    for (j, &c) in pi.iter().enumerate() {
        name[row0[c as usize] as usize] = j as u8 + 1;
    }
    name
}

/// The two bands other than `band0`, renamed and reordered, each with its
/// rows sorted, the smaller band first.
fn other_bands(rows: &[[u8; 9]; 9], band0: u8, name: &[u8; 10], pi: &[u8; 9]) -> [SortedBand; 2] {
    let mut bands = [([[0u8; 9]; 3], [0u8; 3]); 2];
    for (k, b) in (0..3u8).filter(|&b| b != band0).enumerate() {
        let mut lines = [([0u8; 9], 0u8); 3];
        for (i, slot) in lines.iter_mut().enumerate() {
            let r = 3 * b + i as u8;
            let row = &rows[r as usize];
            *slot = (
                std::array::from_fn(|j| name[row[pi[j] as usize] as usize]),
                r,
            );
        }
        lines.sort_unstable();
        bands[k] = (
            [lines[0].0, lines[1].0, lines[2].0],
            [lines[0].1, lines[1].1, lines[2].1],
        );
    }
    if bands[1] < bands[0] {
        bands.swap(0, 1);
    }
    bands
}

/// True for a complete grid whose rows, columns and blocks each hold 1..9.
pub(super) fn is_solution(g: &Grid) -> bool {
    let c = g.cells();
    // Puzzles mostly have an empty cell early: a quick way out.
    if c.contains(&0) {
        return false;
    }
    let full = 0b11_1111_1110u16;
    for k in 0..9 {
        let (mut r, mut co, mut b) = (0u16, 0u16, 0u16);
        for i in 0..9 {
            r |= 1 << c[9 * k + i].min(15);
            co |= 1 << c[9 * i + k].min(15);
            b |= 1 << c[(k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3].min(15);
        }
        if r != full || co != full || b != full {
            return false;
        }
    }
    true
}

/// The column-order search for the second row of a solution grid (see
/// [`GridMinlex::canon`]).
#[derive(Clone, Copy)]
struct Walk {
    /// Target position → source column (NONE when not placed yet).
    pi: [u8; 9],
    /// Source column → target position.
    tpos: [u8; 9],
    /// Source stack → slot.
    slot_of: [u8; 3],
    /// Slot → number of positions filled.
    filled: [u8; 3],
    /// Slots given a stack so far.
    slots: u8,
    /// Columns allowed at position 0 (bit per column).
    first: u16,
}

const NONE: u8 = u8::MAX;

impl Walk {
    fn new() -> Walk {
        Walk {
            pi: [NONE; 9],
            tpos: [NONE; 9],
            slot_of: [NONE; 3],
            filled: [0; 3],
            slots: 0,
            first: 0x1ff,
        }
    }

    /// Place source column `c` at the next free position of its stack's
    /// slot (giving the stack the next slot if it has none).
    fn place(&mut self, c: u8) -> u8 {
        let s = (c / 3) as usize;
        if self.slot_of[s] == NONE {
            self.slot_of[s] = self.slots;
            self.slots += 1;
        }
        let slot = self.slot_of[s] as usize;
        let p = 3 * slot as u8 + self.filled[slot];
        self.filled[slot] += 1;
        self.pi[p as usize] = c;
        self.tpos[c as usize] = p;
        p
    }

    /// Fill positions `j..9`, the earlier ones equal to `best`'s; report
    /// each column order that ties with `best` (`Some`), and `None` each
    /// time `best` gets smaller (earlier ties are then void).
    fn search(
        &mut self,
        f: &[u8; 9],
        j: usize,
        best: &mut [u8; 9],
        found: &mut dyn FnMut(Option<[u8; 9]>),
    ) {
        let mut w = *self;
        let mut j = j;
        while j < 9 {
            if w.pi[j] == NONE {
                // A free choice: any unplaced column of the slot's stack (or,
                // for a slot without a stack, of any stack without a slot).
                let slot = j / 3;
                for c in 0..9u8 {
                    if w.tpos[c as usize] != NONE || (j == 0 && w.first & (1 << c) == 0) {
                        continue;
                    }
                    let s = w.slot_of[(c / 3) as usize];
                    if s != slot as u8 && !(s == NONE && w.slots as usize == slot) {
                        continue;
                    }
                    let mut next = w;
                    next.place(c);
                    next.search(f, j, best, found);
                }
                return;
            }
            let target = f[w.pi[j] as usize];
            let p = if w.tpos[target as usize] != NONE {
                w.tpos[target as usize]
            } else {
                w.place(target)
            };
            let v = p + 1;
            if v > best[j] {
                return;
            }
            if v < best[j] {
                best[j] = v;
                best[j + 1..].fill(u8::MAX);
                found(None);
            }
            j += 1;
        }
        found(Some(w.pi));
    }
}
