//! Exact-cover solver for polyomino packings: fill every cell of a
//! [`Region`] with the given pieces, each used as often as it is listed.
//!
//! Design (why it is fast):
//! - The board is a bitboard (`u64`, `u128`, or a fixed array of words for
//!   boards up to [`MAX_CELLS`] cells), numbered along the board's shorter
//!   side so the first empty cell sweeps the board column by column.
//! - Search always fills the first empty cell. Every placement of every
//!   piece is precomputed as a mask and filed under its lowest cell, so at a
//!   node only the placements anchored at that cell are tried, and a
//!   placement fits when `mask & filled == 0`.
//! - Remaining pieces are a bitmask of kinds (with copy counts).
//! - After each placement, a neighbouring empty cell left with no empty
//!   neighbour cuts the branch (one mask expression, no loop). The whole
//!   board's empty regions are flood-filled once before the search: a
//!   region whose size the pieces cannot make up (not a multiple of 5 for
//!   pentominoes) means no solution.
//! - Symmetry: for counts up to the board's symmetry group G, one piece
//!   used once (the one with the fewest placements, X for pentominoes) is
//!   placed first, only at one representative of each G-orbit of its
//!   placements. When a representative is itself symmetric (stabiliser
//!   Stab(p) > 1) several images of one solution are found; a solution is
//!   kept only if it is the smallest among its Stab(p)-images, so every
//!   class is counted exactly once, self-symmetric solutions included. The
//!   raw count is then the sum of |G| / |Stab(p)| over solutions found.
//!
//! Long searches report to a [`Monitor`] and stop when it says so, keeping
//! what was found.

use crate::monitor::{Monitor, Progress};

use super::pieces::{FRAME_COLS, FRAME_ROWS, piece};
use super::polyomino::{Cell, Piece, PolyError, Region, orientations, pentominoes, transform_cell};
use super::session::{Assist, Event, Placing};
use super::{Board, CharBoard};

/// Largest bounding box (rows × cols, holes included) the solver takes.
pub const MAX_CELLS: usize = 1024;

/// Probe cells after the first empty cell c whose state indexes the
/// placement lists, as runs (offset from c, length); `S` stands for the
/// short side: c+1, c+2 (below), c+S-1, c+S, c+S+1 (next column), c+2S.
/// Filtering on them skips most placements that would overlap, without a
/// branch per placement.
fn probe_runs(short: usize) -> [(usize, u32); 3] {
    [(1, 2), (short - 1, 3), (2 * short, 1)]
}

/// Most distinct piece kinds in one problem.
pub const MAX_KINDS: usize = 64;

/// What to compute.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Pieces may be rotated but not turned over.
    pub one_sided: bool,
    /// Count every solution, not one per class under the board's symmetries.
    pub raw: bool,
    /// Stop after this many solutions (counted the way `raw` says).
    pub limit: Option<u64>,
    /// Keep the solutions (otherwise only count them).
    pub keep: bool,
}

/// Why a search ended before exhausting the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The monitor asked to stop.
    Cancelled,
    /// `limit` solutions were found.
    Limit,
}

/// A solved board: one character per cell of the region's box, the piece
/// symbol on filled cells and `.` on holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    rows: usize,
    cols: usize,
    chars: Vec<char>,
}

impl Solution {
    /// Rows of the box.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Columns of the box.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// The character at `(row, col)` (`.` for a hole or outside).
    pub fn get(&self, row: usize, col: usize) -> char {
        if row < self.rows && col < self.cols {
            self.chars[row * self.cols + col]
        } else {
            '.'
        }
    }
    /// The solution as a character board (for `frame`), when it fits the
    /// character board's limits (32×32).
    pub fn to_charboard(&self) -> Option<CharBoard> {
        CharBoard::parse(&self.lines().join("\n")).ok()
    }

    /// The rows as strings.
    pub fn lines(&self) -> Vec<String> {
        self.chars
            .chunks(self.cols.max(1))
            .map(|r| r.iter().collect())
            .collect()
    }
}

impl std::fmt::Display for Solution {
    /// Rows of piece letters, `.` for holes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.lines().join("\n"))
    }
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Solutions counted (raw or unique as asked).
    pub count: u64,
    /// The solutions kept (when `keep` was asked), in search order.
    pub solutions: Vec<Solution>,
    /// Search nodes visited.
    pub nodes: u64,
    /// Set when the search did not run to the end.
    pub stopped: Option<Stopped>,
    /// Size of the symmetry group used (1 for raw counts).
    pub symmetries: usize,
}

