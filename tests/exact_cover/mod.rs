//! A plain exact-cover reference for polyomino and polycube packings,
//! written for clarity, not speed, and sharing nothing with the engine
//! (`src/polyomino`): its own orientations, placements, search and
//! symmetry group. The property tests (`exact_cover_props`) and the
//! published counts (`exact_cover_counts`) check the engine against it.
//!
//! The search is Knuth's Algorithm X with multiplicities (his Algorithm M
//! in its simplest form): one column per cell, covered exactly once, and
//! one per piece type, covered as many times as the type has copies. The
//! column chosen is always the first uncovered cell (in coordinate order),
//! so every packing is reached exactly once and copies are never told
//! apart. Classes are counted by canonicalising every packing under the
//! problem's symmetry group (the least image wins), never by dividing.

use std::collections::BTreeSet;

pub mod engine;

/// A cell: `[layer, row, col]` (layer 0 for flat problems).
pub type Point = [i32; 3];

/// A packing: per piece placed, its type and its sorted cells; sorted.
pub type Packing = Vec<(usize, Vec<Point>)>;

/// A linear map of the grid: a 3×3 signed permutation matrix.
type Matrix = [[i32; 3]; 3];

/// The six orders of three things, written out (the tests' own table,
/// independent of the library's).
pub const PERMUTATIONS_OF_3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The 48 signed permutation matrices; with `planar`, the 8 that keep
/// the layer axis as it is (the square's symmetries).
fn matrices(planar: bool) -> Vec<Matrix> {
    let mut out = Vec::new();
    for perm in PERMUTATIONS_OF_3 {
        for signs in 0..8 {
            let mut m = [[0; 3]; 3];
            for (row, &axis) in perm.iter().enumerate() {
                m[row][axis] = if signs >> row & 1 == 1 { -1 } else { 1 };
            }
            if !planar || m[0] == [1, 0, 0] {
                out.push(m);
            }
        }
    }
    out
}

