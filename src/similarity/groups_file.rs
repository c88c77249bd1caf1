//! Groups by canonical form as a file (`canon_groups` with `out`), and
//! grouping one shard of a collection (see [`crate::shard`]).
//!
//! A groups file has one line per group, in order of first appearance:
//! `FORM<TAB>COUNT<TAB>INDICES<TAB>NAME...`: the canonical form (81
//! characters, `0` for empty), how many puzzles share it, their 0-based
//! positions in the input joined by commas, then their names, each escaped
//! as the puzzle files escape names (`sudoku::formats::escape_name`). A
//! shard's part holds the same lines for its own puzzles, with positions in
//! the whole input, so a merge joins equal forms and sorts them back.

use std::io::Write;
use std::path::Path;

use super::groups::{CanonGroup, Grouping, canon_groups};
use super::keys::Named;
use crate::files::SafeFile;
use crate::monitor::Monitor;
use crate::shard::{Digest, Head, Kind, PartWriter, Shard};
use crate::sudoku::Grid;
use crate::sudoku::formats::{escape_name, unescape_name};

/// The line of a group whose members are at `members` (ascending) and
/// named by `name`.
pub fn group_line<S: AsRef<str>>(
    form: &Grid,
    members: &[usize],
    name: impl Fn(usize) -> S,
) -> String {
    let mut line = form.line_zeros();
    line.push('\t');
    line.push_str(&members.len().to_string());
    line.push('\t');
    let indices: Vec<String> = members.iter().map(|i| i.to_string()).collect();
    line.push_str(&indices.join(","));
    for &i in members {
        line.push('\t');
        line.push_str(&escape_name(name(i).as_ref()));
    }
    line
}

/// A group line read back: the form and each member's position and name.
pub fn parse_group_line(text: &str) -> Result<(Grid, Vec<(usize, String)>), String> {
    let mut fields = text.split('\t');
    let form = fields.next().unwrap_or_default();
    let count = fields.next().unwrap_or_default();
    let indices = fields.next().unwrap_or_default();
    let form = match Grid::parse(form) {
        Ok(g) if form.len() == 81 => g,
        _ => return Err(format!("the form {form:?} is not 81 cells")),
    };
    let count: usize = count
        .parse()
        .map_err(|_| format!("the count {count:?} is not a whole number"))?;
    let mut members = Vec::with_capacity(count);
    for (i, name) in indices.split(',').zip(fields.by_ref()) {
        let i = i
            .parse()
            .map_err(|_| format!("the position {i:?} is not a whole number"))?;
        members.push((i, unescape_name(name)));
    }
    let positions = indices.split(',').count();
    if members.len() != count || positions != count || fields.next().is_some() {
        return Err(format!(
            "the count says {count} puzzles, the line has {positions} positions and {} names",
            text.split('\t').count().saturating_sub(3)
        ));
    }
    Ok((form, members))
}

/// A group's line in a shard's part: the puzzle of its first member (81
/// characters, `.` for empty), a tab, then the group's [`group_line`]. The
/// merge recomputes the puzzle's canonical form and checks it is the line's.
pub fn part_group_line(first: &Grid, line: &str) -> String {
    format!("{}\t{line}", first.line())
}

/// A line of [`part_group_line`] read back: the first member's puzzle, the
/// form and the members.
#[allow(clippy::type_complexity)]
pub fn parse_part_group_line(text: &str) -> Result<(Grid, Grid, Vec<(usize, String)>), String> {
    let (first, line) = text
        .split_once('\t')
        .ok_or("a group's line in a part is PUZZLE<TAB>FORM<TAB>COUNT<TAB>POSITIONS<TAB>NAMES")?;
    let puzzle = match Grid::parse(first) {
        Ok(g) if first.len() == 81 => g,
        _ => return Err(format!("the puzzle {first:?} is not 81 cells")),
    };
    let (form, members) = parse_group_line(line)?;
    Ok((puzzle, form, members))
}

/// Writes `groups` (members named by `name`) to `path` as a groups file,
/// safely (see [`crate::files`]); `inputs` may not be written over.
pub fn write_groups<'a>(
    path: &Path,
    groups: &[CanonGroup],
    name: impl Fn(usize) -> &'a str,
    inputs: &[&Path],
) -> Result<(), String> {
    let lines = groups
        .iter()
        .map(|g| group_line(&g.form, &g.members, &name));
    write_lines(path, lines, inputs)
}

