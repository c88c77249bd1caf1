//! Pentomino packing counts: puzzlelab's bitboard solver against a plain
//! textbook dancing-links (Knuth's Algorithm X, smallest column first, no
//! symmetry breaking, no pruning) kept here as the baseline, and against a
//! bare bitboard search (first empty cell, placements by anchor, nothing
//! else). Prints one plain line per instance with both times and the
//! ratio, then all threads against one thread on the same counts.
//!
//! Run: `cargo bench --bench polyomino` (`-- quick` runs the baseline on
//! 6x10 only and skips the 3x4x5 box, `-- nodlx` skips the baseline).

use std::time::{Duration, Instant};

use puzzlelab::monitor::Silent;
use puzzlelab::polyomino::{self as solver, Options, Region, pentominoes};

/// The bare bitboard search: a `u64` board numbered column by column, every
/// placement filed under its lowest cell, fill the first empty cell, no
/// pruning and no symmetry breaking (raw count). Built once; `count` is the
/// search alone.
struct Bare {
    /// Per cell, (piece, mask) of the placements anchored there.
    at: Vec<Vec<(usize, u64)>>,
    full: u64,
}

impl Bare {
    fn new(rows: usize, cols: usize) -> Bare {
        let (short, long) = (rows.min(cols), rows.max(cols));
        let mut at = vec![Vec::new(); short * long];
        for (k, p) in pentominoes().iter().enumerate() {
            for o in p.orientations(false) {
                let h = o.iter().map(|c| c.0 as usize).max().unwrap_or(0);
                let w = o.iter().map(|c| c.1 as usize).max().unwrap_or(0);
                for dr in 0..short.saturating_sub(h) {
                    for dc in 0..long.saturating_sub(w) {
                        let m = o.iter().fold(0u64, |m, &(r, c)| {
                            m | 1 << ((c as usize + dc) * short + r as usize + dr)
                        });
                        at[m.trailing_zeros() as usize].push((k, m));
                    }
                }
            }
        }
        Bare {
            at,
            full: (1u64 << (short * long)) - 1,
        }
    }

    fn count(&self, filled: u64, avail: u32) -> u64 {
        if filled == self.full {
            return 1;
        }
        let cell = (!filled).trailing_zeros() as usize;
        let mut n = 0;
        for &(k, m) in &self.at[cell] {
            if avail >> k & 1 == 1 && m & filled == 0 {
                n += self.count(filled | m, avail & !(1 << k));
            }
        }
        n
    }
}

/// Textbook dancing links over index arrays.
struct Dlx {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    size: Vec<usize>,
    solutions: u64,
}

impl Dlx {
    /// Root is node 0; columns are nodes 1..=n.
    fn new(columns: usize) -> Dlx {
        let n = columns + 1;
        let mut d = Dlx {
            left: (0..n).map(|i| (i + n - 1) % n).collect(),
            right: (0..n).map(|i| (i + 1) % n).collect(),
            up: (0..n).collect(),
            down: (0..n).collect(),
            column: (0..n).collect(),
            size: vec![0; n],
            solutions: 0,
        };
        d.size[0] = usize::MAX;
        d
    }

