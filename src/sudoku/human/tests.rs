//! Unit tests of the human techniques: positions where Sukaku Explainer's
//! `serate --after='%r %s'` printed the step (each technique's first use in
//! a sample whose whole path SE and this engine take alike), and
//! hand-built pencil-mark positions for the techniques that sample lacks.

use super::board::CandidateGrid;
use super::{Step, explain, find, hint, se_rate, techniques};
use crate::sudoku::grid::{Grid, cell_name};
use crate::sudoku::hui::Candidates;
use crate::sudoku::solver;

/// (puzzle, 0-based step, SE's rating and step text).
const SE_STEPS: &[(&str, usize, &str, &str)] = &[
    (
        "..613.....35.7....1.25.8.3......926....31.......4.63.....68.....18...4..7......1.",
        0,
        "1.2",
        "Hidden Single: r3c5: 6 in block",
    ),
    (
        "..613.....35.7....1.25.8.3......926....31.......4.63.....68.....18...4..7......1.",
        5,
        "1.0",
        "Hidden Single: r4c5: 5 in block",
    ),
    (
        "..613.....35.7....1.25.8.3......926....31.......4.63.....68.....18...4..7......1.",
        9,
        "1.5",
        "Hidden Single: r9c5: 4 in column",
    ),
    (
        "..613.....35.7....1.25.8.3......926....31.......4.63.....68.....18...4..7......1.",
        19,
        "2.6",
        "Pointing: Cells r1c2,r3c2: 7 in block and column",
    ),
    (
        "..613.....35.7....1.25.8.3......926....31.......4.63.....68.....18...4..7......1.",
        20,
        "2.0",
        "Direct Hidden Pair: Cells r4c3,r6c3: 1,7 in block",
    ),
    (
        "....1.....8.42.......5....746..8..3..1.....2893.....76..1....5.3.526..9.......2..",
        11,
        "2.8",
        "Claiming: Cells r7c5,r9c5: 7 in column and block",
    ),
    (
        "....1.....8.42.......5....746..8..3..1.....2893.....76..1....5.3.526..9.......2..",
        12,
        "3.4",
        "Hidden Pair: Cells r2c9,r4c9: 5,9 in column",
    ),
    (
        "....1.....8.42.......5....746..8..3..1.....2893.....76..1....5.3.526..9.......2..",
        16,
        "3.0",
        "Naked Pair: Cells r9c1,r9c8: 6,8 in row",
    ),
    (
        "....1.2....9.5.....8...2..62.5..1...3...97..2....4.......9...145..1..9......78.6.",
        34,
        "1.7",
        "Direct Pointing: Cells r1c1,r2c1: 6 of block in column",
    ),
    (
        "...7.4....39.........2..46...7.1...5.1...879..8....3....1...9.....9....4.6.5...1.",
        17,
        "4.0",
        "Skyscraper 011: Cell r1c2,r8c2,r8c7,r2c7 on value 5",
    ),
    (
        ".2...1.9..4.6....2..94..3..7......1...5...83.........6..3.5..28...78....6...3.1..",
        3,
        "2.3",
        "Naked Single: r1c5: 7",
    ),
    (
        "5....4...4..128.3....3..6........3.....875.....2.....51.79.............9..5.6.1.2",
        37,
        "3.6",
        "Naked Triplet: Cells r5c1,r5c2,r5c9: 1,3,6 in row",
    ),
    (
        "5....4...4..128.3....3..6........3.....875.....2.....51.79.............9..5.6.1.2",
        38,
        "4.2",
        "XY-Wing: Cells r4c9,r4c6,r6c7 on value 9",
    ),
    (
        "............718..6..8.26...5.71....9..1...7.3...3.4..2.64..3..8.8.......9.38..4..",
        13,
        "4.0",
        "Hidden Triplet: Cells r8c4,r8c7,r8c8: 3,6,9 in row",
    ),
    (
        "8.3.5....5....3...4......2.6..7.2.3..1............47..79.2.......4..5..1...87...9",
        34,
        "4.1",
        "2 Strong links 001: Cell r5c6,r4c5,r4c7,r1c7 on value 9",
    ),
    (
        "8.3.5....5....3...4......2.6..7.2.3..1............47..79.2.......4..5..1...87...9",
        43,
        "3.8",
        "Swordfish: Cells r2c3,r2c8,r3c3,r3c6,r5c6,r5c8: 9 in 3 columns and 3 rows",
    ),
    (
        "..5.1...6.6.......8..9.4..1.9......4...38.2......5..9.74...6.53.5.84.......7...1.",
        18,
        "4.4",
        "XYZ-Wing: Cells r4c8,r3c8,r6c9 on value 7",
    ),
    (
        "...5.7..4......2..3....2...6...4..8...8......4.1.73....2..3..1.8.3..56....5...7.9",
        19,
        "5.0",
        "Naked Quad: Cells r4c2,r5c2,r6c2,r8c2: 3,5,7,9 in column",
    ),
    (
        "1......5......3.74........6.4..1...293.724..5.......8935........9..3.6....49.7...",
        26,
        "2.5",
        "Direct Hidden Triplet: Cells r7c6,r8c4,r8c6: 1,2,5 in block",
    ),
    (
        "..16982...2..7.3..7......1.........6.8.46..7.6.2...4..4....3.6...8.4..9.27.......",
        36,
        "4.1",
        "2-String Kite 012: Cell r5c9,r5c3,r6c2,r7c2 on value 5",
    ),
    (
        "......5....8.....436.9........3......3..6..951.4.7.3..48.7.........9..1.25.1.6.8.",
        26,
        "3.2",
        "X-Wing: Cells r2c4,r2c8,r6c4,r6c8: 2 in 2 columns and 2 rows",
    ),
];

