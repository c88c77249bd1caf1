//! The puzzle search's lookups: compile-time tables over clue patterns
//! and column orders, and the small row helpers the search calls in its
//! inner loops.

use super::PERMS_OF_3;

/// All six column orders of a stack slot.
pub(super) const ALL_ORDERS: u8 = 0b11_1111;

/// `MINPAT[p][m]`: the smallest clue pattern (bit 2 - k for position k)
/// that the column orders in `m` (bits over [`PERMS_OF_3`]) give a stack whose
/// pattern is `p` (bit 2 - c for its column c).
const MINPAT: [[u8; 64]; 8] = {
    let mut t = [[0u8; 64]; 8];
    let mut p = 0;
    while p < 8 {
        let mut m = 0;
        while m < 64 {
            let mut best = 7u8;
            let mut o = 0;
            while o < 6 {
                if m & (1 << o) != 0 {
                    let mut q = 0u8;
                    let mut k = 0;
                    while k < 3 {
                        if p & (4 >> PERMS_OF_3[o][k]) != 0 {
                            q |= 4 >> k;
                        }
                        k += 1;
                    }
                    if q < best {
                        best = q;
                    }
                }
                o += 1;
            }
            t[p][m] = best;
            m += 1;
        }
        p += 1;
    }
    t
};

/// The grid of a form's nine packed rows.
pub(super) fn rows_grid(rows: &[u64; 9]) -> crate::sudoku::Grid {
    let mut cells = [0u8; 81];
    for (d, &row) in rows.iter().enumerate() {
        unpack(row, &mut cells[9 * d..9 * d + 9]);
    }
    crate::sudoku::Grid::from_cells(cells)
}

/// A form's nine packed rows (36 bits each) as one string of 324 bits in
/// six words, first cell highest: five full words and cell 80 in the top
/// four bits of the sixth (the packing `canon_groups` keeps).
#[inline]
pub(super) fn pack_rows(rows: &[u64; 9]) -> [u64; 6] {
    let mut out = [0u64; 6];
    // Bits not yet written out: the low `bits` of `acc` (higher ones are
    // spent and fall off the `as u64`).
    let mut acc = 0u128;
    let mut bits = 0;
    let mut w = 0;
    for &row in rows {
        acc = acc << 36 | u128::from(row);
        bits += 36;
        if bits >= 64 {
            bits -= 64;
            out[w] = (acc >> bits) as u64;
            w += 1;
        }
    }
    // 324 = 5 * 64 + 4.
    out[5] = (acc << 60) as u64;
    out
}

/// A row packed four bits a cell, first cell highest, written out.
pub(super) fn unpack(row: u64, out: &mut [u8]) {
    // The first eight cells spread from nibbles to bytes (last cell in
    // the lowest byte), then put first.
    let x = row >> 4;
    let x = (x & 0xffff_0000) << 16 | x & 0xffff;
    let x = (x & 0x0000_ff00_0000_ff00) << 8 | x & 0x0000_00ff_0000_00ff;
    let x = (x & 0x00f0_00f0_00f0_00f0) << 4 | x & 0x000f_000f_000f_000f;
    out[..8].copy_from_slice(&x.to_be_bytes());
    out[8] = (row & 15) as u8;
}

/// The clue cells of a row of values 0..15 (bit 8 - c for column c): the
/// first eight cells at once (a byte's top bit set when it is not zero,
/// then the eight top bits gathered by one multiplication).
#[inline]
pub(super) fn clue_mask(row: &super::Cells) -> usize {
    let mut lo = [0u8; 8];
    lo.copy_from_slice(&row[..8]);
    let x = u64::from_le_bytes(lo);
    let nz = x.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
    let first8 = (nz >> 7).wrapping_mul(0x8040_2010_0804_0201) >> 56;
    (first8 as usize) << 1 | usize::from(row[8] != 0)
}

/// `PATS[m]`: the clue patterns of the three stacks of a row whose clue
/// cells are the bits of `m` (bit 8 - c for column c), each bit 2 - c for
/// column c of its stack; the fourth byte 0.
pub(super) const PATS: [[u8; 4]; 512] = {
    let mut t = [[0u8; 4]; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = [(m >> 6) as u8, (m >> 3 & 7) as u8, (m & 7) as u8, 0];
        m += 1;
    }
    t
};

