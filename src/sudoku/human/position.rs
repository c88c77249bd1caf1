//! Positions part-way through a solving path, for a learner to reach: a
//! step applied to the position it was found on ([`apply_step`], checked
//! against that position), and the position where a technique is SE's next
//! step ([`position_before`]).

use std::fmt;

use super::board::CandidateGrid;
use super::path::{contradiction, hint_watched};
use super::{Step, path::missing_names};
use crate::monitor::Monitor;
use crate::sudoku::grid::cell_name;

/// Why a step cannot be applied, or a technique's position not reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The step names a candidate the position does not have: it was found
    /// on another position. `what` is `places` or `removes`.
    NotACandidate {
        what: &'static str,
        cell: usize,
        digit: u8,
    },
    /// The step places nothing and removes nothing (a `stuck` hint).
    Empty,
    /// The path ends (solved, stuck or contradictory) before the technique
    /// is next; `seen` lists the path's techniques in first-use order.
    NotOnPath {
        technique: String,
        steps: usize,
        end: String,
        seen: Vec<&'static str>,
    },
    /// The monitor said stop.
    Stopped { steps: usize },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NotACandidate { what, cell, digit } => write!(
                f,
                "the step {what} {digit} at {}, which is not a candidate there: apply a step to the position it was found on",
                cell_name(*cell)
            ),
            PositionError::Empty => {
                f.write_str("the step places no digit and removes no candidate")
            }
            PositionError::NotOnPath {
                technique,
                steps,
                end,
                seen,
            } => write!(
                f,
                "{technique:?} is never the next step: the path {end} after {steps} steps, using {} (techniques() lists the names)",
                if seen.is_empty() {
                    "no technique".to_string()
                } else {
                    seen.join(", ")
                }
            ),
            PositionError::Stopped { steps } => {
                write!(f, "stopped (Ctrl+C) after {steps} steps")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// The position after a step's removals and placements, as the engine
/// applies them: a placed digit fills its cell and leaves its peers. Every
/// candidate the step names must be one of `b`'s, so a step is never applied
/// to a position it was not found on (or one consistent with it).
pub fn apply_step(
    b: &CandidateGrid,
    placed: &[(usize, u8)],
    removed: &[(usize, u8)],
) -> Result<CandidateGrid, PositionError> {
    if placed.is_empty() && removed.is_empty() {
        return Err(PositionError::Empty);
    }
    let check = |what: &'static str, &(cell, digit): &(usize, u8)| {
        let present = cell < 81 && (1..=9).contains(&digit) && b.cand(cell) >> (digit - 1) & 1 == 1;
        match present {
            true => Ok(()),
            false => Err(PositionError::NotACandidate { what, cell, digit }),
        }
    };
    for cd in placed {
        check("places", cd)?;
    }
    for cd in removed {
        check("removes", cd)?;
    }
    let mut next = *b;
    for &(c, d) in removed {
        next.remove(c, d);
    }
    for &(c, d) in placed {
        next.place(c, d);
    }
    Ok(next)
}

/// True when a step's technique is the one named: the same name (any
/// case), or the name followed by more words (`Unique Rectangle` names
/// `Unique Rectangle type 2`, `BUG` every BUG type).
pub fn technique_matches(technique: &str, name: &str) -> bool {
    let name = name.trim();
    !name.is_empty()
        && technique.len() >= name.len()
        && technique.is_char_boundary(name.len())
        && technique[..name.len()].eq_ignore_ascii_case(name)
        && (technique.len() == name.len() || technique[name.len()..].starts_with(' '))
}

/// A position on SE's path and the step taken there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Before {
    /// The position just before the step.
    pub position: CandidateGrid,
    /// The step SE takes there (see [`hint`](super::hint)).
    pub step: Step,
    /// How many steps came before it.
    pub index: usize,
}

/// Walks the path from `start` (as [`super::explain`] does) to the first
/// position whose next step is of the technique `name` (see
/// [`technique_matches`]).
pub fn position_before(
    start: &CandidateGrid,
    name: &str,
    monitor: &dyn Monitor,
) -> Result<Before, PositionError> {
    position_before_capped(start, name, u8::MAX, monitor)
}

/// [`position_before`] that gives up at the first step rated above `cap`
/// (in tenths): the steps past it are the slowest to find.
pub fn position_before_capped(
    start: &CandidateGrid,
    name: &str,
    cap: u8,
    monitor: &dyn Monitor,
) -> Result<Before, PositionError> {
    let mut b = *start;
    let mut seen: Vec<&'static str> = Vec::new();
    let mut index = 0;
    let end = loop {
        if monitor.cancelled() {
            return Err(PositionError::Stopped { steps: index });
        }
        if b.is_solved() {
            break "is solved".to_string();
        }
        if let Some(why) = contradiction(&b) {
            break format!("has no solution ({why})");
        }
        let Ok(found) = hint_watched(&b, monitor) else {
            return Err(PositionError::Stopped { steps: index });
        };
        let Some(step) = found else {
            break format!("gets stuck (SE goes on with one of: {})", missing_names());
        };
        if technique_matches(step.technique, name) {
            return Ok(Before {
                position: b,
                step,
                index,
            });
        }
        if !seen.contains(&step.technique) {
            seen.push(step.technique);
        }
        if step.rating > cap {
            break format!("needs a step rated above {}.{} first", cap / 10, cap % 10);
        }
        step.apply(&mut b);
        index += 1;
    };
    Err(PositionError::NotOnPath {
        technique: name.trim().to_string(),
        steps: index,
        end,
        seen,
    })
}
