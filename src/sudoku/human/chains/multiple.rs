//! Sudoku Explainer's Nishio (7.5), multiple (8.0) and dynamic (8.5)
//! forcing chains, its `Chaining` rule with `multiple`, `dynamic` and
//! `nishio` set: for each candidate of each cell, what follows from it on
//! and from it off. A contradiction (Nishio, dynamic), a consequence of
//! both (dynamic "Double Forcing Chain"), a consequence of every candidate
//! of a cell ("Cell Forcing Chains") or of every place of a digit in a
//! region ("Region Forcing Chains") is a hint; the length increment counts
//! every potential the conclusion stems from.

use std::ops::ControlFlow;

use super::dynamic::{Mode, Net, PotSet, Sets};
use super::nested::{Extra, NO_CAUSE};
use super::rules::{BY_CELL, Pot, Work, cell_of, digit_of, length_difficulty, pot};
use super::{Found, Link};
use crate::sudoku::grid::cell_name;
use crate::sudoku::human::board::{REGIONS, bit, digits_of, kind_of, regions_of};
use crate::sudoku::human::{CandidateGrid, Sink, Step};

/// Which of SE's chaining rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    Nishio,
    Multiple,
    Dynamic,
    /// SE's level 1, "Dynamic Forcing Chains (+)".
    Plus,
    /// SE's levels 2 and 3, "Nested Forcing Chains".
    Nested(u8),
    /// SE's level 4 with nesting limit `n`: dynamic chains of level `n`
    /// inside the searches.
    NestedDynamic(u8),
}

impl Rule {
    fn base(self) -> f64 {
        match self {
            Rule::Nishio => 7.5,
            Rule::Multiple => 8.0,
            Rule::Dynamic => 8.5,
            Rule::Plus => 9.0,
            Rule::Nested(level) => 8.5 + 0.5 * f64::from(level),
            Rule::NestedDynamic(_) => 10.5,
        }
    }

    fn mode(self) -> Mode {
        Mode {
            y: self != Rule::Nishio,
            dynamic: self != Rule::Multiple,
            plus: matches!(self, Rule::Plus | Rule::Nested(_) | Rule::NestedDynamic(_)),
            nested: match self {
                Rule::Nested(level) => level,
                Rule::NestedDynamic(_) => 4,
                _ => 0,
            },
            limit: match self {
                Rule::NestedDynamic(n) => n,
                _ => 0,
            },
        }
    }
}

/// SE's "Nishio Forcing Chains".
pub fn nishio(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    run(b, sink, Rule::Nishio)
}

/// SE's "Multiple Forcing Chains" (cell and region forcing chains).
pub fn multiple(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    run(b, sink, Rule::Multiple)
}

/// SE's "Dynamic Forcing Chains".
pub fn dynamic(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    run(b, sink, Rule::Dynamic)
}

/// SE's "Dynamic Forcing Chains (+)": dynamic chains whose searches also
/// use basic rules (see `plus`); same hints, rated from 9.0.
pub fn dynamic_plus(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    run(b, sink, Rule::Plus)
}

/// SE's "Nested Forcing Chains" at `level` (2: with forcing chains
/// inside the searches, 3: also multiple forcing chains).
pub fn nested(level: u8, b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    run(b, sink, Rule::Nested(level))
}

/// SE's "Nested Forcing Chains" at level 4 with nesting limit `limit`:
/// its dynamic chains at level `limit` (0: plain, 1: (+), 2 and 3:
/// nested) inside the searches.
pub fn nested_dynamic(limit: u8, b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    run(b, sink, Rule::NestedDynamic(limit))
}

struct Ctx {
    rule: Rule,
    base: Work,
    work: Work,
    net: Net,
    found: Vec<Found>,
    /// As an inner rule of a nested search: the grid that search started
    /// from (rule parents are the candidates struck since), and each
    /// hint's [`Extra`], in step with `found`.
    outer: Option<Work>,
    extras: Vec<Extra>,
    /// The search from each candidate on, with its contradiction, kept
    /// from the region chains of an earlier cell until the candidate's own
    /// cell takes it: a search depends only on its start and `base`, and
    /// the net keeps every node until the next [`Ctx::search`].
    on_searches: Vec<Option<OnSearch>>,
}

/// A search from a candidate on and the contradiction it stopped at.
type OnSearch = (Sets, Option<(u32, u32)>);

impl Ctx {
    fn new(rule: Rule, base: Work) -> Ctx {
        Ctx {
            rule,
            work: base.clone(),
            base,
            net: Net::new(),
            found: Vec::new(),
            outer: None,
            extras: Vec::new(),
            on_searches: (0..729).map(|_| None).collect(),
        }
    }

