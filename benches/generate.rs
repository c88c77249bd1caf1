//! Making unrated minimal puzzles on one thread: puzzlelab's generator
//! against QQWing (`qqwing --generate N --one-line`, Debian package
//! `qqwing`; skipped with a message when absent), puzzles per second by
//! CPU time (the machine may be shared) and wall clock, the ratio, and the
//! mean clue count and how many of QQWing's puzzles are minimal. Plain lines.
//!
//! `cargo bench --bench generate` (`GENERATE_BENCH_N` puzzles for ours,
//! default 5000; `GENERATE_BENCH_QQWING_N` for QQWing, default 1000).

use std::process::Command;
use std::time::Instant;

use puzzlelab::monitor::Silent;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::generate::{BatchEnd, Options, generate_many};
use puzzlelab::sudoku::minimal::is_minimal;

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
}
