//! Every script function of every domain is documented: `help()` lists a
//! one-line summary that is a whole sentence, and `help("name")` shows it.
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