/// SE's technique name: the text before ':' without its pattern code.
fn se_name(text: &str) -> &str {
    let name = text.split(':').next().unwrap_or("");
    match name.rsplit_once(' ') {
        Some((n, code)) if code.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => name,
    }
}

/// Every cell named `rXcY` in a text, in order (also for the
/// uniqueness tests).
pub(super) fn cells_named(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(3))
        .filter(|&i| {
            b[i] == b'r'
                && b[i + 1].is_ascii_digit()
                && b[i + 2] == b'c'
                && b[i + 3].is_ascii_digit()
        })
        .map(|i| usize::from(b[i + 1] - b'1') * 9 + usize::from(b[i + 3] - b'1'))
        .collect()
}

/// Asserts a step's placements and removals agree with the solution.
fn assert_sound(step: &Step, solution: &Grid) {
    for &(c, d) in &step.placed {
        assert_eq!(
            solution.get(c),
            d,
            "{}: places {d} at {}",
            step.text,
            cell_name(c)
        );
    }
    for &(c, d) in &step.removed {
        assert_ne!(
            solution.get(c),
            d,
            "{}: removes {d} at {}",
            step.text,
            cell_name(c)
        );
    }
}

#[test]
fn each_technique_takes_the_step_sukaku_explainer_printed() {
    for &(puzzle, k, rating, se_text) in SE_STEPS {
        let g = Grid::parse(puzzle).unwrap();
        let solution = solver::solve(&g).unwrap().unwrap();
        let e = explain(&CandidateGrid::from_grid(&g));
        let step = &e.steps[k];
        assert_eq!(
            step.technique,
            se_name(se_text),
            "{puzzle} step {k}: {}",
            step.text
        );
        assert_eq!(format!("{:.1}", step.rating_f64()), rating, "{se_text}");
        assert!(step.exact, "{se_text}");
        // The cells SE names are the pattern's cells or the placed one.
        let ours: Vec<String> = step
            .cells
            .iter()
            .chain(step.placed.iter().map(|(c, _)| c))
            .map(|&c| cell_name(c))
            .collect();
        for c in cells_named(se_text).into_iter().map(cell_name) {
            assert!(ours.contains(&c), "{se_text}: {c} not in {}", step.text);
        }
        assert!(
            !step.placed.is_empty() || !step.removed.is_empty(),
            "{}",
            step.text
        );
        for s in &e.steps {
            assert_sound(s, &solution);
        }
    }
}

/// A pencil-mark board: every cell holds every digit, then `f` edits it.
fn marks(f: impl FnOnce(&mut [u16; 81])) -> CandidateGrid {
    let mut bits = [0x1ffu16; 81];
    f(&mut bits);
    CandidateGrid::from_candidates(&Candidates::from_bits(bits))
}

#[test]
fn jellyfish_clears_its_four_columns() {
    // Digit 1 in rows 1-4 only in columns 1-4: it leaves those columns
    // in rows 5-9 (20 candidates).
    let b = marks(|bits| {
        for r in 0..4 {
            for c in 4..9 {
                bits[r * 9 + c] &= !1;
            }
        }
    });
    let steps = find("Jellyfish", &b).unwrap();
    assert_eq!(steps.len(), 1, "{steps:?}");
    let want: Vec<(usize, u8)> = (4..9)
        .flat_map(|r| (0..4).map(move |c| (r * 9 + c, 1)))
        .collect();
    assert_eq!(steps[0].removed, want);
    assert_eq!(steps[0].rating, 52);
}

#[test]
fn hidden_quad_clears_its_cells() {
    // Digits 1-4 of row 1 only in its first four cells.
    let b = marks(|bits| {
        for b in &mut bits[4..9] {
            *b &= !0b1111;
        }
    });
    let steps = find("Hidden Quad", &b).unwrap();
    assert_eq!(steps.len(), 1, "{steps:?}");
    let want: Vec<(usize, u8)> = (0..4).flat_map(|c| (5..=9).map(move |d| (c, d))).collect();
    assert_eq!(steps[0].removed, want);
    assert_eq!(steps[0].rating, 54);
}

