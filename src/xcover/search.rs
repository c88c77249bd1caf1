//! The search: Knuth's Algorithm X (XCC) on bitsets. A node keeps the set
//! of live options (compatible with every choice so far) as a bitset and,
//! per uncovered primary item, how many live options cover it. A node
//! branches on the item with the fewest (the first such item, as dlx1
//! does); choosing an option removes every live option it conflicts with
//! (sharing an item, except a secondary item of the same colour), word by
//! word, and takes their counts off. Bitsets of options beat linked lists
//! on the small and middle-sized problems people write: the work per node
//! is a few words per item of the option, with no pointer chasing.
//!
//! Work is dealt by the choices of the first two levels (numbered in
//! search order): threads take them, a shard takes every N-th.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;

use super::CoverProblem;
use crate::monitor::{Monitor, Progress};
use crate::shard::Shard;

/// How to search.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Stop after this many solutions.
    pub limit: Option<u64>,
    /// Keep the solutions (else only count them).
    pub keep: bool,
    /// Threads for a count (`None`: all); a listing runs on one.
    pub threads: Option<usize>,
    /// Count only this shard's share of the work.
    pub shard: Option<Shard>,
    /// Try options in an order shuffled with this seed.
    pub seed: Option<u64>,
}

/// Why a search stopped before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopCause {
    /// The monitor asked to stop (Ctrl+C, the memory budget).
    Cancelled,
    /// `limit` solutions were found.
    Limit,
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub count: u64,
    /// Each solution's option indices, ascending (when kept).
    pub solutions: Vec<Vec<usize>>,
    pub stopped: Option<StopCause>,
    /// Work items (choices of the first two levels) finished, of all.
    pub branches: (u64, u64),
}

