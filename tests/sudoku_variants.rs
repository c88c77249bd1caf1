//! The Sudoku-variant scripts (`scripts/x_sudoku.rhai`,
//! `scripts/jigsaw_sudoku.rhai`, `scripts/killer_sudoku.rhai`) run through
//! the binary. Each prints the published solution (sources in
//! docs/sources.md), which a plain check of every rule written here, apart
//! from the scripts, accepts; each draws the puzzle with the variant's
//! marks, counted here from the layout.

use resvg::usvg::roxmltree::{Document, Node};

use crate::scripts_run::run;

/// The cells of rows, columns and 3×3 boxes.
fn lines_and_boxes() -> Vec<Vec<usize>> {
    let mut units = Vec::new();
    for n in 0..9 {
        units.push((0..9).map(|m| 9 * n + m).collect());
        units.push((0..9).map(|m| 9 * m + n).collect());
        units.push(
            (0..9)
                .map(|m| (n / 3 * 3 + m / 3) * 9 + n % 3 * 3 + m % 3)
                .collect(),
        );
    }
    units
}

/// The cells of each label of `layout` (81 labels, spaces skipped), by
/// label, in the order labels first appear.
fn groups(layout: &str) -> Vec<(char, Vec<usize>)> {
    let labels: Vec<char> = layout.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(labels.len(), 81, "{layout}");
    let mut out: Vec<(char, Vec<usize>)> = Vec::new();
    for (i, &l) in labels.iter().enumerate() {
        match out.iter_mut().find(|(k, _)| *k == l) {
            Some((_, cells)) => cells.push(i),
            None => out.push((l, vec![i])),
        }
    }
    out
}

/// Checks `solution` against the rules directly: each unit holds 1 to 9
/// once, each given stays.
fn check(solution: &str, givens: &str, units: &[Vec<usize>]) {
    let digits: Vec<u32> = solution.chars().map(|c| c.to_digit(10).unwrap()).collect();
    assert_eq!(digits.len(), 81);
    for unit in units {
        let mut seen: Vec<u32> = unit.iter().map(|&i| digits[i]).collect();
        seen.sort();
        assert_eq!(seen, (1..=9).collect::<Vec<_>>(), "unit {unit:?}");
    }
    let givens: Vec<char> = givens.chars().filter(|c| !c.is_whitespace()).collect();
    for (i, g) in givens.iter().enumerate() {
        if let Some(d) = g.to_digit(10) {
            assert_eq!(digits[i], d, "given at cell {i}");
        }
    }
}

/// The script's printed solution line and its picture, parsed.
fn solve(script: &str) -> (String, String) {
    let file = crate::common::scratch_file(script, "picture.svg");
    let out = run(&[&format!("scripts/{script}.rhai"), file.to_str().unwrap()]);
    assert!(
        out.contains("exact cover: 1 solution(s); SAT: 1 solution(s)"),
        "{out}"
    );
    assert!(out.contains("the same unique solution: true"), "{out}");
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("solution "))
        .unwrap_or_else(|| panic!("{out}"))
        .to_string();
    let svg = std::fs::read_to_string(&file).unwrap();
    // Well-formed, and a renderer takes it.
    Document::parse(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    crate::svg::render(&svg);
    (line, svg)
}

/// The elements of `doc` whose class is `class`.
fn with_class<'a>(doc: &'a Document<'a>, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

#[test]
fn x_sudoku_script_finds_the_published_solution() {
    // SPOJ HS12DISU, sample input and output.
    let puzzle =
        ".45...63. 2...1...5 9..8.5..7 ..9...3.. .3.....7. ..8...5.. 8..5.3..1 5...2...3 .26...95.";
    let published =
        "145792638287316495963845217459271386632458179718639542894563721571924863326187954";
    let (line, svg) = solve("x_sudoku");
    assert_eq!(line, published);
    let mut units = lines_and_boxes();
    units.push((0..9).map(|k| 10 * k).collect());
    units.push((0..9).map(|k| 8 * k + 8).collect());
    check(&line, puzzle, &units);
    // The diagonals shaded: 17 cells (the centre is on both).
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "diagonal").len(), 17);
}

