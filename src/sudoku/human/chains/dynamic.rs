//! The implication networks of Sudoku Explainer's multiple, Nishio and
//! dynamic forcing chains: from an assumption, every consequence in SE's
//! order (one "on" at a time before any "off"), stopping at the first
//! candidate found both on and off. In dynamic mode each "off" is struck
//! from a working grid once processed, so later rules see the smaller grid;
//! a consequence then also depends on the "offs" that emptied its cell or
//! region (SE's hidden parents), and they count in the chain's length.

use std::collections::HashMap;

use super::nested::{Inner, NO_CAUSE, NestedOff};
use super::rules::{BY_CELL, Children, Pot, Work, cell_of, digit_of};
use crate::sudoku::human::board::{REGIONS, region_set};

pub const NONE: u32 = u32::MAX;

/// One node: a potential, on or off, and where its parents are listed.
#[derive(Clone, Copy)]
struct Node {
    pot: Pot,
    on: bool,
    first: u32,
    count: u32,
    /// The rule that turned an "on" on (SE's cause): [`BY_CELL`], a
    /// region, or `NO_CAUSE` for a search's start.
    why: u8,
    /// The inner chain an "off" comes from (levels 2 and up), or NONE.
    nested: u32,
}

/// Every node of a cell's searches, with their parents.
pub struct Net {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    todo: Vec<u32>,
    next: Vec<u32>,
    kids: Children,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    implied: Vec<super::plus::Implied>,
    /// The inner chain finders of levels 2 and up, made when first needed.
    inner: Option<Box<Inner>>,
    /// The "offs" the inner finders gave on each working grid seen since
    /// [`Net::clear`]: they depend only on that grid and the search's
    /// base, and different assumptions often reach the same grid.
    nested_memo: HashMap<[u16; 81], Vec<NestedOff>>,
    /// Set when a level-4 inner search was stopped (Ctrl+C): the search
    /// in progress is then incomplete.
    pub stopped: bool,
}

/// A set of potentials of one kind (on or off) in insertion order, each
/// with its node.
pub struct PotSet {
    pub order: Vec<Pot>,
    map: Vec<u32>,
}

impl PotSet {
    fn new() -> PotSet {
        PotSet {
            order: Vec::new(),
            map: vec![NONE; 729],
        }
    }

    /// The node of a potential in the set.
    pub fn get(&self, p: Pot) -> Option<u32> {
        let n = self.map[usize::from(p)];
        (n != NONE).then_some(n)
    }

    fn add(&mut self, p: Pot, n: u32) {
        self.order.push(p);
        self.map[usize::from(p)] = n;
    }
}

/// What an assumption implies: the potentials turned on and off.
pub struct Sets {
    pub on: PotSet,
    pub off: PotSet,
}

impl Sets {
    pub fn new() -> Sets {
        Sets {
            on: PotSet::new(),
            off: PotSet::new(),
        }
    }
}

/// How a search runs: Y-links (all but Nishio), and whether processed
/// "offs" leave the working grid.
#[derive(Clone, Copy)]
pub struct Mode {
    pub y: bool,
    pub dynamic: bool,
    /// SE's level 1: basic rules add "offs" when nothing is pending.
    pub plus: bool,
    /// SE's levels 2 to 4: then chain finders too (0: none).
    pub nested: u8,
    /// Level 4's nesting limit: the level of its inner dynamic chains.
    pub limit: u8,
}

impl Net {
    pub fn new() -> Net {
        Net {
            nodes: Vec::with_capacity(8192),
            parents: Vec::with_capacity(16384),
            seen: vec![0; 1458],
            stamp: 0,
            todo: Vec::new(),
            next: Vec::new(),
            kids: Children::new(),
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            implied: Vec::new(),
            inner: None,
            nested_memo: HashMap::new(),
            stopped: false,
        }
    }

