//! Pictures: `svg(value)` and `save_svg(value, file)`. Each picture is
//! rendered with a real SVG renderer (resvg) and checked pixel by pixel at
//! known places; the SVG text itself is pinned by insta snapshots.

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;
use puzzlelab::svg::{GridPicture, Layers};
use resvg::tiny_skia::Pixmap;
use resvg::usvg;

fn session() -> Session {
    Session::capturing(&Limits::default())
}

fn text(code: &str) -> String {
    let mut s = session();
    let v = s.eval(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    v.into_string()
        .unwrap_or_else(|_| panic!("{code}: not a string"))
}

fn err(code: &str) -> String {
    match session().eval(code) {
        Ok(v) => panic!("{code}: expected an error, got {v}"),
        Err(e) => e.message(),
    }
}

/// The picture rendered at 100%, and whether the pictures' font (DejaVu
/// Sans) is there to draw text: without it the digit pixels are not checked
/// (listed in the run's one SKIPPED line; a failure under
/// PUZZLELAB_REQUIRE_TOOLS=1, see common::tools).
pub(crate) fn render(svg: &str) -> (Pixmap, bool) {
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let fonts = crate::common::tools::have(crate::common::tools::Tool::DejaVuSans, module_path!());
    let tree = usvg::Tree::from_str(svg, &options).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, Default::default(), &mut pixmap.as_mut());
    // For a person reviewing the pictures: PUZZLELAB_SVG_PNG=folder keeps
    // each rendering as a PNG named after the test.
    if let Some(dir) = std::env::var_os("PUZZLELAB_SVG_PNG") {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let test = std::thread::current()
            .name()
            .unwrap_or("svg")
            .replace("::", "-");
        let _ = pixmap.save_png(std::path::Path::new(&dir).join(format!("{test}-{n}.png")));
    }
    (pixmap, fonts)
}

/// (r, g, b) at a pixel; the pictures have an opaque background.
fn rgb(p: &Pixmap, x: f64, y: f64) -> (u8, u8, u8) {
    let c = p.pixel(x as u32, y as u32).expect("inside the picture");
    assert_eq!(c.alpha(), 255, "opaque at ({x}, {y})");
    (c.red(), c.green(), c.blue())
}

/// Pixels darker than mid-grey inside a box (a margin off its edges).
fn dark_pixels(p: &Pixmap, x: f64, y: f64, w: f64, h: f64) -> usize {
    let mut n = 0;
    for yy in (y + 4.0) as u32..(y + h - 4.0) as u32 {
        for xx in (x + 4.0) as u32..(x + w - 4.0) as u32 {
            let c = p.pixel(xx, yy).unwrap();
            if c.red().max(c.green()).max(c.blue()) < 100 {
                n += 1;
            }
        }
    }
    n
}

