//! Search for practice seeds of rare techniques: puzzles whose Sudoku
//! Explainer path takes a step of the technique. A hill-climb on how
//! close a path comes: at each position of SE's path where the
//! technique's finder reports the technique, the earlier finders that
//! also fire (fewer is closer; none is a hit).
//!
//! `cargo run --release --example xsearch -- SECONDS SEED TARGET... [-- FILE...]`:
//! a TARGET is a name of `techniques()`, with `@RATING` (tenths) to aim
//! only at its steps rated that or more (or whose chain visits a cell
//! twice); puzzles of the FILEs, one a line,
//! are starting points (fresh ones once they are used up); climbs
//! restart half the time from the closest puzzles met. `XS_START=FILE`
//! puts a file's puzzles first; `XS_SHOW=PUZZLE` prints, along the first
//! target's walk of one puzzle, every competing step instead.
//! Lines: `best` (a closer score, its position on the path, the puzzle,
//! what competed), `HIT` (a puzzle whose path takes the step), `#` (a
//! climb ended). The seeds of src/sudoku/practice/seeds.rs came from it.

use std::time::{Duration, Instant};

use puzzlelab::monitor::Silent;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::generate::{self, Options, RatingRange, mutate, rng_for};
use puzzlelab::sudoku::human::{CandidateGrid, SE_ORDER, Step, hint_up_to};
use puzzlelab::sudoku::minimal::minimize;
use puzzlelab::sudoku::solver::{is_unique, solve};
use rand::RngExt;

/// How close a puzzle's path comes: (finders before the target's that
/// fire, their steps plus the target finder's steps ranked before it),
/// lower is closer, (0, 0) a hit; and the position index.
type Score = (usize, usize);

const FAR: Score = (usize::MAX, usize::MAX);

struct Target {
    name: String,
    producer: usize,
    /// The lowest rating of a step worth aiming at (shorter chains are
    /// always caught by earlier finders).
    min: u8,
    best: Score,
    hits: Vec<String>,
    /// The closest puzzles met, climbs restart from them half the time.
    elite: Vec<(Score, Grid)>,
}

impl Target {
    /// True for a step of the target rated at least its minimum, or whose
    /// chain visits a cell twice (no finder of strong-link chains, which
    /// want distinct places, can have caught it first).
    fn aims_at(&self, s: &Step) -> bool {
        let mut cells: Vec<usize> = s.links.iter().map(|l| l.from.0).collect();
        let n = cells.len();
        cells.sort_unstable();
        cells.dedup();
        s.technique == self.name && (s.rating >= self.min || cells.len() < n)
    }
}

fn score(puzzle: &Grid, t: &Target, bound: Score) -> (Score, usize) {
    let (s, at, _) = scored(puzzle, t, bound);
    (s, at)
}

/// The score (exact when at most `bound`), the position index and what
/// competed there. The target's finder runs only on positions whose
/// earlier finders stay within the bound: on most positions a single or
/// a pointing rules it out at once.
fn scored(puzzle: &Grid, t: &Target, bound: Score) -> (Score, usize, String) {
    let mut b = CandidateGrid::from_grid(puzzle);
    let mut best = FAR;
    let mut at = 0;
    let mut who = String::new();
    let mut hardest = 0;
    for i in 0..200 {
        if b.is_solved() {
            break;
        }
        let limit = bound.min(best);
        let (mut fired, mut total) = (0, 0);
        let mut names = Vec::new();
        let mut first = None;
        let mut pruned = false;
        for p in &SE_ORDER[..t.producer] {
            let steps = p.find_all(&b);
            if let Some(s) = steps.first() {
                first.get_or_insert_with(|| s.clone());
                fired += 1;
                total += steps.len();
                names.push(format!("{} x{}", p.name, steps.len()));
                if (fired, total) > limit {
                    pruned = true;
                    break;
                }
            }
        }
        if !pruned {
            let steps = SE_ORDER[t.producer].find_all(&b);
            if let Some(k) = steps.iter().position(|s| t.aims_at(s)) {
                if k > 0 {
                    fired += 1;
                    total += k;
                    names.push(format!(
                        "first {} ({}) then {}",
                        steps[0].technique, steps[0].rating, steps[k].rating
                    ));
                }
                if (fired, total) < best {
                    best = (fired, total);
                    at = i;
                    who = format!("{} (hardest before {hardest})", names.join("; "));
                }
                if best == (0, 0) {
                    break;
                }
            }
            if first.is_none() {
                first = steps.into_iter().next();
            }
        }
        match first {
            Some(s) => {
                hardest = hardest.max(s.rating);
                s.apply(&mut b)
            }
            None => break,
        }
    }
    (best, at, who)
}

