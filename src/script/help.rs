//! `help`: every script function with its signature and doc comment, read
//! from the metadata Rhai keeps for each domain module.

use std::sync::OnceLock;

use rhai::plugin::*;
use rhai::{Engine, Module};

use super::DOMAINS;

/// One documented script function.
#[derive(Clone, Debug)]
pub struct FnDoc {
    /// Domain (group) the function belongs to.
    pub domain: &'static str,
    /// Function name as scripts call it.
    pub name: String,
    /// Signature with parameter names and types.
    pub signature: String,
    /// Doc comment text, without the `///` markers.
    pub doc: String,
}

impl FnDoc {
    /// First line of the doc comment.
    pub fn summary(&self) -> &str {
        self.doc.lines().next().unwrap_or("")
    }
}

/// Every documented function, by domain in `DOMAINS` order (built once).
pub fn docs() -> &'static [FnDoc] {
    static DOCS: OnceLock<Vec<FnDoc>> = OnceLock::new();
    DOCS.get_or_init(|| {
        let mut out = Vec::new();
        for domain in DOMAINS {
            if domain.name == "help" {
                // Avoid recursion: help documents itself below.
                continue;
            }
            out.extend(domain_docs(domain.name, (domain.module)()));
        }
        out.extend(domain_docs("help", exported_module!(api)));
        out
    })
}

