//! Layering checks, in the manner of rust-analyzer's tidy tests: the
//! sources are read as Rust (with `syn`) and what each module imports is
//! checked against the layers of ARCHITECTURE.md:
//!
//! ```text
//! domains and support ◀── script ◀── commands, lab ◀── repl, main
//!                                         ▲
//!                     signals ◀── jupyter ┘ (repl dispatches to jupyter)
//! ```
//!
//! - Every top-level module of `src/` is in a layer ([`layer`]); a module
//!   in none is reported, never let through.
//! - Nothing below `script` (the domains, `shard`, `svg`, `xcover`, and the
//!   support: `controls`, `files`, `memory`, `monitor`, `permutations`,
//!   `process`, `reading`, `spelling`, `threads`) uses `script`, `commands`,
//!   `lab`, `signals`, `jupyter` or `repl`, Rhai, a terminal crate, or the
//!   terminal itself (stdin, stdout, `println!`, ...).
//! - `script` uses none of the layers above it, no terminal crate (clap
//!   included: the command line's view of the limits is `repl::cli`'s),
//!   and not the terminal.
//! - `commands` and `lab` use neither `signals`, `jupyter`, `repl` nor a
//!   terminal crate; `lab` does not use `commands` (which drives it).
//! - `signals` (the stop state both front ends share) uses no layer above
//!   the support, no drawing terminal crate and no terminal but stderr.
//! - `jupyter` does not use `repl`, nor the signal crates (`signals` is
//!   how it hears signals), nor the terminal but stderr (its log).
//!
//! "Uses" means a `use` item, a path in code (`crate::lab::list()`,
//! `super::super::repl`, `clap::Args`), a path inside a macro's or an
//! attribute's tokens, or a macro's name. `#[cfg(test)]` items and
//! comments are not checked. A last check keeps ARCHITECTURE.md's code map
//! naming every top-level module of `src/` exactly once.

use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// The layers of `src/`, lowest first. Every top-level module is in one
/// ([`layer`]); a module in none fails the check until it is placed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Layer {
    /// The domains and their support: native values, no Rhai, no terminal.
    Domain,
    /// Rhai's registrations over the domains; the world through a `Host`.
    Script,
    /// The session's commands, for any front end.
    Commands,
    /// The lab runner, which `commands` drives.
    Lab,
    /// The process's stop state, shared by the front ends.
    Signals,
    /// The notebook kernel, a front end.
    Jupyter,
    /// The terminal front end and the command line.
    Repl,
}

/// The layer of top-level module `module` of `src/`, `None` for a module
/// no rule places.
fn layer(module: &str) -> Option<Layer> {
    Some(match module {
        "sudoku" | "pentomino" | "polyomino" | "sat" | "similarity" | "svg" | "xcover"
        | "shard" | "controls" | "files" | "memory" | "monitor" | "permutations" | "process"
        | "reading" | "spelling" | "threads" | "cpu" => Layer::Domain,
        "script" => Layer::Script,
        "commands" => Layer::Commands,
        "lab" => Layer::Lab,
        "signals" => Layer::Signals,
        "jupyter" => Layer::Jupyter,
        "repl" => Layer::Repl,
        _ => return None,
    })
}

/// Crates that drive or draw on a terminal.
const TERMINAL_CRATES: &[&str] = &[
    "rustyline",
    "clap",
    "indicatif",
    "console",
    "crossterm",
    "signal_hook",
    "ctrlc",
    "termios",
];

/// Paths and macros that are the terminal itself.
const TERMINAL_ITSELF: &[&str] = &[
    "std::io::stdin",
    "std::io::stdout",
    "std::io::stderr",
    "std::io::IsTerminal",
    "println",
    "print",
    "eprintln",
    "eprint",
    "dbg",
];

/// The terminal but stderr: `signals` says there why the process leaves,
/// and stderr is the notebook kernel's log.
const TERMINAL_BUT_STDERR: &[&str] = &[
    "std::io::stdin",
    "std::io::stdout",
    "std::io::IsTerminal",
    "println",
    "print",
    "dbg",
];

