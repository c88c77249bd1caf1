//! Sudoku Explainer's "Forcing Chains & Cycles" (rated 6.5 and up): from
//! every candidate of every unsolved cell, three searches (X-links only,
//! Y-links only, both) for bidirectional cycles (a candidate on implies
//! itself on again through four or more links; every candidate that sees
//! an "on" and an "off" node of the loop goes) and forcing chains (a
//! candidate on implies itself off: it goes; off implies on: it is placed).
//! SE collects every such hint, sorts them by rating, then chain length,
//! then kind, and takes the first; so does this finder.

use std::ops::ControlFlow;

use super::rules::{Children, Pot, Work, cell_of, digit_of, length_difficulty, pot};
use super::{Found, chain_links};
use crate::sudoku::grid::cell_name;
use crate::sudoku::human::board::{CandidateGrid, CellSet, bit, cells_of, peers};
use crate::sudoku::human::{Sink, Step};

const NONE: u32 = u32::MAX;

/// One node of a search: a potential, on or off, and the node it came from.
#[derive(Clone, Copy)]
struct Node {
    pot: Pot,
    on: bool,
    parent: u32,
}

/// Each candidate's children under one rule (on->off or off->on) on a
/// fixed grid, in the rule's order: a pass over the grid asks for them
/// once per start, so they are listed once per pass.
#[derive(Default)]
struct KidTable {
    /// Candidate `p`'s children are `pots[start[p]..start[p + 1]]`.
    start: Vec<u32>,
    pots: Vec<Pot>,
}

impl KidTable {
    /// Lists the children `rule` gives every candidate of `w`.
    fn fill(&mut self, w: &Work, kids: &mut Children, rule: impl Fn(&Work, Pot, &mut Children)) {
        self.start.clear();
        self.pots.clear();
        for p in 0..729u16 {
            self.start.push(self.pots.len() as u32);
            if w.cand[cell_of(p)] >> (p % 9) & 1 == 1 {
                rule(w, p, kids);
                self.pots.extend_from_slice(kids.as_slice());
            }
        }
        self.start.push(self.pots.len() as u32);
    }

    fn of(&self, p: Pot) -> &[Pot] {
        let p = usize::from(p);
        &self.pots[self.start[p] as usize..self.start[p + 1] as usize]
    }
}

/// The children of one pass's rules on its grid.
#[derive(Default)]
struct Kids {
    on: KidTable,
    off: KidTable,
}

/// The search state, reused for every start.
pub struct Search {
    nodes: Vec<Node>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    seen_on: Vec<u32>,
    seen_off: Vec<u32>,
    stamp: u32,
    kids: Children,
    /// The current pass's children (see [`hints`]).
    table: Kids,
}

impl Search {
    pub fn new() -> Search {
        Search {
            nodes: Vec::with_capacity(4096),
            pending_on: Vec::with_capacity(729),
            pending_off: Vec::with_capacity(4096),
            seen_on: vec![0; 729],
            seen_off: vec![0; 729],
            stamp: 0,
            kids: Children::new(),
            table: Kids::default(),
        }
    }

    fn reset(&mut self) {
        self.nodes.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.stamp += 1;
    }

    fn push(&mut self, pot: Pot, on: bool, parent: u32) -> u32 {
        self.nodes.push(Node { pot, on, parent });
        (self.nodes.len() - 1) as u32
    }

    /// The chain ending at node `i`, from its end back to the start.
    fn path(&self, mut i: u32) -> Vec<(Pot, bool)> {
        let mut out = Vec::new();
        while i != NONE {
            let n = self.nodes[i as usize];
            out.push((n.pot, n.on));
            i = n.parent;
        }
        out
    }

    /// True when (`pot`, off) is an ancestor of node `i` (SE's check that
    /// keeps a cycle search from walking back).
    fn has_ancestor_off(&self, i: u32, pot: Pot) -> bool {
        let mut j = self.nodes[i as usize].parent;
        while j != NONE {
            let n = self.nodes[j as usize];
            if !n.on && n.pot == pot {
                return true;
            }
            j = n.parent;
        }
        false
    }

