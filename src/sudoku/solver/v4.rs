//! The x86-64-v4 copy's own steps (AVX-512 F/VL), each doing what the
//! portable code beside it in [`super::state`] does: the same results, so
//! the same search. Only called where `Features::V4` is set.

/// Column claiming on one vector of masks, the kernel both
/// [`claim_columns_avx512`] and [`settle_avx512`] run: from the masks `v`
/// (lanes `valid`), each lane's band's two partners in its digit at lanes
/// `next` and `after`, returns `(bad, keep)`: the lanes with a column no
/// band of the digit can use, and per lane the columns of the band it
/// keeps (9 bits). `all` is 511 in every lane, `firsts` 0o111. A macro,
/// not a function: a function cannot be both `#[inline(always)]` and
/// compiled for AVX-512, and its callers' closures must stay in registers.
macro_rules! claim_kernel {
    ($v:expr, $valid:expr, $next:expr, $after:expr, $all:expr, $firsts:expr) => {{
        // Ternary-logic tables over inputs (a, b, c): bit `a << 2 | b << 1 | c`.
        const OR3: i32 = 0xfe;
        const NOR3: i32 = 0x01;
        const MAJORITY: i32 = 0xe8;
        const OR_AND: i32 = 0xa8; // (a | b) & c
        const A_OR_NOT_B_AND_C: i32 = 0xf2; // a | (!b & c)
        let (v, all, firsts) = ($v, $all, $firsts);
        let cols = _mm512_ternarylogic_epi32::<OR3>(
            v,
            _mm512_srli_epi32::<9>(v),
            _mm512_srli_epi32::<18>(v),
        );
        let others = _mm512_or_si512(
            _mm512_permutexvar_epi32($next, cols),
            _mm512_permutexvar_epi32($after, cols),
        );
        // A column no band of the digit can use.
        let used = _mm512_ternarylogic_epi32::<OR_AND>(cols, others, all);
        let bad = _mm512_mask_cmpneq_epi32_mask($valid, used, all);
        // Columns only this band can use, then per box: none keeps the
        // box, one keeps that column, two or three keep nothing.
        let only = _mm512_andnot_si512(others, all);
        let (s1, s2) = (_mm512_srli_epi32::<1>(only), _mm512_srli_epi32::<2>(only));
        let none = _mm512_and_si512(_mm512_ternarylogic_epi32::<NOR3>(only, s1, s2), firsts);
        let two = _mm512_and_si512(_mm512_ternarylogic_epi32::<MAJORITY>(only, s1, s2), firsts);
        // A box's first column spread to its three (bits 3 apart: t * 7).
        let spread3 = |t: __m512i| _mm512_sub_epi32(_mm512_slli_epi32::<3>(t), t);
        (
            bad,
            _mm512_ternarylogic_epi32::<A_OR_NOT_B_AND_C>(spread3(none), spread3(two), only),
        )
    }};
}

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
    const OR3: i32 = 0xfe; // a | b | c
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
        let (bad, keep) = claim_kernel!(v, valid, next, after, all, firsts);
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

/// Per bit of a band, in two halves of 16 lanes (bits 27-31 empty): its
/// peers in the band, its column, and `0xffff` less its bit.
struct PickTables {
    peers: [[u32; 16]; 2],
    column: [[u32; 16]; 2],
    bit: [[u32; 16]; 2],
}

#[repr(align(64))]
struct Aligned(PickTables);

static PICK: Aligned = Aligned({
    use super::tables::{COLUMN, PEERS};
    let mut t = PickTables {
        peers: [[0; 16]; 2],
        column: [[0; 16]; 2],
        bit: [[0; 16]; 2],
    };
    let mut p = 0;
    while p < 32 {
        let (h, l) = (p / 16, p % 16);
        if p < 27 {
            t.peers[h][l] = PEERS[p];
            t.column[h][l] = COLUMN[p];
        }
        t.bit[h][l] = 0xffff - p as u32;
        p += 1;
    }
    t
});