/// What code in a module of layer `layer` must not use: modules of this
/// crate, other crates, and terminal paths.
fn forbidden(
    layer: Layer,
) -> (
    Vec<&'static str>,
    Vec<&'static str>,
    &'static [&'static str],
) {
    let terminal_crates = TERMINAL_CRATES.to_vec();
    // The crates that draw or read a terminal, signals aside.
    let drawing: Vec<&str> = TERMINAL_CRATES
        .iter()
        .copied()
        .filter(|c| !matches!(*c, "signal_hook" | "ctrlc"))
        .collect();
    let above_script = ["commands", "lab", "signals", "jupyter", "repl"];
    match layer {
        Layer::Domain => {
            let mut crates = terminal_crates;
            crates.push("rhai");
            let mut modules = vec!["script"];
            modules.extend(above_script);
            (modules, crates, TERMINAL_ITSELF)
        }
        Layer::Script => (above_script.to_vec(), terminal_crates, TERMINAL_ITSELF),
        // The stop flags reach a session only through its host.
        Layer::Commands => (vec!["signals", "jupyter", "repl"], terminal_crates, &[]),
        Layer::Lab => (
            vec!["commands", "signals", "jupyter", "repl"],
            terminal_crates,
            &[],
        ),
        Layer::Signals => {
            let mut crates = drawing;
            crates.push("rhai");
            (
                vec!["script", "commands", "lab", "jupyter", "repl"],
                crates,
                TERMINAL_BUT_STDERR,
            )
        }
        // clap: the kernel's own subcommand; signals through `signals`.
        Layer::Jupyter => {
            let crates = TERMINAL_CRATES
                .iter()
                .copied()
                .filter(|c| *c != "clap")
                .collect();
            (vec!["repl"], crates, TERMINAL_BUT_STDERR)
        }
        // The command line dispatches to every front end.
        Layer::Repl => (Vec::new(), Vec::new(), &[]),
    }
}

/// A path some code uses, with the line it is on.
#[derive(Debug)]
struct Use {
    line: usize,
    /// Segments as written (`crate`, `super`, `self` resolved later).
    path: Vec<String>,
    /// A macro's name rather than a path.
    is_macro: bool,
}

/// Collects every path a file uses, skipping `#[cfg(test)]` items.
#[derive(Default)]
struct Uses {
    found: Vec<Use>,
}

/// True for `#[cfg(test)]`: the item is test code.
fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| match &a.meta {
        syn::Meta::List(list) => list.path.is_ident("cfg") && list.tokens.to_string() == "test",
        _ => false,
    })
}

impl Uses {
    fn push(&mut self, line: usize, path: Vec<String>, is_macro: bool) {
        if !path.is_empty() {
            self.found.push(Use {
                line,
                path,
                is_macro,
            });
        }
    }

    /// Paths written inside a token stream (a macro's arguments, an
    /// attribute): every run of `ident :: ident ...`.
    fn tokens(&mut self, tokens: TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut line = 0;
        let mut colons = 0;
        let flush = |run: &mut Vec<String>, line: usize, uses: &mut Uses| {
            if run.len() > 1 {
                uses.push(line, std::mem::take(run), false);
            }
            run.clear();
        };
        for tree in tokens {
            match tree {
                TokenTree::Ident(id) => {
                    if colons != 2 {
                        flush(&mut run, line, self);
                        line = id.span().start().line;
                    }
                    run.push(id.to_string());
                    colons = 0;
                }
                TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
                TokenTree::Group(g) => {
                    flush(&mut run, line, self);
                    colons = 0;
                    self.tokens(g.stream());
                }
                _ => {
                    flush(&mut run, line, self);
                    colons = 0;
                }
            }
        }
        flush(&mut run, line, self);
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.use_leaf(prefix, &n.ident),
            syn::UseTree::Rename(r) => self.use_leaf(prefix, &r.ident),
            // Its line is the `use` item's (see `visit_item_use`).
            syn::UseTree::Glob(_) => self.push(0, prefix.clone(), false),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t);
                }
            }
        }
    }

    fn use_leaf(&mut self, prefix: &[String], ident: &syn::Ident) {
        let mut path = prefix.to_vec();
        if ident != "self" {
            path.push(ident.to_string());
        }
        self.push(ident.span().start().line, path, false);
    }
}

