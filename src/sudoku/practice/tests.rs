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

/// Solutions (up to 2) of pencil marks, by an exact cover apart from the
/// Sudoku code: an option a candidate, covering its cell and its digit's
/// row, column and block.
fn cover_solutions(masks: &[u16; CELLS]) -> u64 {
    use crate::xcover::{CoverProblem, Options as CoverOptions, solve};
    let mut options = Vec::new();
    for (c, &m) in masks.iter().enumerate() {
        let (r, k) = (c / 9, c % 9);
        let b = r / 3 * 3 + k / 3;
        for d in (1..=9).filter(|d| m & 1 << (d - 1) != 0) {
            options.push(vec![
                format!("c{c}"),
                format!("r{r}d{d}"),
                format!("k{k}d{d}"),
                format!("b{b}d{d}"),
            ]);
        }
    }
    let problem = CoverProblem::from_names::<String>(None, &[], &options).unwrap();
    let o = CoverOptions {
        limit: Some(2),
        threads: Some(1),
        ..CoverOptions::default()
    };
    solve(&problem, &o, &Silent).unwrap().count
}

/// Every pencil-mark seed has one solution (by an exact cover, not by
/// the solver it practises), and its first SE step is its technique,
/// named exactly so; each of the two techniques has seeds.
#[test]
fn every_pencil_seed_has_one_solution_and_its_step_first() {
    for name in ["Bidirectional X-Cycle", "Forcing X-Chain"] {
        assert!(
            seeds::PENCIL_SEEDS.iter().any(|(n, _)| *n == name),
            "{name}"
        );
    }
    for (name, line) in seeds::PENCIL_SEEDS {
        let masks = parse_pencil_line(line, false).unwrap();
        assert_eq!(cover_solutions(&masks), 1, "{line}");
        let b = CandidateGrid::from_pencil_masks(&masks);
        let step = crate::sudoku::human::hint(&b).unwrap();
        assert_eq!(step.technique, *name, "{line}");
    }
}
