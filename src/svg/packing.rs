//! A packing of pieces as SVG: each piece filled with its own colour and
//! labelled with its letter, thick lines between pieces and round the
//! board, faint lines between the cells of one piece. A solid packing is
//! drawn as its layers side by side, a piece keeping its colour through
//! all of them.

use std::collections::BTreeMap;

use super::{FONT, escape, num, open, palette};

/// Side of a cell in SVG units.
pub const CELL: f64 = 32.0;
/// Space round each layer, enough for half the thick line.
pub const MARGIN: f64 = 4.0;
/// Space between layers.
const GAP: f64 = 24.0;
/// Height of the "layer N" caption above each layer (solids only).
const CAPTION: f64 = 20.0;
const THICK: f64 = 3.0;
const LETTER_SIZE: f64 = 16.0;

/// One square of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// Not part of the board: drawn as background.
    Hole,
    /// Part of the board, not covered by a piece: drawn white.
    Empty,
    /// Covered by the piece of this letter.
    Piece(char),
}

/// A board of `rows` × `cols` squares, one or more layers deep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layers {
    /// Rows of every layer.
    pub rows: usize,
    /// Columns of every layer.
    pub cols: usize,
    /// Each layer's squares, row by row.
    pub layers: Vec<Vec<Square>>,
    /// Print each piece's letter on it.
    pub letters: bool,
}

impl Layers {
    /// A flat board from its squares, row by row.
    pub fn flat(rows: usize, cols: usize, squares: Vec<Square>) -> Layers {
        Layers {
            rows,
            cols,
            layers: vec![squares],
            letters: true,
        }
    }

    /// The square at `(layer, row, col)`; outside the box is a hole.
    pub fn at(&self, layer: usize, row: isize, col: isize) -> Square {
        if row < 0 || col < 0 || row as usize >= self.rows || col as usize >= self.cols {
            return Square::Hole;
        }
        self.layers
            .get(layer)
            .and_then(|l| l.get(row as usize * self.cols + col as usize))
            .copied()
            .unwrap_or(Square::Hole)
    }

    fn caption(&self) -> f64 {
        if self.layers.len() > 1 { CAPTION } else { 0.0 }
    }

    /// Width and height of the whole picture.
    pub fn size(&self) -> (f64, f64) {
        let n = self.layers.len().max(1) as f64;
        let layer_w = self.cols as f64 * CELL + 2.0 * MARGIN;
        (
            n * layer_w + (n - 1.0) * GAP,
            self.caption() + self.rows as f64 * CELL + 2.0 * MARGIN,
        )
    }

    /// Where the top-left corner of `(layer, row, col)` lies.
    pub fn corner(&self, layer: usize, row: usize, col: usize) -> (f64, f64) {
        let layer_w = self.cols as f64 * CELL + 2.0 * MARGIN;
        (
            layer as f64 * (layer_w + GAP) + MARGIN + col as f64 * CELL,
            self.caption() + MARGIN + row as f64 * CELL,
        )
    }

