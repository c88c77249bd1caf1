//! The 9×9 grid: 81 cells in row-major order, 0 for empty, 1..=9 for a digit.
//!
//! Parsing accepts what people paste: 81 cells written as digits, with `.` or
//! `0` for an empty cell, optionally spread over lines and separated by spaces
//! or tabs (Hui's listing writes `0 5 0 7 ...`). Anything else is an error
//! that names the line, column and character, so a typo is found at once.

use std::fmt;

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// A Sudoku grid: 81 cells, row-major, 0 = empty, 1..=9 = digit.
///
/// Values in a `Grid` are not always digits of a puzzle: Hui's primitives
/// also use it for per-cell numbers such as candidate counts (0..=9), which is
/// why cells are plain `u8` and only `parse` checks the range.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// Why a text is not a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// A character that is neither a digit, `.`, nor white space.
    BadChar {
        ch: char,
        line: usize,
        col: usize,
        cell: usize,
    },
    /// More than 81 cells: `line:col` is where the 82nd starts.
    TooMany { line: usize, col: usize },
    /// Fewer than 81 cells.
    TooFew { found: usize },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::BadChar {
                ch,
                line,
                col,
                cell,
            } => write!(
                f,
                "bad character {ch:?} at line {line}, column {col} (cell {}): \
                 a cell is a digit 1-9, or '.' or '0' when empty",
                cell + 1
            ),
            GridError::TooMany { line, col } => write!(
                f,
                "too many cells: a grid has 81, and the 82nd starts at line {line}, column {col}"
            ),
            GridError::TooFew { found } => {
                write!(f, "too few cells: a grid has 81, found {found}")
            }
        }
    }
}

impl std::error::Error for GridError {}

/// Why a grid cannot be searched: its clues already break the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidGrid {
    /// A cell holds a value that is not 0..=9 (0-based cell index).
    BadValue { cell: usize, value: u8 },
    /// The same digit twice in one row, column or box (0-based cells).
    Repeated {
        digit: u8,
        unit: Unit,
        first: usize,
        second: usize,
    },
}

/// A row, column or box, numbered from 1 as a person reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Row(u8),
    Column(u8),
    Box(u8),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(n) => write!(f, "row {n}"),
            Unit::Column(n) => write!(f, "column {n}"),
            Unit::Box(n) => write!(f, "box {n}"),
        }
    }
}

/// `r3c7` for a 0-based cell index.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", row_of(cell) + 1, col_of(cell) + 1)
}

// ---- positions: cells, rows, columns, boxes --------------------------------
//
// Inside the crate a cell is its 0-based row-major index (0..81) and rows,
// columns and boxes are 0-based too; a person's numbers (`r3c5`, `box 4`,
// `cand(g, 3, 5)`) are 1-based and are checked or made only here and in
// the messages.

/// Row (0..9) of `cell`.
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// Column (0..9) of `cell`.
pub const fn col_of(cell: usize) -> usize {
    cell % 9
}

/// Box (0..9, band-major: 0 top left, 2 top right, 8 bottom right) holding `cell`.
pub const fn box_of(cell: usize) -> usize {
    box_on(3, cell)
}

/// The box holding `cell` as a person numbers it: 1 top left to 9 bottom
/// right, band by band (`Unit::Box` names boxes the same way).
pub const fn box_number(cell: usize) -> usize {
    box_of(cell) + 1
}

/// Box (band-major) holding `cell` on a board of box side `boxw` (side
/// `boxw²`, cells row-major): [`first_repeat`] checks every size with it.
pub const fn box_on(boxw: usize, cell: usize) -> usize {
    let side = boxw * boxw;
    (cell / side / boxw) * boxw + (cell % side) / boxw
}

/// The 9 boxes' cells: box k is band k/3, stack k%3, its cells row-major
/// inside (J `j` in Hui's listing).
pub const BOXES: [[u8; 9]; 9] = boxes();

/// For each cell, the 9 cells of its row (J `r`).
pub const ROW_CELLS: [[u8; 9]; CELLS] = per_cell(Unit::Row(0));

/// For each cell, the 9 cells of its column (J `c`).
pub const COL_CELLS: [[u8; 9]; CELLS] = per_cell(Unit::Column(0));

/// For each cell, the 9 cells of its box, in [`BOXES`] order (J `b`).
pub const BOX_CELLS: [[u8; 9]; CELLS] = per_cell(Unit::Box(0));

const fn boxes() -> [[u8; 9]; 9] {
    let mut out = [[0u8; 9]; 9];
    let mut k = 0;
    while k < 9 {
        let mut m = 0;
        while m < 9 {
            let row = (k / 3) * 3 + m / 3;
            let col = (k % 3) * 3 + m % 3;
            out[k][m] = (row * 9 + col) as u8;
            m += 1;
        }
        k += 1;
    }
    out
}