/// Writes group lines to `path` as a groups file, safely (see
/// [`crate::files`]); `inputs` may not be written over.
pub fn write_lines(
    path: &Path,
    lines: impl Iterator<Item = String>,
    inputs: &[&Path],
) -> Result<(), String> {
    let mut file = SafeFile::create(path, inputs).map_err(|e| e.to_string())?;
    for line in lines {
        writeln!(file, "{line}").map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    }
    file.commit(path).map_err(|e| e.to_string())
}

/// Writes shard `shard`'s `groups` of `named` (members at their positions
/// in all of `named`) as a part at `path`: the group lines, then the end
/// line with the puzzles of the whole input and a digest of them, so that
/// a merge can tell parts of another input. `input` says what was grouped.
pub fn write_groups_part(
    path: &Path,
    shard: Shard,
    input: &str,
    named: &[Named],
    groups: &[CanonGroup],
    inputs: &[&Path],
) -> Result<(), String> {
    let mut digest = Digest::default();
    for p in named {
        digest.add(p.grid.cells());
        digest.add(p.name.as_bytes());
        digest.add(b"\n");
    }
    let lines = groups.iter().map(|g| {
        let line = group_line(&g.form, &g.members, |i| named[i].name.as_str());
        match g.members.first() {
            Some(&m) => part_group_line(&named[m].grid, &line),
            None => line,
        }
    });
    write_part_lines(
        path,
        shard,
        input,
        lines,
        named.len() as u64,
        digest,
        inputs,
    )
}

/// Writes a part at `path` from its lines ([`part_group_line`]), the number of puzzles in
/// the whole input and their digest (see [`write_groups_part`]).
pub fn write_part_lines(
    path: &Path,
    shard: Shard,
    input: &str,
    lines: impl Iterator<Item = String>,
    total: u64,
    digest: Digest,
    inputs: &[&Path],
) -> Result<(), String> {
    let mut job = serde_json::Map::new();
    job.insert("input".into(), input.into());
    let head = Head {
        kind: Kind::CanonGroups,
        shard,
        job,
    };
    let mut part = PartWriter::create(path, inputs, &head).map_err(|e| e.to_string())?;
    for line in lines {
        part.line(&line).map_err(|e| e.to_string())?;
    }
    let mut totals = serde_json::Map::new();
    totals.insert("file_puzzles".into(), total.into());
    totals.insert("puzzles".into(), shard.len_of(total).into());
    totals.insert("digest".into(), digest.hex().into());
    part.finish(&totals).map_err(|e| e.to_string())
}

/// The groups of `shard`'s puzzles of `grids` (every N-th, see
/// [`Shard::takes`]), members named by their positions in all of `grids`.
/// The whole job when `shard` is 1/1.
pub fn canon_groups_of_shard(grids: &[Grid], shard: Shard, monitor: &dyn Monitor) -> Grouping {
    if shard.is_whole() {
        return canon_groups(grids, monitor);
    }
    let mine: Vec<Grid> = grids
        .iter()
        .enumerate()
        .filter(|(i, _)| shard.takes(*i as u64))
        .map(|(_, g)| *g)
        .collect();
    let mut grouping = canon_groups(&mine, monitor);
    for g in &mut grouping.groups {
        for m in &mut g.members {
            *m = shard.global(*m as u64) as usize;
        }
    }
    grouping
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_back() {
        let form = Grid::parse(&format!("12{}", "0".repeat(79))).unwrap();
        let names = ["a\tb", "#2", ""];
        let line = group_line(&form, &[0, 2], |i| names[i]);
        assert_eq!(line, format!("12{}\t2\t0,2\ta\\tb\t", "0".repeat(79)));
        let (f, members) = parse_group_line(&line).unwrap();
        assert_eq!(f, form);
        assert_eq!(members, vec![(0, "a\tb".to_string()), (2, String::new())]);
        let e = parse_group_line(&format!("12{}\t3\t0,2\ta\tb", "0".repeat(79))).unwrap_err();
        assert_eq!(
            e,
            "the count says 3 puzzles, the line has 2 positions and 2 names"
        );
    }
}
