//! Script functions of the similarity domain: the Perl finder's keys, verdicts and
//! report, and the exact canonical form with transformations and grouping.

pub(super) mod groups;

use rhai::Module;
use rhai::plugin::*;

/// The similarity functions as a Rhai module (with `CanonGroups`'s).
pub fn module() -> Module {
    let mut m = exported_module!(api);
    m.combine_flatten(groups::module());
    extras(&mut m);
    m
}

/// The canonical groups' type name and iterator (not in the manifests).
pub(super) fn extras(m: &mut Module) {
    m.set_custom_type::<groups::CanonGroups>("CanonGroups");
    m.set_iterable::<groups::CanonGroups>();
}

#[export_module(manifest)]
pub mod api {
    use rhai::{Array, Map};

    use super::groups::{CanonGroups, groups, groups_of_file};
    use super::helpers::{digits, map_transform, named_list, read_source, report, transform_map};
    use crate::similarity as sim;
    use crate::sudoku::Grid;

    /// The Perl finder's block key: each block's sorted digits, the nine sorted and joined.
    ///
    /// Zeros are dropped, except that an empty block gives `0`.
    ///
    /// Example: `similarity_key(x)`
    #[rhai_fn(return_raw)]
    pub fn similarity_key(g: Grid) -> Result<String, Box<EvalAltResult>> {
        digits("similarity_key", &g)?;
        Ok(sim::block_key(&g))
    }

    /// The Perl finder's row information (行情報): the key made over rows.
    #[rhai_fn(return_raw)]
    pub fn row_key(g: Grid) -> Result<String, Box<EvalAltResult>> {
        digits("row_key", &g)?;
        Ok(sim::row_key(&g))
    }

    /// The Perl finder's column information (列情報): the key made over columns.
    #[rhai_fn(return_raw)]
    pub fn col_key(g: Grid) -> Result<String, Box<EvalAltResult>> {
        digits("col_key", &g)?;
        Ok(sim::col_key(&g))
    }

    /// The Perl finder's verdict on two puzzles, the first rule that applies.
    ///
    /// One of: "the same puzzle" (identical cells); "the same puzzle with
    /// blocks or rows exchanged" (equal row or equal column information);
    /// "the same puzzle with rows and columns exchanged" (one's rows are the
    /// other's columns); "similar but different". The Perl only asks this
    /// of puzzles with equal block keys; the rules are applied regardless.
    #[rhai_fn(return_raw)]
    pub fn verdict(a: Grid, b: Grid) -> Result<String, Box<EvalAltResult>> {
        digits("verdict", &a)?;
        digits("verdict", &b)?;
        Ok(sim::verdict(&a, &b).english().to_string())
    }

    /// The Perl finder's report over files or named puzzles.
    ///
    /// `sources`: an array of file names (`name<TAB>81 digits` per line, 0
    /// or . for empty; a line without a tab is named FILE:LINE), or an
    /// array of named puzzles, each `#{name: "..", grid: g}` or
    /// `["name", g]` (g a grid or its 81-character text). Groups of equal
    /// block keys are listed in order of first appearance, members in input
    /// order, verdicts for every pair in the Perl's order. English.
    ///
    /// Example: `print(similar_report(["SD1994.txt", "SD1995.txt"]))`
    ///
    /// Returns the report as text: a script prints it, `print(similar_report(files))`.
    #[rhai_fn(return_raw)]
    pub fn similar_report(
        ctx: NativeCallContext,
        sources: Array,
    ) -> Result<String, Box<EvalAltResult>> {
        report(&ctx, sources, Map::new())
    }

    /// The Perl finder's report with options `#{lang: "en" or "ja", details: bool}`.
    ///
    /// `lang: "ja"` prints the source's Japanese lines character for
    /// character; `details: false` leaves out each puzzle's key, cells, row
    /// and column information (the Perl's `$Debug = 0`); `limit` caps the
    /// pairs judged (100000 by default: past it the report is refused
    /// before any work, with the count). Ctrl+C stops it.
    ///
    /// Returns the report as text: a script prints it, `print(similar_report(files,
    /// options))`.
    #[rhai_fn(name = "similar_report", return_raw)]
    pub fn similar_report_with(
        ctx: NativeCallContext,
        sources: Array,
        options: Map,
    ) -> Result<String, Box<EvalAltResult>> {
        report(&ctx, sources, options)
    }

