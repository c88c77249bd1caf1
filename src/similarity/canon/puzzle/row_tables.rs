//! What the canonical-form search reads of each source row, built once a
//! puzzle: its values, its clue pattern per stack, its key and its equal
//! rows, for the grid as given and transposed.

use super::Cells;
use super::tables::{KEY, PATS, clue_mask};
use crate::sudoku::Grid;

/// What the search needs of each source row, for the grid as given
/// (`t` = 0) and transposed (`t` = 1). Rows are indexed masked to 0..15
/// (see [`Cells`]); rows 9 to 15 are never candidates.
pub(super) struct RowTables {
    /// `src[t][r]`: the row's values.
    src: [[Cells; 16]; 2],
    /// `pat[t][r][s]`: the clue pattern of stack `s` (bit 2 - c for column
    /// c of the stack); the fourth byte is 0 (one word a row).
    pat: [[[u8; 4]; 16]; 2],
    /// `stack_pats[t][s][r]`: `pat[t][r][s]`, a stack's patterns down the
    /// rows (0 for rows 9 to 15), for looking up sixteen rows at once.
    stack_pats: [[[u8; 16]; 3]; 2],
    /// `key[t][r]`: clue counts per stack, sorted and packed (smaller is a
    /// better first non-empty row).
    pub(super) key: [[u8; 16]; 2],
    /// `same[t][r]`: the earlier rows of r's band equal to it.
    same: [[u16; 16]; 2],
    /// `equal[t]`: the rows with an earlier equal row (`same` not 0).
    equal: [u16; 2],
}

impl RowTables {
    #[inline(always)]
    pub(super) fn new(g: &Grid) -> RowTables {
        let cells = g.cells();
        let mut src = [[[0u8; 16]; 16]; 2];
        for (r, row) in src[0].iter_mut().take(9).enumerate() {
            for (c, v) in row.iter_mut().take(9).enumerate() {
                *v = cells[9 * r + c] & 15;
            }
        }
        let [plain, transposed] = &mut src;
        for (c, row) in transposed.iter_mut().take(9).enumerate() {
            for (r, v) in row.iter_mut().take(9).enumerate() {
                *v = plain[r][c];
            }
        }
        let mut tables = RowTables {
            src,
            pat: [[[0u8; 4]; 16]; 2],
            stack_pats: [[[0u8; 16]; 3]; 2],
            // Rows 9 to 15 the worst: the least key is a real row's.
            key: [[u8::MAX; 16]; 2],
            same: [[0u16; 16]; 2],
            equal: [0; 2],
        };
        for (t, rows) in src.iter().enumerate() {
            let clues: [usize; 9] = std::array::from_fn(|r| clue_mask(&rows[r]));
            for (r, &mask) in clues.iter().enumerate() {
                let pat = PATS[mask];
                tables.pat[t][r] = pat;
                for (s, down) in tables.stack_pats[t].iter_mut().enumerate() {
                    down[r] = pat[s];
                }
                tables.key[t][r] = KEY[mask];
            }
            // Equal rows have equal clue cells: the rows are compared only
            // then (mostly empty rows), the three pairs of each band.
            for b in (0..9).step_by(3) {
                for (q, r) in [(b, b + 1), (b, b + 2), (b + 1, b + 2)] {
                    if clues[q] == clues[r] && rows[q][..9] == rows[r][..9] {
                        tables.same[t][r] |= 1 << q;
                        tables.equal[t] |= 1 << r;
                    }
                }
            }
        }
        tables
    }

    /// Rows of a band equal to an earlier unused row lead to the same
    /// forms: only the first is tried.
    #[inline]
    pub(super) fn dup(&self, t: usize, used: u16, r: usize) -> bool {
        self.same[t & 1][r & 15] & !used != 0
    }

    /// The rows of `mask` that [`Self::dup`] leaves out, at a look per
    /// row with an equal earlier row (most puzzles have none).
    #[inline(always)]
    pub(super) fn dups(&self, t: usize, used: u16, mask: u16) -> u16 {
        let mut out = 0;
        for r in super::tables::rows_of(mask & self.equal[t & 1]) {
            if self.dup(t, used, r) {
                out |= 1 << r;
            }
        }
        out
    }

    /// Row `r`'s stack patterns in grid `t`.
    #[inline(always)]
    pub(super) fn pat(&self, t: usize, r: usize) -> &[u8; 4] {
        &self.pat[t & 1][r & 15]
    }

    /// Stack `s`'s clue patterns in grid `t`, a byte a row.
    #[inline(always)]
    pub(super) fn stack_pats(&self, t: usize, s: usize) -> &[u8; 16] {
        &self.stack_pats[t & 1][s % 3]
    }

    /// Row `r`'s values in grid `t`.
    #[inline(always)]
    pub(super) fn src(&self, t: usize, r: usize) -> &Cells {
        &self.src[t & 1][r & 15]
    }

    /// Row `r`'s clue key in grid `t`.
    #[inline(always)]
    pub(super) fn key(&self, t: usize, r: usize) -> u8 {
        self.key[t & 1][r & 15]
    }
}
