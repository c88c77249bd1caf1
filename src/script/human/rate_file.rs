//! `rate_file` for scripts: a file's puzzles rated as `serate` prints
//! them, and the part header and totals it shares with `puzzlelab rate`.

use rhai::{Array, Dynamic, EvalAltResult, Map, NativeCallContext};

use crate::script::error;
use crate::sudoku::human;

/// `rate_file`: the lines of a file's puzzles rated as `serate` prints
/// them, returned and, with `out`, written (a shard's part for a shard).
pub(super) fn rate_file_map(
    ctx: &NativeCallContext,
    path: &str,
    options: Map,
) -> Result<Map, Box<EvalAltResult>> {
    use crate::script::options::Options;
    use crate::shard::{PartWriter, lines::text_line};
    use std::path::Path;
    let mut options = Options::new("rate_file", options, &["threads", "out", "shard"])?;
    let shard = crate::script::shard::shard_of(ctx, "rate_file", &mut options)?;
    let threads = options.threads()?;
    let out = options.string("out")?;
    let input = Path::new(path);
    if let Some(out) = &out {
        // Before the rating, which may take hours: not after it.
        let written = crate::script::shard::written_path(out, shard);
        crate::files::check_output(&written, &[input])
            .map_err(|e| error(format!("rate_file: {e}")))?;
    }
    let monitor = crate::script::host::monitor(ctx);
    let mut lines = Array::new();
    let mut body = Vec::new();
    let mut notes = Array::new();
    let sum = human::rate_file(input, shard, threads, &*monitor, |r| {
        let line = human::serate_line(&r.puzzle_line(), &r.rating);
        if let Err(e) = &r.rating {
            notes.push(Dynamic::from(format!("{path}:{}: {e}", r.line)));
        }
        body.push(match shard.is_whole() {
            true => line.clone(),
            false => text_line(r.index, &line),
        });
        lines.push(Dynamic::from(line));
        true
    })
    .map_err(|e| error(format!("rate_file: {e}")))?;
    drop(monitor);
    let int = |n: u64| Dynamic::from(n as i64);
    let mut m = Map::new();
    m.insert("lines".into(), Dynamic::from_array(lines));
    m.insert("puzzles".into(), int(sum.done));
    m.insert("exact".into(), int(sum.exact));
    m.insert("bounded".into(), int(sum.bounded));
    m.insert("unrated".into(), int(sum.unrated));
    m.insert("not_rated".into(), Dynamic::from_array(notes));
    let errors: Array = sum
        .errors
        .iter()
        .map(|e| Dynamic::from(e.to_string()))
        .collect();
    m.insert("errors".into(), Dynamic::from_array(errors));
    m.insert("stopped".into(), Dynamic::from(sum.stopped));
    if sum.stopped {
        // Partial: nothing is written, the summary and a note say so.
        let host = crate::script::host::host(ctx);
        host.take_cancel();
        crate::script::host::note_partial(
            &*host,
            format!("in rate_file after {} puzzles", sum.done),
        );
        return Ok(m);
    }
    if let Some(out) = out {
        let write = |e: crate::files::WriteError| error(format!("rate_file: {e}"));
        if shard.is_whole() {
            let mut text = body.join("\n");
            if !text.is_empty() {
                text.push('\n');
            }
            crate::files::write_atomic(&out, text.as_bytes(), &[input]).map_err(write)?;
        } else {
            let part = shard.part_path(Path::new(&out));
            let mut w =
                PartWriter::create(&part, &[input], &rate_head(path, shard)).map_err(write)?;
            for line in &body {
                w.line(line).map_err(write)?;
            }
            w.finish(&rate_totals(&sum)).map_err(write)?;
            m.insert("part".into(), Dynamic::from(part.display().to_string()));
        }
    }
    if !shard.is_whole() {
        m.insert("shard".into(), Dynamic::from(shard.to_string()));
    }
    Ok(m)
}

/// The part header of shard `shard` of rating the file `path` (the
/// same for `rate_file` and `puzzlelab rate`, so their parts merge).
pub(crate) fn rate_head(path: &str, shard: crate::shard::Shard) -> crate::shard::Head {
    let mut job = serde_json::Map::new();
    job.insert("input".into(), path.into());
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    job.insert("bytes".into(), bytes.into());
    crate::shard::Head {
        kind: crate::shard::Kind::Rate,
        shard,
        job,
    }
}

/// The end line's totals of a rated part: what `merge` checks and adds.
pub(crate) fn rate_totals(sum: &human::RateSummary) -> serde_json::Map<String, serde_json::Value> {
    let mut totals = serde_json::Map::new();
    totals.insert("file_puzzles".into(), sum.file_puzzles.into());
    totals.insert("errors".into(), (sum.errors.total() as u64).into());
    totals.insert("digest".into(), sum.digest.clone().into());
    totals.insert("exact".into(), sum.exact.into());
    totals.insert("bounded".into(), sum.bounded.into());
    totals.insert("unrated".into(), sum.unrated.into());
    totals
}
