//! Search for practice seeds of rare techniques: puzzles whose Sudoku
//! Explainer path takes a step of the technique. A hill-climb on how
//! close a path comes: at each position of SE's path where the
//! technique's finder reports the technique, the earlier finders that
//! also fire (fewer is closer; none is a hit).
//!
//! `cargo run --release --example xsearch -- SECONDS SEED TARGET... [-- FILE...]`
//! (puzzles of FILEs, one a line, are starting points besides fresh ones).

use std::time::{Duration, Instant};

use puzzlelab::monitor::Silent;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::generate::{self, Options, RatingRange, mutate, rng_for};
use puzzlelab::sudoku::human::{CandidateGrid, SE_ORDER, hint_up_to};
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

fn score(puzzle: &Grid, t: &Target) -> (Score, usize) {
    let (s, at, _) = scored(puzzle, t);
    (s, at)
}

/// The score, the position index and what competed there.
fn scored(puzzle: &Grid, t: &Target) -> (Score, usize, String) {
    let mut b = CandidateGrid::from_grid(puzzle);
    let mut best = FAR;
    let mut at = 0;
    let mut who = String::new();
    let mut hardest = 0;
    for i in 0..200 {
        if b.is_solved() {
            break;
        }
        let steps = SE_ORDER[t.producer].find_all(&b);
        if let Some(k) = steps
            .iter()
            .position(|s| s.technique == t.name && s.rating >= t.min)
        {
            let mut fired = 0;
            let mut total = k;
            let mut names = Vec::new();
            for p in &SE_ORDER[..t.producer] {
                let n = p.find_all(&b).len();
                if n > 0 {
                    fired += 1;
                    total += n;
                    names.push(format!("{} x{n}", p.name));
                }
                if (fired, total) > best {
                    break;
                }
            }
            if k > 0 {
                fired += 1;
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
        match hint_up_to(&b, t.producer + 1, &Silent) {
            Ok(Some(s)) => {
                hardest = hardest.max(s.rating);
                s.apply(&mut b)
            }
            _ => break,
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
        if let Some(k) = steps
            .iter()
            .position(|s| s.technique == t.name && s.rating >= t.min)
        {
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let split = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let seconds: u64 = args[0].parse().expect("seconds");
    let seed: u64 = args[1].parse().expect("seed");
    let mut targets: Vec<Target> = args[2..split]
        .iter()
        .map(|arg| {
            let (n, min) = match arg.split_once('@') {
                Some((n, m)) => (n, m.parse().expect("rating")),
                None => (arg.as_str(), 0),
            };
            let info = puzzlelab::sudoku::human::techniques()
                .iter()
                .find(|t| t.name == n)
                .unwrap_or_else(|| panic!("unknown {n}"));
            let producer = SE_ORDER
                .iter()
                .position(|p| p.name == info.producer)
                .unwrap();
            Target {
                name: info.name.to_string(),
                producer,
                min,
                best: FAR,
                hits: Vec::new(),
                elite: Vec::new(),
            }
        })
        .collect();
    if let Ok(line) = std::env::var("XS_SHOW") {
        show(&Grid::parse(&line).expect("puzzle"), &targets[0]);
        return;
    }
    let mut pool: Vec<Grid> = Vec::new();
    for f in args.iter().skip(split + 1) {
        let text = std::fs::read_to_string(f).expect("file");
        pool.extend(
            text.lines()
                .filter_map(|l| Grid::parse(l.split_whitespace().next()?).ok()),
        );
    }
    let mut rng = rng_for(seed, 0);
    // Shuffle the pool.
    for i in (1..pool.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        pool.swap(i, j);
    }
    if let Ok(f) = std::env::var("XS_START") {
        let text = std::fs::read_to_string(f).expect("start file");
        pool.extend(
            text.lines()
                .filter_map(|l| Grid::parse(l.split_whitespace().next()?).ok()),
        );
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
        let (mut now, _) = score(&from, t);
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
            let (s, a) = score(&next, t);
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
                        scored(&cur, t).2
                    );
                }
                if s == (0, 0) {
                    let line = cur.line();
                    if !t.hits.contains(&line) {
                        println!("HIT {} at {} {} [{}]", t.name, at, line, scored(&cur, t).2);
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
}
