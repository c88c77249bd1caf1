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
use puzzlelab::sat::{self, SudokuBoard};

/// This thread's CPU time in seconds (Linux: /proc schedstat, in ns).
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Seconds `f` takes.
fn seconds(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

/// 16×16 and 25×25 boards made from the pattern grid with some cells
/// emptied: the whole formula against the simplified one, interleaved.
fn big_boards() {
    for (boxw, keep_of_5) in [(4, 3), (5, 3), (5, 2)] {
        let Ok(full) = SudokuBoard::pattern(boxw) else {
            continue;
        };
        let puzzle = full.keep_cells(|i| (i * 7 + i / full.side()) % 5 < keep_of_5);
        let (mut t_whole, mut t_fast, mut cpu_fast, mut reps) = (0.0, 0.0, 0.0, 0);
        let mut ok = true;
        while t_fast < 0.5 || reps < 3 {
            let whole = || sat::solve::solve_cnf(&sat::encode(&puzzle), &Silent);
            let fast = || sat::solve(&puzzle, &Silent);
            let t = Instant::now();
            ok &= matches!(whole(), Ok(Some(_)));
            t_whole += t.elapsed().as_secs_f64();
            let (t, cpu) = (Instant::now(), thread_cpu());
            ok &= matches!(fast(), Ok(Some(s)) if s.solves(&puzzle));
            t_fast += t.elapsed().as_secs_f64();
            cpu_fast += thread_cpu().zip(cpu).map_or(0.0, |(b, a)| b - a);
            reps += 1;
        }
        let side = full.side();
        println!(
            "{side}x{side} encode+solve     {:>3}% clues  whole formula {:8.2} ms  simplified {:8.2} ms ({:.2} ms CPU)  ratio {:.2}{}",
            puzzle.filled() * 100 / (side * side),
            t_whole * 1e3 / reps as f64,
            t_fast * 1e3 / reps as f64,
            cpu_fast * 1e3 / reps as f64,
            t_whole / t_fast,
            if ok { "" } else { " (FAILED)" }
        );
    }
}

fn main() {
    let Some(dir) = data::data_dir() else {
        println!("skipping: shared data not found");
        return;
    };
    let path = dir.join("sudoku/magictour_top1465.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let puzzles: Vec<SudokuBoard> = text
        .lines()
        .filter_map(|l| SudokuBoard::parse(l).ok())
        .collect();
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

    // The source's puzzle on its own, repeated.
    if let Ok(ym) = SudokuBoard::parse(puzzlelab::sudoku::puzzles::YM) {
        let reps = 200;
        let t = Instant::now();
        for _ in 0..reps {
            let _ = sat::solve(&ym, &Silent);
        }
        let us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
        println!("batsat encode+solve ym {reps:>5} times    {us:8.1} µs/puzzle");
    }

    // The whole seed formula loaded as it is (the former way) against the
    // shared rules simplified by the clues (`sat::solve`), interleaved.
    let (mut t_whole, mut t_fast, mut cpu_fast) = (0.0, 0.0, 0.0);
    for (k, chunk) in puzzles.chunks(50).enumerate() {
        let whole = || {
            for p in chunk {
                let _ = sat::solve::solve_cnf(&sat::encode(p), &Silent);
            }
        };
        let fast = || {
            for p in chunk {
                let _ = sat::solve(p, &Silent);
            }
        };
        if k % 2 == 0 {
            t_whole += seconds(whole);
            let cpu = thread_cpu();
            t_fast += seconds(fast);
            cpu_fast += thread_cpu().zip(cpu).map_or(0.0, |(b, a)| b - a);
        } else {
            let cpu = thread_cpu();
            t_fast += seconds(fast);
            cpu_fast += thread_cpu().zip(cpu).map_or(0.0, |(b, a)| b - a);
            t_whole += seconds(whole);
        }
    }
    let n = puzzles.len() as f64;
    println!(
        "9x9 encode+solve       {:>5} puzzles  whole formula {:8.1} µs/puzzle  simplified {:8.1} µs/puzzle ({:.1} µs CPU)  ratio {:.2}",
        puzzles.len(),
        t_whole * 1e6 / n,
        t_fast * 1e6 / n,
        cpu_fast * 1e6 / n,
        t_whole / t_fast
    );
    let t = Instant::now();
    let mut unique = 0;
    for p in &puzzles {
        unique += usize::from(matches!(
            sat::unique(p, &Silent),
            Ok(sat::Uniqueness::Unique(_))
        ));
    }
    println!(
        "9x9 encode+unique      {:>5} puzzles  {:8.1} µs/puzzle  ({unique} unique)",
        puzzles.len(),
        t.elapsed().as_secs_f64() * 1e6 / n
    );
    // One solver for the whole set: the rules loaded once, clues assumed.
    // Wall time and this thread's CPU time (the machine may be shared).
    if let Ok(mut reused) = sat::SudokuSat::new(3, &Silent) {
        for unique_too in [false, true] {
            let (t, cpu) = (Instant::now(), thread_cpu());
            let mut ok = 0;
            for p in &puzzles {
                ok += usize::from(if unique_too {
                    matches!(reused.unique(p), Ok(sat::Uniqueness::Unique(_)))
                } else {
                    matches!(reused.solve(p), Ok(Some(s)) if s.solves(p))
                });
            }
            let cpu = thread_cpu().zip(cpu).map(|(b, a)| (b - a) * 1e6 / n);
            println!(
                "9x9 reused solver      {:>5} puzzles  {:8.1} µs/puzzle wall  {} µs/puzzle CPU  ({ok} {})",
                puzzles.len(),
                t.elapsed().as_secs_f64() * 1e6 / n,
                cpu.map_or("?".into(), |c| format!("{c:.1}")),
                if unique_too { "unique" } else { "solved" }
            );
        }
    }
    big_boards();

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