    /// Every hint of the rule on `base`, unsorted; false when `stop` said
    /// stop (asked before each cell, also by the searches of level 4's
    /// inner rule).
    fn search(&mut self, stop: &mut dyn FnMut() -> bool) -> bool {
        let dynamic = self.rule != Rule::Multiple;
        self.net.stopped = false;
        self.net.clear();
        self.on_searches.iter_mut().for_each(|s| *s = None);
        for cell in 0..81 {
            let n = self.base.cand[cell].count_ones();
            if n > 2 || (n > 1 && dynamic) {
                if stop() {
                    return false;
                }
                cell_chains(self, cell, stop);
                if self.net.stopped {
                    return false;
                }
            }
        }
        true
    }
}

fn run(b: &CandidateGrid, sink: &mut Sink, rule: Rule) -> ControlFlow<()> {
    let mut cx = Ctx::new(rule, Work::new(b.masks()));
    // The levels with basic rules or chains inside take long: Ctrl+C
    // stops them between cells.
    let slow = matches!(rule, Rule::Plus | Rule::Nested(_) | Rule::NestedDynamic(_));
    if !cx.search(&mut || slow && sink.cancelled()) {
        return ControlFlow::Break(());
    }
    super::emit(std::mem::take(&mut cx.found), sink)
}

/// A chain rule run inside a nested search on its working grid: SE's
/// static "Multiple Forcing Chains" (level 3) or its dynamic chains at
/// the nesting limit (level 4).
pub struct InnerChains(Ctx);

impl InnerChains {
    pub fn multiple() -> InnerChains {
        InnerChains(Ctx::new(Rule::Multiple, Work::new(&[0; 81])))
    }

    /// SE's `Chaining(true, true, false, limit, ...)`: dynamic chains,
    /// (+) at 1, nested at 2 and 3.
    pub fn dynamic(limit: u8) -> InnerChains {
        let rule = match limit {
            0 => Rule::Dynamic,
            1 => Rule::Plus,
            n => Rule::Nested(n),
        };
        InnerChains(Ctx::new(rule, Work::new(&[0; 81])))
    }

    /// Every hint on `work` with its [`Extra`] against `outer` (the grid
    /// the outer search started from), unsorted; false (and no hints)
    /// when `stop` said stop.
    pub fn hints(
        &mut self,
        work: &Work,
        outer: &Work,
        out: &mut Vec<(Found, Extra)>,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        let cx = &mut self.0;
        cx.base = work.clone();
        cx.work = work.clone();
        cx.outer = Some(outer.clone());
        cx.found.clear();
        cx.extras.clear();
        let done = cx.search(stop);
        if done {
            out.extend(cx.found.drain(..).zip(cx.extras.drain(..)));
        }
        done
    }
}

/// SE's `getMultipleChainsHintListForCell`.
fn cell_chains(cx: &mut Ctx, cell: usize, stop: &mut dyn FnMut() -> bool) {
    let m = cx.rule.mode();
    let mask = cx.base.cand[cell];
    let card = mask.count_ones();
    let nishio = cx.rule == Rule::Nishio;
    let dynamic = cx.rule != Rule::Multiple;
    let mut per_value: Vec<Sets> = Vec::new();
    for d in digits_of(mask) {
        let p = pot(cell, d);
        let (on, absurd) = match cx.on_searches[usize::from(p)].take() {
            Some(s) => s,
            None => {
                let s = search_on(cx, p, m, stop);
                if cx.net.stopped {
                    return;
                }
                s
            }
        };
        if let (true, Some((a, b))) = (dynamic, absurd) {
            binary(cx, p, true, a, b, true, &[(cell, d)], false);
        }
        let mut off = Sets::new();
        cx.net.start(p, false, &mut off);
        let absurd = cx.net.chain(&mut cx.work, &cx.base, &mut off, m, stop);
        if cx.net.stopped {
            return;
        }
        if let (true, Some((a, b))) = (dynamic, absurd) {
            let removed = others(&cx.base, p);
            binary(cx, p, false, a, b, true, &removed, true);
        }
        if card >= 3 && !nishio && dynamic {
            for &q in &on.on.order {
                if let Some(b) = off.on.get(q) {
                    let a = on.on.get(q).unwrap_or(0);
                    let removed = others(&cx.base, q);
                    binary(cx, p, true, a, b, false, &removed, true);
                }
            }
            for &q in &on.off.order {
                if let Some(b) = off.off.get(q) {
                    let a = on.off.get(q).unwrap_or(0);
                    binary(
                        cx,
                        p,
                        false,
                        a,
                        b,
                        false,
                        &[(cell_of(q), digit_of(q))],
                        false,
                    );
                }
            }
        }
        if !nishio {
            region_chains(cx, cell, d, &on, stop);
            if cx.net.stopped {
                return;
            }
        }
        per_value.push(on);
    }
    if !nishio {
        for state in [true, false] {
            let common: Vec<Pot> = side(&per_value[0], state)
                .order
                .iter()
                .copied()
                .filter(|&q| {
                    per_value[1..]
                        .iter()
                        .all(|s| side(s, state).get(q).is_some())
                })
                .collect();
            for q in common {
                let nodes: Vec<u32> = per_value
                    .iter()
                    .map(|s| side(s, state).get(q).unwrap_or(0))
                    .collect();
                let what = format!("Cell Forcing Chains: {} ==>", cell_name(cell));
                reduction(cx, q, state, &nodes, what, 5, BY_CELL);
            }
        }
    }
}

