//! Speed measured from outside, as a user runs the programs: puzzlelab and
//! a peer as whole processes on the same files, CPU time (user + system)
//! from the kernel's accounting of each finished process, rounds
//! interleaved (ours, peer, ours, peer, ...) so both see the same machine,
//! start-up subtracted (each program on a one-puzzle input, run just
//! before each work run so that both see the same moment of the machine),
//! the median ratio with its min–max, and the load average beside every
//! row.
//!
//! The peers are built outside the repository (docs/benchmarks.md says how)
//! and found through environment variables; a row whose peer is missing
//! prints ours alone. Choose rows with `BENCH_ONLY=sudoku,canon,...` and
//! rounds with `BENCH_ROUNDS` (default 3).
//!
//! A short Sudoku set is repeated into a file of 20,000 puzzles or more,
//! and measured twice: the copies as they are, and every copy after the
//! first a fresh isomorph (each puzzle moved and renamed by its own seeded
//! random symmetry, `common/isomorphs.rs`), so that nothing a program
//! learns from one copy helps it with the next (the `iso` rows).
//!
//! | row | peer variable | peer's command |
//! |---|---|---|
//! | `sudoku` | `PUZZLELAB_PEER_TDOKU` | `PEER FILE`: solves every line, counting to 2 |
//! | `canon` | `PUZZLELAB_PEER_PATMINLEX` | `PEER FILE`: canonical form of every line, distinct forms in a hash set, against `canon_groups(FILE, #{threads: 1})` and a Rhai loop of `canon(p)` |
//! | `pentomino` | `PUZZLELAB_PEER_SUGYAN` | sugyan's `main -q -u -s optimized-small -b BOARD` |
//! | `rating` | `PUZZLELAB_PEER_SERATE` | `PEER FILE`: Sukaku Explainer's `serate` rating every line (`--format='%g %r/%p/%d'`, one thread), against `puzzlelab rate FILE --threads 1`; the ratings are compared line by line |
//! | `polycube` | — | ours alone, against the goal in seconds |
//! | `threads` | — | ours on 2 threads against ours on 1 (wall time; the 17-clue file, top1465 in fresh isomorphs, three counts), and beside it the same one-thread job run twice at once against once: what the machine's two cores give |

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../tests/common/data.rs"]
mod data;

#[path = "common/launcher.rs"]
mod protocol;

#[path = "common/isomorphs.rs"]
mod isomorphs;

use protocol::{Cost, Run};

impl Run {
    /// Run to the end with output discarded, started by the launcher when
    /// there is one (see [`launcher`]); the kernel's figures for this one
    /// process, or why it failed.
    fn cost(&self) -> Result<Cost, String> {
        match launcher::get() {
            Some(launcher) => launcher.cost(self),
            None => self.cost_here(),
        }
    }

    /// [`Run::cost`], started from this process: its peak is at least
    /// this process's own (see [`launcher`]).
    fn cost_here(&self) -> Result<Cost, String> {
        let start = Instant::now();
        let child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", self.text()))?;
        let pid = child.id() as libc::pid_t;
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value of this plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: pid is our own unwaited child; status and usage are valid
        // for writes. The Child is never waited through std afterwards.
        let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        let wall = start.elapsed().as_secs_f64();
        if got != pid {
            return Err(format!("{}: wait4 failed", self.text()));
        }
        let mut err = String::new();
        if let Some(mut pipe) = child.stderr {
            use std::io::Read;
            let _ = pipe.read_to_string(&mut err);
        }
        if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
            let tail: String = err
                .chars()
                .rev()
                .take(400)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            return Err(format!("{} failed ({status}): {tail}", self.text()));
        }
        let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        Ok(Cost {
            cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            wall,
            peak: usage.ru_maxrss as u64 * 1024,
        })
    }
}

