//! Fixed-width bit sets for the board: `u64`, `u128`, and arrays of words
//! for boards beyond 128 cells.

/// A fixed-width bit set: the board as a mask.
pub trait Bits: Copy + Eq {
    /// No bits set.
    const ZERO: Self;
    /// Every bit set.
    const ONES: Self;
    /// `self & other`.
    fn and(self, other: Self) -> Self;
    /// `self | other`.
    fn or(self, other: Self) -> Self;
    /// `!self`.
    fn not(self) -> Self;
    /// Shift towards higher bits.
    fn shl(self, n: u32) -> Self;
    /// Shift towards lower bits.
    fn shr(self, n: u32) -> Self;
    /// Index of the lowest set bit (`self` must not be zero).
    fn lowest(self) -> usize;
    /// Number of set bits.
    fn count(self) -> u32;
    /// Set bit `i`.
    fn with(self, i: usize) -> Self;
    /// True when bit `i` is set.
    fn has(self, i: usize) -> bool;
    /// Only the lowest set bit.
    fn lowest_bit(self) -> Self;
    /// `n` (at most 8) bits from bit `i` as a number (0 beyond the width).
    fn bits_at(self, i: usize, n: u32) -> u32;
    /// True for the types small enough to index placements by probe pattern.
    const PROBED: bool;
    /// True when no bit is set.
    #[inline]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! prim_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const ONES: Self = !0;
            #[inline]
            fn and(self, o: Self) -> Self {
                self & o
            }
            #[inline]
            fn or(self, o: Self) -> Self {
                self | o
            }
            #[inline]
            fn not(self) -> Self {
                !self
            }
            #[inline]
            fn shl(self, n: u32) -> Self {
                self << n
            }
            #[inline]
            fn shr(self, n: u32) -> Self {
                self >> n
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn with(self, i: usize) -> Self {
                self | (1 << i)
            }
            #[inline]
            fn has(self, i: usize) -> bool {
                self >> i & 1 == 1
            }
            #[inline]
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn bits_at(self, i: usize, n: u32) -> u32 {
                (self.checked_shr(i as u32).unwrap_or(0) & ((1 << n) - 1)) as u32
            }
            const PROBED: bool = true;
        }
    };
}

prim_bits!(u64);
prim_bits!(u128);

/// `W` 64-bit words, for boards beyond 128 cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const W: usize>([u64; W]);

impl<const W: usize> Bits for Wide<W> {
    const ZERO: Self = Wide([0; W]);
    const ONES: Self = Wide([!0; W]);
    fn and(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    fn or(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    fn not(self) -> Self {
        Wide(std::array::from_fn(|i| !self.0[i]))
    }
    fn shl(self, n: u32) -> Self {
        let (q, r) = ((n / 64) as usize, n % 64);
        Wide(std::array::from_fn(|i| {
            if i < q {
                return 0;
            }
            let lo = self.0[i - q];
            let carry = if r > 0 && i > q {
                self.0[i - q - 1] >> (64 - r)
            } else {
                0
            };
            (lo << r) | carry
        }))
    }
    fn shr(self, n: u32) -> Self {
        let (q, r) = ((n / 64) as usize, n % 64);
        Wide(std::array::from_fn(|i| {
            if i + q >= W {
                return 0;
            }
            let hi = self.0[i + q];
            let carry = if r > 0 && i + q + 1 < W {
                self.0[i + q + 1] << (64 - r)
            } else {
                0
            };
            (hi >> r) | carry
        }))
    }
    fn lowest(self) -> usize {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        W * 64
    }
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn with(mut self, i: usize) -> Self {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
        self
    }
    fn has(self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    fn bits_at(self, i: usize, n: u32) -> u32 {
        (0..n).fold(0, |v, j| v | (self.has(i + j as usize) as u32) << j)
    }
    const PROBED: bool = false;
    fn lowest_bit(self) -> Self {
        let mut out = Self::ZERO;
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                out.0[i] = w & w.wrapping_neg();
                break;
            }
        }
        out
    }
}

pub(crate) fn mask_of<B: Bits>(bits: &[u16]) -> B {
    bits.iter().fold(B::ZERO, |m, &b| m.with(b as usize))
}
