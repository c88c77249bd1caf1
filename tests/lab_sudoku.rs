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

/// The transcript cut into its 35 sections (index 0 = section 1).
fn sections() -> Vec<String> {
    crate::common::lab_sections("sudoku", 35)
}

#[test]
fn sudoku_lab_has_35_sections_with_the_seed_titles() {
    crate::common::assert_chapters(
        &sections(),
        &[
            (1, "Introduction"),
            (3, "Pre-definition"),
            (8, "Candidates"),
            (14, "Search Values"),
            (24, "Repeat"),
            (28, "Guess"),
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
    // Where the source asks the reader to type something, the section shows it.
    let s = sections();
    for (k, input) in [
        (4, "   table(r)\n"),
        (5, "   table(c)\n"),
        (6, "   table(j)\n"),
        (6, "   table(b)\n"),
        (7, "   table(I)\n"),
        (8, "   free_table(free(ym))\n"),
        (11, "   NFR\n(1 1) = 2 6\n(1 2) =\n"),
        (24, "   fn func(g) { g + max(ac(free(g)), ar(free(g))) }\n"),
    ] {
        assert!(s[k - 1].contains(input), "section {k} lacks {input:?}");
    }
}
