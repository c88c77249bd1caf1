//! The engine's own tests: small boards counted by hand, errors, wide
//! boards, cancelling, limits, and the figures of the literature.

use crate::monitor::{Monitor, Progress, Silent};
use crate::polyomino::*;

fn count_of(region: &Region, pieces: &[Piece], raw: bool) -> u64 {
    count(region, pieces, false, raw, &Silent).unwrap().count
}

#[test]
fn small_rectangles() {
    let p = pentominoes();
    let pick = |letters: &str| -> Vec<Piece> {
        p.iter()
            .filter(|x| letters.contains(x.symbol))
            .cloned()
            .collect()
    };
    // 3×20: 2 packings, 8 raw (published; the plain exact-cover reference
    // in tests/exact_cover agrees, see tests/exact_cover_counts.rs).
    let r = Region::rect(3, 20).unwrap();
    assert_eq!(count_of(&r, &p, false), 2);
    assert_eq!(count_of(&r, &p, true), 8);
    // Tetrominoes on 4×5: impossible (parity).
    let r = Region::rect(4, 5).unwrap();
    assert_eq!(count_of(&r, &tetrominoes(), false), 0);
    // Two I pentominoes on 2×5: one way up to symmetry, one raw.
    let r = Region::rect(2, 5).unwrap();
    let two_i = vec![pick("I")[0].clone(), pick("I")[0].clone()];
    assert_eq!(count_of(&r, &two_i, false), 1);
    assert_eq!(count_of(&r, &two_i, true), 1);
    // Four squares on 4×4: one tiling, symmetric under all 8.
    let r = Region::rect(4, 4).unwrap();
    let squares = vec![square(); 4];
    assert_eq!(count_of(&r, &squares, false), 1);
    assert_eq!(count_of(&r, &squares, true), 1);
}

#[test]
fn self_symmetric_solutions_count_once() {
    // Two L trominoes in a 2×3: 2 raw tilings, mirror images of each
    // other under the rectangle's group, so 1 unique.
    let l3 = Piece::new("l", 'l', &[(0, 0), (1, 0), (1, 1)]);
    let r = Region::rect(2, 3).unwrap();
    assert_eq!(count_of(&r, &[l3.clone(), l3.clone()], true), 2);
    assert_eq!(count_of(&r, &[l3.clone(), l3], false), 1);
    // Dominoes on 2×2: 2 raw, one class under the square's 8 symmetries.
    let d = Piece::new("d", 'd', &[(0, 0), (0, 1)]);
    let r = Region::rect(2, 2).unwrap();
    assert_eq!(count_of(&r, &[d.clone(), d.clone()], true), 2);
    assert_eq!(count_of(&r, &[d.clone(), d], false), 1);
}

#[test]
fn errors() {
    let p = pentominoes();
    let e = count(&Region::rect(5, 5).unwrap(), &p, false, false, &Silent).unwrap_err();
    assert_eq!(
        e,
        PolyError::AreaMismatch {
            board: 25,
            pieces: 60
        }
    );
    let e = count(&Region::rect(40, 40).unwrap(), &p, false, false, &Silent).unwrap_err();
    assert!(matches!(e, PolyError::AreaMismatch { .. }));
    let many = vec![square(); 300];
    let e = count(&Region::rect(40, 30).unwrap(), &many, false, false, &Silent).unwrap_err();
    assert!(matches!(e, PolyError::BoardTooLarge { cells: 1200, .. }));
}

#[test]
fn wide_boards() {
    // 10×20 with 50 squares: beyond 128 bits; one tiling.
    let r = Region::rect(10, 20).unwrap();
    let squares = vec![square(); 50];
    assert_eq!(count_of(&r, &squares, true), 1);
    // 3×60 with I pentominoes stacked: 180 cells; 36 I's: (I vertical impossible) 1 raw.
    let r = Region::rect(3, 60).unwrap();
    let is: Vec<Piece> = vec![pentominoes()[1].clone(); 36];
    assert_eq!(count_of(&r, &is, true), 1);
}

