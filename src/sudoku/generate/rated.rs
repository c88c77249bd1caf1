//! Puzzles of a chosen difficulty: a rating checked against the range, and
//! the search that mutates a puzzle rated near the range until one lands in
//! it.

use super::*;

/// The SE ratings a puzzle must have, in tenths (`70` is 7.0), as
/// `se_rate` gives them: ER in `min_er..=max_er`, EP at least `min_ep`,
/// ED at least `min_ed`. A puzzle whose ER is not known exactly is never
/// taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingRange {
    pub min_er: u8,
    pub max_er: u8,
    pub min_ep: u8,
    pub min_ed: u8,
}

impl Default for RatingRange {
    fn default() -> RatingRange {
        RatingRange {
            min_er: 0,
            max_er: BEYOND_SOLVER,
            min_ep: 0,
            min_ed: 0,
        }
    }
}

impl RatingRange {
    /// True when a rating is in the range (its ER known exactly).
    pub fn holds(&self, r: &Rating) -> bool {
        match (r.er, r.ep, r.ed) {
            (Some(er), Some(ep), Some(ed)) => {
                (self.min_er..=self.max_er).contains(&er) && ep >= self.min_ep && ed >= self.min_ed
            }
            _ => false,
        }
    }
}

/// A puzzle's ER when it is known and not above the range (EP and ED are
/// checked by [`in_range`]), or `Stopped`.
pub(super) fn rate_in(
    puzzle: &Grid,
    range: &RatingRange,
    monitor: &dyn Monitor,
) -> Result<Option<u8>, GenerateError> {
    let rating = se_rate_capped(puzzle, range.max_er, monitor);
    if monitor.cancelled() {
        return Err(GenerateError::Stopped { tries: 0 });
    }
    Ok(rating.ok().and_then(|r| r.er))
}

/// True when a puzzle with ER `er` has the range's ER, EP and ED.
pub(super) fn in_range(
    puzzle: &Grid,
    range: &RatingRange,
    er: u8,
    monitor: &dyn Monitor,
) -> Result<bool, GenerateError> {
    if !(range.min_er..=range.max_er).contains(&er) {
        return Ok(false);
    }
    if range.min_ep == 0 && range.min_ed == 0 {
        return Ok(true);
    }
    let rating = se_rate_capped(puzzle, range.max_er, monitor);
    if monitor.cancelled() {
        return Err(GenerateError::Stopped { tries: 0 });
    }
    Ok(rating.is_ok_and(|r| range.holds(&r)))
}

/// How far below the range (in tenths) a puzzle's ER may be for mutating
/// it to be worth more than a fresh grid.
pub(super) const CLOSE: u8 = 25;

/// Mutations without a higher ER before a fresh grid is drawn.
pub(super) const PATIENCE: u64 = 40;

/// A neighbour of a unique minimal puzzle, as the forum's generators of
/// hard puzzles make them: one clue group (an orbit of the symmetry) taken
/// away, a random solution of what is left drawn, other groups filled from
/// that solution until the puzzle is unique again, then clue groups taken
/// away in a random order while it stays unique. The puzzle and its
/// solution, or `None` when the draw gave nothing new.
pub fn mutate(puzzle: &Grid, orbits: &[Vec<usize>], rng: &mut impl Rng) -> Option<(Grid, Grid)> {
    let filled: Vec<&Vec<usize>> = orbits.iter().filter(|o| puzzle.get(o[0]) != 0).collect();
    if filled.is_empty() {
        return None;
    }
    let gone = filled[rng.random_range(0..filled.len() as u32) as usize];
    let mut p = *puzzle;
    for &c in gone {
        p.set(c, 0);
    }
    let solution = random_completion(&p, rng)?;
    let mut empty: Vec<&Vec<usize>> = orbits
        .iter()
        .filter(|o| p.get(o[0]) == 0 && *o != gone)
        .collect();
    shuffle(&mut empty, rng);
    for orbit in empty {
        if count_solutions(&p, 2).ok()?.solutions == 1 {
            break;
        }
        for &c in orbit.iter() {
            p.set(c, solution.get(c));
        }
    }
    if count_solutions(&p, 2).ok()?.solutions != 1 {
        return None;
    }
    let mut order: Vec<&[usize]> = orbits
        .iter()
        .filter(|o| p.get(o[0]) != 0)
        .map(|o| &o[..])
        .collect();
    shuffle(&mut order, rng);
    let p = remove_in_order(p, order.into_iter(), &crate::monitor::Silent).ok()?;
    (p != *puzzle).then_some((p, solution))
}

