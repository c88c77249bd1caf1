//! Script functions for polycubes: boxes (`cuboid`, `space`), solid piece
//! lists, `count_polycube`, `solve_polycube`, and a packing's layers framed
//! side by side.

use rhai::plugin::*;
use rhai::{Array, Map, Module};

use crate::pentomino::{Style, frame};
use crate::polyomino::space::{solids_from_item, solids_from_text};
use crate::polyomino::{self, Outcome, Packing, PolyError, Solid, Space};
use crate::script::error;
use crate::script::polyomino::{count_job, run_search, to_options, write_count};

/// The polycube functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

/// A box given as a `Space`, as text or as an array of layer drawings.
fn to_space(what: &str, space: &Dynamic) -> Result<Space, Box<EvalAltResult>> {
    let fail = |e: PolyError| error(format!("{what}: box: {e}"));
    if let Some(s) = space.clone().try_cast::<Space>() {
        return Ok(s);
    }
    if let Ok(text) = space.clone().into_immutable_string() {
        return Space::parse(&text).map_err(fail);
    }
    if let Some(items) = space.clone().try_cast::<Array>() {
        let layers: Vec<String> = items.iter().map(|l| l.to_string()).collect();
        return Space::parse_layers(&layers).map_err(fail);
    }
    Err(error(format!(
        "{what}: the box must be made by cuboid(x, y, z) or space(layers); got {}",
        space.type_name()
    )))
}

/// Solid pieces from a string ("soma", "bedlam", "pentominoes", letters) or an array
/// of names, set names and drawings by layers.
fn to_solids(what: &str, pieces: &Dynamic) -> Result<Vec<Solid>, Box<EvalAltResult>> {
    let fail = |e: PolyError| error(format!("{what}: pieces: {e}"));
    if let Ok(text) = pieces.clone().into_immutable_string() {
        return solids_from_text(&text).map_err(fail);
    }
    let Some(items) = pieces.clone().try_cast::<Array>() else {
        return Err(error(format!(
            "{what}: pieces must be a string (\"soma\", \"pentominoes\", ...) or an array; got {}",
            pieces.type_name()
        )));
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let Ok(text) = item.clone().into_immutable_string() else {
            return Err(error(format!(
                "{what}: piece {} is a {}: use a name (\"V\", \"F\"), a set name or a drawing by layers (\"XX/X.|X./..\")",
                i + 1,
                item.type_name()
            )));
        };
        out.extend(solids_from_item(&text, i + 1).map_err(fail)?);
    }
    if out.is_empty() {
        return Err(fail(PolyError::NoPieces));
    }
    Ok(out)
}

fn run(
    ctx: &NativeCallContext,
    what: &'static str,
    space: &Dynamic,
    pieces: &Dynamic,
    options: &Map,
    keep: bool,
) -> Result<Outcome, Box<EvalAltResult>> {
    let space = to_space(what, space)?;
    let (options, copies, out) = to_options(ctx, what, options, false)?;
    let pieces: Vec<Solid> = to_solids(what, pieces)?
        .iter()
        .flat_map(|p| std::iter::repeat_n(p.clone(), copies))
        .collect();
    let (shard, job_options) = (options.shard, options.clone());
    let outcome = run_search(
        &*crate::script::host::host(ctx),
        what,
        options,
        keep,
        |o, m| polyomino::solve_solid(&space, &pieces, o, m),
    )?;
    let job = || {
        let drawn = pieces.iter().map(|p| (p.name.as_str(), p.drawing()));
        count_job(what, space.to_string(), drawn, &job_options)
    };
    write_count(what, out, shard, job, &outcome)?;
    Ok(outcome)
}

