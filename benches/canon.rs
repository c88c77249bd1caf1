//! Canonical-form ("minlex") throughput, single-threaded, printed as plain
//! lines: the 49,151 17-clue puzzles, full solution grids (the kaggle
//! sample's solutions, each also moved by a random symmetry), and two peers
//! measured in the same run: the brute-force reference on a few puzzles and
//! the `sudoku` crate's canonicalization of solved grids.
//!
//! With `PUZZLELAB_PATMINLEX` naming a built patminlex driver (see
//! `docs/benchmarks.md`), the 17-clue set is also canonicalized by it in
//! alternating rounds of about a second, printed as
//! `17-clue-canon ours=N/s peer=N/s ratio=R` with both class counts (the
//! conventions differ, so the strings are not compared). `canon_groups` on
//! all threads against one closes the run.
//!
//! `cargo bench --bench canon` (reads tests/data/sudoku). Each rate is given
//! by wall time and by this thread's CPU time (from /proc, 10 ms ticks): on
//! a shared, loaded machine the CPU figure is the one that means something,
//! and the ratios against the peers hold either way.

#[path = "../tests/common/data.rs"]
mod data;

#[path = "common/isomorphs.rs"]
mod isomorphs;

use std::collections::HashSet;
use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use puzzlelab::monitor::Silent;
use puzzlelab::similarity::canon_groups;

use puzzlelab::similarity::{Canonicalizer, Transform, canon_brute_force};
use puzzlelab::sudoku::Grid;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

fn main() {
    let Some(data) = data::data_dir() else {
        println!("skipping: shared data not found");
        return;
    };
    let text =
        std::fs::read_to_string(data.join("sudoku/royle_17clue_49151.txt")).expect("17-clue file");
    let puzzles: Vec<Grid> = text.lines().filter_map(|l| Grid::parse(l).ok()).collect();
    let mut c = Canonicalizer::new();

    let clock = Clock::start();
    let forms: HashSet<Grid> = puzzles.iter().map(|g| c.canon(g)).collect();
    let (wall, cpu) = clock.stop();
    let rate17 = puzzles.len() as f64 / cpu;
    println!(
        "17-clue: {} puzzles, {} distinct forms, {:.0} puzzles/s by CPU time ({:.3} s), {:.0} puzzles/s by wall time",
        puzzles.len(),
        forms.len(),
        rate17,
        cpu,
        puzzles.len() as f64 / wall
    );

    // The rounds below pass over the same puzzles again and again: the
    // same passes against a fresh isomorph of the set each pass.
    let (same, fresh) = isomorphs::repeated_and_fresh(&puzzles, 1.0, 55, |g| {
        for p in g {
            black_box(c.canon(black_box(p)));
        }
    });
    println!(
        "17-clue canon repeated={same:.0}/s fresh-isomorphs={fresh:.0}/s repeated/fresh={:.2}",
        same / fresh
    );

    if let Some(exe) = std::env::var("PUZZLELAB_PATMINLEX")
        .ok()
        .filter(|s| !s.is_empty())
    {
        let file = data.join("sudoku/royle_17clue_49151.txt");
        match patminlex_rounds(&exe, &file, &puzzles, &mut c) {
            Ok((ours, peer, classes)) => {
                println!(
                    "17-clue-canon ours={ours:.0}/s peer={peer:.0}/s ratio={:.2} (classes: ours {} peer {classes})",
                    ours / peer,
                    forms.len()
                );
                assert_eq!(classes, forms.len(), "class counts differ from patminlex's");
            }
            Err(e) => println!("17-clue-canon: {e}"),
        }
        same_classes_as_patminlex(&exe, &data.join("sudoku"), &mut c);
    }

    let n_brute = 3;
    let clock = Clock::start();
    for g in &puzzles[..n_brute] {
        assert_eq!(canon_brute_force(g), c.canon(g));
    }
    let rate_brute = n_brute as f64 / clock.stop().1;
    println!(
        "17-clue brute force reference: {n_brute} puzzles, {rate_brute:.2} puzzles/s; ratio {:.0}x",
        rate17 / rate_brute
    );

    let csv = std::fs::read_to_string(data.join("sudoku/kaggle9m_sample_10000_with_solutions.csv"))
        .expect("kaggle csv");
    let mut grids: Vec<Grid> = csv
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').nth(1).and_then(|s| Grid::parse(s).ok()))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x9e37_79b9_7f4a_7c15);
    let moved: Vec<Grid> = grids
        .iter()
        .map(|g| Transform::random(&mut rng).apply(g))
        .collect();
    grids.extend(moved);
    let clock = Clock::start();
    let forms: HashSet<Grid> = grids.iter().map(|g| c.canon(g)).collect();
    let (wall, cpu) = clock.stop();
    let rate_full = grids.len() as f64 / cpu;
    println!(
        "full grids: {} grids (half of them moved copies), {} distinct forms, {:.0} grids/s by CPU time ({:.3} s), {:.0} grids/s by wall time",
        grids.len(),
        forms.len(),
        rate_full,
        cpu,
        grids.len() as f64 / wall
    );

    let clock = Clock::start();
    for g in &grids[..n_brute] {
        assert_eq!(canon_brute_force(g), c.canon(g));
    }
    let rate_brute = n_brute as f64 / clock.stop().1;
    println!(
        "full grids brute force reference: {n_brute} grids, {rate_brute:.2} grids/s; ratio {:.0}x",
        rate_full / rate_brute
    );

    let peer: Vec<sudoku_peer::Sudoku> = grids
        .iter()
        .take(2000)
        .filter_map(|g| sudoku_peer::Sudoku::from_str_line(&g.line()).ok())
        .collect();
    let clock = Clock::start();
    let mut n = 0;
    for s in &peer {
        if s.canonicalized().is_some() {
            n += 1;
        }
    }
    let rate_peer = n as f64 / clock.stop().1;
    println!(
        "full grids, sudoku crate canonicalized(): {n} grids, {rate_peer:.0} grids/s; ours/peer {:.2}x",
        rate_full / rate_peer
    );

    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for n in [500, puzzles.len()] {
        let part = &puzzles[..n.min(puzzles.len())];
        println!(
            "17-clue canon_groups {} puzzles all-threads/one-thread={:.2} ({threads} threads)",
            part.len(),
            groups_speedup(part)
        );
    }
}

