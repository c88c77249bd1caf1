//! Script functions of the solver domain: the fast solver on one grid, and
//! puzzle files (read, solve all on every core, write).

use rhai::Module;
use rhai::plugin::*;

/// The solver functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

#[export_module(manifest)]
pub mod api {
    use std::path::Path;

    use rhai::{Array, Map};

    use super::files::{error_strings, read, read_each};
    use crate::script::error;
    use crate::script::host::{host, monitor};
    use crate::sudoku::Grid;
    use crate::sudoku::file_solve;
    use crate::sudoku::formats::{self, Format, Record};
    use crate::sudoku::solver;

    /// A record as a script value: its grid, or a pencil-mark line's
    /// candidates.
    fn puzzle_value(r: formats::Record) -> Dynamic {
        match r.marks {
            Some(m) => Dynamic::from(
                crate::sudoku::human::CandidateGrid::from_pencil_masks(&m).candidates(),
            ),
            None => Dynamic::from(r.grid),
        }
    }

    fn invalid(what: &str, e: solver::InvalidGrid) -> Box<EvalAltResult> {
        error(format!("{what}: {e}"))
    }

    /// The first solution of the grid, or () when it has none.
    ///
    /// A grid whose clues break the rules is an error, not searched.
    /// Example: `solve(ym)`
    #[rhai_fn(pure, return_raw)]
    pub fn solve(g: &mut Grid) -> Result<Dynamic, Box<EvalAltResult>> {
        match solver::solve(g) {
            Ok(Some(s)) => Ok(Dynamic::from(s)),
            Ok(None) => Ok(Dynamic::UNIT),
            Err(e) => Err(invalid("solve", e)),
        }
    }

    /// Number of solutions of the grid, counting no further than `limit`.
    ///
    /// Example: `count_solutions(clark, 100)` (Ctrl+C stops a long count)
    #[rhai_fn(pure, return_raw)]
    pub fn count_solutions(
        ctx: NativeCallContext,
        g: &mut Grid,
        limit: i64,
    ) -> Result<i64, Box<EvalAltResult>> {
        if limit < 1 {
            return Err(error(format!(
                "count_solutions: limit {limit} is too small: count up to 1 or more"
            )));
        }
        let monitor = monitor(&ctx);
        let c = solver::count_solutions_with(g, limit as u64, Some(&*monitor))
            .map_err(|e| invalid("count_solutions", e))?;
        drop(monitor);
        if c.stopped {
            return Err(crate::script::host::stopped(
                &ctx,
                format!(
                    "in count_solutions after {} solutions: the count is partial",
                    c.solutions
                ),
            ));
        }
        Ok(c.solutions as i64)
    }

    /// True when the grid has exactly one solution.
    #[rhai_fn(pure, return_raw)]
    pub fn is_unique(g: &mut Grid) -> Result<bool, Box<EvalAltResult>> {
        solver::is_unique(g).map_err(|e| invalid("is_unique", e))
    }

    /// How hard the grid is, as a map (solutions, guesses, technique, level, placed).
    ///
    /// `solutions` is 0, 1 or 2 (meaning two or more); `guesses` the branch
    /// points the solver needed; `technique` the hardest human technique
    /// needed (`guessing` when logic gets stuck); `level` a word for it;
    /// `placed` the cells logic fills in. `er`, `ep`, `ed` are Sudoku
    /// Explainer's rating as `se_rate` gives it, `()` when not known here
    /// (then `er_at_least` and `unknown` say what is known and why).
    #[rhai_fn(pure, return_raw)]
    pub fn rate(g: &mut Grid) -> Result<Map, Box<EvalAltResult>> {
        let c = solver::count_solutions(g, 2).map_err(|e| invalid("rate", e))?;
        let h = solver::rate::rate_human(g);
        let mut m = Map::new();
        m.insert("solutions".into(), Dynamic::from(c.solutions as i64));
        m.insert("guesses".into(), Dynamic::from(c.guesses as i64));
        m.insert(
            "technique".into(),
            Dynamic::from(h.hardest.name().to_string()),
        );
        m.insert("level".into(), Dynamic::from(h.hardest.level().to_string()));
        m.insert("placed".into(), Dynamic::from(h.placed as i64));
        crate::script::human::add_se_fields(g, &mut m);
        Ok(m)
    }