/// `KEY[m]`: for a row whose clue cells are the bits of `m` (bit 8 - c for
/// column c), the clue counts of its stacks sorted and packed in base 4:
/// the smaller, the smaller the row can be as the first non-empty one.
pub(super) const KEY: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut c = [
            (m >> 6 & 7usize).count_ones() as u8,
            (m >> 3 & 7usize).count_ones() as u8,
            (m & 7usize).count_ones() as u8,
        ];
        // Sort three.
        if c[0] > c[1] {
            c = [c[1], c[0], c[2]];
        }
        if c[1] > c[2] {
            c = [c[0], c[2], c[1]];
        }
        if c[0] > c[1] {
            c = [c[1], c[0], c[2]];
        }
        t[m] = c[0] * 16 + c[1] * 4 + c[2];
        m += 1;
    }
    t
};

/// The source rows that may fill row `depth`: any unused band's rows at a
/// band's first row, else the unused rows of the band being filled.
#[inline]
pub(super) fn candidates(depth: usize, used: u16, rows: u64) -> impl Iterator<Item = usize> {
    rows_of(candidate_mask(depth, used, rows))
}

/// [`candidates`] as a mask (bit per source row).
#[inline(always)]
pub(super) fn candidate_mask(depth: usize, used: u16, rows: u64) -> u16 {
    if depth.is_multiple_of(3) {
        // Bit 3b: band b has a row used; spread over the band's rows.
        let any = used | used >> 1 | used >> 2;
        !((any & 0b001_001_001) * 0b111) & 0x1ff
    } else {
        let b = (rows >> (4 * (depth - depth % 3)) & 15) / 3;
        (0b111 << (3 * b)) & !used
    }
}

/// The rows of a mask, lowest first.
#[inline(always)]
pub(super) fn rows_of(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let r = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            r
        })
    })
}

/// `SLOT_LENS[s][o][m]`: the bit length, in a row's nine cells, of the
/// smallest clue pattern the column orders `o` (bits over [`PERMS_OF_3`])
/// give slot `s` holding a stack with pattern `m` (see [`MINPAT`]); 0 for
/// an empty stack and past `m` = 7. One slot's lengths for every pattern
/// are a 16-byte lookup table, so the V3 copy looks up sixteen rows at
/// once (see `Kernels` in `copies`).
pub(super) const SLOT_LENS: [[[u8; 16]; 64]; 3] = {
    let mut t = [[[0u8; 16]; 64]; 3];
    let mut s = 0;
    while s < 3 {
        let mut o = 0;
        while o < 64 {
            let mut m = 1;
            while m < 8 {
                let least = MINPAT[m][o] as u32;
                if least != 0 {
                    t[s][o][m] = (3 * (2 - s) as u32 + 32 - least.leading_zeros()) as u8;
                }
                m += 1;
            }
            o += 1;
        }
        s += 1;
    }
    t
};

/// The bit length of the smallest clue pattern a row with stack patterns
/// `p` can take under stack order `sig` and column orders `ords`: 9 minus
/// its most leading empty cells.
#[inline(always)]
pub(super) fn pattern_len(p: &[u8; 4], sig: [usize; 3], ords: &[u8; 3]) -> u32 {
    // The first slot with clues decides, and its length is the greatest
    // (slot 0 gives 7 to 9, slot 1 4 to 6, slot 2 1 to 3, an empty stack
    // 0): the most of the three, with no branch on which slots are empty
    // (a branch the CPU cannot guess, taken for every candidate row).
    let len = |slot: usize| {
        let m = usize::from(p[sig[slot] & 3] & 7);
        u32::from(SLOT_LENS[slot][usize::from(ords[slot] & 63)][m])
    };
    len(0).max(len(1)).max(len(2))
}

/// `LEAST[w][m]`: of the column orders in `m`, those giving the smallest
/// triple of three values `k0, k1, k2` whose places among themselves are
/// `w = 9 * r0 + 3 * r1 + r2` (`ri`: how many of the values are below
/// `ki`).
pub(super) const LEAST: [[u8; 64]; 27] = {
    let mut t = [[0u8; 64]; 27];
    let mut w = 0;
    while w < 27 {
        // The places themselves compare as the values do.
        let k = [(w / 9) as u32, (w / 3 % 3) as u32, (w % 3) as u32];
        let mut m = 0;
        while m < 64 {
            let mut least = u32::MAX;
            let mut keep = 0u8;
            let mut o = 0;
            while o < 6 {
                if m & (1 << o) != 0 {
                    let p = PERMS_OF_3[o];
                    let x = k[p[0]] << 8 | k[p[1]] << 4 | k[p[2]];
                    if x < least {
                        least = x;
                        keep = 0;
                    }
                    if x == least {
                        keep |= 1 << o;
                    }
                }
                o += 1;
            }
            t[w][m] = keep;
            m += 1;
        }
        w += 1;
    }
    t
};

