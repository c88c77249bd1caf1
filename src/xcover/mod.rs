//! Exact cover with secondary items and colours (Knuth's XCC, as his dlx1
//! and dlx2 solve it): choose options so that every primary item is in
//! exactly one of them and every secondary item in at most one, except that
//! options giving a secondary item the same colour may share it.
//!
//! - [`CoverProblem`]: items (primary first, then secondary) and options, each a
//!   list of items with an optional colour; built from names with every
//!   rule checked ([`CoverProblem::from_names`]).
//! - [`dlx`]: Knuth's text format, read and written.
//! - [`solve`]: the search (bitsets of live options, fewest-options
//!   branching), counting or listing, on threads, by shard.
//!
//! Plain Rust: no Rhai, no terminal.

pub mod dlx;
mod search;

use std::collections::HashMap;
use std::fmt;

pub use search::{Options, Outcome, SolveError, StopCause, solve};

/// One item of an option: the item's index and its colour (an index into
/// [`CoverProblem::colours`]), for a secondary item only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub item: u32,
    pub colour: Option<u32>,
}

/// An exact cover problem with colours.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoverProblem {
    /// Item names: the first `primary` are primary, the rest secondary.
    pub items: Vec<String>,
    pub primary: usize,
    /// The options, in their given order (solutions name them by index).
    pub options: Vec<Vec<Entry>>,
    /// Colour names, in order of first use.
    pub colours: Vec<String>,
}

/// What is wrong with a problem given by names, and where: `option` is the
/// option's index (from 0), `None` for the item lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemError {
    pub option: Option<usize>,
    pub message: String,
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.option {
            Some(i) => write!(f, "options[{i}]: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ProblemError {}

/// An entry as written: `item` or `item:colour`.
pub fn split_entry(text: &str) -> (&str, Option<&str>) {
    match text.split_once(':') {
        Some((item, colour)) => (item, Some(colour)),
        None => (text, None),
    }
}

impl CoverProblem {
    /// A problem from names. `primary`: the primary items, or `None` for
    /// every item an option names that is not secondary (in order of first
    /// use); `secondary`: the secondary items (one no option uses is
    /// allowed); `options`: each a list of `item` or `item:colour`.
    pub fn from_names<S: AsRef<str>>(
        primary: Option<&[S]>,
        secondary: &[S],
        options: &[Vec<S>],
    ) -> Result<CoverProblem, ProblemError> {
        let mut p = CoverProblem::default();
        let mut index: HashMap<String, u32> = HashMap::new();
        let secondary_names: std::collections::HashSet<&str> =
            secondary.iter().map(|s| s.as_ref()).collect();
        match primary {
            Some(names) => {
                for n in names {
                    add_item(&mut p, &mut index, n.as_ref(), "primary")?;
                }
            }
            None => {
                for option in options {
                    for e in option {
                        let (item, _) = split_entry(e.as_ref());
                        if !secondary_names.contains(item) && !index.contains_key(item) {
                            if check_name(item).is_err() {
                                continue; // reported with its option below
                            }
                            add_item(&mut p, &mut index, item, "primary")?;
                        }
                    }
                }
            }
        }
        p.primary = p.items.len();
        for n in secondary {
            add_item(&mut p, &mut index, n.as_ref(), "secondary")?;
        }
        let mut colours: HashMap<String, u32> = HashMap::new();
        for (i, option) in options.iter().enumerate() {
            let entries = p
                .parse_option(option.iter().map(|s| s.as_ref()), &index, &mut colours)
                .map_err(|message| ProblemError {
                    option: Some(i),
                    message,
                })?;
            p.options.push(entries);
        }
        Ok(p)
    }

    /// One option's entries from their texts, every rule checked; the
    /// message says what is wrong with which entry.
    fn parse_option<'a>(
        &mut self,
        texts: impl Iterator<Item = &'a str>,
        index: &HashMap<String, u32>,
        colours: &mut HashMap<String, u32>,
    ) -> Result<Vec<Entry>, String> {
        let mut entries: Vec<Entry> = Vec::new();
        for text in texts {
            let (name, colour) = split_entry(text);
            check_name(name).map_err(|e| format!("item {text:?}: {e}"))?;
            let Some(&item) = index.get(name) else {
                return Err(format!("unknown item {name:?}"));
            };
            if entries.iter().any(|e| e.item == item) {
                return Err(format!("item {name:?} appears twice"));
            }
            let colour = match colour {
                None => None,
                Some("") => return Err(format!("item {text:?}: the colour after ':' is empty")),
                Some(c) if c.contains(char::is_whitespace) || c.contains(':') => {
                    return Err(format!("item {text:?}: a colour is one word without ':'"));
                }
                Some(c) if (item as usize) < self.primary => {
                    return Err(format!(
                        "primary item {name:?} has colour {c:?}: only secondary items take colours"
                    ));
                }
                Some(c) => Some(match colours.get(c) {
                    Some(&k) => k,
                    None => {
                        let k = self.colours.len() as u32;
                        self.colours.push(c.to_string());
                        colours.insert(c.to_string(), k);
                        k
                    }
                }),
            };
            entries.push(Entry { item, colour });
        }
        if entries.is_empty() {
            return Err("the option is empty: it must name at least one item".into());
        }
        Ok(entries)
    }

    /// The secondary items' names.
    pub fn secondary(&self) -> &[String] {
        &self.items[self.primary..]
    }

    /// Option `i` as its entries' texts (`item` or `item:colour`).
    pub fn option_texts(&self, i: usize) -> Vec<String> {
        self.options[i]
            .iter()
            .map(|e| {
                let name = &self.items[e.item as usize];
                match e.colour {
                    Some(c) => format!("{name}:{}", self.colours[c as usize]),
                    None => name.clone(),
                }
            })
            .collect()
    }
}

/// Adds item `name` (of `kind`, primary or secondary) to `p`, refusing a
/// bad name and a name listed before.
fn add_item(
    p: &mut CoverProblem,
    index: &mut HashMap<String, u32>,
    name: &str,
    kind: &str,
) -> Result<(), ProblemError> {
    let list_error = |message: String| ProblemError {
        option: None,
        message,
    };
    check_name(name).map_err(|e| list_error(format!("{kind} item {name:?}: {e}")))?;
    if let Some(&k) = index.get(name) {
        let was = if (k as usize) < p.primary || p.primary == 0 && kind == "primary" {
            "primary"
        } else {
            "secondary"
        };
        return Err(list_error(format!(
            "item {name:?} is listed twice (as {was} and as {kind})"
        )));
    }
    index.insert(name.to_string(), p.items.len() as u32);
    p.items.push(name.to_string());
    Ok(())
}

/// Why `name` cannot be an item name (they are written between spaces in
/// Knuth's format, with `:` before a colour and `|` before secondary items).
fn check_name(name: &str) -> Result<(), &'static str> {
    if name.is_empty() {
        Err("an item name cannot be empty")
    } else if name.contains(char::is_whitespace) {
        Err("an item name cannot hold a space")
    } else if name.contains('|') || name.contains(':') {
        Err("an item name cannot hold '|' or ':'")
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
