//! Polycubes: solid pieces (the Soma pieces, the pentominoes as solids,
//! pieces drawn by layers), their orientations in space, and boxes to fill
//! (a cuboid, or layers drawn as text).
//!
//! A point is `[layer, row, col]`; a flat polyomino lies in layer 0. The
//! symmetries of a box are the 48 signed permutations of the three axes
//! that map the box onto itself (rotations have determinant +1).

use std::fmt;

use super::PolyError;
use super::pieces::{MAX_SHAPE_CELLS, Piece, drawn_cells, pentominoes};

/// A cell of a solid or a box: `[layer, row, col]`.
pub type Point = [u16; 3];

/// Longest side of a box.
pub const MAX_BOX_SIDE: usize = 1024;

/// Cells shifted so each coordinate's minimum is 0, sorted, deduplicated.
pub fn normalize3(cells: &[Point]) -> Vec<Point> {
    let mut low = [u16::MAX; 3];
    for p in cells {
        for a in 0..3 {
            low[a] = low[a].min(p[a]);
        }
    }
    let mut v: Vec<Point> = cells
        .iter()
        .map(|p| [p[0] - low[0], p[1] - low[1], p[2] - low[2]])
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// A signed permutation of the axes: coordinate `a` of the image is
/// coordinate `axes[a]` of the point, counted from the far side when
/// `flip[a]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Source axis of each image axis.
    pub axes: [usize; 3],
    /// Image axes counted from the far side.
    pub flip: [bool; 3],
}

impl Turn {
    /// All 48 signed permutations, identity first; with `planar`, the 8
    /// that keep the layer axis (the square's symmetries).
    pub fn all(planar: bool) -> Vec<Turn> {
        let mut out = Vec::new();
        for axes in crate::permutations::PERMS_OF_3 {
            if planar && axes[0] != 0 {
                continue;
            }
            for f in 0..8u8 {
                let flip = [f & 4 != 0, f & 2 != 0, f & 1 != 0];
                if planar && flip[0] {
                    continue;
                }
                out.push(Turn { axes, flip });
            }
        }
        out
    }

    /// The 24 rotations (determinant +1).
    pub fn rotations() -> Vec<Turn> {
        Turn::all(false)
            .into_iter()
            .filter(|t| !t.reflects())
            .collect()
    }

    /// True for a reflection (determinant −1).
    pub fn reflects(&self) -> bool {
        let swaps = (0..3)
            .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
            .filter(|&(i, j)| self.axes[i] > self.axes[j])
            .count();
        (swaps + self.flip.iter().filter(|&&f| f).count()) % 2 == 1
    }

    /// Image of `p` in a box of sides `dims` (the source box).
    pub fn apply(&self, dims: [usize; 3], p: Point) -> Point {
        std::array::from_fn(|a| {
            let v = p[self.axes[a]];
            if self.flip[a] {
                dims[self.axes[a]] as u16 - 1 - v
            } else {
                v
            }
        })
    }

    /// Sides of the image of a box of sides `dims`.
    pub fn dims(&self, dims: [usize; 3]) -> [usize; 3] {
        std::array::from_fn(|a| dims[self.axes[a]])
    }
}

/// Sides of the bounding box of `cells`.
pub fn extent(cells: &[Point]) -> [usize; 3] {
    std::array::from_fn(|a| cells.iter().map(|p| p[a] as usize + 1).max().unwrap_or(0))
}

/// The image of a shape under a turn, normalised.
pub fn turn_shape(cells: &[Point], t: &Turn) -> Vec<Point> {
    let dims = extent(cells);
    normalize3(&cells.iter().map(|&p| t.apply(dims, p)).collect::<Vec<_>>())
}

