//! Shards: one batch split into N parts that run anywhere (a cluster's
//! array job, GNU parallel, N machines), and merged back into exactly the
//! output of the whole run.
//!
//! - [`Shard`]: shard K of N (`"2/4"`), and which work items it takes:
//!   item i (0-based, in the batch's fixed order) belongs to shard
//!   `i mod N + 1`. Puzzle files and generated lists deal their puzzles
//!   round-robin, so each shard gets every N-th puzzle (an even share of
//!   easy and hard ones, wherever they sit in the file); packing counts
//!   deal the search's first two levels of choices (see
//!   `polyomino::solve`).
//! - A shard's output is a *part*: a header line saying what it is (kind,
//!   K/N, the job: inputs and options), body lines that carry each item's
//!   place in the whole, and an end line with the shard's totals, the
//!   body's line count (`items`) and a checksum of the body (`body`, see
//!   [`BodySum`]). A part without its end line was stopped or is still
//!   being written. [`PartWriter`] writes one through the safe write
//!   (temporary file, then rename).
//! - [`merge`] checks that the parts are the N parts of one job, checks
//!   each part against itself (the body recounted and checksummed against
//!   its end line, each line checked where that is cheap), and writes the
//!   whole run's output, byte for byte, with totals recounted from the
//!   bodies.
//!
//! Plain Rust: no Rhai, no terminal.

pub mod lines;
pub mod merge;
mod part;

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::files::{SafeFile, WriteError};

pub use merge::{Merged, merge};
pub use part::{Part, read_part};

/// The most shards a job may be split into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// Shard K of N (1-based K).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    k: u64,
    n: u64,
}

impl Shard {
    /// The whole job: shard 1 of 1.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// Shard `k` of `n`; the message says what is wrong, echoing `k/n`.
    pub fn new(k: u64, n: u64) -> Result<Shard, String> {
        let given = format!("{k}/{n}");
        check(k, n, &given)
    }

    /// `"K/N"` as a user writes it (spaces around the numbers allowed).
    /// The errors echo the text: `shard "5/4": K is past N ...`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let numbers = text.split_once('/').and_then(|(k, n)| {
            Some((k.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?))
        });
        match numbers {
            Some((k, n)) => check(k, n, text),
            None => Err(format!(
                "shard {text:?} is not K/N: give two whole numbers, e.g. \"2/4\" for the second of four parts"
            )),
        }
    }

    /// K, counted from 1.
    pub fn index(self) -> u64 {
        self.k
    }

    /// N.
    pub fn count(self) -> u64 {
        self.n
    }

    /// True for 1/1, the whole job.
    pub fn is_whole(self) -> bool {
        self.n == 1
    }

    /// Whether work item `i` (0-based) is this shard's.
    #[inline]
    pub fn takes(self, i: u64) -> bool {
        self.n == 1 || i % self.n == self.k - 1
    }

    /// How many of items `0..total` are this shard's.
    pub fn len_of(self, total: u64) -> u64 {
        match total.checked_sub(self.k - 1) {
            Some(rest) => rest.div_ceil(self.n),
            None => 0,
        }
    }

    /// The item index in the whole job of this shard's `local`-th item.
    #[inline]
    pub fn global(self, local: u64) -> u64 {
        local * self.n + self.k - 1
    }

    /// Where a shard writes a part of the output the whole job writes to
    /// `out`: `OUT.K-of-N` beside it, so that the shards of one script
    /// never write over each other or over a merged result.
    pub fn part_path(self, out: &Path) -> PathBuf {
        let mut name = out.as_os_str().to_owned();
        name.push(format!(".{}-of-{}", self.k, self.n));
        PathBuf::from(name)
    }
}

fn check(k: u64, n: u64, given: &str) -> Result<Shard, String> {
    if n == 0 {
        return Err(format!(
            "shard {given:?}: N (the number of parts) must be 1 or more"
        ));
    }
    if n > MAX_SHARDS {
        return Err(format!("shard {given:?}: at most {MAX_SHARDS} parts"));
    }
    if k == 0 {
        return Err(format!(
            "shard {given:?}: K counts from 1: give K from 1 to {n}"
        ));
    }
    if k > n {
        return Err(format!(
            "shard {given:?}: K is past N: give K from 1 to {n}"
        ));
    }
    Ok(Shard { k, n })
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// What a part holds: the batch it is a shard of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Puzzles with their solutions (`solve_file` with `out`).
    SolveFile,
    /// Groups of puzzles by canonical form (`canon_groups` with `out`).
    CanonGroups,
    /// Generated puzzles (`puzzlelab generate`).
    Generate,
    /// A packing count (`count_polyomino`, `count_polycube` with `out`).
    Count,
    /// SE ratings of a puzzle file (`puzzlelab rate`, `rate_file`).
    Rate,
}

