//! Script functions for pictures: `svg(value)` gives SVG text for a grid,
//! candidates, a board or a packing; `save_svg(value, file)` writes it.

use rhai::plugin::*;
use rhai::{Array, Map, Module};

use crate::pentomino::{BitBoard, CharBoard};
use crate::polyomino::{Packing, Region};
use crate::script::error;
use crate::sudoku::Grid;
use crate::sudoku::grid::cell_name;
use crate::sudoku::hui::{self, Candidates};
use crate::svg::{GridPicture, Layers, Square};

/// The picture functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

const KNOWN: &str = "given, candidates, highlight for grids; letters for boards";

/// The SVG text of `value` drawn with `options`.
fn picture(what: &str, value: &Dynamic, options: &Map) -> Result<String, Box<EvalAltResult>> {
    if let Some(g) = value.clone().try_cast::<Grid>() {
        return grid_picture(what, &g, options).map(|p| p.to_svg());
    }
    if let Some(c) = value.clone().try_cast::<Candidates>() {
        if options.contains_key("candidates") {
            return Err(error(format!(
                "{what}: option candidates is for grids; Candidates are drawn as they are"
            )));
        }
        // The clues of `given` drawn as clues, the candidates around them.
        let puzzle = match options.get("given") {
            Some(v) => given_puzzle(what, v)?,
            None => Grid::default(),
        };
        let mut p = grid_picture(what, &puzzle, options)?;
        p.candidates = Some(*c.bits());
        return Ok(p.to_svg());
    }
    let mut layers = if let Some(b) = value.clone().try_cast::<CharBoard>() {
        let squares = b
            .cells()
            .iter()
            .map(|&c| match c {
                b'.' => Square::Empty,
                c => Square::Piece(c as char),
            })
            .collect();
        Layers::flat(b.rows(), b.cols(), squares)
    } else if let Some(p) = value.clone().try_cast::<Packing>() {
        // Flat packings have one layer; a polycube packing shows its layers side by side.
        packing_layers(p.dims(), |l, r, c| p.at(l, r, c))
    } else if let Some(b) = value.clone().try_cast::<BitBoard>() {
        let (rows, cols) = b.size();
        let squares = (0..rows * cols)
            .map(|i| {
                if b.get(i / cols, i % cols) {
                    Square::Piece('1')
                } else {
                    Square::Empty
                }
            })
            .collect();
        let mut l = Layers::flat(rows, cols, squares);
        l.letters = false;
        l
    } else if let Some(r) = value.clone().try_cast::<Region>() {
        let (rows, cols) = (r.rows(), r.cols());
        let squares = (0..rows * cols)
            .map(|i| {
                if r.is_open(i / cols, i % cols) {
                    Square::Empty
                } else {
                    Square::Hole
                }
            })
            .collect();
        Layers::flat(rows, cols, squares)
    } else {
        return Err(error(format!(
            "{what}: cannot draw a {}: give a Grid, Candidates, a Board, a CharBoard, a Region or a packing",
            match value.type_name() {
                "i64" | "f64" => "number",
                other => other.rsplit("::").next().unwrap_or(other),
            }
        )));
    };
    for (key, v) in options {
        match key.as_str() {
            "letters" => {
                layers.letters = v
                    .as_bool()
                    .map_err(|_| error(format!("{what}: option letters must be true or false")))?
            }
            "given" | "candidates" | "highlight" => {
                return Err(error(format!(
                    "{what}: option {key} is for grids; a board takes letters"
                )));
            }
            other => {
                return Err(error(format!(
                    "unknown option {other:?} for {what}; known: {KNOWN}"
                )));
            }
        }
    }
    Ok(layers.to_svg())
}

/// The layers of a packing given by its size `[layers, rows, cols]` and
/// the character at each `(layer, row, col)`, `.` for a hole. Solid
/// packings (polycubes) come through here too, one layer per slice.
fn packing_layers(dims: [usize; 3], at: impl Fn(usize, usize, usize) -> char) -> Layers {
    let [depth, rows, cols] = dims;
    let layers = (0..depth)
        .map(|l| {
            (0..rows * cols)
                .map(|i| match at(l, i / cols, i % cols) {
                    '.' => Square::Hole,
                    c => Square::Piece(c),
                })
                .collect()
        })
        .collect();
    Layers {
        rows,
        cols,
        layers,
        letters: true,
    }
}