    /// SE's cycle search from `src` on: layers of on->off then off->on;
    /// whenever an off node leads back to `src` after four links or more,
    /// that loop is a cycle (returned as paths from the end back to `src`).
    fn cycles(&mut self, t: &Kids, src: Pot) -> Vec<Vec<(Pot, bool)>> {
        self.reset();
        let mut found = Vec::new();
        let root = self.push(src, true, NONE);
        self.seen_on[usize::from(src)] = self.stamp;
        self.pending_on.push(root);
        let mut length = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            length += 1;
            let ons = std::mem::take(&mut self.pending_on);
            for &i in &ons {
                let p = self.nodes[i as usize].pot;
                for &k in t.on.of(p) {
                    if !self.has_ancestor_off(i, k) {
                        let j = self.push(k, false, i);
                        self.pending_off.push(j);
                    }
                }
            }
            self.pending_on = ons;
            self.pending_on.clear();
            length += 1;
            let offs = std::mem::take(&mut self.pending_off);
            for &i in &offs {
                let p = self.nodes[i as usize].pot;
                for &k in t.off.of(p) {
                    if length >= 4 && k == src {
                        let j = self.push(k, true, i);
                        found.push(self.path(j));
                    }
                    if self.seen_on[usize::from(k)] != self.stamp {
                        self.seen_on[usize::from(k)] = self.stamp;
                        let j = self.push(k, true, i);
                        self.pending_on.push(j);
                    }
                }
            }
            self.pending_off = offs;
            self.pending_off.clear();
        }
        found
    }

    /// SE's forcing chain search from `src` (on or off): a plain
    /// breadth-first search; the node that is `src`'s opposite is a chain.
    fn forcing(&mut self, t: &Kids, src: Pot, src_on: bool, chains: &mut Vec<Vec<(Pot, bool)>>) {
        self.reset();
        let root = self.push(src, src_on, NONE);
        if src_on {
            self.seen_on[usize::from(src)] = self.stamp;
            self.pending_on.push(root);
        } else {
            self.seen_off[usize::from(src)] = self.stamp;
            self.pending_off.push(root);
        }
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            let ons = std::mem::take(&mut self.pending_on);
            for &i in &ons {
                let p = self.nodes[i as usize].pot;
                for &k in t.on.of(p) {
                    let hit = src_on && k == src;
                    let new = self.seen_off[usize::from(k)] != self.stamp;
                    if hit || new {
                        let j = self.push(k, false, i);
                        if hit && !chains.iter().any(|c| c[0] == (k, false)) {
                            chains.push(self.path(j));
                        }
                        if new {
                            self.seen_off[usize::from(k)] = self.stamp;
                            self.pending_off.push(j);
                        }
                    }
                }
            }
            self.pending_on = ons;
            self.pending_on.clear();
            let offs = std::mem::take(&mut self.pending_off);
            for &i in &offs {
                let p = self.nodes[i as usize].pot;
                for &k in t.off.of(p) {
                    let hit = !src_on && k == src;
                    let new = self.seen_on[usize::from(k)] != self.stamp;
                    if hit || new {
                        let j = self.push(k, true, i);
                        if hit && !chains.iter().any(|c| c[0] == (k, true)) {
                            chains.push(self.path(j));
                        }
                        if new {
                            self.seen_on[usize::from(k)] = self.stamp;
                            self.pending_on.push(j);
                        }
                    }
                }
            }
            self.pending_off = offs;
            self.pending_off.clear();
        }
    }
}

/// SE's "Forcing Chains & Cycles": every bidirectional cycle and forcing
/// chain, in SE's order of preference.
pub fn forcing_chains_and_cycles(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    let w = Work::new(b.masks());
    let mut s = Search::new();
    let mut found = Vec::new();
    hints(&w, &mut s, |f, _| found.push(f));
    super::emit(found, sink)
}

/// How a static hint was found: its chain (from the end back to the
/// start) and whether it is a cycle.
pub struct StaticChain<'a> {
    pub path: &'a [(Pot, bool)],
    pub cycle: bool,
}

/// Every hint of "Forcing Chains & Cycles" on `w` in SE's search order
/// (unsorted), each with its shape.
pub fn hints(w: &Work, s: &mut Search, mut each: impl FnMut(Found, StaticChain)) {
    let mut t = std::mem::take(&mut s.table);
    for (y, x) in [(false, true), (true, false), (true, true)] {
        t.on.fill(w, &mut s.kids, |w, p, k| w.on_to_off(p, y, k));
        t.off
            .fill(w, &mut s.kids, |w, p, k| w.off_to_on(p, y, x, k));
        for cell in 0..81 {
            let m = w.cand[cell];
            if m.count_ones() < 2 || (!x && m.count_ones() > 2) {
                continue;
            }
            for d in crate::sudoku::human::board::digits_of(m) {
                let src = pot(cell, d);
                for c in s.cycles(&t, src) {
                    if let Some(f) = cycle_hint(w, &c, y, x) {
                        let shape = StaticChain {
                            path: &c,
                            cycle: true,
                        };
                        each(f, shape);
                    }
                }
                if x {
                    let mut chains = Vec::new();
                    s.forcing(&t, src, true, &mut chains);
                    s.forcing(&t, src, false, &mut chains);
                    for c in &chains {
                        if let Some(f) = forcing_hint(w, c, y) {
                            let shape = StaticChain {
                                path: c,
                                cycle: false,
                            };
                            each(f, shape);
                        }
                    }
                }
            }
        }
    }
    s.table = t;
}