    /// The colour of every piece letter: in order of first appearance each
    /// takes the next palette colour, unless a piece it touches already has
    /// it; then the first colour no touching piece has. With twelve pieces
    /// or fewer every piece has its own colour.
    pub fn colours(&self) -> BTreeMap<char, &'static str> {
        let mut order: Vec<char> = Vec::new();
        let mut touching: BTreeMap<char, Vec<char>> = BTreeMap::new();
        for (l, layer) in self.layers.iter().enumerate() {
            for (i, s) in layer.iter().enumerate() {
                let Square::Piece(a) = *s else { continue };
                if !order.contains(&a) {
                    order.push(a);
                }
                let (r, c) = ((i / self.cols) as isize, (i % self.cols) as isize);
                let mut next = vec![self.at(l, r + 1, c), self.at(l, r, c + 1)];
                if l + 1 < self.layers.len() {
                    next.push(self.at(l + 1, r, c));
                }
                for n in next {
                    if let Square::Piece(b) = n
                        && a != b
                    {
                        touching.entry(a).or_default().push(b);
                        touching.entry(b).or_default().push(a);
                    }
                }
            }
        }
        let mut colour: BTreeMap<char, usize> = BTreeMap::new();
        let n = palette::PIECES.len();
        for (k, &piece) in order.iter().enumerate() {
            let taken: Vec<usize> = touching
                .get(&piece)
                .into_iter()
                .flatten()
                .filter_map(|b| colour.get(b).copied())
                .collect();
            let pick = (0..n)
                .map(|j| (k + j) % n)
                .find(|j| !taken.contains(j))
                .unwrap_or(k % n);
            colour.insert(piece, pick);
        }
        colour
            .into_iter()
            .map(|(p, i)| (p, palette::PIECES[i]))
            .collect()
    }

    /// The picture as SVG text.
    pub fn to_svg(&self) -> String {
        let (w, h) = self.size();
        let colours = self.colours();
        let pieces = match colours.len() {
            1 => "1 piece".to_string(),
            n => format!("{n} pieces"),
        };
        let mut out = String::new();
        let what = if self.layers.len() > 1 {
            format!(
                "Packing of {pieces}, {} layers of {}×{}",
                self.layers.len(),
                self.rows,
                self.cols
            )
        } else {
            format!("Packing of {pieces} on {}×{}", self.rows, self.cols)
        };
        open(&mut out, w, h, &what);
        for (l, layer) in self.layers.iter().enumerate() {
            if self.layers.len() > 1 {
                let (x, _) = self.corner(l, 0, 0);
                out.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"14\" fill=\"#000000\">layer {}</text>\n",
                    num(x),
                    num(CAPTION - 6.0),
                    l + 1
                ));
            }
            for (i, s) in layer.iter().enumerate() {
                let fill = match s {
                    Square::Hole => continue,
                    Square::Empty => "#ffffff",
                    Square::Piece(p) => colours[p],
                };
                let (x, y) = self.corner(l, i / self.cols, i % self.cols);
                out.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>\n",
                    num(x),
                    num(y),
                    num(CELL),
                    num(CELL)
                ));
            }
        }
        let (thin, thick) = self.edges();
        if !thin.is_empty() {
            out.push_str(&format!(
                "<path d=\"{thin}\" stroke=\"#000000\" stroke-opacity=\"0.25\" stroke-width=\"1\" fill=\"none\"/>\n"
            ));
        }
        if !thick.is_empty() {
            out.push_str(&format!(
                "<path d=\"{thick}\" stroke=\"#000000\" stroke-width=\"{}\" stroke-linecap=\"square\" fill=\"none\"/>\n",
                num(THICK)
            ));
        }
        if self.letters {
            out.push_str(&self.letter_marks(&colours));
        }
        out.push_str("</svg>\n");
        out
    }

    /// Path data for the edges between cells of one piece (thin) and for
    /// the edges where pieces, empty cells and holes meet (thick).
    fn edges(&self) -> (String, String) {
        let (mut thin, mut thick) = (String::new(), String::new());
        for l in 0..self.layers.len() {
            for r in 0..=self.rows as isize {
                for c in 0..=self.cols as isize {
                    let here = self.at(l, r, c);
                    // The left edge of (r, c), then its top edge.
                    for (other, vertical) in
                        [(self.at(l, r, c - 1), true), (self.at(l, r - 1, c), false)]
                    {
                        let Some(thick_edge) = edge_kind(here, other) else {
                            continue;
                        };
                        let (x, y) = self.corner(l, r as usize, c as usize);
                        let d = if thick_edge { &mut thick } else { &mut thin };
                        if vertical {
                            d.push_str(&format!("M{} {}v{}", num(x), num(y), num(CELL)));
                        } else {
                            d.push_str(&format!("M{} {}h{}", num(x), num(y), num(CELL)));
                        }
                    }
                }
            }
        }
        (thin, thick)
    }

    /// Each piece's letter once per layer, on its cell nearest the middle
    /// of its cells there.
    fn letter_marks(&self, colours: &BTreeMap<char, &'static str>) -> String {
        let mut out = format!(
            "<g font-family=\"{FONT}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\">\n",
            num(LETTER_SIZE)
        );
        for (l, layer) in self.layers.iter().enumerate() {
            let mut cells: BTreeMap<char, Vec<(usize, usize)>> = BTreeMap::new();
            for (i, s) in layer.iter().enumerate() {
                if let Square::Piece(p) = s {
                    cells
                        .entry(*p)
                        .or_default()
                        .push((i / self.cols, i % self.cols));
                }
            }
            for (p, at) in cells {
                let n = at.len() as f64;
                let mr = at.iter().map(|c| c.0 as f64).sum::<f64>() / n;
                let mc = at.iter().map(|c| c.1 as f64).sum::<f64>() / n;
                let &(r, c) = at
                    .iter()
                    .min_by(|a, b| {
                        let da = (a.0 as f64 - mr).powi(2) + (a.1 as f64 - mc).powi(2);
                        let db = (b.0 as f64 - mr).powi(2) + (b.1 as f64 - mc).powi(2);
                        da.total_cmp(&db)
                    })
                    .expect("a piece has a cell");
                let (x, y) = self.corner(l, r, c);
                out.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>\n",
                    num(x + CELL / 2.0),
                    num(y + CELL / 2.0 + 0.36 * LETTER_SIZE),
                    palette::ink_on(colours[&p]),
                    escape(&p.to_string())
                ));
            }
        }
        out.push_str("</g>\n");
        out
    }
}