impl<'a> Visit<'a> for Uses {
    fn visit_item(&mut self, item: &'a syn::Item) {
        let attrs = match item {
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !is_cfg_test(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
        if !is_cfg_test(&f.attrs) {
            syn::visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_item_use(&mut self, u: &'a syn::ItemUse) {
        let mut prefix = Vec::new();
        let line = u.use_token.span.start().line;
        let before = self.found.len();
        self.use_tree(&mut prefix, &u.tree);
        for found in &mut self.found[before..] {
            if found.line == 0 {
                found.line = line;
            }
        }
    }

    fn visit_item_extern_crate(&mut self, e: &'a syn::ItemExternCrate) {
        self.push(
            e.ident.span().start().line,
            vec![e.ident.to_string()],
            false,
        );
    }

    fn visit_path(&mut self, path: &'a syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        // A lone name (`console`, `print`) is a local item, not a crate.
        if let Some(first) = path.segments.first().filter(|_| segments.len() > 1) {
            self.push(first.ident.span().start().line, segments, false);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'a syn::Macro) {
        if let Some(last) = mac.path.segments.last() {
            self.push(
                last.ident.span().start().line,
                vec![last.ident.to_string()],
                true,
            );
        }
        self.visit_path(&mac.path);
        self.tokens(mac.tokens.clone());
    }

    fn visit_attribute(&mut self, attr: &'a syn::Attribute) {
        if let syn::Meta::List(list) = &attr.meta {
            self.tokens(list.tokens.clone());
        }
        syn::visit::visit_attribute(self, attr);
    }
}

/// The module path of a source file under `src/` (`script/session.rs` is
/// `script::session`, `script/mod.rs` is `script`, `lib.rs` is the root).
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs");
        if !matches!(stem, "mod" | "lib" | "main") {
            parts.push(stem.to_string());
        }
    }
    parts
}

/// Every forbidden use in source `text` of file `relative` (to `src/`),
/// as `src/FILE:LINE: uses X`.
fn violations(relative: &Path, text: &str) -> Vec<String> {
    let module = module_path(relative);
    // lib.rs and main.rs: the crate's root, which names every module.
    let Some(top) = module.first() else {
        return Vec::new();
    };
    let Some(layer) = layer(top) else {
        return vec![format!(
            "src/{}: module `{top}` is in no layer (tests/tidy.rs, `layer`): place it",
            relative.display()
        )];
    };
    let (modules, crates, terminal) = forbidden(layer);
    let file = match syn::parse_file(text) {
        Ok(f) => f,
        Err(e) => return vec![format!("src/{}: does not parse: {e}", relative.display())],
    };
    let mut uses = Uses::default();
    uses.visit_file(&file);
    let mut out = Vec::new();
    for u in uses.found {
        let what = if u.is_macro {
            terminal
                .contains(&u.path[0].as_str())
                .then(|| format!("{}!", u.path[0]))
        } else {
            let resolved = resolve(&module, &u.path);
            let joined = u.path.join("::");
            match resolved {
                Some(target) if modules.contains(&target.as_str()) => {
                    Some(format!("crate::{target}"))
                }
                Some(_) => None,
                None if crates.contains(&u.path[0].as_str()) => Some(u.path[0].clone()),
                None => terminal
                    .iter()
                    .find(|t| t.contains("::") && joined.starts_with(**t))
                    .map(|t| t.to_string()),
            }
        };
        if let Some(what) = what {
            let line = format!("src/{}:{}: uses {what}", relative.display(), u.line);
            if !out.contains(&line) {
                out.push(line);
            }
        }
    }
    out
}

/// The top-level module of this crate that `path` (written in module
/// `module`) names, or `None` for a path outside the crate.
fn resolve(module: &[String], path: &[String]) -> Option<String> {
    let mut here: Vec<String> = module.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") | Some("puzzlelab") => return rest.get(1).cloned(),
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                here.pop();
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    here.extend(rest.iter().cloned());
    here.first().cloned()
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    assert!(files.len() > 50, "sources found: {}", files.len());
    let mut found = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(src()).unwrap();
        // A file named tests.rs is a test module, all of it.
        if relative.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        found.extend(violations(
            relative,
            &std::fs::read_to_string(file).unwrap(),
        ));
    }
    assert!(
        found.is_empty(),
        "a module uses a layer above it (ARCHITECTURE.md, Invariants):\n{}",
        found.join("\n")
    );
}

/// Every top-level module of `src/` (a `.rs` file, or a folder holding
/// Rust) is in a layer: a new module cannot slip past the check.
#[test]
fn every_module_is_in_a_layer() {
    let mut unplaced = Vec::new();
    for entry in std::fs::read_dir(src()).unwrap().flatten() {
        let path = entry.path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let mut rust = Vec::new();
        if path.is_dir() {
            rust_files(&path, &mut rust);
        } else if path.extension().is_some_and(|e| e == "rs") {
            rust.push(path.clone());
        }
        if !rust.is_empty() && name != "lib" && name != "main" && layer(&name).is_none() {
            unplaced.push(name);
        }
    }
    assert!(unplaced.is_empty(), "modules in no layer: {unplaced:?}");
}

#[test]
fn the_checker_sees_what_it_must() {
    // A planted violation of each kind is reported, with its line.
    let planted = "\
use crate::script::host::Host;
use crate::{files, repl::host::write_stdout};
fn f() -> usize {
    let e = rustyline::DefaultEditor::new();
    println!(\"{}\", crate::lab::list_text());
    let _ = std::io::stdout();
    0
}
#[derive(clap::Args)]
struct Flags;
#[cfg(test)]
mod tests {
    use crate::script::session::Session;
}
";
    assert_eq!(
        violations(Path::new("sudoku/grid.rs"), planted),
        [
            "src/sudoku/grid.rs:1: uses crate::script",
            "src/sudoku/grid.rs:2: uses crate::repl",
            "src/sudoku/grid.rs:4: uses rustyline",
            "src/sudoku/grid.rs:5: uses println!",
            "src/sudoku/grid.rs:5: uses crate::lab",
            "src/sudoku/grid.rs:6: uses std::io::stdout",
            "src/sudoku/grid.rs:9: uses clap",
        ]
    );
    // `super` is resolved from the file's place; script may use the domains.
    let script = "use super::super::repl::cli;\nuse crate::sudoku::Grid;\nfn g() { super::help::names(); }\n";
    assert_eq!(
        violations(Path::new("script/x.rs"), script),
        ["src/script/x.rs:1: uses crate::repl"]
    );
    // The layers above may use those below; repl may use the terminal.
    assert!(violations(Path::new("repl/x.rs"), planted).is_empty());
    assert_eq!(
        violations(
            Path::new("lab/mod.rs"),
            "use crate::commands::CommandContext;\n"
        ),
        ["src/lab/mod.rs:1: uses crate::commands"]
    );
    // A module no rule places is an error, not a free pass.
    assert_eq!(
        violations(Path::new("newcomer/mod.rs"), "fn f() {}\n"),
        [
            "src/newcomer/mod.rs: module `newcomer` is in no layer (tests/tidy.rs, `layer`): place it"
        ]
    );
    assert_eq!(layer("nowhere"), None);
    // The notebook kernel does not lean on the terminal front end; the
    // stop state they share uses neither, nor stdout.
    let kernel = "use crate::repl::host::INTERRUPTED;\nuse crate::signals::Busy;\nfn f() { eprintln!(\"log\"); println!(\"x\"); signal_hook::low_level::raise(2); }\n";
    assert_eq!(
        violations(Path::new("jupyter/kernel.rs"), kernel),
        [
            "src/jupyter/kernel.rs:1: uses crate::repl",
            "src/jupyter/kernel.rs:3: uses println!",
            "src/jupyter/kernel.rs:3: uses signal_hook",
        ]
    );
    let signals = "use crate::script::host::Host;\nfn f() { let _ = std::io::stdout(); crate::files::remove_temporaries(); let _ = std::io::stderr(); }\n";
    assert_eq!(
        violations(Path::new("signals.rs"), signals),
        [
            "src/signals.rs:1: uses crate::script",
            "src/signals.rs:2: uses std::io::stdout",
        ]
    );
    // Neither commands nor lab reach for the stop flags (a host does).
    assert_eq!(
        violations(
            Path::new("commands/mod.rs"),
            "use crate::signals::INTERRUPTED;\n"
        ),
        ["src/commands/mod.rs:1: uses crate::signals"]
    );
    // The helpers below script are held to it: spelling, controls, xcover.
    for file in ["spelling.rs", "controls.rs", "xcover/mod.rs"] {
        assert_eq!(
            violations(Path::new(file), "use crate::script::Limits;\n").len(),
            1,
            "{file}"
        );
    }
    // The real sources are read: a repl file does use rustyline.
    let helper = std::fs::read_to_string(src().join("repl/helper.rs")).unwrap();
    let mut uses = Uses::default();
    uses.visit_file(&syn::parse_file(&helper).unwrap());
    assert!(uses.found.iter().any(|u| u.path[0] == "rustyline"));
}

/// The top-level modules of `src/` (folders and files, `lib.rs` and
/// `main.rs` aside) and how often each is named in a heading of
/// ARCHITECTURE.md's "Code map" section, as `` `src/NAME` `` or `` `src/NAME.rs` ``.
fn code_map_counts(architecture: &str, modules: &[String]) -> Vec<(String, usize)> {
    let map = format!("\n{architecture}");
    let map = map
        .split("\n## ")
        .find(|s| s.starts_with("Code map"))
        .unwrap_or("");
    let headings: Vec<&str> = map.lines().filter(|l| l.starts_with("### ")).collect();
    modules
        .iter()
        .map(|m| {
            let n: usize = headings
                .iter()
                .map(|h| {
                    h.matches(&format!("`src/{m}`")).count()
                        + h.matches(&format!("`src/{m}.rs`")).count()
                })
                .sum();
            (m.clone(), n)
        })
        .collect()
}

#[test]
fn the_code_map_names_every_module_once() {
    let mut modules: Vec<String> = std::fs::read_dir(src())
        .unwrap()
        .flatten()
        .map(|e| {
            e.file_name()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .filter(|m| m != "lib" && m != "main")
        .collect();
    modules.sort();
    modules.dedup();
    assert!(modules.len() >= 15, "{modules:?}");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .unwrap();
    let wrong: Vec<String> = code_map_counts(&text, &modules)
        .into_iter()
        .filter(|(_, n)| *n != 1)
        .map(|(m, n)| format!("src/{m}: named {n} times"))
        .collect();
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's code map must name each module of src/ once in its headings:\n{}",
        wrong.join("\n")
    );
    // The check counts what it must.
    let twice = "## Code map\n\n### `src/a.rs`, `src/b`\n\n### `src/a.rs`\n\n## Invariants\n\n### `src/b`\n";
    let names = ["a".to_string(), "b".to_string(), "c".to_string()];
    assert_eq!(
        code_map_counts(twice, &names),
        [
            ("a".to_string(), 2),
            ("b".to_string(), 1),
            ("c".to_string(), 0)
        ]
    );
}

/// The public structs and enums of `text`, at any depth of inline
/// modules; test code left out.
fn public_types(text: &str) -> Vec<String> {
    fn walk(items: &[syn::Item], out: &mut Vec<String>) {
        for item in items {
            let (vis, name) = match item {
                syn::Item::Struct(s) if !is_cfg_test(&s.attrs) => (&s.vis, &s.ident),
                syn::Item::Enum(e) if !is_cfg_test(&e.attrs) => (&e.vis, &e.ident),
                syn::Item::Mod(m) if !is_cfg_test(&m.attrs) => {
                    if let Some((_, inner)) = &m.content {
                        walk(inner, out);
                    }
                    continue;
                }
                _ => continue,
            };
            if matches!(vis, syn::Visibility::Public(_)) {
                out.push(name.to_string());
            }
        }
    }
    let mut out = Vec::new();
    if let Ok(file) = syn::parse_file(text) {
        walk(&file.items, &mut out);
    }
    out
}

/// Names that say what a thing is: no two public types of the domain
/// layers share a name (there were two `Board`s, then three). The script
/// layer wraps domain types under their own names, so it is left out; a
/// few words name a module's own options or result and are always used
/// with their module's name (`generate::Options`).
#[test]
fn no_two_public_types_share_a_name() {
    const MODULE_WORDS: [&str; 6] = [
        "FormatError",
        "Kind",
        "Options",
        "Outcome",
        "Symmetry",
        "Verdict",
    ];
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    let mut seen: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for file in &files {
        let relative = file.strip_prefix(src()).unwrap();
        let front = ["script", "repl", "commands", "lab", "jupyter"]
            .iter()
            .any(|layer| relative.starts_with(layer));
        if front || relative.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        for name in public_types(&std::fs::read_to_string(file).unwrap()) {
            if MODULE_WORDS.contains(&name.as_str()) {
                continue;
            }
            seen.entry(name)
                .or_default()
                .push(relative.display().to_string());
        }
    }
    let shared: Vec<String> = seen
        .iter()
        .filter(|(_, files)| files.len() > 1)
        .map(|(name, files)| format!("{name}: {}", files.join(", ")))
        .collect();
    assert!(
        shared.is_empty(),
        "public types with the same name:\n{}",
        shared.join("\n")
    );
    // The check sees what it must.
    let planted = "pub struct Board; mod inner { pub enum Kind {} } #[cfg(test)] pub struct Hidden; struct Private; pub type Alias = u8;";
    assert_eq!(public_types(planted), ["Board", "Kind"]);
}

/// Files a reader can hold in mind: none in `src/` is over 700 lines
/// (split along a seam instead, as `polyomino/search/` and
/// `sudoku/formats/` were).
#[test]
fn no_source_file_is_over_700_lines() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > 700).then(|| format!("{}: {lines} lines", file.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over 700 lines:\n{}",
        long.join("\n")
    );
}

/// Lines of source `text` that print to the terminal directly: a print
/// macro, or a path to stderr or stdout.
fn direct_prints(text: &str) -> Vec<String> {
    const PRINTS: &[&str] = &["print", "println", "eprint", "eprintln", "dbg"];
    let file = match syn::parse_file(text) {
        Ok(f) => f,
        Err(e) => return vec![format!("does not parse: {e}")],
    };
    let mut uses = Uses::default();
    uses.visit_file(&file);
    let mut out = Vec::new();
    for u in uses.found {
        let joined = u.path.join("::");
        let what = if u.is_macro {
            PRINTS
                .contains(&u.path[0].as_str())
                .then(|| format!("{joined}!"))
        } else {
            (joined.ends_with("io::stderr") || joined.ends_with("io::stdout")).then_some(joined)
        };
        if let Some(what) = what {
            out.push(format!("{}: {what}", u.line));
        }
    }
    out
}

/// Text from files and scripts reaches the terminal only through the
/// writers in `repl/host.rs` (`write_stdout`, `write_stderr`, ...), which
/// show control characters escaped (issue 50, item 6): nothing in the
/// front end or the layers it drives (`repl`, `commands`, `lab`,
/// `script`, `main.rs`) prints any other way. (`jupyter` is left out: its
/// stderr lines are the kernel's own log, and what it shows goes to the
/// notebook, not a terminal.)
#[test]
fn the_terminal_is_written_only_through_the_escaping_writers() {
    let mut files = Vec::new();
    for dir in ["repl", "commands", "lab", "script"] {
        rust_files(&src().join(dir), &mut files);
    }
    files.push(src().join("main.rs"));
    files.sort();
    assert!(files.len() > 30, "sources found: {}", files.len());
    let mut found = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(src()).unwrap();
        if relative == Path::new("repl/host.rs")
            || relative.file_name().is_some_and(|n| n == "tests.rs")
        {
            continue;
        }
        for line in direct_prints(&std::fs::read_to_string(file).unwrap()) {
            found.push(format!("src/{}:{line}", relative.display()));
        }
    }
    assert!(
        found.is_empty(),
        "printing around the escaping writers of repl/host.rs:\n{}",
        found.join("\n")
    );
    let planted = "fn f(e: &str) {\n    eprintln!(\"{e}\");\n    let _ = writeln!(std::io::stderr(), \"x\");\n}\n#[cfg(test)]\nmod tests { fn g() { println!(\"ok\"); } }\n";
    assert_eq!(
        direct_prints(planted),
        ["2: eprintln!", "3: std::io::stderr"]
    );
}

/// Words ARCHITECTURE.md puts in backticks that are not puzzlelab's names:
/// Rust's, Rhai's, the terminal's, a program's, a cell's, the placing
/// session's answers.
const NOT_OURS: &[&str] = &[
    "Display",
    "NO_COLOR",
    "catch",
    "switch",
    "on_progress",
    "serate",
    "r3c5",
    "h",
    "s",
];

/// What the names of ARCHITECTURE.md are checked against (the rule is at
/// the top of that file).
struct Tree {
    repo: PathBuf,
    /// Every file and folder under `src/`, relative to it, `.rs` dropped.
    src_paths: Vec<String>,
    /// File and folder names of `src/` (`.rs` dropped) and of the top.
    stems: std::collections::HashSet<String>,
    /// Names defined in `src/`, `tests/` and `benches/`, and dependencies.
    defined: std::collections::HashSet<String>,
}

fn identifiers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

fn is_identifier(s: &str) -> bool {
    identifiers(s).next() == Some(s)
}

impl Tree {
    fn read(repo: &Path) -> Tree {
        fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                let path = entry.path();
                let rel = path.strip_prefix(base).unwrap().to_string_lossy();
                out.push(rel.trim_end_matches(".rs").to_string());
                if path.is_dir() {
                    walk(&path, base, out);
                }
            }
        }
        let mut src_paths = Vec::new();
        walk(&repo.join("src"), &repo.join("src"), &mut src_paths);
        let mut stems: std::collections::HashSet<String> = src_paths
            .iter()
            .map(|p| p.rsplit('/').next().unwrap().to_string())
            .collect();
        for entry in std::fs::read_dir(repo).unwrap().flatten() {
            stems.insert(entry.file_name().to_string_lossy().into_owned());
        }
        let mut defined = std::collections::HashSet::new();
        let mut files = Vec::new();
        for dir in ["src", "tests", "benches"] {
            rust_files(&repo.join(dir), &mut files);
        }
        const KEYWORDS: [&str; 8] = [
            "fn", "struct", "enum", "trait", "type", "const", "static", "mod",
        ];
        for file in files {
            let text = std::fs::read_to_string(file).unwrap();
            let words: Vec<&str> = identifiers(&text).collect();
            for pair in words.windows(2) {
                if KEYWORDS.contains(&pair[0]) {
                    defined.insert(pair[1].to_string());
                }
            }
            for line in text.lines() {
                // An enum's variant: `    Name,`, `Name(..)`, `Name { .. }`.
                let line = line.trim_start();
                if let Some(word) = identifiers(line).next()
                    && line.starts_with(word)
                    && word.starts_with(|c: char| c.is_ascii_uppercase())
                    && line[word.len()..].trim_start().starts_with([',', '(', '{'])
                {
                    defined.insert(word.to_string());
                }
                // A Rhai function's registered name: `name = "..."`.
                if let Some((_, rest)) = line.split_once("name = \"")
                    && let Some((name, _)) = rest.split_once('"')
                {
                    defined.insert(name.to_string());
                }
            }
        }
        let cargo = std::fs::read_to_string(repo.join("Cargo.toml")).unwrap();
        let mut in_dependencies = false;
        for line in cargo.lines() {
            if line.starts_with('[') {
                in_dependencies = line.contains("dependencies");
            } else if in_dependencies && let Some((name, _)) = line.split_once('=') {
                defined.insert(name.trim().replace('-', "_"));
            }
        }
        Tree {
            repo: repo.to_path_buf(),
            src_paths,
            stems,
            defined,
        }
    }

