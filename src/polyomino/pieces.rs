//! Polyomino pieces and piece sets: the 12 pentominoes (Golomb's letters),
//! the 5 tetrominoes, the 35 hexominoes (enumerated, not typed in), the
//! one-sided sets (18 pentominoes, 7 tetrominoes), custom shapes drawn as
//! text, and their orientations (free or one-sided).
//!
//! Everything here is plain data: a shape is a sorted list of `(row, col)`
//! cells normalised to touch row 0 and column 0.

use std::collections::BTreeSet;

use super::PolyError;

/// A cell of a shape or a board: `(row, col)`.
pub type Cell = (u16, u16);

/// Largest `n` for [`free_polyominoes`]: enumeration beyond this is slow.
pub const MAX_PIECE_CELLS: usize = 12;

/// Largest custom shape (the solver's largest board).
pub const MAX_SHAPE_CELLS: usize = 1024;

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
    /// Only rotations are allowed, whatever the search's option says (the
    /// pieces of a one-sided set, whose mirror images are pieces of their own).
    pub one_sided: bool,
}

impl Piece {
    /// A piece from a name, a symbol and any cells (normalised here).
    pub fn new(name: impl Into<String>, symbol: char, cells: &[Cell]) -> Piece {
        Piece {
            name: name.into(),
            symbol,
            cells: normalize(cells),
            one_sided: false,
        }
    }

    /// The same piece with only its rotations allowed.
    pub fn one_sided(mut self) -> Piece {
        self.one_sided = true;
        self
    }

