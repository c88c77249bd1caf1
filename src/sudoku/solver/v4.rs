//! The x86-64-v4 copy's own steps (AVX-512 F/VL), each doing what the
//! portable code beside it in [`super::state`] does: the same results, so
//! the same search. Only called where `Features::V4` is set.

/// [`State::claim_columns`](super::state::State::claim_columns) for all
/// nine digits in two vectors: digits 0-4 in lanes 0-14 of `f[0..16]`,
/// digits 4-8 in lanes 1-15 of `f[11..27]` (digit 4 done twice, alike),
/// the claimed columns computed per box as in
/// [`claim_columns_avx2`](super::v3::claim_columns_avx2), three inputs
/// an instruction by ternary logic. `Err` when a digit has no cell left
/// in some column; else nonzero when a mask changed. Not inlined: its
/// constants then stay in its own code, where inlined they were kept in
/// registers over the whole search and loaded again after every guess.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline(never)]
pub(super) unsafe fn claim_columns_avx512(f: &mut [u32; 27]) -> Result<u32, ()> {
    use core::arch::x86_64::*;
    // Ternary-logic tables over inputs (a, b, c): bit `a << 2 | b << 1 | c`.
    const OR3: i32 = 0xfe;
    const NOR3: i32 = 0x01;
    const MAJORITY: i32 = 0xe8;
    const OR_AND: i32 = 0xa8; // (a | b) & c
    const A_OR_NOT_B_AND_C: i32 = 0xf2; // a | (!b & c)
    let p = f.as_mut_ptr();
    // SAFETY: f[0..16] and f[11..27] lie inside `f`.
    let (lo, hi) = unsafe {
        (
            _mm512_loadu_si512(p as *const _),
            _mm512_loadu_si512(p.add(11) as *const _),
        )
    };
    let all = _mm512_set1_epi32(511);
    let firsts = _mm512_set1_epi32(0o111);
    // One vector: its digits' lanes `valid`, each lane's band's two
    // partners in its digit at `next` and `after`.
    let step = |v: __m512i, valid: __mmask16, next: __m512i, after: __m512i| {
        let cols = _mm512_ternarylogic_epi32::<OR3>(
            v,
            _mm512_srli_epi32::<9>(v),
            _mm512_srli_epi32::<18>(v),
        );
        let others = _mm512_or_si512(
            _mm512_permutexvar_epi32(next, cols),
            _mm512_permutexvar_epi32(after, cols),
        );
        // A column no band of the digit can use.
        let used = _mm512_ternarylogic_epi32::<OR_AND>(cols, others, all);
        let bad = _mm512_mask_cmpneq_epi32_mask(valid, used, all);
        // Columns only this band can use, then per box: none keeps the
        // box, one keeps that column, two or three keep nothing.
        let only = _mm512_andnot_si512(others, all);
        let (s1, s2) = (_mm512_srli_epi32::<1>(only), _mm512_srli_epi32::<2>(only));
        let none = _mm512_and_si512(_mm512_ternarylogic_epi32::<NOR3>(only, s1, s2), firsts);
        let two = _mm512_and_si512(_mm512_ternarylogic_epi32::<MAJORITY>(only, s1, s2), firsts);
        let spread3 = |t: __m512i| {
            _mm512_ternarylogic_epi32::<OR3>(
                t,
                _mm512_slli_epi32::<1>(t),
                _mm512_slli_epi32::<2>(t),
            )
        };
        let keep = _mm512_ternarylogic_epi32::<A_OR_NOT_B_AND_C>(spread3(none), spread3(two), only);
        let keep = _mm512_ternarylogic_epi32::<OR3>(
            keep,
            _mm512_slli_epi32::<9>(keep),
            _mm512_slli_epi32::<18>(keep),
        );
        let n = _mm512_mask_and_epi32(v, valid, v, keep);
        (n, bad, _mm512_cmpneq_epi32_mask(v, n))
    };
    let (nlo, bad_lo, changed_lo) = step(
        lo,
        0x7fff,
        _mm512_setr_epi32(1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13, 14, 12, 15),
        _mm512_setr_epi32(2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10, 14, 12, 13, 15),
    );
    let (nhi, bad_hi, changed_hi) = step(
        hi,
        0xfffe,
        _mm512_setr_epi32(0, 2, 3, 1, 5, 6, 4, 8, 9, 7, 11, 12, 10, 14, 15, 13),
        _mm512_setr_epi32(0, 3, 1, 2, 6, 4, 5, 9, 7, 8, 12, 10, 11, 15, 13, 14),
    );
    if bad_lo | bad_hi != 0 {
        return Err(());
    }
    // The second vector's lane 0 is f[11], new in the first.
    let nhi = _mm512_mask_permutexvar_epi32(nhi, 1, _mm512_set1_epi32(11), nlo);
    // SAFETY: as the loads; the first store's lane 15 (f[15], unchanged)
    // is overwritten by the second's lane 4.
    unsafe {
        _mm512_storeu_si512(p as *mut _, nlo);
        _mm512_storeu_si512(p.add(11) as *mut _, nhi);
    }
    Ok((changed_lo | changed_hi) as u32)
}

/// The digits (bit d for digit d + 1) whose band-`b` mask meets `cells`:
/// the 27 masks tested at once, then band `b`'s nine gathered. With one
/// cell, [`State::digits_at`](super::state::State::digits_at).
#[target_feature(enable = "avx512f,bmi2")]
#[inline]
pub(super) unsafe fn digits_meeting_avx512(f: &[u32; 27], b: usize, cells: u32) -> u32 {
    use core::arch::x86_64::*;
    const BAND0: u32 = 0o111_111_111;
    let ptr = f.as_ptr();
    let bit = _mm512_set1_epi32(cells as i32);
    // SAFETY: f[0..16] and f[11..27] lie inside `f` (plain loads: a
    // masked load of f[16..27] became a slower `vpexpandd`).
    let (lo, hi) = unsafe {
        (
            _mm512_loadu_si512(ptr as *const _),
            _mm512_loadu_si512(ptr.add(11) as *const _),
        )
    };
    let m = _mm512_test_epi32_mask(lo, bit) as u32 | (_mm512_test_epi32_mask(hi, bit) as u32) << 16;
    // Mask i < 16 at bit i of `m`, mask i >= 16 at bit i - 11 + 16.
    let band = BAND0 << b;
    _pext_u32(m, (band & 0xffff) | (band >> 16) << 21)
}

#[cfg(test)]
mod tests {
    use super::super::search::X86V4Copy as V4;
    use super::super::shaken::{Portable, claims_alike, shaken_states};

    fn has_v4() -> bool {
        crate::sudoku::solver::Isa::X86V4.runs_here()
    }

    #[test]
    fn claiming_and_digits_match_the_portable_code() {
        if !has_v4() {
            return;
        }
        let mut seen = [0; 3];
        shaken_states(|s| {
            for b in 0..3 {
                for p in 0..27 {
                    assert_eq!(s.digits_at::<V4>(b, p), s.digits_at::<Portable>(b, p));
                }
            }
            // Naked singles placed per digit, against one by one.
            let (mut a, mut b) = (s, s);
            let mut few = ([0; 3], [0; 3]);
            let ra = a.singles::<V4>(&mut few.0);
            assert_eq!(ra, b.singles::<Portable>(&mut few.1));
            assert_eq!(few.0, few.1);
            if ra.is_ok() {
                assert_eq!(a.f, b.f);
            }
            claims_alike::<V4>(s, &mut seen);
        });
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
    }
}
