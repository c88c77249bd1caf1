//! Solver throughput against a peer, printed as `SET ours=N/s peer=N/s ratio=R`.
//!
//! The peer is tdoku's fastest solver when `PUZZLELAB_TDOKU` names a built
//! `run_benchmark` (see `docs/benchmarks.md`), else the `sudoku` crate (a
//! dev-dependency only). Either way both solve and prove unique (keep the
//! first solution, count to 2) every puzzle of each shared set on one
//! thread, interleaved on the same machine load: against tdoku in rounds of
//! about a second each (tdoku times its own work, without its process start
//! or file reading), against the crate in small alternating chunks.
//!
//! Then, on the same run: all threads against one (`solve_all`), and a Rhai
//! loop calling `is_unique` against the same loop in Rust.
//!
//! `BENCH_SET=NAME` runs one set; `BENCH_SIDE=ours|peer` runs one side alone
//! (for profiling); `BENCH_ROUNDS=N` sets the tdoku rounds (default 3).

#[path = "../tests/common/data.rs"]
mod data;

#[path = "common/isomorphs.rs"]
mod isomorphs;

/// The shipped binary's allocator (see `src/main.rs`), so the Rhai loop
/// below measures what a person's script costs.
#[global_allocator]
static ALLOCATOR: puzzlelab::memory::Counting<mimalloc::MiMalloc> =
    puzzlelab::memory::Counting(mimalloc::MiMalloc);

use std::hint::black_box;
use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use puzzlelab::monitor::Silent;
use puzzlelab::sudoku::Grid;
use puzzlelab::sudoku::solver::{self, batch};

const SETS: [(&str, &str); 7] = [
    ("17-clue", "sudoku/royle_17clue_49151.txt"),
    ("top1465", "sudoku/magictour_top1465.txt"),
    (
        "forum_hardest_1905_11plus",
        "sudoku/forum_hardest_1905_11plus.txt",
    ),
    ("forum_hardest_1106", "sudoku/forum_hardest_1106.txt"),
    ("serg_benchmark", "sudoku/serg_benchmark.txt"),
    ("top95", "sudoku/norvig_top95.txt"),
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

/// The `sudoku` crate doing the same work: the first solution kept, counted to two.
fn crate_peer(puzzles: &[sudoku_peer::Sudoku]) -> u64 {
    let mut total = 0;
    let mut first = [[0u8; 81]; 1];
    for s in puzzles {
        total += black_box(*s).solutions_up_to_buffer(&mut first, 2) as u64;
        black_box(&first);
    }
    total
}

/// CPU seconds this thread has run (0 where unknown).
#[cfg(not(unix))]
fn thread_cpu_seconds() -> f64 {
    0.0
}

/// CPU seconds this thread has run.
#[cfg(unix)]
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Seconds for `f`.
fn time(f: &mut dyn FnMut() -> u64) -> f64 {
    let t = Instant::now();
    black_box(f());
    t.elapsed().as_secs_f64()
}

/// Our rate over whole passes of at least `seconds`.
fn our_rate(grids: &[Grid], seconds: f64) -> f64 {
    let (mut t, mut n) = (0.0, 0usize);
    while t < seconds {
        t += time(&mut || ours(grids));
        n += grids.len();
    }
    n as f64 / t
}

/// Rates of ours and the crate, interleaved in small chunks (alternating
/// which goes first) until each side has run ~1 s.
fn rates_crate(grids: &[Grid], peers: &[sudoku_peer::Sudoku]) -> (f64, f64) {
    let per = time(&mut || ours(grids)) / grids.len() as f64;
    // About 2 ms of work per chunk.
    let chunk = ((0.002 / per.max(1e-9)) as usize).clamp(1, grids.len());
    let (mut t_ours, mut t_peer, mut n) = (0f64, 0f64, 0usize);
    let mut flip = false;
    while t_ours < 1.0 || n < grids.len() {
        for (g, p) in grids.chunks(chunk).zip(peers.chunks(chunk)) {
            flip = !flip;
            if flip {
                t_ours += time(&mut || ours(g));
                t_peer += time(&mut || crate_peer(p));
            } else {
                t_peer += time(&mut || crate_peer(p));
                t_ours += time(&mut || ours(g));
            }
            n += g.len();
        }
    }
    (n as f64 / t_ours, n as f64 / t_peer)
}

/// tdoku's rate on `file` (holding `n` puzzles): its own figure, from one
/// run of at least a second (`run_benchmark` CSV: field 6 is puzzles/s).
fn tdoku_rate(exe: &str, file: &Path, n: usize, warmup: u32) -> Result<f64, String> {
    let out = Command::new(exe)
        .args(["-s", "tdoku", "-r0", "-c1", "-t1"])
        .arg(format!("-w{warmup}"))
        .arg(format!("-n{n}"))
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run {exe}: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|l| l.split(',').nth(5)?.trim().parse::<f64>().ok())
        .next_back()
        .ok_or_else(|| format!("no rate in tdoku's output: {text}"))
}

