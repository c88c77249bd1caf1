//! Positions part-way through a path: pencil marks read from text
//! (`candidates`), a step applied to its position (`apply`), and the
//! position where a technique is next (`position_before`). Checked against
//! the solution (an applied step never loses a solution digit), against the
//! grid path (the same steps from pencil marks as from the grid), and
//! against hand-made texts with known errors.

use std::path::Path;

use crate::human::show;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::formats::parse_pencilmarks;
use puzzlelab::sudoku::hui::Candidates;
use puzzlelab::sudoku::human::{self, CandidateGrid};
use puzzlelab::sudoku::solver;

/// The first `n` puzzles of SE's sample.
fn sample(n: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/se_sample.txt"),
    )
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn applied_steps_keep_the_solution_and_round_trip_as_text() {
    for g in sample(40) {
        let solution = solver::solve(&g).unwrap().unwrap();
        let mut b = CandidateGrid::from_candidates(&CandidateGrid::from_grid(&g).candidates());
        let e = human::explain(&CandidateGrid::from_grid(&g));
        for s in &e.steps {
            // The same step from the pencil marks alone, read back from text.
            let text = b.candidates().pencil();
            let read = parse_pencilmarks(&text).unwrap();
            assert_eq!(read, b.candidates(), "{g}: {text}");
            let again = human::hint(&CandidateGrid::from_candidates(&read)).unwrap();
            assert_eq!(
                (again.text.as_str(), again.rating),
                (s.text.as_str(), s.rating)
            );
            b = human::apply_step(&b, &s.placed, &s.removed).unwrap();
            for c in 0..81 {
                let d = solution.get(c);
                assert!(
                    b.is_filled(c) || b.cand(c) >> (d - 1) & 1 == 1,
                    "{g}: {} lost the solution digit {d} at cell {c}",
                    s.text
                );
            }
        }
        if e.solved {
            assert!(b.is_solved());
        }
    }
}

/// A position in Hodoku's pencil-mark form: placed digits shown as
/// themselves, `.---.`/`:---+`/`'---'` rules, `|` between stacks.
fn hodoku_text(b: &CandidateGrid, digits: &Grid) -> String {
    let field = |c: usize| -> String {
        if b.is_filled(c) {
            digits.get(c).to_string()
        } else {
            (1..=9u8)
                .filter(|d| b.cand(c) >> (d - 1) & 1 == 1)
                .map(|d| char::from(b'0' + d))
                .collect()
        }
    };
    let rule = |l: char, m: char, r: char| format!("{l}{0}{m}{0}{m}{0}{r}", "-".repeat(30));
    let mut out = vec![rule('.', '.', '.')];
    for r in 0..9 {
        let mut line = String::from("|");
        for c in 0..9 {
            line.push_str(&format!(" {:<9}", field(r * 9 + c)));
            if c % 3 == 2 {
                line.push('|');
            }
        }
        out.push(line);
        if r == 2 || r == 5 {
            out.push(rule(':', '+', ':'));
        }
    }
    out.push(rule('\'', '\'', '\''));
    out.join("\n")
}

#[test]
fn hodoku_and_se_forms_show_placed_digits_as_themselves() {
    for g in sample(20) {
        let solution = solver::solve(&g).unwrap().unwrap();
        let e = human::explain(&CandidateGrid::from_grid(&g));
        // Half way: placed digits and removed candidates both present.
        let mut b = CandidateGrid::from_grid(&g);
        for s in &e.steps[..e.steps.len() / 2] {
            s.apply(&mut b);
        }
        // A pending naked single reads as placed in this form: not here.
        if (0..81).any(|c| b.cand(c).count_ones() == 1) {
            continue;
        }
        let text = hodoku_text(&b, &solution);
        assert_eq!(parse_pencilmarks(&text).unwrap(), b.candidates(), "{text}");
        // SE's one-line form: the 81 fields on one line.
        let line = text
            .lines()
            .filter(|l| l.starts_with('|'))
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(parse_pencilmarks(&line).unwrap(), b.candidates());
    }
}

