//! Solver throughput against the `sudoku` crate (a dev-dependency only).
//!
//! For each shared set: solve and prove unique (keep the first solution,
//! count to 2) every puzzle, single-threaded, ours and the peer interleaved
//! in small chunks so both see the same machine load, printed as
//! `SET ours=N/s peer=N/s ratio=R`. `BENCH_SET=NAME` runs one set;
//! `BENCH_SIDE=ours|peer` runs one side alone (for profiling).

#[path = "../tests/common/data.rs"]
mod data;

use std::hint::black_box;
use std::time::Instant;

use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::solver;

const SETS: [(&str, &str); 6] = [
    ("17-clue", "sudoku/royle_17clue_49151.txt"),
    ("top1465", "sudoku/magictour_top1465.txt"),
    (
        "forum_hardest_1905_11plus",
        "sudoku/forum_hardest_1905_11plus.txt",
    ),
    ("forum_hardest_1106", "sudoku/forum_hardest_1106.txt"),
    ("serg_benchmark", "sudoku/serg_benchmark.txt"),
    (
        "kaggle_sample",
        "sudoku/kaggle9m_sample_10000_with_solutions.csv",
    ),
];

/// The puzzle text of each line: the first comma field, headers skipped.
fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split(',').next().unwrap_or("").trim().to_string())
        .filter(|l| l.len() == 81)
        .collect()
}

/// Ours: the first solution kept, counted to two.
fn ours(puzzles: &[Grid]) -> u64 {
    let mut total = 0;
    for g in puzzles {
        let c = solver::count_solutions(black_box(g), 2).map_or(0, |c| c.solutions);
        total += c;
    }
    total
}

/// The peer doing the same work: the first solution kept, counted to two.
fn peer(puzzles: &[sudoku_peer::Sudoku]) -> u64 {
    let mut total = 0;
    let mut first = [[0u8; 81]; 1];
    for s in puzzles {
        total += black_box(*s).solutions_up_to_buffer(&mut first, 2) as u64;
        black_box(&first);
    }
    total
}

/// Rates (puzzles per second) of ours and the peer, measured interleaved
/// in small chunks (alternating which goes first) so that both see the same
/// machine load; whole passes over the set until each side has run ~1 s.
fn rates(grids: &[Grid], peers: &[sudoku_peer::Sudoku]) -> (f64, f64) {
    let t = Instant::now();
    black_box(ours(grids));
    let per = t.elapsed().as_secs_f64() / grids.len() as f64;
    // About 2 ms of work per chunk.
    let chunk = ((0.002 / per.max(1e-9)) as usize).clamp(1, grids.len());
    let (mut t_ours, mut t_peer, mut n) = (0f64, 0f64, 0usize);
    let mut flip = false;
    while t_ours < 1.0 || n < grids.len() {
        for (g, p) in grids.chunks(chunk).zip(peers.chunks(chunk)) {
            flip = !flip;
            let time = |f: &mut dyn FnMut() -> u64| {
                let t = Instant::now();
                black_box(f());
                t.elapsed().as_secs_f64()
            };
            if flip {
                t_ours += time(&mut || ours(g));
                t_peer += time(&mut || peer(p));
            } else {
                t_peer += time(&mut || peer(p));
                t_ours += time(&mut || ours(g));
            }
            n += g.len();
        }
    }
    (n as f64 / t_ours, n as f64 / t_peer)
}

fn main() {
    let Some(dir) = data::data_dir() else {
        println!("skipping: shared data not found");
        return;
    };
    // BENCH_SET=name runs one set; BENCH_SIDE=ours|peer runs one side (profiling).
    let only = std::env::var("BENCH_SET").ok();
    let side = std::env::var("BENCH_SIDE").unwrap_or_default();
    for (name, file) in SETS {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(dir.join(file)) else {
            println!("{name}: cannot read {file}");
            continue;
        };
        let texts = lines(&text);
        let grids: Vec<Grid> = texts.iter().filter_map(|t| Grid::parse(t).ok()).collect();
        let peers: Vec<sudoku_peer::Sudoku> = texts
            .iter()
            .filter_map(|t| sudoku_peer::Sudoku::from_str_line(t).ok())
            .collect();
        let expect = peer(&peers);
        if side == "ours" || side == "peer" {
            let t = Instant::now();
            let mut guesses = 0;
            for _ in 0..5 {
                if side == "ours" {
                    black_box(ours(&grids));
                } else {
                    black_box(peer(&peers));
                }
            }
            if side == "ours" {
                for g in &grids {
                    guesses += solver::count_solutions(g, 2).map_or(0, |c| c.guesses);
                }
            }
            let rate = 5.0 * grids.len() as f64 / t.elapsed().as_secs_f64();
            let per = guesses as f64 / grids.len() as f64;
            println!("{name} {side}={rate:.0}/s guesses/puzzle={per:.2}");
            continue;
        }
        let agree = ours(&grids) == expect;
        let (best_ours, best_peer) = rates(&grids, &peers);
        println!(
            "{name} ours={:.0}/s peer={:.0}/s ratio={:.2}{}",
            best_ours,
            best_peer,
            best_ours / best_peer,
            if agree { "" } else { " (COUNTS DIFFER)" }
        );
    }
}
