//! Grouping a puzzle file by canonical form as it is read (`canon_groups`
//! of a file, whole or one shard): the file streams through the puzzle
//! reader in batches, each batch is canonicalized on all cores, and only
//! what the groups need is kept: per group its form packed four bits a
//! cell and its first and last member, per puzzle taken its line, the next
//! member of its group and its name when the line has one. Every puzzle of
//! the file is read (the shard's part records a digest of them all), only
//! the shard's own are canonicalized.

use std::fmt;
use std::path::Path;

use rayon::prelude::*;

use super::canon::with_work;
use super::read::ReadError;
use super::table::{FormIndex, GroupTable, NONE, Packed};
use crate::monitor::{Monitor, Progress};
use crate::shard::Shard;
use crate::sudoku::Grid;
use crate::sudoku::formats::{ErrorKind, records_of_file};

/// Puzzles read before a batch is canonicalized: big enough to share out
/// among the cores, small enough to keep memory flat (the batch's grids
/// and forms are 130 bytes a puzzle, each page of them a page fault).
const BATCH: usize = 4096;

/// The most puzzles the table makes room for before reading (see
/// [`expected`]); past it the lists grow as they fill.
const MAX_EXPECT: u64 = 1 << 20;

/// How many puzzles of a file `len` bytes long `shard` takes at most, if
/// every line is a puzzle of 81 characters and a line end (shorter
/// formats only make the lists grow), up to [`MAX_EXPECT`].
fn expected(len: u64, shard: Shard) -> usize {
    let lines = (len.saturating_add(1) / 82).min(MAX_EXPECT);
    (lines / shard.count() + 1) as usize
}

/// Why a file was not grouped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamError {
    /// The file could not be read whole (its first bad line, or stopped
    /// while reading).
    Read(ReadError),
    /// A puzzle holds values above 9.
    NotDigits,
    /// The monitor stopped the work after `done` puzzles of the shard.
    Stopped { done: u64 },
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Read(e) => write!(f, "{e}"),
            StreamError::NotDigits => {
                write!(f, "the grid holds values above 9: it is not a puzzle")
            }
            StreamError::Stopped { done } => write!(f, "stopped after {done} puzzles"),
        }
    }
}

/// Groups the puzzles of the file at `path` that are `shard`'s (every
/// N-th, see [`Shard::takes`]; all of them for 1/1) by canonical form, as
/// the file is read. The first bad line is an error, as is a file that
/// cannot be read; an empty file has no groups. The monitor may stop the
/// work (an error then: no partial groups).
pub fn group_file(
    path: &Path,
    shard: Shard,
    monitor: &dyn Monitor,
) -> Result<GroupTable, StreamError> {
    let file = path.display().to_string();
    let mut records = records_of_file(path, monitor);
    // Room for every puzzle the file can hold, so that the lists and the
    // index never grow: each doubling copied them into fresh pages.
    let expect = std::fs::metadata(path).map_or(0, |m| expected(m.len(), shard));
    let mut out = GroupTable::for_file(file.clone(), shard, expect);
    let mut index = FormIndex::with_capacity(expect);
    let mut batch: Vec<Grid> = Vec::with_capacity(BATCH);
    let mut forms: Vec<Packed> = Vec::with_capacity(BATCH);
    let mut not_digits = false;
    let mut line_text = String::new();
    let flush = |out: &mut GroupTable,
                 batch: &mut Vec<Grid>,
                 forms: &mut Vec<Packed>,
                 index: &mut FormIndex|
     -> Result<(), StreamError> {
        if monitor.cancelled() {
            return Err(StreamError::Stopped {
                done: (out.puzzles() - batch.len()) as u64,
            });
        }
        canonicalize(batch, forms);
        let first = (out.puzzles() - batch.len()) as u32;
        out.add(first, batch, forms, index);
        monitor.report(&Progress {
            label: "canonical forms",
            done: out.puzzles() as u64,
            total: None,
            found: out.len() as u64,
        });
        batch.clear();
        Ok(())
    };
    for item in records.by_ref() {
        let r = match item {
            Ok(r) => r,
            Err(e) if e.kind == ErrorKind::Empty => continue,
            Err(e) => return Err(StreamError::Read(ReadError::Bad(e))),
        };
        let i = out.total;
        out.total += 1;
        // Only a shard's part records the digest.
        if !shard.is_whole() {
            out.digest.add(r.grid.cells());
            let name = match &r.name {
                Some(n) => n.as_str(),
                None => {
                    line_text.clear();
                    use std::fmt::Write;
                    let _ = write!(line_text, "{file}:{}", r.line);
                    line_text.as_str()
                }
            };
            out.digest.add(name.as_bytes());
            out.digest.add(b"\n");
        }
        if !shard.takes(i) || not_digits {
            continue;
        }
        if !r.grid.is_digits() {
            // Reported once the whole file has read well (a bad line
            // comes first, as when the file was read before grouping).
            not_digits = true;
            continue;
        }
        u32::try_from(out.puzzles())
            .ok()
            .filter(|&n| n < NONE)
            .ok_or_else(|| StreamError::Read(too_many(&file, r.line)))?;
        let line = u32::try_from(r.line).map_err(|_| StreamError::Read(too_many(&file, r.line)))?;
        out.take(line, r.name);
        batch.push(r.grid);
        if batch.len() == BATCH {
            flush(&mut out, &mut batch, &mut forms, &mut index)?;
        }
    }
    if records.stopped() {
        return Err(StreamError::Read(ReadError::Stopped {
            file,
            lines: records.line(),
        }));
    }
    if not_digits {
        return Err(StreamError::NotDigits);
    }
    flush(&mut out, &mut batch, &mut forms, &mut index)?;
    Ok(out)
}

