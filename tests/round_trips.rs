//! Round trips as properties (issue 26 item 2): DIMACS text written and
//! read back is the same formula; a puzzle moved by a random symmetry keeps
//! its canonical form and `equivalent` finds a transformation that
//! reproduces the move; every value `svg` accepts draws a well-formed
//! picture. Puzzle files are covered in `trust_readers`.
//!
//! The moves are drawn by proptest (not by the library's seeded ChaCha8
//! generator) and applied by `moved` below, written from the documented
//! meaning of a transformation, so a wrong `Transform::apply` is caught too.

use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use puzzlelab::sat::{Cnf, read_dimacs, to_dimacs};
use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;
use puzzlelab::similarity::{Canonicalizer, Transform, canon, equivalent};
use puzzlelab::sudoku::Grid;
use puzzlelab::svg::{Cage, CageSpec, GridPicture, Layers, Regions, Square, Variant};

/// Cases per property: each property runs well under two seconds at
/// opt-level 1.
const CASES: u32 = 96;

/// [`CASES`] (or `cases`), or `PROPTEST_CASES` when set (for a longer run by hand).
fn config_with(cases: u32) -> ProptestConfig {
    let from_env = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok());
    ProptestConfig {
        cases: from_env.unwrap_or(cases),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn config() -> ProptestConfig {
    config_with(CASES)
}

// ---------------------------------------------------------------- DIMACS

/// A formula over 0 to 40 variables with 0 to 30 clauses of 0 to 8
/// literals (the empty clause included; over 0 variables only empty
/// clauses exist) and 0 to 4 comment lines of any printable text.
fn formula() -> impl Strategy<Value = Cnf> {
    (0u32..=40)
        .prop_flat_map(|vars| {
            let literal = (1..=vars.max(1) as i32, any::<bool>())
                .prop_map(|(v, neg)| if neg { -v } else { v });
            let clause_len = if vars == 0 { 0..1usize } else { 0..9usize };
            (
                Just(vars),
                prop::collection::vec(prop::collection::vec(literal, clause_len), 0..30),
                prop::collection::vec("\\PC{0,20}", 0..5),
            )
        })
        .prop_map(|(vars, clauses, comments)| {
            let mut cnf = Cnf::new(vars);
            for c in &comments {
                cnf.add_comment(c);
            }
            for c in &clauses {
                cnf.push_clause(c);
            }
            cnf
        })
}

proptest! {
    #![proptest_config(config())]

    /// `to_dimacs` then `read_dimacs` gives back the same formula: the same
    /// variable count, the same clauses in order (empty ones included), the
    /// same comments. Fails if the writer drops or reorders anything, or the
    /// reader mistakes a comment's text or an empty clause.
    #[test]
    fn dimacs_written_then_read_is_the_same_formula(cnf in formula()) {
        let text = to_dimacs(&cnf);
        let back = read_dimacs(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.vars(), cnf.vars());
        prop_assert_eq!(back.clauses().collect::<Vec<_>>(), cnf.clauses().collect::<Vec<_>>());
        prop_assert_eq!(back.comments(), cnf.comments());
        prop_assert_eq!(&back, &cnf);
        // And writing the read formula gives the very same text.
        prop_assert_eq!(to_dimacs(&back), text);
    }
}

/// The DIMACS text of `cnf` laid out as other writers do: comments both
/// before and after the header, each literal followed by 1 to 3 spaces or
/// tabs or a line break (`breaks` picks, cycling), blank lines, and a
/// SATLIB `%` end line followed by junk.
fn laid_out(cnf: &Cnf, breaks: &[u8]) -> String {
    let mut out = String::new();
    let (before, after) = cnf.comments().split_at(cnf.comments().len() / 2);
    for c in before {
        out.push_str(&format!("c {c}\n"));
    }
    out.push_str(&format!(
        "p  cnf\t{}   {}\n\n",
        cnf.vars(),
        cnf.clause_count()
    ));
    for c in after {
        out.push_str(&format!("c {c}\n"));
    }
    let mut k = 0;
    let mut gap = || {
        k += 1;
        match breaks[k % breaks.len()] % 5 {
            0 => "\n",
            1 => "\t",
            2 => "  ",
            3 => " \n\n ",
            _ => " ",
        }
    };
    for clause in cnf.clauses() {
        for lit in clause {
            out.push_str(&lit.to_string());
            out.push_str(gap());
        }
        out.push('0');
        out.push_str(gap());
    }
    out.push_str("\n%\n0\nnot read\n");
    out
}

proptest! {
    #![proptest_config(config())]

    /// The same formula laid out differently ([`laid_out`]) reads back to
    /// the same formula. Fails if the reader depends on one clause per
    /// line, on single spaces, or on comments coming before the header.
    #[test]
    fn dimacs_laid_out_differently_reads_the_same(
        cnf in formula(),
        breaks in prop::collection::vec(any::<u8>(), 1..20),
    ) {
        let text = laid_out(&cnf, &breaks);
        let back = read_dimacs(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &cnf, "{}", text);
    }
}

// ---------------------------------------------------------------- canonical form

/// The 95 hard puzzles of `scripts/data/top95.txt`.
const TOP95: &str = include_str!("../scripts/data/top95.txt");

fn top95() -> Vec<Grid> {
    TOP95
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Grid::parse(l.trim()).unwrap())
        .collect()
}