    fn name_exists(&self, name: &str) -> bool {
        self.defined.contains(name) || self.stems.contains(name) || NOT_OURS.contains(&name)
    }

    /// The text of module `module` (a path under `src/`, no `.rs`): its
    /// file and every file in its folder.
    fn module_text(&self, module: &str) -> String {
        let mut files = Vec::new();
        rust_files(&self.repo.join("src").join(module), &mut files);
        files.push(self.repo.join("src").join(format!("{module}.rs")));
        files
            .iter()
            .filter_map(|f| std::fs::read_to_string(f).ok())
            .collect()
    }

    /// Does `a::b::c` name modules of `src/`, then words of the last one?
    fn rust_path_exists(&self, path: &str) -> bool {
        let mut names: Vec<&str> = path.split("::").collect();
        if names[0] == "crate" {
            names.remove(0);
        }
        let starts: Vec<&String> = self
            .src_paths
            .iter()
            .filter(|p| p.rsplit('/').next() == Some(names[0]))
            .collect();
        if starts.is_empty() {
            return names.iter().all(|n| self.name_exists(n));
        }
        starts.into_iter().any(|start| {
            let mut module = start.clone();
            let mut rest = &names[1..];
            while let Some((first, more)) = rest.split_first() {
                let down = format!("{module}/{first}");
                if !self.src_paths.contains(&down) {
                    break;
                }
                module = down;
                rest = more;
            }
            let text = self.module_text(&module);
            rest.iter().all(|n| identifiers(&text).any(|w| w == *n))
        })
    }