/// Rates of ours and tdoku in `rounds` alternating rounds of about a
/// second each (the order flips each round); the mean time per puzzle.
fn rates_tdoku(exe: &str, grids: &[Grid], rounds: usize) -> Result<(f64, f64), String> {
    let mut file = tempfile::NamedTempFile::new().map_err(|e| e.to_string())?;
    for g in grids {
        writeln!(file, "{}", g.line()).map_err(|e| e.to_string())?;
    }
    file.flush().map_err(|e| e.to_string())?;
    let (mut per_ours, mut per_peer) = (0.0, 0.0);
    for round in 0..rounds {
        let warmup = u32::from(round == 0);
        if round % 2 == 0 {
            per_ours += 1.0 / our_rate(grids, 1.0);
            per_peer += 1.0 / tdoku_rate(exe, file.path(), grids.len(), warmup)?;
        } else {
            per_peer += 1.0 / tdoku_rate(exe, file.path(), grids.len(), warmup)?;
            per_ours += 1.0 / our_rate(grids, 1.0);
        }
    }
    Ok((rounds as f64 / per_ours, rounds as f64 / per_peer))
}

/// All threads against one on `solve_all`, interleaved: (threads, speed-up).
fn thread_speedup(grids: &[Grid]) -> (usize, f64) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (mut t_all, mut t_one) = (0.0, 0.0);
    let mut round = 0;
    while t_one < 2.0 || round < 4 {
        let mut all = || batch::solve_all(grids, 0, &Silent).solved() as u64;
        let mut one = || batch::solve_all(grids, 1, &Silent).solved() as u64;
        if round % 2 == 0 {
            t_all += time(&mut all);
            t_one += time(&mut one);
        } else {
            t_one += time(&mut one);
            t_all += time(&mut all);
        }
        round += 1;
    }
    (threads, t_one / t_all)
}

/// A Rhai loop over `is_unique` against the same loop in Rust, interleaved:
/// (script rate, native rate). The script runs in a `Session`, as a
/// person's script does (variable resolver and size checks included).
fn script_loop(grids: &[Grid]) -> (f64, f64) {
    use puzzlelab::script::Limits;
    use puzzlelab::script::host::RecordingHost;
    use puzzlelab::script::session::Session;
    let mut session = Session::new(
        &Limits {
            max_operations: 0,
            ..Limits::default()
        },
        std::rc::Rc::new(RecordingHost::default()),
    );
    let array: rhai::Array = grids.iter().map(|&g| rhai::Dynamic::from(g)).collect();
    session.set_var("puzzles", array);
    let mut script = || {
        session
            .eval("let n = 0; for g in puzzles { if is_unique(g) { n += 1; } } n")
            .expect("script runs")
            .as_int()
            .expect("a count") as u64
    };
    let mut native = || {
        grids
            .iter()
            .filter(|g| solver::is_unique(black_box(g)).unwrap_or(false))
            .count() as u64
    };
    assert_eq!(script(), native(), "the script and native loops disagree");
    let (mut t_script, mut t_native, mut n) = (0.0, 0.0, 0);
    while t_native < 2.0 || n < 4 {
        if n % 2 == 0 {
            t_script += time(&mut script);
            t_native += time(&mut native);
        } else {
            t_native += time(&mut native);
            t_script += time(&mut script);
        }
        n += 1;
    }
    let total = (n * grids.len()) as f64;
    (total / t_script, total / t_native)
}