/// Each layer framed, side by side.
fn frame_layers(p: &Packing, style: Style, colour: bool) -> Result<String, Box<EvalAltResult>> {
    let layers: Vec<Vec<String>> = (0..p.dims()[0])
        .map(|l| {
            p.layer_board(l)
                .map(|b| frame(&b, style, colour).lines().map(String::from).collect())
                .ok_or_else(|| {
                    error("frame: a layer is larger than 32x32: print the packing instead")
                })
        })
        .collect::<Result<_, _>>()?;
    let height = layers.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = layers
        .iter()
        .map(|l| l.first().map_or(0, |r| r.chars().count()))
        .collect();
    let mut out = Vec::with_capacity(height);
    for r in 0..height {
        let row: Vec<String> = layers
            .iter()
            .zip(&widths)
            .map(|(l, &w)| match l.get(r) {
                Some(line) => line.clone(),
                None => " ".repeat(w),
            })
            .collect();
        out.push(row.join("  ").trim_end().to_string());
    }
    Ok(out.join("\n"))
}

#[export_module(manifest)]
pub mod api {
    use super::*;

    /// A box to fill with solid pieces: cells in layers, holes allowed.
    pub type Space = polyomino::Space;

    /// A full box `x` cells wide, `y` deep and `z` high.
    ///
    /// It has z layers of y rows of x cells.
    ///
    /// Example: `count_polycube(cuboid(3, 3, 3), "soma")` is 240.
    #[rhai_fn(return_raw)]
    pub fn cuboid(x: i64, y: i64, z: i64) -> Result<Space, Box<EvalAltResult>> {
        Space::cuboid(x, y, z).map_err(|e| error(format!("cuboid: {e}")))
    }

    /// A box drawn by layers: `.` a cell, `#` a hole, `/` between rows, `|` between layers.
    ///
    /// Example: `space("../..|.#/..")` is two 2×2 layers, the upper one
    /// with a hole.
    #[rhai_fn(return_raw)]
    pub fn space(text: &str) -> Result<Space, Box<EvalAltResult>> {
        Space::parse(text).map_err(|e| error(format!("space: {e}")))
    }

    /// A box from an array of layer drawings, bottom layer first.
    #[rhai_fn(name = "space", return_raw)]
    pub fn space_layers(layers: Array) -> Result<Space, Box<EvalAltResult>> {
        let layers: Vec<String> = layers.iter().map(|l| l.to_string()).collect();
        Space::parse_layers(&layers).map_err(|e| error(format!("space: {e}")))
    }

    /// Number of cells to fill in the box.
    #[rhai_fn(pure)]
    pub fn volume(space: &mut Space) -> i64 {
        space.volume() as i64
    }

    /// How many of the 48 turns and flips of space map the box onto itself.
    ///
    /// 48 for a cube, 8 for a box with three different sides.
    #[rhai_fn(pure, name = "symmetries")]
    pub fn space_symmetries(space: &mut Space) -> i64 {
        space.symmetries() as i64
    }

    /// The box as its layers side by side: `.` cells, `#` holes.
    #[rhai_fn(pure, global, name = "to_string")]
    pub fn space_to_string(space: &mut Space) -> String {
        space.to_string()
    }

    /// The box as layers in one line.
    #[rhai_fn(pure, global, name = "to_debug")]
    pub fn space_to_debug(space: &mut Space) -> String {
        let [layers, rows, cols] = space.dims();
        format!(
            "space({layers} layers of {rows}x{cols}, {} cells)",
            space.volume()
        )
    }

    /// The names and drawings (layers side by side) of a solid piece list.
    ///
    /// Example: `polycube_pieces("soma").len()` is 7.
    #[rhai_fn(return_raw)]
    pub fn polycube_pieces(pieces: Dynamic) -> Result<Array, Box<EvalAltResult>> {
        let list = to_solids("polycube_pieces", &pieces)?;
        Ok(list
            .iter()
            .map(|p| Dynamic::from(format!("{}\n{}", p.name, p.drawing())))
            .collect())
    }