    /// The names in backticks of `text`, outside fenced blocks, that do
    /// not exist.
    fn unknown(&self, text: &str) -> Vec<String> {
        const ROOTS: [&str; 7] = [
            "src/", "tests/", "benches/", "labs/", "docs/", "scripts/", "fuzz/",
        ];
        let mut fence = false;
        let prose: Vec<&str> = text
            .lines()
            .filter(|l| {
                if l.trim_start().starts_with("```") {
                    fence = !fence;
                    return false;
                }
                !fence
            })
            .collect();
        let prose = prose.join("\n");
        let mut unknown = Vec::new();
        for span in prose.split('`').skip(1).step_by(2) {
            if span.contains(char::is_whitespace) || span.contains('*') || span.is_empty() {
                continue;
            }
            let (path, item) = span.split_once("::").unwrap_or((span, ""));
            let ok = if ROOTS.iter().any(|r| span.starts_with(r)) {
                let p = self.repo.join(path);
                p.exists() || p.with_extension("rs").exists()
            } else if path.contains('/')
                && path
                    .split('/')
                    .all(|s| is_identifier(s.trim_end_matches(".rs")))
            {
                let path = path.trim_end_matches(".rs");
                let tail = format!("/{path}");
                let file_ok = self
                    .src_paths
                    .iter()
                    .any(|p| p == path || p.ends_with(&tail));
                file_ok && (item.is_empty() || self.name_exists(item))
            } else if span.split("::").all(is_identifier) && span.contains("::") {
                self.rust_path_exists(span)
            } else if is_identifier(span) {
                self.name_exists(span)
            } else {
                true
            };
            if !ok {
                unknown.push(span.to_string());
            }
        }
        unknown
    }
}