/// A bidirectional cycle: `path` runs from the closing node back to the
/// start (the same candidate, on).
fn cycle_hint(w: &Work, path: &[(Pot, bool)], y: bool, x: bool) -> Option<Found> {
    let body = &path[..path.len() - 1];
    let cells: CellSet = body.iter().fold(0, |m, &(p, _)| m | 1u128 << cell_of(p));
    let (mut forw, mut back) = ([0u128; 9], [0u128; 9]);
    for &(p, on) in body {
        let d = usize::from(digit_of(p)) - 1;
        let seen = peers(cell_of(p)) & w.with[d] & !cells;
        if on {
            forw[d] |= seen;
        } else {
            back[d] |= seen;
        }
    }
    let mut removed = Vec::new();
    for d in 0..9 {
        for c in cells_of(forw[d] & back[d]) {
            removed.push((c, d as u8 + 1));
        }
    }
    if removed.is_empty() {
        return None;
    }
    removed.sort_unstable();
    // SE lists the loop's cells from the start's first link on, the start
    // last.
    let mut shown: Vec<usize> = Vec::new();
    for &(p, _) in path[1..path.len() - 1].iter().rev() {
        if !shown.contains(&cell_of(p)) {
            shown.push(cell_of(p));
        }
    }
    let last = cell_of(path[0].0);
    if !shown.contains(&last) {
        shown.push(last);
    }
    let complexity = path.len() - 1;
    let base = if y && x { 7.0 } else { 6.5 };
    let name = match (y, x) {
        (true, true) => "Bidirectional Cycle",
        (true, false) => "Bidirectional Y-Cycle",
        _ if shown.len() == 4 => "Generalized X-Wing",
        _ => "Bidirectional X-Cycle",
    };
    let text = format!(
        "{name}: {}",
        shown
            .iter()
            .map(|&c| cell_name(c))
            .collect::<Vec<_>>()
            .join(",")
    );
    let difficulty = base + length_difficulty(complexity);
    Some(Found {
        difficulty,
        complexity,
        sort_key: sort_key(y, x),
        step: Step {
            technique: name,
            rating: super::tenths(difficulty),
            placed: Vec::new(),
            removed,
            cells: shown,
            text,
            exact: true,
            links: chain_links(path),
        },
    })
}

/// A forcing chain: `path` runs from the conclusion back to the assumption
/// (the same candidate, the other way).
fn forcing_hint(w: &Work, path: &[(Pot, bool)], y: bool) -> Option<Found> {
    let (target, on) = path[0];
    let (cell, d) = (cell_of(target), digit_of(target));
    let (placed, removed) = if on {
        let others = w.cand[cell] & !bit(d);
        let removed = crate::sudoku::human::board::digits_of(others)
            .map(|v| (cell, v))
            .collect();
        (vec![(cell, d)], removed)
    } else {
        (Vec::new(), vec![(cell, d)])
    };
    let complexity = path.len();
    let (name, base) = match (y, complexity) {
        (true, _) => ("Forcing Chain", 7.0),
        (false, 6) => ("Turbot Fish", 6.6),
        _ => ("Forcing X-Chain", 6.6),
    };
    let difficulty = base + length_difficulty(complexity);
    let text = format!(
        "{name}: {}.{d} {}",
        cell_name(cell),
        if on { "on" } else { "off" }
    );
    Some(Found {
        difficulty,
        complexity,
        sort_key: sort_key(y, true),
        step: Step {
            technique: name,
            rating: super::tenths(difficulty),
            placed,
            removed,
            cells: vec![cell],
            text,
            exact: true,
            links: chain_links(path),
        },
    })
}

/// SE's tie-break between kinds: X-links only, Y-links only, both.
fn sort_key(y: bool, x: bool) -> u8 {
    match (y, x) {
        (true, true) => 4,
        (true, false) => 3,
        _ => 2,
    }
}
