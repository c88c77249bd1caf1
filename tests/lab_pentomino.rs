//! Every output Nishikawa's pentomino program prints in its sections 2 to 4, asserted verbatim
//! inside the matching section of `puzzlelab lab pentomino --print`, so a
//! carelessly accepted snapshot still fails.
//!
//! Where the PDF transcription damaged an output, the test asserts what J
//! prints and says so: J's box borders (`+-----+`) came through garbled and
//! the rows gained a stray space after the first `|`; `(途中省略)` marks
//! boxes the article left out; the dots of `display` were cut short; the
//! session's frames lost their lines (the letters are kept) and its
//! orientation tables print tabs where J draws `|`.

use crate::common::{assert_in, assert_value};

const SECTIONS: usize = 37;

/// The transcript cut into its sections (index 0 = section 1).
fn sections() -> Vec<String> {
    crate::common::lab_sections("pentomino", SECTIONS)
}

const P_0: &str = "1 1\n1 1\n1 0";
const F_0: &str = "0 1 1\n1 1 0\n0 1 0";
const V_0: &str = "1 0 0\n1 0 0\n1 1 1";

#[test]
fn chapters_and_titles() {
    crate::common::assert_chapters(
        &sections(),
        &[
            (1, "Pieces"),
            (3, "Turning and mirroring"),
            (9, "Moving in the box"),
            (14, "Contact"),
            (25, "Showing boards"),
            (30, "The session"),
            (37, "Recap"),
        ],
    );
}

#[test]
fn pieces_and_turns() {
    // Section 2.1: P_0, F_0, V_0 and the two turns of P and F.
    let s = sections();
    assert_value(&s, 1, "P_0", P_0);
    assert_value(&s, 1, "F_0", F_0);
    assert_value(&s, 1, "V_0", V_0);
    assert_value(&s, 3, "t1(P_0)", "1 1 1\n0 1 1");
    assert_value(&s, 3, "t2(P_0)", "0 1\n1 1\n1 1");
    assert_value(&s, 4, "t1(F_0)", "0 1 0\n1 1 1\n0 0 1");
    // The source's last row of `t2 F_0` fell outside its code block.
    assert_value(&s, 4, "t2(F_0)", "0 1 0\n0 1 1\n1 1 0");
}

#[test]
fn pen_of_p_f_v() {
    // The source's rows, its stray space after the first `|` removed.
    let s = sections();
    assert_value(
        &s,
        5,
        "boxed(pen(P_0))",
        "+---+-----+---+-----+---+-----+---+-----+\n\
         |1 1|1 1 1|0 1|1 1 0|1 1|0 1 1|1 0|1 1 1|\n\
         |1 1|0 1 1|1 1|1 1 1|1 1|1 1 1|1 1|1 1 0|\n\
         |1 0|     |1 1|     |0 1|     |1 1|     |\n\
         +---+-----+---+-----+---+-----+---+-----+",
    );
    assert_value(
        &s,
        6,
        "boxed(pen(F_0))",
        "+-----+-----+-----+-----+-----+-----+-----+-----+\n\
         |0 1 1|0 1 0|0 1 0|1 0 0|1 1 0|0 0 1|0 1 0|0 1 0|\n\
         |1 1 0|1 1 1|0 1 1|1 1 1|0 1 1|1 1 1|1 1 0|1 1 1|\n\
         |0 1 0|0 0 1|1 1 0|0 1 0|0 1 0|0 1 0|0 1 1|1 0 0|\n\
         +-----+-----+-----+-----+-----+-----+-----+-----+",
    );
    assert_value(
        &s,
        7,
        "boxed(pen(V_0))",
        "+-----+-----+-----+-----+\n\
         |1 0 0|1 1 1|1 1 1|0 0 1|\n\
         |1 0 0|1 0 0|0 0 1|0 0 1|\n\
         |1 1 1|1 0 0|0 0 1|1 1 1|\n\
         +-----+-----+-----+-----+",
    );
    // SPEC §2: orientation counts, 63 fixed pentominoes.
    assert_in(
        &s,
        8,
        r#"["F 8", "I 2", "L 8", "N 8", "P 8", "T 4", "U 4", "V 4", "W 4", "X 1", "Y 8", "Z 4"]"#,
    );
    assert_in(&s, 8, "63");
}