/// [`PERMS_OF_3`] padded to eight (indexed by `sigma & 7`: no bounds
/// check).
pub(super) const SIGS: [[usize; 3]; 8] = {
    let mut t = [[0, 1, 2]; 8];
    let mut i = 0;
    while i < 6 {
        t[i] = PERMS_OF_3[i];
        i += 1;
    }
    t
};

/// `SWAP01[s]`: the stack order [`PERMS_OF_3`]`[s]` with its first two
/// slots exchanged; padded to eight as [`SIGS`] is (indexed by `s & 7`).
pub(super) const SWAP01: [u8; 8] = [2, 4, 0, 5, 1, 3, 6, 7];

/// `SORTERS[m]`: the stack orders (bits over [`PERMS_OF_3`]) putting the stacks
/// of a row with clue cells `m` (bit 8 - c for column c) in order of clue
/// count, fewest first; of two orders differing only in two empty stacks
/// in front, the first.
pub(super) const SORTERS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let n = [
            (m >> 6 & 7usize).count_ones(),
            (m >> 3 & 7usize).count_ones(),
            (m & 7usize).count_ones(),
        ];
        let mut o = 0;
        while o < 6 {
            let sig = PERMS_OF_3[o];
            let sorted = n[sig[0]] <= n[sig[1]] && n[sig[1]] <= n[sig[2]];
            let twin = n[sig[0]] == 0 && n[sig[1]] == 0 && sig[0] > sig[1];
            if sorted && !twin {
                t[m] |= 1 << o;
            }
            o += 1;
        }
        m += 1;
    }
    t
};

/// `BEFORE[a][b]`: the column orders (bits over [`PERMS_OF_3`]) putting
/// cell `a` of a stack before cell `b`.
pub(super) const BEFORE: [[u8; 3]; 3] = {
    let mut t = [[0u8; 3]; 3];
    let mut o = 0;
    while o < 6 {
        let p = PERMS_OF_3[o];
        let mut i = 0;
        while i < 3 {
            let mut j = i + 1;
            while j < 3 {
                t[p[i]][p[j]] |= 1 << o;
                j += 1;
            }
            i += 1;
        }
        o += 1;
    }
    t
};

/// `AT[c][i]`: the column orders (bits over [`PERMS_OF_3`]) putting cell
/// `c` of a stack in place `i`.
pub(super) const AT: [[u8; 3]; 3] = {
    let mut t = [[0u8; 3]; 3];
    let mut o = 0;
    while o < 6 {
        let mut i = 0;
        while i < 3 {
            t[PERMS_OF_3[o][i]][i] |= 1 << o;
            i += 1;
        }
        o += 1;
    }
    t
};

/// `ONE_CLUE[p][m]` for a stack whose clue pattern `p` has at most one
/// clue, under the column orders `m` (bits over [`PERMS_OF_3`]): the low six
/// bits the orders that put the clue furthest right (all of `m` when the
/// stack is empty), the top two how many places from the right it lands
/// (0 when empty). Other patterns are not used.
pub(super) const ONE_CLUE: [[u8; 64]; 8] = {
    let mut t = [[0u8; 64]; 8];
    let mut m = 0;
    while m < 64 {
        t[0][m] = m as u8;
        let mut c = 0;
        while c < 3 {
            let p = 4 >> c;
            let keep = if m as u8 & AT[c][2] != 0 {
                m as u8 & AT[c][2]
            } else if m as u8 & AT[c][1] != 0 {
                (m as u8 & AT[c][1]) | 1 << 6
            } else {
                (m as u8 & AT[c][0]) | 2 << 6
            };
            t[p][m] = keep;
            c += 1;
        }
        m += 1;
    }
    t
};

/// The rank of a digit not named yet (see `PuzzleMinlex::fill`).
pub(super) const NEW: u32 = 15;

/// A state's names before any (four bits a value, see `PuzzleMinlex`'s
/// `name_of`): empty cells rank 0, every digit [`NEW`].
pub(super) const UNNAMED: u64 = !0xf;

/// The places of three ranks among themselves, as [`LEAST`] takes them.
#[inline(always)]
pub(super) fn places(k0: u32, k1: u32, k2: u32) -> usize {
    let lt = |a: u32, b: u32| usize::from(a < b);
    9 * (lt(k1, k0) + lt(k2, k0)) + 3 * (lt(k0, k1) + lt(k2, k1)) + lt(k0, k2) + lt(k1, k2)
}
