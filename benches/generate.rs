//! Making unrated minimal puzzles on one thread: puzzlelab's generator
//! against QQWing (`qqwing --generate N --one-line`, Debian package
//! `qqwing`; skipped with a message when absent), puzzles per second by
//! CPU time (the machine may be shared) and wall clock, the ratio, and the
//! mean clue count and how many of QQWing's puzzles are minimal. Plain lines.
//!
//! `cargo bench --bench generate` (`GENERATE_BENCH_N` puzzles for ours,
//! default 5000; `GENERATE_BENCH_QQWING_N` for QQWing, default 1000).
//!
//! Then puzzles to order (issue 56), one thread, CPU time: ER 7.0-8.0
//! (`GENERATE_BENCH_ER7_N`, default 50; goal 1/s) and ER >= 9.0
//! (`GENERATE_BENCH_ER9_N`, default 5; goal 1 a minute), each with the ER
//! distribution of what was made, re-rated by `se_rate`; and one practice
//! puzzle for every technique of `techniques()` below ER 8.0 (goal: each
//! within a minute), `GENERATE_BENCH_PRACTICE=0` to skip.

use std::process::Command;
use std::time::Instant;

use puzzlelab::monitor::Silent;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::generate::{BatchEnd, Options, RatingRange, generate_many};
use puzzlelab::sudoku::human::{se_rate, techniques};
use puzzlelab::sudoku::minimal::is_minimal;
use puzzlelab::sudoku::practice::practice;

/// This thread's CPU time in seconds (Linux: /proc schedstat, in ns).
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn count(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// QQWing's puzzles and its (wall, CPU) seconds, or why there are none.
fn qqwing(n: u64) -> Result<(Vec<Grid>, f64, f64), String> {
    // bash's `times` prints the children's user and system time.
    let script = format!("qqwing --generate {n} --one-line; times >&2");
    let start = Instant::now();
    let out = Command::new("bash")
        .args(["-c", &script])
        .output()
        .map_err(|e| format!("bash: {e}"))?;
    let wall = start.elapsed().as_secs_f64();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
    }
    let grids: Vec<Grid> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| Grid::parse(l.trim()).ok())
        .collect();
    if grids.len() as u64 != n {
        return Err(format!("qqwing printed {} puzzles, not {n}", grids.len()));
    }
    // The last line of `times`: "0m1.234s 0m0.010s" (children user, system).
    let err = String::from_utf8_lossy(&out.stderr);
    let secs = |t: &str| -> Option<f64> {
        let (m, s) = t.trim_end_matches('s').split_once('m')?;
        Some(m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?)
    };
    let cpu = err
        .lines()
        .last()
        .and_then(|l| {
            let mut it = l.split_whitespace();
            Some(secs(it.next()?)? + secs(it.next()?)?)
        })
        .unwrap_or(wall);
    Ok((grids, wall, cpu))
}

fn mean_clues(grids: &[Grid]) -> f64 {
    grids.iter().map(|g| g.filled()).sum::<usize>() as f64 / grids.len().max(1) as f64
}

