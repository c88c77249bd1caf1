//! Script functions for automatic polyomino packing: boards (`rect`,
//! `region`), piece lists, `count_polyomino` and `solve_polyomino`; the
//! option and outcome handling shared with `polycube`.

use rhai::plugin::*;
use rhai::{Array, Map, Module};

use crate::pentomino::{BitBoard, CharBoard};
use crate::polyomino::{self, Options, Outcome, Piece, PolyError, Region, Stopped};
use crate::script::error;

/// Packings `solve_polyomino` and `solve_polycube` keep without a `limit`.
pub const DEFAULT_CAP: u64 = 10_000;

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

/// The error for a set of solids given to a flat search.
fn solids_here(what: &str) -> Box<EvalAltResult> {
    error(format!(
        "{what}: the Soma pieces are solids: use count_polycube or solve_polycube with a box, e.g. count_polycube(cuboid(3, 3, 3), \"soma\")"
    ))
}

/// Pieces from a string (a set name or letters) or an array of names,
/// set names, drawings and shapes.
fn to_pieces(what: &str, pieces: &Dynamic) -> Result<Vec<Piece>, Box<EvalAltResult>> {
    let fail = |e: PolyError| error(format!("{what}: pieces: {e}"));
    if let Ok(text) = pieces.clone().into_immutable_string() {
        if polyomino::pieces::is_solid_set(&text) {
            return Err(solids_here(what));
        }
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
            if polyomino::pieces::is_solid_set(&text) {
                return Err(solids_here(what));
            }
            out.extend(polyomino::pieces_from_item(&text, i + 1).map_err(fail)?);
        } else if let Some(piece) = item.clone().try_cast::<Piece>() {
            out.push(piece);
        } else if let Some(shape) = item.clone().try_cast::<BitBoard>() {
            let cells: Vec<polyomino::Cell> =
                shape.cells().map(|(r, c)| (r as u16, c as u16)).collect();
            if cells.is_empty() {
                return Err(fail(PolyError::EmptyShape));
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
        return Err(fail(PolyError::NoPieces));
    }
    Ok(out)
}

/// Options from a map: `raw`, `one_sided` (flat boards only), `limit`,
/// `threads`, `random`, `seed`, and `copies` (each piece that many times;
/// returned apart as it is not a search option); for the counts also
/// `shard` (else the session's, see `script::shard`) and `out` (the file
/// the count goes to, returned apart).
pub(super) fn to_options(
    ctx: &NativeCallContext,
    what: &'static str,
    map: &Map,
    flat: bool,
) -> Result<(Options, usize, Option<String>), Box<EvalAltResult>> {
    let mut known: Vec<&str> = vec!["raw", "limit", "copies", "threads", "random", "seed"];
    if flat {
        known.insert(1, "one_sided");
    }
    let counting = what.starts_with("count_");
    if counting {
        known.extend(["shard", "out"]);
    }
    let mut read = crate::script::options::Options::new(what, map.clone(), &known)?;
    let mut o = Options::default();
    if let Some(raw) = read.bool("raw")? {
        o.raw = raw;
    }
    if let Some(one_sided) = read.bool("one_sided")? {
        o.one_sided = one_sided;
    }
    o.limit = read.int("limit", 0..=i64::MAX)?.map(|n| n as u64);
    // 0, as not given: one thread a core.
    o.threads = Some(read.threads()?).filter(|&n| n > 0);
    let copies = read.int("copies", 1..=1024)?.unwrap_or(1) as usize;
    let (seed, seed_given) = read.random_seed()?;
    o.seed = seed;
    let mut out = None;
    if counting {
        let unseeded = o.seed.is_some() && !seed_given;
        (o.shard, out) =
            crate::script::shard::count_shard_and_out(ctx, what, &mut read, o.limit, unseeded)?;
    }
    Ok((o, copies, out))
}

/// What a count's part says of its job: the function, the board, the
/// pieces (each name with its drawing on one line) and the options that
/// change the count or the order the work is dealt in.
pub(super) fn count_job<'a>(
    what: &str,
    board: String,
    pieces: impl IntoIterator<Item = (&'a str, String)>,
    o: &Options,
) -> serde_json::Map<String, serde_json::Value> {
    let pieces: Vec<String> = pieces
        .into_iter()
        .map(|(name, drawing)| format!("{name} {}", drawing.replace('\n', "/")))
        .collect();
    let mut job = serde_json::Map::new();
    job.insert("function".into(), what.into());
    job.insert("board".into(), board.into());
    job.insert("pieces".into(), pieces.into());
    job.insert("raw".into(), o.raw.into());
    job.insert("one_sided".into(), o.one_sided.into());
    job.insert("seed".into(), o.seed.into());
    job
}

/// Writes the count of `outcome` to `out` (a part for a shard), when asked.
pub(super) fn write_count(
    what: &str,
    out: Option<String>,
    shard: Option<crate::shard::Shard>,
    job: impl FnOnce() -> serde_json::Map<String, serde_json::Value>,
    outcome: &Outcome,
) -> Result<(), Box<EvalAltResult>> {
    let Some(out) = out else {
        return Ok(());
    };
    let shard = shard.unwrap_or(crate::shard::Shard::WHOLE);
    crate::shard::write_count(std::path::Path::new(&out), shard, job(), outcome.count)
        .map(|_| ())
        .map_err(|e| error(format!("{what}: {e}")))
}

/// Run a search through `search` with the script's rules: `limit: 0` is
/// nothing, a listing keeps at most [`DEFAULT_CAP`] packings without a
/// limit, and a stopped search is an error, never a plain partial result.
pub(super) fn run_search(
    host: &dyn crate::script::host::Host,
    what: &str,
    mut options: Options,
    keep: bool,
    search: impl FnOnce(&Options, &dyn crate::monitor::Monitor) -> Result<Outcome, PolyError>,
) -> Result<Outcome, Box<EvalAltResult>> {
    options.keep = keep;
    if options.limit == Some(0) {
        return Ok(Outcome::default());
    }
    let capped = keep && options.limit.is_none();
    if capped {
        options.limit = Some(DEFAULT_CAP + 1);
    }
    let monitor = crate::script::host::monitor_of(host);
    let out = search(&options, &*monitor).map_err(|e| error(format!("{what}: {e}")))?;
    // The progress line goes before any answer or error prints.
    drop(monitor);
    if out.stopped == Some(Stopped::Cancelled) {
        host.take_cancel();
        let (done, all) = out.branches;
        return Err(error(crate::script::host::stop_text(
            host,
            format!(
                "in {what} after {} packings, {done} of {all} top-level branches finished: the {} is partial",
                out.count,
                if keep { "list" } else { "count" }
            ),
        )));
    }
    if capped && out.solutions.len() as u64 > DEFAULT_CAP {
        return Err(error(format!(
            "{what}: more than {DEFAULT_CAP} packings: pass #{{limit: n}} to keep the first n (or count them with count_{})",
            what.trim_start_matches("solve_")
        )));
    }
    Ok(out)
}

fn run(
    ctx: &NativeCallContext,
    what: &'static str,
    board: &Dynamic,
    pieces: &Dynamic,
    options: &Map,
    keep: bool,
) -> Result<Outcome, Box<EvalAltResult>> {
    let region = to_region(what, board)?;
    let (options, copies, out) = to_options(ctx, what, options, true)?;
    let pieces: Vec<Piece> = to_pieces(what, pieces)?
        .iter()
        .flat_map(|p| std::iter::repeat_n(p.clone(), copies))
        .collect();
    let (shard, job_options) = (options.shard, options.clone());
    let outcome = run_search(
        &*crate::script::host::host(ctx),
        what,
        options,
        keep,
        |o, m| polyomino::solve(&region, &pieces, o, m),
    )?;
    let job = || {
        let drawn = pieces.iter().map(|p| (p.name.as_str(), p.drawing()));
        count_job(what, region.to_string(), drawn, &job_options)
    };
    write_count(what, out, shard, job, &outcome)?;
    Ok(outcome)
}

#[export_module(manifest)]
pub mod api {
    use super::*;

    /// A board to fill: cells inside a box, holes allowed.
    pub type Region = polyomino::Region;

    /// A packing: piece letters per cell (layers side by side for a box).
    pub type Packing = polyomino::Packing;

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
    #[rhai_fn(pure)]
    pub fn area(board: &mut Region) -> i64 {
        board.area() as i64
    }

    /// How many rotations and reflections map the board onto itself.
    ///
    /// 4 for a rectangle, 8 for a square, fewer for odd shapes.
    #[rhai_fn(pure)]
    pub fn symmetries(board: &mut Region) -> i64 {
        board.symmetries().len() as i64
    }

    /// The board as rows of `.` (cells) and `#` (holes).
    #[rhai_fn(pure, global, name = "to_string")]
    pub fn region_to_string(board: &mut Region) -> String {
        board.to_string()
    }

    /// The board as a `region("...")` expression that rebuilds it.
    #[rhai_fn(pure, global, name = "to_debug")]
    pub fn region_to_debug(board: &mut Region) -> String {
        format!("region({:?})", board.to_string().replace('\n', "/"))
    }

    /// The packing as rows of piece letters (`.` for holes).
    #[rhai_fn(pure, global, name = "to_string")]
    pub fn packing_to_string(p: &mut Packing) -> String {
        p.to_string()
    }

    /// The packing as rows of piece letters in one line, `/` between rows.
    #[rhai_fn(pure, global, name = "to_debug")]
    pub fn packing_to_debug(p: &mut Packing) -> String {
        format!("packing({:?})", p.lines().join("/"))
    }

    /// The names of the pieces in a packing, one per piece placed.
    ///
    /// Copies of one piece are numbered: `L4#1`, `L4#2`, ...
    #[rhai_fn(pure)]
    pub fn piece_names(p: &mut Packing) -> Array {
        p.names().iter().map(|n| Dynamic::from(n.clone())).collect()
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
    #[rhai_fn(pure, global, name = "to_string")]
    pub fn piece_to_string(p: &mut Piece) -> String {
        format!("{}\n{}", p.name, p.drawing())
    }

    /// The piece on one line: its name, then its rows joined by `/`.
    #[rhai_fn(pure, global, name = "to_debug")]
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
    /// name ("pentominoes", "tetrominoes", "hexominoes", "one-sided
    /// pentominoes", "one-sided tetrominoes"), or an array of names (`F'`
    /// is F's mirror image), drawings ("XX./.XX", "bar=XXX") and shapes; a
    /// piece listed twice is used twice. Ctrl+C stops with an error saying
    /// how far the count got.
    #[rhai_fn(return_raw)]
    pub fn count_polyomino(
        ctx: NativeCallContext,
        board: Dynamic,
        pieces: Dynamic,
    ) -> Result<i64, Box<EvalAltResult>> {
        count_polyomino_with(ctx, board, pieces, Map::new())
    }

    /// One exact-cover search written out, Knuth-style, for a tiny board: #{text, nodes, solutions}.
    ///
    /// At each level the open cell with the fewest options (pieces left
    /// that cover it on free cells), each option covered in turn and
    /// uncovered after, a packing when every cell is covered, a dead end
    /// when a cell has no option. `text` is that trace, one line per step,
    /// indented by level; `nodes` the options tried at each level (level 0
    /// first); `solutions` the packings found, every placement counted (as
    /// `raw: true`). Pieces as in `count_polyomino`; a piece listed twice
    /// is used twice, and equal pieces count as one kind. At most 64 open
    /// cells and 10,000 nodes: count larger boards.
    ///
    /// Example: `print(trace_polyomino(rect(2, 3), ["XX", "XX", "XX"]).text)`
    #[rhai_fn(return_raw)]
    pub fn trace_polyomino(board: Dynamic, pieces: Dynamic) -> Result<Map, Box<EvalAltResult>> {
        let what = "trace_polyomino";
        let region = to_region(what, &board)?;
        let pieces = to_pieces(what, &pieces)?;
        let t = crate::polyomino::trace::trace(&region, &pieces)
            .map_err(|e| error(format!("{what}: {e}")))?;
        let mut m = Map::new();
        m.insert("text".into(), Dynamic::from(t.lines.join("\n")));
        m.insert(
            "nodes".into(),
            Dynamic::from_array(t.nodes.iter().map(|&n| Dynamic::from(n as i64)).collect()),
        );
        m.insert("solutions".into(), Dynamic::from(t.solutions as i64));
        Ok(m)
    }

    /// Count packings with options: raw, one_sided, limit, copies, threads, random, seed, shard, out.
    ///
    /// `raw: true` counts every solution, `one_sided: true` forbids turning
    /// pieces over, `limit: n` stops at n, `copies: n` uses every listed
    /// piece n times, `threads: n` searches on n threads (default: all;
    /// the result is the same). `out: FILE` also writes the count to FILE
    /// (the number and a line end). `shard: "K/N"` (or `puzzlelab --shard
    /// K/N`) counts shard K of N: the placements tried right below the
    /// first piece, numbered across the search, are dealt round-robin, so
    /// the N shards' counts (raw or by class) add up to the whole count;
    /// with `out` it writes the part `OUT.K-of-N` for `merge_shards`.
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
    /// The packings are character boards, for `frame`; copies of a piece
    /// get different letters so `frame` separates them. Boards over 32×32
    /// come back as packings (rows of letters). At most 10000 are kept
    /// without a `limit`. Ctrl+C stops with an error. A board no packing
    /// fills gives an empty list: check it before taking `[0]`.
    ///
    /// Example: `let s = solve_polyomino(rect(2, 30), "pentominoes"); if s.is_empty() { print("none") } else { print(frame(s[0])) }`
    #[rhai_fn(return_raw)]
    pub fn solve_polyomino(
        ctx: NativeCallContext,
        board: Dynamic,
        pieces: Dynamic,
    ) -> Result<Array, Box<EvalAltResult>> {
        solve_polyomino_with(ctx, board, pieces, Map::new())
    }

    /// Packings with options: limit, raw, one_sided, copies, threads, random, seed.
    ///
    /// `limit: n` gives the first n, `raw: true` every solution (not one per
    /// symmetry class), `one_sided: true` no turning over, `copies: n` each
    /// piece n times, `random: true` (with `seed: n` to repeat) tries
    /// placements in a shuffled order for varied first packings.
    ///
    /// Example: `let s = solve_polyomino(rect(3, 20), "pentominoes", #{limit: 1}); if s.is_empty() { print("none") } else { print(frame(s[0])) }`
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_search_is_an_error_saying_how_far_it_got() {
        let stopped = |_: &Options, _: &dyn crate::monitor::Monitor| {
            Ok(Outcome {
                count: 57320,
                stopped: Some(Stopped::Cancelled),
                branches: (3, 8),
                ..Outcome::default()
            })
        };
        let host = crate::script::host::RecordingHost::default();
        host.cancel();
        let e =
            run_search(&host, "count_polyomino", Options::default(), false, stopped).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Runtime error: stopped (Ctrl+C) in count_polyomino after 57320 packings, 3 of 8 top-level branches finished: the count is partial"
        );
        // Consumed: the next statement starts clean.
        assert!(!crate::script::host::Host::cancelled(&host));
    }
}
