//! Making new puzzles: a random solution grid, then clues taken away in a
//! random order while the puzzle stays unique (one clue, or one symmetric
//! group of clues, at a time), or a given pattern of cells filled from a
//! random grid and then made unique by a hill-climb on its digits (filling
//! patterns from fresh grids alone took seconds for a 24-clue pattern; the
//! climb takes milliseconds, and 22-clue patterns of the forum's hardest
//! puzzles well under two seconds).
//!
//! Random grids come from a randomized complete search: cells filled in
//! order of fewest candidates, each trying its digits in a random order,
//! backtracking on a dead end. Because the search is complete, each cell's
//! digit is drawn uniformly among the digits that still lead to some grid,
//! which is close to uniform over all 6.67e21 grids but not exactly: a digit
//! leading to fewer completions is drawn as often as one leading to more.
//! Permuting one fixed grid (digits, rows in bands, bands, transposition)
//! is far from uniform: it reaches only that grid's 1.2e12 relatives, one of
//! 5.5e9 essentially different grids.
//!
//! Every random choice comes from ChaCha8 seeded with the caller's seed and
//! a stream number (puzzle i of a batch uses stream i), drawing `u32`s, so
//! a seed gives the same puzzle on every machine and thread count.

mod rated;
use rated::*;
pub use rated::{RatingRange, mutate, tenths};
use std::fmt;
use std::time::{Duration, Instant};

use rand::rngs::ChaCha8Rng;
use rand::{Rng, RngExt, SeedableRng};

use super::Grid;
use super::human::{BEYOND_SOLVER, Rating, se_rate_capped};
use super::minimal::{MinimalError, remove_in_order, shuffle};
use super::solver::count_solutions;
use crate::monitor::{Monitor, Progress};
use crate::shard::Shard;

/// Clue-pattern symmetries, named and defined as Sudoku Explainer's
/// generator does (its "Diagonal" is the rising diagonal, r9c1 to r1c9;
/// its "Anti-diagonal" the falling one, r1c1 to r9c9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    None,
    Rotational180,
    Rotational90,
    Vertical,
    Horizontal,
    Diagonal,
    AntiDiagonal,
    BiDiagonal,
    Orthogonal,
    Full,
}

