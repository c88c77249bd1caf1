//! Every script function of every domain is documented: `help()` lists a
//! one-line summary that is a whole sentence, and `help("name")` shows it;
//! `docs/functions.md` says the same words (checked in every build, with or
//! without the `jupyter` feature).
//! (The per-domain tests check their own names; this covers all domains,
//! including any added later.)

use puzzlelab::script::help;

#[test]
fn every_function_has_a_one_line_summary() {
    let docs = help::docs();
    assert!(docs.len() > 100, "only {} functions documented", docs.len());
    for d in docs {
        let s = d.summary();
        assert!(
            s.len() > 10 && (s.ends_with('.') || s.ends_with(')') || s.ends_with('`')),
            "{} [{}]: summary {:?} is not a whole sentence",
            d.name,
            d.domain,
            s
        );
        assert!(
            help::describe(&d.name).is_some_and(|t| t.contains(s)),
            "{}",
            d.name
        );
    }
}

/// `docs/functions.md` is `help`'s metadata as markdown: it fails when out
/// of date (a doc comment changed); `PUZZLELAB_WRITE_DOCS=1` rewrites it.
#[test]
fn functions_md_is_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/functions.md");
    let want = puzzlelab::script::reference::functions_markdown();
    if std::env::var_os("PUZZLELAB_WRITE_DOCS").is_some_and(|v| v == "1") {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "docs/functions.md is out of date: PUZZLELAB_WRITE_DOCS=1 cargo test --test tests functions_md"
    );
    // Every documented function is in it, with help's own words.
    for f in puzzlelab::script::help::docs() {
        assert!(want.contains(&format!("\n### {}\n", f.name)), "{}", f.name);
        assert!(
            want.contains(&format!("```rhai\n{}\n```\n\n{}\n", f.signature, f.doc)),
            "{}",
            f.name
        );
    }
    assert!(want.contains("\n### display\n"));
}
