//! Search for pencil-mark positions (Sukaku Explainer's 729-character
//! lines) whose next Sudoku Explainer step is a rare chain technique,
//! "Bidirectional X-Cycle" or "Forcing X-Chain", which no position on the
//! path of a givens puzzle has shown. Hill-climbs on how close a position
//! comes, scored as `xsearch` scores: the earlier finders of `SE_ORDER`
//! that fire, and the steps the chain finder ranks before the target's
//! (fewer is closer; none is a hit). Only the target's steps rated 6.7 or
//! more (a cycle of ten links) or 6.9 (a chain of twelve nodes) count:
//! shorter ones are always caught by the strong-link finders.
//!
//! `cargo run --release --example pmsearch -- MODE SECONDS SEED TARGET [LINKS]`,
//! LINKS the strong links of the built cycle or chain (5 by default):
//!
//! - `digit`: one digit alone. Its places are a random solution template,
//!   a built X-cycle or X-chain whose strong links' regions hold just
//!   their two places, and extra places the climb adds and takes away;
//!   every other digit is a candidate of every cell (so it makes no
//!   step). With `PM_PLACE` set the climb may also place the digit at a
//!   template cell (a given, its peers cleared); X-chains were found as
//!   often without it. `PATTERN` lines are patterns the target's finder
//!   leads with: an X-cycle's in seconds, an X-chain's every few minutes.
//! - `fill`: such a pattern, a solution grid with the digit on its
//!   template, and every other digit's non-solution candidates taken away
//!   one at a time, each only while the position still leads with the
//!   target, until one solution is left. A `HIT` line is a position with
//!   one solution whose next step, as `hint` finds it, is the target.
//!   Nearly every pattern ends in a hit: X-cycles about one a minute,
//!   X-chains one in 4 to 8 minutes.
//! - `check FILE`: each line's first word read as a pencil-mark line;
//!   prints its solutions (up to 2) and the step `hint` takes.
//!
//! Starting instead from positions on SE's path of hard givens puzzles
//! (a digit placed at most once there, the rest of its places rebuilt)
//! found nothing: the placed digits and filled cells leave a built
//! pattern too little room.

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use puzzlelab::sudoku::generate::rng_for;
use puzzlelab::sudoku::human::{CandidateGrid, SE_ORDER, hint};
use puzzlelab::sudoku::{Grid, solver};
use rand::RngExt;

/// (earlier finders that fire, their steps plus the target finder's steps
/// ranked before the target's); lower is closer, (0, 0) a hit.
type Score = (usize, usize);

const FAR: Score = (usize::MAX, usize::MAX);
const ALL: u16 = 0x1ff;

/// The index of "Forcing Chain / Bidirectional Cycle" in `SE_ORDER`.
fn chain_producer() -> usize {
    SE_ORDER
        .iter()
        .position(|p| p.name == "Forcing Chain / Bidirectional Cycle")
        .expect("SE_ORDER has the static chains")
}

/// What a search aims at: the target technique's steps rated `min` or
/// more (shorter cycles and chains are always caught by the strong-link
/// finders before the chains).
struct Goal {
    producer: usize,
    target: String,
    min: u8,
    cycle: bool,
    links: usize,
}

impl Goal {
    fn new(target: &str, links: usize) -> Goal {
        let cycle = target == "Bidirectional X-Cycle";
        Goal {
            producer: chain_producer(),
            target: target.to_string(),
            // a cycle of 10 links rates 6.7, a chain of 12 nodes 6.9
            min: if cycle { 67 } else { 69 },
            cycle,
            links,
        }
    }
}

