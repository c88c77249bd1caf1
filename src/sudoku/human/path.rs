//! The path SE takes: [`hint`] (the next step), [`explain`] (every step to
//! the solution or to where this engine gets stuck) and [`se_rate`] (ER,
//! EP, ED, or an honest lower bound when the path leaves what is
//! implemented).

use std::fmt;

use super::board::{CandidateGrid, REGIONS};
use super::uniqueness::solutions_up_to_two;
use super::{SE_ORDER, Step};
use crate::monitor::{Monitor, Silent};
use crate::sudoku::grid::{Grid, InvalidGrid, cell_name};
use crate::sudoku::solver;

/// The first implemented technique in SE's order that applies, with its
/// first instance, or `None` when none applies (or the board is solved).
/// The step is [`Step::exact`] when no technique SE tries before it is
/// missing here.
pub fn hint(b: &CandidateGrid) -> Option<Step> {
    hint_watched(b, &Silent).ok().flatten()
}

/// The monitor stopped a search (Ctrl+C): nothing is known of this step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchStopped;

/// [`hint`], polling `monitor` inside long searches.
pub fn hint_watched(
    b: &CandidateGrid,
    monitor: &dyn Monitor,
) -> Result<Option<Step>, SearchStopped> {
    hint_up_to(b, SE_ORDER.len(), monitor)
}

/// [`hint_watched`] trying only the first `producers` entries of
/// [`SE_ORDER`]: `None` then also means SE's next step comes from a later
/// (harder) one, whose searches (the forcing chains) are the slow ones.
pub fn hint_up_to(
    b: &CandidateGrid,
    producers: usize,
    monitor: &dyn Monitor,
) -> Result<Option<Step>, SearchStopped> {
    let mut exact = true;
    let mut warning = None;
    for p in SE_ORDER.iter().take(producers) {
        // SE's warning (no or several solutions) stops it here; a count
        // that gave up is no warning.
        let warned = || solutions_up_to_two(b).is_some_and(|n| n != 1);
        if p.advanced() && *warning.get_or_insert_with(warned) {
            break;
        }
        if !p.implemented() {
            // SE might take the missing technique here: no later step is
            // known to be SE's.
            exact = false;
            continue;
        }
        let (steps, stopped) = p.run_watched(b, true, monitor);
        if stopped {
            return Err(SearchStopped);
        }
        if let Some(mut s) = steps.into_iter().next() {
            s.exact &= exact;
            return Ok(Some(s));
        }
    }
    Ok(None)
}

/// The names of the techniques SE would try that are not implemented.
pub fn missing_names() -> String {
    SE_ORDER
        .iter()
        .filter(|p| !p.implemented())
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every step from a position on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The steps in order.
    pub steps: Vec<Step>,
    /// True when the steps fill the grid.
    pub solved: bool,
    /// Why the steps stop short of the solution (`None` when solved).
    pub stuck: Option<String>,
    /// The position the steps reach.
    pub reached: CandidateGrid,
    /// True when the monitor stopped the walk (Ctrl+C): `stuck` says so
    /// and the steps are only a beginning.
    pub stopped: bool,
    /// True when the walk stopped on a position with one solution where
    /// none of SE's techniques applies (all are implemented here): SE
    /// finds nothing there either and rates the puzzle 20.0, "Beyond
    /// solver".
    pub beyond_solver: bool,
}

/// A cell with no candidate left, or a digit with no place left in a
/// region, when the position has one (it then has no solution).
pub fn contradiction(b: &CandidateGrid) -> Option<String> {
    let dead = b.dead_cells();
    if dead != 0 {
        let c = dead.trailing_zeros() as usize;
        return Some(format!("{} has no candidate left", cell_name(c)));
    }
    for r in 0..REGIONS.len() {
        let (seen, known) = b.region_digits(r);
        // With pencil marks the filled digits are not known.
        if known && seen != 0x1ff {
            let d = (!seen & 0x1ff).trailing_zeros() + 1;
            return Some(format!(
                "{d} has no place left in {}",
                super::region_name(r)
            ));
        }
    }
    None
}

