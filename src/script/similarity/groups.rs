//! `canon_groups` and what it returns: a `CanonGroups` value, the compact
//! table of `similarity::table` behind a shared pointer, that scripts use
//! as an array of `#{form, count, names, indices}` maps (`len`, `g[i]`,
//! `for`, `map`, `filter`, `to_array`), each map made when asked for.

use std::sync::Arc;

use rhai::plugin::*;
use rhai::{Array, Map};

use crate::script::error;
use crate::similarity as sim;
use crate::sudoku::Grid;

/// Groups by canonical form, as `canon_groups` returns them.
#[derive(Clone)]
pub struct CanonGroups(Arc<sim::GroupTable>);

impl CanonGroups {
    /// Group `g` as the map scripts see: `#{form, count, names, indices}`.
    fn group(&self, g: usize) -> Map {
        let t = &self.0;
        let members = t.members(g);
        let mut m = Map::new();
        m.insert("form".into(), Dynamic::from(t.form(g)));
        m.insert("count".into(), (members.len() as i64).into());
        let indices: Array = members.iter().map(|&(i, _)| (i as i64).into()).collect();
        let names: Array = members.into_iter().map(|(_, n)| n.into()).collect();
        m.insert("names".into(), names.into());
        m.insert("indices".into(), indices.into());
        m
    }

    /// Every group as a map, in order.
    fn to_array(&self) -> Array {
        (0..self.0.len()).map(|g| self.group(g).into()).collect()
    }

    /// "N puzzles in M groups".
    fn summary(&self) -> String {
        let plural = |n: usize, word: &str| {
            if n == 1 {
                format!("1 {word}")
            } else {
                format!("{n} {word}s")
            }
        };
        format!(
            "{} in {}",
            plural(self.0.puzzles(), "puzzle"),
            plural(self.0.len(), "group")
        )
    }
}

/// The groups one by one, as maps (what `for g in groups` walks).
pub struct Groups {
    groups: CanonGroups,
    at: usize,
}

impl Iterator for Groups {
    type Item = Map;
    fn next(&mut self) -> Option<Map> {
        (self.at < self.groups.0.len()).then(|| {
            self.at += 1;
            self.groups.group(self.at - 1)
        })
    }
}

impl IntoIterator for CanonGroups {
    type Item = Map;
    type IntoIter = Groups;
    fn into_iter(self) -> Groups {
        Groups {
            groups: self,
            at: 0,
        }
    }
}

/// The `CanonGroups` functions (its type name and iterator are set by
/// the module they join: a flattened module's are not carried over).
pub fn module() -> Module {
    exported_module!(api)
}

#[export_module(manifest)]
pub mod api {
    use super::{Array, CanonGroups, Map};
    use rhai::FnPtr;

    /// The number of groups (of puzzles equal up to symmetry).
    #[rhai_fn(global, pure, name = "len")]
    pub fn len(groups: &mut CanonGroups) -> i64 {
        groups.0.len() as i64
    }

    /// True when there are no groups (nothing was grouped).
    #[rhai_fn(global, pure, name = "is_empty")]
    pub fn is_empty(groups: &mut CanonGroups) -> bool {
        groups.0.is_empty()
    }

    /// Group `i` (0-based; negative counts from the end) as `#{form, count, names, indices}`.
    #[rhai_fn(global, pure, index_get, return_raw)]
    pub fn get(groups: &mut CanonGroups, i: i64) -> Result<Map, Box<EvalAltResult>> {
        let n = groups.0.len() as i64;
        let at = if i < 0 { i + n } else { i };
        if n == 0 {
            return Err(super::error(format!(
                "group {i} is out of range: there are no groups"
            )));
        }
        if !(0..n).contains(&at) {
            return Err(super::error(format!(
                "group {i} is out of range: there are {n} groups (0..{})",
                n - 1
            )));
        }
        Ok(groups.group(at as usize))
    }

    /// Every group as a map `#{form, count, names, indices}`, in an array.
    #[rhai_fn(global, pure)]
    pub fn to_array(groups: &mut CanonGroups) -> Array {
        groups.to_array()
    }

    /// The groups' maps passed through a function, as `array.map` does.
    ///
    /// Example: `canon_groups(list).map(|g| g.count)`
    #[rhai_fn(global, pure, name = "map", return_raw)]
    pub fn map(
        ctx: NativeCallContext,
        groups: &mut CanonGroups,
        f: FnPtr,
    ) -> Result<Array, Box<EvalAltResult>> {
        ctx.call_native_fn("map", (groups.to_array(), f))
    }

    /// The groups' maps for which a function is true, as `array.filter` does.
    ///
    /// Example: `canon_groups(list).filter(|g| g.count > 1)`
    #[rhai_fn(global, pure, name = "filter", return_raw)]
    pub fn filter(
        ctx: NativeCallContext,
        groups: &mut CanonGroups,
        f: FnPtr,
    ) -> Result<Array, Box<EvalAltResult>> {
        ctx.call_native_fn("filter", (groups.to_array(), f))
    }

    /// A short summary: "N puzzles in M groups".
    #[rhai_fn(global, pure, name = "to_string")]
    pub fn to_string(groups: &mut CanonGroups) -> String {
        groups.summary()
    }