/// The score of a position (exact when at most `bound`) and what fired.
fn score(b: &CandidateGrid, goal: &Goal, bound: Score) -> (Score, String) {
    let (producer, target) = (goal.producer, goal.target.as_str());
    let (mut fired, mut total) = (0, 0);
    let mut names = Vec::new();
    for p in &SE_ORDER[..producer] {
        let steps = p.find_all(b);
        if let Some(s) = steps.first() {
            fired += 1;
            total += steps.len();
            names.push(format!("{} x{} [{}]", p.name, steps.len(), s.text));
            if (fired, total) > bound {
                return (FAR, names.join("; "));
            }
        }
    }
    let steps = SE_ORDER[producer].find_all(b);
    match steps
        .iter()
        .position(|s| s.technique == target && s.rating >= goal.min)
    {
        None => (FAR, names.join("; ")),
        Some(k) => {
            if k > 0 {
                fired += 1;
                total += k;
                names.push(format!(
                    "chains: first {} ({}) [{}], then target {} ({})",
                    steps[0].technique,
                    steps[0].rating,
                    steps[0].text,
                    steps[k].text,
                    steps[k].rating
                ));
            } else {
                names.push(format!("target {} ({})", steps[0].text, steps[0].rating));
            }
            ((fired, total), names.join("; "))
        }
    }
}

// ---------------------------------------------------------------- geometry

fn row(c: usize) -> usize {
    c / 9
}
fn col(c: usize) -> usize {
    c % 9
}
fn boxn(c: usize) -> usize {
    c / 27 * 3 + c % 9 / 3
}
/// The regions of a cell: block, row, column (0..9, 9..18, 18..27).
fn regions(c: usize) -> [usize; 3] {
    [boxn(c), 9 + row(c), 18 + col(c)]
}
fn in_region(c: usize, r: usize) -> bool {
    regions(c).contains(&r)
}
fn sees(a: usize, b: usize) -> bool {
    a != b && regions(a).iter().any(|&r| in_region(b, r))
}
fn shared_region(a: usize, b: usize) -> Option<usize> {
    regions(a).into_iter().find(|&r| in_region(b, r))
}

/// A random solution template of one digit: nine cells, one a row,
/// column and block.
fn template(rng: &mut impl rand::Rng) -> [usize; 9] {
    fn place(r: usize, cols: &mut [usize; 9], rng: &mut impl rand::Rng) -> bool {
        if r == 9 {
            return true;
        }
        let mut order: Vec<usize> = (0..9).collect();
        for i in (1..9).rev() {
            order.swap(i, rng.random_range(0..=i as u32) as usize);
        }
        for c in order {
            let blocked = (0..r).any(|q| cols[q] == c || (q / 3 == r / 3 && cols[q] / 3 == c / 3));
            if !blocked {
                cols[r] = c;
                if place(r + 1, cols, rng) {
                    return true;
                }
            }
        }
        false
    }
    let mut cols = [0usize; 9];
    place(0, &mut cols, rng);
    std::array::from_fn(|r| r * 9 + cols[r])
}

/// A built pattern of one digit: the template, the chain's cells, the
/// regions that must keep just their link's two places, and the extras.
#[derive(Clone)]
struct Pattern {
    t: [usize; 9],
    chain: Vec<usize>,
    locked: Vec<usize>,
    /// Cells that may hold the digit at all.
    allowed: u128,
    places: u128,
}

impl Pattern {
    fn has(&self, c: usize) -> bool {
        self.places >> c & 1 == 1
    }
    /// Cells whose place may come and go.
    fn free(&self, c: usize) -> bool {
        self.allowed >> c & 1 == 1
            && !self.t.contains(&c)
            && !self.chain.contains(&c)
            && !self.locked.iter().any(|&r| in_region(c, r))
    }
}

