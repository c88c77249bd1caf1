//! Entry points: fill a board or a box with pieces, count or collect the
//! packings, on as many threads as asked, reusing compiled tables.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::monitor::Monitor;

use super::bits::{Bits, Wide};
use super::compile::{Compiled, Problem, compile};
use super::packing::Packing;
use super::pieces::Piece;
use super::search::{
    Counts, FewestTable, Found, Root, Shared, Stopped, Table, Task, build, deepen, fewest_items,
    fewest_root, root_items, roots, run_root, tight_rule,
};
use super::space::{Solid, Space};
use super::{PolyError, Region};
use crate::shard::Shard;

/// What to compute.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Pieces may be rotated but not turned over (flat pieces only).
    pub one_sided: bool,
    /// Count every solution, not one per class under the board's symmetries.
    pub raw: bool,
    /// Stop after this many solutions (counted the way `raw` says).
    pub limit: Option<u64>,
    /// Keep the solutions (otherwise only count them).
    pub keep: bool,
    /// Threads to use (`None`: all; results are the same for any number).
    pub threads: Option<usize>,
    /// Shuffle the order placements are tried in, with this seed.
    pub seed: Option<u64>,
    /// Flood-fill the small pockets next to each new piece (`None`: where
    /// it pays, in boxes and on boards with many or mixed-size pieces).
    /// This and `tight` do not apply to solids in boxes of up to 64 cells,
    /// which the fewest-options search takes (`search::fewest`).
    pub pockets: Option<bool>,
    /// Branch on a cell walled in on all sides but one when there is one,
    /// instead of the first empty cell (`None`: where it pays, see
    /// `search::tight_rule`).
    pub tight: Option<bool>,
    /// Search only this shard of the work (see [`crate::shard`]): the
    /// shards' counts add up to the whole count, raw or by class.
    pub shard: Option<Shard>,
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Solutions counted (raw or unique as asked).
    pub count: u64,
    /// The solutions kept (when `keep` was asked), in search order.
    pub solutions: Vec<Packing>,
    /// Search nodes visited.
    pub nodes: u64,
    /// Set when the search did not run to the end.
    pub stopped: Option<Stopped>,
    /// Size of the symmetry group used (1 for raw counts).
    pub symmetries: usize,
    /// Top-level branches finished, and in all.
    pub branches: (u64, u64),
    /// The work items the count was dealt in (the placements right below
    /// the top-level branches), and how many were this shard's; (0, 0)
    /// when the search was not sharded.
    pub items: (u64, u64),
    /// Why there is no packing, when it was proved before searching.
    pub proof: Option<&'static str>,
}

/// Fill `region` with `pieces` (each listed piece used once; list a piece
/// twice for two copies) and count or collect the solutions.
///
/// Errors: no cells, no pieces, an area the pieces do not match, a board
/// beyond [`super::MAX_CELLS`] or more than [`super::MAX_KINDS`] kinds.
pub fn solve(
    region: &Region,
    pieces: &[Piece],
    options: &Options,
    monitor: &dyn Monitor,
) -> Result<Outcome, PolyError> {
    let problem = Problem::flat(region, pieces, options.one_sided);
    solve_problem(&problem, options, monitor)
}

/// Fill a box with solid pieces turned in space.
pub fn solve_solid(
    space: &Space,
    pieces: &[Solid],
    options: &Options,
    monitor: &dyn Monitor,
) -> Result<Outcome, PolyError> {
    solve_problem(&Problem::solid(space, pieces), options, monitor)
}

/// Count the solutions (unique up to the board's symmetries unless `raw`).
pub fn count(
    region: &Region,
    pieces: &[Piece],
    one_sided: bool,
    raw: bool,
    monitor: &dyn Monitor,
) -> Result<Outcome, PolyError> {
    let options = Options {
        one_sided,
        raw,
        ..Options::default()
    };
    solve(region, pieces, &options, monitor)
}

/// Compiled tables for one mask width.
enum Tables {
    U64(Table<u64>),
    U128(Table<u128>),
    W4(Table<Wide<4>>),
    W16(Table<Wide<16>>),
}

