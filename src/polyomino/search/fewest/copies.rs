//! The fewest-options search compiled three times: once for the target's
//! baseline and, on x86-64, once with the features of `cpu::Level::V3`
//! (POPCNT, BMI1/2, LZCNT, AVX2) and once with `Level::V4`'s (AVX-512 and
//! its vector popcount, VPOPCNTDQ, as well), the level chosen at run time
//! by `cpu::level`.
//!
//! Why: the search is mostly popcounts (a cell's live placements in the
//! small table), lowest-bit loops and AND-NOTs over a few words. A generic
//! x86-64 build has no `popcnt` instruction, so every `count_ones` is a
//! dozen-instruction bit trick; with AVX2 a 16-word popcount is vectorised
//! as nibble look-ups (seven instructions per four words, most of them
//! byte shuffles on one port), with VPOPCNTDQ as one instruction per four
//! (or eight) words. The recursive functions (`node`, `small_node`) are
//! the copies' entry points; everything they call is inlined into each
//! copy.

use super::compact::Small;
use super::{Bits, Choice, Fewest};
use crate::cpu::{self, Level};
use crate::shard::Shard;

/// One compiled copy of the search: how it recurses into itself.
pub(super) trait SearchCopy {
    /// `pext` is one instruction (else the small table is built placement
    /// by placement).
    const PEXT: bool;
    /// The bits of `x` at the set bits of `m`, packed from bit 0 up.
    fn pext(x: u64, m: u64) -> u64;
    fn node<B: Bits>(f: &mut Fewest<'_, B>, d: usize, filled: u64);
    /// The live placements in `set` (a cell's or a kind's).
    #[inline(always)]
    fn popcount<const W: usize>(live: &[u64; W], set: &[u64; W]) -> u32 {
        popcount_words(live, set)
    }
    /// The words of `x` that are not zero, as bits.
    #[inline(always)]
    fn nonzero<const W: usize>(x: &[u64; W]) -> u32 {
        nonzero_words(x)
    }
    fn small_node<B: Bits, const W: usize>(
        f: &mut Fewest<'_, B>,
        t: &Small,
        live: [u64; W],
        filled: u64,
    );
}

/// [`SearchCopy::popcount`] word by word (each copy's own `count_ones`).
#[inline(always)]
fn popcount_words<const W: usize>(live: &[u64; W], set: &[u64; W]) -> u32 {
    let mut n = 0;
    for (l, s) in live.iter().zip(set) {
        n += (l & s).count_ones();
    }
    n
}

/// [`SearchCopy::nonzero`] word by word.
#[inline(always)]
fn nonzero_words<const W: usize>(x: &[u64; W]) -> u32 {
    let mut m = 0;
    for (i, &w) in x.iter().enumerate() {
        m |= u32::from(w != 0) << i;
    }
    m
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

/// An x86-64 copy: `$name`'s search enters `$node` and `$small`, the
/// functions compiled with its features; `$extra` are its own methods.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_copy {
    ($name:ident, $node:ident, $small:ident, $($extra:item)*) => {
        impl SearchCopy for $name {
            const PEXT: bool = true;

            #[inline(always)]
            fn pext(x: u64, m: u64) -> u64 {
                // SAFETY: only reached from an x86 copy (BMI2 found).
                unsafe { std::arch::x86_64::_pext_u64(x, m) }
            }
            #[inline(always)]
            fn node<B: Bits>(f: &mut Fewest<'_, B>, d: usize, filled: u64) {
                // SAFETY: only reached from this copy, entered only where
                // the CPU has every feature it enables (`chosen`).
                unsafe { f.$node(d, filled) }
            }

            #[inline(always)]
            fn small_node<B: Bits, const W: usize>(
                f: &mut Fewest<'_, B>,
                t: &Small,
                live: [u64; W],
                filled: u64,
            ) {
                // SAFETY: as for `node`.
                unsafe { f.$small::<W>(t, live, filled) }
            }

            /// Four words at a time: a compare with zero and a move-mask
            /// (LLVM made about 95 instructions of the loop for 16).
            #[inline(always)]
            fn nonzero<const W: usize>(x: &[u64; W]) -> u32 {
                use std::arch::x86_64::*;
                if W % 4 != 0 {
                    return nonzero_words(x);
                }
                let mut zero = 0u32;
                for (i, q) in x.as_chunks::<4>().0.iter().enumerate() {
                    // SAFETY: only reached from an x86 copy (AVX2 found);
                    // the load reads the four words of `q`.
                    let bits = unsafe {
                        let v = _mm256_loadu_si256(q.as_ptr().cast());
                        let z = _mm256_cmpeq_epi64(v, _mm256_setzero_si256());
                        _mm256_movemask_pd(_mm256_castsi256_pd(z)) as u32
                    };
                    zero |= bits << (4 * i);
                }
                !zero & (u32::MAX >> (32 - W))
            }

            $($extra)*
        }
    };
}

/// The copy with `Level::V3`'s features; only run where the CPU has
/// them ([`chosen`]).
#[cfg(target_arch = "x86_64")]
struct X86V3;

#[cfg(target_arch = "x86_64")]
x86_copy!(X86V3, node_x86v3, small_node_x86v3,);

/// The copy with `Level::V4`'s features (AVX-512 with VPOPCNTDQ); only
/// run where the CPU has them ([`chosen`]).
#[cfg(target_arch = "x86_64")]
struct X86V4;

#[cfg(target_arch = "x86_64")]
x86_copy!(
    X86V4,
    node_x86v4,
    small_node_x86v4,
    /// With 8 or 16 words: each word's count is at most 64, so two words'
    /// sum fits a byte, and the eight sums are added as bytes (four
    /// instructions instead of LLVM's seven across the words).
    #[inline(always)]
    fn popcount<const W: usize>(live: &[u64; W], set: &[u64; W]) -> u32 {
        use std::arch::x86_64::*;
        // SAFETY: only reached from the X86V4 copy (AVX-512F/BW/VL and
        // VPOPCNTDQ found); the loads read 8 words of arrays of W >= 8.
        unsafe {
            let counts = if W == 16 {
                let a = _mm512_and_si512(
                    _mm512_loadu_si512(live.as_ptr().cast()),
                    _mm512_loadu_si512(set.as_ptr().cast()),
                );
                let b = _mm512_and_si512(
                    _mm512_loadu_si512(live.as_ptr().wrapping_add(8).cast()),
                    _mm512_loadu_si512(set.as_ptr().wrapping_add(8).cast()),
                );
                _mm512_add_epi64(_mm512_popcnt_epi64(a), _mm512_popcnt_epi64(b))
            } else if W == 8 {
                _mm512_popcnt_epi64(_mm512_and_si512(
                    _mm512_loadu_si512(live.as_ptr().cast()),
                    _mm512_loadu_si512(set.as_ptr().cast()),
                ))
            } else {
                return popcount_words(live, set);
            };
            let bytes = _mm512_cvtepi64_epi8(counts);
            _mm_cvtsi128_si64(_mm_sad_epu8(bytes, _mm_setzero_si128())) as u32
        }
    }
);

/// Set by a test to run a slower copy on a CPU that could run a faster
/// one: the fastest level allowed, as its place in `Level::ALL` (the
/// counts are the same either way, so other tests running meanwhile are
/// only slower).
#[cfg(test)]
static MOST_LEVEL: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(2);

/// The level whose copy runs: `cpu::level`, never more than this CPU
/// runs.
#[inline]
fn chosen() -> Level {
    let level = cpu::level();
    #[cfg(test)]
    let level =
        level.min(Level::ALL[usize::from(MOST_LEVEL.load(std::sync::atomic::Ordering::Relaxed))]);
    level
}

impl<B: Bits> Fewest<'_, B> {
    /// Branch the first node (`choice`) with the fastest copy this CPU
    /// runs.
    pub(super) fn top(&mut self, filled: u64, choice: Choice, split: Option<(u64, Shard)>) {
        #[cfg(target_arch = "x86_64")]
        match chosen() {
            // SAFETY: the CPU has every feature `top_x86v4` enables.
            Level::V4 => return unsafe { self.top_x86v4(filled, choice, split) },
            // SAFETY: the CPU has every feature `top_x86v3` enables.
            Level::V3 => return unsafe { self.top_x86v3(filled, choice, split) },
            Level::Portable => {}
        }
        self.branch::<Portable>(0, filled, choice, split)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    unsafe fn top_x86v3(&mut self, filled: u64, choice: Choice, split: Option<(u64, Shard)>) {
        self.branch::<X86V3>(0, filled, choice, split)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq"
    )]
    unsafe fn top_x86v4(&mut self, filled: u64, choice: Choice, split: Option<(u64, Shard)>) {
        self.branch::<X86V4>(0, filled, choice, split)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq"
    )]
    #[inline(never)]
    unsafe fn node_x86v4(&mut self, d: usize, filled: u64) {
        self.node::<X86V4>(d, filled)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq"
    )]
    #[inline(never)]
    unsafe fn small_node_x86v4<const W: usize>(&mut self, t: &Small, live: [u64; W], filled: u64) {
        self.small_node::<X86V4, W>(t, live, filled)
    }

    #[inline(never)]
    fn node_portable(&mut self, d: usize, filled: u64) {
        self.node::<Portable>(d, filled)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    unsafe fn node_x86v3(&mut self, d: usize, filled: u64) {
        self.node::<X86V3>(d, filled)
    }

    #[inline(never)]
    fn small_node_portable<const W: usize>(&mut self, t: &Small, live: [u64; W], filled: u64) {
        self.small_node::<Portable, W>(t, live, filled)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    unsafe fn small_node_x86v3<const W: usize>(&mut self, t: &Small, live: [u64; W], filled: u64) {
        self.small_node::<X86V3, W>(t, live, filled)
    }
}

#[cfg(test)]
mod tests {
    use super::{MOST_LEVEL, Portable, SearchCopy};
    use crate::cpu::{Level, runs_or_skips};
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
    fn every_copy_counts_the_published_figures() {
        // Soma 11520 raw / 240 (Conway and Guy); pentacubes in 2x3x10
        // 96 raw / 12 classes, in 2x5x6 2112 / 264 (its small tables
        // reach 8 and 16 words, the widths the X86V4 copy sums its own
        // way). Each copy the CPU runs, fastest first (the others say
        // SKIPPED).
        let cube = Space::cuboid(3, 3, 3).unwrap();
        let slab = Space::cuboid(2, 3, 10).unwrap();
        let block = Space::cuboid(2, 5, 6).unwrap();
        for level in Level::ALL.into_iter().rev() {
            if !runs_or_skips(level, "every_copy_counts_the_published_figures") {
                continue;
            }
            MOST_LEVEL.store(level as u8, Ordering::Relaxed);
            let soma_counts = counts(&cube, &soma());
            let slab_counts = counts(&slab, &solid_pentominoes());
            let block_counts = counts(&block, &solid_pentominoes());
            MOST_LEVEL.store(2, Ordering::Relaxed);
            assert_eq!(soma_counts, (11520, 240), "level {level}");
            assert_eq!(slab_counts, (96, 12), "level {level}");
            assert_eq!(block_counts, (2112, 264), "level {level}");
        }
    }

    /// The non-zero words of `x` as each copy finds them.
    fn nonzero_all<C: SearchCopy>(x: &[u64; 16]) -> [u32; 5] {
        let (a, b, c) = (
            x[..1].try_into().unwrap(),
            x[..2].try_into().unwrap(),
            x[..4].try_into().unwrap(),
        );
        let d = x[..8].try_into().unwrap();
        [
            C::nonzero::<1>(a),
            C::nonzero::<2>(b),
            C::nonzero::<4>(c),
            C::nonzero::<8>(d),
            C::nonzero::<16>(x),
        ]
    }

    #[test]
    fn nonzero_words_agree() {
        // Patterns of zero words in 16; a non-zero word has one bit.
        for pattern in [0u32, 1, 0x8000, 0xffff, 0x5a5a, 0x0ff0, 0x8001, 0x1234] {
            let x: [u64; 16] = std::array::from_fn(|i| {
                let on = pattern >> i & 1 == 1;
                u64::from(on) << (i * 9 % 64)
            });
            let want = nonzero_all::<Portable>(&x);
            assert_eq!(want[4], pattern);
            // The X86V3 copy's compare and move-mask, where the CPU has
            // AVX2.
            #[cfg(target_arch = "x86_64")]
            if runs_or_skips(Level::V3, "nonzero_words_agree") {
                assert_eq!(nonzero_all::<super::X86V3>(&x), want, "{pattern:#x}");
            }
        }
    }
}
