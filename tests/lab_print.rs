//! Print mode over every lab in `labs/`: each transcript is an insta
//! snapshot (`tests/snapshots/tests__lab_print__NAME.snap`), so a new lab file is
//! covered without touching this test. Also checks that every file in the
//! folder is the embedded lab of that name.

use puzzlelab::lab;

fn lab_names() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("labs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("labs/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "lab"))
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(String::from))
        .collect();
    names.sort();
    names
}

#[test]
fn every_lab_prints_as_its_snapshot() {
    let names = lab_names();
    assert!(!names.is_empty(), "no labs found");
    let listed: Vec<String> = lab::list().into_iter().map(|l| l.name).collect();
    assert_eq!(listed, names, "embedded labs differ from labs/*.lab");
    for name in names {
        let text = crate::common::transcript(&name)
            .unwrap_or_else(|e| panic!("lab {name} fails in print mode:\n{e}"));
        assert!(text.ends_with("End of lab\n"), "{name}: no `End of lab`");
        insta::assert_snapshot!(name.as_str(), text);
    }
}

#[test]
fn embedded_lab_matches_file_on_disk() {
    // The same lab parsed from the binary and from the file: same content
    // (compared without running either; the transcript test runs it once).
    let content = |lab: lab::Lab| {
        format!(
            "{:?}",
            (
                lab.title,
                lab.author,
                lab.comments,
                lab.chapters,
                lab.sections
            )
        )
    };
    for name in lab_names() {
        let path = format!("{}/labs/{name}.lab", env!("CARGO_MANIFEST_DIR"));
        let by_name = lab::load(&name).unwrap();
        let by_path = lab::load(&path).unwrap();
        assert!(!by_name.sections.is_empty(), "{name}");
        assert_eq!(
            content(by_name),
            content(by_path),
            "{name}: rebuild needed?"
        );
    }
}

/// Sections allowed past [`SCREEN`] lines: the section's payoff is the long
/// output itself (lab, section).
const PAYOFFS: &[(&str, usize)] = &[
    // The hand-placing session, move by move: what the lab builds up to.
    ("pentomino", 30),
    // The recap: the pipeline and Hui's whole J program.
    ("sudoku", 32),
];

/// About one screen: no other section's text (header, prose, code, output
/// and exercise) is longer.
const SCREEN: usize = 40;

#[test]
fn no_section_is_longer_than_a_screen_unless_it_is_the_payoff() {
    let mut long = Vec::new();
    for name in lab_names() {
        let text = crate::common::transcript(&name).unwrap();
        let mut section = 0;
        let mut lines = 0;
        let mut check = |section: usize, lines: usize| {
            if lines > SCREEN && !PAYOFFS.contains(&(name.as_str(), section)) {
                long.push(format!("{name} section {section}: {lines} lines"));
            }
        };
        for line in text.lines() {
            if line.starts_with("-- (") && line.contains(" of ") {
                check(section, lines);
                section += 1;
                lines = 0;
            }
            if line == "End of lab" {
                break;
            }
            lines += 1;
        }
        check(section, lines);
    }
    assert!(long.is_empty(), "longer than {SCREEN} lines: {long:#?}");
    // A listed payoff is really long (else it should leave the list).
    for (name, k) in PAYOFFS {
        let text = crate::common::transcript(name).unwrap();
        let marker = format!("-- ({k} of ");
        let lines = text
            .split("\n-- (")
            .find(|s| format!("-- ({s}").starts_with(&marker))
            .map_or(0, |s| s.lines().count());
        assert!(lines > SCREEN, "{name} section {k} has {lines} lines");
    }
}

/// The sudoku lab reads in one sitting (issue 51): its transcript is at
/// most 700 lines; a longer one shows its outputs by name instead.
#[test]
fn the_sudoku_transcript_is_at_most_700_lines() {
    let text = crate::common::transcript("sudoku").unwrap();
    let lines = text.lines().count();
    assert!(
        lines <= 700,
        "the sudoku transcript is {lines} lines, over 700"
    );
}
