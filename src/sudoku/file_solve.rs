//! Solving a puzzle file as a stream: read a block of puzzles, solve it on
//! every core (reading the next block meanwhile), write its solutions,
//! forget it. Memory stays the same (two blocks) for a file of a thousand
//! puzzles or of a billion bytes. A shard (see
//! [`crate::shard`]) reads the whole file and solves every N-th puzzle,
//! writing a part that a merge puts back in order.

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::formats::{self, Format, FormatError, Record, SafeWriter};
use super::solver::batch::{self, Outcome};
use crate::monitor::{Monitor, Progress};
use crate::reading::ErrorList;
use crate::shard::lines::{Verdict, record_line};
use crate::shard::{Digest, Head, Kind, PartWriter, Shard};

/// Puzzles read and solved at a time (about 2 MB of records and outcomes):
/// enough to keep every thread busy, small enough that the buffers are
/// reused from block to block instead of grown and faulted in afresh.
const BLOCK: usize = 1 << 13;

/// Puzzles in the first block; each next block is twice the one before,
/// up to [`BLOCK`]. The first block is read before any thread solves
/// (every later one is read while the one before is solved): a whole
/// [`BLOCK`] first left the second core idle for about a twentieth of
/// the 17-clue file's run.
const FIRST_BLOCK: usize = 1 << 9;

/// What solving a file found.
#[derive(Clone, Debug, Default)]
pub struct FileSummary {
    /// Puzzles read and solved (the whole file; a shard's own); when
    /// stopped, only those finished, as `done`.
    pub puzzles: usize,
    /// Puzzles in the file (all shards' together); when stopped, those
    /// read so far.
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
    solve_in_blocks(path, out, shard, threads, monitor, BLOCK)
}

/// One block of puzzles read from the file: the grids to solve, with their
/// places in the file and (when they are written out) their records.
#[derive(Default)]
struct Block {
    records: Vec<Record>,
    indices: Vec<u64>,
    grids: Vec<super::Grid>,
}

/// The file being read a block at a time, with what reading it found.
struct Reader<'m> {
    /// (Sent to a pool thread, which reads while another solves.)
    records: formats::Records<'m, Box<dyn std::io::BufRead + Send + 'm>>,
    shard: Shard,
    keep_records: bool,
    /// Puzzles the next block holds: [`FIRST_BLOCK`], doubled after each
    /// block up to `most`.
    size: usize,
    /// Puzzles a block holds at most.
    most: usize,
    /// The whole file's puzzles, for a shard's part (each shard reads all).
    digest: Digest,
    first_error: Option<FormatError>,
}

impl Reader<'_> {
    /// Reads the next puzzles of the shard into `block` (emptied first), up
    /// to a block's worth; counts the file's puzzles and bad lines in `sum`.
    fn fill(&mut self, block: &mut Block, sum: &mut FileSummary) {
        block.records.clear();
        block.indices.clear();
        block.grids.clear();
        // Room for the block at once, not by doubling (each doubling a
        // copy and fresh pages).
        block.grids.reserve(self.size);
        block.indices.reserve(self.size);
        for item in self.records.by_ref() {
            match item {
                Ok(r) => {
                    let i = sum.file_puzzles as u64;
                    sum.file_puzzles += 1;
                    if !self.shard.is_whole() {
                        self.digest.add(r.grid.cells());
                        self.digest.add(r.name.as_deref().unwrap_or("").as_bytes());
                        if !self.shard.takes(i) {
                            continue;
                        }
                    }
                    block.grids.push(r.grid);
                    if self.keep_records {
                        block.records.push(r);
                    }
                    block.indices.push(i);
                    if block.grids.len() == self.size {
                        break;
                    }
                }
                Err(e) => e.file_into(&mut self.first_error, &mut sum.errors),
            }
        }
        self.size = (self.size * 2).min(self.most);
    }
}

