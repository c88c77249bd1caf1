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

use super::{Cells, Part, PuzzleMinlex, Rows, State};
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
        pub(super) trait MinlexCopy {
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