/// A problem compiled with its tables, shared by calls on the same board,
/// pieces and seed.
struct Prepared {
    compiled: Compiled,
    tables: Option<Tables>,
    /// Solids in a box of up to 64 cells: the fewest-options search's
    /// tables (see `search::fewest`).
    fewest: Option<FewestTable>,
}

/// The last few prepared problems (building tables costs more than a small
/// search).
static CACHE: Mutex<Vec<(Vec<u16>, Arc<Prepared>)>> = Mutex::new(Vec::new());
const CACHE_SIZE: usize = 8;

fn prepare(
    problem: &Problem,
    seed: Option<u64>,
    tight: Option<bool>,
) -> Result<Arc<Prepared>, PolyError> {
    let mut key = problem.key();
    if let Some(t) = tight {
        key.push(u16::MAX - 3 - u16::from(t));
    }
    if let Some(s) = seed {
        key.push(u16::MAX - 2);
        key.extend((0..4).map(|i| (s >> (16 * i)) as u16));
    }
    if let Ok(cache) = CACHE.lock()
        && let Some((_, p)) = cache.iter().find(|(k, _)| *k == key)
    {
        return Ok(p.clone());
    }
    let compiled = compile(problem)?;
    let tight = tight.unwrap_or_else(|| tight_rule(&compiled));
    let tables = if compiled.impossible.is_some() {
        None
    } else {
        Some(match compiled.nbits {
            0..=64 => Tables::U64(build(&compiled, seed, tight)),
            65..=128 => Tables::U128(build(&compiled, seed, tight)),
            129..=256 => Tables::W4(build(&compiled, seed, tight)),
            _ => Tables::W16(build(&compiled, seed, tight)),
        })
    };
    let fewest = match &tables {
        Some(Tables::U64(t)) if FewestTable::applies(&compiled) => FewestTable::new(&compiled, t),
        _ => None,
    };
    let prepared = Arc::new(Prepared {
        compiled,
        tables,
        fewest,
    });
    if let Ok(mut cache) = CACHE.lock() {
        if cache.len() >= CACHE_SIZE {
            cache.remove(0);
        }
        cache.push((key, prepared.clone()));
    }
    Ok(prepared)
}

fn solve_problem(
    problem: &Problem,
    options: &Options,
    monitor: &dyn Monitor,
) -> Result<Outcome, PolyError> {
    let prepared = prepare(problem, options.seed, options.tight)?;
    let p = &prepared.compiled;
    let symmetries = if options.raw { 1 } else { p.group.len() };
    let mut out = match &prepared.tables {
        None => Outcome {
            nodes: 1,
            proof: p.impossible,
            ..Outcome::default()
        },
        Some(Tables::U64(t)) => search_branches(p, t, prepared.fewest.as_ref(), options, monitor),
        Some(Tables::U128(t)) => search_branches(p, t, None, options, monitor),
        Some(Tables::W4(t)) => search_branches(p, t, None, options, monitor),
        Some(Tables::W16(t)) => search_branches(p, t, None, options, monitor),
    };
    out.symmetries = symmetries;
    // A raw count from the symmetry-broken search grows by |G|/|Stab| at a
    // time: do not report more than the limit asked for.
    if let Some(limit) = options.limit {
        out.count = out.count.min(limit);
    }
    Ok(out)
}

/// `one` over `parts` on `workers` threads of the current pool, the parts
/// handed out in their order from one counter, first come first served:
/// the search meets its large branches first and its small ones last, so
/// the threads run out of work at about the same time. (Rayon's halving
/// split gave each thread a run of neighbouring parts and could leave one
/// finishing a run of large ones alone: Bedlam on two threads ran 1.67
/// times as fast as on one, against 2.05 for two one-thread processes.)
/// The results come back in the parts' order, whatever the timing.
fn in_order<T: Sync, R: Send>(parts: &[T], workers: usize, one: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = (0..workers.min(parts.len()))
        .into_par_iter()
        .with_max_len(1)
        .flat_map_iter(|_| {
            let mut mine = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(part) = parts.get(i) else {
                    return mine;
                };
                mine.push((i, one(part)));
            }
        })
        .collect();
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// A top-level branch's work: its index, and the share of its items
/// taken (the search's number of its first item, and the shard), or
/// `None` for all of it.
type Part = (usize, Option<(u64, Shard)>);