/// A neighbour with the same solution: one or two clues taken away, one
/// or two others of the solution put in, more until unique, then
/// minimized: a smaller move than `mutate`, which may change the solution.
fn nudge(p: &Grid, rng: &mut impl rand::Rng) -> Option<Grid> {
    let solution = solve(p).ok()??;
    let mut q = *p;
    let clues: Vec<usize> = (0..81).filter(|&c| p.get(c) != 0).collect();
    let empty: Vec<usize> = (0..81).filter(|&c| p.get(c) == 0).collect();
    for _ in 0..rng.random_range(1..3u32) {
        q.set(clues[rng.random_range(0..clues.len() as u32) as usize], 0);
    }
    for _ in 0..rng.random_range(1..3u32) {
        let c = empty[rng.random_range(0..empty.len() as u32) as usize];
        q.set(c, solution.get(c));
    }
    while !is_unique(&q).ok()? {
        let c = rng.random_range(0..81u32) as usize;
        q.set(c, solution.get(c));
    }
    let q = minimize(&q, rng, &Silent).ok()?;
    (q != *p).then_some(q)
}

/// Prints, at each position of the path where the target's finder
/// reports it, the target's step and every competing step.
fn show(puzzle: &Grid, t: &Target) {
    let mut b = CandidateGrid::from_grid(puzzle);
    for i in 0..200 {
        if b.is_solved() {
            break;
        }
        let steps = SE_ORDER[t.producer].find_all(&b);
        if let Some(k) = steps.iter().position(|s| t.aims_at(s)) {
            println!("position {i}: {}", b.pencil_line());
            println!("  target {} ({}) [{}]", steps[k].text, steps[k].rating, k);
            for s in &steps[..k] {
                println!("  before it: {} ({})", s.text, s.rating);
            }
            for p in &SE_ORDER[..t.producer] {
                for s in p.find_all(&b).iter().take(6) {
                    println!("  earlier: {} ({})", s.text, s.rating);
                }
            }
        }
        match hint_up_to(&b, t.producer + 1, &Silent) {
            Ok(Some(s)) => {
                println!("step {i}: {} ({})", s.text, s.rating);
                s.apply(&mut b)
            }
            _ => break,
        }
    }
}

/// A target as the command line gives it: `NAME` or `NAME@RATING`.
fn target(arg: &str) -> Result<Target, String> {
    let (name, min) = match arg.split_once('@') {
        Some((n, m)) => (n, m.parse().map_err(|_| format!("bad rating in {arg:?}"))?),
        None => (arg, 0),
    };
    let info = puzzlelab::sudoku::human::techniques()
        .iter()
        .find(|t| t.name == name)
        .ok_or_else(|| format!("unknown technique {name:?}"))?;
    let producer = SE_ORDER
        .iter()
        .position(|p| p.name == info.producer)
        .ok_or_else(|| format!("{name:?} has no finder"))?;
    Ok(Target {
        name: info.name.to_string(),
        producer,
        min,
        best: FAR,
        hits: Vec::new(),
        elite: Vec::new(),
    })
}

/// The puzzles of a file, read as every reader of the crate reads one (its
/// bad lines skipped; a file with none is an error).
fn puzzles(file: &str) -> Result<Vec<Grid>, String> {
    let read = puzzlelab::sudoku::formats::read_file(file, &Silent);
    match read.records.is_empty() {
        true => Err(read
            .errors
            .iter()
            .next()
            .map_or_else(|| format!("{file}: no puzzles"), |e| e.to_string())),
        false => Ok(read.records.iter().map(|r| r.grid).collect()),
    }
}

