//! The fast native Sudoku solver: band-wise bitboards after JCZSolve.
//!
//! The state is 27 masks of 27 bits, one per (digit, band): bit
//! `row_in_band * 9 + column` is set while the digit may still go in that
//! cell (a placed digit keeps its bit). Inside one band a digit must occupy
//! one cell in each row and each box, i.e. one of six row→box permutations;
//! a table over the 9 "row segment is non-empty" bits keeps exactly the
//! segments used by some consistent permutation, which is every locked
//! candidate (pointing and claiming) inside the band in one lookup. A row
//! left with one cell places the digit; naked singles come from a bit-sliced
//! count over the nine digits, hidden singles in boxes and rows fall out of
//! the band table, and column claiming (a column closed to a digit in two
//! bands pins it to one box of the third) finds hidden singles in columns.
//! When nothing more follows, the search guesses on the cell with two
//! candidates that has the most unsolved peers (the fewest otherwise).
//! Puzzles with many clues (30 or more) skip the claiming pass and the peer
//! scoring, which cost more than they save there: column hidden singles are
//! sought only when no cell is bivalue, and the first bivalue cell is taken.
//!
//! [`rate`] holds a human-style rater (which techniques a person needs).

pub mod batch;
pub mod rate;

use super::{CELLS, Grid};
use crate::monitor::Monitor;

// The rule check lives with the grid (one check, one way of naming cells).
pub use super::grid::{InvalidGrid, Unit, cell_name};

/// Checks that the clues break no rule; see [`Grid::check`].
pub fn check(g: &Grid) -> Result<(), InvalidGrid> {
    g.check()
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u64,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// Guesses made (branch points of the search), over the whole search.
    pub guesses: u64,
    /// True when the monitor stopped the search before it finished.
    pub stopped: bool,
}

/// The first solution, or `None` when there is none.
pub fn solve(g: &Grid) -> Result<Option<Grid>, InvalidGrid> {
    Ok(count_solutions(g, 1)?.first)
}

/// Counts solutions up to `limit` (a limit of 0 counts as 1).
pub fn count_solutions(g: &Grid, limit: u64) -> Result<Count, InvalidGrid> {
    count_solutions_with(g, limit, None)
}

/// True when the grid has exactly one solution.
pub fn is_unique(g: &Grid) -> Result<bool, InvalidGrid> {
    Ok(count_solutions(g, 2)?.solutions == 1)
}

/// Like [`count_solutions`], checking `monitor` for cancellation every few
/// thousand guesses (counting a blank grid to a large limit takes long).
pub fn count_solutions_with(
    g: &Grid,
    limit: u64,
    monitor: Option<&dyn Monitor>,
) -> Result<Count, InvalidGrid> {
    let mut search = Search {
        limit: limit.max(1),
        count: 0,
        first: None,
        guesses: 0,
        stopped: false,
        monitor,
        hard: g.filled() < HARD_BELOW_CLUES,
    };
    match State::from_grid(g) {
        Some(state) => search.run(state),
        None => check(g)?,
    }
    Ok(Count {
        solutions: search.count,
        first: search.first,
        guesses: search.guesses,
        stopped: search.stopped,
    })
}

// ---------------------------------------------------------------- tables

const ALL: u32 = (1 << 27) - 1;
/// Copies a 9-bit column set into the three rows of a band.
const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;

/// For a 9-bit row: bit j set when box j's three cells hold a candidate.
const SHRINK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 3 {
            if x & (7 << (3 * j)) != 0 {
                t[x] |= 1 << j;
            }
            j += 1;
        }
        x += 1;
    }
    t
};

/// For the 9 "segment (row i, box j) non-empty" bits of a band: the cells of
/// the segments some row→box permutation can use (0 when none can).
const COMPLEX: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut p = 0;
    while p < 512 {
        let mut k = 0;
        while k < 6 {
            let perm = PERMS[k];
            let mut ok = true;
            let mut i = 0;
            while i < 3 {
                if p & (1 << (i * 3 + perm[i])) == 0 {
                    ok = false;
                }
                i += 1;
            }
            if ok {
                let mut i = 0;
                while i < 3 {
                    t[p] |= 7 << (i * 9 + perm[i] * 3);
                    i += 1;
                }
            }
            k += 1;
        }
        p += 1;
    }
    t
};

