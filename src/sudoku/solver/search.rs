//! Depth-first search: propagate to a fixpoint, then guess on one cell.

use super::state::State;
use super::tables::PEERS;
use crate::monitor::Monitor;
use crate::sudoku::Grid;

/// Puzzles with fewer clues than this are searched the "hard" way (see
/// `Search::hard`); the shared hard sets have 17-28 clues (one 37),
/// serg's many-solution set 34-35.
pub(super) const HARD_BELOW_CLUES: usize = 30;

pub(super) struct Search<'m> {
    pub(super) limit: u64,
    pub(super) count: u64,
    pub(super) first: Option<Grid>,
    pub(super) guesses: u64,
    pub(super) stopped: bool,
    pub(super) monitor: Option<&'m dyn Monitor>,
    /// Few clues (hard puzzles): column claiming at each fixpoint and the
    /// peer-scored guess pay off; with many clues (e.g. serg's 34-35) the
    /// cheaper column singles and first bivalue cell are faster.
    pub(super) hard: bool,
}

impl Search<'_> {
    fn done(&self) -> bool {
        self.count >= self.limit || self.stopped
    }

    pub(super) fn run(&mut self, mut s: State) {
        let mut few = [0u32; 3];
        loop {
            loop {
                if !s.propagate() {
                    return;
                }
                if s.solved() {
                    break;
                }
                match s.singles(&mut few) {
                    Err(()) => return,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
                let more = if self.hard {
                    s.claim_columns()
                } else if few != [0; 3] {
                    break;
                } else {
                    s.column_singles()
                };
                match more {
                    Err(()) => return,
                    Ok(true) => continue,
                    Ok(false) => break,
                }
            }
            if s.solved() {
                self.count += 1;
                if self.first.is_none() {
                    self.first = Some(s.to_grid());
                }
                return;
            }
            self.guesses += 1;
            if self.guesses & 4095 == 0
                && let Some(m) = self.monitor
            {
                if m.cancelled() {
                    self.stopped = true;
                    return;
                }
                m.report(&crate::monitor::Progress {
                    label: "count_solutions",
                    done: self.guesses,
                    total: None,
                    found: self.count,
                });
            }
            let (b, p) = s.pick(&few, self.hard);
            let bit = 1u32 << p;
            // Every digit but the last on a copy; the last in place, since
            // it is all that is left for the cell once the others failed.
            let mut m = s.digits_at(b, p);
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                if m == 0 {
                    s.f[d * 3 + b] &= !PEERS[p];
                    break;
                }
                let mut t = s;
                let mut others = m;
                while others != 0 {
                    let e = others.trailing_zeros() as usize;
                    others &= others - 1;
                    t.f[e * 3 + b] &= !bit;
                }
                t.f[d * 3 + b] &= !PEERS[p];
                self.run(t);
                if self.done() {
                    return;
                }
                s.f[d * 3 + b] &= !bit;
            }
        }
    }
}