    /// The puzzles of a file as an array of grids (bad lines skipped with a warning).
    ///
    /// Each skipped line is named in a warning as file:line (the first
    /// 1000, then how many more). The file is read as a stream: a line
    /// longer than 64 KiB is a bad line, a file whose first 1000 lines hold
    /// no puzzle is not read on, and Ctrl+C stops the reading with a
    /// `stopped (Ctrl+C)` error.
    ///
    /// Lines may be 81 cells, `name<TAB>cells`, or CSV `puzzle,solution`;
    /// `#` comments and blank lines are skipped. A line of 729 characters
    /// (or `name<TAB>` and one) is Sukaku Explainer's pencil-mark line (see
    /// `line(g, c)`) and becomes Candidates, its filled cells without
    /// candidates as in `free`: a file may mix both, line by line, and
    /// `rate`, `se_rate`, `hint` and `explain` take either. A pencil-mark
    /// line with a cell of nine `.` is a bad line naming the cell. Use
    /// `read_file` to get the names, line numbers and errors too.
    #[rhai_fn(return_raw)]
    pub fn read_puzzles(ctx: NativeCallContext, path: &str) -> Result<Array, Box<EvalAltResult>> {
        // The grids go straight into the array: no list of records first.
        let mut grids = Array::new();
        let c = read_each(&ctx, "read_puzzles", path, |r| grids.push(puzzle_value(r)))?;
        let host = host(&ctx);
        for e in error_strings(&c.errors) {
            host.note(&format!("warning: {e}"));
        }
        Ok(grids)
    }

    /// A puzzle file in full, as a map (puzzles, names, lines, errors).
    ///
    /// `puzzles` are grids (Candidates for a pencil-mark line, as
    /// `read_puzzles` reads them), `names` strings (`""` when none), `lines` line
    /// numbers, and `errors` one string per bad line (the first 1000, then
    /// `... and N more bad lines`). Names written by `write_puzzles` read
    /// back as they were (see its escapes). Read as a stream, as
    /// `read_puzzles` is; Ctrl+C stops it with a `stopped (Ctrl+C)` error.
    #[rhai_fn(return_raw)]
    pub fn read_file(ctx: NativeCallContext, path: &str) -> Result<Map, Box<EvalAltResult>> {
        let c = read(&ctx, "read_file", path)?;
        let mut m = Map::new();
        let (mut grids, mut names, mut lines) = (Array::new(), Array::new(), Array::new());
        let errors = error_strings(&c.errors);
        for r in c.records {
            names.push(Dynamic::from(r.name.clone().unwrap_or_default()));
            lines.push(Dynamic::from(r.line as i64));
            grids.push(puzzle_value(r));
        }
        m.insert("puzzles".into(), Dynamic::from(grids));
        m.insert("names".into(), Dynamic::from(names));
        m.insert("lines".into(), Dynamic::from(lines));
        m.insert("errors".into(), Dynamic::from(errors));
        Ok(m)
    }

    /// Solves every puzzle of a file on all cores and returns a summary map.
    ///
    /// Same as `solve_file(path, #{})`.
    #[rhai_fn(name = "solve_file", return_raw)]
    pub fn solve_file_default(
        ctx: NativeCallContext,
        path: &str,
    ) -> Result<Map, Box<EvalAltResult>> {
        solve_file(ctx, path, Map::new())
    }

