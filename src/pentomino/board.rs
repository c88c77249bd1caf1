//! The 0/1 board: a rectangle of cells, each filled or empty, stored as one
//! bitmask per row (bit `c` is column `c`). A piece is the same thing at its
//! bounding-box size, so [`Shape`] is just another name for [`BitBoard`] — as in
//! the J program, where both are 0/1 arrays.
//!
//! Here live the source's array primitives: the eight transforms t0..t7,
//! `pen`, `shift`, `members`, `contact`, plus the clean `touch`.

use std::fmt;

use super::PentominoError;

/// Largest number of rows or columns a board may have.
pub const MAX_SIDE: usize = 32;

/// A 0/1 board of up to [`MAX_SIDE`]×[`MAX_SIDE`] cells, one bitmask per
/// row (scripts call it `Board`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BitBoard {
    rows: u8,
    cols: u8,
    bits: [u32; MAX_SIDE],
}

/// A piece shape: a board the size of the piece's bounding box.
pub type Shape = BitBoard;

impl BitBoard {
    /// An empty board of `rows`×`cols` cells.
    pub fn new(rows: usize, cols: usize) -> Result<BitBoard, PentominoError> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(PentominoError::BadSize { rows, cols });
        }
        Ok(BitBoard {
            rows: rows as u8,
            cols: cols as u8,
            bits: [0; MAX_SIDE],
        })
    }

    /// An empty board for a size already known to be valid (a `CharBoard`'s);
    /// out-of-range sides are clamped rather than refused.
    pub(crate) fn blank(rows: usize, cols: usize) -> BitBoard {
        BitBoard {
            rows: rows.clamp(1, MAX_SIDE) as u8,
            cols: cols.clamp(1, MAX_SIDE) as u8,
            bits: [0; MAX_SIDE],
        }
    }

    /// A board from row bitmasks (bit `c` = column `c`); bits beyond `cols`
    /// are dropped.
    pub fn from_rows(cols: usize, rows: &[u32]) -> Result<BitBoard, PentominoError> {
        let mut b = BitBoard::new(rows.len(), cols)?;
        for (r, &bits) in rows.iter().enumerate() {
            b.bits[r] = bits & b.mask();
        }
        Ok(b)
    }

    /// A board from `rows`×`cols` values in row-major order, nonzero = filled
    /// (J's `rows cols $ values`; extra values are ignored, as J's `$` takes
    /// only what it needs, and missing ones repeat from the start).
    pub fn from_values(
        rows: usize,
        cols: usize,
        values: &[u8],
    ) -> Result<BitBoard, PentominoError> {
        let mut b = BitBoard::new(rows, cols)?;
        if values.is_empty() {
            return Ok(b);
        }
        for r in 0..rows {
            for c in 0..cols {
                if values[(r * cols + c) % values.len()] != 0 {
                    b.set(r, c, true);
                }
            }
        }
        Ok(b)
    }

    /// Parse a board from text, keeping its full size. One line per row;
    /// `/` also ends a row. `.` and `0` are empty, any other visible
    /// character is filled; spaces and tabs only separate (so J's
    /// `1 1 0 0 0` works). Blank lines are skipped.
    pub fn parse(text: &str) -> Result<BitBoard, PentominoError> {
        BitBoard::parse_drawing(text, false)
    }

    /// [`BitBoard::parse`]; with `blank_rows`, a blank line between two rows
    /// is a row with no cells (a shape's gap), not nothing.
    fn parse_drawing(text: &str, blank_rows: bool) -> Result<BitBoard, PentominoError> {
        let drawn = drawing_rows(text)?;
        if blank_rows
            && let (Some((first, cells)), Some((last, _))) = (drawn.first(), drawn.last())
            && last - first >= MAX_SIDE
        {
            return Err(PentominoError::BadSize {
                rows: last - first + 1,
                cols: cells.len(),
            });
        }
        let mut rows = Vec::with_capacity(drawn.len());
        let mut last_line = None;
        for (line, cells) in &drawn {
            if blank_rows && let Some(last) = last_line {
                rows.extend(std::iter::repeat_n(0, line - last - 1));
            }
            last_line = Some(*line);
            if cells.len() > MAX_SIDE {
                return Err(PentominoError::BadSize {
                    rows: rows.len() + 1,
                    cols: cells.len(),
                });
            }
            let bits = cells
                .iter()
                .enumerate()
                .filter(|(_, (_, ch))| *ch != '.' && *ch != '0')
                .fold(0u32, |bits, (c, _)| bits | 1 << c);
            rows.push(bits);
        }
        let cols = drawn.first().map_or(0, |(_, cells)| cells.len());
        BitBoard::from_rows(cols, &rows)
    }

    /// Parse a piece shape: like [`BitBoard::parse`] (but a blank line between
    /// rows is an empty row), then trimmed to the bounding box of its filled
    /// cells, which must be one edge-connected piece.
    pub fn parse_shape(text: &str) -> Result<Shape, PentominoError> {
        let b = BitBoard::parse_drawing(text, true).map_err(|e| match e {
            PentominoError::BadSize { rows: 0, .. } | PentominoError::BadSize { cols: 0, .. } => {
                PentominoError::EmptyShape
            }
            e => e,
        })?;
        let shape = b.trimmed().ok_or(PentominoError::EmptyShape)?;
        shape.check_connected()?;
        Ok(shape)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// (rows, cols).
    pub fn size(&self) -> (usize, usize) {
        (self.rows(), self.cols())
    }

    fn mask(&self) -> u32 {
        if self.cols as usize >= 32 {
            u32::MAX
        } else {
            (1u32 << self.cols) - 1
        }
    }

    /// The bitmask of row `r` (bit `c` = column `c`); 0 outside the board.
    pub fn row(&self, r: usize) -> u32 {
        if r < self.rows() { self.bits[r] } else { 0 }
    }

    /// The row bitmasks.
    pub fn row_bits(&self) -> &[u32] {
        &self.bits[..self.rows()]
    }

    /// True when cell (r, c) is filled; false outside the board.
    pub fn get(&self, r: usize, c: usize) -> bool {
        c < 32 && self.row(r) >> c & 1 == 1
    }

    /// Fill or empty cell (r, c); ignored outside the board.
    pub fn set(&mut self, r: usize, c: usize, filled: bool) {
        if r < self.rows() && c < self.cols() {
            if filled {
                self.bits[r] |= 1 << c;
            } else {
                self.bits[r] &= !(1 << c);
            }
        }
    }

    /// Number of filled cells.
    pub fn count(&self) -> usize {
        self.row_bits()
            .iter()
            .map(|r| r.count_ones() as usize)
            .sum()
    }

    /// True when no cell is filled.
    pub fn is_empty(&self) -> bool {
        self.row_bits().iter().all(|&r| r == 0)
    }

    /// Filled cells as (row, col), row-major.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.rows()).flat_map(move |r| {
            (0..self.cols()).filter_map(move |c| self.get(r, c).then_some((r, c)))
        })
    }

    /// The union of two boards of the same size.
    pub fn union(&self, other: &BitBoard) -> Result<BitBoard, PentominoError> {
        self.same_size("union", other)?;
        let mut b = *self;
        for r in 0..self.rows() {
            b.bits[r] |= other.bits[r];
        }
        Ok(b)
    }

    /// True when the boards (same size) share a filled cell.
    pub fn overlaps(&self, other: &BitBoard) -> bool {
        (0..self.rows().min(other.rows())).any(|r| self.bits[r] & other.bits[r] != 0)
    }

    fn same_size(&self, op: &'static str, other: &BitBoard) -> Result<(), PentominoError> {
        if self.size() == other.size() {
            Ok(())
        } else {
            Err(PentominoError::SizeMismatch {
                op,
                left: self.size(),
                right: other.size(),
            })
        }
    }

    /// The smallest board holding every filled cell (its bounding box);
    /// `None` when nothing is filled.
    pub fn trimmed(&self) -> Option<BitBoard> {
        let used: Vec<usize> = (0..self.rows()).filter(|&r| self.bits[r] != 0).collect();
        let (&top, &bottom) = (used.first()?, used.last()?);
        let all = self.row_bits().iter().fold(0u32, |a, &r| a | r);
        let left = all.trailing_zeros() as usize;
        let right = 31 - all.leading_zeros() as usize;
        let rows: Vec<u32> = (top..=bottom).map(|r| self.bits[r] >> left).collect();
        BitBoard::from_rows(right - left + 1, &rows).ok()
    }

    fn check_connected(&self) -> Result<(), PentominoError> {
        let Some(first) = self.cells().next() else {
            return Err(PentominoError::EmptyShape);
        };
        let mut seen = BitBoard {
            bits: [0; MAX_SIDE],
            ..*self
        };
        let mut stack = vec![first];
        seen.set(first.0, first.1, true);
        while let Some((r, c)) = stack.pop() {
            let near = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (nr, nc) in near {
                if self.get(nr, nc) && !seen.get(nr, nc) {
                    seen.set(nr, nc, true);
                    stack.push((nr, nc));
                }
            }
        }
        match self.cells().find(|&(r, c)| !seen.get(r, c)) {
            None => Ok(()),
            Some(cut_off) => Err(PentominoError::Disconnected { cut_off, first }),
        }
    }

    /// Transpose (J `|:`): rows become columns.
    pub fn transpose(&self) -> BitBoard {
        let mut b = BitBoard {
            rows: self.cols,
            cols: self.rows,
            bits: [0; MAX_SIDE],
        };
        for (r, c) in self.cells() {
            b.bits[c] |= 1 << r;
        }
        b
    }

    /// Reverse each row (J `|."1`): a left-right mirror.
    pub fn reverse_cols(&self) -> BitBoard {
        let mut b = *self;
        let drop = 32 - self.cols();
        for r in 0..self.rows() {
            b.bits[r] = self.bits[r].reverse_bits() >> drop;
        }
        b
    }

    /// Reverse the order of the rows (J `|.`): an up-down mirror.
    pub fn reverse_rows(&self) -> BitBoard {
        let mut b = *self;
        b.bits[..self.rows()].reverse();
        b
    }

    /// Transform `k` (0..=7) of the source, in its order: identity; 90° right;
    /// 180°; 270° right; mirror; mirror∘270; mirror∘180; mirror∘90 (the
    /// mirror applied after the turn: 5 is t4∘t3, 7 is t4∘t1, the transpose).
    /// Out-of-range `k` counts modulo 8.
    pub fn transform(&self, k: usize) -> BitBoard {
        match k % 8 {
            0 => *self,
            1 => self.transpose().reverse_cols(), // |."1 @ |:
            2 => self.reverse_rows().reverse_cols(), // |."1 @ |.
            3 => self.transpose().reverse_rows(), // |. @ |:
            4 => self.reverse_cols(),             // |."1
            5 => self.transpose().reverse_rows().reverse_cols(), // |."1 @ (|. @ |:)
            6 => self.reverse_rows(),             // |.
            _ => self.transpose(),                // |:
        }
    }

    /// The source's `pen`: the distinct results of t0..t7, first occurrence
    /// kept, in transform order.
    pub fn orientations(&self) -> Vec<BitBoard> {
        let mut out: Vec<BitBoard> = Vec::with_capacity(8);
        for k in 0..8 {
            let t = self.transform(k);
            if !out.contains(&t) {
                out.push(t);
            }
        }
        out
    }

    /// This board placed at the top-left of an empty `rows`×`cols` board
    /// (J's `(rows, cols) {.` on a shape that fits).
    pub fn placed_in(&self, rows: usize, cols: usize) -> Result<BitBoard, PentominoError> {
        if self.rows() > rows || self.cols() > cols {
            return Err(PentominoError::DoesNotFit {
                rows: self.rows(),
                cols: self.cols(),
                frame: (rows, cols),
            });
        }
        let mut b = BitBoard::new(rows, cols)?;
        b.bits[..self.rows()].copy_from_slice(self.row_bits());
        Ok(b)
    }

    /// The source's `x y shift`: move right by `x` and down by `y` (negative:
    /// left / up). Vacated cells are 0; cells pushed past an edge are
    /// dropped; nothing wraps.
    pub fn shift(&self, x: i64, y: i64) -> BitBoard {
        let mut b = BitBoard {
            bits: [0; MAX_SIDE],
            ..*self
        };
        let (rows, cols) = (self.rows() as i64, self.cols() as i64);
        if x.unsigned_abs() >= cols as u64 || y.unsigned_abs() >= rows as u64 {
            return b;
        }
        let mask = self.mask();
        for r in 0..rows {
            let src = r - y;
            if !(0..rows).contains(&src) {
                continue;
            }
            let bits = self.bits[src as usize];
            b.bits[r as usize] = if x >= 0 {
                (bits << x) & mask
            } else {
                bits >> (-x)
            };
        }
        b
    }

    /// The source's `members`: every placement of this board's pattern that
    /// stays inside the board, ordered by offset with rows outer and columns
    /// inner. For a pattern at the top-left (as `p_data` gives) this is
    /// exactly the J loop's list; a pattern elsewhere is first moved to the
    /// top-left, so the list is always complete.
    pub fn members(&self) -> Result<Vec<BitBoard>, PentominoError> {
        let shape = self.trimmed().ok_or(PentominoError::EmptyBoard)?;
        let origin = shape.placed_in(self.rows(), self.cols())?;
        let mut out =
            Vec::with_capacity((self.rows() - shape.rows() + 1) * (self.cols() - shape.cols() + 1));
        for y in 0..=self.rows() - shape.rows() {
            for x in 0..=self.cols() - shape.cols() {
                out.push(origin.shift(x as i64, y as i64));
            }
        }
        Ok(out)
    }

    /// The source's `contact`: 0 when the boards overlap, else the number of
    /// horizontally adjacent cell pairs with one cell in each. The J code
    /// compares neighbours along rows only, so pieces touching only above
    /// or below count 0 here; see [`BitBoard::touch`] for the full count.
    pub fn contact(&self, other: &BitBoard) -> Result<usize, PentominoError> {
        self.same_size("contact", other)?;
        if self.overlaps(other) {
            return Ok(0);
        }
        Ok((0..self.rows())
            .map(|r| {
                let (a, b) = (self.bits[r], other.bits[r]);
                ((a << 1 & b) | (b << 1 & a)).count_ones() as usize
            })
            .sum())
    }

    /// Clean variant of `contact`: 0 on overlap, else the number of cell
    /// pairs sharing an edge in any of the four directions with one cell in
    /// each board.
    pub fn touch(&self, other: &BitBoard) -> Result<usize, PentominoError> {
        let across = self.contact(other)?;
        if across == 0 && self.overlaps(other) {
            return Ok(0);
        }
        let vertical: usize = (1..self.rows())
            .map(|r| {
                let (a0, a1) = (self.bits[r - 1], self.bits[r]);
                let (b0, b1) = (other.bits[r - 1], other.bits[r]);
                ((a0 & b1) | (b0 & a1)).count_ones() as usize
            })
            .sum();
        Ok(across + vertical)
    }

    /// The source's `tcontact`: for each board, whether `contact` ≥ 1.
    pub fn tcontact(&self, boards: &[BitBoard]) -> Result<Vec<bool>, PentominoError> {
        boards.iter().map(|b| Ok(self.contact(b)? >= 1)).collect()
    }

    /// Rows as text with `/` between them, `1` filled and `0` empty (the
    /// compact form `BitBoard::parse` reads back).
    pub fn compact(&self) -> String {
        (0..self.rows())
            .map(|r| {
                (0..self.cols())
                    .map(|c| if self.get(r, c) { '1' } else { '0' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The board's lines as J prints a 0/1 array: `0`/`1` separated by spaces.
    pub fn lines(&self) -> Vec<String> {
        (0..self.rows())
            .map(|r| {
                (0..self.cols())
                    .map(|c| if self.get(r, c) { "1" } else { "0" })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }
}

impl fmt::Display for BitBoard {
    /// J style: rows of `0`/`1` separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("\n"))
    }
}

impl fmt::Debug for BitBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board({:?})", self.compact())
    }
}

/// One row of a text drawing: its 1-based line and its cells as
/// (1-based column, character).
pub(crate) type DrawnRow = (usize, Vec<(usize, char)>);

/// The rows of a text drawing, as [`BitBoard::parse`] and
/// [`CharBoard::parse`](super::CharBoard::parse) read them: one line per
/// row, `/` also ends a row, spaces and tabs only separate, blank lines are
/// skipped; every row must have as many cells as the first.
pub(crate) fn drawing_rows(text: &str) -> Result<Vec<DrawnRow>, PentominoError> {
    let mut rows: Vec<DrawnRow> = Vec::new();
    for (line_no, line) in text.split(['\n', '/']).enumerate() {
        let cells: Vec<(usize, char)> = line
            .chars()
            .enumerate()
            .filter(|(_, ch)| !ch.is_whitespace())
            .map(|(c, ch)| (c + 1, ch))
            .collect();
        if cells.is_empty() {
            continue;
        }
        if let Some((_, first)) = rows.first()
            && first.len() != cells.len()
        {
            return Err(PentominoError::RaggedRows {
                line: line_no + 1,
                expected: first.len(),
                found: cells.len(),
            });
        }
        rows.push((line_no + 1, cells));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(text: &str) -> BitBoard {
        BitBoard::parse(text).unwrap()
    }

    #[test]
    fn parse_and_print() {
        let p = b("11\n11\n10");
        assert_eq!(p.to_string(), "1 1\n1 1\n1 0");
        assert_eq!(format!("{p:?}"), "board(\"11/11/10\")");
        assert_eq!(b("1 1 0 0 0").size(), (1, 5));
        assert_eq!(b("XX./.XX"), b("110\n011"));
        assert!(matches!(
            BitBoard::parse("11\n1"),
            Err(PentominoError::RaggedRows {
                line: 2,
                expected: 2,
                found: 1
            })
        ));
    }

    #[test]
    fn shapes_are_trimmed_and_checked() {
        assert_eq!(BitBoard::parse_shape("...\n.XX\n.X.").unwrap(), b("11\n10"));
        assert_eq!(
            BitBoard::parse_shape("..\n.."),
            Err(PentominoError::EmptyShape)
        );
        assert_eq!(BitBoard::parse_shape(""), Err(PentominoError::EmptyShape));
        let e = BitBoard::parse_shape("X.X").unwrap_err();
        assert_eq!(
            e,
            PentominoError::Disconnected {
                cut_off: (0, 2),
                first: (0, 0)
            }
        );
        assert!(e.to_string().contains("row 1, column 3"));
        // Diagonal neighbours do not connect.
        assert!(BitBoard::parse_shape("X.\n.X").is_err());
    }

    #[test]
    fn shift_drops_and_never_wraps() {
        let p = b("11\n11\n10").placed_in(6, 10).unwrap();
        let s = p.shift(9, 0);
        assert_eq!(s.count(), 3);
        assert!(s.get(0, 9) && s.get(1, 9) && s.get(2, 9));
        assert_eq!(p.shift(2, 1).shift(-2, -1), p);
        assert!(p.shift(0, 6).is_empty());
        assert!(p.shift(-100, 0).is_empty());
        assert!(p.shift(i64::MIN, i64::MAX).is_empty());
    }

    #[test]
    fn full_width_rows() {
        let mut w = BitBoard::new(2, 32).unwrap();
        w.set(0, 31, true);
        assert_eq!(w.reverse_cols().row(0), 1);
        assert_eq!(w.shift(1, 0).count(), 0);
        assert_eq!(w.shift(-31, 1).row(1), 1);
        assert_eq!(w.transpose().size(), (32, 2));
    }

    #[test]
    fn touch_counts_all_directions() {
        let p = b("11\n11\n10").placed_in(6, 10).unwrap();
        let n1 = b("001\n001\n011\n010").placed_in(6, 10).unwrap();
        assert_eq!(p.contact(&n1).unwrap(), 3);
        assert_eq!(p.touch(&n1).unwrap(), 4);
        let below = b("00\n00\n00\n11");
        let top = b("11\n11\n11\n00");
        assert_eq!(top.contact(&below).unwrap(), 0);
        assert_eq!(top.touch(&below).unwrap(), 2);
        assert_eq!(top.touch(&top).unwrap(), 0);
    }

    #[test]
    fn members_of_a_piece_not_at_the_corner() {
        let p = b("000\n011\n010");
        let m = p.members().unwrap();
        assert_eq!(m.len(), 4);
        assert_eq!(m[0], b("110\n100\n000"));
        assert_eq!(
            BitBoard::new(3, 3).unwrap().members(),
            Err(PentominoError::EmptyBoard)
        );
    }
}