    /// The named puzzles of a file, as `#{name, grid}` maps.
    ///
    /// The first bad line is an error; Ctrl+C stops the reading with a
    /// `stopped (Ctrl+C)` error.
    #[rhai_fn(return_raw)]
    pub fn named_puzzles(ctx: NativeCallContext, path: &str) -> Result<Array, Box<EvalAltResult>> {
        let source = read_source(&ctx, "named_puzzles", path)?;
        Ok(source
            .puzzles
            .into_iter()
            .map(|p| {
                let mut m = Map::new();
                m.insert("name".into(), p.name.into());
                m.insert("grid".into(), Dynamic::from(p.grid));
                Dynamic::from(m)
            })
            .collect())
    }

    /// The exact canonical form (minlex) of a puzzle or grid under every symmetry.
    ///
    /// The smallest 81-character string over all rearrangements, digits
    /// renamed in order of first appearance, 0 for empty. Equal forms mean the same puzzle up to symmetry; works for puzzles
    /// and full grids.
    // By reference (`pure`: never changed): a variable passed in a loop is
    // not copied into a new value first.
    #[rhai_fn(pure, return_raw)]
    pub fn canon(g: &mut Grid) -> Result<Grid, Box<EvalAltResult>> {
        digits("canon", g)?;
        Ok(sim::canon(g))
    }

    /// A transformation taking `a` to `b` if they are the same puzzle, else `()`.
    ///
    /// The map: `#{transposed: bool, rows: [..], cols: [..], digits: [..]}`;
    /// after transposing `a` when `transposed`, new row i+1 is old row
    /// `rows[i]` and new column j+1 is old column `cols[j]` (1-based), and
    /// digit d becomes `digits[d-1]`. `apply_transform(a, t)` gives `b`.
    #[rhai_fn(return_raw)]
    pub fn equivalent(a: Grid, b: Grid) -> Result<Dynamic, Box<EvalAltResult>> {
        digits("equivalent", &a)?;
        digits("equivalent", &b)?;
        Ok(match sim::equivalent(&a, &b) {
            Some(t) => Dynamic::from(transform_map(&t)),
            None => Dynamic::UNIT,
        })
    }

    /// Apply a transformation map (as `equivalent` returns) to a grid.
    #[rhai_fn(return_raw)]
    pub fn apply_transform(g: Grid, transform: Map) -> Result<Grid, Box<EvalAltResult>> {
        let t = map_transform(&transform)?;
        Ok(t.apply(&g))
    }

    /// Group puzzles by canonical form, on all cores, with a progress line.
    ///
    /// Ctrl+C stops it with a `stopped (Ctrl+C)` error (no partial groups).
    ///
    /// `puzzles`: an array of grids (or their 81-character texts) or of
    /// named puzzles (see `similar_report`). Returns every group, singletons included, in order
    /// of first appearance, as a compact `CanonGroups` value used like an
    /// array (`len`, `g[i]`, `for`, `map`, `filter`, `to_array`) whose items
    /// are `#{form: grid, count: n, names: [..], indices: [..]}` maps
    /// (indices 0-based into the input; unnamed grids are named `#1`, `#2`,
    /// ...); it prints as "N puzzles in M groups".
    #[rhai_fn(return_raw)]
    pub fn canon_groups(
        ctx: NativeCallContext,
        puzzles: Array,
    ) -> Result<CanonGroups, Box<EvalAltResult>> {
        let named = named_list(puzzles, true)?;
        groups(&ctx, named, Map::new(), None)
    }

    /// Group puzzles by canonical form with options: `out`, `shard`, `threads`.
    ///
    /// `threads: n` works on n threads (0, the default: all cores; the
    /// groups are the same). `out: FILE` also writes the groups to FILE, one line per group in
    /// order of first appearance: `FORM<TAB>COUNT<TAB>INDICES<TAB>NAMES`
    /// (the form with 0 for empty, the 0-based indices joined by commas,
    /// then each name, escaped as the puzzle files escape names). `shard:
    /// "K/N"` (or `puzzlelab --shard K/N`) groups every N-th puzzle,
    /// starting with the K-th (indices still count in the whole input),
    /// and writes the part `OUT.K-of-N`; `merge_shards` joins the parts'
    /// groups into exactly the whole run's file.
    #[rhai_fn(name = "canon_groups", return_raw)]
    pub fn canon_groups_with(
        ctx: NativeCallContext,
        puzzles: Array,
        options: Map,
    ) -> Result<CanonGroups, Box<EvalAltResult>> {
        let named = named_list(puzzles, true)?;
        groups(&ctx, named, options, None)
    }

