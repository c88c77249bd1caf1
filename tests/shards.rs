//! Shards: every batch split into N parts and merged back equals the whole
//! run byte for byte (solve_file in each format, canon_groups, the packing
//! counts, generate), run as a user runs them: `puzzlelab --shard K/N`,
//! `merge_shards`, `puzzlelab merge`, then GNU parallel and a one-node Slurm
//! cluster (`tests/slurm/start.sh`) running `scripts/shard.sbatch`, the job
//! script the guide (docs/guide/clusters.md) tells a cluster user to submit. The counts are also
//! checked against the published figures (2339 and 9356 for the
//! pentominoes in 6×10, 240 and 11520 for the Soma cube), so "the parts add
//! up" is not only "the code agrees with itself".

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use puzzlelab::script::Limits;
use puzzlelab::script::session::Session;

use crate::common::tools::{Tool, have};
use crate::common::{Scratch, data_or_skip, scratch_dir};

/// Runs `puzzlelab ARGS` in `dir`; panics with its stderr when it fails.
fn puzzlelab(dir: &Path, args: &[&str]) -> Output {
    let out = run(dir, args);
    assert!(
        out.status.success(),
        "puzzlelab {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

use crate::common::run_puzzlelab_in as run;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn read(path: impl AsRef<Path>) -> Vec<u8> {
    let path = path.as_ref();
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The parts `OUT.K-of-N` of `out` in `dir`, as arguments (shuffled: a
/// merge takes them in any order).
fn parts(out: &str, n: usize) -> Vec<String> {
    let mut v: Vec<String> = (1..=n).map(|k| format!("{out}.{k}-of-{n}")).collect();
    v.reverse();
    v.rotate_left(1);
    v
}

/// Merges the N parts of `out` with `puzzlelab merge` into `merged/OUT`
/// and checks it is the whole run's `out`, byte for byte.
fn merge_equals_whole(dir: &Path, out: &str, n: usize) -> String {
    std::fs::create_dir_all(dir.join("merged")).unwrap();
    let target = format!("merged/{out}");
    let mut args = vec!["merge", "-o", &target];
    let parts = parts(out, n);
    args.extend(parts.iter().map(String::as_str));
    let o = puzzlelab(dir, &args);
    let whole = read(dir.join(out));
    assert!(!whole.is_empty(), "{out} is empty");
    assert!(
        read(dir.join(&target)) == whole,
        "{out}: the merged parts differ from the whole run"
    );
    stderr(&o)
}

/// 200 named puzzles: the first 150 of top1465 and, for a grouping that
/// crosses shards, 50 of them again with digits renamed (d -> 10-d), a
/// comment, and a bad line that every shard reports.
fn puzzle_file(dir: &Path, data: &Path) -> PathBuf {
    let text = std::fs::read_to_string(data.join("sudoku/magictour_top1465.txt")).unwrap();
    let lines: Vec<&str> = text.lines().take(150).collect();
    let mut out = String::from("# 150 of top1465, 50 renamed\n");
    for (i, l) in lines.iter().enumerate() {
        out.push_str(&format!("top {}\t{l}\n", i + 1));
        if i == 60 {
            out.push_str("broken\t12345\n");
        }
    }
    for (i, l) in lines.iter().take(50).enumerate() {
        let renamed: String = l
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) if d > 0 => char::from_digit(10 - d, 10).unwrap(),
                _ => c,
            })
            .collect();
        out.push_str(&format!("renamed {}\t{renamed}\n", i + 1));
    }
    let path = dir.join("p.txt");
    std::fs::write(&path, out).unwrap();
    path
}

#[test]
fn solve_file_shards_merge_to_the_whole_run_in_every_format() {
    let Some(data) = data_or_skip("solve_file_shards") else {
        return;
    };
    let dir = scratch_dir("shards-solve");
    puzzle_file(&dir, &data);
    let code = r#"
        for out in ["s.txt", "s.tsv", "s.csv", "s.json"] {
            let m = solve_file("p.txt", #{out: out});
            print(`${out} ${m.puzzles} ${m.unique} ${m.errors.len()}`);
        }"#;
    let whole = puzzlelab(&dir, &["-e", code]);
    assert_eq!(
        String::from_utf8_lossy(&whole.stdout),
        "s.txt 200 200 1\ns.tsv 200 200 1\ns.csv 200 200 1\ns.json 200 200 1\n"
    );
    let mut shares = Vec::new();
    for k in 1..=3 {
        let o = puzzlelab(&dir, &["--shard", &format!("{k}/3"), "-e", code]);
        shares.push(String::from_utf8_lossy(&o.stdout).into_owned());
    }
    // 200 dealt round-robin: 67, 67, 66; every shard sees the bad line.
    assert_eq!(shares[0].lines().next(), Some("s.txt 67 67 1"));
    assert_eq!(shares[2].lines().next(), Some("s.txt 66 66 1"));
    for out in ["s.txt", "s.tsv", "s.csv", "s.json"] {
        let said = merge_equals_whole(&dir, out, 3);
        assert!(
            said.contains(&format!("3 parts of solve_file merged into merged/{out}")),
            "{said}"
        );
        assert!(
            said.contains("puzzles 200") && said.contains("errors 1"),
            "{said}"
        );
    }
}

#[test]
fn canon_groups_shards_merge_to_the_whole_run() {
    let Some(data) = data_or_skip("canon_groups_shards") else {
        return;
    };
    let dir = scratch_dir("shards-canon");
    let p = puzzle_file(&dir, &data);
    // The bad line is an error to canon_groups, as for the whole file.
    let text = std::fs::read_to_string(&p)
        .unwrap()
        .replace("broken\t12345\n", "");
    std::fs::write(&p, text).unwrap();
    let code = r#"canon_groups("p.txt", #{out: "g.tsv"}).len()"#;
    let whole = puzzlelab(&dir, &["-e", code]);
    // The 50 renamed puzzles join their originals.
    assert_eq!(String::from_utf8_lossy(&whole.stdout), "150\n");
    let g = String::from_utf8(read(dir.join("g.tsv"))).unwrap();
    let first = g.lines().next().unwrap();
    assert!(first.ends_with("\t2\t0,150\ttop 1\trenamed 1"), "{first}");
    for k in 1..=4 {
        puzzlelab(&dir, &["--shard", &format!("{k}/4"), "-e", code]);
    }
    let said = merge_equals_whole(&dir, "g.tsv", 4);
    assert!(said.contains("groups 150, puzzles 200"), "{said}");

    // In a script: an array, every shard by its option, merged by merge_shards.
    let mut s = Session::capturing(&Limits::default());
    let d = dir.display();
    let v = s
        .eval(&format!(
            r#"
            let ps = read_puzzles("{d}/p.txt");
            let whole = canon_groups(ps, #{{out: "{d}/a.tsv"}});
            let parts = [];
            for k in 1..=3 {{
                canon_groups(ps, #{{shard: `${{k}}/3`, out: "{d}/a.tsv"}});
                parts.push(`{d}/a.tsv.${{k}}-of-3`);
            }}
            let m = merge_shards(parts, "{d}/b.tsv");
            [whole.len(), m.groups, m.puzzles, m.shards, m.kind]"#
        ))
        .unwrap();
    assert_eq!(v.to_string(), r#"[150, 150, 200, 3, "canon_groups"]"#);
    assert_eq!(read(dir.join("a.tsv")), read(dir.join("b.tsv")));
}

/// Tilings of a `rows`×`cols` rectangle by `pieces` (each a list of
/// cells, used once, in any of its 8 orientations), counted by a plain
/// backtracking search written here: a figure puzzlelab did not compute.
fn tilings_by_hand(rows: i32, cols: i32, pieces: &[&[(i32, i32)]]) -> u64 {
    fn normal(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
        let r0 = cells.iter().map(|c| c.0).min().unwrap();
        let c0 = cells.iter().map(|c| c.1).min().unwrap();
        let mut v: Vec<_> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        v.sort();
        v
    }
    // Each piece's distinct orientations, each anchored at its first
    // cell in reading order (the cell that covers the first empty one).
    let orientations: Vec<Vec<Vec<(i32, i32)>>> = pieces
        .iter()
        .map(|cells| {
            let mut all: Vec<Vec<(i32, i32)>> = Vec::new();
            let mut shape = cells.to_vec();
            for flip in 0..2 {
                for _ in 0..4 {
                    shape = shape.iter().map(|&(r, c)| (c, -r)).collect();
                    let n = normal(&shape);
                    if !all.contains(&n) {
                        all.push(n);
                    }
                }
                if flip == 0 {
                    shape = shape.iter().map(|&(r, c)| (r, -c)).collect();
                }
            }
            all.iter()
                .map(|o| o.iter().map(|&(r, c)| (r - o[0].0, c - o[0].1)).collect())
                .collect()
        })
        .collect();
    fn search(
        board: &mut Vec<bool>,
        rows: i32,
        cols: i32,
        used: &mut Vec<bool>,
        orientations: &[Vec<Vec<(i32, i32)>>],
    ) -> u64 {
        let Some(first) = board.iter().position(|&b| !b) else {
            return 1;
        };
        let (r, c) = (first as i32 / cols, first as i32 % cols);
        let mut count = 0;
        for p in 0..orientations.len() {
            if used[p] {
                continue;
            }
            for o in &orientations[p] {
                let cells: Option<Vec<usize>> = o
                    .iter()
                    .map(|&(dr, dc)| {
                        let (rr, cc) = (r + dr, c + dc);
                        let inside = (0..rows).contains(&rr) && (0..cols).contains(&cc);
                        let i = (rr * cols + cc) as usize;
                        (inside && !board[i]).then_some(i)
                    })
                    .collect();
                if let Some(cells) = cells {
                    cells.iter().for_each(|&i| board[i] = true);
                    used[p] = true;
                    count += search(board, rows, cols, used, orientations);
                    used[p] = false;
                    cells.iter().for_each(|&i| board[i] = false);
                }
            }
        }
        count
    }
    let mut board = vec![false; (rows * cols) as usize];
    let mut used = vec![false; pieces.len()];
    search(&mut board, rows, cols, &mut used, &orientations)
}

#[test]
fn count_shards_add_up_to_the_published_counts() {
    let dir = scratch_dir("shards-count");
    // 5×6 by I, N, P, V, W, Y, counted here by hand. No such tiling is
    // symmetric (a symmetry of the rectangle would have to map the one N
    // onto itself, and N has no symmetry of its own), so the classes under
    // the rectangle's four symmetries are a quarter of the tilings.
    let inpvwy: [&[(i32, i32)]; 6] = [
        &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
        &[(0, 0), (0, 1), (0, 2), (1, 2), (1, 3)],
        &[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
        &[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
        &[(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
        &[(0, 0), (0, 1), (0, 2), (0, 3), (1, 1)],
    ];
    let raw = tilings_by_hand(5, 6, &inpvwy);
    assert_eq!(raw % 4, 0, "{raw} tilings");
    let classes = (raw / 4).to_string();
    let jobs = [
        (
            "c.txt",
            r#"count_polyomino(rect(6, 10), "pentominoes", #{out: "c.txt"})"#,
            "2339",
        ),
        (
            "r.txt",
            r#"count_polyomino(rect(6, 10), "pentominoes", #{raw: true, out: "r.txt"})"#,
            "9356",
        ),
        (
            "s.txt",
            r#"count_polycube(cuboid(3, 3, 3), "soma", #{out: "s.txt"})"#,
            "240",
        ),
        (
            "t.txt",
            r#"count_polycube(cuboid(3, 3, 3), "soma", #{raw: true, out: "t.txt"})"#,
            "11520",
        ),
        (
            "u.txt",
            r#"count_polyomino(rect(5, 6), "INPVWY", #{out: "u.txt"})"#,
            classes.as_str(),
        ),
    ];
    for (out, code, published) in jobs {
        let whole = puzzlelab(&dir, &["-e", code]);
        assert_eq!(String::from_utf8_lossy(&whole.stdout).trim(), published);
        assert_eq!(read(dir.join(out)), format!("{published}\n").into_bytes());
        let mut shares = Vec::new();
        for k in 1..=4 {
            let o = puzzlelab(&dir, &["--shard", &format!("{k}/4"), "-e", code]);
            shares.push(
                String::from_utf8_lossy(&o.stdout)
                    .trim()
                    .parse::<u64>()
                    .unwrap(),
            );
        }
        // The work is dealt below the first piece: no shard is left idle.
        if published != classes {
            assert!(shares.iter().all(|&c| c > 0), "{out}: {shares:?}");
        }
        assert_eq!(shares.iter().sum::<u64>().to_string(), published);
        let said = merge_equals_whole(&dir, out, 4);
        assert!(said.contains(&format!("count {published}")), "{said}");
    }
}

#[test]
fn generate_shards_merge_to_the_whole_list() {
    let dir = scratch_dir("shards-generate");
    puzzlelab(&dir, &["generate", "24", "--seed", "11", "--out", "g.txt"]);
    for k in 1..=4 {
        let shard = format!("{k}/4");
        if k == 2 {
            // A part on stdout, as `> FILE` keeps it.
            let o = puzzlelab(&dir, &["generate", "24", "--seed", "11", "--shard", &shard]);
            std::fs::write(dir.join("g.txt.2-of-4"), &o.stdout).unwrap();
        } else {
            let o = puzzlelab(
                &dir,
                &[
                    "--shard", &shard, "generate", "24", "--seed", "11", "--out", "g.txt",
                ],
            );
            assert!(
                stderr(&o).contains(&format!("6 puzzles of shard {shard} in ")),
                "{}",
                stderr(&o)
            );
        }
    }
    assert_eq!(
        read(dir.join("g.txt"))
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
        24
    );
    merge_equals_whole(&dir, "g.txt", 4);
}

#[test]
fn a_bad_shard_is_refused_with_the_value() {
    let mut s = Session::capturing(&Limits::default());
    for (code, want) in [
        (
            r#"solve_file("p.txt", #{shard: "0/4"})"#,
            r#"solve_file: shard "0/4": K counts from 1: give K from 1 to 4"#,
        ),
        (
            r#"canon_groups([ym], #{shard: "5/4"})"#,
            r#"canon_groups: shard "5/4": K is past N: give K from 1 to 4"#,
        ),
        (
            r#"count_polyomino(rect(3, 20), "pentominoes", #{shard: "a/b"})"#,
            r#"count_polyomino: shard "a/b" is not K/N: give two whole numbers, e.g. "2/4" for the second of four parts"#,
        ),
        (
            r#"count_polycube(cuboid(3, 3, 3), "soma", #{shard: "1/0"})"#,
            r#"count_polycube: shard "1/0": N (the number of parts) must be 1 or more"#,
        ),
        (
            r#"count_polyomino(rect(3, 20), "pentominoes", #{shard: "1/2", limit: 1})"#,
            "count_polyomino: option limit cannot go with shard 1/2: the shards' counts would not add up to the whole count",
        ),
        (
            r#"solve_polyomino(rect(3, 20), "pentominoes", #{shard: "1/2"})"#,
            r#"unknown option "shard" for solve_polyomino; known: raw, one_sided, limit, copies, threads, random, seed"#,
        ),
    ] {
        let e = s.eval(code).unwrap_err().to_string();
        assert!(e.contains(want), "{code}:\n{e}\nwants\n{want}");
    }
    let dir = scratch_dir("shards-bad");
    for (args, want) in [
        (
            vec!["--shard", "5/4", "-e", "1"],
            r#"shard "5/4": K is past N: give K from 1 to 4"#,
        ),
        (
            vec!["--shard", "2/4"],
            "--shard 2/4 goes with run FILE, -e CODE, generate N or rate FILE",
        ),
        (
            vec!["generate", "5", "--shard", "2/4"],
            "puzzlelab generate: --shard 2/4 needs --seed S: every shard must make its share of the same list",
        ),
    ] {
        let o = run(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
}

/// Writes the parts of a count and of two solve_file jobs into `dir`.
fn some_parts(dir: &Scratch) {
    let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    std::fs::write(dir.join("p.txt"), format!("{p}\n{p}\n{p}\n")).unwrap();
    std::fs::write(dir.join("q.txt"), format!("{p}\n{p}\n")).unwrap();
    let code = r#"
        solve_file("p.txt", #{out: "a.txt"});
        solve_file("q.txt", #{out: "b.txt"});
        count_polycube(cuboid(3, 3, 3), "soma", #{out: "c.txt"});"#;
    for k in 1..=4 {
        puzzlelab(dir, &["--shard", &format!("{k}/4"), "-e", code]);
    }
}

#[test]
fn merge_refuses_parts_that_do_not_fit() {
    let dir = scratch_dir("shards-refused");
    some_parts(&dir);
    let incomplete = std::fs::read_to_string(dir.join("a.txt.4-of-4")).unwrap();
    let cut = incomplete.lines().next().unwrap().to_string() + "\n";
    std::fs::write(dir.join("cut.4-of-4"), cut).unwrap();
    for (parts, want) in [
        (
            "a.txt.1-of-4 a.txt.2-of-4 a.txt.4-of-4",
            "puzzlelab merge: missing shard 3 of 4 (given: 1, 2, 4)",
        ),
        (
            "a.txt.1-of-4 a.txt.2-of-4 a.txt.2-of-4",
            "puzzlelab merge: shard 2 of 4 is given twice: a.txt.2-of-4 and a.txt.2-of-4",
        ),
        (
            "a.txt.1-of-4 b.txt.2-of-4 a.txt.3-of-4 a.txt.4-of-4",
            r#"puzzlelab merge: a.txt.1-of-4 and b.txt.2-of-4 are parts of two different jobs: input "p.txt" and "q.txt""#,
        ),
        (
            "a.txt.1-of-4 c.txt.2-of-4",
            "puzzlelab merge: a.txt.1-of-4 and c.txt.2-of-4 are parts of two different jobs: a solve_file part and a count part",
        ),
        (
            "a.txt.1-of-4 a.txt.2-of-4 a.txt.3-of-4 cut.4-of-4",
            "puzzlelab merge: cut.4-of-4:1: shard 4/4 is incomplete: it has no #puzzlelab-end line (stopped, cut short, or still being written)",
        ),
        (
            "a.txt.1-of-4 p.txt",
            "puzzlelab merge: p.txt:1: not a part of a sharded puzzlelab run: its first line is not #puzzlelab-shard {...}",
        ),
        (
            "a.txt.1-of-4 missing.txt",
            "puzzlelab merge: missing.txt: cannot read: No such file or directory",
        ),
    ] {
        let mut args = vec!["merge", "-o", "out.txt"];
        args.extend(parts.split(' '));
        let o = run(&dir, &args);
        assert_eq!(o.status.code(), Some(1), "{parts}");
        assert!(stderr(&o).starts_with(want), "{parts}:\n{}", stderr(&o));
        assert!(
            !dir.join("out.txt").exists(),
            "{parts}: out.txt was written"
        );
    }
    // The output may not be one of the parts.
    let o = run(
        &dir,
        &[
            "merge",
            "-o",
            "c.txt.1-of-4",
            "c.txt.1-of-4",
            "c.txt.2-of-4",
            "c.txt.3-of-4",
            "c.txt.4-of-4",
        ],
    );
    assert!(
        stderr(&o).contains("refusing to write over c.txt.1-of-4"),
        "{}",
        stderr(&o)
    );
    let o = run(
        &dir,
        &[
            "merge",
            "-o",
            "c.txt",
            "c.txt.1-of-4",
            "c.txt.2-of-4",
            "c.txt.3-of-4",
            "c.txt.4-of-4",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(read(dir.join("c.txt")), b"240\n");
}

/// The job of the cluster tests: one batch of each kind that a script runs.
const JOB: &str = r#"
solve_file("p.txt", #{out: "solved.csv"});
canon_groups("p.txt", #{out: "groups.tsv"});
count_polyomino(rect(6, 10), "pentominoes", #{out: "count.txt"});
count_polycube(cuboid(3, 3, 3), "soma", #{raw: true, out: "soma.txt"});
"#;
const JOB_OUTS: [&str; 4] = ["solved.csv", "groups.tsv", "count.txt", "soma.txt"];

/// A folder with `job.rhai`, its input and the whole run's outputs.
fn job_folder(tag: &str) -> Option<Scratch> {
    let data = data_or_skip(tag)?;
    let dir = scratch_dir(tag);
    let p = puzzle_file(&dir, &data);
    let text = std::fs::read_to_string(&p)
        .unwrap()
        .replace("broken\t12345\n", "");
    std::fs::write(&p, text).unwrap();
    std::fs::write(dir.join("job.rhai"), JOB).unwrap();
    puzzlelab(&dir, &["run", "job.rhai"]);
    Some(dir)
}

#[test]
fn gnu_parallel_runs_the_shards() {
    if !have(Tool::Parallel, "gnu_parallel_runs_the_shards") {
        return;
    }
    let Some(dir) = job_folder("shards-parallel") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_puzzlelab");
    // The guide's one-liners (docs/guide/clusters.md), with the built program for `puzzlelab`.
    for line in [
        format!("parallel --will-cite {bin} --shard {{}}/4 run job.rhai ::: 1 2 3 4"),
        format!("{bin} generate 40 --seed 5 --out gen.txt"),
        format!(
            "parallel --will-cite {bin} generate 40 --seed 5 --shard {{}}/4 --out gen.txt ::: 1 2 3 4"
        ),
    ] {
        let o = Command::new("sh")
            .args(["-c", &line])
            .current_dir(&dir)
            .env("HOME", dir.join(".home"))
            .env("PUZZLELAB_HOME", dir.join(".home"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{line}:\n{}", stderr(&o));
    }
    for out in JOB_OUTS.iter().chain(&["gen.txt"]) {
        merge_equals_whole(&dir, out, 4);
    }
}

/// A one-node Slurm cluster in a scratch folder, stopped when dropped.
struct Cluster {
    dir: Scratch,
    conf: String,
}

impl Cluster {
    fn start() -> Cluster {
        let dir = scratch_dir("slurm");
        let port = || {
            std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port()
                .to_string()
        };
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/slurm/start.sh");
        let o = Command::new(script)
            .args([dir.as_str(), &port(), &port()])
            .output()
            .unwrap();
        let mut cluster = Cluster {
            dir,
            conf: String::new(),
        };
        assert!(
            o.status.success(),
            "the Slurm cluster did not start:\n{}\n{}",
            stderr(&o),
            cluster.logs()
        );
        cluster.conf = String::from_utf8_lossy(&o.stdout).trim().to_string();
        cluster
    }

    fn logs(&self) -> String {
        let mut text = String::new();
        for log in ["munged.log", "slurmctld.log", "slurmd.log"] {
            let body = std::fs::read_to_string(self.dir.join("log").join(log)).unwrap_or_default();
            let tail: Vec<&str> = body.lines().rev().take(15).collect();
            text.push_str(&format!("--- {log}\n"));
            for l in tail.iter().rev() {
                text.push_str(l);
                text.push('\n');
            }
        }
        text
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/slurm/stop.sh");
        let _ = Command::new(script).arg(self.dir.as_str()).status();
    }
}

#[test]
fn slurm_runs_the_job_script() {
    if !have(Tool::Slurm, "slurm_runs_the_job_script") {
        return;
    }
    let Some(dir) = job_folder("shards-slurm") else {
        return;
    };
    let cluster = Cluster::start();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/shard.sbatch");
    // The guide's line: sbatch --array=1-4 scripts/shard.sbatch run job.rhai
    let o = Command::new("sbatch")
        .args(["--wait", "--array=1-4", "--chdir", dir.as_str()])
        .arg(&script)
        .args(["run", "job.rhai"])
        .env("SLURM_CONF", &cluster.conf)
        .env("PUZZLELAB", env!("CARGO_BIN_EXE_puzzlelab"))
        .env("PUZZLELAB_HOME", dir.join(".home"))
        .output()
        .unwrap();
    let task_logs: String = std::fs::read_dir(&*dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("puzzlelab-shard-")
        })
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .collect();
    assert!(
        o.status.success(),
        "sbatch failed:\n{}\n{task_logs}\n{}",
        stderr(&o),
        cluster.logs()
    );
    for out in JOB_OUTS {
        merge_equals_whole(&dir, out, 4);
    }
    drop(cluster);
}

#[test]
fn a_stopped_merge_or_shard_writes_nothing() {
    use puzzlelab::script::host::RecordingHost;
    let dir = scratch_dir("shards-stopped");
    some_parts(&dir);
    let host = std::rc::Rc::new(RecordingHost::default());
    let mut s = Session::new(&Limits::default(), host.clone());
    let d = dir.display();
    let merge = format!(
        r#"merge_shards(["{d}/a.txt.1-of-4", "{d}/a.txt.2-of-4", "{d}/a.txt.3-of-4", "{d}/a.txt.4-of-4"], "{d}/all.txt")"#
    );
    host.cancel_next_job();
    let e = s.eval(&merge).unwrap_err();
    assert_eq!(
        e.message(),
        "stopped (Ctrl+C) in merge_shards after 0 items: nothing written"
    );
    assert!(!dir.join("all.txt").exists());
    // Consumed: the same merge runs to its end.
    let m = s.eval(&format!("{merge}.puzzles")).unwrap();
    assert_eq!(m.as_int().unwrap(), 3);
    // A stopped shard leaves no part behind.
    host.cancel_next_job();
    let r = s
        .eval(&format!(
            r#"solve_file("{d}/p.txt", #{{shard: "1/2", out: "{d}/x.txt"}}).stopped"#
        ))
        .unwrap();
    assert!(r.as_bool().unwrap());
    assert!(!dir.join("x.txt.1-of-2").exists());
}