    /// Solves every puzzle of a file (each counted to two) with options; returns a summary map.
    ///
    /// The map holds puzzles, solved, unique, multiple, invalid, unsolvable,
    /// errors (bad lines), seconds, puzzles_per_s, stopped.
    ///
    /// Options: `threads` (0 = all cores, the default), `out` (a file to
    /// write puzzles with their solutions to), `format` (`lines`, `named`,
    /// `csv` or `json`; by default from the out file's extension). In the
    /// `lines` format each line is the solution (the puzzle when it has
    /// none). The file is read as a stream (any size); `out` may not be the
    /// input, and replaces its old contents only when the whole file was
    /// solved (it must be a regular file or a new one: a device such as
    /// `/dev/null`, a FIFO or a folder is refused, as by `write_puzzles`). Shows progress on a terminal; Ctrl+C stops and returns the
    /// counts of the puzzles finished with `stopped: true` (and writes no
    /// `out`), with a note that the summary is partial.
    /// `shard: "K/N"` (or `puzzlelab --shard K/N`) solves every N-th
    /// puzzle, starting with the K-th, and writes the part `OUT.K-of-N`
    /// for `merge_shards`; the counts are the shard's (`file_puzzles`: the
    /// whole file's, when not stopped), `errors` every bad line of the file.
    /// Example: `solve_file("top1465.txt", #{threads: 1})`
    #[rhai_fn(name = "solve_file", return_raw)]
    pub fn solve_file(
        ctx: NativeCallContext,
        path: &str,
        options: Map,
    ) -> Result<Map, Box<EvalAltResult>> {
        let mut options = crate::script::options::Options::new(
            "solve_file",
            options,
            &["threads", "out", "format", "shard"],
        )?;
        let shard = crate::script::shard::shard_of(&ctx, "solve_file", &mut options)?;
        // 0 = all cores.
        let threads = options.threads()?;
        let out = options.string("out")?;
        let format = match options.string("format")? {
            None => None,
            Some(name) => Some(Format::from_name(&name).ok_or_else(|| {
                error(format!(
                    "solve_file: unknown format {name:?}: use lines, named, csv or json"
                ))
            })?),
        };
        if out.is_none() && format.is_some() {
            return Err(error(
                "solve_file: option format says how to write out, and out (the file to write) is not given",
            ));
        }
        let out = out.map(|out| {
            let format = format.unwrap_or_else(|| Format::from_path(Path::new(&out)));
            file_solve::Output {
                path: out.into(),
                format,
            }
        });
        let monitor = monitor(&ctx);
        let b =
            file_solve::solve_file_shard(Path::new(path), out.as_ref(), shard, threads, &*monitor)
                .map_err(|e| error(format!("solve_file: {e}")))?;
        drop(monitor);
        let mut m = Map::new();
        let int = |n: usize| Dynamic::from(n as i64);
        m.insert("puzzles".into(), int(b.puzzles));
        m.insert("solved".into(), int(b.solved));
        m.insert("unique".into(), int(b.unique));
        m.insert("multiple".into(), int(b.multiple));
        m.insert("invalid".into(), int(b.invalid));
        m.insert("unsolvable".into(), int(b.unsolvable));
        m.insert("errors".into(), Dynamic::from(error_strings(&b.errors)));
        m.insert("seconds".into(), Dynamic::from(b.seconds));
        let rate = b.done as f64 / b.seconds.max(1e-9);
        m.insert("puzzles_per_s".into(), Dynamic::from(rate.round() as i64));
        m.insert("stopped".into(), Dynamic::from(b.stopped));
        if !shard.is_whole() {
            m.insert("shard".into(), shard.to_string().into());
            // The whole file's count is known only once it was read to its end.
            if !b.stopped {
                m.insert("file_puzzles".into(), int(b.file_puzzles));
            }
            if let Some(o) = &out {
                let part = shard.part_path(&o.path).display().to_string();
                m.insert("part".into(), part.into());
            }
        }
        if b.stopped {
            // The summary says it is partial, and so does a note: a figure
            // taken from it (`.unique`) would look complete. The interrupt
            // is consumed.
            let host = crate::script::host::host(&ctx);
            host.take_cancel();
            crate::script::host::note_partial(
                &*host,
                format!("in solve_file after {} puzzles", b.done),
            );
        }
        Ok(m)
    }

    /// Writes grids to a file, one per line, in the format its extension names.
    ///
    /// `.csv` (RFC 4180, columns `name,puzzle,solution`), `.json`, `.tsv`
    /// for `name<TAB>cells`, otherwise lines (the puzzles only). What is
    /// written reads back as written with `read_file`. The file is written
    /// whole through a temporary file renamed into place, keeping an old
    /// file's permissions; a path that exists and is not a regular file (a
    /// device such as `/dev/null`, a FIFO, a folder) is refused.
    #[rhai_fn(name = "write_puzzles", return_raw)]
    pub fn write_puzzles(path: &str, grids: Array) -> Result<(), Box<EvalAltResult>> {
        write_puzzles_as(path, grids, Format::from_path(Path::new(path)))
    }

    /// Writes grids to a file in the named format: `lines`, `named`, `csv`
    /// or `json` (see `write_puzzles(path, grids)`).
    #[rhai_fn(name = "write_puzzles", return_raw)]
    pub fn write_puzzles_format(
        path: &str,
        grids: Array,
        format: &str,
    ) -> Result<(), Box<EvalAltResult>> {
        let f = Format::from_name(format).ok_or_else(|| {
            error(format!(
                "write_puzzles: unknown format {format:?}: use lines, named, csv or json"
            ))
        })?;
        write_puzzles_as(path, grids, f)
    }