#[test]
fn cancel_keeps_what_was_found() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    let stop = AtomicBool::new(true);
    let out = count(
        &Region::rect(6, 10).unwrap(),
        &pentominoes(),
        false,
        true,
        &crate::monitor::Flag(&stop),
    )
    .unwrap();
    assert_eq!(out.stopped, Some(Stopped::Cancelled));
    assert!(out.count < 9356);
    // Progress reaches the monitor while searching.
    struct Counting(AtomicU64);
    impl Monitor for Counting {
        fn report(&self, p: &Progress) {
            self.0.fetch_max(p.done, Ordering::Relaxed);
        }
    }
    let m = Counting(AtomicU64::new(0));
    let out = count(
        &Region::rect(5, 12).unwrap(),
        &pentominoes(),
        false,
        false,
        &m,
    )
    .unwrap();
    assert_eq!(out.count, 1010);
    assert!(m.0.load(Ordering::Relaxed) > 0);
}

#[test]
fn limit_and_keep() {
    let r = Region::rect(3, 20).unwrap();
    let options = Options {
        keep: true,
        ..Options::default()
    };
    let out = solve(&r, &pentominoes(), &options, &Silent).unwrap();
    assert_eq!(out.solutions.len(), 2);
    assert_eq!(out.solutions[0].rows(), 3);
    let options = Options {
        keep: true,
        raw: true,
        limit: Some(3),
        ..Options::default()
    };
    let out = solve(&r, &pentominoes(), &options, &Silent).unwrap();
    assert_eq!(out.solutions.len(), 3);
    assert_eq!(out.stopped, Some(Stopped::Limit));
}

fn with(options: Options, f: impl Fn(&mut Options)) -> Options {
    let mut o = options;
    f(&mut o);
    o
}

#[test]
fn copies_break_symmetry_and_count_classes() {
    // 4 L tetrominoes in 4×4: 10 raw, 3 classes; dominoes on small
    // rectangles (raw counts published, OEIS A099390; raw and classes
    // checked by the plain exact-cover reference in tests/exact_cover, see
    // tests/exact_cover_counts.rs).
    let l4 = vec![piece_by_name("L4").unwrap(); 4];
    let r = Region::rect(4, 4).unwrap();
    assert_eq!(count(&r, &l4, false, true, &Silent).unwrap().count, 10);
    assert_eq!(count(&r, &l4, false, false, &Silent).unwrap().count, 3);
    let d = Piece::new("d", 'd', &[(0, 0), (0, 1)]);
    for (rows, cols, raw, classes) in [(2, 4, 5, 4), (4, 4, 36, 9), (3, 4, 11, 5)] {
        let r = Region::rect(rows, cols).unwrap();
        let pieces = vec![d.clone(); rows as usize * cols as usize / 2];
        assert_eq!(count(&r, &pieces, false, true, &Silent).unwrap().count, raw);
        assert_eq!(
            count(&r, &pieces, false, false, &Silent).unwrap().count,
            classes
        );
    }
}

#[test]
fn branches_cut_deeper_for_threads_count_the_same() {
    // Several threads cut each top-level branch one level deeper (see
    // `search::deepen`); the counts must stay the published ones, raw and
    // by class, with copies (the floor) and a single broken piece alike.
    let d = Piece::new("d", 'd', &[(0, 0), (0, 1)]);
    let cases: Vec<(Region, Vec<Piece>, u64, u64)> = vec![
        (Region::rect(5, 12).unwrap(), pentominoes(), 4040, 1010),
        (Region::rect(3, 20).unwrap(), pentominoes(), 8, 2),
        (
            Region::rect(4, 4).unwrap(),
            vec![piece_by_name("L4").unwrap(); 4],
            10,
            3,
        ),
        (Region::rect(4, 4).unwrap(), vec![d; 8], 36, 9),
    ];
    for (region, pieces, raw, classes) in cases {
        for threads in [1, 3] {
            for (is_raw, want) in [(true, raw), (false, classes)] {
                let options = Options {
                    raw: is_raw,
                    threads: Some(threads),
                    ..Options::default()
                };
                let out = solve(&region, &pieces, &options, &Silent).unwrap();
                assert_eq!(out.count, want, "{threads} threads, raw {is_raw}");
                assert_eq!(out.stopped, None);
            }
        }
    }
}

#[test]
fn copies_get_their_own_labels() {
    let l4 = vec![piece_by_name("L4").unwrap(); 4];
    let options = Options {
        keep: true,
        limit: Some(1),
        ..Options::default()
    };
    let out = solve(&Region::rect(4, 4).unwrap(), &l4, &options, &Silent).unwrap();
    let p = &out.solutions[0];
    assert_eq!(p.names(), ["L4#1", "L4#2", "L4#3", "L4#4"]);
    let mut labels: Vec<u32> = p.labels().to_vec();
    labels.sort_unstable();
    labels.dedup();
    assert_eq!(labels, [0, 1, 2, 3]);
    // Touching copies are drawn with different characters.
    let text = p.to_string();
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    for r in 0..4 {
        for c in 0..4 {
            let i = r * 4 + c;
            if c + 1 < 4 && p.labels()[i] != p.labels()[i + 1] {
                assert_ne!(rows[r][c], rows[r][c + 1], "{text}");
            }
            if r + 1 < 4 && p.labels()[i] != p.labels()[i + 4] {
                assert_ne!(rows[r][c], rows[r + 1][c], "{text}");
            }
        }
    }
}

