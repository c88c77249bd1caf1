//! Merging the N parts of a sharded job into exactly the output the whole
//! run writes: puzzles back in their order (the index on each line says
//! where; rated lines too), groups of equal forms joined, counts summed.
//! The parts are checked first (one job, every shard once, each one
//! complete), then each against itself as it is read: every body line
//! parsed and checked where that is cheap (a solution against its puzzle,
//! a form against its first puzzle, a rating's form), the body recounted
//! and checksummed against its end line, the input's digest recomputed
//! from the puzzles. The totals are the bodies' recounts, summed in u128.
//! The output is written safely: a merge that fails leaves nothing behind.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::lines::{Verdict, parse_puzzle_line, parse_rated, parse_record_line, parse_text_line};
use super::part::Body;
use super::{Digest, Kind, Part, read_part};
use crate::files::SafeFile;
use crate::monitor::{Monitor, Progress};
use crate::similarity::Canonicalizer;
use crate::similarity::groups_file::{group_line, parse_part_group_line};
use crate::sudoku::Grid;
use crate::sudoku::formats::{Format, Record, SafeWriter};

/// Each kind's reading of its parts' bodies, checked line by line.
mod kinds;
use kinds::{counted, generated, grouped, rated, solved};

/// What a merge wrote.
#[derive(Clone, Debug)]
pub struct Merged {
    pub kind: Kind,
    /// N, the parts merged.
    pub shards: u64,
    /// The job the parts were of (as their headers say).
    pub job: Map<String, Value>,
    /// The whole run's totals, recounted from the parts' bodies (the
    /// input's bad lines, which no part holds, as every part says): the
    /// counts of a solved file, a packing count, the puzzles and groups
    /// of a grouping. Summed in u128: N parts of up to 2^64 - 1 each.
    pub totals: Totals,
}

/// Totals by name, in name order.
pub type Totals = BTreeMap<String, u128>;

/// One part's recount of its body, by the end line's key.
type Tally = BTreeMap<&'static str, u64>;

/// Why a merge did not write its output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// What is wrong, and where.
    Bad(String),
    /// The monitor stopped it after `done` items.
    Stopped { done: u64 },
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MergeError::Bad(why) => write!(f, "{why}"),
            MergeError::Stopped { done } => {
                write!(f, "stopped after {done} items: nothing written")
            }
        }
    }
}

impl From<String> for MergeError {
    fn from(why: String) -> Self {
        MergeError::Bad(why)
    }
}

/// Merges `parts` (in any order) into `out`.
pub fn merge(parts: &[PathBuf], out: &Path, monitor: &dyn Monitor) -> Result<Merged, MergeError> {
    if parts.is_empty() {
        return Err("no parts to merge".to_string().into());
    }
    // The output is checked before any part is read and verified.
    let given: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
    crate::files::check_output(out, &given).map_err(|e| e.to_string())?;
    let mut read = Vec::with_capacity(parts.len());
    for p in parts {
        read.push(read_part(p)?);
    }
    let parts = in_order(read)?;
    let first = &parts[0];
    let inputs: Vec<&Path> = parts.iter().map(|p| p.path.as_path()).collect();
    let mut merged = Merged {
        kind: first.head.kind,
        shards: first.head.shard.count(),
        job: first.head.job.clone(),
        totals: Totals::new(),
    };
    merged.totals = match first.head.kind {
        Kind::SolveFile => solved(&parts, out, &inputs, monitor)?,
        Kind::Generate => generated(&parts, out, &inputs, monitor)?,
        Kind::CanonGroups => grouped(&parts, out, &inputs, monitor)?,
        Kind::Count => counted(&parts, out, &inputs, monitor)?,
        Kind::Rate => rated(&parts, out, &inputs, monitor)?,
    };
    Ok(merged)
}