fn main() {
    let n = count("GENERATE_BENCH_N", 5000);
    let options = Options {
        seed: 2026,
        ..Options::default()
    };
    let mut ours = Vec::with_capacity(n as usize);
    let (start, cpu) = (Instant::now(), thread_cpu());
    let end = generate_many(n, &options, 1, &Silent, |_, g| {
        ours.push(g.puzzle);
        true
    });
    let wall = start.elapsed().as_secs_f64();
    let cpu = thread_cpu().zip(cpu).map_or(wall, |(b, a)| b - a);
    assert_eq!(end, BatchEnd::Done);
    let our_rate = n as f64 / cpu;
    println!(
        "puzzlelab generate, 1 thread: {n} minimal puzzles, {our_rate:.0}/s CPU ({:.0}/s wall), mean {:.2} clues",
        n as f64 / wall,
        mean_clues(&ours)
    );
    let qn = count("GENERATE_BENCH_QQWING_N", 1000);
    match qqwing(qn) {
        Err(why) => println!("qqwing skipped: {why} (apt-get install qqwing)"),
        Ok((grids, wall, cpu)) => {
            let minimal = grids
                .iter()
                .filter(|g| is_minimal(g).unwrap_or(false))
                .count();
            let rate = qn as f64 / cpu;
            println!(
                "qqwing --generate {qn} --one-line: {rate:.0}/s CPU ({:.0}/s wall), mean {:.2} clues, {minimal}/{qn} minimal",
                qn as f64 / wall,
                mean_clues(&grids)
            );
            println!(
                "ratio (CPU, ours / qqwing): {:.1}x (goal 5x)",
                our_rate / rate
            );
        }
    }
    rated(
        "ER 7.0-8.0",
        70,
        80,
        count("GENERATE_BENCH_ER7_N", 50),
        "goal >= 1/s",
    );
    rated(
        "ER >= 9.0",
        90,
        200,
        count("GENERATE_BENCH_ER9_N", 5),
        "goal >= 1/60 s",
    );
    if count("GENERATE_BENCH_PRACTICE", 1) != 0 {
        let mut slowest = (0.0f64, "");
        for t in techniques().iter().filter(|t| t.rating < 80) {
            let cpu = thread_cpu();
            let start = Instant::now();
            let o = Options {
                seed: 2026,
                tries: u64::MAX,
                ..Options::default()
            };
            let made = practice(t.name, &o, &Silent);
            let secs = thread_cpu()
                .zip(cpu)
                .map_or(start.elapsed().as_secs_f64(), |(b, a)| b - a);
            match made {
                Ok(p) => println!(
                    "practice {:<32} {secs:6.2} s CPU, after {} puzzles ({} at step rated {}.{})",
                    t.name,
                    p.tries,
                    p.step.technique,
                    p.step.rating / 10,
                    p.step.rating % 10
                ),
                Err(e) => println!("practice {:<32} {secs:6.2} s CPU: NOT MADE: {e}", t.name),
            }
            if secs > slowest.0 {
                slowest = (secs, t.name);
            }
        }
        println!(
            "practice: slowest {} at {:.2} s CPU (goal: each within 60 s)",
            slowest.1, slowest.0
        );
    }
}

/// `n` puzzles rated in `min..=max` on one thread: the rate and the ER
/// distribution, each re-rated by `se_rate`.
fn rated(label: &str, min: u8, max: u8, n: u64, goal: &str) {
    let options = Options {
        seed: 2026,
        rating: Some(RatingRange {
            min_er: min,
            max_er: max,
            ..RatingRange::default()
        }),
        tries: puzzlelab::sudoku::generate::RATED_TRIES,
        ..Options::default()
    };
    let mut made = Vec::new();
    let (start, cpu) = (Instant::now(), thread_cpu());
    let end = generate_many(n, &options, 1, &Silent, |_, g| {
        made.push(g.puzzle);
        true
    });
    let wall = start.elapsed().as_secs_f64();
    let cpu = thread_cpu().zip(cpu).map_or(wall, |(b, a)| b - a);
    assert_eq!(end, BatchEnd::Done);
    let mut ers = std::collections::BTreeMap::new();
    for g in &made {
        let er = se_rate(g).ok().and_then(|r| r.er);
        let er = er.expect("every puzzle made has an exact ER");
        assert!((min..=max).contains(&er), "{} has ER {er}", g.line());
        *ers.entry(er).or_insert(0) += 1;
    }
    let dist: Vec<String> = ers
        .iter()
        .map(|(er, k)| format!("{}.{}: {k}", er / 10, er % 10))
        .collect();
    println!(
        "{label}: {n} puzzles in {cpu:.2} s CPU ({wall:.2} s wall), {:.2}/s CPU, {:.1} s each ({goal}); ER {}",
        n as f64 / cpu,
        cpu / n as f64,
        dist.join(", ")
    );
}
