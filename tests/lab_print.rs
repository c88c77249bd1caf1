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