#[test]
fn direct_claiming_places_the_single_it_leaves() {
    // Digit 1: row 1 only in block 1 (c1, c2); row 3 in c3 and c7; row 2 in
    // c4 and c8. The claiming clears r3c3, leaving r3c7 the only 1 of row 3.
    let b = marks(|bits| {
        for c in 0..9 {
            let keep = |r: usize| match r {
                0 => c < 2,
                1 => c == 3 || c == 7,
                _ => c == 2 || c == 6,
            };
            for r in 0..3 {
                if !keep(r) {
                    bits[r * 9 + c] &= !1;
                }
            }
        }
    });
    let steps = find("Direct Claiming", &b).unwrap();
    assert_eq!(steps.len(), 1, "{steps:?}");
    assert_eq!(steps[0].placed, vec![(2 * 9 + 6, 1)]);
    assert_eq!(steps[0].rating, 19);
}

#[test]
fn pencil_marks_of_a_grid_give_the_grid_path() {
    let g = Grid::parse(SE_STEPS[0].0).unwrap();
    let from_marks = CandidateGrid::from_candidates(&crate::sudoku::hui::free_of(&g));
    assert_eq!(hint(&from_marks), hint(&CandidateGrid::from_grid(&g)));
    let (a, b) = (explain(&from_marks), explain(&CandidateGrid::from_grid(&g)));
    assert_eq!(a.steps, b.steps);
    assert!(a.solved && b.solved);
}

#[test]
fn se_rate_gives_er_ep_ed_or_a_flagged_bound() {
    // SE: 2.6/1.2/1.2 (tests/data/se_sample.txt, line 2).
    let r = se_rate(&Grid::parse(SE_STEPS[0].0).unwrap()).unwrap();
    assert_eq!((r.er, r.ep, r.ed), (Some(26), Some(12), Some(12)));
    assert_eq!(r.unknown, None);
    // SE: 6.4 with a VWXYZ-Wing (tests/data/se_sample.txt, line 5).
    let hard = "......1....32.9....27..........25..4.8.4.3..1..4.......61.9.3..4...7.9...92..68.7";
    let r = se_rate(&Grid::parse(hard).unwrap()).unwrap();
    assert_eq!((r.er, r.ep, r.ed), (Some(64), Some(12), Some(12)));
    assert_eq!(r.unknown, None);
    // Two solutions, no solution.
    let clark = Grid::parse(crate::sudoku::puzzles::CLARK).unwrap();
    assert_eq!(
        se_rate(&clark).unwrap_err().to_string(),
        "the puzzle has two or more solutions; SE rates only puzzles with one"
    );
}

#[test]
fn techniques_lists_names_and_base_ratings_in_se_order() {
    let t = techniques();
    assert_eq!(t[0].name, "Hidden Single");
    assert_eq!(t.iter().find(|t| t.name == "XY-Wing").unwrap().rating, 42);
    assert!(
        t.windows(2).all(|w| w[0].rating <= w[1].rating + 6),
        "roughly by rating"
    );
    for info in t {
        assert!(
            find(info.name, &CandidateGrid::from_grid(&Grid::empty())).is_some(),
            "{}",
            info.name
        );
    }
}

/// Where no technique applies on a puzzle with one solution, SE's serate
/// prints ER 20.0 ("Beyond solver") with the EP and ED it had reached, 0
/// when none: `rate_path` does the same once every technique is
/// implemented, and a walk stopped or stuck before an unbuilt technique
/// still gets no figure.
#[test]
fn a_walk_beyond_the_solver_rates_twenty() {
    use super::path::{BEYOND_SOLVER, Explanation, rate_path};
    let ym = Grid::parse(crate::sudoku::puzzles::YM).unwrap();
    let start = CandidateGrid::from_grid(&ym);
    let one = hint(&start).unwrap();
    assert!(one.exact);
    let walk = |steps: Vec<Step>, beyond_solver: bool, stopped: bool| Explanation {
        steps,
        solved: false,
        stuck: Some("stuck".into()),
        reached: start,
        stopped,
        beyond_solver,
    };
    let r = rate_path(&walk(vec![], true, false));
    assert_eq!((r.er, r.ep, r.ed), (Some(BEYOND_SOLVER), Some(0), Some(0)));
    assert_eq!(r.unknown, None);
    let r = rate_path(&walk(vec![one.clone()], true, false));
    assert_eq!(r.er, Some(200));
    assert_eq!(r.ed, Some(one.rating));
    let ep = if one.placed.is_empty() { 0 } else { one.rating };
    assert_eq!(r.ep, Some(ep));
    for (beyond, stopped) in [(false, false), (false, true)] {
        let r = rate_path(&walk(vec![one.clone()], beyond, stopped));
        assert_eq!(r.er, None);
        assert!(r.unknown.is_some());
    }
    // Every technique of SE's order is built, so the walks of puzzles
    // with one solution can end there.
    assert!(super::SE_ORDER.iter().all(|p| p.implemented()));
}
