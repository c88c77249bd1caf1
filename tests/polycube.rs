//! Polycubes through the script layer: the Soma cube and the pentominoes as
//! solids in boxes (published figures: Soma 240 / 11,520 and the 2×3×10
//! box's 12, also counted by the plain exact-cover reference in
//! `exact_cover`, see `exact_cover_counts`; 3×4×5's 3940 (31,520 raw) is
//! a published figure; the 96 raw of 2×3×10 and the
//! other boxes are the engine's own, the random boxes of `exact_cover_props`
//! check it), the Bedlam cube (19,186, Kurowski; 460,464 raw = 19,186 × 24
//! rotations, the figure his search reports), boxes drawn by layers, drawn
//! pieces, and the framed layers.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

fn eval(code: &str) -> String {
    let mut s = Session::capturing(&Limits::default());
    s.eval(code)
        .unwrap_or_else(|e| panic!("{code}: {e}"))
        .to_string()
}

fn int(code: &str) -> i64 {
    eval(code)
        .parse()
        .unwrap_or_else(|_| panic!("{code}: not an int"))
}

#[test]
fn soma_cube() {
    assert_eq!(int(r#"count_polycube(cuboid(3, 3, 3), "soma")"#), 240);
    assert_eq!(
        int(r#"count_polycube(cuboid(3, 3, 3), "soma", #{raw: true})"#),
        11520
    );
    assert_eq!(int(r#"polycube_pieces("soma").len()"#), 7);
    assert_eq!(int("symmetries(cuboid(3, 3, 3))"), 48);
}

#[test]
fn pentominoes_as_solids_in_boxes() {
    for (x, y, z, classes, raw) in [(2, 3, 10, 12, 96), (2, 5, 6, 264, 2112)] {
        let b = format!("cuboid({x}, {y}, {z})");
        assert_eq!(
            int(&format!("count_polycube({b}, \"pentominoes\")")),
            classes
        );
        assert_eq!(
            int(&format!(
                "count_polycube({b}, \"pentominoes\", #{{raw: true}})"
            )),
            raw
        );
    }
    assert_eq!(
        int(r#"count_polycube(cuboid(3, 4, 5), "pentominoes")"#),
        3940
    );
    // No 3×4×5 packing is symmetric: 3940 × 8 (the box's symmetries).
    assert_eq!(
        int(r#"count_polycube(cuboid(3, 4, 5), "pentominoes", #{raw: true})"#),
        31520
    );
}

#[test]
fn bedlam_cube() {
    assert_eq!(int(r#"polycube_pieces("bedlam").len()"#), 13);
    // Its chiral pieces have no mirror images in the set: the classes are
    // under the cube's 24 rotations.
    assert_eq!(int(r#"count_polycube(cuboid(4, 4, 4), "bedlam")"#), 19186);
}

#[test]
fn shards_add_up_where_the_broken_piece_changed() {
    // The 3D search breaks symmetry on the piece with the least
    // Σ|stab|²/√placements: in Soma's cube one whose representatives
    // include one kept by a symmetry (240 classes, 11520 packings:
    // Conway and Guy), in 2x3x10 a pentacube other than the fewest-
    // placements one (12 and 96, as above). The shards add up either way.
    for (b, pieces, classes, raw) in [
        ("cuboid(3, 3, 3)", "soma", 240, 11520),
        ("cuboid(2, 3, 10)", "pentominoes", 12, 96),
    ] {
        for (is_raw, whole) in [(false, classes), (true, raw)] {
            let shards: i64 = (1..=4)
                .map(|k| {
                    int(&format!(
                        r#"count_polycube({b}, "{pieces}", #{{raw: {is_raw}, shard: "{k}/4"}})"#
                    ))
                })
                .sum();
            assert_eq!(shards, whole, "{b} raw {is_raw}");
        }
    }
}

#[test]
fn threads_and_shards_give_the_same_counts_and_order() {
    // The work is dealt in items below the top-level branches: any number
    // of threads counts the same and lists the packings in the same order.
    let listing = |threads: u32| {
        eval(&format!(
            r#"solve_polycube(cuboid(2, 3, 10), "pentominoes", #{{threads: {threads}}}).map(|p| to_string(p))"#
        ))
    };
    assert_eq!(listing(1), listing(2));
    for raw in [false, true] {
        let count = |extra: &str| {
            int(&format!(
                r#"count_polycube(cuboid(2, 5, 6), "pentominoes", #{{raw: {raw}{extra}}})"#
            ))
        };
        let whole = if raw { 2112 } else { 264 };
        assert_eq!(count(", threads: 1"), whole);
        assert_eq!(count(", threads: 2"), whole);
        let shards: i64 = (1..=3)
            .map(|k| count(&format!(r#", shard: "{k}/3""#)))
            .sum();
        assert_eq!(shards, whole);
    }
}

#[test]
fn drawn_solids_and_boxes_by_layers() {
    // Two tripods fill a 2×2×2 cube: one pair of opposite corners of four.
    let tripod = r#""XX/X.|X./..""#;
    assert_eq!(
        int(&format!(
            "count_polycube(cuboid(2, 2, 2), [{tripod}, {tripod}], #{{raw: true}})"
        )),
        4
    );
    assert_eq!(
        int(&format!(
            "count_polycube(cuboid(2, 2, 2), [{tripod}], #{{copies: 2}})"
        )),
        1
    );
    assert_eq!(int(r#"volume(space("../..|.#/.."))"#), 7);
    assert_eq!(eval(r#"to_string(space(["..", ".#"]))"#), "..  .#");
    // The same box as a cuboid and as layers: same count.
    assert_eq!(
        int(
            r#"count_polycube(space("........../........../..........|........../........../.........."), "pentominoes")"#
        ),
        12
    );
}

#[test]
fn a_packing_prints_and_frames_its_layers() {
    let mut s = Session::capturing(&Limits::default());
    let _ = s
        .eval(r#"let p = solve_polycube(cuboid(3, 3, 3), "soma", #{limit: 1})[0];"#)
        .unwrap();
    let text = s.eval("to_string(p)").unwrap().to_string();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows.iter().all(|r| r.len() == 3 * 3 + 2 * 2), "{text}");
    let letters: std::collections::BTreeSet<char> =
        text.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    assert_eq!(letters.into_iter().collect::<String>(), "ABLPTVZ");
    let framed = s.eval(r#"frame(p, "ascii", false)"#).unwrap().to_string();
    let lines: Vec<&str> = framed.lines().collect();
    assert_eq!(lines.len(), 7, "{framed}");
    assert!(lines[0].matches('+').count() >= 6, "{framed}");
    assert_eq!(
        int(r#"piece_names(solve_polycube(cuboid(3, 3, 3), "soma", #{limit: 1})[0]).len()"#),
        7
    );
}

#[test]
fn errors_say_what_is_wrong() {
    let mut s = Session::capturing(&Limits::default());
    let e = s
        .eval(r#"count_polycube(cuboid(3, 3, 2), "soma")"#)
        .unwrap_err()
        .message();
    assert!(
        e.contains("the board has 18 cells but the pieces cover 27"),
        "{e}"
    );
    let e = s.eval("cuboid(0, 3, 3)").unwrap_err().message();
    assert!(e.contains("every side must be 1 to"), "{e}");
    let e = s
        .eval(r#"count_polycube(cuboid(3, 3, 3), "soma", #{one_sided: true})"#)
        .unwrap_err()
        .message();
    assert!(e.contains("unknown option \"one_sided\""), "{e}");
    let e = s
        .eval(r#"count_polyomino(rect(3, 9), "soma")"#)
        .unwrap_err()
        .message();
    assert!(e.contains("use count_polycube"), "{e}");
}
