//! Property tests: random small boards and boxes (holes, irregular shapes,
//! boards made symmetric by a mirror or a half turn) cut into random pieces
//! (copies, one-sided pieces, mirror pairs, solids), counted by the engine
//! and by the plain exact-cover reference (`exact_cover`), raw and up to
//! symmetry. A board is cut into its pieces, so most cases have packings;
//! a piece is sometimes swapped for its mirror image, so some have none.

use proptest::prelude::*;
use puzzlelab::monitor::Monitor;
use puzzlelab::polyomino::{self, Options};

use crate::exact_cover::{self, Point, Problem, Turns, engine};

/// Cases per property: together they run in about a second at opt-level 1.
const CASES: u32 = 150;

/// Cases with more raw packings than this (boxes full of dimers) are
/// drawn again: the reference, and the engine without a limit, would take
/// seconds on each.
const MOST_PACKINGS: u64 = 1000;

/// Wall time one engine run may take before the case is drawn again: a
/// rare box (many small pieces with rejected symmetric images) can search
/// far past [`MOST_PACKINGS`] before its count reaches the limit, and at
/// opt-level 1 that took minutes once.
const MOST_SECONDS: u64 = 3;

/// Stops the engine after [`MOST_SECONDS`] (the run is then `None`, like
/// one past [`MOST_PACKINGS`]).
struct Budget(std::time::Instant);

impl Budget {
    fn new() -> Budget {
        Budget(std::time::Instant::now())
    }
}

impl Monitor for Budget {
    fn cancelled(&self) -> bool {
        self.0.elapsed().as_secs() >= MOST_SECONDS
    }
}