/// A cycle (`cycle`) or chain of `n` strong links on a random template:
/// cycle `a0 = b0 - a1 = b1 - ... = b(n-1) - a0`, the `a` in the template;
/// chain `c - a1 = b1 - ... - an = bn - c`, the template holding the `a`
/// of the first links and the `b` of the rest, `c` outside it. Each strong
/// link's region holds just its two cells; the weak links' regions get a
/// few extra places so that something can be removed.
fn build(
    rng: &mut impl rand::Rng,
    t: [usize; 9],
    allowed: u128,
    extras: Option<u128>,
    cycle: bool,
    n: usize,
) -> Option<Pattern> {
    let pick = |rng: &mut dyn FnMut(u32) -> u32, v: &[usize]| -> Option<usize> {
        (!v.is_empty()).then(|| v[rng(v.len() as u32) as usize])
    };
    let mut r = |k: u32| rng.random_range(0..k);
    let in_t = |c: usize| t.contains(&c);
    let ok = |c: usize| allowed >> c & 1 == 1;
    let mut chain: Vec<usize> = Vec::new();
    let mut locked: Vec<usize> = Vec::new();
    let mut weak: Vec<usize> = Vec::new();
    let k = if cycle { n } else { r(n as u32 + 1) as usize };
    // true for the strong link's first cell in the template
    let a_true = |i: usize| cycle || i < k;
    let mut a = {
        let cands: Vec<usize> = (0..81).filter(|&c| ok(c) && in_t(c) == a_true(0)).collect();
        pick(&mut r, &cands)?
    };
    chain.push(a);
    for i in 0..n {
        // strong link a = b in a fresh region
        let bs: Vec<usize> = (0..81)
            .filter(|&b| {
                ok(b)
                    && in_t(b) != a_true(i)
                    && !chain.contains(&b)
                    && shared_region(a, b).is_some_and(|g| !locked.contains(&g))
            })
            .collect();
        let b = pick(&mut r, &bs)?;
        let regs: Vec<usize> = regions(a)
            .into_iter()
            .filter(|&g| in_region(b, g) && !locked.contains(&g))
            .collect();
        locked.push(pick(&mut r, &regs)?);
        chain.push(b);
        if i + 1 == n {
            break;
        }
        // weak link b - next a
        let nexts: Vec<usize> = (0..81)
            .filter(|&c| ok(c) && in_t(c) == a_true(i + 1) && !chain.contains(&c) && sees(b, c))
            .filter(|&c| !(in_t(c) && in_t(b)))
            .collect();
        a = pick(&mut r, &nexts)?;
        weak.push(shared_region(b, a)?);
        chain.push(a);
    }
    if cycle {
        let (first, last) = (chain[0], chain[chain.len() - 1]);
        weak.push(shared_region(first, last)?);
    } else {
        let (first, last) = (chain[0], chain[chain.len() - 1]);
        let cs: Vec<usize> = (0..81)
            .filter(|&c| {
                ok(c) && !in_t(c) && !chain.contains(&c) && sees(c, first) && sees(c, last)
            })
            .collect();
        let c = pick(&mut r, &cs)?;
        chain.push(c);
    }
    // every strong link's region holds its two cells only
    for (i, &g) in locked.iter().enumerate() {
        let (x, y) = (chain[2 * i], chain[2 * i + 1]);
        let mut others = chain.iter().chain(t.iter().filter(|&&c| ok(c)));
        if others.any(|&c| c != x && c != y && in_region(c, g)) {
            return None;
        }
    }
    let mut p = Pattern {
        t,
        chain,
        locked,
        allowed,
        places: 0,
    };
    for &c in p.t.iter().chain(p.chain.iter()) {
        if ok(c) {
            p.places |= 1u128 << c;
        }
    }
    match extras {
        Some(e) => {
            for c in 0..81 {
                if p.free(c) && e >> c & 1 == 1 {
                    p.places |= 1u128 << c;
                }
            }
        }
        None => {
            for g in weak {
                for c in 0..81 {
                    if in_region(c, g) && p.free(c) && r(2) == 0 {
                        p.places |= 1u128 << c;
                    }
                }
            }
            for c in 0..81 {
                if p.free(c) && r(4) == 0 {
                    p.places |= 1u128 << c;
                }
            }
        }
    }
    Some(p)
}

/// Digit 1 at the pattern's places, every other digit everywhere.
/// (A template cell outside the allowed cells holds the digit placed.)
fn alone(p: &Pattern) -> CandidateGrid {
    let masks: [u16; 81] = std::array::from_fn(|c| match () {
        _ if p.has(c) => ALL,
        _ if p.t.contains(&c) => 1,
        _ => ALL & !1,
    });
    CandidateGrid::from_pencil_masks(&masks)
}

