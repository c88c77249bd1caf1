//! Polyomino piece sets and boards for the exact-cover solver: the 12
//! pentominoes (Golomb's letters), the 5 tetrominoes, the 35 hexominoes
//! (enumerated, not typed in), custom shapes drawn as text, orientations
//! (free or one-sided), and regions (a board drawn as text, or a rectangle).
//!
//! Everything here is plain data: a shape is a sorted list of `(row, col)`
//! cells normalised to touch row 0 and column 0.

use std::collections::BTreeSet;
use std::fmt;

/// A cell of a shape or a board: `(row, col)`.
pub type Cell = (u16, u16);

/// Largest `n` for [`free_polyominoes`]: enumeration beyond this is slow.
pub const MAX_PIECE_CELLS: usize = 12;

/// Largest custom shape (the solver's largest board).
pub const MAX_SHAPE_CELLS: usize = 1024;

/// What was wrong with a shape, a piece list or a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolyError {
    /// A shape or board drawing holds a character it does not understand.
    BadChar { ch: char, line: usize, col: usize },
    /// A shape drawing has no cells.
    EmptyShape,
    /// A shape drawing's cells do not form one connected piece.
    Disconnected { cells: usize, reached: usize },
    /// A shape is larger than [`MAX_SHAPE_CELLS`].
    ShapeTooLarge { cells: usize },
    /// A piece name or letter that no set knows.
    UnknownPiece { name: String, position: usize },
    /// A named set that does not exist.
    UnknownSet(String),
    /// No pieces were given.
    NoPieces,
    /// The board has no cell to fill.
    NoCells,
    /// A rectangle with a zero or negative side, or absurdly large.
    BadSize { rows: i64, cols: i64 },
    /// The board's area differs from the pieces' total area.
    AreaMismatch { board: usize, pieces: usize },
    /// The board is beyond what the solver supports.
    BoardTooLarge { cells: usize, limit: usize },
    /// More distinct pieces than the solver supports.
    TooManyPieces { kinds: usize, limit: usize },
}

impl fmt::Display for PolyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolyError::BadChar { ch, line, col } => write!(
                f,
                "unexpected character {ch:?} at {line}:{col} (a board uses '.' for a cell to fill and '#' or space for a hole)"
            ),
            PolyError::EmptyShape => write!(f, "the shape has no cells"),
            PolyError::Disconnected { cells, reached } => write!(
                f,
                "the shape is not connected: {reached} of its {cells} cells touch the first one"
            ),
            PolyError::ShapeTooLarge { cells } => write!(
                f,
                "the shape has {cells} cells; at most {MAX_SHAPE_CELLS} are supported"
            ),
            PolyError::UnknownPiece { name, position } => write!(
                f,
                "unknown piece {name:?} at position {position} (pentomino letters are FILNPTUVWXYZ, O is the 2x2 square; \
                 tetrominoes I4 O4 T4 S4 L4; hexominoes H01..H35)"
            ),
            PolyError::UnknownSet(name) => write!(
                f,
                "unknown piece set {name:?} (known: pentominoes, tetrominoes, hexominoes)"
            ),
            PolyError::NoPieces => write!(f, "no pieces given"),
            PolyError::NoCells => write!(f, "the board has no cell to fill"),
            PolyError::BadSize { rows, cols } => write!(
                f,
                "a {rows}x{cols} rectangle is not a board: both sides must be 1 to 1024"
            ),
            PolyError::AreaMismatch { board, pieces } => write!(
                f,
                "the board has {board} cells but the pieces cover {pieces}: they cannot fill it exactly"
            ),
            PolyError::BoardTooLarge { cells, limit } => write!(
                f,
                "the board's bounding box has {cells} cells; the solver handles at most {limit}"
            ),
            PolyError::TooManyPieces { kinds, limit } => write!(
                f,
                "{kinds} different pieces; the solver handles at most {limit}"
            ),
        }
    }
}

impl std::error::Error for PolyError {}