    /// A short summary: "N puzzles in M groups".
    #[rhai_fn(global, pure, name = "to_debug")]
    pub fn to_debug(groups: &mut CanonGroups) -> String {
        groups.summary()
    }
}

/// `canon_groups` of `named` (read from the file `input`, if any) with
/// its options map.
pub fn groups(
    ctx: &NativeCallContext,
    named: Vec<sim::Named>,
    options: Map,
    input: Option<&str>,
) -> Result<CanonGroups, Box<EvalAltResult>> {
    let mut options = crate::script::options::Options::new(
        "canon_groups",
        options,
        &["out", "shard", "threads"],
    )?;
    let shard = crate::script::shard::shard_of(ctx, "canon_groups", &mut options)?;
    let out = options.string("out")?;
    let threads = options.threads()?;
    check_out(out.as_deref(), shard, None)?;
    for p in &named {
        super::helpers::digits("canon_groups", &p.grid)?;
    }
    let grids: Vec<Grid> = named.iter().map(|p| p.grid).collect();
    let host = crate::script::host::host(ctx);
    let monitor = crate::script::host::monitor_of(&*host);
    let result = crate::threads::run_on(threads, || {
        sim::groups_file::canon_groups_of_shard(&grids, shard, &*monitor)
    })
    .map_err(|e| error(format!("canon_groups: {e}")))?;
    drop(monitor);
    if result.cancelled {
        return Err(crate::script::host::stopped(
            ctx,
            format!(
                "in canon_groups after {} of {} puzzles: no groups",
                result.done,
                shard.len_of(grids.len() as u64)
            ),
        ));
    }
    let table = sim::GroupTable::of_grouping(&result, shard, named);
    let what = input.unwrap_or("an array of puzzles");
    write_out(out, shard, input, what, &table)?;
    Ok(CanonGroups(Arc::new(table)))
}

/// `canon_groups` of the file at `path` with its options map: the file
/// streams through the grouping (see `similarity::stream`), so only the
/// groups are held, never every puzzle.
pub fn groups_of_file(
    ctx: &NativeCallContext,
    path: &str,
    options: Map,
) -> Result<CanonGroups, Box<EvalAltResult>> {
    let mut options = crate::script::options::Options::new(
        "canon_groups",
        options,
        &["out", "shard", "threads"],
    )?;
    let shard = crate::script::shard::shard_of(ctx, "canon_groups", &mut options)?;
    let out = options.string("out")?;
    let threads = options.threads()?;
    check_out(out.as_deref(), shard, Some(path))?;
    let host = crate::script::host::host(ctx);
    let monitor = crate::script::host::monitor_of(&*host);
    let result = crate::threads::run_on(threads, || {
        sim::stream::group_file(std::path::Path::new(path), shard, &*monitor)
    })
    .map_err(|e| error(format!("canon_groups: {e}")))?;
    drop(monitor);
    let table = result.map_err(|e| match e {
        sim::stream::StreamError::Read(sim::ReadError::Stopped { file, lines }) => {
            crate::script::host::stopped(
                ctx,
                format!("in canon_groups after {lines} lines of {file}: no puzzles read"),
            )
        }
        sim::stream::StreamError::Stopped { done } => crate::script::host::stopped(
            ctx,
            format!("in canon_groups after {done} puzzles: no groups"),
        ),
        e => error(format!("canon_groups: {e}")),
    })?;
    write_out(out, shard, Some(path), path, &table)?;
    Ok(CanonGroups(Arc::new(table)))
}

/// The `out` file of a grouping checked before the grouping starts, as it
/// will be written (see [`crate::files::check_output`]).
fn check_out(
    out: Option<&str>,
    shard: crate::shard::Shard,
    input: Option<&str>,
) -> Result<(), Box<EvalAltResult>> {
    let Some(out) = out else {
        return Ok(());
    };
    let inputs: Vec<&std::path::Path> = input.map(std::path::Path::new).into_iter().collect();
    crate::files::check_output(crate::script::shard::written_path(out, shard), &inputs)
        .map_err(|e| error(format!("canon_groups: {e}")))
}

/// The `out` file of a grouping (a shard's part when sharded), written
/// from the compact table; `input` is the file read, if any (never written
/// over), `what` names the input in a part's header.
fn write_out(
    out: Option<String>,
    shard: crate::shard::Shard,
    input: Option<&str>,
    what: &str,
    table: &sim::GroupTable,
) -> Result<(), Box<EvalAltResult>> {
    let Some(out) = out else {
        return Ok(());
    };
    let path = crate::script::shard::written_path(&out, shard);
    let inputs: Vec<&std::path::Path> = input.map(std::path::Path::new).into_iter().collect();
    let written = if shard.is_whole() {
        let lines = (0..table.len()).map(|g| table.line(g));
        sim::groups_file::write_lines(&path, lines, &inputs)
    } else {
        // A shard's table keeps each group's first puzzle for its part.
        match table.part_lines() {
            Some(lines) => sim::groups_file::write_part_lines(
                &path,
                shard,
                what,
                lines,
                table.total,
                table.digest,
                &inputs,
            ),
            None => Err("a shard's grouping without its puzzles".to_string()),
        }
    };
    written.map_err(|e| error(format!("canon_groups: {e}")))
}
