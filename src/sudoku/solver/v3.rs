//! The x86-64-v3 copy's own steps (AVX2, BMI2), each doing what the
//! portable code beside it in [`super::state`] does: the same results, so
//! the same search. Only called where `Features::V3` is set.

/// [`segments`](super::state::segments) in four instructions: each
/// segment's cells folded onto its first, then those 9 bits gathered.
#[target_feature(enable = "bmi2")]
#[inline]
pub(super) unsafe fn segments_bmi2(s: u32) -> u32 {
    const FIRSTS: u32 = 0o111_111_111;
    core::arch::x86_64::_pext_u32(s | s >> 1 | s >> 2, FIRSTS)
}

/// [`State::claim_columns`](super::state::State::claim_columns) for
/// digits 0 to 7, two digits a vector (lanes 0-5 of eight masks from
/// `f[6 * i]`; lanes 6 and 7 are left as they were, and the next vector's
/// store writes them): the claimed columns computed per box instead of
/// looked up. `Err` when a digit has no cell left in some column; else
/// nonzero when a mask changed.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn claim_columns_avx2(f: &mut [u32; 27]) -> Result<u32, ()> {
    use core::arch::x86_64::*;
    let p = f.as_mut_ptr();
    // SAFETY: the last vector ends at f[18 + 8] = f[25], inside `f`.
    let x: [__m256i; 4] =
        core::array::from_fn(|i| unsafe { _mm256_loadu_si256(p.add(6 * i) as *const __m256i) });
    let next = _mm256_setr_epi32(1, 2, 0, 4, 5, 3, 6, 7);
    let after = _mm256_setr_epi32(2, 0, 1, 5, 3, 4, 7, 6);
    let digits = _mm256_setr_epi32(-1, -1, -1, -1, -1, -1, 0, 0);
    let all = _mm256_set1_epi32(511);
    let firsts = _mm256_set1_epi32(0o111);
    let mut bad = _mm256_setzero_si256();
    let mut changed = _mm256_setzero_si256();
    let mut out = x;
    for i in 0..4 {
        let v = x[i];
        let cols = _mm256_or_si256(
            v,
            _mm256_or_si256(_mm256_srli_epi32::<9>(v), _mm256_srli_epi32::<18>(v)),
        );
        let others = _mm256_or_si256(
            _mm256_permutevar8x32_epi32(cols, next),
            _mm256_permutevar8x32_epi32(cols, after),
        );
        // A column no band of the digit can use.
        bad = _mm256_or_si256(bad, _mm256_andnot_si256(_mm256_or_si256(cols, others), all));
        // Columns only this band can use, then per box: none keeps the
        // box, one keeps that column, two or three keep nothing.
        let only = _mm256_andnot_si256(others, all);
        let a0 = _mm256_and_si256(only, firsts);
        let a1 = _mm256_and_si256(_mm256_srli_epi32::<1>(only), firsts);
        let a2 = _mm256_and_si256(_mm256_srli_epi32::<2>(only), firsts);
        let a12 = _mm256_or_si256(a1, a2);
        let none = _mm256_andnot_si256(_mm256_or_si256(a0, a12), firsts);
        let two = _mm256_or_si256(_mm256_and_si256(a0, a12), _mm256_and_si256(a1, a2));
        let spread3 = |t: __m256i| {
            _mm256_or_si256(
                t,
                _mm256_or_si256(_mm256_slli_epi32::<1>(t), _mm256_slli_epi32::<2>(t)),
            )
        };
        let keep = _mm256_or_si256(spread3(none), _mm256_andnot_si256(spread3(two), only));
        let keep = _mm256_or_si256(
            keep,
            _mm256_or_si256(_mm256_slli_epi32::<9>(keep), _mm256_slli_epi32::<18>(keep)),
        );
        let keep = _mm256_or_si256(keep, _mm256_andnot_si256(digits, _mm256_set1_epi32(-1)));
        let n = _mm256_and_si256(v, keep);
        changed = _mm256_or_si256(changed, _mm256_xor_si256(v, n));
        out[i] = n;
    }
    if _mm256_testz_si256(bad, digits) == 0 {
        return Err(());
    }
    for (i, n) in out.into_iter().enumerate() {
        // SAFETY: as the loads; in order, so each vector's lanes 6 and 7
        // (unchanged) are overwritten by the next.
        unsafe { _mm256_storeu_si256(p.add(6 * i) as *mut __m256i, n) };
    }
    Ok((_mm256_testz_si256(changed, changed) == 0) as u32)
}

/// [`counts`](super::state::counts) for the three bands at once, one
/// digit's masks a vector.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn counts_avx2(f: &[u32; 27]) -> [[u32; 4]; 3] {
    use core::arch::x86_64::*;
    let p = f.as_ptr();
    let (mut r1, mut r2, mut r3) = (
        _mm_setzero_si128(),
        _mm_setzero_si128(),
        _mm_setzero_si128(),
    );
    for d in 0..9 {
        // SAFETY: f[3d..3d + 4] for d < 8, f[23..27] for the last digit
        // (its masks are lanes 1-3 there, shifted down).
        let x = if d < 8 {
            unsafe { _mm_loadu_si128(p.add(3 * d) as *const __m128i) }
        } else {
            _mm_srli_si128::<4>(unsafe { _mm_loadu_si128(p.add(23) as *const __m128i) })
        };
        r3 = _mm_or_si128(r3, _mm_and_si128(r2, x));
        r2 = _mm_or_si128(r2, _mm_and_si128(r1, x));
        r1 = _mm_or_si128(r1, x);
    }
    // SAFETY: a vector of four u32 is a [u32; 4].
    [r1, r2, r3].map(|r| unsafe { core::mem::transmute::<__m128i, [u32; 4]>(r) })
}

#[cfg(test)]
mod tests {
    use super::super::search::X86V3Copy as V3;
    use super::super::shaken::{Portable, claims_alike, next, shaken_states};
    use super::super::state::{counts, row_singles, segments};

    /// Whether this CPU runs the V3 code; where it does not, the test
    /// `test` prints that it was SKIPPED and checks nothing.
    fn has_v3(test: &str) -> bool {
        crate::cpu::runs_or_skips(crate::cpu::Level::V3, test)
    }

    #[test]
    fn segments_and_row_singles_match_the_tables() {
        if !has_v3("v3::segments_and_row_singles_match_the_tables") {
            return;
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for row in 0..3 {
            for x in 0..512u32 {
                // The other rows random but not empty (as `row_singles` needs).
                let mut s = x << (9 * row);
                for r in (0..3).filter(|&r| r != row) {
                    s |= (next(&mut seed) % 511 + 1) << (9 * r);
                }
                assert_eq!(segments::<V3>(s), segments::<Portable>(s), "{s:#x}");
                if x != 0 {
                    assert_eq!(row_singles::<V3>(s), row_singles::<Portable>(s), "{s:#x}");
                }
            }
        }
    }

    #[test]
    fn claiming_and_counts_match_the_portable_code() {
        if !has_v3("v3::claiming_and_counts_match_the_portable_code") {
            return;
        }
        let mut seen = [0; 3];
        shaken_states(|s| {
            let (fast, portable) = (counts::<V3>(&s.f), counts::<Portable>(&s.f));
            for (x, y) in fast.iter().zip(&portable) {
                // Lane 3 holds whatever followed each load.
                assert_eq!(x[..3], y[..3]);
            }
            claims_alike::<V3>(s, &mut seen);
        });
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
    }
}
