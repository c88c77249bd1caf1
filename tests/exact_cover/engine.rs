//! The engine's board and pieces made from the reference's, for the tests
//! that count with both (`exact_cover_counts`, `exact_cover_props`): the
//! one place the reference meets `src/polyomino`. Every set of cells is
//! shifted to start at 0 (see [`normalise`]).

use puzzlelab::polyomino::{self, Region, Solid, Space};

use super::{Piece, Point, Turns, normalise};

/// Flat cells (layer 0) as the engine's (row, column) pairs.
fn flat(cells: &[Point]) -> Vec<(u16, u16)> {
    normalise(cells)
        .iter()
        .map(|q| (q[1] as u16, q[2] as u16))
        .collect()
}

/// Cells as the engine's (layer, row, column) points.
fn solid(cells: &[Point]) -> Vec<[u16; 3]> {
    normalise(cells)
        .iter()
        .map(|q| q.map(|v| v as u16))
        .collect()
}

/// The engine's board of flat `cells`.
pub fn region(cells: &[Point]) -> Region {
    Region::from_cells(&flat(cells)).unwrap()
}

/// The engine's flat pieces, named `p0`, `p1`, ...; a one-sided piece
/// stays one-sided.
pub fn pieces(pieces: &[Piece]) -> Vec<polyomino::Piece> {
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let piece = polyomino::Piece::new(format!("p{i}"), 'p', &flat(&p.cells));
            if p.turns == Turns::OneSided {
                piece.one_sided()
            } else {
                piece
            }
        })
        .collect()
}

/// The engine's box of `cells` (the smallest holding them; cells outside
/// `cells` are holes).
pub fn space(cells: &[Point]) -> Space {
    let points = solid(cells);
    let dims: [usize; 3] =
        std::array::from_fn(|a| points.iter().map(|p| p[a] as usize + 1).max().unwrap());
    Space::from_cells(dims, &points)
}

/// The engine's solid pieces, named `s0`, `s1`, ...
pub fn solids(pieces: &[Piece]) -> Vec<Solid> {
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| Solid::new(format!("s{i}"), 's', &solid(&p.cells)))
        .collect()
}