#[test]
fn jigsaw_sudoku_script_finds_the_published_solution() {
    // Janko's Chaos Sudoku 108.
    let puzzle =
        "8........ ...1..... 2.....4.6 .....8..5 ...62..18 .3...4.2. ...5..1.7 ..2...... ...8...9.";
    let layout =
        "999998888 555998888 555998333 555111333 222111333 222111444 222766444 777766444 777766666";
    let published =
        "845279361359162784281395476467918235574623918136754829928536147792481653613847592";
    let (line, svg) = solve("jigsaw_sudoku");
    assert_eq!(line, published);
    let regions = groups(layout);
    assert_eq!(regions.len(), 9);
    let mut units: Vec<Vec<usize>> = lines_and_boxes()
        .into_iter()
        .enumerate()
        .filter(|(k, _)| k % 3 != 2)
        .map(|(_, u)| u)
        .collect();
    units.extend(regions.iter().map(|(_, cells)| cells.clone()));
    check(&line, puzzle, &units);
    // One thick segment for each pair of neighbours in different regions.
    let ids: Vec<char> = layout.chars().filter(|c| !c.is_whitespace()).collect();
    let borders = (0..81)
        .map(|i| {
            usize::from(i % 9 < 8 && ids[i] != ids[i + 1])
                + usize::from(i < 72 && ids[i] != ids[i + 9])
        })
        .sum::<usize>();
    let doc = Document::parse(&svg).unwrap();
    let paths = with_class(&doc, "regions");
    assert_eq!(paths.len(), 1);
    let d = paths[0].attribute("d").unwrap();
    let cell = puzzlelab::svg::grid::CELL;
    let segments: Vec<&str> = d.split('M').filter(|s| !s.is_empty()).collect();
    assert_eq!(segments.len(), borders, "{d}");
    for s in segments {
        let length: f64 = s.rsplit(['h', 'v']).next().unwrap().parse().unwrap();
        assert_eq!(length, cell, "{s}");
    }
    assert!(
        svg.contains("<title>Sudoku grid, 81 of 81 cells filled, 9 regions</title>"),
        "{svg}"
    );
}

#[test]
fn killer_sudoku_script_finds_the_published_solution() {
    // CodinGame's "Killer Sudoku Solver", test 3: no givens.
    let layout =
        "abbcccddd aabefghii jkkefghil jmnnnooil mmmppqqrl sttpuuqrr svwwwxxxy zvvABBCCy zDDAAEEFF";
    let sums = "a=7 b=23 c=13 d=13 e=5 f=10 g=17 h=11 i=28 j=12 k=8 l=16 m=20 n=9 o=11 p=22 \
                q=14 r=8 s=15 t=13 u=4 v=17 w=11 x=16 y=8 z=4 A=19 B=10 C=7 D=13 E=15 F=6";
    let sum_of = |c: char| -> u32 {
        sums.split(' ')
            .find_map(|kv| kv.strip_prefix(&format!("{c}=")))
            .unwrap()
            .parse()
            .unwrap()
    };
    let published =
        "496175238218369547753248691531627489827594316649813752962451873374982165185736924";
    let (line, svg) = solve("killer_sudoku");
    assert_eq!(line, published);
    check(&line, &".".repeat(81), &lines_and_boxes());
    let digits: Vec<u32> = line.chars().map(|c| c.to_digit(10).unwrap()).collect();
    let cages = groups(layout);
    for (c, cells) in &cages {
        let mut ds: Vec<u32> = cells.iter().map(|&i| digits[i]).collect();
        assert_eq!(ds.iter().sum::<u32>(), sum_of(*c), "cage {c}");
        ds.sort();
        ds.dedup();
        assert_eq!(ds.len(), cells.len(), "cage {c} repeats a digit");
    }
    // One dashed outline a cage, its sum in its first cell in row order.
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "cage").len(), cages.len());
    let labels = with_class(&doc, "cage-sum");
    assert_eq!(labels.len(), cages.len());
    let cell = puzzlelab::svg::grid::CELL;
    for (label, (c, cells)) in labels.iter().zip(&cages) {
        let at = |name: &str| label.attribute(name).unwrap().parse::<f64>().unwrap();
        let (x, y) = puzzlelab::svg::GridPicture::corner(cells[0]);
        assert!(
            (x..x + cell / 2.0).contains(&at("x")) && (y..y + cell / 2.0).contains(&at("y")),
            "the sum of cage {c} is in the top-left quarter of {}",
            cells[0]
        );
        assert_eq!(label.text(), Some(sum_of(*c).to_string().as_str()));
    }
}
