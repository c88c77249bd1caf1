//! The command line, parsed by clap: the modes and the sandbox-limit flags
//! (one [`Limits`] struct, the same for every mode and for `:limits`). The
//! flags are the command line's view of [`Limits`]: [`LimitFlags`] makes
//! one of each row of `Limits::table`, so the script layer knows no clap.

use clap::{Arg, ArgAction, ArgMatches, Parser, Subcommand};

use crate::script::Limits;
use crate::shard::Shard;

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub enum Mode {
    /// The REPL (or, when stdin is not a terminal, stdin read as a script).
    Repl,
    /// `run FILE [ARGS...]`.
    Run { file: String, args: Vec<String> },
    /// `-e EXPR [ARGS...]`.
    Eval { code: String, args: Vec<String> },
    /// `lab` alone: list the labs.
    LabList,
    /// `lab NAME` (the REPL with the lab open) or `lab NAME --print`.
    Lab { name: String, print: bool },
    /// `generate N [--seed S] ...`: new puzzles, one a line.
    Generate(GenerateArgs),
    /// `merge -o OUT PART...`: the parts of a sharded run merged.
    Merge { out: String, parts: Vec<String> },
    /// `rate FILE [--threads N] [-o OUT]`: SE's rating of every puzzle.
    Rate(RateArgs),
    /// `lab NAME --notebook OUT.ipynb`: the lab as a Jupyter notebook.
    LabNotebook { name: String, out: String },
    /// `jupyter kernel -f FILE`, `jupyter install [...]`.
    #[cfg(feature = "jupyter")]
    Jupyter(crate::jupyter::JupyterCommand),
}

/// `puzzlelab generate`: N puzzles made on all cores, the same for a seed
/// whatever the thread count.
#[derive(clap::Args, Debug, PartialEq, Clone)]
pub struct GenerateArgs {
    /// How many puzzles
    #[arg(value_name = "N")]
    pub count: u64,
    /// The seed (puzzle i is made from the seed and i); a fresh one, shown
    /// on stderr, when not given
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Clue symmetry: none, central (180), 90, vertical (mirror),
    /// horizontal, diagonal, anti-diagonal, bi-diagonal, orthogonal, full
    #[arg(long, value_name = "NAME", default_value = "none")]
    pub symmetry: String,
    /// At most this many clues per puzzle
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
    /// Random grids tried per puzzle before giving up (default 1000; with
    /// --er, puzzles rated, default 1000000)
    #[arg(long, value_name = "N")]
    pub tries: Option<u64>,
    /// Only puzzles whose Sudoku Explainer ER (as se_rate gives it) is in
    /// this range: 7.0-8.0, or 9.0 for 9.0 and up
    #[arg(long, value_name = "MIN-MAX")]
    pub er: Option<String>,
    /// Practice puzzles for one technique (a name of techniques()): each
    /// line is the puzzle and the 729-character position just before the
    /// technique's step on SE's path
    #[arg(long, value_name = "NAME")]
    pub technique: Option<String>,
    /// Give up on a puzzle after this many seconds (default: none; with
    /// --technique, 60)
    #[arg(long, value_name = "S")]
    pub seconds: Option<u64>,
    /// Threads (0 = all cores); the puzzles do not depend on it
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = crate::threads::parse)]
    pub threads: usize,
    /// Write to OUT (replaced only at the end) instead of stdout
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: Option<String>,
}

/// `puzzlelab rate`: Sudoku Explainer's ER/EP/ED of every puzzle of a
/// file, one line each in input order, rated on all cores.
#[derive(clap::Args, Debug, PartialEq, Clone)]
pub struct RateArgs {
    /// The puzzle file (81 cells a line, name<TAB>cells, or CSV)
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Threads (0 = all cores); the lines do not depend on it
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = crate::threads::parse)]
    pub threads: usize,
    /// Write to OUT (replaced only at the end) instead of stdout
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: Option<String>,
}

