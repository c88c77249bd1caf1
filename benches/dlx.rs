//! `count_exact_cover` against Knuth's dlx1 on the same dlx files,
//! measured from outside: both programs as whole processes, CPU (user +
//! system) from the kernel's accounting of each finished process, rounds
//! interleaved (ours, dlx1, ours, dlx1, ...), each program's start-up on a
//! one-option problem subtracted, median ratio dlx1/ours with its min-max
//! (above 1: ours faster; the goal is 2).
//!
//! dlx1 is built outside the repository from its CWEB source (see
//! docs/benchmarks.md) and found through `PUZZLELAB_PEER_DLX1`; without it
//! ours is measured alone. The models: n queens (rows and columns primary,
//! in organ-pipe order as Knuth's generators write them, diagonals
//! secondary) and Langford pairs; with `BENCH_PENTACUBES` set, also the 12
//! pentominoes as solids in a 3x4x5 box (31,520 packings; one round, as
//! dlx1 takes over a minute). Both programs' counts are checked equal
//! first. `BENCH_ROUNDS` (default 3).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// CPU seconds of one run of `cmd` (stdin from `input`), and its stdout
/// and stderr.
#[allow(clippy::zombie_processes)] // reaped by wait4 below, for its rusage
fn run(mut cmd: Command, input: &Path) -> (f64, String) {
    let child = cmd
        .stdin(std::fs::File::open(input).expect("the dlx file"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}"));
    let pid = child.id() as libc::pid_t;
    // Read the output first (a full pipe would block the child), then reap
    // it with wait4 for its own rusage.
    let out = {
        use std::io::Read;
        let (mut so, mut se) = (child.stdout.unwrap(), child.stderr.unwrap());
        let mut text = String::new();
        let _ = so.read_to_string(&mut text);
        let _ = se.read_to_string(&mut text);
        text
    };
    // SAFETY: an all-zero rusage is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut status = 0;
    // SAFETY: pid is our child, not yet reaped; the pointers are valid.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4 failed");
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (secs(usage.ru_utime) + secs(usage.ru_stime), out)
}

fn ours(file: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_puzzlelab"));
    let code = format!(
        "print(count_exact_cover(read_dlx({:?}), #{{threads: 1}}))",
        file.display().to_string()
    );
    c.args(["-q", "-e", &code]);
    c
}

/// The count a run printed: ours prints the number, dlx1 "Altogether N solutions".
fn count_of(out: &str) -> Option<u64> {
    if let Some(rest) = out.split("Altogether ").nth(1) {
        return rest.split_whitespace().next()?.parse().ok();
    }
    out.split_whitespace().next()?.parse().ok()
}

/// Rows and columns from the middle out, as Knuth's queens generators list them.
fn organ_pipe(n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    v.sort_by_key(|&i| (2 * i as i64 - (n as i64 - 1)).abs());
    v
}

fn queens(n: usize) -> String {
    let mut items: Vec<String> = Vec::new();
    for i in organ_pipe(n) {
        items.push(format!("r{i}"));
        items.push(format!("c{i}"));
    }
    let mut text = items.join(" ") + " |";
    for k in 0..2 * n - 1 {
        text += &format!(" a{k} b{k}");
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text
}

fn langford(n: usize) -> String {
    let mut items: Vec<String> = (1..=n).map(|v| format!("v{v}")).collect();
    items.extend((0..2 * n).map(|s| format!("s{s}")));
    let mut text = items.join(" ") + "\n";
    for v in 1..=n {
        for i in 0..2 * n - v - 1 {
            text += &format!("v{v} s{i} s{}\n", i + v + 1);
        }
    }
    text
}

/// The 12 pentominoes as solid pieces in a 3x4x5 box, every placement of
/// every turn in space (a solid flat piece's mirror image is one of its
/// turns): 31,520 packings, 3,940 up to the box's 8 symmetries (published).
fn pentacubes() -> String {
    const PIECES: [(&str, &str); 12] = [
        ("F", ".XX/XX./.X."),
        ("I", "XXXXX"),
        ("L", "XXXX/X..."),
        ("N", "XX../.XXX"),
        ("P", "XX/XX/X."),
        ("T", "XXX/.X./.X."),
        ("U", "X.X/XXX"),
        ("V", "X../X../XXX"),
        ("W", "X../XX./.XX"),
        ("X", ".X./XXX/.X."),
        ("Y", ".X../XXXX"),
        ("Z", "XX./.X./.XX"),
    ];
    type Cells = Vec<[i32; 3]>;
    let normal = |mut cells: Cells| -> Cells {
        let low: Vec<i32> = (0..3)
            .map(|k| cells.iter().map(|c| c[k]).min().unwrap())
            .collect();
        for c in &mut cells {
            for k in 0..3 {
                c[k] -= low[k];
            }
        }
        cells.sort();
        cells
    };
    let size = [3, 4, 5];
    let mut items: Vec<String> = PIECES.iter().map(|p| p.0.to_string()).collect();
    for x in 0..size[0] {
        for y in 0..size[1] {
            for z in 0..size[2] {
                items.push(format!("c{x}_{y}_{z}"));
            }
        }
    }
    let mut text = items.join(" ") + "\n";
    for (name, drawing) in PIECES {
        let flat: Cells = drawing
            .split('/')
            .enumerate()
            .flat_map(|(y, row)| {
                row.char_indices()
                    .filter(|&(_, ch)| ch == 'X')
                    .map(move |(x, _)| [x as i32, y as i32, 0])
            })
            .collect();
        // Quarter turns about two axes reach all 24 turns in space.
        let mut turns = vec![normal(flat)];
        let mut next = 0;
        while next < turns.len() {
            let t = turns[next].clone();
            next += 1;
            for turned in [
                t.iter().map(|&[x, y, z]| [x, -z, y]).collect(),
                t.iter().map(|&[x, y, z]| [z, y, -x]).collect(),
            ] {
                let turned = normal(turned);
                if !turns.contains(&turned) {
                    turns.push(turned);
                }
            }
        }
        for t in &turns {
            let reach: Vec<i32> = (0..3)
                .map(|k| t.iter().map(|c| c[k]).max().unwrap())
                .collect();
            for dx in 0..size[0] - reach[0] {
                for dy in 0..size[1] - reach[1] {
                    for dz in 0..size[2] - reach[2] {
                        text += name;
                        for c in t {
                            text += &format!(" c{}_{}_{}", c[0] + dx, c[1] + dy, c[2] + dz);
                        }
                        text.push('\n');
                    }
                }
            }
        }
    }
    text
}

fn median(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

fn main() {
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
        .max(1);
    let dlx1: Option<PathBuf> = std::env::var_os("PUZZLELAB_PEER_DLX1")
        .map(PathBuf::from)
        .filter(|p| p.exists());
    let dir = tempfile::tempdir().expect("a scratch folder");
    let tiny = dir.path().join("tiny.dlx");
    std::fs::write(&tiny, "a\na\n").unwrap();
    println!(
        "count_exact_cover vs dlx1: whole-process CPU, {rounds} rounds interleaved, start-up subtracted{}",
        if dlx1.is_some() {
            ""
        } else {
            "; PUZZLELAB_PEER_DLX1 not set: ours alone"
        }
    );
    // The published counts: OEIS A000170, twice A014552 (each pairing and
    // its reversal), and the 3x4x5 pentacube packings.
    let mut models = vec![
        ("queens 12", queens(12), rounds, 14_200),
        ("queens 13", queens(13), rounds, 73_712),
        ("queens 14", queens(14), rounds, 365_596),
        ("langford 11", langford(11), rounds, 2 * 17_792),
    ];
    // dlx1 takes over a minute on it: only when asked, and one round.
    if std::env::var_os("BENCH_PENTACUBES").is_some() {
        models.push(("pentacubes", pentacubes(), 1, 31_520));
    }
    for (label, text, rounds, published) in models {
        let file = dir.path().join(format!("{}.dlx", label.replace(' ', "")));
        std::fs::write(&file, text).unwrap();
        let peer = |f: &Path| {
            let _ = f;
            Command::new(dlx1.as_ref().unwrap())
        };
        let (mut o_cpu, mut p_cpu, mut ratios) = (vec![], vec![], vec![]);
        let mut counts = (None, None);
        for _ in 0..rounds {
            let base = run(ours(&tiny), &tiny).0;
            let (cpu, out) = run(ours(&file), &file);
            counts.0 = count_of(&out);
            let o = (cpu - base).max(1e-6);
            o_cpu.push(o);
            if dlx1.is_some() {
                let base = run(peer(&tiny), &tiny).0;
                let (cpu, out) = run(peer(&file), &file);
                counts.1 = count_of(&out);
                let p = (cpu - base).max(1e-6);
                p_cpu.push(p);
                ratios.push(p / o);
            }
        }
        assert_eq!(
            counts.0,
            Some(published),
            "{label}: not the published count"
        );
        let (o, o_min, o_max) = median(o_cpu);
        let mut line = format!(
            "{label:<12} count {:>9}  ours {o:.3} s ({o_min:.3}-{o_max:.3})",
            counts.0.map_or("?".into(), |c| c.to_string())
        );
        if dlx1.is_some() {
            assert_eq!(
                counts.0, counts.1,
                "{label}: the two programs' counts differ"
            );
            let (p, _, _) = median(p_cpu);
            let (r, r_min, r_max) = median(ratios);
            line += &format!("  dlx1 {p:.3} s  dlx1/ours {r:.2} ({r_min:.2}-{r_max:.2})");
        }
        println!("{line}");
    }
}