/// A piece kind with its copy count, after merging identical shapes.
#[derive(Clone, Debug)]
struct Kind {
    piece: Piece,
    count: u32,
}

/// Group pieces by shape (as the orientation rule sees it), count copies,
/// and give every kind a symbol of its own.
fn kinds(pieces: &[Piece], one_sided: bool) -> Vec<Kind> {
    let mut out: Vec<(Vec<Cell>, Kind)> = Vec::new();
    for p in pieces {
        let key = orientations(&p.cells, one_sided)
            .into_iter()
            .min()
            .unwrap_or_default();
        if let Some((_, k)) = out.iter_mut().find(|(k, _)| *k == key) {
            k.count += 1;
        } else {
            out.push((
                key,
                Kind {
                    piece: p.clone(),
                    count: 1,
                },
            ));
        }
    }
    let mut kinds: Vec<Kind> = out.into_iter().map(|(_, k)| k).collect();
    // Two kinds drawn with one letter would be indistinguishable: re-letter
    // the later ones from a pool of unused characters.
    let pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&*+=?";
    for i in 0..kinds.len() {
        let clash = kinds[..i]
            .iter()
            .any(|k| k.piece.symbol == kinds[i].piece.symbol)
            || kinds[i].piece.symbol == '.';
        if clash
            && let Some(s) = pool
                .chars()
                .find(|s| kinds.iter().all(|k| k.piece.symbol != *s))
        {
            kinds[i].piece.symbol = s;
        }
    }
    kinds
}

/// The problem compiled to bit numbers, independent of the mask type.
struct Compiled {
    /// Cells along the shorter side; bit = long * short_len + short.
    short: usize,
    /// Number of bits in the box.
    nbits: usize,
    /// Open cells as bits.
    open: Vec<usize>,
    /// Bit → cell of the caller's region box.
    cell_of: Vec<Cell>,
    kinds: Vec<Kind>,
    /// Per kind, every placement as a sorted bit list.
    placements: Vec<Vec<Vec<u16>>>,
    /// The symmetry group as bit permutations (identity first).
    group: Vec<Vec<u16>>,
    out_rows: usize,
    out_cols: usize,
}

fn compile(region: &Region, pieces: &[Piece], one_sided: bool) -> Result<Compiled, PolyError> {
    let area = region.area();
    if area == 0 {
        return Err(PolyError::NoCells);
    }
    if pieces.is_empty() {
        return Err(PolyError::NoPieces);
    }
    let piece_area: usize = pieces.iter().map(|p| p.size()).sum();
    if piece_area != area {
        return Err(PolyError::AreaMismatch {
            board: area,
            pieces: piece_area,
        });
    }
    let kinds = kinds(pieces, one_sided);
    if kinds.len() > MAX_KINDS {
        return Err(PolyError::TooManyPieces {
            kinds: kinds.len(),
            limit: MAX_KINDS,
        });
    }
    let cells = region.cells();
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let rows = cells.iter().map(|c| c.0 - r0).max().unwrap_or(0) as usize + 1;
    let cols = cells.iter().map(|c| c.1 - c0).max().unwrap_or(0) as usize + 1;
    let nbits = rows * cols;
    if nbits > MAX_CELLS {
        return Err(PolyError::BoardTooLarge {
            cells: nbits,
            limit: MAX_CELLS,
        });
    }
    let transposed = rows > cols;
    let short = rows.min(cols);
    // Trimmed (r, c) → bit.
    let bit = |r: usize, c: usize| {
        if transposed {
            r * short + c
        } else {
            c * short + r
        }
    };
    let mut open_grid = vec![false; nbits];
    let mut cell_of = vec![(0u16, 0u16); nbits];
    for r in 0..rows {
        for c in 0..cols {
            cell_of[bit(r, c)] = (r as u16 + r0, c as u16 + c0);
        }
    }
    let mut open = Vec::with_capacity(area);
    for &(r, c) in &cells {
        let b = bit((r - r0) as usize, (c - c0) as usize);
        open_grid[b] = true;
        open.push(b);
    }
    let mut placements = Vec::with_capacity(kinds.len());
    for k in &kinds {
        let mut list = Vec::new();
        for o in orientations(&k.piece.cells, one_sided) {
            let oh = o.iter().map(|c| c.0 as usize).max().unwrap_or(0);
            let ow = o.iter().map(|c| c.1 as usize).max().unwrap_or(0);
            if oh >= rows || ow >= cols {
                continue;
            }
            for dr in 0..rows - oh {
                for dc in 0..cols - ow {
                    let bits: Option<Vec<u16>> = o
                        .iter()
                        .map(|&(r, c)| {
                            let b = bit(r as usize + dr, c as usize + dc);
                            open_grid[b].then_some(b as u16)
                        })
                        .collect();
                    if let Some(mut bits) = bits {
                        bits.sort_unstable();
                        list.push(bits);
                    }
                }
            }
        }
        placements.push(list);
    }
    // Symmetries of the trimmed region; one-sided pieces only allow rotations.
    let trimmed: Vec<Cell> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    let trimmed_region = Region::from_cells(&trimmed)?;
    let (h, w) = (rows as u16 - 1, cols as u16 - 1);
    let group = trimmed_region
        .symmetries()
        .into_iter()
        .filter(|&t| !one_sided || t < 4)
        .map(|t| {
            (0..nbits)
                .map(|b| {
                    let (r, c) = cell_of[b];
                    // Only transforms that map the box onto itself get here.
                    let (r, c) = transform_cell(t, h, w, (r - r0, c - c0));
                    bit(r as usize, c as usize) as u16
                })
                .collect()
        })
        .collect();
    Ok(Compiled {
        short,
        nbits,
        open,
        cell_of,
        kinds,
        placements,
        group,
        out_rows: region.rows(),
        out_cols: region.cols(),
    })
}

