//! The canonical form: moved and renamed puzzles share it, `equivalent`
//! returns a transformation that reproduces the target, different puzzles
//! differ, it agrees with the brute-force reference, and the 49,151 17-clue
//! puzzles give 49,151 forms.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;
use puzzlelab::similarity::{Transform, canon, canon_brute_force, canon_groups, equivalent};
use puzzlelab::sudoku::Grid;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

const XXXXX: &str =
    "000200001008000050000300000400000600210000000000050080300000002000060400009080000";
const YYYYY: &str =
    "000060300040080000002000009000003000500000800001200000060000042800050000000000001";
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn puzzles_17() -> Option<Vec<Grid>> {
    let dir = crate::common::data_or_skip(module_path!())?;
    let text = std::fs::read_to_string(dir.join("sudoku/royle_17clue_49151.txt")).ok()?;
    Some(text.lines().map(|l| Grid::parse(l).unwrap()).collect())
}

#[test]
fn moved_puzzles_share_the_form_and_equivalent_reproduces_them() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1234_5678);
    let mut sources = vec![Grid::parse(XXXXX).unwrap(), Grid::parse(SOLVED).unwrap()];
    if let Some(p) = puzzles_17() {
        sources.extend(p.iter().step_by(4999).copied());
    }
    for g in &sources {
        let form = canon(g);
        for _ in 0..10 {
            let h = Transform::random(&mut rng).apply(g);
            assert_eq!(canon(&h), form, "{}", h.line());
            let t = equivalent(g, &h).expect("equivalent");
            assert_eq!(t.apply(g), h);
        }
    }
}

