//! The minlex search compiled twice: once for the target's baseline and,
//! on x86-64, once with the features of `cpu::Level::V3`, the copy chosen
//! at run time by `cpu::level` (as the Sudoku and 3D searches are).
//! `Level::V4` runs the V3 copy: compiled with AVX-512 as well, the search
//! was about 1.5% slower on Zen 4 (royle_17clue_49151).
//!
//! Why: the row search is table lookups, bit scans and small fixed-size
//! copies (states, name maps); the newer instructions make the scans one
//! instruction and the copies wider. The entry points are [`form_on`]'s
//! two copies and the recursive `fill` and `fill_names`; everything they
//! call is inlined into each copy.
//!
//! [`form_on`]: PuzzleMinlex::form_on

use super::fill::Part;
use super::row_tables::RowTables;
use super::tables::{pattern_len, rows_of};
use super::{Cells, PuzzleMinlex, Rows, State};
use crate::cpu::Level;
use crate::sudoku::Grid;

/// The baseline copy (runs everywhere).
pub(super) struct Portable;

/// The copy for x86-64 CPUs with `Level::V3`'s features.
#[cfg(target_arch = "x86_64")]
pub(super) struct X86V3;

/// The recursive methods of the search, each written once: the trait
/// [`MinlexCopy`] (how a copy calls `$method`: `C::$method(m, ...)`), its
/// two implementations, and the two compiled entry points, the baseline
/// `$portable` and `$fast` with the V3 features, each running the method
/// in its copy.
macro_rules! copies {
    ($($method:ident: $portable:ident, $fast:ident($($arg:ident: $ty:ty),* $(,)?);)*) => {
        /// One compiled copy of the search: how `fill` and `fill_names`
        /// call each other and themselves.
        pub(super) trait MinlexCopy: Kernels {
            $(
                #[allow(clippy::too_many_arguments)]
                fn $method(m: &mut PuzzleMinlex, $($arg: $ty),*);
            )*
        }

        impl MinlexCopy for Portable {
            $(
                #[allow(clippy::too_many_arguments)]
                #[inline(always)]
                fn $method(m: &mut PuzzleMinlex, $($arg: $ty),*) {
                    m.$portable($($arg),*)
                }
            )*
        }

        #[cfg(target_arch = "x86_64")]
        impl MinlexCopy for X86V3 {
            $(
                #[allow(clippy::too_many_arguments)]
                #[inline(always)]
                fn $method(m: &mut PuzzleMinlex, $($arg: $ty),*) {
                    // SAFETY: only reached from the X86V3 copy, which runs
                    // only where the CPU has every feature it enables.
                    unsafe { m.$fast($($arg),*) }
                }
            )*
        }

        impl PuzzleMinlex {
            $(
                #[allow(clippy::too_many_arguments)]
                #[inline(never)]
                fn $portable(&mut self, $($arg: $ty),*) {
                    self.$method::<Portable>($($arg),*)
                }

                #[cfg(target_arch = "x86_64")]
                #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
                #[allow(clippy::too_many_arguments)]
                #[inline(never)]
                unsafe fn $fast(&mut self, $($arg: $ty),*) {
                    self.$method::<X86V3>($($arg),*)
                }
            )*
        }
    };
}

/// A state's candidate rows, to pick from by [`Kernels::least_rows`].
pub(super) struct Choice<'a> {
    pub(super) rows: &'a RowTables,
    /// The grid as given (0) or transposed (1).
    pub(super) t: usize,
    /// The stack order.
    pub(super) sig: [usize; 3],
    /// The other stack order while slots 0 and 1 may still exchange.
    pub(super) other: Option<[usize; 3]>,
    /// The column orders still tying, per slot.
    pub(super) ords: [u8; 3],
    /// The candidate rows (bit per source row).
    pub(super) mask: u16,
}

/// The parts of the search each copy does its own way: building the row
/// tables, and picking a state's candidate rows (see `next_row`). A row's
/// pattern length is the least bit length its clue pattern can take under
/// the stack order `sig` and the column orders `ords` (the lesser of two
/// stack orders, with `other`, while slots 0 and 1 may still exchange);
/// of the rows of `mask`, those of the least length are kept.
pub(super) trait Kernels {
    /// The tables of `g`'s rows.
    fn row_tables(g: &Grid) -> RowTables;

    /// The least pattern length of the rows of `mask` and the rows that
    /// have it; `(u8::MAX, 0)` for no rows.
    fn least_rows(c: &Choice) -> (u8, u16);
}

impl Kernels for Portable {
    #[inline(always)]
    fn row_tables(g: &Grid) -> RowTables {
        RowTables::new(g)
    }