#[test]
fn colouring_settles_hexomino_rectangles_at_once() {
    for (r, c) in [(15, 14), (3, 70), (6, 35)] {
        let out = count(
            &Region::rect(r, c).unwrap(),
            &hexominoes(),
            false,
            false,
            &Silent,
        )
        .unwrap();
        assert_eq!(out.count, 0);
        assert!(out.proof.is_some());
        assert_eq!(out.nodes, 1);
    }
}

#[test]
fn first_packings_of_copy_only_sets_come_at_once() {
    let l4 = piece_by_name("L4").unwrap();
    for (side, n) in [(12, 36), (20, 100)] {
        let options = Options {
            keep: true,
            limit: Some(1),
            ..Options::default()
        };
        let out = solve(
            &Region::rect(side, side).unwrap(),
            &vec![l4.clone(); n],
            &options,
            &Silent,
        )
        .unwrap();
        assert_eq!(out.solutions.len(), 1, "{side}");
        assert!(out.nodes < 100_000, "{side}: {} nodes", out.nodes);
    }
}

#[test]
fn one_sided_pentominoes_in_three_by_thirty() {
    let r = Region::rect(3, 30).unwrap();
    let set = one_sided_pentominoes();
    assert_eq!(set.len(), 18);
    assert_eq!(count(&r, &set, false, true, &Silent).unwrap().count, 184);
    assert_eq!(count(&r, &set, false, false, &Silent).unwrap().count, 46);
    assert_eq!(one_sided_tetrominoes().len(), 7);
}

#[test]
fn threads_give_the_same_packings_in_the_same_order() {
    let r = Region::rect(5, 12).unwrap();
    let base = Options {
        keep: true,
        ..Options::default()
    };
    let one = solve(
        &r,
        &pentominoes(),
        &with(base.clone(), |o| o.threads = Some(1)),
        &Silent,
    )
    .unwrap();
    let four = solve(
        &r,
        &pentominoes(),
        &with(base.clone(), |o| o.threads = Some(4)),
        &Silent,
    )
    .unwrap();
    assert_eq!(one.count, 1010);
    assert_eq!(one.solutions, four.solutions);
    let limited = with(base, |o| o.limit = Some(7));
    let a = solve(
        &r,
        &pentominoes(),
        &with(limited.clone(), |o| o.threads = Some(1)),
        &Silent,
    )
    .unwrap();
    let b = solve(
        &r,
        &pentominoes(),
        &with(limited, |o| o.threads = Some(3)),
        &Silent,
    )
    .unwrap();
    assert_eq!(a.solutions, b.solutions);
    assert_eq!(a.solutions[..], one.solutions[..7]);
}

#[test]
fn random_orders_repeat_with_a_seed() {
    let r = Region::rect(6, 10).unwrap();
    let options = |seed| Options {
        keep: true,
        limit: Some(1),
        seed: Some(seed),
        ..Options::default()
    };
    let a = solve(&r, &pentominoes(), &options(7), &Silent).unwrap();
    let b = solve(&r, &pentominoes(), &options(7), &Silent).unwrap();
    assert_eq!(a.solutions, b.solutions);
    let firsts: std::collections::HashSet<String> = (1..6)
        .map(|s| {
            solve(&r, &pentominoes(), &options(s), &Silent)
                .unwrap()
                .solutions[0]
                .to_string()
        })
        .collect();
    assert!(firsts.len() > 1);
}

#[test]
fn soma_cube() {
    let cube = Space::cuboid(3, 3, 3).unwrap();
    let raw = solve_solid(
        &cube,
        &soma(),
        &with(Options::default(), |o| o.raw = true),
        &Silent,
    )
    .unwrap();
    assert_eq!(raw.count, 11520);
    let unique = solve_solid(&cube, &soma(), &Options::default(), &Silent).unwrap();
    assert_eq!(unique.count, 240);
    assert_eq!(unique.symmetries, 48);
}

