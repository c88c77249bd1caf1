//! Script functions for general exact cover (`exact_cover`,
//! `count_exact_cover`) and Knuth's dlx input (`read_dlx`, `parse_dlx`,
//! `write_dlx`). A problem is an array of options (arrays of item names,
//! `"item:colour"` for a coloured secondary item) with `secondary` in the
//! options map, or the map `read_dlx` returns: `primary`, `secondary`,
//! `options`.

use rhai::plugin::*;
use rhai::{Array, Map, Module};

use crate::script::error;
use crate::xcover::{self, CoverProblem, Outcome, StopCause};

/// Solutions `exact_cover` keeps without a `limit`.
const DEFAULT_CAP: u64 = 10_000;

/// The largest dlx file `read_dlx` reads (256 MiB).
const MAX_DLX: u64 = 256 << 20;

/// The exact cover functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

/// The strings of `value` (an array of strings), named `what` in errors.
fn strings(what: &str, value: Dynamic) -> Result<Vec<String>, Box<EvalAltResult>> {
    let kind = value.type_name();
    let array = value
        .try_cast::<Array>()
        .ok_or_else(|| error(format!("{what} must be an array of names, not a {kind}")))?;
    array
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            let kind = v.type_name();
            v.into_string()
                .map_err(|_| error(format!("{what}[{i}] is a {kind}, not a name")))
        })
        .collect()
}

/// The problem from `given` (an array of options, or a map as `read_dlx`
/// returns) and the `secondary` option.
fn to_problem(
    what: &str,
    given: Dynamic,
    secondary: Option<Dynamic>,
) -> Result<CoverProblem, Box<EvalAltResult>> {
    let (primary, secondary, options) = if given.is_map() {
        let mut map = given.cast::<Map>();
        if let Some(key) = map
            .keys()
            .find(|k| !["primary", "secondary", "options"].contains(&k.as_str()))
        {
            return Err(error(format!(
                "{what}: unknown key {:?} in the problem map; known: primary, secondary, options",
                key.as_str()
            )));
        }
        if secondary.is_some() {
            return Err(error(format!(
                "{what}: option secondary goes with an array of options; the problem map has its own"
            )));
        }
        let list = |map: &mut Map, key: &str| -> Result<Option<Vec<String>>, Box<EvalAltResult>> {
            map.remove(key)
                .map(|v| strings(&format!("{what}: {key}"), v))
                .transpose()
        };
        let primary = list(&mut map, "primary")?;
        let secondary = list(&mut map, "secondary")?.unwrap_or_default();
        let options = map
            .remove("options")
            .ok_or_else(|| error(format!("{what}: the problem map has no options")))?;
        (primary, secondary, options)
    } else {
        let secondary = secondary
            .map(|v| strings(&format!("{what}: option secondary"), v))
            .transpose()?
            .unwrap_or_default();
        (None, secondary, given)
    };
    let kind = options.type_name();
    let options = options.try_cast::<Array>().ok_or_else(|| {
        error(format!(
            "{what}: options must be an array of options (arrays of item names), not a {kind}"
        ))
    })?;
    let options = options
        .into_iter()
        .enumerate()
        .map(|(i, o)| strings(&format!("{what}: options[{i}]"), o))
        .collect::<Result<Vec<_>, _>>()?;
    CoverProblem::from_names(primary.as_deref(), &secondary, &options)
        .map_err(|e| error(format!("{what}: {e}")))
}

/// The problem as the map `read_dlx` returns.
fn to_map(p: &CoverProblem) -> Map {
    let names = |v: &[String]| -> Array { v.iter().map(|s| Dynamic::from(s.clone())).collect() };
    let mut m = Map::new();
    m.insert("primary".into(), names(&p.items[..p.primary]).into());
    m.insert("secondary".into(), names(p.secondary()).into());
    let options: Array = (0..p.options.len())
        .map(|i| names(&p.option_texts(i)).into())
        .collect();
    m.insert("options".into(), options.into());
    m
}

