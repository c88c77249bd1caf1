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

/// A function whose value is text to read (a drawing, a table, a report)
/// says so in its help, with the `print(...)` a script needs: in `run`
/// scripts a value is not shown, so `see(g)` alone prints nothing
/// (issue 53). Every function returning a string is one of these or a
/// value for further use (a key, a verdict, a line form); a new one must
/// be put in one list or the other.
#[test]
fn functions_returning_text_to_read_say_so() {
    const TO_READ: [&str; 12] = [
        "see",
        "table",
        "frame",
        "boxed",
        "free_table",
        "cand1",
        "pentomino_transcript",
        "show_lines",
        "similar_report",
        "svg",
        "to_dimacs",
        "help",
    ];
    const VALUES: [&str; 5] = ["line", "col_key", "row_key", "similarity_key", "verdict"];
    for d in help::docs() {
        if !d.signature.ends_with("-> String") {
            continue;
        }
        if TO_READ.contains(&d.name.as_str()) {
            assert!(
                d.doc.contains("as text") && d.doc.contains("`print("),
                "{}: its help must say it returns text and show `print(...)`:\n{}",
                d.signature,
                d.doc
            );
        } else {
            assert!(
                VALUES.contains(&d.name.as_str()),
                "{} returns a string: add it to TO_READ (and say so in its help) or VALUES",
                d.signature
            );
        }
    }
}