    /// Forgets every node and what the inner finders gave (before a
    /// search over a new base).
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.nested_memo.clear();
    }

    fn node(&mut self, pot: Pot, on: bool, parents: &[u32]) -> u32 {
        let first = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            pot,
            on,
            first,
            count: parents.len() as u32,
            why: NO_CAUSE,
            nested: NONE,
        });
        (self.nodes.len() - 1) as u32
    }

    /// The potential and state of a node.
    pub fn pot(&self, n: u32) -> (Pot, bool) {
        let node = self.nodes[n as usize];
        (node.pot, node.on)
    }

    /// The parents of a node.
    pub fn parents(&self, n: u32) -> &[u32] {
        let node = self.nodes[n as usize];
        &self.parents[node.first as usize..(node.first + node.count) as usize]
    }

    /// SE's chain complexity: the distinct potentials a node stems from,
    /// itself included (walked layer by layer, as SE does).
    pub fn ancestors(&mut self, n: u32) -> usize {
        let mut count = 0;
        self.walk_nodes(n, |_| count += 1);
        count
    }

    /// A new search from one assumption.
    pub fn start(&mut self, p: Pot, on: bool, sets: &mut Sets) {
        let n = self.node(p, on, &[]);
        if on {
            sets.on.add(p, n);
        } else {
            sets.off.add(p, n);
        }
    }

    /// SE's `doChaining`: completes `sets` from its assumption on `work`
    /// (left as it was); the two nodes of a contradiction (on, off) when
    /// one is found first. Level 4's inner searches ask `stop` and set
    /// [`Net::stopped`].
    pub fn chain(
        &mut self,
        work: &mut Work,
        base: &Work,
        sets: &mut Sets,
        m: Mode,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<(u32, u32)> {
        let mut pend_on = std::mem::take(&mut self.pend_on);
        let mut pend_off = std::mem::take(&mut self.pend_off);
        pend_on.clear();
        pend_off.clear();
        pend_on.extend(sets.on.order.iter().map(|&p| sets.on.map[usize::from(p)]));
        pend_off.extend(sets.off.order.iter().map(|&p| sets.off.map[usize::from(p)]));
        let (mut head_on, mut head_off) = (0, 0);
        let mut kids = std::mem::replace(&mut self.kids, Children::new());
        let mut hidden: Vec<u32> = Vec::new();
        let mut result = None;
        'search: loop {
            if head_on < pend_on.len() {
                let i = pend_on[head_on];
                head_on += 1;
                let p = self.nodes[i as usize].pot;
                work.on_to_off(p, m.y, &mut kids);
                for &k in kids.as_slice() {
                    if let Some(on) = sets.on.get(k) {
                        let off = self.node(k, false, &[i]);
                        result = Some((on, off));
                        break 'search;
                    }
                    if sets.off.get(k).is_none() {
                        let n = self.node(k, false, &[i]);
                        sets.off.add(k, n);
                        pend_off.push(n);
                    }
                }
                continue;
            }
            if head_off < pend_off.len() {
                let i = pend_off[head_off];
                head_off += 1;
                let p = self.nodes[i as usize].pot;
                work.off_to_on(p, m.y, true, &mut kids);
                for (j, &k) in kids.as_slice().iter().enumerate() {
                    let known_on = sets.on.get(k).is_some();
                    let off = sets.off.get(k);
                    if known_on && off.is_none() {
                        continue;
                    }
                    hidden.clear();
                    hidden.push(i);
                    if m.dynamic {
                        hidden_parents(work, base, k, kids.why(j), sets, &mut hidden);
                    }
                    let n = self.node(k, true, &hidden);
                    self.nodes[n as usize].why = kids.why(j);
                    if let Some(off) = off {
                        result = Some((n, off));
                        break 'search;
                    }
                    sets.on.add(k, n);
                    pend_on.push(n);
                }
                if m.dynamic {
                    work.remove(p);
                }
                continue;
            }
            if m.plus && self.add_advanced(work, base, sets, &mut pend_off, m, stop) {
                continue;
            }
            break;
        }
        if m.dynamic {
            *work = base.clone();
        }
        self.kids = kids;
        self.pend_on = pend_on;
        self.pend_off = pend_off;
        result
    }
}

impl Net {
    /// SE's level-1 step: the "offs" its basic rules deduce on the
    /// working grid, queued; false when there are none new.
    fn add_advanced(
        &mut self,
        work: &Work,
        base: &Work,
        sets: &mut Sets,
        pend_off: &mut Vec<u32>,
        m: Mode,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        let mut implied = std::mem::take(&mut self.implied);
        super::plus::advanced(work, base, &mut implied);
        if implied.is_empty() && m.nested >= 2 {
            self.implied = implied;
            return self.add_nested(work, base, sets, pend_off, m, stop);
        }
        let mut added = false;
        let mut parents = Vec::new();
        for (p, from) in &implied {
            if sets.off.get(*p).is_some() {
                continue;
            }
            parents.clear();
            parents.extend(from.iter().filter_map(|&q| sets.off.get(q)));
            let n = self.node(*p, false, &parents);
            sets.off.add(*p, n);
            pend_off.push(n);
            added = true;
        }
        self.implied = implied;
        added
    }
}