/// A piece: its name, the one character that shows it on a board, and its
/// cells in their base orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Name as a person types it: "F", "I4", "H07", "custom1".
    pub name: String,
    /// Character drawn on a solved board.
    pub symbol: char,
    /// Normalised, sorted cells.
    pub cells: Vec<Cell>,
}

impl Piece {
    /// A piece from a name, a symbol and any cells (normalised here).
    pub fn new(name: impl Into<String>, symbol: char, cells: &[Cell]) -> Piece {
        Piece {
            name: name.into(),
            symbol,
            cells: normalize(cells),
        }
    }

    /// Number of cells.
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// The distinct orientations: all 8 rotations and reflections (free),
    /// or the 4 rotations (one-sided); first occurrence kept, in the order
    /// identity, 90°, 180°, 270°, mirror, mirror∘90°, mirror∘180°, mirror∘270°.
    pub fn orientations(&self, one_sided: bool) -> Vec<Vec<Cell>> {
        orientations(&self.cells, one_sided)
    }

    /// The piece drawn as rows of its symbol and `.`.
    pub fn drawing(&self) -> String {
        draw(&self.cells, self.symbol)
    }
}

/// Cells shifted so the smallest row and column are 0, sorted.
pub fn normalize(cells: &[Cell]) -> Vec<Cell> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Vec<Cell> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Transform `t` (0..8) of a shape, normalised. 0..4 are the rotations by
/// 0°, 90°, 180°, 270° clockwise; 4..8 are those after a left-right mirror.
pub fn transform(cells: &[Cell], t: usize) -> Vec<Cell> {
    let h = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let w = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let moved: Vec<Cell> = cells
        .iter()
        .map(|&cell| transform_cell(t, h, w, cell))
        .collect();
    normalize(&moved)
}

/// Where transform `t` (see [`transform`]) takes cell `(r, c)` of an
/// `h+1 × w+1` box whose top-left is `(0, 0)`.
pub fn transform_cell(t: usize, h: u16, w: u16, (r, c): Cell) -> Cell {
    let (r, c) = if t >= 4 { (r, w - c) } else { (r, c) };
    // After the mirror the bounding box is unchanged: h × w.
    match t % 4 {
        0 => (r, c),
        1 => (c, h - r),
        2 => (h - r, w - c),
        _ => (w - c, r),
    }
}