/// The distinct orientations of a solid in space (its 24 rotations), first
/// occurrence kept.
pub fn solid_orientations(cells: &[Point]) -> Vec<Vec<Point>> {
    let mut out: Vec<Vec<Point>> = Vec::new();
    for t in Turn::rotations() {
        let o = turn_shape(cells, &t);
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// A solid piece: name, the character that shows it, its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solid {
    /// Name as a person types it: "V", "A", "F", "shape2".
    pub name: String,
    /// Character drawn in a solution's layers.
    pub symbol: char,
    /// Normalised, sorted cells.
    pub cells: Vec<Point>,
}

impl Solid {
    /// A solid from a name, a symbol and cells (normalised here).
    pub fn new(name: impl Into<String>, symbol: char, cells: &[Point]) -> Solid {
        Solid {
            name: name.into(),
            symbol,
            cells: normalize3(cells),
        }
    }

    /// A flat polyomino as a solid lying in one layer.
    pub fn from_piece(p: &Piece) -> Solid {
        let cells: Vec<Point> = p.cells.iter().map(|&(r, c)| [0, r, c]).collect();
        Solid::new(p.name.clone(), p.symbol, &cells)
    }

    /// The solid's layers drawn side by side (symbol and `.`).
    pub fn drawing(&self) -> String {
        let dims = extent(&self.cells);
        let mut chars = vec!['.'; dims[0] * dims[1] * dims[2]];
        for p in &self.cells {
            chars[(p[0] as usize * dims[1] + p[1] as usize) * dims[2] + p[2] as usize] =
                self.symbol;
        }
        layers_side_by_side(dims, &chars)
    }
}

/// Rows of the layers of a `dims` box of characters, side by side with two
/// spaces between layers.
pub fn layers_side_by_side(dims: [usize; 3], chars: &[char]) -> String {
    (0..dims[1])
        .map(|r| {
            (0..dims[0])
                .map(|l| {
                    (0..dims[2])
                        .map(|c| chars[(l * dims[1] + r) * dims[2] + c])
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("  ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The 7 Soma pieces, named and shown V L T Z A B P (the tromino, the three
/// flat tetrominoes, the two screws and the branch).
pub fn soma() -> Vec<Solid> {
    let screw: [Point; 4] = [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 1]];
    let mirror: Vec<Point> = screw.iter().map(|p| [p[0], p[1], 1 - p[2]]).collect();
    vec![
        Solid::new("V", 'V', &[[0, 0, 0], [0, 0, 1], [0, 1, 0]]),
        Solid::new("L", 'L', &[[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1, 0]]),
        Solid::new("T", 'T', &[[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1, 1]]),
        Solid::new("Z", 'Z', &[[0, 0, 1], [0, 0, 2], [0, 1, 0], [0, 1, 1]]),
        Solid::new("A", 'A', &screw),
        Solid::new("B", 'B', &mirror),
        Solid::new("P", 'P', &[[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]),
    ]
}

/// The 13 pieces of the Bedlam cube (12 pentacubes and a tetracube, 64
/// cells for the 4×4×4 cube), shown A to M, named as in Scott Kurowski's
/// catalogue of its 19,186 solutions. Seven have 24 orientations, five 12
/// and the cross 3.
pub fn bedlam() -> Vec<Solid> {
    let shapes: [(&str, char, &[Point]); 13] = [
        (
            "little corner",
            'A',
            &[[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 1, 0]],
        ),
        (
            "spikey zag",
            'B',
            &[[0, 0, 1], [0, 1, 0], [0, 1, 1], [1, 1, 0], [1, 2, 0]],
        ),
        (
            "pokey corner",
            'C',
            &[[0, 0, 0], [0, 1, 0], [1, 1, 0], [0, 1, 1], [0, 2, 0]],
        ),
        (
            "right angles",
            'D',
            &[[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 2, 0], [1, 2, 0]],
        ),
        (
            "middle zig",
            'E',
            &[[0, 0, 0], [0, 1, 0], [0, 1, 1], [1, 1, 0], [1, 2, 0]],
        ),
        (
            "pokey z",
            'F',
            &[[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 1, 0], [1, 2, 0]],
        ),
        (
            "corner joist",
            'G',
            &[[0, 0, 0], [1, 0, 0], [0, 0, 1], [0, 1, 0], [0, 2, 0]],
        ),
        (
            "dented l",
            'H',
            &[[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 1, 0], [0, 2, 0]],
        ),
        (
            "f in therapy",
            'I',
            &[[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 1, 0], [0, 2, 0]],
        ),
        (
            "flat w",
            'J',
            &[[0, 1, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0], [0, 2, 0]],
        ),
        (
            "cross",
            'K',
            &[[0, 1, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0], [1, 2, 0]],
        ),
        (
            "flat f",
            'L',
            &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0], [1, 2, 0]],
        ),
        (
            "t-bone",
            'M',
            &[[0, 1, 0], [1, 0, 0], [0, 1, 1], [1, 1, 0], [1, 2, 0]],
        ),
    ];
    shapes
        .iter()
        .map(|(name, symbol, cells)| Solid::new(*name, *symbol, cells))
        .collect()
}

/// A built-in set of solids by name ("soma", "bedlam"; case and a plural
/// forgiven).
pub fn solid_set(name: &str) -> Option<Vec<Solid>> {
    match super::pieces::solid_set_key(name)? {
        "soma" => Some(soma()),
        _ => Some(bedlam()),
    }
}

/// Solids from one string: "soma", "bedlam", a set of flat pieces ("pentominoes",
/// letters; see [`super::pieces::pieces_from_text`]) as solids, or a piece
/// drawn by layers (see [`Space::parse_layers`]).
pub fn solids_from_text(text: &str) -> Result<Vec<Solid>, PolyError> {
    if let Some(set) = solid_set(text) {
        return Ok(set);
    }
    let sets: Vec<&'static str> = super::pieces::SOLID_SETS
        .iter()
        .copied()
        .chain(super::pieces::FLAT_SETS.iter().copied())
        .collect();
    let flat = super::pieces::pieces_from_text(text)
        .map_err(|e| super::pieces::misspelt_set(text, &sets).unwrap_or(e))?;
    Ok(flat.iter().map(Solid::from_piece).collect())
}

/// One entry of a solid piece list: a Soma piece name, a flat piece name or
/// set, or a drawing by layers (optionally `name=drawing`).
pub fn solids_from_item(text: &str, n: usize) -> Result<Vec<Solid>, PolyError> {
    if let Some(set) = solid_set(text) {
        return Ok(set);
    }
    if let Some(s) = soma().into_iter().find(|s| s.name == text.trim()) {
        return Ok(vec![s]);
    }
    if !text.contains('|') && !text.contains("\n\n") {
        return Ok(super::pieces::pieces_from_item(text, n)?
            .iter()
            .map(Solid::from_piece)
            .collect());
    }
    let (name, drawing) = match text.split_once('=') {
        Some((name, drawing)) if !name.trim().is_empty() => (name.trim().to_string(), drawing),
        _ => (format!("shape{n}"), text),
    };
    let mut cells = Vec::new();
    for (l, layer) in split_layers(drawing).iter().enumerate() {
        if layer.trim().is_empty() {
            continue;
        }
        for (r, c) in parse_cells(layer)? {
            cells.push([l as u16, r, c]);
        }
    }
    if cells.is_empty() {
        return Err(PolyError::EmptyShape);
    }
    // As for flat shapes: the connection check below is quadratic, and no
    // monitor is asked while a drawing is read.
    if cells.len() > MAX_SHAPE_CELLS {
        return Err(PolyError::ShapeTooLarge { cells: cells.len() });
    }
    let symbol = drawing
        .chars()
        .find(|c| c.is_ascii_alphanumeric())
        .unwrap_or((b'a' + (n % 26) as u8) as char);
    let solid = Solid::new(name, symbol, &cells);
    if connected3(&solid.cells) != solid.cells.len() {
        return Err(PolyError::Disconnected {
            cells: solid.cells.len(),
            reached: connected3(&solid.cells),
        });
    }
    Ok(vec![solid])
}

/// Cells of one layer of a drawn piece (any character but `.`, space, `_`);
/// unlike a flat piece, a layer need not be connected.
fn parse_cells(layer: &str) -> Result<Vec<(u16, u16)>, PolyError> {
    drawn_cells(layer)
}

/// Layers of a drawing: separated by `|` or a blank line.
fn split_layers(text: &str) -> Vec<String> {
    let mut layers = Vec::new();
    for part in text.split('|') {
        let mut current: Vec<&str> = Vec::new();
        for line in part.split('\n') {
            if line.trim().is_empty() {
                if !current.is_empty() {
                    layers.push(current.join("\n"));
                    current.clear();
                }
            } else {
                current.push(line);
            }
        }
        if !current.is_empty() {
            layers.push(current.join("\n"));
        }
    }
    layers
}

/// How many cells are face-connected to the first one.
fn connected3(cells: &[Point]) -> usize {
    let Some(&first) = cells.first() else {
        return 0;
    };
    let mut seen = vec![first];
    let mut stack = vec![first];
    while let Some(p) = stack.pop() {
        for &n in cells {
            let d: u16 = (0..3).map(|a| n[a].abs_diff(p[a])).sum();
            if d == 1 && !seen.contains(&n) {
                seen.push(n);
                stack.push(n);
            }
        }
    }
    seen.len()
}

/// A box to fill: cells inside `layers × rows × cols`, holes allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    dims: [usize; 3],
    open: Vec<bool>,
}

impl Space {
    /// A full cuboid `x` wide (columns), `y` deep (rows), `z` high (layers).
    pub fn cuboid(x: i64, y: i64, z: i64) -> Result<Space, PolyError> {
        let ok = |n: i64| (1..=MAX_BOX_SIDE as i64).contains(&n);
        if !ok(x) || !ok(y) || !ok(z) || x * y * z > 1 << 20 {
            return Err(PolyError::BadBox { x, y, z });
        }
        let dims = [z as usize, y as usize, x as usize];
        Ok(Space {
            dims,
            open: vec![true; dims.iter().product()],
        })
    }

    /// A box drawn by layers: each layer rows of `.` (a cell) and `#` or
    /// space (a hole), rows ended by `/` or a new line, layers separated by
    /// `|` or a blank line. Rows and layers may differ in size.
    pub fn parse_layers(layers: &[String]) -> Result<Space, PolyError> {
        let grids: Vec<Vec<Vec<bool>>> = layers
            .iter()
            .enumerate()
            .map(|(l, text)| {
                text.split(['\n', '/'])
                    .filter(|row| !row.trim().is_empty())
                    .enumerate()
                    .map(|(r, row)| {
                        row.trim_end_matches('\r')
                            .chars()
                            .enumerate()
                            .map(|(c, ch)| match ch {
                                '.' => Ok(true),
                                '#' | ' ' => Ok(false),
                                ch => Err(PolyError::BadLayers(format!(
                                    "unexpected character {ch:?} in layer {} at {}:{} (a box uses '.' for a cell and '#' or space for a hole)",
                                    l + 1,
                                    r + 1,
                                    c + 1
                                ))),
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        if grids.is_empty() {
            return Err(PolyError::BadLayers("no layers given".into()));
        }
        let rows = grids.iter().map(|g| g.len()).max().unwrap_or(0);
        let cols = grids
            .iter()
            .flat_map(|g| g.iter().map(|r| r.len()))
            .max()
            .unwrap_or(0);
        if rows > MAX_BOX_SIDE || cols > MAX_BOX_SIDE || grids.len() > MAX_BOX_SIDE {
            return Err(PolyError::BadBox {
                x: cols as i64,
                y: rows as i64,
                z: grids.len() as i64,
            });
        }
        let dims = [grids.len(), rows, cols];
        let mut open = vec![false; dims.iter().product()];
        for (l, g) in grids.iter().enumerate() {
            for (r, row) in g.iter().enumerate() {
                for (c, &o) in row.iter().enumerate() {
                    open[(l * rows + r) * cols + c] = o;
                }
            }
        }
        if !open.contains(&true) {
            return Err(PolyError::NoCells);
        }
        Ok(Space { dims, open })
    }

    /// A box from one text: layers separated by `|` or a blank line.
    pub fn parse(text: &str) -> Result<Space, PolyError> {
        Space::parse_layers(&split_layers(text))
    }

    /// A flat box: the polyomino region as one layer.
    pub fn from_cells(dims: [usize; 3], cells: &[Point]) -> Space {
        let mut open = vec![false; dims.iter().product()];
        for p in cells {
            open[(p[0] as usize * dims[1] + p[1] as usize) * dims[2] + p[2] as usize] = true;
        }
        Space { dims, open }
    }

    /// `[layers, rows, cols]`.
    pub fn dims(&self) -> [usize; 3] {
        self.dims
    }

    /// Number of cells to fill.
    pub fn volume(&self) -> usize {
        self.open.iter().filter(|&&b| b).count()
    }

    /// The cells to fill, in layer, row, column order.
    pub fn cells(&self) -> Vec<Point> {
        let [_, rows, cols] = self.dims;
        self.open
            .iter()
            .enumerate()
            .filter(|(_, o)| **o)
            .map(|(i, _)| {
                [
                    (i / (rows * cols)) as u16,
                    (i / cols % rows) as u16,
                    (i % cols) as u16,
                ]
            })
            .collect()
    }

    /// How many of the 48 turns and flips of space map the box onto itself.
    pub fn symmetries(&self) -> usize {
        let cells = normalize3(&self.cells());
        Turn::all(false)
            .iter()
            .filter(|t| turn_shape(&cells, t) == cells)
            .count()
    }
}

impl fmt::Display for Space {
    /// The layers side by side: `.` a cell, `#` a hole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chars: Vec<char> = self
            .open
            .iter()
            .map(|&o| if o { '.' } else { '#' })
            .collect();
        f.write_str(&layers_side_by_side(self.dims, &chars))
    }
}

/// The 12 pentominoes as solids.
pub fn solid_pentominoes() -> Vec<Solid> {
    pentominoes().iter().map(Solid::from_piece).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_and_orientations() {
        assert_eq!(Turn::all(false).len(), 48);
        assert_eq!(Turn::all(true).len(), 8);
        assert_eq!(Turn::rotations().len(), 24);
        let counts: Vec<usize> = soma()
            .iter()
            .map(|s| solid_orientations(&s.cells).len())
            .collect();
        // V L T Z A B P
        assert_eq!(counts, [12, 24, 12, 12, 12, 12, 8]);
        // The screws are mirror images, not rotations of each other.
        let a = solid_orientations(&soma()[4].cells);
        assert!(!a.contains(&soma()[5].cells));
        // F as a solid can be turned over: 24 orientations.
        assert_eq!(solid_orientations(&solid_pentominoes()[0].cells).len(), 24);
        // Bedlam: seven pieces with 24 orientations, five with 12, the
        // cross 3 (Kurowski's figures); 64 cells, all connected.
        let bedlam = bedlam();
        let mut counts: Vec<usize> = bedlam
            .iter()
            .map(|s| solid_orientations(&s.cells).len())
            .collect();
        counts.sort_unstable();
        assert_eq!(counts, [3, 12, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24]);
        assert_eq!(bedlam.iter().map(|s| s.cells.len()).sum::<usize>(), 64);
        assert!(bedlam.iter().all(|s| connected3(&s.cells) == s.cells.len()));
    }

    #[test]
    fn boxes() {
        let c = Space::cuboid(3, 3, 3).unwrap();
        assert_eq!(c.volume(), 27);
        assert_eq!(c.symmetries(), 48);
        assert_eq!(Space::cuboid(2, 3, 10).unwrap().symmetries(), 8);
        let s = Space::parse("../..|.").unwrap();
        assert_eq!(s.dims(), [2, 2, 2]);
        assert_eq!(s.volume(), 5);
        assert_eq!(s.to_string(), "..  .#\n..  ##");
        assert!(Space::cuboid(0, 1, 1).is_err());
    }

    /// A solid drawn by layers has at most MAX_SHAPE_CELLS cells, as a flat
    /// shape does (found by fuzzing: a lab file read as a drawing of some
    /// 10,000 cells took seconds in the connection check, which is
    /// quadratic and asks no monitor).
    #[test]
    fn drawn_solids_are_capped_like_flat_shapes() {
        let layer = |rows: usize, cols: usize| vec!["X".repeat(cols); rows].join("\n");
        let largest = format!("{}|{}", layer(32, 16), layer(32, 16));
        let solids = solids_from_item(&largest, 1).unwrap();
        assert_eq!(solids[0].cells.len(), 1024);
        let too_large = format!("{}|{}", layer(40, 40), layer(40, 40));
        let e = solids_from_item(&too_large, 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the shape has 3200 cells; at most 1024 are supported"
        );
    }
}
