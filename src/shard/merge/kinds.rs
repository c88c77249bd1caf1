//! The bodies of each kind of part, read line by line and checked: a
//! solve part's solutions against their puzzles, a generated puzzle's
//! uniqueness, a rating line's form, a group's canonical form recomputed.

use super::*;

/// The keys of a solved part's end line recounted from its body.
const SOLVED: [&str; 6] = [
    "puzzles",
    "solved",
    "unique",
    "multiple",
    "invalid",
    "unsolvable",
];

pub(super) fn solved(
    parts: &[Part],
    out: &Path,
    inputs: &[&Path],
    monitor: &dyn Monitor,
) -> Result<Totals, MergeError> {
    let first = &parts[0];
    same_input(parts, &["file_puzzles", "errors", "digest"])?;
    let total = first.number("file_puzzles")?;
    let errors = first.number("errors")?;
    check_items(parts, total)?;
    let format = first
        .head
        .job
        .get("format")
        .and_then(Value::as_str)
        .and_then(Format::from_name)
        .ok_or_else(|| format!("{}: the header names no known format", first.name()))?;
    let mut w = SafeWriter::create(out, format, inputs)?;
    let mut tallies = vec![Tally::new(); parts.len()];
    let mut digest = Digest::default();
    let ends = in_turn(
        parts,
        total,
        monitor,
        "merging",
        |i, j, body, line, text| {
            let (index, record, verdict) =
                parse_record_line(text).map_err(|e| body.error(line, e))?;
            want_index(body, line, index, i)?;
            digest.add(record.grid.cells());
            digest.add(record.name.as_deref().unwrap_or("").as_bytes());
            let tally = &mut tallies[j];
            *tally.entry("puzzles").or_default() += 1;
            *tally.entry(verdict.name()).or_default() += 1;
            if matches!(verdict, Verdict::Unique | Verdict::Multiple) {
                *tally.entry("solved").or_default() += 1;
            }
            // What the whole run writes of it (see `sudoku::file_solve`).
            match format {
                Format::Lines => w.push(&Record::new(record.solution.unwrap_or(record.grid))),
                _ => w.push(&record),
            }
        },
    )?;
    check_tallies(parts, &ends, &tallies, &SOLVED)?;
    check_digest(parts, &ends, digest)?;
    w.finish()?;
    let mut totals = Totals::new();
    sums(&tallies, &SOLVED, &mut totals);
    totals.insert("errors".into(), errors.into());
    Ok(totals)
}

pub(super) fn generated(
    parts: &[Part],
    out: &Path,
    inputs: &[&Path],
    monitor: &dyn Monitor,
) -> Result<Totals, MergeError> {
    let total = job_number(&parts[0], "count")?;
    check_items(parts, total)?;
    let mut file = SafeFile::create(out, inputs).map_err(|e| e.to_string())?;
    let cannot = |e: std::io::Error| format!("{}: cannot write: {e}", out.display());
    let mut tallies = vec![Tally::new(); parts.len()];
    let ends = in_turn(
        parts,
        total,
        monitor,
        "merging",
        |i, j, body, line, text| {
            let (index, grid) = parse_puzzle_line(text).map_err(|e| body.error(line, e))?;
            want_index(body, line, index, i)?;
            // A generated puzzle has one solution: a count to two of the fast
            // solver says so (microseconds; making the puzzle took far more).
            match crate::sudoku::solver::count_only(&grid, 2) {
                Ok(1) => {}
                Ok(n) => {
                    return Err(body.error(
                        line,
                        format!(
                            "the puzzle has {} solutions: a generated puzzle has one",
                            if n == 0 { "no" } else { "several" }
                        ),
                    ));
                }
                Err(e) => return Err(body.error(line, format!("the puzzle breaks the rules: {e}"))),
            }
            *tallies[j].entry("puzzles").or_default() += 1;
            writeln!(file, "{}", grid.line()).map_err(cannot)
        },
    )?;
    check_tallies(parts, &ends, &tallies, &["puzzles"])?;
    file.commit(out).map_err(|e| e.to_string())?;
    let mut totals = Totals::new();
    sums(&tallies, &["puzzles"], &mut totals);
    Ok(totals)
}