/// The search from `p` on (SE's `doChaining` from an "on" assumption).
fn search_on(cx: &mut Ctx, p: Pot, m: Mode, stop: &mut dyn FnMut() -> bool) -> OnSearch {
    let mut on = Sets::new();
    cx.net.start(p, true, &mut on);
    let absurd = cx.net.chain(&mut cx.work, &cx.base, &mut on, m, stop);
    (on, absurd)
}

/// The "on" or "off" half of a search's consequences.
fn side(s: &Sets, on: bool) -> &PotSet {
    if on { &s.on } else { &s.off }
}

/// The other candidates of a potential's cell, as removals.
fn others(w: &Work, q: Pot) -> Vec<(usize, u8)> {
    let (c, d) = (cell_of(q), digit_of(q));
    digits_of(w.cand[c] & !bit(d)).map(|v| (c, v)).collect()
}

/// SE's `doRegionChainings` for the digit `d` of `cell`, whose "on"
/// consequences are `on`.
fn region_chains(cx: &mut Ctx, cell: usize, d: u8, on: &Sets, stop: &mut dyn FnMut() -> bool) {
    let m = cx.rule.mode();
    for r in regions_of(cell) {
        let places = cx.base.places(r, d);
        let n = places.count_ones();
        let multiple = cx.rule != Rule::Nishio;
        if !(n == 2 || (multiple && n > 2)) {
            continue;
        }
        if usize::from(REGIONS[r][places.trailing_zeros() as usize]) != cell {
            continue;
        }
        let mut others: Vec<Pot> = Vec::new();
        for (j, &c) in REGIONS[r].iter().enumerate() {
            let c = usize::from(c);
            if places >> j & 1 == 1 && c != cell {
                let q = pot(c, d);
                if cx.on_searches[usize::from(q)].is_none() {
                    let s = search_on(cx, q, m, stop);
                    if cx.net.stopped {
                        return;
                    }
                    cx.on_searches[usize::from(q)] = Some(s);
                }
                others.push(q);
            }
        }
        let mut chains: Vec<(Pot, bool, Vec<u32>)> = Vec::new();
        {
            let others: Vec<&Sets> = others
                .iter()
                .filter_map(|&q| cx.on_searches[usize::from(q)].as_ref().map(|(s, _)| s))
                .collect();
            for state in [true, false] {
                for &q in &side(on, state).order {
                    if others.iter().all(|s| side(s, state).get(q).is_some()) {
                        let mut nodes = vec![side(on, state).get(q).unwrap_or(0)];
                        nodes.extend(others.iter().map(|s| side(s, state).get(q).unwrap_or(0)));
                        chains.push((q, state, nodes));
                    }
                }
            }
        }
        for (q, state, nodes) in chains {
            let what = format!("Region Forcing Chains: {d} in {} ==>", kind_of(r).name());
            reduction(cx, q, state, &nodes, what, 6, r as u8);
        }
    }
}

