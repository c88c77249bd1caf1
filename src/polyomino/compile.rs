//! A packing problem compiled to bit numbers: the box trimmed and numbered
//! along its shortest side first, every placement of every piece kind as a
//! sorted bit list, the symmetry group as permutations of bits and kinds,
//! and a colouring test that can prove there is no packing before any
//! search.

use super::PolyError;
use super::pieces::{Piece, orientations_as};
use super::space::{Point, Solid, Turn, extent, normalize3, solid_orientations, turn_shape};

/// Largest bounding box (holes included) the solver takes.
pub const MAX_CELLS: usize = 1024;

/// Most distinct piece kinds in one problem.
pub const MAX_KINDS: usize = 64;

/// A piece kind with its copy count: pieces with the same set of
/// orientations merged (a free and a one-sided L are two kinds).
#[derive(Clone, Debug)]
pub struct Kind {
    /// Name as given ("F", "L4", "shape2").
    pub name: String,
    /// Character drawn on a solution (unique among the kinds).
    pub symbol: char,
    /// Cells.
    pub size: usize,
    /// Copies to place.
    pub count: u32,
    /// Distinct orientations, normalised.
    pub orientations: Vec<Vec<Point>>,
}

/// A problem before compilation: a box, its cells, the pieces.
pub struct Problem {
    /// `[layers, rows, cols]` of the caller's box (solutions are drawn in it).
    pub dims: [usize; 3],
    /// The cells to fill.
    pub open: Vec<Point>,
    /// Pieces, one entry per copy, with their orientations. Invariant:
    /// each piece's orientations are closed under the rotations (of the
    /// plane, or of space), as [`Problem::flat`] and [`Problem::solid`]
    /// make them; `symmetries` relies on it (checked there in debug
    /// builds).
    pub pieces: Vec<(String, char, Vec<Vec<Point>>)>,
    /// A flat problem: only the square's 8 symmetries apply.
    pub planar: bool,
}

impl Problem {
    /// A flat board and polyominoes (free unless `one_sided` or the piece
    /// says so).
    pub fn flat(region: &super::Region, pieces: &[Piece], one_sided: bool) -> Problem {
        Problem {
            dims: [1, region.rows(), region.cols()],
            open: region.cells().iter().map(|&(r, c)| [0, r, c]).collect(),
            pieces: pieces
                .iter()
                .map(|p| {
                    let o = orientations_as(&p.cells, one_sided || p.one_sided, |(r, c)| [0, r, c]);
                    (p.name.clone(), p.symbol, o)
                })
                .collect(),
            planar: true,
        }
    }

    /// A box and solid pieces turned in space.
    pub fn solid(space: &super::Space, pieces: &[Solid]) -> Problem {
        Problem {
            dims: space.dims(),
            open: space.cells(),
            pieces: pieces
                .iter()
                .map(|p| (p.name.clone(), p.symbol, solid_orientations(&p.cells)))
                .collect(),
            planar: false,
        }
    }

    /// A key naming the problem exactly, for the table cache.
    pub fn key(&self) -> Vec<u16> {
        let mut k: Vec<u16> = self.dims.iter().map(|&d| d as u16).collect();
        k.push(self.planar as u16);
        k.extend(self.open.iter().flatten());
        for (name, symbol, o) in &self.pieces {
            k.push(u16::MAX);
            k.extend(name.chars().map(|c| c as u16));
            k.push(*symbol as u16);
            for shape in o {
                k.push(u16::MAX - 1);
                k.extend(shape.iter().flatten());
            }
        }
        k
    }
}

/// One symmetry of the problem: where it takes each bit, and each kind.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// Bit → bit.
    pub bits: Vec<u16>,
    /// Kind → kind (a reflection swaps mirror-image kinds).
    pub kinds: Vec<u8>,
}