/// Distinct orientations of a shape (see [`Piece::orientations`]).
pub fn orientations(cells: &[Cell], one_sided: bool) -> Vec<Vec<Cell>> {
    let n = if one_sided { 4 } else { 8 };
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for t in 0..n {
        let o = transform(cells, t);
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// The canonical form of a free shape: the smallest of its 8 transforms.
pub fn canonical(cells: &[Cell]) -> Vec<Cell> {
    (0..8)
        .map(|t| transform(cells, t))
        .min()
        .unwrap_or_default()
}

/// Rows of `symbol` and `.` showing the cells.
pub fn draw(cells: &[Cell], symbol: char) -> String {
    let h = cells.iter().map(|c| c.0 as usize + 1).max().unwrap_or(0);
    let w = cells.iter().map(|c| c.1 as usize + 1).max().unwrap_or(0);
    let mut rows = vec![vec!['.'; w]; h];
    for &(r, c) in cells {
        rows[r as usize][c as usize] = symbol;
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn from_rows(rows: &[&str]) -> Vec<Cell> {
    let mut v = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                v.push((r as u16, c as u16));
            }
        }
    }
    normalize(&v)
}

/// The 12 pentominoes with Golomb's letters, in the order FILNPTUVWXYZ.
///
/// The shapes are the seed's ([`super::pieces::piece`]); each is turned by
/// a fixed [`transform`] into the orientation the solver has always used
/// (I, L, N, P and Y lie flat, as Golomb draws them). That orientation sets
/// the order of the solver's placements, so it decides which packing of a
/// class is found and listed first: changing it changes printed solutions.
pub fn pentominoes() -> Vec<Piece> {
    // Transform (0..8, see `transform`) from the seed's shape to the solver's.
    const TURN: [(char, usize); 12] = [
        ('F', 0),
        ('I', 1),
        ('L', 1),
        ('N', 3),
        ('P', 7),
        ('T', 0),
        ('U', 0),
        ('V', 0),
        ('W', 0),
        ('X', 0),
        ('Y', 3),
        ('Z', 0),
    ];
    TURN.iter()
        .filter_map(|&(letter, t)| {
            // `piece` knows every letter of LETTERS; a miss cannot happen.
            let seed = super::pieces::piece(letter).ok()?;
            let cells: Vec<Cell> = seed.cells().map(|(r, c)| (r as u16, c as u16)).collect();
            Some(Piece::new(
                letter.to_string(),
                letter,
                &transform(&cells, t),
            ))
        })
        .collect()
}

/// The 2×2 square (the O tetromino), named "O" among pentomino letters.
pub fn square() -> Piece {
    Piece::new("O", 'O', &[(0, 0), (0, 1), (1, 0), (1, 1)])
}

/// The 5 free tetrominoes, named I4 O4 T4 S4 L4, shown as I O T S L.
pub fn tetrominoes() -> Vec<Piece> {
    const SHAPES: [(&str, char, &[&str]); 5] = [
        ("I4", 'I', &["####"]),
        ("O4", 'O', &["##", "##"]),
        ("T4", 'T', &["###", ".#."]),
        ("S4", 'S', &[".##", "##."]),
        ("L4", 'L', &["###", "#.."]),
    ];
    SHAPES
        .iter()
        .map(|(n, s, rows)| Piece::new(*n, *s, &from_rows(rows)))
        .collect()
}

/// Every free polyomino of `n` cells (1..=[`MAX_PIECE_CELLS`]), each in its
/// canonical form (the smallest of its 8 transforms as a sorted cell list),
/// listed in ascending order of that form. Grown cell by cell from the
/// polyominoes of `n - 1` cells.
pub fn free_polyominoes(n: usize) -> Vec<Vec<Cell>> {
    if n == 0 || n > MAX_PIECE_CELLS {
        return Vec::new();
    }
    let mut level: BTreeSet<Vec<Cell>> = BTreeSet::new();
    level.insert(vec![(0, 0)]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for shape in &level {
            // Shift by one so that neighbours above and left stay non-negative.
            let shifted: Vec<Cell> = shape.iter().map(|&(r, c)| (r + 1, c + 1)).collect();
            for &(r, c) in &shifted {
                for (dr, dc) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
                    let cell = ((r as i32 + dr) as u16, (c as i32 + dc) as u16);
                    if shifted.contains(&cell) {
                        continue;
                    }
                    let mut grown = shifted.clone();
                    grown.push(cell);
                    next.insert(canonical(&grown));
                }
            }
        }
        level = next;
    }
    level.into_iter().collect()
}

/// The 35 free hexominoes named H01..H35 in the order of
/// [`free_polyominoes`], shown as A..Z then a..i.
pub fn hexominoes() -> Vec<Piece> {
    const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
    free_polyominoes(6)
        .iter()
        .zip(SYMBOLS.chars())
        .enumerate()
        .map(|(i, (cells, s))| Piece::new(format!("H{:02}", i + 1), s, cells))
        .collect()
}

/// A named set: "pentominoes", "tetrominoes" or "hexominoes" (singular and
/// case are forgiven).
pub fn named_set(name: &str) -> Option<Vec<Piece>> {
    match name.trim().to_ascii_lowercase().trim_end_matches('s') {
        "pentomino" | "pentominoe" => Some(pentominoes()),
        "tetromino" | "tetrominoe" => Some(tetrominoes()),
        "hexomino" | "hexominoe" => Some(hexominoes()),
        _ => None,
    }
}

/// One piece by name: a pentomino letter, "O" (the 2×2 square), a
/// tetromino I4 O4 T4 S4 L4, or a hexomino H01..H35.
pub fn piece_by_name(name: &str) -> Option<Piece> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("O") || name.eq_ignore_ascii_case("square") {
        return Some(square());
    }
    let find = |set: Vec<Piece>| set.into_iter().find(|p| p.name.eq_ignore_ascii_case(name));
    find(pentominoes())
        .or_else(|| find(tetrominoes()))
        .or_else(|| find(hexominoes()))
}

