//! Practice puzzles for one technique (HoDoKu's practice mode): random
//! minimal puzzles whose Sudoku Explainer path takes a step of that
//! technique, with the position just before it. A path using a technique
//! rated R has an ER of at least R, so puzzles are asked of the generator
//! with that ER (its search for hard puzzles does the rest), then walked to
//! the step.

use std::time::{Duration, Instant};

use rand::RngExt;

use super::Grid;
use super::generate::{self, GenerateError, Options, RatingRange, rng_for};
use super::human::{
    CandidateGrid, PositionError, Step, TechniqueInfo, position_before_capped, technique_matches,
    techniques,
};
use crate::monitor::Monitor;

/// Time allowed by default for one practice puzzle.
pub const DEFAULT_SECONDS: u64 = 60;

/// Paths are not walked past a step rated above this (SE's dynamic
/// forcing chains with nested levels, 9.0 and up, are the slowest).
const CAP: u8 = 89;

/// Techniques `techniques()` lists that are never SE's next step, with
/// why: practice refuses them at once rather than searching in vain.
///
/// Direct Claiming: digit `d` of line `r` lies in box `B`, and the removal
/// from `B` leaves `d` one place `x` in a parallel line `r'` of the band,
/// in box `B'`. The third box `B''` of the band holds `d` only on the third
/// line `r''` (`r` has it only in `B`, `r'` only in `B` and at `x`), so
/// `B''` points along `r''`, and that removal leaves `d` only at `x` in
/// `B'`: a Hidden Single (1.2) or a Direct Pointing (1.7) is always there
/// before the Direct Claiming (1.9).
const NEVER_NEXT: &[(&str, &str)] = &[(
    "Direct Claiming",
    "a Hidden Single or a Direct Pointing always comes before it (the band's third box points along the third line and leaves the same digit alone in its box); practice \"Direct Pointing\" or \"Claiming\"",
)];

/// A practice puzzle.
#[derive(Clone, Debug)]
pub struct Practice {
    /// The puzzle, unique and minimal.
    pub puzzle: Grid,
    /// The position on SE's path just before the step.
    pub position: CandidateGrid,
    /// The step, of the technique asked for (`hint(position)` gives it).
    pub step: Step,
    /// Puzzles made for it.
    pub tries: u64,
}

/// The technique of `techniques()` that `name` names (any case; a name
/// without its last words, as in `Unique Rectangle`, is accepted when
/// some technique starts with it), or an error listing them with the
/// closest names.
pub fn technique(name: &str) -> Result<&'static TechniqueInfo, String> {
    let all = techniques();
    if let Some(t) = all
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
    {
        return Ok(t);
    }
    if let Some(t) = all.iter().find(|t| technique_matches(t.name, name)) {
        return Ok(t);
    }
    let names: Vec<String> = all.iter().map(|t| t.name.to_string()).collect();
    let close = crate::spelling::closest(name, names.iter().cloned());
    let mean = match close.first() {
        Some(c) => format!(" (did you mean {c:?}?)"),
        None => String::new(),
    };
    Err(format!(
        "technique {name:?} is unknown{mean}; known: {}",
        names.join(", ")
    ))
}

/// A practice puzzle for the technique `name`: `options` as for
/// [`generate::generate`] (seed, stream, symmetry, clues; `rating` is
/// replaced, `time_limit` defaults to [`DEFAULT_SECONDS`]).
pub fn practice(
    name: &str,
    options: &Options,
    monitor: &dyn Monitor,
) -> Result<Practice, GenerateError> {
    let info = technique(name).map_err(GenerateError::Infeasible)?;
    if info.rating > CAP {
        return Err(GenerateError::Infeasible(format!(
            "{} is rated {}: practice puzzles go up to {} (paths are not walked further)",
            info.name,
            generate::tenths(info.rating),
            generate::tenths(CAP)
        )));
    }
    if let Some((_, why)) = NEVER_NEXT.iter().find(|(n, _)| *n == info.name) {
        return Err(GenerateError::Infeasible(format!(
            "{} is never SE's next step: {why}",
            info.name
        )));
    }
    if options.pattern.is_some() {
        return Err(GenerateError::Infeasible(
            "practice puzzles are minimal: give no pattern".into(),
        ));
    }
    generate::check(options)?;
    let limit = options
        .time_limit
        .unwrap_or(Duration::from_secs(DEFAULT_SECONDS));
    let start = Instant::now();
    let mut rng = rng_for(options.seed, options.stream);
    let mut tries = 0;
    loop {
        if monitor.cancelled() {
            return Err(GenerateError::Stopped { tries });
        }
        let left = limit.saturating_sub(start.elapsed());
        if left.is_zero() || tries >= options.tries {
            let bound = match options.tries {
                u64::MAX => format!("within {} s", limit.as_secs_f64()),
                n => format!("within {} s or {n} puzzles", limit.as_secs_f64()),
            };
            return Err(GenerateError::NotReached {
                tries,
                what: format!(
                    "no puzzle whose SE path takes a step of {} (rated {}) {bound} (the time is the option seconds, --seconds)",
                    info.name,
                    generate::tenths(info.rating),
                ),
            });
        }
        tries += 1;
        let o = Options {
            seed: rng.random::<u64>() >> 1,
            stream: 0,
            rating: Some(RatingRange {
                min_er: info.rating,
                max_er: CAP,
                ..RatingRange::default()
            }),
            time_limit: Some(left),
            tries: generate::RATED_TRIES,
            ..options.clone()
        };
        let made = match generate::generate(&o, monitor) {
            Ok(made) => made,
            Err(GenerateError::NotReached { .. }) => continue,
            Err(e) => return Err(e),
        };
        let board = CandidateGrid::from_grid(&made.puzzle);
        match position_before_capped(&board, info.name, CAP, monitor) {
            Ok(before) => {
                return Ok(Practice {
                    puzzle: made.puzzle,
                    position: before.position,
                    step: before.step,
                    tries,
                });
            }
            Err(PositionError::Stopped { .. }) => return Err(GenerateError::Stopped { tries }),
            Err(_) => continue,
        }
    }
}