/// For the 9-bit set of columns a digit may use in a band: the cells left
/// to it in the other bands. A box whose candidates sit in one column
/// claims that column (vertical locked candidates).
const COLUMN_LOCK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut locked = 0u32;
        let mut j = 0;
        while j < 3 {
            let bits = (x >> (3 * j)) & 7;
            if bits == 1 || bits == 2 || bits == 4 {
                locked |= (bits << (3 * j)) as u32;
            }
            j += 1;
        }
        t[x] = ALL & !(locked * SPREAD);
        x += 1;
    }
    t
};

/// For the 9-bit set of columns a digit can use in a band only (closed to
/// it in the other two): the cells of the columns each box keeps; a box
/// forced onto two columns keeps none (a contradiction).
const CLAIM: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 3 {
            let bits = (x >> (3 * j)) & 7;
            let keep = if bits == 0 {
                7
            } else if bits == 1 || bits == 2 || bits == 4 {
                bits
            } else {
                0
            };
            t[x] |= (keep << (3 * j)) as u32;
            j += 1;
        }
        t[x] *= SPREAD;
        x += 1;
    }
    t
};

/// A 9-bit row if it holds exactly one cell, else 0.
const SINGLE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 1;
    while x < 512 {
        if x & (x - 1) == 0 {
            t[x] = x as u32;
        }
        x += 1;
    }
    t
};