    /// Row by row, three table lookups a row.
    #[inline(always)]
    fn least_rows(c: &Choice) -> (u8, u16) {
        // Lengths first, then the rows of the least: no branch on how
        // each row compares (the CPU cannot guess it).
        let mut lens = [u8::MAX; 16];
        let mut least = u8::MAX;
        for r in rows_of(c.mask) {
            let pat = c.rows.pat(c.t, r);
            let mut len = pattern_len(pat, c.sig, &c.ords);
            if let Some(other) = c.other {
                len = len.min(pattern_len(pat, other, &c.ords));
            }
            lens[r & 15] = len as u8;
            least = least.min(len as u8);
        }
        let at = rows_of(c.mask).fold(0u16, |at, r| at | u16::from(lens[r & 15] == least) << r);
        (least, at)
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernels for X86V3 {
    #[inline(always)]
    fn row_tables(g: &Grid) -> RowTables {
        RowTables::new_sse(g)
    }

    /// Every row at once, with no branch: each slot's lengths by pattern
    /// are a 16-byte table, looked up for the sixteen rows' patterns by
    /// one byte shuffle; a row's length is the most of its three slots',
    /// rows outside `mask` read 255, and the least is found by halving.
    #[inline(always)]
    fn least_rows(c: &Choice) -> (u8, u16) {
        use super::tables::SLOT_LENS;
        use std::arch::x86_64::*;
        // SAFETY: only reached from the X86V3 copy, which runs only where
        // the CPU has SSSE3 and SSE4.1 (part of V3); each load reads one
        // 16-byte array.
        unsafe {
            let under = |sig: [usize; 3]| {
                let mut most = _mm_setzero_si128();
                for (slot, &s) in sig.iter().enumerate() {
                    let table = SLOT_LENS[slot][usize::from(c.ords[slot] & 63)];
                    let table = _mm_loadu_si128(table.as_ptr().cast());
                    let pats = _mm_loadu_si128(c.rows.stack_pats(c.t, s).as_ptr().cast());
                    most = _mm_max_epu8(most, _mm_shuffle_epi8(table, pats));
                }
                most
            };
            let mut lens = under(c.sig);
            if let Some(other) = c.other {
                lens = _mm_min_epu8(lens, under(other));
            }
            // Byte r all ones when bit r of `mask` is set.
            let bit = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
            let spread = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
            let bytes = _mm_shuffle_epi8(_mm_cvtsi32_si128(i32::from(c.mask)), spread);
            let inside = _mm_cmpeq_epi8(_mm_and_si128(bytes, bit), bit);
            let lens = _mm_or_si128(lens, _mm_andnot_si128(inside, _mm_set1_epi8(-1)));
            let m = _mm_min_epu8(lens, _mm_srli_si128::<8>(lens));
            let m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
            let m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
            let m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
            let least = _mm_cvtsi128_si32(m) as u8;
            let at = _mm_cmpeq_epi8(lens, _mm_set1_epi8(least as i8));
            let at = _mm_movemask_epi8(_mm_and_si128(at, inside)) as u16;
            (least, at)
        }
    }
}

copies! {
    fill: fill_portable, fill_x86v3(
        st: &State, r: usize, depth: usize, v: &Cells, slot: usize, row: u64, p: Part,
        best: &mut u64,
    );
    fill_names: fill_names_portable, fill_names_x86v3(
        st: &State, r: usize, depth: usize, v: &Cells, slot: usize, row: u64, p: Part,
        k: [u32; 3], best: &mut u64,
    );
}

impl PuzzleMinlex {
    /// The canonical form of `g` by the copy of `level` (`V4` runs the V3
    /// copy); a level this CPU cannot run ([`Level::runs_here`]) runs the
    /// baseline copy instead. Every copy gives the same form and states.
    pub(super) fn rows_on(&mut self, g: &Grid, level: Level) -> Rows {
        #[cfg(target_arch = "x86_64")]
        if level >= Level::V3 && level.runs_here() {
            // SAFETY: the CPU has every feature `form_x86v3` enables.
            return unsafe { self.form_x86v3(g) };
        }
        let _ = level;
        self.form_portable(g)
    }

    #[inline(never)]
    fn form_portable(&mut self, g: &Grid) -> Rows {
        self.form_in::<Portable>(g)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    unsafe fn form_x86v3(&mut self, g: &Grid) -> Rows {
        self.form_in::<X86V3>(g)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tables::{pack_rows, rows_grid};
    use super::*;
    use crate::similarity::canon::Transform;
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    /// The baseline copy against each one this CPU runs (the others say
    /// SKIPPED; the brute-force tests above check the one in use), on
    /// puzzles of every clue count.
    #[test]
    fn every_copy_gives_the_same_form_and_witness() {
        let solved = Grid::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        let levels: Vec<Level> = [Level::V3, Level::V4]
            .into_iter()
            .filter(|&l| crate::cpu::runs_or_skips(l, "every_copy_gives_the_same_form_and_witness"))
            .collect();
        let (mut a, mut b) = (PuzzleMinlex::default(), PuzzleMinlex::default());
        for case in 0..400 {
            let mut cells = *Transform::random(&mut rng).apply(&solved).cells();
            let keep = rng.random_range(0..40);
            for v in cells.iter_mut() {
                if rng.random_range(0..81) >= keep {
                    *v = 0;
                }
            }
            let g = Grid::from_cells(cells);
            let portable = a.rows_on(&g, Level::Portable);
            assert_eq!(
                pack_rows(&portable),
                crate::similarity::table::pack(&rows_grid(&portable)),
                "case {case}"
            );
            let portable = rows_grid(&portable);
            assert_eq!(a.witness().apply(&g), portable, "case {case}");
            for &level in &levels {
                let fast = rows_grid(&b.rows_on(&g, level));
                assert_eq!(portable, fast, "{level} case {case}: {}", g.line());
                assert_eq!(
                    a.witness(),
                    b.witness(),
                    "{level} case {case}: {}",
                    g.line()
                );
            }
        }
    }
}