/// The best score of [`State::pick`](super::state::State::pick)'s
/// bivalue cells, `score << 16 | (0xffff - (band << 5 | bit))`, 0 when
/// there is none: sixteen cells' unsolved peers counted at once (the same
/// figures as the scalar loop there, so the same cell).
#[target_feature(enable = "avx512f,avx512vl,avx512vpopcntdq")]
#[inline]
pub(super) unsafe fn best_bivalue_avx512(unsolved: &[u32; 3], few: &[u32; 3]) -> u32 {
    use core::arch::x86_64::*;
    let t = &PICK.0;
    let one = _mm512_set1_epi32(1);
    let mut best = _mm512_setzero_si512();
    for b in 0..3 {
        let u = _mm512_set1_epi32(unsolved[b] as i32);
        let others = _mm512_set1_epi32((unsolved[(b + 1) % 3] | unsolved[(b + 2) % 3]) as i32);
        let band = _mm512_set1_epi32((b << 5) as i32);
        for h in 0..2 {
            let cells = (few[b] >> (16 * h)) as __mmask16;
            if cells == 0 {
                continue;
            }
            // SAFETY: each table row is 16 aligned words.
            let (peers, column, bit) = unsafe {
                (
                    _mm512_load_si512(t.peers[h].as_ptr() as *const _),
                    _mm512_load_si512(t.column[h].as_ptr() as *const _),
                    _mm512_load_si512(t.bit[h].as_ptr() as *const _),
                )
            };
            let near = _mm512_popcnt_epi32(_mm512_and_si512(u, peers));
            let far = _mm512_popcnt_epi32(_mm512_and_si512(others, column));
            // near + 2 * far + 1, above the cell's place inverted.
            let n = _mm512_add_epi32(_mm512_add_epi32(near, one), _mm512_add_epi32(far, far));
            let score = _mm512_or_si512(_mm512_slli_epi32::<16>(n), _mm512_sub_epi32(bit, band));
            best = _mm512_mask_max_epu32(best, cells, best, score);
        }
    }
    _mm512_reduce_max_epu32(best)
}

