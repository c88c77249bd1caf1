//! What people bring to the REPL and the labs (issue 14).

use puzzlelab::script::help;

/// A lab's `fn` stays defined in the session after the lab, so a helper
/// named like a built-in would replace it for every later lab and for the
/// person (the similarity lab's `fn piece(cells)` once broke the pentomino
/// lab). No lab may define one.
#[test]
fn no_lab_helper_shadows_a_built_in_function() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("labs");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "lab") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix("fn ") else {
                continue;
            };
            let name = rest.split('(').next().unwrap_or("").trim();
            checked += 1;
            assert!(
                help::describe(name).is_none(),
                "{}:{}: fn {name} would replace the built-in {name} for the rest of the session",
                path.display(),
                i + 1
            );
        }
    }
    assert!(checked >= 10, "lab helpers found: {checked}");
}