impl Symmetry {
    /// Every symmetry, in the order `name`s are listed in messages.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rotational180,
        Symmetry::Rotational90,
        Symmetry::Vertical,
        Symmetry::Horizontal,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BiDiagonal,
        Symmetry::Orthogonal,
        Symmetry::Full,
    ];

    /// Sudoku Explainer's name.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "None",
            Symmetry::Rotational180 => "180° rotational",
            Symmetry::Rotational90 => "90° rotational",
            Symmetry::Vertical => "Vertical",
            Symmetry::Horizontal => "Horizontal",
            Symmetry::Diagonal => "Diagonal",
            Symmetry::AntiDiagonal => "Anti-diagonal",
            Symmetry::BiDiagonal => "Bi-diagonal",
            Symmetry::Orthogonal => "Orthogonal",
            Symmetry::Full => "Full",
        }
    }

    /// The symmetry a name or alias stands for: SE's names in any case,
    /// with or without `°`, spaces, `-` or `_`; also `central` and `180`,
    /// `90`, `mirror` (vertical), `rotational` (180°).
    pub fn parse(text: &str) -> Option<Symmetry> {
        let key: String = text
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        Some(match key.as_str() {
            "none" => Symmetry::None,
            "180rotational" | "rotational180" | "180" | "central" | "rotational" => {
                Symmetry::Rotational180
            }
            "90rotational" | "rotational90" | "90" => Symmetry::Rotational90,
            "vertical" | "mirror" => Symmetry::Vertical,
            "horizontal" => Symmetry::Horizontal,
            "diagonal" => Symmetry::Diagonal,
            "antidiagonal" => Symmetry::AntiDiagonal,
            "bidiagonal" => Symmetry::BiDiagonal,
            "orthogonal" => Symmetry::Orthogonal,
            "full" => Symmetry::Full,
            _ => return None,
        })
    }

    /// The cells a clue at `cell` brings with it, `cell` first (SE's
    /// points: x the column, y the row, both 0..8).
    pub fn orbit(self, cell: usize) -> Vec<usize> {
        let (y, x) = (cell / 9, cell % 9);
        let points: &[(usize, usize)] = match self {
            Symmetry::None => &[(x, y)],
            Symmetry::Vertical => &[(x, y), (8 - x, y)],
            Symmetry::Horizontal => &[(x, y), (x, 8 - y)],
            Symmetry::Diagonal => &[(x, y), (8 - y, 8 - x)],
            Symmetry::AntiDiagonal => &[(x, y), (y, x)],
            Symmetry::BiDiagonal => &[(x, y), (y, x), (8 - y, 8 - x), (8 - x, 8 - y)],
            Symmetry::Orthogonal => &[(x, y), (8 - x, y), (x, 8 - y), (8 - x, 8 - y)],
            Symmetry::Rotational180 => &[(x, y), (8 - x, 8 - y)],
            Symmetry::Rotational90 => &[(x, y), (8 - x, 8 - y), (y, 8 - x), (8 - y, x)],
            Symmetry::Full => &[
                (x, y),
                (8 - x, y),
                (x, 8 - y),
                (8 - x, 8 - y),
                (y, x),
                (8 - y, x),
                (y, 8 - x),
                (8 - y, 8 - x),
            ],
        };
        let mut out: Vec<usize> = Vec::with_capacity(points.len());
        for &(px, py) in points {
            let c = py * 9 + px;
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// The 81 cells split into orbits, each listed once, by first cell.
    pub fn orbits(self) -> Vec<Vec<usize>> {
        let mut seen = [false; 81];
        let mut out = Vec::new();
        for cell in 0..81 {
            if !seen[cell] {
                let orbit = self.orbit(cell);
                for &c in &orbit {
                    seen[c] = true;
                }
                out.push(orbit);
            }
        }
        out
    }

    /// True when the clue cells of `g` are a union of orbits.
    pub fn holds_for(self, g: &Grid) -> bool {
        (0..81).all(|c| {
            let filled = g.get(c) != 0;
            self.orbit(c).iter().all(|&o| (g.get(o) != 0) == filled)
        })
    }
}

/// What to make. `Options::default()` is one minimal puzzle from seed 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seed; with `stream` it fixes every random choice.
    pub seed: u64,
    /// The stream of the seed (puzzle `i` of a batch uses stream `i`).
    pub stream: u64,
    /// Clue cells symmetric under this.
    pub symmetry: Symmetry,
    /// At most this many clues (puzzles with more are thrown away).
    pub clues: Option<usize>,
    /// Fill exactly these cells (true) instead of minimizing.
    pub pattern: Option<[bool; 81]>,
    /// Random grids to try before giving up (with a rating range: puzzles
    /// rated, fresh or mutated).
    pub tries: u64,
    /// Only puzzles SE rates in this range (see [`RatingRange`]).
    pub rating: Option<RatingRange>,
    /// Give up after this long (counted from the start of each puzzle).
    pub time_limit: Option<Duration>,
}

/// Tries allowed by default when a rating range is asked for: puzzles in a
/// hard range are rare, and each try is one rating.
pub const RATED_TRIES: u64 = 1_000_000;

/// Random grids tried by default before a target counts as not reached.
pub const DEFAULT_TRIES: u64 = 1000;

/// No uniquely solvable Sudoku has fewer clues (McGuire, Tugemann and
/// Civario, 2012, by exhaustive search).
pub const FEWEST_CLUES: usize = 17;

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 0,
            stream: 0,
            symmetry: Symmetry::None,
            clues: None,
            pattern: None,
            tries: DEFAULT_TRIES,
            rating: None,
            time_limit: None,
        }
    }
}

