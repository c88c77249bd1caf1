//! Depth-first search: propagate to a fixpoint, then guess on one cell.
//!
//! The search is compiled once for the baseline CPU of the target and, on
//! x86-64, once with the features of [`Level::V3`] (one `popcnt` or
//! `tzcnt` instead of a bit-trick sequence, wider copies of the state) and
//! twice more with [`Level::V4`]'s AVX-512 (ternary logic, masked ops, 32
//! vector registers; one copy for easy puzzles, one for hard), the level
//! chosen at run time by `cpu::level`, so that a generic build gets the
//! newer instructions where they exist.

use super::state::{Features, State};
use super::tables::PEERS;
use crate::cpu::Level;
use crate::monitor::Monitor;
use crate::sudoku::Grid;

/// Puzzles with fewer clues than this are searched the "hard" way (see
/// `Search::hard`); the shared hard sets have 17-28 clues (one 37),
/// serg's many-solution set 34-35.
pub(super) const HARD_BELOW_CLUES: usize = 30;

pub(super) struct Search<'m> {
    pub(super) limit: u64,
    pub(super) count: u64,
    pub(super) first: Option<Grid>,
    pub(super) guesses: u64,
    pub(super) stopped: bool,
    pub(super) monitor: Option<&'m dyn Monitor>,
    /// Whether to keep the first solution as a grid (a batch that only
    /// counts skips building it).
    keep_first: bool,
    /// Few clues (hard puzzles): column claiming at each fixpoint and the
    /// peer-scored guess pay off; with many clues (e.g. serg's 34-35) the
    /// cheaper column singles and first bivalue cell are faster. Set by
    /// [`Search::start`] from the clues it places.
    hard: bool,
}

/// One compiled copy of the search: how it recurses into itself.
trait Compiled: Features {
    fn recurse(search: &mut Search<'_>, s: State);
}

pub(super) struct PortableCopy;

impl Features for PortableCopy {
    const V3: bool = false;
}

impl Compiled for PortableCopy {
    fn recurse(search: &mut Search<'_>, s: State) {
        search.run_portable(s)
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) struct X86V3Copy;

#[cfg(target_arch = "x86_64")]
impl Features for X86V3Copy {
    const V3: bool = true;
}

#[cfg(target_arch = "x86_64")]
impl Compiled for X86V3Copy {
    #[inline(always)]
    fn recurse(search: &mut Search<'_>, s: State) {
        // SAFETY: only reached from `run_x86v3`, which runs only where
        // the CPU has every feature it enables.
        unsafe { search.run_x86v3(s) }
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) struct X86V4Copy;

#[cfg(target_arch = "x86_64")]
impl Features for X86V4Copy {
    const V3: bool = true;
    const V4: bool = true;
}

#[cfg(target_arch = "x86_64")]
impl Compiled for X86V4Copy {
    #[inline(always)]
    fn recurse(search: &mut Search<'_>, s: State) {
        // SAFETY: only reached from `run_x86v4`, which runs only where
        // the CPU has every feature it enables.
        unsafe { search.run_x86v4(s) }
    }
}

/// The x86-64-v4 copy for hard puzzles: [`State::settle`] in vectors. A
/// copy of its own, so that the other puzzles' copy keeps the sweep's
/// code as it was (with both in one, serg ran about 3% slower).
#[cfg(target_arch = "x86_64")]
pub(super) struct X86V4HardCopy;

#[cfg(target_arch = "x86_64")]
impl Features for X86V4HardCopy {
    const V3: bool = true;
    const V4: bool = true;
    const SETTLE: bool = true;
}

#[cfg(target_arch = "x86_64")]
impl Compiled for X86V4HardCopy {
    #[inline(always)]
    fn recurse(search: &mut Search<'_>, s: State) {
        // SAFETY: only reached from `run_x86v4_hard`, which runs only
        // where the CPU has every feature it enables.
        unsafe { search.run_x86v4_hard(s) }
    }
}

impl<'m> Search<'m> {
    /// A search counting to `limit` (at least 1), keeping the first
    /// solution when `keep_first`.
    pub(super) fn new(limit: u64, monitor: Option<&'m dyn Monitor>, keep_first: bool) -> Self {
        Search {
            limit: limit.max(1),
            count: 0,
            first: None,
            guesses: 0,
            stopped: false,
            monitor,
            keep_first,
            hard: false,
        }
    }

