//! Sudoku Explainer's "3 Strong Links" and "4 Strong Links" (its
//! `StrongLinks` rule with three or four links): chains of strong links on
//! one digit, each link a region whose places split into two ends (plain
//! cells or groups, see [`shapes`]), consecutive links joined by a weak
//! link (the two ends in one column, row or block, looked for in that
//! order). The chain's two ends cannot both be false, so a candidate
//! seeing both goes. When the ends share a region too, the chain is a
//! loop (SE's X-Loop) and every weak link's region loses its other
//! candidates.
//!
//! SE finds every instance and sorts them: lowest rating, then most
//! eliminations (a loop counts a candidate once per weak link that removes
//! it), then its pattern code; ties keep SE's search order, which each
//! instance carries as a key (the link types, the digit, the regions and
//! the order and direction the chain is read in).
//!
//! The links' regions must not share a place of the digit; a chain is
//! read from its link in the lowest region (SE's blocks, rows, columns)
//! towards the higher; a loop only from its lowest link, entered by that
//! link's first end.

pub(super) mod shapes;

use std::ops::ControlFlow;

use super::board::{CandidateGrid, CellSet, REGIONS, cells_of, peers, region_set, regions_of};
use super::{Link, Sink, Step};
use crate::sudoku::grid::cell_name;
use shapes::shapes;

/// One end of a strong link.
#[derive(Clone, Copy)]
struct End {
    /// The cell SE names.
    main: usize,
    /// Every cell of the end.
    cells: CellSet,
    /// The regions (bit per region 0..27) holding all its cells.
    regions: u32,
}

/// A strong link of one digit.
#[derive(Clone, Copy)]
struct StrongLink {
    region: usize,
    /// Which of the region's links (0 or 1) in SE's order.
    ordinal: usize,
    grouped: bool,
    /// The region's places for the digit.
    places: CellSet,
    ends: [End; 2],
}

/// The regions holding every cell of a set, as a 27-bit mask.
fn regions_holding(cells: CellSet) -> u32 {
    cells_of(cells).fold(!0u32 >> 5, |m, c| {
        m & regions_of(c).iter().fold(0, |a, &r| a | 1 << r)
    })
}

/// The region two ends share, as SE looks for it: column, row, block.
fn shared(a: &End, b: &End) -> Option<usize> {
    let m = a.regions & b.regions;
    [m >> 18 & 0x1ff, m >> 9 & 0x1ff, m & 0x1ff]
        .into_iter()
        .zip([18, 9, 0])
        .find(|&(bits, _)| bits != 0)
        .map(|(bits, base)| base + bits.trailing_zeros() as usize)
}

/// The cells that see every cell of a set.
fn common_peers(set: CellSet) -> CellSet {
    cells_of(set).fold(!0u128 >> 47, |m, c| m & peers(c))
}

/// A digit's strong links in SE's order (region, then ordinal).
fn links_of(b: &CandidateGrid, d: u8, out: &mut Vec<StrongLink>) {
    out.clear();
    for (r, region) in REGIONS.iter().enumerate() {
        let p = b.places(r, d);
        let (found, n) = shapes(r < 9, p);
        let cells_at = |m: u16| {
            (0..9)
                .filter(|j| m >> j & 1 == 1)
                .fold(0u128, |s, j| s | 1u128 << region[j])
        };
        let places = cells_at(p);
        for (ordinal, s) in found[..n].iter().enumerate() {
            let end = |k: usize| {
                let cells = cells_at(s.ends[k]);
                End {
                    main: region[s.main[k] as usize] as usize,
                    cells,
                    regions: regions_holding(cells),
                }
            };
            out.push(StrongLink {
                region: r,
                ordinal,
                grouped: s.grouped,
                places,
                ends: [end(0), end(1)],
            });
        }
    }
}

/// The chain orders SE reads (its QuickPerm order, keeping an order only
/// when it starts with a lower link than it ends), by number of links.
const ORDERS_3: [[u8; 3]; 3] = [[0, 1, 2], [1, 0, 2], [0, 2, 1]];
const ORDERS_4: [[u8; 4]; 12] = [
    [0, 1, 2, 3],
    [1, 0, 2, 3],
    [2, 0, 1, 3],
    [0, 2, 1, 3],
    [1, 2, 0, 3],
    [2, 1, 0, 3],
    [0, 3, 2, 1],
    [0, 2, 3, 1],
    [1, 0, 3, 2],
    [0, 1, 3, 2],
    [1, 3, 0, 2],
    [0, 3, 1, 2],
];

/// The position of a chain order among SE's.
fn order_index(q: &[u8]) -> usize {
    match q.len() {
        3 => ORDERS_3.iter().position(|o| o[..] == *q),
        _ => ORDERS_4.iter().position(|o| o[..] == *q),
    }
    .unwrap_or(usize::MAX)
}