/// A search that could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// Its tables would not fit in the memory budget.
    TooLarge { bytes: u64 },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::TooLarge { bytes } => write!(
                f,
                "the problem's tables need {} (items × options / 8 bytes and more), past the memory budget",
                crate::memory::format_size(*bytes)
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// A primary item already covered (its count is never the fewest).
const COVERED: u32 = u32::MAX;

/// The most bytes of conflict masks computed ahead (one bitset per option).
const MASKS_BYTES: u64 = 16 << 20;

/// Nodes between two looks at the monitor.
const POLL: u64 = 1 << 14;

/// The problem compiled for the search. Options are renumbered (shuffled
/// with a seed); `original` maps back.
struct Tables {
    /// Words per option bitset.
    words: usize,
    primary: usize,
    /// Per item, the options that use it (`words` words each).
    users: Vec<u64>,
    /// Per (item, colour) pair, the options giving the item that colour.
    same_colour: Vec<u64>,
    /// Per option, its entries: item and, for a colour, its pair.
    entries: Vec<Vec<(u32, Option<u32>)>>,
    /// Per option, its primary items: `primary_items[primary_at[o]..primary_at[o + 1]]`
    /// (one flat list: the removal loop reads it for every option removed).
    primary_at: Vec<u32>,
    primary_items: Vec<u32>,
    /// Per option, its conflicts ([`Tables::conflicts`]) computed once,
    /// when they fit in [`MASKS_BYTES`].
    masks: Option<Vec<u64>>,
    /// Options with a primary item: the live set at the root.
    choosable: Vec<u64>,
    original: Vec<usize>,
}

/// A vector of `len` zeros, or the budget error instead of an abort.
fn zeros<T: Clone + Default>(len: usize) -> Result<Vec<T>, SolveError> {
    let bytes = (len as u64).saturating_mul(std::mem::size_of::<T>() as u64);
    let budget = crate::memory::budget();
    let mut v = Vec::new();
    if (budget != 0 && bytes > budget) || v.try_reserve_exact(len).is_err() {
        return Err(SolveError::TooLarge { bytes });
    }
    v.resize(len, T::default());
    Ok(v)
}

impl Tables {
    fn new(p: &CoverProblem, seed: Option<u64>) -> Result<Tables, SolveError> {
        let n = p.options.len();
        let mut order: Vec<usize> = (0..n).collect();
        if let Some(seed) = seed {
            order.shuffle(&mut rand::rngs::ChaCha8Rng::seed_from_u64(seed));
        }
        let words = n.div_ceil(64).max(1);
        let mut pairs: std::collections::HashMap<(u32, u32), u32> = Default::default();
        for o in &p.options {
            for e in o {
                if let Some(c) = e.colour {
                    let k = pairs.len() as u32;
                    pairs.entry((e.item, c)).or_insert(k);
                }
            }
        }
        let mut t = Tables {
            words,
            primary: p.primary,
            users: zeros(p.items.len().saturating_mul(words))?,
            same_colour: zeros(pairs.len().saturating_mul(words))?,
            entries: Vec::with_capacity(n),
            primary_at: vec![0],
            primary_items: Vec::new(),
            masks: None,
            choosable: zeros(words)?,
            original: order.clone(),
        };
        for (at, &i) in order.iter().enumerate() {
            let bit = (at / 64, 1u64 << (at % 64));
            let mut entries = Vec::with_capacity(p.options[i].len());
            let mut primaries = Vec::new();
            for e in &p.options[i] {
                t.users[e.item as usize * words + bit.0] |= bit.1;
                let pair = e.colour.map(|c| pairs[&(e.item, c)]);
                if let Some(k) = pair {
                    t.same_colour[k as usize * words + bit.0] |= bit.1;
                }
                if (e.item as usize) < p.primary {
                    primaries.push(e.item);
                }
                entries.push((e.item, pair));
            }
            if !primaries.is_empty() {
                t.choosable[bit.0] |= bit.1;
            }
            t.entries.push(entries);
            t.primary_items.extend(&primaries);
            t.primary_at.push(t.primary_items.len() as u32);
        }
        if (n * words * 8) as u64 <= MASKS_BYTES {
            let mut masks = vec![0; n * words];
            for (o, mask) in masks.chunks_exact_mut(words).enumerate() {
                t.conflicts(o, mask);
            }
            t.masks = Some(masks);
        }
        Ok(t)
    }

    /// Option `o`'s primary items.
    #[inline]
    fn primaries(&self, o: usize) -> &[u32] {
        &self.primary_items[self.primary_at[o] as usize..self.primary_at[o + 1] as usize]
    }

    /// Option `o`'s conflicts, written to `out`.
    #[inline]
    fn conflicts(&self, o: usize, out: &mut [u64]) {
        let w = self.words;
        out.fill(0);
        for &(item, pair) in &self.entries[o] {
            let users = &self.users[item as usize * w..][..w];
            match pair {
                None => out.iter_mut().zip(users).for_each(|(x, u)| *x |= u),
                Some(k) => {
                    let same = &self.same_colour[k as usize * w..][..w];
                    for ((x, u), s) in out.iter_mut().zip(users).zip(same) {
                        *x |= u & !s;
                    }
                }
            }
        }
    }
}

/// Shared by the workers of one search.
struct Shared<'a> {
    tables: &'a Tables,
    keep: bool,
    limit: u64,
    found: AtomicU64,
    stop: AtomicBool,
    cancelled: AtomicBool,
    monitor: &'a dyn Monitor,
}

/// One worker's search state: a stack of nodes (live options and counts
/// per level) and what it found.
struct Walker<'a> {
    s: &'a Shared<'a>,
    live: Vec<u64>,
    counts: Vec<u32>,
    left: Vec<u32>,
    scratch: Vec<u64>,
    path: Vec<u32>,
    frames: Vec<Frame>,
    count: u64,
    solutions: Vec<Vec<usize>>,
    nodes: u64,
}

