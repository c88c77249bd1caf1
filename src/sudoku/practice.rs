//! Practice puzzles for one technique (HoDoKu's practice mode): random
//! minimal puzzles whose Sudoku Explainer path takes a step of that
//! technique, with the position just before it. Each puzzle's path is
//! walked only while its steps are rated no higher than the technique (so
//! a try below the forcing chains never runs them), and puzzles whose
//! walk comes close are mutated, as `generate` climbs to an ER.

use std::time::{Duration, Instant};

use rand::RngExt;

use super::Grid;
use super::formats::parse_pencil_line;
use super::generate::{self, GenerateError, Options, Symmetry, mutate, rng_for};
use super::human::{
    CandidateGrid, SE_ORDER, Step, TechniqueInfo, hint_up_to, technique_matches, techniques,
};
use crate::monitor::Monitor;
use crate::sudoku::CELLS;

mod never_next;
mod seeds;
#[cfg(test)]
mod tests;

pub use never_next::NEVER_NEXT;

/// Time allowed by default for one practice puzzle.
pub const DEFAULT_SECONDS: u64 = 60;

/// Techniques rated above this are refused: walks up to SE's dynamic
/// forcing chains with nested levels, 9.0 and up, are too slow.
const CAP: u8 = 89;

/// A practice puzzle.
#[derive(Clone, Debug)]
pub struct Practice {
    /// The puzzle, unique and minimal.
    pub puzzle: Grid,
    /// The position on SE's path just before the step.
    pub position: CandidateGrid,
    /// The step, of the technique asked for (`hint(position)` gives it).
    pub step: Step,
    /// For a technique made only as a pencil-mark puzzle
    /// ([`seeds::PENCIL_SEEDS`]): the puzzle as its pencil marks, which
    /// are `position` itself (the step is its first); `puzzle` then holds
    /// its givens.
    pub marks: Option<CandidateGrid>,
    /// Puzzles made for it.
    pub tries: u64,
}

impl Practice {
    /// The puzzle as a line: its 81 characters, or the 729-character
    /// pencil-mark line of a pencil-mark puzzle.
    pub fn puzzle_line(&self) -> String {
        match &self.marks {
            Some(marks) => marks.pencil_line(),
            None => self.puzzle.line(),
        }
    }
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
    let (info, producers) = request(name, options)?;
    let cap = cap(info, producers);
    let limit = options
        .time_limit
        .unwrap_or(Duration::from_secs(DEFAULT_SECONDS));
    let start = Instant::now();
    let mut rng = rng_for(options.seed, options.stream);
    let orbits = options.symmetry.orbits();
    let mut tries = 0;
    if let Some(made) = from_seeds(info, producers, cap, options, limit, &mut rng, monitor) {
        return made;
    }
    if let Some(made) = from_pencil_seeds(info, producers, options, limit, &mut rng, monitor) {
        return made;
    }
    let give_up = |tries: u64| {
        let bound = match options.tries {
            u64::MAX => format!("within {} s", limit.as_secs_f64()),
            n => format!("within {} s or {n} puzzles", limit.as_secs_f64()),
        };
        GenerateError::NotReached {
            tries,
            what: format!(
                "no puzzle whose SE path takes a step of {} (rated {}) {bound} (the time is the option seconds, --seconds)",
                info.name,
                generate::tenths(info.rating),
            ),
        }
    };
    // A hill-climb, as `generate` climbs to an ER: a fresh minimal puzzle,
    // then while its walk comes close to the technique, neighbours
    // ([`mutate`]) that come as close or closer.
    loop {
        let left = limit.saturating_sub(start.elapsed());
        if left.is_zero() || tries >= options.tries {
            return Err(give_up(tries));
        }
        tries += 1;
        let fresh = Options {
            seed: rng.random::<u64>() >> 1,
            stream: 0,
            rating: None,
            time_limit: Some(left),
            tries: generate::DEFAULT_TRIES,
            ..options.clone()
        };
        let made = match generate::generate(&fresh, monitor) {
            Ok(made) => made.puzzle,
            Err(GenerateError::NotReached { .. }) => continue,
            Err(GenerateError::Stopped { .. }) => return Err(GenerateError::Stopped { tries }),
            Err(e) => return Err(e),
        };
        let (mut now, mut now_score) = match walk(&made, info, producers, cap, monitor) {
            Walk::Found(found) => {
                let (position, step) = *found;
                return Ok(Practice {
                    puzzle: made,
                    position,
                    step,
                    tries,
                    marks: None,
                });
            }
            Walk::Stopped => return Err(GenerateError::Stopped { tries }),
            Walk::Missed(score) => (made, score),
        };
        if now_score + CLOSE < info.rating {
            continue;
        }
        let mut idle = 0;
        while idle < PATIENCE {
            if start.elapsed() >= limit || tries >= options.tries {
                return Err(give_up(tries));
            }
            if monitor.cancelled() {
                return Err(GenerateError::Stopped { tries });
            }
            tries += 1;
            idle += 1;
            let Some((next, _)) = mutate(&now, &orbits, &mut rng) else {
                continue;
            };
            if options.clues.is_some_and(|most| next.filled() > most) {
                continue;
            }
            match walk(&next, info, producers, cap, monitor) {
                Walk::Found(found) => {
                    let (position, step) = *found;
                    return Ok(Practice {
                        puzzle: next,
                        position,
                        step,
                        tries,
                        marks: None,
                    });
                }
                Walk::Stopped => return Err(GenerateError::Stopped { tries }),
                Walk::Missed(score) if score >= now_score => {
                    if score > now_score {
                        idle = 0;
                    }
                    (now, now_score) = (next, score);
                }
                Walk::Missed(_) => {}
            }
        }
    }
}

