//! Script functions for automatic polyomino packing: boards (`rect`,
//! `region`), piece lists, `count_polyomino` and `solve_polyomino`.

use rhai::plugin::*;
use rhai::{Array, Map, Module};

use crate::pentomino::polyomino::{self, Piece, Region};
use crate::pentomino::solver::{self, Options};
use crate::pentomino::{Board, CharBoard};
use crate::script::error;

/// The polyomino functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

/// A board given as a `Region` or as text.
fn to_region(what: &str, board: &Dynamic) -> Result<Region, Box<EvalAltResult>> {
    if let Some(r) = board.clone().try_cast::<Region>() {
        return Ok(r);
    }
    if let Ok(text) = board.clone().into_immutable_string() {
        return Region::parse(&text).map_err(|e| error(format!("{what}: board: {e}")));
    }
    Err(error(format!(
        "{what}: the board must be made by rect(h, w) or region(text), or be text; got {}",
        board.type_name()
    )))
}

/// Pieces from a string (a set name or letters) or an array of names,
/// set names, drawings and shapes.
fn to_pieces(what: &str, pieces: &Dynamic) -> Result<Vec<Piece>, Box<EvalAltResult>> {
    let fail = |e: polyomino::PolyError| error(format!("{what}: pieces: {e}"));
    if let Ok(text) = pieces.clone().into_immutable_string() {
        return polyomino::pieces_from_text(&text).map_err(fail);
    }
    let Some(items) = pieces.clone().try_cast::<Array>() else {
        return Err(error(format!(
            "{what}: pieces must be a string (\"FILNPTUVWXYZ\", \"pentominoes\", ...) or an array; got {}",
            pieces.type_name()
        )));
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        if let Ok(text) = item.clone().into_immutable_string() {
            out.extend(polyomino::pieces_from_item(&text, i + 1).map_err(fail)?);
        } else if let Some(piece) = item.clone().try_cast::<Piece>() {
            out.push(piece);
        } else if let Some(shape) = item.clone().try_cast::<Board>() {
            let cells: Vec<polyomino::Cell> =
                shape.cells().map(|(r, c)| (r as u16, c as u16)).collect();
            if cells.is_empty() {
                return Err(fail(polyomino::PolyError::EmptyShape));
            }
            let symbol = (b'a' + (i % 26) as u8) as char;
            out.push(Piece::new(format!("shape{}", i + 1), symbol, &cells));
        } else {
            return Err(error(format!(
                "{what}: piece {} is a {}: use a name (\"F\", \"H07\"), a set name, a drawing (\"XX./.XX\") or a shape",
                i + 1,
                item.type_name()
            )));
        }
    }
    if out.is_empty() {
        return Err(fail(polyomino::PolyError::NoPieces));
    }
    Ok(out)
}

/// Options from a map: `raw`, `one_sided`, `limit`, and `copies` (each
/// piece that many times; returned apart as it is not a solver option).
fn to_options(what: &'static str, map: &Map) -> Result<(Options, usize), Box<EvalAltResult>> {
    let mut read = crate::script::options::Options::new(
        what,
        map.clone(),
        &["raw", "one_sided", "limit", "copies"],
    )?;
    let defaults = Options::default();
    let o = Options {
        raw: read.bool("raw")?.unwrap_or(defaults.raw),
        one_sided: read.bool("one_sided")?.unwrap_or(defaults.one_sided),
        limit: read.int("limit", 0..=i64::MAX)?.map(|n| n as u64),
        ..defaults
    };
    let copies = read.int("copies", 1..=1024)?.unwrap_or(1) as usize;
    Ok((o, copies))
}