fn domain_docs(domain: &'static str, module: Module) -> Vec<FnDoc> {
    let mut engine = Engine::new_raw();
    engine.register_global_module(module.into());
    let json = engine.gen_fn_metadata_to_json(false).unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    let mut out = Vec::new();
    let Some(functions) = value.get("functions").and_then(|f| f.as_array()) else {
        return out;
    };
    for f in functions {
        let name = f["name"].as_str().unwrap_or_default().to_string();
        // Operators, indexers, property accessors and printing hooks are
        // documented with their type, not listed as functions.
        if name.starts_with("index$")
            || name.starts_with("get$")
            || name.starts_with("set$")
            || name == "to_string"
            || name == "to_debug"
            || !name.chars().next().is_some_and(|c| c.is_alphabetic())
        {
            continue;
        }
        let doc: Vec<String> = f["docComments"]
            .as_array()
            .map(|lines| {
                lines
                    .iter()
                    .filter_map(|l| l.as_str())
                    .flat_map(|l| l.lines().map(str::to_string).collect::<Vec<_>>())
                    .map(|l| {
                        let t = l.trim_start();
                        let t = t
                            .strip_prefix("///")
                            .or_else(|| t.strip_prefix("/**"))
                            .unwrap_or(t);
                        let t = t.strip_suffix("*/").unwrap_or(t);
                        t.strip_prefix(' ').unwrap_or(t).to_string()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let signature = tidy_signature(f["signature"].as_str().unwrap_or(&name));
        out.push(FnDoc {
            domain,
            name,
            signature,
            doc: doc.join("\n").trim().to_string(),
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name).then(a.signature.cmp(&b.signature)));
    out
}

/// Rust spellings in a signature and the words a script writer uses.
const SPELLINGS: &[(&str, &str)] = &[
    ("&mut ", ""),
    ("&str", "String"),
    ("ImmutableString", "String"),
    ("rhai::Array", "Array"),
    ("rhai::Map", "Map"),
    ("rhai::FnPtr", "FnPtr"),
    // A Dynamic parameter takes several types; the doc says which.
    ("rhai::Dynamic", "any"),
    ("Dynamic", "any"),
    ("i64", "int"),
    ("f64", "float"),
    ("-> ()", ""),
];

/// One parameter type as [`tidy_signature`] writes it (without walking a
/// whole signature).
#[cfg(test)]
pub(super) fn tidy_type(t: &str) -> &str {
    let t = t.strip_prefix("&mut ").unwrap_or(t);
    SPELLINGS
        .iter()
        .find(|(from, _)| *from == t)
        .map_or(t, |(_, to)| to)
}

/// Rust spellings in a signature, in the words a script writer uses.
pub(super) fn tidy_signature(sig: &str) -> String {
    let mut s = sig.to_string();
    // `return_raw` functions report their Rust result type; show the value.
    if let (Some(start), Some(end)) = (s.find("-> Result<"), s.rfind(", Box<EvalAltResult>>"))
        && start < end
    {
        let inner = s[start + "-> Result<".len()..end].to_string();
        s = format!("{}-> {}", &s[..start], inner);
    }
    for (from, to) in SPELLINGS {
        s = s.replace(from, to);
    }
    s.trim_end().to_string()
}

/// The overview: every domain with its functions and their one-line summaries.
pub fn overview() -> String {
    let mut s = String::from(
        "Functions by domain (help(\"name\") shows one in full, help(\"domain\") one domain;\n\
         :help lists REPL commands):\n",
    );
    let mut seen = std::collections::BTreeSet::new();
    for domain in DOMAINS {
        s.push_str(&domain_listing(domain.name, domain.about, &mut seen));
    }
    s.push_str(&format!(
        "\nPredefined and read-only: {}.\n\
         To change one, change a copy: let g = ym; g[0] = 6;\n\
         At the prompt, _ is the last value shown: assign(ym), then filled(_).\n",
        super::builtins::names().collect::<Vec<_>>().join(", ")
    ));
    s
}

/// Width of a help listing, so it fits a standard terminal.
const WIDTH: usize = 80;
/// Column where summaries start (names longer than this get a line of their own).
const NAME_COLUMN: usize = 20;

/// One domain's heading and functions, each name once (an overload, or a
/// name listed under an earlier domain, is skipped), summaries wrapped to
/// [`WIDTH`] columns under their own column.
fn domain_listing(
    name: &str,
    about: &str,
    seen: &mut std::collections::BTreeSet<String>,
) -> String {
    let fns: Vec<&FnDoc> = docs()
        .iter()
        .filter(|d| d.domain == name && seen.insert(d.name.clone()))
        .collect();
    if fns.is_empty() {
        return String::new();
    }
    let mut s = format!("\n{name} — {about}\n");
    let indent = " ".repeat(NAME_COLUMN + 3);
    for f in fns {
        let mut line = if f.name.chars().count() > NAME_COLUMN {
            format!("  {}\n{indent}", f.name)
        } else {
            format!("  {:<width$} ", f.name, width = NAME_COLUMN)
        };
        let mut col = NAME_COLUMN + 3;
        for word in f.summary().split_whitespace() {
            let n = word.chars().count();
            if col > NAME_COLUMN + 3 && col + 1 + n > WIDTH {
                line.push('\n');
                line.push_str(&indent);
                col = NAME_COLUMN + 3;
            } else if col > NAME_COLUMN + 3 {
                line.push(' ');
                col += 1;
            }
            line.push_str(word);
            col += n;
        }
        s.push_str(&line);
        s.push('\n');
    }
    s
}

/// `help("domain")`: one domain's functions, or `None` for no such domain.
pub fn domain_help(name: &str) -> Option<String> {
    let d = DOMAINS.iter().find(|d| d.name == name)?;
    Some(
        domain_listing(d.name, d.about, &mut Default::default())
            .trim_start()
            .to_string(),
    )
}

/// Rhai's own functions (`print`, `len`, `push`, ...) with their
/// signatures and Rhai's doc comments, as `help("print")` shows them.
fn rhai_builtin(name: &str) -> Option<String> {
    // Rhai's metadata lists `print`/`debug` as the conversions they apply;
    // what a person wants to know is what they do.
    match name {
        "print" => {
            return Some(
                "print(value)    [rhai]\n    Write the value as text, then a new line, to the output.\n    \
                 Values print as the REPL shows them (a grid as its box).\n"
                    .into(),
            );
        }
        "debug" => {
            return Some(
                "debug(value)    [rhai]\n    Write the value in its one-line debug form (a grid as \
                 grid(\"...\")), then a new line.\n"
                    .into(),
            );
        }
        _ => {}
    }
    static BUILTIN: OnceLock<serde_json::Value> = OnceLock::new();
    let meta = BUILTIN.get_or_init(|| {
        let json = Engine::new()
            .gen_fn_metadata_to_json(true)
            .unwrap_or_default();
        serde_json::from_str(&json).unwrap_or_default()
    });
    let mut s = String::new();
    let mut signatures = std::collections::BTreeSet::new();
    for f in meta.get("functions")?.as_array()? {
        if f["name"].as_str() != Some(name) {
            continue;
        }
        let sig = tidy_signature(f["signature"].as_str().unwrap_or(name));
        if !signatures.insert(sig.clone()) {
            continue;
        }
        s.push_str(&format!("{sig}    [rhai]\n"));
        if let Some(doc) = f["docComments"].as_array() {
            for line in doc.iter().filter_map(|l| l.as_str()).flat_map(str::lines) {
                let t = line.trim_start();
                let t = t.strip_prefix("///").unwrap_or(t);
                let t = t.strip_prefix(' ').unwrap_or(t);
                if t.starts_with("# Example") {
                    break;
                }
                s.push_str(&format!("    {t}\n"));
            }
        }
    }
    if s.is_empty() {
        return None;
    }
    // Statements such as `print` are also shown with Rhai's book page.
    s.push_str("(one of Rhai's own functions; see https://rhai.rs/book/ for the language)\n");
    Some(s)
}

/// Full help for one function name: every overload's signature and doc.
pub fn describe(name: &str) -> Option<String> {
    let matches: Vec<&FnDoc> = docs().iter().filter(|d| d.name == name).collect();
    if matches.is_empty() {
        return None;
    }
    let mut s = String::new();
    for (i, f) in matches.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(&format!("{}    [{}]\n", f.signature, f.domain));
        if !f.doc.is_empty() {
            for line in f.doc.lines() {
                s.push_str("    ");
                s.push_str(line);
                s.push('\n');
            }
        }
    }
    Some(s)
}

/// Names of every documented function (for completion).
pub fn names() -> Vec<String> {
    let mut v: Vec<String> = docs().iter().map(|d| d.name.clone()).collect();
    v.sort();
    v.dedup();
    v
}

/// What `help("name")` shows: the function (puzzlelab's or Rhai's), the
/// domain of that name, or, for neither, the closest names.
pub fn help_text(name: &str) -> String {
    // A name may be both a function and a domain (`pentomino`): both.
    let parts: Vec<String> = [
        describe(name).or_else(|| rhai_builtin(name)),
        domain_help(name),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !parts.is_empty() {
        return parts.join("\n");
    }
    let mut near = closest(name, names());
    for n in names() {
        if (n.contains(name) || name.contains(n.as_str())) && !near.contains(&n) {
            near.push(n);
        }
    }
    if near.is_empty() {
        format!("no function named {name:?}; help() lists them all")
    } else {
        format!(
            "no function named {name:?}; did you mean {}?",
            near.join(", ")
        )
    }
}

/// The one "did you mean" rule: see [`crate::spelling::closest`].
pub use crate::spelling::closest;

/// The first example call in `name`'s doc comment (a line starting
/// `Example: ` followed by code in backticks), if it has one.
pub fn example(name: &str) -> Option<String> {
    docs()
        .iter()
        .filter(|d| d.name == name)
        .flat_map(|d| d.doc.lines())
        .find_map(|line| {
            let rest = line.trim_start().strip_prefix("Example")?;
            let rest = rest.trim_start_matches(['s', ':', ' ']);
            let code = rest.strip_prefix('`')?;
            Some(code[..code.find('`')?].to_string())
        })
}

#[export_module(manifest)]
pub mod api {
    /// List every function by domain with a one-line summary.
    ///
    /// Returns the list as text: the prompt shows it, a script prints it,
    /// `print(help())`.
    pub fn help() -> String {
        super::overview()
    }

    /// Show the signature and documentation of the function `name`.
    ///
    /// A domain name (`help("polyomino")`) lists that domain's functions;
    /// Rhai's own functions (`help("print")`) are explained too.
    ///
    /// Returns the explanation as text: the prompt shows it, a script
    /// prints it, `print(help("see"))`.
    #[rhai_fn(name = "help")]
    pub fn help_on(name: &str) -> String {
        super::help_text(name)
    }
}

/// The help functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}