/// A cell or region forcing chain: every branch (`nodes`) sets `q` to
/// `state`.
#[allow(clippy::too_many_arguments)]
fn reduction(
    cx: &mut Ctx,
    q: Pot,
    state: bool,
    nodes: &[u32],
    what: String,
    sort_key: u8,
    start: u8,
) {
    let (c, d) = (cell_of(q), digit_of(q));
    let (placed, removed) = if state {
        (vec![(c, d)], others(&cx.base, q))
    } else {
        (Vec::new(), vec![(c, d)])
    };
    if removed.is_empty() {
        return;
    }
    let mut complexity: usize = nodes.iter().map(|&n| cx.net.ancestors(n)).sum();
    complexity += cx.net.nested_complexity(nodes);
    if let Some(outer) = &cx.outer {
        let extra = super::nested::net_extra(&mut cx.net, nodes, start, outer, &cx.base);
        cx.extras.push(extra);
    }
    let text = format!(
        "{what} {}.{d} {}",
        cell_name(c),
        if state { "on" } else { "off" }
    );
    let technique = if sort_key == 5 {
        "Cell Forcing Chains"
    } else {
        "Region Forcing Chains"
    };
    let mut links = Vec::new();
    for &n in nodes {
        links.extend(net_links(&cx.net, n));
    }
    push(
        cx,
        complexity,
        sort_key,
        technique,
        text,
        placed,
        removed,
        vec![c],
        links,
    );
}

/// A Nishio, contradiction or double forcing chain from `src` (on or
/// off), ending at nodes `a` (on) and `b` (off).
#[allow(clippy::too_many_arguments)]
fn binary(
    cx: &mut Ctx,
    src: Pot,
    src_on: bool,
    a: u32,
    b: u32,
    absurd: bool,
    removed: &[(usize, u8)],
    places: bool,
) {
    if removed.is_empty() {
        return;
    }
    let complexity = cx.net.ancestors(a) + cx.net.ancestors(b) + cx.net.nested_complexity(&[a, b]);
    if let Some(outer) = &cx.outer {
        // As level 4's inner rule (SE's chain targets: the "on", then the
        // "off"; a binary chain's start has no cause).
        let extra = super::nested::net_extra(&mut cx.net, &[a, b], NO_CAUSE, outer, &cx.base);
        cx.extras.push(extra);
    }
    let s = format!("{}.{}", cell_name(cell_of(src)), digit_of(src));
    let (pb, _) = cx.net.pot(b);
    let (pa, a_on) = cx.net.pot(a);
    let (technique, text) = if cx.rule == Rule::Nishio {
        let st = if src_on { "on" } else { "off" };
        let t = format!(
            "Nishio Forcing Chain: {s} {st} ==> {} both on & off",
            pot_name(pb)
        );
        ("Nishio Forcing Chain", t)
    } else if absurd {
        let st = if src_on { "on" } else { "off" };
        let t = format!(
            "Contradiction Forcing Chain: {s} {st} ==> {} both on & off",
            pot_name(pb)
        );
        ("Contradiction Forcing Chain", t)
    } else {
        let t = format!(
            "Double Forcing Chain: {s} on & off ==> {} {}",
            pot_name(pa),
            if a_on { "on" } else { "off" }
        );
        ("Double Forcing Chain", t)
    };
    let (c, d) = if absurd {
        (cell_of(src), digit_of(src))
    } else {
        (cell_of(pa), digit_of(pa))
    };
    let placed = if places { vec![(c, d)] } else { Vec::new() };
    let sort_key = if absurd { 7 } else { 1 };
    let mut links = net_links(&cx.net, a);
    links.extend(net_links(&cx.net, b));
    let cells = vec![cell_of(src), cell_of(pa)];
    push(
        cx,
        complexity,
        sort_key,
        technique,
        text,
        placed,
        removed.to_vec(),
        cells,
        links,
    );
}

fn pot_name(p: Pot) -> String {
    format!("{}.{}", cell_name(cell_of(p)), digit_of(p))
}

#[allow(clippy::too_many_arguments)]
fn push(
    cx: &mut Ctx,
    complexity: usize,
    sort_key: u8,
    technique: &'static str,
    text: String,
    placed: Vec<(usize, u8)>,
    mut removed: Vec<(usize, u8)>,
    cells: Vec<usize>,
    links: Vec<Link>,
) {
    removed.sort_unstable();
    let difficulty = cx.rule.base() + length_difficulty(complexity);
    cx.found.push(Found {
        difficulty,
        complexity,
        sort_key,
        step: Step {
            technique,
            rating: super::tenths(difficulty),
            placed,
            removed,
            cells,
            text,
            exact: true,
            links,
        },
    });
}

/// The links of the chain ending at node `n` (first parents only: the
/// picture's main line), from its start.
fn net_links(net: &Net, mut n: u32) -> Vec<Link> {
    let mut out = Vec::new();
    while let Some(&p) = net.parents(n).first() {
        let ((to, on), (from, _)) = (net.pot(n), net.pot(p));
        out.push(Link {
            from: (cell_of(from), digit_of(from)),
            to: (cell_of(to), digit_of(to)),
            strong: on,
        });
        n = p;
    }
    out.reverse();
    out
}