    /// Count the ways to fill a box with solid pieces, one per symmetry class.
    ///
    /// Pieces turn freely in space. Classes are under the box's rotations
    /// and reflections (a reflection swaps mirror-image pieces, such as
    /// Soma's A and B). `pieces`: "soma", "bedlam" (the Bedlam cube's 13
    /// pieces: 19,186 ways to fill cuboid(4, 4, 4)), "pentominoes" (as
    /// solids), letters, or an array of names and drawings by layers
    /// ("XX/X.|X./.."). Ctrl+C stops with an error saying how far the count
    /// got.
    #[rhai_fn(return_raw)]
    pub fn count_polycube(
        ctx: NativeCallContext,
        space: Dynamic,
        pieces: Dynamic,
    ) -> Result<i64, Box<EvalAltResult>> {
        count_polycube_with(ctx, space, pieces, Map::new())
    }

    /// Count packings of a box with options: raw, limit, copies, threads, random, seed, shard, out.
    ///
    /// As for `count_polyomino`: `out: FILE` writes the count, `shard:
    /// "K/N"` counts shard K of N (the part `OUT.K-of-N` with `out`).
    ///
    /// Example: `count_polycube(cuboid(3, 3, 3), "soma", #{raw: true})` is 11520.
    #[rhai_fn(name = "count_polycube", return_raw)]
    pub fn count_polycube_with(
        ctx: NativeCallContext,
        space: Dynamic,
        pieces: Dynamic,
        options: Map,
    ) -> Result<i64, Box<EvalAltResult>> {
        run(&ctx, "count_polycube", &space, &pieces, &options, false)
            .map(|o| o.count.min(i64::MAX as u64) as i64)
    }

    /// Every packing of a box with solid pieces, one per symmetry class.
    ///
    /// A packing prints as its layers side by side (bottom first); `frame`
    /// draws each layer framed. At most 10000 are kept without a `limit`.
    /// A box no packing fills gives an empty list: check it before `[0]`.
    ///
    /// Example: `let s = solve_polycube(cuboid(1, 3, 9), "soma"); if s.is_empty() { print("none") } else { print(frame(s[0])) }`
    #[rhai_fn(return_raw)]
    pub fn solve_polycube(
        ctx: NativeCallContext,
        space: Dynamic,
        pieces: Dynamic,
    ) -> Result<Array, Box<EvalAltResult>> {
        solve_polycube_with(ctx, space, pieces, Map::new())
    }

    /// Packings of a box with options: limit, raw, copies, threads, random, seed.
    ///
    /// Example: `let s = solve_polycube(cuboid(3, 3, 3), "soma", #{limit: 1}); if s.is_empty() { print("none") } else { print(frame(s[0])) }`
    #[rhai_fn(name = "solve_polycube", return_raw)]
    pub fn solve_polycube_with(
        ctx: NativeCallContext,
        space: Dynamic,
        pieces: Dynamic,
        options: Map,
    ) -> Result<Array, Box<EvalAltResult>> {
        let out = run(&ctx, "solve_polycube", &space, &pieces, &options, true)?;
        Ok(out.solutions.into_iter().map(Dynamic::from).collect())
    }

    /// A packing's layers, each drawn with lines round its pieces, side by side.
    ///
    /// Returns the drawing as text: the prompt shows it, a script prints it,
    /// `print(frame(p))`.
    #[rhai_fn(name = "frame", return_raw)]
    pub fn frame_packing(ctx: NativeCallContext, p: Packing) -> Result<String, Box<EvalAltResult>> {
        let colour = crate::script::host::host(&ctx).colour();
        frame_layers(&p, Style::Ascii, colour)
    }

    /// A packing's framed layers in a style (`"ascii"` or `"unicode"`), colour on or off.
    ///
    /// Returns the drawing as text: the prompt shows it, a script prints it,
    /// `print(frame(p, "unicode", false))`.
    #[rhai_fn(name = "frame", return_raw)]
    pub fn frame_packing_style(
        p: Packing,
        style: &str,
        colour: bool,
    ) -> Result<String, Box<EvalAltResult>> {
        let style = Style::parse(style).ok_or_else(|| {
            error(format!(
                "frame: style {style:?} is unknown: use \"ascii\" or \"unicode\""
            ))
        })?;
        frame_layers(&p, style, colour)
    }
}
