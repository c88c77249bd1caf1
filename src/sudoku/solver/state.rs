//! The solver's state (27 digit×band candidate masks) and its propagation:
//! band locked candidates, row, cell and column singles, column claiming,
//! and the choice of the cell to guess on.

use super::tables::*;
#[cfg(target_arch = "x86_64")]
use super::v3::{claim_columns_avx2, counts_avx2, segments_bmi2};
#[cfg(target_arch = "x86_64")]
use super::v4::{best_bivalue_avx512, claim_columns_avx512, digits_meeting_avx512, settle_avx512};
#[cfg(target_arch = "x86_64")]
use super::v4_clues::from_cells_avx512;
use crate::sudoku::{CELLS, Grid};

/// What a compiled copy of the search may use beyond the target's baseline.
pub(super) trait Features {
    /// x86-64-v3 (AVX2, BMI2's `pext`): only set by the copy compiled for
    /// it, which runs only where the CPU has it.
    const V3: bool;
    /// x86-64-v4 (AVX-512 F/VL/BW/DQ, with all of V3): only set by the
    /// copy compiled for it, which runs only where the CPU has it.
    const V4: bool = false;
    /// The V4 copy for hard puzzles (with all of V4): [`State::settle`]
    /// in vectors. Only set by the copy compiled for V4, which runs only
    /// where the CPU has it.
    const SETTLE: bool = false;
}

/// The cells of a band mask's 9 segments (row, box): bit `row * 3 + box`
/// set when the segment holds a candidate.
#[inline(always)]
pub(super) fn segments<F: Features>(s: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if F::V3 {
        // SAFETY: `F::V3` is only set by the copy compiled with BMI2,
        // which runs only where the CPU has it.
        return unsafe { segments_bmi2(s) };
    }
    SHRINK[(s & 511) as usize]
        | SHRINK[((s >> 9) & 511) as usize] << 3
        | SHRINK[((s >> 18) & 511) as usize] << 6
}

/// The cells of `s` alone in their row; every row of `s` holds a cell.
#[inline(always)]
pub(super) fn row_singles<F: Features>(s: u32) -> u32 {
    if F::V3 {
        // Each row without its lowest cell (no borrow between rows, none
        // is empty): a row left empty held one cell.
        let rest = s & s.wrapping_sub(SPREAD);
        return s & ROWS_EMPTY[(segments::<F>(rest) & 511) as usize];
    }
    SINGLE[(s & 511) as usize]
        | SINGLE[((s >> 9) & 511) as usize] << 9
        | SINGLE[((s >> 18) & 511) as usize] << 18
}

/// Per band (lanes 0-2), the cells at least one, two and three digits can
/// take: a bit-sliced count over the nine digits.
#[inline(always)]
pub(super) fn counts<F: Features>(f: &[u32; 27]) -> [[u32; 4]; 3] {
    #[cfg(target_arch = "x86_64")]
    if F::V3 {
        // SAFETY: as in `segments`.
        return unsafe { counts_avx2(f) };
    }
    let mut r = [[0u32; 4]; 3];
    for b in 0..3 {
        let (mut r1, mut r2, mut r3) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let x = f[d * 3 + b];
            r3 |= r2 & x;
            r2 |= r1 & x;
            r1 |= x;
        }
        (r[0][b], r[1][b], r[2][b]) = (r1, r2, r3);
    }
    r
}

/// Keeps the masks' stores in [`State::update`] one by one in the copies
/// for newer x86-64: merged, two neighbouring masks were read as one
/// 8-byte load over two 4-byte stores just made, which the CPU cannot
/// forward (a stall of several cycles per merged pair).
#[inline(always)]
fn scalar_stores<F: Features>(f: &[u32; 27]) {
    #[cfg(target_arch = "x86_64")]
    if F::V4 {
        // SAFETY: an empty asm; that it is given the masks and may touch
        // memory keeps the compiler from merging the stores around it.
        unsafe {
            core::arch::asm!("/* {0} */", in(reg) f.as_ptr(), options(nostack, preserves_flags))
        };
    }
    let _ = f;
}

/// Candidates as 27 (digit, band) masks, index `digit * 3 + band`.
#[derive(Clone, Copy)]
pub(super) struct State {
    pub(super) f: [u32; 27],
    /// Cells not yet placed, per band.
    pub(super) unsolved: [u32; 3],
    /// Each mask as last propagated: a mask that differs needs another look.
    prev: [u32; 27],
}