fn determinant(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

fn apply(m: &Matrix, p: Point) -> Point {
    std::array::from_fn(|i| (0..3).map(|j| m[i][j] * p[j]).sum())
}

/// Cells shifted so each coordinate's least value is 0, sorted.
pub fn normalise(cells: &[Point]) -> Vec<Point> {
    let low: Point = std::array::from_fn(|a| cells.iter().map(|p| p[a]).min().unwrap_or(0));
    let mut out: Vec<Point> = cells
        .iter()
        .map(|p| std::array::from_fn(|a| p[a] - low[a]))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// How a piece may be turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turns {
    /// Flat, rotated and turned over (the square's 8 symmetries).
    Free,
    /// Flat, rotated only (4).
    OneSided,
    /// In space, rotated only (24; a mirror image is another piece).
    Solid,
}

/// A piece: its cells and how it may turn.
#[derive(Clone, Debug)]
pub struct Piece {
    pub cells: Vec<Point>,
    pub turns: Turns,
}

/// The distinct orientations of a piece, normalised.
pub fn orientations(piece: &Piece) -> BTreeSet<Vec<Point>> {
    matrices(piece.turns != Turns::Solid)
        .iter()
        .filter(|m| piece.turns == Turns::Free || determinant(m) == 1)
        .map(|m| normalise(&piece.cells.iter().map(|&p| apply(m, p)).collect::<Vec<_>>()))
        .collect()
}

/// A piece type: the orientations it may take (two pieces with the same
/// set are copies of one type) and its number of copies.
#[derive(Clone, Debug)]
struct Type {
    orientations: BTreeSet<Vec<Point>>,
    copies: usize,
}

/// A packing problem: cells to fill (normalised) and piece types.
pub struct Problem {
    cells: Vec<Point>,
    planar: bool,
    types: Vec<Type>,
}

impl Problem {
    /// `cells` to fill with `pieces` (flat problems use layer 0 only).
    pub fn new(cells: &[Point], pieces: &[Piece]) -> Problem {
        let planar = pieces.iter().all(|p| p.turns != Turns::Solid);
        let mut types: Vec<Type> = Vec::new();
        for p in pieces {
            let o = orientations(p);
            match types.iter_mut().find(|t| t.orientations == o) {
                Some(t) => t.copies += 1,
                None => types.push(Type {
                    orientations: o,
                    copies: 1,
                }),
            }
        }
        Problem {
            cells: normalise(cells),
            planar,
            types,
        }
    }

    /// Every placement (type, sorted cells) of every type inside the cells.
    fn placements(&self) -> Vec<(usize, Vec<Point>)> {
        let inside: BTreeSet<Point> = self.cells.iter().copied().collect();
        let top: Point = std::array::from_fn(|a| self.cells.iter().map(|p| p[a]).max().unwrap());
        let mut out = Vec::new();
        for (t, ty) in self.types.iter().enumerate() {
            for o in &ty.orientations {
                for dl in 0..=top[0] {
                    for dr in 0..=top[1] {
                        for dc in 0..=top[2] {
                            let moved: Vec<Point> = o
                                .iter()
                                .map(|p| [p[0] + dl, p[1] + dr, p[2] + dc])
                                .collect();
                            if moved.iter().all(|p| inside.contains(p)) {
                                out.push((t, moved));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Every packing, each once (copies of a type not told apart).
    pub fn packings(&self) -> Vec<Packing> {
        let area: usize = self
            .types
            .iter()
            .map(|t| t.copies * t.orientations.first().map_or(0, Vec::len))
            .sum();
        if area != self.cells.len() {
            return Vec::new();
        }
        let placements = self.placements();
        // The exact-cover matrix: a row per placement, as cell numbers; and
        // per cell, the rows that cover it.
        let rows: Vec<(usize, Vec<usize>)> = placements
            .iter()
            .map(|(t, cells)| {
                let numbers = cells
                    .iter()
                    .map(|p| self.cells.binary_search(p).expect("a cell of the board"))
                    .collect();
                (*t, numbers)
            })
            .collect();
        let mut by_cell: Vec<Vec<usize>> = vec![Vec::new(); self.cells.len()];
        for (i, (_, cells)) in rows.iter().enumerate() {
            for &c in cells {
                by_cell[c].push(i);
            }
        }
        let mut state = Search {
            rows: &rows,
            by_cell: &by_cell,
            left: self.types.iter().map(|t| t.copies).collect(),
            covered: vec![false; self.cells.len()],
            chosen: Vec::new(),
            found: Vec::new(),
        };
        state.search();
        state
            .found
            .iter()
            .map(|chosen| {
                let mut packing: Packing = chosen.iter().map(|&i| placements[i].clone()).collect();
                packing.sort();
                packing
            })
            .collect()
    }

    /// The problem's symmetries: the maps of the cells onto themselves that
    /// map the piece set onto itself, as (matrix, type → type). A rotation
    /// keeps every type; a reflection needs, for every type, a type made of
    /// its mirror images with as many copies.
    fn group(&self) -> Vec<(Matrix, Vec<usize>)> {
        let mut out = Vec::new();
        for m in matrices(self.planar) {
            let image = normalise(&self.cells.iter().map(|&p| apply(&m, p)).collect::<Vec<_>>());
            if image != self.cells {
                continue;
            }
            let map: Option<Vec<usize>> = self
                .types
                .iter()
                .map(|t| {
                    let turned: BTreeSet<Vec<Point>> = t
                        .orientations
                        .iter()
                        .map(|o| normalise(&o.iter().map(|&p| apply(&m, p)).collect::<Vec<_>>()))
                        .collect();
                    self.types
                        .iter()
                        .position(|u| u.orientations == turned && u.copies == t.copies)
                })
                .collect();
            if let Some(map) = map {
                out.push((m, map));
            }
        }
        out
    }

    /// Size of the symmetry group (distinct maps of the cells and types).
    pub fn symmetries(&self) -> usize {
        self.group().len()
    }

    /// The least image of `packing` under the group.
    fn canonical(&self, group: &[(Matrix, Vec<usize>)], packing: &Packing) -> Packing {
        group
            .iter()
            .map(|(m, map)| {
                let image: Vec<Point> = self.cells.iter().map(|&p| apply(m, p)).collect();
                let low: Point = std::array::from_fn(|a| image.iter().map(|p| p[a]).min().unwrap());
                let mut turned: Packing = packing
                    .iter()
                    .map(|(t, cells)| {
                        let mut c: Vec<Point> = cells
                            .iter()
                            .map(|&p| {
                                let q = apply(m, p);
                                std::array::from_fn(|a| q[a] - low[a])
                            })
                            .collect();
                        c.sort_unstable();
                        (map[*t], c)
                    })
                    .collect();
                turned.sort();
                turned
            })
            .min()
            .expect("the identity is in the group")
    }

    /// (raw count, classes under the symmetry group).
    pub fn counts(&self) -> (usize, usize) {
        let all = self.packings();
        let group = self.group();
        let classes: BTreeSet<Packing> = all.iter().map(|p| self.canonical(&group, p)).collect();
        (all.len(), classes.len())
    }
}

/// A flat shape from a drawing: rows of characters, `.` or space empty.
pub fn flat(drawing: &str) -> Vec<Point> {
    drawing
        .lines()
        .enumerate()
        .flat_map(|(r, line)| {
            line.chars()
                .enumerate()
                .filter(|(_, ch)| *ch != '.' && *ch != ' ')
                .map(move |(c, _)| [0, r as i32, c as i32])
        })
        .collect()
}

/// A full box: `layers × rows × cols`.
pub fn cuboid(layers: i32, rows: i32, cols: i32) -> Vec<Point> {
    let mut out = Vec::new();
    for l in 0..layers {
        for r in 0..rows {
            for c in 0..cols {
                out.push([l, r, c]);
            }
        }
    }
    out
}

/// The 12 pentominoes, drawn here from Golomb's pictures (not taken from
/// the engine), free or as solids.
pub fn pentominoes(turns: Turns) -> Vec<Piece> {
    [
        ".##\n##.\n.#.", // F
        "#####",         // I
        "#...\n####",    // L
        "##..\n.###",    // N
        "##\n##\n#.",    // P
        "###\n.#.\n.#.", // T
        "#.#\n###",      // U
        "#..\n#..\n###", // V
        "#..\n##.\n.##", // W
        ".#.\n###\n.#.", // X
        "..#.\n####",    // Y
        "##.\n.#.\n.##", // Z
    ]
    .iter()
    .map(|d| Piece {
        cells: flat(d),
        turns,
    })
    .collect()
}

/// The 7 Soma pieces as solids: the tromino V, the tetrominoes L, T, Z,
/// the two screws and the branch.
pub fn soma() -> Vec<Piece> {
    let solid = |cells: &[Point]| Piece {
        cells: cells.to_vec(),
        turns: Turns::Solid,
    };
    vec![
        solid(&[[0, 0, 0], [0, 0, 1], [0, 1, 0]]),
        solid(&[[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1, 0]]),
        solid(&[[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1, 1]]),
        solid(&[[0, 0, 1], [0, 0, 2], [0, 1, 0], [0, 1, 1]]),
        solid(&[[0, 0, 0], [0, 1, 0], [0, 1, 1], [1, 1, 1]]),
        solid(&[[0, 0, 1], [0, 1, 1], [0, 1, 0], [1, 1, 0]]),
        solid(&[[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]),
    ]
}

/// Algorithm X's state: the matrix, what is covered, the rows chosen.
struct Search<'a> {
    /// Per row: its piece type and the cells it covers.
    rows: &'a [(usize, Vec<usize>)],
    /// Per cell: the rows that cover it.
    by_cell: &'a [Vec<usize>],
    /// Copies of each type not yet placed.
    left: Vec<usize>,
    covered: Vec<bool>,
    chosen: Vec<usize>,
    /// Every exact cover found, as row numbers.
    found: Vec<Vec<usize>>,
}

impl Search<'_> {
    /// Whether row `i` can be chosen now: a copy of its type is left and
    /// none of its cells is covered.
    fn fits(&self, i: usize) -> bool {
        let (t, cells) = &self.rows[i];
        self.left[*t] > 0 && cells.iter().all(|&c| !self.covered[c])
    }

    /// Algorithm X: take the uncovered cell with the fewest rows that fit
    /// (Knuth's choice of column), try each of those rows in turn,
    /// recursively. Every exact cover has exactly one row on that cell, so
    /// each is found exactly once.
    fn search(&mut self) {
        let best = (0..self.covered.len())
            .filter(|&c| !self.covered[c])
            .map(|c| {
                let fitting: Vec<usize> = self.by_cell[c]
                    .iter()
                    .copied()
                    .filter(|&i| self.fits(i))
                    .collect();
                fitting
            })
            .min_by_key(Vec::len);
        let Some(fitting) = best else {
            self.found.push(self.chosen.clone());
            return;
        };
        let rows = self.rows;
        for i in fitting {
            let (t, cells) = &rows[i];
            self.left[*t] -= 1;
            for &c in cells {
                self.covered[c] = true;
            }
            self.chosen.push(i);
            self.search();
            self.chosen.pop();
            for &c in cells {
                self.covered[c] = false;
            }
            self.left[*t] += 1;
        }
    }
}
