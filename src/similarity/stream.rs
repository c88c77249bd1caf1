//! Grouping a puzzle file by canonical form as it is read (`canon_groups`
//! of a file, whole or one shard): the file streams through the puzzle
//! reader in batches, each batch is canonicalized on all cores, and only
//! what the groups need is kept: per group its form packed four bits a
//! cell and its first and last member, per puzzle taken its line, the next
//! member of its group and its name when the line has one. Every puzzle of
//! the file is read (the shard's part records a digest of them all), only
//! the shard's own are canonicalized.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::Path;

use rayon::prelude::*;

use super::canon::Canonicalizer;
use super::groups_file::group_line;
use super::read::ReadError;
use crate::monitor::{Monitor, Progress};
use crate::shard::{Digest, Shard};
use crate::sudoku::Grid;
use crate::sudoku::formats::{ErrorKind, records_of_file};

/// Puzzles read before a batch is canonicalized: big enough to share out
/// among the cores, small enough to keep memory flat.
const BATCH: usize = 8192;

/// Marks the end of a group's member list.
const NONE: u32 = u32::MAX;

/// A canonical form packed four bits a cell, first cell highest.
type Packed = [u64; 6];

fn pack(g: &Grid) -> Packed {
    let mut p = [0u64; 6];
    for (i, &v) in g.cells().iter().enumerate() {
        p[i / 16] |= u64::from(v & 15) << (60 - 4 * (i % 16));
    }
    p
}

fn unpack(p: &Packed) -> Grid {
    Grid::from_cells(std::array::from_fn(|i| {
        (p[i / 16] >> (60 - 4 * (i % 16)) & 15) as u8
    }))
}

/// A multiply-rotate hasher for packed forms (already well mixed: a form
/// is 324 bits of cells; `std`'s keyed hasher is slower and guards
/// against chosen collisions no file of puzzles can mount here cheaply
/// enough to matter: the worst is a slower grouping).
#[derive(Default)]
struct FormHasher(u64);

impl Hasher for FormHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
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

/// One group while grouping: its first and last member (local indices)
/// and how many it has.
#[derive(Clone, Copy)]
struct Slot {
    first: u32,
    last: u32,
    count: u32,
}

/// The groups of a file (or of one shard of it), compactly.
pub struct FileGroups {
    file: String,
    shard: Shard,
    forms: Vec<Packed>,
    slots: Vec<Slot>,
    /// Per puzzle taken (local index): the next member of its group.
    next: Vec<u32>,
    /// Per puzzle taken: its line in the file.
    lines: Vec<u32>,
    /// The names of the puzzles taken that have one: (local index, name),
    /// ascending.
    names: Vec<(u32, Box<str>)>,
    /// Puzzles in the whole file.
    pub total: u64,
    /// Digest of every puzzle of the file with its name (see
    /// [`crate::shard::Digest`]), for a shard's part (not kept for 1/1).
    pub digest: Digest,
}

impl FileGroups {
    /// The number of groups.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// True when no puzzle was grouped.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// Puzzles grouped (the shard's share of the file).
    pub fn puzzles(&self) -> usize {
        self.next.len()
    }

    /// Group `g`'s canonical form (groups in order of first appearance).
    pub fn form(&self, g: usize) -> Grid {
        unpack(&self.forms[g])
    }

    /// Group `g`'s members as positions in the whole file, ascending,
    /// with their names (a puzzle without one is `FILE:LINE`).
    pub fn members(&self, g: usize) -> Vec<(usize, String)> {
        let mut out = Vec::with_capacity(self.slots[g].count as usize);
        let mut m = self.slots[g].first;
        while m != NONE {
            let global = self.shard.global(u64::from(m)) as usize;
            out.push((global, self.name(m)));
            m = self.next[m as usize];
        }
        out
    }

    /// Group `g` as a line of a groups file (see [`super::groups_file`]).
    pub fn line(&self, g: usize) -> String {
        let members = self.members(g);
        let positions: Vec<usize> = members.iter().map(|m| m.0).collect();
        group_line(&self.form(g), &positions, |i| {
            let k = members.partition_point(|m| m.0 < i);
            members[k].1.as_str()
        })
    }