/// SE's hidden parents of `k` turned on: the "offs" that took the other
/// candidates of its cell (cell rule) or the other places of its digit in
/// the region (region rule), as struck from the working grid.
fn hidden_parents(work: &Work, base: &Work, k: Pot, why: u8, sets: &Sets, out: &mut Vec<u32>) {
    let (cell, d) = (cell_of(k), digit_of(k));
    if why == BY_CELL {
        let gone = base.cand[cell] & !work.cand[cell];
        for v in 0..9 {
            if gone >> v & 1 == 1
                && let Some(n) = sets.off.get((cell * 9 + v) as Pot)
            {
                out.push(n);
            }
        }
    } else {
        let r = usize::from(why);
        let di = usize::from(d) - 1;
        let gone = base.with[di] & !work.with[di] & region_set(r);
        for &c in &REGIONS[r] {
            if gone >> c & 1 == 1
                && let Some(n) = sets.off.get((usize::from(c) * 9 + di) as Pot)
            {
                out.push(n);
            }
        }
    }
}

impl Net {
    /// SE's step past the basic rules at levels 2 to 4: the "offs" of
    /// inner chain finders, queued; false when there are none new (or
    /// the inner search was stopped).
    fn add_nested(
        &mut self,
        work: &Work,
        base: &Work,
        sets: &mut Sets,
        pend_off: &mut Vec<u32>,
        m: Mode,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        let memo = self.nested_memo.remove(&work.cand);
        let offs = match memo {
            Some(offs) => offs,
            None => {
                let mut offs = Vec::new();
                let inner = self.inner.get_or_insert_with(|| Box::new(Inner::new()));
                if !super::nested::advanced(inner, work, base, m, &mut offs, stop) {
                    self.stopped = true;
                    return false;
                }
                offs
            }
        };
        let mut added = false;
        let mut parents = Vec::new();
        for (p, from, id) in &offs {
            if sets.off.get(*p).is_some() {
                continue;
            }
            parents.clear();
            parents.extend(from.iter().filter_map(|&q| sets.off.get(q)));
            let n = self.node(*p, false, &parents);
            self.nodes[n as usize].nested = *id;
            sets.off.add(*p, n);
            pend_off.push(n);
            added = true;
        }
        self.nested_memo.insert(work.cand, offs);
        added
    }

    /// Calls `f(pot, on, why)` for each distinct potential node `n` stems
    /// from, itself first, layer by layer (SE's `getChain`).
    pub fn walk(&mut self, n: u32, mut f: impl FnMut(Pot, bool, u8)) {
        self.walk_nodes(n, |node| f(node.pot, node.on, node.why));
    }

    fn walk_nodes(&mut self, n: u32, mut f: impl FnMut(&Node)) {
        self.stamp += 1;
        let mut todo = std::mem::take(&mut self.todo);
        let mut next = std::mem::take(&mut self.next);
        todo.clear();
        todo.push(n);
        while !todo.is_empty() {
            next.clear();
            for &i in &todo {
                let node = self.nodes[i as usize];
                let key = usize::from(node.pot) * 2 + usize::from(node.on);
                if self.seen[key] != self.stamp {
                    self.seen[key] = self.stamp;
                    f(&node);
                    next.extend_from_slice(
                        &self.parents[node.first as usize..(node.first + node.count) as usize],
                    );
                }
            }
            std::mem::swap(&mut todo, &mut next);
        }
        self.todo = todo;
        self.next = next;
    }

    /// SE's nested complexity of a hint whose chains end at `targets`: the
    /// lengths of the distinct inner chains they stem from.
    pub fn nested_complexity(&mut self, targets: &[u32]) -> usize {
        if self.inner.is_none() {
            return 0;
        }
        let mut ids: Vec<u32> = Vec::new();
        for &t in targets {
            self.walk_nodes(t, |node| {
                if node.nested != NONE && !ids.contains(&node.nested) {
                    ids.push(node.nested);
                }
            });
        }
        let inner = self.inner.as_deref();
        ids.iter()
            .map(|&id| inner.map_or(0, |i| i.complexity(id)))
            .sum()
    }
}