/// A top95 puzzle, whole or with a random subset (at least 8) of its clues.
fn puzzle() -> impl Strategy<Value = Grid> {
    let puzzles = top95();
    (
        0..puzzles.len(),
        any::<bool>(),
        prop::collection::vec(any::<bool>(), 81),
    )
        .prop_map(move |(k, whole, keep)| {
            let mut g = puzzles[k];
            if !whole {
                let clues = g.filled();
                let mut kept = clues;
                for (i, &keep) in keep.iter().enumerate() {
                    if g.get(i) != 0 && !keep && kept > 8 {
                        g.set(i, 0);
                        kept -= 1;
                    }
                }
                debug_assert!(kept <= clues);
            }
            g
        })
}

/// An order of 9 lines keeping the 3 bands (or stacks) whole.
fn line_order() -> impl Strategy<Value = [u8; 9]> {
    let three = || Just(vec![0u8, 1, 2]).prop_shuffle();
    (three(), three(), three(), three()).prop_map(|(outer, a, b, c)| {
        let inner = [a, b, c];
        std::array::from_fn(|i| 3 * outer[i / 3] + inner[i / 3][i % 3])
    })
}

/// Any Sudoku symmetry with any renaming of the digits.
fn transform() -> impl Strategy<Value = Transform> {
    (
        any::<bool>(),
        line_order(),
        line_order(),
        Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
    )
        .prop_map(|(transposed, rows, cols, names)| {
            let mut digits = [0u8; 10];
            digits[1..].copy_from_slice(&names);
            Transform {
                transposed,
                rows,
                cols,
                digits,
            }
        })
}

/// `g` moved by `t`, from the documented meaning alone: transpose if
/// `t.transposed`, then new cell (i, j) is old cell (rows[i], cols[j]),
/// digit d renamed `digits[d]`.
fn moved(g: &Grid, t: &Transform) -> Grid {
    let src = g.cells();
    let at = |r: usize, c: usize| {
        if t.transposed {
            src[9 * c + r]
        } else {
            src[9 * r + c]
        }
    };
    let mut out = [0u8; 81];
    for i in 0..9 {
        for j in 0..9 {
            let d = at(t.rows[i] as usize, t.cols[j] as usize);
            out[9 * i + j] = t.digits[d as usize];
        }
    }
    Grid::from_cells(out)
}

