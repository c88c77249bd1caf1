//! Solving a puzzle file as a stream: read a block of puzzles, solve it on
//! every core, write its solutions, forget it. Memory stays the same for a
//! file of a thousand puzzles or of a billion bytes. A shard (see
//! [`crate::shard`]) reads the whole file and solves every N-th puzzle,
//! writing a part that a merge puts back in order.

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::formats::{self, Format, FormatError, Record, SafeWriter};
use super::solver::batch;
use crate::monitor::{Monitor, Progress};
use crate::reading::ErrorList;
use crate::shard::{Digest, Head, Kind, PartWriter, Shard, lines::record_line};

/// Puzzles read and solved at a time (about 2 MB of records and outcomes):
/// enough to keep every thread busy, small enough that the buffers are
/// reused from block to block instead of grown and faulted in afresh.
const BLOCK: usize = 1 << 13;

/// What solving a file found.
#[derive(Clone, Debug, Default)]
pub struct FileSummary {
    /// Puzzles read (the whole file, or up to the stop); a shard's own.
    pub puzzles: usize,
    /// Puzzles in the file (all shards' together).
    pub file_puzzles: usize,
    /// Puzzles looked at.
    pub done: usize,
    /// Solved (one or several solutions).
    pub solved: usize,
    /// Exactly one solution.
    pub unique: usize,
    /// Two or more.
    pub multiple: usize,
    /// Clues that break the rules.
    pub invalid: usize,
    /// No solution.
    pub unsolvable: usize,
    /// The bad lines: the first [`crate::reading::MAX_ERRORS`] kept, the rest counted.
    pub errors: ErrorList<FormatError>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// True when the monitor stopped the run: the counts are partial and no
    /// output file was written.
    pub stopped: bool,
}

impl FileSummary {
    /// Adds a block's counts.
    fn add(&mut self, t: &batch::Tally) {
        self.done += t.done;
        self.solved += t.solved();
        self.unique += t.unique;
        self.multiple += t.multiple;
        self.invalid += t.invalid;
        self.unsolvable += t.unsolvable;
    }
}

/// Where to write puzzles with their solutions.
pub struct Output {
    /// The file (refused when it is the input).
    pub path: PathBuf,
    /// Its format.
    pub format: Format,
}

/// Progress of one block shown as progress through the file.
struct Offset<'a> {
    inner: &'a dyn Monitor,
    done: u64,
    found: u64,
}

impl Monitor for Offset<'_> {
    fn cancelled(&self) -> bool {
        self.inner.cancelled()
    }
    fn report(&self, p: &Progress) {
        self.inner.report(&Progress {
            label: p.label,
            done: self.done + p.done,
            total: None,
            found: self.found + p.found,
        });
    }
}

/// Solves every puzzle of `path` (each counted to two) on `threads` threads
/// (0 = all cores), writing them with their solutions to `out` if given.
/// A file with no puzzle at all (missing, unreadable, empty, only bad lines)
/// is an error: its first problem. The output replaces its target only when
/// the whole file was solved.
pub fn solve_file(
    path: &Path,
    out: Option<&Output>,
    threads: usize,
    monitor: &dyn Monitor,
) -> Result<FileSummary, String> {
    solve_file_shard(path, out, Shard::WHOLE, threads, monitor)
}

/// Where the solved puzzles go: the output file, or a shard's part.
enum Sink {
    Plain(SafeWriter),
    Part(PartWriter),
}

