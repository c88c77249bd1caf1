//! The x86-64-v4 copy's set-up of the clue state (AVX-512 F/VL/BW/DQ):
//! [`State::from_grid`](super::state::State::from_grid) by byte compares
//! and vectors, the same state and the same failures. Only called where
//! the CPU has AVX-512 (the V4 copy's start).

/// [`State::from_grid`](super::state::State::from_grid)'s masks: the
/// clues per digit by byte compares, then per (digit, band) mask at once
/// the cells their rows, boxes and columns see, in the two vectors of
/// [`claim_columns_avx512`](super::v4::claim_columns_avx512). False when
/// a cell holds more than 9 or two clues of a digit see each other (the
/// scalar code's `None`); else the masks in `f` and the unsolved cells in
/// `unsolved`, as it makes them. About 0.04 us a puzzle against the
/// scalar code's 0.11 (serg's set-up, in-process).
#[target_feature(enable = "avx2,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512dq")]
#[inline]
pub(super) unsafe fn from_cells_avx512(
    cells: &[u8; 81],
    f: &mut [u32; 27],
    unsolved: &mut [u32; 3],
) -> bool {
    use core::arch::x86_64::*;
    const OR3: i32 = 0xfe;
    const MAJORITY: i32 = 0xe8;
    const M27: u64 = (1 << 27) - 1;
    let c = cells.as_ptr();
    // Cells 0-63, and cells 17-80 (64-80 in bytes 47-63).
    // SAFETY: both lie inside `cells`.
    let (a, b) = unsafe {
        (
            _mm512_loadu_si512(c as *const _),
            _mm512_loadu_si512(c.add(17) as *const _),
        )
    };
    let nine = _mm512_set1_epi8(9);
    if _mm512_cmpgt_epu8_mask(a, nine) | _mm512_cmpgt_epu8_mask(b, nine) != 0 {
        return false;
    }
    let split = |lo: u64, hi: u64| {
        let hi = hi >> 47;
        [
            (lo & M27) as u32,
            ((lo >> 27) & M27) as u32,
            ((lo >> 54) | hi << 10) as u32,
        ]
    };
    let clues = split(_mm512_test_epi8_mask(a, a), _mm512_test_epi8_mask(b, b));
    *unsolved = [
        !clues[0] & M27 as u32,
        !clues[1] & M27 as u32,
        !clues[2] & M27 as u32,
    ];
    let mut placed = [0u32; 27];
    for d in 0..9 {
        let v = _mm512_set1_epi8(d as i8 + 1);
        let m = split(_mm512_cmpeq_epi8_mask(a, v), _mm512_cmpeq_epi8_mask(b, v));
        placed[d * 3..d * 3 + 3].copy_from_slice(&m);
    }
    let pp = placed.as_ptr();
    // SAFETY: placed[0..16] and placed[11..27] lie inside `placed`.
    let (lo, hi) = unsafe {
        (
            _mm512_loadu_si512(pp as *const _),
            _mm512_loadu_si512(pp.add(11) as *const _),
        )
    };
    let u3 = _mm_setr_epi32(
        unsolved[0] as i32,
        unsolved[1] as i32,
        unsolved[2] as i32,
        0,
    );
    let u3 = _mm512_castsi128_si512(u3);
    let all = _mm512_set1_epi32(511);
    let firsts = _mm512_set1_epi32(0o111);
    let seg_firsts = _mm512_set1_epi32(0o111_111_111);
    let row_firsts = _mm512_set1_epi32(0o001_001_001);
    let rows3 = |c: __m512i| {
        _mm512_ternarylogic_epi32::<OR3>(c, _mm512_slli_epi32::<9>(c), _mm512_slli_epi32::<18>(c))
    };
    // One vector: its lanes `valid`, each lane's band's partners in its
    // digit at `next` and `after`, its band's unsolved cells at `band`.
    let step = |x: __m512i, valid: __mmask16, next: __m512i, after: __m512i, band: __m512i| {
        let (x9, x18) = (_mm512_srli_epi32::<9>(x), _mm512_srli_epi32::<18>(x));
        let cols = _mm512_and_si512(_mm512_ternarylogic_epi32::<OR3>(x, x9, x18), all);
        let others = _mm512_or_si512(
            _mm512_permutexvar_epi32(next, cols),
            _mm512_permutexvar_epi32(after, cols),
        );
        // Two clues in one column of the band, or in one segment (row
        // and box), or in two segments of a row, or of a box's rows.
        let (x1, x2) = (_mm512_srli_epi32::<1>(x), _mm512_srli_epi32::<2>(x));
        let seg = _mm512_and_si512(_mm512_ternarylogic_epi32::<OR3>(x, x1, x2), seg_firsts);
        let seg2 = _mm512_and_si512(_mm512_ternarylogic_epi32::<MAJORITY>(x, x1, x2), seg_firsts);
        let col2 = _mm512_and_si512(_mm512_ternarylogic_epi32::<MAJORITY>(x, x9, x18), all);
        let row2 = _mm512_and_si512(
            _mm512_ternarylogic_epi32::<MAJORITY>(
                seg,
                _mm512_srli_epi32::<3>(seg),
                _mm512_srli_epi32::<6>(seg),
            ),
            row_firsts,
        );
        let box2 = _mm512_and_si512(
            _mm512_ternarylogic_epi32::<MAJORITY>(
                seg,
                _mm512_srli_epi32::<9>(seg),
                _mm512_srli_epi32::<18>(seg),
            ),
            firsts,
        );
        let twice = _mm512_or_si512(
            _mm512_ternarylogic_epi32::<OR3>(seg2, col2, row2),
            _mm512_ternarylogic_epi32::<0xf8>(box2, cols, others), // a | (b & c)
        );
        let bad = _mm512_mask_test_epi32_mask(valid, twice, twice);
        // What the clues see: their rows, boxes, columns (the clues too).
        let row = |k: u32| {
            let r = _mm512_set1_epi32(511 << (9 * k));
            _mm512_maskz_mov_epi32(_mm512_test_epi32_mask(x, r), r)
        };
        let bx = _mm512_and_si512(
            _mm512_ternarylogic_epi32::<OR3>(
                cols,
                _mm512_srli_epi32::<1>(cols),
                _mm512_srli_epi32::<2>(cols),
            ),
            firsts,
        );
        let boxes = _mm512_sub_epi32(_mm512_slli_epi32::<3>(bx), bx);
        let seen = _mm512_ternarylogic_epi32::<OR3>(
            row(0),
            _mm512_or_si512(row(1), row(2)),
            rows3(_mm512_ternarylogic_epi32::<OR3>(boxes, cols, others)),
        );
        let u = _mm512_permutexvar_epi32(band, u3);
        // (u & !seen) | x
        (_mm512_ternarylogic_epi32::<0xba>(u, seen, x), bad)
    };
    let (nlo, bad_lo) = step(
        lo,
        0x7fff,
        _mm512_setr_epi32(1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13, 14, 12, 15),
        _mm512_setr_epi32(2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10, 14, 12, 13, 15),
        _mm512_setr_epi32(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0),
    );
    let (nhi, bad_hi) = step(
        hi,
        0xfffe,
        _mm512_setr_epi32(0, 2, 3, 1, 5, 6, 4, 8, 9, 7, 11, 12, 10, 14, 15, 13),
        _mm512_setr_epi32(0, 3, 1, 2, 6, 4, 5, 9, 7, 8, 12, 10, 11, 15, 13, 14),
        _mm512_setr_epi32(2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2),
    );
    if bad_lo | bad_hi != 0 {
        return false;
    }
    // The second vector's lane 0 is f[11], whole in the first.
    let nhi = _mm512_mask_permutexvar_epi32(nhi, 1, _mm512_set1_epi32(11), nlo);
    let p = f.as_mut_ptr();
    // SAFETY: f[0..16] and f[11..27] lie inside `f`; the first store's
    // lane 15 (f[15], not whole there) is overwritten by the second's.
    unsafe {
        _mm512_storeu_si512(p as *mut _, nlo);
        _mm512_storeu_si512(p.add(11) as *mut _, nhi);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::shaken::{has_v4, next};
    use super::super::state::State;
    use crate::sudoku::{Grid, puzzles};

    #[test]
    fn clue_state_matches_the_scalar_set_up() {
        if !has_v4("v4_clues::clue_state_matches_the_scalar_set_up") {
            return;
        }
        // Solutions' cells kept at random (1 in 2 to 1 in 5), then often
        // a cell changed to another digit, an empty cell or (rarely) a
        // value past 9: valid and broken grids of many clue counts.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut seen = [0; 2];
        for text in [puzzles::YM, puzzles::SU21_99, puzzles::CLARK] {
            let solved = super::super::solve(&Grid::parse(text).unwrap())
                .unwrap()
                .unwrap();
            for i in 0..3000 {
                let mut cells = *solved.cells();
                for c in cells.iter_mut() {
                    if !next(&mut seed).is_multiple_of(i % 4 + 2) {
                        *c = 0;
                    }
                }
                for _ in 0..i % 3 {
                    let r = next(&mut seed);
                    let at = (r % 81) as usize;
                    cells[at] = match (r >> 8) % 64 {
                        0 => 10 + (r >> 16) as u8 % 246,
                        x => (x % 10) as u8,
                    };
                }
                let g = Grid::from_cells(cells);
                let a = State::from_grid(&g);
                // SAFETY: this CPU has AVX-512 F/VL/BW/DQ (`has_v4`).
                let b = unsafe { State::from_grid_avx512(&g) };
                assert_eq!(a.is_some(), b.is_some(), "{}", g.line_zeros());
                if let (Some(a), Some(b)) = (a, b) {
                    assert_eq!((a.f, a.unsolved), (b.f, b.unsolved), "{}", g.line_zeros());
                }
                seen[a.is_some() as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
    }
}