/// Fill `region` with `pieces` (each listed piece used once; list a piece
/// twice for two copies) and count or collect the solutions.
///
/// Errors: no cells, no pieces, an area the pieces do not match, a board
/// beyond [`MAX_CELLS`] or more than [`MAX_KINDS`] kinds.
pub fn solve(
    region: &Region,
    pieces: &[Piece],
    options: &Options,
    monitor: &dyn Monitor,
) -> Result<Outcome, PolyError> {
    let problem = compile(region, pieces, options.one_sided)?;
    let mut out = match problem.nbits {
        0..=64 => run::<u64>(&problem, options, monitor),
        65..=128 => run::<u128>(&problem, options, monitor),
        129..=256 => run::<Wide<4>>(&problem, options, monitor),
        _ => run::<Wide<16>>(&problem, options, monitor),
    };
    // A raw count from the symmetry-reduced search grows by |G|/|Stab| at a
    // time: do not report more than the limit asked for.
    if let Some(limit) = options.limit {
        out.count = out.count.min(limit);
    }
    Ok(out)
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

fn mask_of<B: Bits>(bits: &[u16]) -> B {
    bits.iter().fold(B::ZERO, |m, &b| m.with(b as usize))
}

/// A found solution: kind and sorted bits of each placement, sorted.
type Tiling = Vec<(u8, Vec<u16>)>;

/// What to do with each solution the search reaches.
struct Rules {
    /// Weight added to the count per solution (|G|/|Stab(p)| for raw counts
    /// from a symmetry-reduced search, else 1).
    weight: u64,
    /// Group elements a kept solution must be minimal under (empty: keep all).
    canon: Vec<usize>,
}

/// One placement in the search tables.
#[derive(Clone, Copy)]
struct Entry<B> {
    mask: B,
    /// The cells next to the placement.
    halo: B,
    kind: u8,
    /// Index of the placement in `Compiled::placements[kind]`.
    id: u32,
}

/// The placements, filed for the search (read-only while searching).
struct Table<B> {
    /// Probe runs (see [`probe_runs`]).
    probes: [(usize, u32); 3],
    /// Placements of kind k anchored at cell c that avoid the filled probe
    /// cells of pattern p (6 bits): with `l = c*64+p` (or `c` without
    /// probes), `entries[starts[l*K+k]..starts[l*K+k+1]]`.
    starts: Vec<u32>,
    /// Kinds with at least one entry in list `l`.
    has: Vec<u64>,
    entries: Vec<Entry<B>>,
}

struct Search<'a, B: Bits> {
    p: &'a Compiled,
    options: &'a Options,
    monitor: &'a dyn Monitor,
    nkinds: usize,
    t: &'a Table<B>,
    /// Copies left per kind.
    counts: [u32; MAX_KINDS],
    avail: u64,
    /// All remaining pieces have this size (then a region is fillable iff
    /// its size is a multiple); 0 when sizes are mixed.
    uniform: u32,
    /// Bit n set when n is a multiple of `multiples_of` (n < 128).
    multiples: u128,
    multiples_of: u32,
    sizes: Vec<u32>,
    not_row0: B,
    not_row_last: B,
    short: u32,
    stack: Vec<(u8, u32)>,
    rules: Rules,
    out: Outcome,
    stop: bool,
}