    /// Writes the puzzles of a `read_file` map, keeping their names and line numbers.
    ///
    /// The format follows the extension, as for an array of grids; JSON
    /// then says which line of the original file each puzzle came from.
    /// The lines format keeps only the puzzles. In the named and CSV forms
    /// a name is escaped so that any name stays on its line and reads back
    /// as it was: `\\` a backslash, `\t` TAB, `\n` line feed, `\r`
    /// carriage return, and `\u{HEX}` any other control character, white
    /// space at the name's start or end, and a `#` or byte-order mark that
    /// starts it (`read_file`
    /// undoes these; other backslashes stay). A name longer than 4096 bytes
    /// once escaped is refused, and nothing is written.
    /// Example: `write_puzzles("top95.json", read_file("scripts/data/top95.txt"))`
    #[rhai_fn(name = "write_puzzles", return_raw)]
    pub fn write_puzzles_file(path: &str, file: Map) -> Result<(), Box<EvalAltResult>> {
        let list = |key: &str| -> Result<Array, Box<EvalAltResult>> {
            file.get(key)
                .and_then(|v| v.clone().try_cast::<Array>())
                .ok_or_else(|| {
                    error(format!(
                        "write_puzzles: the map needs {key} (as read_file gives): an array"
                    ))
                })
        };
        let (grids, names, lines) = (list("puzzles")?, list("names")?, list("lines")?);
        let mut records = Vec::with_capacity(grids.len());
        for (i, v) in grids.into_iter().enumerate() {
            let type_name = v.type_name();
            let g = v.try_cast::<Grid>().ok_or_else(|| {
                error(format!(
                    "write_puzzles: puzzles[{i}] is a {type_name}, not a grid"
                ))
            })?;
            let name = names
                .get(i)
                .and_then(|n| n.clone().into_string().ok())
                .filter(|n| !n.is_empty());
            let line = lines.get(i).and_then(|n| n.as_int().ok()).unwrap_or(0);
            records.push(Record {
                name,
                line: line.max(0) as usize,
                ..Record::new(g)
            });
        }
        let f = Format::from_path(Path::new(path));
        formats::write_file(path, &records, f).map_err(|e| error(format!("write_puzzles: {e}")))
    }

    fn write_puzzles_as(path: &str, grids: Array, f: Format) -> Result<(), Box<EvalAltResult>> {
        let mut records = Vec::with_capacity(grids.len());
        for (i, v) in grids.into_iter().enumerate() {
            let type_name = v.type_name();
            let g = v.try_cast::<Grid>().ok_or_else(|| {
                error(format!(
                    "write_puzzles: item {i} is a {type_name}, not a grid"
                ))
            })?;
            records.push(Record::new(g));
        }
        formats::write_file(path, &records, f).map_err(|e| error(format!("write_puzzles: {e}")))
    }
}

/// Reading puzzle files for the functions above.
mod files {
    use rhai::{Array, Dynamic, EvalAltResult, NativeCallContext};

    use crate::reading::ErrorList;
    use crate::script::error;
    use crate::script::host::monitor;
    use crate::sudoku::formats;

    /// The puzzles of `path` for the script function `function`: read as a
    /// stream that Ctrl+C (or the memory budget) stops with the rule's error;
    /// a file without one puzzle is an error saying why.
    pub fn read(
        ctx: &NativeCallContext,
        function: &str,
        path: &str,
    ) -> Result<formats::Collection, Box<EvalAltResult>> {
        let mut records = Vec::new();
        let mut c = read_each(ctx, function, path, |r| records.push(r))?;
        c.records = records;
        Ok(c)
    }

    /// [`read`] handing each good record to `take` as it is read (the
    /// collection returned has its errors and counts, no records).
    pub fn read_each(
        ctx: &NativeCallContext,
        function: &str,
        path: &str,
        mut take: impl FnMut(formats::Record),
    ) -> Result<formats::Collection, Box<EvalAltResult>> {
        let monitor = monitor(ctx);
        let mut puzzles = 0usize;
        let c = formats::read_file_each(path, &*monitor, |r| {
            puzzles += 1;
            take(r)
        });
        drop(monitor);
        if c.stopped {
            return Err(crate::script::host::stopped(
                ctx,
                format!(
                    "in {function} after {} lines of {path} ({puzzles} puzzles): no puzzles returned",
                    c.lines,
                ),
            ));
        }
        if puzzles == 0 {
            return Err(error(format!("{function}: {}", c.why_empty(path))));
        }
        Ok(c)
    }

    /// Bad lines as strings: the first ones kept, then how many more.
    pub fn error_strings(errors: &ErrorList<formats::FormatError>) -> Array {
        let mut out: Array = errors
            .iter()
            .map(|e| Dynamic::from(e.to_string()))
            .collect();
        if errors.more() > 0 {
            out.push(Dynamic::from(format!(
                "... and {} more bad lines",
                errors.more()
            )));
        }
        out
    }
}