/// Why no step is found from `b`, reached after `steps` steps: it has no
/// solution, or several (so SE's nested chains are not tried), or it needs
/// a technique not implemented here.
pub fn stuck_reason(b: &CandidateGrid, steps: usize) -> String {
    if let Some(why) = contradiction(b) {
        return format!("the position has no solution: {why}");
    }
    match solutions_up_to_two(b) {
        Some(0) => format!("stuck after {steps} steps: the position has no solution"),
        Some(1) | None => {
            let missing = missing_names();
            if beyond_solver(b) {
                format!(
                    "stuck after {steps} steps: none of SE's techniques applies (SE rates such a puzzle 20.0, \"Beyond solver\")"
                )
            } else if missing.is_empty() {
                format!("stuck after {steps} steps: none of SE's techniques applies")
            } else {
                format!(
                    "stuck after {steps} steps: needs a technique not implemented yet (SE goes on with one of: {missing})"
                )
            }
        }
        Some(_) => format!(
            "stuck after {steps} steps: the position has two or more solutions, and SE tries its nested forcing chains only on a position with one"
        ),
    }
}

/// True when every technique of SE's order is implemented and `b` has one
/// solution: a position where no step is found is then one where SE finds
/// none either.
fn beyond_solver(b: &CandidateGrid) -> bool {
    missing_names().is_empty() && solutions_up_to_two(b) == Some(1)
}

/// Steps until the grid is solved or no implemented technique applies.
pub fn explain(start: &CandidateGrid) -> Explanation {
    explain_with(start, &Silent)
}

/// [`explain`], stopped when `monitor` says so (even inside one long
/// search): the explanation is then marked [`Explanation::stopped`].
pub fn explain_with(start: &CandidateGrid, monitor: &dyn Monitor) -> Explanation {
    explain_capped(start, u8::MAX, monitor)
}

/// [`explain_with`] that gives up after the first step rated above `cap`
/// (in tenths): the explanation is then `stuck` saying so, so its rating
/// has no ER. A search for puzzles up to some ER need not walk the rest of
/// a harder one's path, where the slowest searches are.
pub fn explain_capped(start: &CandidateGrid, cap: u8, monitor: &dyn Monitor) -> Explanation {
    let mut b = *start;
    let mut steps = Vec::new();
    loop {
        if b.is_solved() {
            return Explanation {
                steps,
                solved: true,
                stuck: None,
                reached: b,
                stopped: false,
                beyond_solver: false,
            };
        }
        if let Some(why) = contradiction(&b) {
            return Explanation {
                steps,
                solved: false,
                stuck: Some(format!("the position has no solution: {why}")),
                reached: b,
                stopped: false,
                beyond_solver: false,
            };
        }
        match hint_watched(&b, monitor) {
            Err(SearchStopped) => {
                return Explanation {
                    stuck: Some(format!("stopped (Ctrl+C) after {} steps", steps.len())),
                    steps,
                    solved: false,
                    reached: b,
                    stopped: true,
                    beyond_solver: false,
                };
            }
            Ok(Some(s)) => {
                s.apply(&mut b);
                let over = s.rating > cap;
                steps.push(s);
                if over {
                    return Explanation {
                        stuck: Some(format!(
                            "gave up after step {}, rated above {}.{}",
                            steps.len(),
                            cap / 10,
                            cap % 10
                        )),
                        steps,
                        solved: false,
                        reached: b,
                        stopped: false,
                        beyond_solver: false,
                    };
                }
            }
            Ok(None) => {
                return Explanation {
                    stuck: Some(stuck_reason(&b, steps.len())),
                    steps,
                    solved: false,
                    reached: b,
                    stopped: false,
                    beyond_solver: beyond_solver(&b),
                };
            }
        }
    }
}

/// SE's ER/EP/ED of a puzzle, as far as this engine can tell them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// ER: the hardest step of the path, in tenths; `None` unless the whole
    /// path is SE's (every step exact) and solves the puzzle.
    pub er: Option<u8>,
    /// EP: the hardest step up to the first placement; `None` unless those
    /// steps are all exact.
    pub ep: Option<u8>,
    /// ED: the first step's rating; `None` unless it is exact.
    pub ed: Option<u8>,
    /// The hardest step of the path's exact beginning: SE's ER is at least
    /// this (equal to `er` when that is known).
    pub er_at_least: u8,
    /// Why `er` is not known (`None` when it is).
    pub unknown: Option<String>,
    /// Steps taken.
    pub steps: usize,
}