fn main() {
    if let Err(e) = run() {
        eprintln!("xsearch: {e}");
        eprintln!("usage: xsearch SECONDS SEED TARGET... [-- FILE...]");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let split = args.iter().position(|a| a == "--").unwrap_or(args.len());
    if split < 3 {
        return Err("give SECONDS, SEED and a target at least".into());
    }
    let seconds: u64 = args[0].parse().map_err(|_| "SECONDS is a number")?;
    let seed: u64 = args[1].parse().map_err(|_| "SEED is a number")?;
    let mut targets = args[2..split]
        .iter()
        .map(|a| target(a))
        .collect::<Result<Vec<Target>, String>>()?;
    if let Ok(line) = std::env::var("XS_SHOW") {
        let g = Grid::parse(&line).map_err(|e| format!("XS_SHOW: {e}"))?;
        show(&g, &targets[0]);
        return Ok(());
    }
    let mut pool: Vec<Grid> = Vec::new();
    for f in args.iter().skip(split + 1) {
        pool.extend(puzzles(f)?);
    }
    let mut rng = rng_for(seed, 0);
    // Shuffle the pool.
    for i in (1..pool.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        pool.swap(i, j);
    }
    if let Ok(f) = std::env::var("XS_START") {
        pool.extend(puzzles(&f)?);
    }
    let start = Instant::now();
    let limit = Duration::from_secs(seconds);
    let orbits = generate::Symmetry::None.orbits();
    let mut walked = 0u64;
    let mut round = 0usize;
    while start.elapsed() < limit {
        let ti = round % targets.len();
        round += 1;
        let from = if !targets[ti].elite.is_empty() && rng.random_range(0..2u32) == 0 {
            let e = &targets[ti].elite;
            e[rng.random_range(0..e.len() as u32) as usize].1
        } else if let Some(g) = pool.pop() {
            g
        } else {
            let o = Options {
                seed: rng.random::<u64>() >> 1,
                rating: Some(RatingRange {
                    min_er: 62,
                    max_er: 90,
                    ..RatingRange::default()
                }),
                time_limit: Some(Duration::from_secs(30)),
                ..Options::default()
            };
            match generate::generate(&o, &Silent) {
                Ok(g) => g.puzzle,
                Err(_) => continue,
            }
        };
        let t = &mut targets[ti];
        let (mut now, _) = score(&from, t, (12, usize::MAX));
        walked += 1;
        if now == FAR {
            continue;
        }
        let mut cur = from;
        let mut idle = 0;
        let mut at;
        while idle < 150 && start.elapsed() < limit {
            idle += 1;
            let next = if rng.random_range(0..2u32) == 0 {
                mutate(&cur, &orbits, &mut rng).map(|m| m.0)
            } else {
                nudge(&cur, &mut rng)
            };
            let Some(next) = next else {
                continue;
            };
            let (s, a) = score(&next, t, now);
            walked += 1;
            if s <= now {
                if s < now {
                    idle = 0;
                }
                (cur, now, at) = (next, s, a);
                if s < t.best {
                    t.best = s;
                    println!(
                        "{:>6.0}s {} best {:?} at {} {} [{}]",
                        start.elapsed().as_secs_f64(),
                        t.name,
                        s,
                        at,
                        cur.line(),
                        scored(&cur, t, FAR).2
                    );
                }
                if s == (0, 0) {
                    let line = cur.line();
                    if !t.hits.contains(&line) {
                        println!(
                            "HIT {} at {} {} [{}]",
                            t.name,
                            at,
                            line,
                            scored(&cur, t, FAR).2
                        );
                        t.hits.push(line);
                    }
                    break;
                }
            }
        }
        if now != FAR && !t.elite.iter().any(|e| e.1 == cur) {
            t.elite.push((now, cur));
            t.elite.sort_by_key(|e| e.0);
            t.elite.truncate(12);
        }
        println!(
            "# {:.0}s walked {walked} round {round} {} end {:?}",
            start.elapsed().as_secs_f64(),
            t.name,
            now
        );
    }
    for t in &targets {
        println!("# {} best {:?} hits {}", t.name, t.best, t.hits.len());
    }
    Ok(())
}
