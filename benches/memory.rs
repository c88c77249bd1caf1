//! What the memory budget costs scripts, printed as plain comparison lines.
//!
//! 1. A push loop of 1,000,000 (`let a = []; for i in 0..N { a.push(i) }`)
//!    in a puzzlelab session with its default limits (the budget on)
//!    against a bare Rhai engine with no limits at all: the goal is within
//!    3x. For scale, the old defaults (array/map/string size limits, which
//!    Rhai checks by walking the value) on a tenth of the pushes.
//! 2. The Rhai loop over `is_unique` with the budget checked against the
//!    same loop with no budget: the check's cost per operation (goal: within
//!    2%).
//!
//! The bench has the shipped binary's allocator (counting around mimalloc),
//! so both sides pay for the counting; what differs is the check. The
//! counting's own cost is measured from outside against the binary built
//! without it (see docs/benchmarks.md).

#[path = "../tests/common/data.rs"]
mod data;

#[global_allocator]
static ALLOCATOR: puzzlelab::memory::Counting<mimalloc::MiMalloc> =
    puzzlelab::memory::Counting(mimalloc::MiMalloc);

use std::rc::Rc;
use std::time::Instant;

use puzzlelab::memory;
use puzzlelab::script::Limits;
use puzzlelab::script::host::RecordingHost;
use puzzlelab::script::session::Session;
use puzzlelab::sudoku::Grid;

fn session(limits: &Limits) -> Session {
    Session::new(limits, Rc::new(RecordingHost::default()))
}

fn push_loop(n: u64) -> String {
    format!("let a = []; for i in 0..{n} {{ a.push(i) }} a.len()")
}

/// Seconds for one run of `f`.
fn time(f: &mut dyn FnMut()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

/// Interleaved rounds of two sides until `a` has run at least `secs`:
/// the median seconds per round of each, as (a, b).
fn interleaved(secs: f64, a: &mut dyn FnMut(), b: &mut dyn FnMut()) -> (f64, f64) {
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    let mut n = 0;
    while ta.iter().sum::<f64>() < secs || n < 5 {
        if n % 2 == 0 {
            ta.push(time(a));
            tb.push(time(b));
        } else {
            tb.push(time(b));
            ta.push(time(a));
        }
        n += 1;
    }
    (median(&mut ta), median(&mut tb))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    memory::set_budget(memory::default_budget());
    println!(
        "budget {} (half of physical memory), counting allocator around mimalloc",
        memory::format_size(memory::budget())
    );

    // 1. Push loops.
    const N: u64 = 1_000_000;
    let code = push_loop(N);
    let mut ours = session(&Limits {
        max_operations: 0,
        ..Limits::default()
    });
    let mut bare_engine = rhai::Engine::new();
    bare_engine.set_max_operations(0);
    let mut run_ours = || {
        let v = ours.eval(&code).expect("push loop runs");
        assert_eq!(v.as_int().ok(), Some(N as i64));
    };
    let mut run_bare = || {
        let v: i64 = bare_engine.eval(&code).expect("push loop runs");
        assert_eq!(v, N as i64);
    };
    let (t_ours, t_bare) = interleaved(2.0, &mut run_ours, &mut run_bare);
    println!(
        "push loop {N}: puzzlelab (defaults, budget on) {:.1} ms | bare Rhai, no limits {:.1} ms | ratio {:.2} (goal <= 3)",
        t_ours * 1e3,
        t_bare * 1e3,
        t_ours / t_bare
    );
    let old = Limits {
        max_operations: 0,
        max_array_size: 10_000_000,
        max_map_size: 1_000_000,
        max_string_size: 64 << 20,
        ..Limits::default()
    };
    let mut old_session = session(&old);
    let small = push_loop(N / 10);
    let t_old = time(&mut || {
        let _ = old_session.eval(&small).expect("push loop runs");
    });
    let t_new = time(&mut || {
        let _ = ours.eval(&small).expect("push loop runs");
    });
    println!(
        "push loop {}: old size limits {:.1} ms | defaults now {:.1} ms | {:.0}x",
        N / 10,
        t_old * 1e3,
        t_new * 1e3,
        t_old / t_new
    );

    // 2. The is_unique loop with and without the budget check.
    let grids = puzzles();
    let array: rhai::Array = grids.iter().map(|&g| rhai::Dynamic::from(g)).collect();
    ours.set_var("puzzles", array);
    let script = "let n = 0; for g in puzzles { if is_unique(g) { n += 1; } } n";
    let budget = memory::budget();
    let ours = std::cell::RefCell::new(ours);
    let mut checked = || {
        memory::set_budget(budget);
        let _ = ours.borrow_mut().eval(script).expect("loop runs");
    };
    let mut unchecked = || {
        memory::set_budget(0);
        let _ = ours.borrow_mut().eval(script).expect("loop runs");
    };
    let (t_on, t_off) = interleaved(4.0, &mut checked, &mut unchecked);
    memory::set_budget(budget);
    println!(
        "rhai is_unique loop, {} puzzles: budget checked {:.1} ms | no budget {:.1} ms | cost {:+.1}% (goal within 2%)",
        grids.len(),
        t_on * 1e3,
        t_off * 1e3,
        (t_on / t_off - 1.0) * 100.0
    );
}

/// The 17-clue set when the shared data is there, else the repository's sample.
fn puzzles() -> Vec<Grid> {
    let text = data::data_dir()
        .and_then(|d| std::fs::read_to_string(d.join("sudoku/royle_17clue_49151.txt")).ok())
        .unwrap_or_else(|| include_str!("../scripts/data/17clue.txt").to_string());
    text.lines().filter_map(|l| Grid::parse(l).ok()).collect()
}