/// Why a grid gets no rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RateError {
    /// The clues break the rules.
    Invalid(InvalidGrid),
    /// No solution.
    NoSolution,
    /// Two or more solutions: SE rates puzzles with one.
    Multiple,
}

impl fmt::Display for RateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RateError::Invalid(e) => write!(f, "{e}"),
            RateError::NoSolution => f.write_str("the puzzle has no solution, so it has no rating"),
            RateError::Multiple => {
                f.write_str("the puzzle has two or more solutions; SE rates only puzzles with one")
            }
        }
    }
}

impl std::error::Error for RateError {}

/// SE's rating of a puzzle with one solution (see [`Rating`] for what is
/// known when the path uses a technique SE tries after one not
/// implemented here).
pub fn se_rate(g: &Grid) -> Result<Rating, RateError> {
    se_rate_with(g, &Silent)
}

/// [`se_rate`], stopped when `monitor` says so: the rating then has no
/// ER and `unknown` says it was stopped.
pub fn se_rate_with(g: &Grid, monitor: &dyn Monitor) -> Result<Rating, RateError> {
    let count = solver::count_solutions(g, 2).map_err(RateError::Invalid)?;
    match count.solutions {
        0 => return Err(RateError::NoSolution),
        1 => {}
        _ => return Err(RateError::Multiple),
    }
    Ok(rate_path(&explain_with(
        &CandidateGrid::from_grid(g),
        monitor,
    )))
}

/// SE's rating of a pencil-mark position (as `serate` rates a Sukaku
/// line): the path from it, when it has one solution.
pub fn se_rate_position(b: &CandidateGrid, monitor: &dyn Monitor) -> Result<Rating, RateError> {
    if contradiction(b).is_some() {
        return Err(RateError::NoSolution);
    }
    match solutions_up_to_two(b) {
        Some(0) => return Err(RateError::NoSolution),
        Some(1) | None => {}
        Some(_) => return Err(RateError::Multiple),
    }
    Ok(rate_path(&explain_with(b, monitor)))
}

/// [`se_rate_with`] that gives up (no ER) on the first step rated above
/// `cap`, in tenths: for searches that want nothing harder.
pub fn se_rate_capped(g: &Grid, cap: u8, monitor: &dyn Monitor) -> Result<Rating, RateError> {
    let count = solver::count_solutions(g, 2).map_err(RateError::Invalid)?;
    match count.solutions {
        0 => return Err(RateError::NoSolution),
        1 => {}
        _ => return Err(RateError::Multiple),
    }
    Ok(rate_path(&explain_capped(
        &CandidateGrid::from_grid(g),
        cap,
        monitor,
    )))
}

/// SE's ER for a puzzle its techniques cannot finish, in tenths (20.0).
pub const BEYOND_SOLVER: u8 = 200;

/// ER/EP/ED of an explanation.
pub fn rate_path(e: &Explanation) -> Rating {
    let exact_len = e.steps.iter().take_while(|s| s.exact).count();
    let prefix = &e.steps[..exact_len];
    let er_at_least = prefix.iter().map(|s| s.rating).max().unwrap_or(0);
    // A full grid takes no step: SE rates it 0/0/0. Beyond its solver SE
    // leaves EP and ED at 0 when no step reached them.
    let full = ((e.solved && e.steps.is_empty()) || e.beyond_solver).then_some(0);
    let ed = prefix.first().map(|s| s.rating).or(full);
    let ep = prefix
        .iter()
        .position(|s| !s.placed.is_empty())
        .map(|i| prefix[..=i].iter().map(|s| s.rating).max().unwrap_or(0))
        .or(full);
    let all_exact = exact_len == e.steps.len();
    let unknown = if !all_exact {
        let s = &e.steps[exact_len];
        Some(format!(
            "step {} ({}) comes after techniques not implemented here in SE's order, so SE may take another path from there",
            exact_len + 1,
            s.technique
        ))
    } else {
        e.stuck.clone()
    };
    if all_exact && e.beyond_solver {
        return Rating {
            er: Some(BEYOND_SOLVER),
            ep,
            ed,
            er_at_least: BEYOND_SOLVER,
            unknown: None,
            steps: e.steps.len(),
        };
    }
    Rating {
        er: unknown.is_none().then_some(er_at_least),
        ep,
        ed,
        er_at_least,
        unknown,
        steps: e.steps.len(),
    }
}
