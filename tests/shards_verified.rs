//! A merge verifies each part (issue 50, part 3): parts edited as an
//! attacker or a bad copy would edit them, one class at a time (an end
//! line's total, a body line added or removed, a solution with two digits
//! swapped or emptied, a canonical form copied from another line, counts
//! past 2^63 and 2^64, a file cut short, a changed body, a part of the old
//! format), each refused as `FILE:LINE: what is wrong` with nothing
//! written; and the happy path still exact against independent figures
//! (the unsharded run's own totals and output, 1010 ways to pack the
//! pentominoes in 5×12).

use std::path::Path;
use std::process::Output;

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

use crate::common::run_puzzlelab_in as run;
use crate::common::{Scratch, scratch_dir};

fn puzzlelab(dir: &Path, args: &[&str]) -> Output {
    let out = run(dir, args);
    assert!(
        out.status.success(),
        "puzzlelab {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn lines_of(dir: &Path, file: &str) -> Vec<String> {
    std::fs::read_to_string(dir.join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .lines()
        .map(str::to_string)
        .collect()
}

/// An unsolvable puzzle whose clues break no rule: r1c9 can only be 9,
/// and column 9 has a 9.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
/// Clues that break a rule: two 1s in row 1.
const INVALID: &str =
    "11...............................................................................";

/// The job each test shards: 12 generated puzzles with an unsolvable and
/// an invalid one, solved (as lines and as CSV) and grouped.
const JOB: &str = r#"
let s = solve_file("p.txt", #{out: "s.txt"});
solve_file("p.txt", #{out: "s.csv"});
canon_groups("gen.txt", #{out: "g.tsv"});
print(`${s.puzzles} ${s.solved} ${s.unique} ${s.multiple} ${s.invalid} ${s.unsolvable}`);
"#;

/// A folder with the job's input, the whole run's outputs, and the parts
/// of two shards; returns the whole run's printed totals.
fn job(tag: &str) -> (Scratch, String) {
    let dir = scratch_dir(tag);
    puzzlelab(&dir, &["generate", "12", "--seed", "5", "--out", "gen.txt"]);
    let mut p = std::fs::read_to_string(dir.join("gen.txt")).unwrap();
    p.push_str(&format!("{UNSOLVABLE}\n{INVALID}\n"));
    std::fs::write(dir.join("p.txt"), p).unwrap();
    let whole = puzzlelab(&dir, &["-e", JOB]);
    for k in 1..=2 {
        puzzlelab(&dir, &["--shard", &format!("{k}/2"), "-e", JOB]);
    }
    let said = String::from_utf8_lossy(&whole.stdout).trim().to_string();
    (dir, said)
}

/// `puzzlelab merge -o out.txt PARTS`: refused (exit 1) with a message
/// that starts `puzzlelab merge: WANT`, and no out.txt.
fn refused(dir: &Path, parts: &[&str], want: &str) {
    let mut args = vec!["merge", "-o", "out.txt"];
    args.extend(parts);
    let o = run(dir, &args);
    assert_eq!(o.status.code(), Some(1), "{parts:?}: {}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.starts_with(&format!("puzzlelab merge: {want}")),
        "{parts:?}:\n{e}\nwants\n{want}"
    );
    assert!(!dir.join("out.txt").exists(), "{parts:?}: out.txt written");
}

/// Writes `lines` as the part `name` in `dir`.
fn write_part(dir: &Path, name: &str, lines: &[String]) {
    std::fs::write(dir.join(name), lines.join("\n") + "\n").unwrap();
}

/// The end line's text with `"key":value` replaced.
fn set_total(end: &str, key: &str, value: &str) -> String {
    let mut v: serde_json::Value =
        serde_json::from_str(end.strip_prefix("#puzzlelab-end ").unwrap()).unwrap();
    v[key] = serde_json::from_str(value).unwrap();
    format!("#puzzlelab-end {v}")
}

/// The FNV-1a 64 checksum of body lines as a part's end line gives it
/// (each line and `\n`), computed here from the published constants.
fn fnv(lines: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for l in lines {
        for &b in l.as_bytes().iter().chain(b"\n") {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// `lines` of a part with its end line's items and checksum made to fit
/// its (edited) body, as a careful forger would.
fn reseal(mut lines: Vec<String>) -> Vec<String> {
    let n = lines.len();
    let body = lines[1..n - 1].to_vec();
    let end = set_total(&lines[n - 1], "items", &body.len().to_string());
    lines[n - 1] = set_total(&end, "body", &format!("\"{}\"", fnv(&body)));
    lines
}

#[test]
fn the_happy_path_is_exact() {
    let (dir, said) = job("verified-happy");
    // 12 generated puzzles (one solution each), one unsolvable, one invalid.
    assert_eq!(said, "14 12 12 0 1 1");
    for out in ["s.txt", "s.csv", "g.tsv"] {
        let target = format!("m.{out}");
        let o = puzzlelab(
            &dir,
            &[
                "merge",
                "-o",
                &target,
                &format!("{out}.2-of-2"),
                &format!("{out}.1-of-2"),
            ],
        );
        assert_eq!(
            std::fs::read(dir.join(&target)).unwrap(),
            std::fs::read(dir.join(out)).unwrap(),
            "{out}"
        );
        if out == "s.txt" {
            assert!(
                stderr(&o).contains(
                    "(errors 0, invalid 1, multiple 0, puzzles 14, solved 12, unique 12, unsolvable 1)"
                ),
                "{}",
                stderr(&o)
            );
        }
    }
    // The end lines carry the body's line count and its FNV-1a 64 checksum.
    let part = lines_of(&dir, "s.txt.1-of-2");
    let n = part.len();
    let end: serde_json::Value =
        serde_json::from_str(part[n - 1].strip_prefix("#puzzlelab-end ").unwrap()).unwrap();
    assert_eq!(end["items"], 7);
    assert_eq!(end["body"], fnv(&part[1..n - 1]).as_str());

    // 5×12 with the twelve pentominoes: 1010 ways (Haselgrove's count),
    // from three shards.
    let code = r#"count_polyomino(rect(5, 12), "pentominoes", #{out: "c.txt"})"#;
    for k in 1..=3 {
        puzzlelab(&dir, &["--shard", &format!("{k}/3"), "-e", code]);
    }
    let o = puzzlelab(
        &dir,
        &[
            "merge",
            "-o",
            "c.txt",
            "c.txt.1-of-3",
            "c.txt.2-of-3",
            "c.txt.3-of-3",
        ],
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("c.txt")).unwrap(),
        "1010\n"
    );
    assert!(stderr(&o).contains("(count 1010)"), "{}", stderr(&o));
}

#[test]
fn edited_solve_parts_are_refused_at_their_line() {
    let (dir, _) = job("verified-solve");
    let part = lines_of(&dir, "s.txt.1-of-2");
    let n = part.len();
    let end = n; // the end line's number
    let other = "s.txt.2-of-2";
    let e = "e.1-of-2";
    let fields = |line: &str| -> Vec<String> { line.split('\t').map(str::to_string).collect() };

    // An end line's total edited: the body says otherwise.
    let mut p = part.clone();
    p[n - 1] = set_total(&p[n - 1], "unique", "55");
    write_part(&dir, e, &p);
    refused(
        &dir,
        &[e, other],
        &format!("{e}:{end}: the end line says unique 55, the body holds 6"),
    );
    // The input's size edited in both parts: each now holds too few items.
    let mut p = part.clone();
    p[n - 1] = set_total(&p[n - 1], "file_puzzles", "2754");
    let mut q = lines_of(&dir, other);
    let m = q.len();
    q[m - 1] = set_total(&q[m - 1], "file_puzzles", "2754");
    write_part(&dir, e, &p);
    write_part(&dir, "f.2-of-2", &q);
    refused(
        &dir,
        &[e, "f.2-of-2"],
        &format!("{e}:{end}: shard 1/2 holds 7 items; of 2754 it takes 1377"),
    );
    // ... and with items to match, the body ends first.
    let p = reseal_items(p, 1377);
    let q = reseal_items(q, 1377);
    write_part(&dir, e, &p);
    write_part(&dir, "f.2-of-2", &q);
    refused(
        &dir,
        &[e, "f.2-of-2"],
        &format!("{e}:{end}: the body ends before item 14"),
    );

    // A body line added (a copy of line 3 after it): out of place; with
    // the end line resealed to fit, more items than the shard's share.
    let mut p = part.clone();
    p.insert(3, p[2].clone());
    write_part(&dir, e, &p);
    refused(
        &dir,
        &[e, other],
        &format!("{e}:4: holds item 2 where item 4 belongs"),
    );
    write_part(&dir, e, &reseal(p));
    refused(
        &dir,
        &[e, other],
        &format!("{e}:{}: shard 1/2 holds 8 items; of 14 it takes 7", end + 1),
    );
    // A body line added after the last item.
    let mut p = part.clone();
    p.insert(n - 1, p[n - 2].clone());
    write_part(&dir, e, &p);
    refused(
        &dir,
        &[e, other],
        &format!("{e}:{end}: a line past the 7 items of shard 1/2"),
    );
    // A body line removed.
    let mut p = part.clone();
    p.remove(4);
    write_part(&dir, e, &p);
    refused(
        &dir,
        &[e, other],
        &format!("{e}:5: holds item 8 where item 6 belongs"),
    );
    write_part(&dir, e, &reseal(p));
    refused(
        &dir,
        &[e, other],
        &format!("{e}:{}: shard 1/2 holds 6 items; of 14 it takes 7", end - 1),
    );

    // A solution with two digits swapped (the checksum made to fit).
    let mut p = part.clone();
    let mut f = fields(&p[1]);
    let mut sol = f[5].clone().into_bytes();
    let (a, b) = (0..80)
        .flat_map(|i| (i + 1..81).map(move |j| (i, j)))
        .find(|&(i, j)| sol[i] != sol[j] && i / 9 == j / 9)
        .unwrap();
    sol.swap(a, b);
    f[5] = String::from_utf8(sol).unwrap();
    p[1] = f.join("\t");
    write_part(&dir, e, &reseal(p));
    refused(&dir, &[e, other], &format!("{e}:2: the solution "));
    // An emptied solution.
    let mut p = part.clone();
    let mut f = fields(&p[2]);
    f[5].clear();
    p[2] = f.join("\t");
    write_part(&dir, e, &reseal(p));
    refused(
        &dir,
        &[e, other],
        &format!("{e}:3: a unique puzzle's solution is empty"),
    );
    // A changed body without a new checksum (here the input line number
    // field, which nothing else checks).
    let mut p = part.clone();
    let mut f = fields(&p[3]);
    f[1] = "99".into();
    p[3] = f.join("\t");
    write_part(&dir, e, &p);
    refused(
        &dir,
        &[e, other],
        &format!("{e}:{end}: checksum mismatch: the end line says body "),
    );
    // A puzzle changed and resealed (one more clue, from its own
    // solution, so the line still checks): the input's digest tells.
    let mut p = part.clone();
    let mut f = fields(&p[1]);
    let at = f[3].find('.').unwrap();
    let clue = f[5][at..at + 1].to_string();
    f[3].replace_range(at..at + 1, &clue);
    p[1] = f.join("\t");
    write_part(&dir, e, &reseal(p));
    refused(
        &dir,
        &[e, other],
        &format!("{e}:{end}: the end line's digest of the input is "),
    );
    // Cut short inside line 4: no end line.
    let text = std::fs::read_to_string(dir.join("s.txt.1-of-2")).unwrap();
    let line4 = text.match_indices('\n').nth(2).unwrap().0 + 20;
    std::fs::write(dir.join(e), &text[..line4]).unwrap();
    refused(
        &dir,
        &[e, other],
        &format!("{e}:4: shard 1/2 is incomplete: it has no #puzzlelab-end line"),
    );
    // Cut short inside the end line.
    std::fs::write(dir.join(e), &text[..text.len() - 10]).unwrap();
    refused(
        &dir,
        &[e, other],
        &format!("{e}:{end}: a bad #puzzlelab-end line"),
    );
    // A part of the old format (no checksum): run again.
    let mut p = part.clone();
    p[0] = p[0].replace("\"version\":2", "\"version\":1");
    write_part(&dir, e, &p);
    refused(
        &dir,
        &[e, other],
        &format!(
            "{e}:1: written by an older puzzlelab (part format 1, without a checksum of its body): run this shard again with this puzzlelab"
        ),
    );
    // The CSV part: a solution's digit changed to another clue's digit.
    let csv = lines_of(&dir, "s.csv.1-of-2");
    let mut p = csv.clone();
    let mut f = fields(&p[2]);
    let (puzzle, solution) = (f[3].clone(), f[5].clone());
    let at = puzzle.bytes().position(|c| c != b'.').unwrap();
    let wrong = if &solution[at..at + 1] == "1" {
        "2"
    } else {
        "1"
    };
    f[5].replace_range(at..at + 1, wrong);
    p[2] = f.join("\t");
    write_part(&dir, e, &reseal(p));
    refused(&dir, &[e, "s.csv.2-of-2"], &format!("{e}:3: the solution "));
}

#[test]
fn a_copied_canonical_form_is_refused() {
    let (dir, _) = job("verified-canon");
    let part = lines_of(&dir, "g.tsv.1-of-2");
    assert!(part.len() >= 4, "{part:?}");
    let mut p = part.clone();
    let form_of = |line: &str| line.split('\t').nth(1).unwrap().to_string();
    let (a, b) = (form_of(&p[1]), form_of(&p[2]));
    assert_ne!(a, b);
    // Line 3's form copied into line 2: its puzzles would join line 3's group.
    p[1] = p[1].replacen(&a, &b, 1);
    write_part(&dir, "e.1-of-2", &reseal(p));
    refused(
        &dir,
        &["e.1-of-2", "g.tsv.2-of-2"],
        &format!("e.1-of-2:2: the form {b} is not the canonical form of the group's first puzzle "),
    );
    // Without a new checksum: the line is checked as it is read, before
    // the checksum at the end, so the form is named either way.
    let mut p = part.clone();
    p[1] = p[1].replacen(&a, &b, 1);
    write_part(&dir, "e.1-of-2", &p);
    refused(&dir, &["e.1-of-2", "g.tsv.2-of-2"], "e.1-of-2:2: the form ");
    // A group's count edited in its end line.
    let mut p = part.clone();
    let n = p.len();
    p[n - 1] = set_total(&p[n - 1], "puzzles", "5");
    write_part(&dir, "e.1-of-2", &p);
    refused(
        &dir,
        &["e.1-of-2", "g.tsv.2-of-2"],
        &format!("e.1-of-2:{n}: the end line says puzzles 5, the body holds 6"),
    );
}

#[test]
fn counts_sum_past_2_pow_64_exactly_or_are_refused() {
    let dir = scratch_dir("verified-counts");
    let code = r#"count_polycube(cuboid(3, 3, 3), "soma", #{out: "c.txt"})"#;
    for k in 1..=2 {
        puzzlelab(&dir, &["--shard", &format!("{k}/2"), "-e", code]);
    }
    let with_count = |part: &str, name: &str, count: &str| {
        let mut p = lines_of(&dir, part);
        p[1] = set_total(&p[1], "count", count);
        write_part(&dir, name, &p);
    };
    // Two parts at 2^64 - 1: the sum is 2^65 - 2, exact.
    with_count("c.txt.1-of-2", "big.1-of-2", "18446744073709551615");
    with_count("c.txt.2-of-2", "big.2-of-2", "18446744073709551615");
    let o = puzzlelab(
        &dir,
        &["merge", "-o", "big.txt", "big.1-of-2", "big.2-of-2"],
    );
    assert!(
        stderr(&o).contains("(count 36893488147419103230)"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("big.txt")).unwrap(),
        "36893488147419103230
"
    );
    // Past the script's integers: the digits, never 9223372036854775807.
    with_count("c.txt.1-of-2", "i.1-of-2", "9223372036854775807");
    with_count("c.txt.2-of-2", "i.2-of-2", "1");
    let mut s = Session::capturing(&Limits::default());
    let d = dir.display();
    let v = s
        .eval(&format!(
            r#"let m = merge_shards(["{d}/i.1-of-2", "{d}/i.2-of-2"], "{d}/i.txt"); [m.count, type_of(m.count)]"#
        ))
        .unwrap();
    assert_eq!(v.to_string(), r#"["9223372036854775808", "string"]"#);
    let v = s
        .eval(&format!(
            r#"merge_shards(["{d}/c.txt.1-of-2", "{d}/c.txt.2-of-2"], "{d}/c.txt").count"#
        ))
        .unwrap();
    assert_eq!(v.as_int().unwrap(), 240);
    // A shard's count past 2^64 - 1 (no shard can write one), or negative.
    with_count("c.txt.2-of-2", "o.2-of-2", "18446744073709551616");
    refused(
        &dir,
        &["c.txt.1-of-2", "o.2-of-2"],
        "o.2-of-2:2: the end line's count 1.8446744073709552e+19 is not a whole number from 0 to 2^64 - 1",
    );
    with_count("c.txt.2-of-2", "o.2-of-2", "-1");
    refused(
        &dir,
        &["c.txt.1-of-2", "o.2-of-2"],
        "o.2-of-2:2: the end line's count -1 is not a whole number from 0 to 2^64 - 1",
    );
    // A body line slipped into a count's part.
    let mut p = lines_of(&dir, "c.txt.2-of-2");
    p.insert(1, "5".into());
    write_part(&dir, "o.2-of-2", &p);
    refused(
        &dir,
        &["c.txt.1-of-2", "o.2-of-2"],
        "o.2-of-2:2: a line past the 0 items of shard 2/2",
    );
}

/// `lines` with the end line's items set to `items` (the body unchanged).
fn reseal_items(mut lines: Vec<String>, items: u64) -> Vec<String> {
    let n = lines.len();
    lines[n - 1] = set_total(&lines[n - 1], "items", &items.to_string());
    lines
}

#[test]
fn edited_generated_and_rated_parts_are_refused() {
    let dir = scratch_dir("verified-generate");
    for k in 1..=2 {
        puzzlelab(
            &dir,
            &[
                "--shard",
                &format!("{k}/2"),
                "generate",
                "6",
                "--seed",
                "3",
                "--out",
                "g.txt",
            ],
        );
    }
    puzzlelab(
        &dir,
        &["merge", "-o", "g.txt", "g.txt.1-of-2", "g.txt.2-of-2"],
    );
    for k in 1..=2 {
        puzzlelab(
            &dir,
            &["--shard", &format!("{k}/2"), "rate", "g.txt", "-o", "r.txt"],
        );
    }
    // A generated puzzle replaced by the empty grid: several solutions.
    let mut p = lines_of(&dir, "g.txt.1-of-2");
    let (index, _) = p[2].split_once('\t').unwrap();
    p[2] = format!("{index}\t{}", ".".repeat(81));
    write_part(&dir, "e.1-of-2", &reseal(p));
    refused(
        &dir,
        &["e.1-of-2", "g.txt.2-of-2"],
        "e.1-of-2:3: the puzzle has several solutions: a generated puzzle has one",
    );
    // A rating's figures edited from exact to bounded, end line resealed.
    let mut p = lines_of(&dir, "r.txt.1-of-2");
    let n = p.len();
    let exact = (1..n - 1)
        .find(|&i| !p[i].contains(">=") && !p[i].contains('?') && !p[i].contains("-/-/-"))
        .expect("an exactly rated puzzle");
    let said: u64 = serde_json::from_str::<serde_json::Value>(
        p[n - 1].strip_prefix("#puzzlelab-end ").unwrap(),
    )
    .unwrap()["exact"]
        .as_u64()
        .unwrap();
    let (head, figures) = p[exact].rsplit_once(' ').unwrap();
    p[exact] = format!("{head} >={figures}");
    write_part(&dir, "e.1-of-2", &reseal(p));
    refused(
        &dir,
        &["e.1-of-2", "r.txt.2-of-2"],
        &format!(
            "e.1-of-2:{n}: the end line says exact {said}, the body holds {}",
            said - 1
        ),
    );
}