/// Reads the options map and runs the search: a listing keeps at most
/// [`DEFAULT_CAP`] solutions without a limit, and a stopped search is an
/// error, never a partial result that looks whole.
fn run(
    ctx: &NativeCallContext,
    what: &'static str,
    given: Dynamic,
    options: Map,
    keep: bool,
) -> Result<Outcome, Box<EvalAltResult>> {
    let mut known = vec!["secondary", "limit", "random", "seed"];
    if !keep {
        known.extend(["threads", "shard", "out"]);
    }
    let mut read = crate::script::options::Options::new(what, options, &known)?;
    let problem = to_problem(what, given, read.value("secondary"))?;
    let mut o = xcover::Options {
        keep,
        limit: read.int("limit", 0..=i64::MAX)?.map(|n| n as u64),
        ..Default::default()
    };
    let (seed, seed_given) = read.random_seed()?;
    o.seed = seed;
    let mut out_file = None;
    if !keep {
        o.threads = read.int("threads", 1..=1024)?.map(|n| n as usize);
        let unseeded = o.seed.is_some() && !seed_given;
        (o.shard, out_file) =
            crate::script::shard::count_shard_and_out(ctx, what, &mut read, o.limit, unseeded)?;
    }
    if o.limit == Some(0) {
        return Ok(Outcome::default());
    }
    let capped = keep && o.limit.is_none();
    if capped {
        o.limit = Some(DEFAULT_CAP + 1);
    }
    let host = crate::script::host::host(ctx);
    let monitor = crate::script::host::monitor_of(&*host);
    let result = xcover::solve(&problem, &o, &*monitor);
    // The progress line goes before any answer or error prints.
    drop(monitor);
    let outcome = result.map_err(|e| error(format!("{what}: {e}")))?;
    if outcome.stopped == Some(StopCause::Cancelled) {
        host.take_cancel();
        let (done, all) = outcome.branches;
        return Err(error(crate::script::host::stop_text(
            &*host,
            format!(
                "in {what} after {} solutions, {done} of {all} top-level branches finished: the {} is partial",
                outcome.count,
                if keep { "list" } else { "count" }
            ),
        )));
    }
    if capped && outcome.solutions.len() as u64 > DEFAULT_CAP {
        return Err(error(format!(
            "{what}: more than {DEFAULT_CAP} solutions: pass #{{limit: n}} to keep the first n (or count them with count_exact_cover)"
        )));
    }
    if let Some(out) = out_file {
        let shard = o.shard.unwrap_or(crate::shard::Shard::WHOLE);
        let mut job = serde_json::Map::new();
        job.insert("function".into(), what.into());
        job.insert("problem".into(), xcover::dlx::write(&problem).into());
        job.insert("seed".into(), o.seed.into());
        crate::shard::write_count(std::path::Path::new(&out), shard, job, outcome.count)
            .map_err(|e| error(format!("{what}: {e}")))?;
    }
    Ok(outcome)
}

#[export_module(manifest)]
pub mod api {
    use super::*;

    /// Every exact cover of the options: arrays of option indices, in order.
    ///
    /// `options`: an array of options, each an array of item names; every
    /// item an option names is primary (covered exactly once) unless the
    /// options map lists it in `secondary` (covered at most once). A
    /// secondary item may carry a colour, `"x:red"`: options that agree on
    /// its colour may share it (Knuth's dlx2). `options` may also be the
    /// map `read_dlx` returns. At most 10000 solutions are kept without a
    /// `limit`. Ctrl+C stops with an error.
    ///
    /// Example: `exact_cover([["a", "b"], ["c"], ["a"], ["b", "c"]])` is `[[0, 1], [2, 3]]`.
    #[rhai_fn(return_raw)]
    pub fn exact_cover(
        ctx: NativeCallContext,
        options: Dynamic,
    ) -> Result<Array, Box<EvalAltResult>> {
        exact_cover_with(ctx, options, Map::new())
    }

    /// Exact covers with options: secondary, limit, random, seed.
    ///
    /// `secondary: [names]` the items covered at most once (one no option
    /// uses is allowed), `limit: n` the first n solutions, `random: true`
    /// (with `seed: n` to repeat) tries options in a shuffled order.
    ///
    /// Example: `exact_cover([["q1", "d"], ["q2", "d"], ["q1"], ["q2"]], #{secondary: ["d"], limit: 2})`
    #[rhai_fn(name = "exact_cover", return_raw)]
    pub fn exact_cover_with(
        ctx: NativeCallContext,
        options: Dynamic,
        opts: Map,
    ) -> Result<Array, Box<EvalAltResult>> {
        let out = run(&ctx, "exact_cover", options, opts, true)?;
        Ok(out
            .solutions
            .into_iter()
            .map(|s| {
                let s: Array = s.into_iter().map(|i| Dynamic::from(i as i64)).collect();
                Dynamic::from(s)
            })
            .collect())
    }