fn run<B: Bits>(p: &Compiled, options: &Options, monitor: &dyn Monitor) -> Outcome {
    let nkinds = p.kinds.len();
    let nbits = p.nbits;
    let mut per_cell: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); nkinds]; nbits];
    for (k, list) in p.placements.iter().enumerate() {
        for (i, bits) in list.iter().enumerate() {
            if let Some(&first) = bits.first() {
                per_cell[first as usize][k].push(i as u32);
            }
        }
    }
    let mut row0 = B::ZERO;
    let mut row_last = B::ZERO;
    for b in 0..nbits {
        if b % p.short == 0 {
            row0 = row0.with(b);
        }
        if b % p.short == p.short - 1 {
            row_last = row_last.with(b);
        }
    }
    let short = p.short as u32;
    let grow = |x: B| {
        x.or(x.shl(1).and(row0.not()))
            .or(x.shr(1).and(row_last.not()))
            .or(x.shl(short))
            .or(x.shr(short))
    };
    // Boards beyond 128 cells skip the probe index: it would multiply the
    // (already large) tables.
    let npat = if B::PROBED { 1usize << 6 } else { 1 };
    let mut starts = Vec::with_capacity(nbits * npat * nkinds + 1);
    let mut entries = Vec::new();
    let mut has = Vec::with_capacity(nbits * npat);
    for (c, cell) in per_cell.iter().enumerate() {
        let probes: Vec<usize> = probe_runs(p.short)
            .iter()
            .flat_map(|&(off, len)| (0..len as usize).map(move |j| c + off + j))
            .collect();
        for pattern in 0..npat {
            let mut kinds_here = 0u64;
            for (k, list) in cell.iter().enumerate() {
                starts.push(entries.len() as u32);
                for &i in list {
                    let bits = &p.placements[k][i as usize];
                    let clash = B::PROBED
                        && probes
                            .iter()
                            .enumerate()
                            .any(|(j, b)| pattern >> j & 1 == 1 && bits.contains(&(*b as u16)));
                    if !clash {
                        let m = mask_of::<B>(bits);
                        entries.push(Entry {
                            mask: m,
                            halo: grow(m).and(m.not()),
                            kind: k as u8,
                            id: i,
                        });
                        kinds_here |= 1 << k;
                    }
                }
            }
            has.push(kinds_here);
        }
    }
    starts.push(entries.len() as u32);
    let table = Table {
        probes: probe_runs(p.short),
        starts,
        has,
        entries,
    };
    let mut counts = [0u32; MAX_KINDS];
    for (c, k) in counts.iter_mut().zip(&p.kinds) {
        *c = k.count;
    }
    let avail = (0..nkinds).fold(0u64, |a, k| a | 1 << k);
    let sizes: Vec<u32> = p.kinds.iter().map(|k| k.piece.size() as u32).collect();
    let mut s = Search {
        p,
        options,
        monitor,
        nkinds,
        t: &table,
        counts,
        avail,
        uniform: 0,
        multiples: 0,
        multiples_of: 0,
        sizes,
        not_row0: row0.not(),
        not_row_last: row_last.not(),
        short: p.short as u32,
        stack: Vec::with_capacity(p.kinds.iter().map(|k| k.count as usize).sum::<usize>() + 1),
        rules: Rules {
            weight: 1,
            canon: Vec::new(),
        },
        out: Outcome::default(),
        stop: false,
    };
    s.set_uniform();
    let start = p.open.iter().fold(B::ONES, |m, &b| {
        // Clear the open cells: `filled` has holes and out-of-box bits set.
        m.and(B::ZERO.with(b).not())
    });
    // A kind that fits nowhere: no solution at all.
    if p.placements.iter().any(|l| l.is_empty()) {
        s.out.symmetries = if options.raw { 1 } else { p.group.len() };
        return s.out;
    }
    let g = p.group.len();
    // The restricted piece: used once, fewest placements.
    let restricted = (0..nkinds)
        .filter(|&k| p.kinds[k].count == 1)
        .min_by_key(|&k| p.placements[k].len());
    let reduce = g > 1 && restricted.is_some() && !(options.raw && options.keep);
    s.out.symmetries = if options.raw { 1 } else { g };
    match (reduce, restricted) {
        (true, Some(k)) => {
            for (rep, stab) in orbit_reps(&p.placements[k], &p.group) {
                if s.stop {
                    break;
                }
                let m = mask_of::<B>(&p.placements[k][rep]);
                s.rules = Rules {
                    weight: if options.raw {
                        (g / stab.len()) as u64
                    } else {
                        1
                    },
                    canon: if options.raw {
                        Vec::new()
                    } else {
                        stab.into_iter().filter(|&t| t != 0).collect()
                    },
                };
                s.take(k);
                s.stack.push((k as u8, rep as u32));
                let filled = start.or(m);
                if filled == B::ONES {
                    s.solution();
                } else if s.all_regions_ok(filled) {
                    s.dfs(filled);
                }
                s.stack.pop();
                s.give(k);
            }
        }
        _ => {
            s.rules = Rules {
                weight: 1,
                canon: if options.raw {
                    Vec::new()
                } else {
                    (1..g).collect()
                },
            };
            if s.all_regions_ok(start) {
                s.dfs(start);
            }
        }
    }
    s.out.nodes = s.out.nodes.max(1);
    s.monitor.report(&Progress {
        label: "polyomino",
        done: s.out.nodes,
        total: None,
        found: s.out.count,
    });
    s.out
}