/// Pentominoes from a string of letters, e.g. "FILNPTUVWXYZ"; "O" is the
/// 2×2 square; a letter given twice is two copies. Spaces and commas are
/// ignored.
pub fn from_letters(letters: &str) -> Result<Vec<Piece>, PolyError> {
    let set = pentominoes();
    let mut out = Vec::new();
    for (i, ch) in letters.chars().enumerate() {
        if ch.is_whitespace() || ch == ',' {
            continue;
        }
        let up = ch.to_ascii_uppercase();
        if up == 'O' {
            out.push(square());
        } else if let Some(p) = set.iter().find(|p| p.symbol == up) {
            out.push(p.clone());
        } else {
            return Err(PolyError::UnknownPiece {
                name: ch.to_string(),
                position: i + 1,
            });
        }
    }
    if out.is_empty() {
        return Err(PolyError::NoPieces);
    }
    Ok(out)
}

/// Pieces from one string: a named set ("pentominoes", "tetrominoes",
/// "hexominoes") or pentomino letters (see [`from_letters`]).
pub fn pieces_from_text(text: &str) -> Result<Vec<Piece>, PolyError> {
    match named_set(text) {
        Some(set) => Ok(set),
        None => from_letters(text),
    }
}

/// One entry of a piece list: a piece name ("F", "O", "I4", "H07"), a named
/// set, or a drawing of a custom shape (named `shape{n}`, shown with the
/// drawing's own character when it is a letter not used by the pentominoes,
/// else a lower-case letter).
pub fn pieces_from_item(text: &str, n: usize) -> Result<Vec<Piece>, PolyError> {
    if let Some(p) = piece_by_name(text) {
        return Ok(vec![p]);
    }
    if let Some(set) = named_set(text) {
        return Ok(set);
    }
    let cells = parse_shape(text)?;
    let drawn = text
        .chars()
        .find(|c| !matches!(c, '.' | ' ' | '_' | '/' | '\n' | '\r'));
    let symbol = match drawn {
        Some(c) if c.is_ascii_alphabetic() && !"FILNPTUVWXYZO".contains(c) => c,
        _ => (b'a' + (n % 26) as u8) as char,
    };
    Ok(vec![Piece::new(format!("shape{n}"), symbol, &cells)])
}

/// A custom shape from a drawing: rows separated by newlines or `/`, a cell
/// is any character other than `.`, space or `_`. It must be one connected
/// piece of at most [`MAX_SHAPE_CELLS`] cells.
///
/// Not [`super::Board::parse_shape`]: that reads J's 0/1 notation, where a
/// space only separates values, `0` is empty and rows must be equal, within
/// 32×32; here a space is an empty cell, `0` is a cell and rows may differ.
pub fn parse_shape(text: &str) -> Result<Vec<Cell>, PolyError> {
    let mut cells = Vec::new();
    for (r, line) in text.split(['\n', '/']).enumerate() {
        for (c, ch) in line.trim_end_matches('\r').chars().enumerate() {
            match ch {
                '.' | ' ' | '_' => {}
                ch if ch.is_control() => {
                    return Err(PolyError::BadChar {
                        ch,
                        line: r + 1,
                        col: c + 1,
                    });
                }
                _ => cells.push((r as u16, c as u16)),
            }
        }
    }
    if cells.is_empty() {
        return Err(PolyError::EmptyShape);
    }
    if cells.len() > MAX_SHAPE_CELLS {
        return Err(PolyError::ShapeTooLarge { cells: cells.len() });
    }
    let reached = connected_count(&cells);
    if reached != cells.len() {
        return Err(PolyError::Disconnected {
            cells: cells.len(),
            reached,
        });
    }
    Ok(normalize(&cells))
}

/// How many cells are 4-connected to the first one.
fn connected_count(cells: &[Cell]) -> usize {
    let Some(&first) = cells.first() else {
        return 0;
    };
    let mut seen = vec![first];
    let mut stack = vec![first];
    while let Some((r, c)) = stack.pop() {
        for &n in cells {
            let adj = (n.0 == r && n.1.abs_diff(c) == 1) || (n.1 == c && n.0.abs_diff(r) == 1);
            if adj && !seen.contains(&n) {
                seen.push(n);
                stack.push(n);
            }
        }
    }
    seen.len()
}