fn run(
    ctx: &NativeCallContext,
    what: &'static str,
    board: &Dynamic,
    pieces: &Dynamic,
    options: &Map,
    keep: bool,
) -> Result<solver::Outcome, Box<EvalAltResult>> {
    let region = to_region(what, board)?;
    let (mut options, copies) = to_options(what, options)?;
    let pieces: Vec<Piece> = to_pieces(what, pieces)?
        .iter()
        .flat_map(|p| std::iter::repeat_n(p.clone(), copies))
        .collect();
    options.keep = keep;
    if options.limit == Some(0) {
        return Ok(solver::Outcome::default());
    }
    let monitor = crate::script::host::monitor(ctx);
    solver::solve(&region, &pieces, &options, &*monitor).map_err(|e| error(format!("{what}: {e}")))
}

#[export_module]
pub mod api {
    use super::*;

    /// A board to fill: cells inside a box, holes allowed.
    pub type Region = polyomino::Region;

    /// A solved board too large for a character board (over 32×32): rows of
    /// piece letters.
    pub type Packing = solver::Solution;

    /// A full rectangle of `rows` × `cols` cells to fill.
    ///
    /// Example: `count_polyomino(rect(6, 10), "pentominoes")` is 2339.
    #[rhai_fn(return_raw)]
    pub fn rect(rows: i64, cols: i64) -> Result<Region, Box<EvalAltResult>> {
        Region::rect(rows, cols).map_err(|e| error(format!("rect: {e}")))
    }

    /// A board from text: `.` a cell, `#` or space a hole, `/` between rows.
    ///
    /// A new line also ends a row; rows may differ in length.
    ///
    /// Example: `region("...../.#.#./.....")`
    #[rhai_fn(return_raw)]
    pub fn region(text: &str) -> Result<Region, Box<EvalAltResult>> {
        Region::parse(text).map_err(|e| error(format!("region: {e}")))
    }

    /// Number of cells to fill on the board.
    pub fn area(board: &mut Region) -> i64 {
        board.area() as i64
    }

    /// How many rotations and reflections map the board onto itself.
    ///
    /// 4 for a rectangle, 8 for a square, fewer for odd shapes.
    pub fn symmetries(board: &mut Region) -> i64 {
        board.symmetries().len() as i64
    }

    /// The board as rows of `.` (cells) and `#` (holes).
    #[rhai_fn(global, name = "to_string")]
    pub fn region_to_string(board: &mut Region) -> String {
        board.to_string()
    }

    /// The board as a `region("...")` expression that rebuilds it.
    #[rhai_fn(global, name = "to_debug")]
    pub fn region_to_debug(board: &mut Region) -> String {
        format!("region({:?})", board.to_string().replace('\n', "/"))
    }

    /// The packing as rows of piece letters (`.` for holes).
    #[rhai_fn(global, name = "to_string")]
    pub fn packing_to_string(p: &mut Packing) -> String {
        p.to_string()
    }

    /// The packing as rows of piece letters in one line, `/` between rows.
    #[rhai_fn(global, name = "to_debug")]
    pub fn packing_to_debug(p: &mut Packing) -> String {
        format!("packing({:?})", p.lines().join("/"))
    }

    /// A piece of a piece list: its name, its letter and its cells.
    pub type Piece = polyomino::Piece;

    /// The pieces of a piece list, each shown by name and drawing.
    ///
    /// In a list each piece is one line, `L4 L../LLL` (rows joined by `/`);
    /// alone it prints its name above its drawing. `.name`, `.drawing` and
    /// `.size` give the parts; the list can be passed back as `pieces`.
    ///
    /// Example: `polyomino_pieces("tetrominoes")[1].drawing` is `"OO\nOO"`.
    #[rhai_fn(return_raw)]
    pub fn polyomino_pieces(pieces: Dynamic) -> Result<Array, Box<EvalAltResult>> {
        let list = to_pieces("polyomino_pieces", &pieces)?;
        Ok(list.into_iter().map(Dynamic::from).collect())
    }

    /// The piece's name above its drawing.
    #[rhai_fn(global, name = "to_string")]
    pub fn piece_to_string(p: &mut Piece) -> String {
        format!("{}\n{}", p.name, p.drawing())
    }

