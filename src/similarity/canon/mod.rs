//! The exact canonical form ("minlex") of a Sudoku puzzle or grid under the
//! whole symmetry group: rows inside bands, bands, columns inside stacks,
//! stacks, transposition (3,359,232 arrangements) and digit relabelling.
//!
//! The form is the lexicographically smallest 81-character string (0 for
//! empty) over all arrangements, with digits renamed 1, 2, 3, ... in order
//! of first appearance. Two puzzles are the same up to symmetry exactly when
//! their forms are equal.
//!
//! How it is found fast: the form is built one row at a time, keeping the
//! partial arrangements that tie for the smallest prefix.
//!
//! While the rows chosen are all empty, an arrangement is only the grid
//! (plain or transposed) and its rows: the next row is an empty one if
//! there is any (equal rows of a band count once). The first non-empty row
//! is one with the fewest clues per stack (sorted counts compared), all its
//! digits new; only the stack orders sorting those counts are tried.
//!
//! From there a *state* is: grid, source rows chosen, the source stack of
//! each slot, per slot the set of column orders still tying, the digit
//! names given so far, and whether slots 0 and 1, both still empty, may
//! yet exchange their stacks (one state for both orders until a clue
//! decides). For the next row each state tries the source rows the band
//! structure allows. First a bound from clue patterns alone: a table gives
//! the smallest pattern an allowed set of orders can make of a stack, so
//! the most leading empty cells each candidate can reach; only candidates
//! reaching the most are filled. Filling goes slot by slot: each cell
//! ranks as empty 0, a named digit its name, a new digit after every name;
//! a table over the ranks' places gives the allowed orders putting them
//! smallest (a stack with one clue, the common case, goes straight to the
//! rightmost place its orders allow), and a row stops at its first slot
//! worse than the best row so far. Only a slot with several new digits splits a state, one per way of
//! naming them. Rows are compared packed four bits a cell in an integer.

mod brute;
mod grid;
mod puzzle;
mod transform;

pub use brute::canon_brute_force;
pub use transform::{Transform, TransformError};

use crate::sudoku::Grid;

// Bands, stacks and the lines inside one are permuted by the shared table.
use crate::permutations::PERMS_OF_3;

/// Reusable work space for canonical forms (keeps allocations across calls).
#[derive(Default)]
pub struct Canonicalizer {
    puzzle: puzzle::PuzzleMinlex,
    grid: grid::GridMinlex,
}

impl Canonicalizer {
    /// A canonicalizer with empty work space.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical form of `g`.
    pub fn canon(&mut self, g: &Grid) -> Grid {
        if grid::is_solution(g) {
            self.grid.canon(g).0
        } else {
            self.puzzle.form(g)
        }
    }

    /// The canonical form of `g` packed four bits a cell, first cell
    /// highest (as `canon_groups` keeps forms): a puzzle's straight from
    /// the rows its search settles.
    pub(crate) fn canon_packed(&mut self, g: &Grid) -> [u64; 6] {
        if grid::is_solution(g) {
            super::table::pack(&self.grid.canon(g).0)
        } else {
            self.puzzle.packed_form(g)
        }
    }

    /// The canonical form of `g` and a transformation taking `g` to it.
    pub fn canon_with_transform(&mut self, g: &Grid) -> (Grid, Transform) {
        if grid::is_solution(g) {
            self.grid.canon(g)
        } else {
            self.puzzle.canon(g)
        }
    }
}

thread_local! {
    /// Work space for [`canon`], kept per thread so that a loop of single
    /// calls allocates nothing per puzzle.
    static WORK: std::cell::RefCell<Canonicalizer> = std::cell::RefCell::new(Canonicalizer::new());
}

/// Runs `f` with this thread's work space (a fresh one if it is in use),
/// so that work shared out among threads again and again keeps one work
/// space per thread.
pub(crate) fn with_work<R>(f: impl FnOnce(&mut Canonicalizer) -> R) -> R {
    WORK.with(|w| match w.try_borrow_mut() {
        Ok(mut c) => f(&mut c),
        Err(_) => f(&mut Canonicalizer::new()),
    })
}

/// The canonical form of one grid (see [`Canonicalizer`] for many).
pub fn canon(g: &Grid) -> Grid {
    with_work(|c| c.canon(g))
}

