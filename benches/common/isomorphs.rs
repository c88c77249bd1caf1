//! Fresh isomorphs for the benches that repeat a short Sudoku set to
//! reach a second of work (issue 55, item 5). A solver or a cache that
//! learns from a puzzle (branch history, a memo, the same lines in the
//! same order) is flattered by meeting it again; a copy moved by a random
//! symmetry with its digits renamed is the same puzzle to every solver
//! (same solutions, same canonical form) and new to every such memory.
//! The moves are the project's own (`similarity::Transform`), drawn from
//! a seeded generator so that a run can be repeated. Included by the
//! benches and by `tests/bench_isomorphs.rs` (`#[path]`).

// Each includer uses a part: the outside bench lines, the others grids.
#![allow(dead_code)]

use puzzlelab::similarity::Transform;
use puzzlelab::sudoku::Grid;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// The generator the benches draw their moves from, from `seed`.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// `line` moved by `t`: each comma field of exactly 81 characters (a
/// puzzle, or a CSV's solution beside it) has its cells moved and its
/// digits 1-9 renamed, every other character kept where it was in the
/// cell (`.` or `0` for empty, as the file writes it); other fields are
/// left alone. Every field of a line moves by the same `t`, so a solution
/// column still solves its puzzle.
pub fn moved_line(line: &str, t: &Transform) -> String {
    let sources = t.cell_sources();
    line.split(',')
        .map(|field| {
            let cells = field.as_bytes();
            if cells.len() != 81 {
                return field.to_string();
            }
            sources
                .iter()
                .map(|&s| {
                    let c = cells[s as usize];
                    match c {
                        b'1'..=b'9' => (b'0' + t.digits[(c - b'0') as usize]) as char,
                        _ => c as char,
                    }
                })
                .collect()
        })
        .collect::<Vec<String>>()
        .join(",")
}

/// `lines` written `copies` times, the first copy as given. With `fresh`,
/// every line of every later copy is moved by its own random symmetry
/// with a random digit renaming (drawn from `rng`); without, the later
/// copies are the same lines again.
pub fn repeated(lines: &[&str], copies: usize, fresh: bool, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len() * copies);
    for copy in 0..copies {
        for line in lines {
            out.push(if fresh && copy > 0 {
                moved_line(line, &Transform::random(rng))
            } else {
                line.to_string()
            });
        }
    }
    out
}

/// Every grid of `grids` moved in place by its own random symmetry with a
/// random digit renaming: a fresh isomorph of the set, for the next pass
/// of an in-process bench.
pub fn refresh(grids: &mut [Grid], rng: &mut ChaCha8Rng) {
    for g in grids {
        *g = Transform::random(rng).apply(g);
    }
}

/// Rates (grids per second, wall time) of `work` on passes over `grids`
/// as they are and over a copy made a fresh isomorph before each of its
/// passes (not timed), alternating pass by pass until each side has run
/// `seconds`: both figures for a bench that repeats a set.
pub fn repeated_and_fresh(
    grids: &[Grid],
    seconds: f64,
    seed: u64,
    mut work: impl FnMut(&[Grid]),
) -> (f64, f64) {
    let mut rng = rng(seed);
    let mut moved = grids.to_vec();
    let (mut t_same, mut t_fresh, mut passes) = (0.0, 0.0, 0usize);
    while t_same < seconds || t_fresh < seconds || passes < 2 {
        let t = std::time::Instant::now();
        work(grids);
        t_same += t.elapsed().as_secs_f64();
        refresh(&mut moved, &mut rng);
        let t = std::time::Instant::now();
        work(&moved);
        t_fresh += t.elapsed().as_secs_f64();
        passes += 1;
    }
    let n = (passes * grids.len()) as f64;
    (n / t_same, n / t_fresh)
}
