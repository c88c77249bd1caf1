use super::*;
use crate::monitor::Silent;
use crate::sudoku::minimal::is_minimal;

#[test]
fn orbits_partition_the_grid() {
    for s in Symmetry::ALL {
        let mut seen = [0; 81];
        for o in s.orbits() {
            for c in o {
                seen[c] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{}", s.name());
        assert_eq!(Symmetry::parse(s.name()), Some(s));
    }
    // r1c2 under SE's Diagonal (rising) goes to r8c9.
    assert_eq!(Symmetry::Diagonal.orbit(1), vec![1, 7 * 9 + 8]);
    assert_eq!(Symmetry::AntiDiagonal.orbit(1), vec![1, 9]);
}

#[test]
fn random_grids_are_solutions_and_differ() {
    let mut rng = rng_for(7, 0);
    let a = random_solution(&mut rng);
    let b = random_solution(&mut rng);
    assert!(a.is_full() && a.check().is_ok());
    assert_ne!(a, b);
}

#[test]
fn generated_puzzles_are_minimal() {
    let g = generate(&Options::default(), &Silent).unwrap();
    assert!(is_minimal(&g.puzzle).unwrap());
    assert_eq!(generate(&Options::default(), &Silent).unwrap(), g);
}

#[test]
fn batches_do_not_depend_on_threads() {
    let run = |threads| {
        let mut lines = Vec::new();
        let end = generate_many(20, &Options::default(), threads, &Silent, |i, g| {
            lines.push((i, g.puzzle.line()));
            true
        });
        assert_eq!(end, BatchEnd::Done);
        lines
    };
    let one = run(1);
    assert_eq!(one.len(), 20);
    assert_eq!(one, run(2));
    // Three shards deal the same puzzles, each with its place.
    let mut dealt = Vec::new();
    for k in 1..=3 {
        let shard = Shard::new(k, 3).unwrap();
        generate_shard(20, shard, &Options::default(), 1, &Silent, |i, g| {
            dealt.push((i, g.puzzle.line()));
            true
        });
    }
    dealt.sort();
    assert_eq!(one, dealt);
    assert_eq!(
        one[0].1,
        generate(&Options::default(), &Silent)
            .unwrap()
            .puzzle
            .line()
    );
}