/// What the steps of one search share: the problem, its tables, and the
/// task.
struct Search<'a, B> {
    p: &'a Compiled,
    t: &'a Table<B>,
    fewest: Option<&'a FewestTable>,
    task: Task,
}

/// Searches the top-level branches of `p` (on threads, or a shard's items
/// of them, as `options` asks) and adds up what they found.
fn search_branches<B: Bits + Send + Sync>(
    p: &Compiled,
    t: &Table<B>,
    fewest: Option<&FewestTable>,
    options: &Options,
    monitor: &dyn Monitor,
) -> Outcome {
    let task = task_of(p, options);
    let search = Search { p, t, fewest, task };
    let mut roots: Vec<Root> = roots(p, t, &task);
    let mut shared = Shared {
        monitor,
        branches_done: AtomicU64::new(0),
        branches: roots.len() as u64,
        found: AtomicU64::new(0),
        cancelled: AtomicBool::new(false),
        counts: Counts::default(),
    };
    let threads = options
        .threads
        .unwrap_or_else(rayon::current_num_threads)
        .max(1);
    let shard = options.shard.filter(|s| !s.is_whole());
    // A count on several threads: the few, uneven top-level branches are
    // cut one level deeper so that no thread waits long for the last one.
    // Only for counts (the order of kept packings, a limit and the items
    // of a shard are defined on the top-level branches) and the 2D search.
    if threads > 1 && shard.is_none() && fewest.is_none() && !task.keep && options.limit.is_none() {
        roots = deepen(p, t, task, roots, &shared);
        shared.branches = roots.len() as u64;
    }
    // The work: each top-level branch whole, or a shard's items of it.
    let (mut parts, items) = match shard {
        Some(shard) => search.shard_parts(&roots, &shared, shard),
        None => ((0..roots.len()).map(|i| (i, None)).collect(), (0, 0)),
    };
    if let Some(ft) = fewest
        && threads > 1
        && shard.is_none()
        && !task.keep
        && options.limit.is_none()
        && roots.len() < 4 * threads
    {
        parts = search.fewest_parts(ft, &roots, &shared);
        shared.branches = parts.len() as u64;
    }
    let found = search.run_parts(&roots, &shared, &parts, options, threads);
    outcome(found, &shared, parts.len(), items, options)
}

/// The search's task as `options` ask it.
fn task_of(p: &Compiled, options: &Options) -> Task {
    Task {
        raw: options.raw,
        keep: options.keep,
        limit: options.limit,
        // Pockets pay off in boxes, where a thin box walls cells in
        // easily, on big boards with many pieces, and with mixed sizes
        // (the bench measures both ways).
        pockets: options.pockets.unwrap_or_else(|| {
            !p.planar
                || p.kinds.iter().map(|k| k.count as usize).sum::<usize>() > 20
                || p.kinds.iter().any(|k| k.size != p.kinds[0].size)
        }),
        memo: true,
    }
}