/// Where the measured processes start from: a process forked from the
/// bench before it has read anything. Linux counts into a new program's
/// peak (`ru_maxrss`) the size of the process it replaced, and a process
/// the bench starts directly first is a copy of the bench: once the bench
/// had read the Sudoku sets, every run read as at least 10-11 MiB (the
/// sugyan peer, 3 MiB alone, included). The launcher is a copy of the
/// bench at start-up (a few MiB), so peaks read true above that. Without
/// it (its fork failed) every peak printed is marked.
mod launcher {
    use std::fs::File;
    use std::io::Write;
    use std::os::fd::FromRawFd;
    use std::sync::{Mutex, OnceLock};

    use super::protocol::{read_reply, read_request, reply, request};
    use super::{Cost, Run};

    /// The pipes to the launcher: requests out, replies in.
    pub(super) struct Launcher(Mutex<(File, File)>);

    static LAUNCHER: OnceLock<Launcher> = OnceLock::new();

    /// Why there is no launcher on Linux, where peaks need one.
    static MISSING: OnceLock<String> = OnceLock::new();

    pub(super) fn get() -> Option<&'static Launcher> {
        LAUNCHER.get()
    }

    /// Why peaks read high (the launcher did not start), if they do.
    pub(super) fn missing() -> Option<&'static str> {
        MISSING.get().map(String::as_str)
    }

    fn pipe() -> std::io::Result<(File, File)> {
        let mut fds = [0; 2];
        // Closed on exec: no measured run holds the launcher's pipes.
        // SAFETY: fds has room for the two descriptors pipe2 writes.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: both descriptors are new and owned by nothing else.
        Ok(unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) })
    }

    /// Fork the launcher (Linux only; elsewhere runs start from the
    /// bench). Call before any thread starts. When it cannot start, says
    /// why loudly (stderr and the bench's own output) and marks every peak
    /// from then on ([`missing`]).
    pub(super) fn start() {
        if !cfg!(target_os = "linux") {
            return;
        }
        if let Err(why) = fork() {
            let why = format!(
                "the launcher did not start ({why}): runs start from the bench, and every \
                 peak (marked *) includes the bench's own size"
            );
            eprintln!("WARNING: {why}");
            println!("WARNING: {why}");
            let _ = MISSING.set(why);
        }
    }

    fn fork() -> Result<(), String> {
        let pipes = |e: std::io::Error| format!("pipe: {e}");
        let (req_read, req_write) = pipe().map_err(pipes)?;
        let (rep_read, rep_write) = pipe().map_err(pipes)?;
        // SAFETY: called first in main, while this process has one thread.
        match unsafe { libc::fork() } {
            0 => {
                drop((req_write, rep_read));
                serve(req_read, rep_write);
                // SAFETY: leaving the launcher without the bench's exit
                // handlers (they belong to the bench).
                unsafe { libc::_exit(0) }
            }
            pid if pid > 0 => {
                drop((req_read, rep_write));
                let _ = LAUNCHER.set(Launcher(Mutex::new((req_write, rep_read))));
                Ok(())
            }
            _ => Err(format!("fork: {}", std::io::Error::last_os_error())),
        }
    }

    /// The launcher's loop (the protocol is in `common/launcher.rs`):
    /// each request run and its cost or error sent back. Ends when the
    /// bench closes the pipe, or after replying to a request it cannot
    /// read (the stream is then out of step).
    fn serve(mut requests: File, mut replies: File) {
        loop {
            let (answer, go_on) = match read_request(&mut requests) {
                Ok(None) => return,
                Ok(Some(run)) => (run.cost_here(), true),
                Err(e) => (Err(format!("a bad request: {e}")), false),
            };
            if replies.write_all(&reply(&answer)).is_err() || !go_on {
                return;
            }
        }
    }

    impl Launcher {
        pub(super) fn cost(&self, run: &Run) -> Result<Cost, String> {
            let mut pipes = self
                .0
                .lock()
                .map_err(|_| "the launcher's lock is poisoned")?;
            let (requests, replies) = &mut *pipes;
            requests
                .write_all(&request(run))
                .map_err(|_| format!("{}: the launcher is gone", run.text()))?;
            read_reply(replies).map_err(|e| format!("{}: {e}", run.text()))
        }
    }
}

/// Median and extremes of a list of figures.
fn spread(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    (
        values[values.len() / 2],
        values[0],
        values[values.len() - 1],
    )
}