/// Neighbours of a seed tried before its isomorphs: a few, so an answer
/// comes within seconds even in a debug build.
const WANDER: u32 = 6;

/// Isomorphs of a seed tried for one whose path still takes the step.
const ISOMORPHS: u32 = 20;

/// A practice puzzle from [`seeds::SEEDS`] when the technique has seeds and
/// the options allow them (no symmetry; the clue bound is checked on each
/// answer): a seed drawn by `rng`, a few of its neighbours that keep the
/// step, then a random isomorph whose walk still takes it (SE's scan order
/// is not symmetric, so an isomorph's path can differ). `None` when no
/// seed serves, and the hill-climb runs as for any technique.
fn from_seeds(
    info: &TechniqueInfo,
    producers: usize,
    cap: u8,
    options: &Options,
    limit: Duration,
    rng: &mut impl rand::Rng,
    monitor: &dyn Monitor,
) -> Option<Result<Practice, GenerateError>> {
    let seeds: Vec<Grid> = seeds::SEEDS
        .iter()
        .filter(|(name, _)| *name == info.name)
        .filter_map(|(_, line)| Grid::parse(line).ok())
        .collect();
    if seeds.is_empty() || options.symmetry != Symmetry::None {
        return None;
    }
    let start = Instant::now();
    let fits = |g: &Grid| options.clues.is_none_or(|most| g.filled() <= most);
    let found = |g: &Grid| match walk(g, info, producers, cap, monitor) {
        Walk::Found(found) => Ok(Some(*found)),
        Walk::Stopped => Err(GenerateError::Stopped { tries: 0 }),
        Walk::Missed(_) => Ok(None),
    };
    let mut now = seeds[rng.random_range(0..seeds.len() as u32) as usize];
    let orbits = Symmetry::None.orbits();
    let mut tries = 0;
    for _ in 0..WANDER {
        if start.elapsed() >= limit || tries >= options.tries {
            break;
        }
        tries += 1;
        let Some((next, _)) = mutate(&now, &orbits, rng) else {
            continue;
        };
        match found(&next) {
            Ok(Some(_)) => now = next,
            Ok(None) => {}
            Err(_) => return Some(Err(GenerateError::Stopped { tries })),
        }
    }
    // The seed or neighbour itself is the last resort, walked like the rest.
    let candidates = (0..ISOMORPHS)
        .map(|_| isomorph(&now, rng))
        .chain(std::iter::once(now));
    for g in candidates {
        if start.elapsed() >= limit || tries >= options.tries || !fits(&g) {
            continue;
        }
        tries += 1;
        match found(&g) {
            Ok(Some((position, step))) => {
                return Some(Ok(Practice {
                    puzzle: g,
                    position,
                    step,
                    tries,
                    marks: None,
                }));
            }
            Ok(None) => {}
            Err(_) => return Some(Err(GenerateError::Stopped { tries })),
        }
    }
    None
}

