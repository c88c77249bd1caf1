//! Every output Nishikawa's J Lab of Hui's solver prints, asserted verbatim inside the matching
//! section of `puzzlelab lab sudoku --print`, so a carelessly accepted
//! snapshot still fails. The source's PDF broke a few long lines (the `cand1`
//! lines); they are joined here, as SPEC §1 says they must be read.

use crate::common::hui_lab::*;

/// (section, output) for every boxed display the source prints.
const BOXES: &[(usize, &str)] = &[
    (1, SEE_YM),
    (2, SEE_YM_SOLVED),
    (12, FREQ),
    (14, AC),
    (15, FREQ),
    (21, AR),
    (22, ACR),
    (23, ASS_1),
    (24, FUNC_ASS_1),
    (25, ASS_4),
    (26, DIFF_ASS_4),
    (27, ASS_N),
    (28, SEE_SU21_99),
    (29, SUX),
    (30, BX),
    (34, GUESS_SUX),
    (35, SEE_SU21_99_SOLVED),
];

/// (section, output) for the source's short outputs (`cand`, `cand1`, `ind`).
const SHORT: &[(usize, &str)] = &[
    (13, "2"),
    (16, "4 6 9"),
    // The source prints "Row: 4 5 5 6" / "6 8 8 9 9 9" and "Block: ... 9" / "9":
    // one line each, broken by the PDF.
    (
        17,
        "Row: 4 5 5 6 6 8 8 9 9 9\nColumn: 2 2 2 2 4 4 6 6 7 7 9 9\nBlock: 1 2 2 2 2 4 6 6 9 9",
    ),
    (19, "2 6"),
    (
        19,
        "Row: 2 2 2 3 3 6 6 8 8 9 9\nColumn: 2 2 2 2 3 4 4 6 6 8\nBlock: 1 2 2 2 2 4 6 6 9 9",
    ),
    (31, "3 5 6 9"),
    (31, "3 5 6 7"),
    (31, "2 3 6 7"),
    (31, "2 5 7 9"),
    (31, "2 7 9"),
    (31, "5 7 9"),
    (32, "2 6"),
    (32, "6 7"),
];

/// The transcript cut into its 36 sections (index 0 = section 1): the
/// source's 35 and a recap.
fn sections() -> Vec<String> {
    crate::common::lab_sections("sudoku", 36)
}

#[test]
fn sudoku_lab_has_the_seed_sections_with_their_titles_and_a_recap() {
    crate::common::assert_chapters(
        &sections(),
        &[
            (1, "Introduction"),
            (3, "Pre-definition"),
            (8, "Candidates"),
            (14, "Search Values"),
            (24, "Repeat"),
            (28, "Guess"),
            (36, "Recap"),
        ],
    );
}

#[test]
fn every_seed_output_appears_verbatim_in_its_section() {
    let s = sections();
    for &(k, want) in BOXES.iter().chain(SHORT) {
        crate::common::assert_in(&s, k, want);
    }
}

#[test]
fn reader_prompts_are_shown() {
    // Where the source asks the reader to type something, the section shows
    // it, or (for the 81-line tables) a few lines and how to see them all.
    let s = sections();
    for (k, input) in [
        (
            4,
            "   first_lines(table(r), 12)\n 0  1  2  3  4  5  6  7  8\n",
        ),
        (4, "`table(r)` shows all 81 lines"),
        (5, "(`table(c)` shows all 81)"),
        (6, "   table(j)\n"),
        (6, "(`table(b)` shows all 81)"),
        (7, "`table(I)` shows all 81 lines"),
        (8, "(`free_table(free(ym))` prints all 81)"),
        (
            8,
            "   first_lines(free_table(free(ym)), 9)\n0 1 0 0 0 1 0 0 0\n",
        ),
        (11, "   first_lines(NFR, 18)\n(1 1) = 2 6\n(1 2) =\n"),
        (11, "type `NFR` for all 81"),
        (24, "   fn func(g) { g + max(ac(free(g)), ar(free(g))) }\n"),
    ] {
        assert!(s[k - 1].contains(input), "section {k} lacks {input:?}");
    }
}

#[test]
fn j_definitions_stand_beside_the_rhai() {
    // The source's J, copied exactly, in the section that does the same in Rhai.
    let s = sections();
    for (k, j) in [
        (3, "   J:  R =: j, (,|:)i.9 9\n"),
        (4, "   J:  r =: 9#i.9 9\n"),
        (5, "   J:  c =: 81$|:i.9 9\n"),
        (7, "   J:  I =: ~.\"1 r,.c,.b\n"),
        (14, "   J:  ac =: +/ .*&(1+i.9) * 1: = +/\"1\n"),
        (21, "       i =: ,(k{\"_1 |:\"2 (jj{R){y.) #\"1 jj{R\n"),
        (24, "   J:  func =: + (ac >. ar)@free\n"),
        (32, "   J:  i =. (i.<./) (+/\"1 b){10,}.i.10\n"),
        (
            35,
            "   J:  ok =: (27 9$1)\"_ -:\"2 (0&= +. ~:\"1)@regions\n",
        ),
        (36, "   sudoku =: guess @: (ok #]) @: assign ^:_ @ ,\n"),
    ] {
        assert!(s[k - 1].contains(j), "section {k} lacks {j:?}");
    }
}