/// [`solve_file_shard`] reading `block_size` puzzles at a time.
fn solve_in_blocks(
    path: &Path,
    out: Option<&Output>,
    shard: Shard,
    threads: usize,
    monitor: &dyn Monitor,
    block_size: usize,
) -> Result<FileSummary, String> {
    let start = Instant::now();
    let mut sink = match out {
        Some(o) => Some(open_sink(path, o, shard)?),
        None => None,
    };
    let mut reader = Reader {
        records: formats::records_of_file(path, monitor),
        shard,
        // The records are kept only to be written out; the search needs the grids.
        keep_records: sink.is_some(),
        size: block_size.min(FIRST_BLOCK),
        most: block_size,
        digest: Digest::default(),
        first_error: None,
    };
    let mut sum = FileSummary::default();
    let (mut block, mut next) = (Block::default(), Block::default());
    reader.fill(&mut block, &mut sum);
    loop {
        if reader.records.stopped() {
            // Ctrl+C or the memory budget while reading: this block is not solved.
            sum.stopped = true;
            break;
        }
        if block.grids.is_empty() {
            break;
        }
        sum.puzzles += block.grids.len();
        let (t, solved) = solve_block(&block, &mut next, &mut reader, &mut sum, threads, monitor);
        sum.add(&t);
        if t.stopped {
            sum.stopped = true;
            break;
        }
        if let (Some(sink), Some(o), Some(b)) = (sink.as_mut(), out, solved) {
            write_block(sink, o.format, path, &block, &b)?;
        }
        std::mem::swap(&mut block, &mut next);
    }
    sum.seconds = start.elapsed().as_secs_f64();
    if sum.stopped {
        // A stopped run reports what it finished: the puzzles of a block
        // read (or read ahead) but not solved are not counted as puzzles.
        sum.puzzles = sum.done;
    }
    if sum.file_puzzles == 0 && !sum.stopped {
        let why = reader
            .first_error
            .map(|e| e.to_string())
            .unwrap_or_else(|| format!("{}: no puzzles in the file", path.display()));
        return Err(why);
    }
    match sink {
        Some(sink) if !sum.stopped => close_sink(sink, &sum, &reader.digest)?,
        _ => {}
    }
    Ok(sum)
}

/// Where shard `shard` of solving `path` writes: `out` itself, or the
/// shard's part beside it, its header naming the job.
fn open_sink(path: &Path, out: &Output, shard: Shard) -> Result<Sink, String> {
    if shard.is_whole() {
        return Ok(Sink::Plain(SafeWriter::create(
            &out.path,
            out.format,
            &[path],
        )?));
    }
    let mut job = serde_json::Map::new();
    job.insert("input".into(), path.display().to_string().into());
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    job.insert("bytes".into(), bytes.into());
    job.insert("format".into(), out.format.name().into());
    let head = Head {
        kind: Kind::SolveFile,
        shard,
        job,
    };
    PartWriter::create(&shard.part_path(&out.path), &[path], &head)
        .map(Sink::Part)
        .map_err(|e| e.to_string())
}

/// Solves `block` on `threads` threads and, meanwhile on more than one
/// thread, reads the next block into `next` (reading is serial, and every
/// core would wait for it). The block's tally, and its solutions when
/// they are written out (a run that writes nothing only counts: no
/// solution grid is built).
fn solve_block(
    block: &Block,
    next: &mut Block,
    reader: &mut Reader,
    sum: &mut FileSummary,
    threads: usize,
    monitor: &dyn Monitor,
) -> (batch::Tally, Option<batch::Batch>) {
    let offset = Offset {
        inner: monitor,
        done: sum.done as u64,
        found: sum.solved as u64,
    };
    let keep_records = reader.keep_records;
    let grids = &block.grids;
    let solve = || {
        if keep_records {
            let b = batch::solve_all(grids, threads, &offset);
            (b.tally(), Some(b))
        } else {
            (batch::tally_all(grids, threads, &offset), None)
        }
    };
    let mut read = || reader.fill(next, sum);
    match threads {
        1 => {
            let done = solve();
            read();
            done
        }
        // One of the pool's threads reads while the others solve, and
        // joins the solving when it is done: as many threads as asked
        // are busy, never one more (this thread waits), so the reading
        // is not a third thread taking turns with two solvers.
        0 => rayon::join(read, solve).1,
        n => match crate::threads::pool(n) {
            Ok(pool) => pool.install(|| rayon::join(read, solve)).1,
            // Its threads could not start (checked before the job, so
            // rare): this thread, as `batch` then does.
            Err(_) => {
                let done = solve();
                read();
                done
            }
        },
    }
}