/// [`CASES`], or `PROPTEST_CASES` when set (for a longer run by hand).
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok());
    ProptestConfig {
        cases: cases.unwrap_or(CASES),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Cut `cells` into connected pieces: from the first cell not yet cut,
/// grow a piece one neighbour at a time (which one: the next choice) up to
/// a size of 1 to `largest` (also a choice).
fn cut(cells: &[Point], choices: &[u8], largest: u8) -> Vec<Vec<Point>> {
    let mut next = choices.iter().cycle().copied();
    let mut left: Vec<Point> = cells.to_vec();
    let mut pieces = Vec::new();
    while let Some(&start) = left.first() {
        let size = 1 + next.next().unwrap_or(0) % largest;
        let mut piece = vec![start];
        left.retain(|&c| c != start);
        while piece.len() < size as usize {
            let touching: Vec<Point> = left
                .iter()
                .copied()
                .filter(|c| {
                    piece
                        .iter()
                        .any(|p| (0..3).map(|a| (p[a] - c[a]).abs()).sum::<i32>() == 1)
                })
                .collect();
            if touching.is_empty() {
                break;
            }
            let pick = touching[next.next().unwrap_or(0) as usize % touching.len()];
            piece.push(pick);
            left.retain(|&c| c != pick);
        }
        pieces.push(piece);
    }
    pieces
}

/// Cells of a `dims` box where `open` says so (at least one).
fn cells_of(dims: [i32; 3], open: &[bool], full: bool) -> Vec<Point> {
    let mut out = Vec::new();
    let mut i = 0;
    for l in 0..dims[0] {
        for r in 0..dims[1] {
            for c in 0..dims[2] {
                if full || open[i % open.len()] {
                    out.push([l, r, c]);
                }
                i += 1;
            }
        }
    }
    if out.is_empty() {
        out.push([0, 0, 0]);
    }
    out
}

/// Mirror across the column axis, beside the box.
fn mirrored(p: Point, cols: i32) -> Point {
    [p[0], p[1], 2 * cols - 1 - p[2]]
}

/// A half turn in the plane, below the box.
fn half_turned(p: Point, rows: i32, cols: i32) -> Point {
    [p[0], 2 * rows - 1 - p[1], cols - 1 - p[2]]
}

/// A board and its pieces from the drawn values: `mode` 0 keeps the cut
/// cells, 1 adds their mirror image beside them (mirror-image pieces), 2
/// their half turn below (copies), 3 fills the whole box.
fn board(
    dims: [i32; 3],
    open: &[bool],
    mode: u8,
    choices: &[u8],
    largest: u8,
) -> (Vec<Point>, Vec<Vec<Point>>) {
    let half = cells_of(dims, open, mode == 3);
    let mut pieces = cut(&half, choices, largest);
    let mut cells = half.clone();
    let image: Option<Box<dyn Fn(Point) -> Point>> = match mode {
        1 => Some(Box::new(move |p| mirrored(p, dims[2]))),
        2 => Some(Box::new(move |p| half_turned(p, dims[1], dims[2]))),
        _ => None,
    };
    if let Some(f) = image {
        cells.extend(half.iter().map(|&p| f(p)));
        let images: Vec<Vec<Point>> = pieces
            .iter()
            .map(|p| p.iter().map(|&q| f(q)).collect())
            .collect();
        pieces.extend(images);
    }
    (cells, pieces)
}

/// The engine's (raw, classes) for flat pieces (`one_sided` for all too);
/// `None` past [`MOST_PACKINGS`] raw packings or [`MOST_SECONDS`].
fn engine_flat(
    cells: &[Point],
    pieces: &[exact_cover::Piece],
    one_sided: bool,
) -> Option<(u64, u64)> {
    engine_flat_branching(cells, pieces, one_sided, None)
}

/// [`engine_flat`] with the walled-in-cell rule forced on or off (`None`:
/// the engine's choice, which is off on boards this small), so that its
/// own placement index is checked too.
fn engine_flat_branching(
    cells: &[Point],
    pieces: &[exact_cover::Piece],
    one_sided: bool,
    tight: Option<bool>,
) -> Option<(u64, u64)> {
    let (region, pieces) = (engine::region(cells), engine::pieces(pieces));
    let run = |raw| {
        let options = Options {
            raw,
            one_sided,
            tight,
            threads: Some(1),
            limit: Some(MOST_PACKINGS + 1),
            ..Options::default()
        };
        let out = polyomino::solve(&region, &pieces, &options, &Budget::new()).unwrap();
        (out.stopped.is_none()).then_some(out.count)
    };
    Some((run(true)?, run(false)?))
}

/// The engine's (raw, classes) for solids; `None` past [`MOST_PACKINGS`]
/// raw packings or [`MOST_SECONDS`].
fn engine_solid(cells: &[Point], pieces: &[exact_cover::Piece]) -> Option<(u64, u64)> {
    let (space, solids) = (engine::space(cells), engine::solids(pieces));
    let run = |raw| {
        let options = Options {
            raw,
            threads: Some(1),
            limit: Some(MOST_PACKINGS + 1),
            ..Options::default()
        };
        let out = polyomino::solve_solid(&space, &solids, &options, &Budget::new()).unwrap();
        (out.stopped.is_none()).then_some(out.count)
    };
    Some((run(true)?, run(false)?))
}

/// The case proptest shrank to: two staircases, mirror images of each
/// other, hold a free P, a one-sided P turned over and two monominoes.
/// Each staircase holds a P of either hand, so there are 4 packings; the
/// one-sided piece has no mirror image in the set, so no reflection is a
/// symmetry and there are 4 classes. The engine used to say 2: it took
/// the reflection for a symmetry, mapping the one-sided P onto the free P.
#[test]
fn a_free_and_a_one_sided_p_are_not_mirror_images() {
    let cells = exact_cover::flat("#....#\n##..##\n######");
    let piece = |d: &str, turns| exact_cover::Piece {
        cells: exact_cover::flat(d),
        turns,
    };
    let pieces = [
        piece("#.\n##\n##", Turns::Free),
        piece("#", Turns::Free),
        piece(".#\n##\n##", Turns::OneSided),
        piece("#", Turns::Free),
    ];
    assert_eq!(Problem::new(&cells, &pieces).counts(), (4, 4));
    assert_eq!(engine_flat(&cells, &pieces, false), Some((4, 4)));
}

proptest! {
    #![proptest_config(config())]

    /// Flat boards up to 5×6 (or two 3×4 halves) cut into pieces of 1 to 5
    /// cells; each piece one-sided or free, sometimes turned over; the
    /// walled-in-cell rule forced on, off, or left to the engine.
    #[test]
    fn flat_packings_match_the_reference(
        rows in 2i32..=5,
        cols in 2i32..=6,
        open in prop::collection::vec(prop::bool::weighted(0.8), 30),
        mode in 0u8..4,
        choices in prop::collection::vec(any::<u8>(), 1..24),
        flags in prop::collection::vec(0u8..6, 24),
        all_one_sided in prop::bool::weighted(0.2),
        tight in prop::option::of(any::<bool>()),
    ) {
        let (rows, cols) = if mode == 1 || mode == 2 { (rows.min(3), cols.min(4)) } else { (rows, cols) };
        let (cells, cut) = board([1, rows, cols], &open, mode, &choices, 5);
        let pieces: Vec<exact_cover::Piece> = cut
            .iter()
            .zip(flags.iter().cycle())
            .map(|(p, &flag)| {
                // A turned-over piece: the board may no longer be tileable.
                let cells = if flag == 5 { p.iter().map(|q| [0, q[1], -q[2]]).collect() } else { p.clone() };
                let turns = if all_one_sided || flag % 2 == 1 { Turns::OneSided } else { Turns::Free };
                exact_cover::Piece { cells, turns }
            })
            .collect();
        let engine = engine_flat_branching(&cells, &pieces, all_one_sided, tight);
        prop_assume!(engine.is_some());
        let (raw, classes) = Problem::new(&cells, &pieces).counts();
        prop_assert_eq!(engine.unwrap(), (raw as u64, classes as u64), "board {:?}, pieces {:?}, tight {:?}", cells, pieces, tight);
    }

    /// Boxes up to 2×3×4 (or two 2×2×4 halves, mirror images of each other)
    /// cut into solids of 1 to 4 cubes.
    #[test]
    fn solid_packings_match_the_reference(
        layers in 1i32..=2,
        rows in 2i32..=3,
        cols in 2i32..=4,
        open in prop::collection::vec(prop::bool::weighted(0.85), 24),
        mode in prop::sample::select(vec![0u8, 1, 3]),
        choices in prop::collection::vec(any::<u8>(), 1..24),
    ) {
        let rows = if mode == 1 { rows.min(2) } else { rows };
        let (cells, cut) = board([layers, rows, cols], &open, mode, &choices, 4);
        let pieces: Vec<exact_cover::Piece> = cut
            .into_iter()
            .map(|cells| exact_cover::Piece { cells, turns: Turns::Solid })
            .collect();
        let engine = engine_solid(&cells, &pieces);
        prop_assume!(engine.is_some());
        let (raw, classes) = Problem::new(&cells, &pieces).counts();
        prop_assert_eq!(engine.unwrap(), (raw as u64, classes as u64), "box {:?}, pieces {:?}", cells, pieces);
    }
}

/// A free L tetromino and a one-sided L of the same hand fill 2×4 in 2
/// ways (the 2 L packings of one hand, the pieces told apart), 1 up to the
/// half turn that swaps them. The engine used to find none: it merged the
/// two pieces into one kind by their first orientation.
#[test]
fn a_free_and_a_one_sided_l_of_one_hand_fill_2_by_4() {
    let cells = exact_cover::flat("####\n####");
    let pieces = [
        exact_cover::Piece {
            cells: exact_cover::flat("#..\n###"),
            turns: Turns::Free,
        },
        exact_cover::Piece {
            cells: exact_cover::flat("#..\n###"),
            turns: Turns::OneSided,
        },
    ];
    assert_eq!(Problem::new(&cells, &pieces).counts(), (2, 1));
    assert_eq!(engine_flat(&cells, &pieces, false), Some((2, 1)));
}

/// A free L and a one-sided L of the other hand: 2 packings, 1 class, in
/// whichever order the pieces are listed. The engine counts 1 packing
/// when the one-sided piece comes first.
#[test]
fn the_order_of_the_pieces_does_not_change_the_count() {
    let cells = exact_cover::flat("####\n####");
    let free = exact_cover::Piece {
        cells: exact_cover::flat("#..\n###"),
        turns: Turns::Free,
    };
    let other_hand = exact_cover::Piece {
        cells: exact_cover::flat("..#\n###"),
        turns: Turns::OneSided,
    };
    let pieces = [free.clone(), other_hand.clone()];
    assert_eq!(Problem::new(&cells, &pieces).counts(), (2, 1));
    assert_eq!(engine_flat(&cells, &pieces, false), Some((2, 1)));
    assert_eq!(
        engine_flat(&cells, &[other_hand, free], false),
        Some((2, 1))
    );
}