/// The problem compiled to bit numbers, independent of the mask type.
pub struct Compiled {
    /// Number of bits in the trimmed box.
    pub nbits: usize,
    /// Per axis in bit order (shortest first, sides of 1 left out): stride
    /// and side.
    pub axes: Vec<(usize, usize)>,
    /// Per bit, its coordinate along each of `axes`.
    pub coords: Vec<[u16; 3]>,
    /// Open cells as bits.
    pub open: Vec<usize>,
    /// Bit → cell of the caller's box.
    pub cell_of: Vec<Point>,
    /// The caller's box.
    pub dims: [usize; 3],
    /// The piece kinds.
    pub kinds: Vec<Kind>,
    /// Per kind, every placement as a sorted bit list.
    pub placements: Vec<KindPlacements>,
    /// The symmetry group (identity first).
    pub group: Vec<Symmetry>,
    /// Why no packing can exist, when a counting argument proves it.
    pub impossible: Option<&'static str>,
    /// A flat problem (one layer).
    pub planar: bool,
}

/// One kind's placements, each a sorted bit list of the kind's size, side
/// by side in one vector (one allocation per kind, not per placement).
#[derive(Clone, Debug, Default)]
pub struct KindPlacements {
    size: usize,
    bits: Vec<u16>,
}

impl KindPlacements {
    /// How many placements.
    pub fn len(&self) -> usize {
        self.bits.len() / self.size.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// The placements in order, as bit lists.
    pub fn iter(&self) -> std::slice::ChunksExact<'_, u16> {
        self.bits.chunks_exact(self.size.max(1))
    }
}

impl std::ops::Index<usize> for KindPlacements {
    type Output = [u16];

    fn index(&self, i: usize) -> &[u16] {
        let n = self.size.max(1);
        &self.bits[i * n..][..n]
    }
}

impl<'a> IntoIterator for &'a KindPlacements {
    type Item = &'a [u16];
    type IntoIter = std::slice::ChunksExact<'a, u16>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Compiled {
    /// Cells along the shortest side (1 for a single cell).
    pub fn short(&self) -> usize {
        self.axes.first().map_or(1, |a| a.1)
    }
}

/// A kind's identity: its whole set of orientations. Two pieces are
/// copies of one kind only when they can take the same orientations: a
/// free L and a one-sided L share orientations but are told apart. The
/// lists compared as sets, in place (at most 24 short shapes each: no
/// copies sorted, which was a tenth of compiling a pentomino rectangle).
fn same_set(a: &[Vec<Point>], b: &[Vec<Point>]) -> bool {
    a.iter().all(|o| b.contains(o)) && b.iter().all(|o| a.contains(o))
}

/// Group pieces by orientation set, count copies, and give every kind a
/// symbol of its own.
fn kinds(problem: &Problem) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = Vec::new();
    for (name, symbol, o) in &problem.pieces {
        if let Some(k) = kinds.iter_mut().find(|k| same_set(&k.orientations, o)) {
            k.count += 1;
        } else {
            kinds.push(Kind {
                name: name.clone(),
                symbol: *symbol,
                size: o.first().map_or(0, Vec::len),
                count: 1,
                orientations: o.clone(),
            });
        }
    }
    // Two kinds drawn with one letter would be indistinguishable: re-letter
    // the later ones from a pool of unused characters.
    for i in 0..kinds.len() {
        let clash = kinds[..i].iter().any(|k| k.symbol == kinds[i].symbol)
            || !kinds[i].symbol.is_ascii_graphic()
            || kinds[i].symbol == '.';
        if clash && let Some(s) = POOL.chars().find(|s| kinds.iter().all(|k| k.symbol != *s)) {
            kinds[i].symbol = s;
        }
    }
    kinds
}

/// Characters for pieces that need one: re-lettered kinds and copies.
pub const POOL: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&*+=?!~^<>";

