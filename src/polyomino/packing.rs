//! A found packing as plain data: every cell's character and piece
//! instance, in the caller's box, for printing, `frame` and renderers.

use super::compile::{Compiled, POOL};
use super::space::layers_side_by_side;
use crate::pentomino::CharBoard;

/// A packing: per cell of the box (`[layers, rows, cols]`, row-major within
/// a layer) the character drawn and the piece instance covering it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    dims: [usize; 3],
    chars: Vec<char>,
    labels: Vec<u32>,
    names: Vec<String>,
}

/// The label of a hole in [`Packing::labels`].
pub const HOLE: u32 = u32::MAX;

impl Packing {
    /// The packing of a tiling: (kind, sorted bits) per piece, sorted.
    /// Copies of a kind are told apart: the first keeps the kind's
    /// character, a copy touching another of its kind takes the next free
    /// one (its lower-case letter, then unused characters), so `frame`
    /// draws a line between any two pieces.
    pub(crate) fn from_tiling(p: &Compiled, tiling: &[(u8, Vec<u16>)]) -> Packing {
        let n: usize = p.dims.iter().product();
        let index = |b: u16| {
            let c = p.cell_of[b as usize];
            (c[0] as usize * p.dims[1] + c[1] as usize) * p.dims[2] + c[2] as usize
        };
        let mut chars = vec!['.'; n];
        let mut labels = vec![HOLE; n];
        let mut names = Vec::with_capacity(tiling.len());
        let mut copy = vec![0u32; p.kinds.len()];
        for (i, (k, bits)) in tiling.iter().enumerate() {
            let kind = &p.kinds[*k as usize];
            copy[*k as usize] += 1;
            names.push(if kind.count > 1 {
                format!("{}#{}", kind.name, copy[*k as usize])
            } else {
                kind.name.clone()
            });
            for &b in bits {
                labels[index(b)] = i as u32;
            }
        }
        let used: Vec<char> = p.kinds.iter().map(|k| k.symbol).collect();
        for (i, (k, bits)) in tiling.iter().enumerate() {
            let kind = &p.kinds[*k as usize];
            let mut taken: Vec<char> = Vec::new();
            for &b in bits {
                let c = p.cell_of[b as usize];
                for (a, side) in p.dims.iter().enumerate() {
                    for step in [-1i32, 1] {
                        let v = c[a] as i32 + step;
                        if v < 0 || v >= *side as i32 {
                            continue;
                        }
                        let mut q = c;
                        q[a] = v as u16;
                        let j =
                            (q[0] as usize * p.dims[1] + q[1] as usize) * p.dims[2] + q[2] as usize;
                        if labels[j] != i as u32 && chars[j] != '.' {
                            taken.push(chars[j]);
                        }
                    }
                }
            }
            let other = kind.symbol.to_ascii_lowercase();
            let symbol = std::iter::once(kind.symbol)
                .chain((other != kind.symbol && !used.contains(&other)).then_some(other))
                .chain(POOL.chars().filter(|c| !used.contains(c)))
                .find(|c| !taken.contains(c))
                .unwrap_or(kind.symbol);
            for &b in bits {
                chars[index(b)] = symbol;
            }
        }
        Packing {
            dims: p.dims,
            chars,
            labels,
            names,
        }
    }

    /// `[layers, rows, cols]`.
    pub fn dims(&self) -> [usize; 3] {
        self.dims
    }

    /// Rows of a layer.
    pub fn rows(&self) -> usize {
        self.dims[1]
    }

    /// Columns of a layer.
    pub fn cols(&self) -> usize {
        self.dims[2]
    }

    /// The character at `(layer, row, col)` (`.` for a hole or outside).
    pub fn at(&self, layer: usize, row: usize, col: usize) -> char {
        if layer < self.dims[0] && row < self.dims[1] && col < self.dims[2] {
            self.chars[(layer * self.dims[1] + row) * self.dims[2] + col]
        } else {
            '.'
        }
    }

    /// The character at `(row, col)` of the first layer.
    pub fn get(&self, row: usize, col: usize) -> char {
        self.at(0, row, col)
    }

    /// Per cell, the index of the piece instance covering it ([`HOLE`] for
    /// a hole): copies of one piece have different labels.
    pub fn labels(&self) -> &[u32] {
        &self.labels
    }

    /// Per piece instance, its name: the piece's name, with `#n` for the
    /// n-th copy of a piece used more than once.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// One layer as a character board (for `frame`), when it fits the
    /// character board's limits (32×32).
    pub fn layer_board(&self, layer: usize) -> Option<CharBoard> {
        let (rows, cols) = (self.dims[1], self.dims[2]);
        let start = layer * rows * cols;
        let text: Vec<String> = self
            .chars
            .get(start..start + rows * cols)?
            .chunks(cols.max(1))
            .map(|r| r.iter().collect())
            .collect();
        CharBoard::parse(&text.join("\n")).ok()
    }

    /// A flat packing as a character board (for `frame`), when it fits.
    pub fn to_charboard(&self) -> Option<CharBoard> {
        if self.dims[0] == 1 {
            self.layer_board(0)
        } else {
            None
        }
    }

    /// The rows as strings (layers side by side for a solid packing).
    pub fn lines(&self) -> Vec<String> {
        self.to_string().lines().map(String::from).collect()
    }
}

impl std::fmt::Display for Packing {
    /// Rows of piece letters, `.` for holes; layers side by side.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&layers_side_by_side(self.dims, &self.chars))
    }
}