    fn done(&self) -> bool {
        self.count >= self.limit || self.stopped
    }

    /// Places the clues of `g` and searches, with the copy of `level`; a
    /// level other than `Level::Portable` only where
    /// [`Level::runs_here`]. False (nothing searched) when a clue breaks
    /// the rules.
    pub(super) fn start(&mut self, g: &Grid, level: Level) -> bool {
        #[cfg(target_arch = "x86_64")]
        match level {
            // SAFETY: the caller checked that this CPU runs the level, i.e.
            // has every feature `start_x86v4` or `start_x86v3` enables.
            Level::V4 => return unsafe { self.start_x86v4(g) },
            Level::V3 => return unsafe { self.start_x86v3(g) },
            Level::Portable => {}
        }
        let _ = level;
        self.start_portable(g)
    }

    fn start_portable(&mut self, g: &Grid) -> bool {
        let Some(s) = State::from_grid(g) else {
            return false;
        };
        self.hard = s.clues() < HARD_BELOW_CLUES;
        self.run_portable(s);
        true
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    unsafe fn start_x86v3(&mut self, g: &Grid) -> bool {
        let Some(s) = State::from_grid(g) else {
            return false;
        };
        self.hard = s.clues() < HARD_BELOW_CLUES;
        // SAFETY: this function's own features, checked by the caller.
        unsafe { self.run_x86v3(s) };
        true
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq"
    )]
    unsafe fn start_x86v4(&mut self, g: &Grid) -> bool {
        // SAFETY: this function's own features, checked by the caller.
        let Some(s) = (unsafe { State::from_grid_avx512(g) }) else {
            return false;
        };
        self.hard = s.clues() < HARD_BELOW_CLUES;
        // SAFETY: this function's own features, checked by the caller.
        // An easy puzzle's first settling (propagation and naked singles),
        // where every mask has changed, in vectors too (serg about 7%,
        // kaggle about 25% faster in-process); the sweep does the rest.
        unsafe {
            if self.hard {
                self.run_x86v4_hard(s)
            } else {
                let mut s = s;
                if s.settle_easy_avx512(&mut [0; 3]) {
                    self.run_x86v4(s)
                }
            }
        };
        true
    }

    #[inline(never)]
    fn run_portable(&mut self, s: State) {
        self.search::<PortableCopy>(s)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    unsafe fn run_x86v3(&mut self, s: State) {
        self.search::<X86V3Copy>(s)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq"
    )]
    #[inline(never)]
    unsafe fn run_x86v4(&mut self, s: State) {
        self.search::<X86V4Copy>(s)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq"
    )]
    #[inline(never)]
    unsafe fn run_x86v4_hard(&mut self, s: State) {
        self.search::<X86V4HardCopy>(s)
    }

    #[inline(always)]
    fn search<C: Compiled>(&mut self, mut s: State) {
        let mut few = [0u32; 3];
        loop {
            loop {
                if let Some(settled) = s.settle::<C>(&mut few) {
                    if !settled {
                        return;
                    }
                    break;
                }
                if !s.propagate::<C>() {
                    return;
                }
                if s.solved() {
                    break;
                }
                match s.singles::<C>(&mut few) {
                    Err(()) => return,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
                let more = if self.hard {
                    s.claim_columns::<C>()
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
                if self.keep_first && self.first.is_none() {
                    self.first = Some(s.to_grid());
                }
                return;
            }
            self.guesses += 1;
            if self.guesses & 4095 == 0
                && let Some(m) = self.monitor
            {
                if m.cancelled() {
                    self.stopped = true;
                    return;
                }
                m.report(&crate::monitor::Progress {
                    label: "count_solutions",
                    done: self.guesses,
                    total: None,
                    found: self.count,
                });
            }
            let (b, p) = s.pick::<C>(&few, self.hard);
            let bit = 1u32 << p;
            // Every digit but the last on a copy; the last in place, since
            // it is all that is left for the cell once the others failed.
            let mut m = s.digits_at::<C>(b, p);
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
                C::recurse(self, t);
                if self.done() {
                    return;
                }
                s.f[d * 3 + b] &= !bit;
            }
        }
    }
}