impl Kind {
    /// The name in a part's header.
    pub fn name(self) -> &'static str {
        match self {
            Kind::SolveFile => "solve_file",
            Kind::CanonGroups => "canon_groups",
            Kind::Generate => "generate",
            Kind::Count => "count",
            Kind::Rate => "rate",
        }
    }

    fn from_name(name: &str) -> Option<Kind> {
        [
            Kind::SolveFile,
            Kind::CanonGroups,
            Kind::Generate,
            Kind::Count,
            Kind::Rate,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }
}

/// How a part's first line starts.
pub const HEAD_MARK: &str = "#puzzlelab-shard ";
/// How a part's last line starts.
pub const END_MARK: &str = "#puzzlelab-end ";
/// The version of the part format a header names. Version 1 had no
/// checksum of the body, and a solved puzzle's line no verdict.
const VERSION: u64 = 2;

/// What a part is: its kind, which shard, and the job (inputs and options
/// as a JSON object: every part of one job has the same).
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    pub kind: Kind,
    pub shard: Shard,
    pub job: Map<String, Value>,
}

impl Head {
    /// The header line (no line end).
    pub fn line(&self) -> String {
        let v = serde_json::json!({
            "version": VERSION,
            "kind": self.kind.name(),
            "shard": self.shard.to_string(),
            "job": self.job,
        });
        format!("{HEAD_MARK}{v}")
    }

    /// The header read back from a part's first line.
    pub fn parse(line: &str) -> Result<Head, String> {
        let body = line.strip_prefix(HEAD_MARK).ok_or(
            "not a part of a sharded puzzlelab run: its first line is not #puzzlelab-shard {...}",
        )?;
        let v: Value =
            serde_json::from_str(body).map_err(|e| format!("a bad #puzzlelab-shard line: {e}"))?;
        let version = v.get("version").and_then(Value::as_u64);
        if version == Some(1) {
            // Its end line carries no checksum: what it holds cannot be
            // checked, so it is not merged.
            return Err(
                "written by an older puzzlelab (part format 1, without a checksum of its body): run this shard again with this puzzlelab"
                    .into(),
            );
        }
        if version != Some(VERSION) {
            return Err(format!(
                "written by another version of puzzlelab (part format {}, this one reads {VERSION})",
                version.map_or("unknown".to_string(), |n| n.to_string())
            ));
        }
        let kind = v
            .get("kind")
            .and_then(Value::as_str)
            .and_then(Kind::from_name)
            .ok_or("the #puzzlelab-shard line names no known kind")?;
        let shard = v
            .get("shard")
            .and_then(Value::as_str)
            .ok_or("the #puzzlelab-shard line names no shard")
            .map(Shard::parse)??;
        let job = v
            .get("job")
            .and_then(Value::as_object)
            .cloned()
            .ok_or("the #puzzlelab-shard line describes no job")?;
        Ok(Head { kind, shard, job })
    }
}

/// What an end line says of the body above it: its line count and a
/// checksum of its text, FNV-1a 64 ([`Digest`]) of every body line
/// followed by `\n` (so a part whose line ends were changed to CRLF still
/// checks). The checksum tells a body changed after it was written (an
/// edit, a copy cut short, a bad disk) from the one written; it is not a
/// signature: whoever edits a part can write a new one.
#[derive(Clone, Copy, Debug, Default)]
pub struct BodySum {
    pub items: u64,
    pub digest: Digest,
}

impl BodySum {
    /// Adds one body line (without its end).
    #[inline]
    pub fn add(&mut self, line: &str) {
        self.items += 1;
        self.digest.add(line.as_bytes());
        self.digest.add(b"\n");
    }
}

/// The end line of a part (no line end): the shard's totals, the body's
/// line count `items` and its checksum `body`.
pub fn end_line(body: &BodySum, totals: &Map<String, Value>) -> String {
    let mut v = totals.clone();
    v.insert("items".into(), body.items.into());
    v.insert("body".into(), body.digest.hex().into());
    format!("{END_MARK}{}", Value::Object(v))
}

/// A part being written: the header first, body lines, then the end line
/// and the rename into place ([`PartWriter::finish`]). Dropped unfinished,
/// nothing is left behind.
pub struct PartWriter {
    path: PathBuf,
    file: SafeFile,
    body: BodySum,
}

impl PartWriter {
    /// Starts writing the part `path` (refused when it is one of `inputs`
    /// or not a regular file, see [`crate::files`]).
    pub fn create(path: &Path, inputs: &[&Path], head: &Head) -> Result<PartWriter, WriteError> {
        let mut file = SafeFile::create(path, inputs)?;
        writeln!(file, "{}", head.line()).map_err(|e| write_error(path, &e))?;
        Ok(PartWriter {
            path: path.to_path_buf(),
            file,
            body: BodySum::default(),
        })
    }

