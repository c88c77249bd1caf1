//! Unit tests of Hui's primitives against the grids Nishikawa's J Lab prints.

use super::*;
use crate::monitor::Silent;
use crate::sudoku::grid::Unit;
use crate::sudoku::puzzles;

fn g(text: &str) -> Grid {
    Grid::parse(text).unwrap()
}

/// A grid from a `see` box as the source prints it (rules and bars dropped).
fn from_box(text: &str) -> Grid {
    let cells: String = text
        .lines()
        .filter(|l| !l.starts_with('+'))
        .flat_map(|l| l.chars().filter(|&c| c != '|'))
        .collect();
    g(&cells)
}

#[test]
fn free_of_ym_first_cells() {
    let c = free(&g(puzzles::YM)).unwrap();
    assert_eq!(c.digits(0), vec![2, 6]);
    assert_eq!(c.digits(1), Vec::<u8>::new());
    assert_eq!(c.digits(2), vec![2, 9]);
    assert_eq!(c.digits(4), vec![2, 3, 8, 9]);
    assert_eq!(c.digits(6), vec![3]);
    assert!(
        c.table01()
            .starts_with("0 1 0 0 0 1 0 0 0\n0 0 0 0 0 0 0 0 0\n0 1 0 0 0 0 0 0 1\n")
    );
}

const ASS_1: &str = "\
+---+---+---+
|.5.|7.1|34.|
|743|9.5|1.2|
|281|4.6|.97|
+---+---+---+
|9.4|162|853|
|3..|897|2..|
|1.8|35.|679|
+---+---+---+
|.1.|6.3|.8.|
|5.6|2..|731|
|837|519|42.|
+---+---+---+";

const SOLVED_YM: &str =
    "659721348743985162281436597974162853365897214128354679412673985596248731837519426";

#[test]
fn ac_ar_and_one_step_match_the_seed() {
    let ym = g(puzzles::YM);
    let c = free(&ym).unwrap();
    // ac and ar themselves are checked against the J Lab's boxes in
    // tests/hui.rs; here, that their join is the lab's first step.
    let acr = max(&ac(&c), &ar(&c));
    assert_eq!(sum(&ym, &acr).unwrap(), from_box(ASS_1));
    assert_eq!(step(&ym).unwrap(), from_box(ASS_1));
    let two = step(&from_box(ASS_1)).unwrap();
    assert_eq!(
        two.line(),
        "65972134.7439851622814365979741628533658972141283546794126739855962.8731837519426"
    );
    assert_eq!(assign(&ym).unwrap(), g(SOLVED_YM));
}

#[test]
fn counts_match_the_frequency_table() {
    let ym = g(puzzles::YM);
    let freq = counts(&free(&ym).unwrap());
    assert_eq!(
        freq.line(),
        "2.2.4.1.2.3.122.2.1.2.2.2.2.2.2.1.3.322.5.322.2.2.2.1.2.3.3.3.2.3.133.1.2.1.4.1.2"
    );
}

#[test]
fn su21_99_needs_guessing() {
    let p = g(puzzles::SU21_99);
    let sux = assign(&p).unwrap();
    assert_eq!(
        sux.line(),
        "..481......2...3..1...946..74........9..2..5........83..713...2..6...1...19.458.."
    );
    let bx = counts(&free(&sux).unwrap());
    assert_eq!(
        bx.line(),
        "44...443344.332.46.434...23..4435243 3.34.52.43325344..32...333.54.324.442..3...32"
            .replace(' ', "")
    );
    assert_eq!(cand(&sux, 1, 1).unwrap(), vec![3, 5, 6, 9]);
    assert_eq!(cand(&sux, 1, 8).unwrap(), vec![2, 7, 9]);
    assert_eq!(guess_cell(&sux), Some(9 + 5));
    let two = guess(&sux).unwrap();
    assert_eq!(two.len(), 2);
    assert_eq!(two[0].get(14), 6);
    assert_eq!(two[1].get(14), 7);
    let sols = sudoku(&p, &Silent).unwrap();
    assert_eq!(
        sols,
        vec![g(
            "364812579982756314175394628743581296698423751521967483457138962836279145219645837"
        )]
    );
}

#[test]
fn cand_and_cand1_match_the_seed() {
    let ym = g(puzzles::YM);
    assert_eq!(cand(&ym, 3, 1).unwrap(), vec![2]);
    assert_eq!(cand(&ym, 2, 2).unwrap(), vec![4, 6, 9]);
    assert_eq!(cand(&ym, 1, 1).unwrap(), vec![2, 6]);
    assert_eq!(
        cand1(&ym, 2, 2).unwrap().to_string(),
        "Row: 4 5 5 6 6 8 8 9 9 9\nColumn: 2 2 2 2 4 4 6 6 7 7 9 9\nBlock: 1 2 2 2 2 4 6 6 9 9"
    );
    assert_eq!(
        cand1(&ym, 1, 1).unwrap().to_string(),
        "Row: 2 2 2 3 3 6 6 8 8 9 9\nColumn: 2 2 2 2 3 4 4 6 6 8\nBlock: 1 2 2 2 2 4 6 6 9 9"
    );
    assert_eq!(
        cand(&ym, 0, 3),
        Err(HuiError::OffGrid(OffGrid::RowCol { row: 0, col: 3 }))
    );
}