fn load() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1 << 20) as f64
}

/// A peak in MiB, marked `*` when it includes the bench's own size (the
/// launcher did not start: see [`launcher::missing`]).
fn peak_text(bytes: u64) -> String {
    let mark = if launcher::missing().is_some() {
        "*"
    } else {
        ""
    };
    format!("{:.0} MiB{mark}", mib(bytes))
}

/// One side of a row: the work, and the same program's start-up on a
/// one-puzzle input (subtracted), each run `times` times a round.
struct Side {
    work: Run,
    base: Option<Run>,
    times: usize,
}

impl Side {
    /// A side whose work runs once a round.
    fn once(work: Run, base: Option<Run>) -> Side {
        Side {
            work,
            base,
            times: 1,
        }
    }

    /// One round: `times` runs of the work, each right after a run of the
    /// start-up, so that both see the machine as it is then. Returns the
    /// work's CPU less the start-up's (at least a microsecond) and the
    /// work's largest peak. Measured apart, a start-up taken before the
    /// rounds drifted with the host by more than a small board's count
    /// costs (3x20: 100 start-ups of 7 ms against 100 counts of 1.5 ms).
    fn round(&self) -> Result<(f64, u64), String> {
        let (mut cpu, mut peak) = (0.0, 0);
        for _ in 0..self.times {
            if let Some(base) = &self.base {
                cpu -= base.cost()?.cpu;
            }
            let work = self.work.cost()?;
            cpu += work.cpu;
            peak = peak.max(work.peak);
        }
        Ok((cpu.max(1e-6), peak))
    }
}

/// Measure ours against a peer, interleaved; print one line.
fn compare(label: &str, ours: &Side, peer: Option<&Side>, rounds: usize) {
    let result = (|| -> Result<String, String> {
        let (mut ours_cpu, mut peer_cpu, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        let (mut ours_peak, mut peer_peak) = (0, 0);
        for _ in 0..rounds {
            let (o_cpu, o_peak) = ours.round()?;
            ours_cpu.push(o_cpu);
            ours_peak = ours_peak.max(o_peak);
            if let Some(p) = peer {
                let (p_cpu, p_peak) = p.round()?;
                peer_cpu.push(p_cpu);
                peer_peak = peer_peak.max(p_peak);
                ratios.push(p_cpu / o_cpu);
            }
        }
        let (o, o_min, o_max) = spread(ours_cpu);
        let mut line = format!(
            "ours {o:.3} s ({o_min:.3}-{o_max:.3}), {}",
            peak_text(ours_peak)
        );
        if peer.is_some() {
            let (p, _, _) = spread(peer_cpu);
            let (r, r_min, r_max) = spread(ratios);
            line += &format!(
                "; peer {p:.3} s, {}; peer/ours {r:.2} ({r_min:.2}-{r_max:.2})",
                peak_text(peer_peak)
            );
        } else {
            line += "; no peer";
        }
        Ok(line)
    })();
    match result {
        Ok(line) => println!("{label:<46} load {:.2}  {line}", load()),
        Err(e) => println!("{label:<46} error: {e}"),
    }
}

fn ours() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_puzzlelab"))
}

/// Ours evaluating `code` with the REPL's defaults, quietly.
fn ours_eval(code: &str) -> Run {
    Run::new(ours(), &["-q", "-e", code])
}

fn peer(var: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .map(PathBuf::from)
        .filter(|p| p.exists())
}

/// A file holding the first puzzle line of `file` (81 characters or more),
/// for start-up figures.
fn first_line_copy(file: &Path, dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let line = text.lines().find(|l| l.len() >= 81).unwrap_or_default();
    let out = dir.join(format!(
        "one-{}",
        file.file_name().unwrap_or_default().to_string_lossy()
    ));
    let mut f = std::fs::File::create(&out).expect("a scratch file");
    writeln!(f, "{line}").expect("a scratch file");
    out
}