    /// Add a row covering the given columns (1-based).
    fn add_row(&mut self, cols: &[usize]) {
        let first = self.left.len();
        for (j, &c) in cols.iter().enumerate() {
            let x = first + j;
            self.column.push(c);
            self.up.push(self.up[c]);
            self.down.push(c);
            let above = self.up[c];
            self.down[above] = x;
            self.up[c] = x;
            self.size[c] += 1;
            self.left.push(if j == 0 {
                first + cols.len() - 1
            } else {
                x - 1
            });
            self.right
                .push(if j + 1 == cols.len() { first } else { x + 1 });
        }
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                self.size[self.column[j]] += 1;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    fn search(&mut self) {
        if self.right[0] == 0 {
            self.solutions += 1;
            return;
        }
        let mut c = self.right[0];
        let mut best = c;
        while c != 0 {
            if self.size[c] < self.size[best] {
                best = c;
            }
            c = self.right[c];
        }
        let c = best;
        self.cover(c);
        let mut r = self.down[c];
        while r != c {
            let mut j = self.right[r];
            while j != r {
                self.cover(self.column[j]);
                j = self.right[j];
            }
            self.search();
            let mut j = self.left[r];
            while j != r {
                self.uncover(self.column[j]);
                j = self.left[j];
            }
            r = self.down[r];
        }
        self.uncover(c);
    }
}

/// All solutions of the 12 pentominoes on `region`, by dancing links:
/// columns are the 12 pieces then the cells.
fn dlx_count(region: &Region) -> u64 {
    let pieces = pentominoes();
    let cells = region.cells();
    let index = |r: usize, c: usize| cells.iter().position(|&x| x == (r as u16, c as u16));
    let mut dlx = Dlx::new(pieces.len() + cells.len());
    for (k, p) in pieces.iter().enumerate() {
        for o in p.orientations(false) {
            for dr in 0..region.rows() {
                for dc in 0..region.cols() {
                    let cols: Option<Vec<usize>> = o
                        .iter()
                        .map(|&(r, c)| {
                            index(r as usize + dr, c as usize + dc).map(|i| 1 + pieces.len() + i)
                        })
                        .collect();
                    if let Some(cols) = cols {
                        let mut row = vec![1 + k];
                        row.extend(cols);
                        dlx.add_row(&row);
                    }
                }
            }
        }
    }
    dlx.search();
    dlx.solutions
}

/// CPU time this thread has used (Linux schedstat, in nanoseconds), so a
/// busy machine does not inflate the figures; wall time where unavailable.
fn cpu_now() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Thread CPU time per call of `f`, with its result: `f` runs until at
/// least `budget` of CPU time has gone by (schedstat advances in scheduler
/// ticks, so short runs are repeated and averaged).
fn cpu_per_run<T>(budget: Duration, mut f: impl FnMut() -> T) -> (T, Duration) {
    let (c0, w0) = (cpu_now(), Instant::now());
    let mut runs = 0u32;
    loop {
        let v = f();
        runs += 1;
        let spent = match (c0, cpu_now()) {
            (Some(a), Some(b)) if b >= a => b - a,
            _ => w0.elapsed(),
        };
        if spent >= budget {
            return (v, spent / runs);
        }
    }
}

/// A count on one thread (the CPU-time figures measure this thread only).
fn one_thread(
    region: &Region,
    pieces: &[puzzlelab::polyomino::Piece],
    raw: bool,
) -> Result<solver::Outcome, solver::PolyError> {
    let options = Options {
        raw,
        threads: Some(1),
        ..Options::default()
    };
    solver::solve(region, pieces, &options, &Silent)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let no_dlx = std::env::args().any(|a| a == "nodlx");
    let centre = "........\n........\n........\n...##...\n...##...\n........\n........\n........";
    let boards: Vec<(&str, Region)> = vec![
        ("6x10", Region::rect(6, 10).expect("6x10")),
        ("5x12", Region::rect(5, 12).expect("5x12")),
        ("4x15", Region::rect(4, 15).expect("4x15")),
        ("3x20", Region::rect(3, 20).expect("3x20")),
        ("8x8-centre", Region::parse(centre).expect("8x8")),
    ];
    let pieces = pentominoes();
    println!(
        "polyomino bench: 12 pentominoes, one core, thread CPU time per count (puzzlelab averaged over >= 0.3 s of runs)"
    );
    for (name, region) in &boards {
        let (unique, t_unique) = cpu_per_run(Duration::from_millis(300), || {
            one_thread(region, &pieces, false).expect("solvable").count
        });
        if std::env::var_os("NODES").is_some() {
            let o = one_thread(region, &pieces, false).unwrap();
            println!("nodes {}", o.nodes);
        }
        let (raw, t_raw) = cpu_per_run(Duration::from_millis(300), || {
            one_thread(region, &pieces, true).expect("solvable").count
        });
        print!(
            "{name:<11} unique {unique:>5} in {:>8.2} ms | raw {raw:>5} in {:>8.2} ms",
            ms(t_unique),
            ms(t_raw)
        );
        if no_dlx || (quick && *name != "6x10") {
            println!();
            continue;
        }
        let (dlx, t_dlx) = cpu_per_run(Duration::ZERO, || dlx_count(region));
        println!(
            " | textbook DLX raw {dlx:>5} in {:>8.2} ms | DLX/raw {:>6.1}x, DLX/unique {:>6.1}x{}",
            ms(t_dlx),
            t_dlx.as_secs_f64() / t_raw.as_secs_f64(),
            t_dlx.as_secs_f64() / t_unique.as_secs_f64(),
            if dlx == raw { "" } else { "  MISMATCH" }
        );
    }
    // Scott's full 8x8 with the 2x2 square as a 13th piece (mixed sizes);
    // no baseline here: the plain DLX would need a minute.
    let mut with_square = pieces.clone();
    with_square.push(puzzlelab::polyomino::square());
    let full = Region::rect(8, 8).expect("8x8");
    let (unique, t_unique) = cpu_per_run(Duration::from_millis(300), || {
        one_thread(&full, &with_square, false)
            .expect("solvable")
            .count
    });
    println!(
        "8x8+square  unique {unique:>5} in {:>8.2} ms (12 pentominoes and the 2x2 square)",
        ms(t_unique)
    );
    // The same count on one thread with one option set.
    let square_count = |set: fn(&mut Options)| {
        let mut options = Options {
            threads: Some(1),
            ..Options::default()
        };
        set(&mut options);
        cpu_per_run(Duration::from_millis(300), || {
            solver::solve(&full, &with_square, &options, &Silent)
                .expect("solvable")
                .count
        })
    };
    for pockets in [false, true] {
        let (n, t) = square_count(if pockets {
            |o| o.pockets = Some(true)
        } else {
            |o| o.pockets = Some(false)
        });
        println!(
            "8x8+square  unique {n:>5} in {:>8.2} ms with pocket flood-fill {}",
            ms(t),
            if pockets { "on" } else { "off" }
        );
    }

    // The branching rule on the same count: the first empty cell of the
    // sweep against a walled-in cell (automatic here), and in a 3x4x5 box.
    let mut first_empty = Duration::ZERO;
    for tight in [false, true] {
        let (n, t) = square_count(if tight {
            |o| o.tight = Some(true)
        } else {
            |o| o.tight = Some(false)
        });
        if tight {
            println!(
                "8x8+square  unique {n:>5} in {:>8.2} ms branching on walled-in cells ({:.2}x the first empty cell)",
                ms(t),
                first_empty.as_secs_f64() / t.as_secs_f64()
            );
        } else {
            first_empty = t;
            println!(
                "8x8+square  unique {n:>5} in {:>8.2} ms branching on the first empty cell",
                ms(t)
            );
        }
    }
    if !quick {
        let box345 = puzzlelab::polyomino::Space::cuboid(3, 4, 5).expect("3x4x5");
        let solids = puzzlelab::polyomino::space::solid_pentominoes();
        // Solids in boxes up to 64 cells take the fewest-options search
        // (`search::fewest`), whatever `tight` says.
        let options = Options {
            threads: Some(1),
            ..Options::default()
        };
        let (n, t) = cpu_per_run(Duration::ZERO, || {
            solver::solve_solid(&box345, &solids, &options, &Silent)
                .expect("solvable")
                .count
        });
        println!(
            "3x4x5 solid pentominoes unique {n} in {:.2} s (fewest live placements first)",
            t.as_secs_f64()
        );
    }

    // 3x20 against the bare bitboard search (its tables built once, as
    // ours are cached across calls).
    let bare = Bare::new(3, 20);
    let (bare_raw, t_bare) =
        cpu_per_run(Duration::from_millis(300), || bare.count(0, (1 << 12) - 1));
    let strip = Region::rect(3, 20).expect("3x20");
    let (raw, t_raw) = cpu_per_run(Duration::from_millis(300), || {
        one_thread(&strip, &pieces, true).expect("solvable").count
    });
    let (unique, t_unique) = cpu_per_run(Duration::from_millis(300), || {
        one_thread(&strip, &pieces, false).expect("solvable").count
    });
    println!(
        "3x20 bare bitboard raw {bare_raw} in {:.3} ms | puzzlelab raw {raw} in {:.3} ms ({:.2}x the bare time), unique {unique} in {:.3} ms ({:.2}x){}",
        ms(t_bare),
        ms(t_raw),
        t_raw.as_secs_f64() / t_bare.as_secs_f64(),
        ms(t_unique),
        t_unique.as_secs_f64() / t_bare.as_secs_f64(),
        if bare_raw == raw { "" } else { "  MISMATCH" }
    );

    // All threads against one, wall time (thread CPU time would hide the
    // gain), on the same counts in the same run.
    let threads = rayon::current_num_threads();
    println!("threads: all ({threads}) against one, wall time per count");
    let wall_with = |region: &Region, set: &[puzzlelab::polyomino::Piece], options: Options| {
        let start = Instant::now();
        let mut runs = 0u32;
        let mut count = 0;
        while runs < 3 || start.elapsed() < Duration::from_millis(300) {
            count = solver::solve(region, set, &options, &Silent)
                .expect("solvable")
                .count;
            runs += 1;
        }
        (count, start.elapsed() / runs)
    };
    let wall = |region: &Region, set: &[puzzlelab::polyomino::Piece], n: Option<usize>| {
        let options = Options {
            threads: n,
            ..Options::default()
        };
        wall_with(region, set, options)
    };
    for (name, region, set) in [
        ("6x10", Region::rect(6, 10).expect("6x10"), pieces.clone()),
        ("8x8+square", full.clone(), with_square.clone()),
    ] {
        let one = wall(&region, &set, Some(1));
        let all = wall(&region, &set, None);
        speed_up(name, ("one thread", one), ("all threads", all));
    }
    // The count as a person runs it (all threads, the rule chosen for
    // the problem) against the way it ran when #13 was filed (one thread,
    // always the first empty cell), in the same run.
    let before = wall_with(
        &full,
        &with_square,
        Options {
            threads: Some(1),
            tight: Some(false),
            ..Options::default()
        },
    );
    let now = wall(&full, &with_square, None);
    speed_up(
        "8x8+square",
        ("one thread, first empty cell", before),
        ("default", now),
    );
}

/// One line: a count the first way and the second way, and how much
/// faster the second is.
fn speed_up(name: &str, a: (&str, (u64, Duration)), b: (&str, (u64, Duration))) {
    let ((la, (ca, ta)), (lb, (cb, tb))) = (a, b);
    println!(
        "{name:<11} {la} {ca} in {:>8.2} ms | {lb} {cb} in {:>8.2} ms | speed-up {:.2}x{}",
        ms(ta),
        ms(tb),
        ta.as_secs_f64() / tb.as_secs_f64(),
        if ca == cb { "" } else { "  MISMATCH" }
    );
}