/// The keys of a rated part's end line recounted from its body.
const RATED: [&str; 3] = ["exact", "bounded", "unrated"];

/// The lines of a rated file back in input order, the counts summed.
pub(super) fn rated(
    parts: &[Part],
    out: &Path,
    inputs: &[&Path],
    monitor: &dyn Monitor,
) -> Result<Totals, MergeError> {
    same_input(parts, &["file_puzzles", "errors", "digest"])?;
    let total = parts[0].number("file_puzzles")?;
    check_items(parts, total)?;
    let mut file = SafeFile::create(out, inputs).map_err(|e| e.to_string())?;
    let cannot = |e: std::io::Error| format!("{}: cannot write: {e}", out.display());
    let mut tallies = vec![Tally::new(); parts.len()];
    let mut digest = Digest::default();
    let ends = in_turn(
        parts,
        total,
        monitor,
        "merging",
        |i, j, body, line, text| {
            let (index, rest) = parse_text_line(text).map_err(|e| body.error(line, e))?;
            want_index(body, line, index, i)?;
            let (grid, rated) = parse_rated(rest).map_err(|e| body.error(line, e))?;
            digest.add(grid.cells());
            // A pencil-mark line's marks, as `rate_file` digests them.
            if let Some((marks, _)) = rest.split_once(' ')
                && crate::sudoku::formats::is_pencil_line(marks)
            {
                digest.add(marks.as_bytes());
            }
            *tallies[j].entry("puzzles").or_default() += 1;
            *tallies[j].entry(rated.name()).or_default() += 1;
            writeln!(file, "{rest}").map_err(cannot)
        },
    )?;
    check_tallies(parts, &ends, &tallies, &RATED)?;
    check_digest(parts, &ends, digest)?;
    file.commit(out).map_err(|e| e.to_string())?;
    let mut totals = Totals::new();
    sums(&tallies, &["puzzles"], &mut totals);
    sums(&tallies, &RATED, &mut totals);
    Ok(totals)
}

/// A group's line of a part read: its line number, the first member's
/// puzzle, the form, the members.
type GroupLine = (usize, Grid, Grid, Vec<(usize, String)>);

/// Group lines whose forms are checked at once, on all cores.
const FORM_BATCH: usize = 8192;

/// Each line's form is the canonical form of the group's first puzzle,
/// recomputed (one canonical form a group, on all cores: about what
/// grouping the same puzzles cost; see docs/design.md). The first line
/// that fails, with why.
fn check_forms(batch: &[GroupLine]) -> Result<(), (usize, String)> {
    use rayon::prelude::*;
    let bad = batch
        .par_iter()
        .map_init(Canonicalizer::new, |canon, (line, puzzle, form, _)| {
            let of_puzzle = canon.canon(puzzle);
            (of_puzzle != *form).then(|| {
                (
                    *line,
                    format!(
                        "the form {} is not the canonical form of the group's first puzzle {} (that is {})",
                        form.line_zeros(),
                        puzzle.line(),
                        of_puzzle.line_zeros()
                    ),
                )
            })
        })
        .find_map_first(|bad| bad);
    match bad {
        Some(bad) => Err(bad),
        None => Ok(()),
    }
}