/// SE's line code of the link types in chain order (0 block, 1 row,
/// 2 column), as its `rLineName` writes it.
fn line_code(set: &[u8]) -> String {
    let original: String = set.iter().map(|t| t.to_string()).collect();
    let swapped: String = set
        .iter()
        .map(|&t| match t {
            1 => '2',
            2 => '1',
            t => char::from(b'0' + t),
        })
        .collect();
    if !set.contains(&1) {
        return original.replace('2', "1");
    }
    let reversed: String = swapped.chars().rev().collect();
    let swap = reversed.min(swapped);
    if original > swap { swap } else { original }
}

/// SE's pattern code: grouped links, then the line code of the types read
/// in the direction whose digits come first.
fn suffix(grouped: usize, types: &[u8]) -> String {
    let forward: String = types.iter().map(|t| t.to_string()).collect();
    let backward: String = forward.chars().rev().collect();
    let mut set = types.to_vec();
    if forward > backward {
        set.reverse();
    }
    format!("{grouped}{}", line_code(&set))
}

/// SE's name (without code) and rating in tenths of an instance.
fn name_and_rating(n: usize, grouped: usize, code: &str, ring: bool) -> (&'static str, u8) {
    let tail = &code[1..];
    let (zero, two) = (tail.contains('0'), tail.contains('2'));
    let base = if n == 3 { 54 } else { 58 };
    let rating = if grouped > 0 {
        base + 3
    } else if !zero && !two {
        base
    } else if zero && two {
        base + 2
    } else {
        base + 1
    };
    let g = grouped > 0;
    let name = match (n, ring, g) {
        (3, true, false) => "(3 Strong Links) X-Loop",
        (3, true, true) => "(3 Strong Links) Grouped X-Loop",
        (_, true, false) => "(4 Strong Links) X-Loop",
        (_, true, true) => "(4 Strong Links) Grouped X-Loop",
        (3, false, _) if !zero && !two => {
            ["3 Skyscrapers", "Grouped 3 Skyscrapers"][usize::from(g)]
        }
        (3, false, _) if !zero => ["3-String Kite", "Grouped 3-String Kite"][usize::from(g)],
        (3, false, _) => ["3 Strong links", "Grouped 3 Strong links"][usize::from(g)],
        (_, false, _) if !zero && !two => {
            ["4 Skyscrapers", "Grouped 4 Skyscrapers"][usize::from(g)]
        }
        _ => ["4 Strong links", "Grouped 4 Strong links"][usize::from(g)],
    };
    (name, rating)
}

/// An instance found, with what SE sorts it by (its step is only
/// written when it is reported).
struct Found {
    name: &'static str,
    rating: u8,
    eliminations: u32,
    code: String,
    key: u64,
    d: u8,
    with_d: CellSet,
    removed: CellSet,
    /// Each link's ends in chain order: entry, exit.
    ends: Vec<End>,
}

impl Found {
    fn step(&self) -> Step {
        let d = self.d;
        let mains: Vec<usize> = self.ends.iter().map(|e| e.main).collect();
        let names: Vec<String> = mains.iter().map(|&c| cell_name(c)).collect();
        let links = mains
            .windows(2)
            .enumerate()
            .map(|(k, w)| Link {
                from: (w[0], d),
                to: (w[1], d),
                strong: k % 2 == 0,
            })
            .collect();
        let mut cells = Vec::new();
        for e in &self.ends {
            cells.push(e.main);
            cells.extend(cells_of(e.cells & self.with_d).filter(|&c| c != e.main));
        }
        Step {
            technique: self.name,
            rating: self.rating,
            placed: vec![],
            removed: cells_of(self.removed).map(|c| (c, d)).collect(),
            cells,
            text: format!(
                "{} {}: Cell {} on value {d}",
                self.name,
                self.code,
                names.join(",")
            ),
            exact: true,
            links,
        }
    }
}

/// The chain search for one digit.
struct Search<'a> {
    n: usize,
    d: u8,
    with_d: CellSet,
    links: &'a [StrongLink],
    /// For each link entered by end `u` (index `2 * link + u`), the links
    /// and entry ends its other end reaches by a weak link, as a range of
    /// `next`.
    reach: &'a [(u32, u32)],
    next: &'a [(u16, u8)],
    /// The chain so far: (link index, the end it is entered by).
    chain: Vec<(usize, usize)>,
    found: &'a mut Vec<Found>,
}

