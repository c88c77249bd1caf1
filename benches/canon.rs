//! Canonical-form ("minlex") throughput, single-threaded, printed as plain
//! lines: the 49,151 17-clue puzzles, full solution grids (the kaggle
//! sample's solutions, each also moved by a random symmetry), and two peers
//! measured in the same run: the brute-force reference on a few puzzles and
//! the `sudoku` crate's canonicalization of solved grids.
//!
//! `cargo bench --bench canon` (needs ../shared/data). Each rate is given
//! by wall time and by this thread's CPU time (from /proc, 10 ms ticks): on
//! a shared, loaded machine the CPU figure is the one that means something,
//! and the ratios against the peers hold either way.

#[path = "../tests/common/data.rs"]
mod data;

use std::collections::HashSet;
use std::time::Instant;

use puzzlelab::similarity::{Canonicalizer, Transform, canon_brute_force};
use puzzlelab::sudoku::Grid;

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
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let moved: Vec<Grid> = grids
        .iter()
        .map(|g| random_transform(&mut seed).apply(g))
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

/// A random symmetry with renamed digits (xorshift, deterministic).
fn random_transform(seed: &mut u64) -> Transform {
    let mut below = |n: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % n) as usize
    };
    const P: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = Transform::IDENTITY;
    t.transposed = below(2) == 1;
    for lines in [&mut t.rows, &mut t.cols] {
        let outer = P[below(6)];
        for b in 0..3 {
            let inner = P[below(6)];
            for k in 0..3 {
                lines[3 * b + k] = 3 * outer[b] + inner[k];
            }
        }
    }
    for i in (2..10).rev() {
        let j = 1 + below(i as u64);
        t.digits.swap(i, j);
    }
    t
}
