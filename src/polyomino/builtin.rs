//! The 12 pentominoes as plain data, with their orientations worked out
//! at compile time (by `const fn`, from the shapes): a count on a small
//! board made them at run time, 96 transforms sorted and compared, a
//! twentieth of its instructions beyond start-up on 3x20. Only the pieces'
//! data: nothing here knows a board.

use super::pieces::Cell;

/// The 12 pentominoes in the solver's orientation, in the order
/// FILNPTUVWXYZ (see [`super::pentominoes`], which a test checks them
/// against: the source's shapes turned).
pub(super) const PENTOMINOES: [(char, [Cell; 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ('L', [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]),
    ('N', [(0, 0), (0, 1), (0, 2), (1, 2), (1, 3)]),
    ('P', [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// Per pentomino, its free orientations exactly as
/// [`super::pieces::orientations`] makes them (same shapes, same order):
/// how many, and the shapes.
pub(super) const PENTOMINO_TURNS: [(usize, [[Cell; 5]; 8]); 12] = {
    let mut out = [(0, [[(0, 0); 5]; 8]); 12];
    let mut i = 0;
    while i < 12 {
        out[i] = turns(&PENTOMINOES[i].1);
        i += 1;
    }
    out
};

/// `(a.0, a.1) < (b.0, b.1)`, in a `const fn`.
const fn less(a: Cell, b: Cell) -> bool {
    a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
}

const fn same(a: &[Cell; 5], b: &[Cell; 5]) -> bool {
    let mut j = 0;
    while j < 5 {
        if a[j].0 != b[j].0 || a[j].1 != b[j].1 {
            return false;
        }
        j += 1;
    }
    true
}

/// [`super::pieces::orientations`] (free) of five distinct cells, step by
/// step: each of the 8 transforms normalised and sorted, first
/// occurrence kept.
const fn turns(cells: &[Cell; 5]) -> (usize, [[Cell; 5]; 8]) {
    let (mut h, mut w) = (0, 0);
    let mut j = 0;
    while j < 5 {
        if cells[j].0 > h {
            h = cells[j].0;
        }
        if cells[j].1 > w {
            w = cells[j].1;
        }
        j += 1;
    }
    let mut out = [[(0, 0); 5]; 8];
    let mut n = 0;
    let mut t = 0;
    while t < 8 {
        let mut o = [(0, 0); 5];
        let (mut r0, mut c0) = (u16::MAX, u16::MAX);
        let mut j = 0;
        while j < 5 {
            o[j] = super::pieces::transform_cell(t, h, w, cells[j]);
            if o[j].0 < r0 {
                r0 = o[j].0;
            }
            if o[j].1 < c0 {
                c0 = o[j].1;
            }
            j += 1;
        }
        let mut j = 0;
        while j < 5 {
            o[j] = (o[j].0 - r0, o[j].1 - c0);
            j += 1;
        }
        // Insertion sort.
        let mut j = 1;
        while j < 5 {
            let mut m = j;
            while m > 0 && less(o[m], o[m - 1]) {
                let x = o[m];
                o[m] = o[m - 1];
                o[m - 1] = x;
                m -= 1;
            }
            j += 1;
        }
        let mut seen = false;
        let mut m = 0;
        while m < n {
            seen = seen || same(&out[m], &o);
            m += 1;
        }
        if !seen {
            out[n] = o;
            n += 1;
        }
        t += 1;
    }
    (n, out)
}

/// The ready-made free orientations of `cells` when they are one of the
/// built-in pentominoes exactly as [`PENTOMINOES`] lists it.
pub(super) fn pentomino_turns(cells: &[Cell]) -> Option<&'static [[Cell; 5]]> {
    if cells.len() != 5 {
        return None;
    }
    PENTOMINOES
        .iter()
        .zip(&PENTOMINO_TURNS)
        .find(|((_, shape), _)| shape[..] == *cells)
        .map(|(_, (n, turns))| &turns[..*n])
}

#[cfg(test)]
mod tests {
    use super::super::pieces::{made_orientations, pentominoes, pentominoes_turned};
    use super::*;

    #[test]
    fn the_data_is_the_source_turned_and_its_orientations() {
        assert_eq!(pentominoes(), pentominoes_turned());
        for ((_, cells), (n, turns)) in PENTOMINOES.iter().zip(&PENTOMINO_TURNS) {
            let made = made_orientations(cells, false, |c| c);
            let ready: Vec<Vec<Cell>> = turns[..*n].iter().map(|o| o.to_vec()).collect();
            assert_eq!(made, ready);
            assert_eq!(pentomino_turns(cells).map(<[_]>::len), Some(*n));
        }
        // A pentomino drawn another way is worked out.
        assert_eq!(
            pentomino_turns(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
            None
        );
    }
}