/// For each cell, the cells of its unit of kind `kind` (the number in
/// `kind` is not read).
const fn per_cell(kind: Unit) -> [[u8; 9]; CELLS] {
    let boxes = boxes();
    let mut out = [[0u8; 9]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut m = 0;
        while m < 9 {
            out[i][m] = match kind {
                Unit::Row(_) => (row_of(i) * 9 + m) as u8,
                Unit::Column(_) => (m * 9 + col_of(i)) as u8,
                Unit::Box(_) => boxes[box_of(i)][m],
            };
            m += 1;
        }
        i += 1;
    }
    out
}

/// A position given from outside (a script, a person) that is not in the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffGrid {
    /// A 0-based cell index outside 0..=80.
    Index(i64),
    /// A 1-based row and column, one of them outside 1..=9.
    RowCol { row: i64, col: i64 },
}

impl fmt::Display for OffGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OffGrid::Index(i) => write!(
                f,
                "cell index {i} is out of range: cells are numbered 0 to 80, row by row"
            ),
            OffGrid::RowCol { row, col } => write!(
                f,
                "row {row}, column {col} is outside the grid: rows and columns run from 1 to 9"
            ),
        }
    }
}

impl std::error::Error for OffGrid {}

/// The cell at 0-based index `i` (row-major, 0..=80), as a script indexes a grid.
pub fn cell_index(i: i64) -> Result<usize, OffGrid> {
    if (0..CELLS as i64).contains(&i) {
        Ok(i as usize)
    } else {
        Err(OffGrid::Index(i))
    }
}

/// The cell at 1-based `row` and `col` (1..=9 each), as a person names it.
pub fn cell_at(row: i64, col: i64) -> Result<usize, OffGrid> {
    if (1..=9).contains(&row) && (1..=9).contains(&col) {
        Ok(((row - 1) * 9 + col - 1) as usize)
    } else {
        Err(OffGrid::RowCol { row, col })
    }
}

impl fmt::Display for InvalidGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidGrid::BadValue { cell, value } => write!(
                f,
                "invalid grid: cell {} holds {value}, but a cell holds 0 (empty) to 9",
                cell_name(*cell)
            ),
            InvalidGrid::Repeated {
                digit,
                unit,
                first,
                second,
            } => write!(
                f,
                "invalid grid: digit {digit} appears twice in {unit} ({} and {})",
                cell_name(*first),
                cell_name(*second)
            ),
        }
    }
}

impl std::error::Error for InvalidGrid {}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl Grid {
    /// The empty grid.
    pub const fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// A grid from its 81 cell values (not checked: see [`Grid::is_digits`]).
    pub const fn from_cells(cells: [u8; CELLS]) -> Grid {
        Grid { cells }
    }

    /// Parse 81 cells; `.` and `0` are empty, white space is ignored.
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        let mut cells = [0u8; CELLS];
        let mut n = 0;
        for (line_no, line) in text.lines().enumerate() {
            for (col_no, ch) in line.chars().enumerate() {
                let value = match ch {
                    '1'..='9' => ch as u8 - b'0',
                    '0' | '.' => 0,
                    c if c.is_whitespace() => continue,
                    _ => {
                        return Err(GridError::BadChar {
                            ch,
                            line: line_no + 1,
                            col: col_no + 1,
                            cell: n,
                        });
                    }
                };
                if n == CELLS {
                    return Err(GridError::TooMany {
                        line: line_no + 1,
                        col: col_no + 1,
                    });
                }
                cells[n] = value;
                n += 1;
            }
        }
        if n < CELLS {
            return Err(GridError::TooFew { found: n });
        }
        Ok(Grid { cells })
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The cells, row-major, for changing in place.
    pub fn cells_mut(&mut self) -> &mut [u8; CELLS] {
        &mut self.cells
    }

