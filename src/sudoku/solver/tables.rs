//! Lookup tables of the band-wise solver, built at compile time. A band
//! mask has 27 bits: bit `row_in_band * 9 + column`.

pub(super) const ALL: u32 = (1 << 27) - 1;
/// Copies a 9-bit column set into the three rows of a band.
pub(super) const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;

/// For a 9-bit row: bit j set when box j's three cells hold a candidate.
pub(super) const SHRINK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 3 {
            if x & (7 << (3 * j)) != 0 {
                t[x] |= 1 << j;
            }
            j += 1;
        }
        x += 1;
    }
    t
};

/// For the 9 "segment (row i, box j) non-empty" bits of a band: the cells of
/// the segments some row→box permutation can use (0 when none can).
pub(super) const COMPLEX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut p = 0;
    while p < 512 {
        let mut k = 0;
        while k < 6 {
            let perm = crate::permutations::PERMS_OF_3[k];
            let mut ok = true;
            let mut i = 0;
            while i < 3 {
                if p & (1 << (i * 3 + perm[i])) == 0 {
                    ok = false;
                }
                i += 1;
            }
            if ok {
                let mut i = 0;
                while i < 3 {
                    t[p] |= 7 << (i * 9 + perm[i] * 3);
                    i += 1;
                }
            }
            k += 1;
        }
        p += 1;
    }
    t
};

/// For the 9-bit set of columns a digit may use in a band: the cells left
/// to it in the other bands. A box whose candidates sit in one column
/// claims that column (vertical locked candidates).
pub(super) const COLUMN_LOCK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut locked = 0u32;
        let mut j = 0;
        while j < 3 {
            let bits = (x >> (3 * j)) & 7;
            if bits == 1 || bits == 2 || bits == 4 {
                locked |= (bits << (3 * j)) as u32;
            }
            j += 1;
        }
        t[x] = ALL & !(locked * SPREAD);
        x += 1;
    }
    t
};

/// For the 9-bit set of columns a digit can use in a band only (closed to
/// it in the other two): the cells of the columns each box keeps; a box
/// forced onto two columns keeps none (a contradiction).
pub(super) const CLAIM: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 3 {
            let bits = (x >> (3 * j)) & 7;
            let keep = if bits == 0 {
                7
            } else if bits == 1 || bits == 2 || bits == 4 {
                bits
            } else {
                0
            };
            t[x] |= (keep << (3 * j)) as u32;
            j += 1;
        }
        t[x] *= SPREAD;
        x += 1;
    }
    t
};

/// A 9-bit row if it holds exactly one cell, else 0.
pub(super) const SINGLE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 1;
    while x < 512 {
        if x & (x - 1) == 0 {
            t[x] = x as u32;
        }
        x += 1;
    }
    t
};

/// For the 9 "segment (row i, box j) non-empty" bits of a band: the cells
/// of the rows whose three segments are empty.
pub(super) const ROWS_EMPTY: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut i = 0;
        while i < 3 {
            if (x >> (3 * i)) & 7 == 0 {
                t[x] |= 511 << (9 * i);
            }
            i += 1;
        }
        x += 1;
    }
    t
};

/// For a bit of a band: the other cells of its row, box and column there.
pub(super) const PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r2, c2) = (q / 9, q % 9);
            if q != p && (r2 == r || c2 == c || c2 / 3 == c / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// For a bit of a band: its column in all three rows.
pub(super) const COLUMN: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = SPREAD << (p % 9);
        p += 1;
    }
    t
};
