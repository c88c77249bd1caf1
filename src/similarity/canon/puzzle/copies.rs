//! The minlex search compiled twice: once for the target's baseline and,
//! on x86-64, once with AVX2, BMI1/2, POPCNT and LZCNT, chosen at run time
//! from what the CPU reports (as the Sudoku and 3D searches are).
//!
//! Why: the row search is table lookups, bit scans and small fixed-size
//! copies (states, name maps); the newer instructions make the scans one
//! instruction and the copies wider. The entry points are [`form_on`]'s
//! two copies and the recursive `fill` and `fill_names`; everything they
//! call is inlined into each copy.
//!
//! [`form_on`]: PuzzleMinlex::form_on

use super::{Part, PuzzleMinlex, Rows, State};
use crate::sudoku::Grid;
use crate::sudoku::solver::Isa;

/// One compiled copy of the search: how `fill` and `fill_names` call
/// each other and themselves.
pub(super) trait MinlexCopy {
    #[allow(clippy::too_many_arguments)]
    fn fill(
        m: &mut PuzzleMinlex,
        st: &State,
        r: usize,
        depth: usize,
        v: &[u8; 9],
        slot: usize,
        row: u64,
        p: Part,
        best: &mut u64,
    );
    #[allow(clippy::too_many_arguments)]
    fn fill_names(
        m: &mut PuzzleMinlex,
        st: &State,
        r: usize,
        depth: usize,
        v: &[u8; 9],
        slot: usize,
        row: u64,
        p: Part,
        k: [u32; 3],
        best: &mut u64,
    );
}

/// The baseline copy (runs everywhere).
pub(super) struct Portable;

impl MinlexCopy for Portable {
    #[inline(always)]
    fn fill(
        m: &mut PuzzleMinlex,
        st: &State,
        r: usize,
        depth: usize,
        v: &[u8; 9],
        slot: usize,
        row: u64,
        p: Part,
        best: &mut u64,
    ) {
        m.fill_portable(st, r, depth, v, slot, row, p, best)
    }

    #[inline(always)]
    fn fill_names(
        m: &mut PuzzleMinlex,
        st: &State,
        r: usize,
        depth: usize,
        v: &[u8; 9],
        slot: usize,
        row: u64,
        p: Part,
        k: [u32; 3],
        best: &mut u64,
    ) {
        m.fill_names_portable(st, r, depth, v, slot, row, p, k, best)
    }
}

/// The copy for x86-64 CPUs with AVX2, BMI1/2, POPCNT and LZCNT.
#[cfg(target_arch = "x86_64")]
pub(super) struct X86V3;

#[cfg(target_arch = "x86_64")]
impl MinlexCopy for X86V3 {
    #[inline(always)]
    fn fill(
        m: &mut PuzzleMinlex,
        st: &State,
        r: usize,
        depth: usize,
        v: &[u8; 9],
        slot: usize,
        row: u64,
        p: Part,
        best: &mut u64,
    ) {
        // SAFETY: only reached from the X86V3 copy, which runs only where
        // `Isa::detect` found every feature it enables.
        unsafe { m.fill_x86v3(st, r, depth, v, slot, row, p, best) }
    }

    #[inline(always)]
    fn fill_names(
        m: &mut PuzzleMinlex,
        st: &State,
        r: usize,
        depth: usize,
        v: &[u8; 9],
        slot: usize,
        row: u64,
        p: Part,
        k: [u32; 3],
        best: &mut u64,
    ) {
        // SAFETY: as in `fill` above.
        unsafe { m.fill_names_x86v3(st, r, depth, v, slot, row, p, k, best) }
    }
}

/// The two compiled entry points of the recursive method `$method`: the
/// baseline `$portable` and `$fast` with the X86V3 features, each running
/// the method in its copy (one argument list for both).
macro_rules! copies {
    ($method:ident: $portable:ident, $fast:ident($($arg:ident: $ty:ty),* $(,)?)) => {
        #[allow(clippy::too_many_arguments)]
        #[inline(never)]
        fn $portable(&mut self, $($arg: $ty),*) {
            self.$method::<Portable>($($arg),*)
        }

        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
        #[allow(clippy::too_many_arguments)]
        #[inline(never)]
        unsafe fn $fast(&mut self, $($arg: $ty),*) {
            self.$method::<X86V3>($($arg),*)
        }
    };
}

impl PuzzleMinlex {
    /// The canonical form of `g` by the copy `isa` names; a copy this CPU
    /// cannot run ([`Isa::runs_here`]) runs the baseline copy instead.
    /// `Isa::X86V4` runs the X86V3 copy: compiled with AVX-512 as well,
    /// the search was about 1.5% slower on Zen 4 (royle_17clue_49151).
    /// Every copy gives the same form and states.
    pub(super) fn rows_on(&mut self, g: &Grid, isa: Isa) -> Rows {
        #[cfg(target_arch = "x86_64")]
        if isa >= Isa::X86V3 && isa.runs_here() {
            // SAFETY: `Isa::detect` found every feature `form_x86v3` enables.
            return unsafe { self.form_x86v3(g) };
        }
        let _ = isa;
        self.form_portable(g)
    }

    #[inline(never)]
    fn form_portable(&mut self, g: &Grid) -> Rows {
        self.form_in::<Portable>(g)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline(never)]
    unsafe fn form_x86v3(&mut self, g: &Grid) -> Rows {
        self.form_in::<X86V3>(g)
    }

    copies!(fill: fill_portable, fill_x86v3(
        st: &State, r: usize, depth: usize, v: &[u8; 9], slot: usize, row: u64, p: Part,
        best: &mut u64,
    ));
    copies!(fill_names: fill_names_portable, fill_names_x86v3(
        st: &State, r: usize, depth: usize, v: &[u8; 9], slot: usize, row: u64, p: Part,
        k: [u32; 3], best: &mut u64,
    ));
}

#[cfg(test)]
mod tests {
    use super::super::tables::{pack_rows, rows_grid};
    use super::*;
    use crate::similarity::canon::Transform;
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    /// The baseline copy against each one this CPU runs (the brute-force
    /// tests above check the detected one), on puzzles of every clue count.
    #[test]
    fn every_copy_gives_the_same_form_and_witness() {
        let solved = Grid::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(31);
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
            let portable = a.rows_on(&g, Isa::Portable);
            assert_eq!(
                pack_rows(&portable),
                crate::similarity::table::pack(&rows_grid(&portable)),
                "case {case}"
            );
            let portable = rows_grid(&portable);
            assert_eq!(a.witness().apply(&g), portable, "case {case}");
            for isa in [Isa::X86V3, Isa::X86V4] {
                let fast = rows_grid(&b.rows_on(&g, isa));
                assert_eq!(portable, fast, "{isa:?} case {case}: {}", g.line());
                assert_eq!(
                    a.witness(),
                    b.witness(),
                    "{isa:?} case {case}: {}",
                    g.line()
                );
            }
        }
    }
}
