//! What the canonical-form search reads of each source row, built once a
//! puzzle: its values, its clue pattern per stack, its key and its equal
//! rows, for the grid as given and transposed.

use super::Cells;
use super::tables::{KEY, PATS, clue_mask};
use crate::sudoku::Grid;

/// What the search needs of each source row, for the grid as given
/// (`t` = 0) and transposed (`t` = 1). Rows are indexed masked to 0..15
/// (see [`Cells`]); rows 9 to 15 are never candidates.
#[cfg_attr(test, derive(Debug, PartialEq))]
pub(super) struct RowTables {
    /// `src[t][r]`: the row's values.
    src: [[Cells; 16]; 2],
    /// `pat[t][r][s]`: the clue pattern of stack `s` (bit 2 - c for column
    /// c of the stack); the fourth byte is 0 (one word a row).
    pat: [[[u8; 4]; 16]; 2],
    /// `one[t][r][s]`: the value of stack `s`'s clue when it has at most
    /// one (0 for none), as the bitwise or of its three cells, so that
    /// filling such a stack reads it without finding its cell first.
    one: [[[u8; 4]; 16]; 2],
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
    /// Tables with no rows filled in yet, for either build to fill.
    #[inline(always)]
    fn empty() -> RowTables {
        RowTables {
            src: [[[0u8; 16]; 16]; 2],
            pat: [[[0u8; 4]; 16]; 2],
            one: [[[0u8; 4]; 16]; 2],
            stack_pats: [[[0u8; 16]; 3]; 2],
            // Rows 9 to 15 the worst: the least key is a real row's.
            key: [[u8::MAX; 16]; 2],
            same: [[0u16; 16]; 2],
            equal: [0; 2],
        }
    }

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
            ..RowTables::empty()
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
                for s in 0..3 {
                    let v = &rows[r][3 * s..3 * s + 3];
                    tables.one[t][r][s] = v[0] | v[1] | v[2];
                }
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