/// Places the digit at a random template cell outside the built chain
/// (clearing its peers' places), or takes a placed one back.
fn toggle_placed(p: &mut Pattern, rng: &mut impl rand::Rng) {
    let c = p.t[rng.random_range(0..9u32) as usize];
    let placed = |p: &Pattern, c: usize| p.allowed >> c & 1 == 0;
    if !placed(p, c) && p.chain.iter().any(|&x| x == c || sees(x, c)) {
        return;
    }
    let now: Vec<usize> =
        p.t.iter()
            .copied()
            .filter(|&x| placed(p, x) != (x == c))
            .collect();
    p.allowed = !0u128 >> 47;
    for x in now {
        p.allowed &= !(1u128 << x);
        for &q in &TABLES.peers[x] {
            p.allowed &= !(1u128 << q);
        }
    }
    p.places &= p.allowed;
    if !placed(p, c) {
        p.places |= 1u128 << c;
    }
}

/// A climb of a pattern's free places until its digit alone leads with
/// the goal's step (score (0, 0)) or `idle` tries bring nothing closer.
fn digit_climb(
    rng: &mut impl rand::Rng,
    goal: &Goal,
    mut cur: Pattern,
    idle_cap: usize,
    deadline: Instant,
    walked: &mut u64,
) -> (Pattern, Score) {
    let (mut now, _) = score(&alone(&cur), goal, (30, usize::MAX));
    *walked += 1;
    if now == FAR {
        return (cur, FAR);
    }
    // only where the pattern may use every cell: a digit placed by the
    // position stays placed
    let place_t = std::env::var("PM_PLACE").is_ok() && cur.allowed == !0u128 >> 47;
    let mut idle = 0;
    while idle < idle_cap && Instant::now() < deadline {
        if now == (0, 0) {
            break;
        }
        idle += 1;
        let mut next = cur.clone();
        if place_t && rng.random_range(0..8u32) == 0 {
            toggle_placed(&mut next, rng);
        } else {
            let free: Vec<usize> = (0..81).filter(|&c| next.free(c)).collect();
            if free.is_empty() {
                continue;
            }
            for _ in 0..rng.random_range(1..3u32) {
                let c = free[rng.random_range(0..free.len() as u32) as usize];
                next.places ^= 1u128 << c;
            }
        }
        let (s, _) = score(&alone(&next), goal, now);
        *walked += 1;
        if s <= now {
            if s < now {
                idle = 0;
            }
            (cur, now) = (next, s);
        }
    }
    (cur, now)
}

fn digit_search(seconds: u64, seed: u64, goal: &Goal) {
    let mut rng = rng_for(seed, 0);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let mut best = FAR;
    let (mut walked, mut climbs, mut hits) = (0u64, 0u64, 0u64);
    while Instant::now() < deadline {
        let t = template(&mut rng);
        let Some(p) = build(&mut rng, t, !0u128 >> 47, None, goal.cycle, goal.links) else {
            continue;
        };
        climbs += 1;
        let (p, s) = digit_climb(&mut rng, goal, p, 200, deadline, &mut walked);
        if s < best || s == (0, 0) {
            best = best.min(s);
            let b = alone(&p);
            let tag = if s == (0, 0) { "PATTERN" } else { "best" };
            hits += u64::from(s == (0, 0));
            println!(
                "{:>6.0}s {tag} {s:?} {} [{}]",
                start.elapsed().as_secs_f64(),
                b.pencil_line(),
                score(&b, goal, FAR).1
            );
        }
    }
    println!(
        "# {:.0}s climbs {climbs} walked {walked} best {best:?} hits {hits}",
        start.elapsed().as_secs_f64()
    );
}

// ---------------------------------------------------------------- solving

/// Each cell's 20 peers and each region's 9 cells.
struct Tables {
    peers: Vec<Vec<usize>>,
    cells: Vec<Vec<usize>>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| Tables {
    peers: (0..81)
        .map(|c| (0..81).filter(|&p| sees(c, p)).collect())
        .collect(),
    cells: (0..27)
        .map(|r| (0..81).filter(|&c| in_region(c, r)).collect())
        .collect(),
});

