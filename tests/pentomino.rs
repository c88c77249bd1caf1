//! The printed outputs of Nishikawa's J pentomino program, reproduced through the script layer: pieces,
//! pen, p_data, shift, members, contact, display, rp, and bad input.

use crate::common::pentomino_program::FINISHED_BOARD;
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

fn session() -> Session {
    Session::capturing(&Limits::default())
}

/// Evaluate and show the value as the REPL would.
fn show(s: &mut Session, code: &str) -> String {
    let v = s
        .eval(code)
        .unwrap_or_else(|e| panic!("{code}: {}", e.message()));
    s.show(&v)
}

fn error_of(code: &str) -> String {
    let mut s = session();
    match s.eval(code) {
        Ok(v) => panic!("{code} should fail, gave {}", s.show(&v)),
        Err(e) => e.message(),
    }
}

#[test]
fn base_shapes_as_the_seed_prints_them() {
    let mut s = session();
    assert_eq!(show(&mut s, r#"piece("P")"#), "1 1\n1 1\n1 0");
    assert_eq!(show(&mut s, r#"piece("F")"#), "0 1 1\n1 1 0\n0 1 0");
    assert_eq!(show(&mut s, r#"piece('V')"#), "1 0 0\n1 0 0\n1 1 1");
}

#[test]
fn rotations_from_section_2_1() {
    let mut s = session();
    assert_eq!(show(&mut s, r#"t1(piece("P"))"#), "1 1 1\n0 1 1");
    assert_eq!(show(&mut s, r#"t2(piece("P"))"#), "0 1\n1 1\n1 1");
    assert_eq!(show(&mut s, r#"t1(piece("F"))"#), "0 1 0\n1 1 1\n0 0 1");
    assert_eq!(show(&mut s, r#"t2(piece("F"))"#), "0 1 0\n0 1 1\n1 1 0");
}

#[test]
fn pen_of_p_f_v() {
    let mut s = session();
    assert_eq!(
        show(&mut s, r#"boxed(pen("P"))"#),
        "\
+---+-----+---+-----+---+-----+---+-----+
|1 1|1 1 1|0 1|1 1 0|1 1|0 1 1|1 0|1 1 1|
|1 1|0 1 1|1 1|1 1 1|1 1|1 1 1|1 1|1 1 0|
|1 0|     |1 1|     |0 1|     |1 1|     |
+---+-----+---+-----+---+-----+---+-----+"
    );
    assert_eq!(
        show(&mut s, r#"boxed(pen("F"))"#),
        "\
+-----+-----+-----+-----+-----+-----+-----+-----+
|0 1 1|0 1 0|0 1 0|1 0 0|1 1 0|0 0 1|0 1 0|0 1 0|
|1 1 0|1 1 1|0 1 1|1 1 1|0 1 1|1 1 1|1 1 0|1 1 1|
|0 1 0|0 0 1|1 1 0|0 1 0|0 1 0|0 1 0|0 1 1|1 0 0|
+-----+-----+-----+-----+-----+-----+-----+-----+"
    );
    assert_eq!(
        show(&mut s, r#"boxed(pen("V"))"#),
        "\
+-----+-----+-----+-----+
|1 0 0|1 1 1|1 1 1|0 0 1|
|1 0 0|1 0 0|0 0 1|0 0 1|
|1 1 1|1 0 0|0 0 1|1 1 1|
+-----+-----+-----+-----+"
    );
    // In Rhai's own array printing each shape is one line that rebuilds it.
    assert_eq!(
        show(&mut s, r#"pen("V")"#),
        r#"[board("100/100/111"), board("111/100/100"), board("111/001/001"), board("001/001/111")]"#
    );
    assert_eq!(
        show(&mut s, r#"pen("V")[1] == board("111/100/100")"#),
        "true"
    );
}

#[test]
fn orientation_counts() {
    let mut s = session();
    let counts = show(
        &mut s,
        r#"let out = []; for l in "FILNPTUVWXYZ" { out.push(`${l} ${pen(l).len()}`) } out"#,
    );
    assert_eq!(
        counts,
        r#"["F 8", "I 2", "L 8", "N 8", "P 8", "T 4", "U 4", "V 4", "W 4", "X 1", "Y 8", "Z 4"]"#
    );
    // A custom shape has orientations too: the S tetromino has 4.
    assert_eq!(show(&mut s, r#"pen(shape("XX.\n.XX")).len()"#), "4");
}

#[test]
fn p_data_first_and_last_of_p() {
    let mut s = session();
    let _ = s.eval(r#"let PP = p_data("P");"#).unwrap();
    assert_eq!(show(&mut s, "PP.len()"), "8");
    assert_eq!(
        show(&mut s, "PP[0]"),
        "\
1 1 0 0 0 0 0 0 0 0
1 1 0 0 0 0 0 0 0 0
1 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0"
    );
    assert_eq!(
        show(&mut s, "PP[1]"),
        "\
1 1 1 0 0 0 0 0 0 0
0 1 1 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0"
    );
    assert_eq!(
        show(&mut s, "PP[7]"),
        "\
1 1 1 0 0 0 0 0 0 0
1 1 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0"
    );
}

#[test]
fn shift_p0_right_2_down_1() {
    let mut s = session();
    assert_eq!(
        show(&mut s, r#"shift(p_data("P")[0], 2, 1)"#),
        "\
0 0 0 0 0 0 0 0 0 0
0 0 1 1 0 0 0 0 0 0
0 0 1 1 0 0 0 0 0 0
0 0 1 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0"
    );
    // Back again, and off the edge: dropped, never wrapped.
    assert_eq!(
        show(
            &mut s,
            r#"shift(shift(p_data("P")[0], 2, 1), -2, -1) == p_data("P")[0]"#
        ),
        "true"
    );
    assert_eq!(show(&mut s, r#"count(shift(p_data("P")[0], 9, 0))"#), "3");
    assert_eq!(show(&mut s, r#"count(shift(p_data("P")[0], -1, 0))"#), "2");
}

#[test]
fn the_36_members_of_p0() {
    let mut s = session();
    let _ = s.eval(r#"let M = members(p_data("P")[0]);"#).unwrap();
    assert_eq!(show(&mut s, "M.len()"), "36");
    assert_eq!(
        show(&mut s, "boxed([M[0], M[1], M[2]])"),
        "\
+-------------------+-------------------+-------------------+
|1 1 0 0 0 0 0 0 0 0|0 1 1 0 0 0 0 0 0 0|0 0 1 1 0 0 0 0 0 0|
|1 1 0 0 0 0 0 0 0 0|0 1 1 0 0 0 0 0 0 0|0 0 1 1 0 0 0 0 0 0|
|1 0 0 0 0 0 0 0 0 0|0 1 0 0 0 0 0 0 0 0|0 0 1 0 0 0 0 0 0 0|
|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|
|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|
|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|
+-------------------+-------------------+-------------------+"
    );
    // The source's last three (its transcription adds a stray column to two).
    assert_eq!(
        show(&mut s, "boxed([M[33], M[34], M[35]])"),
        "\
+-------------------+-------------------+-------------------+
|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|
|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|
|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0 0|
|0 0 0 0 0 0 1 1 0 0|0 0 0 0 0 0 0 1 1 0|0 0 0 0 0 0 0 0 1 1|
|0 0 0 0 0 0 1 1 0 0|0 0 0 0 0 0 0 1 1 0|0 0 0 0 0 0 0 0 1 1|
|0 0 0 0 0 0 1 0 0 0|0 0 0 0 0 0 0 1 0 0|0 0 0 0 0 0 0 0 1 0|
+-------------------+-------------------+-------------------+"
    );
    // Row-major by offset: the 10th member (index 9) starts row 1.
    assert_eq!(show(&mut s, "M[9] == shift(M[0], 0, 1)"), "true");
}

#[test]
fn contact_tests_of_section_2_3() {
    let mut s = session();
    let _ = s
        .eval(
            r#"let tA = board("1 1 0 0 0"); let tB = board("0 0 1 1 0");
               let tC = board("0 0 0 1 1"); let tD = board("0 1 1 0 0");"#,
        )
        .unwrap();
    assert_eq!(show(&mut s, "contact(tA, tB)"), "1");
    assert_eq!(show(&mut s, "contact(tA, tC)"), "0");
    assert_eq!(show(&mut s, "contact(tA, tD)"), "0");
    assert_eq!(
        show(&mut s, "tcontact(tA, [tB, tC, tD])"),
        "[true, false, false]"
    );

    let _ = s
        .eval(
            r#"let P0 = p_data("P")[0]; let N0 = p_data("N")[0];
               let N1 = shift(N0, 1, 0); let N2 = shift(N0, 2, 0);"#,
        )
        .unwrap();
    assert_eq!(
        show(&mut s, "N0"),
        "\
0 1 0 0 0 0 0 0 0 0
0 1 0 0 0 0 0 0 0 0
1 1 0 0 0 0 0 0 0 0
1 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0"
    );
    assert_eq!(
        show(&mut s, "N1"),
        "\
0 0 1 0 0 0 0 0 0 0
0 0 1 0 0 0 0 0 0 0
0 1 1 0 0 0 0 0 0 0
0 1 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0"
    );
    assert_eq!(
        show(&mut s, "N2"),
        "\
0 0 0 1 0 0 0 0 0 0
0 0 0 1 0 0 0 0 0 0
0 0 1 1 0 0 0 0 0 0
0 0 1 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0"
    );
    assert_eq!(show(&mut s, "contact(P0, N0)"), "0");
    assert_eq!(show(&mut s, "contact(P0, N1)"), "3");
    assert_eq!(show(&mut s, "contact(P0, N2)"), "0");
    // The clean variant also counts P over N in column 2.
    assert_eq!(show(&mut s, "touch(P0, N1)"), "4");
    assert_eq!(show(&mut s, "touch(P0, N0)"), "0");
    assert_eq!(show(&mut s, "touch(P0, N2)"), "0");
}

#[test]
fn display_and_rp_of_section_3_1() {
    let mut s = session();
    let _ = s
        .eval(r#"let P0 = p_data("P")[0]; let N1 = shift(p_data("N")[0], 1, 0);"#)
        .unwrap();
    assert_eq!(
        show(&mut s, r#"display(P0, "P")"#),
        "PP........\nPP........\nP.........\n..........\n..........\n.........."
    );
    assert_eq!(
        show(&mut s, r#"display(N1, 'N')"#),
        "..N.......\n..N.......\n.NN.......\n.N........\n..........\n.........."
    );
    assert_eq!(
        show(&mut s, r#"rp(display(P0, "P"), display(N1, "N"))"#),
        "PPN.......\nPPN.......\nPNN.......\n.N........\n..........\n.........."
    );
    assert_eq!(
        show(
            &mut s,
            r#"count(flags(rp(display(P0, "P"), display(N1, "N"))))"#
        ),
        "10"
    );
}

#[test]
fn frame_of_p_and_n() {
    let mut s = session();
    let framed = show(
        &mut s,
        r#"frame(rp(display(p_data("P")[0], "P"), display(shift(p_data("N")[0], 1, 0), "N")), "ascii", false)"#,
    );
    assert_eq!(
        framed,
        "\
+-------+---+---------------------------+
| P   P | N | .   .   .   .   .   .   . |
|       |   |                           |
| P   P | N | .   .   .   .   .   .   . |
|   +---+   |                           |
| P | N   N | .   .   .   .   .   .   . |
+---+   +---+                           |
| . | N | .   .   .   .   .   .   .   . |
|   +---+                               |
| .   .   .   .   .   .   .   .   .   . |
|                                       |
| .   .   .   .   .   .   .   .   .   . |
+---------------------------------------+"
    );
    // The source's finished board: one outline per piece, none inside.
    let done = show(
        &mut s,
        r#"frame(charboard("VVVZNUUULL/VZZZNUXULI/VZTNNXXXLI/TTTNWWXFLI/PPTWWYFFFI/PPPWYYYYFI"))"#,
    );
    assert_eq!(done, FINISHED_BOARD);
    // Not a terminal here, so the plain form carries no colour codes.
    let plain = show(&mut s, r#"frame(charboard("PN/PN"))"#);
    assert!(!plain.contains('\x1b'));
    let unicode = show(&mut s, r#"frame(charboard("PN/PN"), "unicode", false)"#);
    assert_eq!(
        unicode,
        "┌───┬───┐\n│ P │ N │\n│   │   │\n│ P │ N │\n└───┴───┘"
    );
    let coloured = show(&mut s, r#"frame(charboard("PN/PN"), "ascii", true)"#);
    assert!(coloured.contains("\x1b[30;48;5;177m P "));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    assert!(error_of(r#"piece("Q")"#).contains("unknown piece \"Q\""));
    assert!(error_of(r#"pen("PP")"#).contains("unknown piece"));
    assert!(error_of(r#"p_data("")"#).contains("unknown piece"));
    assert!(error_of(r#"shape("")"#).contains("empty shape"));
    assert!(error_of(r#"shape("...\n...")"#).contains("empty shape"));
    let e = error_of(r#"shape("XX.\n..X")"#);
    assert!(
        e.contains("not connected") && e.contains("row 2, column 3"),
        "{e}"
    );
    assert!(error_of(r#"shape("XX\nX")"#).contains("row 2 has 1 cells"));
    let e = error_of(r#"contact(board("11"), board("1/1"))"#);
    assert!(e.contains("differ in size (1×2 and 2×1)"), "{e}");
    assert!(error_of(r#"touch(board("11"), board("1"))"#).contains("differ in size"));
    let e = error_of(r#"rp(charboard("P."), charboard("N/."))"#);
    assert!(e.contains("rp") && e.contains("differ in size"), "{e}");
    let e = error_of(r#"rp(charboard("P."), charboard("N."))"#);
    assert!(e.contains("row 1, column 1"), "{e}");
    assert!(error_of(r#"tcontact(board("1"), [board("1"), 5])"#).contains("element 1"));
    assert!(error_of(r#"display(board("1"), "..")"#).contains("bad display letter"));
    assert!(error_of(r#"members(board("0 0"))"#).contains("no filled cell"));
    assert!(error_of(r#"board(40, 2)"#).contains("40×2"));
    assert!(error_of(r#"frame(charboard("P"), "fancy")"#).contains("unknown"));
    assert!(error_of(r#"pentomino("Q", [])"#).contains("unknown piece"));
    assert!(error_of(r#"p_data(board("11111111111"))"#).contains("does not fit"));
}