fn main() {
    let Some(dir) = data::data_dir() else {
        println!("skipping: shared data not found");
        return;
    };
    // BENCH_SET=name runs one set; BENCH_SIDE=ours|peer runs one side (profiling).
    let only = std::env::var("BENCH_SET").ok();
    let side = std::env::var("BENCH_SIDE").unwrap_or_default();
    let tdoku = std::env::var("PUZZLELAB_TDOKU")
        .ok()
        .filter(|s| !s.is_empty());
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1);
    match &tdoku {
        Some(exe) => println!("peer: tdoku ({exe}), {rounds} rounds of ~1 s each side"),
        None => println!("peer: the sudoku crate (set PUZZLELAB_TDOKU for tdoku)"),
    }
    let mut loaded: Vec<(&str, Vec<Grid>)> = Vec::new();
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
        let expect = crate_peer(&peers);
        if side == "ours" || side == "peer" {
            let t = Instant::now();
            let cpu = thread_cpu_seconds();
            for _ in 0..5 {
                if side == "ours" {
                    black_box(ours(&grids));
                } else {
                    black_box(crate_peer(&peers));
                }
            }
            let rate = 5.0 * grids.len() as f64 / t.elapsed().as_secs_f64();
            // The machine is shared: CPU time is the steadier figure.
            let cpu_us = (thread_cpu_seconds() - cpu) * 1e6 / (5.0 * grids.len() as f64);
            let mut guesses = 0;
            if side == "ours" {
                for g in &grids {
                    guesses += solver::count_solutions(g, 2).map_or(0, |c| c.guesses);
                }
            }
            let per = guesses as f64 / grids.len() as f64;
            println!("{name} {side}={rate:.0}/s cpu={cpu_us:.2}us/puzzle guesses/puzzle={per:.2}");
            continue;
        }
        let agree = ours(&grids) == expect;
        let rates = match &tdoku {
            Some(exe) => rates_tdoku(exe, &grids, rounds),
            None => Ok(rates_crate(&grids, &peers)),
        };
        match rates {
            Ok((r_ours, r_peer)) => println!(
                "{name} ours={r_ours:.0}/s peer={r_peer:.0}/s ratio={:.2}{}",
                r_ours / r_peer,
                if agree { "" } else { " (COUNTS DIFFER)" }
            ),
            Err(e) => println!("{name}: {e}"),
        }
        // The passes above meet the same puzzles again (and so does
        // tdoku's own loop): ours on the set again against a fresh
        // isomorph of it each pass, to show what repeating flatters.
        let (same, fresh) = isomorphs::repeated_and_fresh(&grids, 1.0, 55, |g| {
            black_box(ours(g));
        });
        println!(
            "{name} ours repeated={same:.0}/s fresh-isomorphs={fresh:.0}/s repeated/fresh={:.2}",
            same / fresh
        );
        loaded.push((name, grids));
    }
    if !side.is_empty() {
        return;
    }
    for (name, grids) in &loaded {
        // The 17-clue set is long enough (about 120 ms a pass) for a steady
        // ratio; the short sets' passes take milliseconds and vary.
        if matches!(
            *name,
            "top95" | "forum_hardest_1106" | "top1465" | "17-clue"
        ) {
            let (threads, speedup) = thread_speedup(grids);
            println!(
                "{name} solve_all all-threads/one-thread={speedup:.2} ({threads} threads, {} puzzles)",
                grids.len()
            );
        }
    }
    for (name, grids) in &loaded {
        if matches!(*name, "17-clue" | "kaggle_sample") {
            let (script, native) = script_loop(grids);
            println!(
                "{name} rhai is_unique loop script={script:.0}/s native={native:.0}/s ratio={:.2}",
                script / native
            );
        }
    }
}
