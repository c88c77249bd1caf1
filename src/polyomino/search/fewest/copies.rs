//! The fewest-options search compiled twice: once for the target's
//! baseline and, on x86-64, once with POPCNT, BMI1/2, LZCNT and AVX2,
//! chosen at run time from what the CPU reports.
//!
//! Why: the search is mostly popcounts (a cell's live placements in the
//! small table), lowest-bit loops and AND-NOTs over a few words. A generic
//! x86-64 build has no `popcnt` instruction, so every `count_ones` is a
//! dozen-instruction bit trick. The recursive functions (`node`,
//! `small_node`) are the two copies' entry points; everything they call is
//! inlined into each copy.

use super::compact::Small;
use super::{Bits, Choice, Fewest};
use crate::shard::Shard;

/// One compiled copy of the search: how it recurses into itself.
pub(super) trait SearchCopy {
    /// `pext` is one instruction (else the small table is built placement
    /// by placement).
    const PEXT: bool;
    /// The bits of `x` at the set bits of `m`, packed from bit 0 up.
    fn pext(x: u64, m: u64) -> u64;
    fn node<B: Bits>(f: &mut Fewest<'_, B>, d: usize, filled: u64);
    fn small_node<B: Bits, const W: usize>(
        f: &mut Fewest<'_, B>,
        t: &Small,
        live: [u64; W],
        filled: u64,
    );
}

/// The baseline copy (runs everywhere).
struct Portable;

impl SearchCopy for Portable {
    const PEXT: bool = false;

    fn pext(x: u64, m: u64) -> u64 {
        let (mut out, mut m, mut i) = (0u64, m, 0);
        while m != 0 {
            out |= (x >> m.trailing_zeros() & 1) << i;
            m &= m - 1;
            i += 1;
        }
        out
    }
    #[inline(always)]
    fn node<B: Bits>(f: &mut Fewest<'_, B>, d: usize, filled: u64) {
        f.node_portable(d, filled)
    }

    #[inline(always)]
    fn small_node<B: Bits, const W: usize>(
        f: &mut Fewest<'_, B>,
        t: &Small,
        live: [u64; W],
        filled: u64,
    ) {
        f.small_node_portable::<W>(t, live, filled)
    }
}

/// The copy with POPCNT, BMI1/2, LZCNT and AVX2; only run where
/// [`fast_cpu`] found them.
#[cfg(target_arch = "x86_64")]
struct X86V3;

#[cfg(target_arch = "x86_64")]
impl SearchCopy for X86V3 {
    const PEXT: bool = true;

    #[inline(always)]
    fn pext(x: u64, m: u64) -> u64 {
        // SAFETY: only reached from the X86V3 copy (BMI2 found).
        unsafe { std::arch::x86_64::_pext_u64(x, m) }
    }
    #[inline(always)]
    fn node<B: Bits>(f: &mut Fewest<'_, B>, d: usize, filled: u64) {
        // SAFETY: only reached from the X86V3 copy, entered only where
        // `fast_cpu` found every feature it enables.
        unsafe { f.node_x86v3(d, filled) }
    }

    #[inline(always)]
    fn small_node<B: Bits, const W: usize>(
        f: &mut Fewest<'_, B>,
        t: &Small,
        live: [u64; W],
        filled: u64,
    ) {
        // SAFETY: as for `node`.
        unsafe { f.small_node_x86v3::<W>(t, live, filled) }
    }
}

/// Set by a test to run the baseline copy on a CPU that could run the
/// other (the counts are the same either way, so other tests running
/// meanwhile are only slower).
#[cfg(test)]
static PORTABLE_ONLY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// True when the CPU has every feature the X86V3 copy enables.
fn fast_cpu() -> bool {
    #[cfg(test)]
    if PORTABLE_ONLY.load(std::sync::atomic::Ordering::Relaxed) {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

impl<B: Bits> Fewest<'_, B> {
    /// Branch the first node (`choice`) with the fastest copy this CPU
    /// runs.
    pub(super) fn top(&mut self, filled: u64, choice: Choice, split: Option<(u64, Shard)>) {
        #[cfg(target_arch = "x86_64")]
        if fast_cpu() {
            // SAFETY: `fast_cpu` found every feature `top_x86v3` enables.
            return unsafe { self.top_x86v3(filled, choice, split) };
        }
        self.branch::<Portable>(0, filled, choice, split)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    unsafe fn top_x86v3(&mut self, filled: u64, choice: Choice, split: Option<(u64, Shard)>) {
        self.branch::<X86V3>(0, filled, choice, split)
    }

    #[inline(never)]
    fn node_portable(&mut self, d: usize, filled: u64) {
        self.node::<Portable>(d, filled)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    #[inline(never)]
    unsafe fn node_x86v3(&mut self, d: usize, filled: u64) {
        self.node::<X86V3>(d, filled)
    }

    #[inline(never)]
    fn small_node_portable<const W: usize>(&mut self, t: &Small, live: [u64; W], filled: u64) {
        self.small_node::<Portable, W>(t, live, filled)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    #[inline(never)]
    unsafe fn small_node_x86v3<const W: usize>(&mut self, t: &Small, live: [u64; W], filled: u64) {
        self.small_node::<X86V3, W>(t, live, filled)
    }
}

#[cfg(test)]
mod tests {
    use super::PORTABLE_ONLY;
    use crate::monitor::Silent;
    use crate::polyomino::space::solid_pentominoes;
    use crate::polyomino::{Options, Space, solve_solid, soma};
    use std::sync::atomic::Ordering;

    /// Raw and class counts of `solids` in `space`.
    fn counts(space: &Space, solids: &[crate::polyomino::Solid]) -> (u64, u64) {
        let raw = Options {
            raw: true,
            ..Options::default()
        };
        let raw = solve_solid(space, solids, &raw, &Silent).unwrap().count;
        let classes = solve_solid(space, solids, &Options::default(), &Silent)
            .unwrap()
            .count;
        (raw, classes)
    }

    #[test]
    fn both_copies_count_the_published_figures() {
        // Soma 11520 raw / 240 (Conway and Guy); pentacubes in 2x3x10
        // 96 raw / 12 classes. The detected copy first, then the baseline.
        let cube = Space::cuboid(3, 3, 3).unwrap();
        let slab = Space::cuboid(2, 3, 10).unwrap();
        for portable in [false, true] {
            PORTABLE_ONLY.store(portable, Ordering::Relaxed);
            let soma_counts = counts(&cube, &soma());
            let slab_counts = counts(&slab, &solid_pentominoes());
            PORTABLE_ONLY.store(false, Ordering::Relaxed);
            assert_eq!(soma_counts, (11520, 240), "portable only: {portable}");
            assert_eq!(slab_counts, (96, 12), "portable only: {portable}");
        }
    }
}