/// A puzzle made, with its solution and the grids tried for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    pub tries: u64,
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The request cannot be met by any puzzle (said why).
    Infeasible(String),
    /// `tries` grids gave no puzzle meeting the target.
    NotReached { tries: u64, what: String },
    /// The monitor stopped the work after `tries` grids.
    Stopped { tries: u64 },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Infeasible(why) => write!(f, "{why}"),
            GenerateError::NotReached { tries, what } => {
                write!(
                    f,
                    "{what} in {tries} tries; allow more tries or ask for less"
                )
            }
            GenerateError::Stopped { tries } => {
                write!(f, "stopped after {tries} tries: no puzzle was made")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

/// The random generator of one puzzle: `seed`, stream `stream`.
pub fn rng_for(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// A random solution grid (see the module comment for how random).
pub fn random_solution(rng: &mut impl Rng) -> Grid {
    let mut fill = Fill {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    // A blank grid always completes; the search never fails.
    let done = fill.complete(rng);
    debug_assert!(done);
    Grid::from_cells(fill.cells)
}

/// The randomized complete search: digit masks in use per row, column, box.
struct Fill {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Fill {
    fn free(&self, cell: usize) -> u16 {
        let (r, c) = (cell / 9, cell % 9);
        !(self.rows[r] | self.cols[c] | self.boxes[r / 3 * 3 + c / 3]) & 0x1ff
    }

    fn put(&mut self, cell: usize, d: usize) {
        let (r, c) = (cell / 9, cell % 9);
        let bit = 1 << d;
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[r / 3 * 3 + c / 3] ^= bit;
        self.cells[cell] = if self.cells[cell] == 0 {
            d as u8 + 1
        } else {
            0
        };
    }

    fn complete(&mut self, rng: &mut impl Rng) -> bool {
        // The empty cell with the fewest candidates (the first such).
        let mut best = None;
        let mut fewest = 10;
        for cell in 0..81 {
            if self.cells[cell] == 0 {
                let n = self.free(cell).count_ones();
                if n < fewest {
                    fewest = n;
                    best = Some(cell);
                    if n <= 1 {
                        break;
                    }
                }
            }
        }
        let Some(cell) = best else {
            return true;
        };
        let mask = self.free(cell);
        let mut digits: Vec<usize> = (0..9).filter(|d| mask >> d & 1 != 0).collect();
        shuffle(&mut digits, rng);
        for d in digits {
            self.put(cell, d);
            if self.complete(rng) {
                return true;
            }
            self.put(cell, d);
        }
        false
    }
}

/// Checks the options before any work: the answer to a request no puzzle
/// can meet.
pub fn check(options: &Options) -> Result<(), GenerateError> {
    if let Some(pattern) = &options.pattern {
        let n = pattern.iter().filter(|&&p| p).count();
        if options.clues.is_some() {
            return Err(GenerateError::Infeasible(
                "give clues or pattern, not both: the pattern fixes the clues".into(),
            ));
        }
        if options.symmetry != Symmetry::None {
            return Err(GenerateError::Infeasible(
                "give symmetry or pattern, not both: the pattern fixes the clue cells".into(),
            ));
        }
        if n < FEWEST_CLUES {
            return Err(GenerateError::Infeasible(format!(
                "the pattern has {n} cells: no Sudoku with fewer than {FEWEST_CLUES} clues \
                 has one solution"
            )));
        }
    }
    if let Some(n) = options.clues
        && n < FEWEST_CLUES
    {
        return Err(GenerateError::Infeasible(format!(
            "clues {n} is infeasible: no Sudoku with fewer than {FEWEST_CLUES} clues has \
             one solution"
        )));
    }
    if let Some(r) = &options.rating {
        let max = tenths(r.max_er);
        if r.min_er > r.max_er {
            return Err(GenerateError::Infeasible(format!(
                "the ER range {}-{max} is empty: its lower end is above its upper end",
                tenths(r.min_er)
            )));
        }
        if r.min_er > BEYOND_SOLVER {
            return Err(GenerateError::Infeasible(format!(
                "min_er {} is infeasible: SE's highest ER is {} (\"Beyond solver\")",
                tenths(r.min_er),
                tenths(BEYOND_SOLVER)
            )));
        }
        for (name, at_least) in [("min_ep", r.min_ep), ("min_ed", r.min_ed)] {
            if at_least > r.max_er {
                return Err(GenerateError::Infeasible(format!(
                    "{name} {} is above max_er {max}: EP and ED are never above ER",
                    tenths(at_least)
                )));
            }
        }
    }
    if options.tries == 0 {
        return Err(GenerateError::Infeasible(
            "tries 0 allows no grid: give 1 or more".into(),
        ));
    }
    Ok(())
}

/// Makes one puzzle as `options` ask. Without a pattern it is minimal
/// (with a symmetry: no symmetric group of clues can go, though a single
/// clue might); with a pattern it fills exactly those cells and is unique
/// but need not be minimal. With a rating range, puzzles are rated as they
/// come and a puzzle rated close below the range is mutated (see
/// [`mutate`]) while its ER does not drop, which finds hard puzzles far
/// sooner than fresh grids do. The monitor is asked between grids and
/// clues, and inside ratings.
pub fn generate(options: &Options, monitor: &dyn Monitor) -> Result<Generated, GenerateError> {
    check(options)?;
    let start = Instant::now();
    let out_of_time = || options.time_limit.is_some_and(|t| start.elapsed() >= t);
    let mut rng = rng_for(options.seed, options.stream);
    let orbits = options.symmetry.orbits();
    let mut fewest = usize::MAX;
    let mut hardest: Option<u8> = None;
    let mut done = 0;
    while done < options.tries {
        if monitor.cancelled() {
            return Err(GenerateError::Stopped { tries: done });
        }
        if out_of_time() {
            return Err(not_reached(options, done, fewest, hardest, true));
        }
        if done > 0 && done % 64 == 0 {
            monitor.report(&Progress {
                label: "generate",
                done,
                total: Some(options.tries),
                found: 0,
            });
        }
        done += 1;
        let solution = random_solution(&mut rng);
        let (puzzle, solution) = match &options.pattern {
            Some(pattern) => {
                let mut p = solution;
                for (c, &keep) in pattern.iter().enumerate() {
                    if !keep {
                        p.set(c, 0);
                    }
                }
                match climb(p, &mut rng) {
                    Some(found) => found,
                    None => continue,
                }
            }
            None => {
                let mut order: Vec<&[usize]> = orbits.iter().map(|o| &o[..]).collect();
                shuffle(&mut order, &mut rng);
                match remove_in_order(solution, order.into_iter(), monitor) {
                    Ok(p) => (p, solution),
                    Err(MinimalError::Stopped { .. }) => {
                        return Err(GenerateError::Stopped { tries: done });
                    }
                    // A full grid is unique, so nothing else can fail.
                    Err(_) => continue,
                }
            }
        };
        let n = puzzle.filled();
        fewest = fewest.min(n);
        if options.clues.is_some_and(|most| n > most) {
            continue;
        }
        let Some(range) = &options.rating else {
            return Ok(Generated {
                puzzle,
                solution,
                tries: done,
            });
        };
        let Some(er) = rate_in(&puzzle, range, monitor)? else {
            continue;
        };
        hardest = hardest.max(Some(er));
        if in_range(&puzzle, range, er, monitor)? {
            return Ok(Generated {
                puzzle,
                solution,
                tries: done,
            });
        }
        // Mutate only puzzles already close below the range (and never a
        // patterned one, whose cells are fixed).
        if options.pattern.is_some() || er >= range.min_er || er + CLOSE < range.min_er {
            continue;
        }
        let (mut now, mut now_er) = (puzzle, er);
        let mut idle = 0;
        while idle < PATIENCE && done < options.tries {
            if monitor.cancelled() {
                return Err(GenerateError::Stopped { tries: done });
            }
            if out_of_time() {
                return Err(not_reached(options, done, fewest, hardest, true));
            }
            done += 1;
            idle += 1;
            let Some((next, next_solution)) = mutate(&now, &orbits, &mut rng) else {
                continue;
            };
            if options.clues.is_some_and(|most| next.filled() > most) {
                continue;
            }
            let Some(er) = rate_in(&next, range, monitor)? else {
                continue;
            };
            hardest = hardest.max(Some(er));
            if er >= range.min_er && in_range(&next, range, er, monitor)? {
                return Ok(Generated {
                    puzzle: next,
                    solution: next_solution,
                    tries: done,
                });
            }
            if er >= now_er && er < range.min_er {
                if er > now_er {
                    idle = 0;
                }
                (now, now_er) = (next, er);
            }
        }
    }
    Err(not_reached(options, done, fewest, hardest, false))
}

/// Reads a pattern: 81 cells of `x` (fill) and `.` (leave empty), ignoring
/// white space; `X`, `1`-`9` count as filled and `0`, `-` as empty too, so
/// a puzzle line is also its own pattern.
pub fn parse_pattern(text: &str) -> Result<[bool; 81], String> {
    let mut out = [false; 81];
    let mut n = 0;
    for (i, ch) in text.chars().enumerate() {
        if ch.is_whitespace() {
            continue;
        }
        let filled = match ch {
            'x' | 'X' | '1'..='9' => true,
            '.' | '0' | '-' => false,
            other => {
                return Err(format!(
                    "pattern: character {} is {other:?}; use x for a clue cell and . for an \
                     empty one",
                    i + 1
                ));
            }
        };
        if n < 81 {
            out[n] = filled;
        }
        n += 1;
    }
    if n != 81 {
        return Err(format!("pattern: {n} cells, not 81"));
    }
    Ok(out)
}

/// A monitor's cancellation without its progress display.
pub struct CancelOnly<'a>(pub &'a dyn Monitor);

impl Monitor for CancelOnly<'_> {
    fn cancelled(&self) -> bool {
        self.0.cancelled()
    }
}

/// How a batch ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchEnd {
    /// Every puzzle was made and handed on.
    Done,
    /// The monitor stopped it: the first `made` puzzles (of the shard) were
    /// handed on, in order.
    Stopped { made: u64 },
    /// Puzzle `index` could not be made (the ones before it were handed on).
    Failed { index: u64, error: GenerateError },
    /// The receiver refused puzzle `index` (a write failed; it says why).
    Refused { index: u64 },
}

/// Puzzles `0..count` of a batch: puzzle `i` is `generate` with
/// `options.stream = i`, so the batch is the same whatever `threads` (0 =
/// all cores, 1 = this thread). Blocks of puzzles are made in parallel and
/// handed to `emit` in order; when stopped, only the puzzles before the
/// first unfinished one are handed on, so a partial batch is always a
/// prefix of the whole one.
pub fn generate_many(
    count: u64,
    options: &Options,
    threads: usize,
    monitor: &dyn Monitor,
    emit: impl FnMut(u64, &Generated) -> bool,
) -> BatchEnd {
    generate_shard(count, Shard::WHOLE, options, threads, monitor, emit)
}

/// The puzzles of `shard` of a batch of `count` ([`generate_many`]): puzzle
/// i when the shard takes it (every N-th, see [`Shard::takes`]), handed to
/// `emit` with its index in the whole batch, in order. The N shards'
/// puzzles together are the whole batch's.
pub fn generate_shard(
    count: u64,
    shard: Shard,
    options: &Options,
    threads: usize,
    monitor: &dyn Monitor,
    emit: impl FnMut(u64, &Generated) -> bool,
) -> BatchEnd {
    // Each puzzle's own progress (tries) would fight the batch's count.
    let quiet = CancelOnly(monitor);
    let make = |i: u64| {
        let mut o = options.clone();
        o.stream = i;
        generate(&o, &quiet)
    };
    make_shard(count, shard, threads, monitor, make, emit)
}

/// [`generate_shard`] for any maker of puzzle `i` (its stream), such as
/// practice puzzles: blocks made in parallel, handed on in order, a stop
/// leaving a prefix.
pub fn make_shard<T: Send>(
    count: u64,
    shard: Shard,
    threads: usize,
    monitor: &dyn Monitor,
    make: impl Fn(u64) -> Result<T, GenerateError> + Sync,
    mut emit: impl FnMut(u64, &T) -> bool,
) -> BatchEnd {
    use rayon::prelude::*;
    let workers = match threads {
        0 => rayon::current_num_threads(),
        n => n,
    } as u64;
    let pool = match threads {
        0 | 1 => None,
        n => crate::threads::pool(n).ok(),
    };
    // Threads asked for and refused (checked before the job, so rare):
    // this thread, never the global pool, whose start would then panic.
    let here = threads == 1 || (threads > 1 && pool.is_none());
    let block = (workers * 16).max(1);
    // Counted in the shard's own puzzles: local j is puzzle shard.global(j).
    let local = shard.len_of(count);
    let mut start = 0;
    while start < local {
        let end = (start + block).min(local);
        let made: Vec<Result<T, GenerateError>> = if here {
            (start..end).map(|j| make(shard.global(j))).collect()
        } else {
            let work = || {
                (start..end)
                    .into_par_iter()
                    .map(|j| make(shard.global(j)))
                    .collect()
            };
            match &pool {
                Some(p) => p.install(work),
                None => work(),
            }
        };
        for (j, result) in (start..end).zip(made) {
            let i = shard.global(j);
            match result {
                Ok(g) => {
                    if !emit(i, &g) {
                        return BatchEnd::Refused { index: i };
                    }
                }
                Err(GenerateError::Stopped { .. }) => return BatchEnd::Stopped { made: j },
                Err(error) => return BatchEnd::Failed { index: i, error },
            }
        }
        start = end;
        monitor.report(&Progress {
            label: "generate",
            done: start,
            total: Some(local),
            found: start,
        });
        if start < local && monitor.cancelled() {
            return BatchEnd::Stopped { made: start };
        }
    }
    BatchEnd::Done
}

#[cfg(test)]
mod tests;