#[test]
fn pencil_mark_errors_say_where_and_what() {
    let fields = |f: &dyn Fn(usize) -> String| (0..81).map(f).collect::<Vec<_>>();
    let lines = |v: Vec<String>| {
        v.chunks(9)
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let err = |text: &str| parse_pencilmarks(text).unwrap_err().to_string();
    let mut v = fields(&|_| "12".to_string());
    v[10] = "1x".into();
    // Row 2, field 2: "12 1x": the x is the 5th character.
    assert_eq!(
        err(&lines(v.clone())),
        "2:5: 'x' is not a digit: a cell is its candidate digits 1-9, or . or 0 when filled"
    );
    v[10] = "33".into();
    assert_eq!(err(&lines(v.clone())), "2:5: digit 3 twice in one cell");
    v[10] = "304".into();
    assert!(err(&lines(v.clone())).starts_with("2:5: '0' inside a field"));
    v[10] = "34".into();
    v.truncate(80);
    assert_eq!(
        err(&lines(v.clone())),
        "80 cells: pencil marks have 81 (one field of digits per cell, row by row)"
    );
    let mut v = fields(&|_| "12".to_string());
    v.push("5".into());
    assert_eq!(err(&lines(v)), "10:1: more than 81 cells: this is the 82nd");
    // Hodoku's form: two peers showing the same placed digit.
    let mut v = fields(&|_| "123456789".to_string());
    v[0] = "5".into();
    v[8] = "5".into();
    assert_eq!(
        err(&lines(v)),
        "1:73: r1c1 and r1c9 both hold only 5: they see each other"
    );
    assert!(err("").starts_with("0 cells"));
}

#[test]
fn candidates_apply_and_position_before_in_scripts() {
    // Round trip of the printed form, and SE's order: hint of the reached
    // position is the technique asked for.
    assert_eq!(
        show("candidates(free(su21_99).to_string()) == free(su21_99)"),
        "true"
    );
    assert_eq!(
        show(r#"let c = position_before(su21_99, "Naked Single"); hint(c).technique"#),
        "Naked Single"
    );
    // Walking with apply reaches the same position explain does.
    assert_eq!(
        show(
            r#"let c = free(su21_99); let n = 0;
            while hint(c).technique != "Naked Single" { c = apply(hint(c), c); n += 1; }
            n > 0 && c == position_before(su21_99, "naked single")"#
        ),
        "true"
    );
    assert_eq!(show("apply(hint(ym), ym) == ym"), "false");
    assert!(
        show(r#"let h = hint(ym); h.removed = [[1, 1, 5]]; apply(h, free(ym))"#)
            .contains("the step removes 5 at r1c1, which is not a candidate there")
    );
    assert!(
        show(r#"let g = grid("573694...496128537...357694.5.21.3.....875.....243...51679.2.53...5.17699.57631.2"); apply(hint(g), g)"#)
            .starts_with("error: apply: the step removes candidates, which a grid cannot hold")
    );
    assert!(show(r#"position_before(ym, "Jellyfish")"#).starts_with(
        "error: position_before: \"Jellyfish\" is never the next step: the path is solved after"
    ));
    assert!(show(r#"candidates("1 2 3")"#).starts_with("error: candidates: 3 cells"));
}

/// Dev tool: positions for the lab. `LAB_PUZZLES` lists files (comma
/// separated) whose lines start with a puzzle; `LAB_RAW` serate's
/// `--after` output (`S rating text` lines, `P puzzle ...`), to show SE's
/// step at the same place. Prints, for each technique, up to three
/// positions where an exact step of it is next.
#[test]
#[ignore]
fn find_lab_positions() {
    use std::collections::{BTreeMap, HashMap};
    let Ok(files) = std::env::var("LAB_PUZZLES") else {
        return;
    };
    let mut se: HashMap<String, Vec<String>> = HashMap::new();
    if let Ok(raw) = std::env::var("LAB_RAW") {
        for path in raw.split(',') {
            let mut steps = Vec::new();
            for l in std::fs::read_to_string(path).unwrap().lines() {
                if let Some(s) = l.strip_prefix("S ") {
                    steps.push(s.to_string());
                } else if let Some(p) = l.strip_prefix("P ") {
                    let key = p.split_whitespace().next().unwrap().to_string();
                    se.insert(key, std::mem::take(&mut steps));
                }
            }
        }
    }
    let min: usize = std::env::var("LAB_MIN_INDEX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut found: BTreeMap<(u8, String), Vec<String>> = BTreeMap::new();
    for path in files.split(',') {
        for l in std::fs::read_to_string(path).unwrap().lines() {
            let Some(p) = l.split_whitespace().next() else {
                continue;
            };
            let Ok(g) = p.parse::<Grid>() else { continue };
            let e = human::explain(&CandidateGrid::from_grid(&g));
            let mut b = CandidateGrid::from_grid(&g);
            for (i, s) in e.steps.iter().enumerate() {
                let key = (s.rating / 5 * 5, s.technique.to_string());
                let list = found.entry(key).or_default();
                if s.exact && i >= min && list.len() < 3 && s.rating >= 45 {
                    let theirs = se
                        .get(p)
                        .and_then(|v| v.get(i))
                        .cloned()
                        .unwrap_or_else(|| "?".into());
                    let ours = format!("{:.1} {}", s.rating_f64(), s.text);
                    let pencil = Candidates::from_bits(*b.masks()).pencil();
                    // serate's 729-character form: a placed digit alone.
                    let se729: String = (0..81)
                        .flat_map(|c| {
                            let m = match b.value(c) {
                                0 => b.cand(c),
                                v => 1 << (v - 1),
                            };
                            (0..9).map(move |d| match m >> d & 1 {
                                1 => char::from(b'1' + d as u8),
                                _ => '.',
                            })
                        })
                        .collect();
                    list.push(format!(
                        "puzzle {p} step {i}\nours {ours}\nSE   {theirs}\nsame {}\nse729 {se729}\n{pencil}\n",
                        ours == theirs
                    ));
                }
                s.apply(&mut b);
            }
        }
    }
    for ((_, name), list) in found {
        if list.is_empty() {
            continue;
        }
        println!("=== {name}");
        for x in list {
            println!("{x}");
        }
    }
}