#[test]
fn few_solid_branches_are_cut_into_items_for_threads() {
    // On several threads the fewest search deals each of its few
    // top-level branches as its work items (see
    // `solve::Search::fewest_parts`): the counts stay the published
    // ones (Soma 240 / 11520, Conway and Guy; 2x3x10 pentacubes 12 /
    // 96), and the parts outnumber the branches.
    let cases = [
        (Space::cuboid(3, 3, 3).unwrap(), soma(), 240, 11520),
        (
            Space::cuboid(2, 3, 10).unwrap(),
            super::space::solid_pentominoes(),
            12,
            96,
        ),
    ];
    let mut cuts = 0;
    for (space, pieces, classes, raw) in cases {
        for (is_raw, want) in [(false, classes), (true, raw)] {
            let options = |threads| Options {
                raw: is_raw,
                threads: Some(threads),
                ..Options::default()
            };
            let one = solve_solid(&space, &pieces, &options(1), &Silent).unwrap();
            assert_eq!(one.count, want, "1 thread, raw {is_raw}");
            for threads in [2, 3] {
                let out = solve_solid(&space, &pieces, &options(threads), &Silent).unwrap();
                assert_eq!(out.count, want, "{threads} threads, raw {is_raw}");
                assert_eq!(out.stopped, None);
                assert_eq!(out.branches.0, out.branches.1, "every part finished");
                // Cut when there are fewer branches than 4 per thread.
                let cut = one.branches.1 < 4 * threads as u64;
                assert_eq!(
                    out.branches.1 > one.branches.1,
                    cut,
                    "{threads} threads: {} parts for {} branches",
                    out.branches.1,
                    one.branches.1
                );
                cuts += usize::from(cut);
            }
        }
    }
    assert!(cuts >= 2, "the cut was tried");
}

#[test]
fn tight_branching_finds_the_same_packings() {
    // The same solutions, each once, whichever cell the search branches
    // on: a board and a box where the rule applies, one where it does not.
    let centre = "........\n........\n........\n...##...\n...##...\n........\n........\n........";
    let board = Region::parse(centre).unwrap();
    let strip = Region::rect(3, 20).unwrap();
    for (region, classes, all) in [(&board, 65, 520), (&strip, 2, 8)] {
        let mut seen = Vec::new();
        for tight in [false, true] {
            let options = Options {
                keep: true,
                tight: Some(tight),
                ..Options::default()
            };
            let out = solve(region, &pentominoes(), &options, &Silent).unwrap();
            assert_eq!(out.count, classes, "tight {tight}");
            let mut forms: Vec<String> = out.solutions.iter().map(|s| s.to_string()).collect();
            forms.sort();
            seen.push(forms);
            let raw = Options {
                raw: true,
                tight: Some(tight),
                seed: Some(3),
                ..Options::default()
            };
            let out = solve(region, &pentominoes(), &raw, &Silent).unwrap();
            assert_eq!(out.count, all, "raw, tight {tight}");
        }
        assert_eq!(seen[0], seen[1]);
    }
    let cube = Space::cuboid(3, 3, 3).unwrap();
    for tight in [false, true] {
        let options = |raw| Options {
            raw,
            tight: Some(tight),
            ..Options::default()
        };
        let raw = solve_solid(&cube, &soma(), &options(true), &Silent).unwrap();
        assert_eq!(raw.count, 11520, "tight {tight}");
        let unique = solve_solid(&cube, &soma(), &options(false), &Silent).unwrap();
        assert_eq!(unique.count, 240, "tight {tight}");
    }
}

