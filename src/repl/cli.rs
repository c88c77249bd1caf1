//! The command line: modes, sandbox-limit flags, `--help` text.

use crate::script::Limits;

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
    /// `--help`.
    Help,
    /// `--version`.
    Version,
}

/// The parsed command line.
#[derive(Debug)]
pub struct Options {
    pub mode: Mode,
    pub limits: Limits,
    /// No banner.
    pub quiet: bool,
}

/// The `--help` text.
pub fn usage() -> String {
    let d = Limits::default();
    format!(
        "puzzlelab {version}: puzzle solvers to take apart at a Rhai prompt

Usage:
  puzzlelab [FLAGS]                      the REPL; a stdin that is not a terminal
                                         is read as a script, statement by statement
  puzzlelab [FLAGS] run FILE [ARGS...]   run a script; ARGS is an array of strings
  puzzlelab [FLAGS] FILE.rhai [ARGS...]  the same
  puzzlelab [FLAGS] -e CODE [ARGS...]    evaluate CODE and print its value
  puzzlelab lab                          list the labs
  puzzlelab [FLAGS] lab NAME             the REPL with lab NAME open
  puzzlelab [FLAGS] lab NAME --print     the lab's whole transcript on stdout

Flags (sandbox limits; defaults in brackets):
  --max-operations N    operations per evaluation, 0 = unlimited [{ops}]
  --max-call-levels N   depth of nested function calls [{calls}]
  --max-string-size N   longest string in bytes, 0 = unlimited [{string}]
  --max-array-size N    largest array, 0 = unlimited [{array}]
  --max-map-size N      largest object map, 0 = unlimited [{map}]
  --max-expr-depth N    deepest expression nesting, 0 = unlimited [{expr}]
  --allow-exec          let scripts run installed programs (external SAT
                        solvers); off by default, never from a lab
  -q, --quiet           no banner
  -h, --help            this text
  -V, --version         the version

Errors go to stderr as FILE:LINE:COL: message, and the exit code is 1
(2 for a bad command line). In the REPL, :help lists commands and keys,
help lists functions, help(\"name\") explains one.
",
        version = env!("CARGO_PKG_VERSION"),
        ops = d.max_operations,
        calls = d.max_call_levels,
        string = d.max_string_size,
        array = d.max_array_size,
        map = d.max_map_size,
        expr = d.max_expr_depth,
    )
}

/// Parse the arguments after the program name. `Err` is a message for a
/// bad command line.
pub fn parse(args: &[String]) -> anyhow::Result<Options> {
    let mut limits = Limits::default();
    let mut quiet = false;
    let mut mode: Option<Mode> = None;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        // `--flag=N` or `--flag N`.
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg, None),
        };
        let mut value = |what: &str| -> anyhow::Result<u64> {
            let text = match &inline {
                Some(v) => v.clone(),
                None => {
                    let v = args
                        .get(i)
                        .cloned()
                        .ok_or_else(|| anyhow::anyhow!("{what} needs a number"))?;
                    i += 1;
                    v
                }
            };
            text.replace('_', "")
                .parse::<u64>()
                .map_err(|_| anyhow::anyhow!("{what} needs a whole number, not {text:?}"))
        };
        match flag {
            "--max-operations" => limits.max_operations = value(flag)?,
            "--max-call-levels" => limits.max_call_levels = to_usize(value(flag)?),
            "--max-string-size" => limits.max_string_size = to_usize(value(flag)?),
            "--max-array-size" => limits.max_array_size = to_usize(value(flag)?),
            "--max-map-size" => limits.max_map_size = to_usize(value(flag)?),
            "--max-expr-depth" => limits.max_expr_depth = to_usize(value(flag)?),
            "--allow-exec" => limits.allow_exec = true,
            "-q" | "--quiet" => quiet = true,
            "-h" | "--help" => mode = Some(Mode::Help),
            "-V" | "--version" => mode = Some(Mode::Version),
            "--print" => match &mut mode {
                Some(Mode::Lab { print, .. }) => *print = true,
                _ => anyhow::bail!("--print goes with `lab NAME`"),
            },
            _ if mode.is_some() => {
                if let Some(Mode::LabList) = mode
                    && !arg.starts_with('-')
                {
                    mode = Some(Mode::Lab {
                        name: arg.to_string(),
                        print: false,
                    });
                    continue;
                }
                anyhow::bail!("unexpected argument {arg:?}");
            }
            "run" => {
                let file = args.get(i).cloned().ok_or_else(|| {
                    anyhow::anyhow!("run needs a file: puzzlelab run FILE [ARGS...]")
                })?;
                let rest = args[i + 1..].to_vec();
                return Ok(Options {
                    mode: Mode::Run { file, args: rest },
                    limits,
                    quiet,
                });
            }
            "-e" | "--eval" => {
                let code = args
                    .get(i)
                    .cloned()
                    .ok_or_else(|| anyhow::anyhow!("-e needs code: puzzlelab -e 'see(ym)'"))?;
                let rest = args[i + 1..].to_vec();
                return Ok(Options {
                    mode: Mode::Eval { code, args: rest },
                    limits,
                    quiet,
                });
            }
            "lab" => mode = Some(Mode::LabList),
            _ if arg.ends_with(".rhai") && !arg.starts_with('-') => {
                return Ok(Options {
                    mode: Mode::Run {
                        file: arg.to_string(),
                        args: args[i..].to_vec(),
                    },
                    limits,
                    quiet,
                });
            }
            _ if arg.starts_with('-') => anyhow::bail!("unknown flag {arg:?}"),
            _ => anyhow::bail!("unknown command {arg:?}"),
        }
    }
    Ok(Options {
        mode: mode.unwrap_or(Mode::Repl),
        limits,
        quiet,
    })
}

fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
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
        assert_eq!(parse(&args("--version")).unwrap().mode, Mode::Version);
    }

    #[test]
    fn limit_flags() {
        let o = parse(&args("--max-operations 1_000 --max-call-levels=9 -q -e 1")).unwrap();
        assert_eq!(o.limits.max_operations, 1000);
        assert_eq!(o.limits.max_call_levels, 9);
        assert!(o.quiet);
        assert!(parse(&args("--max-operations")).is_err());
        assert!(parse(&args("--max-operations lots")).is_err());
        assert!(parse(&args("--frobnicate")).is_err());
        assert!(parse(&args("frobnicate")).is_err());
        assert!(parse(&args("--print")).is_err());
    }
}
