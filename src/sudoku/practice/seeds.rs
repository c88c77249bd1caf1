//! Seed puzzles for techniques too rare on SE's paths for practice's
//! hill-climb to meet within its time: each is a puzzle whose SE path takes
//! a step of the technique. Practice starts from one, wanders among its
//! neighbours that keep the step, and returns a random isomorph whose path
//! takes it too (every answer is walked, never taken on trust).
//!
//! Found by `examples/xsearch.rs`: a hill-climb over mutated puzzles (from
//! magictour's top1465, Serg's benchmark and the forum's hardest 1106)
//! scored by how few earlier finders fire where the technique's finder
//! reports it on SE's path, ending when none does. Each was checked with
//! Sukaku Explainer's serate too: its path takes the same step.

/// (technique, puzzle) pairs.
pub const SEEDS: &[(&str, &str)] = &[
    (
        "(4 Strong Links) Grouped X-Loop",
        ".2.6.....3....5.878.7..3....7.5.2..8..48.......3....4..6....5.9..........9..7...2",
    ),
    (
        "(4 Strong Links) Grouped X-Loop",
        ".2.6....33......878....3....7.5.2.....4.3..2...37...4..6....5.9....5.....9..7...2",
    ),
    (
        "(4 Strong Links) Grouped X-Loop",
        ".2.6.....3......878....3....7.5.2..8..48.......376..4..6....5.9..2.......9..7...2",
    ),
    (
        "(4 Strong Links) Grouped X-Loop",
        ".2.68....3....5.878.7..3....7.5.2..8..48.......3....4..6...45.9.......7..9......2",
    ),
    (
        "(4 Strong Links) Grouped X-Loop",
        "...7...6..5832....2....6...3.....7...6..5.1...7.1....6..5.41.......6..8..1...32..",
    ),
    (
        "(4 Strong Links) Grouped X-Loop",
        "...7...6..5832...72....6...3.....7...6..5.1..57.1....6....4...3....6..8..1....2..",
    ),
    (
        "(4 Strong Links) Grouped X-Loop",
        "...7...6..583.....2.7....5.3..6..7...6..5.1..8..1.........4...37......8..1....2..",
    ),
];