    /// The piece on one line: its name, then its rows joined by `/`.
    #[rhai_fn(global, name = "to_debug")]
    pub fn piece_to_debug(p: &mut Piece) -> String {
        format!("{} {}", p.name, p.drawing().replace('\n', "/"))
    }

    /// The piece's name ("F", "I4", "H07", "shape1").
    #[rhai_fn(get = "name", pure)]
    pub fn piece_name(p: &mut Piece) -> String {
        p.name.clone()
    }

    /// The piece drawn as rows of its letter and `.`.
    #[rhai_fn(get = "drawing", pure)]
    pub fn piece_drawing(p: &mut Piece) -> String {
        p.drawing()
    }

    /// The number of cells of the piece.
    #[rhai_fn(get = "size", pure)]
    pub fn piece_size(p: &mut Piece) -> i64 {
        p.size() as i64
    }

    /// Count the ways to fill a board with pieces, one per symmetry class.
    ///
    /// Classes are under the board's rotations and reflections; a packing
    /// that is its own image counts once.
    ///
    /// `pieces`: letters ("FILNPTUVWXYZ", "O" is the 2×2 square), a set
    /// name ("pentominoes", "tetrominoes", "hexominoes"), or an array of
    /// names, drawings ("XX./.XX") and shapes; a piece listed twice is used
    /// twice. Ctrl+C stops and returns the count so far.
    #[rhai_fn(return_raw)]
    pub fn count_polyomino(
        ctx: NativeCallContext,
        board: Dynamic,
        pieces: Dynamic,
    ) -> Result<i64, Box<EvalAltResult>> {
        count_polyomino_with(ctx, board, pieces, Map::new())
    }

    /// Count packings with options: raw, one_sided, limit, copies.
    ///
    /// `raw: true` counts every solution, `one_sided: true` forbids turning
    /// pieces over, `limit: n` stops at n, `copies: n` uses every listed
    /// piece n times.
    ///
    /// Example: `count_polyomino(rect(6, 10), "pentominoes", #{raw: true})` is 9356.
    #[rhai_fn(name = "count_polyomino", return_raw)]
    pub fn count_polyomino_with(
        ctx: NativeCallContext,
        board: Dynamic,
        pieces: Dynamic,
        options: Map,
    ) -> Result<i64, Box<EvalAltResult>> {
        run(&ctx, "count_polyomino", &board, &pieces, &options, false)
            .map(|o| o.count.min(i64::MAX as u64) as i64)
    }

    /// Every packing of a board with pieces, one per symmetry class.
    ///
    /// The packings are character boards, for `frame`. Boards over 32×32 come back as packings (rows of letters). Ctrl+C
    /// stops and returns those found so far.
    #[rhai_fn(return_raw)]
    pub fn solve_polyomino(
        ctx: NativeCallContext,
        board: Dynamic,
        pieces: Dynamic,
    ) -> Result<Array, Box<EvalAltResult>> {
        solve_polyomino_with(ctx, board, pieces, Map::new())
    }

    /// Packings with options: limit, raw, one_sided, copies.
    ///
    /// `limit: n` gives the first n, `raw: true` every solution (not one per
    /// symmetry class), `one_sided: true` no turning over, `copies: n` each
    /// piece n times.
    ///
    /// Example: `frame(solve_polyomino(rect(3, 20), "pentominoes", #{limit: 1})[0])`
    #[rhai_fn(name = "solve_polyomino", return_raw)]
    pub fn solve_polyomino_with(
        ctx: NativeCallContext,
        board: Dynamic,
        pieces: Dynamic,
        options: Map,
    ) -> Result<Array, Box<EvalAltResult>> {
        let out = run(&ctx, "solve_polyomino", &board, &pieces, &options, true)?;
        Ok(out
            .solutions
            .into_iter()
            .map(|s| match s.to_charboard() {
                Some(b) => Dynamic::from::<CharBoard>(b),
                None => Dynamic::from(s),
            })
            .collect())
    }
}