/// A transformation taking `a` to `b` when they are the same puzzle up to
/// symmetry and digit renaming, `None` otherwise.
pub fn equivalent(a: &Grid, b: &Grid) -> Option<Transform> {
    let mut c = Canonicalizer::new();
    let (ca, ta) = c.canon_with_transform(a);
    let (cb, tb) = c.canon_with_transform(b);
    (ca == cb).then(|| ta.then(&tb.inverse()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const X: &str =
        "000200001008000050000300000400000600210000000000050080300000002000060400009080000";

    #[test]
    fn inverse_and_then_undo_each_other() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let g = Grid::parse(SOLVED).unwrap();
        for _ in 0..20 {
            let t = Transform::random(&mut rng);
            t.validate().unwrap();
            let moved = t.apply(&g);
            assert_eq!(t.inverse().apply(&moved), g);
            let u = Transform::random(&mut rng);
            assert_eq!(t.then(&u).apply(&g), u.apply(&moved));
        }
    }

    /// Pencil marks move as the grid's digits move, and moving them back
    /// gives them again.
    #[test]
    fn masks_move_with_their_grid() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let g = Grid::parse(SOLVED).unwrap();
        let single = |g: &Grid| -> [u16; 81] { std::array::from_fn(|i| 1 << (g.get(i) - 1)) };
        for _ in 0..20 {
            let t = Transform::random(&mut rng);
            assert_eq!(t.apply_masks(&single(&g)), single(&t.apply(&g)));
            let marks: [u16; 81] = std::array::from_fn(|_| rng.random_range(0..512));
            assert_eq!(t.inverse().apply_masks(&t.apply_masks(&marks)), marks);
        }
    }

    #[test]
    fn matches_brute_force_on_small_cases() {
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        let solved = Grid::parse(SOLVED).unwrap();
        for case in 0..4 {
            // Keep a random handful of cells of a moved solution.
            let mut cells = *Transform::random(&mut rng).apply(&solved).cells();
            let keep = [3, 8, 17, 30][case];
            for (i, v) in cells.iter_mut().enumerate() {
                if rng.random_range(0..81) >= keep && i != 40 {
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
        let moved = Transform::random(&mut rng).apply(&solved);
        assert_eq!(canon(&moved), canon_brute_force(&solved));
        assert_eq!(canon(&Grid::empty()), Grid::empty());
    }

    #[test]
    fn matches_brute_force_on_random_sparse_and_symmetric_puzzles() {
        let mut rng = ChaCha8Rng::seed_from_u64(2024);
        let solved = Grid::parse(SOLVED).unwrap();
        let mut c = Canonicalizer::new();
        for case in 0..24 {
            let mut cells = *Transform::random(&mut rng).apply(&solved).cells();
            let keep = rng.random_range(0..31);
            for v in cells.iter_mut() {
                if rng.random_range(0..81) >= keep {
                    *v = 0;
                }
            }
            // Symmetric or odd shapes: equal rows, an empty band, equal
            // stacks, a repeated digit in a row (not a valid puzzle, still
            // a grid).
            match case % 6 {
                1 => {
                    let r = rng.random_range(0..9);
                    let q = r / 3 * 3 + (r + 1) % 3;
                    for j in 0..9 {
                        cells[9 * q + j] = cells[9 * r + j];
                    }
                }
                2 => {
                    let b = rng.random_range(0..3);
                    cells[27 * b..27 * b + 27].fill(0);
                }
                3 => {
                    for i in 0..9 {
                        for j in 0..3 {
                            cells[9 * i + 3 + j] = cells[9 * i + j];
                        }
                    }
                }
                4 => {
                    let r = rng.random_range(0..9);
                    cells[9 * r] = 5;
                    cells[9 * r + 1] = 5;
                    cells[9 * r + 2] = 7;
                }
                _ => {}
            }
            let g = Grid::from_cells(cells);
            let (form, t) = c.canon_with_transform(&g);
            assert_eq!(form, canon_brute_force(&g), "case {case}: {}", g.line());
            assert_eq!(t.apply(&g), form, "case {case}: {}", g.line());
            assert_eq!(c.canon(&g), form);
        }
    }

    #[test]
    fn transformed_puzzles_share_the_form() {
        let mut rng = ChaCha8Rng::seed_from_u64(12345);
        for text in [X, SOLVED] {
            let g = Grid::parse(text).unwrap();
            let form = canon(&g);
            for _ in 0..20 {
                let h = Transform::random(&mut rng).apply(&g);
                assert_eq!(canon(&h), form);
                let t = equivalent(&g, &h).unwrap();
                t.validate().unwrap();
                assert_eq!(t.apply(&g), h);
            }
        }
    }
}