    /// Value of cell `i` (0..81).
    pub fn get(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// Set cell `i` (0..81) to `value`.
    pub fn set(&mut self, i: usize, value: u8) {
        self.cells[i] = value;
    }

    /// True when every cell holds a value 0..=9 (a puzzle or a solution).
    pub fn is_digits(&self) -> bool {
        // A fold over all 81 cells, without an early exit, compiles to a
        // few vector instructions (it runs once per line or `canon` call).
        !self.cells.iter().fold(false, |bad, &v| bad | (v > 9))
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Number of filled cells (clues, for a puzzle).
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The 81-character line, `.` for empty (values above 9 print as `*`).
    pub fn line(&self) -> String {
        self.cells.iter().map(|&v| cell_char(v)).collect()
    }

    /// The 81-character line with `0` for empty, as many files write it.
    pub fn line_zeros(&self) -> String {
        self.cells
            .iter()
            .map(|&v| if v == 0 { '0' } else { cell_char(v) })
            .collect()
    }

    /// The boxed 3×3 display of Hui's J solver (`see`), 13 lines, no final newline.
    pub fn see(&self) -> String {
        see_lines(self).join("\n")
    }
    /// Checks that the clues break no rule: values 0..=9, no digit twice in
    /// a row, column or box. The first clash in reading order is named by
    /// its unit and both cells (`r1c1 and r1c5`). The fast solver and Hui's
    /// primitives both check through here.
    pub fn check(&self) -> Result<(), InvalidGrid> {
        self.check_values()?;
        match first_repeat(&self.cells, 3) {
            Some(repeat) => Err(repeat),
            None => Ok(()),
        }
    }

    /// Checks that every cell holds 0..=9 (a sum of two grids may not),
    /// naming the first that does not.
    pub fn check_values(&self) -> Result<(), InvalidGrid> {
        match self.cells.iter().position(|&v| v > 9) {
            Some(cell) => Err(InvalidGrid::BadValue {
                cell,
                value: self.cells[cell],
            }),
            None => Ok(()),
        }
    }
}

/// The one Sudoku rule check, for a board of box side `boxw` (side
/// `boxw²`, cells row-major, 0 empty, values at most the side): the first
/// digit in reading order that repeats in a row, column or box, as
/// [`InvalidGrid::Repeated`] with its unit and both cells. `Grid::check`
/// and `sat::DigitBoard::is_consistent` both ask it.
#[inline]
pub fn first_repeat(cells: &[u8], boxw: usize) -> Option<InvalidGrid> {
    const MAX_SIDE: usize = 25;
    let side = boxw * boxw;
    debug_assert!(side <= MAX_SIDE && cells.len() == side * side);
    let mut rows = [0u32; MAX_SIDE];
    let mut cols = [0u32; MAX_SIDE];
    let mut boxes = [0u32; MAX_SIDE];
    for (i, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c, x) = (i / side, i % side, box_on(boxw, i));
        let bit = 1u32 << v;
        let unit = if rows[r] & bit != 0 {
            Some(Unit::Row(r as u8 + 1))
        } else if cols[c] & bit != 0 {
            Some(Unit::Column(c as u8 + 1))
        } else if boxes[x] & bit != 0 {
            Some(Unit::Box(x as u8 + 1))
        } else {
            None
        };
        if let Some(unit) = unit {
            let same = |j: usize| match unit {
                Unit::Row(_) => j / side == r,
                Unit::Column(_) => j % side == c,
                Unit::Box(_) => box_on(boxw, j) == x,
            };
            let first = (0..i).find(|&j| cells[j] == v && same(j)).unwrap_or(i);
            return Some(InvalidGrid::Repeated {
                digit: v,
                unit,
                first,
                second: i,
            });
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[x] |= bit;
    }
    None
}

/// The character for a cell value: `.` for 0, the digit, `*` past 9.
fn cell_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        _ => '*',
    }
}

/// The 13 lines of one boxed grid.
pub fn see_lines(g: &Grid) -> Vec<String> {
    const RULE: &str = "+---+---+---+";
    let mut out = Vec::with_capacity(13);
    for r in 0..9 {
        if r % 3 == 0 {
            out.push(RULE.to_string());
        }
        let mut s = String::with_capacity(13);
        for c in 0..9 {
            if c % 3 == 0 {
                s.push('|');
            }
            s.push(cell_char(g.cells[r * 9 + c]));
        }
        s.push('|');
        out.push(s);
    }
    out.push(RULE.to_string());
    out
}

/// Most grids [`see_many`] puts side by side: five fill 71 columns.
pub const SEE_PER_ROW: usize = 5;

/// Several grids side by side inside one outer box, as J shows a boxed list
/// (`see ym, sudoku ym` in Nishikawa's J Lab). An empty list shows as an empty box.
///
/// A list too wide for 80 columns (more than [`SEE_PER_ROW`] grids) is
/// shown five to a row, each row in its own box and an empty line between
/// rows, so that a long list reads from top to bottom (a screenful at a
/// time in the REPL) instead of in lines thousands of characters wide.
pub fn see_many(grids: &[Grid]) -> String {
    if grids.len() <= SEE_PER_ROW {
        return see_row(grids);
    }
    let rows: Vec<String> = grids.chunks(SEE_PER_ROW).map(see_row).collect();
    rows.join("\n\n")
}