proptest! {
    #![proptest_config(config())]

    /// A puzzle moved by a random symmetry and renaming has the same
    /// canonical form; `canon_with_transform` returns the form and a
    /// transformation that takes the puzzle to it; `equivalent` returns a
    /// transformation that takes the puzzle to the moved one. Fails if
    /// the form depends on the arrangement or a returned transformation
    /// does not reproduce its target.
    #[test]
    fn moved_puzzle_keeps_its_form_and_equivalent_reproduces_the_move(
        g in puzzle(),
        t in transform(),
    ) {
        let h = moved(&g, &t);
        prop_assert_eq!(t.apply(&g), h, "Transform::apply disagrees with its doc");
        let form = canon(&g);
        prop_assert_eq!(canon(&h), form, "moved {}", h.line());
        let mut c = Canonicalizer::new();
        let (form_h, to_form) = c.canon_with_transform(&h);
        prop_assert_eq!(form_h, form);
        prop_assert_eq!(moved(&h, &to_form), form);
        prop_assert!(to_form.validate().is_ok());
        let e = equivalent(&g, &h).ok_or_else(|| TestCaseError::fail("not equivalent"))?;
        prop_assert!(e.validate().is_ok());
        prop_assert_eq!(moved(&g, &e), h);
    }

    /// A puzzle with one clue removed is not equivalent to the original
    /// (it has fewer clues), and `equivalent` says so. Fails if
    /// `equivalent` answers yes without comparing forms.
    #[test]
    fn a_puzzle_with_a_clue_less_is_not_equivalent(g in puzzle(), t in transform(), pick in 0usize..81) {
        let clues: Vec<usize> = (0..81).filter(|&i| g.get(i) != 0).collect();
        let mut fewer = g;
        fewer.set(clues[pick % clues.len()], 0);
        let h = moved(&fewer, &t);
        prop_assert!(canon(&h) != canon(&g));
        prop_assert_eq!(equivalent(&g, &h), None);
    }
}

/// The script-level pair, through a `Session`: for a puzzle and its moved
/// copy, `canon` agrees, `equivalent(a, b)` is a map and
/// `apply_transform(a, that map) == b`; `apply_transform` with the map of
/// the drawn move (1-based, as documented) gives the moved copy too. Fails
/// if the map `equivalent` returns and the one `apply_transform` reads
/// disagree (0- or 1-based, digit order).
#[test]
fn script_equivalent_and_apply_transform_agree() {
    let session = std::cell::RefCell::new(Session::capturing(&Limits::default()));
    let mut runner = TestRunner::new(config_with(48));
    runner
        .run(&(puzzle(), transform()), |(g, t)| {
            let h = moved(&g, &t);
            let list = |l: &[u8]| {
                l.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let one_based: Vec<u8> = t.rows.iter().map(|r| r + 1).collect();
            let cols: Vec<u8> = t.cols.iter().map(|c| c + 1).collect();
            let code = format!(
                "let a = grid(\"{a}\"); let b = grid(\"{b}\");
                 let e = equivalent(a, b);
                 let t = #{{transposed: {tr}, rows: [{rows}], cols: [{cols}], digits: [{digits}]}};
                 [canon(a) == canon(b), type_of(e), apply_transform(a, e) == b,
                  apply_transform(a, t) == b]",
                a = g.line_zeros(),
                b = h.line_zeros(),
                tr = t.transposed,
                rows = list(&one_based),
                cols = list(&cols),
                digits = list(&t.digits[1..]),
            );
            let v = session
                .borrow_mut()
                .eval(&code)
                .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            prop_assert_eq!(v.to_string(), "[true, \"map\", true, true]", "{}", code);
            Ok(())
        })
        .unwrap();
}

// ---------------------------------------------------------------- SVG

/// Checks that `svg` is a whole picture: it starts with `<svg` and ends with
/// `</svg>` (and a line end), every opened element is closed in order, no
/// number is `NaN` or infinite, and a real SVG parser (usvg) reads it.
fn check_svg(svg: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        svg.starts_with("<svg "),
        "start: {:?}",
        &svg[..svg.len().min(40)]
    );
    prop_assert!(
        svg.trim_end().ends_with("</svg>"),
        "end: {:?}",
        &svg[svg.len().saturating_sub(40)..]
    );
    for bad in ["NaN", "inf"] {
        prop_assert!(!svg.contains(bad), "{} in {}", bad, svg);
    }
    // Elements open and close in order (`<a ...>` ... `</a>`, `<a .../>`).
    let mut open: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find('<') {
        let end = rest[at..]
            .find('>')
            .ok_or_else(|| TestCaseError::fail(format!("unclosed tag in {svg}")))?;
        let tag = &rest[at + 1..at + end];
        rest = &rest[at + end + 1..];
        if let Some(closing) = tag.strip_prefix('/') {
            let top = open.pop();
            prop_assert_eq!(top, Some(closing.trim()), "in {}", svg);
        } else if !tag.ends_with('/') && !tag.starts_with('?') && !tag.starts_with('!') {
            let name = tag.split_whitespace().next().unwrap_or("");
            open.push(name);
        }
    }
    prop_assert!(open.is_empty(), "left open: {:?}", open);
    resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .map_err(|e| TestCaseError::fail(format!("usvg: {e}\n{svg}")))?;
    Ok(())
}

