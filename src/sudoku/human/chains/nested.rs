//! The inner rules of Sudoku Explainer's "Nested Forcing Chains" (its
//! chaining levels 2 to 4): when a dynamic search has nothing left to
//! process and the basic rules of [`plus`](super::plus) find nothing, SE
//! runs whole chain finders on the working grid — level 2 its "Forcing
//! Chains & Cycles", level 3 then also its (static) "Multiple Forcing
//! Chains", level 4 instead its dynamic chains at the nesting limit (our
//! own dynamic search, one level down) — and every removal of their hints (sorted as SE sorts them)
//! becomes a new "off". Its parents are the struck candidates the inner
//! chain relied on (SE's `getRuleParents`: for each "on" of the inner
//! chain, the candidates struck from its cell, or from its region for its
//! digit, depending on the rule that turned it on), and the inner chain's
//! length counts in the outer hint's rating, once per distinct inner chain.

use std::collections::HashMap;

use super::Found;
use super::dynamic::Mode;
use super::dynamic::Net;
use super::multiple::InnerChains;
use super::rules::{BY_CELL, Pot, Work, cell_of, digit_of, pot};
use super::statics::{self, Search, StaticChain};
use crate::sudoku::human::board::{REGIONS, region_set, regions_of};

/// The rule behind an "on" that SE gives no cause (a search's start).
pub const NO_CAUSE: u8 = u8::MAX;

/// A new "off" from an inner chain: the candidate, the struck candidates
/// it depends on, and the inner chain's id (see [`Inner::complexity`]).
pub type NestedOff = (Pot, Vec<Pot>, u32);

/// What an inner hint adds to SE's sort: the struck candidates it relies
/// on and the identity of its chains (SE's `FullChain`).
pub struct Extra {
    pub parents: Vec<Pot>,
    pub key: Vec<u32>,
}

/// The inner finders' state, kept for the whole outer search.
pub struct Inner {
    search: Search,
    multiple: Option<Box<InnerChains>>,
    /// Level 4's inner dynamic chains.
    dynamic: Option<Box<InnerChains>>,
    ids: HashMap<Vec<u32>, u32>,
    complexity: Vec<usize>,
    hints: Vec<(Found, Extra)>,
}

impl Inner {
    pub fn new() -> Inner {
        Inner {
            search: Search::new(),
            multiple: None,
            dynamic: None,
            ids: HashMap::new(),
            complexity: Vec::new(),
            hints: Vec::new(),
        }
    }

    /// The chain length (SE's complexity) of the inner chain `id`.
    pub fn complexity(&self, id: u32) -> usize {
        self.complexity[id as usize]
    }

    fn id_of(&mut self, key: Vec<u32>, complexity: usize) -> u32 {
        let next = self.complexity.len() as u32;
        let id = *self.ids.entry(key).or_insert(next);
        if id == next {
            self.complexity.push(complexity);
        }
        id
    }
}

/// SE's `getAdvancedPotentials` past the basic rules at level 2, 3 or 4
/// (`m.nested`): the "offs" of the first inner chain rule with a hint
/// needing a struck candidate of `base`, run on `work`; false when level
/// 4's inner search was stopped.
pub fn advanced(
    inner: &mut Inner,
    work: &Work,
    base: &Work,
    m: Mode,
    out: &mut Vec<NestedOff>,
    stop: &mut dyn FnMut() -> bool,
) -> bool {
    out.clear();
    let mut hints = std::mem::take(&mut inner.hints);
    hints.clear();
    if m.nested >= 4 {
        let mut d = inner
            .dynamic
            .take()
            .unwrap_or_else(|| Box::new(InnerChains::dynamic(m.limit)));
        let done = d.hints(work, base, &mut hints, stop);
        inner.dynamic = Some(d);
        if done {
            add_hints(inner, &mut hints, out);
        }
        hints.clear();
        inner.hints = hints;
        return done;
    }
    let level = m.nested;
    statics::hints(work, &mut inner.search, |f, shape| {
        let mut parents = Vec::new();
        static_parents(&shape, base, work, &mut parents);
        let key = static_key(&shape);
        hints.push((f, Extra { parents, key }));
    });
    add_hints(inner, &mut hints, out);
    if out.is_empty() && level >= 3 {
        let mut mfc = inner
            .multiple
            .take()
            .unwrap_or_else(|| Box::new(InnerChains::multiple()));
        mfc.hints(work, base, &mut hints, &mut || false);
        inner.multiple = Some(mfc);
        add_hints(inner, &mut hints, out);
    }
    inner.hints = hints;
    true
}

