//! `docs/functions.md`: every script function by domain, with its
//! signatures and its doc comment, made from the same metadata `help`
//! reads ([`super::help::docs`]), so the page on the web, a notebook's
//! inspector and `help("name")` say the same words. A test
//! (`help::functions_md_is_up_to_date` in `tests/help.rs`) fails when the
//! file is out of date and rewrites it with `PUZZLELAB_WRITE_DOCS=1`.

use super::DOMAINS;
use super::help::{FnDoc, docs};

/// The text of `docs/functions.md`.
pub fn functions_markdown() -> String {
    let mut s = String::from(
        "# puzzlelab's functions\n\n\
         Every function a script can call, by domain: its signatures and the\n\
         text `help(\"name\")` shows, made from the same doc comments (do not\n\
         edit: `PUZZLELAB_WRITE_DOCS=1 cargo test --test tests functions_md`\n\
         writes it again). Rhai's own functions (`print`, `len`, ...) are in\n\
         [the Rhai book](https://rhai.rs/book/); `help(\"print\")` explains them too.\n\n",
    );
    let domains: Vec<(&str, &str, Vec<&FnDoc>)> = DOMAINS
        .iter()
        .map(|d| {
            let fns: Vec<&FnDoc> = docs().iter().filter(|f| f.domain == d.name).collect();
            (d.name, d.about, fns)
        })
        .filter(|(_, _, fns)| !fns.is_empty())
        .collect();
    for (name, about, fns) in &domains {
        let mut names: Vec<&str> = fns.iter().map(|f| f.name.as_str()).collect();
        names.dedup();
        // A name may be in two domains (`display`, `filled`): anchors name both.
        let links: Vec<String> = names
            .iter()
            .map(|n| format!("[{n}](#{name}-{n})"))
            .collect();
        s.push_str(&format!("- **{name}**: {about}. {}\n", links.join(", ")));
    }
    for (name, about, fns) in &domains {
        s.push_str(&format!("\n## {name}\n\n{about}.\n"));
        let mut previous = "";
        for f in fns {
            if f.name != previous {
                s.push_str(&format!(
                    "\n<a id=\"{name}-{}\"></a>\n\n### {}\n",
                    f.name, f.name
                ));
                previous = &f.name;
            }
            s.push_str(&format!("\n```rhai\n{}\n```\n", f.signature));
            if !f.doc.is_empty() {
                s.push('\n');
                s.push_str(&f.doc);
                s.push('\n');
            }
        }
    }
    s
}
