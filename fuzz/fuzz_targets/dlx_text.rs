//! Knuth's dlx1/dlx2 input as text (`xcover::dlx::parse`): any bytes, read
//! as the first line of items, `|` before the secondary ones, one option a
//! line, `item:colour`, comments. A problem read writes back (`write`) to
//! text that reads back the same; a small one is solved (listing at most
//! 50 solutions, on one thread, stopped after half a second), and every
//! solution is checked by hand: each primary item covered once, each
//! secondary item at most once or by options that agree on its colour.
#![no_main]

use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;
use puzzlelab::monitor::{Monitor, Silent};
use puzzlelab::xcover::{self, CoverProblem, Options, dlx};

/// Stops a search once its time is up, as Ctrl+C would.
struct Until(Instant);

impl Monitor for Until {
    fn cancelled(&self) -> bool {
        Instant::now() > self.0
    }
}

fn check(problem: &CoverProblem, solution: &[usize]) {
    let mut covered: Vec<Option<Option<u32>>> = vec![None; problem.items.len()];
    for &o in solution {
        for e in &problem.options[o] {
            let item = e.item as usize;
            match covered[item] {
                None => covered[item] = Some(e.colour),
                Some(c) => assert!(
                    item >= problem.primary && c.is_some() && c == e.colour,
                    "item {} covered twice in {solution:?}",
                    problem.items[item]
                ),
            }
        }
    }
    for (i, c) in covered.iter().enumerate().take(problem.primary) {
        assert!(c.is_some(), "primary item {} uncovered", problem.items[i]);
    }
}

fuzz_target!(|data: &[u8]| {
    let text = puzzlelab_fuzz::text(data);
    let Ok(problem) = dlx::parse(&text, "f", &Silent) else {
        return;
    };
    let written = dlx::write(&problem);
    let again = dlx::parse(&written, "g", &Silent)
        .unwrap_or_else(|e| panic!("written text does not read back: {e}\n{written}"));
    assert_eq!(again, problem, "the round trip changed the problem");
    if problem.options.len() > 200 || problem.items.len() > 200 {
        return;
    }
    let options = Options {
        limit: Some(50),
        keep: true,
        threads: Some(1),
        ..Options::default()
    };
    let monitor = Until(Instant::now() + Duration::from_millis(500));
    if let Ok(outcome) = xcover::solve(&problem, &options, &monitor) {
        assert_eq!(outcome.count, outcome.solutions.len() as u64);
        for s in &outcome.solutions {
            check(&problem, s);
        }
    }
});