/// Any variant's marks: no regions, or the rows, columns or boxes as
/// regions; any of the 36 dominoes (cells 2k and 2k+1 of a row's first
/// eight) as cages, with any sum two digits can make, or none; the
/// diagonals or not; any cells circled.
fn variant() -> impl Strategy<Value = Variant> {
    (
        0i64..4,
        prop::collection::vec(any::<bool>(), 36),
        prop::collection::vec(prop::option::of(3i64..=17), 36),
        any::<bool>(),
        prop::collection::btree_set(0usize..81, 0..10),
    )
        .prop_map(|(layout, caged, sums, diagonals, circles)| {
            let id = |i: i64| match layout {
                1 => i / 9,
                2 => i % 9,
                _ => i / 27 * 3 + i % 9 / 3,
            };
            let regions =
                (layout > 0).then(|| Regions::new(&(0..81).map(id).collect::<Vec<_>>()).unwrap());
            let cages: Vec<CageSpec> = (0..36)
                .filter(|&k| caged[k])
                .map(|k| {
                    let first = (k / 4 * 9 + k % 4 * 2) as i64;
                    (vec![first, first + 1], sums[k])
                })
                .collect();
            Variant {
                regions,
                cages: Cage::check_all(&cages).unwrap(),
                diagonals,
                circles: circles.into_iter().collect(),
            }
        })
}

/// Any grid picture: digits 0 to 12 (above 9 is drawn `*`), any cells
/// given or highlighted, candidates absent or any 16-bit masks, and any
/// variant's marks.
fn grid_picture() -> impl Strategy<Value = GridPicture> {
    (
        prop::collection::vec(0u8..=12, 81),
        prop::collection::vec(any::<bool>(), 81),
        prop::option::of(prop::collection::vec(any::<u16>(), 81)),
        prop::collection::vec(any::<bool>(), 81),
        variant(),
    )
        .prop_map(
            |(digits, given, candidates, highlight, variant)| GridPicture {
                digits: digits.try_into().unwrap(),
                given: given.try_into().unwrap(),
                candidates: candidates.map(|c| c.try_into().unwrap()),
                highlight: highlight.try_into().unwrap(),
                variant,
            },
        )
}

/// Boards of 0 to 6 rows and columns, 1 to 3 layers, each square a hole,
/// empty, or a piece named by a character from `letter` (markup
/// characters are drawn often).
fn layers(letter: BoxedStrategy<char>) -> impl Strategy<Value = Layers> {
    let square = prop_oneof![
        Just(Square::Hole),
        Just(Square::Empty),
        prop::sample::select(vec!['A', 'b', '1', '<', '&', '"', '\'', '>', 'é', '字'])
            .prop_map(Square::Piece),
        letter.prop_map(Square::Piece),
    ];
    (0usize..=6, 0usize..=6, 1usize..=3, any::<bool>()).prop_flat_map(
        move |(rows, cols, depth, letters)| {
            prop::collection::vec(prop::collection::vec(square.clone(), rows * cols), depth)
                .prop_map(move |layers| Layers {
                    rows,
                    cols,
                    layers,
                    letters,
                })
        },
    )
}