/// A board: the cells to fill inside a `rows × cols` box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    rows: usize,
    cols: usize,
    /// Row-major, true for a cell to fill.
    open: Vec<bool>,
}

/// Longest side a board may have.
pub const MAX_SIDE: usize = 1024;

impl Region {
    /// A full `rows × cols` rectangle.
    pub fn rect(rows: i64, cols: i64) -> Result<Region, PolyError> {
        let ok = |n: i64| (1..=MAX_SIDE as i64).contains(&n);
        if !ok(rows) || !ok(cols) {
            return Err(PolyError::BadSize { rows, cols });
        }
        let (rows, cols) = (rows as usize, cols as usize);
        Ok(Region {
            rows,
            cols,
            open: vec![true; rows * cols],
        })
    }

    /// A board drawn as text: `.` a cell to fill, `#` or space a hole; rows
    /// end at a new line or `/`, and may differ in length (missing cells are
    /// holes). Leading and trailing blank rows are dropped.
    pub fn parse(text: &str) -> Result<Region, PolyError> {
        let lines: Vec<&str> = text
            .split(['\n', '/'])
            .map(|l| l.trim_end_matches('\r'))
            .collect();
        let first = lines.iter().position(|l| !l.trim().is_empty());
        let last = lines.iter().rposition(|l| !l.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(PolyError::NoCells);
        };
        let body = &lines[first..=last];
        let cols = body.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        if body.len() > MAX_SIDE || cols > MAX_SIDE {
            return Err(PolyError::BadSize {
                rows: body.len() as i64,
                cols: cols as i64,
            });
        }
        let mut open = vec![false; body.len() * cols];
        for (r, line) in body.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => open[r * cols + c] = true,
                    '#' | ' ' => {}
                    _ => {
                        return Err(PolyError::BadChar {
                            ch,
                            line: first + r + 1,
                            col: c + 1,
                        });
                    }
                }
            }
        }
        if !open.contains(&true) {
            return Err(PolyError::NoCells);
        }
        Ok(Region {
            rows: body.len(),
            cols,
            open,
        })
    }

    /// A region from explicit cells (none may repeat; normalised box).
    pub fn from_cells(cells: &[Cell]) -> Result<Region, PolyError> {
        if cells.is_empty() {
            return Err(PolyError::NoCells);
        }
        let cells = normalize(cells);
        let rows = cells.iter().map(|c| c.0 as usize + 1).max().unwrap_or(0);
        let cols = cells.iter().map(|c| c.1 as usize + 1).max().unwrap_or(0);
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(PolyError::BadSize {
                rows: rows as i64,
                cols: cols as i64,
            });
        }
        let mut open = vec![false; rows * cols];
        for &(r, c) in &cells {
            open[r as usize * cols + c as usize] = true;
        }
        Ok(Region { rows, cols, open })
    }

    /// Rows of the box.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the box.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// True when `(row, col)` is a cell to fill.
    pub fn is_open(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.open[row * self.cols + col]
    }

    /// Number of cells to fill.
    pub fn area(&self) -> usize {
        self.open.iter().filter(|&&b| b).count()
    }

    /// The cells to fill, row-major.
    pub fn cells(&self) -> Vec<Cell> {
        let mut v = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.open[r * self.cols + c] {
                    v.push((r as u16, c as u16));
                }
            }
        }
        v
    }

    /// The same board without empty outer rows and columns.
    pub fn trimmed(&self) -> Region {
        match Region::from_cells(&self.cells()) {
            Ok(r) => r,
            Err(_) => self.clone(),
        }
    }

    /// The board's symmetries among the 8 transforms of [`transform`]: those
    /// that map its cells onto themselves (always including 0, the identity).
    /// A full rectangle has 4, a full square 8.
    pub fn symmetries(&self) -> Vec<usize> {
        let cells = normalize(&self.cells());
        (0..8).filter(|&t| transform(&cells, t) == cells).collect()
    }
}