/// The hard puzzles' way to a fixpoint (`Search::search`'s inner loop with
/// band locked candidates, claimed columns and row singles by
/// [`State::propagate`](super::state::State::propagate), naked singles by
/// [`State::singles`](super::state::State::singles) and column claiming
/// by [`State::claim_columns`](super::state::State::claim_columns)), the
/// 27 masks kept in two vectors throughout: digits 0-4 in lanes 0-14 of
/// the first, digits 5-8 in lanes 0-11 of the second (lane `i` holds band
/// `i % 3` in both; the other lanes are 0).
///
/// A propagation round takes every mask's band locked candidates, the
/// columns it closes to its digit in the other bands and its row singles
/// (taken from the band's other digits) at once, until a round changes
/// nothing; then naked singles (the lowest of each mask's at a time), then
/// column claiming, each followed by propagation again when it did
/// something. Every step only takes away what follows from the masks it
/// started from, and the sweep's steps do the same, so both end at the
/// same fixpoint (the greatest one) or both at a contradiction, which
/// here is also found as two digits alone in their rows at one cell or
/// two naked singles of one digit seeing each other (the sweep finds them
/// as a row or a cell left empty). False on a contradiction; otherwise the
/// masks and unsolved cells at the fixpoint, and in `few` the bivalue
/// cells when the grid is not solved. With `CLAIM` false, without column
/// claiming (an easy puzzle's way, which claims nothing): the fixpoint of
/// propagation and naked singles, the first one of an easy puzzle, where
/// every mask has changed.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
pub(super) unsafe fn settle_avx512<const CLAIM: bool>(
    f: &mut [u32; 27],
    unsolved: &mut [u32; 3],
    few: &mut [u32; 3],
) -> bool {
    use core::arch::x86_64::*;
    const OR3: i32 = 0xfe;
    const NOR3: i32 = 0x01;
    const AND3: i32 = 0x80;
    const ONE_OF3: i32 = 0x16;
    const AB_OR_C: i32 = 0xea; // (a & b) | c
    const A_AND_B_OR_C: i32 = 0xe0; // a & (b | c)
    const A_AND_NOT_B_OR_C: i32 = 0xb0; // a & (!b | c)
    // The six row->box permutations: their segments' first bits, their cells.
    const fn perm(k: usize, cells: bool) -> i32 {
        let p = crate::permutations::PERMS_OF_3[k];
        let w = if cells { 7 } else { 1 };
        w << (3 * p[0]) | w << (9 + 3 * p[1]) | w << (18 + 3 * p[2])
    }
    const fn perms(cells: bool) -> [i32; 6] {
        [
            perm(0, cells),
            perm(1, cells),
            perm(2, cells),
            perm(3, cells),
            perm(4, cells),
            perm(5, cells),
        ]
    }
    const SEGS: [i32; 6] = perms(false);
    const CELLS: [i32; 6] = perms(true);
    const VALID: (__mmask16, __mmask16) = (0x7fff, 0x0fff);
    let p = f.as_mut_ptr();
    let zero = _mm512_setzero_si512();
    // Whole loads and stores, f[0..16] and f[11..27], as the other steps
    // make them (a masked store is not forwarded to their loads).
    // SAFETY: f[0..16] and f[11..27] lie inside `f`.
    let (lo, hi) = unsafe {
        (
            _mm512_loadu_si512(p as *const _),
            _mm512_loadu_si512(p.add(11) as *const _),
        )
    };
    let mut lo = _mm512_maskz_mov_epi32(VALID.0, lo);
    let mut hi = _mm512_alignr_epi32::<4>(zero, hi);
    let band = _mm512_setr_epi32(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0);
    let next = _mm512_setr_epi32(1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13, 14, 12, 15);
    let after = _mm512_setr_epi32(2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10, 14, 12, 13, 15);
    let u3 = _mm_setr_epi32(
        unsolved[0] as i32,
        unsolved[1] as i32,
        unsolved[2] as i32,
        0,
    );
    let mut u = _mm512_permutexvar_epi32(band, _mm512_castsi128_si512(u3));
    let spread = _mm512_set1_epi32(0o001_001_001);
    let firsts = _mm512_set1_epi32(0o111);
    let all = _mm512_set1_epi32(511);
    let by3 = |v: __m512i| _mm512_alignr_epi32::<3>(zero, v);
    let by6 = |v: __m512i| _mm512_alignr_epi32::<6>(zero, v);
    let by12 = |v: __m512i| _mm512_alignr_epi32::<12>(zero, v);
    // A mask's columns (9 bits: its three rows folded), and a set of
    // columns' boxes (each box's three folded to its first column).
    let cols_of = |x: __m512i| {
        _mm512_ternarylogic_epi32::<OR3>(x, _mm512_srli_epi32::<9>(x), _mm512_srli_epi32::<18>(x))
    };
    let boxes_of = |c: __m512i| {
        _mm512_ternarylogic_epi32::<OR3>(c, _mm512_srli_epi32::<1>(c), _mm512_srli_epi32::<2>(c))
    };
    // A 9-bit set of columns in all three rows of the band.
    let rows3 = |c: __m512i| {
        _mm512_ternarylogic_epi32::<OR3>(c, _mm512_slli_epi32::<9>(c), _mm512_slli_epi32::<18>(c))
    };
    // One vector's masks: locked candidates kept, and (when none is left
    // empty) the row singles and the cells closed to the partners.
    let step = |x: __m512i, valid: __mmask16, u: __m512i| {
        let ny = _mm512_ternarylogic_epi32::<NOR3>(
            x,
            _mm512_srli_epi32::<1>(x),
            _mm512_srli_epi32::<2>(x),
        );
        let c = |k: usize| {
            let whole = _mm512_testn_epi32_mask(ny, _mm512_set1_epi32(SEGS[k]));
            _mm512_maskz_mov_epi32(whole, _mm512_set1_epi32(CELLS[k]))
        };
        let a = _mm512_ternarylogic_epi32::<OR3>(c(0), c(1), c(2));
        let b = _mm512_ternarylogic_epi32::<OR3>(c(3), c(4), c(5));
        let x = _mm512_ternarylogic_epi32::<A_AND_B_OR_C>(x, a, b);
        let empty = _mm512_mask_testn_epi32_mask(valid, x, x);
        // Row singles: rows whose cells less the lowest are none.
        let rest = _mm512_and_si512(x, _mm512_sub_epi32(x, spread));
        let e = _mm512_ternarylogic_epi32::<NOR3>(
            rest,
            _mm512_srli_epi32::<1>(rest),
            _mm512_srli_epi32::<2>(rest),
        );
        let r = _mm512_and_si512(
            _mm512_ternarylogic_epi32::<AND3>(
                e,
                _mm512_srli_epi32::<3>(e),
                _mm512_srli_epi32::<6>(e),
            ),
            spread,
        );
        // Each such row's first cell to all nine: (r << 9) - r.
        let rows = _mm512_sub_epi32(_mm512_slli_epi32::<9>(r), r);
        let singles = _mm512_ternarylogic_epi32::<AND3>(x, rows, u);
        // Columns locked by a box with one column, closed to the partners.
        let cols = cols_of(x);
        let g = _mm512_and_si512(
            _mm512_ternarylogic_epi32::<ONE_OF3>(
                cols,
                _mm512_srli_epi32::<1>(cols),
                _mm512_srli_epi32::<2>(cols),
            ),
            firsts,
        );
        // Each such box's first column to its three: (g << 3) - g.
        let lc = _mm512_and_si512(cols, _mm512_sub_epi32(_mm512_slli_epi32::<3>(g), g));
        let lc = rows3(lc);
        let closed = _mm512_or_si512(
            _mm512_permutexvar_epi32(next, lc),
            _mm512_permutexvar_epi32(after, lc),
        );
        (x, empty, singles, closed)
    };
    // Per cell: taken by one digit or more, two or more (over lanes, then
    // over groups of three lanes).
    let join = |(p1, p2): (__m512i, __m512i), (q1, q2): (__m512i, __m512i)| {
        (
            _mm512_or_si512(p1, q1),
            _mm512_ternarylogic_epi32::<OR3>(p2, q2, _mm512_and_si512(p1, q1)),
        )
    };
    type Three = (__m512i, __m512i, __m512i);
    // The same with three or more.
    let join3 = |(a1, a2, a3): Three, (b1, b2, b3): Three| {
        (
            _mm512_or_si512(a1, b1),
            _mm512_ternarylogic_epi32::<OR3>(a2, b2, _mm512_and_si512(a1, b1)),
            _mm512_or_si512(
                _mm512_ternarylogic_epi32::<AB_OR_C>(a2, b1, a3),
                _mm512_ternarylogic_epi32::<AB_OR_C>(a1, b2, b3),
            ),
        )
    };
    // A mask's lowest naked single placed: its peers in the band cleared.
    let place = |x: __m512i, one: __m512i| {
        let n = _mm512_and_si512(x, one);
        let n = _mm512_and_si512(n, _mm512_sub_epi32(zero, n));
        let col = cols_of(n);
        let bx = _mm512_and_si512(boxes_of(col), firsts);
        let boxes = rows3(_mm512_sub_epi32(_mm512_slli_epi32::<3>(bx), bx));
        let row = |k: u32| {
            let r = _mm512_set1_epi32(511 << (9 * k));
            _mm512_maskz_mov_epi32(_mm512_test_epi32_mask(n, r), r)
        };
        let peers =
            _mm512_ternarylogic_epi32::<OR3>(boxes, row(0), _mm512_or_si512(row(1), row(2)));
        _mm512_ternarylogic_epi32::<A_AND_NOT_B_OR_C>(x, peers, n)
    };
    // Column claiming (as `claim_columns_avx512`): the new masks, the
    // lanes with a column no band of the digit can use, the lanes changed.
    let claim = |v: __m512i, valid: __mmask16| {
        let (bad, keep) = claim_kernel!(v, valid, next, after, all, firsts);
        let n = _mm512_and_si512(v, rows3(keep));
        (n, bad, _mm512_cmpneq_epi32_mask(v, n))
    };
    let mut bivalue = zero;
    let settled = 'settle: loop {
        loop {
            let (xl, el, sl, cl) = step(lo, VALID.0, u);
            let (xh, eh, sh, ch) = step(hi, VALID.1, u);
            if el | eh != 0 {
                break 'settle false;
            }
            let t = (_mm512_or_si512(sl, sh), _mm512_and_si512(sl, sh));
            let a = join(t, (by3(t.0), by3(t.1)));
            let b = join(a, (by6(a.0), by6(a.1)));
            let (placed, twice) = join(b, (by12(t.0), by12(t.1)));
            if _mm512_mask_test_epi32_mask(0x7, twice, twice) != 0 {
                break 'settle false;
            }
            let placed = _mm512_permutexvar_epi32(band, placed);
            u = _mm512_andnot_si512(placed, u);
            let nl = _mm512_andnot_si512(
                cl,
                _mm512_ternarylogic_epi32::<A_AND_NOT_B_OR_C>(xl, placed, sl),
            );
            let nh = _mm512_andnot_si512(
                ch,
                _mm512_ternarylogic_epi32::<A_AND_NOT_B_OR_C>(xh, placed, sh),
            );
            let changed = _mm512_cmpneq_epi32_mask(nl, lo) | _mm512_cmpneq_epi32_mask(nh, hi);
            lo = nl;
            hi = nh;
            if changed == 0 {
                break;
            }
        }
        if _mm512_mask_test_epi32_mask(0x7, u, u) == 0 {
            break true;
        }
        // Naked singles: the digits a cell can take, counted to three.
        let t = (_mm512_or_si512(lo, hi), _mm512_and_si512(lo, hi), zero);
        let a = join3(t, (by3(t.0), by3(t.1), by3(t.2)));
        let b = join3(a, (by6(a.0), by6(a.1), by6(a.2)));
        let (r1, r2, r3) = join3(b, (by12(t.0), by12(t.1), by12(t.2)));
        let empty = _mm512_andnot_si512(r1, u);
        if _mm512_mask_test_epi32_mask(0x7, empty, empty) != 0 {
            break false;
        }
        let one = _mm512_andnot_si512(r2, u);
        if _mm512_mask_test_epi32_mask(0x7, one, one) != 0 {
            let one = _mm512_permutexvar_epi32(band, one);
            lo = place(lo, one);
            hi = place(hi, one);
            continue;
        }
        bivalue = _mm512_ternarylogic_epi32::<0x20>(u, r3, r2); // a & !b & c
        if !CLAIM {
            break true;
        }
        let (nl, bl, cl) = claim(lo, VALID.0);
        let (nh, bh, ch) = claim(hi, VALID.1);
        if bl | bh != 0 {
            break false;
        }
        lo = nl;
        hi = nh;
        if cl | ch == 0 {
            break true;
        }
    };
    if !settled {
        return false;
    }
    // f[15] from the second vector into the first's spare lane; f[11..27]
    // from lanes 11-14 of the first and 0-11 of the second.
    let lo = _mm512_mask_permutexvar_epi32(lo, 0x8000, zero, hi);
    let hi = _mm512_permutex2var_epi32(
        lo,
        _mm512_setr_epi32(
            11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
        ),
        hi,
    );
    // SAFETY: as the loads; the first store's f[11..16] is written again,
    // alike, by the second.
    unsafe {
        _mm512_storeu_si512(p as *mut _, lo);
        _mm512_storeu_si512(p.add(11) as *mut _, hi);
    }
    let u = _mm512_castsi512_si128(u);
    unsolved[0] = _mm_cvtsi128_si32(u) as u32;
    unsolved[1] = _mm_extract_epi32::<1>(u) as u32;
    unsolved[2] = _mm_extract_epi32::<2>(u) as u32;
    let w = _mm512_castsi512_si128(bivalue);
    few[0] = _mm_cvtsi128_si32(w) as u32;
    few[1] = _mm_extract_epi32::<1>(w) as u32;
    few[2] = _mm_extract_epi32::<2>(w) as u32;
    true
}

