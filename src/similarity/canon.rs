//! The exact canonical form ("minlex") of a Sudoku puzzle or grid under the
//! whole symmetry group: rows inside bands, bands, columns inside stacks,
//! stacks, transposition (3,359,232 arrangements) and digit relabelling.
//!
//! The form is the lexicographically smallest 81-character string (0 for
//! empty) over all arrangements, with digits renamed 1, 2, 3, ... in order
//! of first appearance. Two puzzles are the same up to symmetry exactly when
//! their forms are equal.
//!
//! How it is found fast: the form is built one row at a time. A *state* is a
//! partial arrangement that ties for the smallest prefix so far: which grid
//! (plain or transposed), which source rows fill the rows chosen, which
//! source stack goes to each stack slot, for each slot the set of column
//! orders still allowed, and the digit names given so far. For the next row
//! each state tries each source row the band structure allows, and within
//! each stack slot keeps only the column orders giving the smallest triple
//! (empty cells first, then named digits, then new digits, which take the
//! next names). Any row worse than the best seen at that depth is dropped at
//! the first worse triple; only states that tie survive. The first row is
//! chosen by its clue count per stack before anything else (fewest clues in
//! the first stack, and so on). Column orders that still tie stay together
//! as a set, so empty stacks never multiply the states; only orders that
//! name new digits differently split a state.

use crate::sudoku::Grid;

/// The six orders of three things, smallest first.
const PERM3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `AT[k][p]`: the orders (bits over [`PERM3`]) putting source column `p`
/// of a stack at position `k` of its slot.
const AT: [[u8; 3]; 3] = {
    let mut at = [[0u8; 3]; 3];
    let mut o = 0;
    while o < 6 {
        let mut k = 0;
        while k < 3 {
            at[k][PERM3[o][k]] |= 1 << o;
            k += 1;
        }
        o += 1;
    }
    at
};

/// All six column orders of a stack slot.
const ALL_ORDERS: u8 = 0b11_1111;

/// A symmetry of the Sudoku grid with a digit renaming. Applying it to `g`:
/// transpose `g` if `transposed`, then new row `i` is row `rows[i]`, new
/// column `j` is column `cols[j]` (0-based), and every digit `d` becomes
/// `digits[d]` (`digits[0] = 0`: empty stays empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Transpose first.
    pub transposed: bool,
    /// `rows[i]`: the (transposed) source row that becomes row `i`.
    pub rows: [u8; 9],
    /// `cols[j]`: the source column that becomes column `j`.
    pub cols: [u8; 9],
    /// `digits[d]`: the new name of digit `d` (index 0 is empty, stays 0).
    pub digits: [u8; 10],
}

/// Why a description is not a Sudoku symmetry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransformError {
    /// Rows (or columns) are not a permutation keeping bands (stacks) whole.
    Lines { what: &'static str, detail: String },
    /// The digit map is not a permutation of 1..9.
    Digits(String),
}

impl std::fmt::Display for TransformError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TransformError::Lines { what, detail } => write!(f, "bad {what} order: {detail}"),
            TransformError::Digits(detail) => write!(f, "bad digit map: {detail}"),
        }
    }
}

impl std::error::Error for TransformError {}

impl Transform {
    /// The transformation that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transposed: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// Check that this is a symmetry: rows and columns permutations that
    /// move whole bands/stacks and lines only inside them, digits a
    /// permutation of 1..9 fixing 0.
    pub fn validate(&self) -> Result<(), TransformError> {
        check_lines("row", &self.rows)?;
        check_lines("column", &self.cols)?;
        if self.digits[0] != 0 {
            return Err(TransformError::Digits("empty (0) must stay empty".into()));
        }
        let mut seen = [false; 10];
        for (d, &to) in self.digits.iter().enumerate().skip(1) {
            if !(1..=9).contains(&to) {
                return Err(TransformError::Digits(format!(
                    "digit {d} goes to {to}, outside 1..9"
                )));
            }
            if std::mem::replace(&mut seen[to as usize], true) {
                return Err(TransformError::Digits(format!(
                    "two digits go to {to}: the map must be one-to-one"
                )));
            }
        }
        Ok(())
    }

    /// For each cell of the result, the source cell it comes from.
    /// Lines out of range (an unvalidated transform) are taken modulo 9.
    pub fn cell_sources(&self) -> [u8; 81] {
        let mut p = [0u8; 81];
        for i in 0..9 {
            for j in 0..9 {
                let (r, c) = (self.rows[i] % 9, self.cols[j] % 9);
                p[9 * i + j] = if self.transposed {
                    9 * c + r
                } else {
                    9 * r + c
                };
            }
        }
        p
    }

