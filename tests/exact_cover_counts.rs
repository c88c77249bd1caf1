//! Published packing counts checked with the plain exact-cover reference
//! (`exact_cover`), and the engine checked against the same figures: the
//! claims in `src/polyomino/tests.rs` and `tests/polycube.rs` rest on these.

use puzzlelab::monitor::Silent;
use puzzlelab::polyomino::{self, Options};

use crate::exact_cover::{self, Point, Problem, Turns, cuboid, engine, flat, pentominoes, soma};

/// The engine's (raw, classes) for flat pieces on the cells.
fn engine_flat(cells: &[Point], pieces: &[exact_cover::Piece]) -> (u64, u64) {
    let (region, pieces) = (engine::region(cells), engine::pieces(pieces));
    let run = |raw| {
        let options = Options {
            raw,
            ..Options::default()
        };
        let out = polyomino::solve(&region, &pieces, &options, &Silent).unwrap();
        assert!(out.stopped.is_none());
        out.count
    };
    (run(true), run(false))
}

/// The engine's (raw, classes) for solids in the cells.
fn engine_solid(cells: &[Point], pieces: &[exact_cover::Piece]) -> (u64, u64) {
    let (space, solids) = (engine::space(cells), engine::solids(pieces));
    let run = |raw| {
        let options = Options {
            raw,
            ..Options::default()
        };
        let out = polyomino::solve_solid(&space, &solids, &options, &Silent).unwrap();
        assert!(out.stopped.is_none());
        out.count
    };
    (run(true), run(false))
}

#[test]
fn pentominoes_fill_3_by_20_in_2_ways_8_raw() {
    // Published: 2 solutions of the 3×20 rectangle (Golomb, Polyominoes).
    let cells = cuboid(1, 3, 20);
    let pieces = pentominoes(Turns::Free);
    let problem = Problem::new(&cells, &pieces);
    assert_eq!(problem.symmetries(), 4);
    assert_eq!(problem.counts(), (8, 2));
    assert_eq!(engine_flat(&cells, &pieces), (8, 2));
}

#[test]
fn dominoes_and_l_tetrominoes_on_small_rectangles() {
    // Domino tilings of 2×4, 3×4, 4×4: 5, 11, 36 (OEIS A099390).
    let domino = exact_cover::Piece {
        cells: flat("##"),
        turns: Turns::Free,
    };
    for (rows, cols, raw, classes) in [(2, 4, 5, 4), (3, 4, 11, 5), (4, 4, 36, 9)] {
        let cells = cuboid(1, rows, cols);
        let pieces = vec![domino.clone(); (rows * cols / 2) as usize];
        assert_eq!(Problem::new(&cells, &pieces).counts(), (raw, classes));
        let (r, c) = engine_flat(&cells, &pieces);
        assert_eq!((r as usize, c as usize), (raw, classes), "{rows}x{cols}");
    }
    let l4 = exact_cover::Piece {
        cells: flat("#..\n###"),
        turns: Turns::Free,
    };
    let cells = cuboid(1, 4, 4);
    let pieces = vec![l4; 4];
    assert_eq!(Problem::new(&cells, &pieces).counts(), (10, 3));
    assert_eq!(engine_flat(&cells, &pieces), (10, 3));
}

#[test]
fn soma_cube_has_240_solutions_11520_raw() {
    // Published: 240 solutions up to the cube's 48 symmetries (Conway and
    // Guy), 11,520 raw. The screws are a mirror pair, so reflections count.
    let cells = cuboid(3, 3, 3);
    let problem = Problem::new(&cells, &soma());
    assert_eq!(problem.symmetries(), 48);
    assert_eq!(problem.counts(), (11520, 240));
    assert_eq!(engine_solid(&cells, &soma()), (11520, 240));
}

/// 30 s for the reference: `cargo test -- --ignored exact_cover` runs it.
#[test]
#[ignore = "the plain reference takes 30 s"]
fn pentominoes_fill_the_2_by_3_by_10_box_in_12_ways() {
    // Published: 12 solutions of the 2×3×10 box (Bouwkamp).
    let cells = cuboid(2, 3, 10);
    let pieces = pentominoes(Turns::Solid);
    let (raw, classes) = Problem::new(&cells, &pieces).counts();
    assert_eq!(classes, 12);
    assert_eq!(engine_solid(&cells, &pieces), (raw as u64, 12));
}