    /// Count the exact covers of the options (see `exact_cover`).
    ///
    /// Counting keeps no solutions, so it goes far past what `exact_cover`
    /// lists. Ctrl+C stops with an error saying how far the count got.
    ///
    /// Example: `count_exact_cover([["a", "b"], ["c"], ["a"], ["b", "c"]])` is 2.
    #[rhai_fn(return_raw)]
    pub fn count_exact_cover(
        ctx: NativeCallContext,
        options: Dynamic,
    ) -> Result<i64, Box<EvalAltResult>> {
        count_exact_cover_with(ctx, options, Map::new())
    }

    /// Count exact covers with options: secondary, limit, threads, random, seed, shard, out.
    ///
    /// `secondary`, `limit`, `random`, `seed` as for `exact_cover`;
    /// `threads: n` counts on n threads (default: all; the count is the
    /// same). `shard: "K/N"` (or `puzzlelab --shard K/N`) counts shard K of
    /// N: the choices of the search's first two levels, numbered in
    /// order, are dealt round-robin, so the N shards' counts add up to the
    /// whole count; `out: FILE` writes the count to FILE, or for a shard
    /// the part `FILE.K-of-N` for `merge_shards`.
    ///
    /// Example: `count_exact_cover(read_dlx("queens8.dlx"), #{threads: 1})`
    #[rhai_fn(name = "count_exact_cover", return_raw)]
    pub fn count_exact_cover_with(
        ctx: NativeCallContext,
        options: Dynamic,
        opts: Map,
    ) -> Result<i64, Box<EvalAltResult>> {
        run(&ctx, "count_exact_cover", options, opts, false)
            .map(|o| o.count.min(i64::MAX as u64) as i64)
    }

    /// Exact cover input in Knuth's dlx1/dlx2 format, from its text.
    ///
    /// The first line that is not a comment (`|` first) lists the items,
    /// `|` before the secondary ones; each later line is an option, items
    /// between spaces, `item:colour` for a coloured secondary item. Returns
    /// a map (`primary`, `secondary`, `options`) that `exact_cover` and
    /// `count_exact_cover` take. A bad line is named as `<text>:LINE:COL`.
    ///
    /// Example: `count_exact_cover(parse_dlx("a b | x\na x\nb x\na b\n"))` is 1.
    #[rhai_fn(return_raw)]
    pub fn parse_dlx(ctx: NativeCallContext, text: &str) -> Result<Map, Box<EvalAltResult>> {
        parse(&ctx, "parse_dlx", text, "<text>")
    }

    /// Exact cover input in Knuth's dlx1/dlx2 format, from a file (see `parse_dlx`).
    ///
    /// Errors name the file, line and column.
    ///
    /// Example: `let p = read_dlx("queens8.dlx"); count_exact_cover(p)`
    #[rhai_fn(return_raw)]
    pub fn read_dlx(ctx: NativeCallContext, path: &str) -> Result<Map, Box<EvalAltResult>> {
        let text = crate::reading::read_text(std::path::Path::new(path), MAX_DLX)
            .map_err(|e| error(format!("read_dlx: {e:#}")))?;
        parse(&ctx, "read_dlx", &text, path)
    }

    /// Writes a problem in Knuth's dlx format (the reverse of `read_dlx`).
    ///
    /// `problem`: a map as `read_dlx` returns, or an array of options
    /// (all items primary). The file is replaced only when whole.
    ///
    /// Example: `write_dlx(parse_dlx("a b | x\na x\nb x\n"), "small.dlx")`
    #[rhai_fn(return_raw)]
    pub fn write_dlx(problem: Dynamic, path: &str) -> Result<(), Box<EvalAltResult>> {
        let p = to_problem("write_dlx", problem, None)?;
        crate::files::write_atomic(path, xcover::dlx::write(&p).as_bytes(), &[])
            .map(|_| ())
            .map_err(|e| error(format!("write_dlx: {e}")))
    }
}

/// Parses dlx text named `file` into the problem map.
fn parse(
    ctx: &NativeCallContext,
    what: &str,
    text: &str,
    file: &str,
) -> Result<Map, Box<EvalAltResult>> {
    let monitor = crate::script::host::monitor(ctx);
    let result = xcover::dlx::parse(text, file, &*monitor);
    drop(monitor);
    match result {
        Ok(p) => Ok(to_map(&p)),
        Err(xcover::dlx::DlxError::Stopped { line }) => Err(crate::script::host::stopped(
            ctx,
            format!("in {what} at line {line}: nothing read"),
        )),
        Err(e) => Err(error(format!("{what}: {e}"))),
    }
}