/// Compile a problem. Errors: no cells, no pieces, areas that differ, a box
/// beyond [`MAX_CELLS`], more than [`MAX_KINDS`] kinds.
pub fn compile(problem: &Problem) -> Result<Compiled, PolyError> {
    check_areas(problem)?;
    let kinds = kinds(problem);
    if kinds.len() > MAX_KINDS {
        return Err(PolyError::TooManyPieces {
            kinds: kinds.len(),
            limit: MAX_KINDS,
        });
    }
    let layout = Layout::of(&problem.open)?;
    let (cell_of, coords) = layout.cells();
    let nbits = layout.nbits;
    let mut open_grid = vec![false; nbits];
    let mut open = Vec::with_capacity(problem.open.len());
    for &p in &layout.trimmed {
        let b = layout.bit(p);
        open_grid[b] = true;
        open.push(b);
    }
    let holes = (open.len() < nbits).then_some(open_grid.as_slice());
    let (placements, excesses): (Vec<KindPlacements>, Vec<Vec<i64>>) =
        kinds.iter().map(|k| layout.placements(k, holes)).unzip();
    let bit = |p: Point| layout.bit(p);
    let group = symmetries(problem.planar, &kinds, &layout.trimmed, layout.side, &bit);
    let impossible = if placements.iter().any(KindPlacements::is_empty) {
        Some("a piece fits nowhere")
    } else if !colouring_allows(&kinds, &excesses, &open, &coords) {
        Some("a chessboard colouring rules it out")
    } else {
        None
    };
    Ok(Compiled {
        nbits,
        axes: layout.axes,
        coords,
        open,
        cell_of,
        dims: problem.dims,
        kinds,
        placements,
        group,
        impossible,
        planar: problem.planar,
    })
}

/// The problem has cells and pieces, and the pieces cover as many cells
/// as the board has.
fn check_areas(problem: &Problem) -> Result<(), PolyError> {
    let area = problem.open.len();
    if area == 0 {
        return Err(PolyError::NoCells);
    }
    if problem.pieces.is_empty() {
        return Err(PolyError::NoPieces);
    }
    let piece_area: usize = problem
        .pieces
        .iter()
        .map(|p| p.2.first().map_or(0, Vec::len))
        .sum();
    if piece_area != area {
        return Err(PolyError::AreaMismatch {
            board: area,
            pieces: piece_area,
        });
    }
    Ok(())
}

/// The box trimmed to the cells and numbered in bits, the shortest axis
/// first.
struct Layout {
    /// The trimmed box's corner in the caller's box.
    low: [u16; 3],
    /// The cells, moved to the trimmed box.
    trimmed: Vec<Point>,
    /// The trimmed box's sides, in the caller's axis order.
    side: [usize; 3],
    nbits: usize,
    /// The caller's axes longer than 1, in bit order.
    order: Vec<usize>,
    /// Per axis in bit order: stride and side.
    axes: Vec<(usize, usize)>,
    /// Stride of each of the caller's axes in bit order (0 for a side of 1).
    stride_of: [usize; 3],
}

impl Layout {
    /// The layout of the box around `cells`; a box beyond [`MAX_CELLS`]
    /// refused.
    fn of(cells: &[Point]) -> Result<Layout, PolyError> {
        let mut low = [u16::MAX; 3];
        for p in cells {
            for a in 0..3 {
                low[a] = low[a].min(p[a]);
            }
        }
        let trimmed: Vec<Point> = normalize3(cells);
        let side = extent(&trimmed);
        let nbits: usize = side.iter().product();
        if nbits > MAX_CELLS {
            return Err(PolyError::BoardTooLarge {
                cells: nbits,
                limit: MAX_CELLS,
            });
        }
        // Axes in bit order: shortest first (ties keep layer, row, col order),
        // so the first empty cell sweeps the box along its shortest side.
        let mut order: Vec<usize> = (0..3).filter(|&a| side[a] > 1).collect();
        order.sort_by_key(|&a| side[a]);
        let mut axes = Vec::new();
        let mut stride = 1;
        for &a in &order {
            axes.push((stride, side[a]));
            stride *= side[a];
        }
        let mut stride_of = [0usize; 3];
        for (&a, &(s, _)) in order.iter().zip(&axes) {
            stride_of[a] = s;
        }
        Ok(Layout {
            low,
            trimmed,
            side,
            nbits,
            order,
            axes,
            stride_of,
        })
    }