/// One representative placement (the smallest bit list) per orbit of the
/// group, with its stabiliser (indices into the group).
fn orbit_reps(placements: &[Vec<u16>], group: &[Vec<u16>]) -> Vec<(usize, Vec<usize>)> {
    let image = |pl: &[u16], g: &[u16]| -> Vec<u16> {
        let mut v: Vec<u16> = pl.iter().map(|&b| g[b as usize]).collect();
        v.sort_unstable();
        v
    };
    let mut out = Vec::new();
    for (i, pl) in placements.iter().enumerate() {
        let orbit: Vec<Vec<u16>> = group.iter().map(|g| image(pl, g)).collect();
        if orbit.iter().all(|o| o >= pl) {
            let stab = (0..group.len()).filter(|&t| orbit[t] == *pl).collect();
            out.push((i, stab));
        }
    }
    out
}

impl<B: Bits> Search<'_, B> {
    fn set_uniform(&mut self) {
        let mut size = 0;
        for k in 0..self.nkinds {
            if self.avail >> k & 1 == 1 {
                if size == 0 {
                    size = self.sizes[k];
                } else if size != self.sizes[k] {
                    self.uniform = 0;
                    return;
                }
            }
        }
        self.uniform = size;
        if size != self.multiples_of {
            self.multiples_of = size;
            self.multiples = (0..128)
                .step_by(size.max(1) as usize)
                .fold(0, |m, i| m | 1 << i);
        }
    }

    #[inline]
    fn take(&mut self, k: usize) {
        let k = k % MAX_KINDS;
        self.counts[k] -= 1;
        if self.counts[k] == 0 {
            self.avail &= !(1 << k);
        }
    }

    #[inline]
    fn give(&mut self, k: usize) {
        let k = k % MAX_KINDS;
        self.counts[k] += 1;
        self.avail |= 1 << k;
    }

    /// Grow a set by one step in the four directions.
    #[inline]
    fn grow(&self, x: B) -> B {
        x.or(x.shl(1).and(self.not_row0))
            .or(x.shr(1).and(self.not_row_last))
            .or(x.shl(self.short))
            .or(x.shr(self.short))
    }

    /// The empty region containing `seed`.
    #[inline]
    fn flood(&self, seed: B, empty: B) -> B {
        let mut x = seed;
        loop {
            let y = self.grow(x).and(empty);
            if y == x {
                return x;
            }
            x = y;
        }
    }

    /// Can the remaining pieces make up exactly `size` cells?
    fn fillable(&self, size: u32) -> bool {
        if self.uniform != 0 {
            if size < 128 {
                return self.multiples >> size & 1 == 1;
            }
            return size.is_multiple_of(self.uniform);
        }
        if size >= 128 {
            return true;
        }
        let mut reach: u128 = 1;
        let mut a = self.avail;
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            for _ in 0..self.counts[k] {
                reach |= reach.checked_shl(self.sizes[k]).unwrap_or(0);
            }
        }
        reach >> size & 1 == 1
    }

    /// Every empty region of `filled` can be filled (by size).
    fn all_regions_ok(&self, filled: B) -> bool {
        let empty = filled.not();
        let mut rest = empty;
        while !rest.is_zero() {
            let region = self.flood(rest.lowest_bit(), empty);
            if !self.fillable(region.count()) {
                return false;
            }
            rest = rest.and(region.not());
        }
        true
    }

    /// No empty cell next to the piece just placed (`halo`: its
    /// neighbours) is left with every neighbour filled, unless a one-cell
    /// piece remains to fill it; only the piece's neighbours can have been
    /// cut off by it. Flood-filling every pocket next to the new piece
    /// prunes more nodes but costs more time than it saves on the pentomino
    /// boards (measured); the whole-board check runs once at the root.
    #[inline]
    fn no_dead_cell(&self, filled: B, halo: B) -> bool {
        let empty = filled.not();
        let near = halo.and(empty);
        let touched = empty
            .shl(1)
            .and(self.not_row0)
            .or(empty.shr(1).and(self.not_row_last))
            .or(empty.shl(self.short))
            .or(empty.shr(self.short));
        near.and(touched.not()).is_zero() || self.fillable(1)
    }

    fn dfs(&mut self, filled: B) {
        self.out.nodes += 1;
        if self.out.nodes & 0x3fff == 0 {
            if self.monitor.cancelled() {
                self.stop = true;
                self.out.stopped = Some(Stopped::Cancelled);
                return;
            }
            self.monitor.report(&Progress {
                label: "polyomino",
                done: self.out.nodes,
                total: None,
                found: self.out.count,
            });
        }
        let cell = filled.not().lowest();
        let base = if B::PROBED {
            let mut pattern = 0;
            let mut shift = 0;
            for (off, len) in self.t.probes {
                pattern |= filled.bits_at(cell + off, len) << shift;
                shift += len;
            }
            (cell << 6) + pattern as usize
        } else {
            cell
        };
        let t = self.t;
        let nk = self.nkinds;
        let mut a = self.avail & t.has.get(base).copied().unwrap_or(0);
        while a != 0 {
            let k = a.trailing_zeros() as usize;
            a &= a - 1;
            let (Some(&lo), Some(&hi)) =
                (t.starts.get(base * nk + k), t.starts.get(base * nk + k + 1))
            else {
                return;
            };
            for e in t.entries.get(lo as usize..hi as usize).unwrap_or(&[]) {
                let m = e.mask;
                if !m.and(filled).is_zero() {
                    continue;
                }
                let next = filled.or(m);
                self.take(k);
                self.stack.push((e.kind, e.id));
                if next == B::ONES {
                    self.solution();
                } else {
                    let uniform = self.uniform;
                    if uniform == 0 {
                        self.set_uniform();
                    }
                    if self.no_dead_cell(next, e.halo) {
                        self.dfs(next);
                    }
                    self.uniform = uniform;
                }
                self.stack.pop();
                self.give(k);
                if self.stop {
                    return;
                }
            }
        }
    }

    /// The current stack as a tiling (kind, sorted bits), sorted.
    fn tiling(&self) -> Tiling {
        let mut t: Tiling = self
            .stack
            .iter()
            .map(|&(k, i)| (k, self.p.placements[k as usize][i as usize].clone()))
            .collect();
        t.sort_unstable();
        t
    }

    fn solution(&mut self) {
        let needs_tiling = self.options.keep || !self.rules.canon.is_empty();
        let tiling = if needs_tiling {
            self.tiling()
        } else {
            Vec::new()
        };
        for &t in &self.rules.canon {
            let g = &self.p.group[t];
            let mut image: Tiling = tiling
                .iter()
                .map(|(k, bits)| {
                    let mut v: Vec<u16> = bits.iter().map(|&b| g[b as usize]).collect();
                    v.sort_unstable();
                    (*k, v)
                })
                .collect();
            image.sort_unstable();
            if image < tiling {
                return;
            }
        }
        let before = self.out.count;
        self.out.count += self.rules.weight;
        if self.options.keep {
            let p = self.p;
            let mut chars = vec!['.'; p.out_rows * p.out_cols];
            for (k, bits) in &tiling {
                let symbol = p.kinds[*k as usize].piece.symbol;
                for &b in bits {
                    let (r, c) = p.cell_of[b as usize];
                    chars[r as usize * p.out_cols + c as usize] = symbol;
                }
            }
            self.out.solutions.push(Solution {
                rows: p.out_rows,
                cols: p.out_cols,
                chars,
            });
        }
        if let Some(limit) = self.options.limit
            && self.out.count >= limit
            && before < limit
        {
            self.stop = true;
            self.out.stopped = Some(Stopped::Limit);
        }
    }
}