    /// The part's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// One body line (without its end; it must not start with `#`).
    pub fn line(&mut self, text: &str) -> Result<(), WriteError> {
        self.body.add(text);
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.write_all(b"\n"))
            .map_err(|e| write_error(&self.path, &e))
    }

    /// Writes the end line with `totals` and puts the part in place.
    pub fn finish(mut self, totals: &Map<String, Value>) -> Result<(), WriteError> {
        writeln!(self.file, "{}", end_line(&self.body, totals))
            .map_err(|e| write_error(&self.path, &e))?;
        self.file.commit(&self.path)
    }
}

/// Writes a count: for the whole job the file `out` holding the number and
/// a line end; for a shard the part `OUT.K-of-N` with the job and, in its
/// end line, the shard's count (the merge sums them into the whole file).
pub fn write_count(
    out: &Path,
    shard: Shard,
    job: Map<String, Value>,
    count: u64,
) -> Result<PathBuf, WriteError> {
    if shard.is_whole() {
        crate::files::write_atomic(out, format!("{count}\n").as_bytes(), &[])?;
        return Ok(out.to_path_buf());
    }
    let path = shard.part_path(out);
    let head = Head {
        kind: Kind::Count,
        shard,
        job,
    };
    let part = PartWriter::create(&path, &[], &head)?;
    let mut totals = Map::new();
    totals.insert("count".into(), count.into());
    part.finish(&totals)?;
    Ok(path)
}

fn write_error(path: &Path, e: &std::io::Error) -> WriteError {
    WriteError {
        path: path.display().to_string(),
        message: format!("cannot write: {e}"),
    }
}

/// A 64-bit FNV-1a digest: what a part records of its input so that parts
/// of two different inputs of the same name are told apart, and of its own
/// body ([`BodySum`]). (Stable across machines and versions, unlike `std`'s
/// hasher; a few lines, so no crate. A byte at a time, it costs little
/// next to parsing the lines it sums: a merge of 49,151 solved puzzles,
/// 9 MB of parts, takes 0.07 s of CPU in all.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digest(u64);

impl Default for Digest {
    fn default() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }
}

impl Digest {
    /// Adds bytes.
    #[inline]
    pub fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// The digest as 16 hex digits.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses_with_the_value() {
        assert_eq!(Shard::parse("2/4").unwrap(), Shard { k: 2, n: 4 });
        assert_eq!(Shard::parse(" 1 / 1 ").unwrap(), Shard::WHOLE);
        assert_eq!(
            Shard::parse("0/4").unwrap_err(),
            "shard \"0/4\": K counts from 1: give K from 1 to 4"
        );
        assert_eq!(
            Shard::parse("5/4").unwrap_err(),
            "shard \"5/4\": K is past N: give K from 1 to 4"
        );
        assert_eq!(
            Shard::parse("a/b").unwrap_err(),
            "shard \"a/b\" is not K/N: give two whole numbers, e.g. \"2/4\" for the second of four parts"
        );
        assert_eq!(
            Shard::parse("1/0").unwrap_err(),
            "shard \"1/0\": N (the number of parts) must be 1 or more"
        );
        assert!(Shard::parse("-1/4").is_err());
        assert!(Shard::parse("3").is_err());
    }

    #[test]
    fn shards_deal_every_item_once() {
        for n in 1..=7u64 {
            for total in 0..30u64 {
                let mut seen = vec![0; total as usize];
                for k in 1..=n {
                    let s = Shard::new(k, n).unwrap();
                    let mine: Vec<u64> = (0..total).filter(|&i| s.takes(i)).collect();
                    assert_eq!(mine.len() as u64, s.len_of(total));
                    for (local, &i) in mine.iter().enumerate() {
                        assert_eq!(s.global(local as u64), i);
                        seen[i as usize] += 1;
                    }
                }
                assert!(seen.iter().all(|&c| c == 1));
            }
        }
    }

    #[test]
    fn part_paths_and_headers_read_back() {
        let s = Shard::new(3, 12).unwrap();
        assert_eq!(
            s.part_path(Path::new("out/solved.csv")),
            PathBuf::from("out/solved.csv.3-of-12")
        );
        let mut job = Map::new();
        job.insert("input".into(), "a \"b\"\n.txt".into());
        let head = Head {
            kind: Kind::SolveFile,
            shard: s,
            job,
        };
        assert_eq!(Head::parse(&head.line()).unwrap(), head);
        assert!(
            Head::parse("12345")
                .unwrap_err()
                .starts_with("not a part of a sharded puzzlelab run")
        );
    }
}