#[test]
fn p_data_shift_and_members() {
    let s = sections();
    // PP: the source shows orientations 0, 1 and (after its elision) 7.
    let zeros = "0 0 0 0 0 0 0 0 0 0";
    let z3 = format!("|{zeros}|{zeros}|{zeros}|");
    let pp = format!(
        "|1 1 0 0 0 0 0 0 0 0|1 1 1 0 0 0 0 0 0 0|1 1 1 0 0 0 0 0 0 0|\n\
         |1 1 0 0 0 0 0 0 0 0|0 1 1 0 0 0 0 0 0 0|1 1 0 0 0 0 0 0 0 0|\n\
         |1 0 0 0 0 0 0 0 0 0|{zeros}|{zeros}|\n{z3}\n{z3}\n{z3}"
    );
    assert_in(&s, 9, &pp);
    assert_value(&s, 9, "PP.len()", "8");
    // `2 1 shift > 0{PP` (the PDF split it in two blocks).
    assert_value(
        &s,
        10,
        "shift(P0, 2, 1)",
        &format!(
            "{zeros}\n0 0 1 1 0 0 0 0 0 0\n0 0 1 1 0 0 0 0 0 0\n0 0 1 0 0 0 0 0 0 0\n{zeros}\n{zeros}"
        ),
    );
    // `members > 0{PP`: 36 placements; the first three as the source shows them.
    assert_value(&s, 12, "MP.len()", "36");
    assert_in(
        &s,
        12,
        &format!(
            "|1 1 0 0 0 0 0 0 0 0|0 1 1 0 0 0 0 0 0 0|0 0 1 1 0 0 0 0 0 0|\n\
             |1 1 0 0 0 0 0 0 0 0|0 1 1 0 0 0 0 0 0 0|0 0 1 1 0 0 0 0 0 0|\n\
             |1 0 0 0 0 0 0 0 0 0|0 1 0 0 0 0 0 0 0 0|0 0 1 0 0 0 0 0 0 0|\n{z3}\n{z3}\n{z3}"
        ),
    );
    // The last three: the source's transcription adds a stray 0 to the second
    // and third boxes; their first box is intact.
    assert_in(
        &s,
        13,
        &format!(
            "{z3}\n{z3}\n{z3}\n\
             |0 0 0 0 0 0 1 1 0 0|0 0 0 0 0 0 0 1 1 0|0 0 0 0 0 0 0 0 1 1|\n\
             |0 0 0 0 0 0 1 1 0 0|0 0 0 0 0 0 0 1 1 0|0 0 0 0 0 0 0 0 1 1|\n\
             |0 0 0 0 0 0 1 0 0 0|0 0 0 0 0 0 0 1 0 0|0 0 0 0 0 0 0 0 1 0|"
        ),
    );
}

#[test]
fn contact_tests() {
    let s = sections();
    // tA..tD: contact 1, 0 (gap), 0 (overlap).
    assert_value(&s, 14, "contact(tA, tB)", "1");
    assert_value(&s, 14, "contact(tA, tC)", "0");
    assert_value(&s, 14, "contact(tA, tD)", "0");
    // AA, BB, AA * BB, CC, AA * CC, tA + tD as the source prints them.
    assert_value(&s, 15, "table(AA)", "0 _1 0 0");
    assert_value(&s, 15, "table(BB)", "0 1 0 _1");
    assert_value(&s, 16, "table(times(AA, BB))", "0 _1 0 0");
    assert_value(&s, 17, "table(CC)", "0 0 1 0");
    assert_value(&s, 17, "table(times(AA, CC))", "0 0 0 0");
    assert_value(
        &s,
        18,
        "table(plus([1, 1, 0, 0, 0], [0, 1, 1, 0, 0]))",
        "1 2 1 0 0",
    );
    // P0 and N0, N1, N2: contact 0, 3, 0.
    let z = "0 0 0 0 0 0 0 0 0 0";
    let p0 =
        format!("1 1 0 0 0 0 0 0 0 0\n1 1 0 0 0 0 0 0 0 0\n1 0 0 0 0 0 0 0 0 0\n{z}\n{z}\n{z}");
    let n0 = format!(
        "0 1 0 0 0 0 0 0 0 0\n0 1 0 0 0 0 0 0 0 0\n1 1 0 0 0 0 0 0 0 0\n1 0 0 0 0 0 0 0 0 0\n{z}\n{z}"
    );
    let n1 = format!(
        "0 0 1 0 0 0 0 0 0 0\n0 0 1 0 0 0 0 0 0 0\n0 1 1 0 0 0 0 0 0 0\n0 1 0 0 0 0 0 0 0 0\n{z}\n{z}"
    );
    let n2 = format!(
        "0 0 0 1 0 0 0 0 0 0\n0 0 0 1 0 0 0 0 0 0\n0 0 1 1 0 0 0 0 0 0\n0 0 1 0 0 0 0 0 0 0\n{z}\n{z}"
    );
    assert_value(&s, 19, "P0", &p0);
    assert_value(&s, 19, "N0", &n0);
    assert_value(&s, 19, "contact(P0, N0)", "0");
    assert_value(&s, 20, "N1", &n1);
    assert_value(&s, 20, "contact(P0, N1)", "3");
    assert_value(&s, 21, "N2", &n2);
    assert_value(&s, 21, "contact(P0, N2)", "0");
    // The clean variant counts the vertical pair the source's rule misses.
    assert_value(&s, 22, "contact(P0, below)", "0");
    assert_value(&s, 22, "touch(P0, below)", "1");
    assert_value(&s, 23, "touch(P0, N1)", "4");
    assert_value(&s, 24, "fits.index_of(true)", "1");
}