/// The parsed command line.
#[derive(Debug)]
pub struct Options {
    pub mode: Mode,
    pub limits: Limits,
    /// No banner.
    pub quiet: bool,
    /// `--shard K/N`: run shard K of N of every batch (see `crate::shard`).
    pub shard: Option<Shard>,
}

#[derive(Parser, Debug)]
#[command(
    name = "puzzlelab",
    version,
    disable_help_subcommand = true,
    about = "puzzle solvers to take apart at a Rhai prompt",
    override_usage = "
  puzzlelab [FLAGS]                      the REPL; a stdin that is not a terminal
                                         is read as a script, statement by statement
  puzzlelab [FLAGS] run FILE [ARGS...]   run a script; ARGS is an array of strings
  puzzlelab [FLAGS] FILE.rhai [ARGS...]  the same
  puzzlelab [FLAGS] -e CODE [ARGS...]    evaluate CODE and print its value
  puzzlelab lab                          list the labs
  puzzlelab [FLAGS] lab NAME             the REPL with lab NAME open
  puzzlelab [FLAGS] lab NAME --print     the lab's whole transcript on stdout
  puzzlelab lab NAME --notebook OUT      the lab as a Jupyter notebook (.ipynb)
  puzzlelab generate N [--seed S] ...    N new puzzles, one a line (generate --help)
  puzzlelab rate FILE [-o OUT]           SE's ER/EP/ED of each puzzle, as serate prints them
  puzzlelab --shard K/N run|-e|generate|rate  shard K of N of each batch, written to OUT.K-of-N
  puzzlelab merge -o OUT PART...         the N parts merged into the whole run's OUT
  puzzlelab jupyter install [--user]     make Jupyter list puzzlelab as a kernel",
    after_help = "\
Errors go to stderr as FILE:LINE:COL: message, and the exit code is 1
(2 for a bad command line). In the REPL, :help lists commands and keys,
help lists functions, help(\"name\") explains one."
)]
struct Args {
    /// No banner
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    shard: ShardFlag,
    /// Evaluate CODE and print its value
    #[arg(short = 'e', value_name = "CODE", allow_hyphen_values = true)]
    eval: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
    /// A script FILE.rhai and its ARGS, or the ARGS of -e
    #[arg(value_name = "ARGS", trailing_var_arg = true)]
    rest: Vec<String>,
    // Last, so that its heading covers these flags only.
    #[command(flatten, next_help_heading = "Sandbox limits")]
    limits: LimitFlags,
}