    /// The grid moved and renamed. Values above 9 are left as they are.
    pub fn apply(&self, g: &Grid) -> Grid {
        let src = g.cells();
        let mut out = [0u8; 81];
        for (o, &s) in out.iter_mut().zip(self.cell_sources().iter()) {
            let v = src[s as usize];
            *o = self.digits.get(v as usize).copied().unwrap_or(v);
        }
        Grid::from_cells(out)
    }

    /// The transformation undoing this one.
    pub fn inverse(&self) -> Transform {
        let p = self.cell_sources();
        let mut inv = [0u8; 81];
        for (i, &s) in p.iter().enumerate() {
            inv[s as usize] = i as u8;
        }
        let mut digits = [0u8; 10];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[(to as usize).min(9)] = d as u8;
        }
        from_cell_sources(&inv, digits)
    }

    /// First `self`, then `next`.
    pub fn then(&self, next: &Transform) -> Transform {
        let p = self.cell_sources();
        let q = next.cell_sources();
        let mut r = [0u8; 81];
        for (out, &s) in r.iter_mut().zip(q.iter()) {
            *out = p[s as usize];
        }
        let mut digits = [0u8; 10];
        for (d, slot) in digits.iter_mut().enumerate() {
            *slot = next.digits[(self.digits[d] as usize).min(9)];
        }
        from_cell_sources(&r, digits)
    }
}

/// Rebuild a transform from a cell-source map that is known to be a
/// Sudoku symmetry (as compositions and inverses of symmetries are).
fn from_cell_sources(p: &[u8; 81], digits: [u8; 10]) -> Transform {
    let transposed = p[1] / 9 != p[0] / 9;
    let mut rows = [0u8; 9];
    let mut cols = [0u8; 9];
    for i in 0..9 {
        if transposed {
            rows[i] = p[9 * i] % 9;
            cols[i] = p[i] / 9;
        } else {
            rows[i] = p[9 * i] / 9;
            cols[i] = p[i] % 9;
        }
    }
    Transform {
        transposed,
        rows,
        cols,
        digits,
    }
}

fn check_lines(what: &'static str, lines: &[u8; 9]) -> Result<(), TransformError> {
    let mut seen = [false; 9];
    for (i, &l) in lines.iter().enumerate() {
        if l > 8 {
            return Err(TransformError::Lines {
                what,
                detail: format!("line {l} is out of range (lines are 0..8)"),
            });
        }
        if std::mem::replace(&mut seen[l as usize], true) {
            return Err(TransformError::Lines {
                what,
                detail: format!("line {l} is used twice"),
            });
        }
        if l / 3 != lines[i - i % 3] / 3 {
            return Err(TransformError::Lines {
                what,
                detail: format!(
                    "positions {}..{} must take three lines of one band or stack",
                    i - i % 3,
                    i - i % 3 + 2
                ),
            });
        }
    }
    Ok(())
}

/// A partial arrangement tying for the smallest prefix.
#[derive(Clone, Copy)]
struct State {
    /// 0: the grid as given, 1: transposed.
    t: u8,
    /// Index into [`PERM3`]: slot `i` holds source stack `PERM3[sigma][i]`.
    sigma: u8,
    /// Source rows used (bit per row).
    used: u16,
    /// Next digit name to give.
    next: u8,
    /// Source rows chosen so far, in order.
    rows: [u8; 9],
    /// Per stack slot: the column orders (bits over [`PERM3`]) still tying.
    ords: [u8; 3],
    /// Source digit → name (0: not named yet). Indexed by `value & 15`.
    map: [u8; 16],
}

/// One way of naming new digits while filling a row.
#[derive(Clone, Copy)]
struct Branch {
    map: [u8; 16],
    next: u8,
    ords: [u8; 3],
}

/// Reusable work space for canonical forms (keeps allocations across calls).
#[derive(Default)]
pub struct Canonicalizer {
    states: Vec<State>,
    next_states: Vec<State>,
    cur: Vec<Branch>,
    nxt: Vec<Branch>,
    /// First-band ties of a solution grid: (grid, row 0, row 1, columns).
    ties: Vec<(u8, u8, u8, [u8; 9])>,
}

impl Canonicalizer {
    /// A canonicalizer with empty work space.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical form of `g`.
    pub fn canon(&mut self, g: &Grid) -> Grid {
        self.canon_with_transform(g).0
    }