/// For a bit of a band: the other cells of its row, box and column there.
const PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r2, c2) = (q / 9, q % 9);
            if q != p && (r2 == r || c2 == c || c2 / 3 == c / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

// ---------------------------------------------------------------- state

/// Candidates as 27 (digit, band) masks, index `digit * 3 + band`.
#[derive(Clone, Copy)]
struct State {
    f: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
    /// Each mask as last propagated: a mask that differs needs another look.
    prev: [u32; 27],
}

impl State {
    /// The puzzle's clues placed; `None` when a clue breaks the rules (or a
    /// cell holds more than 9): run [`check`] for the details.
    fn from_grid(g: &Grid) -> Option<State> {
        // Per (digit, band): the clue cells, the cells they see in the band,
        // and their columns; combined once at the end.
        // Index 27.. collects the empty cells, so the loop needs no branch.
        let mut placed = [0u32; 30];
        let mut seen = [0u32; 30];
        let mut cols = [0u32; 30];
        let mut clues = [0u32; 3];
        let cells = g.cells();
        if cells.iter().any(|&v| v > 9) {
            return None;
        }
        const SLOT: [usize; 10] = [27, 0, 3, 6, 9, 12, 15, 18, 21, 24];
        for b in 0..3 {
            for p in 0..27 {
                let v = cells[b * 27 + p] as usize;
                let k = SLOT[v.min(9)] + b;
                placed[k] |= 1 << p;
                seen[k] |= PEERS[p];
                cols[k] |= 1 << (p % 9);
                clues[b] |= ((v != 0) as u32) << p;
            }
        }
        let mut s = State {
            f: [0; 27],
            unsolved: [ALL & !clues[0], ALL & !clues[1], ALL & !clues[2]],
            prev: [0; 27],
        };
        let mut bad = 0;
        for d in 0..9 {
            let k = d * 3;
            for b in 0..3 {
                let other = cols[k + (b + 1) % 3] | cols[k + (b + 2) % 3];
                bad |= (placed[k + b] & seen[k + b]) | (cols[k + b] & other);
                s.f[k + b] = (ALL & !clues[b] & !seen[k + b] & !(other * SPREAD)) | placed[k + b];
            }
        }
        (bad == 0).then_some(s)
    }

    /// Applies band locked candidates and row singles until nothing changes.
    /// False on a contradiction.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        // Sweeps over the 27 masks until none changed; each step is
        // specialised to its index so that neighbours are constants (no
        // loops, no bounds checks).
        macro_rules! sweep {
            ($($k:literal)*) => {
                loop {
                    let mut any = false;
                    $(
                        if self.f[$k] != self.prev[$k] {
                            any = true;
                            if !self.update::<$k>() {
                                return false;
                            }
                        }
                    )*
                    if !any {
                        return true;
                    }
                }
            };
        }
        sweep!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
    }

    /// One (digit, band) mask: band locked candidates, claimed columns, row
    /// singles; false when the digit has no place left in the band.
    #[inline(always)]
    fn update<const K: usize>(&mut self) -> bool {
        let b = K % 3;
        let base = K - b;
        let s = self.f[K];
        let shrink = SHRINK[(s & 511) as usize]
            | SHRINK[((s >> 9) & 511) as usize] << 3
            | SHRINK[((s >> 18) & 511) as usize] << 6;
        let s = s & COMPLEX[(shrink & 511) as usize];
        if s == 0 {
            return false;
        }
        self.f[K] = s;
        self.prev[K] = s;
        // Columns this band claims are closed to the digit elsewhere.
        let keep = COLUMN_LOCK[((s | s >> 9 | s >> 18) & 511) as usize];
        for bb in 0..3 {
            if bb != b {
                self.f[base + bb] &= keep;
            }
        }
        let singles = (SINGLE[(s & 511) as usize]
            | SINGLE[((s >> 9) & 511) as usize] << 9
            | SINGLE[((s >> 18) & 511) as usize] << 18)
            & self.unsolved[b];
        // Unconditional (no hard-to-predict branch): a no-op without singles.
        self.unsolved[b] &= !singles;
        for d in 0..9 {
            let kk = d * 3 + b;
            if kk != K {
                self.f[kk] &= !singles;
            }
        }
        true
    }

    /// Places every naked single and every hidden single in a column.
    /// `Err` on a contradiction (a cell or a column with no candidate),
    /// `Ok(true)` when something was placed.
    #[inline(always)]
    // `b` indexes the band in several arrays at once.
    #[allow(clippy::needless_range_loop)]
    fn singles(&mut self, few: &mut [u32; 3]) -> Result<bool, ()> {
        let mut placed = false;
        for b in 0..3 {
            let u = self.unsolved[b];
            few[b] = 0;
            if u == 0 {
                continue;
            }
            let (mut r1, mut r2, mut r3) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[d * 3 + b];
                r3 |= r2 & x;
                r2 |= r1 & x;
                r1 |= x;
            }
            few[b] = u & r2 & !r3;
            if u & !r1 != 0 {
                return Err(());
            }
            let mut one = u & !r2;
            while one != 0 {
                let p = one.trailing_zeros() as usize;
                one &= one - 1;
                let d = self.digits_at(b, p).trailing_zeros() as usize;
                if d < 9 {
                    self.f[d * 3 + b] &= !PEERS[p];
                }
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Column claiming: a column closed to a digit in two bands holds it in
    /// the third, so that box keeps only that column there (with the
    /// band's own logic this also finds hidden singles in columns).
    /// `Err` when a digit has no cell left in some column, `Ok(true)` when
    /// a mask changed.
    #[inline(never)]
    fn claim_columns(&mut self) -> Result<bool, ()> {
        let cols = |x: u32| (x | x >> 9 | x >> 18) & 511;
        let mut changed = 0;
        for d in 0..9 {
            let k = d * 3;
            let (a, b, c) = (self.f[k], self.f[k + 1], self.f[k + 2]);
            let (ca, cb, cc) = (cols(a), cols(b), cols(c));
            if ca | cb | cc != 511 {
                return Err(());
            }
            let na = a & CLAIM[(!(cb | cc) & 511) as usize];
            let nb = b & CLAIM[(!(ca | cc) & 511) as usize];
            let nc = c & CLAIM[(!(ca | cb) & 511) as usize];
            changed |= (a ^ na) | (b ^ nb) | (c ^ nc);
            self.f[k] = na;
            self.f[k + 1] = nb;
            self.f[k + 2] = nc;
        }
        Ok(changed != 0)
    }

    /// Places hidden singles in columns: a digit whose column has one cell
    /// left over the three bands, in a column where it is not yet placed.
    /// `Err` when a digit has no cell left in some column, `Ok(true)` when
    /// something was placed. Only worth its cost where no cell is bivalue.
    #[inline(never)]
    fn column_singles(&mut self) -> Result<bool, ()> {
        let mut placed = false;
        for d in 0..9 {
            let k = d * 3;
            let (a, b, c) = (self.f[k], self.f[k + 1], self.f[k + 2]);
            let fold = |x: u32| -> (u32, u32) {
                let (r0, r1, r2) = (x & 511, (x >> 9) & 511, x >> 18);
                (r0 | r1 | r2, (r0 & r1) | (r0 & r2) | (r1 & r2))
            };
            let (a1, a2) = fold(a);
            let (b1, b2) = fold(b);
            let (c1, c2) = fold(c);
            let any = a1 | b1 | c1;
            let many = a2 | b2 | c2 | (a1 & b1) | (a1 & c1) | (b1 & c1);
            if any != 511 {
                return Err(());
            }
            let once = !many & 511;
            if once == 0 {
                continue;
            }
            let spread = once * SPREAD;
            for (bb, x) in [a, b, c].into_iter().enumerate() {
                let hit = x & spread & self.unsolved[bb];
                if hit != 0 {
                    let mut h = hit;
                    while h != 0 {
                        let p = h.trailing_zeros() as usize;
                        h &= h - 1;
                        self.f[k + bb] &= !PEERS[p];
                        for dd in 0..9 {
                            if dd != d {
                                self.f[dd * 3 + bb] &= !(1 << p);
                            }
                        }
                    }
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// The candidate digits (bit d for digit d + 1) of bit `p` of band `b`,
    /// gathered without branches.
    #[inline(always)]
    fn digits_at(&self, b: usize, p: usize) -> u32 {
        let mut m = 0;
        for d in 0..9 {
            m |= ((self.f[d * 3 + b] >> p) & 1) << d;
        }
        m
    }

    fn solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    #[inline(never)]
    fn to_grid(self) -> Grid {
        let mut cells = [0u8; CELLS];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.f[d * 3 + b];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    cells[b * 27 + p] = d as u8 + 1;
                }
            }
        }
        Grid::from_cells(cells)
    }

    /// The unsolved cell to branch on: (band, bit) with the fewest candidates.
    /// `few`: the cells with two candidates, per band, as
    /// [`State::singles`] last found them; then cells with three.
    fn pick(&self, few: &[u32; 3], hard: bool) -> (usize, usize) {
        if !hard {
            // Many clues: the first bivalue cell; scoring costs more than
            // it saves on puzzles this open to propagation.
            for (b, &c) in few.iter().enumerate() {
                if c != 0 {
                    return (b, c.trailing_zeros() as usize);
                }
            }
        }
        // The bivalue cell with the most unsolved peers: its guess reaches
        // furthest (far fewer guesses on hard puzzles than the first
        // bivalue cell).
        let mut best = None;
        let mut most = 0;
        for (b, &c) in few.iter().enumerate() {
            let others = self.unsolved[(b + 1) % 3] | self.unsolved[(b + 2) % 3];
            let mut c = c;
            while c != 0 {
                let p = c.trailing_zeros() as usize;
                c &= c - 1;
                // Unsolved peers: in the band (row, box, column) and in
                // the column through the other bands.
                let n = (self.unsolved[b] & PEERS[p]).count_ones()
                    + (others & SPREAD << (p % 9)).count_ones()
                    + 1;
                if n > most {
                    best = Some((b, p));
                    most = n;
                }
            }
        }
        if let Some(bp) = best {
            return bp;
        }
        for b in 0..3 {
            let (mut r1, mut r2, mut r3, mut r4) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[d * 3 + b];
                r4 |= r3 & x;
                r3 |= r2 & x;
                r2 |= r1 & x;
                r1 |= x;
            }
            let three = self.unsolved[b] & r3 & !r4;
            if three != 0 {
                return (b, three.trailing_zeros() as usize);
            }
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut u = self.unsolved[b];
            while u != 0 {
                let p = u.trailing_zeros() as usize;
                u &= u - 1;
                let n = (0..9).filter(|d| self.f[d * 3 + b] >> p & 1 != 0).count() as u32;
                if n < best.2 {
                    best = (b, p, n);
                }
            }
        }
        (best.0, best.1)
    }
}

/// Puzzles with fewer clues than this are searched the "hard" way (see
/// `Search::hard`); the shared hard sets have 17-28 clues (one 37),
/// serg's many-solution set 34-35.
const HARD_BELOW_CLUES: usize = 30;

struct Search<'m> {
    limit: u64,
    count: u64,
    first: Option<Grid>,
    guesses: u64,
    stopped: bool,
    monitor: Option<&'m dyn Monitor>,
    /// Few clues (hard puzzles): column claiming at each fixpoint and the
    /// peer-scored guess pay off; with many clues (e.g. serg's 34-35) the
    /// cheaper column singles and first bivalue cell are faster.
    hard: bool,
}

impl Search<'_> {
    fn done(&self) -> bool {
        self.count >= self.limit || self.stopped
    }

    fn run(&mut self, mut s: State) {
        let mut few = [0u32; 3];
        loop {
            loop {
                if !s.propagate() {
                    return;
                }
                if s.solved() {
                    break;
                }
                match s.singles(&mut few) {
                    Err(()) => return,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
                let more = if self.hard {
                    s.claim_columns()
                } else if few != [0; 3] {
                    break;
                } else {
                    s.column_singles()
                };
                match more {
                    Err(()) => return,
                    Ok(true) => continue,
                    Ok(false) => break,
                }
            }
            if s.solved() {
                self.count += 1;
                if self.first.is_none() {
                    self.first = Some(s.to_grid());
                }
                return;
            }
            self.guesses += 1;
            if self.guesses & 4095 == 0
                && let Some(m) = self.monitor
                && m.cancelled()
            {
                self.stopped = true;
                return;
            }
            let (b, p) = s.pick(&few, self.hard);
            let bit = 1u32 << p;
            // Every digit but the last on a copy; the last in place, since
            // it is all that is left for the cell once the others failed.
            let mut m = s.digits_at(b, p);
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                if m == 0 {
                    s.f[d * 3 + b] &= !PEERS[p];
                    break;
                }
                let mut t = s;
                let mut others = m;
                while others != 0 {
                    let e = others.trailing_zeros() as usize;
                    others &= others - 1;
                    t.f[e * 3 + b] &= !bit;
                }
                t.f[d * 3 + b] &= !PEERS[p];
                self.run(t);
                if self.done() {
                    return;
                }
                s.f[d * 3 + b] &= !bit;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::puzzles;

    fn g(s: &str) -> Grid {
        Grid::parse(s).unwrap()
    }

    #[test]
    fn solves_seed_puzzles_as_printed() {
        let ym = solve(&g(puzzles::YM)).unwrap().unwrap();
        assert_eq!(
            ym.line(),
            "659721348743985162281436597974162853365897214128354679412673985596248731837519426"
        );
        let s = solve(&g(puzzles::SU21_99)).unwrap().unwrap();
        assert_eq!(
            s.line(),
            "364812579982756314175394628743581296698423751521967483457138962836279145219645837"
        );
        assert!(is_unique(&g(puzzles::YM)).unwrap());
    }

    #[test]
    fn counts_and_limits() {
        let blank = Grid::empty();
        let c = count_solutions(&blank, 1000).unwrap();
        assert_eq!(c.solutions, 1000);
        assert!(!is_unique(&g(puzzles::CLARK)).unwrap());
        let full = solve(&g(puzzles::YM)).unwrap().unwrap();
        assert_eq!(count_solutions(&full, 5).unwrap().solutions, 1);
    }

    #[test]
    fn rule_breaking_clues_are_reported() {
        let mut x = g(puzzles::YM);
        x.set(0, 5); // row 1 already has a 5 at r1c2
        let e = check(&x).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid grid: digit 5 appears twice in row 1 (r1c1 and r1c2)"
        );
        let mut y = Grid::empty();
        y.set(0, 3);
        y.set(80, 12);
        assert!(matches!(
            solve(&y),
            Err(InvalidGrid::BadValue {
                cell: 80,
                value: 12
            })
        ));
    }

    #[test]
    fn no_solution_is_none() {
        // Valid clues, yet r1c9 can hold nothing: 1-8 in its row, 9 below.
        let mut x = Grid::empty();
        for c in 0..8 {
            x.set(c, c as u8 + 1);
        }
        x.set(9 * 4 + 8, 9);
        assert_eq!(solve(&x).unwrap(), None);
        assert_eq!(count_solutions(&x, 2).unwrap().solutions, 0);
    }
}
