//! Completion for any front end: commands, lab names after `:lab`, and
//! script names (variables, the built-in puzzles, functions, keywords);
//! after `value.` only the functions that take that value's type first
//! (Rhai calls `g.filled()` and `g.filled` as `filled(g)`).

use super::{COMMANDS, CommandContext};

/// Script words that complete besides function and variable names.
const KEYWORDS: &[&str] = &[
    "let", "const", "fn", "if", "else", "while", "loop", "for", "in", "break", "continue",
    "return", "throw", "try", "catch", "true", "false", "switch", "do", "until", "help",
];

/// What may replace the text from byte `start` to the cursor.
#[derive(Debug, Default, PartialEq)]
pub struct Completion {
    /// Where the word being completed starts (a byte offset in the line).
    pub start: usize,
    /// The words it may become, sorted.
    pub candidates: Vec<String>,
}

/// Completions for `line` with the cursor at byte `pos` (`:load FILE` is
/// left to the front end, which knows its file system).
pub fn complete(ctx: &CommandContext, line: &str, pos: usize) -> Completion {
    let pos = pos.min(line.len());
    let before = &line[..pos];
    let trimmed = before.trim_start();
    if let Some(prefix) = trimmed.strip_prefix(":lab ") {
        let prefix = prefix.trim_start();
        return Completion {
            start: pos - prefix.len(),
            candidates: crate::lab::list()
                .into_iter()
                .map(|l| l.name)
                .filter(|n| n.starts_with(prefix))
                .collect(),
        };
    }
    // A command: the first word of the input, starting with ':'.
    if trimmed.starts_with(':') && !trimmed.contains(' ') {
        return Completion {
            start: before.len() - trimmed.len(),
            candidates: COMMANDS
                .iter()
                .map(|(c, _)| c.to_string())
                .filter(|c| c.starts_with(trimmed))
                .collect(),
        };
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
        .last()
        .map_or(pos, |(i, _)| i);
    let word = &before[start..];
    if let Some(receiver) = before[..start].strip_suffix('.') {
        let var_start = receiver
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
            .last()
            .map_or(receiver.len(), |(i, _)| i);
        if let Some(methods) = methods(ctx, &receiver[var_start..], word) {
            return Completion {
                start,
                candidates: methods,
            };
        }
    }
    if word.is_empty() {
        return Completion {
            start: pos,
            candidates: Vec::new(),
        };
    }
    Completion {
        start,
        candidates: names(ctx, word),
    }
}

/// The functions that take variable `var`'s value as their first argument
/// and start with `word`: puzzlelab's whose first parameter has its type,
/// and the session's own functions; `None` when `var` is not a variable.
pub fn methods(ctx: &CommandContext, var: &str, word: &str) -> Option<Vec<String>> {
    let session = ctx.session();
    let value = session.var(var)?;
    let type_name = super::listing::type_name(session, &value);
    let mut out: Vec<String> = crate::script::help::docs()
        .iter()
        .filter(|d| d.name.starts_with(word))
        .filter(|d| {
            let first = d.signature.split(['(', ',', ')']).nth(1).unwrap_or("");
            let ty = first.rsplit(':').next().unwrap_or("").trim();
            ty == type_name || ty == "any"
        })
        .map(|d| d.name.clone())
        .collect();
    for defined in [session.functions(), session.lab_functions()] {
        out.extend(
            defined
                .iter_functions()
                .filter(|f| !f.params.is_empty() && !f.name.starts_with("anon$"))
                .map(|f| f.name.to_string())
                .filter(|n| n.starts_with(word)),
        );
    }
    out.sort();
    out.dedup();
    Some(out)
}

/// Variables, built-in puzzles, functions and keywords starting with `word`.
fn names(ctx: &CommandContext, word: &str) -> Vec<String> {
    let session = ctx.session();
    let mut out: Vec<String> = session
        .scope()
        .iter_raw()
        .map(|(name, ..)| name.to_string())
        .chain(crate::script::builtins::names().map(String::from))
        .filter(|n| n.starts_with(word))
        .collect();
    for defined in [session.functions(), session.lab_functions()] {
        out.extend(
            defined
                .iter_functions()
                .map(|f| f.name.to_string())
                .filter(|n| n.starts_with(word) && !n.starts_with("anon$")),
        );
    }
    out.extend(
        builtin_names(ctx)
            .iter()
            .filter(|n| n.starts_with(word))
            .cloned(),
    );
    out.extend(
        KEYWORDS
            .iter()
            .filter(|k| k.starts_with(word))
            .map(|k| k.to_string()),
    );
    out.sort();
    out.dedup();
    out
}

/// Every function name the engine knows (domains and Rhai's standard
/// library), gathered on the first completion so that startup stays quick.
fn builtin_names(ctx: &CommandContext) -> &[String] {
    ctx.builtin_names.get_or_init(|| {
        let mut names = crate::script::help::names();
        for sig in ctx.session().engine().gen_fn_signatures(true) {
            let name: String = sig
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name.chars().next().is_some_and(|c| c.is_alphabetic()) {
                names.push(name);
            }
        }
        names.sort();
        names.dedup();
        names
    })
}