/// One outer box holding `grids` side by side.
fn see_row(grids: &[Grid]) -> String {
    let boxes: Vec<Vec<String>> = grids.iter().map(see_lines).collect();
    let mut rule = String::from("+");
    for _ in grids {
        rule.push_str(&"-".repeat(13));
        rule.push('+');
    }
    let mut out = vec![rule.clone()];
    for row in 0..13 {
        let mut s = String::from("|");
        for b in &boxes {
            s.push_str(&b[row]);
            s.push('|');
        }
        out.push(s);
    }
    out.push(rule);
    out.join("\n")
}

impl fmt::Display for Grid {
    /// A grid displays as its box (J `see`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.see())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "grid(\"{}\")", self.line())
    }
}

impl std::str::FromStr for Grid {
    type Err = GridError;
    fn from_str(s: &str) -> Result<Grid, GridError> {
        Grid::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const YM: &str =
        "050701040703000102080406090904060803000807000108050609010603080506000701030509020";

    #[test]
    fn parses_line_and_spaced_forms() {
        let a = Grid::parse(YM).unwrap();
        let spaced: String = YM
            .chars()
            .collect::<Vec<_>>()
            .chunks(9)
            .map(|r| r.iter().map(|c| format!("{c} ")).collect::<String>() + "\n")
            .collect();
        assert_eq!(Grid::parse(&spaced).unwrap(), a);
        assert_eq!(Grid::parse(&a.line()).unwrap(), a);
        assert_eq!(a.filled(), 36);
    }

    #[test]
    fn errors_name_position_and_character() {
        let mut bad = YM.to_string();
        bad.replace_range(10..11, "x");
        let e = Grid::parse(&bad).unwrap_err();
        assert_eq!(
            e,
            GridError::BadChar {
                ch: 'x',
                line: 1,
                col: 11,
                cell: 10
            }
        );
        assert!(e.to_string().contains("'x'"));
        assert_eq!(
            Grid::parse(&YM[..80]).unwrap_err(),
            GridError::TooFew { found: 80 }
        );
        let long = format!("{YM}\n1");
        assert_eq!(
            Grid::parse(&long).unwrap_err(),
            GridError::TooMany { line: 2, col: 1 }
        );
    }

    #[test]
    fn positions_name_the_same_cells() {
        // r5c6 is cell 4*9+5 = 41, in the middle band's middle stack.
        assert_eq!(cell_at(5, 6), Ok(41));
        assert_eq!((row_of(41), col_of(41), box_of(41)), (4, 5, 4));
        assert_eq!(cell_name(41), "r5c6");
        assert_eq!(cell_index(80), Ok(80));
        assert_eq!(cell_index(81), Err(OffGrid::Index(81)));
        assert_eq!(cell_index(-1), Err(OffGrid::Index(-1)));
        assert_eq!(cell_at(0, 3), Err(OffGrid::RowCol { row: 0, col: 3 }));
        assert_eq!(cell_at(9, 10), Err(OffGrid::RowCol { row: 9, col: 10 }));
        // Every cell is in its own row, column and box, and each box's
        // cells are in that box; a 4×4 board's box 3 is its bottom right.
        for cell in 0..CELLS {
            assert!(
                ROW_CELLS[cell]
                    .iter()
                    .all(|&c| row_of(c as usize) == row_of(cell))
            );
            assert!(
                COL_CELLS[cell]
                    .iter()
                    .all(|&c| col_of(c as usize) == col_of(cell))
            );
            assert_eq!(BOX_CELLS[cell], BOXES[box_of(cell)]);
            assert!(BOX_CELLS[cell].contains(&(cell as u8)));
        }
        assert_eq!(BOXES[0], [0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(BOXES[8], [60, 61, 62, 69, 70, 71, 78, 79, 80]);
        assert_eq!((box_on(2, 15), box_on(2, 2), box_on(2, 4)), (3, 1, 0));
        // Numbered as a person reads them: r1c1 box 1, r1c9 box 3, r4c1
        // box 4, r5c5 box 5, r9c9 box 9.
        let boxes = [(1, 1), (1, 9), (4, 1), (5, 5), (9, 9)]
            .map(|(r, c)| box_number(cell_at(r, c).unwrap()));
        assert_eq!(boxes, [1, 3, 4, 5, 9]);
    }

    #[test]
    fn see_matches_seed() {
        let g = Grid::parse(YM).unwrap();
        // The whole box is the J Lab's, checked in tests/hui.rs; here its
        // frame and the first row.
        let see = g.see();
        let lines: Vec<&str> = see.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!((lines[0], lines[1]), ("+---+---+---+", "|.5.|7.1|.4.|"));
        assert_eq!((lines[4], lines[12]), ("+---+---+---+", "+---+---+---+"));
        let two = see_many(&[g, g]);
        assert!(two.starts_with("+-------------+-------------+\n|+---+---+---+|+---+---+---+|\n||.5.|7.1|.4.|||.5.|7.1|.4.||"));
    }
}
