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

mod brute;
mod grid;
mod puzzle;
mod transform;

pub use brute::canon_brute_force;
pub use transform::{Transform, TransformError, XorShift};

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

    /// The canonical form of `g` and a transformation taking `g` to it.
    pub fn canon_with_transform(&mut self, g: &Grid) -> (Grid, Transform) {
        if grid::is_solution(g) {
            self.grid.canon(g)
        } else {
            self.puzzle.canon(g)
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const X: &str =
        "000200001008000050000300000400000600210000000000050080300000002000060400009080000";

    #[test]
    fn inverse_and_then_undo_each_other() {
        let mut rng = XorShift(7);
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

    #[test]
    fn matches_brute_force_on_small_cases() {
        let mut rng = XorShift(99);
        let solved = Grid::parse(SOLVED).unwrap();
        for case in 0..4 {
            // Keep a random handful of cells of a moved solution.
            let mut cells = *Transform::random(&mut rng).apply(&solved).cells();
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
        let moved = Transform::random(&mut rng).apply(&solved);
        assert_eq!(canon(&moved), canon_brute_force(&solved));
        assert_eq!(canon(&Grid::empty()), Grid::empty());
    }

    #[test]
    fn transformed_puzzles_share_the_form() {
        let mut rng = XorShift(12345);
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