/// Our rate over whole passes of at least a second (wall time).
fn our_rate(puzzles: &[Grid], c: &mut Canonicalizer) -> f64 {
    let t = Instant::now();
    let mut n = 0;
    while t.elapsed().as_secs_f64() < 1.0 {
        for g in puzzles {
            black_box(c.canon(black_box(g)));
        }
        n += puzzles.len();
    }
    n as f64 / t.elapsed().as_secs_f64()
}

/// patminlex's driver on `file`: (its rate, its class count), from its
/// output line `puzzles=N classes=C rate=R`.
fn patminlex_rate(exe: &str, file: &std::path::Path) -> Result<(f64, usize), String> {
    let out = Command::new(exe)
        .arg(file)
        .arg("1")
        .output()
        .map_err(|e| format!("cannot run {exe}: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |key: &str| {
        text.split_whitespace()
            .find_map(|w| w.strip_prefix(key))
            .and_then(|v| v.parse::<f64>().ok())
    };
    match (field("rate="), field("classes=")) {
        (Some(r), Some(c)) => Ok((r, c as usize)),
        _ => Err(format!("unexpected patminlex driver output: {text}")),
    }
}

/// Ours and patminlex in three alternating rounds: (ours, peer, peer's classes).
fn patminlex_rounds(
    exe: &str,
    file: &std::path::Path,
    puzzles: &[Grid],
    c: &mut Canonicalizer,
) -> Result<(f64, f64, usize), String> {
    let (mut per_ours, mut per_peer, mut classes) = (0.0, 0.0, 0);
    let rounds = 3;
    for round in 0..rounds {
        if round % 2 == 0 {
            per_ours += 1.0 / our_rate(puzzles, c);
        }
        let (r, k) = patminlex_rate(exe, file)?;
        per_peer += 1.0 / r;
        classes = k;
        if round % 2 == 1 {
            per_ours += 1.0 / our_rate(puzzles, c);
        }
    }
    Ok((rounds as f64 / per_ours, rounds as f64 / per_peer, classes))
}

/// Every shared `.txt` set: the number of classes (distinct canonical
/// forms) must be patminlex's, an independent minlex. The conventions
/// differ, so the counts are compared, not the strings.
fn same_classes_as_patminlex(exe: &str, dir: &std::path::Path, c: &mut Canonicalizer) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|f| f.extension().is_some_and(|x| x == "txt"));
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        // As the peer reads: every line of 81 characters or more.
        let forms: HashSet<Grid> = text
            .lines()
            .filter(|l| l.len() >= 81)
            .filter_map(|l| Grid::parse(&l[..81]).ok())
            .map(|g| c.canon(&g))
            .collect();
        let out = Command::new(exe)
            .arg(&file)
            .output()
            .expect("patminlex runs");
        let said = String::from_utf8_lossy(&out.stdout);
        let peer: usize = said
            .split_whitespace()
            .find_map(|w| w.strip_prefix("classes="))
            .and_then(|n| n.parse().ok())
            .expect("patminlex prints classes=N");
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        println!("classes {name}: ours {} patminlex {peer}", forms.len());
        assert_eq!(
            forms.len(),
            peer,
            "{name}: class counts differ from patminlex's"
        );
    }
}

/// `canon_groups` on all threads against a one-thread pool, interleaved:
/// the speed-up.
fn groups_speedup(puzzles: &[Grid]) -> f64 {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    let (mut t_all, mut t_one, mut round) = (0.0, 0.0, 0);
    while t_one < 2.0 || round < 4 {
        let a = Instant::now();
        black_box(canon_groups(puzzles, &Silent));
        let a = a.elapsed().as_secs_f64();
        let b = Instant::now();
        black_box(one.install(|| canon_groups(puzzles, &Silent)));
        let b = b.elapsed().as_secs_f64();
        t_all += a;
        t_one += b;
        round += 1;
    }
    t_one / t_all
}

/// Wall time and this thread's CPU time.
struct Clock {
    wall: Instant,
    cpu: Option<f64>,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: thread_cpu(),
        }
    }

    /// (wall seconds, CPU seconds; wall again when /proc is unavailable).
    fn stop(&self) -> (f64, f64) {
        let wall = self.wall.elapsed().as_secs_f64();
        let cpu = match (self.cpu, thread_cpu()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => wall,
        };
        (wall, cpu)
    }
}

/// User + system CPU seconds of this thread (Linux /proc, 100 ticks/s).
fn thread_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which is in parentheses).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