/// `h` (hint) and `s` (solve) for the hand-placing session: the solver
/// looks at the kept pieces and the letters left.
pub struct SessionAssist;

/// One way to fill the empty cells of the 6×10 frame with `letters`, if any
/// (`Ok(None)` when there is none or the monitor stopped the search).
fn complete(
    filled: &Board,
    letters: &[char],
    monitor: &dyn Monitor,
) -> Result<Option<Solution>, PolyError> {
    let text: Vec<String> = (0..FRAME_ROWS)
        .map(|r| {
            (0..FRAME_COLS)
                .map(|c| if filled.get(r, c) { '#' } else { '.' })
                .collect()
        })
        .collect();
    let region = Region::parse(&text.join("\n"))?;
    let pieces: Vec<Piece> = pentominoes()
        .into_iter()
        .filter(|p| letters.contains(&p.symbol))
        .collect();
    let options = Options {
        raw: true,
        keep: true,
        limit: Some(1),
        ..Options::default()
    };
    let out = solve(&region, &pieces, &options, monitor)?;
    Ok(out.solutions.into_iter().next())
}

impl Assist for SessionAssist {
    fn hint(&self, session: &Placing, monitor: &dyn Monitor) -> Vec<Event> {
        let letters = session.remaining();
        if letters.is_empty() {
            return vec![Event::Line("hint: the board is already full".into())];
        }
        let filled = session.filled();
        for &letter in &letters {
            let others: Vec<char> = letters.iter().copied().filter(|&l| l != letter).collect();
            let count = piece(letter).map(|p| p.orientations().len()).unwrap_or(0);
            for orientation in 0..count {
                let Some((index, cells)) = session.first_fit(letter, orientation) else {
                    continue;
                };
                let Ok(next) = filled.union(&cells) else {
                    continue;
                };
                if monitor.cancelled() {
                    return vec![Event::Line("hint: stopped".into())];
                }
                if let Ok(Some(_)) = complete(&next, &others, monitor) {
                    return vec![Event::Line(format!(
                        "hint: {letter} {orientation} (it goes to i={index}; the board can still be completed)"
                    ))];
                }
            }
        }
        vec![Event::Line(
            "hint: no remaining piece in any orientation keeps this board completable: undo (u) and try another start"
                .into(),
        )]
    }