/// The parts sorted by K, once checked to be the N complete parts of one
/// job.
fn in_order(mut parts: Vec<Part>) -> Result<Vec<Part>, String> {
    let first = parts[0].clone();
    for p in &parts[1..] {
        same_job(&first, p)?;
    }
    parts.sort_by_key(|p| p.head.shard.index());
    for pair in parts.windows(2) {
        if pair[0].head.shard == pair[1].head.shard {
            return Err(format!(
                "shard {} of {} is given twice: {} and {}",
                pair[0].head.shard.index(),
                pair[0].head.shard.count(),
                pair[0].name(),
                pair[1].name()
            ));
        }
    }
    let n = first.head.shard.count();
    let have: Vec<u64> = parts.iter().map(|p| p.head.shard.index()).collect();
    let missing: Vec<String> = (1..=n)
        .filter(|k| have.binary_search(k).is_err())
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        let given: Vec<String> = have.iter().map(|k| k.to_string()).collect();
        return Err(format!(
            "missing shard{} {} of {n} (given: {})",
            if missing.len() > 1 { "s" } else { "" },
            shorten(&missing),
            shorten(&given)
        ));
    }
    for p in &parts {
        if p.end.is_none() {
            let note = match p.last_line.strip_prefix("# ") {
                Some(note) => format!(": {note}"),
                None => String::new(),
            };
            return Err(p.at_end(format!(
                "shard {} is incomplete: it has no #puzzlelab-end line (stopped, cut short, or still being written){note}",
                p.head.shard
            )));
        }
    }
    Ok(parts)
}

/// A list of numbers cut to its first 20.
fn shorten(list: &[String]) -> String {
    if list.len() > 20 {
        format!("{}, ... ({} in all)", list[..20].join(", "), list.len())
    } else {
        list.join(", ")
    }
}

/// `b` is a part of the same job as `a`, or the error says how they differ.
fn same_job(a: &Part, b: &Part) -> Result<(), String> {
    let differ = |what: String| {
        Err(format!(
            "{} and {} are parts of two different jobs: {what}",
            a.name(),
            b.name()
        ))
    };
    if a.head.kind != b.head.kind {
        return differ(format!(
            "a {} part and a {} part",
            a.head.kind.name(),
            b.head.kind.name()
        ));
    }
    if a.head.shard.count() != b.head.shard.count() {
        return differ(format!("shard {} and shard {}", a.head.shard, b.head.shard));
    }
    if a.head.job != b.head.job {
        // What a person knows the job by comes first.
        let first = ["function", "input", "count", "board", "pieces"];
        let keys = first
            .iter()
            .map(|k| k.to_string())
            .chain(a.head.job.keys().cloned())
            .chain(b.head.job.keys().cloned());
        for key in keys {
            let key = key.as_str();
            let (x, y) = (a.head.job.get(key), b.head.job.get(key));
            if x != y {
                let show = |v: Option<&Value>| v.map_or("nothing".to_string(), Value::to_string);
                return differ(format!("{key} {} and {}", show(x), show(y)));
            }
        }
    }
    Ok(())
}

/// Every part read the same input: the end lines agree on `keys` (the
/// puzzles and bad lines of the whole input, its digest).
fn same_input(parts: &[Part], keys: &[&str]) -> Result<(), String> {
    let first = &parts[0];
    let value = |p: &Part, key: &str| {
        p.end
            .as_ref()
            .and_then(|e| e.get(key))
            .map_or("nothing".to_string(), Value::to_string)
    };
    for p in &parts[1..] {
        for key in keys {
            let (a, b) = (value(first, key), value(p, key));
            if a != b {
                let what = match *key {
                    "file_puzzles" => "puzzles",
                    "errors" => "bad lines",
                    other => other,
                };
                return Err(format!(
                    "{} and {} read different inputs: {what} {a} and {b}",
                    first.name(),
                    p.name()
                ));
            }
        }
    }
    Ok(())
}

/// Total `key` of the job as a whole number.
fn job_number(part: &Part, key: &str) -> Result<u64, String> {
    part.head
        .job
        .get(key)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("{}: the header gives no {key}", part.name()))
}

/// Every part holds the items the shard takes of `total`, as its end
/// line says.
fn check_items(parts: &[Part], total: u64) -> Result<(), String> {
    for p in parts {
        let want = p.head.shard.len_of(total);
        let items = p.total("items");
        if items != want {
            return Err(p.at_end(format!(
                "shard {} holds {items} items; of {total} it takes {want}",
                p.head.shard
            )));
        }
    }
    Ok(())
}