    /// [`Self::new`] with SSE vectors, each row (as given, then a column
    /// of the grid) one vector: the columns by an unpacking transpose, a
    /// stack's patterns down the rows from three columns' clue bytes, the
    /// keys from the patterns' clue counts. Only for a copy compiled with
    /// SSSE3 and SSE4.1 (`X86V3`), which alone calls it.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn new_sse(g: &Grid) -> RowTables {
        use std::arch::x86_64::*;
        let mut padded = [0u8; 96];
        padded[..81].copy_from_slice(g.cells());
        let mut tables = RowTables::empty();
        // SAFETY: only reached from the X86V3 copy, which runs only where
        // the CPU has SSSE3 and SSE4.1; every load reads 16 bytes of
        // `padded` (row 8 ends at byte 88 of 96) and every store writes
        // one 16-byte array.
        unsafe {
            let zero = _mm_setzero_si128();
            let nine = _mm_setr_epi8(15, 15, 15, 15, 15, 15, 15, 15, 15, 0, 0, 0, 0, 0, 0, 0);
            let mut rows = [zero; 16];
            for (r, row) in rows.iter_mut().take(9).enumerate() {
                let at = padded.as_ptr().wrapping_add(9 * r);
                *row = _mm_and_si128(_mm_loadu_si128(at.cast()), nine);
            }
            let cols = transpose(&rows);
            // A pattern's clue count, and rows 9 to 15's keys (the worst).
            let count = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0);
            let past = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1);
            for (t, (lines, across)) in [(&rows, &cols), (&cols, &rows)].into_iter().enumerate() {
                for (r, &line) in lines.iter().take(9).enumerate() {
                    _mm_storeu_si128(tables.src[t][r].as_mut_ptr().cast(), line);
                }
                // Stack s of each row: the clue bytes of the three lines
                // across it (columns 3s to 3s + 2), as bits 4, 2 and 1.
                let mut stack = [zero; 3];
                for (s, down) in stack.iter_mut().enumerate() {
                    let clue = |c: usize, bit: i8| {
                        let empty = _mm_cmpeq_epi8(across[c], zero);
                        _mm_andnot_si128(empty, _mm_set1_epi8(bit))
                    };
                    *down = _mm_or_si128(
                        _mm_or_si128(clue(3 * s, 4), clue(3 * s + 1, 2)),
                        clue(3 * s + 2, 1),
                    );
                    _mm_storeu_si128(tables.stack_pats[t][s].as_mut_ptr().cast(), *down);
                }
                // A row's four pattern bytes (the three stacks and a
                // zero), and likewise its single clues: a stack's three
                // columns or'ed.
                let ones: [__m128i; 3] = std::array::from_fn(|s| {
                    _mm_or_si128(
                        _mm_or_si128(across[3 * s], across[3 * s + 1]),
                        across[3 * s + 2],
                    )
                });
                for (down, out) in [(stack, &mut tables.pat[t]), (ones, &mut tables.one[t])] {
                    for (q, quad) in quads(down, zero).into_iter().enumerate() {
                        _mm_storeu_si128(out[4 * q..].as_mut_ptr().cast(), quad);
                    }
                }
                // The key: the three counts sorted, packed in base 4 (as
                // `KEY`); each fits its byte, so 16-bit shifts carry
                // nothing across bytes.
                let [a, b, c] = stack.map(|p| _mm_shuffle_epi8(count, p));
                let low = _mm_min_epu8(a, _mm_min_epu8(b, c));
                let high = _mm_max_epu8(a, _mm_max_epu8(b, c));
                let mid =
                    _mm_sub_epi8(_mm_add_epi8(a, _mm_add_epi8(b, c)), _mm_add_epi8(low, high));
                let key = _mm_add_epi8(
                    _mm_add_epi8(_mm_slli_epi16::<4>(low), _mm_slli_epi16::<2>(mid)),
                    high,
                );
                _mm_storeu_si128(tables.key[t].as_mut_ptr().cast(), _mm_or_si128(key, past));
                for b in (0..9).step_by(3) {
                    for (q, r) in [(b, b + 1), (b, b + 2), (b + 1, b + 2)] {
                        let same = _mm_cmpeq_epi8(lines[q], lines[r]);
                        if _mm_movemask_epi8(same) == 0xffff {
                            tables.same[t][r] |= 1 << q;
                            tables.equal[t] |= 1 << r;
                        }
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

    /// Row `r`'s single clue values per stack in grid `t` (see `one`).
    #[inline(always)]
    pub(super) fn one(&self, t: usize, r: usize) -> &[u8; 4] {
        &self.one[t & 1][r & 15]
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

/// Three vectors of bytes down the rows (one a stack) as sixteen rows'
/// four bytes each (the three stacks, then `zero`'s byte), in four vectors.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn quads(
    [s0, s1, s2]: [std::arch::x86_64::__m128i; 3],
    zero: std::arch::x86_64::__m128i,
) -> [std::arch::x86_64::__m128i; 4] {
    use std::arch::x86_64::*;
    // SAFETY: only reached from `new_sse`, in the X86V3 copy (SSE2 is
    // part of every x86-64 CPU); no memory is touched.
    unsafe {
        let (lo01, lo2) = (_mm_unpacklo_epi8(s0, s1), _mm_unpacklo_epi8(s2, zero));
        let (hi01, hi2) = (_mm_unpackhi_epi8(s0, s1), _mm_unpackhi_epi8(s2, zero));
        [
            _mm_unpacklo_epi16(lo01, lo2),
            _mm_unpackhi_epi16(lo01, lo2),
            _mm_unpacklo_epi16(hi01, hi2),
            _mm_unpackhi_epi16(hi01, hi2),
        ]
    }
}

/// The 16 by 16 bytes of `rows` transposed (vector j holds byte j of each
/// row), by unpacking bytes, then pairs, fours and eights.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn transpose(rows: &[std::arch::x86_64::__m128i; 16]) -> [std::arch::x86_64::__m128i; 16] {
    use std::arch::x86_64::*;
    // SAFETY: only reached from `new_sse`, in the X86V3 copy (SSE2 is
    // part of every x86-64 CPU); no memory is touched.
    unsafe {
        let mut a = [_mm_setzero_si128(); 16];
        for k in 0..8 {
            a[2 * k] = _mm_unpacklo_epi8(rows[2 * k], rows[2 * k + 1]);
            a[2 * k + 1] = _mm_unpackhi_epi8(rows[2 * k], rows[2 * k + 1]);
        }
        let mut b = [_mm_setzero_si128(); 16];
        for k in 0..4 {
            let g = 4 * k;
            b[g] = _mm_unpacklo_epi16(a[g], a[g + 2]);
            b[g + 1] = _mm_unpackhi_epi16(a[g], a[g + 2]);
            b[g + 2] = _mm_unpacklo_epi16(a[g + 1], a[g + 3]);
            b[g + 3] = _mm_unpackhi_epi16(a[g + 1], a[g + 3]);
        }
        let mut c = [_mm_setzero_si128(); 16];
        for k in 0..2 {
            for q in 0..4 {
                c[8 * k + 2 * q] = _mm_unpacklo_epi32(b[8 * k + q], b[8 * k + 4 + q]);
                c[8 * k + 2 * q + 1] = _mm_unpackhi_epi32(b[8 * k + q], b[8 * k + 4 + q]);
            }
        }
        let mut out = [_mm_setzero_si128(); 16];
        for m in 0..8 {
            out[2 * m] = _mm_unpacklo_epi64(c[m], c[8 + m]);
            out[2 * m + 1] = _mm_unpackhi_epi64(c[m], c[8 + m]);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::similarity::canon::Transform;
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    /// The vector build against the row-by-row one, on grids of every
    /// clue count, with equal rows (empty ones, and repeated rows of a
    /// grid that is not a puzzle) and values up to 15.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn both_builds_give_the_same_tables() {
        if !crate::cpu::runs_or_skips(crate::cpu::Level::V3, "both_builds_give_the_same_tables") {
            return;
        }
        let solved = Grid::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for case in 0..2000 {
            let mut cells = *Transform::random(&mut rng).apply(&solved).cells();
            let keep = rng.random_range(0..82);
            for v in cells.iter_mut() {
                if rng.random_range(0..81) >= keep {
                    *v = 0;
                }
            }
            if case % 4 == 1 {
                // A row copied into the next one of its band.
                let r = 3 * rng.random_range(0..3) + rng.random_range(0..2);
                cells.copy_within(9 * r..9 * r + 9, 9 * r + 9);
            }
            if case % 8 == 3 {
                cells[rng.random_range(0..81)] = rng.random_range(10..16);
            }
            let g = Grid::from_cells(cells);
            assert_eq!(
                RowTables::new(&g),
                RowTables::new_sse(&g),
                "case {case}: {:?}",
                g.cells()
            );
        }
    }
}
