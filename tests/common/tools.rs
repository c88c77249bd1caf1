//! Outside tools some tests drive (tmux, picosat, cadical, the DejaVu Sans
//! font, GNU parallel, Slurm with munge) and the shared data: one probe each, used both by the tests that
//! need them and by [`skipped_for_missing_tools`], which prints the one line
//! listing what a run skipped.
//!
//! Why a probe and not a log of skips: the tests of one binary run in
//! threads in any order, and no test runs "last"; a test that asks the
//! same probes the skipping tests ask gives the same answer without
//! depending on the order, in a single line.
//!
//! The line is printed when the test binary exits, after the harness's own
//! summary, so it is the last thing `cargo test` prints (the library has no
//! doc tests: `doctest = false` in Cargo.toml) and not lost among the
//! tests' lines.
//!
//! With `PUZZLELAB_REQUIRE_TOOLS=1` (set by `.ci/run`, which installs the
//! tools) a missing tool fails every test that needs it instead.

use std::io::Write;
use std::process::Command;
use std::sync::OnceLock;

/// A tool: its name, the tests that need it, how to install it (Debian).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Tmux,
    Picosat,
    Cadical,
    /// The first family of the pictures' `font-family`; without it the
    /// pixel checks of digits cannot run.
    DejaVuSans,
    /// GNU parallel, running the shards of a job.
    Parallel,
    /// Slurm and munge, for a one-node cluster the shard test starts
    /// (`tests/slurm/start.sh`); slurmd launches jobs as root, so the test
    /// runs only as root.
    Slurm,
    /// Headless Chromium: the screenshot of a notebook rendered to HTML.
    Chromium,
    /// A Python with `jupyter_client`, `nbclient`, `nbformat` and `nbconvert`
    /// (`$PUZZLELAB_PYTHON`, else `python3`): the real client the kernel
    /// tests drive. `.ci/run` makes a virtual environment with them.
    JupyterClient,
}

impl Tool {
    pub const ALL: [Tool; 8] = [
        Tool::Tmux,
        Tool::Picosat,
        Tool::Cadical,
        Tool::DejaVuSans,
        Tool::Parallel,
        Tool::Slurm,
        Tool::Chromium,
        Tool::JupyterClient,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Tmux => "tmux",
            Tool::Picosat => "picosat",
            Tool::Cadical => "cadical",
            Tool::DejaVuSans => "the DejaVu Sans font",
            Tool::Parallel => "GNU parallel",
            Tool::Slurm => "Slurm and munge (as root)",
            Tool::Chromium => "chromium",
            Tool::JupyterClient => "jupyter_client, nbclient and nbconvert",
        }
    }

    /// What skips without it.
    pub fn needed_by(self) -> &'static str {
        match self {
            Tool::Tmux => "repl_tmux",
            Tool::Picosat | Tool::Cadical => "sat_external",
            Tool::DejaVuSans => "the digit pixels of svg",
            Tool::Parallel | Tool::Slurm => "shards",
            Tool::Chromium => "the notebook screenshot of jupyter",
            Tool::JupyterClient => "jupyter",
        }
    }

    /// The Debian package that provides it (`None`: not a Debian package,
    /// see [`Tool::install_hint`]).
    pub fn package(self) -> Option<&'static str> {
        match self {
            Tool::Tmux => Some("tmux"),
            Tool::Picosat => Some("picosat"),
            Tool::Cadical => Some("cadical"),
            Tool::DejaVuSans => Some("fonts-dejavu-core"),
            Tool::Parallel => Some("parallel"),
            Tool::Slurm => Some("slurm-wlm munge"),
            Tool::Chromium => Some("chromium"),
            Tool::JupyterClient => None,
        }
    }

    /// How to install it.
    pub fn install_hint(self) -> String {
        match self.package() {
            Some(package) => format!("apt-get install -y {package}"),
            None => "python3 -m venv V && V/bin/pip install jupyter_client nbclient nbformat \
                     && export PUZZLELAB_PYTHON=V/bin/python"
                .to_string(),
        }
    }

    /// Whether the tool is there (probed once per run).
    pub fn available(self) -> bool {
        static FOUND: OnceLock<Vec<bool>> = OnceLock::new();
        FOUND.get_or_init(|| Tool::ALL.iter().map(|t| t.probe()).collect())
            [Tool::ALL.iter().position(|&t| t == self).unwrap()]
    }

    fn probe(self) -> bool {
        match self {
            Tool::Tmux => Command::new("tmux")
                .arg("-V")
                .output()
                .is_ok_and(|o| o.status.success()),
            Tool::Picosat => puzzlelab::sat::external::which("picosat").is_some(),
            Tool::Cadical => puzzlelab::sat::external::which("cadical").is_some(),
            Tool::DejaVuSans => {
                let mut db = resvg::usvg::fontdb::Database::new();
                db.load_system_fonts();
                db.faces()
                    .any(|f| f.families.iter().any(|(name, _)| name == "DejaVu Sans"))
            }
            Tool::Parallel => Command::new("parallel")
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success() && o.stdout.starts_with(b"GNU parallel")),
            Tool::Slurm => {
                let found = |name: &str| {
                    puzzlelab::sat::external::which(name).is_some()
                        || std::path::Path::new("/usr/sbin").join(name).is_file()
                };
                [
                    "sbatch",
                    "sinfo",
                    "slurmctld",
                    "slurmd",
                    "munged",
                    "mungekey",
                ]
                .iter()
                .all(|n| found(n))
                    && Command::new("id")
                        .arg("-u")
                        .output()
                        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
            }
            Tool::Chromium => Command::new("chromium")
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success()),
            Tool::JupyterClient => Command::new(python())
                .args(["-c", "import jupyter_client, nbclient, nbformat, nbconvert"])
                .output()
                .is_ok_and(|o| o.status.success()),
        }
    }
}