/// [`solve_file`] for shard `shard` of the file: puzzle i (0-based, bad
/// lines not counted) is solved when the shard takes it; the counts are the
/// shard's own but `errors` lists every bad line of the file (each shard
/// reads them all). A shard other than 1/1 writes its part to
/// `OUT.K-of-N` ([`Shard::part_path`]), each puzzle with its index in the
/// file, and the end line with the shard's counts.
pub fn solve_file_shard(
    path: &Path,
    out: Option<&Output>,
    shard: Shard,
    threads: usize,
    monitor: &dyn Monitor,
) -> Result<FileSummary, String> {
    let start = Instant::now();
    let mut writer = match out {
        Some(o) if !shard.is_whole() => {
            let mut job = serde_json::Map::new();
            job.insert("input".into(), path.display().to_string().into());
            let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
            job.insert("bytes".into(), bytes.into());
            job.insert("format".into(), o.format.name().into());
            let head = Head {
                kind: Kind::SolveFile,
                shard,
                job,
            };
            Some(Sink::Part(
                PartWriter::create(&shard.part_path(&o.path), &[path], &head)
                    .map_err(|e| e.to_string())?,
            ))
        }
        Some(o) => Some(Sink::Plain(SafeWriter::create(&o.path, o.format, &[path])?)),
        None => None,
    };
    let mut records = formats::records_of_file(path, monitor);
    let mut sum = FileSummary::default();
    let mut first_error: Option<FormatError> = None;
    // The records are kept only to be written out; the search needs the grids.
    let keep_records = writer.is_some();
    let mut block: Vec<Record> = Vec::with_capacity(if keep_records { BLOCK } else { 0 });
    // The file index of each puzzle of the block (a shard's are not consecutive).
    let mut indices: Vec<u64> = Vec::with_capacity(BLOCK);
    let mut grids: Vec<super::Grid> = Vec::with_capacity(BLOCK);
    let mut digest = Digest::default();
    loop {
        block.clear();
        indices.clear();
        grids.clear();
        for item in records.by_ref() {
            match item {
                Ok(r) => {
                    let i = sum.file_puzzles as u64;
                    sum.file_puzzles += 1;
                    if !shard.is_whole() {
                        digest.add(r.grid.cells());
                        digest.add(r.name.as_deref().unwrap_or("").as_bytes());
                        if !shard.takes(i) {
                            continue;
                        }
                    }
                    grids.push(r.grid);
                    if keep_records {
                        block.push(r);
                    }
                    indices.push(i);
                    if grids.len() == BLOCK {
                        break;
                    }
                }
                Err(e) => e.file_into(&mut first_error, &mut sum.errors),
            }
        }
        if records.stopped() {
            // Ctrl+C or the memory budget while reading: this block is not solved.
            sum.stopped = true;
            break;
        }
        if grids.is_empty() {
            break;
        }
        sum.puzzles += grids.len();
        let offset = Offset {
            inner: monitor,
            done: sum.done as u64,
            found: sum.solved as u64,
        };
        // A run that writes nothing only counts: no solution grid is built.
        let (t, solved) = if keep_records {
            let b = batch::solve_all(&grids, threads, &offset);
            (b.tally(), Some(b))
        } else {
            (batch::tally_all(&grids, threads, &offset), None)
        };
        sum.add(&t);
        if t.stopped {
            sum.stopped = true;
            break;
        }
        if let (Some(w), Some(o), Some(b)) = (writer.as_mut(), out, solved) {
            for ((r, outcome), &i) in block.iter().zip(&b.outcomes).zip(&indices) {
                let solution = outcome.as_ref().and_then(|o| o.solution());
                let record = match o.format {
                    Format::Lines => Record::new(solution.unwrap_or(r.grid)),
                    _ => Record {
                        solution,
                        ..r.clone()
                    },
                };
                match w {
                    Sink::Plain(w) => w.push(&record)?,
                    Sink::Part(p) => p
                        .line(&record_line(i, &record))
                        .map_err(|e| e.to_string())?,
                }
            }
        }
    }
    sum.seconds = start.elapsed().as_secs_f64();
    if sum.file_puzzles == 0 && !sum.stopped {
        let why = first_error
            .map(|e| e.to_string())
            .unwrap_or_else(|| format!("{}: no puzzles in the file", path.display()));
        return Err(why);
    }
    match writer {
        Some(Sink::Plain(w)) if !sum.stopped => w.finish()?,
        Some(Sink::Part(p)) if !sum.stopped => {
            let mut totals = serde_json::Map::new();
            for (key, n) in [
                ("file_puzzles", sum.file_puzzles),
                ("puzzles", sum.puzzles),
                ("solved", sum.solved),
                ("unique", sum.unique),
                ("multiple", sum.multiple),
                ("invalid", sum.invalid),
                ("unsolvable", sum.unsolvable),
                ("errors", sum.errors.total()),
            ] {
                totals.insert(key.into(), (n as u64).into());
            }
            totals.insert("digest".into(), digest.hex().into());
            p.finish(&totals).map_err(|e| e.to_string())?
        }
        _ => {}
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::{Flag, Silent};

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn solves_writes_and_refuses_its_input() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("p.txt");
        std::fs::write(&input, format!("{P}\nbad\n{P}\n")).unwrap();
        let out = Output {
            path: dir.path().join("o.txt"),
            format: Format::Lines,
        };
        let s = solve_file(&input, Some(&out), 1, &Silent).unwrap();
        assert_eq!((s.puzzles, s.unique, s.errors.total()), (2, 2, 1));
        assert_eq!(
            std::fs::read_to_string(&out.path).unwrap().lines().count(),
            2
        );
        let same = Output {
            path: input.clone(),
            format: Format::Lines,
        };
        let e = solve_file(&input, Some(&same), 1, &Silent).unwrap_err();
        assert!(e.contains("refusing to write over"), "{e}");
        assert!(std::fs::read_to_string(&input).unwrap().contains("bad"));
    }

    #[test]
    fn a_stopped_run_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("p.txt");
        std::fs::write(&input, format!("{P}\n")).unwrap();
        let out = Output {
            path: dir.path().join("o.txt"),
            format: Format::Lines,
        };
        std::fs::write(&out.path, "old\n").unwrap();
        let stop = std::sync::atomic::AtomicBool::new(true);
        let s = solve_file(&input, Some(&out), 1, &Flag(&stop)).unwrap();
        assert!(s.stopped);
        assert_eq!(std::fs::read_to_string(&out.path).unwrap(), "old\n");
    }
}
