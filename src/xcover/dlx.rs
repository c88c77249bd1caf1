//! Knuth's input format for dlx1 and dlx2, read and written as his
//! programs take it: lines whose first non-blank character is `|` are
//! comments and blank lines are skipped; the first other line lists the
//! items, with `|` before the secondary ones; every later line is one
//! option, its items separated by spaces, `item:colour` giving a secondary
//! item a colour. (Knuth's 8-character cap on names and one-character
//! colours are not enforced; an option with no primary item is kept, and
//! never chosen, so option numbers are line order.)

use std::collections::HashMap;
use std::fmt;

use super::{CoverProblem, ProblemError, add_item};
use crate::monitor::Monitor;

/// A line of dlx input that breaks a rule, at `file:line:col` (columns in
/// characters, from 1), or a reading the monitor stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DlxError {
    Bad {
        file: String,
        line: usize,
        col: usize,
        message: String,
    },
    Stopped {
        line: usize,
    },
}

impl fmt::Display for DlxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DlxError::Bad {
                file,
                line,
                col,
                message,
            } => write!(f, "{file}:{line}:{col}: {message}"),
            DlxError::Stopped { line } => write!(f, "stopped at line {line}"),
        }
    }
}

impl std::error::Error for DlxError {}

/// The words of `line` with their columns (from 1, in characters).
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut col = 0;
    let mut start = None;
    let mut out = Vec::new();
    for (at, c) in line.char_indices() {
        col += 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((at, col)),
            (true, Some((s, sc))) => {
                out.push((sc, &line[s..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, sc)) = start {
        out.push((sc, &line[s..]));
    }
    out.into_iter()
}

/// Whether a line is skipped: blank, or a comment (`|` first).
fn skipped(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('|')
}

/// Reads dlx input; `file` names it in errors. The monitor is asked every
/// 4,096 lines (a huge input stops on Ctrl+C or the memory budget).
pub fn parse(text: &str, file: &str, monitor: &dyn Monitor) -> Result<CoverProblem, DlxError> {
    let bad = |line: usize, col: usize, message: String| DlxError::Bad {
        file: file.to_string(),
        line,
        col,
        message,
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let Some((item_line, items)) = lines.by_ref().find(|(_, l)| !skipped(l)) else {
        return Err(bad(
            1,
            1,
            "no items: the first line that is not a comment must list them".into(),
        ));
    };
    let mut p = CoverProblem::default();
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut secondary = false;
    for (col, word) in words(items) {
        // `|` may touch the name after it, as Knuth's reader allows.
        let (bar, name, name_col) = match word.strip_prefix('|') {
            Some(rest) => (true, rest, col + 1),
            None => (false, word, col),
        };
        if bar {
            if secondary {
                return Err(bad(item_line, col, "the item line holds '|' twice".into()));
            }
            secondary = true;
            p.primary = p.items.len();
        }
        if name.is_empty() {
            continue;
        }
        let kind = if secondary { "secondary" } else { "primary" };
        add_item(&mut p, &mut index, name, kind)
            .map_err(|e: ProblemError| bad(item_line, name_col, e.message))?;
    }
    if !secondary {
        p.primary = p.items.len();
    }
    if p.primary == 0 {
        return Err(bad(
            item_line,
            1,
            "no primary items: list them before '|'".into(),
        ));
    }
    let mut colours: HashMap<String, u32> = HashMap::new();
    for (n, line) in lines {
        if n.is_multiple_of(4096) && monitor.cancelled() {
            return Err(DlxError::Stopped { line: n });
        }
        if skipped(line) {
            continue;
        }
        let mut entries = Vec::new();
        for (col, word) in words(line) {
            let mut one = p
                .parse_option(std::iter::once(word), &index, &mut colours)
                .map_err(|m| bad(n, col, m))?;
            let e = one.pop().expect("one entry parsed");
            if entries.iter().any(|x: &super::Entry| x.item == e.item) {
                return Err(bad(
                    n,
                    col,
                    format!("item {:?} appears twice", p.items[e.item as usize]),
                ));
            }
            entries.push(e);
        }
        p.options.push(entries);
    }
    Ok(p)
}

/// The problem as dlx input: the item line (`|` before secondary items
/// when there are any), then one option a line.
pub fn write(p: &CoverProblem) -> String {
    let mut out = p.items[..p.primary].join(" ");
    if p.primary < p.items.len() {
        out.push_str(" | ");
        out.push_str(&p.secondary().join(" "));
    }
    out.push('\n');
    for i in 0..p.options.len() {
        out.push_str(&p.option_texts(i).join(" "));
        out.push('\n');
    }
    out
}