#[test]
fn the_script_functions_agree() {
    let mut s = Session::capturing(&Limits::default());
    let code = format!(
        "let a = grid(\"{XXXXX}\");
         let t = #{{transposed: true, rows: [3,1,2,9,8,7,5,4,6], cols: [4,5,6,1,2,3,9,7,8], digits: [9,8,7,6,5,4,3,2,1]}};
         let b = apply_transform(a, t);
         let e = equivalent(a, b);
         [canon(a) == canon(b), apply_transform(a, e) == b, b != a,
          type_of(equivalent(a, grid(\"{YYYYY}\"))), canon(a) != canon(grid(\"{YYYYY}\"))]"
    );
    let v = s.eval(&code).unwrap();
    assert_eq!(v.to_string(), "[true, true, true, \"()\", true]");
    let groups = s
        .eval(&format!(
            "let a = grid(\"{XXXXX}\"); let t = #{{rows: [2,1,3,4,5,6,7,8,9]}};
             let g = canon_groups([a, grid(\"{YYYYY}\"), apply_transform(a, t)]);
             [g.len(), g[0].count, g[0].indices, g[0].names, g[1].names]"
        ))
        .unwrap();
    assert_eq!(
        groups.to_string(),
        "[2, 2, [0, 2], [\"#1\", \"#3\"], [\"#2\"]]"
    );
    for (bad, msg) in [
        ("#{rows: [1,2,4,3,5,6,7,8,9]}", "three lines of one band"),
        ("#{cols: [1,1,3,4,5,6,7,8,9]}", "used twice"),
        ("#{digits: [1,1,3,4,5,6,7,8,9]}", "one-to-one"),
        ("#{rows: [1,2,3]}", "not 9"),
    ] {
        let e = s
            .eval(&format!("apply_transform(grid(\"{XXXXX}\"), {bad})"))
            .unwrap_err()
            .to_string();
        assert!(e.contains(msg), "{bad}: {e}");
    }
}

#[test]
fn fast_form_matches_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let solved = Grid::parse(SOLVED).unwrap();
    for keep in [2, 5, 11, 20, 40, 60] {
        let mut cells = *Transform::random(&mut rng).apply(&solved).cells();
        for v in cells.iter_mut() {
            if rng.random_range(0..81) >= keep {
                *v = 0;
            }
        }
        let g = Grid::from_cells(cells);
        assert_eq!(canon(&g), canon_brute_force(&g), "{}", g.line());
    }
    if let Some(p) = puzzles_17() {
        // Sparse rows: while two slots may still exchange their stacks,
        // a row with clues in both decides which comes first by its
        // clues alone where it can (fewer, or a named digit before a new
        // one), so these puzzles test that shortcut against every
        // arrangement.
        for g in p.iter().skip(12345).step_by(6151) {
            assert_eq!(canon(g), canon_brute_force(g), "{}", g.line());
        }
    }
}

#[test]
fn all_17_clue_puzzles_have_different_forms() {
    let Some(p) = puzzles_17() else { return };
    let grouping = canon_groups(&p, &puzzlelab::monitor::Silent);
    assert_eq!(grouping.done, 49_151);
    assert!(!grouping.cancelled);
    assert_eq!(grouping.groups.len(), 49_151);
    // A form is itself in canonical form.
    let f = grouping.groups[777].form;
    assert_eq!(canon(&f), f);
}

#[test]
fn solution_grids_share_forms_and_match_brute_force() {
    let Some(dir) = crate::common::data_or_skip(module_path!()) else {
        return;
    };
    let csv = std::fs::read_to_string(dir.join("sudoku/kaggle9m_sample_10000_with_solutions.csv"))
        .unwrap();
    let grids: Vec<Grid> = csv
        .lines()
        .skip(1)
        .step_by(97)
        .map(|l| Grid::parse(l.split(',').nth(1).unwrap()).unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    for (k, g) in grids.iter().enumerate() {
        let form = canon(g);
        if k < 3 {
            assert_eq!(form, canon_brute_force(g), "{}", g.line());
        }
        for _ in 0..5 {
            let h = Transform::random(&mut rng).apply(g);
            assert_eq!(canon(&h), form, "{}", g.line());
            assert_eq!(equivalent(g, &h).unwrap().apply(g), h);
        }
    }
}

/// A grid with many automorphisms (each band a shift of the first): its
/// sparse and symmetric subsets tie in many arrangements at every row.
const SHIFTED: &str =
    "123456789456789123789123456234567891567891234891234567345678912678912345912345678";

/// Puzzles where many arrangements tie: few clues, clue sets symmetric under
/// transposition or a half turn of a grid with many automorphisms, several
/// new digits in one stack, and a digit twice in one stack (not a valid
/// puzzle, but any 81 cells have a form).
fn tie_heavy(rng: &mut ChaCha8Rng, count: usize) -> Vec<Grid> {
    let base = Grid::parse(SHIFTED).unwrap();
    let solved = Grid::parse(SOLVED).unwrap();
    let mut out = Vec::new();
    for i in 0..count {
        let g = if i % 2 == 0 { base } else { solved };
        let mut cells = *g.cells();
        let keep = [1, 2, 3, 4, 6, 9, 12][i % 7];
        let mode = i % 4;
        for (idx, cell) in cells.iter_mut().enumerate() {
            let (r, c) = (idx / 9, idx % 9);
            // Symmetric masks decide from one cell of each pair.
            let rep = match mode {
                0 => idx,
                1 => 9 * r.min(c) + r.max(c),
                _ => idx.min(80 - idx),
            };
            let mut h = rep as u64 * 0x9e37_79b9 + i as u64 * 0x85eb_ca6b;
            h ^= h >> 13;
            if (h % 81) as usize >= keep * if mode == 0 { 1 } else { 2 } {
                *cell = 0;
            }
        }
        if mode == 3 {
            // A digit twice in a stack of a row, and three clues in a stack.
            let r = i % 9;
            cells[9 * r] = 5;
            cells[9 * r + 2] = 5;
            cells[9 * ((r + 4) % 9) + 3..9 * ((r + 4) % 9) + 6].copy_from_slice(&[7, 8, 9]);
        }
        out.push(Transform::random(rng).apply(&Grid::from_cells(cells)));
    }
    out
}

#[test]
fn tie_heavy_puzzles_match_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for g in tie_heavy(&mut rng, 12) {
        assert_eq!(canon(&g), canon_brute_force(&g), "{}", g.line());
    }
}

#[test]
fn tie_heavy_puzzles_keep_their_form_when_moved() {
    let mut rng = ChaCha8Rng::seed_from_u64(314);
    for g in tie_heavy(&mut rng, 400) {
        let form = canon(&g);
        assert_eq!(canon(&form), form, "{}", g.line());
        for _ in 0..3 {
            let h = Transform::random(&mut rng).apply(&g);
            assert_eq!(canon(&h), form, "{}", g.line());
            let t = equivalent(&g, &h).expect("equivalent");
            assert_eq!(t.apply(&g), h);
        }
    }
}
