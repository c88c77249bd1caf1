//! The polyomino solver through the script layer: the published counts,
//! raw counts, solutions as character boards, options and errors.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

fn session() -> Session {
    Session::capturing(&Limits::default())
}

fn int(code: &str) -> i64 {
    let mut s = session();
    let v = s.eval(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    v.as_int().unwrap_or_else(|_| panic!("{code}: not an int"))
}

fn err(code: &str) -> String {
    let mut s = session();
    match s.eval(code) {
        Ok(v) => panic!("{code}: expected an error, got {v}"),
        Err(e) => e.message(),
    }
}

const CENTRE: &str =
    r#"region("......../......../......../...##.../...##.../......../......../........")"#;

#[test]
fn unique_counts_of_the_classic_boards() {
    for (board, n) in [
        ("rect(6, 10)", 2339),
        ("rect(5, 12)", 1010),
        ("rect(4, 15)", 368),
        ("rect(3, 20)", 2),
        (CENTRE, 65),
    ] {
        assert_eq!(
            int(&format!("count_polyomino({board}, \"pentominoes\")")),
            n,
            "{board}"
        );
    }
}

#[test]
fn raw_counts_are_the_symmetric_multiples() {
    for (board, n) in [
        ("rect(6, 10)", 2339 * 4),
        ("rect(5, 12)", 1010 * 4),
        ("rect(4, 15)", 368 * 4),
        ("rect(3, 20)", 2 * 4),
        (CENTRE, 65 * 8),
    ] {
        assert_eq!(
            int(&format!(
                "count_polyomino({board}, \"FILNPTUVWXYZ\", #{{raw: true}})"
            )),
            n,
            "{board}"
        );
    }
}

#[test]
fn scott_square_with_the_two_by_two() {
    // The 12 pentominoes and the 2×2 square ("O") on a full 8×8.
    assert_eq!(
        int(r#"count_polyomino(rect(8, 8), "FILNPTUVWXYZO")"#),
        16146
    );
}

#[test]
fn tetrominoes_cannot_fill_four_by_five() {
    assert_eq!(int(r#"count_polyomino(rect(4, 5), "tetrominoes")"#), 0);
    assert_eq!(
        int(r#"count_polyomino(rect(4, 5), "tetrominoes", #{raw: true})"#),
        0
    );
}

#[test]
fn solutions_print_and_frame() {
    let mut s = session();
    let _ = s
        .eval(r#"let sols = solve_polyomino(rect(3, 20), "pentominoes");"#)
        .unwrap();
    assert_eq!(s.eval("sols.len()").unwrap().as_int().unwrap(), 2);
    let _ = s
        .eval("print(sols[0]); print(frame(sols[1], \"ascii\", false));")
        .unwrap();
    let out = s.take_output();
    assert_eq!(
        out,
        "\
UUXPPPLLLLFTTTWWZVVV
UXXXPPLNNFFFTWWYZZZV
UUXIIIIINNNFTWYYYYZV
+-------+---+-----------+---+---------------+---+---+---+-----------+-----------+
| U   U | X | P   P   P | Z | Y   Y   Y   Y | W | T | F | N   N   N | V   V   V |
|   +---+   +---+       |   +-------+   +---+   |   |   +-------+   +---+---+   |
| U | X   X   X | P   P | Z   Z   Z | Y | W   W | T | F   F   F | N   N | L | V |
|   +---+   +---+-------+-------+   +---+   +---+   +---+   +---+-------+   |   |
| U   U | X | I   I   I   I   I | Z | W   W | T   T   T | F | L   L   L   L | V |
+-------+---+-------------------+---+-------+-----------+---+---------------+---+
"
    );
}

#[test]
fn limit_and_raw_listing() {
    let mut s = session();
    let n = s
        .eval(r#"solve_polyomino(rect(6, 10), "pentominoes", #{limit: 5}).len()"#)
        .unwrap();
    assert_eq!(n.as_int().unwrap(), 5);
    let n = s
        .eval(r#"solve_polyomino(rect(3, 20), "pentominoes", #{raw: true}).len()"#)
        .unwrap();
    assert_eq!(n.as_int().unwrap(), 8);
    // A raw listing holds each solution once: all 8 differ.
    let n = s
        .eval(
            r#"let all = solve_polyomino(rect(3, 20), "pentominoes", #{raw: true});
               let seen = #{}; for b in all { seen[to_string(b)] = 1; } seen.len()"#,
        )
        .unwrap();
    assert_eq!(n.as_int().unwrap(), 8);
}

#[test]
fn one_sided_and_copies() {
    // Four L tetrominoes in a 4×4: 10 raw, 3 classes; one-sided: 3 raw,
    // 2 classes under rotation (one is the pinwheel).
    let l4 = r#"["L4", "L4", "L4", "L4"]"#;
    assert_eq!(
        int(&format!(
            "count_polyomino(rect(4, 4), {l4}, #{{raw: true}})"
        )),
        10
    );
    assert_eq!(int(&format!("count_polyomino(rect(4, 4), {l4})")), 3);
    assert_eq!(
        int(&format!(
            "count_polyomino(rect(4, 4), {l4}, #{{raw: true, one_sided: true}})"
        )),
        3
    );
    assert_eq!(
        int(&format!(
            "count_polyomino(rect(4, 4), {l4}, #{{one_sided: true}})"
        )),
        2
    );
    // Letters repeated are copies.
    assert_eq!(
        int(r#"count_polyomino(rect(5, 6), "LLLLLL", #{raw: true})"#),
        8
    );
}

#[test]
fn custom_shapes_and_holes() {
    // Drawings in an array; a shape made by the pentomino functions.
    assert_eq!(
        int(r#"count_polyomino(rect(2, 4), ["XX./.XX", "XX./.XX"], #{raw: true})"#),
        0
    );
    assert_eq!(
        int(r#"count_polyomino(rect(2, 4), ["XX", "XX", "XX", "XX"], #{raw: true})"#),
        5
    );
    assert_eq!(
        int(r#"count_polyomino(rect(4, 4), [shape("1 0/1 0/1 1"), "L4", "L4", "L4"])"#),
        3
    );
    // A ring (3×3 less its centre) given as text: 4 ways with two L
    // tetrominoes, all one under the ring's 8 symmetries.
    assert_eq!(
        int(r#"count_polyomino(".../.#./...", ["L4", "L4"], #{raw: true})"#),
        4
    );
    assert_eq!(int(r#"count_polyomino(".../.#./...", ["L4", "L4"])"#), 1);
    let mut s = session();
    let v = s.eval(r#"symmetries(rect(8, 8)) + symmetries(rect(6, 10)) + area(region("../.#"))"#);
    assert_eq!(v.unwrap().as_int().unwrap(), 8 + 4 + 3);
    let v = s.eval("to_string(rect(2, 3))").unwrap();
    assert_eq!(v.to_string(), "...\n...");
}

#[test]
fn hexominoes_are_generated() {
    let mut s = session();
    let v = s.eval(r#"polyomino_pieces("hexominoes").len()"#).unwrap();
    assert_eq!(v.as_int().unwrap(), 35);
    let v = s
        .eval(r#"let h = polyomino_pieces("hexominoes")[0]; `${h.name} ${h.drawing} ${h.size}`"#)
        .unwrap();
    assert_eq!(v.to_string(), "H01 AAAAAA 6");
    // One line per piece in a list, no raw `\n` (issue 14).
    let v = s
        .eval(r#"to_string(polyomino_pieces("tetrominoes"))"#)
        .unwrap();
    assert_eq!(
        v.to_string(),
        "[I4 IIII, O4 OO/OO, T4 TTT/.T., S4 .SS/SS., L4 LLL/L..]"
    );
    // The list goes back in as pieces.
    let v = s
        .eval(r#"count_polyomino(rect(4, 5), polyomino_pieces("tetrominoes"))"#)
        .unwrap();
    assert_eq!(v.as_int().unwrap(), 0);
}

#[test]
fn bad_boards_and_pieces_are_errors() {
    assert!(err(r###"count_polyomino(region("##/##"), "F")"###).contains("no cell to fill"));
    assert!(
        err(r#"count_polyomino(rect(5, 5), "pentominoes")"#)
            .contains("the board has 25 cells but the pieces cover 60")
    );
    assert!(
        err(r#"count_polyomino(rect(1, 5), "Q")"#).contains("unknown piece \"Q\" at position 1")
    );
    assert!(err(r#"count_polyomino(rect(1, 5), ["X.X"])"#).contains("not connected"));
    assert!(err(r#"count_polyomino(rect(1, 5), [".."])"#).contains("no cells"));
    assert!(err(r#"count_polyomino(region("..x"), "I")"#).contains("'x' at 1:3"));
    assert!(err("rect(0, 4)").contains("both sides must be 1 to 1024"));
    let big = r#"let p = []; for i in 0..300 { p.push("O") } count_polyomino(rect(40, 30), p)"#;
    assert!(err(big).contains("the solver handles at most 1024"));
    assert!(err(r#"count_polyomino(rect(1, 5), "I", #{fast: true})"#).contains("unknown option"));
    assert!(err(r#"count_polyomino(rect(1, 5), 5)"#).contains("pieces must be"));
}

#[test]
fn boards_beyond_128_cells_use_the_wide_path() {
    // A 10×10 block and 25 squares in 10×20: the block sits at an even
    // offset (0, 2, .., 10): 6 raw, 3 up to the mirror.
    let setup = r#"let block = []; for r in 0..10 { block.push("XXXXXXXXXX") }
        let p = [block.reduce(|a, r| if a == () { r } else { a + "/" + r })];
        for i in 0..25 { p.push("O") }"#;
    assert_eq!(
        int(&format!(
            "{setup} count_polyomino(rect(10, 20), p, #{{raw: true}})"
        )),
        6
    );
    assert_eq!(int(&format!("{setup} count_polyomino(rect(10, 20), p)")), 3);
    // 10×20 with 50 squares: one tiling.
    assert_eq!(
        int(r#"let p = []; for i in 0..50 { p.push("O") } count_polyomino(rect(10, 20), p)"#),
        1
    );
}