#[test]
fn the_code_map_names_what_exists() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tree = Tree::read(repo);
    let text = std::fs::read_to_string(repo.join("ARCHITECTURE.md")).unwrap();
    let unknown = tree.unknown(&text);
    assert!(
        unknown.is_empty(),
        "ARCHITECTURE.md names what is not in the tree (the rule is at its top): {unknown:?}"
    );
    // The check sees what it must: a path, a module path, a module and a
    // function that are not there, and lets real ones and code through.
    let sample = "`src/nowhere.rs` `src/sudoku` `src/repl/cli.rs` `sudoku::no_such_item` \
        `script::session::Session` `human/step` `human/nowhere` `no_such_function` \
        `dfs` `Session` `rayon` `let x = 1` `--shard`\n```text\n`hidden_in_a_fence`\n```\n";
    assert_eq!(
        tree.unknown(sample),
        [
            "src/nowhere.rs",
            "sudoku::no_such_item",
            "human/nowhere",
            "no_such_function"
        ]
    );
}

/// The functions in `text` over `limit` lines, as (first line, length,
/// name): a function's lines run from its `fn` to its closing brace (its
/// doc comment and attributes not counted), a function inside another
/// counted in both.
fn long_functions(text: &str, limit: usize) -> Vec<(usize, usize, String)> {
    struct Lengths {
        limit: usize,
        long: Vec<(usize, usize, String)>,
    }
    impl Lengths {
        fn measure(&mut self, sig: &syn::Signature, block: &syn::Block) {
            let first = sig.fn_token.span.start().line;
            let length = block.brace_token.span.close().end().line + 1 - first;
            if length > self.limit {
                self.long.push((first, length, sig.ident.to_string()));
            }
        }
    }
    impl<'a> syn::visit::Visit<'a> for Lengths {
        fn visit_item_fn(&mut self, f: &'a syn::ItemFn) {
            self.measure(&f.sig, &f.block);
            syn::visit::visit_item_fn(self, f);
        }
        fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
            self.measure(&f.sig, &f.block);
            syn::visit::visit_impl_item_fn(self, f);
        }
        fn visit_trait_item_fn(&mut self, f: &'a syn::TraitItemFn) {
            if let Some(block) = &f.default {
                self.measure(&f.sig, block);
            }
            syn::visit::visit_trait_item_fn(self, f);
        }
    }
    let file = syn::parse_file(text).unwrap_or_else(|e| panic!("not Rust: {e}"));
    let mut lengths = Lengths {
        limit,
        long: Vec::new(),
    };
    syn::visit::Visit::visit_file(&mut lengths, &file);
    lengths.long
}