/// Writes a solved block's puzzles with their solutions (`solved`) to
/// `sink`: the output file in `format`, or a shard's part.
fn write_block(
    sink: &mut Sink,
    format: Format,
    path: &Path,
    block: &Block,
    solved: &batch::Batch,
) -> Result<(), String> {
    for ((r, outcome), &i) in block
        .records
        .iter()
        .zip(&solved.outcomes)
        .zip(&block.indices)
    {
        let solution = outcome.as_ref().and_then(|o| o.solution());
        match sink {
            Sink::Plain(w) => w.push(&match format {
                Format::Lines => Record::new(solution.unwrap_or(r.grid)),
                _ => Record {
                    solution,
                    ..r.clone()
                },
            })?,
            // The part keeps the puzzle, its verdict and its
            // solution whatever the format, so that the merge can
            // check one against the other (and makes the record).
            Sink::Part(p) => {
                let verdict = match outcome {
                    Some(Outcome::Unique(_)) => Verdict::Unique,
                    Some(Outcome::Multiple(_)) => Verdict::Multiple,
                    Some(Outcome::Invalid(_)) => Verdict::Invalid,
                    Some(Outcome::Unsolvable) => Verdict::Unsolvable,
                    None => {
                        return Err(format!(
                            "{}: puzzle {} was not solved",
                            path.display(),
                            i + 1
                        ));
                    }
                };
                let record = Record {
                    solution,
                    ..r.clone()
                };
                p.line(&record_line(i, &record, verdict))
                    .map_err(|e| e.to_string())?
            }
        }
    }
    Ok(())
}

/// Puts a whole run's output in place: the file, or the shard's part
/// with its end line (the shard's counts and the `digest` of the whole
/// file's puzzles).
fn close_sink(sink: Sink, sum: &FileSummary, digest: &Digest) -> Result<(), String> {
    match sink {
        Sink::Plain(w) => w.finish(),
        Sink::Part(p) => {
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
            p.finish(&totals).map_err(|e| e.to_string())
        }
    }
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
    fn blocks_read_while_solving_give_the_serial_result() {
        // 23 puzzles (one under-constrained) among bad lines, in blocks of
        // 4: the next block is read while one is solved on two threads.
        // Every way must write the same file and count the same.
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("p.txt");
        let mut text = String::new();
        let clark = crate::sudoku::puzzles::CLARK;
        for (i, (_, p)) in crate::sudoku::puzzles::ALL
            .iter()
            .cycle()
            .take(22)
            .enumerate()
        {
            let p = if *p == clark { P } else { p };
            text.push_str(&format!("{p}\n"));
            if i % 7 == 3 {
                text.push_str("bad line\n");
            }
        }
        text.push_str(&format!("{clark}\n"));
        std::fs::write(&input, &text).unwrap();
        let run = |threads: usize, block: usize, shard: Shard| {
            let out = Output {
                path: dir.path().join(format!("o-{threads}-{block}.txt")),
                format: Format::Lines,
            };
            let s = solve_in_blocks(&input, Some(&out), shard, threads, &Silent, block).unwrap();
            let written = if shard.is_whole() {
                std::fs::read_to_string(&out.path).unwrap()
            } else {
                std::fs::read_to_string(shard.part_path(&out.path)).unwrap()
            };
            let counts = (
                s.puzzles,
                s.file_puzzles,
                s.unique,
                s.multiple,
                s.errors.total(),
            );
            (counts, written)
        };
        let whole = run(1, BLOCK, Shard::WHOLE);
        assert_eq!(whole.0, (23, 23, 22, 1, 3));
        assert_eq!(whole.1.lines().count(), 23);
        for (threads, block) in [(1, 4), (2, 4), (2, 1), (0, 5), (2, 23), (2, 24)] {
            assert_eq!(
                run(threads, block, Shard::WHOLE),
                whole,
                "{threads} threads, blocks of {block}"
            );
        }
        let shard = Shard::new(2, 3).unwrap();
        let serial = run(1, BLOCK, shard);
        assert_eq!(serial.0, (8, 23, 7, 1, 3));
        assert_eq!(run(2, 3, shard), serial);
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
        for threads in [1, 2] {
            let s = solve_file(&input, Some(&out), threads, &Flag(&stop)).unwrap();
            assert!(s.stopped);
            assert_eq!(std::fs::read_to_string(&out.path).unwrap(), "old\n");
        }
    }
}
