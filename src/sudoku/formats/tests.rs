//! Unit tests of the puzzle file reader and writer.

use super::*;
use crate::monitor::Silent;
use crate::sudoku::Grid;

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn reads_every_form_and_keeps_going() {
    let zeros = P.replace('.', "0");
    let text = format!(
        "# comment\n\n{P}\nym\t{zeros}\n{zeros},{zeros}\n{}\n{}x\n",
        &P[..80],
        &P[..80]
    );
    let c = parse_text(&text, "t.txt");
    assert_eq!(c.records.len(), 3);
    assert_eq!(c.records[0].line, 3);
    assert_eq!(c.records[1].name.as_deref(), Some("ym"));
    assert!(c.records[2].solution.is_some());
    assert_eq!(c.errors.len(), 2);
    assert_eq!(
        c.errors[0].to_string(),
        "t.txt:6: short line: 80 cells, a puzzle has 81"
    );
    assert!(
        c.errors[1]
            .to_string()
            .starts_with("t.txt:7:81: bad character 'x'")
    );
}

#[test]
fn header_empty_and_missing() {
    let c = parse_text(&format!("quizzes,solutions\n{P},\n"), "k.csv");
    assert_eq!((c.records.len(), c.errors.len()), (1, 0));
    let e = parse_text("# only a comment\n", "e.txt");
    assert_eq!(e.errors[0].to_string(), "e.txt: no puzzles in the file");
    let m = read_file("/nonexistent/puzzles.txt", &Silent);
    assert!(
        m.errors[0]
            .to_string()
            .starts_with("/nonexistent/puzzles.txt: cannot read")
    );
}

#[test]
fn writes_round_trip() {
    let g = Grid::parse(P).unwrap();
    let recs = vec![Record {
        name: Some("a".into()),
        grid: g,
        solution: Some(g),
        line: 1,
        marks: None,
    }];
    for f in [Format::Lines, Format::Named, Format::Csv] {
        let back = parse_text(&format_records(&recs, f), "w");
        assert_eq!(back.records[0].grid, g, "{f:?}");
        assert!(back.errors.is_empty());
    }
    let json = format_records(&recs, Format::Json);
    assert!(json.contains("\"name\": \"a\""));
}

#[test]
fn line_ends_bom_and_bad_bytes_stay_on_their_line() {
    let zeros = P.replace('.', "0");
    // BOM first, then LF, CR LF, lone CR; the second line has a bad byte.
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(format!("{P}\n").as_bytes());
    bytes.extend_from_slice(b"ab\xFFcd\r\n");
    bytes.extend_from_slice(format!("{zeros}\r{P}\r\n{P}").as_bytes());
    let c = parse_bytes(&bytes, "b.txt");
    assert_eq!(c.records.len(), 4, "{:?}", c.errors);
    let lines: Vec<usize> = c.records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 3, 4, 5]);
    assert_eq!(
        c.errors[0].to_string(),
        "b.txt:2:3: byte 0xFF is not UTF-8 text: the line is skipped"
    );
    assert_eq!(c.errors.len(), 1);
}

#[test]
fn a_huge_line_is_skipped_in_bounded_memory() {
    let mut text = "1".repeat(MAX_LINE * 3);
    text.push('\n');
    text.push_str(P);
    let c = parse_text(&text, "h.txt");
    assert_eq!(c.records.len(), 1);
    assert_eq!(c.records[0].line, 2);
    assert!(
        c.errors[0]
            .to_string()
            .starts_with("h.txt:1: line longer than")
    );
}

#[test]
fn a_folder_is_not_a_puzzle_file() {
    let c = read_file(std::env::temp_dir(), &Silent);
    assert!(c.errors[0].to_string().contains("folder"), "{:?}", c.errors);
}

#[test]
fn streaming_json_matches_the_whole_document() {
    let g = Grid::parse(P).unwrap();
    let recs = vec![Record::new(g), Record::new(g)];
    let items: Vec<serde_json::Value> = recs
        .iter()
        .map(|r| {
            serde_json::json!({"name": r.name, "line": (r.line > 0).then_some(r.line),
                "puzzle": r.grid.line(), "solution": r.solution.map(|s| s.line())})
        })
        .collect();
    let whole = serde_json::to_string_pretty(&items).unwrap() + "\n";
    assert_eq!(format_records(&recs, Format::Json), whole);
    assert_eq!(format_records(&[], Format::Json), "[]\n");
}