    /// Group the puzzles of a file by canonical form, on all cores.
    ///
    /// See `canon_groups(array)` for the result.
    ///
    /// Example: `canon_groups("tests/data/sudoku/royle_17clue_49151.txt").len()`
    #[rhai_fn(name = "canon_groups", return_raw)]
    pub fn canon_groups_file(
        ctx: NativeCallContext,
        path: &str,
    ) -> Result<CanonGroups, Box<EvalAltResult>> {
        groups_of_file(&ctx, path, Map::new())
    }

    /// Group the puzzles of a file by canonical form with options: `out`, `shard`, `threads`.
    ///
    /// See `canon_groups(array, options)`; `out` may not be the file read.
    ///
    /// Example: `canon_groups("p.txt", #{out: "groups.tsv", shard: "1/4"})`
    /// writes `groups.tsv.1-of-4`.
    #[rhai_fn(name = "canon_groups", return_raw)]
    pub fn canon_groups_file_with(
        ctx: NativeCallContext,
        path: &str,
        options: Map,
    ) -> Result<CanonGroups, Box<EvalAltResult>> {
        groups_of_file(&ctx, path, options)
    }
}

/// Conversions between script values and the domain's types.
mod helpers {
    use rhai::{Array, Dynamic, EvalAltResult, Map};

    use crate::script::error;
    use crate::similarity as sim;
    use crate::sudoku::Grid;

    /// The puzzles of a file for `function`, read as a stream that Ctrl+C
    /// (or the memory budget) stops with the rule's error.
    pub fn read_source(
        ctx: &rhai::NativeCallContext,
        function: &str,
        path: &str,
    ) -> Result<sim::Source, Box<EvalAltResult>> {
        let monitor = crate::script::host::monitor(ctx);
        let source = sim::read_file(std::path::Path::new(path), &*monitor);
        drop(monitor);
        source.map_err(|e| match e {
            sim::ReadError::Stopped { file, lines } => crate::script::host::stopped(
                ctx,
                format!("in {function} after {lines} lines of {file}: no puzzles read"),
            ),
            e => error(format!("{function}: {e}")),
        })
    }

    pub fn report(
        ctx: &rhai::NativeCallContext,
        sources: Array,
        options: Map,
    ) -> Result<String, Box<EvalAltResult>> {
        let mut opts = sim::ReportOptions::default();
        let mut options = crate::script::options::Options::new(
            "similar_report",
            options,
            &["lang", "details", "limit"],
        )?;
        if let Some(lang) = options.string("lang")? {
            opts.lang = match lang.as_str() {
                "en" => sim::Lang::English,
                "ja" => sim::Lang::Japanese,
                other => {
                    return Err(error(format!(
                        "similar_report: lang {other:?} is unknown: use \"en\" or \"ja\""
                    )));
                }
            }
        }
        if let Some(details) = options.bool("details")? {
            opts.details = details;
        }
        let limit = options
            .int("limit", 0..=i64::MAX)?
            .map_or(sim::DEFAULT_PAIR_LIMIT, |n| n as usize);
        let list: Vec<sim::Source> = if !sources.is_empty() && sources.iter().all(|s| s.is_string())
        {
            sources
                .iter()
                .map(|s| read_source(ctx, "similar_report", &s.to_string()))
                .collect::<Result<_, _>>()?
        } else {
            vec![sim::Source {
                label: "(puzzles given)".into(),
                puzzles: named_list(sources, false)?,
            }]
        };
        for p in list.iter().flat_map(|s| &s.puzzles) {
            digits("similar_report", &p.grid)?;
        }
        let monitor = crate::script::host::monitor(ctx);
        let report = sim::find_similar_bounded(&list, limit, &*monitor);
        drop(monitor);
        let report = report.map_err(|e| match e {
            sim::SimilarError::Stopped { judged, pairs } => crate::script::host::stopped(
                ctx,
                format!("in similar_report after judging {judged} of {pairs} pairs: no report"),
            ),
            e => error(format!("similar_report: {e}")),
        })?;
        Ok(sim::render(&report, opts))
    }