    /// The canonical form of `g` and a transformation taking `g` to it.
    pub fn canon_with_transform(&mut self, g: &Grid) -> (Grid, Transform) {
        if is_solution(g) {
            return self.canon_solution(g);
        }
        let cells = g.cells();
        // src[t][r][c]: row r of the grid (t = 0) or of its transpose (t = 1).
        let mut src = [[[0u8; 9]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                let v = cells[9 * r + c] & 15;
                src[0][r][c] = v;
                src[1][c][r] = v;
            }
        }
        // First row: by clue count per stack, fewest first (sorted counts
        // compared lexicographically give the smallest zero pattern).
        let mut first_key = [[0u16; 9]; 2];
        let mut best_key = u16::MAX;
        for (t, rows) in src.iter().enumerate() {
            for (r, row) in rows.iter().enumerate() {
                let mut c = [0u16; 3];
                for (s, n) in c.iter_mut().enumerate() {
                    *n = row[3 * s..3 * s + 3].iter().filter(|&&v| v != 0).count() as u16;
                }
                c.sort_unstable();
                let key = c[0] * 16 + c[1] * 4 + c[2];
                first_key[t][r] = key;
                best_key = best_key.min(key);
            }
        }

        self.states.clear();
        for t in 0..2u8 {
            if !first_key[t as usize].contains(&best_key) {
                continue;
            }
            for sigma in 0..6u8 {
                self.states.push(State {
                    t,
                    sigma,
                    used: 0,
                    next: 1,
                    rows: [0; 9],
                    ords: [ALL_ORDERS; 3],
                    map: [0; 16],
                });
            }
        }

        let mut form = [0u8; 81];
        for depth in 0..9 {
            let mut best_row = [u8::MAX; 9];
            self.next_states.clear();
            let mut states = std::mem::take(&mut self.states);
            for st in &states {
                let rows = &src[st.t as usize];
                let (lo, hi, band_free) = if depth % 3 == 0 {
                    (0, 9, true)
                } else {
                    let b = st.rows[depth - depth % 3] as usize / 3;
                    (3 * b, 3 * b + 3, false)
                };
                for r in lo..hi {
                    if st.used & (1 << r) != 0 {
                        continue;
                    }
                    if band_free && st.used & (0b111 << (r / 3 * 3)) != 0 {
                        continue;
                    }
                    if depth == 0 && first_key[st.t as usize][r] != best_key {
                        continue;
                    }
                    // Two equal rows of one band lead to the same forms.
                    let band0 = r / 3 * 3;
                    if (band0..r).any(|q| st.used & (1 << q) == 0 && rows[q] == rows[r]) {
                        continue;
                    }
                    let Some((row, better)) = self.eval(st, &rows[r], &best_row) else {
                        continue;
                    };
                    if better {
                        best_row = row;
                        self.next_states.clear();
                    }
                    let mut chosen = st.rows;
                    chosen[depth] = r as u8;
                    for b in &self.cur {
                        self.next_states.push(State {
                            t: st.t,
                            sigma: st.sigma,
                            used: st.used | (1 << r),
                            next: b.next,
                            rows: chosen,
                            ords: b.ords,
                            map: b.map,
                        });
                    }
                }
            }
            form[9 * depth..9 * depth + 9].copy_from_slice(&best_row);
            states.clear();
            self.states = std::mem::replace(&mut self.next_states, states);
        }

        // Every state left gives the form; take the first. (There is
        // always one: the first candidate at each depth is never refused.)
        let Some(&st) = self.states.first() else {
            return (Grid::from_cells(form), Transform::IDENTITY);
        };
        let sig = PERM3[st.sigma as usize];
        let mut cols = [0u8; 9];
        for slot in 0..3 {
            let o = PERM3[st.ords[slot].trailing_zeros() as usize];
            for k in 0..3 {
                cols[3 * slot + k] = (3 * sig[slot] + o[k]) as u8;
            }
        }
        // Digits absent from the puzzle take the unused names, in order.
        let mut digits = [0u8; 10];
        let mut taken = [false; 10];
        for (slot, &m) in digits.iter_mut().zip(st.map.iter()).skip(1) {
            if (1..=9).contains(&m) {
                *slot = m;
                taken[m as usize] = true;
            }
        }
        let mut free = (1..10u8).filter(|&n| !taken[n as usize]);
        for slot in digits.iter_mut().skip(1) {
            if *slot == 0 {
                *slot = free.next().unwrap_or(0);
            }
        }
        let t = Transform {
            transposed: st.t == 1,
            rows: st.rows,
            cols,
            digits,
        };
        (Grid::from_cells(form), t)
    }

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
    fn canon_solution(&mut self, g: &Grid) -> (Grid, Transform) {
        let cells = g.cells();
        let mut src = [[[0u8; 9]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                let v = cells[9 * r + c];
                src[0][r][c] = v;
                src[1][c][r] = v;
            }
        }
        // Ties on the first band: (grid, first row, second row, columns).
        let ties = &mut self.ties;
        ties.clear();
        let mut best_row1 = [u8::MAX; 9];
        let mut best_row2 = [u8::MAX; 9];
        // Every start (grid, first row, second row) with its column map f:
        // f(c) is the column of the first row holding the digit that the
        // second row has in column c. A start is "pure" when f sends each
        // stack whole into one stack; then the second row can begin 456,
        // which no other start can, so pure starts alone are searched when
        // there are any.
        let mut starts: Vec<(u8, u8, u8, [u8; 9], u16)> = Vec::with_capacity(36);
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
                    // A first column whose image's stack takes fewer than two
                    // images of its own stack makes the second value 7, not 5.
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
                    any_pure |= pure;
                    if !pure {
                        // Mixed: the row must begin 4 5 7, the 5 forcing the
                        // second column b and so the third c; the fourth value
                        // is 1, 2 or 3 when f(f(a)) is a, b or c, else 8.
                        // Keep only the first columns a giving the least.
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
                        first = keep | (best4 as u16) << 9;
                    }
                    starts.push((t, r0, r1, f, if pure { first | 1 << 15 } else { first }));
                }
            }
        }
        // Among mixed starts, only those with the least fourth value.
        let least4 = starts
            .iter()
            .filter(|s| s.4 & (1 << 15) == 0)
            .map(|s| (s.4 >> 9) & 0xf)
            .min()
            .unwrap_or(0);
        for &(t, r0, r1, f, first) in &starts {
            let pure = first & (1 << 15) != 0;
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
                    let mut name = [0u8; 10];
                    for (j, &c) in pi.iter().enumerate() {
                        name[row0[c as usize] as usize] = j as u8 + 1;
                    }
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
        let mut best = [u8::MAX; 81];
        let mut best_t = Transform::IDENTITY;
        for &(t, r0, r1, pi) in self.ties.iter() {
            let rows = &src[t as usize];
            let mut name = [0u8; 10];
            for (j, &c) in pi.iter().enumerate() {
                name[rows[r0 as usize][c as usize] as usize] = j as u8 + 1;
            }
            let band0 = r0 / 3;
            let r2 = 3 * band0 + 3 - (r0 % 3) - (r1 % 3);
            // The other two bands, each with its rows sorted.
            let mut bands = [([[0u8; 9]; 3], [0u8; 3]); 2];
            let mut k = 0;
            for b in 0..3u8 {
                if b == band0 {
                    continue;
                }
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
                k += 1;
            }
            if bands[1] < bands[0] {
                bands.swap(0, 1);
            }
            let mut form = [0u8; 81];
            form[..27].copy_from_slice(&best[..27]);
            for (bi, (lines, _)) in bands.iter().enumerate() {
                for (i, line) in lines.iter().enumerate() {
                    let at = 27 * (bi + 1) + 9 * i;
                    form[at..at + 9].copy_from_slice(line);
                }
            }
            if best[0] == u8::MAX {
                // First tie: fill in the first band (the same for all ties).
                form[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
                form[9..18].copy_from_slice(&best_row1);
                form[18..27].copy_from_slice(&best_row2);
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

    /// The smallest row that state `st` can make from source row `v`,
    /// if it is not worse than `best`; `true` when strictly better. The
    /// ways of reaching it are left in `self.cur`.
    fn eval(&mut self, st: &State, v: &[u8; 9], best: &[u8; 9]) -> Option<([u8; 9], bool)> {
        let sig = PERM3[st.sigma as usize];
        self.cur.clear();
        self.cur.push(Branch {
            map: st.map,
            next: st.next,
            ords: st.ords,
        });
        let mut row = [0u8; 9];
        let mut better = false;
        for slot in 0..3 {
            let base = 3 * sig[slot];
            let cells = [v[base], v[base + 1], v[base + 2]];
            let tri: [u8; 3];
            let clues = cells.iter().filter(|&&d| d != 0).count();
            if clues == 0 {
                // An empty triple: every order ties, nothing changes.
                tri = [0, 0, 0];
            } else if clues == 1 {
                // One clue: put it as far right as the allowed orders let
                // it go; its name does not depend on the order.
                let p = cells.iter().position(|&d| d != 0).unwrap_or(0);
                let d = cells[p] as usize;
                self.nxt.clear();
                let mut min_key = u32::MAX;
                for b in &self.cur {
                    let allowed = b.ords[slot];
                    let Some(k) = (0..3).rev().find(|&k| allowed & AT[k][p] != 0) else {
                        continue;
                    };
                    let mut map = b.map;
                    let mut next = b.next;
                    if map[d] == 0 {
                        map[d] = next;
                        next += 1;
                    }
                    // Smaller key: the clue further right, then a smaller name.
                    let key = ((2 - k as u32) << 8) | u32::from(map[d]);
                    if key > min_key {
                        continue;
                    }
                    if key < min_key {
                        min_key = key;
                        self.nxt.clear();
                    }
                    let mut ords = b.ords;
                    ords[slot] = allowed & AT[k][p];
                    self.nxt.push(Branch { map, next, ords });
                }
                let first = self.nxt.first()?;
                let k = (0..3)
                    .rev()
                    .find(|&k| first.ords[slot] & AT[k][p] != 0)
                    .unwrap_or(0);
                let mut t3 = [0u8; 3];
                t3[k] = first.map[d];
                tri = t3;
                std::mem::swap(&mut self.cur, &mut self.nxt);
            } else {
                self.nxt.clear();
                let mut min_key = u32::MAX;
                for b in &self.cur {
                    let mut bits = st.ords[slot] & b.ords[slot];
                    while bits != 0 {
                        let o = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let p = PERM3[o];
                        let mut map = b.map;
                        let mut next = b.next;
                        let mut t3 = [0u8; 3];
                        for k in 0..3 {
                            let d = cells[p[k]] as usize;
                            if d != 0 {
                                if map[d] == 0 {
                                    map[d] = next;
                                    next += 1;
                                }
                                t3[k] = map[d];
                            }
                        }
                        let key = u32::from_be_bytes([0, t3[0], t3[1], t3[2]]);
                        if key > min_key {
                            continue;
                        }
                        if key < min_key {
                            min_key = key;
                            self.nxt.clear();
                        }
                        if let Some(e) = self.nxt.iter_mut().find(|e| e.map == map) {
                            e.ords[slot] |= 1 << o;
                        } else {
                            let mut ords = b.ords;
                            ords[slot] = 1 << o;
                            self.nxt.push(Branch { map, next, ords });
                        }
                    }
                }
                let [_, a, b, c] = min_key.to_be_bytes();
                tri = [a, b, c];
                std::mem::swap(&mut self.cur, &mut self.nxt);
            }
            row[3 * slot..3 * slot + 3].copy_from_slice(&tri);
            if !better {
                match tri.cmp(&[best[3 * slot], best[3 * slot + 1], best[3 * slot + 2]]) {
                    std::cmp::Ordering::Greater => return None,
                    std::cmp::Ordering::Less => better = true,
                    std::cmp::Ordering::Equal => {}
                }
            }
        }
        Some((row, better))
    }
}

/// True for a complete grid whose rows, columns and blocks each hold 1..9.
fn is_solution(g: &Grid) -> bool {
    let c = g.cells();
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
/// [`Canonicalizer::canon_solution`]).
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

/// The canonical form of one grid (see [`Canonicalizer`] for many).
pub fn canon(g: &Grid) -> Grid {
    Canonicalizer::new().canon(g)
}

/// A transformation taking `a` to `b` when they are the same puzzle up to
/// symmetry and digit renaming, `None` otherwise.
pub fn equivalent(a: &Grid, b: &Grid) -> Option<Transform> {
    let mut c = Canonicalizer::new();
    let (ca, ta) = c.canon_with_transform(a);
    let (cb, tb) = c.canon_with_transform(b);
    (ca == cb).then(|| ta.then(&tb.inverse()))
}

/// The canonical form by trying every one of the 3,359,232 arrangements
/// (digits renamed by first appearance, each compared until it is worse).
/// Slow (a few hundredths of a second a puzzle in a release build, far
/// more in debug): a reference for tests and benches.
pub fn canon_brute_force(g: &Grid) -> Grid {
    let mut best = [u8::MAX; 81];
    let cells = g.cells();
    let mut rows = [0u8; 9];
    let mut cols = [0u8; 9];
    for transposed in [false, true] {
        for bands in PERM3 {
            for rp in 0..216 {
                let inner = [PERM3[rp % 6], PERM3[rp / 6 % 6], PERM3[rp / 36]];
                for i in 0..9 {
                    rows[i] = (3 * bands[i / 3] + inner[i / 3][i % 3]) as u8;
                }
                for stacks in PERM3 {
                    for cp in 0..216 {
                        let inner = [PERM3[cp % 6], PERM3[cp / 6 % 6], PERM3[cp / 36]];
                        for j in 0..9 {
                            cols[j] = (3 * stacks[j / 3] + inner[j / 3][j % 3]) as u8;
                        }
                        let mut map = [0u8; 16];
                        let mut next = 1;
                        let mut less = false;
                        'cells: for i in 0..81 {
                            let (r, c) = (rows[i / 9] as usize, cols[i % 9] as usize);
                            let v = if transposed {
                                cells[9 * c + r]
                            } else {
                                cells[9 * r + c]
                            } as usize
                                & 15;
                            let x = if v == 0 {
                                0
                            } else {
                                if map[v] == 0 {
                                    map[v] = next;
                                    next += 1;
                                }
                                map[v]
                            };
                            if less {
                                best[i] = x;
                            } else if x < best[i] {
                                less = true;
                                best[i] = x;
                            } else if x > best[i] {
                                break 'cells;
                            }
                        }
                    }
                }
            }
        }
    }
    Grid::from_cells(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny deterministic generator (no dependency needed).
    pub(crate) struct Rng(u64);
    impl Rng {
        pub(crate) fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    fn random_transform(rng: &mut Rng) -> Transform {
        let mut t = Transform::IDENTITY;
        t.transposed = rng.below(2) == 1;
        for lines in [&mut t.rows, &mut t.cols] {
            let outer = PERM3[rng.below(6)];
            for b in 0..3 {
                let inner = PERM3[rng.below(6)];
                for k in 0..3 {
                    lines[3 * b + k] = (3 * outer[b] + inner[k]) as u8;
                }
            }
        }
        let mut d: Vec<u8> = (1..10).collect();
        for i in (1..9).rev() {
            d.swap(i, rng.below(i + 1));
        }
        t.digits[1..].copy_from_slice(&d);
        t
    }

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const X: &str =
        "000200001008000050000300000400000600210000000000050080300000002000060400009080000";

    #[test]
    fn inverse_and_then_undo_each_other() {
        let mut rng = Rng(7);
        let g = Grid::parse(SOLVED).unwrap();
        for _ in 0..20 {
            let t = random_transform(&mut rng);
            t.validate().unwrap();
            let moved = t.apply(&g);
            assert_eq!(t.inverse().apply(&moved), g);
            let u = random_transform(&mut rng);
            assert_eq!(t.then(&u).apply(&g), u.apply(&moved));
        }
    }

    #[test]
    fn matches_brute_force_on_small_cases() {
        let mut rng = Rng(99);
        let solved = Grid::parse(SOLVED).unwrap();
        for case in 0..4 {
            // Keep a random handful of cells of a moved solution.
            let mut cells = *random_transform(&mut rng).apply(&solved).cells();
            let keep = [3, 8, 17, 30][case];
            for (i, v) in cells.iter_mut().enumerate() {
                if rng.below(81) >= keep && i != 40 {
                    *v = 0;
                }
            }
            let g = Grid::from_cells(cells);
            assert_eq!(
                canon(&g),
                canon_brute_force(&g),
                "case {case}: {}",
                g.line()
            );
        }
        let x = Grid::parse(X).unwrap();
        assert_eq!(canon(&x), canon_brute_force(&x));
        let moved = random_transform(&mut rng).apply(&solved);
        assert_eq!(canon(&moved), canon_brute_force(&solved));
        assert_eq!(canon(&Grid::empty()), Grid::empty());
    }

    #[test]
    fn transformed_puzzles_share_the_form() {
        let mut rng = Rng(12345);
        for text in [X, SOLVED] {
            let g = Grid::parse(text).unwrap();
            let form = canon(&g);
            for _ in 0..20 {
                let h = random_transform(&mut rng).apply(&g);
                assert_eq!(canon(&h), form);
                let t = equivalent(&g, &h).unwrap();
                t.validate().unwrap();
                assert_eq!(t.apply(&g), h);
            }
        }
    }
}