proptest! {
    #![proptest_config(config())]

    /// Every grid picture (any digits, givens, candidates, highlights,
    /// regions, cages, diagonals, circles) draws a well-formed SVG (see [`check_svg`]).
    #[test]
    fn every_grid_picture_draws(p in grid_picture()) {
        check_svg(&p.to_svg())?;
    }

    /// Every board or packing picture (empty boards, holes, several
    /// layers, piece letters any printable character, markup ones
    /// included) draws a well-formed SVG.
    #[test]
    fn every_packing_picture_draws(
        l in layers("\\PC".prop_map(|s: String| s.chars().next().unwrap()).boxed())
    ) {
        check_svg(&l.to_svg())?;
    }

    /// As above with piece letters any `char`, control characters included
    /// (not reachable from scripts, whose letters are visible ASCII). This
    /// property found `to_svg` writing a letter '\u{5}' into a `<text>`
    /// element as is, which XML forbids; such a letter now draws as U+FFFD.
    #[test]
    fn every_packing_picture_draws_with_any_letter(
        l in layers(any::<char>().boxed())
    ) {
        check_svg(&l.to_svg())?;
    }
}

/// Through a `Session`, `svg(value)` of every kind of value a script makes
/// draws a well-formed SVG: a top95 puzzle or a clue subset, its
/// candidates (`free`), the grid with options, a region with holes, and a
/// packing of a small board by dominoes (and a monomino when the area is
/// odd), and a packing of a box two layers deep by dominoes. Fails if
/// any of them errors or draws a broken picture.
#[test]
fn script_svg_of_every_value_draws() {
    let session = std::cell::RefCell::new(Session::capturing(&Limits::default()));
    let mut runner = TestRunner::new(config_with(32));
    let holes = prop::collection::vec(any::<bool>(), 16);
    runner
        .run(
            &(puzzle(), 1usize..=4, 1usize..=4, holes, 0i64..81),
            |(g, rows, cols, holes, cell)| {
                let region: Vec<String> = (0..rows)
                    .map(|r| {
                        (0..cols)
                            // The first square stays open: a region needs a cell.
                            .map(|c| {
                                if holes[4 * r + c] && r + c > 0 {
                                    '#'
                                } else {
                                    '.'
                                }
                            })
                            .collect()
                    })
                    .collect();
                let area = rows * cols;
                let mut pieces = vec!["\"d=XX\""; area / 2];
                if area % 2 == 1 {
                    pieces.push("\"m=X\"");
                }
                let code = format!(
                    "let g = grid(\"{g}\");
                     [svg(g), svg(free(g)),
                      svg(g, #{{given: g, candidates: true, highlight: [{cell}]}}),
                      svg(region(\"{region}\")),
                      svg(solve_polyomino(rect({rows}, {cols}), [{pieces}], #{{limit: 1}})[0]),
                      svg(solve_polycube(cuboid({rows}, {cols}, 2), [{dominoes}], #{{limit: 1}})[0])]",
                    g = g.line_zeros(),
                    region = region.join("/"),
                    pieces = pieces.join(", "),
                    dominoes = vec!["\"d=XX\""; area].join(", "),
                );
                let v = session
                    .borrow_mut()
                    .eval(&code)
                    .map_err(|e| TestCaseError::fail(format!("{e:?}\n{code}")))?;
                let pictures = v.into_array().unwrap();
                prop_assert_eq!(pictures.len(), 6);
                for p in pictures {
                    check_svg(&p.into_string().unwrap())?;
                }
                Ok(())
            },
        )
        .unwrap();
}