    /// The bit of a point of the trimmed box.
    #[inline]
    fn bit(&self, p: Point) -> usize {
        let s = &self.stride_of;
        p[0] as usize * s[0] + p[1] as usize * s[1] + p[2] as usize * s[2]
    }

    /// Per bit, the cell of the caller's box, and its coordinates along
    /// the axes in bit order.
    fn cells(&self) -> (Vec<Point>, Vec<[u16; 3]>) {
        let (side, low) = (self.side, self.low);
        let mut cell_of = vec![[0u16; 3]; self.nbits];
        let mut coords = vec![[0u16; 3]; self.nbits];
        for l in 0..side[0] {
            for r in 0..side[1] {
                for c in 0..side[2] {
                    let p = [l as u16, r as u16, c as u16];
                    let b = self.bit(p);
                    cell_of[b] = [p[0] + low[0], p[1] + low[1], p[2] + low[2]];
                    coords[b] = std::array::from_fn(|i| self.order.get(i).map_or(0, |&a| p[a]));
                }
            }
        }
        (cell_of, coords)
    }

    /// Kind `k`'s placements in the box, each on open cells only
    /// (`open_grid`, per bit; `None` when every cell is open), and the
    /// colour excesses they cover (see `colouring_allows`): a
    /// placement's is its orientation's, negated when the shift's
    /// coordinates sum to an odd number.
    fn placements(&self, k: &Kind, open_grid: Option<&[bool]>) -> (KindPlacements, Vec<i64>) {
        let (side, stride_of) = (self.side, self.stride_of);
        let (full, open_grid) = (open_grid.is_none(), open_grid.unwrap_or_default());
        let fitting: Vec<(&Vec<Point>, [usize; 3])> = k
            .orientations
            .iter()
            .map(|o| (o, extent(o)))
            .filter(|(_, e)| (0..3).all(|a| e[a] <= side[a]))
            .collect();
        let room: usize = fitting
            .iter()
            .map(|(_, e)| (0..3).map(|a| side[a] + 1 - e[a]).product::<usize>())
            .sum();
        let mut list = KindPlacements {
            size: k.size.max(1),
            bits: Vec::with_capacity(room * k.size),
        };
        let mut values = Vec::new();
        let mut offsets: Vec<usize> = Vec::new();
        for (o, e) in fitting {
            // Bit numbers are linear in the coordinates: the orientation's
            // bits sorted once stay sorted under every shift.
            offsets.clear();
            offsets.extend(o.iter().map(|&p| self.bit(p)));
            offsets.sort_unstable();
            let excess: i64 = o.iter().map(|p| colour(p.iter().copied())).sum();
            // Shifts of even and odd coordinate sum placed.
            let mut parities = [false; 2];
            for dl in 0..=side[0] - e[0] {
                for dr in 0..=side[1] - e[1] {
                    // Along the last axis the bits step by its stride.
                    let mut at = dl * stride_of[0] + dr * stride_of[1];
                    for dc in 0..=side[2] - e[2] {
                        if full || offsets.iter().all(|&b| open_grid[at + b]) {
                            // The pentominoes' size a fixed-length copy (a
                            // small board's compile is mostly this loop).
                            match offsets.as_slice() {
                                &[a, b, c, d, f] => list.bits.extend_from_slice(
                                    &[a + at, b + at, c + at, d + at, f + at].map(|x| x as u16),
                                ),
                                _ => list.bits.extend(offsets.iter().map(|&b| (at + b) as u16)),
                            }
                            parities[(dl + dr + dc) % 2] = true;
                        }
                        at += stride_of[2];
                    }
                }
            }
            for (odd, _) in parities.iter().enumerate().filter(|(_, placed)| **placed) {
                values.push(if odd == 0 { excess } else { -excess });
            }
        }
        values.sort_unstable();
        values.dedup();
        (list, values)
    }
}

