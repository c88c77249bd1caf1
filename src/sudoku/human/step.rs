//! A step (what one technique found and what it changes), the links of
//! a chain, and the sink finders report steps into.

use std::ops::ControlFlow;

use super::CandidateGrid;
use crate::monitor::Monitor;

/// One deduction: what a technique found and what it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// SE's name of the technique, e.g. `Hidden Single`, `XY-Wing`.
    pub technique: &'static str,
    /// SE's rating of this instance, in tenths (`26` = 2.6).
    pub rating: u8,
    /// Digits placed, as (cell 0..81, digit).
    pub placed: Vec<(usize, u8)>,
    /// Candidates removed, as (cell 0..81, digit).
    pub removed: Vec<(usize, u8)>,
    /// The cells the pattern is made of.
    pub cells: Vec<usize>,
    /// One line a person can follow.
    pub text: String,
    /// True when SE would take this very step: no technique SE tries
    /// earlier is missing here,
    /// and the finder could tell SE's choice among its instances. [`hint`](super::path::hint)
    /// and [`explain`](super::path::explain) clear it for the first reason, a finder for the
    /// second.
    pub exact: bool,
    /// The links of a chain, in order (empty for patterns that are not
    /// chains); pictures draw them as arrows.
    pub links: Vec<Link>,
}

/// One link of a chain, between two candidates (cell 0..81, digit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// Where the link starts.
    pub from: (usize, u8),
    /// Where it ends.
    pub to: (usize, u8),
    /// True for a strong link (if `from` is false, `to` is true), false
    /// for a weak one (if `from` is true, `to` is false).
    pub strong: bool,
}

impl Step {
    /// A step that places `digit` in `cell`, found on the pattern `cells`
    /// (SE's choice, not a chain). The text comes before what it names is
    /// moved in.
    pub fn placing(
        technique: &'static str,
        rating: u8,
        text: String,
        (cell, digit): (usize, u8),
        cells: Vec<usize>,
    ) -> Step {
        Step {
            technique,
            rating,
            placed: vec![(cell, digit)],
            removed: vec![],
            cells,
            text,
            exact: true,
            links: Vec::new(),
        }
    }

    /// A step that removes the candidates `removed`, found on the pattern
    /// `cells` (SE's choice, not a chain); the text first, as in
    /// [`Step::placing`].
    pub fn removing(
        technique: &'static str,
        rating: u8,
        text: String,
        cells: Vec<usize>,
        removed: Vec<(usize, u8)>,
    ) -> Step {
        Step {
            technique,
            rating,
            placed: vec![],
            removed,
            cells,
            text,
            exact: true,
            links: Vec::new(),
        }
    }

    /// The rating as SE prints it (one decimal).
    pub fn rating_f64(&self) -> f64 {
        f64::from(self.rating) / 10.0
    }

    /// The step as a hint in stages, the way Sudoku Explainer hands out
    /// clues: stage 1 says where to look (the rows, columns or block the
    /// pattern shares, else its blocks, and the digit when the step is
    /// about one), stage 2 adds which technique and its rating, stage 3
    /// (and any later one) is the whole step. Stage 0 counts as 1.
    pub fn stage(&self, level: u8) -> String {
        let place = self.where_to_look();
        match level {
            0 | 1 => format!("Look at {place}."),
            2 => format!(
                "Look at {place}: the technique is {} ({:.1}).",
                self.technique,
                self.rating_f64()
            ),
            _ => self.text.clone(),
        }
    }

    /// Where the step is: its digit, if one, and the houses its cells
    /// share (`row 7 and block 9`), or else the blocks they lie in.
    fn where_to_look(&self) -> String {
        let mut cells = self.cells.clone();
        if cells.is_empty() {
            cells = self
                .placed
                .iter()
                .chain(&self.removed)
                .map(|&(c, _)| c)
                .collect();
        }
        let distinct = |f: fn(usize) -> usize| -> Vec<usize> {
            let mut v: Vec<usize> = cells.iter().map(|&c| f(c) + 1).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let (rows, cols, blocks) = (
            distinct(|c| c / 9),
            distinct(|c| c % 9),
            distinct(|c| c / 27 * 3 + c % 9 / 3),
        );
        let mut shared = Vec::new();
        for (name, set) in [("row", &rows), ("column", &cols), ("block", &blocks)] {
            // One cell shares all three: its block alone says where,
            // without naming the cell.
            if set.len() == 1 && (cells.len() > 1 || name == "block") {
                shared.push(format!("{name} {}", set[0]));
            }
        }
        let houses = if !shared.is_empty() {
            shared.join(" and ")
        } else {
            let list: Vec<String> = blocks.iter().map(|b| b.to_string()).collect();
            match list.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("blocks {} and {last}", rest.join(", "))
                }
                _ => format!("block {}", list.join("")),
            }
        };
        let mut digits: Vec<u8> = self
            .placed
            .iter()
            .chain(&self.removed)
            .map(|&(_, d)| d)
            .collect();
        digits.sort_unstable();
        digits.dedup();
        match digits[..] {
            [d] => format!("the {d}s of {houses}"),
            _ => houses,
        }
    }

    /// Applies the step to a board.
    pub fn apply(&self, b: &mut CandidateGrid) {
        for &(c, d) in &self.removed {
            b.remove(c, d);
        }
        for &(c, d) in &self.placed {
            b.place(c, d);
        }
    }
}

/// Where a finder puts what it finds; stops it after the first instance
/// when only that is wanted, or when the monitor says stop (a finder with
/// long searches polls [`Sink::cancelled`]).
pub struct Sink<'m> {
    pub(super) steps: Vec<Step>,
    pub(super) first_only: bool,
    pub(super) monitor: &'m dyn Monitor,
    pub(super) stopped: bool,
}

impl<'m> Sink<'m> {
    #[cfg(test)]
    pub(super) fn new(first_only: bool) -> Sink<'static> {
        Sink::watched(first_only, &crate::monitor::Silent)
    }

    pub(super) fn watched(first_only: bool, monitor: &'m dyn Monitor) -> Sink<'m> {
        Sink {
            steps: Vec::new(),
            first_only,
            monitor,
            stopped: false,
        }
    }

    /// True once the monitor asked to stop: the finder should return
    /// `Break` at once (its steps are then incomplete, and marked so).
    pub(super) fn cancelled(&mut self) -> bool {
        self.stopped |= self.monitor.cancelled();
        self.stopped
    }

    /// Records a step; `Break` when the finder should stop.
    pub(super) fn add(&mut self, step: Step) -> ControlFlow<()> {
        self.steps.push(step);
        if self.first_only {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