/// The Python the Jupyter tests run: `$PUZZLELAB_PYTHON`, else `python3`.
pub fn python() -> std::ffi::OsString {
    std::env::var_os("PUZZLELAB_PYTHON")
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "python3".into())
}

fn required() -> bool {
    std::env::var_os("PUZZLELAB_REQUIRE_TOOLS").is_some_and(|v| v == "1")
}

/// Whether `test` may use `tool`: true when it is there; false when it is
/// missing (the test then skips that part; [`skipped_for_missing_tools`]
/// lists it). Panics when it is missing and `PUZZLELAB_REQUIRE_TOOLS=1`.
pub fn have(tool: Tool, test: &str) -> bool {
    if tool.available() {
        return true;
    }
    if required() {
        panic!(
            "{test}: {} is missing and PUZZLELAB_REQUIRE_TOOLS=1 ({})",
            tool.name(),
            tool.install_hint()
        );
    }
    false
}

/// The one line of a run that skipped something: every missing tool with
/// the tests it cost and how to install it, and the shared data when it is
/// missing; printed to the process's stderr when the binary exits.
#[test]
fn skipped_for_missing_tools() {
    // One part per group of tests, naming every tool it misses, then the
    // command that installs them all.
    let mut parts: Vec<String> = Vec::new();
    let mut packages: Vec<&str> = Vec::new();
    let mut hints: Vec<String> = Vec::new();
    for tool in Tool::ALL.iter().filter(|t| !t.available()) {
        match tool.package() {
            Some(package) => packages.push(package),
            None => hints.push(tool.install_hint()),
        }
        let group = format!("{} (no ", tool.needed_by());
        match parts.iter_mut().find(|p| p.starts_with(&group)) {
            Some(p) => *p = format!("{}, {})", p.trim_end_matches(')'), tool.name()),
            None => parts.push(format!("{group}{})", tool.name())),
        }
    }
    if !packages.is_empty() {
        parts.push(format!("apt-get install -y {}", packages.join(" ")));
    }
    parts.extend(hints);
    if super::data::data_dir().is_none() {
        parts.push(
            "the puzzle-set tests (no sudoku/ in $PUZZLELAB_DATA: unset it to use tests/data)"
                .into(),
        );
    }
    if parts.is_empty() {
        return;
    }
    assert!(
        !required() || Tool::ALL.iter().all(|t| t.available()),
        "PUZZLELAB_REQUIRE_TOOLS=1 but missing: {}",
        parts.join("; ")
    );
    let line = format!("SKIPPED {}", parts.join("; "));
    if SKIPPED.set(line).is_ok() {
        // SAFETY: atexit with a plain `extern "C" fn` that takes nothing;
        // it runs once, after `main` returns or at `process::exit`.
        let failed = unsafe { libc::atexit(print_skipped) } != 0;
        if failed {
            print_skipped();
        }
    }
}

/// The SKIPPED line, once made; printed at exit by [`print_skipped`].
static SKIPPED: OnceLock<String> = OnceLock::new();

/// Prints the SKIPPED line straight to stderr (not captured by the harness),
/// after the harness's summary since it runs at exit.
extern "C" fn print_skipped() {
    if let Some(line) = SKIPPED.get() {
        let mut err = std::io::stderr();
        let _ = writeln!(err, "\n{line}");
        let _ = err.flush();
    }
}