/// The longest a function in `src/` may be (#54): past it, split the work
/// into steps named for what each does, as the canonical-form searches
/// and the packing tables' `build` were.
const FUNCTION_LINES: usize = 120;

/// Functions allowed over [`FUNCTION_LINES`], with why: the Sudoku
/// solver's two AVX-512 kernels, each one pass over state held in vector
/// registers, tuned instruction by instruction; splitting them waits for
/// a measurement of its own (#54 did not name them).
const LONG_FUNCTIONS: &[(&str, &str)] = &[
    ("sudoku/solver/v4.rs", "settle_avx512"),
    ("sudoku/solver/v4_clues.rs", "from_cells_avx512"),
];

#[test]
fn no_function_is_over_120_lines() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    let mut long = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(src()).unwrap().to_string_lossy();
        let text = std::fs::read_to_string(file).unwrap();
        for (line, length, name) in long_functions(&text, FUNCTION_LINES) {
            if !LONG_FUNCTIONS.contains(&(relative.as_ref(), name.as_str())) {
                long.push(format!("src/{relative}:{line}: `{name}` is {length} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {FUNCTION_LINES} lines (split each into named steps):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_function_length_check_sees_what_it_must() {
    let body = |n: usize| "    let _ = 1;\n".repeat(n);
    let planted = format!(
        "fn short() {{\n{}}}\n\
         impl S {{\n    fn method(&self) {{\n{}    }}\n}}\n\
         trait T {{\n    fn provided() {{\n{}    }}\n    fn required();\n}}\n\
         mod m {{\n    pub fn outer() {{\n        fn inner() {{\n{}        }}\n    }}\n}}\n",
        body(118),
        body(119),
        body(200),
        body(119),
    );
    let found: Vec<(usize, String)> = long_functions(&planted, 120)
        .into_iter()
        .map(|(_, length, name)| (length, name))
        .collect();
    assert_eq!(
        found,
        [
            (121, "method".to_string()),
            (202, "provided".to_string()),
            (123, "outer".to_string()),
            (121, "inner".to_string()),
        ]
    );
}