/// A random solution of a puzzle with one or more (the randomized complete
/// search of [`random_solution`] from its clues), `None` when it has none.
pub(super) fn random_completion(p: &Grid, rng: &mut impl Rng) -> Option<Grid> {
    let mut fill = Fill {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    for c in 0..81 {
        let d = p.get(c);
        if d != 0 {
            if fill.free(c) >> (d - 1) & 1 == 0 {
                return None;
            }
            fill.put(c, d as usize - 1);
        }
    }
    fill.complete(rng).then(|| Grid::from_cells(fill.cells))
}

/// The answer when no puzzle met the target.
pub(super) fn not_reached(
    options: &Options,
    tries: u64,
    fewest: usize,
    hardest: Option<u8>,
    timed_out: bool,
) -> GenerateError {
    let mut what = match (options.pattern, options.clues) {
        (Some(_), _) => "no grid filled the pattern with one solution".to_string(),
        (None, Some(most)) => {
            format!("no puzzle with at most {most} clues (the fewest had {fewest})")
        }
        (None, None) => "no puzzle".to_string(),
    };
    if let Some(r) = &options.rating {
        what = format!(
            "{what} rated ER {}-{} (EP >= {}, ED >= {}); the hardest rated in range of the search had ER {}",
            tenths(r.min_er),
            tenths(r.max_er),
            tenths(r.min_ep),
            tenths(r.min_ed),
            hardest.map_or("(none)".to_string(), tenths),
        );
    }
    match (timed_out, options.time_limit) {
        (true, Some(t)) => GenerateError::NotReached {
            tries,
            what: format!("{what}; time limit of {} s reached", t.as_secs_f64()),
        },
        _ => GenerateError::NotReached { tries, what },
    }
}

/// A rating in tenths as SE prints it: `7.2`.
pub fn tenths(t: u8) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// Solutions counted while climbing: more count as this many.
pub(super) const CLIMB_CAP: u64 = 64;

/// Changes made to one filled pattern before a fresh grid is drawn.
pub(super) const CLIMB_STEPS: usize = 100;

/// A filled pattern made unique by a hill-climb: a random clue gets a
/// random other digit, kept when the puzzle still has a solution and no
/// more solutions than before (counted up to [`CLIMB_CAP`]). The puzzle
/// and its solution, or `None` after [`CLIMB_STEPS`] changes.
pub(super) fn climb(mut p: Grid, rng: &mut impl Rng) -> Option<(Grid, Grid)> {
    let cells: Vec<usize> = (0..81).filter(|&c| p.get(c) != 0).collect();
    let count = |g: &Grid| count_solutions(g, CLIMB_CAP).ok();
    let mut now = count(&p)?;
    for _ in 0..CLIMB_STEPS {
        if now.solutions == 1 {
            return now.first.map(|s| (p, s));
        }
        let cell = cells[rng.random_range(0..cells.len() as u32) as usize];
        let old = p.get(cell);
        // One of the eight other digits.
        let digit = (old + rng.random_range(0..8u32) as u8) % 9 + 1;
        p.set(cell, digit);
        match count(&p) {
            Some(c) if c.solutions >= 1 && c.solutions <= now.solutions => now = c,
            _ => p.set(cell, old),
        }
    }
    (now.solutions == 1)
        .then(|| now.first.map(|s| (p, s)))
        .flatten()
}