/// Walks the items `0..total` in order, item i from part `i mod N`,
/// checking each line's index; `each` gets the item, the part's number
/// (0-based) and its line text. Then closes every body (see
/// [`Body::close`]) and returns each end line's number.
fn in_turn(
    parts: &[Part],
    total: u64,
    monitor: &dyn Monitor,
    label: &'static str,
    mut each: impl FnMut(u64, usize, &Body, usize, &str) -> Result<(), String>,
) -> Result<Vec<usize>, MergeError> {
    let mut bodies = Vec::with_capacity(parts.len());
    for p in parts {
        bodies.push(Body::open(p, monitor)?);
    }
    let n = parts.len() as u64;
    for i in 0..total {
        let j = (i % n) as usize;
        let body = &mut bodies[j];
        let next = body.next_line()?.map(|(n, text)| (n, text.to_string()));
        let Some((line_no, text)) = next else {
            if body.stopped() {
                return Err(MergeError::Stopped { done: i });
            }
            return Err(parts[j]
                .at_end(format!(
                    "the body ends before item {i}: shard {} holds {} of the {total} items",
                    parts[j].head.shard,
                    parts[j].head.shard.len_of(total)
                ))
                .into());
        };
        each(i, j, &bodies[j], line_no, &text)?;
        if i % 65_536 == 0 {
            monitor.report(&Progress {
                label,
                done: i,
                total: Some(total),
                found: i,
            });
            if monitor.cancelled() {
                return Err(MergeError::Stopped { done: i });
            }
        }
    }
    let mut ends = Vec::with_capacity(parts.len());
    for (body, p) in bodies.iter_mut().zip(parts) {
        ends.push(close(body, p, total)?);
    }
    Ok(ends)
}

/// [`Body::close`], a stop by the monitor told from a bad part (`done`
/// items merged).
fn close(body: &mut Body, part: &Part, done: u64) -> Result<usize, MergeError> {
    let closed = body.close(part);
    if body.stopped() {
        return Err(MergeError::Stopped { done });
    }
    Ok(closed?)
}

/// The index a line must have.
fn want_index(body: &Body, line: usize, index: u64, want: u64) -> Result<(), String> {
    if index != want {
        return Err(body.error(
            line,
            format!("holds item {index} where item {want} belongs"),
        ));
    }
    Ok(())
}

/// Each part's end line says what its body was recounted to be, for every
/// key of `keys` (a missing key counts as 0); `ends` are the end lines'
/// numbers.
fn check_tallies(
    parts: &[Part],
    ends: &[usize],
    tallies: &[Tally],
    keys: &[&'static str],
) -> Result<(), String> {
    for ((p, &end), tally) in parts.iter().zip(ends).zip(tallies) {
        for key in keys {
            let said = p.number(key)?;
            let found = tally.get(key).copied().unwrap_or(0);
            if said != found {
                return Err(format!(
                    "{}:{end}: the end line says {key} {said}, the body holds {found}",
                    p.name()
                ));
            }
        }
    }
    Ok(())
}

/// The sums of `keys` over the tallies, in u128.
fn sums(tallies: &[Tally], keys: &[&'static str], totals: &mut Totals) {
    for key in keys {
        let sum = tallies
            .iter()
            .map(|t| u128::from(t.get(key).copied().unwrap_or(0)))
            .sum();
        totals.insert(key.to_string(), sum);
    }
}

/// The input's digest recomputed from the puzzles the parts hold is the
/// one every part recorded while reading the input (`same_input` checked
/// they agree): the parts hold the input's puzzles, each once, in order.
fn check_digest(parts: &[Part], ends: &[usize], digest: Digest) -> Result<(), String> {
    let said = parts[0]
        .end
        .as_ref()
        .and_then(|e| e.get("digest"))
        .and_then(Value::as_str)
        .unwrap_or("nothing");
    if said != digest.hex() {
        return Err(format!(
            "{}:{}: the end line's digest of the input is {said}, the parts' puzzles give {}: a puzzle was changed",
            parts[0].name(),
            ends[0],
            digest.hex()
        ));
    }
    Ok(())
}