/// The turns that map the trimmed box's cells onto themselves and the piece
/// set onto itself: each kind's orientation set, turned, must be the whole
/// orientation set of a kind with as many copies (a reflection swaps
/// mirror-image kinds, and is no symmetry when a one-sided kind has no
/// mirror image among the kinds, even if a free kind has its shape).
fn symmetries(
    planar: bool,
    kinds: &[Kind],
    cells: &[Point],
    side: [usize; 3],
    bit: &dyn Fn(Point) -> usize,
) -> Vec<Symmetry> {
    let turns = Turn::all(planar);
    // A kind whose orientations are every turn of one of them (a free
    // piece) is its own image under every turn: no need to turn them all.
    // A kind comes with every rotation of its shape (`Problem::flat`,
    // `Problem::solid`), so it has every turn exactly when it has a mirror
    // image of its first orientation: one turn per kind, not all 8 (48 in
    // space), which was half of compiling a pentomino rectangle.
    let mirror = turns.iter().find(|t| t.reflects());
    let closed: Vec<bool> = kinds
        .iter()
        .map(|k| {
            let set = &k.orientations;
            let (Some(first), Some(mirror)) = (set.first(), mirror) else {
                return true;
            };
            let closed = set.contains(&turn_shape(first, mirror));
            debug_assert_eq!(closed, {
                let orbit: Vec<Vec<Point>> = turns.iter().map(|t| turn_shape(first, t)).collect();
                same_set(&orbit, set)
            });
            closed
        })
        .collect();
    // Kind → kind under `t`, if every kind has an image.
    let kind_map = |t: &Turn| -> Option<Vec<u8>> {
        kinds
            .iter()
            .enumerate()
            .map(|(i, k)| {
                if closed[i] {
                    return Some(i as u8);
                }
                let turned: Vec<Vec<Point>> =
                    k.orientations.iter().map(|o| turn_shape(o, t)).collect();
                (0..kinds.len())
                    .find(|&j| {
                        kinds[j].count == k.count && same_set(&kinds[j].orientations, &turned)
                    })
                    .map(|j| j as u8)
            })
            .collect()
    };
    let nbits: usize = side.iter().product();
    let mut out = Vec::new();
    for t in turns {
        if t.dims(side) != side {
            continue;
        }
        // A turn that keeps the box's sides maps a full box onto itself.
        if cells.len() != nbits {
            let mut image: Vec<Point> = cells.iter().map(|&p| t.apply(side, p)).collect();
            image.sort_unstable();
            if image != cells {
                continue;
            }
        }
        let Some(kinds) = kind_map(&t) else {
            continue;
        };
        let mut bits = vec![0u16; nbits];
        for l in 0..side[0] {
            for r in 0..side[1] {
                for c in 0..side[2] {
                    let p = [l as u16, r as u16, c as u16];
                    bits[bit(p)] = bit(t.apply(side, p)) as u16;
                }
            }
        }
        out.push(Symmetry { bits, kinds });
    }
    out
}

/// A cell's colour: +1 dark (even coordinate sum), -1 light.
fn colour(coords: impl Iterator<Item = u16>) -> i64 {
    1 - 2 * (coords.map(usize::from).sum::<usize>() % 2) as i64
}