    fn name(&self, local: u32) -> String {
        match self.names.binary_search_by_key(&local, |e| e.0) {
            Ok(k) => self.names[k].1.to_string(),
            Err(_) => format!("{}:{}", self.file, self.lines[local as usize]),
        }
    }

    /// Adds the puzzles taken at local indices `first..` with forms `forms`.
    fn add(&mut self, first: u32, forms: &[Packed], index: &mut FormIndex) {
        for (k, form) in forms.iter().enumerate() {
            let m = first + k as u32;
            match index.get(form) {
                Some(&g) => {
                    let slot = &mut self.slots[g as usize];
                    self.next[slot.last as usize] = m;
                    slot.last = m;
                    slot.count += 1;
                }
                None => {
                    index.insert(*form, self.forms.len() as u32);
                    self.forms.push(*form);
                    self.slots.push(Slot {
                        first: m,
                        last: m,
                        count: 1,
                    });
                }
            }
        }
    }
}

type FormIndex = HashMap<Packed, u32, BuildHasherDefault<FormHasher>>;

/// Groups the puzzles of the file at `path` that are `shard`'s (every
/// N-th, see [`Shard::takes`]; all of them for 1/1) by canonical form, as
/// the file is read. The first bad line is an error, as is a file that
/// cannot be read; an empty file has no groups. The monitor may stop the
/// work (an error then: no partial groups).
pub fn group_file(
    path: &Path,
    shard: Shard,
    monitor: &dyn Monitor,
) -> Result<FileGroups, StreamError> {
    let file = path.display().to_string();
    let mut records = records_of_file(path, monitor);
    let mut out = FileGroups {
        file: file.clone(),
        shard,
        forms: Vec::new(),
        slots: Vec::new(),
        next: Vec::new(),
        lines: Vec::new(),
        names: Vec::new(),
        total: 0,
        digest: Digest::default(),
    };
    let mut index = FormIndex::default();
    let mut batch: Vec<Grid> = Vec::with_capacity(BATCH);
    let mut forms: Vec<Packed> = Vec::with_capacity(BATCH);
    let mut canon = Canonicalizer::new();
    let mut not_digits = false;
    let mut line_text = String::new();
    let mut flush = |out: &mut FileGroups,
                     batch: &mut Vec<Grid>,
                     forms: &mut Vec<Packed>,
                     index: &mut FormIndex|
     -> Result<(), StreamError> {
        if monitor.cancelled() {
            return Err(StreamError::Stopped {
                done: (out.next.len() - batch.len()) as u64,
            });
        }
        canonicalize(batch, forms, &mut canon);
        let first = (out.next.len() - batch.len()) as u32;
        out.add(first, forms, index);
        monitor.report(&Progress {
            label: "canonical forms",
            done: out.next.len() as u64,
            total: None,
            found: out.forms.len() as u64,
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
        let local = u32::try_from(out.next.len())
            .ok()
            .filter(|&n| n < NONE)
            .ok_or_else(|| StreamError::Read(too_many(&file, r.line)))?;
        let line = u32::try_from(r.line).map_err(|_| StreamError::Read(too_many(&file, r.line)))?;
        out.next.push(NONE);
        out.lines.push(line);
        if let Some(n) = r.name {
            out.names.push((local, n.into_boxed_str()));
        }
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
/// more than one and enough work.
fn canonicalize(batch: &[Grid], forms: &mut Vec<Packed>, canon: &mut Canonicalizer) {
    forms.clear();
    let threads = rayon::current_num_threads();
    if threads < 2 || batch.len() < 256 {
        forms.extend(batch.iter().map(|g| pack(&canon.canon(g))));
        return;
    }
    let unit = batch.len().div_ceil(4 * threads);
    batch
        .par_iter()
        .with_min_len(unit)
        .map_init(Canonicalizer::new, |c, g| pack(&c.canon(g)))
        .collect_into_vec(forms);
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

    #[test]
    fn packing_round_trips() {
        let g = Grid::parse(X).unwrap();
        assert_eq!(unpack(&pack(&g)), g);
        assert_eq!(unpack(&pack(&Grid::empty())), Grid::empty());
    }
}
