//! Whether a found solution is the one its class keeps: compared with
//! its images under the root's symmetries (see [`Root::check`]), it is
//! dropped when an image with the same representative is smaller.
//!
//! Two ways to compare, the same verdicts: sorted tilings (bit lists per
//! piece), or, when every kind is placed once and no packing is kept,
//! one mask per kind (no allocation: on 4x15 a solution with symmetries
//! to check took about 1,400 instructions as tilings).

use super::super::bits::{Bits, mask_of};
use super::super::compile::Compiled;
use super::{MAX_KINDS, Root, Tiling, image};

impl Root {
    /// Each solution's weight in the count when the branch fixes it;
    /// `None` for a raw count whose weight depends on the solution's
    /// symmetries (the group's size over its stabiliser's).
    pub(super) fn fixed_weight(&self, raw: bool) -> Option<u64> {
        match (raw, self.weight) {
            (false, _) => Some(1),
            (true, Some(w)) => Some(w),
            (true, None) if self.check.is_empty() => Some(1),
            (true, None) => None,
        }
    }
}

/// The solution's weight in its class: 1 plus the symmetries of
/// `root.check` that map it to itself; `None` when it is dropped (an
/// image with the same representative is smaller).
pub(super) fn stab_of_tiling(p: &Compiled, root: &Root, tiling: &Tiling) -> Option<u64> {
    let mut stab = 1u64;
    for &gi in &root.check {
        let g = &p.group[gi];
        let mut im: Tiling = tiling
            .iter()
            .map(|(k, bits)| (g.kinds[*k as usize], image(bits, &g.bits)))
            .collect();
        im.sort_unstable();
        if im == *tiling {
            stab += 1;
        } else if im < *tiling {
            let same_rep = match &root.rep {
                None => true,
                Some((k, rep)) => {
                    im.iter().find(|(j, _)| *j as usize == *k).map(|x| &x.1) == Some(rep)
                }
            };
            if same_rep {
                return None;
            }
        }
    }
    Some(stab)
}

/// True when [`stab_of_masks`] can judge `stack` (placements as kind and
/// index): one placement of every kind, on a board of masks up to 128
/// cells.
pub(super) fn by_masks<B: Bits>(p: &Compiled, stack: &[(u8, u32)]) -> bool {
    B::PROBED
        && stack.len() == p.kinds.len()
        && stack.len() <= MAX_KINDS
        && p.kinds.iter().all(|k| k.count == 1)
}

/// [`stab_of_tiling`] on masks: with one placement per kind a sorted
/// tiling is the kinds in order, and two placements of one kind (the same
/// size) compare as bit lists as their masks do by the lowest bit of
/// their difference (the smaller holds it). Kinds are compared in order
/// until one differs (usually the first), so few images are made.
pub(super) fn stab_of_masks<B: Bits>(
    p: &Compiled,
    root: &Root,
    stack: &[(u8, u32)],
) -> Option<u64> {
    let n = stack.len();
    // The placement of each kind.
    let mut of = [0u32; MAX_KINDS];
    for &(k, i) in stack {
        of[k as usize] = i;
    }
    let bits = |k: usize| &p.placements[k][of[k] as usize];
    let mut stab = 1u64;
    for &gi in &root.check {
        let g = &p.group[gi];
        let image = |k: usize| {
            let to = |m: B, &b: &u16| m.with(g.bits[b as usize] as usize);
            bits(k).iter().fold(B::ZERO, to)
        };
        // The kind each kind's image is.
        let mut from = [0usize; MAX_KINDS];
        for k in 0..n {
            from[g.kinds[k] as usize] = k;
        }
        let first = (0..n).find_map(|j| {
            let (im, m) = (image(from[j]), mask_of::<B>(bits(j)));
            (im != m).then(|| im.has(im.and(m.not()).or(m.and(im.not())).lowest()))
        });
        match first {
            None => stab += 1,
            Some(true) => {
                let same_rep = match &root.rep {
                    None => true,
                    Some((k, rep)) => image(from[*k]) == mask_of::<B>(rep),
                };
                if same_rep {
                    return None;
                }
            }
            Some(false) => {}
        }
    }
    Some(stab)
}