/// Colour the cells like a chessboard (in 3D, by the parity of the
/// coordinate sum). Every placement covers some excess of dark over light
/// cells; the pieces together must make up the board's excess exactly. A
/// subset-sum over the excesses each copy can take (`excesses`, per kind,
/// sorted) says whether they can.
fn colouring_allows(
    kinds: &[Kind],
    excesses: &[Vec<i64>],
    open: &[usize],
    coords: &[[u16; 3]],
) -> bool {
    let board: i64 = open
        .iter()
        .map(|&b| colour(coords[b].iter().copied()))
        .sum();
    let area = open.len() as i64;
    let width = (2 * area + 1) as usize;
    let values_of = |k: usize| -> &[i64] { excesses.get(k).map_or(&[], Vec::as_slice) };
    if width <= 128 {
        // The reachable excesses (offset by the area) as one bit set.
        let keep = u128::MAX >> (128 - width);
        let mut reach: u128 = 1 << area;
        for (k, kind) in kinds.iter().enumerate() {
            let values = values_of(k);
            for _ in 0..kind.count {
                reach = values.iter().fold(0, |next, &v| {
                    let moved = if v >= 0 {
                        reach.checked_shl(v as u32)
                    } else {
                        reach.checked_shr(v.unsigned_abs() as u32)
                    };
                    next | moved.unwrap_or(0)
                }) & keep;
            }
        }
        return reach >> (area + board) & 1 == 1;
    }
    let mut reach = vec![false; width];
    reach[area as usize] = true;
    for (k, kind) in kinds.iter().enumerate() {
        let values = values_of(k);
        for _ in 0..kind.count {
            let mut next = vec![false; width];
            for (i, _) in reach.iter().enumerate().filter(|(_, r)| **r) {
                for &v in values {
                    let j = i as i64 + v;
                    if (0..width as i64).contains(&j) {
                        next[j as usize] = true;
                    }
                }
            }
            reach = next;
        }
    }
    reach[(area + board) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyomino::{Piece, Region, hexominoes, tetrominoes};

    /// A free L and a one-sided L or J on 2×4, in both orders: always two
    /// kinds (they share orientations but not all of them), and only the
    /// turns are symmetries (no kind has the one-sided piece's mirror set).
    #[test]
    fn a_free_and_a_one_sided_piece_of_one_shape_are_two_kinds() {
        let l = [(0, 0), (1, 0), (1, 1), (1, 2)];
        let j = [(0, 2), (1, 0), (1, 1), (1, 2)];
        let board = Region::rect(2, 4).unwrap();
        for hand in [l, j] {
            let free = Piece::new("a", 'a', &l);
            let one_sided = Piece::new("b", 'b', &hand).one_sided();
            for pieces in [[free.clone(), one_sided.clone()], [one_sided, free]] {
                let c = compile(&Problem::flat(&board, &pieces, false)).unwrap();
                let kinds: Vec<(u32, usize)> = c
                    .kinds
                    .iter()
                    .map(|k| (k.count, k.orientations.len()))
                    .collect();
                assert_eq!(kinds.len(), 2, "{kinds:?}");
                assert!(kinds.contains(&(1, 8)) && kinds.contains(&(1, 4)));
                let maps: Vec<Vec<u8>> = c.group.iter().map(|g| g.kinds.clone()).collect();
                assert_eq!(maps, [[0, 1], [0, 1]]);
            }
        }
        // A one-sided L and a one-sided J are mirror images of each other:
        // the reflections are symmetries and swap them.
        let pair = [
            Piece::new("a", 'a', &l).one_sided(),
            Piece::new("b", 'b', &j).one_sided(),
        ];
        let c = compile(&Problem::flat(&board, &pair, false)).unwrap();
        let maps: Vec<Vec<u8>> = c.group.iter().map(|g| g.kinds.clone()).collect();
        assert_eq!(maps, [[0, 1], [1, 0], [1, 0], [0, 1]]);
    }

    #[test]
    fn colouring_proves_hexomino_rectangles_empty() {
        for (r, c) in [(15, 14), (3, 70), (6, 35)] {
            let p = Problem::flat(&Region::rect(r, c).unwrap(), &hexominoes(), false);
            let compiled = compile(&p).unwrap();
            assert!(compiled.impossible.is_some(), "{r}x{c}");
        }
        let p = Problem::flat(&Region::rect(4, 5).unwrap(), &tetrominoes(), false);
        assert!(compile(&p).unwrap().impossible.is_some());
        let p = Problem::flat(
            &Region::rect(6, 10).unwrap(),
            &crate::polyomino::pentominoes(),
            false,
        );
        assert!(compile(&p).unwrap().impossible.is_none());
    }
}