/// How the edge between two squares is drawn: `None` not at all (two holes),
/// `Some(false)` thin (inside one piece, or between empty cells),
/// `Some(true)` thick (between pieces, or round the board).
fn edge_kind(a: Square, b: Square) -> Option<bool> {
    match (a, b) {
        (Square::Hole, Square::Hole) => None,
        (Square::Piece(x), Square::Piece(y)) => Some(x != y),
        (Square::Empty, Square::Empty) => Some(false),
        _ => Some(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Layers {
        let lines: Vec<&str> = text.split('/').collect();
        let squares = lines
            .iter()
            .flat_map(|l| l.chars())
            .map(|c| match c {
                '#' => Square::Hole,
                '.' => Square::Empty,
                p => Square::Piece(p),
            })
            .collect();
        Layers::flat(lines.len(), lines[0].len(), squares)
    }

    #[test]
    fn neighbours_get_different_colours() {
        let b = board("AAB/CBB");
        let c = b.colours();
        assert_ne!(c[&'A'], c[&'B']);
        assert_ne!(c[&'B'], c[&'C']);
        assert_ne!(c[&'A'], c[&'C']);
    }

    #[test]
    fn more_pieces_than_colours_still_differ_from_neighbours() {
        let text: String = ('a'..='z').collect();
        let b = board(&format!(
            "{text}/{}",
            text.chars().rev().collect::<String>()
        ));
        let c = b.colours();
        for (i, x) in text.chars().enumerate().skip(1) {
            let left = text.chars().nth(i - 1).unwrap();
            assert_ne!(c[&x], c[&left], "{left} {x}");
        }
    }

    #[test]
    fn thick_lines_only_between_pieces_and_round_the_board() {
        // One piece on a 1×2 board: 6 unit edges round it (thick), 1 inside (thin).
        let svg = board("AA").to_svg();
        let thick = svg
            .lines()
            .find(|l| l.contains("stroke-width=\"3\""))
            .unwrap();
        assert_eq!(thick.matches('M').count(), 6, "{thick}");
        let thin = svg.lines().find(|l| l.contains("stroke-opacity")).unwrap();
        assert_eq!(thin.matches('M').count(), 1, "{thin}");
    }

    #[test]
    fn holes_are_not_drawn() {
        let svg = board("A#A/AAA").to_svg();
        assert_eq!(svg.matches("<rect x=").count(), 5);
    }
}

#[cfg(test)]
mod layer_tests {
    use super::*;

    #[test]
    fn a_solid_keeps_each_piece_s_colour_through_its_layers() {
        // Two 1×2 layers: A stands on both layers' left cell, B on the right.
        let l = Layers {
            rows: 1,
            cols: 2,
            layers: vec![
                vec![Square::Piece('A'), Square::Piece('B')],
                vec![Square::Piece('A'), Square::Piece('B')],
            ],
            letters: true,
        };
        let svg = l.to_svg();
        assert!(svg.contains("layer 1") && svg.contains("layer 2"), "{svg}");
        let c = l.colours();
        assert_ne!(c[&'A'], c[&'B']);
        assert_eq!(svg.matches(c[&'A']).count(), 2, "{svg}");
        // Captions push the layers down; layers sit side by side.
        assert_eq!(
            l.corner(1, 0, 0),
            (2.0 * CELL + 2.0 * MARGIN + GAP + MARGIN, CAPTION + MARGIN)
        );
    }
}