/// Solutions of a candidate grid, counted up to 2 (naked and hidden
/// singles propagated, then the cell with the fewest candidates tried).
fn count2(masks: &[u16; 81]) -> usize {
    // Cells are read by index: a peer's elimination may change a later
    // cell within the same sweep.
    #[allow(clippy::needless_range_loop)]
    fn go(m: &mut [u16; 81], found: &mut usize, t: &Tables) {
        let mut done = [false; 81];
        loop {
            let mut changed = false;
            for c in 0..81 {
                let v = m[c];
                if v == 0 {
                    return;
                }
                if v.count_ones() == 1 && !done[c] {
                    done[c] = true;
                    for &p in &t.peers[c] {
                        if m[p] & v != 0 {
                            m[p] &= !v;
                            if m[p] == 0 {
                                return;
                            }
                            changed = true;
                        }
                    }
                }
            }
            for cells in &t.cells {
                let (mut once, mut more) = (0u16, 0u16);
                for &c in cells {
                    more |= once & m[c];
                    once |= m[c];
                }
                if once != ALL {
                    return;
                }
                let single = once & !more;
                if single != 0 {
                    for &c in cells {
                        let s = m[c] & single;
                        if s != 0 && m[c] != s {
                            if s.count_ones() > 1 {
                                return;
                            }
                            m[c] = s;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let open = (0..81)
            .filter(|&c| m[c].count_ones() > 1)
            .min_by_key(|&c| m[c].count_ones());
        let Some(c) = open else {
            *found += 1;
            return;
        };
        let v = m[c];
        for d in 0..9 {
            if v >> d & 1 == 1 {
                let mut next = *m;
                next[c] = 1 << d;
                go(&mut next, found, t);
                if *found >= 2 {
                    return;
                }
            }
        }
    }
    let mut m = *masks;
    let mut found = 0;
    go(&mut m, &mut found, &TABLES);
    found
}

/// Reads a file's pencil-mark lines as every reader of the crate reads
/// them (bad lines reported with their line) and prints for each its
/// solutions (up to 2) and `hint`'s step.
fn check(file: &str) -> Result<(), String> {
    let mut read = 0;
    let c = puzzlelab::sudoku::formats::read_file_each(file, &puzzlelab::monitor::Silent, |r| {
        read += 1;
        let Some(marks) = r.marks else {
            println!("line {}: a puzzle, not a pencil-mark line", r.line);
            return;
        };
        let b = CandidateGrid::from_pencil_masks(&marks);
        let step = hint(&b).map_or("none".to_string(), |s| {
            format!("{} | {} ({})", s.technique, s.text, s.rating)
        });
        println!("line {}: solutions {} | {step}", r.line, count2(&marks));
    });
    if read == 0 {
        return Err(c.why_empty(file));
    }
    for e in c.errors.iter() {
        println!("bad line: {e}");
    }
    Ok(())
}

// ---------------------------------------------------------------- filling

/// A solution grid with digit 1 on the template: the template and a few
/// random other digits as clues, solved.
fn solution_on(rng: &mut impl rand::Rng, t: &[usize; 9]) -> Option<Grid> {
    for _ in 0..50 {
        let mut g = Grid::default();
        for &c in t {
            g.set(c, 1);
        }
        for _ in 0..8 {
            let c = rng.random_range(0..81u32) as usize;
            if g.get(c) == 0 {
                g.set(c, rng.random_range(2..10u32) as u8);
            }
        }
        if let Ok(Some(s)) = solver::solve(&g) {
            return Some(s);
        }
    }
    None
}

/// A digit pattern that alone leads with the goal's step, then every other
/// digit's non-solution candidates taken away one at a time, each only
/// when the position still leads with the step, until one solution is
/// left (a `HIT`) or nothing can go.
fn fill_search(seconds: u64, seed: u64, goal: &Goal) {
    let mut rng = rng_for(seed, 0);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let (mut walked, mut patterns, mut hits) = (0u64, 0u64, 0u64);
    // Fewest candidates any walk came down to (none before a first walk).
    let mut fewest: Option<usize> = None;
    while Instant::now() < deadline {
        let t = template(&mut rng);
        let Some(p) = build(&mut rng, t, !0u128 >> 47, None, goal.cycle, goal.links) else {
            continue;
        };
        let (p, s) = digit_climb(&mut rng, goal, p, 200, deadline, &mut walked);
        if s != (0, 0) {
            continue;
        }
        patterns += 1;
        let Some(sol) = solution_on(&mut rng, &p.t) else {
            continue;
        };
        let b = alone(&p);
        let mut m: [u16; 81] = std::array::from_fn(|c| if b.is_filled(c) { 1 } else { b.cand(c) });
        let mut fails = 0;
        let mut unique = false;
        while fails < 300 && Instant::now() < deadline {
            let c = rng.random_range(0..81u32) as usize;
            let v = rng.random_range(2..10u32) as u8;
            let bit = 1u16 << (v - 1);
            if v == sol.get(c) || m[c] & bit == 0 || m[c].count_ones() <= 2 {
                continue;
            }
            let mut next = m;
            next[c] &= !bit;
            let (s, _) = score(&CandidateGrid::from_pencil_masks(&next), goal, (0, 0));
            walked += 1;
            if s != (0, 0) {
                fails += 1;
                continue;
            }
            fails = 0;
            m = next;
            if count2(&m) == 1 {
                unique = true;
                break;
            }
        }
        let left: usize = m.iter().map(|v| v.count_ones() as usize).sum();
        fewest = Some(fewest.map_or(left, |f| f.min(left)));
        let b = CandidateGrid::from_pencil_masks(&m);
        if unique {
            let next = hint(&b);
            match next {
                Some(s) if s.technique == goal.target => {
                    hits += 1;
                    println!(
                        "HIT {} {} [{} ({})]",
                        goal.target,
                        b.pencil_line(),
                        s.text,
                        s.rating
                    );
                }
                other => println!(
                    "# unique but hint is {:?}",
                    other.map(|s| format!("{} ({})", s.text, s.rating))
                ),
            }
        } else {
            println!(
                "# {:.0}s pattern {patterns}: stuck at {left} candidates, solutions {} {}",
                start.elapsed().as_secs_f64(),
                count2(&m),
                b.pencil_line()
            );
        }
    }
    let fewest = fewest.map_or("none".to_string(), |f| f.to_string());
    println!(
        "# {:.0}s patterns {patterns} walked {walked} fewest {fewest} hits {hits}",
        start.elapsed().as_secs_f64()
    );
}

fn main() {
    if let Err(e) = run() {
        eprintln!("pmsearch: {e}");
        eprintln!("usage: pmsearch digit|fill SECONDS SEED TARGET [LINKS] | check FILE");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 2 && args[0] == "check" {
        return check(&args[1]);
    }
    if !(4..=5).contains(&args.len()) {
        return Err(format!("{} arguments", args.len()));
    }
    let number = |what: &str, text: &str| -> Result<u64, String> {
        text.parse()
            .map_err(|_| format!("{what} must be a whole number, not {text:?}"))
    };
    let seconds = number("SECONDS", &args[1])?;
    let seed = number("SEED", &args[2])?;
    let target = args[3].as_str();
    if !["Bidirectional X-Cycle", "Forcing X-Chain"].contains(&target) {
        return Err(format!(
            "TARGET is \"Bidirectional X-Cycle\" or \"Forcing X-Chain\", not {target:?}"
        ));
    }
    let links = match args.get(4) {
        Some(text) => match number("LINKS", text)? {
            n @ 3..=8 => n as usize,
            n => return Err(format!("LINKS is 3 to 8, not {n}")),
        },
        None => 5,
    };
    let goal = Goal::new(target, links);
    match args[0].as_str() {
        "digit" => digit_search(seconds, seed, &goal),
        "fill" => fill_search(seconds, seed, &goal),
        mode => return Err(format!("MODE is digit, fill or check, not {mode:?}")),
    }
    Ok(())
}