/// `file` itself when it has `lines` puzzle lines or more; otherwise a
/// scratch file of whole copies of it that has, so that start-up and the
/// clock's grain do not swamp the work. With `fresh`, every copy after
/// the first is a fresh isomorph, each puzzle moved by its own seeded
/// random symmetry and renaming (`common/isomorphs.rs`), so that nothing
/// a program learns from one copy helps it with the next. Returns the
/// file and the copies.
fn at_least(file: &Path, dir: &Path, lines: usize, fresh: bool) -> (PathBuf, usize) {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let puzzles: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
    if puzzles.is_empty() || puzzles.len() >= lines {
        return (file.to_path_buf(), 1);
    }
    let copies = lines.div_ceil(puzzles.len());
    let out = dir.join(format!(
        "x{copies}{}-{}",
        if fresh { "-iso" } else { "" },
        file.file_name().unwrap_or_default().to_string_lossy()
    ));
    // A header (a CSV's column names) stays, once, at the top.
    let mut body: String = text
        .lines()
        .take_while(|l| l.len() < 81)
        .map(|l| format!("{l}\n"))
        .collect();
    let mut rng = isomorphs::rng(55);
    for line in isomorphs::repeated(&puzzles, copies, fresh, &mut rng) {
        body.push_str(&line);
        body.push('\n');
    }
    std::fs::write(&out, body).expect("a scratch file");
    (out, copies)
}

fn quoted(path: &Path) -> String {
    format!("{:?}", path.display().to_string())
}

fn sudoku_rows(dir: &Path, scratch: &Path, rounds: usize) {
    let tdoku = peer("PUZZLELAB_PEER_TDOKU");
    let mut files: Vec<(String, PathBuf)> = [
        "royle_17clue_49151.txt",
        "magictour_top1465.txt",
        "forum_hardest_1905_11plus.txt",
        "forum_hardest_1106.txt",
        "serg_benchmark.txt",
        "norvig_top95.txt",
        "kaggle9m_sample_10000_with_solutions.csv",
    ]
    .iter()
    .map(|name| (name.to_string(), dir.join(name)))
    .filter(|(_, p)| p.exists())
    .collect();
    // Random minimal puzzles, made once by our own generator.
    let minimal = scratch.join("random_minimal_1000.txt");
    let made = Command::new(ours())
        .args(["generate", "1000", "--seed", "1", "--out"])
        .arg(&minimal)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if made {
        files.push(("random minimal (generate 1000)".into(), minimal));
    }
    for (name, file) in files {
        // A short set is measured twice: repeated as it is, and with every
        // copy a fresh isomorph (the figure that cannot flatter).
        for fresh in [false, true] {
            let (file, copies) = at_least(&file, scratch, 20_000, fresh);
            if copies == 1 && fresh {
                break;
            }
            let name = match (copies, fresh) {
                (1, _) => name.clone(),
                (_, false) => format!("{name} x{copies}"),
                (_, true) => format!("{name} x{copies} iso"),
            };
            let one = first_line_copy(&file, scratch);
            let solve = |f: &Path| {
                ours_eval(&format!(
                    "solve_file({}, #{{threads: 1}}).unique",
                    quoted(f)
                ))
            };
            let side = Side::once(solve(&file), Some(solve(&one)));
            let peer_side = tdoku.as_ref().map(|t| {
                Side::once(
                    Run::new(t, &[&file.to_string_lossy()]),
                    Some(Run::new(t, &[&one.to_string_lossy()])),
                )
            });
            compare(
                &format!("solve 1 thread: {name}"),
                &side,
                peer_side.as_ref(),
                rounds,
            );
        }
    }
}