impl Search<'_> {
    fn extend(&mut self, used: CellSet) {
        if self.chain.len() == self.n {
            self.finish();
            return;
        }
        let &(at, entry) = self.chain.last().unwrap();
        let (from, to) = self.reach[2 * at + entry];
        for k in from..to {
            let (i, v) = self.next[k as usize];
            let places = self.links[i as usize].places;
            if places & used == 0 {
                self.chain.push((i as usize, v as usize));
                self.extend(used | places);
                self.chain.pop();
            }
        }
    }

    /// A whole chain: SE's reading of it, its eliminations and its step.
    fn finish(&mut self) {
        let n = self.n;
        let links = self.links;
        let chain = &self.chain;
        let (first, last) = (&links[chain[0].0], &links[chain[n - 1].0]);
        if first.region > last.region {
            return;
        }
        let start = first.ends[chain[0].1];
        let end = last.ends[1 - chain[n - 1].1];
        let ring = shared(&start, &end).is_some();
        let lowest = chain.iter().all(|&(i, _)| links[i].region >= first.region);
        if ring && (!lowest || chain[0].1 != 0) {
            return;
        }
        let base: CellSet = chain
            .iter()
            .fold(0, |m, &(i, _)| m | region_set(links[i].region));
        let mut weak_regions: CellSet = 0;
        let mut removed: CellSet = 0;
        let mut eliminations = 0;
        for w in 0..n - 1 {
            let b1 = links[chain[w].0].ends[1 - chain[w].1];
            let b2 = links[chain[w + 1].0].ends[chain[w + 1].1];
            let r = shared(&b1, &b2).unwrap();
            weak_regions |= region_set(r);
            if ring {
                let v = common_peers(b1.cells | b2.cells) & !base & self.with_d;
                eliminations += v.count_ones();
                removed |= v;
            }
        }
        let mut v = common_peers(start.cells | end.cells) & !base & self.with_d;
        if !ring {
            v &= !weak_regions;
        }
        eliminations += v.count_ones();
        removed |= v;
        if removed == 0 {
            return;
        }
        // Depths: the links sorted by region.
        let mut by_region: Vec<usize> = chain.iter().map(|&(i, _)| i).collect();
        by_region.sort_by_key(|&i| links[i].region);
        let depth = |i: usize| by_region.iter().position(|&j| j == i).unwrap() as u8;
        let q: Vec<u8> = chain.iter().map(|&(i, _)| depth(i)).collect();
        let grouped = chain.iter().filter(|&&(i, _)| links[i].grouped).count();
        let types: Vec<u8> = chain
            .iter()
            .map(|&(i, _)| (links[i].region / 9) as u8)
            .collect();
        let code = suffix(grouped, &types);
        let (name, rating) = name_and_rating(n, grouped, &code, ring);
        // SE's search order: link types (highest depth first), digit,
        // regions and ordinals by depth, chain order, directions.
        let mut sorted_types = types.clone();
        sorted_types.sort_unstable();
        let mut key = sorted_types
            .iter()
            .rev()
            .fold(0u64, |k, &t| k * 3 + u64::from(t));
        key = key * 10 + u64::from(self.d);
        for &i in &by_region {
            key = key * 64 + (links[i].region * 2 + links[i].ordinal) as u64;
        }
        key = key * 16 + order_index(&q) as u64;
        key = chain.iter().fold(key, |k, &(_, u)| k * 2 + u as u64);
        let ends = chain
            .iter()
            .flat_map(|&(i, u)| [links[i].ends[u], links[i].ends[1 - u]])
            .collect();
        self.found.push(Found {
            name,
            rating,
            eliminations,
            code,
            key,
            d: self.d,
            with_d: self.with_d,
            removed,
            ends,
        });
    }
}

/// Every chain of `n` strong links, in SE's order.
fn strong_links(b: &CandidateGrid, sink: &mut Sink, n: usize) -> ControlFlow<()> {
    let mut found = Vec::new();
    let mut links = Vec::new();
    let (mut reach, mut next) = (Vec::new(), Vec::new());
    for d in 1..=9u8 {
        links_of(b, d, &mut links);
        if links.len() < n {
            continue;
        }
        reach.clear();
        next.clear();
        for l in &links {
            for u in 0..2 {
                let from = next.len() as u32;
                for (j, m) in links.iter().enumerate() {
                    if m.places & l.places != 0 {
                        continue;
                    }
                    for v in 0..2 {
                        if shared(&l.ends[1 - u], &m.ends[v]).is_some() {
                            next.push((j as u16, v as u8));
                        }
                    }
                }
                reach.push((from, next.len() as u32));
            }
        }
        let mut s = Search {
            n,
            d,
            with_d: b.cells_with(d),
            links: &links,
            reach: &reach,
            next: &next,
            chain: Vec::with_capacity(n),
            found: &mut found,
        };
        for (i, l) in links.iter().enumerate() {
            for u in 0..2 {
                s.chain.push((i, u));
                s.extend(l.places);
                s.chain.pop();
            }
        }
    }
    found.sort_by(|a, b| {
        a.rating
            .cmp(&b.rating)
            .then(b.eliminations.cmp(&a.eliminations))
            .then_with(|| a.code.cmp(&b.code))
            .then(a.key.cmp(&b.key))
    });
    for f in &found {
        sink.add(f.step())?;
    }
    ControlFlow::Continue(())
}

/// SE's "3 Strong Links": chains and loops of three strong links (5.4-5.7).
pub fn three_strong_links(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    strong_links(b, sink, 3)
}

/// SE's "4 Strong Links": chains and loops of four strong links (5.8-6.1).
pub fn four_strong_links(b: &CandidateGrid, sink: &mut Sink) -> ControlFlow<()> {
    strong_links(b, sink, 4)
}