pub(super) fn grouped(
    parts: &[Part],
    out: &Path,
    inputs: &[&Path],
    monitor: &dyn Monitor,
) -> Result<Totals, MergeError> {
    same_input(parts, &["file_puzzles", "digest"])?;
    let total = parts[0].number("file_puzzles")?;
    // Each position takes at least two bytes of a part: an end line
    // claiming more puzzles is refused before anything is sized by it.
    let bytes: u64 = parts
        .iter()
        .map(|p| std::fs::metadata(&p.path).map_or(0, |m| m.len()))
        .sum();
    if total > bytes / 2 {
        return Err(parts[0]
            .at_end(format!(
                "the end line says {total} puzzles, more than the parts can hold"
            ))
            .into());
    }
    // Every position once: which shard's puzzle it is follows from it.
    let mut seen = vec![false; total as usize];
    let mut index: HashMap<Grid, usize> = HashMap::new();
    let mut groups: Vec<(Grid, Vec<(usize, String)>)> = Vec::new();
    let mut done = 0u64;
    for p in parts {
        let mut body = Body::open(p, monitor)?;
        let mut puzzles = 0u64;
        let mut batch: Vec<GroupLine> = Vec::with_capacity(FORM_BATCH);
        loop {
            batch.clear();
            while batch.len() < FORM_BATCH {
                let Some((line, text)) = body.next_line()? else {
                    break;
                };
                let (puzzle, form, members) =
                    parse_part_group_line(text).map_err(|e| body.error(line, e))?;
                batch.push((line, puzzle, form, members));
            }
            if batch.is_empty() {
                break;
            }
            check_forms(&batch).map_err(|(line, why)| body.error(line, why))?;
            for (line, _, form, members) in batch.drain(..) {
                for (i, _) in &members {
                    let taken = p.head.shard.takes(*i as u64);
                    match seen.get_mut(*i) {
                        Some(s) if !*s && taken => *s = true,
                        _ => {
                            return Err(body
                                .error(
                                    line,
                                    format!(
                                        "position {i} is not shard {}'s, or is given twice",
                                        p.head.shard
                                    ),
                                )
                                .into());
                        }
                    }
                }
                puzzles += members.len() as u64;
                match index.get(&form) {
                    Some(&g) => groups[g].1.extend(members),
                    None => {
                        index.insert(form, groups.len());
                        groups.push((form, members));
                    }
                }
            }
        }
        if body.stopped() {
            return Err(MergeError::Stopped { done });
        }
        let end = close(&mut body, p, done)?;
        check_tallies(
            std::slice::from_ref(p),
            &[end],
            &[Tally::from([("puzzles", puzzles)])],
            &["puzzles"],
        )?;
        done += puzzles;
    }
    if let Some(i) = seen.iter().position(|s| !s) {
        return Err(format!(
            "no part holds puzzle {i} of {total} (the end lines say {total} puzzles)"
        )
        .into());
    }
    for (_, members) in &mut groups {
        members.sort_unstable_by_key(|(i, _)| *i);
    }
    groups.sort_unstable_by_key(|(_, members)| members[0].0);
    let mut file = SafeFile::create(out, inputs).map_err(|e| e.to_string())?;
    for (form, members) in &groups {
        let positions: Vec<usize> = members.iter().map(|(i, _)| *i).collect();
        let names: HashMap<usize, &str> = members.iter().map(|(i, n)| (*i, n.as_str())).collect();
        writeln!(file, "{}", group_line(form, &positions, |i| names[&i]))
            .map_err(|e| format!("{}: cannot write: {e}", out.display()))?;
    }
    file.commit(out).map_err(|e| e.to_string())?;
    let mut totals = Totals::new();
    totals.insert("puzzles".into(), done.into());
    totals.insert("groups".into(), (groups.len() as u64).into());
    Ok(totals)
}

/// The counts summed in u128 (N parts of up to 2^64 - 1 each: no sum can
/// overflow), written as the whole run writes a count.
pub(super) fn counted(
    parts: &[Part],
    out: &Path,
    inputs: &[&Path],
    monitor: &dyn Monitor,
) -> Result<Totals, MergeError> {
    let mut sum: u128 = 0;
    for p in parts {
        let count = p.number("count")?;
        // A count's part has no body: its end line follows the header.
        let mut body = Body::open(p, monitor)?;
        close(&mut body, p, 0)?;
        sum += u128::from(count);
    }
    crate::files::write_atomic(out, format!("{sum}\n").as_bytes(), inputs)
        .map_err(|e| e.to_string())?;
    let mut totals = Totals::new();
    totals.insert("count".into(), sum);
    Ok(totals)
}