    /// Number of cells.
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// The distinct orientations: all 8 rotations and reflections (free),
    /// or the 4 rotations (one-sided); first occurrence kept, in the order
    /// identity, 90°, 180°, 270°, mirror, mirror∘90°, mirror∘180°, mirror∘270°.
    pub fn orientations(&self, one_sided: bool) -> Vec<Vec<Cell>> {
        orientations(&self.cells, one_sided || self.one_sided)
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
pub const fn transform_cell(t: usize, h: u16, w: u16, (r, c): Cell) -> Cell {
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
    orientations_as(cells, one_sided, |c| c)
}

/// [`orientations`], each cell written as `f` says (`f` one to one): the
/// same shapes in the same order, made with one buffer instead of two
/// vectors per transform (12 pentominoes: 75K instructions to about 20K,
/// which a small board's count felt).
pub fn orientations_as<T: PartialEq>(
    cells: &[Cell],
    one_sided: bool,
    f: impl Fn(Cell) -> T,
) -> Vec<Vec<T>> {
    // The built-in pentominoes' are made at compile time.
    if !one_sided && let Some(turns) = super::builtin::pentomino_turns(cells) {
        return turns
            .iter()
            .map(|o| o.iter().map(|&c| f(c)).collect())
            .collect();
    }
    made_orientations(cells, one_sided, f)
}

/// [`orientations_as`] worked out (not looked up).
pub(super) fn made_orientations<T: PartialEq>(
    cells: &[Cell],
    one_sided: bool,
    f: impl Fn(Cell) -> T,
) -> Vec<Vec<T>> {
    let n = if one_sided { 4 } else { 8 };
    let h = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let w = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let mut out: Vec<Vec<T>> = Vec::with_capacity(n);
    let mut buf: Vec<Cell> = Vec::with_capacity(cells.len());
    for t in 0..n {
        // `transform(cells, t)`, in place.
        buf.clear();
        buf.extend(cells.iter().map(|&cell| transform_cell(t, h, w, cell)));
        let r0 = buf.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = buf.iter().map(|c| c.1).min().unwrap_or(0);
        for c in &mut buf {
            *c = (c.0 - r0, c.1 - c0);
        }
        buf.sort_unstable();
        buf.dedup();
        let seen = out
            .iter()
            .any(|o| o.len() == buf.len() && o.iter().zip(&buf).all(|(x, &c)| *x == f(c)));
        if !seen {
            out.push(buf.iter().map(|&c| f(c)).collect());
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

/// Transform (0..8, see `transform`) from the source's shape to the solver's.
#[cfg(test)]
const PENTOMINO_TURN: [(char, usize); 12] = [
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

/// The 12 pentominoes with Golomb's letters, in the order FILNPTUVWXYZ.
///
/// The shapes are the source's ([`crate::pentomino::piece`]); each is turned by
/// a fixed [`transform`] into the orientation the solver has always used
/// (I, L, N, P and Y lie flat, as Golomb draws them). That orientation sets
/// the order of the solver's placements, so it decides which packing of a
/// class is found and listed first: changing it changes printed solutions.
pub fn pentominoes() -> Vec<Piece> {
    // The shapes so turned, as plain data (a test checks them against the
    // source's, turned by `PENTOMINO_TURN`): 25K instructions fewer for a
    // count.
    super::builtin::PENTOMINOES
        .iter()
        .map(|&(letter, cells)| Piece {
            name: letter.to_string(),
            symbol: letter,
            cells: cells.to_vec(),
            one_sided: false,
        })
        .collect()
}

/// The pentominoes as [`pentominoes`] made them from the source's shapes.
#[cfg(test)]
pub(super) fn pentominoes_turned() -> Vec<Piece> {
    PENTOMINO_TURN
        .iter()
        .filter_map(|&(letter, t)| {
            // `piece` knows every letter of LETTERS; a miss cannot happen.
            let seed = crate::pentomino::piece(letter).ok()?;
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

/// The letters of the chiral pentominoes, whose mirror images are named
/// with a prime (`F'`) and drawn in lower case in the one-sided set.
pub const CHIRAL: &str = "FLNPYZ";

/// The 18 one-sided pentominoes: the 12 and the mirror images of the six
/// chiral ones (`F'`, `L'`, `N'`, `P'`, `Y'`, `Z'`, shown as f l n p y z),
/// each turned but never flipped.
pub fn one_sided_pentominoes() -> Vec<Piece> {
    let base = pentominoes();
    let mut out: Vec<Piece> = base.iter().cloned().map(Piece::one_sided).collect();
    for p in &base {
        if CHIRAL.contains(p.symbol) {
            let mirror = transform(&p.cells, 4);
            out.push(
                Piece::new(
                    format!("{}'", p.name),
                    p.symbol.to_ascii_lowercase(),
                    &mirror,
                )
                .one_sided(),
            );
        }
    }
    out
}

/// The 7 one-sided tetrominoes I4 O4 T4 S4 Z4 L4 J4 (shown as I O T S Z L
/// J), turned but never flipped.
pub fn one_sided_tetrominoes() -> Vec<Piece> {
    let mut out: Vec<Piece> = tetrominoes().into_iter().map(Piece::one_sided).collect();
    for (name, symbol, from) in [("Z4", 'Z', "S4"), ("J4", 'J', "L4")] {
        if let Some(p) = out.iter().find(|p| p.name == from) {
            let mirror = transform(&p.cells, 4);
            out.push(Piece::new(name, symbol, &mirror).one_sided());
        }
    }
    // The usual order: I O T S Z L J.
    let order = ["I4", "O4", "T4", "S4", "Z4", "L4", "J4"];
    out.sort_by_key(|p| order.iter().position(|n| *n == p.name));
    out
}

/// The set's name without case, plural or the `one-sided` prefix's
/// spelling variants: `("pentomino", true)` for "One-sided pentominoes".
fn set_key(name: &str) -> (String, bool) {
    let lower = name.trim().to_ascii_lowercase();
    let (rest, one_sided) = match lower
        .strip_prefix("one-sided")
        .or_else(|| lower.strip_prefix("one sided"))
        .or_else(|| lower.strip_prefix("onesided"))
    {
        Some(rest) => (rest.trim().to_string(), true),
        None => (lower, false),
    };
    let stem = rest.trim_end_matches('s').trim_end_matches('e').to_string();
    (stem, one_sided)
}

/// A named set: "pentominoes", "tetrominoes", "hexominoes", "one-sided
/// pentominoes", "one-sided tetrominoes" (singular and case are forgiven).
pub fn named_set(name: &str) -> Option<Vec<Piece>> {
    match set_key(name) {
        (s, false) if s == "pentomino" => Some(pentominoes()),
        (s, false) if s == "tetromino" => Some(tetrominoes()),
        (s, false) if s == "hexomino" => Some(hexominoes()),
        (s, true) if s == "pentomino" => Some(one_sided_pentominoes()),
        (s, true) if s == "tetromino" => Some(one_sided_tetrominoes()),
        _ => None,
    }
}

/// True for the name of a set of solid pieces ("soma", "bedlam"), which
/// only a polycube search can use.
pub fn is_solid_set(name: &str) -> bool {
    solid_set_key(name).is_some()
}

/// The solid sets' names, for [`misspelt_set`] (each one
/// [`solid_set_key`] knows).
pub(crate) const SOLID_SETS: &[&str] = &["soma", "bedlam"];

/// The built-in solid set a name means, if any: "soma" or "bedlam".
pub(crate) fn solid_set_key(name: &str) -> Option<&'static str> {
    match set_key(name).0.as_str() {
        "soma" => Some("soma"),
        "bedlam" | "bedlam cub" => Some("bedlam"),
        _ => None,
    }
}

/// One piece by name: a pentomino letter, a primed letter for a one-sided
/// mirror image (`F'`), "O" (the 2×2 square), a tetromino I4 O4 T4 S4 L4
/// (Z4 and J4 one-sided), or a hexomino H01..H35.
pub fn piece_by_name(name: &str) -> Option<Piece> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("O") || name.eq_ignore_ascii_case("square") {
        return Some(square());
    }
    let find = |set: Vec<Piece>| set.into_iter().find(|p| p.name.eq_ignore_ascii_case(name));
    find(pentominoes())
        .or_else(|| find(tetrominoes()))
        .or_else(|| {
            find(one_sided_pentominoes())
                .or_else(|| find(one_sided_tetrominoes()))
                .filter(|p| p.name.ends_with('\'') || p.name == "Z4" || p.name == "J4")
        })
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

/// Pieces from one string: a named set ("pentominoes", "one-sided
/// pentominoes", ...) or pentomino letters (see [`from_letters`]).
pub fn pieces_from_text(text: &str) -> Result<Vec<Piece>, PolyError> {
    match named_set(text) {
        Some(set) => Ok(set),
        None => from_letters(text).map_err(|e| misspelt_set(text, FLAT_SETS).unwrap_or(e)),
    }
}

/// The flat sets' names, for [`misspelt_set`] (each one [`named_set`]
/// knows).
pub(crate) const FLAT_SETS: &[&str] = &[
    "pentominoes",
    "tetrominoes",
    "hexominoes",
    "one-sided pentominoes",
    "one-sided tetrominoes",
];

/// A word of four letters or more that failed as pentomino letters and
/// is close to a set's name (by [`crate::spelling::closest`]): the error
/// that names the set it was likely meant as.
pub(crate) fn misspelt_set(text: &str, sets: &[&'static str]) -> Option<PolyError> {
    let word = text.trim().to_ascii_lowercase();
    if word.chars().count() < 4
        || !word
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '-')
    {
        return None;
    }
    let near = crate::spelling::closest(&word, sets.iter().map(|s| s.to_string()));
    let like = sets
        .iter()
        .find(|&&s| near.first().is_some_and(|n| n == s))?;
    Some(PolyError::UnknownSet {
        name: text.trim().to_string(),
        like,
    })
}

/// One entry of a piece list: a piece name ("F", "F'", "O", "I4", "H07"),
/// a named set, a drawing of a custom shape, or `name=drawing` (e.g.
/// `"bar=XXX"`) to name a drawn piece. A drawn piece without a name is named
/// `shape{n}`; it is shown with the drawing's own character when that is a
/// letter or digit, else with a lower-case letter.
pub fn pieces_from_item(text: &str, n: usize) -> Result<Vec<Piece>, PolyError> {
    if let Some(p) = piece_by_name(text) {
        return Ok(vec![p]);
    }
    if let Some(set) = named_set(text) {
        return Ok(set);
    }
    let (name, drawing) = match text.split_once('=') {
        Some((name, drawing)) if !name.trim().is_empty() => (name.trim().to_string(), drawing),
        _ => (format!("shape{n}"), text),
    };
    let cells = parse_shape(drawing)?;
    let drawn = drawing
        .chars()
        .find(|c| !matches!(c, '.' | ' ' | '_' | '/' | '\n' | '\r'));
    let symbol = match drawn {
        Some(c) if c.is_ascii_alphanumeric() => c,
        _ => (b'a' + (n % 26) as u8) as char,
    };
    Ok(vec![Piece::new(name, symbol, &cells)])
}

/// The cells of a drawing, connected or not: rows separated by newlines or
/// `/`, a cell is any character other than `.`, space or `_`. Shared by
/// [`parse_shape`] and the layers of a drawn solid.
pub(crate) fn drawn_cells(text: &str) -> Result<Vec<Cell>, PolyError> {
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
                // Never wrapped: a cell 65536 lines down is not on line 0.
                _ => match (u16::try_from(r), u16::try_from(c)) {
                    (Ok(r), Ok(c)) => cells.push((r, c)),
                    _ => {
                        return Err(PolyError::DrawingTooLarge {
                            line: r + 1,
                            col: c + 1,
                        });
                    }
                },
            }
        }
    }
    Ok(cells)
}

/// A custom shape from a drawing: rows separated by newlines or `/`, a cell
/// is any character other than `.`, space or `_`. It must be one connected
/// piece of at most [`MAX_SHAPE_CELLS`] cells.
///
/// Not [`crate::pentomino::BitBoard::parse_shape`]: that reads J's 0/1 notation, where a
/// space only separates values, `0` is empty and rows must be equal, within
/// 32×32; here a space is an empty cell, `0` is a cell and rows may differ.
pub fn parse_shape(text: &str) -> Result<Vec<Cell>, PolyError> {
    let cells = drawn_cells(text)?;
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
        let letters: String = crate::pentomino::LETTERS.iter().collect();
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
}