impl State {
    /// The puzzle's clues placed; `None` when a clue breaks the rules (or a
    /// cell holds more than 9): run [`check`](super::check) for the details.
    #[inline(always)]
    pub(super) fn from_grid(g: &Grid) -> Option<State> {
        // Per (digit, band): the clue cells, the cells they see in the band,
        // and their columns; combined once at the end. Only the clues are
        // visited (a bit mask of them first, which compiles to a few
        // vector compares), so empty cells cost nothing.
        let mut placed = [0u32; 27];
        let mut seen = [0u32; 27];
        let mut cols = [0u32; 27];
        let mut clues = [0u32; 3];
        let cells = g.cells();
        for b in 0..3 {
            let band: &[u8; 27] = cells[b * 27..b * 27 + 27].try_into().ok()?;
            let mut clue = 0u32;
            for (p, &v) in band.iter().enumerate() {
                clue |= ((v != 0) as u32) << p;
            }
            clues[b] = clue;
            while clue != 0 {
                let p = clue.trailing_zeros() as usize;
                clue &= clue - 1;
                let v = band[p] as usize;
                if v > 9 {
                    return None;
                }
                let k = (v - 1) * 3 + b;
                placed[k] |= 1 << p;
                seen[k] |= PEERS[p];
                cols[k] |= 1 << (p % 9);
            }
        }
        let mut s = State {
            f: [0; 27],
            unsolved: [ALL & !clues[0], ALL & !clues[1], ALL & !clues[2]],
            // No mask's value: every mask, an empty one too, is looked at
            // in the first sweep (an empty one is a contradiction, as
            // `settle` finds it).
            prev: [u32::MAX; 27],
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

    /// [`State::from_grid`] in the V4 copy: byte compares per digit, each
    /// mask's seen cells in vectors (the same state, the same `None`s).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512dq")]
    #[inline]
    pub(super) unsafe fn from_grid_avx512(g: &Grid) -> Option<State> {
        let mut s = State {
            f: [0; 27],
            unsolved: [0; 3],
            prev: [u32::MAX; 27],
        };
        // SAFETY: this function's own features, checked by the caller.
        unsafe { from_cells_avx512(g.cells(), &mut s.f, &mut s.unsolved) }.then_some(s)
    }

    /// Applies band locked candidates and row singles until nothing changes.
    /// False on a contradiction.
    #[inline(always)]
    pub(super) fn propagate<F: Features>(&mut self) -> bool {
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
                            if !self.update::<F, $k>() {
                                return false;
                            }
                            // An empty statement the compiler must assume
                            // touches memory: the next tests load their masks
                            // afresh instead of the compiler carrying masks
                            // in registers across the 27 steps, which spilled
                            // them on every sweep (14% fewer instructions on
                            // the hard sets, the same time).
                            // SAFETY: it does nothing.
                            #[cfg(target_arch = "x86_64")]
                            unsafe { core::arch::asm!("", options(nostack, preserves_flags)) };
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

    /// In the V4 copy for hard puzzles, the whole way to a fixpoint
    /// (propagation, naked singles, column claiming, as `Search::search`
    /// takes them) in vectors, with the same outcome: `Some(false)` on a
    /// contradiction, else `Some(true)` with the masks, the unsolved cells
    /// and (unless solved) `few` as the loop leaves them. `None` in the
    /// other copies.
    #[inline(always)]
    pub(super) fn settle<F: Features>(&mut self, few: &mut [u32; 3]) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        if F::SETTLE {
            // SAFETY: `F::SETTLE` is only set by a copy compiled with
            // AVX-512 F/VL, which runs only where the CPU has it.
            return Some(unsafe { settle_avx512::<true>(&mut self.f, &mut self.unsolved, few) });
        }
        let _ = few;
        None
    }

    /// The V4 copy's first settling of an easy puzzle in vectors: the
    /// fixpoint of propagation and naked singles (as `Search::search`'s
    /// loop reaches it before it looks for column singles), with in `few`
    /// the bivalue cells unless solved. False on a contradiction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,avx512f,avx512vl")]
    pub(super) unsafe fn settle_easy_avx512(&mut self, few: &mut [u32; 3]) -> bool {
        // SAFETY: this function's own features, checked by the caller.
        if !unsafe { settle_avx512::<false>(&mut self.f, &mut self.unsolved, few) } {
            return false;
        }
        // A fixpoint: every mask as last propagated.
        self.prev = self.f;
        true
    }

    /// One (digit, band) mask: band locked candidates, claimed columns, row
    /// singles; false when the digit has no place left in the band.
    #[inline(always)]
    pub(super) fn update<F: Features, const K: usize>(&mut self) -> bool {
        let b = K % 3;
        let base = K - b;
        let s = self.f[K];
        let s = s & COMPLEX[(segments::<F>(s) & 511) as usize];
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
                scalar_stores::<F>(&self.f);
            }
        }
        let singles = row_singles::<F>(s) & self.unsolved[b];
        // Unconditional (no hard-to-predict branch): a no-op without singles.
        self.unsolved[b] &= !singles;
        for d in 0..9 {
            let kk = d * 3 + b;
            if kk != K {
                self.f[kk] &= !singles;
                scalar_stores::<F>(&self.f);
            }
        }
        true
    }

