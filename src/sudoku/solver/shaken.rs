//! Test support for the compiled copies (`v3`, `v4`): reproducible states
//! with candidates taken away at random, and claiming compared step by
//! step between two copies. Only built for tests.

pub(super) use super::search::PortableCopy as Portable;
use super::state::{Features, State};
use crate::sudoku::{Grid, puzzles};

/// xorshift64: reproducible masks.
pub(super) fn next(x: &mut u64) -> u32 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x as u32
}

/// 9,000 states: three puzzles' starting states, each 3,000 times with
/// candidates taken away at random (each with a chance of 1/8 to 1/64),
/// so that columns get claimed and digits fail.
pub(super) fn shaken_states(mut each: impl FnMut(State)) {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for text in [puzzles::YM, puzzles::SU21_99, puzzles::CLARK] {
        let start = State::from_grid(&Grid::parse(text).unwrap()).unwrap();
        for i in 0..3000 {
            let mut s = start;
            for k in 0..27 {
                let mut keep = 0;
                for _ in 0..(i % 4) + 3 {
                    keep |= next(&mut seed);
                }
                s.f[k] &= keep;
            }
            each(s);
        }
    }
}

/// Claims columns in `s` by copy `A` and by the portable copy again and
/// again until nothing changes, asserting the same outcome and masks at
/// every step; counts in `seen` how often claiming failed, changed
/// something, changed nothing.
pub(super) fn claims_alike<A: Features>(s: State, seen: &mut [u32; 3]) {
    let (mut a, mut b) = (s, s);
    loop {
        let ra = a.claim_columns::<A>();
        let rb = b.claim_columns::<Portable>();
        assert_eq!(ra, rb);
        seen[match ra {
            Err(()) => 0,
            Ok(true) => 1,
            Ok(false) => 2,
        }] += 1;
        if ra.is_ok() {
            assert_eq!(a.f, b.f);
        }
        if ra != Ok(true) {
            break;
        }
    }
}

/// Whether this CPU runs the V4 copies (`cpu::Level::V4`); where it does
/// not, their test `test` prints that it was SKIPPED and checks nothing.
pub(super) fn has_v4(test: &str) -> bool {
    crate::cpu::runs_or_skips(crate::cpu::Level::V4, test)
}

/// Runs `check` on the shaken states and on the three puzzles' clue
/// states; `check` returns how each ended: `None` on a contradiction,
/// else whether it was solved. Asserts that every outcome was met, a
/// contradiction more than 100 times.
pub(super) fn every_outcome(mut check: impl FnMut(State) -> Option<bool>) {
    let mut seen = [0; 3];
    let mut tally = |s: State| {
        seen[match check(s) {
            None => 0,
            Some(true) => 1,
            Some(false) => 2,
        }] += 1;
    };
    shaken_states(&mut tally);
    for text in [puzzles::YM, puzzles::SU21_99, puzzles::CLARK] {
        tally(State::from_grid(&Grid::parse(text).unwrap()).unwrap());
    }
    assert!(seen.iter().all(|&n| n > 0) && seen[0] > 100, "{seen:?}");
}