fn canon_rows(dir: &Path, scratch: &Path, rounds: usize) {
    let patminlex = peer("PUZZLELAB_PEER_PATMINLEX");
    let file = dir.join("royle_17clue_49151.txt");
    if !file.exists() {
        println!("canon: skipped, {} not found", file.display());
        return;
    }
    let one = first_line_copy(&file, scratch);
    let peer_side = patminlex.as_ref().map(|t| {
        Side::once(
            Run::new(t, &[&file.to_string_lossy()]),
            Some(Run::new(t, &[&one.to_string_lossy()])),
        )
    });
    // One thread, as the peer and the Sudoku rows run: CPU against CPU,
    // with nothing spent handing work between threads.
    let groups = |f: &Path| {
        ours_eval(&format!(
            "canon_groups({}, #{{threads: 1}}).len()",
            quoted(f)
        ))
    };
    compare(
        "canon_groups: 17-clue",
        &Side::once(groups(&file), Some(groups(&one))),
        peer_side.as_ref(),
        rounds,
    );
    let each = |f: &Path| {
        ours_eval(&format!(
            "let n = 0; for p in read_puzzles({}) {{ canon(p); n += 1 }} n",
            quoted(f)
        ))
    };
    compare(
        "canon(g) in a Rhai loop: 17-clue",
        &Side::once(each(&file), Some(each(&one))),
        peer_side.as_ref(),
        rounds,
    );
}

/// An easy puzzle (rated 1.2 by both), for the rating rows' start-up.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The samples the rating row rates: every `step`th puzzle line of `name`
/// from line `from` (1-based), at most `take`.
const RATING_SAMPLES: &[(&str, &str, usize, usize, usize)] = &[
    (
        "forum's hardest (7)",
        "forum_hardest_1905_11plus.txt",
        7,
        7200,
        7,
    ),
    ("top1465 (40)", "magictour_top1465.txt", 4, 7, 40),
];