#[cfg(test)]
mod tests {
    use super::super::search::{X86V4Copy as V4, X86V4HardCopy as V4Hard};
    use super::super::shaken::{Portable, claims_alike, every_outcome, has_v4, shaken_states};
    use super::super::state::State;

    #[test]
    fn claiming_and_digits_match_the_portable_code() {
        if !has_v4("v4::claiming_and_digits_match_the_portable_code") {
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

    #[test]
    fn picks_match_the_portable_code() {
        if !has_v4("v4::picks_match_the_portable_code") {
            return;
        }
        // The bivalue cells as naked singles leave them, scored in vectors
        // and one by one: the same cell.
        let mut scored = 0;
        shaken_states(|s| {
            let mut s = s;
            let mut few = [0; 3];
            if s.singles::<Portable>(&mut few).is_err() || s.solved() {
                return;
            }
            scored += usize::from(few != [0; 3]);
            assert_eq!(s.pick::<V4>(&few, true), s.pick::<Portable>(&few, true));
        });
        assert!(scored > 100, "{scored}");
    }

    /// The portable copy's way to the hard path's fixpoint, the loop of
    /// `Search::search`; without `claim`, an easy puzzle's first fixpoint:
    /// that loop up to its look for column singles.
    fn settle_portable(s: &mut State, few: &mut [u32; 3], claim: bool) -> bool {
        loop {
            if !s.propagate::<Portable>() {
                return false;
            }
            if s.solved() {
                return true;
            }
            match s.singles::<Portable>(few) {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) if !claim => return true,
                Ok(false) => {}
            }
            match s.claim_columns::<Portable>() {
                Err(()) => return false,
                Ok(true) => {}
                Ok(false) => return true,
            }
        }
    }

    #[test]
    fn first_easy_settling_matches_the_portable_loop() {
        if !has_v4("v4::first_easy_settling_matches_the_portable_loop") {
            return;
        }
        every_outcome(|s: State| {
            let (mut a, mut b) = (s, s);
            let (mut fa, mut fb) = ([0; 3], [0; 3]);
            // SAFETY: this CPU has AVX-512 F/VL (`has_v4`).
            let ra = unsafe { a.settle_easy_avx512(&mut fa) };
            assert_eq!(ra, settle_portable(&mut b, &mut fb, false));
            if ra {
                assert_eq!((a.f, a.unsolved), (b.f, b.unsolved));
                if !b.solved() {
                    assert_eq!(fa, fb);
                }
                // A fixpoint, every mask as last propagated: the sweep
                // finds nothing more.
                let c = a;
                assert!(a.propagate::<Portable>());
                assert_eq!((a.f, a.unsolved), (c.f, c.unsolved));
            }
            ra.then(|| b.solved())
        });
    }

    #[test]
    fn settling_matches_the_portable_loop() {
        if !has_v4("v4::settling_matches_the_portable_loop") {
            return;
        }
        // The same outcome, and on success the same masks, unsolved cells
        // and bivalue cells: failing, solved, and left open.
        every_outcome(|s: State| {
            let (mut a, mut b) = (s, s);
            let (mut fa, mut fb) = ([0; 3], [0; 3]);
            let ra = a.settle::<V4Hard>(&mut fa);
            let rb = settle_portable(&mut b, &mut fb, true);
            assert_eq!(ra, Some(rb));
            if rb {
                assert_eq!((a.f, a.unsolved), (b.f, b.unsolved));
                if !b.solved() {
                    assert_eq!(fa, fb);
                }
            }
            rb.then(|| b.solved())
        });
    }
}