#[test]
fn display_rp_and_frame() {
    let s = sections();
    // The source's `display` lines lost dots in the PDF; the boards are 6×10.
    let dots = "..........";
    assert_value(
        &s,
        25,
        r#"display(P0, "P")"#,
        &format!("PP........\nPP........\nP.........\n{dots}\n{dots}\n{dots}"),
    );
    assert_value(
        &s,
        25,
        r#"display(N1, "N")"#,
        &format!("..N.......\n..N.......\n.NN.......\n.N........\n{dots}\n{dots}"),
    );
    assert_value(
        &s,
        26,
        "PN",
        &format!("PPN.......\nPPN.......\nPNN.......\n.N........\n{dots}\n{dots}"),
    );
    // The frame: one outline per piece, P and N as in the source's (garbled)
    // sample: `| P  P | N |`, then `+---+` under P's right column.
    assert_in(&s, 28, "| P   P | N | .   .   .   .   .   .   . |");
    assert_in(&s, 28, "|   +---+   |                           |");
    assert_in(&s, 28, "| P | N   N | .   .   .   .   .   .   . |");
    assert_in(&s, 29, "│ P │ N   N │ .   .   .   .   .   .   . │");
}

/// The 6×10 boards the session draws, read back from their frames' cells.
fn framed_boards(section: &str) -> Vec<String> {
    let rows: Vec<String> = section
        .lines()
        .filter(|l| l.starts_with("| ") && l.chars().nth(2).is_some_and(|c| c != ' '))
        .map(|l| {
            l.chars()
                .filter(|c| *c == '.' || c.is_ascii_uppercase())
                .collect()
        })
        .collect();
    rows.chunks(6).map(|c| c.join("/")).collect()
}

#[test]
fn the_seed_session() {
    let s = sections();
    let k = 30;
    // The opening V 1, Z 1, N 0, U 2 (the source's tabs drawn as J's `|`).
    for line in [
        "initial piece:",
        "|0  |1  |2  |3  |",
        "|V..|VVV|VVV|..V|\n|V..|V..|..V|..V|\n|VVV|V..|..V|VVV|",
        "enter piece number ?\n1",
        "select pentomino piece ?\nZ",
        "|ZZ.|..Z|.ZZ|Z..|\n|.Z.|ZZZ|.Z.|ZZZ|\n|.ZZ|Z..|ZZ.|..Z|",
        "i=0, Hit: Z(1)\nNext:",
        "continue(CR), undo(u), break(n) ?",
        "|0 |1   |2 |3   |4 |5   |6 |7   |",
        "|.N|NN..|.N|NNN.|N.|.NNN|N.|..NN|\n|.N|.NNN|NN|..NN|N.|NN..|NN|NNN.|\n\
         |NN|    |N.|    |NN|    |.N|    |\n|N.|    |N.|    |.N|    |.N|    |",
        "i=1, Hit: N(3)",
        "|U.U|UU|UUU|UU|\n|UUU|U.|U.U|.U|\n|   |UU|   |UU|",
        "i=2, Hit: U(5)",
    ] {
        assert_in(&s, k, line);
    }
    assert_eq!(
        framed_boards(&s[k - 1]),
        [
            "VVV......./V........./V........./........../........../..........",
            "VVVZ....../VZZZ....../VZ......../........../........../..........",
            "VVVZN...../VZZZN...../VZ.NN...../...N....../........../..........",
            "VVVZNUUU../VZZZNU.U../VZ.NN...../...N....../........../..........",
        ]
    );
    // The same steps by hand: Z at 1, N at 3, U at 5, and the source's boards.
    assert_value(&s, 31, r#"hit(B, "Z", 1)"#, "1");
    assert_value(
        &s,
        31,
        "B",
        "VVVZ......\nVZZZ......\nVZ........\n..........\n..........\n..........",
    );
    assert_value(&s, 32, r#"hit(B, "N", 0)"#, "3");
    assert_value(&s, 32, r#"hit(B, "U", 2)"#, "5");
    assert_value(
        &s,
        32,
        "B",
        "VVVZNUUU..\nVZZZNU.U..\nVZ.NN.....\n...N......\n..........\n..........",
    );
}

#[test]
fn the_seed_endgame() {
    let s = sections();
    assert_value(&s, 34, r#"report(9, B, "P", 3)"#, "i=9, Hit: P(32)");
    assert_value(
        &s,
        34,
        "B",
        "VVVZNUUULL\nVZZZNUXULI\nVZTNNXXXLI\nTTTNWWXFLI\nPPTWW.FFFI\nPPPW....FI",
    );
    assert_value(&s, 35, r#"report(10, B, "Y", 7)"#, "i=10, Hit: Y(32)");
    // The final board, read back from its unicode frame.
    let rows: Vec<String> = s[34]
        .lines()
        .filter(|l| l.starts_with("│ ") && l.chars().nth(2).is_some_and(|c| c != ' '))
        .map(|l| {
            l.chars()
                .filter(|c| c.is_ascii_uppercase() || *c == '.')
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        [
            "VVVZNUUULL",
            "VZZZNUXULI",
            "VZTNNXXXLI",
            "TTTNWWXFLI",
            "PPTWWYFFFI",
            "PPPWYYYYFI"
        ]
    );
}
