//! Sudoku Explainer's chaining techniques (its `Chaining` rule): chains of
//! implications between candidates assumed true ("on") or false ("off").
//! [`rules`] holds the implication rules, [`statics`] the first family SE
//! tries ("Forcing Chains & Cycles": bidirectional X-, Y- and XY-cycles,
//! forcing X-chains and forcing chains), [`dynamic`] the implication
//! network of the later families and [`multiple`] those families (Nishio,
//! multiple and dynamic forcing chains, and with [`plus`]'s basic rules
//! inside the searches, "Dynamic Forcing Chain (+)").
//!
//! SE rates a chain by its kind plus a length increment, collects every
//! hint of the rule, sorts them (rating, then chain length, then kind; a
//! stable sort, so ties keep the search order) and takes the first: each
//! finder here does the same, so the first step it reports is SE's.

mod dynamic;
mod multiple;
mod nested;
mod plus;
mod rules;
mod statics;

use std::ops::ControlFlow;

pub use multiple::{dynamic, dynamic_plus, multiple, nishio};

/// SE's "Nested Forcing Chains" level 2: dynamic chains whose searches
/// also use "Forcing Chains & Cycles" (rated from 9.5).
pub fn nested_forcing_chains(b: &super::CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    multiple::nested(2, b, sink)
}

/// SE's "Nested Forcing Chains" level 3: also static multiple forcing
/// chains inside the searches (rated from 10.0).
pub fn nested_multiple_chains(b: &super::CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    multiple::nested(3, b, sink)
}
/// SE's "Nested Forcing Chains" level 4: dynamic chains inside the
/// searches, at nesting limits 0 (plain), 1 (+), 2 and 3 (nested) in
/// turn, each tried only when the ones before found nothing (serate's
/// four "experimental" producers; rated from 10.5).
pub fn nested_dynamic_chains(b: &super::CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    let before = sink.steps.len();
    for limit in 0..4 {
        multiple::nested_dynamic(limit, b, sink)?;
        if sink.steps.len() > before {
            break;
        }
    }
    ControlFlow::Continue(())
}
pub use statics::forcing_chains_and_cycles;

use super::{Link, Sink, Step};
use rules::{Pot, cell_of, digit_of};

/// A hint with what SE sorts it by.
struct Found {
    difficulty: f64,
    complexity: usize,
    sort_key: u8,
    step: Step,
}

impl Found {
    /// SE's order of hints (sorted stably): rating, then complexity, then
    /// kind.
    fn se_order(a: &Found, b: &Found) -> std::cmp::Ordering {
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    }
}

/// SE's rating in tenths.
fn tenths(difficulty: f64) -> u8 {
    (difficulty * 10.0).round() as u8
}

/// The links of a chain given from its end back to its start, in order
/// from the start: off->on links are strong, on->off links weak.
fn chain_links(path: &[(Pot, bool)]) -> Vec<Link> {
    path.windows(2)
        .rev()
        .map(|w| {
            let ((to, on), (from, _)) = (w[0], w[1]);
            Link {
                from: (cell_of(from), digit_of(from)),
                to: (cell_of(to), digit_of(to)),
                strong: on,
            }
        })
        .collect()
}

/// Sorts the hints as SE does (stable: rating, then complexity, then kind),
/// drops those removing the same candidates as an earlier one (SE's hint
/// equality), and reports them in that order.
fn emit(mut found: Vec<Found>, sink: &mut Sink) -> ControlFlow<()> {
    found.sort_by(Found::se_order);
    let mut seen: Vec<&[(usize, u8)]> = Vec::new();
    let mut keep = Vec::new();
    for (i, f) in found.iter().enumerate() {
        if !seen.contains(&f.step.removed.as_slice()) {
            seen.push(&f.step.removed);
            keep.push(i);
        }
    }
    let mut found: Vec<Option<Found>> = found.into_iter().map(Some).collect();
    for i in keep {
        if let Some(f) = found[i].take() {
            sink.add(f.step)?;
        }
    }
    ControlFlow::Continue(())
}
