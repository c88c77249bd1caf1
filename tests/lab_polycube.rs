//! The polycube lab in print mode: the Soma cube's counts and a framed
//! solution, the pentomino boxes, and drawn pieces and boxes, each asserted
//! inside its own section so that a carelessly accepted snapshot still
//! fails.

use crate::common::assert_value;

const SECTIONS: usize = 11;

fn sections() -> Vec<String> {
    crate::common::lab_sections("polycube", SECTIONS)
}

#[test]
fn chapters_and_titles() {
    crate::common::assert_chapters(
        &sections(),
        &[
            (1, "From boards to boxes"),
            (3, "The Soma cube"),
            (6, "Pentominoes as solids"),
            (8, "Boxes and pieces of your own"),
            (11, "Recap"),
        ],
    );
}

#[test]
fn soma_counts_and_pieces() {
    let s = sections();
    assert_value(&s, 1, "volume(cube)", "27");
    // Each piece drawn, its layers side by side (not as an escaped string).
    assert!(s[1].contains("\nA\nAA  .A\nA.  ..\n"), "{}", s[1]);
    assert_value(
        &s,
        3,
        r#"count_polycube(cube, "soma", #{raw: true})"#,
        "11520",
    );
    assert_value(&s, 4, "symmetries(cube)", "48");
    assert_value(&s, 4, r#"count_polycube(cube, "soma")"#, "240");
    assert!(
        s[4].contains("frame(soma1, \"ascii\", false)\n+---"),
        "{}",
        s[4]
    );
}

#[test]
fn pentomino_boxes_and_drawn_pieces() {
    let s = sections();
    assert_value(
        &s,
        6,
        r#"count_polycube(cuboid(2, 3, 10), "pentominoes")"#,
        "12",
    );
    assert_value(
        &s,
        6,
        r#"count_polycube(cuboid(2, 3, 10), "pentominoes", #{raw: true})"#,
        "96",
    );
    assert_value(
        &s,
        6,
        r#"count_polycube(cuboid(2, 5, 6), "pentominoes")"#,
        "264",
    );
    assert_value(&s, 7, "symmetries(cuboid(2, 3, 10))", "8");
    assert_value(
        &s,
        8,
        "count_polycube(cuboid(2, 2, 2), [tripod, tripod], #{raw: true})",
        "4",
    );
    assert_value(
        &s,
        8,
        "count_polycube(cuboid(2, 2, 2), [tripod], #{copies: 2})",
        "1",
    );
    assert_value(&s, 9, "count_polycube(cuboid(2, 3, 4), four)", "61");
    assert_value(&s, 9, "volume(notched)", "24");
    assert_value(&s, 9, "count_polycube(notched, four, #{raw: true})", "516");
}