/// A grid picture with the grid options applied: `given` (the puzzle whose
/// clues are drawn bold), `candidates` (true, or Candidates), `highlight`
/// (cell numbers 0..80).
fn grid_picture(what: &str, g: &Grid, options: &Map) -> Result<GridPicture, Box<EvalAltResult>> {
    let mut p = GridPicture::new(*g.cells());
    for (key, v) in options {
        match key.as_str() {
            "given" => {
                let puzzle = given_puzzle(what, v)?;
                // A clue the grid does not hold would be dropped unseen.
                if let Some(i) = (0..81).find(|&i| puzzle.get(i) != 0 && puzzle.get(i) != g.get(i))
                {
                    let holds = match g.get(i) {
                        0 => "is empty".to_string(),
                        d => format!("holds {d}"),
                    };
                    return Err(error(format!(
                        "{what}: option given has {} at {}, where the grid {holds}: give the puzzle the grid was made from",
                        puzzle.get(i),
                        cell_name(i)
                    )));
                }
                for i in 0..81 {
                    p.given[i] = puzzle.get(i) != 0;
                }
            }
            "candidates" => {
                if let Some(c) = v.clone().try_cast::<Candidates>() {
                    p.candidates = Some(*c.bits());
                } else if let Ok(on) = v.as_bool() {
                    if on {
                        let c = hui::free(g).map_err(|e| error(format!("{what}: {e}")))?;
                        p.candidates = Some(*c.bits());
                    }
                } else {
                    return Err(error(format!(
                        "{what}: option candidates must be true, false or Candidates (free(g)); got {}",
                        v.type_name()
                    )));
                }
            }
            "highlight" => {
                let Some(cells) = v.clone().try_cast::<Array>() else {
                    return Err(error(format!(
                        "{what}: option highlight must be an array of cell numbers 0..80; got {}",
                        v.type_name()
                    )));
                };
                for (k, c) in cells.iter().enumerate() {
                    match c.as_int() {
                        Ok(i) if (0..81).contains(&i) => p.highlight[i as usize] = true,
                        _ => {
                            return Err(error(format!(
                                "{what}: highlight[{k}] is {c}: cells are numbered 0 to 80, row by row"
                            )));
                        }
                    }
                }
            }
            "letters" => {
                return Err(error(format!(
                    "{what}: option letters is for boards; a grid takes given, candidates, highlight"
                )));
            }
            other => {
                return Err(error(format!(
                    "unknown option {other:?} for {what}; known: {KNOWN}"
                )));
            }
        }
    }
    Ok(p)
}

/// The puzzle of option `given`: a Grid, its clues the givens.
fn given_puzzle(what: &str, v: &Dynamic) -> Result<Grid, Box<EvalAltResult>> {
    v.clone().try_cast::<Grid>().ok_or_else(|| {
        error(format!(
            "{what}: option given must be a Grid (the puzzle whose clues are givens); got {}",
            v.type_name()
        ))
    })
}

/// Write `text` to `file` whole or not at all (see `crate::files`).
fn write_atomically(what: &str, file: &str, text: &str) -> Result<(), Box<EvalAltResult>> {
    crate::files::write_atomic(file, text.as_bytes(), &[])
        .map_err(|e| error(format!("{what}: {e}")))
}

#[export_module]
pub mod api {
    use super::*;

    /// A picture of a grid, candidates, a board or a packing, as SVG text.
    ///
    /// Grids show every digit bold; packings (from `solve_polyomino`, or any
    /// character board) give each piece its own colour, with thick lines
    /// between pieces. Colours stay apart for colour-blind viewers and in
    /// greyscale print. `save_svg` writes the same text to a file.
    ///
    /// Example: `svg(ym)`
    #[rhai_fn(return_raw)]
    pub fn svg(value: Dynamic) -> Result<String, Box<EvalAltResult>> {
        picture("svg", &value, &Map::new())
    }

    /// A picture as SVG text, with options: given, candidates, highlight, letters.
    ///
    /// For grids: `given: puzzle` draws the puzzle's clues bold and the
    /// other digits in regular blue; `candidates: true` prints each empty
    /// cell's candidates small (or pass `free(g)`); `highlight: [0, 10]`
    /// puts cells (numbered 0..80 row by row) on yellow. For boards:
    /// `letters: false` leaves out the piece letters.
    ///
    /// Example: `svg(solve(ym), #{given: ym, highlight: [0, 1, 2]})`
    #[rhai_fn(name = "svg", return_raw)]
    pub fn svg_with(value: Dynamic, options: Map) -> Result<String, Box<EvalAltResult>> {
        picture("svg", &value, &options)
    }

    /// Show a value now, in the middle of a cell or a script.
    ///
    /// In a notebook (the Jupyter kernel) the value appears in the cell's
    /// output as it would as the cell's value: its picture, when `svg` can
    /// draw it, over its text. At the REPL and in scripts it prints the
    /// value as the REPL shows it.
    ///
    /// Example: `for g in [ym, solve(ym)] { display(g) }`
    #[rhai_fn(return_raw)]
    pub fn display(ctx: NativeCallContext, value: Dynamic) -> Result<(), Box<EvalAltResult>> {
        let text = crate::script::display(ctx.engine(), &value);
        let svg = picture("display", &value, &Map::new()).ok();
        if crate::script::host::host(&ctx).display(&text, svg.as_deref()) {
            return Ok(());
        }
        // Through `print`, so a capturing session (a lab) keeps the text too.
        ctx.call_native_fn::<()>("print", (text,))
    }

    /// Write the SVG picture of `value` to `file` (replacing it whole).
    ///
    /// The file appears complete or not at all: the text goes to a
    /// temporary file in the same folder, which is then renamed (an old
    /// file keeps its permissions). A path that exists and is not a regular
    /// file (a device such as `/dev/null`, a FIFO, a folder) is refused.
    ///
    /// Example: `save_svg(solve_polyomino(rect(6, 10), "pentominoes", #{limit: 1})[0], "p.svg")`
    #[rhai_fn(return_raw)]
    pub fn save_svg(value: Dynamic, file: &str) -> Result<(), Box<EvalAltResult>> {
        save_svg_with(value, file, Map::new())
    }

    /// Write the SVG picture of `value` to `file`, with the options of `svg`.
    ///
    /// Example: `save_svg(assign(ym), "ym.svg", #{given: ym, candidates: true})`
    #[rhai_fn(name = "save_svg", return_raw)]
    pub fn save_svg_with(
        value: Dynamic,
        file: &str,
        options: Map,
    ) -> Result<(), Box<EvalAltResult>> {
        let text = picture("save_svg", &value, &options)?;
        write_atomically("save_svg", file, &text)
    }
}