#[test]
fn diff_keeps_new_cells() {
    let ym = g(puzzles::YM);
    let a1 = step(&ym).unwrap();
    let d = diff(&[ym, a1]);
    assert_eq!(d[0], ym);
    let c = free(&ym).unwrap();
    assert_eq!(d[1], max(&ac(&c), &ar(&c)));
}

#[test]
fn easy_puzzles_have_one_solution() {
    for p in [puzzles::X, puzzles::SU21_1, puzzles::YM] {
        let sols = sudoku(&g(p), &Silent).unwrap();
        assert_eq!(sols.len(), 1, "{p}");
        assert!(sols[0].is_full() && ok(&sols[0]));
    }
}

#[test]
fn clark_has_many_solutions() {
    let p = g(puzzles::CLARK);
    let sols = sudoku(&p, &Silent).unwrap();
    assert_eq!(sols.len(), 15_220);
    for s in &sols {
        assert!(s.is_full() && ok(s));
        for i in 0..CELLS {
            assert!(p.get(i) == 0 || p.get(i) == s.get(i));
        }
    }
}

#[test]
fn blank_grid_is_too_large() {
    let e = sudoku(&Grid::empty(), &Silent).unwrap_err();
    assert!(matches!(e, HuiError::SearchTooLarge { .. }));
    assert!(e.to_string().contains("too large"), "{e}");
}

#[test]
fn bad_grids_are_named() {
    let mut p = g(puzzles::YM);
    p.set(0, 5); // 5 is already in row 1 and block 1
    let e = assign(&p).unwrap_err();
    assert_eq!(
        e,
        HuiError::Invalid(InvalidGrid::Repeated {
            digit: 5,
            unit: Unit::Row(1),
            first: 0,
            second: 1
        })
    );
    assert_eq!(
        e.to_string(),
        "invalid grid: digit 5 appears twice in row 1 (r1c1 and r1c2)"
    );
    assert_eq!(sudoku(&p, &Silent).unwrap_err(), e);
    let mut q = g(puzzles::YM);
    q.set(10, 12);
    assert_eq!(
        free(&q).unwrap_err().to_string(),
        "invalid grid: cell r2c2 holds 12, but a cell holds 0 (empty) to 9"
    );
    assert!(
        sum(
            &Grid::from_cells([200; CELLS]),
            &Grid::from_cells([100; CELLS])
        )
        .is_err()
    );
}

#[test]
fn ar_keeps_j_quirks_and_hidden_singles_does_not() {
    // Cell 0 allows {1,2}; cell 9 allows {1}; cell 27 allows {2}.
    // Block 1 (region 0): digit 2 only at cell 0 -> 2 there.
    // Row 1 (region 9): digits 1 and 2 only at cell 0 -> lowest, 1, which
    // overwrites the block's 2. Column 1 has no single digit.
    let mut bits = [0u16; CELLS];
    bits[0] = 0b11;
    bits[9] = 0b01;
    bits[27] = 0b10;
    let c = Candidates::from_bits(bits);
    let a = ar(&c);
    assert_eq!(a.get(0), 1);
    assert_eq!(a.get(9), 1);
    assert_eq!(a.get(27), 2);
    assert_eq!(hidden_singles(&c).get(0), 2);
}

#[test]
fn a_dead_cell_counts_as_ten_and_dead_ends_vanish() {
    // Row 1 holds 1..8 after cell 0, and cell 9 (below it) holds 9: cell 0
    // has no candidate left but is empty.
    let mut cells = [0u8; CELLS];
    for (i, v) in cells.iter_mut().enumerate().skip(1).take(8) {
        *v = i as u8;
    }
    cells[9] = 9;
    let p = Grid::from_cells(cells);
    assert!(ok(&p));
    assert_eq!(free(&p).unwrap().count(0), 0);
    let cell = guess_cell(&p).unwrap();
    assert_ne!(cell, 0);
    assert!(!guess(&p).unwrap().is_empty());
    assert_eq!(sudoku(&p, &Silent).unwrap(), Vec::<Grid>::new());
}

#[test]
fn guess_of_full_grid_and_of_a_list() {
    let solved = g(SOLVED_YM);
    assert_eq!(guess(&solved).unwrap(), vec![solved]);
    let sux = assign(&g(puzzles::SU21_99)).unwrap();
    assert_eq!(guess_all(&[sux, solved, sux]).unwrap().len(), 5);
    assert_eq!(guess_cell(&solved), None);
}

#[test]
fn regions_follow_r() {
    let r = regions(&g(puzzles::YM));
    assert_eq!(r[0], [0, 5, 0, 7, 0, 3, 0, 8, 0]);
    assert_eq!(r[9], [0, 5, 0, 7, 0, 1, 0, 4, 0]);
    assert_eq!(r[18], [0, 7, 0, 9, 0, 1, 0, 5, 0]);
}

#[test]
fn pencil_marks_show_candidates() {
    let c = free(&g(puzzles::YM)).unwrap();
    let p = c.pencil();
    let lines: Vec<&str> = p.lines().collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(
        lines[1],
        "| 26     .      29    | .      2389   .     | 3      .      68    |"
    );
    assert_eq!(c.to_string(), p);
}

#[test]
fn interrupt_stops_the_search() {
    use std::sync::atomic::AtomicBool;
    let stop = AtomicBool::new(true);
    let e = sudoku(&g(puzzles::CLARK), &crate::monitor::Flag(&stop)).unwrap_err();
    assert!(matches!(e, HuiError::Interrupted { .. }), "{e}");
}