    fn solve(&self, session: &Placing, monitor: &dyn Monitor) -> Vec<Event> {
        let letters = session.remaining();
        match complete(&session.filled(), &letters, monitor) {
            Ok(Some(solution)) => {
                let board = session.board();
                match solution.to_charboard().and_then(|s| board.rp(&s).ok()) {
                    Some(full) => vec![
                        Event::Line("solved: one way to complete this board".into()),
                        Event::Board(full),
                    ],
                    None => vec![Event::Error("solve: could not draw the solution".into())],
                }
            }
            Ok(None) if monitor.cancelled() => vec![Event::Line("solve: stopped".into())],
            Ok(None) => vec![Event::Line(
                "solve: this board cannot be completed with the pieces left: undo (u) and try another start"
                    .into(),
            )],
            Err(e) => vec![Event::Error(format!("solve: {e}"))],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Silent;
    use crate::pentomino::polyomino::{pentominoes, square, tetrominoes};

    fn count_of(region: &Region, pieces: &[Piece], raw: bool) -> u64 {
        count(region, pieces, false, raw, &Silent).unwrap().count
    }

    #[test]
    fn small_rectangles() {
        let p = pentominoes();
        let pick = |letters: &str| -> Vec<Piece> {
            p.iter()
                .filter(|x| letters.contains(x.symbol))
                .cloned()
                .collect()
        };
        // 3×5 with L, N, V? Known: LNP... check a few by brute force below.
        let r = Region::rect(3, 20).unwrap();
        assert_eq!(count_of(&r, &p, false), 2);
        assert_eq!(count_of(&r, &p, true), 8);
        // Tetrominoes on 4×5: impossible (parity).
        let r = Region::rect(4, 5).unwrap();
        assert_eq!(count_of(&r, &tetrominoes(), false), 0);
        // Two I pentominoes on 2×5: one way up to symmetry, one raw.
        let r = Region::rect(2, 5).unwrap();
        let two_i = vec![pick("I")[0].clone(), pick("I")[0].clone()];
        assert_eq!(count_of(&r, &two_i, false), 1);
        assert_eq!(count_of(&r, &two_i, true), 1);
        // Four squares on 4×4: one tiling, symmetric under all 8.
        let r = Region::rect(4, 4).unwrap();
        let squares = vec![square(); 4];
        assert_eq!(count_of(&r, &squares, false), 1);
        assert_eq!(count_of(&r, &squares, true), 1);
    }

    #[test]
    fn self_symmetric_solutions_count_once() {
        // Two L trominoes in a 2×3: 2 raw tilings, mirror images of each
        // other under the rectangle's group, so 1 unique.
        let l3 = Piece::new("l", 'l', &[(0, 0), (1, 0), (1, 1)]);
        let r = Region::rect(2, 3).unwrap();
        assert_eq!(count_of(&r, &[l3.clone(), l3.clone()], true), 2);
        assert_eq!(count_of(&r, &[l3.clone(), l3], false), 1);
        // Dominoes on 2×2: 2 raw, one class under the square's 8 symmetries.
        let d = Piece::new("d", 'd', &[(0, 0), (0, 1)]);
        let r = Region::rect(2, 2).unwrap();
        assert_eq!(count_of(&r, &[d.clone(), d.clone()], true), 2);
        assert_eq!(count_of(&r, &[d.clone(), d], false), 1);
    }

    #[test]
    fn errors() {
        let p = pentominoes();
        let e = count(&Region::rect(5, 5).unwrap(), &p, false, false, &Silent).unwrap_err();
        assert_eq!(
            e,
            PolyError::AreaMismatch {
                board: 25,
                pieces: 60
            }
        );
        let e = count(&Region::rect(40, 40).unwrap(), &p, false, false, &Silent).unwrap_err();
        assert!(matches!(e, PolyError::AreaMismatch { .. }));
        let many = vec![square(); 300];
        let e = count(&Region::rect(40, 30).unwrap(), &many, false, false, &Silent).unwrap_err();
        assert!(matches!(e, PolyError::BoardTooLarge { cells: 1200, .. }));
    }

    #[test]
    fn wide_boards() {
        // 10×20 with 50 squares: beyond 128 bits; one tiling.
        let r = Region::rect(10, 20).unwrap();
        let squares = vec![square(); 50];
        assert_eq!(count_of(&r, &squares, true), 1);
        // 3×60 with I pentominoes stacked: 180 cells; 36 I's: (I vertical impossible) 1 raw.
        let r = Region::rect(3, 60).unwrap();
        let is: Vec<Piece> = vec![pentominoes()[1].clone(); 36];
        assert_eq!(count_of(&r, &is, true), 1);
    }

    #[test]
    fn cancel_keeps_what_was_found() {
        use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
        let stop = AtomicBool::new(true);
        let out = count(
            &Region::rect(6, 10).unwrap(),
            &pentominoes(),
            false,
            true,
            &crate::monitor::Flag(&stop),
        )
        .unwrap();
        assert_eq!(out.stopped, Some(Stopped::Cancelled));
        assert!(out.count < 9356);
        // Progress reaches the monitor while searching.
        struct Counting(AtomicU64);
        impl Monitor for Counting {
            fn report(&self, p: &Progress) {
                self.0.fetch_max(p.done, Ordering::Relaxed);
            }
        }
        let m = Counting(AtomicU64::new(0));
        let out = count(
            &Region::rect(5, 12).unwrap(),
            &pentominoes(),
            false,
            false,
            &m,
        )
        .unwrap();
        assert_eq!(out.count, 1010);
        assert_eq!(m.0.load(Ordering::Relaxed), out.nodes);
    }

    #[test]
    fn limit_and_keep() {
        let r = Region::rect(3, 20).unwrap();
        let options = Options {
            keep: true,
            ..Options::default()
        };
        let out = solve(&r, &pentominoes(), &options, &Silent).unwrap();
        assert_eq!(out.solutions.len(), 2);
        assert_eq!(out.solutions[0].rows(), 3);
        let options = Options {
            keep: true,
            raw: true,
            limit: Some(3),
            ..Options::default()
        };
        let out = solve(&r, &pentominoes(), &options, &Silent).unwrap();
        assert_eq!(out.solutions.len(), 3);
        assert_eq!(out.stopped, Some(Stopped::Limit));
    }
}
