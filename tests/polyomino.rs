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

#[test]
fn one_sided_sets_and_primed_names() {
    assert_eq!(
        int(r#"count_polyomino(rect(3, 30), "one-sided pentominoes", #{raw: true})"#),
        184
    );
    assert_eq!(
        int(r#"count_polyomino(rect(3, 30), "one-sided pentominoes")"#),
        46
    );
    assert_eq!(
        int(r#"polyomino_pieces("one-sided pentominoes").len()"#),
        18
    );
    assert_eq!(int(r#"polyomino_pieces("one-sided tetrominoes").len()"#), 7);
    let mut s = session();
    let v = s.eval(r#"polyomino_pieces(["F'"])[0]"#).unwrap();
    assert_eq!(s.show(&v), "F'\nff.\n.ff\n.f.");
    // A drawn piece keeps its name and its own letter.
    let v = s.eval(r#"polyomino_pieces(["bar=III"])[0]"#).unwrap();
    assert_eq!(s.show(&v), "bar\nIII");
}

#[test]
fn copy_only_sets_and_impossible_boards() {
    let n = int(r#"solve_polyomino(rect(12, 12), ["L4"], #{copies: 36, limit: 1}).len()"#);
    assert_eq!(n, 1);
    let n = int(r#"solve_polyomino(rect(20, 20), ["L4"], #{copies: 100, limit: 1}).len()"#);
    assert_eq!(n, 1);
    assert_eq!(int(r#"count_polyomino(rect(15, 14), "hexominoes")"#), 0);
    assert_eq!(int(r#"count_polyomino(rect(6, 35), "hexominoes")"#), 0);
    // Copies are drawn apart: six L tetrominoes in 4×6 use several letters.
    let mut s = session();
    let text = s
        .eval(r#"to_string(solve_polyomino(rect(4, 6), ["L4"], #{copies: 6, limit: 1})[0])"#)
        .unwrap()
        .to_string();
    let letters: std::collections::BTreeSet<char> = text.chars().filter(|c| *c != '\n').collect();
    assert!(letters.len() >= 3, "{text}");
}

#[test]
fn listings_are_capped_and_threads_agree() {
    let e = err(r#"solve_polyomino(rect(2, 24), ["XX"], #{copies: 24, raw: true})"#);
    assert!(
        e.contains("more than 10000 packings: pass #{limit: n} to keep the first n"),
        "{e}"
    );
    assert_eq!(
        int(
            r#"solve_polyomino(rect(2, 24), ["XX"], #{copies: 24, raw: true, limit: 20000}).len()"#
        ),
        20000
    );
    assert_eq!(
        int(r#"count_polyomino(rect(6, 10), "pentominoes", #{threads: 1})"#),
        2339
    );
    let mut s = session();
    let same = s
        .eval(
            r#"let a = solve_polyomino(rect(5, 12), "pentominoes", #{threads: 1, limit: 30});
               let b = solve_polyomino(rect(5, 12), "pentominoes", #{threads: 2, limit: 30});
               let c = solve_polyomino(rect(6, 10), "pentominoes", #{random: true, seed: 3, limit: 1});
               let d = solve_polyomino(rect(6, 10), "pentominoes", #{random: true, seed: 3, limit: 1});
               let same = a.len() == b.len();
               for i in 0..a.len() { same = same && to_string(a[i]) == to_string(b[i]); }
               same && to_string(c[0]) == to_string(d[0])"#,
        )
        .unwrap();
    assert!(same.as_bool().unwrap());
}

/// Dominoes, every one the same piece "XX".
fn dominoes(n: usize) -> Vec<puzzlelab::polyomino::Piece> {
    let cells = puzzlelab::polyomino::pieces::parse_shape("XX").unwrap();
    (0..n)
        .map(|_| puzzlelab::polyomino::Piece::new("XX", 'D', &cells))
        .collect()
}

/// The traced search finds what is known by hand: 2×n domino tilings are
/// Fibonacci numbers (2×3: 3, 2×4: 5, 2×5: 8), and every cover is undone
/// by one uncover, one node each.
#[test]
fn a_traced_search_counts_domino_tilings_and_undoes_every_cover() {
    use puzzlelab::polyomino::trace::trace;
    for (n, want) in [(3, 3), (4, 5), (5, 8)] {
        let t = trace(
            &puzzlelab::polyomino::Region::rect(2, n).unwrap(),
            &dominoes(n as usize),
        )
        .unwrap();
        assert_eq!(t.solutions, want, "2×{n}");
        let covers = t
            .lines
            .iter()
            .filter(|l| l.trim_start().starts_with("cover: "))
            .count();
        let uncovers = t
            .lines
            .iter()
            .filter(|l| l.trim_start().starts_with("uncover: "))
            .count();
        assert_eq!(covers, uncovers, "2×{n}");
        assert_eq!(t.nodes.iter().sum::<u64>() as usize, covers, "2×{n}");
        // The last level places the last domino once per tiling.
        assert_eq!(t.nodes[n as usize - 1], want, "2×{n}");
    }
    // The first choice on 2×3: r1c1 and r2c1 have two options each,
    // r1c2 three; the first cell in reading order with two is r1c1.
    let t = trace(
        &puzzlelab::polyomino::Region::rect(2, 3).unwrap(),
        &dominoes(3),
    )
    .unwrap();
    assert_eq!(t.lines[0], "level 0: r1c1 has the fewest options, 2");
    // Wrong areas and large boards are refused with a reason.
    let e = trace(
        &puzzlelab::polyomino::Region::rect(2, 3).unwrap(),
        &dominoes(2),
    )
    .unwrap_err();
    assert!(e.to_string().contains("cannot fill it exactly"), "{e}");
    let e = trace(
        &puzzlelab::polyomino::Region::rect(10, 10).unwrap(),
        &dominoes(50),
    )
    .unwrap_err();
    assert!(e.to_string().contains("a trace follows at most 64"), "{e}");
}