impl<'a> Walker<'a> {
    fn new(s: &'a Shared<'a>) -> Result<Walker<'a>, SolveError> {
        let t = s.tables;
        let levels = t.primary + 1;
        let mut w = Walker {
            s,
            live: zeros(levels.saturating_mul(t.words))?,
            counts: zeros(levels.saturating_mul(t.primary))?,
            left: zeros(levels)?,
            scratch: zeros(t.words)?,
            path: Vec::with_capacity(levels),
            frames: Vec::with_capacity(levels),
            count: 0,
            solutions: Vec::new(),
            nodes: 0,
        };
        w.live[..t.words].copy_from_slice(&t.choosable);
        for (i, c) in w.counts[..t.primary].iter_mut().enumerate() {
            let users = &t.users[i * t.words..][..t.words];
            *c = users
                .iter()
                .zip(&t.choosable)
                .map(|(u, l)| (u & l).count_ones())
                .sum();
        }
        w.left[0] = t.primary as u32;
        Ok(w)
    }

    /// Level `d + 1` from level `d` with option `o` chosen.
    #[inline]
    fn choose(&mut self, d: usize, o: usize) {
        let t = self.s.tables;
        let (w, p) = (t.words, t.primary);
        let conflict: &[u64] = match &t.masks {
            Some(masks) => &masks[o * w..][..w],
            None => {
                t.conflicts(o, &mut self.scratch);
                &self.scratch
            }
        };
        let (live, next_live) = self.live[d * w..(d + 2) * w].split_at_mut(w);
        let (counts, next_counts) = self.counts[d * p..(d + 2) * p].split_at_mut(p);
        next_counts.copy_from_slice(counts);
        for (k, ((x, n), c)) in live
            .iter()
            .zip(next_live.iter_mut())
            .zip(conflict)
            .enumerate()
        {
            let mut gone = x & c;
            *n = x & !c;
            while gone != 0 {
                let q = k * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                for &j in t.primaries(q) {
                    next_counts[j as usize] = next_counts[j as usize].wrapping_sub(1);
                }
            }
        }
        for &j in t.primaries(o) {
            next_counts[j as usize] = COVERED;
        }
        self.left[d + 1] = self.left[d] - t.primaries(o).len() as u32;
        self.path.truncate(d);
        self.path.push(o as u32);
    }

    /// The uncovered primary item with the fewest live options at level
    /// `d`, and how many (the first such item on a tie).
    #[inline]
    fn fewest(&self, d: usize) -> (usize, u32) {
        let p = self.s.tables.primary;
        let counts = &self.counts[d * p..(d + 1) * p];
        // Two plain passes (a minimum, then its first place) compile to
        // vector code; one pass with a running best does not.
        let least = counts.iter().copied().min().unwrap_or(COVERED);
        let at = counts.iter().position(|&c| c == least).unwrap_or(0);
        (at, least)
    }

    /// The live options at level `d` that cover item `i`, in order.
    fn branches(&self, d: usize, i: usize) -> Vec<usize> {
        let t = self.s.tables;
        let w = t.words;
        let live = &self.live[d * w..(d + 1) * w];
        let users = &t.users[i * w..(i + 1) * w];
        let mut out = Vec::new();
        for (k, (l, u)) in live.iter().zip(users).enumerate() {
            let mut b = l & u;
            while b != 0 {
                out.push(k * 64 + b.trailing_zeros() as usize);
                b &= b - 1;
            }
        }
        out
    }

    fn solution(&mut self, extra: Option<usize>) {
        self.count += 1;
        if self.s.keep {
            let t = self.s.tables;
            let mut s: Vec<usize> = self
                .path
                .iter()
                .map(|&o| t.original[o as usize])
                .chain(extra.map(|o| t.original[o]))
                .collect();
            s.sort_unstable();
            self.solutions.push(s);
        }
        // Shared only under a limit: a plain count adds up its items' counts.
        if self.s.limit != u64::MAX {
            let found = self.s.found.fetch_add(1, Ordering::Relaxed) + 1;
            if found >= self.s.limit {
                self.s.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Looks at the monitor now and then; true when the search must stop.
    #[inline]
    fn stopping(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL) && self.s.monitor.cancelled() {
            self.s.cancelled.store(true, Ordering::Relaxed);
            self.s.stop.store(true, Ordering::Relaxed);
        }
        self.s.stop.load(Ordering::Relaxed)
    }

    /// Enters level `d`: a solution when no primary item is left, else a
    /// frame on the stack for the item with the fewest options (none on a
    /// dead end).
    #[inline]
    fn enter(&mut self, d: usize) {
        if self.left[d] == 0 {
            self.solution(None);
            return;
        }
        let (item, n) = self.fewest(d);
        if n > 0 {
            let w = self.s.tables.words;
            let bits = self.live[d * w] & self.s.tables.users[item * w];
            self.frames.push(Frame {
                item,
                word: 0,
                bits,
            });
        }
    }

    /// Every solution below level `base` (a loop with its own stack, so
    /// that a deep search cannot overflow the thread's).
    fn dfs(&mut self, base: usize) {
        let t = self.s.tables;
        let w = t.words;
        self.frames.clear();
        self.enter(base);
        while !self.frames.is_empty() {
            let d = base + self.frames.len() - 1;
            let top = self.frames.last_mut().expect("not empty");
            while top.bits == 0 && top.word + 1 < w {
                top.word += 1;
                top.bits = self.live[d * w + top.word] & t.users[top.item * w + top.word];
            }
            if top.bits == 0 {
                self.frames.pop();
                continue;
            }
            let o = top.word * 64 + top.bits.trailing_zeros() as usize;
            top.bits &= top.bits - 1;
            if self.stopping() {
                return;
            }
            if self.left[d] == t.primaries(o).len() as u32 {
                // The option covers every item left: a solution, no node.
                self.path.truncate(d);
                self.solution(Some(o));
                continue;
            }
            self.choose(d, o);
            self.enter(d + 1);
        }
    }
}

/// A level of the search in progress: the item branched on and the live
/// options covering it not tried yet (`bits` of word `word`, then the
/// later words).
struct Frame {
    item: usize,
    word: usize,
    bits: u64,
}

/// Depth of the work items: the choices of the first two levels.
const SPLIT: usize = 2;

/// The work items: paths of choices of length [`SPLIT`] (shorter when a
/// solution comes first), in search order; dead ends are left out.
fn work_items(w: &mut Walker, d: usize, out: &mut Vec<Vec<u32>>) {
    if d == SPLIT || w.left[d] == 0 {
        out.push(w.path[..d].to_vec());
        return;
    }
    let (item, n) = w.fewest(d);
    if n == 0 {
        return;
    }
    for o in w.branches(d, item) {
        w.choose(d, o);
        work_items(w, d + 1, out);
    }
}

/// Searches `problem`: counts (or lists, with `keep`) its solutions,
/// stopping at `limit`, on the monitor's word, polled every few thousand
/// nodes. A shard counts its share of the work items.
pub fn solve(
    problem: &CoverProblem,
    options: &Options,
    monitor: &dyn Monitor,
) -> Result<Outcome, SolveError> {
    let tables = Tables::new(problem, options.seed)?;
    let shared = Shared {
        tables: &tables,
        keep: options.keep,
        limit: options.limit.unwrap_or(u64::MAX),
        found: AtomicU64::new(0),
        stop: AtomicBool::new(options.limit == Some(0)),
        cancelled: AtomicBool::new(false),
        monitor,
    };
    let mut root = Walker::new(&shared)?;
    let mut items = Vec::new();
    work_items(&mut root, 0, &mut items);
    let shard = options.shard.unwrap_or(Shard::WHOLE);
    let mine: Vec<&Vec<u32>> = items
        .iter()
        .enumerate()
        .filter(|(i, _)| shard.takes(*i as u64))
        .map(|(_, p)| p)
        .collect();
    let total = mine.len() as u64;
    let done = AtomicU64::new(0);
    let run = |w: &mut Walker, path: &[u32]| {
        for (d, &o) in path.iter().enumerate() {
            w.choose(d, o as usize);
        }
        let before = w.count;
        w.dfs(path.len());
        if shared.limit == u64::MAX {
            shared.found.fetch_add(w.count - before, Ordering::Relaxed);
        }
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        monitor.report(&Progress {
            label: "exact cover",
            done: finished,
            total: Some(total),
            found: shared.found.load(Ordering::Relaxed),
        });
    };
    let threads = options.threads.unwrap_or(0);
    let mut out = Outcome::default();
    if options.keep || threads == 1 || mine.len() < 2 {
        for path in &mine {
            if shared.stop.load(Ordering::Relaxed) {
                break;
            }
            run(&mut root, path);
        }
        out.count = root.count;
        out.solutions = root.solutions;
    } else {
        let search = || {
            mine.par_iter()
                .map_init(
                    || Walker::new(&shared),
                    |w, path| match w {
                        Ok(w) => {
                            run(w, path);
                            Ok(std::mem::take(&mut w.count))
                        }
                        Err(e) => Err(e.clone()),
                    },
                )
                .collect::<Result<Vec<u64>, SolveError>>()
        };
        // A pool the system refuses: the count runs on this thread.
        let pool = (threads > 0)
            .then(|| crate::threads::pool(threads).ok())
            .flatten();
        let counts = match pool {
            Some(pool) => pool.install(search),
            None => search(),
        }?;
        out.count = counts.iter().sum();
    }
    if let Some(limit) = options.limit {
        out.count = out.count.min(limit);
        out.solutions.truncate(limit as usize);
    }
    out.branches = (done.load(Ordering::Relaxed), total);
    if shared.cancelled.load(Ordering::Relaxed) {
        out.stopped = Some(StopCause::Cancelled);
    } else if shared.stop.load(Ordering::Relaxed) {
        out.stopped = Some(StopCause::Limit);
    }
    Ok(out)
}