/// Sudoku Explainer's rating, ours against `serate`: CPU, then each
/// line's `ER/EP/ED` compared (a faster rating that differs is no win).
/// serate takes minutes on the hardest sample, so its rounds are
/// `BENCH_SE_ROUNDS` (default 1).
fn rating_rows(dir: &Path, scratch: &Path) {
    let serate = peer("PUZZLELAB_PEER_SERATE");
    let rounds: usize = std::env::var("BENCH_SE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1)
        .max(1);
    let easy = scratch.join("easy.txt");
    std::fs::write(&easy, format!("{EASY}\n")).expect("a scratch file");
    for &(label, name, from, step, take) in RATING_SAMPLES {
        let text = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        let lines: Vec<&str> = text
            .lines()
            .enumerate()
            .filter(|(i, l)| l.len() >= 81 && *i + 1 >= from && (*i + 1 - from) % step == 0)
            .map(|(_, l)| &l[..81])
            .take(take)
            .collect();
        if lines.is_empty() {
            println!("rating: {label}: skipped, {name} not found");
            continue;
        }
        let file = scratch.join(format!("rate-{name}"));
        std::fs::write(&file, lines.join("\n") + "\n").expect("a scratch file");
        let out = scratch.join(format!("ours-{name}"));
        let rate = |f: &Path| {
            Run::new(
                ours(),
                &[
                    "rate",
                    &f.to_string_lossy(),
                    "--threads",
                    "1",
                    "-o",
                    &out.to_string_lossy(),
                ],
            )
        };
        let side = Side::once(rate(&file), Some(rate(&easy)));
        let peer_side = serate.as_ref().map(|s| {
            Side::once(
                Run::new(s, &[&file.to_string_lossy()]),
                Some(Run::new(s, &[&easy.to_string_lossy()])),
            )
        });
        compare(
            &format!("SE rating: {label}"),
            &side,
            peer_side.as_ref(),
            rounds,
        );
        if let Some(s) = &serate {
            println!("{:<46} {}", "", ratings_agree(s, &file, &out));
        }
    }
}

/// How many of `file`'s lines `serate` rates as ours did (`ours` holds
/// our `rate` output of the file, `PUZZLE ER/EP/ED` a line).
fn ratings_agree(serate: &Path, file: &Path, ours: &Path) -> String {
    let run = || -> Result<(Vec<String>, Vec<String>), String> {
        let ours = std::fs::read_to_string(ours).map_err(|e| e.to_string())?;
        let theirs = Command::new(serate)
            .arg(file)
            .stderr(Stdio::null())
            .output()
            .map_err(|e| e.to_string())?;
        let field = |l: &str| l.split_whitespace().nth(1).unwrap_or_default().to_string();
        Ok((
            ours.lines().map(field).collect(),
            String::from_utf8_lossy(&theirs.stdout)
                .lines()
                .map(field)
                .collect(),
        ))
    };
    match run() {
        Ok((ours, theirs)) => {
            let equal = ours.iter().zip(&theirs).filter(|(a, b)| a == b).count();
            let all = ours.len().max(theirs.len());
            format!("ER/EP/ED equal on {equal} of {all} puzzles")
        }
        Err(e) => format!("ratings not compared: {e}"),
    }
}

fn pentomino_rows(rounds: usize) {
    let sugyan = peer("PUZZLELAB_PEER_SUGYAN");
    // The small boards take a few milliseconds: each side runs its process
    // `times` times per round, each run right after a start-up run (ours
    // on `0`, the peer's on `--help`) that is subtracted, so neither
    // start-up nor the clock's grain swamps the work. Ours starts in about
    // 5-10 ms of CPU and counts 3x20 in about 1.5 ms: with 30 runs the
    // work was lost in the start-ups' spread (a median of 0.000 s on an
    // AMD EPYC), hence 100.
    for (rows, cols, board, times) in [
        (6, 10, "rect6x10", 1),
        (5, 12, "rect5x12", 2),
        (4, 15, "rect4x15", 20),
        (3, 20, "rect3x20", 100),
    ] {
        let side = Side {
            work: ours_eval(&format!(
                "count_polyomino(rect({rows}, {cols}), \"pentominoes\", #{{threads: 1}})"
            )),
            base: Some(ours_eval("0")),
            times,
        };
        let peer_side = sugyan.as_ref().map(|s| Side {
            work: Run::new(s, &["-q", "-u", "-s", "optimized-small", "-b", board]),
            base: Some(Run::new(s, &["--help"])),
            times,
        });
        compare(
            &format!("pentomino classes {rows}x{cols} (x{times})"),
            &side,
            peer_side.as_ref(),
            rounds,
        );
    }
}

fn polycube_rows(rounds: usize) {
    for (label, code, goal) in [
        (
            "Bedlam cube 4x4x4 (19186)",
            "count_polycube(cuboid(4, 4, 4), \"bedlam\", #{threads: 1})",
            Some(3.0),
        ),
        (
            "pentacubes 3x4x5 (3940)",
            "count_polycube(cuboid(3, 4, 5), \"pentominoes\", #{threads: 1})",
            Some(2.0),
        ),
        (
            "pentacubes 2x5x6 (264)",
            "count_polycube(cuboid(2, 5, 6), \"pentominoes\", #{threads: 1})",
            None,
        ),
    ] {
        let side = Side::once(ours_eval(code), Some(ours_eval("0")));
        let label = match goal {
            Some(goal) => format!("{label}, goal {goal:.0} s"),
            None => label.to_string(),
        };
        compare(&label, &side, None, rounds);
    }
}

/// Wall seconds until two copies of `run`, started together, have both
/// finished.
fn side_by_side(run: &Run) -> Result<f64, String> {
    let start = Instant::now();
    std::thread::scope(|s| {
        // Both at once, so not through the launcher (one run at a time);
        // only wall time is read here, not peaks.
        let other = s.spawn(|| run.cost_here());
        let mine = run.cost_here();
        let theirs = other
            .join()
            .map_err(|_| "a waiting thread panicked".to_string())?;
        mine.and(theirs)
    })?;
    Ok(start.elapsed().as_secs_f64())
}

fn thread_rows(dir: &Path, scratch: &Path, rounds: usize) {
    // Copies enough for a second of work (a short run measures start-up),
    // each a fresh isomorph.
    let (file, copies) = at_least(&dir.join("magictour_top1465.txt"), scratch, 100_000, true);
    // The 17-clue file once is about 40 ms of work on one thread, of which
    // about 4 ms is the process starting and leaving on one thread: that
    // row is bounded near 1.8 by start-up, the x11 row measures the batch.
    let clue17 = dir.join("royle_17clue_49151.txt");
    let (clue17_iso, clue17_copies) = at_least(&clue17, scratch, 500_000, true);
    let solve = |f: &Path| format!("solve_file({}, #{{threads: {{T}}}}).unique", quoted(f));
    let jobs = [
        ("solve_file 17-clue (49151)".to_string(), solve(&clue17)),
        (
            format!("solve_file 17-clue x{clue17_copies} iso"),
            solve(&clue17_iso),
        ),
        (format!("solve_file top1465 x{copies} iso"), solve(&file)),
        (
            "count 6x10 raw, 10 times".into(),
            "for i in 0..10 { count_polyomino(rect(6, 10), \"pentominoes\", #{raw: true, threads: {T}}) }".into(),
        ),
        (
            "count 8x8 + 2x2 square (16146)".into(),
            "count_polyomino(rect(8, 8), \"FILNPTUVWXYZO\", #{threads: {T}})".into(),
        ),
        (
            "count Bedlam cube (19186)".into(),
            "count_polycube(cuboid(4, 4, 4), \"bedlam\", #{threads: {T}})".into(),
        ),
    ];
    for (label, code) in jobs {
        let (mut ratios, mut ceilings) = (Vec::new(), Vec::new());
        let result = (|| -> Result<(), String> {
            for _ in 0..rounds {
                let single = ours_eval(&code.replace("{T}", "1"));
                let one = single.cost()?;
                let two = ours_eval(&code.replace("{T}", "2")).cost()?;
                ratios.push(one.wall / two.wall);
                // What the machine gives two busy threads right now: the
                // same one-thread job twice at once, against it alone.
                let both = side_by_side(&single)?;
                ceilings.push(2.0 * one.wall / both);
            }
            Ok(())
        })();
        match result {
            Ok(()) => {
                let (r, lo, hi) = spread(ratios);
                let (c, c_lo, c_hi) = spread(ceilings);
                println!(
                    "{:<46} load {:.2}  wall 1 thread / 2 threads {r:.2} ({lo:.2}-{hi:.2}); \
                     two 1-thread processes at once {c:.2} ({c_lo:.2}-{c_hi:.2})",
                    format!("2 threads: {label}"),
                    load()
                );
            }
            Err(e) => println!("2 threads: {label} error: {e}"),
        }
    }
}

fn main() {
    // First, while this process is small (before any thread or file).
    launcher::start();
    // `cargo bench` passes `--bench`; a filter word selects rows too.
    let mut only: Vec<String> = std::env::var("BENCH_ONLY")
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    only.extend(std::env::args().skip(1).filter(|a| !a.starts_with('-')));
    let wanted = |row: &str| only.is_empty() || only.iter().any(|o| o == row);
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
        .max(1);
    let scratch = tempfile::tempdir().expect("a scratch folder");
    println!(
        "outside measurement: whole-process CPU, {rounds} rounds interleaved, start-up subtracted; \
         ratios peer/ours (above 1: ours faster), median (min-max)"
    );
    let started = Instant::now();
    let dir = data::data_dir().map(|d| d.join("sudoku"));
    if (wanted("sudoku") || wanted("canon") || wanted("threads")) && dir.is_none() {
        println!("skipping the Sudoku rows: shared data not found");
    }
    if let Some(dir) = &dir {
        if wanted("sudoku") {
            sudoku_rows(dir, scratch.path(), rounds);
        }
        if wanted("canon") {
            canon_rows(dir, scratch.path(), rounds);
        }
        if wanted("rating") {
            rating_rows(dir, scratch.path());
        }
    }
    if wanted("pentomino") {
        pentomino_rows(rounds);
    }
    if wanted("polycube") {
        polycube_rows(rounds);
    }
    if let Some(dir) = &dir
        && wanted("threads")
    {
        thread_rows(dir, scratch.path(), rounds);
    }
    // Said again at the end, where a reader of the figures looks.
    if let Some(why) = launcher::missing() {
        println!("WARNING: {why}");
    }
    println!(
        "done in {:.0} s",
        Duration::from_secs_f64(started.elapsed().as_secs_f64()).as_secs_f64()
    );
}
