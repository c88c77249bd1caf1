//! Shards in scripts: the `shard` option every batch function reads (or,
//! without it, the session's shard from `--shard K/N`), where a shard's
//! part goes, and `merge_shards`, which puts the parts back together (see
//! [`crate::shard`]).

use std::path::PathBuf;

use rhai::plugin::*;
use rhai::{Engine, EvalAltResult, Module, NativeCallContext};

use super::error;
use super::host::HostTag;
use super::options::Options;
use crate::shard::Shard;

/// The shard functions as a Rhai module.
pub fn module() -> Module {
    exported_module!(api)
}

/// The shard a batch function runs: its `shard` option (`"K/N"`), else
/// the session's (`puzzlelab --shard K/N run ...`), else the whole job.
pub fn shard_of(
    ctx: &NativeCallContext,
    function: &str,
    options: &mut Options,
) -> Result<Shard, Box<EvalAltResult>> {
    match options.string("shard")? {
        Some(text) => Shard::parse(&text).map_err(|e| error(format!("{function}: {e}"))),
        None => Ok(HostTag::of(ctx)
            .and_then(|t| t.shard)
            .unwrap_or(Shard::WHOLE)),
    }
}

/// A count's `shard` and `out` options (packings, exact covers): the
/// shard it runs (`None` for the whole job), refused with `limit` (the
/// shards' counts would not add up) or with an unseeded `random` (every
/// shard must search in the same order); and the file its count goes to,
/// checked writable before the count, which may take hours.
pub fn count_shard_and_out(
    ctx: &NativeCallContext,
    what: &str,
    options: &mut Options,
    limit: Option<u64>,
    random_unseeded: bool,
) -> Result<(Option<Shard>, Option<String>), Box<EvalAltResult>> {
    let shard = shard_of(ctx, what, options)?;
    let out = options.string("out")?;
    if let Some(out) = &out {
        let written = written_path(out, shard);
        crate::files::check_output(&written, &[]).map_err(|e| error(format!("{what}: {e}")))?;
    }
    if shard.is_whole() {
        return Ok((None, out));
    }
    if limit.is_some() {
        return Err(error(format!(
            "{what}: option limit cannot go with shard {shard}: the shards' counts would not add up to the whole count"
        )));
    }
    if random_unseeded {
        return Err(error(format!(
            "{what}: random: true with shard {shard} needs a seed: every shard must search in the same order"
        )));
    }
    Ok((Some(shard), out))
}

/// Sets the shard every batch of evaluations on `engine` runs when its
/// call gives none (`None`: the whole job).
pub fn set_session_shard(engine: &mut Engine, shard: Option<Shard>) {
    if let Some(mut tag) = engine.default_tag().clone().try_cast::<HostTag>() {
        tag.shard = shard;
        engine.set_default_tag(Dynamic::from(tag));
    }
}

/// The file a batch writes for `out`: `out` itself for the whole job, the
/// part `OUT.K-of-N` for a shard.
pub fn written_path(out: &str, shard: Shard) -> PathBuf {
    if shard.is_whole() {
        PathBuf::from(out)
    } else {
        shard.part_path(std::path::Path::new(out))
    }
}

#[export_module(manifest)]
pub mod api {
    use rhai::{Array, Map};

    use crate::shard::merge::MergeError;

    /// Merges the parts of a sharded batch into the output the whole run writes, byte for byte.
    ///
    /// `parts`: the part files (`OUT.K-of-N`, in any order), all N of one
    /// job; `out`: the file to write (replaced only when the merge is
    /// complete; it may not be one of the parts). Puzzles of `solve_file`
    /// and `puzzlelab generate` go back in their order, `canon_groups`
    /// groups of one form are joined, counts are summed. Parts of two
    /// different jobs, a missing or doubled shard, and a part that was
    /// stopped are refused, naming the files. Returns a map: `kind`,
    /// `shards`, `out`, and the whole run's totals (`count` for a count;
    /// `puzzles`, `solved`, `unique`, ... for `solve_file`; `puzzles` and
    /// `groups` for `canon_groups`), recounted from the parts; a total
    /// past the largest integer is a string of its digits. Each part is
    /// checked: its lines recounted and checksummed against its end line,
    /// solutions against their puzzles, forms against their puzzles; a
    /// part that fails is refused as `FILE:LINE: what is wrong`. Ctrl+C
    /// stops it (nothing written).
    ///
    /// Example: `merge_shards(["n.txt.1-of-2", "n.txt.2-of-2"], "n.txt")`
    #[rhai_fn(return_raw)]
    pub fn merge_shards(
        ctx: NativeCallContext,
        parts: Array,
        out: &str,
    ) -> Result<Map, Box<EvalAltResult>> {
        let mut paths = Vec::with_capacity(parts.len());
        for (i, p) in parts.into_iter().enumerate() {
            let kind = p.type_name();
            let text = p.into_string().map_err(|_| {
                error(format!(
                    "merge_shards: parts[{i}] is a {kind}, not a file name"
                ))
            })?;
            paths.push(PathBuf::from(text));
        }
        let monitor = crate::script::host::monitor(&ctx);
        let result = crate::shard::merge(&paths, std::path::Path::new(out), &*monitor);
        drop(monitor);
        let merged = match result {
            Ok(m) => m,
            Err(MergeError::Stopped { done }) => {
                return Err(crate::script::host::stopped(
                    &ctx,
                    format!("in merge_shards after {done} items: nothing written"),
                ));
            }
            Err(e) => return Err(error(format!("merge_shards: {e}"))),
        };
        let mut m = Map::new();
        m.insert("kind".into(), merged.kind.name().into());
        m.insert("shards".into(), (merged.shards as i64).into());
        m.insert("out".into(), out.into());
        for (key, n) in merged.totals {
            // A total past the script's integers is given exactly, as its
            // decimal digits, never cut to the largest integer.
            let v = match i64::try_from(n) {
                Ok(n) => Dynamic::from(n),
                Err(_) => Dynamic::from(n.to_string()),
            };
            m.insert(key.into(), v);
        }
        Ok(m)
    }
}