#[test]
fn shards_add_up_to_the_whole_count() {
    let sharded = |o: &Options, k: u64, n: u64| {
        with(o.clone(), |o| {
            o.shard = Some(crate::shard::Shard::new(k, n).unwrap())
        })
    };
    let d = Piece::new("d", 'd', &[(0, 0), (0, 1)]);
    let l3 = Piece::new("l", 'l', &[(0, 0), (1, 0), (1, 1)]);
    let i5: Vec<Piece> = pentominoes()
        .into_iter()
        .filter(|p| p.symbol == 'I')
        .collect();
    let flat: Vec<(Region, Vec<Piece>)> = vec![
        (Region::rect(3, 20).unwrap(), pentominoes()),
        (
            Region::rect(4, 4).unwrap(),
            vec![piece_by_name("L4").unwrap(); 4],
        ),
        (Region::rect(4, 4).unwrap(), vec![d.clone(); 8]),
        (Region::rect(2, 3).unwrap(), vec![l3.clone(), l3]),
        // The first piece fills the board: the top-level branch is the item.
        (Region::rect(1, 5).unwrap(), i5),
    ];
    for (region, pieces) in &flat {
        for raw in [false, true] {
            let o = with(Options::default(), |o| o.raw = raw);
            let whole = solve(region, pieces, &o, &Silent).unwrap();
            for n in [2, 3, 7] {
                let mut sum = 0;
                for k in 1..=n {
                    let part = solve(region, pieces, &sharded(&o, k, n), &Silent).unwrap();
                    assert_eq!(
                        part.items.1,
                        crate::shard::Shard::new(k, n).unwrap().len_of(part.items.0)
                    );
                    sum += part.count;
                }
                assert_eq!(sum, whole.count, "{region} raw {raw} in {n} shards");
            }
        }
    }
    // Soma: 240 classes, 11520 raw, in 4 shards (the box's 48 symmetries).
    let cube = Space::cuboid(3, 3, 3).unwrap();
    for (raw, whole) in [(false, 240), (true, 11520)] {
        let o = with(Options::default(), |o| o.raw = raw);
        let parts: Vec<u64> = (1..=4)
            .map(|k| {
                solve_solid(&cube, &soma(), &sharded(&o, k, 4), &Silent)
                    .unwrap()
                    .count
            })
            .collect();
        assert_eq!(parts.iter().sum::<u64>(), whole, "{parts:?}");
        // Each shard has work: the items are dealt below the top level.
        assert!(parts.iter().all(|&c| c > 0), "{parts:?}");
    }
}

#[test]
fn the_names_a_misspelling_is_matched_against_are_the_sets_names() {
    use crate::polyomino::pieces::{FLAT_SETS, SOLID_SETS, named_set, solid_set_key};
    for name in FLAT_SETS {
        assert!(named_set(name).is_some(), "{name}");
    }
    for name in SOLID_SETS {
        assert_eq!(solid_set_key(name), Some(*name));
    }
}

#[test]
fn a_misspelt_set_is_named_not_read_as_letters() {
    use crate::polyomino::space::solids_from_text;
    let err = solids_from_text("bedlan").unwrap_err().to_string();
    assert!(err.contains("did you mean \"bedlam\""), "{err}");
    let err = pieces_from_text("pentominos").map(|p| p.len());
    assert_eq!(err, Ok(12), "a plural's spelling is forgiven as before");
    let err = pieces_from_text("tetromnoes").unwrap_err().to_string();
    assert!(err.contains("did you mean \"tetrominoes\""), "{err}");
    // Letters stay letters, and a word near no set keeps the letter error.
    assert_eq!(pieces_from_text("FILN").map(|p| p.len()), Ok(4));
    let err = pieces_from_text("fiqus").unwrap_err().to_string();
    assert!(err.contains("unknown piece \"q\" at position 3"), "{err}");
}

#[test]
fn narrow_boards_count_the_same_on_every_search_path() {
    // A narrow board (3 wide) has lighter tables: 2 probe bits, no pocket
    // test at build. Every search reading them (the sweep, the lean
    // search with copies, the full search with pockets or the tight rule)
    // counts the same. Domino tilings of 3×2n: 11, 41, 153, 571 (OEIS
    // A001835).
    let d = Piece::new("d", 'd', &[(0, 0), (0, 1)]);
    for (n, tilings) in [(4, 11), (6, 41), (8, 153), (10, 571)] {
        let dominoes = vec![d.clone(); 3 * n as usize / 2];
        for (rows, cols) in [(3, n), (n, 3)] {
            let r = Region::rect(rows, cols).unwrap();
            for (pockets, tight) in [(None, None), (Some(true), None), (None, Some(true))] {
                let o = Options {
                    raw: true,
                    pockets,
                    tight,
                    ..Options::default()
                };
                let out = solve(&r, &dominoes, &o, &Silent).unwrap();
                assert_eq!(out.count, tilings, "{rows}x{cols} {pockets:?} {tight:?}");
            }
        }
    }
    let strip = Region::rect(3, 20).unwrap();
    for (pockets, tight) in [(None, None), (Some(true), None), (None, Some(true))] {
        for raw in [false, true] {
            let o = Options {
                raw,
                pockets,
                tight,
                ..Options::default()
            };
            let out = solve(&strip, &pentominoes(), &o, &Silent).unwrap();
            assert_eq!(out.count, if raw { 8 } else { 2 }, "{pockets:?} {tight:?}");
        }
    }
}