impl fmt::Display for Region {
    /// Rows of `.` (cells) and `#` (holes).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("\n")?;
            }
            for c in 0..self.cols {
                f.write_str(if self.open[r * self.cols + c] {
                    "."
                } else {
                    "#"
                })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_counts() {
        let counts: Vec<usize> = pentominoes()
            .iter()
            .map(|p| p.orientations(false).len())
            .collect();
        // F I L N P T U V W X Y Z
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        let one: Vec<usize> = pentominoes()
            .iter()
            .map(|p| p.orientations(true).len())
            .collect();
        assert_eq!(one, [4, 2, 4, 4, 4, 4, 4, 4, 4, 1, 4, 2]);
        assert_eq!(counts.iter().sum::<usize>(), 63);
    }

    #[test]
    fn pentominoes_come_from_the_seed_in_the_solvers_orientation() {
        let drawings: Vec<String> = pentominoes().iter().map(|p| p.drawing()).collect();
        let expected = [
            ".FF\nFF.\n.F.",
            "IIIII",
            "LLLL\nL...",
            "NNN.\n..NN",
            "PPP\nPP.",
            "TTT\n.T.\n.T.",
            "U.U\nUUU",
            "V..\nV..\nVVV",
            "W..\nWW.\n.WW",
            ".X.\nXXX\n.X.",
            "YYYY\n.Y..",
            "ZZ.\n.Z.\n.ZZ",
        ];
        assert_eq!(drawings, expected);
        let names: String = pentominoes().iter().map(|p| p.symbol).collect();
        let letters: String = super::super::LETTERS.iter().collect();
        assert_eq!(names, letters);
    }

    #[test]
    fn polyomino_counts() {
        let counts: Vec<usize> = (1..=8).map(|n| free_polyominoes(n).len()).collect();
        assert_eq!(counts, [1, 1, 2, 5, 12, 35, 108, 369]);
        let hex = hexominoes();
        assert_eq!(hex.len(), 35);
        assert_eq!(hex[0].name, "H01");
        assert_eq!(hex[34].symbol, 'i');
        // H01 is the smallest canonical form: the straight one.
        assert_eq!(hex[0].drawing(), "AAAAAA");
        // The pentominoes given by hand are the enumerated ones.
        let mut ours: Vec<_> = pentominoes().iter().map(|p| canonical(&p.cells)).collect();
        ours.sort();
        assert_eq!(ours, free_polyominoes(5));
    }

    #[test]
    fn shapes_from_text() {
        assert_eq!(
            parse_shape("XX.\n.XX").unwrap(),
            vec![(0, 0), (0, 1), (1, 1), (1, 2)]
        );
        assert_eq!(parse_shape("##/.#").unwrap().len(), 3);
        assert_eq!(parse_shape("..\n.."), Err(PolyError::EmptyShape));
        assert_eq!(
            parse_shape("X.X"),
            Err(PolyError::Disconnected {
                cells: 2,
                reached: 1
            })
        );
        assert!(
            from_letters("FQ")
                .unwrap_err()
                .to_string()
                .contains("\"Q\" at position 2")
        );
        assert_eq!(from_letters("FILNPTUVWXYZO").unwrap().len(), 13);
    }

    #[test]
    fn regions() {
        let r = Region::parse("...\n.#.\n...").unwrap();
        assert_eq!(r.area(), 8);
        assert_eq!(r.symmetries().len(), 8);
        assert_eq!(Region::rect(6, 10).unwrap().symmetries(), vec![0, 2, 4, 6]);
        assert_eq!(Region::parse("..\n.").unwrap().symmetries().len(), 2);
        assert_eq!(Region::parse("# #\n"), Err(PolyError::NoCells));
        assert_eq!(
            Region::parse("..\n.x"),
            Err(PolyError::BadChar {
                ch: 'x',
                line: 2,
                col: 2
            })
        );
        assert!(Region::rect(0, 3).is_err());
        assert_eq!(Region::rect(2, 3).unwrap().to_string(), "...\n...");
    }
}