/// `--shard K/N`, offered only where a run has batches to split: before
/// `run`, `-e` and a script (at the top), and after `run`, `generate` and
/// `rate`; not by `lab`, `merge` or `jupyter`, where it would mean nothing.
#[derive(clap::Args, Debug, Clone, Copy)]
struct ShardFlag {
    /// Run shard K of N of every batch (solve_file, canon_groups, the
    /// counts, generate, rate): each writes its part to OUT.K-of-N, and
    /// `puzzlelab merge` puts the N parts together
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run a script; ARGS is an array of strings
    Run {
        #[command(flatten)]
        shard: ShardFlag,
        file: String,
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// List the labs, or open lab NAME
    Lab {
        name: Option<String>,
        /// Print the lab's whole transcript instead
        #[arg(long, requires = "name")]
        print: bool,
        /// Write the lab as a Jupyter notebook to OUT instead
        #[arg(long, value_name = "OUT", requires = "name", conflicts_with = "print")]
        notebook: Option<String>,
    },
    /// Make N new puzzles, one a line
    Generate {
        #[command(flatten)]
        args: GenerateArgs,
        #[command(flatten)]
        shard: ShardFlag,
    },
    /// Rate every puzzle of FILE as Sudoku Explainer does: PUZZLE ER/EP/ED
    /// a line, in input order (`>=X`: at least X; `?`: not known here)
    Rate {
        #[command(flatten)]
        args: RateArgs,
        #[command(flatten)]
        shard: ShardFlag,
    },
    /// Merge the N parts of a sharded run into the whole run's output
    Merge {
        /// The merged file (replaced only once every part is merged)
        #[arg(short = 'o', long = "out", value_name = "OUT", required = true)]
        out: String,
        /// The parts (OUT.K-of-N files), in any order
        #[arg(value_name = "PART", required = true)]
        parts: Vec<String>,
    },
    /// Jupyter: run as a notebook kernel, or install the kernelspec
    #[cfg(feature = "jupyter")]
    #[command(subcommand)]
    Jupyter(crate::jupyter::JupyterCommand),
}

/// The sandbox-limit flags: `--max-operations N` and the rest of
/// [`Limits::table`], then `--max-memory SIZE` and `--allow-exec`.
#[derive(Clone, Debug)]
struct LimitFlags(Limits);

impl clap::Args for LimitFlags {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let mut cmd = cmd;
        for (flag, default, what) in Limits::default().table() {
            let name = flag.trim_start_matches('-').to_string();
            cmd = cmd.arg(
                Arg::new(name.clone())
                    .long(name)
                    .value_name("N")
                    .default_value(default.to_string())
                    .value_parser(parse_count)
                    .help(what),
            );
        }
        cmd.arg(
            Arg::new("max-memory")
                .long("max-memory")
                .value_name("SIZE")
                .value_parser(crate::memory::parse_size)
                .help(
                    "Most heap memory the process may hold (512M, 4G, ...; 0 = no limit) \
                     [default: half of physical memory]",
                ),
        )
        .arg(
            Arg::new("allow-exec")
                .long("allow-exec")
                .action(ArgAction::SetTrue)
                .help(
                    "Let scripts run installed programs (external SAT solvers); off by \
                     default, never from a lab (see `script::exec`)",
                ),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for LimitFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut limits = Limits::default();
        for (flag, ..) in Limits::default().table() {
            if let Some(&value) = matches.get_one::<u64>(flag.trim_start_matches('-')) {
                limits.set(&flag, value).map_err(|why| {
                    clap::Error::raw(clap::error::ErrorKind::ValueValidation, why + "\n")
                })?;
            }
        }
        limits.max_memory = matches.get_one::<u64>("max-memory").copied();
        limits.allow_exec = matches.get_flag("allow-exec");
        Ok(LimitFlags(limits))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// A whole number for a limit flag; `_` may group digits (`1_000_000`).
fn parse_count(text: &str) -> Result<u64, String> {
    text.replace('_', "")
        .parse()
        .map_err(|_| format!("needs a whole number, not {text:?}"))
}

/// Parse the arguments after the program name. `Err` is clap's error (a
/// bad command line, or `--help`/`--version`, which clap prints itself).
pub fn parse(args: &[String]) -> Result<Options, clap::Error> {
    match plain(args) {
        Some(options) => Ok(options),
        None => parse_with_clap(args),
    }
}

/// `-e CODE` and `-q -e CODE` alone, the commonest one-shot runs, and the
/// REPL with no arguments (or `-q`), read without clap: building its whole
/// command (every subcommand, every limit flag) was a third of `puzzlelab
/// -q -e 0`'s own start-up. Clap reads these the same way (`-e` takes any
/// value, even `--help`); a test holds the two to the same answer.
/// Anything else goes to clap.
fn plain(args: &[String]) -> Option<Options> {
    let quiet = |q: &String| q == "-q" || q == "--quiet";
    let (quiet, mode) = match args {
        [] => (false, Mode::Repl),
        [q] if quiet(q) => (true, Mode::Repl),
        [e, code] if e == "-e" => (false, eval(code)),
        [q, e, code] if quiet(q) && e == "-e" => (true, eval(code)),
        _ => return None,
    };
    Some(Options {
        mode,
        limits: Limits::default(),
        quiet,
        shard: None,
    })
}

/// `-e CODE` without arguments.
fn eval(code: &str) -> Mode {
    Mode::Eval {
        code: code.to_string(),
        args: Vec::new(),
    }
}

/// The whole command line through clap.
fn parse_with_clap(args: &[String]) -> Result<Options, clap::Error> {
    // `--version` also says which compiled copies run (`-V` only the version).
    let long_version = format!(
        "{}\nCPU level: {}",
        env!("CARGO_PKG_VERSION"),
        crate::cpu::describe()
    );
    let matches = <Args as clap::CommandFactory>::command()
        .long_version(long_version)
        .try_get_matches_from(
            std::iter::once("puzzlelab".to_string()).chain(args.iter().cloned()),
        )?;
    let parsed = <Args as clap::FromArgMatches>::from_arg_matches(&matches)?;
    let limits = parsed.limits.0;
    limits
        .check()
        .map_err(|why| clap::Error::raw(clap::error::ErrorKind::ValueValidation, why + "\n"))?;
    // A --shard after run, generate or rate; the top-level one is parsed.shard.
    let mut sub_shard = None;
    let mode = match (parsed.eval, parsed.command) {
        (Some(code), None) => Mode::Eval {
            code,
            args: parsed.rest,
        },
        (Some(_), Some(_)) => {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ArgumentConflict,
                "-e CODE takes no command after it\n",
            ));
        }
        (None, Some(Command::Run { file, args, shard })) => {
            sub_shard = shard.shard;
            Mode::Run { file, args }
        }
        (None, Some(Command::Lab { name: None, .. })) => Mode::LabList,
        (
            None,
            Some(Command::Lab {
                name: Some(name),
                notebook: Some(out),
                ..
            }),
        ) => Mode::LabNotebook { name, out },
        (
            None,
            Some(Command::Lab {
                name: Some(name),
                print,
                notebook: None,
            }),
        ) => Mode::Lab { name, print },
        (None, Some(Command::Generate { args, shard })) => {
            sub_shard = shard.shard;
            Mode::Generate(args)
        }
        (None, Some(Command::Merge { out, parts })) => Mode::Merge { out, parts },
        (None, Some(Command::Rate { args, shard })) => {
            sub_shard = shard.shard;
            Mode::Rate(args)
        }
        #[cfg(feature = "jupyter")]
        (None, Some(Command::Jupyter(command))) => Mode::Jupyter(command),
        (None, None) => match parsed.rest.split_first() {
            None => Mode::Repl,
            Some((file, args)) if file.ends_with(".rhai") => Mode::Run {
                file: file.clone(),
                args: args.to_vec(),
            },
            Some((word, _)) => {
                return Err(clap::Error::raw(
                    clap::error::ErrorKind::InvalidSubcommand,
                    format!("unknown command {word:?}\n"),
                ));
            }
        },
    };
    let shard = match (parsed.shard.shard, sub_shard) {
        (Some(a), Some(b)) if a != b => {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ArgumentConflict,
                format!("--shard given twice, as {a} and as {b}: give it once\n"),
            ));
        }
        (a, b) => a.or(b),
    };
    if let Some(shard) = shard
        && !matches!(
            mode,
            Mode::Run { .. } | Mode::Eval { .. } | Mode::Generate(_) | Mode::Rate(_)
        )
    {
        return Err(clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "--shard {shard} goes with run FILE, -e CODE, generate N or rate FILE: the batches of a run are what is split\n"
            ),
        ));
    }
    Ok(Options {
        mode,
        limits,
        quiet: parsed.quiet,
        shard,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn modes() {
        assert_eq!(parse(&[]).unwrap().mode, Mode::Repl);
        assert_eq!(
            parse(&args("run a.rhai x --max-operations 5"))
                .unwrap()
                .mode,
            Mode::Run {
                file: "a.rhai".into(),
                args: args("x --max-operations 5")
            }
        );
        assert_eq!(
            parse(&args("run a.rhai --max-operations 5")).unwrap().mode,
            Mode::Run {
                file: "a.rhai".into(),
                args: args("--max-operations 5")
            }
        );
        assert_eq!(
            parse(&args("b.rhai 1 2")).unwrap().mode,
            Mode::Run {
                file: "b.rhai".into(),
                args: args("1 2")
            }
        );
        assert_eq!(parse(&args("lab")).unwrap().mode, Mode::LabList);
        assert_eq!(
            parse(&args("lab sudoku --print")).unwrap().mode,
            Mode::Lab {
                name: "sudoku".into(),
                print: true
            }
        );
        assert_eq!(
            parse(&args("-e 1+1 a")).unwrap().mode,
            Mode::Eval {
                code: "1+1".into(),
                args: args("a")
            }
        );
        assert_eq!(
            parse(&args("-e -1")).unwrap().mode,
            Mode::Eval {
                code: "-1".into(),
                args: vec![]
            }
        );
        match parse(&args("generate 5 --seed 7 --symmetry central --out p.txt"))
            .unwrap()
            .mode
        {
            Mode::Generate(g) => {
                assert_eq!(
                    (g.count, g.seed, g.symmetry.as_str()),
                    (5, Some(7), "central")
                );
                assert_eq!(
                    (g.out.as_deref(), g.threads, g.tries),
                    (Some("p.txt"), 0, None)
                );
            }
            other => panic!("{other:?}"),
        }
        // `-o` as with rate and merge.
        match parse(&args("generate 2 -o q.txt")).unwrap().mode {
            Mode::Generate(g) => assert_eq!(g.out.as_deref(), Some("q.txt")),
            other => panic!("{other:?}"),
        }
        assert!(parse(&args("generate")).is_err());
        let o = parse(&args("--shard 2/3 rate p.txt --threads 1 -o r.txt")).unwrap();
        assert_eq!(o.shard, Some(Shard::new(2, 3).unwrap()));
        assert_eq!(
            o.mode,
            Mode::Rate(RateArgs {
                file: "p.txt".into(),
                threads: 1,
                out: Some("r.txt".into())
            })
        );
        let o = parse(&args("generate 5 --seed 1 --shard 2/4")).unwrap();
        assert_eq!(o.shard, Some(Shard::new(2, 4).unwrap()));
        let o = parse(&args("--shard 1/3 run a.rhai x")).unwrap();
        assert_eq!(o.shard, Some(Shard::new(1, 3).unwrap()));
        for bad in [
            "--shard 0/4 run a.rhai",
            "--shard 5/4 -e 1",
            "--shard a/b -e 1",
        ] {
            let e = parse(&args(bad)).unwrap_err().to_string();
            let given = bad.split(' ').nth(1).unwrap();
            assert!(e.contains(&format!("shard \"{given}\"")), "{e}");
        }
        let e = parse(&args("--shard 1/2")).unwrap_err().to_string();
        assert!(
            e.contains("--shard 1/2 goes with run FILE, -e CODE, generate N or rate FILE"),
            "{e}"
        );
        assert_eq!(
            parse(&args("merge -o all.txt p.1-of-2 p.2-of-2"))
                .unwrap()
                .mode,
            Mode::Merge {
                out: "all.txt".into(),
                parts: args("p.1-of-2 p.2-of-2")
            }
        );
        assert!(parse(&args("merge p.1-of-2")).is_err());
        let version = parse(&args("--version")).unwrap_err();
        assert_eq!(version.kind(), clap::error::ErrorKind::DisplayVersion);
    }

    #[test]
    fn the_plain_forms_read_as_clap_reads_them() {
        let mut lines: Vec<Vec<String>> = vec![vec![], args("-q"), args("--quiet")];
        for code in [
            "0",
            "-1",
            "--help",
            "-q",
            "",
            "--",
            "-e",
            "1 + 1",
            "--max-operations",
        ] {
            for head in [&["-e"][..], &["-q", "-e"], &["--quiet", "-e"]] {
                lines.push(
                    head.iter()
                        .map(|s| s.to_string())
                        .chain([code.into()])
                        .collect(),
                );
            }
        }
        for line in lines {
            let fast = plain(&line).expect("a plain form");
            let clap = parse_with_clap(&line).expect("clap reads it");
            assert_eq!(fast.mode, clap.mode, "{line:?}");
            assert_eq!(fast.limits, clap.limits, "{line:?}");
            assert_eq!(
                (fast.quiet, fast.shard),
                (clap.quiet, clap.shard),
                "{line:?}"
            );
        }
        for other in [
            "-e 1 a",
            "-e",
            "-q -q -e 1",
            "-e 1 -q",
            "-qe 1",
            "-e=1",
            "-q -q",
            "--version",
        ] {
            assert!(plain(&args(other)).is_none(), "{other}");
        }
    }

    #[test]
    fn limit_flags() {
        let o = parse(&args("--max-operations 1_000 --max-call-levels=9 -q -e 1")).unwrap();
        assert_eq!(o.limits.max_operations, 1000);
        assert_eq!(o.limits.max_call_levels, 9);
        assert_eq!(o.limits.max_array_size, Limits::default().max_array_size);
        assert!(o.quiet);
        assert!(parse(&args("--max-operations")).is_err());
        assert!(parse(&args("--max-operations lots")).is_err());
        assert!(parse(&args("--frobnicate")).is_err());
        assert!(parse(&args("frobnicate")).is_err());
        assert!(parse(&args("--print")).is_err());
        // Every limit has its flag, and the defaults are the library's.
        assert_eq!(parse(&[]).unwrap().limits, Limits::default());
        for (flag, ..) in Limits::default().table() {
            let o = parse(&[format!("{flag}=7")]).unwrap();
            assert!(
                o.limits
                    .table()
                    .iter()
                    .any(|(f, v, _)| *f == flag && *v == 7)
            );
        }
    }

    #[test]
    fn shard_is_offered_only_where_there_are_batches_to_split() {
        let help = |line: &str| parse(&args(line)).unwrap_err().to_string();
        for line in ["--help", "run --help", "generate --help", "rate --help"] {
            assert!(
                help(line).contains("--shard <K/N>"),
                "{line}: {}",
                help(line)
            );
        }
        let mut without = vec!["lab --help", "merge --help"];
        if cfg!(feature = "jupyter") {
            without.push("jupyter install --help");
        }
        for line in without {
            assert!(!help(line).contains("--shard"), "{line}: {}", help(line));
            // Given anyway, it is refused, not ignored.
            let given = line.replace("--help", "--shard 1/2 x");
            assert!(parse(&args(&given)).is_err(), "{given}");
        }
        // Before or after the command, once or twice the same: one shard.
        for line in [
            "generate 5 --shard 2/4",
            "--shard 2/4 generate 5",
            "--shard 2/4 generate 5 --shard 2/4",
            "run --shard 2/4 a.rhai",
            "rate --shard 2/4 p.txt",
        ] {
            assert_eq!(
                parse(&args(line)).unwrap().shard,
                Some(Shard::new(2, 4).unwrap()),
                "{line}"
            );
        }
        let e = parse(&args("--shard 1/4 generate 5 --shard 2/4"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("--shard given twice, as 1/4 and as 2/4"), "{e}");
    }

    #[test]
    fn only_the_limits_stand_under_the_sandbox_heading() {
        let help = parse(&args("--help")).unwrap_err().to_string();
        let limits = help.split("Sandbox limits:").nth(1).expect(&help);
        let limits = limits.split("\n\n").next().unwrap();
        assert!(limits.contains("--max-memory"), "{limits}");
        for other in ["--quiet", "--shard", "-e <CODE>"] {
            assert!(
                !limits.contains(other),
                "{other} under the limits: {limits}"
            );
            assert!(help.contains(other), "{other} missing: {help}");
        }
    }
}