/// Pixels that are clearly blue (the filled digits' colour).
fn blue_pixels(p: &Pixmap, x: f64, y: f64, w: f64) -> usize {
    let mut n = 0;
    for yy in (y + 4.0) as u32..(y + w - 4.0) as u32 {
        for xx in (x + 4.0) as u32..(x + w - 4.0) as u32 {
            let c = p.pixel(xx, yy).unwrap();
            if c.blue() > 120 && c.red() < 80 {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn a_grid_shows_givens_dark_and_empty_cells_blank() {
    let svg = text("svg(ym)");
    let (p, fonts) = render(&svg);
    let side = GridPicture::size() as u32;
    assert_eq!((p.width(), p.height()), (side, side));
    let cell = puzzlelab::svg::grid::CELL;
    let ym = puzzlelab::sudoku::puzzles::ALL
        .iter()
        .find(|(n, _)| *n == "ym")
        .unwrap()
        .1;
    let g = puzzlelab::sudoku::Grid::parse(ym).unwrap();
    let given = (0..81).find(|&i| g.get(i) != 0).unwrap();
    let empty = (0..81).find(|&i| g.get(i) == 0).unwrap();
    let (gx, gy) = GridPicture::corner(given);
    let (ex, ey) = GridPicture::corner(empty);
    assert_eq!(dark_pixels(&p, ex, ey, cell, cell), 0, "empty cell {empty}");
    if fonts {
        assert!(
            dark_pixels(&p, gx, gy, cell, cell) > 20,
            "the given in cell {given} is drawn dark"
        );
    }
    // A box line (between columns 3 and 4) is black.
    let (bx, by) = GridPicture::corner(3);
    assert_eq!(rgb(&p, bx, by + cell / 2.0), (0, 0, 0));
}

#[test]
fn filled_digits_candidates_and_highlights_are_drawn_apart() {
    // assign(ym) fills cells; against ym they are "filled", not givens.
    let svg = text("let a = assign(ym); svg(a, #{given: ym, highlight: [80]})");
    let (p, fonts) = render(&svg);
    let cell = puzzlelab::svg::grid::CELL;
    assert!(
        svg.contains("font-weight=\"normal\" fill=\"#0072B2\""),
        "{svg}"
    );
    // Cell 80 is highlighted: its corner is yellow (Okabe-Ito #F0E442).
    let (hx, hy) = GridPicture::corner(80);
    assert_eq!(rgb(&p, hx + 3.0, hy + 3.0), (0xF0, 0xE4, 0x42));
    // ym's first cell is empty and assign fills it: blue, not black.
    let (x, y) = GridPicture::corner(0);
    if fonts {
        assert!(blue_pixels(&p, x, y, cell) > 20, "a filled digit is blue");
        assert_eq!(dark_pixels(&p, x, y, cell, cell), 0);
    }
    // Candidates in small print: grey marks in an empty cell.
    let svg = text("svg(ym, #{candidates: true})");
    let (p, fonts) = render(&svg);
    if fonts {
        let mut grey = 0;
        for yy in (y + 2.0) as u32..(y + cell - 2.0) as u32 {
            for xx in (x + 2.0) as u32..(x + cell - 2.0) as u32 {
                let c = p.pixel(xx, yy).unwrap();
                if c.red() < 200 && c.red() == c.green() && c.green() == c.blue() {
                    grey += 1;
                }
            }
        }
        assert!(grey > 10, "candidates of cell 0 are printed");
    }
    // free(g) may be passed instead of true; same picture.
    assert_eq!(svg, text("svg(ym, #{candidates: free(ym)})"));
}

/// The packing's squares and the pixel in the corner of each cell.
fn corner_colour(p: &Pixmap, l: &Layers, layer: usize, r: usize, c: usize) -> (u8, u8, u8) {
    let (x, y) = l.corner(layer, r, c);
    rgb(p, x + 4.0, y + 4.0)
}

#[test]
fn a_packing_gives_neighbouring_pieces_different_colours_and_thick_borders() {
    let code = r#"solve_polyomino(rect(6, 10), "pentominoes", #{limit: 1})[0]"#;
    let mut s = session();
    let board = s.eval(code).unwrap();
    let rows = s
        .eval(&format!("to_string({code})"))
        .unwrap()
        .into_string()
        .unwrap();
    let rows: Vec<Vec<char>> = rows.lines().map(|l| l.chars().collect()).collect();
    let svg = text(&format!("svg({code})"));
    let (p, _) = render(&svg);
    let squares = rows
        .iter()
        .flatten()
        .map(|&c| puzzlelab::svg::Square::Piece(c))
        .collect();
    let layers = Layers::flat(6, 10, squares);
    assert_eq!(
        (p.width() as f64, p.height() as f64),
        layers.size(),
        "{board}"
    );
    let cell = puzzlelab::svg::packing::CELL;
    let mut pairs = 0;
    for (r, row) in rows.iter().enumerate() {
        for c in 0..9 {
            let (a, b) = (row[c], row[c + 1]);
            let (ca, cb) = (
                corner_colour(&p, &layers, 0, r, c),
                corner_colour(&p, &layers, 0, r, c + 1),
            );
            if a == b {
                assert_eq!(ca, cb, "one piece {a}, one colour");
            } else {
                pairs += 1;
                assert_ne!(ca, cb, "{a} and {b} touch at row {r}");
                // The border between them is black.
                let (x, y) = layers.corner(0, r, c + 1);
                assert_eq!(rgb(&p, x, y + cell / 2.0), (0, 0, 0));
            }
        }
    }
    assert!(pairs > 10);
    // Twelve pieces, twelve colours.
    let mut colours: Vec<_> = (0..60)
        .map(|i| corner_colour(&p, &layers, 0, i / 10, i % 10))
        .collect();
    colours.sort();
    colours.dedup();
    assert_eq!(colours.len(), 12);
}

#[test]
fn boards_regions_and_packings_from_every_source_draw() {
    for code in [
        r#"svg(piece("P"))"#,
        r#"svg(rp(display(p_data("P")[0], "P"), display(shift(p_data("N")[0], 1, 0), "N")))"#,
        r#"svg(region("...../.#.#./....."))"#,
        r#"svg(free(ym))"#,
        r#"svg(solve_polyomino(rect(3, 20), "pentominoes", #{limit: 1})[0], #{letters: false})"#,
    ] {
        let svg = text(code);
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{code}"
        );
        render(&svg);
    }
}

#[test]
fn save_svg_writes_the_same_text_whole() {
    let dir = crate::common::scratch_dir("svg");
    let file = dir.join("ym.svg");
    let file = file.to_str().unwrap();
    let mut s = session();
    assert!(
        s.eval(&format!("save_svg(ym, {file:?})"))
            .unwrap()
            .is_unit()
    );
    assert_eq!(std::fs::read_to_string(file).unwrap(), text("svg(ym)"));
    let v = s.eval(&format!("save_svg(solve(ym), {file:?}, #{{given: ym}})"));
    assert!(v.unwrap().is_unit());
    assert_eq!(
        std::fs::read_to_string(file).unwrap(),
        text("svg(solve(ym), #{given: ym})")
    );
    // Nothing but the picture is left in the folder (no temporary files).
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    let missing = dir.join("no/such/folder/x.svg");
    let e = err(&format!("save_svg(ym, {:?})", missing.to_str().unwrap()));
    assert!(
        e.contains("save_svg: ") && e.contains("cannot write") && e.contains("x.svg"),
        "{e}"
    );
}

#[test]
fn bad_values_and_options_say_what_is_wrong() {
    assert!(
        err("svg(42)").contains("svg: cannot draw a number"),
        "{}",
        err("svg(42)")
    );
    let e = err("svg(ym, #{colour: 1})");
    assert!(e.contains("unknown option \"colour\""), "{e}");
    let e = err("svg(ym, #{highlight: [81]})");
    assert!(e.contains("highlight[0] is 81"), "{e}");
    let e = err("svg(ym, #{given: 3})");
    assert!(e.contains("given must be a Grid"), "{e}");
    let e = err(r#"svg(piece("P"), #{given: ym})"#);
    assert!(e.contains("given is for grids"), "{e}");
}

#[test]
fn svg_text_snapshots() {
    insta::assert_snapshot!("grid_ym", text("svg(ym, #{highlight: [0]})"));
    insta::assert_snapshot!(
        "grid_assign_candidates",
        text("svg(assign(su21_99), #{given: su21_99, candidates: true})")
    );
    insta::assert_snapshot!(
        "packing_3x20",
        text(r#"svg(solve_polyomino(rect(3, 20), "pentominoes", #{limit: 1})[0])"#)
    );
}

/// Pixels inside the square of side `2 * half` around (x, y) that `is` accepts.
fn count_near(p: &Pixmap, (x, y): (f64, f64), half: f64, is: impl Fn(u8, u8, u8) -> bool) -> usize {
    let mut n = 0;
    for yy in (y - half) as u32..(y + half) as u32 {
        for xx in (x - half) as u32..(x + half) as u32 {
            let c = p.pixel(xx, yy).unwrap();
            n += usize::from(is(c.red(), c.green(), c.blue()));
        }
    }
    n
}

/// Okabe–Ito vermillion, the struck candidates (not the yellow under them).
fn is_red(r: u8, g: u8, b: u8) -> bool {
    r > 170 && g < 150 && b < 90 && r as i32 - g as i32 > 70
}

/// Okabe–Ito bluish green, the disc of a placed digit.
fn is_green(r: u8, g: u8, b: u8) -> bool {
    r < 90 && g > 120 && b > 80 && b < 160
}

/// Tol's indigo, the link arrows.
fn is_link(r: u8, g: u8, b: u8) -> bool {
    b > 110 && r < 180 && b as i32 - g as i32 > 40
}

/// The share of the columns between x0 and x1 whose pixels at height y
/// (or a row either side) are the link colour.
fn link_share(p: &Pixmap, x0: f64, x1: f64, y: f64) -> f64 {
    let cols = (x0 as u32 + 1)..(x1 as u32);
    let n = cols.len();
    let hit = cols
        .filter(|&x| {
            (y as u32 - 1..=y as u32 + 1).any(|yy| {
                let c = p.pixel(x, yy).unwrap();
                is_link(c.red(), c.green(), c.blue())
            })
        })
        .count();
    hit as f64 / n as f64
}

#[test]
fn a_step_strikes_removed_candidates_marks_placed_digits_and_draws_links() {
    use puzzlelab::sudoku::human::CandidateGrid;
    let g = puzzlelab::sudoku::Grid::parse(
        puzzlelab::sudoku::puzzles::ALL
            .iter()
            .find(|(n, _)| *n == "ym")
            .unwrap()
            .1,
    )
    .unwrap();
    let b = CandidateGrid::from_grid(&g);
    let has = |c: usize, d: u8| b.cand(c) & (1 << (d - 1)) != 0;
    // Two rows each with a digit that is a candidate in two cells at least
    // three columns apart: a strong link along one, a weak one along the other.
    let mut rows = Vec::new();
    for r in 0..9 {
        'digit: for d in 1..=9u8 {
            let cells: Vec<usize> = (0..9).map(|c| r * 9 + c).filter(|&c| has(c, d)).collect();
            if let (Some(&a), Some(&z)) = (cells.first(), cells.last())
                && z - a >= 3
            {
                rows.push((a, z, d));
                break 'digit;
            }
        }
    }
    assert!(rows.len() >= 3, "ym has rows with spread candidates");
    let (strong, weak, marks) = (rows[0], rows[1], rows[2]);
    // Removed: a candidate of the third row's first cell; placed: its last.
    let (removed_cell, placed_cell, d) = marks;
    let rcd = |c: usize, d: u8| format!("[{}, {}, {d}]", c / 9 + 1, c % 9 + 1);
    let step = format!(
        "#{{text: \"a hand-made step\", placed: [{}], removed: [{}], cells: [[{}, {}]], \
         links: [#{{from: {}, to: {}, strong: true}}, #{{from: {}, to: {}, strong: false}}]}}",
        rcd(placed_cell, d),
        rcd(removed_cell, d),
        removed_cell / 9 + 1,
        removed_cell % 9 + 1,
        rcd(strong.0, strong.2),
        rcd(strong.1, strong.2),
        rcd(weak.0, weak.2),
        rcd(weak.1, weak.2),
    );
    let svg = text(&format!("svg({step}, ym)"));
    let (p, _) = render(&svg);
    // The struck candidate is red where it stands (the strike line alone
    // makes it so, fonts or not); an untouched candidate has no red.
    let at = GridPicture::candidate_centre(removed_cell, d);
    assert!(
        count_near(&p, at, 6.0, is_red) >= 5,
        "the removed candidate is red"
    );
    let other = (1..=9u8)
        .find(|&e| e != d && has(removed_cell, e))
        .map(|e| GridPicture::candidate_centre(removed_cell, e));
    if let Some(other) = other {
        assert_eq!(
            count_near(&p, other, 6.0, is_red),
            0,
            "only the removed one is red"
        );
    }
    // Its cell is the pattern's: yellow in the corner.
    let (hx, hy) = GridPicture::corner(removed_cell);
    assert_eq!(rgb(&p, hx + 2.0, hy + 2.0), (0xF0, 0xE4, 0x42));
    // The placed digit sits on a green disc.
    let at = GridPicture::candidate_centre(placed_cell, d);
    assert!(
        count_near(&p, at, 7.0, is_green) >= 40,
        "the placed digit is on green"
    );
    // The strong link is a solid line between its candidates, the weak one dashed.
    let line = |(a, z, d): (usize, usize, u8)| {
        let (x0, y) = GridPicture::candidate_centre(a, d);
        let (x1, _) = GridPicture::candidate_centre(z, d);
        // Off the candidates and the arrowhead.
        link_share(&p, x0 + 8.0, x1 - 14.0, y)
    };
    let (solid, dashed) = (line(strong), line(weak));
    assert!(solid > 0.95, "strong link drawn solid: {solid}");
    assert!(
        dashed > 0.3 && dashed < 0.8,
        "weak link drawn dashed: {dashed}"
    );
    // The arrowhead points at the end: link colour just before the last candidate.
    let (x1, y1) = GridPicture::candidate_centre(strong.1, strong.2);
    assert!(
        count_near(&p, (x1 - 9.0, y1), 3.0, is_link) >= 4,
        "an arrowhead"
    );
    // The same picture on pencil marks and in a file.
    let file = crate::common::scratch_file("svg_step", "step.svg");
    let file = file.to_str().unwrap();
    text(&format!("save_svg({step}, ym, {file:?}); \"\""));
    assert_eq!(std::fs::read_to_string(file).unwrap(), svg);
}

#[test]
fn hint_steps_draw_on_their_grid_and_not_on_another() {
    let svg = text("svg(hint(su21_99), su21_99)");
    render(&svg);
    assert!(svg.contains("<title>Sudoku step: "), "{svg}");
    // A hint has its links (none for a single).
    assert_eq!(text("type_of(hint(su21_99).links)"), "array");
    // Every step of an explanation is drawn on the position it came from.
    let e = err("svg(#{removed: [[1, 1, 1]]}, solve(ym))");
    assert!(e.contains("not a candidate there"), "{e}");
    let e = err("svg(#{cells: [[0, 1]]}, ym)");
    assert!(e.contains("cells[0] is [0, 1]"), "{e}");
    let e = err("svg(#{links: [#{from: [1, 1, 1]}]}, grid(\".\" * 81))");
    assert!(e.contains("links[0]"), "{e}");
    insta::assert_snapshot!("step_su21_99", svg);
}

#[test]
fn variant_options_say_which_cell_or_cage_is_wrong() {
    let e = err("svg(ym, #{regions: [0, 1]})");
    assert!(e.contains("regions has 2 entries"), "{e}");
    let e = err("let r = []; for i in 0..81 { r.push(i / 9) } r[40] = -1; svg(ym, #{regions: r})");
    assert!(e.contains("regions[40] (r5c5) is -1"), "{e}");
    // Row 1 and row 9 share an id: one region in two parts.
    let e = err(
        "let r = []; for i in 0..81 { r.push(i / 9) } for i in 72..81 { r[i] = 0 } svg(ym, #{regions: r})",
    );
    assert!(
        e.contains("r1c1 and r9c1") && e.contains("one piece"),
        "{e}"
    );
    let e = err("svg(ym, #{regions: \"x\"})");
    assert!(e.contains("regions must be an array of integers"), "{e}");
    let e = err("svg(ym, #{cages: [#{cells: [0, 1], sum: 3}, #{cells: [1, 2], sum: 4}]})");
    assert!(
        e.contains("cages[0] and cages[1] both hold r1c2: cages do not overlap"),
        "{e}"
    );
    let e = err("svg(ym, #{cages: [#{cells: [0, 81], sum: 3}]})");
    assert!(e.contains("cages[0].cells[1] is 81"), "{e}");
    let e = err("svg(ym, #{cages: [#{cells: [0, 1], sum: 2}]})");
    assert!(
        e.contains("cages[0] has sum 2, but 2 different digits add up to 3 to 17"),
        "{e}"
    );
    let e = err("svg(ym, #{cages: [#{cells: [0, 10], sum: 5}]})");
    assert!(e.contains("cages[0] is in two parts"), "{e}");
    let e = err("svg(ym, #{cages: [#{cells: [0], total: 5}]})");
    assert!(e.contains("cages[0] has \"total\""), "{e}");
    let e = err("svg(ym, #{diagonals: 1})");
    assert!(e.contains("diagonals must be true or false"), "{e}");
    let e = err("svg(ym, #{circles: [3, 99]})");
    assert!(e.contains("circles[1] is 99"), "{e}");
    let e = err(r#"svg(piece("P"), #{cages: []})"#);
    assert!(e.contains("cages is for grids"), "{e}");
}

#[test]
fn jigsaw_borders_cages_diagonals_and_circles_are_drawn() {
    // Each row its own region: thick lines between rows only.
    let svg = text(
        "let r = []; for i in 0..81 { r.push(i / 9) } \
         svg(ym, #{regions: r, cages: [#{cells: [9, 10, 18], sum: 10}], diagonals: true, circles: [80]})",
    );
    let (p, fonts) = render(&svg);
    let cell = puzzlelab::svg::grid::CELL;
    // Between rows 1 and 2 (a region border): black. Between columns 3
    // and 4 (a box line of plain Sudoku, here inside a region): not black.
    let (x, y) = GridPicture::corner(9 + 1);
    assert_eq!(rgb(&p, x + cell / 2.0, y), (0, 0, 0));
    let (x, y) = GridPicture::corner(27 + 3);
    assert_ne!(rgb(&p, x, y + cell / 2.0), (0, 0, 0));
    // A diagonal cell with no digit is shaded grey; an off-diagonal one is white.
    let ym = puzzlelab::sudoku::Grid::parse(
        puzzlelab::sudoku::puzzles::ALL
            .iter()
            .find(|(n, _)| *n == "ym")
            .unwrap()
            .1,
    )
    .unwrap();
    let shaded = (0..9).map(|k| 10 * k).find(|&i| ym.get(i) == 0).unwrap();
    let (x, y) = GridPicture::corner(shaded);
    assert_eq!(rgb(&p, x + 8.0, y + cell - 8.0), (0xDD, 0xDD, 0xDD));
    let (x, y) = GridPicture::corner(1);
    assert_eq!(rgb(&p, x + cell / 2.0, y + cell - 4.0), (0xff, 0xff, 0xff));
    // The cage: a dashed line 4 units inside the left edge of r2c1, where
    // some pixels are dark and some are not.
    let (x, y) = GridPicture::corner(9);
    let column: Vec<bool> = (0..cell as u32 * 2 - 16)
        .map(|k| {
            let c = p.pixel((x + 4.0) as u32, (y + 12.0) as u32 + k).unwrap();
            c.red() < 200
        })
        .collect();
    let dark = column.iter().filter(|&&d| d).count();
    assert!(
        dark > 10 && dark < column.len() - 10,
        "dashed: {dark} of {}",
        column.len()
    );
    assert!(svg.contains(">10</text>"), "the cage's sum");
    if fonts {
        // The sum sits in the cage's top-left cell, above the dashes' corner.
        assert!(dark_pixels(&p, x, y, cell / 2.0 + 4.0, cell / 2.0 + 4.0) > 5);
    }
    // The circle round r9c9.
    let (x, y) = GridPicture::corner(80);
    assert!(count_near(&p, (x + cell / 2.0, y + 4.0), 2.0, |r, _, _| r < 200) > 0);
    assert!(
        svg.contains(" 9 regions, 1 cage, diagonals shaded, 1 cell circled</title>"),
        "{svg}"
    );
}
