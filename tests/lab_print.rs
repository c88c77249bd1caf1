//! Print mode over every lab in `labs/`: each transcript is an insta
//! snapshot (`tests/snapshots/tests__lab_print__NAME.snap`), so a new lab file is
//! covered without touching this test. Also checks that every file in the
//! folder is the embedded lab of that name.

use puzzlelab::lab;
use puzzlelab::script::Limits;

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
        let text = lab::print_transcript(&name, &Limits::default())
            .unwrap_or_else(|e| panic!("lab {name} fails in print mode:\n{e}"));
        assert!(text.ends_with("End of lab\n"), "{name}: no `End of lab`");
        insta::assert_snapshot!(name.as_str(), text);
    }
}

#[test]
fn embedded_lab_matches_file_on_disk() {
    for name in lab_names() {
        let path = format!("{}/labs/{name}.lab", env!("CARGO_MANIFEST_DIR"));
        let by_name = lab::print_transcript(&name, &Limits::default());
        let by_path = lab::print_transcript(&path, &Limits::default());
        assert_eq!(by_name, by_path, "{name}: rebuild needed?");
    }
}