/// A practice puzzle from [`seeds::PENCIL_SEEDS`], for a technique made
/// only as a pencil-mark puzzle: a seed drawn by `rng`, moved by a random
/// symmetry and renaming, whose
/// first SE step is still the technique (SE's scan order is not
/// symmetric, so each is walked again); the seed itself is the last
/// resort. `None` when the technique has no such seeds.
fn from_pencil_seeds(
    info: &TechniqueInfo,
    producers: usize,
    options: &Options,
    limit: Duration,
    rng: &mut impl rand::Rng,
    monitor: &dyn Monitor,
) -> Option<Result<Practice, GenerateError>> {
    let seeds: Vec<[u16; CELLS]> = seeds::PENCIL_SEEDS
        .iter()
        .filter(|(name, _)| *name == info.name)
        .filter_map(|(_, line)| parse_pencil_line(line, false).ok())
        .collect();
    if seeds.is_empty() {
        return None;
    }
    if options.symmetry != Symmetry::None {
        return Some(Err(GenerateError::Infeasible(format!(
            "{} is made only as a pencil-mark puzzle (no puzzle with givens has been seen to reach it as SE's next step), and those keep no symmetry of clues: ask without one",
            info.name
        ))));
    }
    // The seeds have no givens (every cell holds candidates), so any clue
    // bound holds.
    let seed = seeds[rng.random_range(0..seeds.len() as u32) as usize];
    let start = Instant::now();
    let mut tries = 0;
    let moved: Vec<[u16; CELLS]> = (0..ISOMORPHS)
        .map(|_| crate::similarity::Transform::random(rng).apply_masks(&seed))
        .chain(std::iter::once(seed))
        .collect();
    for masks in moved {
        if start.elapsed() >= limit || tries >= options.tries {
            break;
        }
        tries += 1;
        let b = CandidateGrid::from_pencil_masks(&masks);
        match hint_up_to(&b, producers, monitor) {
            Err(_) => return Some(Err(GenerateError::Stopped { tries })),
            Ok(Some(step)) if technique_matches(step.technique, info.name) => {
                return Some(Ok(Practice {
                    puzzle: b.grid(),
                    position: b,
                    step,
                    tries,
                    marks: Some(b),
                }));
            }
            Ok(_) => {}
        }
    }
    Some(Err(GenerateError::NotReached {
        tries,
        what: format!(
            "no pencil-mark puzzle whose first SE step is {} within {} s",
            info.name,
            limit.as_secs_f64()
        ),
    }))
}

/// A random isomorph of a grid: digits relabelled, bands and stacks
/// permuted, rows and columns permuted within them, maybe transposed (the
/// one random symmetry of the crate, drawn from `rng`).
fn isomorph(g: &Grid, rng: &mut impl rand::Rng) -> Grid {
    crate::similarity::Transform::random(rng).apply(g)
}

/// The technique `name` checked as a practice request (rated within
/// [`CAP`], able to be SE's next step, no pattern, options valid), and
/// how many of SE's finders run up to its producer.
fn request(
    name: &str,
    options: &Options,
) -> Result<(&'static TechniqueInfo, usize), GenerateError> {
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
    let Some(producers) = SE_ORDER
        .iter()
        .position(|p| p.name == info.producer)
        .map(|i| i + 1)
    else {
        return Err(GenerateError::Infeasible(format!(
            "{} has no finder in SE's order",
            info.name
        )));
    };
    Ok((info, producers))
}

/// The hardest step a walk takes before the technique's: its rating, or
/// for a technique with seeds ([`seeds::SEEDS`]) the top rating of its
/// producer, since their paths may reach it only after a harder step of
/// the finders before it (the walk still never runs a later finder).
fn cap(info: &TechniqueInfo, producers: usize) -> u8 {
    if seeds::SEEDS.iter().any(|(name, _)| *name == info.name) {
        SE_ORDER[producers - 1].ratings.1.max(info.rating)
    } else {
        info.rating
    }
}

/// How far below the technique's rating (tenths) a walk's score may be
/// for its puzzle to be worth mutating.
const CLOSE: u8 = 15;

/// Mutations without a closer walk before a fresh puzzle is drawn.
const PATIENCE: u32 = 40;

/// How a walk along SE's path ended.
enum Walk {
    /// The position before a step of the technique, and the step.
    Found(Box<(CandidateGrid, Step)>),
    /// No step of it: how close the path came, the hardest step taken
    /// (the technique's rating when the path went past it).
    Missed(u8),
    /// The monitor stopped it.
    Stopped,
}

/// SE's path from `puzzle` up to a step of `info`, given up as soon as the
/// next step is rated above `cap` ([`cap`]: mostly the technique's
/// rating) or comes after its producer (the first
/// `producers` of [`SE_ORDER`]): the path beyond is never searched, so a
/// try below the forcing chains never runs them. A technique met only
/// after a harder step is missed, which costs less than walking every
/// path to its end.
fn walk(
    puzzle: &Grid,
    info: &TechniqueInfo,
    producers: usize,
    cap: u8,
    monitor: &dyn Monitor,
) -> Walk {
    let mut b = CandidateGrid::from_grid(puzzle);
    let mut hardest = 0;
    loop {
        if b.is_solved() {
            return Walk::Missed(hardest);
        }
        let step = match hint_up_to(&b, producers, monitor) {
            Err(_) => return Walk::Stopped,
            Ok(None) => return Walk::Missed(info.rating),
            Ok(Some(step)) => step,
        };
        if technique_matches(step.technique, info.name) {
            return Walk::Found(Box::new((b, step)));
        }
        if step.rating > cap {
            return Walk::Missed(info.rating);
        }
        hardest = hardest.max(step.rating.min(info.rating));
        step.apply(&mut b);
    }
}