/// The error for a file past what the compact table counts (4 billion
/// puzzles or lines).
fn too_many(file: &str, line: usize) -> ReadError {
    ReadError::Bad(crate::sudoku::formats::FormatError {
        file: file.to_string(),
        line,
        kind: ErrorKind::Unreadable("too many puzzles for one grouping (over 4 billion)".into()),
    })
}

/// The packed forms of `batch` into `forms`, on all cores when there is
/// more than one and enough work. Each thread keeps its work space from
/// batch to batch (see [`with_work`]).
fn canonicalize(batch: &[Grid], forms: &mut Vec<Packed>) {
    forms.clear();
    let threads = rayon::current_num_threads();
    if threads < 2 || batch.len() < 256 {
        with_work(|c| forms.extend(batch.iter().map(|g| c.canon_packed(g))));
        return;
    }
    forms.resize(batch.len(), [0; 6]);
    let unit = batch.len().div_ceil(4 * threads);
    forms
        .par_chunks_mut(unit)
        .zip(batch.par_chunks(unit))
        .for_each(|(out, grids)| {
            with_work(|c| {
                for (form, g) in out.iter_mut().zip(grids) {
                    *form = c.canon_packed(g);
                }
            })
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::{Flag, Silent};
    use crate::similarity::Transform;
    use crate::similarity::groups_file::canon_groups_of_shard;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;
    use std::io::Write;
    use std::sync::atomic::AtomicBool;

    const X: &str =
        "000200001008000050000300000400000600210000000000050080300000002000060400009080000";

    /// Grouping as the file is read gives the groups of the puzzles read
    /// first and grouped in memory, whole and by shard, with the names.
    #[test]
    fn streamed_groups_are_the_in_memory_groups() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let x = Grid::parse(X).unwrap();
        let mut other = *x.cells();
        other.swap(0, 3);
        let other = Grid::from_cells(other);
        // Enough puzzles for several batches: moved copies of two puzzles.
        let grids: Vec<Grid> = (0..BATCH + 300)
            .map(|i| {
                let g = if i % 3 == 0 { other } else { x };
                Transform::random(&mut rng).apply(&g)
            })
            .collect();
        let mut file = tempfile::NamedTempFile::new().unwrap();
        writeln!(file, "# a comment, then a blank line\n").unwrap();
        for (i, g) in grids.iter().enumerate() {
            if i % 5 == 1 {
                writeln!(file, "p{i}\t{}", g.line()).unwrap();
            } else {
                writeln!(file, "{}", g.line()).unwrap();
            }
        }
        file.flush().unwrap();
        let path = file.path();
        let shown = path.display().to_string();
        for shard in [Shard::WHOLE, Shard::new(2, 3).unwrap()] {
            let got = group_file(path, shard, &Silent).unwrap();
            let want = canon_groups_of_shard(&grids, shard, &Silent);
            assert_eq!(got.total, grids.len() as u64);
            assert_eq!(got.len(), want.groups.len());
            for (g, w) in want.groups.iter().enumerate() {
                assert_eq!(got.form(g), w.form);
                let members = got.members(g);
                let at: Vec<usize> = members.iter().map(|m| m.0).collect();
                assert_eq!(at, w.members);
                for (i, name) in members {
                    let want_name = if i % 5 == 1 {
                        format!("p{i}")
                    } else {
                        format!("{shown}:{}", i + 3)
                    };
                    assert_eq!(name, want_name);
                }
            }
        }
        let stop = AtomicBool::new(true);
        assert!(group_file(path, Shard::WHOLE, &Flag(&stop)).is_err());
        let Err(e) = group_file(Path::new("/no/such/file.txt"), Shard::WHOLE, &Silent) else {
            panic!("a missing file is an error");
        };
        assert!(
            e.to_string().starts_with("/no/such/file.txt: cannot read"),
            "{e}"
        );
    }
}
