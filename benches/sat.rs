//! Encode + solve time per 9×9 puzzle over top1465: the embedded solver
//! (batsat), and in the same run the external solvers that are installed
//! (picosat, cadical; process start included), with ratios; the native
//! solver on the same puzzles for scale. Plain lines.
//!
//! `cargo bench --bench sat` (`SAT_BENCH_EXTERNAL=N` puzzles for the external
//! solvers, default 100: each costs a process start).

#[path = "../tests/common/data.rs"]
mod data;

use std::time::Instant;

use puzzlelab::monitor::Silent;
use puzzlelab::sat::{self, Board};

fn main() {
    let Some(dir) = data::data_dir() else {
        println!("skipping: shared data not found");
        return;
    };
    let path = dir.join("sudoku/magictour_top1465.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let puzzles: Vec<Board> = text.lines().filter_map(|l| Board::parse(l).ok()).collect();
    if puzzles.is_empty() {
        println!("skipping: no puzzles in {}", path.display());
        return;
    }

    // Encoding alone, to show its share.
    let t = Instant::now();
    let mut clauses = 0;
    for p in &puzzles {
        clauses += sat::encode(p).clause_count();
    }
    let encode_us = t.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64;
    println!(
        "encode only            {:>5} puzzles  {encode_us:8.1} µs/puzzle  ({} clauses on average)",
        puzzles.len(),
        clauses / puzzles.len()
    );

    // The seed's puzzle on its own, repeated.
    if let Ok(ym) = Board::parse(puzzlelab::sudoku::puzzles::YM) {
        let reps = 200;
        let t = Instant::now();
        for _ in 0..reps {
            let _ = sat::solve(&ym, &Silent);
        }
        let us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
        println!("batsat encode+solve ym {reps:>5} times    {us:8.1} µs/puzzle");
    }

    let t = Instant::now();
    let mut solved = 0;
    let mut slowest = 0.0f64;
    for p in &puzzles {
        let one = Instant::now();
        if let Ok(Some(s)) = sat::solve(p, &Silent) {
            solved += usize::from(s.solves(p));
        }
        slowest = slowest.max(one.elapsed().as_secs_f64() * 1e3);
    }
    let embedded_us = t.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64;
    println!(
        "batsat encode+solve    {:>5} puzzles  {embedded_us:8.1} µs/puzzle  ({solved} solved, slowest {slowest:.2} ms)",
        puzzles.len()
    );

    // The native solver on the same puzzles, for scale.
    let grids: Vec<_> = puzzles.iter().filter_map(|p| p.to_grid()).collect();
    let t = Instant::now();
    let mut native_ok = 0;
    for g in &grids {
        native_ok += usize::from(matches!(puzzlelab::sudoku::solver::solve(g), Ok(Some(_))));
    }
    let native_us = t.elapsed().as_secs_f64() * 1e6 / grids.len().max(1) as f64;
    println!(
        "native solver          {:>5} puzzles  {native_us:8.1} µs/puzzle  ({native_ok} solved)  batsat is {:.0}× slower",
        grids.len(),
        embedded_us / native_us
    );

    let n: usize = std::env::var("SAT_BENCH_EXTERNAL")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100)
        .min(puzzles.len());
    for solver in ["picosat", "cadical"] {
        if sat::external::which(solver).is_none() {
            println!("{solver:<22} not installed: skipped");
            continue;
        }
        let t = Instant::now();
        let mut ok = 0;
        for p in &puzzles[..n] {
            if let Ok(Some(s)) = sat::solve_external(p, solver, &Silent) {
                ok += usize::from(s.solves(p));
            }
        }
        let us = t.elapsed().as_secs_f64() * 1e6 / n as f64;
        println!(
            "{solver:<8} (external)   {n:>5} puzzles  {us:8.1} µs/puzzle  ({ok} solved)  {:.1}× batsat",
            us / embedded_us
        );
    }
}