    /// Places every naked single (an unsolved cell one digit can take);
    /// hidden singles come from the masks' own steps and column claiming.
    /// Marks in `few` the cells two digits can take. `Err` on a
    /// contradiction (an unsolved cell with no candidate), `Ok(true)` when
    /// something was placed.
    #[inline(always)]
    // `b` indexes the band in several arrays at once.
    #[allow(clippy::needless_range_loop)]
    pub(super) fn singles<F: Features>(&mut self, few: &mut [u32; 3]) -> Result<bool, ()> {
        let [r1, r2, r3] = counts::<F>(&self.f);
        let mut placed = false;
        for b in 0..3 {
            let u = self.unsolved[b];
            few[b] = u & r2[b] & !r3[b];
            if u & !r1[b] != 0 {
                return Err(());
            }
            let mut one = u & !r2[b];
            #[cfg(target_arch = "x86_64")]
            if F::V4 && one != 0 {
                // Per digit instead of per cell: placing a digit changes
                // only its own mask, so each digit's cells in cell order,
                // each while it still has the digit, is the same as the
                // loop below. The digits with singles found at once.
                placed = true;
                // SAFETY: as in `digits_at`.
                let mut ds = unsafe { digits_meeting_avx512(&self.f, b, one) };
                while ds != 0 {
                    let k = ds.trailing_zeros() as usize * 3 + b;
                    ds &= ds - 1;
                    let mut c = self.f[k] & one;
                    while c != 0 {
                        self.f[k] &= !PEERS[c.trailing_zeros() as usize];
                        c &= (c - 1) & self.f[k];
                    }
                }
                continue;
            }
            while one != 0 {
                let p = one.trailing_zeros() as usize;
                one &= one - 1;
                let d = self.digits_at::<F>(b, p).trailing_zeros() as usize;
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
    #[inline(always)]
    pub(super) fn claim_columns<F: Features>(&mut self) -> Result<bool, ()> {
        let mut from = 0;
        let mut changed = 0;
        #[cfg(target_arch = "x86_64")]
        if F::V4 {
            // SAFETY: `F::V4` is only set by the copy compiled with
            // AVX-512 F/VL, which runs only where the CPU has it.
            changed = unsafe { claim_columns_avx512(&mut self.f) }?;
            from = 9;
        } else if F::V3 {
            // SAFETY: `F::V3` is only set by the copy compiled with AVX2,
            // which runs only where the CPU has it.
            changed = unsafe { claim_columns_avx2(&mut self.f) }?;
            from = 8;
        }
        let cols = |x: u32| (x | x >> 9 | x >> 18) & 511;
        for d in from..9 {
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
    #[inline(always)]
    pub(super) fn column_singles(&mut self) -> Result<bool, ()> {
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
    pub(super) fn digits_at<F: Features>(&self, b: usize, p: usize) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if F::V4 {
            // SAFETY: `F::V4` is only set by the copy compiled with
            // AVX-512 F and BMI2, which runs only where the CPU has them.
            return unsafe { digits_meeting_avx512(&self.f, b, 1 << p) };
        }
        let mut m = 0;
        for d in 0..9 {
            m |= ((self.f[d * 3 + b] >> p) & 1) << d;
        }
        m
    }

    /// Cells placed (the clues, right after [`State::from_grid`]).
    #[inline(always)]
    pub(super) fn clues(&self) -> usize {
        CELLS
            - self
                .unsolved
                .iter()
                .map(|u| u.count_ones() as usize)
                .sum::<usize>()
    }

    pub(super) fn solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    #[inline(never)]
    pub(super) fn to_grid(self) -> Grid {
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
    #[inline(always)]
    pub(super) fn pick<F: Features>(&self, few: &[u32; 3], hard: bool) -> (usize, usize) {
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
        // bivalue cell). Peers in its column through the other bands count
        // twice: what is placed there reaches two more bands (about 3%
        // fewer instructions on the hard sets than counting them once).
        // The best score so far above its cell's place inverted (the
        // first cell wins a tie), taken by `max`: no branch per cell.
        let mut best = 0u32;
        #[cfg(target_arch = "x86_64")]
        if F::V4 {
            // SAFETY: `F::V4` is only set by the copy compiled with
            // AVX-512 F/VL/VPOPCNTDQ, which runs only where the CPU has it.
            best = unsafe { best_bivalue_avx512(&self.unsolved, few) };
        }
        for (b, &c) in few.iter().enumerate() {
            if F::V4 {
                // Scored above, sixteen cells at a time (the same figures).
                break;
            }
            let u = self.unsolved[b];
            let others = self.unsolved[(b + 1) % 3] | self.unsolved[(b + 2) % 3];
            let mut c = c;
            while c != 0 {
                let p = c.trailing_zeros() as usize;
                c &= c - 1;
                // Unsolved peers: in the band (row, box, column) and in
                // the column through the other bands.
                let n = (u & PEERS[p]).count_ones() + 2 * (others & COLUMN[p]).count_ones() + 1;
                best = best.max(n << 16 | (0xffff - (b << 5 | p) as u32));
            }
        }
        if best != 0 {
            let at = 0xffff - (best & 0xffff) as usize;
            return (at >> 5, at & 31);
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
                let n = self.digits_at::<F>(b, p).count_ones();
                if n < best.2 {
                    best = (b, p, n);
                }
            }
        }
        (best.0, best.1)
    }
}
