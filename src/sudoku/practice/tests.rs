use super::*;
use crate::monitor::Silent;
use crate::sudoku::minimal::is_minimal;
use crate::sudoku::solver::count_solutions;

/// Every seed is unique and minimal, and its walk takes a step of its
/// technique, named exactly so.
#[test]
fn every_seed_takes_its_step() {
    for (name, line) in seeds::SEEDS {
        let puzzle = Grid::parse(line).unwrap();
        assert_eq!(count_solutions(&puzzle, 2).unwrap().solutions, 1, "{line}");
        assert!(is_minimal(&puzzle).unwrap(), "{line}");
        let (info, producers) = request(name, &Options::default()).unwrap();
        assert_eq!(info.name, *name);
        match walk(&puzzle, info, producers, cap(info, producers), &Silent) {
            Walk::Found(found) => assert_eq!(found.1.technique, *name, "{line}"),
            _ => panic!("{name}: no step on the path of {line}"),
        }
    }
}

/// An isomorph (of a 17-clue puzzle of Royle's list) keeps the clue count and the number of solutions, and is
/// a relabelling of a permutation of the cells: each digit's clue count
/// is some digit's count in the original.
#[test]
fn isomorphs_are_isomorphs() {
    let g = Grid::parse(
        ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
    )
    .unwrap();
    let mut rng = rng_for(7, 0);
    for _ in 0..20 {
        let h = isomorph(&g, &mut rng);
        assert_eq!(h.filled(), g.filled());
        assert_eq!(count_solutions(&h, 2).unwrap().solutions, 1);
        let counts = |g: &Grid| {
            let mut n = [0; 10];
            (0..81).for_each(|c| n[g.get(c) as usize] += 1);
            let mut v = n[1..].to_vec();
            v.sort_unstable();
            v
        };
        assert_eq!(counts(&h), counts(&g));
    }
}
