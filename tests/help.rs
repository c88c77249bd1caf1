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