impl<B: Bits + Send + Sync> Search<'_, B> {
    /// A shard's parts: every branch, each with the number of its first
    /// item (a shard numbers the second-level items of all branches in
    /// search order: branch r's come after those of the branches before
    /// it); and the items of the whole search and of the shard.
    fn shard_parts(
        &self,
        roots: &[Root],
        shared: &Shared,
        shard: Shard,
    ) -> (Vec<Part>, (u64, u64)) {
        let (p, t, task) = (self.p, self.t, self.task);
        let per_root: Vec<u64> = roots
            .par_iter()
            .map(|root| match self.fewest {
                Some(ft) => fewest_items(p, t, ft, task, root, shared),
                None => root_items(p, t, task, root, shared),
            })
            .collect();
        let mut parts = Vec::with_capacity(roots.len());
        let mut next = 0;
        for (i, n) in per_root.into_iter().enumerate() {
            parts.push((i, Some((next, shard))));
            next += n;
        }
        (parts, (next, shard.len_of(next)))
    }

    /// A count by the fewest search on several threads, with fewer
    /// branches than a few per thread (Bedlam's cross has 2): each
    /// branch's work items (the placements tried at its first node)
    /// become parts of their own, taken as a shard of the branch would
    /// take them, so the threads share dozens of parts instead of waiting
    /// on the larger branch. The counts add up as the shards' do.
    fn fewest_parts(&self, ft: &FewestTable, roots: &[Root], shared: &Shared) -> Vec<Part> {
        let (p, t, task) = (self.p, self.t, self.task);
        let per_root: Vec<u64> = roots
            .iter()
            .map(|root| fewest_items(p, t, ft, task, root, shared))
            .collect();
        per_root
            .iter()
            .enumerate()
            .flat_map(|(i, &n)| {
                let cut: Vec<Shard> = (1..=n).filter_map(|k| Shard::new(k, n).ok()).collect();
                match cut.len() {
                    0 | 1 => vec![(i, None)],
                    _ => cut.into_iter().map(|s| (i, Some((0, s)))).collect(),
                }
            })
            .collect()
    }

    /// Searches `parts` on `threads` threads, in chunks when there is a
    /// limit; what each part found, in the parts' order.
    fn run_parts(
        &self,
        roots: &[Root],
        shared: &Shared,
        parts: &[Part],
        options: &Options,
        threads: usize,
    ) -> Vec<Found> {
        let (p, t, task) = (self.p, self.t, self.task);
        let one = |part: &Part| {
            let (i, split) = *part;
            let root = &roots[i];
            let f = match self.fewest {
                Some(ft) => fewest_root(p, t, ft, task, root, shared, split),
                None => run_root(p, t, task, root, shared, split),
            };
            // A branch cut short by Ctrl+C is not finished.
            if f.stopped != Some(Stopped::Cancelled) {
                shared.branches_done.fetch_add(1, Ordering::Relaxed);
            }
            shared.report();
            f
        };
        let mut found: Vec<Found> = Vec::with_capacity(roots.len());
        let mut total = 0u64;
        // With a limit, branches run a chunk at a time so that work stops soon
        // after enough is found; the order of results never depends on timing.
        let chunk = if options.limit.is_some() {
            threads
        } else {
            parts.len().max(1)
        };
        let pool = if threads > 1 && options.threads.is_some() {
            crate::threads::pool(threads).ok()
        } else {
            None
        };
        // Threads asked for and refused (checked before the job, so rare):
        // this thread, never the global pool, whose start would then panic.
        let here = threads == 1 || (options.threads.is_some() && pool.is_none());
        for part in parts.chunks(chunk) {
            let results: Vec<Found> = if here || part.len() == 1 {
                part.iter().map(one).collect()
            } else if let Some(pool) = &pool {
                pool.install(|| in_order(part, threads, one))
            } else {
                in_order(part, threads, one)
            };
            for f in results {
                total += f.count;
                found.push(f);
            }
            if options.limit.is_some_and(|l| total >= l) || shared.cancelled.load(Ordering::Relaxed)
            {
                break;
            }
        }
        found
    }
}

/// The search's outcome: what its `parts` `found` added up, cut to the
/// limit, marked stopped as it was; its last progress reported.
fn outcome(
    found: Vec<Found>,
    shared: &Shared,
    parts: usize,
    items: (u64, u64),
    options: &Options,
) -> Outcome {
    let mut out = Outcome {
        branches: (shared.branches_done.load(Ordering::Relaxed), parts as u64),
        items,
        ..Outcome::default()
    };
    let mut cancelled = false;
    for f in found {
        out.count += f.count;
        out.nodes += f.nodes;
        out.solutions.extend(f.packings);
        cancelled |= f.stopped == Some(Stopped::Cancelled);
    }
    out.nodes = out.nodes.max(1);
    if let Some(limit) = options.limit {
        out.solutions
            .truncate(limit.min(usize::MAX as u64) as usize);
        if out.count >= limit {
            out.stopped = Some(Stopped::Limit);
        }
    }
    if out.stopped.is_none() && (cancelled || shared.cancelled.load(Ordering::Relaxed)) {
        out.stopped = Some(Stopped::Cancelled);
    }
    shared.monitor.report(&crate::monitor::Progress {
        label: "polyomino: top-level branches",
        done: out.branches.0,
        total: Some(out.branches.1),
        found: out.count,
    });
    out
}
