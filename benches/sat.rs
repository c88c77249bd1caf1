//! Encode + solve time per 9×9 puzzle over top1465: the embedded solver
//! (batsat), and in the same run the external solvers that are installed
//! (picosat, cadical; process start included), with ratios; the native
//! solver on the same puzzles for scale. Plain lines.
//!
//! `cargo bench --bench sat` (`SAT_BENCH_EXTERNAL=N` puzzles for the external
//! solvers, default 100: each costs a process start).

use std::time::Instant;

use puzzlelab::monitor::Silent;
use puzzlelab::sat::{self, Board};

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
        let Ok(full) = Board::pattern(boxw) else {
            continue;
        };
        let puzzle = full.keep_cells(|i| (i * 7 + i / full.side()) % 5 < keep_of_5);
        let (mut t_whole, mut t_fast, mut reps) = (0.0, 0.0, 0);
        let mut ok = true;
        while t_fast < 0.5 || reps < 3 {
            let whole = || sat::solve::solve_cnf(&sat::encode(&puzzle), &Silent);
            let fast = || sat::solve(&puzzle, &Silent);
            let t = Instant::now();
            ok &= matches!(whole(), Ok(Some(_)));
            t_whole += t.elapsed().as_secs_f64();
            let t = Instant::now();
            ok &= matches!(fast(), Ok(Some(s)) if s.solves(&puzzle));
            t_fast += t.elapsed().as_secs_f64();
            reps += 1;
        }
        let side = full.side();
        println!(
            "{side}x{side} encode+solve     {:>3}% clues  whole formula {:8.2} ms  simplified {:8.2} ms  ratio {:.2}{}",
            puzzle.filled() * 100 / (side * side),
            t_whole * 1e3 / reps as f64,
            t_fast * 1e3 / reps as f64,
            t_whole / t_fast,
            if ok { "" } else { " (FAILED)" }
        );
    }
}

fn main() {
    let Some(dir) = puzzlelab::data_dir() else {
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

    // The whole seed formula loaded as it is (the former way) against the
    // shared rules simplified by the clues (`sat::solve`), interleaved.
    let (mut t_whole, mut t_fast) = (0.0, 0.0);
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
            t_fast += seconds(fast);
        } else {
            t_fast += seconds(fast);
            t_whole += seconds(whole);
        }
    }
    let n = puzzles.len() as f64;
    println!(
        "9x9 encode+solve       {:>5} puzzles  whole formula {:8.1} µs/puzzle  simplified {:8.1} µs/puzzle  ratio {:.2}",
        puzzles.len(),
        t_whole * 1e6 / n,
        t_fast * 1e6 / n,
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
