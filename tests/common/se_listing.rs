//! Sukaku Explainer's listings, as the tests that replay its steps read
//! them. `serate --format='P %g %r/%p/%d' --before='B %m' --after='S %r %s'`
//! prints, for each puzzle, the pencil marks before each step (`B`), the
//! step (`S rating text`) and then the puzzle with its rating (`P`); the
//! case files in tests/data/ keep the `B` and `S` lines (and `R`, the
//! candidates a step removed, where SE's next position is not kept).

use std::collections::BTreeMap;

use puzzlelab::sudoku::hui::Candidates;
use puzzlelab::sudoku::human::{self, CandidateGrid, Step};

/// A position as SE's `%m` prints it: 81 cells of 9 characters, the digit
/// or '.' for each candidate; a cell with one candidate left counts as
/// filled (SE prints a placed digit that way).
pub fn se_marks(marks: &str) -> CandidateGrid {
    let b = marks.as_bytes();
    let mut bits = [0u16; 81];
    for (c, m) in bits.iter_mut().enumerate() {
        for d in 0..9 {
            if b[c * 9 + d] != b'.' {
                *m |= 1 << d;
            }
        }
        if m.count_ones() == 1 {
            *m = 0;
        }
    }
    CandidateGrid::from_candidates(&Candidates::from_bits(bits))
}

/// True when step `s` leads from `b` to SE's next position (the marks of
/// its `B` line), read as [`se_marks`] reads them.
pub fn same_after(b: &CandidateGrid, s: &Step, after: &str) -> bool {
    let mut ours = *b;
    s.apply(&mut ours);
    let lone = |m: &u16| if m.count_ones() == 1 { 0 } else { *m };
    let ours: Vec<u16> = ours.masks().iter().map(lone).collect();
    ours[..] == se_marks(after).masks()[..]
}

/// The candidates a step removes as the `R` lines name them:
/// `r1c2.3,r4c5.6`.
pub fn removed_names(s: &Step) -> String {
    s.removed
        .iter()
        .map(|&(c, d)| format!("r{}c{}.{d}", c / 9 + 1, c % 9 + 1))
        .collect::<Vec<_>>()
        .join(",")
}

/// SE's technique name in a step's text (`text` without the rating),
/// without the code some names end with: "WXYZ-Wing 2: ..." is
/// "WXYZ-Wing".
pub fn se_name(text: &str) -> &str {
    let name = text.split(':').next().unwrap_or(text);
    match name.rsplit_once(' ') {
        Some((n, code)) if code.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => name,
    }
}

/// Every step of a listing that has the position before it: the line's
/// index, the step (`rating text`) and the marks before it.
pub fn steps_with_positions<'a>(
    lines: &'a [&'a str],
) -> impl Iterator<Item = (usize, &'a str, &'a str)> + 'a {
    lines.iter().enumerate().filter_map(|(i, l)| {
        let step = l.strip_prefix("S ")?;
        let before = lines[i.checked_sub(1)?].strip_prefix("B ")?;
        Some((i, step, before))
    })
}

/// The puzzles of a listing: each `P` line's text (puzzle, then SE's
/// rating) with the steps (`rating text`) listed before it.
pub fn se_paths(text: &str) -> Vec<(&str, Vec<&str>)> {
    let mut out = Vec::new();
    let mut steps = Vec::new();
    for line in text.lines() {
        if let Some(s) = line.strip_prefix("S ") {
            steps.push(s);
        } else if let Some(p) = line.strip_prefix("P ") {
            out.push((p, std::mem::take(&mut steps)));
        }
    }
    out
}

/// Every cell named `rXcY` in a text, in order (0..81).
pub fn cells_named(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(3))
        .filter(|&i| {
            b[i] == b'r'
                && b[i + 1].is_ascii_digit()
                && b[i + 2] == b'c'
                && b[i + 3].is_ascii_digit()
        })
        .map(|i| usize::from(b[i + 1] - b'1') * 9 + usize::from(b[i + 3] - b'1'))
        .collect()
}

/// Scores our step `s` on SE's position `b` against SE's `step` (`rating
/// text`, technique `name`) and the listing's next line (SE's position
/// after it, `B`, or the candidates it removed, `R`): a table row
/// [steps, same line and rating, same removals] (the caller counts the
/// steps) and the differences.
pub fn score_step(
    row: &mut [usize; 3],
    diffs: &mut Vec<String>,
    (step, name): (&str, &str),
    b: &CandidateGrid,
    s: &Step,
    next: Option<&str>,
) {
    let ours = format!("{:.1} {}", s.rating_f64(), s.text);
    if ours == step && s.technique == name {
        row[1] += 1;
    } else {
        diffs.push(format!("SE {step} | ours {ours}"));
    }
    let same = match next {
        Some(after) if after.starts_with("B ") => Some(same_after(b, s, &after[2..])),
        Some(r) if r.starts_with("R ") => Some(removed_names(s) == r[2..]),
        _ => None,
    };
    match same {
        Some(true) => row[2] += 1,
        Some(false) => diffs.push(format!("SE {step}: other eliminations")),
        None => {}
    }
}

/// What a replay found: SE's technique name (without its code) ->
/// [steps, same line and rating, same removals]; and the differences.
pub type Replay = (BTreeMap<String, [usize; 3]>, Vec<String>);

/// Replays the steps of a listing (`B` position, `S` step, then the `B`
/// position after or the `R` candidates removed) that `pick` chooses by
/// SE's step text: `pick` names the table row and the producer of
/// `human::SE_ORDER` whose first instance on SE's position is compared
/// (with [`score_step`], and with `also`, which returns a difference of
/// its own or `None`).
pub fn replay(
    listing: &str,
    pick: fn(&str) -> Option<(&str, &str)>,
    mut also: impl FnMut(&str, &Step) -> Option<String>,
) -> Replay {
    let lines: Vec<&str> = listing.lines().collect();
    let mut table: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut diffs = Vec::new();
    for (i, step, before) in steps_with_positions(&lines) {
        let (_, se_text) = step.split_once(' ').unwrap();
        let Some((name, producer)) = pick(se_text) else {
            continue;
        };
        let row = table.entry(name.to_string()).or_default();
        row[0] += 1;
        let Some(found) = human::SE_ORDER.iter().find(|p| p.name == producer) else {
            panic!("no producer {producer:?} in SE_ORDER");
        };
        let b = se_marks(before);
        let Some(s) = found.find_all(&b).into_iter().next() else {
            diffs.push(format!("SE {step} | ours: none"));
            continue;
        };
        diffs.extend(also(step, &s));
        score_step(
            row,
            &mut diffs,
            (step, name),
            &b,
            &s,
            lines.get(i + 1).copied(),
        );
    }
    (table, diffs)
}

/// The position after the first `k` steps of this engine's path from
/// `puzzle` (the tests that use it check those steps are SE's).
pub fn position_on_path(puzzle: &str, k: usize) -> CandidateGrid {
    let grid = puzzlelab::sudoku::Grid::parse(puzzle).unwrap();
    let mut b = CandidateGrid::from_grid(&grid);
    for _ in 0..k {
        puzzlelab::sudoku::human::hint(&b).unwrap().apply(&mut b);
    }
    b
}

/// A step as serate's `--after='%r %s'` prints it: rating, then text.
pub fn step_line(s: &Step) -> String {
    format!("{:.1} {}", s.rating_f64(), s.text)
}