    /// Named puzzles from script values; plain grids allowed when `bare`.
    pub fn named_list(items: Array, bare: bool) -> Result<Vec<sim::Named>, Box<EvalAltResult>> {
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.into_iter().enumerate() {
            let bad = |what: &str| {
                error(format!(
                    "item {i}: {what}: expected #{{name: \"..\", grid: g}} or [\"name\", g]{}",
                    if bare {
                        " or a grid"
                    } else {
                        " (or an array of file names)"
                    }
                ))
            };
            let (name, grid) = if item.is::<Grid>() {
                if !bare {
                    return Err(bad("a grid without a name"));
                }
                (format!("#{}", i + 1), item.cast::<Grid>())
            } else if bare && item.is_string() {
                let g = Grid::parse(&item.to_string())
                    .map_err(|e| error(format!("item {i}: not a grid: {e}")))?;
                (format!("#{}", i + 1), g)
            } else if let Some(m) = item.clone().try_cast::<Map>() {
                let name = m.get("name").ok_or_else(|| bad("no name"))?.to_string();
                let g = m.get("grid").ok_or_else(|| bad("no grid"))?;
                (name, to_grid(g).map_err(|e| bad(&e))?)
            } else if let Some(a) = item.clone().try_cast::<Array>() {
                if a.len() != 2 {
                    return Err(bad("an array that is not [name, grid]"));
                }
                (a[0].to_string(), to_grid(&a[1]).map_err(|e| bad(&e))?)
            } else {
                return Err(bad(&format!("a {}", item.type_name())));
            };
            out.push(sim::Named { name, grid });
        }
        Ok(out)
    }

    pub fn to_grid(v: &Dynamic) -> Result<Grid, String> {
        if let Some(g) = v.clone().try_cast::<Grid>() {
            return Ok(g);
        }
        if v.is_string() {
            return Grid::parse(&v.to_string()).map_err(|e| e.to_string());
        }
        Err(format!("grid is a {}, not a grid or text", v.type_name()))
    }

    pub fn digits(what: &str, g: &Grid) -> Result<(), Box<EvalAltResult>> {
        if g.is_digits() {
            Ok(())
        } else {
            Err(error(format!(
                "{what}: the grid holds values above 9: it is not a puzzle"
            )))
        }
    }

    pub fn transform_map(t: &sim::Transform) -> Map {
        let mut m = Map::new();
        m.insert("transposed".into(), t.transposed.into());
        let lines = |l: &[u8; 9]| -> Array { l.iter().map(|&x| (x as i64 + 1).into()).collect() };
        m.insert("rows".into(), lines(&t.rows).into());
        m.insert("cols".into(), lines(&t.cols).into());
        let d: Array = t.digits[1..].iter().map(|&x| (x as i64).into()).collect();
        m.insert("digits".into(), d.into());
        m
    }

    pub fn map_transform(m: &Map) -> Result<sim::Transform, Box<EvalAltResult>> {
        // Only checked here: the keys are read below, where they are.
        crate::script::options::Options::new(
            "apply_transform",
            m.clone(),
            &["transposed", "rows", "cols", "digits"],
        )?;
        let bad = |what: String| error(format!("apply_transform: {what}"));
        let transposed = match m.get("transposed") {
            None => false,
            Some(v) => v
                .as_bool()
                .map_err(|_| bad("transposed must be true or false".into()))?,
        };
        let nine = |key: &str| -> Result<[u8; 9], Box<EvalAltResult>> {
            let Some(v) = m.get(key) else {
                return Ok(std::array::from_fn(|i| i as u8 + 1));
            };
            let a = v
                .clone()
                .try_cast::<Array>()
                .ok_or_else(|| bad(format!("{key} must be an array of 9 numbers")))?;
            if a.len() != 9 {
                return Err(bad(format!("{key} has {} entries, not 9", a.len())));
            }
            let mut out = [0u8; 9];
            for (k, x) in a.iter().enumerate() {
                let n = x
                    .as_int()
                    .map_err(|_| bad(format!("{key}[{k}] is not a number")))?;
                if !(1..=9).contains(&n) {
                    return Err(bad(format!("{key}[{k}] = {n} is outside 1..9")));
                }
                out[k] = n as u8;
            }
            Ok(out)
        };
        // Rows and columns are 1-based in the map, 0-based inside.
        let rows = nine("rows")?;
        let cols = nine("cols")?;
        let d = nine("digits")?;
        let mut digits = [0u8; 10];
        digits[1..].copy_from_slice(&d);
        let t = sim::Transform {
            transposed,
            rows: rows.map(|r| r - 1),
            cols: cols.map(|c| c - 1),
            digits,
        };
        t.validate().map_err(|e| bad(e.to_string()))?;
        Ok(t)
    }
}
