//! Script functions for pictures: `svg(value)` gives SVG text for a grid,
//! candidates, a board or a packing, `svg(step, g)` a step of `hint` on
//! its grid; `save_svg(value, file)` writes it.

use rhai::plugin::*;
use rhai::{Array, Map, Module};

use crate::pentomino::{BitBoard, CharBoard};
use crate::polyomino::{Packing, Region};
use crate::script::error;
use crate::sudoku::Grid;
use crate::sudoku::grid::cell_name;
use crate::sudoku::hui::{self, Candidates};
use crate::sudoku::human::CandidateGrid;
use crate::svg::{Arrow, Cage, CageSpec, GridPicture, Layers, Regions, Square, StepPicture};

/// The picture functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

const KNOWN: &str = "given, candidates, highlight, regions, cages, diagonals, circles for grids; letters for boards";

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
            "given" | "candidates" | "highlight" | "regions" | "cages" | "diagonals"
            | "circles" => {
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
                    match c.as_int().ok().map(crate::sudoku::grid::cell_index) {
                        Some(Ok(i)) => p.highlight[i] = true,
                        _ => {
                            return Err(error(format!(
                                "{what}: highlight[{k}] is {c}: cells are numbered 0 to 80, row by row"
                            )));
                        }
                    }
                }
            }
            "regions" => {
                let ids = integers(what, "regions", v)?;
                p.variant.regions =
                    Some(Regions::new(&ids).map_err(|e| error(format!("{what}: {e}")))?);
            }
            "cages" => {
                let cages = cage_list(what, v)?;
                p.variant.cages =
                    Cage::check_all(&cages).map_err(|e| error(format!("{what}: {e}")))?;
            }
            "diagonals" => {
                p.variant.diagonals = v.as_bool().map_err(|_| {
                    error(format!(
                        "{what}: option diagonals must be true or false; got {}",
                        v.type_name()
                    ))
                })?;
            }
            "circles" => {
                for (at, n) in integers(what, "circles", v)?.into_iter().enumerate() {
                    let cell = crate::sudoku::grid::cell_index(n).map_err(|_| {
                        error(format!(
                            "{what}: circles[{at}] is {n}: cells are numbered 0 to 80, row by row"
                        ))
                    })?;
                    p.variant.circles.push(cell);
                }
            }
            "letters" => {
                return Err(error(format!(
                    "{what}: option letters is for boards; a grid takes given, candidates, highlight, regions, cages, diagonals, circles"
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

/// The integers of option `key`, an array of them.
fn integers(what: &str, key: &str, v: &Dynamic) -> Result<Vec<i64>, Box<EvalAltResult>> {
    let Some(items) = v.clone().try_cast::<Array>() else {
        return Err(error(format!(
            "{what}: option {key} must be an array of integers; got {}",
            v.type_name()
        )));
    };
    items
        .iter()
        .enumerate()
        .map(|(k, x)| {
            x.as_int().map_err(|t| {
                error(format!(
                    "{what}: {key}[{k}] is {x:?}, a {t}: give whole numbers"
                ))
            })
        })
        .collect()
}

/// The cages of option `cages`: each a map `#{cells: [..], sum: n}`, the sum optional.
fn cage_list(what: &str, v: &Dynamic) -> Result<Vec<CageSpec>, Box<EvalAltResult>> {
    let Some(items) = v.clone().try_cast::<Array>() else {
        return Err(error(format!(
            "{what}: option cages must be an array of maps #{{cells: [..], sum: n}}; got {}",
            v.type_name()
        )));
    };
    let mut cages = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let Some(cage) = item.clone().try_cast::<Map>() else {
            return Err(error(format!(
                "{what}: cages[{k}] must be a map #{{cells: [..], sum: n}}; got {}",
                item.type_name()
            )));
        };
        if let Some(other) = cage
            .keys()
            .find(|key| !matches!(key.as_str(), "cells" | "sum"))
        {
            return Err(error(format!(
                "{what}: cages[{k}] has {other:?}; a cage has cells and sum"
            )));
        }
        let cells = match cage.get("cells") {
            Some(c) => integers(what, &format!("cages[{k}].cells"), c)?,
            None => return Err(error(format!("{what}: cages[{k}] has no cells"))),
        };
        let sum = match cage.get("sum") {
            None => None,
            Some(s) => Some(s.as_int().map_err(|_| {
                error(format!(
                    "{what}: cages[{k}].sum is {s}: give a whole number"
                ))
            })?),
        };
        cages.push((cells, sum));
    }
    Ok(cages)
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

/// The picture of a step map (from `hint` or `explain`) on the position
/// `b` it was found on. Every candidate the step names must be one of the
/// position's: a step of another grid is refused, not drawn wrong.
fn step_picture(
    what: &str,
    step: &Map,
    b: &CandidateGrid,
    digits: [u8; 81],
) -> Result<StepPicture, Box<EvalAltResult>> {
    let list = |key: &str| -> Result<Array, Box<EvalAltResult>> {
        match step.get(key) {
            None => Ok(Array::new()),
            Some(v) => v.clone().try_cast::<Array>().ok_or_else(|| {
                error(format!(
                    "{what}: the step's {key} must be an array; got {}",
                    v.type_name()
                ))
            }),
        }
    };
    // `[row, col, digit]` (or `[row, col]` when `digit` is false), 1-based.
    let place = |key: &str,
                 k: usize,
                 v: &Dynamic,
                 digit: bool|
     -> Result<(usize, u8), Box<EvalAltResult>> {
        let want = if digit { 3 } else { 2 };
        let numbers: Option<Vec<i64>> = v
            .clone()
            .try_cast::<Array>()
            .and_then(|a| a.iter().map(|x| x.as_int().ok()).collect());
        match numbers.as_deref() {
            Some(&[r, c, ref rest @ ..])
                if rest.len() + 2 == want
                    && (1..=9).contains(&r)
                    && (1..=9).contains(&c)
                    && rest.iter().all(|d| (1..=9).contains(d)) =>
            {
                Ok((
                    ((r - 1) * 9 + c - 1) as usize,
                    rest.first().map_or(0, |&d| d as u8),
                ))
            }
            _ => Err(error(format!(
                "{what}: the step's {key}[{k}] is {v}: give [row, col{}] with numbers 1 to 9",
                if digit { ", digit" } else { "" }
            ))),
        }
    };
    let candidate = |key: &str, k: usize, v: &Dynamic| -> Result<(usize, u8), Box<EvalAltResult>> {
        let (c, d) = place(key, k, v, true)?;
        if b.cand(c) & (1 << (d - 1)) == 0 {
            return Err(error(format!(
                "{what}: the step's {key}[{k}] is {d} at {}, which is not a candidate there: draw a step on the grid it was found on",
                cell_name(c)
            )));
        }
        Ok((c, d))
    };
    let mut p = GridPicture::new(digits);
    p.candidates = Some(*b.masks());
    let mut placed = Vec::new();
    for (k, v) in list("placed")?.iter().enumerate() {
        placed.push(candidate("placed", k, v)?);
    }
    let mut removed = Vec::new();
    for (k, v) in list("removed")?.iter().enumerate() {
        removed.push(candidate("removed", k, v)?);
    }
    for (k, v) in list("cells")?.iter().enumerate() {
        p.highlight[place("cells", k, v, false)?.0] = true;
    }
    let mut arrows = Vec::new();
    for (k, v) in list("links")?.iter().enumerate() {
        let Some(link) = v.clone().try_cast::<Map>() else {
            return Err(error(format!(
                "{what}: the step's links[{k}] must be a map #{{from, to, strong}}; got {}",
                v.type_name()
            )));
        };
        let end = |key: &str| match link.get(key) {
            Some(e) => candidate(&format!("links[{k}].{key}"), k, e),
            None => Err(error(format!("{what}: the step's links[{k}] has no {key}"))),
        };
        let strong = link
            .get("strong")
            .and_then(|s| s.as_bool().ok())
            .ok_or_else(|| {
                error(format!(
                    "{what}: the step's links[{k}].strong must be true or false"
                ))
            })?;
        arrows.push(Arrow {
            from: end("from")?,
            to: end("to")?,
            strong,
        });
    }
    let text = step
        .get("text")
        .and_then(|t| t.clone().into_string().ok())
        .unwrap_or_default();
    Ok(StepPicture {
        grid: p,
        placed,
        removed,
        arrows,
        text,
    })
}

/// The picture of `step` on grid `g` (its candidates: what no peer holds).
fn grid_step(what: &str, step: &Map, g: &Grid) -> Result<String, Box<EvalAltResult>> {
    g.check().map_err(|e| error(format!("{what}: {e}")))?;
    let b = CandidateGrid::from_grid(g);
    Ok(step_picture(what, step, &b, *g.cells())?.to_svg())
}

/// The picture of `step` on pencil marks `c`.
fn candidates_step(what: &str, step: &Map, c: &Candidates) -> Result<String, Box<EvalAltResult>> {
    let b = CandidateGrid::from_candidates(c);
    Ok(step_picture(what, step, &b, [0; 81])?.to_svg())
}

/// A step as text: its line, the pencil marks before it with its marks
/// (see `Candidates::pencil_marked`), and a key to the marks it uses.
/// With `colour` the marks are also painted (ANSI): marked cells on
/// yellow, removed candidates red and struck through, placed digits
/// white on green, as in the SVG picture.
fn step_text(p: &StepPicture, colour: bool) -> String {
    let masks = p.grid.candidates.unwrap_or([0; 81]);
    let marks = hui::PencilMarks {
        cells: (0..81).filter(|&i| p.grid.highlight[i]).collect(),
        removed: p.removed.clone(),
        placed: p.placed.clone(),
    };
    let drawing: String = Candidates::from_bits(masks)
        .pencil_marked(&marks)
        .into_iter()
        .map(|(text, mark)| match (colour, mark) {
            (true, Some(hui::Mark::Cell)) => format!("\x1b[30;43m{text}\x1b[0m"),
            (true, Some(hui::Mark::Removed)) => format!("\x1b[1;9;31m{text}\x1b[0m"),
            (true, Some(hui::Mark::Placed)) => format!("\x1b[1;97;42m{text}\x1b[0m"),
            _ => text,
        })
        .collect();
    let mut key = Vec::new();
    if !marks.cells.is_empty() {
        key.push("*: the step's cells");
    }
    if !marks.removed.is_empty() {
        key.push("(d): removed");
    }
    if !marks.placed.is_empty() {
        key.push("[d]: placed");
    }
    if !p.arrows.is_empty() {
        key.push("its links are drawn by svg(step, g)");
    }
    format!(
        "{}\n{drawing}\n{}",
        if p.text.is_empty() { "a step" } else { &p.text },
        key.join("   ")
    )
}

/// Shows a step's picture in a notebook, or prints its text and its
/// pencil marks with what the step marks.
fn show_step(
    ctx: &NativeCallContext,
    svg: &str,
    p: &StepPicture,
) -> Result<(), Box<EvalAltResult>> {
    let host = crate::script::host::host(ctx);
    if host.display(&step_text(p, false), Some(svg)) {
        return Ok(());
    }
    ctx.call_native_fn::<()>("print", (step_text(p, host.colour()),))
}

/// Write `text` to `file` whole or not at all (see `crate::files`).
fn write_atomically(what: &str, file: &str, text: &str) -> Result<(), Box<EvalAltResult>> {
    crate::files::write_atomic(file, text.as_bytes(), &[])
        .map_err(|e| error(format!("{what}: {e}")))
}

#[export_module(manifest)]
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
    ///
    /// Returns the SVG as text: `save_svg` writes it to a file; a script prints it with
    /// `print(svg(g))`.
    #[rhai_fn(return_raw)]
    pub fn svg(value: Dynamic) -> Result<String, Box<EvalAltResult>> {
        picture("svg", &value, &Map::new())
    }

    /// A picture as SVG text, with options: given, candidates, highlight, regions, cages, diagonals, circles, letters.
    ///
    /// For grids: `given: puzzle` draws the puzzle's clues bold and the
    /// other digits in regular blue; `candidates: true` prints each empty
    /// cell's candidates small (or pass `free(g)`); `highlight: [0, 10]`
    /// puts cells (numbered 0..80 row by row) on yellow. For Sudoku
    /// variants: `regions: [81 ids]` (one id 0..80 per cell, row by row;
    /// cells with one id are one joined region) draws the regions' borders
    /// thick instead of the 3×3 boxes (jigsaw); `cages: [#{cells: [0, 1],
    /// sum: 3}, ..]` outlines each cage dashed inside its cells, its sum
    /// small in its top-left cell (killer; cages do not overlap, a sum is
    /// one the cage's different digits can make, `sum` may be left out);
    /// `diagonals: true` shades the two diagonals (X-Sudoku); `circles:
    /// [cells]` circles cells (even/odd). For boards: `letters: false`
    /// leaves out the piece letters.
    ///
    /// Example: `svg(solve(ym), #{given: ym, highlight: [0, 1, 2]})`
    ///
    /// Returns the SVG as text: `save_svg` writes it to a file; a script prints it with
    /// `print(svg(g, options))`.
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

    /// A step of `hint` or `explain` drawn on the grid it was found on, as SVG text.
    ///
    /// The grid's candidates in small print, the step's cells on yellow,
    /// removed candidates in red and struck through, placed digits white on
    /// a green disc, and a chain's links as arrows between candidates
    /// (solid: strong, dashed: weak). A step that names a candidate the
    /// grid does not have is refused (it belongs to another position).
    ///
    /// Example: `svg(hint(su21_99), su21_99)`
    ///
    /// Returns the SVG as text: `save_svg(step, g, file)` writes it to a file; a script
    /// prints it with `print(svg(step, g))`.
    #[rhai_fn(name = "svg", return_raw)]
    pub fn svg_step(step: Map, g: Grid) -> Result<String, Box<EvalAltResult>> {
        grid_step("svg", &step, &g)
    }

    /// A step of `hint` or `explain` drawn on your pencil marks, as SVG text (see `svg(step, grid)`).
    ///
    /// Example: `let c = free(ym); svg(hint(c), c)`
    ///
    /// Returns the SVG as text: `save_svg(step, c, file)` writes it to a file; a script
    /// prints it with `print(svg(step, c))`.
    #[rhai_fn(name = "svg", return_raw)]
    pub fn svg_step_candidates(step: Map, c: Candidates) -> Result<String, Box<EvalAltResult>> {
        candidates_step("svg", &step, &c)
    }

    /// Write the picture of a step on its grid to `file` (see `svg(step, grid)`).
    ///
    /// Example: `save_svg(hint(su21_99), su21_99, "step.svg")`
    #[rhai_fn(name = "save_svg", return_raw)]
    pub fn save_svg_step(step: Map, g: Grid, file: &str) -> Result<(), Box<EvalAltResult>> {
        let text = grid_step("save_svg", &step, &g)?;
        write_atomically("save_svg", file, &text)
    }

    /// Write the picture of a step on pencil marks to `file` (see `svg(step, grid)`).
    #[rhai_fn(name = "save_svg", return_raw)]
    pub fn save_svg_step_candidates(
        step: Map,
        c: Candidates,
        file: &str,
    ) -> Result<(), Box<EvalAltResult>> {
        let text = candidates_step("save_svg", &step, &c)?;
        write_atomically("save_svg", file, &text)
    }

    /// Show a step of `hint` on its grid now: its picture in a notebook, its text elsewhere.
    ///
    /// In a notebook (the Jupyter kernel) the picture of `svg(step, g)`
    /// appears in the cell's output. At the REPL, in scripts and in labs
    /// printed as text it prints the step's `text` and the pencil marks
    /// before the step: the step's cells start with `*`, a removed
    /// candidate is `(d)`, a placed digit `[d]` (coloured too on a
    /// terminal with colour).
    ///
    /// Example: `display(hint(su21_99), su21_99)`
    #[rhai_fn(name = "display", return_raw)]
    pub fn display_step(
        ctx: NativeCallContext,
        step: Map,
        g: Grid,
    ) -> Result<(), Box<EvalAltResult>> {
        let svg = grid_step("display", &step, &g)?;
        let p = step_picture("display", &step, &CandidateGrid::from_grid(&g), *g.cells())?;
        show_step(&ctx, &svg, &p)
    }

    /// Show a step of `hint` on your pencil marks now (see `display(step, grid)`).
    ///
    /// Example: `let c = free(ym); display(hint(c), c)`
    #[rhai_fn(name = "display", return_raw)]
    pub fn display_step_candidates(
        ctx: NativeCallContext,
        step: Map,
        c: Candidates,
    ) -> Result<(), Box<EvalAltResult>> {
        let svg = candidates_step("display", &step, &c)?;
        let p = step_picture(
            "display",
            &step,
            &CandidateGrid::from_candidates(&c),
            [0; 81],
        )?;
        show_step(&ctx, &svg, &p)
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