/// SE's handling of one inner rule's hints: sorted (rating, chain length,
/// kind; stable), equal removals dropped, and each removal of a hint that
/// needs a struck candidate turned into an "off" (a hint's removals in the
/// order of SE's hash map keyed by cell index).
fn add_hints(inner: &mut Inner, hints: &mut Vec<(Found, Extra)>, out: &mut Vec<NestedOff>) {
    hints.sort_by(|(a, _), (b, _)| Found::se_order(a, b));
    let mut seen: Vec<&[(usize, u8)]> = Vec::new();
    let mut removals: Vec<(usize, u16)> = Vec::new();
    let mut taken = Vec::new();
    for (i, (f, e)) in hints.iter().enumerate() {
        if seen.contains(&f.step.removed.as_slice()) {
            continue;
        }
        seen.push(&f.step.removed);
        if !e.parents.is_empty() {
            taken.push(i);
        }
    }
    for i in taken {
        let (f, e) = &mut hints[i];
        let key = std::mem::take(&mut e.key);
        let id = inner.id_of(key, f.complexity);
        removals.clear();
        for &(c, d) in &f.step.removed {
            match removals.iter_mut().find(|(rc, _)| *rc == c) {
                Some((_, m)) => *m |= 1 << (d - 1),
                None => removals.push((c, 1 << (d - 1))),
            }
        }
        super::plus::hash_order(&mut removals);
        for &(c, m) in &removals {
            for di in 0..9 {
                if m >> di & 1 == 1 {
                    out.push((pot(c, di as u8 + 1), e.parents.clone(), id));
                }
            }
        }
    }
    hints.clear();
}

/// The rule that turned `on` on from the "off" `from` (SE's cause): the
/// cell ([`BY_CELL`]) or the first of the block, row and column where the
/// digit had only those two places.
fn off_to_on_cause(w: &Work, from: Pot, on: Pot) -> u8 {
    let (a, b) = (cell_of(from), cell_of(on));
    if a == b {
        return BY_CELL;
    }
    let d = usize::from(digit_of(on)) - 1;
    for r in regions_of(a) {
        if w.with[d] & region_set(r) & !(1u128 << a) == 1u128 << b {
            return r as u8;
        }
    }
    NO_CAUSE
}

/// The rule that turned `off` off from the "on" `from`: the cell, or the
/// first of the block, row and column holding both.
fn on_to_off_cause(from: Pot, off: Pot) -> u8 {
    let (a, b) = (cell_of(from), cell_of(off));
    if a == b {
        return BY_CELL;
    }
    for r in regions_of(a) {
        if region_set(r) >> b & 1 == 1 {
            return r as u8;
        }
    }
    NO_CAUSE
}

/// Adds the struck candidates an "on" of `p` relies on (cause `why`):
/// those struck from its cell, or from its region for its digit.
pub fn cause_parents(p: Pot, why: u8, initial: &Work, current: &Work, out: &mut Vec<Pot>) {
    let mut add = |q: Pot| {
        if !out.contains(&q) {
            out.push(q);
        }
    };
    if why == BY_CELL {
        let c = cell_of(p);
        let gone = initial.cand[c] & !current.cand[c];
        for v in 0..9 {
            if gone >> v & 1 == 1 {
                add(pot(c, v as u8 + 1));
            }
        }
    } else if why != NO_CAUSE {
        let d = digit_of(p);
        let di = usize::from(d) - 1;
        let gone = initial.with[di] & !current.with[di];
        for &c in &REGIONS[usize::from(why)] {
            if gone >> c & 1 == 1 {
                add(pot(usize::from(c), d));
            }
        }
    }
}

/// SE's rule parents of a static chain or cycle found on `current`.
fn static_parents(shape: &StaticChain, initial: &Work, current: &Work, out: &mut Vec<Pot>) {
    let path = shape.path;
    let last = path.len() - 1;
    // The chain's "ons" (each turned on by the next node, an "off").
    for i in 0..last {
        let (p, on) = path[i];
        if on {
            let why = off_to_on_cause(current, path[i + 1].0, p);
            cause_parents(p, why, initial, current, out);
        }
    }
    if shape.cycle {
        // The reversed cycle's "ons" are the loop's "offs", with their
        // causes.
        for i in (1..last).rev() {
            let (p, on) = path[i];
            if !on {
                let why = on_to_off_cause(path[i + 1].0, p);
                cause_parents(p, why, initial, current, out);
            }
        }
    }
}

/// The identity of a static hint's chains: the candidates of its chain
/// from the conclusion back (each once).
fn static_key(shape: &StaticChain) -> Vec<u32> {
    let mut key = vec![u32::MAX - u32::from(shape.cycle)];
    let path = shape.path;
    let n = if shape.cycle {
        path.len() - 1
    } else {
        path.len()
    };
    key.extend(
        path[..n]
            .iter()
            .map(|&(p, on)| u32::from(p) * 2 + u32::from(on)),
    );
    key
}

/// SE's rule parents and chain identity of a multiple forcing chain hint
/// whose branches end at `targets` in `net`; its starts' cause is `start`
/// (the cell for cell forcing chains, the region for region ones).
pub fn net_extra(
    net: &mut Net,
    targets: &[u32],
    start: u8,
    initial: &Work,
    current: &Work,
) -> Extra {
    let mut parents = Vec::new();
    let mut key = Vec::new();
    for &t in targets {
        key.push(u32::MAX);
        net.walk(t, |pot, on, why| {
            key.push(u32::from(pot) * 2 + u32::from(on));
            if on {
                let why = if why == NO_CAUSE { start } else { why };
                cause_parents(pot, why, initial, current, &mut parents);
            }
        });
    }
    Extra { parents, key }
}