#[test]
fn csv_lines_with_quotes_name_their_columns() {
    let zeros = P.replace('.', "0");
    // `"a,""b"""` is the name a,"b"; the puzzle starts at column 11.
    let text = format!("\"a,\"\"b\"\"\",{zeros},\n\"x\",{}y,\n", &zeros[..80]);
    let c = parse_text(&text, "q.csv");
    assert_eq!(c.records[0].name.as_deref(), Some("a,\"b\""));
    assert_eq!(
        c.errors[0].to_string(),
        "q.csv:2:85: bad character 'y': a cell is a digit 1-9, or one of . 0 - _ * when empty"
    );
}

#[test]
fn a_file_stops_after_a_thousand_bad_lines_with_no_puzzle() {
    let text = format!("{}{P}\n", "x\n".repeat(2000));
    let c = parse_text(&text, "b.txt");
    assert!(c.records.is_empty());
    assert_eq!(
        (c.errors.len(), c.errors.total(), c.lines),
        (1001, 1001, 1000)
    );
    assert_eq!(
        c.why_empty("b.txt"),
        "b.txt:1000: 1000 bad lines and not one puzzle: not a puzzle file, reading stopped"
    );
}

#[test]
fn bare_lines_read_as_the_general_path_reads_them() {
    // Every empty-cell character, and digits, on a bare 81-character line.
    let line: String = "0.-_*123456789".chars().cycle().take(81).collect();
    let (name, grid, solution) = parse_line(&line).unwrap();
    assert_eq!((name, solution), (None, None));
    let digits: String = line
        .chars()
        .map(|c| if c.is_ascii_digit() { c } else { '0' })
        .collect();
    assert_eq!(grid, Grid::parse(&digits).unwrap());
    // A bad character in an 81-character line: the general path's error.
    let bad = format!("{}x{}", &line[..40], &line[41..]);
    assert_eq!(
        parse_line(&bad).unwrap_err(),
        ErrorKind::BadChar { ch: 'x', col: 41 }
    );
}

#[test]
fn puzzle_and_solution_lines_read_alike_on_both_paths() {
    let puzzle =
        "..93.........6....3..984..16.3......2.41..8.9..1.....24.....6..1..6..7.5.7..32...";
    let solution = crate::sudoku::solver::solve(&Grid::parse(puzzle).unwrap())
        .unwrap()
        .unwrap()
        .line();
    let fast = format!("{puzzle},{solution}");
    // A trailing blank takes the general path, which trims it.
    let general = format!("{fast} ");
    let (name, g, s) = parse_line(&fast).unwrap();
    assert_eq!(
        (name, g.line(), s.map(|s| s.line())),
        (None, puzzle.to_string(), Some(solution.clone()))
    );
    assert_eq!(parse_line(&fast), parse_line(&general));
    // A bad character in the solution still names its column.
    let bad = format!("{puzzle},{}x", &solution[..80]);
    assert!(matches!(
        parse_line(&bad),
        Err(ErrorKind::BadChar { ch: 'x', col: 163 })
    ));
}

/// A name is read only when the writers can write it back (at most
/// MAX_NAME bytes once escaped): 800 control characters escape to 4,000
/// bytes and read and write back; 900 escape to 4,500 and are a bad line
/// that says so, in the named and CSV forms and before a pencil-mark line.
#[test]
fn a_name_too_long_to_write_back_is_not_read() {
    let zeros = P.replace('.', "0");
    let fits = "\u{1}".repeat(800);
    let over = "\u{1}".repeat(900);
    let marks =
        crate::sudoku::human::CandidateGrid::from_grid(&Grid::parse(P).unwrap()).pencil_line();
    let text = format!("{fits}\t{zeros}\n{over}\t{zeros}\n\"{over}\",{zeros},\n{over}\t{marks}\n");
    let (mut records, mut errors) = (Vec::new(), Vec::new());
    for item in Records::new(text.as_bytes(), "t.txt", &Silent).pencil_lines() {
        match item {
            Ok(r) => records.push(r),
            Err(e) => errors.push(e.to_string()),
        }
    }
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].name.as_deref(), Some(fits.as_str()));
    let back = parse_text(&format_records(&records, Format::Named), "w.txt");
    assert_eq!(back.records[0].name.as_deref(), Some(fits.as_str()));
    let said = "a name of 4500 bytes once escaped: names are kept to 4096 (as written)";
    assert_eq!(
        errors,
        [2, 3, 4].map(|l| format!("t.txt:{l}: {said}")),
        "{errors:?}"
    );
}
